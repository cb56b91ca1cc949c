//! The Northcott board and the subtraction games as the whole-space commands see them: bad positions
//! and parameters get a message, every engine gives the naive oracle's value (or the hand
//! derivation's) on every position, and the notation round-trips.

use nim::northcott::{BoardState, NorthcottBoard, Player};
use nim::plain::{PlainHeap, PlainNorthcott, Take};
use oracle::{Budget, GrundyOracle, solve_loopy};
use solver_core::{Nimber, Outcome, StateId, StateSpace};
use workbench::solve::{SolvableGame, parse_position};
use workbench::table_file::Value;

fn open(name: &str, words: &str) -> Result<Box<dyn SolvableGame>, String> {
    nim::REGISTRATION.spaces.iter().find(|t| t.name == name).expect("registered").open_words(words)
}

fn round_trip(game: &dyn SolvableGame) {
    for index in 0..game.positions() {
        let text = game.describe(index);
        assert_eq!(parse_position(game, &text), Ok(index), "`{text}`");
    }
}

/// Every engine's value of every position equals `expected(index)`.
fn check_engines(game: &dyn SolvableGame, expected: impl Fn(u64) -> Value) {
    for engine in game.engines() {
        let solved = game.solve(engine).unwrap();
        for index in 0..game.positions() {
            assert_eq!(solved.value(index), expected(index), "{engine} at #{index}");
        }
    }
}

#[test]
fn bad_positions_and_parameters_get_a_message() {
    let board = open("northcott", "rows=2 cols=4").unwrap();
    for bad in [
        "",
        "1 2, 3 4",
        "1 2, 3 4;",
        "1 2, 3 4; Carol to move",
        "1 2; Tom to move",
        "1 2, 3 4, 1 2; Tom to move",
        "1 1, 3 4; Tom to move",
        "0 2, 3 4; Tom to move",
        "1 5, 3 4; Tom to move",
        "1 2 3, 3 4; Tom to move",
        "1 -2, 3 4; Tom to move",
        "1 99999999999999999999, 3 4; Tom to move",
        "a b, 3 4; Jerry to move",
    ] {
        let error = parse_position(board.as_ref(), bad).expect_err(bad);
        assert!(!error.to_string().is_empty(), "`{bad}`");
    }
    let heaps = open("subtraction", "take=1,3,4 heap=20").unwrap();
    for bad in ["", "21", "-1", "+1", "1.0", "99999999999999999999", "heap", "take 1"] {
        let error = parse_position(heaps.as_ref(), bad).expect_err(bad);
        assert!(!error.to_string().is_empty(), "`{bad}`");
    }
    for bad in ["take=", "take=0", "take=1,,2", "take=3..1", "take=1..", "take=x", "take=-1", "heap=-1", "heap=1e3"] {
        assert!(open("subtraction", bad).is_err(), "{bad}");
    }
    assert!(open("northcott", "rows=8 cols=100").is_err());
}

#[test]
fn northcott_engines_agree_with_the_oracle() {
    let (rows, cols) = (2, 4);
    let game = open("northcott", "rows=2 cols=4").unwrap();
    let board = NorthcottBoard::new(rows, cols).unwrap();
    let plain =
        |s: &BoardState| PlainNorthcott::state(s.rows.iter().map(|r| (r.tom, r.jerry)), s.to_move == Player::Tom);
    let states: Vec<_> = StateId::all(board.len()).map(|id| plain(&board.unrank(id))).collect();
    let values = solve_loopy(&PlainNorthcott { cols }, states.iter().cloned(), Budget::new(100_000)).unwrap();
    check_engines(game.as_ref(), |i| Value::Outcome(values[&states[i as usize]]));
    round_trip(game.as_ref());
    assert_eq!(game.describe(game.start()), "1 4, 1 4; Tom to move");
    // Gaps 2 and 2: a nim-sum of 0, so Tom, to move, loses (the Nim reduction).
    let solved = game.solve(game.engines()[0]).unwrap();
    assert!(matches!(solved.value(game.start()), Value::Outcome(Outcome::Loss(_))));
    let names: Vec<String> = game.moves(game.start()).into_iter().map(|m| m.name).collect();
    assert!(names.contains(&"row 2: Tom's piece from column 1 to column 3".to_string()), "{names:?}");
}

#[test]
fn subtraction_engines_agree_with_the_oracle_and_the_hand_values() {
    let game = open("subtraction", "take=1,3,4 heap=60").unwrap();
    let rules = PlainHeap { take: Take::OneOf(vec![1, 3, 4]) };
    let mut oracle = GrundyOracle::new(&rules, Budget::new(1_000));
    let values: Vec<Value> = (0..=60).map(|h| Value::Nimber(oracle.value(&h).unwrap())).collect();
    check_engines(game.as_ref(), |h| values[h as usize]);
    // No closed form for {1, 3, 4}: the Grundy engines alone.
    assert_eq!(game.engines(), ["grundy", "parallel-grundy"]);
    round_trip(game.as_ref());
    assert_eq!(game.start(), 60);
    assert_eq!(game.describe(game.start()), "60");
    let names: Vec<String> = game.moves(7).into_iter().map(|m| m.name).collect();
    assert_eq!(names, ["take 1", "take 3", "take 4"]);

    // By hand: a Nim heap is worth its size; Bash's game taking 1..=3, the size mod 4.
    let nim = open("subtraction", "take=any heap=50").unwrap();
    assert_eq!(nim.engines(), ["grundy", "parallel-grundy", "formula"]);
    check_engines(nim.as_ref(), |h| Value::Nimber(Nimber(h as u32)));
    let bash = open("subtraction", "take=1..3 heap=50").unwrap();
    assert_eq!(bash.engines(), ["grundy", "parallel-grundy", "formula"]);
    check_engines(bash.as_ref(), |h| Value::Nimber(Nimber(h as u32 % 4)));
    // Listed one by one, the same set is Bash's game too.
    let listed = open("subtraction", "take=3,1,2 heap=50").unwrap();
    check_engines(listed.as_ref(), |h| Value::Nimber(Nimber(h as u32 % 4)));
}

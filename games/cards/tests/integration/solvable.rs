//! The card game as the whole-space commands see it: bad positions get a message, every engine
//! gives the value the naive oracle gives on the plain rules, the notation round-trips, and
//! moves are named as `explain` names them.

use cards::plain::{PlainCards, PlainPosition};
use oracle::{Budget, solve_loopy};
use solver_core::{Outcome, StateId, StateSpace};
use workbench::solve::{SolvableGame, parse_position};
use workbench::table_file::Value;

fn open(words: &str) -> Box<dyn SolvableGame> {
    cards::REGISTRATION.spaces[0].open_words(words).unwrap()
}

#[test]
fn bad_positions_get_a_message() {
    let game = open("k=3 m=4");
    for bad in [
        "",
        "mover",
        "[1 2 3]",
        "[1 2 3] [1 2",
        "[1 2 3] [1 2]",
        "[1 2 3] [1 2 3 3]",
        "[1 2 4] [1 2 3]",
        "[1 2 -1] [1 2 3]",
        "[1 2 +3] [1 2 3]",
        "[1 2 99999999999999999999] [1 2 3]",
        "[1 2 3] [1 2 3] [1 1 1]",
        "mover [1 2 3], opponent [1 2 3] extra",
        "[a b c] [1 2 3]",
    ] {
        let error = parse_position(game.as_ref(), bad).expect_err(bad);
        assert!(!error.to_string().is_empty(), "`{bad}`");
    }
    // Values in any order, without the words.
    let sorted = parse_position(game.as_ref(), "mover [1 2 3], opponent [0 0 3]").unwrap();
    assert_eq!(parse_position(game.as_ref(), "[3 1 2] [3 0 0]"), Ok(sorted));
}

#[test]
fn every_engine_gives_the_oracles_values() {
    let (k, m) = (2, 4);
    let game = open("k=2 m=4");
    let space = cards::Cards::new(k, m).unwrap();
    assert_eq!(game.positions(), space.len() as u64);
    let plain: Vec<PlainPosition> = StateId::all(space.len()).map(|id| PlainPosition::of(&space.unrank(id))).collect();
    let values = solve_loopy(&PlainCards { modulus: m as u8 }, plain.iter().cloned(), Budget::new(100_000)).unwrap();
    let engines = game.engines();
    for expected in ["symmetry", "hand-tables", "unmoves", "layered"] {
        assert!(engines.contains(&expected), "{engines:?}");
    }
    for engine in engines {
        let solved = game.solve(engine).unwrap();
        for index in 0..game.positions() {
            assert_eq!(solved.value(index), Value::Outcome(values[&plain[index as usize]]), "{engine} at #{index}");
        }
    }
    for index in 0..game.positions() {
        let text = game.describe(index);
        assert_eq!(parse_position(game.as_ref(), &text), Ok(index), "`{text}`");
    }
}

#[test]
fn start_and_moves_are_written_as_explain_writes_them() {
    let game = open("k=2 m=4");
    assert_eq!(game.describe(game.start()), "mover [1 1], opponent [1 1]");
    // From [1 1] against [1 1] the only move adds 1 to a 1 (by hand: values 1 + 1 = 2).
    let names: Vec<String> = game.moves(game.start()).into_iter().map(|m| m.name).collect();
    assert_eq!(names, ["1+1=2"]);
    // cf919f's second sample, 8 cards mod 5: Bob (to move) adds Alice's 1 to his 4 and wins.
    let game = open("k=8 m=5");
    let position = parse_position(game.as_ref(), "mover [0 0 0 0 4 0 0 0], opponent [0 0 0 1 0 0 0 0]").unwrap();
    let moves = game.moves(position);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].name, "4+1=0");
    let solved = game.solve("symmetry").unwrap();
    assert_eq!(solved.value(position), Value::Outcome(Outcome::Win(1)));
}

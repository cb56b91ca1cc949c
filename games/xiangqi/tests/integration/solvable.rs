//! The endgame as the whole-space commands see it: bad positions get a message, every engine
//! gives the value the naive oracle gives on the plain board, the notation round-trips, and
//! the published sample's cases read in the judge's notation have the published values.

use oracle::{Budget, solve_loopy};
use solver_core::{Outcome, StateId, StateSpace};
use workbench::solve::{SolvableGame, parse_position};
use workbench::table_file::Value;
use xiangqi::Endgame;
use xiangqi::plain::{MergedEnds, PlainBoard};

fn open() -> Box<dyn SolvableGame> {
    xiangqi::REGISTRATION.spaces[0].open_words("").unwrap()
}

#[test]
fn bad_positions_get_a_message() {
    let game = open();
    for bad in [
        "",
        "2 6 9 5 2 3",
        "2 6 9 5 2 3 1 0",
        "2 6 9 5 2 3 2",
        "10 6 9 5 2 3 1",
        "2 9 9 5 2 3 1",
        "2 6 6 5 2 3 1",
        "2 6 9 5 3 3 1",
        "9 5 9 5 2 3 1",
        "- 6 9 5 2 3 1",
        "2 6 9 5 2 3 -1",
        "2 6 9 5 2 3 +1",
        "2 6 9 5 2 3 99999999999999999999",
        "Carol's General captured",
        "junk",
    ] {
        let error = parse_position(game.as_ref(), bad).expect_err(bad);
        assert!(!error.to_string().is_empty(), "`{bad}`");
    }
}

#[test]
fn every_engine_gives_the_oracles_values() {
    let game = open();
    let space = Endgame::new();
    let boards: Vec<PlainBoard> =
        StateId::all(space.len()).map(|id| PlainBoard::from_position(&space.unrank(id)).merged()).collect();
    let values = solve_loopy(&MergedEnds, boards.iter().cloned(), Budget::new(200_000)).unwrap();
    assert_eq!(game.engines().len(), solver_core::RetrogradeEngine::ALL.len());
    for engine in game.engines() {
        let solved = game.solve(engine).unwrap();
        for index in 0..game.positions() {
            assert_eq!(solved.value(index), Value::Outcome(values[&boards[index as usize]]), "{engine} at #{index}");
        }
    }
    for index in 0..game.positions() {
        let text = game.describe(index);
        assert_eq!(parse_position(game.as_ref(), &text), Ok(index), "`{text}`");
    }
}

#[test]
fn the_published_sample_in_the_judges_notation() {
    let game = open();
    let solved = game.solve(game.engines()[0]).unwrap();
    let value = |line: &str| solved.value(parse_position(game.as_ref(), line).unwrap());
    // problems/hdu5897.md's sample: `Lose in X steps` is a loss in X for Alice to move (p = 0)
    // and a win in X for Bob to move (p = 1); the first case is Alice's (the open column).
    assert_eq!(value("0 0 9 3 0 3 0"), Value::Outcome(Outcome::Win(1)));
    assert_eq!(value("2 6 9 5 2 3 1"), Value::Outcome(Outcome::Win(3)));
    assert_eq!(value("3 2 7 4 1 3 0"), Value::Outcome(Outcome::Loss(4)));
    assert_eq!(value("3 2 7 4 1 3 1"), Value::Outcome(Outcome::Win(1)));
    assert_eq!(game.describe(game.start()), "2 6 9 5 2 3 1");
    // The sample's explanation: Bob's Horse jumps from (2,6) to (0,5).
    let moves = game.moves(game.start());
    assert!(moves.iter().any(|m| m.name == "Horse (2,6) -> (0,5)"), "{:?}", moves);
    assert_eq!(value("Alice's General captured"), Value::Outcome(Outcome::Loss(0)));
    assert_eq!(value("  - -  9 3 0 4 1 "), Value::Outcome(Outcome::Draw));
}

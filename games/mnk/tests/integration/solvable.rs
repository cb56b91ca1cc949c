//! The `mnk` solve target: its board notation refuses bad text with a message, every engine
//! gives tic-tac-toe's values as the oracle finds them on the rules restated
//! ([`mnk::plain::PlainRules`]), the notation round-trips, and a stored table passes `verify`
//! until one value is changed.

use mnk::{MnkSpace, Shape, plain_side};
use oracle::{Budget, solve_loopy};
use solver_core::{Outcome, StateId, StateSpace};
use workbench::solve::{SolvableGame, VerifyFailure, parse_position, stored_in_memory};
use workbench::table_file::{TableFile, Value};

fn open(words: &str) -> Result<Box<dyn SolvableGame>, String> {
    mnk::REGISTRATION.spaces[0].open_words(words)
}

/// `engine`'s table as a file in memory, with position `changed` (if any) given another value.
fn stored(game: &dyn SolvableGame, engine: &str, changed: Option<u64>) -> TableFile {
    let change = |i: u64, value: Value| match value {
        Value::Outcome(Outcome::Tie(r)) if Some(i) == changed => Value::Outcome(Outcome::Win(r)),
        value => value,
    };
    stored_in_memory(game, engine, change).unwrap()
}

#[test]
fn bad_boards_are_refused_with_a_message() {
    let game = open("m=3 n=3 k=3").unwrap();
    let bad = [
        "",
        " / / ",
        "junk",
        "X../...",
        "X../.../.../...",
        "X.../.../...",
        "x../.../...",
        "X../.Z./...",
        "XX./.../...",
        "XXX/OOO/...",
        "XXX/OO./O..",
        "X.\u{1b}/.../...",
        "#5478",
    ];
    for text in bad {
        let error = parse_position(game.as_ref(), text).unwrap_err();
        assert!(!error.to_string().is_empty(), "{text:?}");
    }
    let long = "X".repeat(100_000);
    assert!(parse_position(game.as_ref(), &long).is_err());
    // The judge's rows, separated by spaces, are the same board.
    assert_eq!(parse_position(game.as_ref(), "XX. OO. ..."), parse_position(game.as_ref(), "XX./OO./..."));
    assert_eq!(parse_position(game.as_ref(), "...\n...\n...").unwrap(), game.start());
    for bad in ["m=5 n=4", "k=4", "m=0", "m=17", "cells=9"] {
        assert!(open(bad).is_err(), "{bad}");
    }
}

#[test]
fn every_engine_gives_the_oracles_values_and_the_notation_round_trips() {
    let shape = Shape::new(3, 3, 3).unwrap();
    let game = open("m=3 n=3 k=3").unwrap();
    // Tic-tac-toe's 5,478 reachable positions (the literature, and tests/integration/reference.rs).
    assert_eq!(game.positions(), 5_478);
    let space = MnkSpace::new(shape);
    let (rules, plain) = plain_side(shape);
    let boards: Vec<_> = StateId::all(space.len()).map(|id| space.unrank(id)).collect();
    let oracle = solve_loopy(&rules, boards.iter().map(plain), Budget::new(10_000)).unwrap();
    assert_eq!(game.engines(), ["sweep", "reverse-graph", "parallel-counter", "parallel-layered", "layered", "search"]);
    for engine in game.engines() {
        let solved = game.solve(engine).unwrap();
        for (i, board) in boards.iter().enumerate() {
            assert_eq!(solved.value(i as u64), Value::Outcome(oracle[&plain(board)]), "{engine}: {board:?}");
        }
    }
    for i in 0..game.positions() {
        assert_eq!(game.parse(&game.describe(i)), Ok(i), "{}", game.describe(i));
    }
    assert_eq!(game.describe(game.start()), ".../.../...");
}

#[test]
fn moves_are_named_as_explain_names_them() {
    // By the rules: X's first move on the 2 x 2 board marks any of its cells.
    let game = open("m=2 n=2 k=2").unwrap();
    let names: Vec<String> = game.moves(game.start()).into_iter().map(|m| m.name).collect();
    assert_eq!(names, ["X a1", "X b1", "X a2", "X b2"]);
    let after = game.parse("X./..").unwrap();
    let names: Vec<String> = game.moves(after).into_iter().map(|m| m.name).collect();
    assert_eq!(names, ["O b1", "O a2", "O b2"]);
    // A finished board has no moves.
    assert!(game.moves(game.parse("XO/X.").unwrap()).is_empty());
}

#[test]
fn a_stored_table_verifies_until_a_value_changes() {
    let game = open("m=3 n=3 k=3").unwrap();
    game.verify(&stored(game.as_ref(), "sweep", None), &|_, _, _| {}).unwrap();
    // The empty board is a tie in 9 (the literature); a win in its place is a violation.
    let failure = game.verify(&stored(game.as_ref(), "search", Some(game.start())), &|_, _, _| {}).unwrap_err();
    assert!(matches!(failure, VerifyFailure::Violation(_)), "{failure}");
}

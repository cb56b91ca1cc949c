//! The `chopsticks` space target: its position notation refuses bad text with a message, every
//! engine gives each variant's values as the independent Python script lists them
//! (`tests/data/values.txt`, see tests/integration/data.rs for the command that makes it), the notation
//! round-trips, and a stored table passes `verify` until one value is changed.

use solver_core::Outcome;
use workbench::solve::{SolvableGame, VerifyFailure, parse_position, show, stored_in_memory};
use workbench::table_file::{TableFile, Value};

const VALUES: &str = include_str!("../data/values.txt");

fn open(words: &str) -> Result<Box<dyn SolvableGame>, String> {
    chopsticks::REGISTRATION.spaces[0].open_words(words)
}

/// `engine`'s table as a file in memory, with position `changed` (if any) given another value.
fn stored(game: &dyn SolvableGame, engine: &str, changed: Option<u64>) -> TableFile {
    let change = |i: u64, value: Value| match value {
        Value::Outcome(Outcome::Win(r)) if Some(i) == changed => Value::Outcome(Outcome::Loss(r)),
        Value::Outcome(Outcome::Loss(r)) if Some(i) == changed => Value::Outcome(Outcome::Win(r)),
        value => value,
    };
    stored_in_memory(game, engine, change).unwrap()
}

#[test]
fn bad_positions_are_refused_with_a_message() {
    let game = open("rule=cutoff splits=none").unwrap();
    let bad = [
        "",
        "   ",
        "1 1 1",
        "1 1 1 1 1",
        "1 1 / 1 1 / 1",
        "1 / 1 1 1",
        "5 1 1 1",
        "a b c d",
        "99999999999999999999 1 1 1",
        "-1 1 1 1",
        "0 0 0 0",
        "1 1 0 0",
        "4 4 4 4",
        "1 1 1 2",
        "#92",
    ];
    for text in bad {
        let error = parse_position(game.as_ref(), text).unwrap_err();
        assert!(!error.to_string().is_empty(), "{text:?}");
    }
    assert!(parse_position(game.as_ref(), "0 0 0 0").unwrap_err().to_string().contains("both players have lost"));
    assert!(parse_position(game.as_ref(), "4 4 4 4").unwrap_err().to_string().contains("cannot be reached"));
    // The judge's form, either order of a pair, and the slash without spaces.
    let start = game.start();
    for text in ["1 1 / 1 1", "1 1 1 1", "1 1/1 1"] {
        assert_eq!(parse_position(game.as_ref(), text).unwrap(), start, "{text}");
    }
    assert_eq!(parse_position(game.as_ref(), "2 1 1 1"), parse_position(game.as_ref(), "1 2 / 1 1"));
    for bad in ["rule=cut", "splits=some", "hands=3"] {
        assert!(open(bad).is_err(), "{bad}");
    }
}

#[test]
fn every_engine_gives_the_scripts_values_and_the_notation_round_trips() {
    for (rule, splits) in [("cutoff", "none"), ("cutoff", "any"), ("rollover", "nosuicide")] {
        let game = open(&format!("rule={rule} splits={splits}")).unwrap();
        let listed: Vec<(&str, String)> = VALUES
            .lines()
            .filter_map(|line| {
                let words: Vec<&str> = line.split_whitespace().collect();
                (words[0] == rule && words[1] == splits).then(|| (line, words[2..6].join(" ")))
            })
            .collect();
        assert_eq!(game.positions(), listed.len() as u64, "{rule} {splits}");
        assert_eq!(game.engines().len(), 5);
        for engine in game.engines() {
            let solved = game.solve(engine).unwrap();
            for (line, position) in &listed {
                let index = game.parse(position).unwrap();
                let value = line.split_whitespace().skip(6).collect::<Vec<_>>().join(" ");
                assert_eq!(show(solved.value(index)), value, "{engine}: {line}");
            }
        }
        for i in 0..game.positions() {
            assert_eq!(game.parse(&game.describe(i)), Ok(i), "{}", game.describe(i));
        }
    }
}

#[test]
fn moves_are_named_as_explain_names_them() {
    // By the rules: without splits the start's only move is a hand of 1 hitting a hand of 1.
    let game = open("rule=cutoff splits=none").unwrap();
    let names: Vec<String> = game.moves(game.start()).into_iter().map(|m| m.name).collect();
    assert_eq!(names, ["1 hits 1 -> 2"]);
    assert_eq!(game.describe(game.moves(game.start())[0].parts[0]), "1 2 / 1 1");
    // With any split, 0 4 may split into 1 3 or 2 2; under rollover 4 hits 3 -> 2.
    let game = open("rule=rollover splits=any").unwrap();
    let index = game.parse("0 4 / 1 3").unwrap();
    let names: Vec<String> = game.moves(index).into_iter().map(|m| m.name).collect();
    assert_eq!(names, ["4 hits 1 -> 0", "4 hits 3 -> 2", "split 0 4 -> 1 3", "split 0 4 -> 2 2"]);
}

#[test]
fn a_stored_table_verifies_until_a_value_changes() {
    let game = open("rule=cutoff splits=any").unwrap();
    game.verify(&stored(game.as_ref(), "reverse-graph", None), &|_, _, _| {}).unwrap();
    let failure = game.verify(&stored(game.as_ref(), "unmoves", Some(game.start())), &|_, _, _| {}).unwrap_err();
    assert!(matches!(failure, VerifyFailure::Violation(_)), "{failure}");
}

//! The `octal` solve target: its heap notation refuses bad text with a message, every engine
//! gives the values of the Grundy oracle on the rules restated ([`octal::plain::Heap`]), the
//! notation round-trips, and a stored table passes `verify` until one value is changed.

use octal::plain::{Heap, Heaps};
use oracle::{Budget, GrundyOracle};
use solver_core::Nimber;
use testkit::solve::{SolvableGame, VerifyFailure, parse_position, stored_in_memory};
use testkit::table_file::{TableFile, Value};

fn open(words: &str) -> Result<Box<dyn SolvableGame>, String> {
    octal::REGISTRATION.solve[0].open_words(words)
}

/// `engine`'s table as a file in memory, with position `changed` (if any) given another value.
fn stored(game: &dyn SolvableGame, engine: &str, changed: Option<u64>) -> TableFile {
    let change = |i: u64, value: Value| match value {
        Value::Nimber(n) if Some(i) == changed => Value::Nimber(Nimber(n.0 ^ 1)),
        value => value,
    };
    stored_in_memory(game, engine, change).unwrap()
}

#[test]
fn bad_heaps_are_refused_with_a_message() {
    let game = open("code=0.77 n=50").unwrap();
    for text in ["", "  ", "x", "-1", "+3", "3.0", "51", "4294967296", "99999999999999999999999999", "1 2", "#51", "#x"]
    {
        let error = parse_position(game.as_ref(), text).unwrap_err();
        assert!(!error.is_empty(), "{text:?}");
    }
    assert_eq!(parse_position(game.as_ref(), " 50 ").unwrap(), 50);
    assert_eq!(parse_position(game.as_ref(), "#7").unwrap(), 7);
    for bad in ["code=0.8", "code=1.7", "n=0", "n=10000001", "n=x", "heaps=3"] {
        assert!(open(bad).is_err(), "{bad}");
    }
}

#[test]
fn every_engine_gives_the_oracles_values_and_the_notation_round_trips() {
    for code in ["0.77", "0.137", "4.7"] {
        let game = open(&format!("code={code} n=60")).unwrap();
        assert_eq!((game.positions(), game.start()), (61, 60));
        assert_eq!(game.engines(), ["sparse", "grundy", "naive"]);
        let heap = Heap(Heaps::new(&code.parse().unwrap()));
        let mut oracle = GrundyOracle::new(&heap, Budget::new(1_000));
        for engine in game.engines() {
            let solved = game.solve(engine).unwrap();
            for h in 0..game.positions() {
                let expected = Value::Nimber(oracle.value(&(h as u32)).unwrap());
                assert_eq!(solved.value(h), expected, "{engine} on {code}, heap {h}");
            }
        }
        for h in 0..game.positions() {
            assert_eq!(game.parse(&game.describe(h)), Ok(h), "{code}: {}", game.describe(h));
        }
    }
    // Kayles' first values, OEIS A002186.
    let kayles = open("").unwrap();
    let solved = kayles.solve("sparse").unwrap();
    let first: Vec<Value> = (0..12).map(|h| solved.value(h)).collect();
    assert_eq!(first, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6].map(|v| Value::Nimber(Nimber(v))));
}

#[test]
fn the_codes_are_one_game_however_written_and_large_heaps_run_only_the_sparse_method() {
    assert_eq!(open("code=.77").unwrap().identity(), open("code=0.77").unwrap().identity());
    let large = open("n=200000").unwrap();
    assert_eq!(large.engines(), ["sparse"]);
    let refused = large.solve("grundy").err().unwrap();
    assert!(refused.contains("quadratic"), "{refused}");
    assert!(large.solve("nonsense").err().unwrap().contains("no engine"));
}

#[test]
fn moves_name_what_they_leave() {
    let game = open("code=0.77 n=10").unwrap();
    // Kayles, a heap of 3: take 1 from an end or the middle, take 2 from an end, or all 3 is
    // not allowed (d3 is 0).
    let names: Vec<String> = game.moves(3).into_iter().map(|m| m.name).collect();
    assert_eq!(names, ["to 2", "to 1 + 1", "to 1"]);
    let names: Vec<String> = game.moves(2).into_iter().map(|m| m.name).collect();
    assert_eq!(names, ["to 1", "to nothing"]);
}

#[test]
fn a_stored_table_verifies_until_a_value_changes() {
    let game = open("code=0.07 n=300").unwrap();
    game.verify(&stored(game.as_ref(), "sparse", None), &|_, _| {}).unwrap();
    let failure = game.verify(&stored(game.as_ref(), "sparse", Some(137)), &|_, _| {}).unwrap_err();
    assert!(matches!(failure, VerifyFailure::Violation(_)), "{failure}");
}

#[test]
fn a_table_too_large_for_the_verifier_is_refused_after_its_checksums() {
    let game = open("code=0.77 n=100001").unwrap();
    let failure = game.verify(&stored(game.as_ref(), "sparse", None), &|_, _| {}).unwrap_err();
    assert!(
        matches!(&failure, VerifyFailure::Unreadable(m) if m.contains("every checksum matches") && m.contains("not verified")),
        "{failure}"
    );
}

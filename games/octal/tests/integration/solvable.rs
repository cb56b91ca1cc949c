//! The `octal` space: its heap notation refuses bad text with a message, every engine gives the
//! values of the Grundy oracle on the rules restated ([`octal::plain::Heap`]), the notation
//! round-trips, a stored table passes `verify` until one value is changed; what `verify` checks
//! at its verified sizes (the proven periods against the literature, the sums of heaps against
//! a search of whole positions) and what `stats` notes.

use octal::plain::{Heap, Heaps};
use oracle::{Budget, GrundyOracle};
use solver_core::Nimber;
use workbench::check::OracleCheck;
use workbench::solve::{SolvableGame, SolveError, VerifyFailure, parse_position, stored_in_memory};
use workbench::table_file::{TableFile, Value};

fn open(words: &str) -> Result<Box<dyn SolvableGame>, String> {
    octal::REGISTRATION.spaces[0].open_words(words)
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
        assert!(!error.to_string().is_empty(), "{text:?}");
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
        assert_eq!(game.engines(), ["sparse", "grundy", "parallel-grundy", "naive"]);
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
    for engine in ["grundy", "parallel-grundy", "naive"] {
        let refused = large.solve(engine).err().unwrap();
        assert!(matches!(refused, SolveError::NotHere { .. }), "{refused}");
        let refused = refused.to_string();
        assert!(refused.contains("quadratic") && refused.contains("n=100000"), "{refused}");
    }
    assert!(matches!(large.solve("nonsense"), Err(SolveError::UnknownEngine { .. })));
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
    game.verify(&stored(game.as_ref(), "sparse", None), &|_, _, _| {}).unwrap();
    let failure = game.verify(&stored(game.as_ref(), "sparse", Some(137)), &|_, _, _| {}).unwrap_err();
    assert!(matches!(failure, VerifyFailure::Violation(_)), "{failure}");
}

#[test]
fn a_table_too_large_for_the_verifier_is_refused_after_its_checksums() {
    let game = open("code=0.77 n=100001").unwrap();
    let failure = game.verify(&stored(game.as_ref(), "sparse", None), &|_, _, _| {}).unwrap_err();
    assert!(
        matches!(&failure, VerifyFailure::Unreadable(m) if m.contains("every checksum matches") && m.contains("not verified")),
        "{failure}"
    );
}

/// The budget `gamesolve verify` gives the oracle.
const VERIFY_BUDGET: Budget = Budget { max_states: 3_000_000, max_depth: 200_000, max_work: u64::MAX };

/// What `verify` finds at the verified sizes: every engine's table verified and equal, every
/// heap the Grundy oracle's, the least period proven and the literature's, every sum of heaps
/// of at most 14 tokens won exactly when the xor of its values is not 0.
#[test]
fn the_verified_sizes_pass_with_the_literatures_periods() {
    let space = &octal::REGISTRATION.spaces[0];
    assert_eq!(space.verified, ["code=0.77 n=1000", "code=0.07 n=1000", "code=0.137 n=1000", "code=0.007 n=1000"]);
    // OEIS A002186 (Kayles: period 12 from n = 71, the last exception at 70) and A002187
    // (Dawson's chess, 0.137: exceptions up to n = 51; Dawson's Kayles, 0.07, its values
    // shifted by one); the number of values each proof needs is 2 n0 + 2p + t.
    let periods = [
        "p=12 n0=71 by 168 values, as OEIS A002186",
        "p=34 n0=53 by 176 values, as OEIS A002187, shifted by one",
        "p=34 n0=52 by 175 values, as OEIS A002187",
        "no period by 1001 values",
    ];
    for (words, period) in space.verified.iter().zip(periods) {
        let row = open(words).unwrap().check(VERIFY_BUDGET).unwrap_or_else(|e| panic!("{words}: {e}"));
        assert_eq!(row.positions, 1001, "{words}");
        assert!(matches!(row.oracle, OracleCheck::Agreed { .. }), "{words}: {:?}", row.oracle);
        let parts: Vec<&str> = row.summary.split("; ").collect();
        assert_eq!(parts[2], period, "{words}: {}", row.summary);
        assert!(parts[3].starts_with("sums of at most 14 tokens: "), "{words}: {}", row.summary);
        let timed: Vec<&str> = row.timings.iter().map(|(name, _)| *name).collect();
        // The engines, the laws, then the search engines checked against the table.
        assert_eq!(timed, ["sparse", "grundy", "parallel-grundy", "naive", "prove", "sums", "search-check"], "{words}");
    }
}

/// Too few values prove no period, which is no disagreement with the literature; as soon as
/// they suffice for Kayles' (2 * 71 + 2 * 12 + 2 = 168 values), the proof is the literature's.
#[test]
fn the_period_is_compared_once_the_values_suffice() {
    let summary = |n: u32| open(&format!("n={n}")).unwrap().check(VERIFY_BUDGET).unwrap().summary;
    assert!(summary(166).contains("; no period by 167 values;"), "{}", summary(166));
    assert!(summary(167).contains("; p=12 n0=71 by 168 values, as OEIS A002186;"), "{}", summary(167));
    // Fewer heaps than the sums' tokens: the sums stop at the largest heap, and search the
    // partitions of 0 to 5 tokens, 1 + 1 + 2 + 3 + 5 + 7 = 19 positions (OEIS A000041).
    assert!(summary(5).contains("; sums of at most 5 tokens: 19 searched, P "), "{}", summary(5));
}

#[test]
fn stats_notes_the_proven_period() {
    let report = open("code=0.137 n=1000").unwrap().stats();
    assert_eq!(report.positions, 1001);
    assert!(
        report.notes.iter().any(|n| n == "period 34 from heap 52 on, proven by the Guy-Smith test with 175 values"),
        "{:?}",
        report.notes
    );
    assert!(report.engines.iter().all(|e| e.error.is_none()), "{:?}", report.engines);
    let large = open("n=200000").unwrap().stats();
    let refused: Vec<&str> = large.engines.iter().filter(|e| e.error.is_some()).map(|e| e.engine.as_str()).collect();
    assert_eq!(refused, ["grundy", "parallel-grundy", "naive"]);
    assert!(
        large.notes.iter().any(|n| n == "period 12 from heap 71 on, proven by the Guy-Smith test with 168 values"),
        "{:?}",
        large.notes
    );
}

//! What the crate registers: its problem, its space (every engine against the oracle where it
//! fits, at the sizes `verify` runs; its stats with parameters declared once and checked first)
//! and the fuzz body on many inputs.

use mnk::{FUZZ_GAMES, REGISTRATION, rank_mnk};
use oracle::Budget;
use solver_core::RetrogradeEngine;
use solver_core::graph::SplitMix64;
use workbench::check::OracleCheck;

/// The budget `gamesolve verify` gives the oracle.
const VERIFY_BUDGET: Budget = Budget { max_states: 3_000_000, max_depth: 200_000, max_work: u64::MAX };

#[test]
fn the_registration_lists_one_of_each() {
    assert_eq!(REGISTRATION.name, "mnk");
    let problems: Vec<&str> = REGISTRATION.problems.iter().map(|p| p.id()).collect();
    assert_eq!(problems, ["mnk"]);
    assert_eq!(REGISTRATION.problems[0].engines(), ["sweep", "reverse-graph", "search", "oracle"]);
    let spaces: Vec<&str> = REGISTRATION.spaces.iter().map(|t| t.name).collect();
    assert_eq!(spaces, ["mnk"]);
    let fuzz: Vec<&str> = REGISTRATION.fuzz.iter().map(|t| t.name).collect();
    assert_eq!(fuzz, ["rank_mnk"]);
}

#[test]
fn every_verified_size_passes_and_the_oracle_checks_each() {
    let target = &REGISTRATION.spaces[0];
    assert_eq!(target.verified, ["m=3 n=3 k=3", "m=4 n=3 k=3", "m=2 n=5 k=3", "m=1 n=9 k=3"]);
    for words in target.verified {
        let row = target.open_words(words).unwrap().check(VERIFY_BUDGET).unwrap_or_else(|e| panic!("{words}: {e}"));
        // The sweep, solver-core's engines that need only moves, then the search; then the
        // search engines against the table, through the space and through the wide search.
        let engines: Vec<&str> = row.timings.iter().map(|t| t.0).collect();
        let expected: Vec<&str> = std::iter::once("sweep")
            .chain(RetrogradeEngine::BY_MOVES.iter().map(|e| e.name()))
            .chain(["search", "search-check", "own-search-check"])
            .collect();
        assert_eq!(engines, expected, "{words}");
        assert!(matches!(row.oracle, OracleCheck::Agreed { .. }), "{words}: {:?}", row.oracle);
        if *words == "m=3 n=3 k=3" {
            // Counts of the Python reference (tests/data/reference.txt): 2,836 won, 1,574 lost,
            // 1,068 tied for the player to move; the empty board ties in 9, whatever X plays.
            assert_eq!(row.positions, 5_478);
            assert_eq!(row.summary, "W 2836 L 1574 T 1068 D 0; start tie in 9, best any of 9");
        }
    }
    // (4,4,3), 6 million positions, is past the oracle's budget: it declines up front.
    let big = target.open_words("m=4 n=4 k=3").unwrap();
    assert_eq!(big.positions(), 6_036_001);
}

fn stats(words: &str) -> Result<workbench::stats::StatsReport, String> {
    Ok(REGISTRATION.spaces[0].open_words(words)?.stats())
}

#[test]
fn stats_summarize_every_reachable_position() {
    let report = stats("").unwrap();
    assert_eq!(report.game, "mnk k=3 m=3 n=3");
    // The literature's and the Python reference's counts (tests/integration/reference.rs).
    assert_eq!(report.positions, 5_478);
    assert_eq!(report.counts["win"] + report.counts["loss"] + report.counts["tie"], 5_478);
    assert!(report.notes.contains(&".../.../...: start tie in 9, best any of 9".to_string()), "{:?}", report.notes);
    assert!(report.notes.contains(&"finished positions: 958 (X won 626, O won 316, full-board ties 16)".to_string()));
    let engines: Vec<&str> = report.engines.iter().map(|e| e.engine.as_str()).collect();
    let expected: Vec<&str> =
        std::iter::once("sweep").chain(RetrogradeEngine::BY_MOVES.iter().map(|e| e.name())).chain(["search"]).collect();
    assert_eq!(engines, expected);
    assert!(report.engines.iter().all(|e| e.error.is_none()), "{:?}", report.engines);
    let text = report.to_text();
    assert!(text.contains("tie in 9"), "{text}");

    let small = stats("m=1 n=3 k=2").unwrap();
    assert_eq!(small.game, "mnk k=2 m=1 n=3");
    // By hand: X in the middle wins on the third ply whatever O does; X in a corner is blocked
    // by O in the middle, and the board fills without two in a row.
    assert!(small.notes.contains(&"...: start win in 3, best X b1".to_string()), "{:?}", small.notes);
}

#[test]
fn parameters_are_checked_before_the_space_is_built() {
    assert_eq!(stats("m=5 n=4").unwrap_err(), "a 5 x 4 board has 20 cells, more than the 16 this solver takes");
    assert_eq!(stats("k=4").unwrap_err(), "k = 4 is outside 1..=3: k is at least 1 and at most max(m, n) = 3");
    assert_eq!(stats("m=0").unwrap_err(), "m must be a number in 1..=16, found `0`");
    assert_eq!(stats("depth=3").unwrap_err(), "unknown parameter `depth`; it takes m, n, k");
}

#[test]
fn the_fuzz_body_passes_on_many_inputs() {
    let body = REGISTRATION.fuzz[0].body;
    let mut rng = SplitMix64(12);
    for round in 0..5_000u64 {
        let len = rng.below(12) as usize;
        let mut data: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
        if let Some(first) = data.first_mut() {
            *first = (round % FUZZ_GAMES.len() as u64) as u8;
        }
        body(&data).unwrap_or_else(|e| panic!("{data:?}: {e}"));
    }
    rank_mnk(&[]).unwrap();
}

//! The rest of the DAG tokens' registration: the space (its parameters and verified sizes as
//! `verify` lists them, each passing every engine, the Grundy oracle and, on the small DAGs, the
//! sums of tokens searched as whole positions), parameter errors, and no fuzz body of their own.

use oracle::Budget;
use workbench::check::{Failure, OracleCheck};
use workbench::target::SpaceTarget;
use workbench::verify::Row;

/// The budget `gamesolve verify` gives the oracle.
const VERIFY_BUDGET: Budget = Budget { max_states: 3_000_000, max_depth: 200_000, max_work: u64::MAX };

fn space() -> &'static SpaceTarget {
    &graph_tokens::REGISTRATION.spaces[0]
}

/// What `verify` runs at `words`, on a thread with a stack as large as `verify`'s (the Grundy
/// oracle recurses along the DAG's paths).
fn check(words: &str, budget: Budget) -> Result<Row, Failure> {
    let game = space().open_words(words).unwrap_or_else(|e| panic!("{words}: {e}"));
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(1 << 30)
            .spawn_scoped(scope, || game.check(budget))
            .expect("a thread")
            .join()
            .expect("no panic")
    })
}

#[test]
fn every_verified_size_passes_and_the_small_dags_sum_tokens() {
    let spaces = graph_tokens::REGISTRATION.spaces;
    assert_eq!(spaces.iter().map(|t| t.name).collect::<Vec<_>>(), ["graph-tokens"]);
    assert_eq!(space().params.iter().map(|p| p.name).collect::<Vec<_>>(), ["vertices", "degree", "seed"]);
    assert_eq!(
        space().verified,
        [
            "vertices=200000 degree=4 seed=10",
            "vertices=2000 degree=4 seed=11",
            "vertices=150 degree=4 seed=12",
            "vertices=30 degree=4 seed=13"
        ]
    );
    // The sums each size searches: none on the large DAG, then one, two and three tokens.
    let sums = [None, Some("sums of 1 token: "), Some("sums of 2 tokens: "), Some("sums of 3 tokens: ")];
    for (words, sums) in space().verified.iter().zip(sums) {
        let row = check(words, VERIFY_BUDGET).unwrap_or_else(|e| panic!("{words}: {e}"));
        assert!(row.positions > 0, "{words}");
        assert!(matches!(row.oracle, OracleCheck::Agreed { .. }), "{words}: {:?}", row.oracle);
        match sums {
            Some(sums) => assert!(row.summary.contains(sums), "{words}: {}", row.summary),
            None => assert!(!row.summary.contains("sums"), "{words}: {}", row.summary),
        }
    }
    assert!(graph_tokens::REGISTRATION.fuzz.is_empty());
}

#[test]
fn the_sums_searched_are_every_multiset_of_tokens() {
    // 30 vertices, three tokens: C(32, 3) = 4,960 multisets, each a whole position.
    let row = check("vertices=30 degree=4 seed=13", VERIFY_BUDGET).unwrap();
    assert!(row.summary.contains("; sums of 3 tokens: 4960 searched, P "), "{}", row.summary);
    // One vertex: a single position, lost, whatever the number of tokens.
    let row = check("vertices=1 seed=0", VERIFY_BUDGET).unwrap();
    assert_eq!(row.summary, "P 1 max *0; start *0; sums of 3 tokens: 1 searched, P 1");
    // Too small a budget for the sums: the row says so, and the oracle is over budget.
    let row = check("vertices=30 degree=4 seed=13", Budget::new(100)).unwrap();
    assert!(row.summary.ends_with("sums of 3 tokens: not searched"), "{}", row.summary);
    assert!(matches!(row.oracle, OracleCheck::Declined(_)), "{:?}", row.oracle);
}

#[test]
fn the_stats_of_a_dag_count_its_values() {
    let report = space().open_words("vertices=150 seed=12").unwrap().stats();
    assert_eq!(report.positions, 150);
    let counted: u64 = ["zero (lost for the mover)", "nonzero"].iter().map(|k| report.counts[*k]).sum();
    assert_eq!(counted, 150);
    assert_eq!(report.engines.iter().map(|e| e.engine.as_str()).collect::<Vec<_>>(), ["grundy", "parallel-grundy"]);
}

#[test]
fn parameters_are_checked_before_any_work() {
    let error = |words: &str| space().open_words(words).err().expect(words);
    assert_eq!(error("vertices=0"), "vertices must be a number in 1..=10000000, found `0`");
    assert_eq!(error("degree=17"), "degree must be a number in 1..=16, found `17`");
    assert_eq!(error("seed=-1"), "seed must be a number in 0..=18446744073709551615, found `-1`");
    assert_eq!(error("edges=3"), "unknown parameter `edges`; it takes vertices, degree, seed");
}

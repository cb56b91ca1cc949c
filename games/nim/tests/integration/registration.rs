//! The rest of the Nim family's registration: its spaces (names, parameters and verified sizes
//! as `verify` lists them, each size passing every engine, the oracle and the laws), the
//! `northcott` space's stats, parameter errors, and the `rank_northcott` fuzz body on every
//! position of a few boards.

use oracle::Budget;
use workbench::check::{Failure, OracleCheck};
use workbench::target::SpaceTarget;
use workbench::verify::Row;

/// The budget `gamesolve verify` gives the oracle.
const VERIFY_BUDGET: Budget = Budget { max_states: 3_000_000, max_depth: 200_000, max_work: u64::MAX };

fn space(name: &str) -> &'static SpaceTarget {
    nim::REGISTRATION.spaces.iter().find(|t| t.name == name).expect("registered")
}

/// What `verify` runs at `words`, on a thread with a stack as large as `verify`'s (the Grundy
/// oracle recurses).
fn check(target: &SpaceTarget, words: &str, budget: Budget) -> Result<Row, Failure> {
    let game = target.open_words(words).unwrap_or_else(|e| panic!("{} {words}: {e}", target.name));
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
fn the_spaces_and_their_verified_sizes_are_listed_in_order() {
    let spaces: Vec<(&str, Vec<&str>, &[&str])> = nim::REGISTRATION
        .spaces
        .iter()
        .map(|t| (t.name, t.params.iter().map(|p| p.name).collect(), t.verified))
        .collect();
    assert_eq!(
        spaces,
        [
            (
                "subtraction",
                vec!["take", "heap"],
                &["take=any heap=2000", "take=1..20 heap=100000", "take=2,5,7 heap=100000", "take=1,3,4 heap=20"][..]
            ),
            ("northcott", vec!["rows", "cols"], &["rows=2 cols=7", "rows=3 cols=6"][..]),
        ]
    );
}

#[test]
fn every_verified_size_passes_with_the_oracle_and_the_laws() {
    for target in nim::REGISTRATION.spaces {
        for words in target.verified {
            let name = format!("{} {words}", target.name);
            let row = check(target, words, VERIFY_BUDGET).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(row.positions > 0, "{name}");
            assert!(matches!(row.oracle, OracleCheck::Agreed { .. }), "{name}: {:?}", row.oracle);
            if target.name == "northcott" {
                assert!(row.summary.ends_with(" = Nim"), "{name}: {}", row.summary);
                assert!(row.timings.iter().any(|(law, _)| *law == "nim-sum"), "{name}: {:?}", row.timings);
            } else {
                // Every sum of 3 heaps of 0 to 20 stones, C(23, 3) = 1,771 whole positions (a
                // move from one leads to another).
                assert!(row.summary.contains("; sums of 3 heaps<=20: 1771 searched, P "), "{name}: {}", row.summary);
            }
        }
    }
}

#[test]
fn the_sums_law_searches_heaps_up_to_the_space_and_reproduces_the_hand_counts() {
    // Heaps of at most 1 stone under Nim: the sums {}, {1}, {1,1}, {1,1,1}; the even ones lost.
    let row = check(space("subtraction"), "take=any heap=1", VERIFY_BUDGET).unwrap();
    assert_eq!(row.summary, "P 1 max *1; start *1, best take 1; sums of 3 heaps<=1: 4 searched, P 2");
    // One heap of 0: a single position, lost, with no move.
    let row = check(space("subtraction"), "take=2,5,7 heap=0", VERIFY_BUDGET).unwrap();
    assert_eq!(row.summary, "P 1 max *0; start *0; sums of 3 heaps<=0: 1 searched, P 1");
    // Too small a budget for the sums: the row says so, and the oracle is over budget.
    let row = check(space("subtraction"), "take=1,3,4 heap=20", Budget::new(100)).unwrap();
    assert!(row.summary.ends_with("sums of 3 heaps<=20: not searched"), "{}", row.summary);
    assert!(matches!(row.oracle, OracleCheck::Declined(_)), "{:?}", row.oracle);
}

#[test]
fn the_northcott_space_solves_the_board_for_stats() {
    let report = space("northcott").open_words("rows=1 cols=5").unwrap().stats();
    // One row of 5: 20 placements, either player to move.
    assert_eq!(report.positions, 40);
    assert_eq!(report.counts.get("draw"), None, "no endless play");
    assert_eq!(report.engines.len(), solver_core::RetrogradeEngine::ALL.len());
}

#[test]
fn parameters_are_checked_before_any_work() {
    let error = |name: &str, words: &str| space(name).open_words(words).err().expect(words);
    assert_eq!(error("northcott", "rows=0"), "rows must be a number in 1..=8, found `0`");
    assert_eq!(error("northcott", "cols=101"), "cols must be a number in 2..=100, found `101`");
    assert_eq!(error("northcott", "depth=3"), "unknown parameter `depth`; it takes rows, cols");
    assert_eq!(error("subtraction", "heap=100000001"), "heap must be a number in 0..=100000000, found `100000001`");
    assert!(error("subtraction", "take=3..1").contains("the range 3..1 is empty"));
    // Each parameter fits, but together they ask too much.
    assert!(error("subtraction", "take=any heap=100000000").contains("give a smaller heap"));
    assert!(error("northcott", "rows=8 cols=100").contains("too many positions"));
}

#[test]
fn the_rank_northcott_body_passes_on_every_position_of_small_boards() {
    let fuzz = nim::REGISTRATION.fuzz;
    assert_eq!(fuzz.iter().map(|f| f.name).collect::<Vec<_>>(), ["rank_northcott"]);
    for (rows, cols) in [(0u8, 0u8), (1, 3), (2, 2)] {
        for id in 0u32..3000 {
            let mut data = vec![rows, cols];
            data.extend(id.to_le_bytes());
            (fuzz[0].body)(&data).unwrap_or_else(|e| panic!("{data:?}: {e}"));
        }
    }
    (fuzz[0].body)(&[]).unwrap();
}

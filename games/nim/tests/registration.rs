//! The rest of the Nim family's registration: the verify workloads (names and order as the verify
//! table shows them, each passing), the `northcott` stats target, and the `rank_northcott` fuzz
//! body on every position of a few boards.

use oracle::Budget;
use testkit::check::OracleCheck;
use testkit::stats::Params;

#[test]
fn the_workloads_are_listed_in_order_and_pass() {
    let workloads = (nim::REGISTRATION.workloads)();
    let names: Vec<&str> = workloads.iter().map(|w| w.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "nim heaps<=2000",
            "bash take<=20 heaps<=100000",
            "subtraction {2,5,7} heaps<=100000",
            "nim sums of 3 heaps<=12",
            "sub {1,3,4} sums of 3 heaps<=20",
            "northcott real board 2x7",
            "northcott real board 3x6",
        ]
    );
    for workload in &workloads {
        let row = (workload.run)(Budget::new(200_000)).unwrap_or_else(|e| panic!("{}: {e}", workload.name));
        assert!(row.positions > 0, "{}", workload.name);
        if workload.name.starts_with("northcott") {
            assert!(row.summary.ends_with(" = Nim"), "{}: {}", workload.name, row.summary);
            assert!(matches!(row.oracle, OracleCheck::Agreed { .. }), "{}: {:?}", workload.name, row.oracle);
        }
    }
}

#[test]
fn the_northcott_stats_target_solves_the_board() {
    assert_eq!(nim::REGISTRATION.stats.iter().map(|s| s.name).collect::<Vec<_>>(), ["northcott"]);
    let mut params = Params::parse(&["rows=1".to_string(), "cols=5".to_string()]).unwrap();
    let report = (nim::REGISTRATION.stats[0].run)(&mut params).unwrap();
    params.finish().unwrap();
    // One row of 5: 20 placements, either player to move.
    assert_eq!(report.positions, 40);
    assert_eq!(report.counts.get("draw"), None, "no endless play");
    assert_eq!(report.engines.len(), solver_core::RetrogradeEngine::ALL.len());
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

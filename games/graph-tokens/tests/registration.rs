//! The rest of the DAG tokens' registration: the verify workloads (names and order as the verify
//! table shows them, each passing, the whole-position ones checked by the oracle), and no stats
//! target or fuzz body of their own.

use oracle::Budget;
use testkit::check::OracleCheck;

#[test]
fn the_workloads_are_listed_in_order_and_pass() {
    let workloads = (graph_tokens::REGISTRATION.workloads)();
    let names: Vec<&str> = workloads.iter().map(|w| w.name.as_str()).collect();
    assert_eq!(
        names,
        ["dag n=200000 s=10", "dag tokens n=2000 k=1 s=11", "dag tokens n=150 k=2 s=12", "dag tokens n=30 k=3 s=13"]
    );
    for workload in &workloads {
        let row = (workload.run)(Budget { max_states: 3_000_000, max_depth: 200_000, max_work: u64::MAX })
            .unwrap_or_else(|e| panic!("{}: {e}", workload.name));
        assert!(row.positions > 0, "{}", workload.name);
        if workload.name.starts_with("dag tokens") {
            assert!(matches!(row.oracle, OracleCheck::Agreed { .. }), "{}: {:?}", workload.name, row.oracle);
        }
    }
    assert!(graph_tokens::REGISTRATION.stats.is_empty() && graph_tokens::REGISTRATION.fuzz.is_empty());
}

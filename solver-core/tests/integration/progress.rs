//! Every `_reporting` engine keeps [`Progress`]'s contract on random graphs, loopy and acyclic,
//! on 1 and 2 threads: each phase begins at 0, never passes its total, never goes back, and
//! the last report is the whole total; and its table is the silent engine's.
//!
//! The expected tables come from the engines without `_reporting` (themselves checked against
//! the oracle elsewhere); what is checked here is the reports, which no other test sees.

use solver_core::graph::{GraphGame, RandomShape};
use solver_core::progress::REPORT_EVERY;
use solver_core::{
    Nimber, OutcomeTable, Progress, RetrogradeEngine, SpaceTooLarge, grundy_table, grundy_table_reporting,
    parallel_grundy_table_reporting, parallel_score_table_reporting, score_table, score_table_reporting,
    solve_with_reverse_graph, solve_with_reverse_graph_reporting, solve_with_unmoves, solve_with_unmoves_reporting,
};
use std::sync::Mutex;

/// Larger than a report's batch, so that an engine reports several times.
const NODES: usize = 5 * REPORT_EVERY as usize + 123;

/// Every report `(done, total)` an engine made, in order.
fn reports(run: impl FnOnce(&Progress<'_>)) -> Vec<(u64, u64)> {
    let seen = Mutex::new(Vec::new());
    let tell = |done: u64, total: u64| seen.lock().unwrap().push((done, total));
    run(&Progress::new(&tell));
    seen.into_inner().unwrap()
}

/// The contract: phases (a report of 0 begins one) that never pass their total nor go back,
/// the last one complete; at least `at_least` reports in all.
fn assert_contract(what: &str, reports: &[(u64, u64)], total: u64, at_least: usize) {
    assert!(reports.len() >= at_least, "{what}: {} reports, expected at least {at_least}", reports.len());
    assert_eq!(reports.first().map(|r| r.0), Some(0), "{what}: the first report begins a phase");
    for pair in reports.windows(2) {
        let ((done, phase_total), (next, next_total)) = (pair[0], pair[1]);
        assert!(done <= phase_total, "{what}: {done} of {phase_total}");
        assert!(next == 0 || (next >= done && next_total == phase_total), "{what}: {pair:?} goes back");
    }
    assert_eq!(reports.last(), Some(&(total, total)), "{what}: the last report is the whole total");
}

fn with_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a local pool").install(work)
}

#[test]
fn the_acyclic_engines_report_every_position_once() {
    let game = GraphGame::random(&RandomShape::acyclic(NODES), 11);
    let n = NODES as u64;
    let nimbers = grundy_table(&game).unwrap();
    let scores = score_table::<i32, _>(&game).unwrap();
    let mut got: Vec<Nimber> = Vec::new();
    let seen = reports(|p| got = grundy_table_reporting(&game, p).unwrap());
    assert_contract("grundy", &seen, n, 5);
    assert_eq!(got, nimbers);
    let mut got: Vec<i32> = Vec::new();
    let seen = reports(|p| got = score_table_reporting(&game, p).unwrap());
    assert_contract("score", &seen, n, 5);
    assert_eq!(got, scores);
    for threads in [1, 2] {
        let mut got: Vec<Nimber> = Vec::new();
        let seen = with_threads(threads, || reports(|p| got = parallel_grundy_table_reporting(&game, p).unwrap()));
        assert_contract(&format!("parallel grundy, {threads} threads"), &seen, n, 2);
        assert_eq!(got, nimbers);
        let mut got: Vec<i32> = Vec::new();
        let seen = with_threads(threads, || reports(|p| got = parallel_score_table_reporting(&game, p).unwrap()));
        assert_contract(&format!("parallel score, {threads} threads"), &seen, n, 2);
        assert_eq!(got, scores);
    }
}

#[test]
fn the_retrograde_engines_report_moves_then_decisions() {
    let game = GraphGame::random(&RandomShape::loopy(NODES), 5);
    // Moves once a position, then a decision once a won, lost or tied position.
    let two_passes = 2 * NODES as u64;
    type Engine = fn(&GraphGame, &Progress<'_>) -> Result<OutcomeTable, SpaceTooLarge>;
    let engines: [(&str, Engine, OutcomeTable); 2] = [
        ("reverse-graph", solve_with_reverse_graph_reporting, solve_with_reverse_graph(&game).unwrap()),
        ("unmoves", solve_with_unmoves_reporting, solve_with_unmoves(&game).unwrap()),
    ];
    for (name, engine, expected) in engines {
        let mut got = None;
        let seen = reports(|p| got = Some(engine(&game, p).unwrap()));
        assert_contract(name, &seen, two_passes, 5);
        assert!(got.unwrap() == expected, "{name}: the same table as without reports");
    }
    // Through the engine list, which the CLI calls: the two that report do, the rest leave
    // the progress where it began.
    for engine in RetrogradeEngine::ALL {
        let seen = reports(|p| {
            engine.solve_reporting(&game, u64::MAX, p).unwrap();
        });
        match engine {
            RetrogradeEngine::ReverseGraph | RetrogradeEngine::Unmoves => {
                assert_contract(engine.name(), &seen, two_passes, 5)
            }
            _ => assert!(seen.is_empty(), "{}: reports it does not make", engine.name()),
        }
    }
}

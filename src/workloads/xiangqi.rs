//! The xiangqi endgame General + Horse against a lone General (HDU 5897), every position.

use crate::check::{OracleSide, check_loopy};
use crate::stats::{self, StatsTarget};
use crate::verify::{Row, Workload};
use xiangqi::plain::{PlainBoard, PlainRules};
use xiangqi::{Endgame, Position};

/// The whole game: 14,420 positions, every engine, the verifier and the plain-board oracle.
pub fn workloads() -> Vec<Workload> {
    vec![Workload::new("xiangqi general+horse vs general", |budget| {
        let oracle = OracleSide { rules: &PlainRules, state: &PlainBoard::from_position };
        check_loopy(&Endgame::new(), Some(oracle), budget).map(Row::loopy)
    })]
}

/// The whole endgame, summarized.
pub fn stats_targets() -> Vec<StatsTarget> {
    vec![StatsTarget {
        name: "xiangqi",
        params: "(none): General + Horse against a lone General, all 14,420 positions",
        run: |_| {
            let describe = |p: &Position| match p.board() {
                Some(board) => format!("{board:?} with {} to move", p.to_move()),
                None => format!("{p:?}"),
            };
            Ok(stats::loopy("xiangqi general+horse vs general".into(), &Endgame::new(), describe))
        },
    }]
}

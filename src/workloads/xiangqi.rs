//! The xiangqi endgame General + Horse against a lone General (HDU 5897), every position.

use crate::check::{OracleSide, check_loopy};
use crate::verify::{Row, Workload};
use xiangqi::Endgame;
use xiangqi::plain::{PlainBoard, PlainRules};

/// The whole game: 14,420 positions, every engine, the verifier and the plain-board oracle.
pub fn workloads() -> Vec<Workload> {
    vec![Workload::new("xiangqi general+horse vs general", |budget| {
        let oracle = OracleSide { rules: &PlainRules, state: &PlainBoard::from_position };
        check_loopy(&Endgame::new(), Some(oracle), budget).map(Row::loopy)
    })]
}

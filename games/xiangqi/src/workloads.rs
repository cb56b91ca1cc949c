//! What `gamesolve verify`, `gamesolve stats` and the fuzz targets run on the endgame: the whole
//! game (14,420 positions) with every engine, the verifier and the plain-board oracle; its
//! summary; and one position of its space, picked by bytes, against the plain rules.

use crate::plain::{MergedEnds, PlainBoard, PlainRules};
use crate::{Endgame, Position};
use testkit::check::{OracleSide, check_loopy_with_unmoves};
use testkit::space::{check_loopy_space, check_unmoves, id_from_bytes};
use testkit::stats::{self, StatsTarget};
use testkit::workload::{Row, Workload};

/// The whole game: 14,420 positions, every engine, the verifier and the plain-board oracle.
pub fn workloads() -> Vec<Workload> {
    vec![Workload::new("xiangqi general+horse vs general", |budget| {
        let oracle = OracleSide { rules: &PlainRules, state: &PlainBoard::from_position };
        check_loopy_with_unmoves(&Endgame::new(), Some(oracle), budget).map(Row::loopy)
    })]
}

/// The whole endgame, summarized.
pub const STATS_TARGETS: &[StatsTarget] = &[StatsTarget {
    name: "xiangqi",
    params: "(none): General + Horse against a lone General, all 14,420 positions",
    run: |_| {
        let describe = |p: &Position| match p.board() {
            Some(board) => format!("{board:?} with {} to move", p.to_move()),
            None => format!("{p:?}"),
        };
        Ok(stats::loopy_with_unmoves("xiangqi general+horse vs general".into(), &Endgame::new(), describe))
    },
}];

/// The fuzz body `rank_xiangqi`: the position the first four bytes name (little-endian, wrapped
/// into the space) against the plain board's rules: its ranking round-trips, it is finished
/// exactly when the plain board is, its moves on ids are the plain board's moves, and its
/// un-moves are the inverse of the moves.
pub fn rank_xiangqi(data: &[u8]) -> Result<(), String> {
    let game = Endgame::new();
    let id = id_from_bytes(&game, data, 0);
    let plain = OracleSide { rules: &MergedEnds, state: &PlainBoard::from_position };
    check_loopy_space(&game, &plain, [id]).map_err(|e| e.to_string())?;
    check_unmoves(&game, [id]).map_err(|e| e.to_string())
}

//! The endgame's own fuzz body, `rank_xiangqi`: one position of its space, picked by bytes,
//! against the plain rules.

use crate::Endgame;
use crate::plain::{MergedEnds, PlainBoard};
use workbench::check::OracleSide;
use workbench::fuzz::FuzzTarget;
use workbench::space::{check_loopy_space, check_unmoves, id_from_bytes};

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

/// The crate's fuzz bodies.
pub const FUZZ: &[FuzzTarget] = &[FuzzTarget { name: "rank_xiangqi", body: rank_xiangqi }];

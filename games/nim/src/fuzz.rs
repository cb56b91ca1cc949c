//! The Nim family's own fuzz body: a position of a small Northcott board, checked against the
//! plain rules.

use crate::northcott::NorthcottBoard;
use crate::plain::PlainNorthcott;
use crate::solvable::plain_board;
use workbench::check::OracleSide;
use workbench::fuzz::FuzzTarget;
use workbench::space::{check_loopy_space, check_unmoves, id_from_bytes};

/// A board of 1 to 3 rows and 2 to 7 columns (bytes 0 and 1), and a position of it (bytes 2 to
/// 5): its ranking round trip, its moves on ids against [`PlainNorthcott`]'s moves, and its
/// un-moves against its moves.
pub fn rank_northcott(data: &[u8]) -> Result<(), String> {
    let (rows, cols) = (1 + *data.first().unwrap_or(&0) as usize % 3, 2 + *data.get(1).unwrap_or(&0) as u32 % 6);
    let board = NorthcottBoard::new(rows, cols).map_err(|e| e.to_string())?;
    let id = id_from_bytes(&board, data, 2);
    let plain = PlainNorthcott { cols };
    check_loopy_space(&board, &OracleSide { rules: &plain, state: &plain_board }, [id]).map_err(|e| e.to_string())?;
    check_unmoves(&board, [id]).map_err(|e| e.to_string())
}

/// The Nim family's fuzz bodies.
pub const FUZZ: &[FuzzTarget] = &[FuzzTarget { name: "rank_northcott", body: rank_northcott }];

//! The fuzz body `rank_dots_and_boxes`: one position of a small space, picked by bytes,
//! against the plain rules.

use crate::plain::PlainDots;
use crate::{Board, DotsAndBoxes, Lines, Rule};
use workbench::check::OracleSide;
use workbench::fuzz::FuzzTarget;
use workbench::space::{check_scoring_space, id_from_bytes};

/// The fuzz body `rank_dots_and_boxes`: a space from bytes (byte 0 the rows and byte 1 the
/// columns, 1..=3 each; byte 2 the rule; bytes 3..7 the drawn start, little-endian, cut to the
/// board) and the position bytes 7..11 name in it, against [`PlainDots`]: its ranking
/// round-trips, its moves on ids (listed and visited) are the plain moves on sets of segments,
/// with the same gains and extra moves.
pub fn rank_dots_and_boxes(data: &[u8]) -> Result<(), String> {
    let byte = |i: usize| *data.get(i).unwrap_or(&0);
    let (rows, cols) = (1 + byte(0) as usize % 3, 1 + byte(1) as usize % 3);
    let board = Board::new(rows, cols).map_err(|e| e.to_string())?;
    let rule = if byte(2) % 2 == 0 { Rule::TurnPasses } else { Rule::MoveAgain };
    let start = u32::from_le_bytes([byte(3), byte(4), byte(5), byte(6)]) & board.all_lines();
    let game = DotsAndBoxes::from_position(board, rule, start);
    let id = id_from_bytes(&game, data, 7);
    let plain = PlainDots { rows, cols, rule };
    let to_plain = |lines: &Lines| PlainDots::from_lines(&board, *lines);
    check_scoring_space(&game, &OracleSide { rules: &plain, state: &to_plain }, [id]).map_err(|e| e.to_string())
}

/// The crate's fuzz bodies.
pub const FUZZ: &[FuzzTarget] = &[FuzzTarget { name: "rank_dots_and_boxes", body: rank_dots_and_boxes }];

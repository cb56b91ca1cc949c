//! The fuzz body `rank_mnk`: one position of a small game's space against the plain rules, and
//! a board code against the checks of a reachable board.

use crate::board::{Board, Shape};
use crate::plain::{PlainBoard, PlainRules};
use crate::space::MnkSpace;
use std::sync::OnceLock;
use workbench::check::OracleSide;
use workbench::fuzz::FuzzTarget;
use workbench::space::{check_loopy_space, id_from_bytes};

/// The oracle's side of a check on `shape`: the plain rules, and a board as a plain board.
pub fn plain_side(shape: Shape) -> (PlainRules, fn(&Board) -> PlainBoard) {
    (PlainRules::new(shape.k()), PlainBoard::from_board)
}

/// The games the fuzz target `rank_mnk` picks from (by its first byte): every kind of line,
/// k = 1 and k = max(m, n), one-row boards; each space is built once.
pub const FUZZ_GAMES: &[(usize, usize, usize)] =
    &[(3, 3, 3), (4, 3, 3), (3, 4, 3), (2, 2, 2), (1, 1, 1), (3, 3, 1), (1, 7, 3), (2, 5, 3), (3, 3, 2), (4, 2, 4)];

fn fuzz_space(index: usize) -> &'static MnkSpace {
    static SPACES: [OnceLock<MnkSpace>; FUZZ_GAMES.len()] = [const { OnceLock::new() }; FUZZ_GAMES.len()];
    SPACES[index].get_or_init(|| {
        let (m, n, k) = FUZZ_GAMES[index];
        MnkSpace::new(Shape::new(m, n, k).expect("a valid game"))
    })
}

/// `rank_mnk`: a game picked by the first byte; the position the next four bytes name, checked
/// against the plain rules (rank round trip, finished or not, moves); and the board the four
/// after name as a base-3 code, which the checks of [`Board::new`] accept exactly when the
/// enumeration reached it.
pub fn rank_mnk(data: &[u8]) -> Result<(), String> {
    let index = data.first().map_or(0, |&b| b as usize % FUZZ_GAMES.len());
    let space = fuzz_space(index);
    let shape = space.shape();
    let (rules, state) = plain_side(shape);
    let id = id_from_bytes(space, data, 1);
    check_loopy_space(space, &OracleSide { rules: &rules, state: &state }, [id]).map_err(|e| e.to_string())?;
    let mut word = [0u8; 4];
    for (slot, byte) in word.iter_mut().zip(data.iter().skip(5)) {
        *slot = *byte;
    }
    let code = u32::from_le_bytes(word) % crate::board::POW3[shape.cells()];
    let board = Board::from_code(shape, code);
    let checked = Board::new(shape, board.mask(crate::Player::X), board.mask(crate::Player::O));
    match (checked, space.id_of(&board)) {
        (Ok(_), Some(_)) | (Err(_), None) => Ok(()),
        (Ok(_), None) => Err(format!("{board:?} passes the checks of a reachable board, but play does not reach it")),
        (Err(e), Some(_)) => Err(format!("{board:?} is reached in play, but the checks reject it: {e}")),
    }
}

/// The crate's fuzz bodies.
pub const FUZZ: &[FuzzTarget] = &[FuzzTarget { name: "rank_mnk", body: rank_mnk }];

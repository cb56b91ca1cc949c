//! The `search` engine: memoized negamax from one board, on boards (two masks), with no space
//! and no ranking. It visits exactly the positions reachable from its start; its memo is a
//! byte per base-3 code of the shape (`3^cells` bytes, at most 41 MiB for 16 cells), so it
//! answers later boards of the same game from what it learned.

use crate::board::{Board, POW3, Shape, Status, cells_of};
use crate::space::best_child;
use solver_core::Outcome;

/// Memoized negamax over the boards of one shape: each board's value once, for the player to
/// move, with remoteness.
///
/// ```
/// use mnk::{Board, Search, Shape};
/// use solver_core::Outcome;
/// let shape = Shape::new(3, 3, 3).unwrap();
/// let mut search = Search::new(shape);
/// assert_eq!(search.value(Board::empty(shape)), Outcome::Tie(9));
/// assert_eq!(search.positions(), 5_478);
/// ```
pub struct Search {
    shape: Shape,
    lines: Vec<u16>,
    /// `memo[code]`: 0 while unknown, else the value packed as `remoteness << 2 | kind`.
    memo: Vec<u8>,
    positions: usize,
}

const WIN: u8 = 1;
const LOSS: u8 = 2;
const TIE: u8 = 3;

fn pack(value: Outcome) -> u8 {
    match value {
        Outcome::Win(r) => (r as u8) << 2 | WIN,
        Outcome::Loss(r) => (r as u8) << 2 | LOSS,
        Outcome::Tie(r) => (r as u8) << 2 | TIE,
        Outcome::Draw => unreachable!("every play of an m,n,k-game ends"),
    }
}

fn unpack(cell: u8) -> Outcome {
    let r = u32::from(cell >> 2);
    match cell & 3 {
        WIN => Outcome::Win(r),
        LOSS => Outcome::Loss(r),
        _ => Outcome::Tie(r),
    }
}

impl Search {
    /// A search of `shape` with an empty memo.
    pub fn new(shape: Shape) -> Search {
        Search { shape, lines: shape.lines(), memo: vec![0; POW3[shape.cells()] as usize], positions: 0 }
    }

    /// The value of `board` for the player to move.
    ///
    /// # Panics
    /// If `board` is of another shape.
    pub fn value(&mut self, board: Board) -> Outcome {
        assert_eq!(board.shape(), self.shape, "a board of another game");
        self.value_of(board, board.code())
    }

    fn value_of(&mut self, board: Board, code: u32) -> Outcome {
        let known = self.memo[code as usize];
        if known != 0 {
            return unpack(known);
        }
        let value = match board.status(&self.lines) {
            Status::Won(_) => Outcome::Loss(0),
            Status::Full => Outcome::Tie(0),
            Status::InPlay => {
                let digit = if board.to_move() == crate::Player::X { 1 } else { 2 };
                let mut children = [Outcome::Draw; crate::MAX_CELLS];
                let mut count = 0;
                for cell in cells_of(board.empty_cells()) {
                    children[count] = self.value_of(board.play(cell), code + digit * POW3[cell]);
                    count += 1;
                }
                best_child(children[..count].iter().copied())
            }
        };
        self.memo[code as usize] = pack(value);
        self.positions += 1;
        value
    }

    /// Positions evaluated so far.
    pub fn positions(&self) -> usize {
        self.positions
    }
}

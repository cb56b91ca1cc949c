//! The rules restated for the oracle on plain boards, sharing no code with the engine side:
//! no bitboards, no shifts. A [`PlainBoard`] is a grid of cells; four in a row is found by
//! walking four steps from each cell in each of four directions.

use crate::board::{Position, Shape};
use solver_core::{Game, Rules, Terminal};

/// A board as a grid: column `c`, row `r` (0 at the bottom) is `cells[c * height + r]`, 0
/// empty, 1 the first player's stone, 2 the second's.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlainBoard {
    /// The cells, column after column, each from the bottom.
    pub cells: Vec<u8>,
}

/// Connect Four on plain grids of `width` x `height`.
#[derive(Debug, Clone, Copy)]
pub struct PlainRules {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

impl PlainRules {
    /// The oracle's form of an engine position.
    pub fn plain(&self, shape: Shape, position: &Position) -> PlainBoard {
        let mut cells = vec![0; self.width * self.height];
        for c in 0..self.width {
            for r in 0..self.height {
                cells[c * self.height + r] = match position.stone(shape, c, r) {
                    Some(true) => 1,
                    Some(false) => 2,
                    None => 0,
                };
            }
        }
        PlainBoard { cells }
    }

    fn at(&self, board: &PlainBoard, c: i64, r: i64) -> Option<u8> {
        let inside = (0..self.width as i64).contains(&c) && (0..self.height as i64).contains(&r);
        inside.then(|| board.cells[c as usize * self.height + r as usize])
    }

    /// Whether `player` (1 or 2) has four cells in a row.
    pub fn has_four(&self, board: &PlainBoard, player: u8) -> bool {
        let directions = [(1, 0), (0, 1), (1, 1), (1, -1)];
        (0..self.width as i64).any(|c| {
            (0..self.height as i64).any(|r| {
                directions
                    .iter()
                    .any(|&(dc, dr)| (0..4).all(|i| self.at(board, c + i * dc, r + i * dr) == Some(player)))
            })
        })
    }

    /// 1 when the counts are equal (the first player moves), else 2.
    pub fn to_move(&self, board: &PlainBoard) -> u8 {
        let count = |p| board.cells.iter().filter(|&&x| x == p).count();
        if count(1) == count(2) { 1 } else { 2 }
    }
}

impl Game for PlainRules {
    type State = PlainBoard;
}

impl Rules for PlainRules {
    fn terminal(&self, board: &PlainBoard) -> Option<Terminal> {
        let last = 3 - self.to_move(board);
        if self.has_four(board, last) {
            Some(Terminal::Loss)
        } else if board.cells.iter().all(|&x| x != 0) {
            Some(Terminal::Tie)
        } else {
            None
        }
    }

    fn successors(&self, board: &PlainBoard, out: &mut Vec<PlainBoard>) {
        let mover = self.to_move(board);
        for c in 0..self.width {
            if let Some(r) = (0..self.height).find(|&r| board.cells[c * self.height + r] == 0) {
                let mut next = board.clone();
                next.cells[c * self.height + r] = mover;
                out.push(next);
            }
        }
    }
}

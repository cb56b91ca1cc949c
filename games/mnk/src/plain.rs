//! The rules restated for the oracle on plain boards, sharing no code with the engine side:
//! no masks, no precomputed lines, no codes, no ranking. A [`PlainBoard`] is a grid of marks;
//! a line is found by walking `k` steps from each cell in each of four directions.
//!
//! Solve with `oracle::solve_loopy(&PlainRules::new(m, n, k), starts, budget)`.

use crate::board::Board;
use solver_core::{Game, Rules, Terminal};

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Nobody.
    Empty,
    /// The first player.
    X,
    /// The second player.
    O,
}

/// A board as a grid: row `r`, column `c` is `cells[r * cols + c]`, row 0 at the top.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlainBoard {
    /// Columns: the length of a row.
    pub cols: usize,
    /// The cells, row after row, top first.
    pub cells: Vec<Mark>,
}

impl PlainBoard {
    /// The oracle's form of a board of the engines, read from its rows as text.
    pub fn from_board(board: &Board) -> PlainBoard {
        let mark = |ch| match ch {
            'X' => Mark::X,
            'O' => Mark::O,
            _ => Mark::Empty,
        };
        let rows = board.rows();
        PlainBoard { cols: rows[0].len(), cells: rows.iter().flat_map(|row| row.chars().map(mark)).collect() }
    }

    fn count(&self, mark: Mark) -> usize {
        self.cells.iter().filter(|&&m| m == mark).count()
    }

    /// Rows.
    fn rows(&self) -> usize {
        self.cells.len() / self.cols
    }

    /// X when X and O have as many marks, else O.
    pub fn to_move(&self) -> Mark {
        if self.count(Mark::X) == self.count(Mark::O) { Mark::X } else { Mark::O }
    }

    /// The mark at row `r`, column `c`, or `None` off the board.
    fn at(&self, r: i64, c: i64) -> Option<Mark> {
        let (r, c) = (usize::try_from(r).ok()?, usize::try_from(c).ok()?);
        (r < self.rows() && c < self.cols).then(|| self.cells[r * self.cols + c])
    }
}

/// The rules of the m,n,k-game on plain boards: the oracle's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlainRules {
    /// How many in a row win.
    pub k: usize,
}

impl PlainRules {
    /// The rules of `k` in a row (the board itself gives m and n).
    pub fn new(k: usize) -> PlainRules {
        PlainRules { k }
    }

    /// Whether `mark` holds `k` cells in a row, column or diagonal somewhere on the board.
    pub fn has_line(&self, board: &PlainBoard, mark: Mark) -> bool {
        let k = self.k as i64;
        let (rows, cols) = (board.rows() as i64, board.cols as i64);
        (0..rows).any(|r| {
            (0..cols).any(|c| {
                [(0, 1), (1, 0), (1, 1), (1, -1)]
                    .iter()
                    .any(|(dr, dc)| (0..k).all(|i| board.at(r + i * dr, c + i * dc) == Some(mark)))
            })
        })
    }
}

impl Game for PlainRules {
    type State = PlainBoard;
}

impl Rules for PlainRules {
    /// Lost for the player to move if the other player (who moved last) has a line; a tie if
    /// the board is full; else in play. (In play the player to move never has a line: the game
    /// stops at the first one.)
    fn terminal(&self, board: &PlainBoard) -> Option<Terminal> {
        let last = match board.to_move() {
            Mark::X => Mark::O,
            _ => Mark::X,
        };
        if self.has_line(board, last) {
            Some(Terminal::Loss)
        } else if board.count(Mark::Empty) == 0 {
            Some(Terminal::Tie)
        } else {
            None
        }
    }

    /// The player to move marks any empty cell.
    fn successors(&self, board: &PlainBoard, out: &mut Vec<PlainBoard>) {
        let mover = board.to_move();
        for (cell, &mark) in board.cells.iter().enumerate() {
            if mark == Mark::Empty {
                let mut next = board.clone();
                next.cells[cell] = mover;
                out.push(next);
            }
        }
    }
}

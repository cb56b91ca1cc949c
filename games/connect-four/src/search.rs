//! Connect Four's own forward search: solver-core's engines on bitboards, with the rules a
//! strong solver prunes and orders by (after Pons' tutorial solver).
//!
//! - A win in one is the only move listed; else the mover must block a cell where the
//!   opponent would win at once (one block is listed when there are two: every move then loses
//!   in two plies); a move onto the cell under an opponent's winning cell loses at once and is
//!   listed only if every move does. Each left-out move is worth no more than one listed, so
//!   values stay exact (the contract of [`SearchGame::moves`]).
//! - Moves are tried by the cells they make winning for the mover (threats), most first, then
//!   from the centre out.
//! - The key is the position's two bitboards (stones of the mover + every stone, one number
//!   per position since the sum sets the bit above each column's top stone), the least of it
//!   and its mirror image, so a position and its reflection share an entry.

use crate::board::{Position, Shape, winning_cells};
use solver_core::Terminal;
use solver_core::search::{Played, SearchGame};

/// The forward search of one board size.
#[derive(Debug, Clone)]
pub struct ConnectFourSearch {
    shape: Shape,
    bottoms: u64,
    full: u64,
    centre_first: Vec<usize>,
    mirror: bool,
}

impl ConnectFourSearch {
    /// The search of `shape`, keys folding a position with its mirror image.
    ///
    /// ```
    /// use connect_four::{ConnectFourSearch, Position, Shape};
    /// use solver_core::search::{SearchEngine, SearchLimits, SearchValue, Answer};
    /// // On a board 4 wide and 4 high neither player can force four: a tie (Tromp).
    /// let game = ConnectFourSearch::new(Shape::new(4, 4).unwrap());
    /// let limits = SearchLimits { tt_bytes: 1 << 20, ..SearchLimits::default() };
    /// let found = SearchEngine::ALL[0].run(&game, &Position::empty(), &limits).unwrap();
    /// assert_eq!(found.answer, Answer::Exact(SearchValue::Tie));
    /// ```
    pub fn new(shape: Shape) -> ConnectFourSearch {
        ConnectFourSearch {
            shape,
            bottoms: shape.bottoms(),
            full: shape.full(),
            centre_first: shape.centre_first().collect(),
            mirror: true,
        }
    }

    /// The same search with keys that keep a position and its mirror image apart: for
    /// measuring what the symmetry saves.
    pub fn without_mirror(mut self) -> ConnectFourSearch {
        self.mirror = false;
        self
    }

    /// The board size.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    fn winning_cells(&self, stones: u64, occupied: u64) -> u64 {
        winning_cells(self.shape, stones, occupied)
    }

    /// The cells a stone may drop into now: each open column's lowest empty cell.
    fn playable(&self, position: &Position) -> u64 {
        (position.stones + self.bottoms) & self.full
    }

    fn column_of(&self, cell: u64) -> usize {
        cell.trailing_zeros() as usize / self.shape.stride() as usize
    }
}

impl SearchGame for ConnectFourSearch {
    type Position = Position;
    type Move = u8;

    fn scoring(&self) -> bool {
        false
    }

    fn terminal(&self, position: &Position) -> Option<Terminal> {
        position.status(self.shape).terminal()
    }

    fn moves(&self, position: &Position, out: &mut Vec<u8>) {
        let playable = self.playable(position);
        let wins = self.winning_cells(position.mover, position.stones) & playable;
        if wins != 0 {
            out.push(self.column_of(wins & wins.wrapping_neg()) as u8);
            return;
        }
        let threats = self.winning_cells(position.last_mover(), position.stones);
        let forced = playable & threats;
        let mut allowed = if forced != 0 { forced & forced.wrapping_neg() } else { playable };
        // A stone under an opponent's winning cell lets them win on it at once.
        let safe = allowed & !(threats >> 1);
        if safe != 0 {
            allowed = safe;
        } else if forced == 0 {
            allowed &= allowed.wrapping_neg();
        }
        let start = out.len();
        out.extend(self.centre_first.iter().filter(|&&c| allowed & self.shape.column(c) != 0).map(|&c| c as u8));
        // Most threats first; the sort is stable, so the centre goes first among equals.
        let threats_after = |column: u8| {
            let cell = playable & self.shape.column(usize::from(column));
            let mine = position.mover | cell;
            (self.winning_cells(mine, position.stones | cell)).count_ones()
        };
        out[start..].sort_by_key(|&column| std::cmp::Reverse(threats_after(column)));
    }

    fn play(&self, position: &Position, column: u8) -> Played<Position> {
        Played { position: position.play(self.shape, usize::from(column)), gain: 0, again: false }
    }

    fn key(&self, position: &Position) -> Option<u128> {
        let key = |p: Position| u128::from(p.mover + p.stones);
        let plain = key(*position);
        if !self.mirror {
            return Some(plain);
        }
        Some(plain.min(key(position.mirror(self.shape))))
    }
}

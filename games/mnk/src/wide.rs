//! m,n,k-games on boards too large for a table (up to 64 cells, e.g. 7 x 7 or 8 x 8), valued by
//! forward search: [`MnkSearch`] is the game as solver-core's search engines see it.
//!
//! The rules are the crate's (see the crate docs): X moves first, the first to hold `k` cells in
//! a row along a row, a column or a diagonal wins, a full board without a line is a tie. Values
//! are for the player to move: a win in the fewest plies the winner can force, a loss in the
//! most the loser can delay, or a tie.
//!
//! What makes the search fast, each exact (the value, remoteness included, is unchanged):
//! - **Immediate wins first, alone.** A move that completes a line wins in one ply, the best any
//!   position can be worth, so it is the only move listed.
//! - **Forced blocks.** Otherwise, when the opponent holds `k - 1` cells of a line whose last
//!   cell is empty, every move elsewhere loses in two plies (the opponent completes the line);
//!   a move on such a cell is worth at least that, so only those cells are listed.
//! - **Centre first.** Other moves are tried from the centre outwards.
//! - **Symmetry.** The transposition-table key is the least of the board's images under the
//!   board's symmetries (8 for a square, 4 for a rectangle), so mirrored positions share an
//!   entry ([`MnkSearch::without_symmetry`] turns it off, for comparison).
//!
//! Measured from the empty board with a 256 MiB table on the 2-core development machine with
//! nothing else running (2026-12-05), `cargo run --release -p mnk --example search_empty -- M N
//! K`:
//!
//! | game | value | alpha-beta | bisection | MTD(f) | weak |
//! |---|---|---|---|---|---|
//! | (4,4,4) | tie | 26,144 positions, 0.01 s | 26,996, 0.01 s | 25,567, 0.01 s | 25,548, 0.01 s |
//! | (5,5,4) | tie | 25.7 M, 12.2 s | 14.5 M, 7.2 s | 14.5 M, 7.2 s | 14.5 M, 7.0 s |
//!
//! (5,5,4) a draw agrees with Berlekamp, Conway and Guy, *Winning Ways*; without symmetry the
//! full-window search of (5,5,4) did not finish in 200 s.
//!
//! ```
//! use mnk::wide::{MnkSearch, WideShape};
//! use solver_core::search::{Answer, Driver, SearchLimits, SearchValue, alpha_beta};
//!
//! // Tic-tac-toe is a tie; on 3 x 4 with 3 in a row X wins in 7 (the crate's table, 4,3,3).
//! let limits = SearchLimits { tt_bytes: 1 << 20, ..SearchLimits::default() };
//! let game = MnkSearch::new(WideShape::new(3, 3, 3).unwrap());
//! let found = alpha_beta(&game, &game.empty(), Driver::Mtdf, &limits).unwrap();
//! assert_eq!(found.answer, Answer::Exact(SearchValue::Tie));
//! let game = MnkSearch::new(WideShape::new(4, 3, 3).unwrap());
//! let found = alpha_beta(&game, &game.empty(), Driver::Mtdf, &limits).unwrap();
//! assert_eq!(found.answer, Answer::Exact(SearchValue::Win(7)));
//! ```

use solver_core::Terminal;
use solver_core::search::{Played, SearchGame};
use std::fmt;

/// The most cells a board searched here has: one bit a cell in a `u64`.
pub const MAX_WIDE_CELLS: usize = 64;

/// An m,n,k-game of at most [`MAX_WIDE_CELLS`] cells, with its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WideShape {
    rows: usize,
    cols: usize,
    k: usize,
    /// Every line as a mask of its `k` cells.
    lines: Vec<u64>,
    /// `lines_through[cell]`: the lines that hold `cell`.
    lines_through: Vec<Vec<u64>>,
    /// Every cell, from the centre outwards (ties broken by cell number).
    centre_first: Vec<u8>,
    /// The board's symmetries as cell permutations (the identity first).
    symmetries: Vec<Vec<u8>>,
}

/// Why a shape is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WideShapeError {
    /// No cells, or more than fit a mask.
    #[error("a {rows} x {cols} board must have between 1 and {MAX_WIDE_CELLS} cells")]
    Cells {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// `k` outside `1..=max(rows, cols)`.
    #[error("k = {k} is outside 1..={longest}: k is at least 1 and at most max(m, n) = {longest}")]
    K {
        /// The `k` asked for.
        k: usize,
        /// `max(rows, cols)`.
        longest: usize,
    },
}

impl WideShape {
    /// The game of `rows` rows, `cols` columns and `k` in a row, if it fits.
    pub fn new(rows: usize, cols: usize, k: usize) -> Result<WideShape, WideShapeError> {
        if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_WIDE_CELLS || rows.max(cols) > 26 {
            return Err(WideShapeError::Cells { rows, cols });
        }
        let longest = rows.max(cols);
        if k == 0 || k > longest {
            return Err(WideShapeError::K { k, longest });
        }
        let cells = rows * cols;
        let mut lines = Vec::new();
        let (m, n, kk) = (rows as i64, cols as i64, k as i64);
        for r in 0..m {
            for c in 0..n {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let (end_r, end_c) = (r + (kk - 1) * dr, c + (kk - 1) * dc);
                    if (0..m).contains(&end_r) && (0..n).contains(&end_c) {
                        lines.push((0..kk).fold(0u64, |mask, i| mask | 1 << ((r + i * dr) * n + c + i * dc)));
                    }
                }
            }
        }
        lines.sort_unstable();
        lines.dedup();
        let lines_through =
            (0..cells).map(|cell| lines.iter().copied().filter(|l| l >> cell & 1 == 1).collect()).collect();
        // Twice the distance from the centre, so that it stays an integer.
        let distance = |cell: usize| {
            let (r, c) = ((cell / cols) as i64, (cell % cols) as i64);
            (2 * r - (m - 1)).pow(2) + (2 * c - (n - 1)).pow(2)
        };
        let mut centre_first: Vec<u8> = (0..cells as u8).collect();
        centre_first.sort_by_key(|&cell| (distance(cell as usize), cell));
        Ok(WideShape { rows, cols, k, lines, lines_through, centre_first, symmetries: symmetries(rows, cols) })
    }

    /// The cell's name: its column as a letter, its row from 1 (`a1` top left), as the crate's
    /// moves are named.
    pub fn cell_name(&self, cell: usize) -> String {
        let (r, c) = (cell / self.cols, cell % self.cols);
        format!("{}{}", (b'a' + c as u8) as char, r + 1)
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// How many in a row win.
    pub fn k(&self) -> usize {
        self.k
    }

    /// Cells.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    fn full(&self) -> u64 {
        if self.cells() == 64 { u64::MAX } else { (1u64 << self.cells()) - 1 }
    }

    fn has_line(&self, marks: u64) -> bool {
        self.lines.iter().any(|&line| line & !marks == 0)
    }
}

/// The cell permutations that map a `rows` x `cols` board onto itself: the identity, the two
/// mirrors and the half turn, and for a square the two diagonal reflections and quarter turns.
fn symmetries(rows: usize, cols: usize) -> Vec<Vec<u8>> {
    let cell = |r: usize, c: usize| (r * cols + c) as u8;
    let mut maps: Vec<Box<dyn Fn(usize, usize) -> u8>> = vec![
        Box::new(cell),
        Box::new(move |r, c| cell(r, cols - 1 - c)),
        Box::new(move |r, c| cell(rows - 1 - r, c)),
        Box::new(move |r, c| cell(rows - 1 - r, cols - 1 - c)),
    ];
    if rows == cols {
        maps.push(Box::new(move |r, c| cell(c, r)));
        maps.push(Box::new(move |r, c| cell(cols - 1 - c, rows - 1 - r)));
        maps.push(Box::new(move |r, c| cell(c, rows - 1 - r)));
        maps.push(Box::new(move |r, c| cell(cols - 1 - c, r)));
    }
    maps.iter().map(|map| (0..rows * cols).map(|i| map(i / cols, i % cols)).collect()).collect()
}

/// A position: each player's cells, and whether the last move completed a line (which ends the
/// game, lost for the player to move). X is to move when the counts are equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct WideBoard {
    x: u64,
    o: u64,
    won: bool,
}

impl WideBoard {
    /// The cells of the player to move and of the other player.
    fn sides(&self) -> (u64, u64) {
        if self.x.count_ones() == self.o.count_ones() { (self.x, self.o) } else { (self.o, self.x) }
    }

    /// Marks on the board.
    pub fn pieces(&self) -> u32 {
        (self.x | self.o).count_ones()
    }

    /// Whether X is to move (X moves first, so when the counts are equal).
    pub fn x_to_move(&self) -> bool {
        self.x.count_ones() == self.o.count_ones()
    }
}

impl fmt::Debug for WideBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x={:#x} o={:#x}", self.x, self.o)
    }
}

/// An m,n,k-game as the search engines see it (see the [module docs](self)).
pub struct MnkSearch {
    shape: WideShape,
    symmetry: bool,
}

impl MnkSearch {
    /// The game of `shape`, keys reduced by the board's symmetries.
    pub fn new(shape: WideShape) -> MnkSearch {
        MnkSearch { shape, symmetry: true }
    }

    /// The same game with the identity as the only symmetry.
    pub fn without_symmetry(self) -> MnkSearch {
        MnkSearch { symmetry: false, ..self }
    }

    /// Its shape.
    pub fn shape(&self) -> &WideShape {
        &self.shape
    }

    /// The empty board.
    pub fn empty(&self) -> WideBoard {
        WideBoard { x: 0, o: 0, won: false }
    }

    /// The board read from rows of `X`, `O` and `.` (top first, `/` between rows, as the
    /// crate's notation), if play can reach it: the counts fit (X moves first), the player to
    /// move has no line, and the last mover's lines share a cell (that of the last move).
    pub fn parse(&self, text: &str) -> Result<WideBoard, String> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != self.shape.rows {
            return Err(format!("expected {} rows separated by `/`, found {}", self.shape.rows, rows.len()));
        }
        let (mut x, mut o) = (0u64, 0u64);
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != self.shape.cols {
                return Err(format!("row {} has {} cells, not {}", r + 1, row.chars().count(), self.shape.cols));
            }
            for (c, ch) in row.chars().enumerate() {
                let bit = 1u64 << (r * self.shape.cols + c);
                match ch {
                    'X' | 'x' => x |= bit,
                    'O' | 'o' => o |= bit,
                    '.' => {}
                    other => return Err(format!("row {} has `{other}`, not X, O or .", r + 1)),
                }
            }
        }
        self.board(x, o)
    }

    /// The board with X on `x` and O on `o`, if play can reach it (see [`MnkSearch::parse`]).
    pub fn board(&self, x: u64, o: u64) -> Result<WideBoard, String> {
        if x & o != 0 || (x | o) & !self.shape.full() != 0 {
            return Err("the marks overlap or leave the board".to_string());
        }
        let (nx, no) = (x.count_ones(), o.count_ones());
        if nx != no && nx != no + 1 {
            return Err(format!("X has {nx} marks and O {no}: X moves first, so X has as many as O or one more"));
        }
        let board = WideBoard { x, o, won: false };
        let (mover, last) = board.sides();
        if self.shape.has_line(mover) {
            return Err("the player to move already has a line: the game ended before".to_string());
        }
        let mut common = u64::MAX;
        let mut won = false;
        for &line in self.shape.lines.iter().filter(|&&line| last & line == line) {
            common &= line;
            won = true;
        }
        if won && common == 0 {
            return Err("the last mover has lines that share no cell: no single move made them".to_string());
        }
        Ok(WideBoard { won, ..board })
    }

    /// The board's rows, `/` between them.
    pub fn describe(&self, board: &WideBoard) -> String {
        let cols = self.shape.cols;
        let rows: Vec<String> = (0..self.shape.rows)
            .map(|r| {
                (0..cols)
                    .map(|c| {
                        let bit = 1u64 << (r * cols + c);
                        if board.x & bit != 0 {
                            'X'
                        } else if board.o & bit != 0 {
                            'O'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        rows.join("/")
    }

    /// The empty cells that complete a line of `marks`: a line of which `marks` holds all but
    /// one cell, and the other is empty.
    fn completing_cells(&self, marks: u64, empty: u64) -> u64 {
        let mut cells = 0;
        for &line in &self.shape.lines {
            let missing = line & !marks;
            if missing.count_ones() == 1 && missing & empty != 0 {
                cells |= missing;
            }
        }
        cells
    }

    fn image(&self, marks: u64, map: &[u8]) -> u64 {
        let mut image = 0;
        let mut rest = marks;
        while rest != 0 {
            image |= 1u64 << map[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        image
    }
}

impl SearchGame for MnkSearch {
    type Position = WideBoard;
    type Move = u8;

    fn scoring(&self) -> bool {
        false
    }

    fn terminal(&self, board: &WideBoard) -> Option<Terminal> {
        if board.won {
            Some(Terminal::Loss)
        } else if board.x | board.o == self.shape.full() {
            Some(Terminal::Tie)
        } else {
            None
        }
    }

    fn moves(&self, board: &WideBoard, out: &mut Vec<u8>) {
        let (mine, theirs) = board.sides();
        let empty = self.shape.full() & !(mine | theirs);
        let wins = self.completing_cells(mine, empty);
        if wins != 0 {
            out.push(wins.trailing_zeros() as u8);
            return;
        }
        let blocks = self.completing_cells(theirs, empty);
        let allowed = if blocks != 0 { blocks } else { empty };
        out.extend(self.shape.centre_first.iter().copied().filter(|&cell| allowed >> cell & 1 == 1));
    }

    fn play(&self, board: &WideBoard, cell: u8) -> Played<WideBoard> {
        let bit = 1u64 << cell;
        let x_moves = board.x.count_ones() == board.o.count_ones();
        let (x, o) = if x_moves { (board.x | bit, board.o) } else { (board.x, board.o | bit) };
        let marks = if x_moves { x } else { o };
        let won = self.shape.lines_through[cell as usize].iter().any(|&line| line & !marks == 0);
        Played { position: WideBoard { x, o, won }, gain: 0, again: false }
    }

    fn key(&self, board: &WideBoard) -> Option<u128> {
        // Whether the game is over follows from the marks (the last mover's line), so the
        // marks alone are an exact key; so is the least image under a symmetry of the board.
        let key = |x: u64, o: u64| u128::from(x) | u128::from(o) << 64;
        if !self.symmetry {
            return Some(key(board.x, board.o));
        }
        let images = self.shape.symmetries.iter().map(|map| key(self.image(board.x, map), self.image(board.o, map)));
        images.min()
    }
}

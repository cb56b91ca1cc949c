//! The game's vocabulary: shapes (m, n, k), players and boards, with the checks that make a
//! board one that play can reach. The space, the search and the judge share it; the plain
//! rules ([`crate::plain`]) do not.
//!
//! A board of `m` rows and `n` columns numbers its cells row by row: cell `r * n + c` is row
//! `r`, column `c`, both from 0 at the top left. A board is two bitmasks of cells, X's and O's.
//! People name cells by column letter and row number from 1, counted from the top as the judge
//! input lists the rows: `a1` is the top left cell, `c2` the third cell of the second row.

use std::fmt;

/// The most cells a board may have.
pub const MAX_CELLS: usize = 16;

/// `POW3[i]` is 3 to the `i`.
pub(crate) const POW3: [u32; MAX_CELLS + 1] = {
    let mut pow = [1u32; MAX_CELLS + 1];
    let mut i = 1;
    while i <= MAX_CELLS {
        pow[i] = pow[i - 1] * 3;
        i += 1;
    }
    pow
};

/// A player. X moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// The player's mark on a board.
    pub fn mark(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.mark())
    }
}

/// An m,n,k-game: `m` rows, `n` columns, `k` in a row wins.
///
/// Accepted: `m, n >= 1`, `m * n <= 16`, `1 <= k <= max(m, n)`.
///
/// ```
/// use mnk::Shape;
/// let tic_tac_toe = Shape::new(3, 3, 3).unwrap();
/// assert_eq!(tic_tac_toe.lines().len(), 8);
/// assert_eq!(Shape::new(4, 5, 4).unwrap_err().to_string(), "a 4 x 5 board has 20 cells, more than the 16 this solver takes");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    m: u8,
    n: u8,
    k: u8,
}

/// Parameters outside the accepted games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeError {
    /// No rows or no columns.
    Empty {
        /// Rows asked for.
        m: usize,
        /// Columns asked for.
        n: usize,
    },
    /// More than [`MAX_CELLS`] cells.
    TooManyCells {
        /// Rows asked for.
        m: usize,
        /// Columns asked for.
        n: usize,
    },
    /// `k` is 0 or longer than the longest row or column.
    K {
        /// The `k` asked for.
        k: usize,
        /// `max(m, n)`.
        longest: usize,
    },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ShapeError::Empty { m, n } => write!(f, "a {m} x {n} board has no cells: m and n are at least 1"),
            ShapeError::TooManyCells { m, n } => write!(
                f,
                "a {m} x {n} board has {} cells, more than the {MAX_CELLS} this solver takes",
                m.saturating_mul(n)
            ),
            ShapeError::K { k, longest } => {
                write!(f, "k = {k} is outside 1..={longest}: k is at least 1 and at most max(m, n) = {longest}")
            }
        }
    }
}

impl std::error::Error for ShapeError {}

impl Shape {
    /// The game of `m` rows, `n` columns and `k` in a row, if accepted.
    pub fn new(m: usize, n: usize, k: usize) -> Result<Shape, ShapeError> {
        if m == 0 || n == 0 {
            return Err(ShapeError::Empty { m, n });
        }
        if m.saturating_mul(n) > MAX_CELLS {
            return Err(ShapeError::TooManyCells { m, n });
        }
        let longest = m.max(n);
        if k == 0 || k > longest {
            return Err(ShapeError::K { k, longest });
        }
        Ok(Shape { m: m as u8, n: n as u8, k: k as u8 })
    }

    /// Rows.
    pub fn rows(self) -> usize {
        self.m as usize
    }

    /// Columns.
    pub fn cols(self) -> usize {
        self.n as usize
    }

    /// How many in a row win.
    pub fn k(self) -> usize {
        self.k as usize
    }

    /// Cells: `m * n`.
    pub fn cells(self) -> usize {
        self.rows() * self.cols()
    }

    /// The mask of every cell.
    pub fn full(self) -> u16 {
        ((1u32 << self.cells()) - 1) as u16
    }

    /// The cell of row `r` and column `c` (from 0).
    pub fn cell(self, r: usize, c: usize) -> usize {
        r * self.cols() + c
    }

    /// Every line: each run of `k` cells along a row, a column or a diagonal, as a mask, without
    /// repeats (for `k = 1` the four directions give the same one-cell lines), in increasing
    /// order of masks.
    pub fn lines(self) -> Vec<u16> {
        let (m, n, k) = (self.m as i32, self.n as i32, self.k as i32);
        let mut lines = Vec::new();
        for r in 0..m {
            for c in 0..n {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let (end_r, end_c) = (r + (k - 1) * dr, c + (k - 1) * dc);
                    if !(0..m).contains(&end_r) || !(0..n).contains(&end_c) {
                        continue;
                    }
                    let mask = (0..k).fold(0u16, |mask, i| mask | 1 << ((r + i * dr) * n + c + i * dc));
                    lines.push(mask);
                }
            }
        }
        lines.sort_unstable();
        lines.dedup();
        lines
    }

    /// The name of a cell: its column letter and row number from 1 (`a1` is the top left).
    pub fn cell_name(self, cell: usize) -> String {
        let (r, c) = (cell / self.cols(), cell % self.cols());
        format!("{}{}", (b'a' + c as u8) as char, r + 1)
    }

    /// The cells of a mask, named and separated by spaces, in increasing order of cells (which is
    /// the order along a line).
    pub fn cells_named(self, mask: u16) -> String {
        cells_of(mask).map(|cell| self.cell_name(cell)).collect::<Vec<_>>().join(" ")
    }
}

impl fmt::Display for Shape {
    /// `m=3 n=3 k=3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "m={} n={} k={}", self.m, self.n, self.k)
    }
}

/// The cells of a mask, in increasing order.
pub fn cells_of(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let cell = (mask != 0).then(|| mask.trailing_zeros() as usize)?;
        mask &= mask - 1;
        Some(cell)
    })
}

/// Whether the cells `marks` cover every cell of `line`.
#[inline]
fn holds(marks: u16, line: u16) -> bool {
    line & !marks == 0
}

/// Why a board cannot arise in play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// X moves first, so X has as many marks as O or one more.
    Counts {
        /// X's marks.
        x: u32,
        /// O's marks.
        o: u32,
    },
    /// Both players have a line, but play stops at the first completed line.
    BothHaveLines {
        /// One of X's lines, its cells named.
        x_line: String,
        /// One of O's lines.
        o_line: String,
        /// The first cell of the line of the player to move.
        cell: usize,
    },
    /// The player to move has a line: the other player moved after it was completed.
    MoverHasLine {
        /// The player to move.
        player: Player,
        /// The line.
        line: String,
        /// Its first cell.
        cell: usize,
    },
    /// The last mover's lines share no cell, but one move completes only lines through its cell.
    NoCommonCell {
        /// The last mover.
        player: Player,
        /// The lines, up to the first that shares no cell with all before it.
        lines: Vec<String>,
        /// The first cell of that last line.
        cell: usize,
    },
}

impl BoardError {
    /// The cell the error is about, if one (a count is about the whole board).
    pub fn cell(&self) -> Option<usize> {
        match self {
            BoardError::Counts { .. } => None,
            BoardError::BothHaveLines { cell, .. }
            | BoardError::MoverHasLine { cell, .. }
            | BoardError::NoCommonCell { cell, .. } => Some(*cell),
        }
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Counts { x, o } => {
                write!(f, "X has {x} marks and O has {o}: X moves first, so X has as many marks as O or one more")
            }
            BoardError::BothHaveLines { x_line, o_line, .. } => {
                write!(f, "both players have a line (X {x_line}, O {o_line}): play stops at the first completed line")
            }
            BoardError::MoverHasLine { player, line, .. } => write!(
                f,
                "{player} has a line ({line}) and {} moved after it: play stops at the first completed line",
                player.other()
            ),
            BoardError::NoCommonCell { player, lines, .. } => {
                let (last, rest) = lines.split_last().expect("at least two lines");
                write!(
                    f,
                    "{player}'s lines {} and {last} share no cell: the last move completes only lines through its own cell",
                    rest.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// A position: the shape and each player's cells. The player to move follows from the counts:
/// X when they are equal, else O.
///
/// A `Board` made by [`Board::new`] (or by play from [`Board::empty`]) is reachable in play.
/// Its `Debug` form is the rows separated by `/`, e.g. `X.O/.X./...`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    shape: Shape,
    x: u16,
    o: u16,
}

/// Where play stands on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Play goes on: no line, and an empty cell.
    InPlay,
    /// This player completed a line with the last move, and won.
    Won(Player),
    /// The board is full without a line: a tie.
    Full,
}

impl Board {
    /// The empty board, X to move.
    pub fn empty(shape: Shape) -> Board {
        Board { shape, x: 0, o: 0 }
    }

    /// The board with X on the cells of mask `x` and O on those of `o`, if play can reach it:
    /// the counts fit, the player to move has no line, and the last mover's lines (if any)
    /// share a cell (that of the last move). Such a board is reachable: take back a move of the
    /// last mover on a cell common to its lines and no line is left, and a board without lines
    /// goes back to the empty board one move at a time.
    ///
    /// # Panics
    /// If the masks overlap or name cells outside the board.
    pub fn new(shape: Shape, x: u16, o: u16) -> Result<Board, BoardError> {
        assert!(x & o == 0 && (x | o) & !shape.full() == 0, "the masks overlap or leave the board");
        let (nx, no) = (x.count_ones(), o.count_ones());
        if nx != no && nx != no + 1 {
            return Err(BoardError::Counts { x: nx, o: no });
        }
        let board = Board { shape, x, o };
        let lines = shape.lines();
        let of = |mask: u16| lines.iter().copied().filter(move |&l| holds(mask, l));
        let mover = board.to_move();
        let (mine, theirs) = (board.mask(mover), board.mask(mover.other()));
        let name = |line: u16| shape.cells_named(line);
        let first_cell = |line: u16| line.trailing_zeros() as usize;
        if let Some(line) = of(mine).next() {
            return Err(match of(theirs).next() {
                Some(other) => {
                    let (x_line, o_line) = if mover == Player::X { (line, other) } else { (other, line) };
                    BoardError::BothHaveLines { x_line: name(x_line), o_line: name(o_line), cell: first_cell(line) }
                }
                None => BoardError::MoverHasLine { player: mover, line: name(line), cell: first_cell(line) },
            });
        }
        let mut common = u16::MAX;
        let mut seen = Vec::new();
        for line in of(theirs) {
            seen.push(name(line));
            common &= line;
            if common == 0 {
                return Err(BoardError::NoCommonCell { player: mover.other(), lines: seen, cell: first_cell(line) });
            }
        }
        Ok(board)
    }

    /// The board read from rows of `X`, `O` and `.`, if they fit the shape and play can reach
    /// the board. For tests and examples; the judge reads its input with its own errors.
    ///
    /// ```
    /// use mnk::{Board, Player, Shape};
    /// let board = Board::from_rows(Shape::new(3, 3, 3).unwrap(), &["XX.", "OO.", "..."]).unwrap();
    /// assert_eq!(board.to_move(), Player::X);
    /// assert!(Board::from_rows(Shape::new(3, 3, 3).unwrap(), &["XXX", "OOO", "..."]).is_err());
    /// ```
    pub fn from_rows(shape: Shape, rows: &[&str]) -> Result<Board, String> {
        if rows.len() != shape.rows() {
            return Err(format!("expected {} rows, found {}", shape.rows(), rows.len()));
        }
        let (mut x, mut o) = (0u16, 0u16);
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != shape.cols() {
                return Err(format!("row {} has {} cells, not {}", r + 1, row.chars().count(), shape.cols()));
            }
            for (c, ch) in row.chars().enumerate() {
                let bit = 1 << shape.cell(r, c);
                match ch {
                    'X' => x |= bit,
                    'O' => o |= bit,
                    '.' => {}
                    other => return Err(format!("row {} has `{other}`, not X, O or .", r + 1)),
                }
            }
        }
        Board::new(shape, x, o).map_err(|e| e.to_string())
    }

    /// The board with this base-3 code (cell `i` is digit `i`: 0 empty, 1 X, 2 O), unchecked.
    pub(crate) fn from_code(shape: Shape, mut code: u32) -> Board {
        let (mut x, mut o) = (0u16, 0u16);
        for cell in 0..shape.cells() {
            match code % 3 {
                1 => x |= 1 << cell,
                2 => o |= 1 << cell,
                _ => {}
            }
            code /= 3;
        }
        Board { shape, x, o }
    }

    /// The board's base-3 code: cell `i` is digit `i`, 0 empty, 1 X, 2 O. Below `3^16 < 2^32`.
    pub fn code(&self) -> u32 {
        cells_of(self.x).map(|c| POW3[c]).sum::<u32>() + cells_of(self.o).map(|c| 2 * POW3[c]).sum::<u32>()
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells of `player`, as a mask.
    pub fn mask(&self, player: Player) -> u16 {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// The empty cells, as a mask.
    pub fn empty_cells(&self) -> u16 {
        self.shape.full() & !(self.x | self.o)
    }

    /// Marks on the board.
    pub fn pieces(&self) -> u32 {
        (self.x | self.o).count_ones()
    }

    /// The player to move: X when the counts are equal, else O.
    pub fn to_move(&self) -> Player {
        if self.x.count_ones() == self.o.count_ones() { Player::X } else { Player::O }
    }

    /// Who is on `cell`.
    pub fn at(&self, cell: usize) -> Option<Player> {
        if self.x >> cell & 1 == 1 {
            Some(Player::X)
        } else if self.o >> cell & 1 == 1 {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The board after the player to move marks the empty `cell`.
    pub fn play(&self, cell: usize) -> Board {
        debug_assert!(self.empty_cells() >> cell & 1 == 1, "cell {cell} is not empty");
        let mut next = *self;
        match self.to_move() {
            Player::X => next.x |= 1 << cell,
            Player::O => next.o |= 1 << cell,
        }
        next
    }

    /// Where play stands, given the shape's [`Shape::lines`]: the last mover won if it has a
    /// line, else a full board is a tie, else play goes on.
    pub fn status(&self, lines: &[u16]) -> Status {
        let last = self.to_move().other();
        let marks = self.mask(last);
        if lines.iter().any(|&l| holds(marks, l)) {
            Status::Won(last)
        } else if self.empty_cells() == 0 {
            Status::Full
        } else {
            Status::InPlay
        }
    }

    /// The lines `player` holds.
    pub fn lines_of(&self, player: Player, lines: &[u16]) -> Vec<u16> {
        let marks = self.mask(player);
        lines.iter().copied().filter(|&l| holds(marks, l)).collect()
    }

    /// The rows as text of `X`, `O` and `.`, top first: the judge's input form.
    pub fn rows(&self) -> Vec<String> {
        let mark = |cell| self.at(cell).map_or('.', Player::mark);
        (0..self.shape.rows()).map(|r| (0..self.shape.cols()).map(|c| mark(self.shape.cell(r, c))).collect()).collect()
    }

    /// The board drawn for people: column letters above, row numbers on the left.
    ///
    /// ```
    /// use mnk::{Board, Shape};
    /// let board = Board::from_rows(Shape::new(2, 3, 2).unwrap(), &["X.O", "..."]).unwrap();
    /// assert_eq!(board.diagram(), "   a b c\n1  X . O\n2  . . .\n");
    /// ```
    pub fn diagram(&self) -> String {
        let letters: Vec<String> = (0..self.shape.cols()).map(|c| ((b'a' + c as u8) as char).to_string()).collect();
        let mut out = format!("   {}\n", letters.join(" "));
        for (r, row) in self.rows().iter().enumerate() {
            let cells: Vec<String> = row.chars().map(String::from).collect();
            out += &format!("{:<3}{}\n", r + 1, cells.join(" "));
        }
        out
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rows().join("/"))
    }
}

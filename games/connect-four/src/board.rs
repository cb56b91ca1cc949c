//! Boards as two bitboards, moves as columns, and the notation: the columns played, or a
//! picture of the rows.
//!
//! # Bit layout
//! Column `c` (from 0 at the left) takes bits `c * (height + 1)` up to `c * (height + 1) +
//! height - 1`, from the bottom up, and one more bit above it that stays empty. The empty bit
//! stops a four from wrapping from the top of one column to the bottom of the next, and makes
//! the sum `stones + bottom bit of the column` land on the column's next free cell (the
//! layout of Tromp's and Pons' solvers).

use solver_core::{Game, Rules, Terminal};
use std::fmt;

/// A board's size: `width` columns of `height` cells, whose bitboard, a spare bit above each
/// column included, fits 64 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    width: u8,
    height: u8,
}

/// Why a size is not a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "a board of width {width} and height {height} does not fit: both at least 1 and (height + 1) x width at most 64"
)]
pub struct ShapeError {
    width: u32,
    height: u32,
}

impl Shape {
    /// The board of `width` columns and `height` rows, if `(height + 1) * width <= 64`.
    ///
    /// ```
    /// use connect_four::Shape;
    /// assert!(Shape::new(7, 6).is_ok());
    /// assert!(Shape::new(8, 7).is_ok());
    /// assert!(Shape::new(8, 8).is_err());
    /// ```
    pub fn new(width: u32, height: u32) -> Result<Shape, ShapeError> {
        if width == 0 || height == 0 || (height + 1) * width > 64 {
            return Err(ShapeError { width, height });
        }
        Ok(Shape { width: width as u8, height: height as u8 })
    }

    /// The columns.
    pub fn width(self) -> usize {
        usize::from(self.width)
    }

    /// The rows.
    pub fn height(self) -> usize {
        usize::from(self.height)
    }

    /// The cells, `width * height`.
    pub fn cells(self) -> usize {
        self.width() * self.height()
    }

    /// Bits a column takes, its spare bit included.
    pub(crate) fn stride(self) -> u32 {
        u32::from(self.height) + 1
    }

    /// The bottom cell of `column`.
    pub(crate) fn bottom(self, column: usize) -> u64 {
        1 << (column as u32 * self.stride())
    }

    /// The top cell of `column`.
    pub(crate) fn top(self, column: usize) -> u64 {
        1 << (column as u32 * self.stride() + u32::from(self.height) - 1)
    }

    /// Every column's bottom cell.
    pub(crate) fn bottoms(self) -> u64 {
        (0..self.width()).fold(0, |all, c| all | self.bottom(c))
    }

    /// Every cell of the board (no spare bit).
    pub(crate) fn full(self) -> u64 {
        self.bottoms() * ((1u64 << self.height) - 1)
    }

    /// Every cell of `column`.
    pub(crate) fn column(self, column: usize) -> u64 {
        ((1u64 << self.height) - 1) << (column as u32 * self.stride())
    }

    /// The cell of `column` (from 0) and `row` (from 0 at the bottom).
    pub(crate) fn cell(self, column: usize, row: usize) -> u64 {
        self.bottom(column) << row
    }

    /// The columns from the centre outwards, alternating sides (the right of the two middle
    /// columns first on an even width): the order a search tries them in.
    pub fn centre_first(self) -> impl Iterator<Item = usize> {
        let width = self.width() as isize;
        (0..width).map(move |i| (width / 2 + if i % 2 == 0 { (i + 1) / 2 } else { -(i + 1) / 2 }) as usize)
    }

    /// The bitboard reflected left to right.
    pub(crate) fn mirror(self, bits: u64) -> u64 {
        // A column of the 1x63 board takes all 64 bits.
        let column_bits = 1u64.checked_shl(self.stride()).map_or(u64::MAX, |bit| bit - 1);
        (0..self.width()).fold(0, |mirrored, c| {
            let column = bits >> (c as u32 * self.stride()) & column_bits;
            mirrored | column << ((self.width() - 1 - c) as u32 * self.stride())
        })
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "width {} height {}", self.width, self.height)
    }
}

/// Whether `stones` hold four in a row: vertically, horizontally or along either diagonal.
pub(crate) fn has_four(shape: Shape, stones: u64) -> bool {
    // The steps of the four directions: 1 (up), H + 1 (across), H and H + 2 (the diagonals).
    // A run of steps that leaves its column lands on a spare bit, never a stone.
    let h = u32::from(shape.height);
    [1, h + 1, h, h + 2].into_iter().any(|step| {
        let pairs = stones & down(stones, step);
        pairs & down(pairs, 2 * step) != 0
    })
}

/// `bits << by`, 0 once `by` reaches 64 (a tall board's steps do).
pub(crate) fn up(bits: u64, by: u32) -> u64 {
    bits.checked_shl(by).unwrap_or(0)
}

/// `bits >> by`, 0 once `by` reaches 64.
pub(crate) fn down(bits: u64, by: u32) -> u64 {
    bits.checked_shr(by).unwrap_or(0)
}

/// The empty cells of the board where one more stone of `stones` makes four, playable now or
/// not: three in a line with the cell at an end or in the gap.
pub(crate) fn winning_cells(shape: Shape, stones: u64, occupied: u64) -> u64 {
    let h = u32::from(shape.height);
    let mut cells = up(stones, 1) & up(stones, 2) & up(stones, 3);
    for step in [h + 1, h, h + 2] {
        let below = up(stones, step) & up(stones, 2 * step);
        cells |= below & (up(stones, 3 * step) | down(stones, step));
        let above = down(stones, step) & down(stones, 2 * step);
        cells |= above & (down(stones, 3 * step) | up(stones, step));
    }
    cells & shape.full() & !occupied
}

/// A position: the stones of the player to move and every stone. Which player that is follows
/// from the count: the first player when it is even.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// The stones of the player to move.
    pub(crate) mover: u64,
    /// Every stone.
    pub(crate) stones: u64,
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The last move made four in a row: the player to move has lost.
    Won,
    /// The board is full without four in a row: a tie.
    Full,
    /// Play goes on.
    InPlay,
}

impl Status {
    /// The result for the player to move once the game is over: a loss after four in a row
    /// (the last mover made it), a tie on a full board.
    pub fn terminal(self) -> Option<solver_core::Terminal> {
        match self {
            Status::Won => Some(solver_core::Terminal::Loss),
            Status::Full => Some(solver_core::Terminal::Tie),
            Status::InPlay => None,
        }
    }
}

/// Why a text is not a position of the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A move names no column of the board.
    #[error("at character {at}: {text:?} is not a column of this board (1 to {width})")]
    NoColumn {
        /// The 1-based character where the move starts.
        at: usize,
        /// The move.
        text: String,
        /// The board's width.
        width: usize,
    },
    /// A move plays into a full column.
    #[error("at character {at}: column {column} is full")]
    FullColumn {
        /// The 1-based character of the move.
        at: usize,
        /// The 1-based column.
        column: usize,
    },
    /// A move follows four in a row.
    #[error("at character {at}: the game ended with four in a row on move {ended}")]
    Over {
        /// The 1-based character of the move.
        at: usize,
        /// The move that ended the game, counted from 1.
        ended: usize,
    },
    /// A picture that is not a board of this size, or not one play reaches.
    #[error("{0}")]
    Picture(String),
}

impl Position {
    /// The empty board.
    pub fn empty() -> Position {
        Position { mover: 0, stones: 0 }
    }

    /// Stones on the board.
    pub fn played(self) -> usize {
        self.stones.count_ones() as usize
    }

    /// Whether the first player is to move (an even count of stones).
    pub fn first_to_move(self) -> bool {
        self.played().is_multiple_of(2)
    }

    /// The stones of the player who moved last.
    pub(crate) fn last_mover(self) -> u64 {
        self.mover ^ self.stones
    }

    /// The first player's stones and the second's.
    pub fn sides(self) -> (u64, u64) {
        if self.first_to_move() { (self.mover, self.last_mover()) } else { (self.last_mover(), self.mover) }
    }

    /// The position reflected left to right on `shape`: the same value, every column moved to
    /// its mirror (column `c` of `width` to `width + 1 - c`, counting from 1).
    ///
    /// ```
    /// use connect_four::{Position, Shape};
    /// let shape = Shape::new(7, 6).unwrap();
    /// let played = Position::from_moves(shape, "1147").unwrap();
    /// assert_eq!(played.mirror(shape), Position::from_moves(shape, "7741").unwrap());
    /// assert_eq!(played.mirror(shape).mirror(shape), played);
    /// ```
    pub fn mirror(self, shape: Shape) -> Position {
        Position { mover: shape.mirror(self.mover), stones: shape.mirror(self.stones) }
    }

    /// Where the game stands on `shape`.
    pub fn status(self, shape: Shape) -> Status {
        if has_four(shape, self.last_mover()) {
            Status::Won
        } else if self.stones == shape.full() {
            Status::Full
        } else {
            Status::InPlay
        }
    }

    /// Whether `column` has a free cell.
    pub fn can_play(self, shape: Shape, column: usize) -> bool {
        self.stones & shape.top(column) == 0
    }

    /// The positions after each move, from the left column to the right; none once the game
    /// is over. Allocates nothing.
    ///
    /// ```
    /// use connect_four::{Position, Shape};
    /// let shape = Shape::new(7, 6).unwrap();
    /// assert_eq!(Position::empty().children(shape).count(), 7);
    /// // Column 1 full: six moves left.
    /// assert_eq!(Position::from_moves(shape, "111111").unwrap().children(shape).count(), 6);
    /// // X has four across: no moves.
    /// assert_eq!(Position::from_moves(shape, "1122334").unwrap().children(shape).count(), 0);
    /// ```
    pub fn children(self, shape: Shape) -> impl Iterator<Item = Position> {
        let open = self.status(shape) == Status::InPlay;
        (0..shape.width()).filter(move |&c| open && self.can_play(shape, c)).map(move |c| self.play(shape, c))
    }

    /// The position after a stone dropped into `column`, which must have a free cell.
    pub fn play(self, shape: Shape, column: usize) -> Position {
        Position { mover: self.last_mover(), stones: self.stones | (self.stones + shape.bottom(column)) }
    }

    /// The position after the moves `text`, the columns played from 1: one digit a move
    /// (`4453`, the convention of Pons' and Tromp's data) or, for boards wider than 9, numbers
    /// separated by spaces or commas (`10 3 10`). The empty text is the empty board.
    ///
    /// ```
    /// use connect_four::{Position, Shape, Status};
    /// let shape = Shape::new(7, 6).unwrap();
    /// let position = Position::from_moves(shape, "4455667").unwrap();
    /// assert_eq!(position.status(shape), Status::Won);
    /// assert!(Position::from_moves(shape, "44556677").is_err());
    /// assert!(Position::from_moves(shape, "4448").is_err());
    /// ```
    pub fn from_moves(shape: Shape, text: &str) -> Result<Position, PositionError> {
        let mut position = Position::empty();
        for (played, (at, word)) in moves_of(text).enumerate() {
            let column = word
                .parse::<usize>()
                .ok()
                .filter(|c| (1..=shape.width()).contains(c))
                .ok_or_else(|| PositionError::NoColumn { at, text: word.to_string(), width: shape.width() })?;
            if position.status(shape) == Status::Won {
                return Err(PositionError::Over { at, ended: played });
            }
            if !position.can_play(shape, column - 1) {
                return Err(PositionError::FullColumn { at, column });
            }
            position = position.play(shape, column - 1);
        }
        Ok(position)
    }

    /// The stone at `column`, `row` (from 0 at the bottom): `Some(true)` the first player's,
    /// `Some(false)` the second's.
    pub fn stone(self, shape: Shape, column: usize, row: usize) -> Option<bool> {
        let cell = shape.cell(column, row);
        let (first, second) = self.sides();
        if first & cell != 0 {
            Some(true)
        } else if second & cell != 0 {
            Some(false)
        } else {
            None
        }
    }

    /// Stones in `column`.
    pub fn column_height(self, shape: Shape, column: usize) -> usize {
        (self.stones & shape.column(column)).count_ones() as usize
    }

    /// The rows from the top, `X` the first player's stones, `O` the second's, `.` empty,
    /// separated by `/`: `......./......./......./......./......./...X...`.
    pub fn picture(self, shape: Shape) -> String {
        let rows = (0..shape.height()).rev().map(|row| {
            (0..shape.width())
                .map(|column| match self.stone(shape, column, row) {
                    Some(true) => 'X',
                    Some(false) => 'O',
                    None => '.',
                })
                .collect::<String>()
        });
        rows.collect::<Vec<_>>().join("/")
    }

    /// The position drawn as `picture` draws it (rows from the top separated by `/` or
    /// whitespace, `X`, `O` and `.`, either case), if play reaches it.
    pub fn from_picture(shape: Shape, text: &str) -> Result<Position, PositionError> {
        let bad = |why: String| PositionError::Picture(why);
        let rows: Vec<&str> = text.split(|c: char| c == '/' || c.is_whitespace()).filter(|r| !r.is_empty()).collect();
        if rows.len() != shape.height() {
            return Err(bad(format!(
                "expected {} rows of {} cells (X, O or .), found {} rows",
                shape.height(),
                shape.width(),
                rows.len()
            )));
        }
        let (mut first, mut second) = (0u64, 0u64);
        for (from_top, row) in rows.iter().enumerate() {
            let cells: Vec<char> = row.chars().collect();
            if cells.len() != shape.width() {
                return Err(bad(format!("row {} has {} cells, not {}", from_top + 1, cells.len(), shape.width())));
            }
            let r = shape.height() - 1 - from_top;
            for (column, &cell) in cells.iter().enumerate() {
                match cell.to_ascii_uppercase() {
                    'X' => first |= shape.cell(column, r),
                    'O' => second |= shape.cell(column, r),
                    '.' => {}
                    other => {
                        return Err(bad(format!(
                            "row {}, cell {}: {other:?} is not X, O or .",
                            from_top + 1,
                            column + 1
                        )));
                    }
                }
            }
        }
        let stones = first | second;
        // Gravity: a column's stones fill it from the bottom, so adding its bottom bit carries
        // past all of them into the first free cell; a gap stops the carry under a stone.
        if (0..shape.width()).any(|c| {
            let column = stones & shape.column(c);
            (column + shape.bottom(c)) & column != 0
        }) {
            return Err(bad("a stone floats above an empty cell".to_string()));
        }
        let position = if first.count_ones() == second.count_ones() {
            Position { mover: first, stones }
        } else if first.count_ones() == second.count_ones() + 1 {
            Position { mover: second, stones }
        } else {
            return Err(bad(format!(
                "X has {} stones and O {}: X moves first, so X has as many as O or one more",
                first.count_ones(),
                second.count_ones()
            )));
        };
        if moves_to(shape, position).is_none() {
            return Err(bad(
                "no game reaches this board: no order of alternate moves builds it without a four before its last"
                    .to_string(),
            ));
        }
        Ok(position)
    }

    /// A line of play that reaches the position (the first in column order), as
    /// [`Position::from_moves`] reads it: the empty text for the empty board.
    pub fn moves(self, shape: Shape) -> String {
        let columns = moves_to(shape, self).expect("a position of the space is reached by play");
        let separator = if shape.width() > 9 { " " } else { "" };
        columns.iter().map(|c| (c + 1).to_string()).collect::<Vec<_>>().join(separator)
    }
}

/// The moves of a text with the 1-based character each starts at.
fn moves_of(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let separator = |c: char| c.is_whitespace() || c == ',';
    let words: Vec<&str> = if text.contains(separator) {
        text.split(separator).filter(|w| !w.is_empty()).collect()
    } else {
        text.char_indices().map(|(i, c)| &text[i..i + c.len_utf8()]).collect()
    };
    // Each word is a slice of `text`: its offset is where it starts.
    words.into_iter().map(move |word| (word.as_ptr() as usize - text.as_ptr() as usize + 1, word))
}

/// The first line of play, in column order, from the empty board to `target`: each move drops
/// the next stone of `target` in its column, of the mover's colour, and no position before the
/// last has four in a row. A depth-first search over how many stones of each column are down,
/// remembering the counts that lead nowhere; `None` if no line exists.
fn moves_to(shape: Shape, target: Position) -> Option<Vec<usize>> {
    let mut search = LineSearch {
        shape,
        first: target.sides().0,
        heights: (0..shape.width()).map(|c| target.column_height(shape, c)).collect(),
        down: vec![0; shape.width()],
        at: 0,
        line: Vec::with_capacity(target.played()),
        dead: std::collections::HashSet::new(),
    };
    search.walk(Position::empty(), target.played()).then_some(search.line)
}

/// The state of [`moves_to`]'s search.
struct LineSearch {
    shape: Shape,
    /// The target's first-player stones.
    first: u64,
    /// The target's stones a column.
    heights: Vec<usize>,
    /// The stones down so far a column.
    down: Vec<usize>,
    /// `down` as one number, column `c` the digit of weight `(height + 1)^c`: under 2^35 on
    /// any board (at most 64 cells and spare bits).
    at: u64,
    /// The moves so far.
    line: Vec<usize>,
    /// Counts of stones down (as `at`) from which no line reaches the target.
    dead: std::collections::HashSet<u64>,
}

impl LineSearch {
    /// Whether a line from `at` (the stones `down`) reaches the target's `total` stones.
    fn walk(&mut self, at: Position, total: usize) -> bool {
        if self.line.len() == total {
            return true;
        }
        if has_four(self.shape, at.last_mover()) || self.dead.contains(&self.at) {
            return false;
        }
        let first_moves = at.first_to_move();
        for column in 0..self.shape.width() {
            let next = self.down[column];
            if next < self.heights[column] && (self.first & self.shape.cell(column, next) != 0) == first_moves {
                let weight = u64::from(self.shape.stride()).pow(column as u32);
                self.down[column] += 1;
                self.at += weight;
                self.line.push(column);
                if self.walk(at.play(self.shape, column), total) {
                    return true;
                }
                self.line.pop();
                self.at -= weight;
                self.down[column] -= 1;
            }
        }
        self.dead.insert(self.at);
        false
    }
}

/// Connect Four's rules on bitboards: what the spaces of the whole-space commands are
/// enumerated from.
#[derive(Debug, Clone, Copy)]
pub struct ConnectFour {
    /// The board.
    pub shape: Shape,
}

impl Game for ConnectFour {
    type State = Position;
}

impl Rules for ConnectFour {
    fn terminal(&self, position: &Position) -> Option<Terminal> {
        position.status(self.shape).terminal()
    }

    fn successors(&self, position: &Position, out: &mut Vec<Position>) {
        out.extend(position.children(self.shape));
    }
}

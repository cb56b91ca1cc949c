//! The board: points, sides and palaces, and a validated placement of the three pieces.

use std::fmt;

/// Rows of the board: `x = 0..10`, Alice's side at row 0.
pub const ROWS: u8 = 10;
/// Columns of the board: `y = 0..9`.
pub const COLS: u8 = 9;
/// Points of the board.
pub const POINTS: usize = ROWS as usize * COLS as usize;

/// A point of the board, `(x, y)` with row `x < 10` and column `y < 9`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The point `(x, y)`, if it is on the board.
    ///
    /// ```
    /// use xiangqi::Square;
    /// assert_eq!(Square::new(9, 4).map(|s| (s.x(), s.y())), Some((9, 4)));
    /// assert_eq!(Square::new(10, 0), None);
    /// ```
    pub const fn new(x: u8, y: u8) -> Option<Square> {
        if x < ROWS && y < COLS { Some(Square(x * COLS + y)) } else { None }
    }

    /// The point with this index (`x * 9 + y`); the caller guarantees `index < 90`.
    pub(crate) const fn from_index(index: u8) -> Square {
        debug_assert!((index as usize) < POINTS);
        Square(index)
    }

    /// The row `x` (0..10).
    pub const fn x(self) -> u8 {
        self.0 / COLS
    }

    /// The column `y` (0..9).
    pub const fn y(self) -> u8 {
        self.0 % COLS
    }

    /// `x * 9 + y`: the points in row-major order.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Every point of the board, in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..POINTS as u8).map(Square)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x(), self.y())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// A player. Alice has a lone General; Bob has a General and a Horse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The defender, palace at rows 0..=2; she wins ties and endless play.
    Alice,
    /// The attacker, palace at rows 7..=9.
    Bob,
}

impl Side {
    /// The other player.
    pub const fn opponent(self) -> Side {
        match self {
            Side::Alice => Side::Bob,
            Side::Bob => Side::Alice,
        }
    }

    /// The player's name.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Alice => "Alice",
            Side::Bob => "Bob",
        }
    }

    /// The rows of the player's palace (its columns are 3..=5 for both).
    pub const fn palace_rows(self) -> (u8, u8) {
        match self {
            Side::Alice => (0, 2),
            Side::Bob => (7, 9),
        }
    }

    /// Where in the player's palace `square` is (`0..9`, row-major), if it is in it.
    pub const fn palace_index(self, square: Square) -> Option<usize> {
        let (low, high) = self.palace_rows();
        let (x, y) = (square.x(), square.y());
        if x >= low && x <= high && y >= 3 && y <= 5 { Some((x - low) as usize * 3 + (y - 3) as usize) } else { None }
    }

    /// The point at `index` (`0..9`, row-major) of the player's palace.
    pub(crate) const fn palace_square(self, index: usize) -> Square {
        let (low, _) = self.palace_rows();
        Square((low + index as u8 / 3) * COLS + 3 + index as u8 % 3)
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why three points are not a placement of the pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// A General outside its palace.
    #[error("{side}'s General at {square} is outside the palace (rows {}..={}, columns 3..=5)", side.palace_rows().0, side.palace_rows().1)]
    OutsidePalace {
        /// Whose General.
        side: Side,
        /// Where it was put.
        square: Square,
    },
    /// The Horse on a General's point.
    #[error("the Horse at {square} stands on {side}'s General")]
    HorseOnGeneral {
        /// Whose General.
        side: Side,
        /// The shared point.
        square: Square,
    },
}

/// The pieces on the board: Bob's Horse (or `None` once Alice has captured it) and both
/// Generals, each in its palace, no two on one point. Construction checks all of it, so a
/// `Board` is always a legal placement.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    horse: Option<Square>,
    bob: Square,
    alice: Square,
}

impl Board {
    /// The placement, if it is legal.
    ///
    /// ```
    /// use xiangqi::{Board, PlacementError, Side, Square};
    /// let sq = |x, y| Square::new(x, y).unwrap();
    /// assert!(Board::new(Some(sq(0, 0)), sq(9, 3), sq(0, 3)).is_ok());
    /// assert_eq!(
    ///     Board::new(Some(sq(0, 0)), sq(9, 3), sq(3, 3)),
    ///     Err(PlacementError::OutsidePalace { side: Side::Alice, square: sq(3, 3) })
    /// );
    /// ```
    pub fn new(horse: Option<Square>, bob: Square, alice: Square) -> Result<Board, PlacementError> {
        for (side, square) in [(Side::Bob, bob), (Side::Alice, alice)] {
            if side.palace_index(square).is_none() {
                return Err(PlacementError::OutsidePalace { side, square });
            }
            if horse == Some(square) {
                return Err(PlacementError::HorseOnGeneral { side, square });
            }
        }
        Ok(Board { horse, bob, alice })
    }

    /// A placement the caller has already checked.
    pub(crate) const fn new_unchecked(horse: Option<Square>, bob: Square, alice: Square) -> Board {
        Board { horse, bob, alice }
    }

    /// Bob's Horse, or `None` once captured.
    pub const fn horse(&self) -> Option<Square> {
        self.horse
    }

    /// Bob's General.
    pub const fn bob(&self) -> Square {
        self.bob
    }

    /// Alice's General.
    pub const fn alice(&self) -> Square {
        self.alice
    }

    /// The General of `side`.
    pub const fn general(&self, side: Side) -> Square {
        match side {
            Side::Alice => self.alice,
            Side::Bob => self.bob,
        }
    }

    /// The board as text: row 9 at the top, row and column numbers around it, `H` Bob's Horse,
    /// `B` Bob's General, `A` Alice's General, `+` an empty palace point, `.` any other point.
    ///
    /// ```
    /// use xiangqi::{Board, Square};
    /// let sq = |x, y| Square::new(x, y).unwrap();
    /// let text = Board::new(Some(sq(0, 0)), sq(9, 3), sq(0, 3)).unwrap().diagram();
    /// assert!(text.starts_with("9  . . . B + + . . .\n"));
    /// assert!(text.contains("\n0  H . . A + + . . .\n"));
    /// ```
    pub fn diagram(&self) -> String {
        let mut out = String::with_capacity(ROWS as usize * 22 + 24);
        for x in (0..ROWS).rev() {
            out.push(char::from(b'0' + x));
            out.push(' ');
            for y in 0..COLS {
                let square = Square(x * COLS + y);
                let mark = if Some(square) == self.horse {
                    'H'
                } else if square == self.bob {
                    'B'
                } else if square == self.alice {
                    'A'
                } else if Side::Alice.palace_index(square).is_some() || Side::Bob.palace_index(square).is_some() {
                    '+'
                } else {
                    '.'
                };
                out.push(' ');
                out.push(mark);
            }
            out.push('\n');
        }
        out.push_str("   0 1 2 3 4 5 6 7 8\n");
        out
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.horse {
            Some(h) => write!(f, "H{h:?} B{:?} A{:?}", self.bob, self.alice),
            None => write!(f, "H- B{:?} A{:?}", self.bob, self.alice),
        }
    }
}

/// A position of the game: the board and who moves, or the end after a General's capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Position {
    /// Both Generals on the board, `to_move` to play.
    InPlay {
        /// The pieces.
        board: Board,
        /// Who moves next.
        to_move: Side,
    },
    /// `loser`'s General has just been captured: the game is over, `loser` (nominally to
    /// move) has lost. Where the capturing piece landed does not matter, so every such end is
    /// one position.
    GeneralCaptured {
        /// The player whose General was captured.
        loser: Side,
    },
}

impl Position {
    /// The position with `board` and `to_move` to play.
    pub const fn in_play(board: Board, to_move: Side) -> Position {
        Position::InPlay { board, to_move }
    }

    /// The player to move (for a finished game, the loser).
    pub const fn to_move(&self) -> Side {
        match *self {
            Position::InPlay { to_move, .. } => to_move,
            Position::GeneralCaptured { loser } => loser,
        }
    }

    /// The board, if the game is still in play.
    pub const fn board(&self) -> Option<&Board> {
        match self {
            Position::InPlay { board, .. } => Some(board),
            Position::GeneralCaptured { .. } => None,
        }
    }
}

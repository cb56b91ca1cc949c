//! Northcott's game: each row of a board holds one piece of each player; a player slides one of
//! his own pieces along its row, toward the other piece or away from it, never jumping over it.
//!
//! Two views of the same game:
//! - the Nim reduction ([`gap`], [`nim_sum`]): the empty cells between the two pieces of a row
//!   are a Nim heap. Moving toward the other piece takes stones; moving away adds some, but the
//!   opponent can follow the retreat and restore the gap, and retreats cannot go on forever on a
//!   finite board, so adding stones never helps. The first player wins iff the xor of the gaps
//!   is not zero.
//! - the real board ([`NorthcottBoard`]): a partizan game (each player moves only his own
//!   pieces) that may loop (pieces retreat and come back), solved by the retrograde engines with
//!   moves and un-moves. Tests check the reduction against it on every small board.

use solver_core::{Game, LoopySpace, Nimber, RETROGRADE_LIMIT, StateId, StateSpace, Terminal, Unmoves};
use std::ops::RangeInclusive;

/// A player of Northcott's game. Tom moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The first player.
    Tom,
    /// The second player.
    Jerry,
}

impl Player {
    /// The opponent.
    pub fn other(self) -> Player {
        match self {
            Player::Tom => Player::Jerry,
            Player::Jerry => Player::Tom,
        }
    }
}

/// One row: the columns (`1..=cols`) of Tom's and Jerry's pieces, which differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row {
    /// The column of Tom's piece.
    pub tom: u32,
    /// The column of Jerry's piece.
    pub jerry: u32,
}

impl Row {
    /// The column of `player`'s piece.
    pub fn of(self, player: Player) -> u32 {
        match player {
            Player::Tom => self.tom,
            Player::Jerry => self.jerry,
        }
    }

    /// The row after `player` slides his piece toward the other one until `gap` empty cells are
    /// left between them: the move that turns this row's Nim heap into a heap of `gap`. `None`
    /// unless `gap` is smaller than the row's gap (a larger gap is a retreat, which never has
    /// to be played: the opponent can follow it and restore the gap).
    ///
    /// ```
    /// use nim::northcott::{Player, Row};
    /// let row = Row { tom: 6, jerry: 1 }; // gap 4
    /// assert_eq!(row.toward(Player::Tom, 1), Some(Row { tom: 3, jerry: 1 }));
    /// assert_eq!(row.toward(Player::Jerry, 0), Some(Row { tom: 6, jerry: 5 }));
    /// assert_eq!(row.toward(Player::Tom, 4), None);
    /// ```
    pub fn toward(self, player: Player, gap: u32) -> Option<Row> {
        if gap >= self::gap(self) {
            return None;
        }
        let (own, other) = (self.of(player), self.of(player.other()));
        let to = if own < other { other - gap - 1 } else { other + gap + 1 };
        Some(self.with(player, to))
    }

    /// The row with `player`'s piece on `column`.
    fn with(self, player: Player, column: u32) -> Row {
        match player {
            Player::Tom => Row { tom: column, ..self },
            Player::Jerry => Row { jerry: column, ..self },
        }
    }
}

/// The Nim heap of a row: the empty cells between its two pieces (the pieces must differ).
///
/// ```
/// use nim::northcott::{Row, gap};
/// assert_eq!(gap(Row { tom: 4, jerry: 5 }), 0);
/// assert_eq!(gap(Row { tom: 6, jerry: 1 }), 4);
/// ```
pub fn gap(row: Row) -> u32 {
    row.tom.abs_diff(row.jerry).saturating_sub(1)
}

/// The nim-sum of the rows' gaps: the player to move wins iff it is not zero.
pub fn nim_sum(rows: &[Row]) -> Nimber {
    rows.iter().map(|&r| Nimber(gap(r))).sum()
}

/// A position of the real board: the rows and whose turn it is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardState {
    /// Every row, in board order.
    pub rows: Vec<Row>,
    /// The player to move.
    pub to_move: Player,
}

/// A board too large to rank densely.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a {rows} x {cols} Northcott board has too many positions for a dense space (limit {RETROGRADE_LIMIT})")]
pub struct BoardTooLarge {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: u32,
}

/// Every position of a `rows x cols` board (`cols >= 2`), either player to move, as a loopy
/// partizan game: the player to move slides one of his own pieces to another cell of its row on
/// the same side of the opponent's piece. A player who cannot move loses; nothing else ends the
/// game, so endless play is possible in principle (the tests show it never happens).
///
/// Ranking: a row is one of `cols * (cols - 1)` placements, `(tom - 1) * (cols - 1)` plus
/// Jerry's column among the other `cols - 1`; the rows are the digits of a mixed-radix number
/// (row 0 most significant), and the id is that number times 2 plus the turn (0 for Tom).
///
/// ```
/// use nim::northcott::{BoardState, NorthcottBoard, Player, Row, nim_sum};
/// use solver_core::{Outcome, RetrogradeEngine, StateSpace};
///
/// let board = NorthcottBoard::new(2, 5).unwrap();
/// let table = RetrogradeEngine::Unmoves.solve(&board).unwrap();
/// let rows = vec![Row { tom: 1, jerry: 3 }, Row { tom: 5, jerry: 2 }];
/// let start = BoardState { rows: rows.clone(), to_move: Player::Tom };
/// // Gaps 1 and 2: a nim-sum of 3, so Tom wins (by leaving gaps 1 and 1).
/// assert!(nim_sum(&rows).is_win());
/// assert!(matches!(table.get(board.rank(&start)), Outcome::Win(_)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NorthcottBoard {
    rows: usize,
    cols: u32,
    /// `cols * (cols - 1)`: the placements of one row.
    placements: u64,
    /// `weights[i]`: the value of one unit of row `i`'s digit, turn bit included.
    weights: Vec<u64>,
    len: usize,
}

impl NorthcottBoard {
    /// The board with `rows` rows of `cols` columns (`cols >= 2` so that both pieces fit).
    ///
    /// # Panics
    /// If `cols < 2`.
    pub fn new(rows: usize, cols: u32) -> Result<NorthcottBoard, BoardTooLarge> {
        assert!(cols >= 2, "a row needs two cells for its two pieces");
        let too_large = BoardTooLarge { rows, cols };
        let placements = cols as u64 * (cols as u64 - 1);
        let mut weights = vec![0; rows];
        let mut unit = 2u64;
        for w in weights.iter_mut().rev() {
            *w = unit;
            unit = unit.checked_mul(placements).ok_or(too_large)?;
        }
        let len = usize::try_from(unit).ok().filter(|&l| l <= RETROGRADE_LIMIT).ok_or(too_large)?;
        Ok(NorthcottBoard { rows, cols, placements, weights, len })
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    fn placement(&self, row: Row) -> u64 {
        let jerry = if row.jerry < row.tom { row.jerry - 1 } else { row.jerry - 2 };
        (row.tom as u64 - 1) * (self.cols as u64 - 1) + jerry as u64
    }

    fn row_of(&self, placement: u64) -> Row {
        let tom = (placement / (self.cols as u64 - 1)) as u32 + 1;
        let rest = (placement % (self.cols as u64 - 1)) as u32;
        let jerry = if rest + 1 < tom { rest + 1 } else { rest + 2 };
        Row { tom, jerry }
    }

    fn turn_of(id: u64) -> Player {
        if id & 1 == 0 { Player::Tom } else { Player::Jerry }
    }

    /// Appends every id reached by moving one of `mover`'s pieces, with the turn bit flipped.
    ///
    /// Moves and un-moves are both this: a piece can slide from `p` to `q` exactly when it can
    /// slide back from `q` to `p` (same side of the other piece, both cells free of it), so the
    /// positions before a move of `mover` are the positions after one, with the turn flipped.
    fn slides(&self, id: StateId, mover: Player, out: &mut Vec<StateId>) {
        let id = id.as_u32() as u64;
        let flipped = id ^ 1;
        for &weight in &self.weights {
            let digit = id / weight % self.placements;
            let row = self.row_of(digit);
            let own = row.of(mover);
            for to in reach(own, row.of(mover.other()), self.cols).filter(|&c| c != own) {
                let moved = self.placement(row.with(mover, to));
                let next = flipped - digit * weight + moved * weight;
                out.push(StateId::new(next as usize).expect("ids of the space fit"));
            }
        }
    }
}

/// The cells a piece on `own` may occupy (its own cell included): those on its side of the
/// other piece on `other`.
fn reach(own: u32, other: u32, cols: u32) -> RangeInclusive<u32> {
    if own < other { 1..=other - 1 } else { other + 1..=cols }
}

impl Game for NorthcottBoard {
    type State = BoardState;
}

impl StateSpace for NorthcottBoard {
    fn len(&self) -> usize {
        self.len
    }

    fn rank(&self, state: &BoardState) -> StateId {
        assert_eq!(state.rows.len(), self.rows, "a position of this board has {} rows", self.rows);
        let turn = u64::from(state.to_move == Player::Jerry);
        let id = state.rows.iter().zip(&self.weights).map(|(&r, &w)| self.placement(r) * w).sum::<u64>() + turn;
        StateId::new(id as usize).expect("ids of the space fit")
    }

    fn unrank(&self, id: StateId) -> BoardState {
        let id = id.as_u32() as u64;
        let rows = self.weights.iter().map(|&w| self.row_of(id / w % self.placements)).collect();
        BoardState { rows, to_move: NorthcottBoard::turn_of(id) }
    }
}

impl LoopySpace for NorthcottBoard {
    fn terminal_at(&self, _: StateId) -> Option<Terminal> {
        None
    }

    fn successor_ids(&self, id: StateId, out: &mut Vec<StateId>) {
        self.slides(id, NorthcottBoard::turn_of(id.as_u32() as u64), out);
    }
}

impl Unmoves for NorthcottBoard {
    fn predecessor_ids(&self, id: StateId, out: &mut Vec<StateId>) {
        // The player who just moved is the one not to move now.
        self.slides(id, NorthcottBoard::turn_of(id.as_u32() as u64).other(), out);
    }
}

//! A game as it is played: the lines drawn so far, who closed each box, and who moves next.
//! A judge reads the moves it is given into a [`Record`], solves the rest of the game from
//! [`Record::drawn`], and adds the score so far with [`Record::final_lead`].

use crate::board::{Board, Lines};
use crate::game::Rule;

/// A player: 0 moves first, 1 second.
pub type Player = usize;

/// The moves of a game so far, on one board under one rule: the lines drawn, the boxes each
/// player has closed, and the player to move.
///
/// ```
/// use dots_and_boxes::{Board, Record, Rule};
///
/// let board = Board::new(1, 1).unwrap();
/// let mut record = Record::new(board, Rule::TurnPasses);
/// for e in 0..3 {
///     assert_eq!(record.draw(e), 0);
/// }
/// // The fourth line closes the box for the second player (the turn always passes).
/// assert_eq!(record.to_move(), 1);
/// assert_eq!(record.draw(3), 1);
/// assert_eq!((record.boxes(0), record.boxes(1), record.owner(0, 0)), (0, 1, Some(1)));
/// assert!(record.is_over());
/// assert_eq!(record.final_lead(1, 0), 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record {
    board: Board,
    rule: Rule,
    drawn: Lines,
    moves: usize,
    to_move: Player,
    /// The boxes each player closed, box (row, col) as bit `row * cols + col`.
    owned: [u32; 2],
}

impl Record {
    /// The empty board, the first player to move.
    pub fn new(board: Board, rule: Rule) -> Record {
        Record { board, rule, drawn: 0, moves: 0, to_move: 0, owned: [0; 2] }
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The lines drawn so far: the position the rest of the game is played from.
    pub fn drawn(&self) -> Lines {
        self.drawn
    }

    /// Whether line `e` is drawn.
    pub fn is_drawn(&self, e: usize) -> bool {
        self.drawn >> e & 1 == 1
    }

    /// How many moves were made.
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// How many lines are still free.
    pub fn free(&self) -> usize {
        self.board.lines() - self.drawn.count_ones() as usize
    }

    /// Whether every line is drawn.
    pub fn is_over(&self) -> bool {
        self.free() == 0
    }

    /// The player to move: the turn passes after every move under [`Rule::TurnPasses`], and
    /// after every move that closes no box under [`Rule::MoveAgain`].
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Draws line `e` for the player to move, who scores the boxes it completes, and passes the
    /// turn as the rule says. Returns how many boxes it closed (0, 1 or 2).
    ///
    /// # Panics
    /// If `e` is not a line of the board or is drawn already.
    pub fn draw(&mut self, e: usize) -> u32 {
        assert!(e < self.board.lines() && !self.is_drawn(e), "line {e} is not free on {:?}", self.board);
        let mut closed = 0;
        for (r, c) in self.board.boxes_completed_by(self.drawn, e) {
            self.owned[self.to_move] |= 1 << (r * self.board.cols() + c);
            closed += 1;
        }
        self.drawn |= 1 << e;
        self.moves += 1;
        if self.rule == Rule::TurnPasses || closed == 0 {
            self.to_move = 1 - self.to_move;
        }
        closed
    }

    /// How many boxes `player` has closed.
    pub fn boxes(&self, player: Player) -> u32 {
        self.owned[player].count_ones()
    }

    /// Who closed box (`row`, `col`), if anyone has.
    pub fn owner(&self, row: usize, col: usize) -> Option<Player> {
        let bit = 1 << (row * self.board.cols() + col);
        (0..2).find(|&p| self.owned[p] & bit != 0)
    }

    /// `player`'s final lead, their boxes minus the opponent's at the end of the game, when the
    /// player to move goes on to close `future` more boxes than the other (the value of
    /// [`Record::drawn`] for the player to move).
    pub fn final_lead(&self, player: Player, future: i64) -> i64 {
        let so_far = i64::from(self.boxes(player)) - i64::from(self.boxes(1 - player));
        if player == self.to_move { so_far + future } else { so_far - future }
    }

    /// The board as [`Board::draw`] draws it, each closed box marked with its owner's
    /// character from `marks`.
    pub fn picture(&self, marks: [char; 2]) -> String {
        self.board.draw(self.drawn, |r, c| self.owner(r, c).map(|p| marks[p]))
    }
}

//! The rules restated for the oracle on a plain 10x9 array of pieces, sharing no code with the
//! engine side ([`crate::Endgame`]): no ranking, no tables, no palace numbering.
//!
//! A [`PlainBoard`] is what a player sees: each point empty or holding a piece, and whose turn it
//! is. A capture overwrites the point it lands on, so after a General is captured the board
//! simply lacks it, and the player without a General has lost. Solve with
//! `oracle::solve_loopy(&PlainRules, starts, budget)`.
//!
//! The dense space has one position per end where the plain boards have many (whatever pieces
//! the winner has left). [`MergedEnds`] is [`PlainRules`] with each finished board replaced by
//! the one board [`PlainBoard::from_position`] gives its end, so that the space's moves can be
//! compared with the plain moves board for board (`workbench::space::check_loopy_space`).

use crate::board::{Position, Side};
use solver_core::{Game, Rules, Terminal};
use std::hash::{Hash, Hasher};

/// What stands on a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Piece {
    /// Bob's Horse.
    Horse,
    /// Bob's General.
    BobGeneral,
    /// Alice's General.
    AliceGeneral,
}

impl Piece {
    fn owner_is_bob(self) -> bool {
        self != Piece::AliceGeneral
    }
}

/// The whole board as an array, `cells[x][y]`, and the player to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlainBoard {
    /// Row `x` (0 = Alice's back row), column `y`.
    pub cells: [[Option<Piece>; 9]; 10],
    /// Whether Bob moves next.
    pub bob_to_move: bool,
}

impl PlainBoard {
    /// The oracle's form of a position. The end "Alice's (Bob's) General captured" has many
    /// boards; any board without that General, its owner to move, stands for it: here the
    /// winner's General alone in the middle of its palace.
    pub fn from_position(position: &Position) -> PlainBoard {
        let mut cells = [[None; 9]; 10];
        let mut put = |x: u8, y: u8, piece| cells[x as usize][y as usize] = Some(piece);
        match position {
            Position::InPlay { board, .. } => {
                if let Some(h) = board.horse() {
                    put(h.x(), h.y(), Piece::Horse);
                }
                put(board.bob().x(), board.bob().y(), Piece::BobGeneral);
                put(board.alice().x(), board.alice().y(), Piece::AliceGeneral);
            }
            Position::GeneralCaptured { loser: Side::Alice } => put(8, 4, Piece::BobGeneral),
            Position::GeneralCaptured { loser: Side::Bob } => put(1, 4, Piece::AliceGeneral),
        }
        PlainBoard { cells, bob_to_move: position.to_move() == Side::Bob }
    }

    /// The board of this board's end, if it is finished (the player to move has no General:
    /// [`PlainBoard::from_position`] of that player's loss); the board itself if it is in play.
    pub fn merged(self) -> PlainBoard {
        match PlainRules.terminal(&self) {
            None => self,
            Some(_) => {
                let loser = if self.bob_to_move { Side::Bob } else { Side::Alice };
                PlainBoard::from_position(&Position::GeneralCaptured { loser })
            }
        }
    }

    fn at(&self, x: i32, y: i32) -> Option<Piece> {
        self.cells[x as usize][y as usize]
    }

    fn on_board(x: i32, y: i32) -> bool {
        (0..10).contains(&x) && (0..9).contains(&y)
    }

    /// The board after the piece on (x, y) moves to (tx, ty), taking whatever stood there.
    fn moved(&self, x: i32, y: i32, tx: i32, ty: i32) -> PlainBoard {
        let mut next = self.clone();
        next.cells[tx as usize][ty as usize] = next.cells[x as usize][y as usize].take();
        next.bob_to_move = !self.bob_to_move;
        next
    }
}

impl Hash for PlainBoard {
    /// One byte a point, written at once: the derived hash would feed the hasher each point's
    /// discriminant separately, several times slower for the oracle's hash maps.
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut bytes = [0u8; 91];
        for (byte, cell) in bytes.iter_mut().zip(self.cells.iter().flatten()) {
            *byte = match cell {
                None => 0,
                Some(Piece::Horse) => 1,
                Some(Piece::BobGeneral) => 2,
                Some(Piece::AliceGeneral) => 3,
            };
        }
        bytes[90] = u8::from(self.bob_to_move);
        state.write(&bytes);
    }
}

/// The rules of the endgame on plain boards: the oracle's rules.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlainRules;

impl Game for PlainRules {
    type State = PlainBoard;
}

impl Rules for PlainRules {
    /// Over when the player to move has no General left: that player lost.
    fn terminal(&self, board: &PlainBoard) -> Option<Terminal> {
        let own = if board.bob_to_move { Piece::BobGeneral } else { Piece::AliceGeneral };
        let has_general = board.cells.iter().flatten().any(|&c| c == Some(own));
        (!has_general).then_some(Terminal::Loss)
    }

    fn successors(&self, board: &PlainBoard, out: &mut Vec<PlainBoard>) {
        let mine = |p: Option<Piece>| p.is_some_and(|p| p.owner_is_bob() == board.bob_to_move);
        for x in 0..10 {
            for y in 0..9 {
                match board.at(x, y) {
                    Some(Piece::Horse) if board.bob_to_move => horse_moves(board, x, y, &mine, out),
                    Some(piece @ (Piece::BobGeneral | Piece::AliceGeneral)) if mine(Some(piece)) => {
                        general_moves(board, x, y, &mine, out)
                    }
                    _ => {}
                }
            }
        }
    }
}

/// The (2,1) jumps; the leg is the first point of the long side, which `d / 2` finds.
fn horse_moves(board: &PlainBoard, x: i32, y: i32, mine: &dyn Fn(Option<Piece>) -> bool, out: &mut Vec<PlainBoard>) {
    for (dx, dy) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
        let (tx, ty) = (x + dx, y + dy);
        if !PlainBoard::on_board(tx, ty) {
            continue;
        }
        let hobbled = board.at(x + dx / 2, y + dy / 2).is_some();
        if !hobbled && !mine(board.at(tx, ty)) {
            out.push(board.moved(x, y, tx, ty));
        }
    }
}

/// One orthogonal step inside the palace, and the flying capture along an open column.
fn general_moves(board: &PlainBoard, x: i32, y: i32, mine: &dyn Fn(Option<Piece>) -> bool, out: &mut Vec<PlainBoard>) {
    let rows = if board.bob_to_move { 7..=9 } else { 0..=2 };
    for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let (tx, ty) = (x + dx, y + dy);
        if rows.contains(&tx) && (3..=5).contains(&ty) && !mine(board.at(tx, ty)) {
            out.push(board.moved(x, y, tx, ty));
        }
    }
    // Look along the column towards the enemy: the first piece met decides.
    let toward = if board.bob_to_move { -1 } else { 1 };
    let mut tx = x + toward;
    while PlainBoard::on_board(tx, y) {
        match board.at(tx, y) {
            None => tx += toward,
            Some(Piece::BobGeneral | Piece::AliceGeneral) => {
                out.push(board.moved(x, y, tx, y));
                break;
            }
            Some(Piece::Horse) => break,
        }
    }
}

/// [`PlainRules`] with every finished board replaced by [`PlainBoard::merged`]: the same game,
/// with one board per end, as the dense space has one position per end.
#[derive(Debug, Clone, Copy, Default)]
pub struct MergedEnds;

impl Game for MergedEnds {
    type State = PlainBoard;
}

impl Rules for MergedEnds {
    fn terminal(&self, board: &PlainBoard) -> Option<Terminal> {
        PlainRules.terminal(board)
    }

    fn successors(&self, board: &PlainBoard, out: &mut Vec<PlainBoard>) {
        let start = out.len();
        PlainRules.successors(board, out);
        for next in &mut out[start..] {
            *next = next.clone().merged();
        }
    }
}

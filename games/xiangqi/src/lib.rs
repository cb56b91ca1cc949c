//! The xiangqi endgame General + Horse against a lone General (HDU 5897 "The Game"), solved
//! exactly by retrograde analysis over all 14,420 positions.
//!
//! # Rules and assumptions
//! - The board has rows `x = 0..=9` and columns `y = 0..=8`. Alice's General stays in her
//!   palace (rows 0..=2, columns 3..=5), Bob's General in his (rows 7..=9, columns 3..=5); Bob's
//!   Horse goes anywhere, until Alice captures it.
//! - A General steps one point orthogonally inside its palace. The Horse makes the (2,1) jumps
//!   and is hobbled when the point next to it in the direction of the long step is occupied
//!   (by either General: they are the only other pieces).
//! - A piece may move onto an enemy piece, capturing it, never onto its own. Only Alice can
//!   capture the Horse (her General steps onto it); Bob's Horse or General can capture her
//!   General, and her General can capture his.
//! - Flying General: when both Generals stand in one column with nothing between them (the
//!   Horse is the only piece that can be between), the player to move may capture the other
//!   General. Moving into danger is legal; it just loses.
//! - Either player may move first (the judge's `p`). There is no check, stalemate or repetition
//!   rule: a General always has a move, so every position in play has moves.
//!
//! # Ends and values
//! Values are [`Outcome`]s for the player to move, counted in plies (moves of either player).
//! - Capturing a General is a move like any other and ends the game: it leads to the position
//!   [`Position::GeneralCaptured`] of the loser, a finished loss (`Terminal::Loss`, remoteness 0)
//!   for the loser, who is nominally to move. So Bob winning `r` plies from now, capture
//!   included, is `Win(r)` with Bob to move and `Loss(r)` with Alice to move: the judge's
//!   "Lose in r steps". Alice capturing Bob's General is the mirror image.
//! - After Alice captures the Horse only the two Generals remain. These positions are kept in
//!   play, not cut off as a tie: the player to move captures at once if the Generals face on an
//!   open column (a win); otherwise neither can ever be forced onto the other's column (a
//!   General always has a step along its own column), so the engines find endless play,
//!   `Outcome::Draw`.
//! - The game has no finished tie. Endless play (with or without the Horse) and Alice's wins
//!   both count for Alice: the judge's "Lucky guy!" ([`Verdict`], whose `Display` is the
//!   judge's line).
//! - Bob, when he wins, hurries; Alice, when she loses, delays: exactly the remoteness of
//!   [`Outcome`].
//!
//! What the tables say: with Bob to move, Bob wins every judge position; with Alice to move she
//! escapes in 2,322 of 7,128 (an open column to fly along, or a safe capture of the Horse), and
//! her longest defence lasts 16 plies.
//!
//! # State space
//! [`Endgame`] numbers the positions densely (see [`space`] for the layout): 14,418 positions
//! in play, each a legal placement (no two pieces on one point, no hole in the numbering),
//! with either player to move, Horse on any free point or captured, and the two ends. Moves and
//! un-moves work on ids directly from constant tables.
//!
//! [`Endgame`] implements the id-level traits itself (`LoopySpace`, `Unmoves`), not the plain
//! `Rules`: the rules on states are [`plain::PlainRules`], on a 10x9 array with no code shared
//! with the space, and the tests and the fuzz target `rank_xiangqi` check the space against
//! them (through [`plain::MergedEnds`], which gives each end one board, as the space does).
//!
//! # Engines
//! | engine | applies | note |
//! |---|---|---|
//! | [`solver_core::solve_with_reverse_graph`] | yes | the default, fastest |
//! | [`solver_core::solve_with_unmoves`] | yes | [`Endgame`] implements exact un-moves |
//! | [`solver_core::solve_by_layers`] | yes | one pass per ply of the longest win (16): about 2.5x slower |
//! | the oracle on [`plain::PlainRules`] | yes | the rules restated on a 10x9 array, within [`ORACLE_BUDGET`] |
//!
//! # Judge problem
//! [`Hdu5897`] answers HDU 5897 (`gamesolve judge hdu5897`; its contract is
//! `problems/hdu5897.md`) with each engine ([`Hdu5897Engine`]): `Lose in X steps T.T!` when
//! Bob wins in X plies, else `Lucky guy!`. The judge's positions always have the Horse on the
//! board; the statement's row bound 0..3 for Alice's General is read as her palace, 0..2.
//! [`SPACES`] offers the whole game to the whole-space commands (`gamesolve verify`, `stats`,
//! `solve`, `probe`, `diff`) as `xiangqi`, without parameters (start: the sample's second
//! case); `verify` runs every retrograde engine of solver-core, solver-core's verifier and the
//! oracle on it.
//! `probe` and the table commands write a position as a line of the judge's input,
//! `x1 y1 x2 y2 x3 y3 p`, with `- -` for a captured Horse, and the ends as
//! `Alice's General captured` and `Bob's General captured`; moves as `explain` names them.
//!
//! # Example
//! The published sample's second case: Bob's Horse jumps to (0,5); wherever Alice's General
//! goes, the Horse or the open column takes it. Three plies in all.
//! ```
//! use solver_core::{RetrogradeEngine, StateSpace};
//! use xiangqi::{Board, Endgame, Position, Side, Square, Verdict};
//!
//! let sq = |x, y| Square::new(x, y).unwrap();
//! let game = Endgame::new();
//! let table = RetrogradeEngine::ReverseGraph.solve(&game).unwrap();
//! let board = Board::new(Some(sq(2, 6)), sq(9, 5), sq(2, 3)).unwrap();
//! let position = Position::in_play(board, Side::Bob);
//! let verdict = Verdict::new(Side::Bob, table.get(game.rank(&position)));
//! assert_eq!(verdict, Verdict::BobWins { plies: 3 });
//! assert_eq!(verdict.to_string(), "Lose in 3 steps T.T!");
//!
//! // The same case through the judge, with every engine.
//! use judge::AnyProblem;
//! for &engine in xiangqi::Hdu5897.engines() {
//!     assert_eq!(xiangqi::Hdu5897.judge("1\n2 6 9 5 2 3 1\n", engine).unwrap(), "Lose in 3 steps T.T!\n");
//! }
//! ```

mod board;
mod fuzz;
mod hdu5897;
pub mod plain;
mod solvable;
pub mod space;

pub use board::{Board, COLS, POINTS, PlacementError, Position, ROWS, Side, Square};
pub use fuzz::{FUZZ, rank_xiangqi};
pub use hdu5897::{Hdu5897, Hdu5897Engine, ORACLE_BUDGET};
pub use solvable::SPACES;
pub use space::{Endgame, POSITIONS};

use solver_core::Outcome;
use std::fmt;
use workbench::Registration;

/// The endgame's judge problem, its space (the whole game) and its fuzz body.
pub static REGISTRATION: Registration =
    Registration { name: "xiangqi", problems: &[&Hdu5897], spaces: SPACES, searches: &[], fuzz: FUZZ };

/// Who wins a position, as the judge sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Bob captures Alice's General after this many plies, the capture included.
    BobWins {
        /// Moves of both players until the capture, the capture included.
        plies: u32,
    },
    /// Alice captures Bob's General after this many plies.
    AliceWins {
        /// Moves of both players until the capture, the capture included.
        plies: u32,
    },
    /// Bob cannot force a capture and neither can Alice: play never ends (a tie would land here
    /// too, but the game has none). It counts as Alice's win.
    Endless,
}

impl Verdict {
    /// The verdict of a position whose player to move is `to_move` and whose value is `value`.
    ///
    /// ```
    /// use solver_core::Outcome;
    /// use xiangqi::{Side, Verdict};
    /// assert_eq!(Verdict::new(Side::Alice, Outcome::Loss(4)), Verdict::BobWins { plies: 4 });
    /// assert_eq!(Verdict::new(Side::Bob, Outcome::Loss(2)), Verdict::AliceWins { plies: 2 });
    /// assert_eq!(Verdict::new(Side::Alice, Outcome::Draw), Verdict::Endless);
    /// ```
    pub fn new(to_move: Side, value: Outcome) -> Verdict {
        match (to_move, value) {
            (Side::Bob, Outcome::Win(plies)) | (Side::Alice, Outcome::Loss(plies)) => Verdict::BobWins { plies },
            (Side::Alice, Outcome::Win(plies)) | (Side::Bob, Outcome::Loss(plies)) => Verdict::AliceWins { plies },
            (_, Outcome::Tie(_) | Outcome::Draw) => Verdict::Endless,
        }
    }
}

impl fmt::Display for Verdict {
    /// The judge's line, without the newline: `Lose in X steps T.T!` when Bob wins, else
    /// `Lucky guy!`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::BobWins { plies } => write!(f, "Lose in {plies} steps T.T!"),
            Verdict::AliceWins { .. } | Verdict::Endless => f.write_str("Lucky guy!"),
        }
    }
}

//! The modular card game of Codeforces 919F ("A Game With Numbers") and "童年" (childhood),
//! for any number of cards `k >= 1` and any modulus `m >= 2`, solved exactly.
//!
//! # The game and its assumptions
//!
//! - Two players each hold `k` cards with values `0..m`. Card order does not matter.
//! - A move: the player to move picks one of their own cards `a != 0` and one of the opponent's
//!   cards `b != 0`, and replaces `a` by `(a + b) mod m`; the opponent's card is unchanged. Then
//!   the other player moves.
//! - A player whose cards are all 0 has won at once, even when it is not their turn: a position
//!   where either hand is all zero is finished. For the player to move: own hand all zero is a
//!   win, the opponent's all zero a loss.
//! - Both hands all zero cannot arise in play (a move that zeroes the mover's last card needs a
//!   non-zero opponent card), but such positions exist in the space. Convention: the mover's hand
//!   is looked at first, so both-zero is a **win for the player to move** (as in both contest
//!   solutions; the `childhood` contract says "if A's hands are both 0, A has won"). The
//!   `cf919f` judge rejects such input, as its statement excludes it.
//! - Who moves first is part of the input (it picks which hand is the mover's). Every unfinished
//!   position has a move (both hands hold a non-zero card), so there are no stalemates and no
//!   ties: a position is won, lost, or a draw (endless play, "Deal" in cf919f).
//!
//! # Positions and their ranking
//!
//! Hands are multisets, ranked densely by the combinatorial number system ([`HandIndex`]; the
//! [`hand`] module explains it for any `(k, m)`): `H = C(k+m-1, k)` hands, rank 0 the all-zero
//! hand. A position is an ordered pair (mover's hand, opponent's hand) with id
//! `mover * H + opponent`, so `H^2` positions: 245,025 for `(8, 5)`, 3,025 for `(2, 10)`,
//! 64,128,064 for `(10, 7)`. [`Cards`] keeps per-hand tables of moves and un-moves, so the
//! engines move on ids without unranking.
//!
//! # Engines
//!
//! | engine | what it is | memory a position |
//! |---|---|---|
//! | [`solve_by_symmetry`] | [`solve_by_hand_tables`] on classes of positions under the symmetry below (about `phi(m)` times less work); the judges' default | 4 bytes a class, then the finished table |
//! | [`solve_by_hand_tables`] | counter retrograde analysis with move counts in closed form; no move is generated, only un-moves | 4 bytes + one remoteness's positions |
//! | [`solver_core::solve_with_reverse_graph`] | generic, stores the reverse move graph | 16 bytes + 4 a move |
//! | [`solver_core::solve_with_unmoves`] | generic, un-moves from [`Cards`]' [`Unmoves`](solver_core::Unmoves) | 8 bytes |
//! | [`solver_core::solve_by_layers`] | generic, one pass per ply | 4 bytes |
//!
//! All five give the same table (tested); [`CardsSolver`] picks one of the game's own by name.
//! The oracle ([`plain`]) restates the rules on unsorted arrays for `oracle::solve_loopy`; it
//! fits small games only (its states are the cards in every order).
//!
//! # Judge problems
//!
//! | problem | size | who moves first | answer per situation |
//! |---|---|---|---|
//! | `cf919f` ([`Cf919f`], Codeforces 919F) | 8 cards mod 5 | given (`f`) | `Alice`, `Bob`, `Deal` |
//! | `childhood` ([`Childhood`], "童年") | 2 cards mod 10 | always A | `1` (A wins), `2` (B wins), `0` (endless) |
//!
//! Their contracts are `problems/cf919f.md` and `problems/childhood.md` (`gamesolve show`).
//! Both are answered by every [`CardsEngine`]: the five engines above, each solving the one
//! game once and looking every situation up, and the oracle on the cards as dealt, within
//! [`ORACLE_STATES`] positions (every `childhood` input fits; most `cf919f` inputs do not, and
//! it declines them).
//!
//! # Whole-space commands
//!
//! [`SPACES`] offers the game to the whole-space commands (`gamesolve verify`, `stats`,
//! `solve`, `probe`, `diff`): `cards k=K m=M` (k in 1..=32, m in 2..=64; defaults 8 and 5),
//! every position with the game's two solvers and every retrograde engine of solver-core,
//! [`solve_by_symmetry`] the default; its start is all ones against all ones. `verify` runs it
//! at the sizes of the two judge problems (`k=8 m=5`, `k=2 m=10`): every engine against the
//! others and solver-core's verifier, and against the oracle where its states fit its budget
//! (`k=2 m=10`; it declines `k=8 m=5` up front). `probe` and the table commands write a
//! position as the two hands `explain` draws, the player to move's first: `mover [0 0 1 2],
//! opponent [1 1 3 4]` (values in any order when read), and a move as `explain` names it,
//! `own+other=result`.
//!
//! # Symmetry
//!
//! Multiplying every card of both hands by a unit `u` of `Z_m` (`gcd(u, m) = 1`) maps zeros to
//! zeros and moves to moves (`(a + b) u = a u + b u`), so it keeps every value. For `(8, 5)`
//! the four units make classes of about four positions; [`solve_by_symmetry`] solves one cell
//! per class.
//!
//! # Example
//!
//! ```
//! use cards::{Cards, solve_by_symmetry};
//! use solver_core::Outcome;
//!
//! let game = Cards::new(8, 5).unwrap();
//! let table = solve_by_symmetry(&game).unwrap();
//! // cf919f's second sample: Bob (to move) adds Alice's 1 to his 4 and holds only zeros.
//! let id = game.id_of(&[0, 0, 0, 0, 4, 0, 0, 0], &[0, 0, 0, 1, 0, 0, 0, 0]);
//! assert_eq!(table.get(id), Outcome::Win(1));
//! // The fourth: all ones against all ones is endless play.
//! assert_eq!(table.get(game.id_of(&[1; 8], &[1; 8])), Outcome::Draw);
//!
//! // The same through the judge, with Bob moving first.
//! use judge::AnyProblem;
//! let input = "1\n1\n0 0 0 1 0 0 0 0\n0 0 0 0 4 0 0 0\n";
//! assert_eq!(cards::Cf919f.judge(input, "hand-tables").unwrap(), "Bob\n");
//! ```

mod fuzz;
mod game;
pub mod hand;
pub mod plain;
mod problems;
mod solvable;
mod solve;
mod symmetry;

pub use fuzz::{FUZZ, rank_cards};
pub use game::{Cards, Move, Position};
pub use hand::{CardsError, Hand, HandIndex, Ranker};
pub use problems::{CardsEngine, Cf919f, Childhood, ORACLE_STATES};
pub use solvable::SPACES;
pub use solve::solve_by_hand_tables;
pub use solve::solve_by_symmetry;

use solver_core::{OutcomeTable, Progress, SpaceTooLarge};
use workbench::Registration;

/// The card game's problems (`cf919f`, `childhood`), its space (`cards k=K m=M`, verified at
/// `k=8 m=5` and `k=2 m=10`) and its fuzz body (`rank_cards`).
pub static REGISTRATION: Registration =
    Registration { name: "cards", problems: &[&Cf919f, &Childhood], spaces: SPACES, searches: &[], fuzz: FUZZ };

/// The game's own solvers, for choosing one at run time (as solver-core's
/// [`RetrogradeEngine`](solver_core::RetrogradeEngine) for the generic ones).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardsSolver {
    /// [`solve_by_symmetry`].
    Symmetry,
    /// [`solve_by_hand_tables`].
    HandTables,
}

impl CardsSolver {
    /// Both, fastest first.
    pub const ALL: [CardsSolver; 2] = [CardsSolver::Symmetry, CardsSolver::HandTables];

    /// The solver's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            CardsSolver::Symmetry => "symmetry",
            CardsSolver::HandTables => "hand-tables",
        }
    }

    /// The solver with this command-line name.
    pub fn from_name(name: &str) -> Option<CardsSolver> {
        Self::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Solves `cards` with this solver.
    pub fn solve(self, cards: &Cards) -> Result<OutcomeTable, SpaceTooLarge> {
        self.solve_reporting(cards, &Progress::silent())
    }

    /// [`CardsSolver::solve`], advancing `progress` towards the classes of positions it keeps
    /// (every position for [`CardsSolver::HandTables`]) as they are decided.
    pub fn solve_reporting(self, cards: &Cards, progress: &Progress<'_>) -> Result<OutcomeTable, SpaceTooLarge> {
        let units = match self {
            CardsSolver::Symmetry => symmetry::Units::all(cards),
            CardsSolver::HandTables => symmetry::Units::identity(cards),
        };
        solve::solve_on_classes(cards, &units, progress)
    }
}

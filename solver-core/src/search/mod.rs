//! Forward search from one position: exact values of games too large for a whole table.
//!
//! The whole-space engines of this crate enumerate every position; the engines here start from
//! one position and visit only what they must, so they answer positions of games whose table
//! would not fit in memory. A game describes itself to them through [`SearchGame`]: the moves
//! of a position in the order the game suggests, a move played by copy, and an exact key for the
//! transposition table. Every engine is exact: none stops at a depth and guesses.
//!
//! # Engine catalog
//!
//! | engine | answers | memory | notes |
//! |---|---|---|---|
//! | [`alpha_beta`] with [`Driver::FullWindow`] | the exact value | the transposition table ([`SearchLimits::tt_bytes`]) and the path | one search, window (-inf, +inf) |
//! | [`alpha_beta`] with [`Driver::Bisection`] | the exact value | the same | null-window searches, halving the interval of possible values |
//! | [`alpha_beta`] with [`Driver::Mtdf`] | the exact value | the same | null-window searches from a first guess towards the value (Plaat et al., 1996) |
//! | [`weak_alpha_beta`] | the sign: win, tie or loss | the same | one null-window pair around 0 |
//! | [`proof_number`] | the sign | a best-first tree, at most [`SearchLimits::tt_bytes`] | Allis' proof-number search, twice (win? not a loss?) |
//! | [`df_pn`] | the sign | the transposition table | Nagai's depth-first proof-number search with the 1+epsilon trick |
//!
//! # Values
//! For the player to move, as the tables define them: a scoring game's value is the future score
//! difference (mover minus opponent); a win/loss/tie game's value is a win in the fewest plies
//! the winner can force, a loss in the most plies the loser can delay it, or a tie. A tie is
//! given without its remoteness: the tables' tie remoteness (both players prefer the quicker
//! tie) is not a zero-sum preference, so a negamax search cannot back it up; compare a tie by
//! its kind ([`SearchValue::agrees_with_outcome`]).
//!
//! # Games
//! A game implements [`SearchGame`] for speed, or borrows an adapter: [`SpaceSearch`] searches
//! an acyclic [`LoopySpace`], [`ScoringSpaceSearch`] a [`ScoringSpace`] and
//! [`ImpartialSpaceSearch`] sums of an [`ImpartialSpace`]'s positions, on ids; [`PlainRules`]
//! and [`PlainScoring`] search plain [`Rules`] and [`ScoringRules`] (without a transposition
//! table unless given a key).

use crate::Terminal;
use std::fmt::{self, Debug};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A game as the search engines see it: positions played forward by copy.
///
/// Contract:
/// - Values follow [`SearchGame::scoring`]: a scoring game's position without moves is worth 0
///   and [`SearchGame::terminal`] is never `Some`; a win/loss/tie game's position is finished
///   when `terminal` says so (its moves are never asked for), and an unfinished position without
///   moves is lost for the player to move (normal play). Win/loss/tie games never move again
///   ([`Played::again`] false, [`Played::gain`] 0).
/// - The game is acyclic from every position searched: no sequence of moves returns to a
///   position. The engines report a repetition on the path they search as
///   [`SearchError::Cycle`], but a cycle that pruning skips can go unseen.
/// - Equal keys mean equal values: two positions with the same [`SearchGame::key`] have the same
///   value (a key may forget what does not change the value, e.g. the score so far).
pub trait SearchGame {
    /// A position, with whatever the game needs to know whose turn it is.
    type Position: Clone + Debug;
    /// A move of a position.
    type Move: Copy + Debug + Eq;

    /// Whether values are score differences (else win, loss or tie with remoteness).
    fn scoring(&self) -> bool;

    /// `Some(result for the player to move)` if the game is over (win/loss/tie games only).
    fn terminal(&self, position: &Self::Position) -> Option<Terminal>;

    /// Appends the legal moves of an unfinished `position`, in the order the game suggests
    /// trying them (likely best first).
    fn moves(&self, position: &Self::Position, out: &mut Vec<Self::Move>);

    /// The position after `mv` (one of `moves(position)`), what the mover scores and whether
    /// the mover moves again.
    fn play(&self, position: &Self::Position, mv: Self::Move) -> Played<Self::Position>;

    /// An exact key of the position for the transposition table (equal keys, equal values), or
    /// `None` to search the position without the table.
    fn key(&self, position: &Self::Position) -> Option<u128>;

    /// Bounds `(lower, upper)` the value of `position` is known to lie in without search (a
    /// scoring game: the points left to win), or `None`. Must be sound: a wrong bound gives a
    /// wrong value.
    fn score_bounds(&self, position: &Self::Position) -> Option<(i64, i64)> {
        let _ = position;
        None
    }
}

/// A move played: the position after it, the points the mover scored, whether the mover moves
/// again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played<P> {
    /// The position after the move.
    pub position: P,
    /// Points the mover scores with the move (scoring games; 0 otherwise).
    pub gain: i64,
    /// Whether the same player moves next (scoring games; false otherwise).
    pub again: bool,
}

/// The exact value of a position for the player to move, as the search proves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SearchValue {
    /// The future score difference, mover minus opponent (scoring games).
    Score(i64),
    /// The player to move wins in this many plies (the fewest it can force).
    Win(u32),
    /// The player to move loses in this many plies (the most it can delay).
    Loss(u32),
    /// Neither side can force a win; the remoteness is not computed (see the module docs).
    Tie,
}

/// The sign of a value: what the weak engines decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sign {
    /// The player to move wins (a score above 0).
    Win,
    /// Neither wins (a score of 0).
    Tie,
    /// The player to move loses (a score below 0).
    Loss,
}

/// What an engine answers: the exact value, or only its sign for the weak engines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Answer {
    /// The exact value.
    Exact(SearchValue),
    /// The sign only.
    Sign(Sign),
}

/// What an engine may use, and when it gives up.
#[derive(Clone, Default)]
pub struct SearchLimits {
    /// The bytes of the transposition table (and of the proof-number tree), allocated whole
    /// before the search; 0 searches without one.
    pub tt_bytes: usize,
    /// The most positions an engine visits before it stops with [`SearchError::NodeBudget`];
    /// 0: no limit.
    pub node_budget: u64,
    /// Set from elsewhere (Ctrl-C) to stop the search with [`SearchError::Stopped`].
    pub stop: Option<Arc<AtomicBool>>,
    /// Called with the costs so far about every 2^20 positions visited (progress on a terminal).
    pub progress: Option<Arc<dyn Fn(&SearchStats) + Send + Sync>>,
}

/// What a search cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions visited (each call on a position counts once, transposition-table hits
    /// included).
    pub nodes: u64,
    /// Lookups in the transposition table that ended the visit of a position (or narrowed its
    /// window).
    pub tt_hits: u64,
    /// Entries written to the transposition table.
    pub tt_stores: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// The most bytes the engine held at once: its tables and its path.
    pub peak_bytes: u64,
}

/// An engine's result: its answer, a principal variation (the moves of a best line from the
/// position, as far as the engine knows it; the weak engines give the first move at most), and
/// its costs.
#[derive(Debug, Clone)]
pub struct Searched<M> {
    /// The value, or its sign.
    pub answer: Answer,
    /// Best moves from the position on.
    pub principal_variation: Vec<M>,
    /// What it cost.
    pub stats: SearchStats,
}

/// Why a search gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// More positions than [`SearchLimits::node_budget`]; `proven` says what was proven so far
    /// (bounds on the value, in words).
    #[error("the search visited {nodes} positions, its budget, without an answer ({proven})")]
    NodeBudget {
        /// Positions visited.
        nodes: u64,
        /// What is known, in words.
        proven: String,
    },
    /// [`SearchLimits::stop`] was set.
    #[error("the search was stopped after {nodes} positions ({proven})")]
    Stopped {
        /// Positions visited.
        nodes: u64,
        /// What is known, in words.
        proven: String,
    },
    /// The transposition table could not be allocated.
    #[error("cannot allocate a transposition table of {bytes} bytes")]
    TableAlloc {
        /// The bytes asked for.
        bytes: usize,
    },
    /// A position repeated on the path searched: the game loops, and a forward value would
    /// depend on the path.
    #[error("a position repeats {plies} plies deep: the game loops, which forward search cannot value")]
    Cycle {
        /// The depth of the repetition.
        plies: u32,
    },
}

/// How [`alpha_beta`] finds the exact value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Driver {
    /// One search with the widest window.
    FullWindow,
    /// Null-window searches halving the interval the value lies in (Pons' Connect Four solver).
    Bisection,
    /// Null-window searches stepping from a guess to the value (MTD(f), Plaat et al. 1996).
    Mtdf,
}

/// Every engine by name, for commands that take `--engine`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SearchEngine {
    /// [`alpha_beta`] with a [`Driver`].
    AlphaBeta(Driver),
    /// [`weak_alpha_beta`].
    WeakAlphaBeta,
    /// [`proof_number`].
    ProofNumber,
    /// [`df_pn`].
    DfPn,
}

impl SearchEngine {
    /// Every engine, exact ones first.
    pub const ALL: [SearchEngine; 6] = [
        SearchEngine::AlphaBeta(Driver::FullWindow),
        SearchEngine::AlphaBeta(Driver::Bisection),
        SearchEngine::AlphaBeta(Driver::Mtdf),
        SearchEngine::WeakAlphaBeta,
        SearchEngine::ProofNumber,
        SearchEngine::DfPn,
    ];

    /// Its name on the command line: `alpha-beta`, `bisection`, `mtdf`, `weak`, `pns`, `df-pn`.
    pub fn name(self) -> &'static str {
        todo!()
    }

    /// The engine of this name.
    pub fn from_name(name: &str) -> Option<SearchEngine> {
        SearchEngine::ALL.into_iter().find(|e| e.name() == name)
    }

    /// Whether it answers only the sign.
    pub fn is_weak(self) -> bool {
        !matches!(self, SearchEngine::AlphaBeta(_))
    }

    /// Runs it on `position`.
    pub fn run<G: SearchGame>(
        self,
        game: &G,
        position: &G::Position,
        limits: &SearchLimits,
    ) -> Result<Searched<G::Move>, SearchError> {
        let _ = (game, position, limits);
        todo!()
    }
}

/// The exact value of `position` by negamax alpha-beta with a transposition table of bounds.
pub fn alpha_beta<G: SearchGame>(
    game: &G,
    position: &G::Position,
    driver: Driver,
    limits: &SearchLimits,
) -> Result<Searched<G::Move>, SearchError> {
    let _ = (game, position, driver, limits);
    todo!()
}

/// The sign of the value of `position` by alpha-beta.
pub fn weak_alpha_beta<G: SearchGame>(
    game: &G,
    position: &G::Position,
    limits: &SearchLimits,
) -> Result<Searched<G::Move>, SearchError> {
    let _ = (game, position, limits);
    todo!()
}

/// The sign of the value of `position` by proof-number search.
pub fn proof_number<G: SearchGame>(
    game: &G,
    position: &G::Position,
    limits: &SearchLimits,
) -> Result<Searched<G::Move>, SearchError> {
    let _ = (game, position, limits);
    todo!()
}

/// The sign of the value of `position` by depth-first proof-number search.
pub fn df_pn<G: SearchGame>(
    game: &G,
    position: &G::Position,
    limits: &SearchLimits,
) -> Result<Searched<G::Move>, SearchError> {
    let _ = (game, position, limits);
    todo!()
}

impl Answer {
    /// Whether the answer agrees with a table's outcome: an exact win or loss with its
    /// remoteness, a tie by kind; a sign by kind.
    pub fn agrees_with_outcome(self, table: crate::Outcome) -> bool {
        let _ = table;
        todo!()
    }

    /// Whether the answer agrees with a table's score: exactly, or by sign.
    pub fn agrees_with_score(self, table: i64) -> bool {
        let _ = table;
        todo!()
    }

    /// Whether the answer agrees with a table's Grundy value: a win exactly when it is not 0.
    pub fn agrees_with_nimber(self, table: crate::Nimber) -> bool {
        let _ = table;
        todo!()
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let _ = f;
        todo!()
    }
}

mod adapters;
pub use adapters::{ImpartialSpaceSearch, ImpartialSum, PlainRules, PlainScoring, ScoringSpaceSearch, SpaceSearch};

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
//! | [`weak_alpha_beta`] | the sign: win, tie or loss | the same | at most two null-window searches, on 1 and on 0 |
//! | [`proof_number_search`] | the sign | a graph of nodes within three quarters of [`SearchLimits::tt_bytes`] (at least [`MIN_TREE_BYTES`]), a table of solved nodes in the rest, the path | best first: two AND/OR proofs, value at least 1, else at least 0 (Allis et al., 1994) |
//! | [`df_pn`] | the sign | a table of proof numbers ([`SearchLimits::tt_bytes`]) and the path | the same proofs depth first under thresholds (Nagai, 2002), with the 1 + epsilon trick (Pawlewicz and Lew, 2007) |
//!
//! Which engine is cheaper depends on the game (measured 2026-12-05, release build, a 2-core
//! machine with nothing else running): on the 16 positions of `benches/search.rs` (a random
//! scoring game of 20,000 positions) proof-number search visits 583 positions in 2.5 ms and
//! df-pn 770 in 11 ms, where [`weak_alpha_beta`] visits 292,414 in 76 ms; on the empty
//! (3,4,4) m,n,k board (a tie, moves ordered with forced blocks, 64 MiB) the other way: weak
//! alpha-beta 3,137 positions, proof-number search 127,930, df-pn 311,983; on (4,4,4) weak
//! alpha-beta 25,548, df-pn 3,637,128 (0.8 s), and proof-number search fills a 48 MiB graph.
//! (The proof-number engines count the children they generate, alpha-beta its calls.)
//!
//! Every engine counts what it visits ([`SearchStats`]) and stops with an error past
//! [`SearchLimits::node_budget`] positions or when [`SearchLimits::stop`] is set, saying what it
//! had proven.
//!
//! # Values
//! For the player to move, as the tables define them: a scoring game's value is the future score
//! difference (mover minus opponent); a win/loss/tie game's value is a win in the fewest plies
//! the winner can force, a loss in the most plies the loser can delay it, or a tie. A tie is
//! given without its remoteness: the tables' tie remoteness (both players prefer the quicker
//! tie) is not a zero-sum preference, so a negamax search cannot back it up; compare a tie by
//! its kind ([`Answer::agrees_with_outcome`]).
//!
//! # Games
//! A game implements [`SearchGame`] for speed, or borrows an adapter: [`SpaceSearch`] searches
//! an acyclic [`LoopySpace`](crate::LoopySpace), [`ScoringSpaceSearch`] a [`ScoringSpace`](crate::ScoringSpace) and
//! [`ImpartialSpaceSearch`] sums of an [`ImpartialSpace`](crate::ImpartialSpace)'s positions, on ids; [`PlainRules`]
//! and [`PlainScoring`] search plain [`Rules`](crate::Rules) and [`ScoringRules`](crate::ScoringRules) (without a transposition
//! table unless given a key).
//!
//! # Example
//! Every engine on every position of a random acyclic scoring game (moves that score, moves
//! after which the mover goes again), against the whole-space table:
//! ```
//! use solver_core::graph::{GraphGame, RandomShape};
//! use solver_core::search::{ScoringSpaceSearch, SearchEngine, SearchLimits};
//! use solver_core::{StateId, StateSpace, score_table};
//!
//! let game = GraphGame::random(&RandomShape::acyclic(300), 7);
//! let table = score_table::<i64, _>(&game).unwrap();
//! let search = ScoringSpaceSearch::new(&game);
//! let limits = SearchLimits { tt_bytes: 1 << 20, ..SearchLimits::default() };
//! for id in StateId::all(game.len()) {
//!     for engine in SearchEngine::ALL {
//!         let found = engine.run(&search, &id, &limits).unwrap();
//!         assert!(found.answer.agrees_with_score(table[id.index()]), "{}", engine.name());
//!     }
//! }
//! ```

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
///   position. A loop the search runs into shows as a line of 100,000 plies,
///   [`SearchError::Cycle`]; a loop that pruning or the transposition table skips goes unseen,
///   and the value found is then one of a path, not the table's draw.
/// - Equal keys mean equal values: two positions with the same [`SearchGame::key`] have the same
///   value (a key may forget what does not change the value, e.g. the score so far).
pub trait SearchGame: Sync {
    /// A position, with whatever the game needs to know whose turn it is.
    type Position: Clone + Debug + Send;
    /// A move of a position.
    type Move: Copy + Debug + Eq + Send;

    /// Whether values are score differences (else win, loss or tie with remoteness).
    fn scoring(&self) -> bool;

    /// `Some(result for the player to move)` if the game is over (win/loss/tie games only).
    fn terminal(&self, position: &Self::Position) -> Option<Terminal>;

    /// Appends the legal moves of an unfinished `position`, in the order the game suggests
    /// trying them (likely best first). A game may leave out a move that is provably worth no
    /// more than one it lists (e.g. any move but the block of an opponent's immediate win), as
    /// long as it lists at least one: values stay exact, and only the moves listed are shown.
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
    /// Points the mover scores with the move, less any the opponent scores in forced replies
    /// the game plays within the move (dots and boxes' safe captures), so possibly negative
    /// (scoring games; 0 otherwise). The move is worth `gain + value(position)` when
    /// [`Played::again`], else `gain - value(position)`.
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

/// A function that shows the costs of a search so far (progress on a terminal).
pub type Progress = Arc<dyn Fn(&SearchStats) + Send + Sync>;

/// What an engine may use, and when it gives up.
#[derive(Clone, Default)]
pub struct SearchLimits {
    /// The bytes of the transposition table, allocated whole before the search; 0 searches
    /// without one. [`proof_number_search`] splits them: a quarter for its table of solved
    /// nodes, three quarters (at least [`MIN_TREE_BYTES`], however little this says: it cannot
    /// run without a graph) for its graph of nodes, which grows as needed up to them.
    pub tt_bytes: usize,
    /// The most positions an engine visits before it stops with [`SearchError::NodeBudget`];
    /// 0: no limit. Several threads ([`alpha_beta`], [`weak_alpha_beta`]) share their counts,
    /// and look for another thread's stop, every 4,096 positions (a shared counter touched at
    /// every position would slow them all), so together they may pass the budget by up to
    /// three times 4,096 positions a thread before all have stopped (each count seen late by
    /// up to 4,096, a sharing missed, the stop seen late). On one thread it is exact.
    pub node_budget: u64,
    /// Set from elsewhere (Ctrl-C) to stop the search with [`SearchError::Stopped`].
    pub stop: Option<Arc<AtomicBool>>,
    /// Called with the costs so far about every 2^20 positions visited (progress on a terminal).
    pub progress: Option<Progress>,
    /// The threads [`alpha_beta`] and [`weak_alpha_beta`] search with, sharing one table (0
    /// counts as 1); the other engines use one. The answer is the same on any number.
    pub threads: usize,
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
/// position, as far as the engine knows it; the weak engines give the first move at most, and
/// the proof-number engines a move that keeps the sign, not necessarily the best), and its
/// costs.
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
    /// The thread the search runs on could not be started with its stack.
    #[error("cannot start the search's thread with a stack of {bytes} bytes")]
    Stack {
        /// The stack asked for.
        bytes: usize,
    },
    /// The proof-number search's graph filled its bytes, what was solved freed, before the
    /// proof was done.
    #[error("the proof-number graph filled its {bytes} bytes before the proof was done: give it more memory (--tt-mb)")]
    TreeFull {
        /// The bytes of the graph.
        bytes: usize,
    },
    /// A path longer than the search allows (100,000 plies): the game loops (a forward value
    /// would depend on the path), or is deeper than forward search goes.
    #[error("a line of play reached {plies} plies: the game loops (which forward search cannot value) or is too deep")]
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
    /// [`proof_number_search`].
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
        match self {
            SearchEngine::AlphaBeta(Driver::FullWindow) => "alpha-beta",
            SearchEngine::AlphaBeta(Driver::Bisection) => "bisection",
            SearchEngine::AlphaBeta(Driver::Mtdf) => "mtdf",
            SearchEngine::WeakAlphaBeta => "weak",
            SearchEngine::ProofNumber => "pns",
            SearchEngine::DfPn => "df-pn",
        }
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
        match self {
            SearchEngine::AlphaBeta(driver) => alpha_beta(game, position, driver, limits),
            SearchEngine::WeakAlphaBeta => weak_alpha_beta(game, position, limits),
            SearchEngine::ProofNumber => proof_number_search(game, position, limits),
            SearchEngine::DfPn => df_pn(game, position, limits),
        }
    }
}

/// The exact value of `position` by negamax alpha-beta with a transposition table of bounds,
/// driven by `driver`, and a principal variation.
///
/// Each call on a position: the game's [`SearchGame::score_bounds`] and the table's bounds
/// narrow the window or answer outright; then, with two moves or more, every child is looked
/// up in the table, and a child's bound that already proves a cut-off ends the call (an
/// enhanced transposition cut-off); otherwise the moves are searched in the game's order, the
/// table's best move first, each child with the window that decides its move (fail-soft),
/// stopping at a cut-off. The table keeps two entries a bucket: the one whose search visited
/// the most positions, and the newest. Time: exponential in the depth in the worst case; every position is
/// searched at most once per window while its entry stays in the table. Memory: the table
/// (`limits.tt_bytes`, allocated whole) plus a move list and a recursion frame per ply of the
/// deepest line, a thread; a path past 100,000 plies is reported as [`SearchError::Cycle`].
/// The principal variation takes a null-window search per move tried along it, mostly
/// answered by the table, counted in the costs.
///
/// Threads ([`SearchLimits::threads`]): each runs the whole search on a thread of its own with
/// a 256 MiB stack (reserved, touched only as deep as it goes), all sharing the one table. The
/// first searches alone for its first 16,384 positions (searches near the end of a game are
/// over sooner than a thread starts); then the helpers join. A thread marks the positions
/// whose moves it is searching, and a move other than the first whose child another thread is
/// searching waits for a second pass (in the spirit of ABDADA, Weill 1996), so that the
/// threads spread over the moves and find each other's bounds in the table. The first thread
/// to finish gives the answer and the others stop. The answer and the principal variation are
/// the same on any number of threads; the positions visited (summed over the threads) and the
/// time are not. With more than one thread the node budget is checked on the threads' sum
/// every 4,096 positions of each, so a search may pass it by that much a thread.
pub fn alpha_beta<G: SearchGame>(
    game: &G,
    position: &G::Position,
    driver: Driver,
    limits: &SearchLimits,
) -> Result<Searched<G::Move>, SearchError> {
    let searched = alpha_beta::in_threads(game, position, limits, |searcher, position| {
        let value = searcher.exact(position, driver)?;
        let line = searcher.variation(position, value)?;
        Ok((Answer::Exact(searcher.scale().value(value)), line))
    });
    searched.map(|((answer, principal_variation), stats)| Searched { answer, principal_variation, stats })
}

/// The sign of the value of `position` (win, tie or loss; for a scoring game above, at or
/// below 0) by alpha-beta: a null-window search on 1 (is the value above 0?), then, if not, one
/// on 0. Cheaper than an exact value: a cut-off needs only one move that keeps the sign. Time,
/// memory and threads as [`alpha_beta`]'s; no principal variation.
pub fn weak_alpha_beta<G: SearchGame>(
    game: &G,
    position: &G::Position,
    limits: &SearchLimits,
) -> Result<Searched<G::Move>, SearchError> {
    let searched = alpha_beta::in_threads(game, position, limits, |searcher, position| searcher.sign(position));
    searched.map(|(sign, stats)| Searched { answer: Answer::Sign(sign), principal_variation: Vec::new(), stats })
}

/// The sign of the value of `position` (win, tie or loss; for a scoring game above, at or
/// below 0) by proof-number search: a proof of "the value is at least 1", then, if disproven,
/// one of "at least 0", each best first on an explicit graph of nodes. The principal variation is the
/// first move of the proof of a win or a tie (a move that keeps the sign, not necessarily the
/// best one), empty for a loss or a position decided without search. A scoring game's
/// [`SearchGame::score_bounds`] prove or disprove a node at once; a win/loss/tie game's are not
/// read (the trait gives them on alpha-beta's scale of remoteness).
///
/// Each step descends from the root along the children of least proof to the most-proving
/// node, expands it and backs the numbers up through every parent. Positions of equal keys
/// asking the same question share one node (the graph is a DAG, and a node reached again on
/// its own descent is a loop: [`SearchError::Cycle`]); positions without a key get a node each.
/// Time: each expansion costs the moves of the node, the descent and the update; the number of
/// expansions is exponential in the depth in the worst case. Memory: the graph (nodes with
/// their positions, moves and parents, and the index of keys, counted roughly: the heap parts
/// of positions and the slack of the index's hash map are not) within three quarters of `limits.tt_bytes` and at least [`MIN_TREE_BYTES`],
/// grown as needed; when it fills, the moves of solved nodes and the nodes no longer reached
/// from the root through unsolved ones are freed, and if it is still full the search ends with
/// [`SearchError::TreeFull`]. A table of solved nodes, in the other quarter allocated whole,
/// keeps what was freed. A path past 100,000 plies is [`SearchError::Cycle`]. Positions
/// visited are the children generated by expansions.
pub fn proof_number_search<G: SearchGame>(
    game: &G,
    position: &G::Position,
    limits: &SearchLimits,
) -> Result<Searched<G::Move>, SearchError> {
    let graph_bytes = (limits.tt_bytes - limits.tt_bytes / 4).max(MIN_TREE_BYTES);
    proof_number_search_within(game, position, limits, graph_bytes)
}

/// [`proof_number_search`] with a graph of exactly `graph_bytes` (no floor; the table of
/// solved nodes still gets a quarter of `limits.tt_bytes`): for a caller that wants a graph
/// smaller than [`MIN_TREE_BYTES`], and for the tests of what is freed when it fills.
pub fn proof_number_search_within<G: SearchGame>(
    game: &G,
    position: &G::Position,
    limits: &SearchLimits,
    graph_bytes: usize,
) -> Result<Searched<G::Move>, SearchError> {
    let mut search = proof_number::ProofNumberSearch::new(game, limits, graph_bytes)?;
    let (sign, principal_variation) = proof_number::sign_by_proofs(&mut search, position)?;
    Ok(Searched { answer: Answer::Sign(sign), principal_variation, stats: search.finish() })
}

/// The sign of the value of `position` by df-pn: the proofs of [`proof_number_search`] (at least
/// 1, else at least 0), depth first: each node searches its child of least proof until the
/// child's numbers pass thresholds set so that the node's own stay below its thresholds (with
/// the 1 + epsilon trick, epsilon = 1/4), then picks again. The numbers of nodes left are kept
/// in a transposition table of `limits.tt_bytes` (power-of-two slots, the position's whole key
/// and the threshold stored, always replace); without one (`tt_bytes` 0, or a position without
/// a key) the search is still exact, only slower: a node left is searched again from scratch.
/// The principal variation is as [`proof_number_search`]'s.
///
/// Time: exponential in the depth in the worst case, with re-searches of nodes the table lost.
/// Memory: the table, allocated whole, plus the children (with their positions) of each node on
/// the path and a recursion frame per ply, on a thread of its own with a 256 MiB stack; a path
/// past 100,000 plies is [`SearchError::Cycle`]. Positions visited are the children generated,
/// each time a node is searched.
pub fn df_pn<G: SearchGame>(
    game: &G,
    position: &G::Position,
    limits: &SearchLimits,
) -> Result<Searched<G::Move>, SearchError> {
    let position = position.clone();
    alpha_beta::on_deep_stack(move || {
        let mut search = df_pn::DepthFirstProofNumber::new(game, limits)?;
        let (sign, principal_variation) = proof_number::sign_by_proofs(&mut search, &position)?;
        Ok(Searched { answer: Answer::Sign(sign), principal_variation, stats: search.finish() })
    })?
}

impl SearchValue {
    /// Its sign.
    pub fn sign(self) -> Sign {
        match self {
            SearchValue::Win(_) => Sign::Win,
            SearchValue::Loss(_) => Sign::Loss,
            SearchValue::Tie => Sign::Tie,
            SearchValue::Score(s) if s > 0 => Sign::Win,
            SearchValue::Score(s) if s < 0 => Sign::Loss,
            SearchValue::Score(_) => Sign::Tie,
        }
    }
}

impl Answer {
    /// Its sign.
    pub fn sign(self) -> Sign {
        match self {
            Answer::Exact(value) => value.sign(),
            Answer::Sign(sign) => sign,
        }
    }

    /// Whether the answer agrees with a table's outcome: an exact win or loss with its
    /// remoteness, a tie by kind; a sign by kind. A table's endless draw agrees with nothing: a
    /// searched game is acyclic.
    pub fn agrees_with_outcome(self, table: crate::Outcome) -> bool {
        use crate::Outcome;
        match (self, table) {
            (_, Outcome::Draw) => false,
            (Answer::Exact(SearchValue::Win(r)), Outcome::Win(t)) => r == t,
            (Answer::Exact(SearchValue::Loss(r)), Outcome::Loss(t)) => r == t,
            (Answer::Exact(SearchValue::Tie), Outcome::Tie(_)) => true,
            (Answer::Exact(_), _) => false,
            (Answer::Sign(sign), Outcome::Win(_)) => sign == Sign::Win,
            (Answer::Sign(sign), Outcome::Loss(_)) => sign == Sign::Loss,
            (Answer::Sign(sign), Outcome::Tie(_)) => sign == Sign::Tie,
        }
    }

    /// Whether the answer agrees with a table's score: exactly, or by sign.
    pub fn agrees_with_score(self, table: i64) -> bool {
        match self {
            Answer::Exact(value) => value == SearchValue::Score(table),
            Answer::Sign(sign) => sign == SearchValue::Score(table).sign(),
        }
    }

    /// Whether the answer agrees with a table's Grundy value: a win exactly when it is not 0
    /// (an impartial game has no ties).
    pub fn agrees_with_nimber(self, table: crate::Nimber) -> bool {
        let expected = if table.0 == 0 { Sign::Loss } else { Sign::Win };
        match self {
            Answer::Exact(SearchValue::Score(_)) => false,
            answer => answer.sign() == expected,
        }
    }
}

impl fmt::Display for Sign {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Sign::Win => "win",
            Sign::Tie => "tie",
            Sign::Loss => "loss",
        })
    }
}

impl fmt::Display for SearchValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchValue::Score(s) => write!(f, "{s:+}"),
            SearchValue::Win(r) => write!(f, "win in {r}"),
            SearchValue::Loss(r) => write!(f, "loss in {r}"),
            SearchValue::Tie => f.write_str("tie"),
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Exact(value) => fmt::Display::fmt(value, f),
            Answer::Sign(sign) => fmt::Display::fmt(sign, f),
        }
    }
}

mod adapters;
mod alpha_beta;
mod df_pn;
mod memory;
mod proof_number;
mod table;
pub use adapters::{
    ImpartialSpaceSearch, ImpartialSum, PlainRules, PlainScoring, ScoringSpaceSearch, SpaceSearch, SumMove,
};
pub use memory::TableMemory;
pub use proof_number::MIN_TREE_BYTES;

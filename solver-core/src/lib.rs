//! Game-agnostic engines that solve two-player games exactly, and a verifier for their tables.
//!
//! solver-core knows no game and no input format. A game describes its rules on plain states
//! ([`Rules`], [`ImpartialRules`] or [`ScoringRules`]) and numbers its positions densely
//! ([`StateSpace`]); the engines are free functions over exactly the capabilities they need.
//!
//! # Engine catalog
//!
//! | engine | games | needs | cannot do |
//! |---|---|---|---|
//! | [`solve_with_reverse_graph`] | loopy win/loss/tie/draw with remoteness | [`LoopySpace`] | graphs larger than memory |
//! | [`solve_with_unmoves`] | the same, without storing the graph | [`Unmoves`] | games without un-moves |
//! | [`solve_by_layers`] | the same, in the least memory | [`LoopySpace`] | long games fast (one pass per ply) |
//! | [`solve_parallel_counter`] | the same, on every core (atomic counters, frontier by remoteness) | [`LoopySpace`] + `Sync` | graphs larger than memory |
//! | [`solve_parallel_layered`] | the same, on every core, into a 2-byte [`CompactOutcomeTable`] (or a 4-byte [`OutcomeTable`]) | [`LoopySpace`] + `Sync` | remoteness past [`COMPACT_MAX_REMOTENESS`] in 2 bytes (reported) |
//! | [`grundy_table`] | acyclic impartial games, moves that split into sums | [`ImpartialSpace`] | cycles (reported) |
//! | [`score_table`] | acyclic scoring games with "move again" | [`ScoringSpace`] | cycles (reported) |
//! | [`parallel_grundy_table`] | the same as [`grundy_table`], on every core, level by level | [`ImpartialSpace`] + `Sync` | speed without declared [`StateSpace::play_levels`] |
//! | [`parallel_score_table`] | the same as [`score_table`], on every core, level by level | [`ScoringSpace`] + `Sync` | speed without declared [`StateSpace::play_levels`] |
//! | [`tiers::solve_tiers`] | acyclic scoring games split into tiers, tier by tier, holding only the tiers still needed | [`tiers::TieredScoring`] | tiers larger than memory |
//!
//! Forward search from one position, for games too large for a table, is the module
//! [`search`]: negamax alpha-beta with a transposition table of bounds under three drivers
//! (full window, null-window bisection, MTD(f)) and a weak engine deciding only the sign, on
//! any game that implements [`search::SearchGame`] or on the spaces above through its adapters.
//!
//! A game with plain rules alone gets a space from them: [`Discovered`] numbers the positions
//! reachable from its starts by hashing, so the engines above run on it with no rank or unrank
//! written.
//!
//! With the cargo feature `mpi`, the module `tiers_mpi` runs the tier engine across the ranks
//! of an MPI job (Open MPI), each rank solving the slices of tiers dealt to it.
//!
//! The retrograde engines must agree on every position, and so must the acyclic ones of a
//! family (the parallel ones for every number of threads; they run on rayon's current pool); [`verify`] checks any table
//! against the positions' children without trusting an engine.
//!
//! # Values
//! Always for the player to move: [`Outcome`] (win, loss or tie with remoteness in plies, or
//! endless play), [`Nimber`], and scores as the future difference mover minus opponent.
//!
//! # Example
//! A loopy game on an explicit graph, solved by every engine and verified:
//! ```
//! use solver_core::graph::{GraphGame, RandomShape};
//! use solver_core::{RetrogradeEngine, verify::verify_outcomes};
//!
//! let game = GraphGame::random(&RandomShape::loopy(1000), 42);
//! let tables: Vec<_> = RetrogradeEngine::ALL.iter().map(|e| e.solve(&game).unwrap()).collect();
//! assert!(tables.windows(2).all(|w| w[0] == w[1]));
//! verify_outcomes(&game, &tables[0]).unwrap();
//! println!("{}", tables[0].counts());
//! ```

mod acyclic;
mod discovered;
mod engines;
mod game;
pub mod graph;
mod id;
mod limits;
mod parallel_acyclic;
mod parallel_retrograde;
pub mod play;
pub mod progress;
mod retrograde;
pub mod search;
mod table;
pub mod tiers;
#[cfg(feature = "mpi")]
pub mod tiers_mpi;
mod value;
pub mod verify;

pub use acyclic::{
    AcyclicError, Cycle, ScoreValue, acyclic_memory_bound, grundy_table, grundy_table_reporting, score_table,
    score_table_reporting, topological_order,
};
pub use discovered::Discovered;
pub use engines::RetrogradeEngine;
pub use game::{
    Game, ImpartialRules, ImpartialSpace, LoopySpace, PlayOrder, Rules, ScoredMove, ScoringRules, ScoringSpace,
    StateSpace, Unmoves,
};
pub use id::{StateId, StateIdError};
pub use limits::{OverSteps, RETROGRADE_LIMIT, SpaceTooLarge};
pub use parallel_acyclic::{
    parallel_acyclic_memory_bound, parallel_grundy_table, parallel_grundy_table_reporting, parallel_score_table,
    parallel_score_table_reporting,
};
pub use parallel_retrograde::{
    LayeredTable, RetrogradeError, solve_parallel_counter, solve_parallel_layered, solve_parallel_layered_within,
};
pub use progress::Progress;
pub use retrograde::{
    solve_by_layers, solve_by_layers_within, solve_with_reverse_graph, solve_with_reverse_graph_reporting,
    solve_with_unmoves, solve_with_unmoves_reporting,
};
pub use table::{
    COMPACT_MAX_REMOTENESS, CompactOutcomeTable, CompactOverflow, MAX_REMOTENESS, OutcomeCounts, OutcomeTable,
    RemotenessOverflow,
};
pub use value::{MexSet, Nimber, Outcome, OutcomeKind, Terminal};

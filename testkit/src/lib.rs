//! testkit: the differential harness every gamesolve game uses, and the vocabulary a game
//! registers itself with.
//!
//! A game crate depends on solver-core (its engines), oracle (the naive reference) and testkit.
//! Its tests call the checks here; its judge problems, verify workloads, stats targets and fuzz
//! bodies are exported as one [`Registration`], which the `gamesolve` binary lists in its
//! registry and runs the generic tests on.
//!
//! | module | what it holds |
//! |---|---|
//! | [`check`] | engine against engine, the verifier and the oracle: [`check::check_loopy`], [`check::check_loopy_with_unmoves`], [`check::check_grundy`], [`check::check_scores`], with a typed [`check::Failure`] |
//! | [`space`] | a dense space against its plain rules: ranking round trip, moves on ids, un-moves the inverse of moves |
//! | [`corpus`] | the case format, its loader and the runner that feeds every case to every engine |
//! | [`strategies`] | proptest strategies for random small games |
//! | [`judge`], [`input`], [`sums`] | the judge-problem vocabulary: [`judge::Problem`] with a typed engine enum, tokens with line and column, explanations |
//! | [`workload`], [`stats`], [`fuzz`] | what `verify`, `stats` and the fuzz targets run |
//! | [`hard_pools`] | positions of a solved loopy game where wrong solutions go wrong (the deepest, draws, single winning moves), for hard generators |
//! | [`solve`] | a game as the table commands see it (`solve`, `probe`, `diff`, `verify FILE`) |
//!
//! # Example
//! A random loopy game through every retrograde engine, the verifier and the oracle, and its
//! space against its plain rules:
//! ```
//! use solver_core::graph::{GraphGame, RandomShape};
//! use testkit::check::{OracleSide, check_loopy_with_unmoves};
//! use testkit::space::{check_loopy_space, check_unmoves, every_id};
//!
//! let game = GraphGame::random(&RandomShape::loopy(200), 1);
//! let rules = game.rules();
//! let oracle = OracleSide::same(&rules);
//! let checked = check_loopy_with_unmoves(&game, Some(OracleSide::same(&rules)), oracle::Budget::new(10_000)).unwrap();
//! assert!(matches!(checked.oracle, testkit::check::OracleCheck::Agreed { .. }));
//! check_loopy_space(&game, &oracle, every_id(&game)).unwrap();
//! check_unmoves(&game, every_id(&game)).unwrap();
//! ```

pub mod check;
pub mod corpus;
pub mod fuzz;
pub mod hard_pools;
pub mod input;
pub mod judge;
pub mod resources;
pub mod solve;
pub mod space;
pub mod stats;
pub mod strategies;
pub mod sums;

/// The table file format, re-exported for the games' table adapters (its own crate, `table-file`).
pub use table_file;
pub mod workload;

/// Everything a game crate offers the workbench, exported as `pub static REGISTRATION`. The
/// `gamesolve` binary lists each game's registration once (its registry), and the generic tests
/// run every part of it: the corpus in `games/<name>/corpus/`, the samples in each problem's
/// contract, gen/judge/explain on every problem, the fuzz bodies on their stored inputs.
pub struct Registration {
    /// The game crate's name, which is also its folder under `games/`.
    pub name: &'static str,
    /// Its judge problems, in the order `gamesolve list` shows them. Append new ones at the end:
    /// the generic judge fuzz target numbers problems by their place in the registry.
    pub problems: &'static [&'static dyn judge::AnyProblem],
    /// What `gamesolve verify` runs for it, each at its built-in size.
    pub workloads: fn() -> Vec<workload::Workload>,
    /// What `gamesolve stats` can summarize.
    pub stats: &'static [stats::StatsTarget],
    /// What `gamesolve solve` can solve whole and store, and `probe`, `diff` and `verify FILE`
    /// read back.
    pub solve: &'static [solve::SolveTarget],
    /// Its fuzz bodies beyond the judges' (e.g. its space from bytes). Append new ones at the
    /// end, as for problems.
    pub fuzz: &'static [fuzz::FuzzTarget],
}

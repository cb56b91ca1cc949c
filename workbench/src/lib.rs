//! workbench: what a game registers and everything that runs it. A game crate exports one
//! [`Registration`]: its judge problems, the spaces it can solve whole with their parameters,
//! and its fuzz bodies; the `gamesolve` binary lists each registration once (its registry), and
//! `verify`, `stats`, `solve`, `probe`, `diff`, the fuzz targets and the generic tests run
//! every part of it.
//!
//! | module | what it holds |
//! |---|---|
//! | [`target`] | a [`SpaceTarget`](target::SpaceTarget): parameters declared once and checked before any work, and how to open the game |
//! | [`space_game`] | the one adapter from a game's dense space to every whole-space command: engines, verifier, oracle, laws, notation |
//! | [`family`] | the engines of each value family, listed once, and what a family knows |
//! | [`params`] | parameters declared once and checked before any work |
//! | [`solve`] | a game as every whole-space command sees it ([`solve::SolvableGame`]) |
//! | [`solved`] | a solved table in memory, a move's value, values for people |
//! | [`check`] | engine against engine, the verifier and the oracle on any space: [`check::check_loopy`], [`check::check_grundy`], [`check::check_scores`], with a typed [`check::Failure`] |
//! | [`search`] | forward search from positions in a game's notation ([`search::Searchable`]); the games past the tables register a [`target::SearchTarget`] |
//! | [`search_check`] | every search engine against the table, on every acyclic space `verify` solves |
//! | [`space`] | a dense space against its plain rules: ranking round trip, moves on ids, un-moves the inverse of moves |
//! | [`verify`], [`stats`], [`fuzz`] | what `verify` prints of a space, what `stats` prints, the fuzz bodies |
//!
//! # Example
//! A random loopy game through every retrograde engine, the verifier and the oracle, and its
//! space against its plain rules:
//! ```
//! use solver_core::graph::{GraphGame, RandomShape};
//! use workbench::check::{OracleSide, check_loopy_with_unmoves};
//! use workbench::space::{check_loopy_space, check_unmoves, every_id};
//!
//! let game = GraphGame::random(&RandomShape::loopy(200), 1);
//! let rules = game.rules();
//! let oracle = OracleSide::same(&rules);
//! let checked = check_loopy_with_unmoves(&game, Some(OracleSide::same(&rules)), oracle::Budget::new(10_000)).unwrap();
//! assert!(matches!(checked.oracle, workbench::check::OracleCheck::Agreed { .. }));
//! check_loopy_space(&game, &oracle, every_id(&game)).unwrap();
//! check_unmoves(&game, every_id(&game)).unwrap();
//! ```

pub mod check;
pub mod family;
pub mod fuzz;
pub mod params;
pub mod search;
pub mod search_check;
pub mod solve;
pub mod solved;
pub mod space;
pub mod space_game;
pub mod stats;
pub mod target;
pub mod verify;

/// The table file format, re-exported for the games' table adapters (its own crate, `table-file`).
pub use table_file;

/// Everything a game crate offers, exported as `pub static REGISTRATION`. The `gamesolve`
/// binary lists each game's registration once (its registry), and the generic tests run every
/// part of it: the corpus in `games/<name>/corpus/`, the samples in each problem's contract,
/// gen/judge/explain on every problem, every space at its verified sizes through every engine,
/// the fuzz bodies on their stored inputs.
pub struct Registration {
    /// The game crate's name, which is also its folder under `games/`.
    pub name: &'static str,
    /// Its judge problems, in the order `gamesolve list` shows them.
    pub problems: &'static [&'static dyn judge::AnyProblem],
    /// What `verify`, `stats`, `solve` and the table commands solve whole.
    pub spaces: &'static [target::SpaceTarget],
    /// What `search` searches past the tables with the game's own search (most games: none;
    /// `search` searches every acyclic space through its family's adapter).
    pub searches: &'static [target::SearchTarget],
    /// Its fuzz bodies beyond the judges' (e.g. its space from bytes).
    pub fuzz: &'static [fuzz::FuzzTarget],
}

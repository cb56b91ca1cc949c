//! gamesolve: solve two-player games exactly and prove it.
//!
//! This package is the only one that sees every game: it holds the [`registry`] (one line per
//! game crate), the main job ([`verify`]), the stress tester behind `gamesolve check`
//! ([`stress`], which keeps the checked program's processes in reach with [`reaper`]), the
//! engine comparison behind `judge --engine all` ([`compare`]), forward search behind `gamesolve
//! search` ([`search`]), the web server behind `gamesolve serve` ([`serve`]), the generic fuzz bodies
//! ([`fuzz`]), the solve across the ranks of an MPI job behind `solve --distributed` (module
//! `distributed`, with the cargo feature `mpi`) and the command line. The engines live in
//! `solver-core`, the oracle in `oracle`, the differential harness in `testkit`, each game in
//! `games/<game>`.
//!
//! ```
//! use gamesolve::registry;
//!
//! // Node 1 is a finished loss for the player to move, so moving there from 0 wins at once.
//! let problem = registry::find_problem("loopy-graph").unwrap();
//! assert_eq!(problem.judge("2 1\n- L\n0 1\n", "reverse-graph").unwrap(), "win in 1\nloss in 0\n");
//! ```

pub mod check_report;
pub mod compare;
#[cfg(feature = "mpi")]
pub mod distributed;
pub mod fuzz;
pub mod reaper;
pub mod registry;
pub mod search;
pub mod serve;
pub mod stress;
pub mod tables;
pub mod terminal;
pub mod verify;

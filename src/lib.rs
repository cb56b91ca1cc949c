//! gamesolve: solve two-player games exactly and prove it.
//!
//! This package is the only one that sees every game. It holds the registry of judge problems
//! ([`problems`]) and of the games `gamesolve verify` checks ([`workloads`]), the differential
//! checks that pit every engine against the verifier and the naive oracle ([`check`]), and the
//! judge input reader ([`input`]). The engines live in `solver-core`, the oracle in `oracle`,
//! each game in `games/<game>`.
//!
//! ```
//! use gamesolve::problems;
//!
//! // Node 1 is a finished loss for the player to move, so moving there from 0 wins at once.
//! let input = "2 1\n- L\n0 1\n";
//! let problem = problems::find("loopy-graph").unwrap();
//! assert_eq!(problem.judge(input, "reverse-graph").unwrap(), "win in 1\nloss in 0\n");
//! ```

pub mod check;
pub mod fuzz;
pub mod input;
pub mod problems;
pub mod stats;
pub mod stress;
pub mod verify;
pub mod workloads;

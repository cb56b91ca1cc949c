//! testkit: what the tests of every gamesolve crate share, and nothing a program ships: the
//! case corpus ([`corpus`]: the format, its loader and the runner that feeds every case to
//! every engine) and proptest strategies for random small games ([`strategies`]). Games and
//! the `gamesolve` package take it as a dev-dependency.
//!
//! ```
//! use proptest::prelude::*;
//! use proptest::strategy::ValueTree;
//! use proptest::test_runner::TestRunner;
//! use solver_core::StateSpace;
//!
//! let mut runner = TestRunner::default();
//! let game = testkit::strategies::loopy_game(20).new_tree(&mut runner).unwrap().current();
//! assert!(game.len() <= 20);
//! ```

pub mod corpus;
pub mod strategies;

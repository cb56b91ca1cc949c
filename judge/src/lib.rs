//! judge: the vocabulary of judge problems. A [`Problem`] turns a contest input into the
//! contest's exact output with one of its typed [`Engine`]s (an enum declared with
//! [`engines!`]); [`AnyProblem`] is the same problem behind a pointer, with engines named by
//! strings, for the command line and the generic tests; [`Explanation`] is what `explain` says
//! about a case.
//!
//! | module | what it holds |
//! |---|---|
//! | [`problem`] | [`Problem`], [`AnyProblem`], [`Engine`] and [`engines!`], [`JudgeError`], a contract's sample |
//! | [`explanation`] | [`Explanation`], and the budget that keeps an input's explanations within memory |
//! | [`input`] | tokens with line and column, and [`input::CaseList`], which joins one-case inputs back into one |
//! | [`sums`] | explanations of sums of impartial games |
//! | [`hard_pools`] | positions of a solved loopy game where wrong solutions go wrong, for hard generators |
//! | [`resources`] | the process's limits on work and memory |
//!
//! A game crate writes its problems with this crate; the `gamesolve` binary runs them.

pub mod explanation;
pub mod hard_pools;
pub mod input;
pub mod problem;
pub mod resources;
pub mod sums;

pub use explanation::{
    EXPLAIN_MAX_BYTES, EXPLAIN_RENDER_FACTOR, ExplainBudget, Explanation, MoveValue, explain_all, explanation_bytes,
};
pub use problem::{
    AnyProblem, CaseAnswer, CasePosition, Engine, JudgeError, Problem, sample_blocks, smaller_values, without_runs,
};

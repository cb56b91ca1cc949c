//! The judge problems: each turns a contest input into the contest's exact output.
//!
//! A problem is registered once in [`PROBLEMS`]; `gamesolve judge`, `gamesolve list` and the
//! test corpus (tests/corpus/<id>.toml) all find it there.

mod card_problems;
mod cf919f;
mod childhood;
mod loopy_graph;

use crate::input::InputError;
use oracle::OracleError;

/// A judge problem: its contract is ../shared/problems/<id>/README.md (or, for gamesolve's own
/// problems, the doc comment of its type).
pub trait Problem: Sync {
    /// The id on the command line, e.g. `cf919f`.
    fn id(&self) -> &'static str;

    /// One line saying what the problem is.
    fn title(&self) -> &'static str;

    /// The engines that can answer it, the default first. Every engine must give the same
    /// output on every valid input; `oracle` names the naive reference solver where it applies.
    fn engines(&self) -> &'static [&'static str];

    /// The complete output for `input`, computed with `engine` (one of [`Problem::engines`]).
    /// Nothing is returned for an input with any error, so nothing half-done is printed.
    fn judge(&self, input: &str, engine: &str) -> Result<String, JudgeError>;

    /// For each case of `input`: the verdict and why, for a person to read (the value, the best
    /// moves with their values, the line of optimal play, the position drawn as text).
    fn explain(&self, input: &str) -> Result<String, JudgeError> {
        let _ = input;
        Err(JudgeError::Unsupported("explain"))
    }
}

/// Why a judge run produced no output.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JudgeError {
    /// The input breaks the problem's format or limits.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The engine is not one of the problem's engines.
    #[error("unknown engine `{engine}`; this problem has: {}", known.join(", "))]
    UnknownEngine {
        /// The engine asked for.
        engine: String,
        /// The problem's engines.
        known: &'static [&'static str],
    },
    /// The oracle declined the input.
    #[error(transparent)]
    Oracle(#[from] OracleError),
    /// The problem does not offer this command yet.
    #[error("this problem has no `{0}` yet")]
    Unsupported(&'static str),
    /// The input is valid but too large for the chosen engine.
    #[error("{0}")]
    TooLarge(String),
}

/// Every judge problem, in the order `gamesolve list` shows them.
pub static PROBLEMS: &[&dyn Problem] = &[&loopy_graph::LoopyGraph, &cf919f::Cf919f, &childhood::Childhood];

/// The problem with this id.
pub fn find(id: &str) -> Option<&'static dyn Problem> {
    PROBLEMS.iter().copied().find(|p| p.id() == id)
}

/// Fails unless `engine` is one of `problem`'s engines.
pub fn check_engine(problem: &dyn Problem, engine: &str) -> Result<(), JudgeError> {
    if problem.engines().contains(&engine) {
        Ok(())
    } else {
        Err(JudgeError::UnknownEngine { engine: engine.to_string(), known: problem.engines() })
    }
}

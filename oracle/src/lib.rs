//! Naive reference solvers: slow, obviously right, and independent of the engines.
//!
//! Each oracle sees a game only through its rules on plain states (solver-core's [`Rules`],
//! [`ImpartialRules`] and [`ScoringRules`]) and keeps what it learns in a `HashMap` keyed by
//! state. It never touches a dense index or an engine, so a ranking bug or an engine bug cannot
//! make it agree by accident. Each one fits on a screen; each takes a [`Budget`] and declines
//! with [`OracleError::OverBudget`] instead of running forever.
//!
//! | oracle | method | time |
//! |---|---|---|
//! | [`solve_loopy`] | "forced within n plies" rounds over the reachable graph | `O(L (N + E))` hash lookups |
//! | [`GrundyOracle`] | memoized recursion: mex of the xor of each option's parts | `O(N + P)` |
//! | [`ScoreOracle`] | memoized recursion: best gain plus or minus the next value | `O(N + E)` |
//!
//! ```
//! use oracle::{Budget, solve_loopy};
//! use solver_core::{Game, Outcome, Rules, Terminal};
//!
//! /// Subtract 1 or 2 from a counter; whoever faces 0 has lost.
//! struct Countdown;
//! impl Game for Countdown { type State = u32; }
//! impl Rules for Countdown {
//!     fn terminal(&self, n: &u32) -> Option<Terminal> { (*n == 0).then_some(Terminal::Loss) }
//!     fn successors(&self, n: &u32, out: &mut Vec<u32>) { out.extend((1..=2).filter(|k| k <= n).map(|k| n - k)) }
//! }
//! let values = solve_loopy(&Countdown, [6], Budget::new(100)).unwrap();
//! assert_eq!(values[&6], Outcome::Loss(4));
//! assert_eq!(values[&5], Outcome::Win(3));
//! ```
//!
//! [`Rules`]: solver_core::Rules
//! [`ImpartialRules`]: solver_core::ImpartialRules
//! [`ScoringRules`]: solver_core::ScoringRules

mod acyclic;
mod loopy;

pub use acyclic::{GrundyOracle, ScoreOracle};
pub use loopy::solve_loopy;

/// How much work an oracle may do before it declines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The most distinct states an oracle may visit.
    pub max_states: usize,
    /// The deepest the recursive oracles may recurse: past about 2,000 levels a test thread's
    /// default 2 MiB stack is at risk.
    pub max_depth: usize,
}

impl Budget {
    /// A budget of `max_states` states and a recursion depth of at most 2,000.
    pub fn new(max_states: usize) -> Budget {
        Budget { max_states, max_depth: 2_000 }
    }
}

/// Why an oracle gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OracleError {
    /// The game is larger than the budget allows.
    #[error("the oracle declines: the game needs more than {max_states} states or {max_depth} levels of recursion")]
    OverBudget {
        /// The budget's state limit.
        max_states: usize,
        /// The budget's depth limit.
        max_depth: usize,
    },
    /// An acyclic oracle met a position again while still evaluating it.
    #[error("the game is not acyclic: position {0} can be reached from itself")]
    Cycle(String),
}

impl Budget {
    fn exceeded(self) -> OracleError {
        OracleError::OverBudget { max_states: self.max_states, max_depth: self.max_depth }
    }
}

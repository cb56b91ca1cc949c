//! Naive reference solvers: slow, obviously right, and independent of the engines.
//!
//! Each oracle sees a game only through its rules on plain states (solver-core's [`Rules`],
//! [`ImpartialRules`] and [`ScoringRules`]) and keeps what it learns in a `HashMap` keyed by
//! state. It never touches a dense index or an engine, so a ranking bug or an engine bug cannot
//! make it agree by accident. Each one fits on a screen; each takes a [`Budget`] and declines
//! with [`OracleError::OverBudget`] instead of running forever.
//!
//! The budget limits the states an oracle keeps, its recursion depth, and its work: one unit for
//! each state visited and each move generated or examined, so a state with a thousand moves
//! (duplicates included) costs a thousand, and every round of [`solve_loopy`] costs what it
//! scans. Each oracle says what it spent ([`solve_loopy_counting`], [`GrundyOracle::work`],
//! [`ScoreOracle::work`]), so a caller can charge one budget across many searches.
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
pub use loopy::{solve_loopy, solve_loopy_counting};

/// How much work an oracle may do before it declines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The most distinct states an oracle may visit.
    pub max_states: usize,
    /// The deepest the recursive oracles may recurse: past about 2,000 levels a test thread's
    /// default 2 MiB stack is at risk.
    pub max_depth: usize,
    /// The most units of work an oracle may spend: one for each state visited and each move
    /// generated or examined. [`u64::MAX`]: no limit beyond the states'.
    pub max_work: u64,
}

impl Budget {
    /// A budget of `max_states` states, a recursion depth of at most 2,000 and no limit on work
    /// beyond what the states allow.
    pub const fn new(max_states: usize) -> Budget {
        Budget { max_states, max_depth: 2_000, max_work: u64::MAX }
    }

    /// This budget, spending at most `max_work` units of work.
    pub const fn with_work(self, max_work: u64) -> Budget {
        Budget { max_work, ..self }
    }
}

/// Why an oracle gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OracleError {
    /// The game is larger than the budget allows.
    #[error("the oracle declines: the game needs more than {}", limits(*max_states, *max_depth, *max_work, *work_hit))]
    OverBudget {
        /// The budget's state limit.
        max_states: usize,
        /// The budget's depth limit.
        max_depth: usize,
        /// The budget's work limit ([`u64::MAX`]: none).
        max_work: u64,
        /// Whether the work limit was the one passed (else the states' or the depth's).
        work_hit: bool,
    },
    /// An acyclic oracle met a position again while still evaluating it.
    #[error("the game is not acyclic: position {0} can be reached from itself")]
    Cycle(String),
}

/// The limit a refusal names: the work, which `--budget` sets, or the fixed limits on states
/// and depth, which it does not raise.
fn limits(max_states: usize, max_depth: usize, max_work: u64, work_hit: bool) -> String {
    if work_hit {
        format!("{max_work} units of work (a state visited or a move examined each); --budget raises the work")
    } else {
        format!("{max_states} states or {max_depth} levels of recursion (the oracle's fixed limits)")
    }
}

impl Budget {
    /// The refusal of a search past this budget's states or depth.
    pub fn exceeded(self) -> OracleError {
        self.refusal(false)
    }

    /// The refusal of a search past this budget's work.
    pub fn exceeded_work(self) -> OracleError {
        self.refusal(true)
    }

    fn refusal(self, work_hit: bool) -> OracleError {
        let Budget { max_states, max_depth, max_work } = self;
        OracleError::OverBudget { max_states, max_depth, max_work, work_hit }
    }
}

/// The work an oracle has spent against its budget.
#[derive(Debug, Clone, Copy)]
struct Meter {
    budget: Budget,
    spent: u64,
}

impl Meter {
    fn new(budget: Budget) -> Meter {
        Meter { budget, spent: 0 }
    }

    /// Spends `units`, or declines when that would pass the budget's work.
    fn spend(&mut self, units: usize) -> Result<(), OracleError> {
        match self.spent.checked_add(units as u64) {
            Some(spent) if spent <= self.budget.max_work => {
                self.spent = spent;
                Ok(())
            }
            _ => Err(self.budget.exceeded_work()),
        }
    }
}

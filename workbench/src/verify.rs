//! What `gamesolve verify` prints of one space target at one size ([`Row`]), with what its
//! search check found ([`SearchCheck`], as planned by [`SearchCheckPlan`]), and what a law of
//! a game adds to it ([`LawCheck`], e.g. sums of impartial games searched as whole positions by
//! the oracle: [`sums_as_whole_positions`]).

use crate::check::{Failure, OracleCheck};
use oracle::{Budget, OracleError, solve_loopy};
use solver_core::{Nimber, Outcome, Rules};
use std::time::{Duration, Instant};

/// How much [`check_search`](crate::search_check::check_search) searches: which positions, and the positions its searches may
/// visit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchCheckPlan {
    /// Every position of a space of at most this many is searched; of a larger one, the start
    /// and a seeded sample, [`SearchCheckPlan::sampled`] in all.
    pub every_up_to: u64,
    /// The positions searched in a space past [`SearchCheckPlan::every_up_to`].
    pub sampled: u64,
    /// The most positions one search may visit; a search past it is counted as over budget, not
    /// as a failure (a start far from the end may need more than the check spends).
    pub node_budget: u64,
    /// The most positions the searches of one check visit together; the check stops there.
    pub total_nodes: u64,
}

impl SearchCheckPlan {
    /// `verify`'s, a fraction of a second a space: every position of a space of up to 400,
    /// else 400; 20,000 positions a search, 200,000 in all.
    pub const QUICK: SearchCheckPlan =
        SearchCheckPlan { every_up_to: 400, sampled: 400, node_budget: 20_000, total_nodes: 200_000 };
    /// The tests', on a small size of each game: every position, a million positions a search
    /// (more than any search of such a size needs), no limit on all of them together.
    pub const EVERY_POSITION: SearchCheckPlan =
        SearchCheckPlan { every_up_to: u64::MAX, sampled: 0, node_budget: 1_000_000, total_nodes: u64::MAX };
}

/// What [`check_search`](crate::search_check::check_search) found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchCheck {
    /// Positions every engine searched to an answer agreeing with the table.
    pub agreed: u64,
    /// Positions whose search ran past the plan's [`SearchCheckPlan::node_budget`] (the
    /// other engines then skip them).
    pub over_budget: u64,
    /// Positions visited by every search together.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// Engines run on each position: solver-core's, and the game's dedicated solver (strong
    /// and weak) where it has one.
    pub engines: usize,
}

impl SearchCheck {
    /// A few words for `verify`'s row: `search (the space): 400 positions agree (4 engines)`.
    pub fn words(&self, what: &str) -> String {
        let agreed = match self.agreed {
            1 => "1 position agrees".to_string(),
            n => format!("{n} positions agree"),
        };
        let mut words = format!("search ({what}): {agreed}");
        if self.over_budget > 0 {
            words += &format!(", {} over budget", self.over_budget);
        }
        words + &format!(" ({} engines)", self.engines)
    }
}

/// A line of the verify table.
#[derive(Debug, Clone)]
pub struct Row {
    /// Positions in the solved space.
    pub positions: usize,
    /// What the table says, in a few words (outcome counts, largest nimber, best score).
    pub summary: String,
    /// Each engine's wall time.
    pub timings: Vec<(&'static str, Duration)>,
    /// What the oracle did.
    pub oracle: OracleCheck,
    /// What the check of the search engines against the table found, a few words each search
    /// checked (none for a space that may loop).
    pub searched: Vec<String>,
}

/// What a law of a game found, beyond what every game's check finds: a few words for the row,
/// its time, and the oracle's part in it.
#[derive(Debug, Clone)]
pub struct LawCheck {
    /// What it checked, e.g. `sums of 3 heaps: P 120 (whole positions)`.
    pub words: String,
    /// Its wall time.
    pub elapsed: Duration,
    /// What the oracle did in it.
    pub oracle: OracleCheck,
}

impl OracleCheck {
    /// Both checks together: agreed when both agreed (their times added), declined when either
    /// declined, absent when neither took part.
    pub fn and(self, other: OracleCheck) -> OracleCheck {
        match (self, other) {
            (OracleCheck::Agreed { elapsed: a }, OracleCheck::Agreed { elapsed: b }) => {
                OracleCheck::Agreed { elapsed: a + b }
            }
            (declined @ OracleCheck::Declined(_), _) | (_, declined @ OracleCheck::Declined(_)) => declined,
            (OracleCheck::Absent, other) | (other, OracleCheck::Absent) => other,
        }
    }
}

/// Checks sums of impartial games as whole positions: the oracle's win/loss search from `starts`
/// (which knows no Grundy theory) must find every reachable position won exactly when `value`
/// (the xor of the engine's values of its parts) is not zero, and none drawn. The law's words
/// count the positions searched and those lost, after `what` (e.g. `sums of 3 heaps`).
pub fn sums_as_whole_positions<R: Rules + ?Sized>(
    what: &str,
    rules: &R,
    starts: impl IntoIterator<Item = R::State>,
    value: impl Fn(&R::State) -> Nimber,
    budget: Budget,
) -> Result<LawCheck, Failure> {
    let started = Instant::now();
    let outcomes = match solve_loopy(rules, starts, budget) {
        Ok(outcomes) => outcomes,
        Err(e @ OracleError::OverBudget { .. }) => {
            let words = format!("{what}: not searched");
            return Ok(LawCheck { words, elapsed: started.elapsed(), oracle: OracleCheck::Declined(e.to_string()) });
        }
        Err(e) => return Err(Failure::engine_error("the oracle", e)),
    };
    let mut lost = 0;
    for (state, outcome) in &outcomes {
        let engine_win = value(state).is_win();
        lost += usize::from(!engine_win);
        if outcome.remoteness().is_none() || matches!(outcome, Outcome::Win(_)) != engine_win {
            return Err(Failure::Disagreement {
                engine: "grundy".into(),
                other: "the oracle".into(),
                position: format!("{state:?}"),
                value: format!("the xor of the parts' values is {}", value(state)),
                other_value: outcome.to_string(),
            });
        }
    }
    let elapsed = started.elapsed();
    let words = format!("{what}: {} searched, P {lost}", outcomes.len());
    Ok(LawCheck { words, elapsed, oracle: OracleCheck::Agreed { elapsed } })
}

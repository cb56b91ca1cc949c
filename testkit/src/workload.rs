//! What `gamesolve verify` runs: a game at one size, solved by every engine, checked by the
//! verifier and compared with the oracle ([`Workload`]), summed up in one line ([`Row`]).

use crate::check::{Checked, Failure, OracleCheck};
use oracle::{Budget, OracleError, solve_loopy};
use solver_core::{Nimber, Outcome, OutcomeTable, Rules};
use std::time::{Duration, Instant};

/// One game at one size, as `verify` runs it.
pub struct Workload {
    /// The game and its size, e.g. `cards k=8 m=5`.
    pub name: String,
    /// Builds the game, runs its differential check within the oracle's budget, and sums it up.
    pub run: Box<dyn Fn(Budget) -> Result<Row, Failure> + Send + Sync>,
}

impl Workload {
    /// A workload named `name` that runs `run`.
    pub fn new(
        name: impl Into<String>,
        run: impl Fn(Budget) -> Result<Row, Failure> + Send + Sync + 'static,
    ) -> Workload {
        Workload { name: name.into(), run: Box::new(run) }
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
}

impl Row {
    /// The row of a loopy game: counts of wins, losses, ties and draws.
    pub fn loopy(checked: Checked<OutcomeTable>) -> Row {
        let counts = checked.table.counts();
        Row {
            positions: checked.table.len(),
            summary: counts.to_string(),
            timings: checked.timings,
            oracle: checked.oracle,
        }
    }

    /// The row of an impartial game: how many positions are lost for the mover, and the largest value.
    pub fn grundy(checked: Checked<Vec<Nimber>>) -> Row {
        let zeros = checked.table.iter().filter(|v| !v.is_win()).count();
        let max = checked.table.iter().max().copied().unwrap_or_default();
        Row {
            positions: checked.table.len(),
            summary: format!("P {zeros} max {max}"),
            timings: checked.timings,
            oracle: checked.oracle,
        }
    }

    /// The row of a scoring game, with the caller's summary (e.g. the value of the start).
    pub fn scores<V>(checked: Checked<Vec<V>>, summary: String) -> Row {
        Row { positions: checked.table.len(), summary, timings: checked.timings, oracle: checked.oracle }
    }
}

/// Checks sums of impartial games as whole positions: the oracle's win/loss search from `starts`
/// (which knows no Grundy theory) must find every reachable position won exactly when `value`
/// (the xor of the engine's values of its parts) is not zero, and none drawn. The row counts
/// the positions searched; `engine_time` is what the engine's values of the parts took.
pub fn sums_as_whole_positions<R: Rules + ?Sized>(
    rules: &R,
    starts: impl IntoIterator<Item = R::State>,
    value: impl Fn(&R::State) -> Nimber,
    budget: Budget,
    engine_time: Duration,
) -> Result<Row, Failure> {
    let started = Instant::now();
    let timings = vec![("grundy", engine_time)];
    let outcomes = match solve_loopy(rules, starts, budget) {
        Ok(outcomes) => outcomes,
        Err(e @ OracleError::OverBudget { .. }) => {
            let summary = "not searched".to_string();
            return Ok(Row { positions: 0, summary, timings, oracle: OracleCheck::Declined(e.to_string()) });
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
    let oracle = OracleCheck::Agreed { elapsed: started.elapsed() };
    Ok(Row { positions: outcomes.len(), summary: format!("P {lost} (whole positions)"), timings, oracle })
}

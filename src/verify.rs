//! `gamesolve verify`, the main job: every registered game at its built-in size, solved by every
//! engine, checked by the verifier and compared with the oracle, in one table.

use crate::check::{Checked, Failure, OracleCheck};
use oracle::Budget;
use solver_core::{Nimber, OutcomeTable};
use std::fmt::Write;
use std::time::Duration;

/// One game at one size, as `verify` runs it.
pub struct Workload {
    /// The game and its size, e.g. `cards k=8 m=5`.
    pub name: String,
    /// Builds the game, runs its differential check within the budget, and summarizes it.
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

/// The budget `verify` gives the oracle. The recursive oracles run on a thread with a stack
/// large enough for this depth.
pub const VERIFY_BUDGET: Budget = Budget { max_states: 3_000_000, max_depth: 200_000 };

/// Stack for a workload's thread: enough for [`VERIFY_BUDGET`]'s recursion depth.
pub const WORKLOAD_STACK: usize = 1 << 30;

/// The table's header line.
pub fn header() -> String {
    format!("{:<34} {:>10}  {:<40} {:<17} {}", "game", "positions", "values", "oracle", "engine times")
}

/// A line of the table for `name`, or of its failure.
pub fn render(name: &str, result: &Result<Row, Failure>) -> String {
    match result {
        Ok(row) => {
            let mut times = String::new();
            for (engine, elapsed) in &row.timings {
                write!(times, "{engine} {} ", millis(*elapsed)).expect("writing to a String cannot fail");
            }
            let oracle = match &row.oracle {
                OracleCheck::Agreed { elapsed } => format!("agrees ({})", millis(*elapsed)),
                OracleCheck::Declined(_) => "over budget".to_string(),
                OracleCheck::Absent => "none".to_string(),
            };
            format!("{name:<34} {:>10}  {:<40} {oracle:<17} {}", row.positions, row.summary, times.trim_end())
        }
        Err(failure) => format!("{name:<34} FAILED: {failure}"),
    }
}

fn millis(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms < 10.0 { format!("{ms:.2}ms") } else { format!("{ms:.0}ms") }
}

/// Runs one workload on a thread with a large stack (the recursive oracles need it) and
/// turns a panic into a failure instead of aborting the table.
pub fn run(workload: &Workload, budget: Budget) -> Result<Row, Failure> {
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .stack_size(WORKLOAD_STACK)
            .spawn_scoped(scope, || (workload.run)(budget))
            .map_err(|e| Failure { engine: "verify".into(), detail: format!("cannot start a thread: {e}") })?;
        handle.join().unwrap_or_else(|panic| {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(Failure { engine: "verify".into(), detail: format!("panicked: {message}") })
        })
    })
}

/// A line of the table as JSON: `{"game", "positions", "values", "timings_ms": {engine: ms},
/// "oracle": "agrees" | "over budget" | "none", "oracle_ms", "error"}`.
pub fn to_json(name: &str, result: &Result<Row, Failure>) -> serde_json::Value {
    let ms = |d: &Duration| d.as_secs_f64() * 1e3;
    match result {
        Ok(row) => {
            let timings: serde_json::Map<String, serde_json::Value> =
                row.timings.iter().map(|(engine, d)| (engine.to_string(), ms(d).into())).collect();
            let (oracle, oracle_ms) = match &row.oracle {
                OracleCheck::Agreed { elapsed } => ("agrees", Some(ms(elapsed))),
                OracleCheck::Declined(_) => ("over budget", None),
                OracleCheck::Absent => ("none", None),
            };
            serde_json::json!({
                "game": name, "positions": row.positions, "values": row.summary, "timings_ms": timings,
                "oracle": oracle, "oracle_ms": oracle_ms, "error": null,
            })
        }
        Err(failure) => serde_json::json!({ "game": name, "error": failure.to_string() }),
    }
}

//! `gamesolve verify`, the main job: every registered space at each of its verified sizes,
//! solved by every engine, checked by the verifier and compared with the oracle and the game's
//! laws ([`workbench::solve::SolvableGame::check`]), in one table.

use oracle::Budget;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::Duration;
use workbench::check::{Failure, OracleCheck};
use workbench::target::SpaceTarget;
use workbench::verify::Row;

/// The budget `verify` gives the oracle. The recursive oracles run on a thread with a stack
/// large enough for this depth.
pub const VERIFY_BUDGET: Budget = Budget { max_states: 3_000_000, max_depth: 200_000, max_work: u64::MAX };

/// Stack for a check's thread: enough for [`VERIFY_BUDGET`]'s recursion depth.
pub const CHECK_STACK: usize = 1 << 30;

/// One line of the verify table to run: a space at one of its verified sizes.
pub struct Verified {
    /// The space and its parameters, e.g. `mnk k=3 m=3 n=3`.
    pub name: String,
    /// The space target.
    pub target: &'static SpaceTarget,
    /// Its parameters, `key=value` words.
    pub words: &'static str,
}

impl Verified {
    /// Every verified size of every registered space, in the registry's order.
    pub fn all() -> Vec<Verified> {
        crate::registry::verified()
            .map(|(target, words)| Verified { name: format!("{} {words}", target.name), target, words })
            .collect()
    }

    /// Opens the game and runs its check on a thread with a large stack (the recursive
    /// oracles need it), on rayon's current pool; a panic becomes a failure instead of
    /// aborting the table.
    pub fn run(&self, budget: Budget) -> Result<Row, Failure> {
        let pool = rayon::current_num_threads();
        std::thread::scope(|scope| {
            let handle = std::thread::Builder::new()
                .stack_size(CHECK_STACK)
                .spawn_scoped(scope, || {
                    let game = self.target.open_words(self.words).map_err(|e| Failure::engine_error("open", e))?;
                    // The scoped thread is outside the caller's pool: run on one of the same size,
                    // whose threads have the same large stack, since `install` runs the check on one
                    // of them.
                    let threads = rayon::ThreadPoolBuilder::new().num_threads(pool).stack_size(CHECK_STACK).build();
                    match threads {
                        Ok(threads) => threads.install(|| game.check(budget)),
                        Err(_) => game.check(budget),
                    }
                })
                .map_err(|e| Failure::engine_error("verify", format!("cannot start a thread: {e}")))?;
            handle.join().unwrap_or_else(|panic| {
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown panic".to_string());
                Err(Failure::engine_error("verify", format!("panicked: {message}")))
            })
        })
    }
}

/// The width of the table's first column for these lines: the longest name.
pub fn name_width(lines: &[Verified]) -> usize {
    lines.iter().map(|w| w.name.chars().count()).max().unwrap_or(0).max("game".len())
}

/// The table's header line, the first column `width` characters wide.
pub fn header(width: usize) -> String {
    format!("{:<width$} {:>10}  {:<40} {:<17} {}", "game", "positions", "values", "oracle", "engine times")
}

/// A line of the table for `name`, or of its failure, the first column `width` characters wide.
pub fn render(name: &str, width: usize, result: &Result<Row, Failure>) -> String {
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
            let values = std::iter::once(&row.summary).chain(&row.searched).cloned().collect::<Vec<_>>().join("; ");
            format!("{name:<width$} {:>10}  {values:<40} {oracle:<17} {}", row.positions, times.trim_end())
        }
        Err(failure) => format!("{name:<width$} FAILED: {failure}"),
    }
}

fn millis(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms < 10.0 { format!("{ms:.2}ms") } else { format!("{ms:.0}ms") }
}

/// A line of the table as JSON: `{"game", "positions", "values", "seconds": {engine: s},
/// "oracle": "agrees" | "over budget" | "none", "oracle_seconds", "error"}`, or `{"game",
/// "error"}` for a failure. Times are in seconds, as in every command's JSON.
#[derive(serde::Serialize)]
#[serde(untagged)]
pub enum LineReport<'a> {
    /// Every engine agreed and every table verified.
    Passed {
        /// The space and its parameters.
        game: &'a str,
        /// Positions in the solved space.
        positions: usize,
        /// What the table says, in a few words.
        values: &'a str,
        /// What the check of the search engines against the table found, per search.
        search: &'a [String],
        /// Each engine's wall time, in seconds.
        seconds: BTreeMap<&'static str, f64>,
        /// What the oracle did.
        oracle: &'static str,
        /// The oracle's time in seconds, where it agreed.
        oracle_seconds: Option<f64>,
        /// Always `null`, so that a script can test every line's `error`.
        error: Option<String>,
    },
    /// The check failed.
    Failed {
        /// The space and its parameters.
        game: &'a str,
        /// Why.
        error: String,
    },
}

impl<'a> LineReport<'a> {
    /// The line of `name`'s result.
    pub fn new(name: &'a str, result: &'a Result<Row, Failure>) -> Self {
        match result {
            Ok(row) => {
                let (oracle, oracle_seconds) = match &row.oracle {
                    OracleCheck::Agreed { elapsed } => ("agrees", Some(elapsed.as_secs_f64())),
                    OracleCheck::Declined(_) => ("over budget", None),
                    OracleCheck::Absent => ("none", None),
                };
                LineReport::Passed {
                    game: name,
                    positions: row.positions,
                    values: &row.summary,
                    search: &row.searched,
                    seconds: row.timings.iter().map(|(engine, d)| (*engine, d.as_secs_f64())).collect(),
                    oracle,
                    oracle_seconds,
                    error: None,
                }
            }
            Err(failure) => LineReport::Failed { game: name, error: failure.to_string() },
        }
    }
}

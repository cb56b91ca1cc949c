//! What `gamesolve stats` prints: a solved space's summary (positions, counts by outcome and by
//! remoteness or by value, the longest win with an example position, what each engine variant
//! cost in time and memory).
//!
//! Before an engine runs, its memory is estimated (the engine's bound for the space's positions
//! and moves, plus the table kept from an earlier engine) and checked with
//! [`check_memory`]: an engine that does not fit is reported as
//! refused ("too large: needs about X, more than the Y ..."), not run.

use crate::solved::{Solved, show};
use judge::resources::check_memory;
use peakmem_alloc::PeakMemAllocTrait;
use serde::Serialize;
use solver_core::Outcome;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use table_file::Value;

/// What one engine variant cost.
#[derive(Debug, Clone, Serialize)]
pub struct EngineCost {
    /// The engine's name.
    pub engine: String,
    /// Wall time in seconds (every command's JSON gives times in seconds).
    pub seconds: f64,
    /// Peak memory the solve added, in bytes (see [`measure`]), or `None` where the platform
    /// does not tell.
    pub peak_bytes: Option<u64>,
    /// Why the engine could not solve the game (too large, a cycle), if it could not.
    pub error: Option<String>,
    /// The engine's own memory bound, estimated before it ran (an upper bound on its peak),
    /// where one was made. Whether it ran at all counted the reference table held beside it
    /// too ([`measure_within`]).
    pub estimate_bytes: Option<u64>,
}

impl EngineCost {
    /// The cost of a step that cannot fail (building a space, a game's own sweep).
    pub fn ran(engine: impl Into<String>, elapsed: Duration, peak_bytes: Option<u64>) -> EngineCost {
        EngineCost {
            engine: engine.into(),
            seconds: elapsed.as_secs_f64(),
            peak_bytes,
            error: None,
            estimate_bytes: None,
        }
    }

    /// The cost of an engine that ran, `Err` when it could not solve the game.
    pub fn of<T, E: std::fmt::Display>(
        engine: impl Into<String>,
        solved: &Result<T, E>,
        elapsed: Duration,
        peak_bytes: Option<u64>,
    ) -> EngineCost {
        let error = solved.as_ref().err().map(|e| e.to_string());
        EngineCost { engine: engine.into(), seconds: elapsed.as_secs_f64(), peak_bytes, error, estimate_bytes: None }
    }

    /// An engine that did not run, and why (see [`refusal`]).
    pub fn refused(engine: impl Into<String>, error: String) -> EngineCost {
        EngineCost { engine: engine.into(), seconds: 0.0, peak_bytes: None, error: Some(error), estimate_bytes: None }
    }
}

/// Why an engine estimated to need `bytes` may not run: `too large: needs about X, more than
/// the Y ...` when the estimate does not fit the memory the command may use
/// ([`check_memory`]), else `None`.
pub fn refusal(bytes: u64) -> Option<String> {
    check_memory("too large:", bytes).err().map(|e| e.to_string())
}

/// Runs `solve` as [`measure`] does, unless its estimate of `bytes` does not fit ([`refusal`]):
/// then it does not run. The engine's cost, and its result when it ran and succeeded.
pub fn measure_within<T, E: std::fmt::Display>(
    engine: &str,
    bytes: u64,
    solve: impl FnOnce() -> Result<T, E>,
) -> (Option<T>, EngineCost) {
    if let Some(error) = refusal(bytes) {
        return (None, EngineCost { estimate_bytes: Some(bytes), ..EngineCost::refused(engine, error) });
    }
    let (solved, elapsed, peak_bytes) = measure(solve);
    let cost = EngineCost { estimate_bytes: Some(bytes), ..EngineCost::of(engine, &solved, elapsed, peak_bytes) };
    (solved.ok(), cost)
}

/// A bar of a histogram.
#[derive(Debug, Clone, Serialize)]
pub struct Bar {
    /// What is counted, e.g. `win in 3` or `*2`.
    pub label: String,
    /// The kind of value (`win`, `loss`, `tie`, `draw`, `nimber`).
    pub kind: String,
    /// The number within the kind (remoteness or nimber), if any.
    pub value: Option<u32>,
    /// How many positions.
    pub count: u64,
}

/// Text histograms show at most this many bars per kind; longer runs are merged into ranges.
const BARS_PER_KIND: u32 = 16;

/// The summary of a solved space. Serialized as is by `--format json`.
#[derive(Debug, Clone, Serialize)]
pub struct StatsReport {
    /// The game and its parameters.
    pub game: String,
    /// Positions in the space.
    pub positions: usize,
    /// Counts by kind of value, e.g. `{"win": 10, "loss": 3}` or `{"zero": 5, "nonzero": 8}`.
    pub counts: BTreeMap<String, u64>,
    /// Counts by exact value, in the order of the values.
    pub histogram: Vec<Bar>,
    /// The longest win (or largest value) and a position that has it.
    pub extreme: Option<Extreme>,
    /// What each engine variant cost.
    pub engines: Vec<EngineCost>,
    /// Facts particular to the game, a sentence each (e.g. a proven period).
    pub notes: Vec<String>,
}

/// A position with the most extreme value of its space.
#[derive(Debug, Clone, Serialize)]
pub struct Extreme {
    /// The value, e.g. `win in 37`.
    pub value: String,
    /// The position, as the game writes it.
    pub position: String,
}

/// The program's allocation counter, when it installed one ([`count_allocations_with`]).
static ALLOCATION_COUNTER: OnceLock<&'static (dyn PeakMemAllocTrait + Sync)> = OnceLock::new();

/// Makes [`measure`] read each run's peak from `counter`, the program's global allocator
/// (`peakmem_alloc`'s instrumented allocator): the bytes an engine itself allocated, whatever
/// ran before it. Later calls change nothing.
pub fn count_allocations_with(counter: &'static (dyn PeakMemAllocTrait + Sync)) {
    let _ = ALLOCATION_COUNTER.set(counter);
}

/// Runs `f`, measuring its wall time and the peak memory it adds.
///
/// With an allocation counter ([`count_allocations_with`]) the peak is the most bytes `f` held
/// allocated at once (net of what it freed), reserved pages included whether touched or not.
/// Otherwise it comes from Linux's /proc: the peak resident set size is reset before the run
/// (by writing 5 to /proc/self/clear_refs) and read after it, less the resident size before,
/// which undercounts an engine reusing memory an earlier one freed to the allocator but not to
/// the system. Elsewhere it is `None`.
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, Duration, Option<u64>) {
    if let Some(counter) = ALLOCATION_COUNTER.get() {
        counter.reset_peak_memory();
        let start = Instant::now();
        let value = f();
        let elapsed = start.elapsed();
        return (value, elapsed, Some(counter.get_peak_memory() as u64));
    }
    let before = read_status("VmRSS:");
    let reset = std::fs::write("/proc/self/clear_refs", "5").is_ok();
    let start = Instant::now();
    let value = f();
    let elapsed = start.elapsed();
    let peak = read_status("VmHWM:").filter(|_| reset);
    (value, elapsed, peak.zip(before).map(|(peak, before)| peak.saturating_sub(before)))
}

/// A value in bytes from /proc/self/status (reported there in KiB).
fn read_status(key: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib * 1024)
}

/// The summary of a solved table (`None` when no engine solved it) of a space of `positions`:
/// counts by kind of value, the histogram by exact value, and the most extreme value with the
/// position that has it (written by `describe`), beside what each engine cost.
pub fn summarize(
    game: String,
    positions: usize,
    table: Option<&dyn Solved>,
    engines: Vec<EngineCost>,
    describe: impl Fn(u64) -> String,
) -> StatsReport {
    let mut report = StatsReport {
        game,
        positions,
        counts: BTreeMap::new(),
        histogram: Vec::new(),
        extreme: None,
        engines,
        notes: Vec::new(),
    };
    let Some(table) = table else { return report };
    let mut by_value: Vec<(Value, u64)> = table.histogram().into_iter().collect();
    by_value.sort_by_key(|&(value, _)| order(value));
    for &(value, count) in &by_value {
        *report.counts.entry(count_kind(value).to_string()).or_insert(0) += count;
    }
    if by_value.iter().any(|(v, _)| matches!(v, Value::Nimber(_))) {
        report.counts.entry("zero (lost for the mover)".to_string()).or_insert(0);
        report.counts.entry("nonzero".to_string()).or_insert(0);
    }
    report.histogram = by_value.into_iter().map(|(value, count)| bar(value, count)).collect();
    report.extreme = table.extreme().map(|i| Extreme { value: show(table.value(i)), position: describe(i) });
    report
}

/// Values in the histogram's order: outcomes win, loss, tie, draw, each by remoteness; nimbers
/// and scores ascending.
fn order(value: Value) -> (u8, i64) {
    match value {
        Value::Outcome(Outcome::Win(r)) => (0, i64::from(r)),
        Value::Outcome(Outcome::Loss(r)) => (1, i64::from(r)),
        Value::Outcome(Outcome::Tie(r)) => (2, i64::from(r)),
        Value::Outcome(Outcome::Draw) => (3, 0),
        Value::Nimber(n) => (4, i64::from(n.0)),
        Value::Score(s) => (5, s),
    }
}

/// The kind a value is counted under in [`StatsReport::counts`].
fn count_kind(value: Value) -> &'static str {
    match value {
        Value::Outcome(Outcome::Win(_)) => "win",
        Value::Outcome(Outcome::Loss(_)) => "loss",
        Value::Outcome(Outcome::Tie(_)) => "tie",
        Value::Outcome(Outcome::Draw) => "draw",
        Value::Nimber(n) if n.0 == 0 => "zero (lost for the mover)",
        Value::Nimber(_) => "nonzero",
        Value::Score(s) if s > 0 => "ahead (value > 0)",
        Value::Score(0) => "level (value 0)",
        Value::Score(_) => "behind (value < 0)",
    }
}

/// The histogram's bar of `count` positions of `value`.
fn bar(value: Value, count: u64) -> Bar {
    let (kind, number) = match value {
        Value::Outcome(o) => (count_kind(value), o.remoteness()),
        Value::Nimber(n) => ("nimber", Some(n.0)),
        Value::Score(_) => ("score", None),
    };
    Bar { label: show(value), kind: kind.to_string(), value: number, count }
}

impl StatsReport {
    /// The engines' errors, when every engine failed: the report then holds no values, and
    /// `stats` says so instead of printing an empty summary.
    pub fn nothing_solved(&self) -> Option<Vec<String>> {
        let errors: Option<Vec<String>> =
            self.engines.iter().map(|e| e.error.as_ref().map(|error| format!("{}: {error}", e.engine))).collect();
        errors.filter(|errors| !errors.is_empty())
    }

    /// The histogram with each kind cut into at most [`BARS_PER_KIND`] equal ranges of values.
    fn merged_bars(&self) -> Vec<(String, u64)> {
        let mut bars: Vec<(String, u64)> = Vec::new();
        for kind in self.histogram.chunk_by(|a, b| a.kind == b.kind) {
            let top = kind.iter().filter_map(|b| b.value).max().unwrap_or(0);
            let width = (top + 1).div_ceil(BARS_PER_KIND).max(1);
            if width == 1 {
                bars.extend(kind.iter().map(|b| (b.label.clone(), b.count)));
                continue;
            }
            for range in kind.chunk_by(|a, b| a.value.map(|v| v / width) == b.value.map(|v| v / width)) {
                let low = range[0].value.map_or(0, |v| v / width * width);
                let label = format!("{} {low}..{}", range[0].kind, low + width - 1);
                bars.push((label, range.iter().map(|b| b.count).sum()));
            }
        }
        bars
    }

    /// The report as text, with a histogram of bars scaled to the largest count.
    pub fn to_text(&self) -> String {
        let mut out = format!("{}\npositions: {}\n", self.game, self.positions);
        let counts: Vec<String> = self.counts.iter().map(|(k, v)| format!("{k} {v}")).collect();
        writeln!(out, "counts: {}", counts.join(", ")).expect("infallible");
        if let Some(extreme) = &self.extreme {
            writeln!(out, "most extreme: {} at {}", extreme.value, extreme.position).expect("infallible");
        }
        out += "by value:\n";
        let bars = self.merged_bars();
        let widest = bars.iter().map(|b| b.1).max().unwrap_or(1).max(1);
        for (label, count) in &bars {
            let width = (count * 40).div_ceil(widest) as usize;
            writeln!(out, "  {label:>18} {count:>10} {}", "#".repeat(width)).expect("infallible");
        }
        for note in &self.notes {
            writeln!(out, "{note}").expect("infallible");
        }
        out += "engines:\n";
        for e in &self.engines {
            let mib = |b: u64| format!("{:.1} MiB", b as f64 / (1 << 20) as f64);
            let mut memory = e.peak_bytes.map_or("n/a".to_string(), mib);
            if let Some(estimate) = e.estimate_bytes {
                memory += &format!(" (bound {})", mib(estimate));
            }
            match &e.error {
                None => writeln!(out, "  {:<16} {:>10.2} ms   peak +{memory}", e.engine, e.seconds * 1e3),
                Some(error) => writeln!(out, "  {:<16} failed: {error}", e.engine),
            }
            .expect("infallible");
        }
        out
    }
}

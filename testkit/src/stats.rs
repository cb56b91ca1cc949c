//! What `gamesolve stats` prints: a solved space's summary (positions, counts by outcome and by
//! remoteness or by value, the longest win with an example position, what each engine variant
//! cost in time and memory), and the targets a game registers for it with their parameters.
//!
//! Before an engine runs, its memory is estimated (the engine's bound for the space's positions
//! and moves, plus the table kept from an earlier engine) and checked with
//! [`check_memory`]: an engine that does not fit is reported as
//! refused ("too large: needs about X, more than the Y ..."), not run.

use crate::resources::check_memory;
use peakmem_alloc::PeakMemAllocTrait;
use serde::Serialize;
use solver_core::{
    ImpartialSpace, LoopySpace, Nimber, Outcome, OutcomeTable, RetrogradeEngine, RetrogradeError, ScoringSpace,
    StateId, Unmoves, acyclic_memory_bound, grundy_table, parallel_acyclic_memory_bound, parallel_grundy_table,
    parallel_score_table, score_table,
};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// What one engine variant cost.
#[derive(Debug, Clone, Serialize)]
pub struct EngineCost {
    /// The engine's name.
    pub engine: String,
    /// Wall time in milliseconds.
    pub millis: f64,
    /// Peak memory the solve added, in bytes (see [`measure`]), or `None` where the platform
    /// does not tell.
    pub peak_bytes: Option<u64>,
    /// Why the engine could not solve the game (too large, a cycle), if it could not.
    pub error: Option<String>,
    /// The memory estimated before it ran (an upper bound, see [`measure_within`]), where one
    /// was made.
    pub estimate_bytes: Option<u64>,
}

impl EngineCost {
    /// The cost of a step that cannot fail (building a space, a game's own sweep).
    pub fn ran(engine: impl Into<String>, elapsed: Duration, peak_bytes: Option<u64>) -> EngineCost {
        EngineCost { engine: engine.into(), millis: millis(elapsed), peak_bytes, error: None, estimate_bytes: None }
    }

    /// The cost of an engine that ran, `Err` when it could not solve the game.
    pub fn of<T, E: std::fmt::Display>(
        engine: impl Into<String>,
        solved: &Result<T, E>,
        elapsed: Duration,
        peak_bytes: Option<u64>,
    ) -> EngineCost {
        let error = solved.as_ref().err().map(|e| e.to_string());
        EngineCost { engine: engine.into(), millis: millis(elapsed), peak_bytes, error, estimate_bytes: None }
    }

    /// An engine that did not run, and why (see [`refusal`]).
    pub fn refused(engine: impl Into<String>, error: String) -> EngineCost {
        EngineCost { engine: engine.into(), millis: 0.0, peak_bytes: None, error: Some(error), estimate_bytes: None }
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

/// Spaces up to this many positions have their moves counted one by one for an estimate;
/// larger ones are sampled ([`estimated_total`]).
const COUNTED: usize = 1 << 16;

/// The sum of `count(id)` over every position of a space of `len` positions, for a memory
/// estimate: exact up to `COUNTED` positions; above, the mean of `COUNTED` positions spread
/// evenly over the ids, times `len`, plus a quarter for what the sample missed.
pub fn estimated_total(len: usize, mut count: impl FnMut(StateId) -> u64) -> u64 {
    if len <= COUNTED {
        return StateId::all(len).map(count).sum();
    }
    let stride = len / COUNTED;
    let sampled: u64 =
        (0..COUNTED).map(|k| count(StateId::new(k * stride).expect("an index below a space's length is an id"))).sum();
    let mean = sampled as f64 / COUNTED as f64;
    (mean * len as f64 * 1.25).ceil() as u64
}

/// The distinct moves of a loopy space's unfinished positions in all (what the engines store),
/// estimated as [`estimated_total`] does.
pub fn estimated_moves<G: LoopySpace + ?Sized>(game: &G) -> u64 {
    let mut children = Vec::new();
    estimated_total(game.len(), |id| {
        if game.terminal_at(id).is_some() {
            return 0;
        }
        children.clear();
        game.successor_ids(id, &mut children);
        children.len() as u64
    })
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

/// Solves a loopy game with the retrograde engines that need only moves and summarizes it;
/// `describe` writes a position for people.
pub fn loopy<G: LoopySpace + Sync + ?Sized>(
    game_name: String,
    game: &G,
    describe: impl Fn(&G::State) -> String,
) -> StatsReport {
    let engines = RetrogradeEngine::BY_MOVES.map(|e| (e, move || e.solve_by_moves(game).expect("needs only moves")));
    let solvers: Vec<Solver<'_>> = engines.iter().map(|(e, solve)| (*e, solve as &dyn Fn() -> _)).collect();
    summarize_loopy(game_name, game, &solvers, describe)
}

/// [`loopy`] with every retrograde engine, the un-move engine included.
pub fn loopy_with_unmoves<G: Unmoves + Sync + ?Sized>(
    game_name: String,
    game: &G,
    describe: impl Fn(&G::State) -> String,
) -> StatsReport {
    let engines = RetrogradeEngine::ALL.map(|e| (e, move || e.solve(game)));
    let solvers: Vec<Solver<'_>> = engines.iter().map(|(e, solve)| (*e, solve as &dyn Fn() -> _)).collect();
    summarize_loopy(game_name, game, &solvers, describe)
}

type Solver<'a> = (RetrogradeEngine, &'a dyn Fn() -> Result<OutcomeTable, RetrogradeError>);

fn summarize_loopy<G: LoopySpace + ?Sized>(
    game_name: String,
    game: &G,
    solvers: &[Solver<'_>],
    describe: impl Fn(&G::State) -> String,
) -> StatsReport {
    let mut engines = Vec::new();
    let mut table: Option<OutcomeTable> = None;
    let mut moves: Option<u64> = None;
    for &(engine, solve) in solvers {
        // The first table solved is kept while the others run.
        let held = table.as_ref().map_or(0, |t| (t.len() as u64).saturating_mul(4));
        let mut bytes = engine.memory_bound(game.len(), 0).saturating_add(held);
        // Moves are counted only for an engine that stores them and could fit without them.
        if engine.memory_bound(1, 1) > engine.memory_bound(1, 0) && refusal(bytes).is_none() {
            let moves = *moves.get_or_insert_with(|| estimated_moves(game));
            bytes = engine.memory_bound(game.len(), moves).saturating_add(held);
        }
        let (solved, cost) = measure_within(engine.name(), bytes, solve);
        engines.push(cost);
        if let Some(solved) = solved {
            table.get_or_insert(solved);
        }
    }
    let mut counts = BTreeMap::new();
    let mut by_value: BTreeMap<(u8, u32), u64> = BTreeMap::new();
    let mut longest: Option<(u32, StateId)> = None;
    if let Some(table) = &table {
        for (i, outcome) in table.iter().enumerate() {
            let kind = match outcome {
                Outcome::Win(_) => "win",
                Outcome::Loss(_) => "loss",
                Outcome::Tie(_) => "tie",
                Outcome::Draw => "draw",
            };
            *counts.entry(kind.to_string()).or_insert(0) += 1;
            let (order, r) = match outcome {
                Outcome::Win(r) => (0, r),
                Outcome::Loss(r) => (1, r),
                Outcome::Tie(r) => (2, r),
                Outcome::Draw => (3, 0),
            };
            *by_value.entry((order, r)).or_insert(0) += 1;
            if let Outcome::Win(r) = outcome
                && longest.is_none_or(|(best, _)| r > best)
            {
                longest = Some((r, StateId::new(i).expect("a table index is an id")));
            }
        }
    }
    let histogram = by_value
        .into_iter()
        .map(|((order, r), count)| {
            let value = match order {
                0 => Outcome::Win(r),
                1 => Outcome::Loss(r),
                2 => Outcome::Tie(r),
                _ => Outcome::Draw,
            };
            let kind = ["win", "loss", "tie", "draw"][order as usize].to_string();
            Bar { label: value.to_string(), kind, value: value.remoteness(), count }
        })
        .collect();
    let extreme =
        longest.map(|(r, id)| Extreme { value: Outcome::Win(r).to_string(), position: describe(&game.unrank(id)) });
    StatsReport { game: game_name, positions: game.len(), counts, histogram, extreme, engines, notes: Vec::new() }
}

/// Computes an impartial game's Grundy values with solver-core's engine and summarizes them.
pub fn grundy<G: ImpartialSpace + Sync + ?Sized>(
    game_name: String,
    game: &G,
    describe: impl Fn(&G::State) -> String,
) -> StatsReport {
    let parts = estimated_total(game.len(), |id| {
        let mut parts = 0;
        game.option_ids(id, &mut |option| parts += option.len() as u64);
        parts
    });
    let declared = game.play_order().is_some();
    let bytes = acyclic_memory_bound(game.len(), parts, 4, declared);
    let (values, cost) = measure_within("grundy", bytes, || grundy_table(game));
    let values = values.unwrap_or_default();
    // Beside the sequential engine's table.
    let bytes = parallel_acyclic_memory_bound(game.len(), parts, 4, game.play_levels(), declared)
        .saturating_add(4 * values.len() as u64);
    let (parallel, mut parallel_cost) = measure_within("parallel-grundy", bytes, || parallel_grundy_table(game));
    if parallel.is_some_and(|p| p != values) {
        parallel_cost.error = Some("its values differ from grundy's".into());
    }
    let mut report = nimbers(game_name, &values, vec![cost, parallel_cost], |i| {
        describe(&game.unrank(StateId::new(i).expect("a table index is an id")))
    });
    report.positions = game.len();
    report
}

/// Summarizes Grundy values already computed (by `engines`), position `i` written by `describe(i)`.
pub fn nimbers(
    game_name: String,
    values: &[Nimber],
    engines: Vec<EngineCost>,
    describe: impl Fn(usize) -> String,
) -> StatsReport {
    let mut by_value: BTreeMap<Nimber, u64> = BTreeMap::new();
    for &v in values {
        *by_value.entry(v).or_insert(0) += 1;
    }
    let zeros = by_value.get(&Nimber::ZERO).copied().unwrap_or(0);
    let counts = BTreeMap::from([
        ("zero (lost for the mover)".to_string(), zeros),
        ("nonzero".to_string(), values.len() as u64 - zeros),
    ]);
    let extreme = values
        .iter()
        .enumerate()
        .max_by_key(|&(i, v)| (v, std::cmp::Reverse(i)))
        .map(|(i, v)| Extreme { value: v.to_string(), position: describe(i) });
    let histogram = by_value
        .into_iter()
        .map(|(v, count)| Bar { label: v.to_string(), kind: "nimber".into(), value: Some(v.0), count })
        .collect();
    StatsReport { game: game_name, positions: values.len(), counts, histogram, extreme, engines, notes: Vec::new() }
}

/// Computes a scoring game's values (as `i32`) and summarizes them by value: how many
/// positions the player to move wins, ties and loses on score from there.
pub fn scores<G: ScoringSpace + Sync + ?Sized>(
    game_name: String,
    game: &G,
    describe: impl Fn(&G::State) -> String,
) -> StatsReport {
    let mut scratch = Vec::new();
    let moves = estimated_total(game.len(), |id| {
        scratch.clear();
        game.scored_move_ids(id, &mut scratch);
        scratch.len() as u64
    });
    let declared = game.play_order().is_some();
    let bytes = acyclic_memory_bound(game.len(), moves, 4, declared);
    let (values, cost) = measure_within("score-dp", bytes, || score_table::<i32, G>(game));
    let values = values.unwrap_or_default();
    // Beside the sequential engine's table.
    let bytes = parallel_acyclic_memory_bound(game.len(), moves, 4, game.play_levels(), declared)
        .saturating_add(4 * values.len() as u64);
    let (parallel, mut parallel_cost) =
        measure_within("parallel-score-dp", bytes, || parallel_score_table::<i32, G>(game));
    if parallel.is_some_and(|p| p != values) {
        parallel_cost.error = Some("its values differ from score-dp's".into());
    }
    let engines = vec![cost, parallel_cost];
    let mut by_value: BTreeMap<i64, u64> = BTreeMap::new();
    for &v in &values {
        *by_value.entry(i64::from(v)).or_insert(0) += 1;
    }
    let extreme = values
        .iter()
        .enumerate()
        .max_by_key(|&(i, v)| (v, std::cmp::Reverse(i)))
        .map(|(i, &v)| (i64::from(v), describe(&game.unrank(StateId::new(i).expect("a table index is an id")))));
    score_report(game_name, game.len(), by_value, extreme, engines)
}

/// The summary of a scoring game's values from their histogram (value, positions), the
/// largest value with a position that has it, and what the engines cost: for a game that
/// solves itself with engines of its own.
pub fn score_report(
    game_name: String,
    positions: usize,
    by_value: impl IntoIterator<Item = (i64, u64)>,
    extreme: Option<(i64, String)>,
    engines: Vec<EngineCost>,
) -> StatsReport {
    let by_value: BTreeMap<i64, u64> = by_value.into_iter().collect();
    let count = |keep: fn(&i64) -> bool| by_value.iter().filter(|(v, _)| keep(v)).map(|(_, n)| n).sum::<u64>();
    let counts = BTreeMap::from([
        ("ahead (value > 0)".to_string(), count(|v| *v > 0)),
        ("level (value 0)".to_string(), count(|v| *v == 0)),
        ("behind (value < 0)".to_string(), count(|v| *v < 0)),
    ]);
    let extreme = extreme.map(|(v, position)| Extreme { value: format!("{v:+}"), position });
    let histogram = by_value
        .into_iter()
        .map(|(v, count)| Bar { label: format!("{v:+}"), kind: "score".into(), value: None, count })
        .collect();
    StatsReport { game: game_name, positions, counts, histogram, extreme, engines, notes: Vec::new() }
}

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
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
                None => writeln!(out, "  {:<16} {:>10.2} ms   peak +{memory}", e.engine, e.millis),
                Some(error) => writeln!(out, "  {:<16} failed: {error}", e.engine),
            }
            .expect("infallible");
        }
        out
    }
}

/// A game `gamesolve stats` can summarize, with its parameters.
pub struct StatsTarget {
    /// The name on the command line.
    pub name: &'static str,
    /// The parameters it takes, as `key=default` words with a short explanation.
    pub params: &'static str,
    /// Builds the game from the parameters and summarizes it.
    pub run: fn(&mut Params) -> Result<StatsReport, String>,
}

/// `key=value` parameters from the command line, read with checked ranges and defaults.
#[derive(Debug, Clone, Default)]
pub struct Params {
    given: BTreeMap<String, String>,
    read: BTreeMap<String, String>,
}

impl Params {
    /// Parses `key=value` words.
    pub fn parse(words: &[String]) -> Result<Params, String> {
        let mut given = BTreeMap::new();
        for word in words {
            let (key, value) = word.split_once('=').ok_or_else(|| format!("expected key=value, found `{word}`"))?;
            if given.insert(key.to_string(), value.to_string()).is_some() {
                return Err(format!("`{key}` is given twice"));
            }
        }
        Ok(Params { given, read: BTreeMap::new() })
    }

    /// The parameters a table file's header records ([`Params::read`] of the game that wrote it).
    pub fn from_map(given: &BTreeMap<String, String>) -> Params {
        Params { given: given.clone(), read: BTreeMap::new() }
    }

    /// Every parameter read so far with the value it had, defaults included: what identifies a
    /// game's size and variant.
    pub fn read(&self) -> BTreeMap<String, String> {
        self.read.clone()
    }

    /// The number `key`, or `default` when it is not given; an error outside `range`.
    pub fn number<T>(&mut self, key: &str, default: T, range: std::ops::RangeInclusive<T>) -> Result<T, String>
    where
        T: std::str::FromStr + PartialOrd + Copy + std::fmt::Display,
    {
        let value = match self.given.remove(key) {
            None => default,
            Some(text) => text.parse::<T>().ok().filter(|v| range.contains(v)).ok_or_else(|| {
                format!("{key} must be a number in {}..={}, found `{text}`", range.start(), range.end())
            })?,
        };
        self.read.insert(key.to_string(), value.to_string());
        Ok(value)
    }

    /// The text `key`, or `default`.
    pub fn text(&mut self, key: &str, default: &str) -> String {
        let value = self.given.remove(key).unwrap_or_else(|| default.to_string());
        self.read.insert(key.to_string(), value.clone());
        value
    }

    /// An error naming any parameter nobody asked for.
    pub fn finish(self) -> Result<(), String> {
        match self.given.keys().next() {
            None => Ok(()),
            Some(key) => Err(format!("unknown parameter `{key}`")),
        }
    }
}

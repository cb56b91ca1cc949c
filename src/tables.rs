//! Solved tables on disk, as the command line uses them: `solve` (every position, the start's
//! value and best moves, optionally the table written to a file), `probe` (one position of a
//! stored table), `diff` (two tables position by position) and `verify FILE` (a stored table's
//! checksums and every value against its children). Each returns a report; the CLI prints it.
//! `serve` answers with the same code, on tables it opened or solved at start-up
//! ([`probe_open`], [`solve_in_memory`]).

use crate::registry;
use judge::{CasePosition, ExplainBudget, Explanation, MoveValue};
use serde_json::json;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use table_file::{Header, TableError, TableFile, Target, Value, WriteOptions, Written, table_bytes};
use workbench::solve::{
    Identity, Move, PhasedProgress, SolvableGame, VerifyFailure, best_first, header, is_best, meaning, move_value,
    parse_position, show, to_json,
};

/// The `writer` of the tables this program writes: `gamesolve` and its version.
pub fn writer() -> String {
    format!("gamesolve {}", env!("CARGO_PKG_VERSION"))
}

/// Progress: positions done of a total.
pub type Progress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// The game `name` at the parameters `words` (`key=value`), every parameter checked.
pub fn open_game(name: &str, words: &[String]) -> Result<Box<dyn SolvableGame>, String> {
    let target = registry::find_space(name).ok_or_else(|| {
        let known: Vec<&str> = registry::spaces().map(|t| t.name).collect();
        format!("no game `{name}` to solve; the games are {}", known.join(", "))
    })?;
    let args = workbench::target::Args::parse(target.params, words).map_err(|e| format!("{name}: {e}"))?;
    (target.open)(&args).map_err(|e| format!("{name}: {e}"))
}

/// Moves listed in text; JSON lists them all.
const SHOWN_MOVES: usize = 40;

/// A position with its value and the value of each of its moves.
#[derive(Debug, Clone)]
pub struct Probed {
    /// The position's number.
    pub index: u64,
    /// The position in the game's notation.
    pub position: String,
    /// Its value.
    pub value: Value,
    /// Each move with its value: in the game's order, or best first in `probe`'s report
    /// ([`best_first`]).
    pub moves: Vec<ProbedMove>,
}

/// A move of a probed position.
#[derive(Debug, Clone)]
pub struct ProbedMove {
    /// The move: its name and where it leads.
    pub played: Move,
    /// Its value for the mover ([`move_value`]).
    pub value: Value,
    /// Whether it is a best move ([`is_best`]).
    pub best: bool,
}

impl Probed {
    /// The position `index` of `game`, its values read by `value_of`.
    fn of<E>(game: &dyn SolvableGame, index: u64, value_of: impl Fn(u64) -> Result<Value, E>) -> Result<Probed, E> {
        let value = value_of(index)?;
        let mut moves = Vec::new();
        for played in game.moves(index) {
            let v = move_value(game.kind(), &played, &value_of)?;
            moves.push(ProbedMove { played, value: v, best: is_best(value, v) });
        }
        Ok(Probed { index, position: game.describe(index), value, moves })
    }

    fn best_moves(&self) -> impl Iterator<Item = &ProbedMove> {
        self.moves.iter().filter(|m| m.best)
    }

    fn to_text(&self) -> String {
        format!(
            "position #{}: {}\nvalue: {}\n{}",
            self.index,
            self.position,
            show(self.value),
            self.moves_text("moves")
        )
    }

    /// The moves sorted best first for their mover ([`best_first`]; stable, so equal values keep
    /// the game's order). Time O(m log m) for m moves.
    fn sort_best_first(&mut self) {
        self.moves.sort_by_key(|m| best_first(m.value));
    }

    /// The best moves, then `heading` and the moves with their values, as many as [`SHOWN_MOVES`].
    fn moves_text(&self, heading: &str) -> String {
        let mut out = String::new();
        let best: Vec<&str> = self.best_moves().map(|m| m.played.name.as_str()).collect();
        out += &match (self.moves.len(), best.len()) {
            (0, _) => "no moves\n".to_string(),
            (_, 0) => "best moves: none (every move loses)\n".to_string(),
            (n, b) if n == b => format!("best moves: all {n}\n"),
            (n, b) if b > SHOWN_MOVES => format!("best moves: {b} of {n}\n"),
            (n, _) => format!("best moves ({} of {n}): {}\n", best.len(), best.join(", ")),
        };
        if !self.moves.is_empty() {
            out += &format!("{heading}:\n");
            for m in self.moves.iter().take(SHOWN_MOVES) {
                let best = if m.best { "  (best)" } else { "" };
                out += &format!("  {:<24} {}{best}\n", m.played.name, show(m.value));
            }
            if self.moves.len() > SHOWN_MOVES {
                out += &format!("  ... and {} more (--format json lists every move)\n", self.moves.len() - SHOWN_MOVES);
            }
        }
        out
    }

    fn moves_json<'a>(moves: impl Iterator<Item = &'a ProbedMove>) -> Vec<serde_json::Value> {
        moves.map(|m| json!({ "move": m.played.name, "value": to_json(m.value) })).collect()
    }
}

fn identity_json(identity: &Identity) -> (serde_json::Value, serde_json::Value) {
    (json!(identity.game), json!(identity.params))
}

/// What `solve` found.
pub struct SolveReport {
    identity: Identity,
    positions: u64,
    engine: String,
    start: Probed,
    written: Option<(String, Written)>,
}

/// As [`SolveReport::to_json`] says: its values are the tables' values in JSON
/// ([`workbench::solve::to_json`]), which have no `Serialize` of their own.
impl serde::Serialize for SolveReport {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&self.to_json(), serializer)
    }
}

impl SolveReport {
    /// The report for people.
    pub fn to_text(&self) -> String {
        let params: Vec<String> = self.identity.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let mut out = format!(
            "{} {} ({})\npositions: {}, solved by {}\nstart {}",
            self.identity.game,
            params.join(" "),
            self.identity.variant,
            self.positions,
            self.engine,
            self.start.to_text().trim_start_matches("position ")
        );
        if let Some((file, written)) = &self.written {
            out += &format!(
                "written to {file}: {} bytes, {:.3} bits a position, {} blocks, table checksum {:016x}\n",
                written.bytes,
                written.bytes as f64 * 8.0 / self.positions.max(1) as f64,
                written.blocks,
                written.table_checksum
            );
        }
        out
    }

    /// The report as JSON: `{game, params, positions, engine, start: {position, value,
    /// best_moves: [{move, value}]}, table: null | {file, bytes, checksum}}`.
    pub fn to_json(&self) -> serde_json::Value {
        let (game, params) = identity_json(&self.identity);
        let table = self.written.as_ref().map(
            |(file, w)| json!({ "file": file, "bytes": w.bytes, "checksum": format!("{:016x}", w.table_checksum) }),
        );
        json!({
            "game": game,
            "params": params,
            "variant": self.identity.variant,
            "positions": self.positions,
            "engine": self.engine,
            "start": {
                "position": self.start.position,
                "value": to_json(self.start.value),
                "best_moves": Probed::moves_json(self.start.best_moves()),
            },
            "table": table,
        })
    }
}

/// Solves every position of `game` with `engine` (its first if `None`), and writes the table to
/// `out` if given (replacing an existing file only if `force`): [`prepare_out`], then
/// [`solve_into`].
pub fn solve(
    game: &dyn SolvableGame,
    engine: Option<&str>,
    out: Option<&Path>,
    force: bool,
    progress: Progress<'_>,
) -> anyhow::Result<SolveReport> {
    let out = out.map(|path| prepare_out(path, force)).transpose().map_err(anyhow::Error::msg)?;
    solve_into(game, engine, out, &solver_core::Progress::silent(), progress)
}

/// The table file `solve --out` writes, looked at before solving, which may take long: not a
/// directory, not an existing file unless `force`, a name the file system takes, and its
/// temporary file created (new, of a random name, never through a link) in its directory,
/// which must exist and be writable.
pub fn prepare_out(path: &Path, force: bool) -> Result<Target, String> {
    let shown = path.display();
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => {
            return Err(format!("{shown} is a directory: --out names the file to write the table to"));
        }
        Ok(_) if !force => return Err(format!("{shown} exists; give --force to replace it")),
        _ => {}
    }
    Target::create(path, force).map_err(|e| e.to_string())
}

/// Solves every position of `game` with `engine` (its first if `None`), the engine advancing
/// `solving` where it reports, and writes the table to `out` if given ([`prepare_out`]), telling
/// `writing` the positions written.
pub fn solve_into(
    game: &dyn SolvableGame,
    engine: Option<&str>,
    out: Option<Target>,
    solving: &solver_core::Progress<'_>,
    writing: Progress<'_>,
) -> anyhow::Result<SolveReport> {
    let engines = game.engines();
    let engine = engine.unwrap_or(engines[0]);
    if !engines.contains(&engine) {
        anyhow::bail!("no engine `{engine}` for {}; the engines are {}", game.identity().game, engines.join(", "));
    }
    let solved = game.solve_reporting(engine, solving).map_err(|e| solve_error(engine, e))?;
    let start = Probed::of(game, game.start(), |i| Ok::<_, String>(solved.value(i))).map_err(anyhow::Error::msg)?;
    let written = match out {
        None => None,
        Some(target) => {
            let header = header(game, engine, solved.encoding(), &writer());
            let file = target.path().display().to_string();
            let written = target
                .write(&header, &|i| solved.value(i), writing, WriteOptions::default())
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            Some((file, written))
        }
    };
    Ok(SolveReport {
        identity: game.identity().clone(),
        positions: game.positions(),
        engine: engine.to_string(),
        start,
        written,
    })
}

/// Why `engine` made no table, `engine: ` before it; an engine declining over the work budget
/// stays a [`judge::JudgeError`] in the error's chain, which the CLI exits 3 for.
fn solve_error(engine: &str, e: workbench::solve::SolveError) -> anyhow::Error {
    if let workbench::solve::SolveError::Engine(inner) = &e
        && let Some(judge::JudgeError::OverBudget(over)) = inner.source_error().downcast_ref::<judge::JudgeError>()
    {
        return anyhow::Error::new(judge::JudgeError::OverBudget(over.clone())).context(engine.to_string());
    }
    anyhow::anyhow!("{engine}: {e}")
}

/// Every position of `game` solved by its first engine and held as a table file in memory,
/// named `name`, as `solve --out` would write it (same header, records and checksums): what
/// `serve --game` serves, read by the same code as a stored table. Memory: the solved values,
/// then the compressed table.
pub fn solve_in_memory(game: &dyn SolvableGame, name: &str) -> anyhow::Result<TableFile> {
    let engines = game.engines();
    let engine = *engines.first().ok_or_else(|| anyhow::anyhow!("{} has no engine", game.identity().game))?;
    let solved = game.solve(engine).map_err(|e| solve_error(engine, e))?;
    let header = header(game, engine, solved.encoding(), &writer());
    let bytes =
        table_bytes(&header, &|i| solved.value(i), WriteOptions::default()).map_err(|e| anyhow::anyhow!("{e}"))?;
    TableFile::from_bytes(bytes, name).map_err(|e| anyhow::anyhow!("{e}"))
}

/// A table file and the game it says it holds, checked to agree: the game is registered, its
/// parameters are valid and the game they build has the header's variant, number of positions
/// and kind of value.
pub fn open_table(path: &Path) -> Result<(TableFile, Box<dyn SolvableGame>), String> {
    let table = TableFile::open(path).map_err(|e| e.to_string())?;
    let game = game_of(&table)?;
    Ok((table, game))
}

fn game_of(table: &TableFile) -> Result<Box<dyn SolvableGame>, String> {
    let header = table.header();
    let disagrees = |what: String| format!("{}: the header disagrees with gamesolve's games: {what}", table.file());
    let target =
        registry::find_space(&header.game).ok_or_else(|| disagrees(format!("no registered game `{}`", header.game)))?;
    let args = workbench::target::Args::from_map(target.params, &header.params)
        .map_err(|e| disagrees(format!("its parameters: {e}")))?;
    let game = (target.open)(&args).map_err(|e| disagrees(format!("its parameters: {e}")))?;
    let identity = game.identity();
    if identity.params != header.params {
        return Err(disagrees(format!(
            "parameters {:?}, but the game reads them as {:?}",
            header.params, identity.params
        )));
    }
    if identity.variant != header.variant {
        return Err(disagrees(format!("variant `{}`, but the game is `{}`", header.variant, identity.variant)));
    }
    if game.positions() != header.positions {
        return Err(disagrees(format!("{} positions, but the game has {}", header.positions, game.positions())));
    }
    if game.kind() != header.encoding.kind() {
        return Err(disagrees(format!(
            "values of kind {:?}, but the game's are {:?}",
            header.encoding.kind(),
            game.kind()
        )));
    }
    Ok(game)
}

/// What `probe` found.
pub struct ProbeReport {
    file: String,
    identity: Identity,
    probed: Probed,
    picture: Option<String>,
    line: Option<Line>,
}

/// The plies `probe --line` plays when no number is given: a tic-tac-toe or a small Connect
/// Four game to its end, while a draw's endless play stops.
pub const LINE_PLIES: usize = 40;

/// An optimal line from a position ([`optimal_line`]): the moves played and how it ended.
#[derive(Debug, Clone)]
pub struct Line {
    /// Each move played, in order.
    pub steps: Vec<LineStep>,
    /// Why the line stops there.
    pub end: LineEnd,
}

/// A move of an optimal line and what it leaves.
#[derive(Debug, Clone)]
pub struct LineStep {
    /// The move in the game's notation.
    pub name: String,
    /// The position it leaves, in the game's notation (an impartial game's sum of positions
    /// `a + b`, or `nothing`).
    pub position: String,
    /// The value of what it leaves, for the player then to move.
    pub value: Value,
}

/// Why an optimal line stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineEnd {
    /// The game is over: the last position has no move.
    Finished,
    /// The cap on plies was reached with moves left (a draw's play never ends).
    Stopped,
    /// An impartial game's move left a sum of this many positions, which a line of one
    /// position does not follow.
    Sum(usize),
}

/// The optimal line of `game` from position `from`, values read by `value_of`: the first move
/// of the best-first order ([`best_first`]: the fastest win, the quickest tie, the slowest
/// loss, the largest score, a move to nimber 0 where there is one) played again and again,
/// until the game is over, a move leaves a sum of several positions, or `cap` plies are
/// played. Time: the moves of every position on the line valued, so O(cap x moves) reads;
/// memory O(cap).
pub fn optimal_line<E>(
    game: &dyn SolvableGame,
    from: u64,
    cap: usize,
    value_of: impl Fn(u64) -> Result<Value, E>,
) -> Result<Line, E> {
    let mut steps = Vec::new();
    let mut at = from;
    loop {
        let mut probed = Probed::of(game, at, &value_of)?;
        probed.sort_best_first();
        let Some(first) = probed.moves.first() else {
            return Ok(Line { steps, end: LineEnd::Finished });
        };
        if steps.len() >= cap {
            return Ok(Line { steps, end: LineEnd::Stopped });
        }
        let name = first.played.name.clone();
        match first.played.parts.as_slice() {
            &[one] => {
                steps.push(LineStep { name, position: game.describe(one), value: value_of(one)? });
                at = one;
            }
            parts => {
                // A nimber is the same for either player, so the move's value is the sum's.
                let position = match parts {
                    [] => "nothing".to_string(),
                    _ => parts.iter().map(|&p| game.describe(p)).collect::<Vec<_>>().join(" + "),
                };
                steps.push(LineStep { name, position, value: first.value });
                let end = if parts.is_empty() { LineEnd::Finished } else { LineEnd::Sum(parts.len()) };
                return Ok(Line { steps, end });
            }
        }
    }
}

impl Line {
    fn to_text(&self) -> String {
        let plies = if self.steps.len() == 1 { "1 ply".to_string() } else { format!("{} plies", self.steps.len()) };
        let mut out = format!("optimal line ({plies}):\n");
        let width = self.steps.iter().map(|s| s.name.len()).max().unwrap_or(0);
        for (ply, step) in self.steps.iter().enumerate() {
            out += &format!("  {:>3}. {:<width$}  {}  {}\n", ply + 1, step.name, step.position, show(step.value));
        }
        out += &match self.end {
            LineEnd::Finished => "  the game is over\n".to_string(),
            LineEnd::Stopped => format!("  ... (stopped after {} plies)\n", self.steps.len()),
            LineEnd::Sum(n) => {
                format!(
                    "  ... (the last move leaves a sum of {n} positions; a line follows one position, so it stops)\n"
                )
            }
        };
        out
    }

    fn to_json(&self) -> serde_json::Value {
        let steps: Vec<serde_json::Value> = self
            .steps
            .iter()
            .map(|s| json!({ "move": s.name, "position": s.position, "value": to_json(s.value) }))
            .collect();
        json!(steps)
    }

    fn end_name(&self) -> &'static str {
        match self.end {
            LineEnd::Finished => "finished",
            LineEnd::Stopped => "stopped",
            LineEnd::Sum(_) => "sum",
        }
    }
}

/// As [`ProbeReport::to_json`] says: its values are the tables' values in JSON
/// ([`workbench::solve::to_json`]), which have no `Serialize` of their own.
impl serde::Serialize for ProbeReport {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&self.to_json(), serializer)
    }
}

impl ProbeReport {
    /// The position found: its value and each move's.
    pub fn probed(&self) -> &Probed {
        &self.probed
    }

    /// The optimal line from the position, where it was asked for ([`probe`]'s `line`).
    pub fn line(&self) -> Option<&Line> {
        self.line.as_ref()
    }

    /// The report for people: the position, its picture where the game draws one, its value
    /// with what it means, the moves best first, the optimal line where asked for.
    pub fn to_text(&self) -> String {
        let params: Vec<String> = self.identity.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let p = &self.probed;
        let mut out = format!(
            "{}: {} {}\nposition #{}: {}\n",
            self.file,
            self.identity.game,
            params.join(" "),
            p.index,
            p.position
        );
        out += self.picture.as_deref().unwrap_or("");
        out += &format!("value: {}\n{}", meaning(p.value), p.moves_text("moves, best first"));
        if let Some(line) = &self.line {
            out += &line.to_text();
        }
        out
    }

    /// The report as JSON: `{file, game, params, position, index, picture: string | null,
    /// value, meaning, moves: [{move, value}] (best first), best_moves: [{move, value}],
    /// line: null | [{move, position, value}], line_end: null | "finished" | "stopped" |
    /// "sum"}`.
    pub fn to_json(&self) -> serde_json::Value {
        let (game, params) = identity_json(&self.identity);
        json!({
            "file": self.file,
            "game": game,
            "params": params,
            "position": self.probed.position,
            "index": self.probed.index,
            "picture": self.picture,
            "value": to_json(self.probed.value),
            "meaning": meaning(self.probed.value),
            "moves": Probed::moves_json(self.probed.moves.iter()),
            "best_moves": Probed::moves_json(self.probed.best_moves()),
            "line": self.line.as_ref().map(Line::to_json),
            "line_end": self.line.as_ref().map(Line::end_name),
        })
    }
}

/// The value of `position` (the game's notation, or `#n`) in the table at `path`, and of each
/// of its moves; only the blocks they are in are decompressed. With `line`, the optimal line
/// from it too, at most that many plies ([`optimal_line`]).
pub fn probe(path: &Path, position: &str, line: Option<usize>) -> Result<ProbeReport, String> {
    let (table, game) = open_table(path)?;
    let mut report = probe_open(&table, game.as_ref(), position)?;
    if let Some(cap) = line {
        let found = optimal_line(game.as_ref(), report.probed.index, cap, |i| table.value(i));
        report.line = Some(found.map_err(|e| e.to_string())?);
    }
    Ok(report)
}

/// [`probe`] on a table already open ([`open_table`], or [`solve_in_memory`]): what `serve`
/// answers every position with, so its values are `probe`'s. Time: the position's moves, and
/// decompressing the blocks they are in (those the table's cache does not hold).
pub fn probe_open(table: &TableFile, game: &dyn SolvableGame, position: &str) -> Result<ProbeReport, String> {
    let index =
        parse_position(game, position).map_err(|e| format!("{}: position `{position}`: {e}", game.identity().game))?;
    // The position's block and its children's are read from the disk at once, not one by one.
    let parts = game.moves(index).into_iter().flat_map(|m| m.parts);
    table.prefetch(std::iter::once(index).chain(parts));
    let mut probed = Probed::of(game, index, |i| table.value(i)).map_err(|e: TableError| e.to_string())?;
    probed.sort_best_first();
    let (file, identity) = (table.file().to_string(), game.identity().clone());
    Ok(ProbeReport { file, identity, probed, picture: game.picture(index), line: None })
}

/// `explain --table`: each case answered from the stored table at `path` instead of solved.
/// Every case must be a position of the table's game at its parameters (a case of another
/// game is an error naming it and how to tabulate its game). A case is explained as `probe
/// --line` sees it: the picture, the value in words, the moves best first, the optimal line
/// (at most [`LINE_PLIES`] plies). Time: per case, the position's moves and the line's, each
/// a read of the blocks they are in; memory: the explanations, within [`ExplainBudget`].
pub fn explain_from_table(path: &Path, cases: &[CasePosition]) -> Result<Vec<Explanation>, String> {
    let (table, game) = open_table(path)?;
    let (held, mut budget) = (game.identity().clone(), ExplainBudget::new(cases.len()));
    let mut checked: Vec<(&str, &[String])> = Vec::new();
    let mut explanations = Vec::with_capacity(cases.len());
    for (i, case) in cases.iter().enumerate() {
        let key = (case.game, case.params.as_slice());
        if !checked.contains(&key) {
            // The case's game by its name and parameters, without opening it (which may take
            // as long as the table saves: mnk 4,4,4 ranks its 10 million boards).
            let target = registry::find_space(case.game).ok_or_else(|| format!("no game `{}` to solve", case.game))?;
            let args = workbench::target::Args::parse(target.params, &case.params)
                .map_err(|e| format!("case {}: {}: {e}", i + 1, case.game))?;
            let identity = Identity { game: case.game.to_string(), params: args.map(), variant: String::new() };
            if (&identity.game, &identity.params) != (&held.game, &held.params) {
                return Err(format!(
                    "case {} is a position of `{}`, but {} holds `{}`: tabulate its game with `gamesolve solve {} \
                     {} --out FILE`, or explain without --table",
                    i + 1,
                    identity.title(),
                    table.file(),
                    held.title(),
                    case.game,
                    case.params.join(" "),
                ));
            }
            checked.push(key);
        }
        let explanation = explain_case(&table, game.as_ref(), case, i + 1)?;
        budget.charge(&explanation).map_err(|e| e.to_string())?;
        explanations.push(explanation);
    }
    Ok(explanations)
}

/// Case `number`, at `case.position` of `table`, explained ([`explain_from_table`]): its verdict
/// the answer `case.answer` makes of the table's value.
fn explain_case(
    table: &TableFile,
    game: &dyn SolvableGame,
    case: &CasePosition,
    number: usize,
) -> Result<Explanation, String> {
    let report = probe_open(table, game, &case.position).map_err(|e| format!("case {number}: {e}"))?;
    let probed = report.probed;
    let line = optimal_line(game, probed.index, LINE_PLIES, |i| table.value(i)).map_err(|e| e.to_string())?;
    let steps = line.steps.iter().map(|step| MoveValue {
        play: step.name.clone(),
        value: format!("leaves {}: {}", step.position, show(step.value)),
    });
    let mut notes = vec![format!("From the table {}, position #{}.", table.file(), probed.index)];
    notes.extend(match line.end {
        LineEnd::Finished => None,
        LineEnd::Stopped => Some(format!("The line stops after {} plies; the game goes on.", line.steps.len())),
        LineEnd::Sum(n) => Some(format!("The line stops where its last move leaves a sum of {n} positions.")),
    });
    Ok(Explanation {
        title: format!("case {number}"),
        picture: report.picture.unwrap_or_default(),
        verdict: match probed.value {
            Value::Outcome(outcome) => case.answer.score(outcome).map(|score| score.to_string()),
            _ => None,
        }
        .unwrap_or_else(|| show(probed.value)),
        value: meaning(probed.value),
        moves: probed.moves.iter().map(|m| MoveValue { play: m.played.name.clone(), value: show(m.value) }).collect(),
        line: steps.collect(),
        notes,
    })
}

/// Why `diff` could not compare two tables.
#[derive(Debug, thiserror::Error)]
pub enum DiffError {
    /// A file is damaged, unreadable or not a table.
    #[error("{0}")]
    Unreadable(String),
    /// The two tables are not of the same game, parameters and kind of value.
    #[error("{0}")]
    NotComparable(String),
}

/// Differences shown in full by `diff`.
const SHOWN_DIFFERENCES: usize = 5;

/// What `diff` found.
pub struct DiffReport {
    files: [String; 2],
    identity: Identity,
    positions: u64,
    /// Differing positions by kind of difference, e.g. `win -> loss`.
    pub by_kind: BTreeMap<String, u64>,
    /// The first differences in position order: number, position, both values.
    pub first: Vec<(u64, String, Value, Value)>,
}

/// As [`DiffReport::to_json`] says: its values are the tables' values in JSON
/// ([`workbench::solve::to_json`]), which have no `Serialize` of their own.
impl serde::Serialize for DiffReport {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&self.to_json(), serializer)
    }
}

impl DiffReport {
    /// Whether the tables hold the same values everywhere.
    pub fn identical(&self) -> bool {
        self.by_kind.is_empty()
    }

    /// The report for people.
    pub fn to_text(&self) -> String {
        let [a, b] = &self.files;
        let total: u64 = self.by_kind.values().sum();
        if total == 0 {
            return format!("{a} and {b}: identical, all {} positions of {}\n", self.positions, self.identity.game);
        }
        let mut out = format!("{a} and {b}: {total} of {} positions differ\n", self.positions);
        for (kind, n) in &self.by_kind {
            out += &format!("  {kind:<28} {n}\n");
        }
        out += "first differences:\n";
        for (index, position, va, vb) in &self.first {
            out +=
                &format!("  #{index} {}: {} in {a}, {} in {b}\n", position.replace('\n', " / "), show(*va), show(*vb));
        }
        out
    }

    /// The report as JSON: `{files, game, params, positions, identical, differences: {kind: n},
    /// first: [{index, position, a, b}]}`.
    pub fn to_json(&self) -> serde_json::Value {
        let (game, params) = identity_json(&self.identity);
        let first: Vec<_> = self
            .first
            .iter()
            .map(|(i, p, a, b)| json!({ "index": i, "position": p, "a": to_json(*a), "b": to_json(*b) }))
            .collect();
        json!({
            "files": self.files, "game": game, "params": params, "positions": self.positions,
            "identical": self.identical(), "differences": self.by_kind, "first": first,
        })
    }
}

/// The coarse kind of a value, for counting differences and `serve`'s statistics: `win`,
/// `zero`, `ahead`, ...
pub fn coarse(value: Value) -> &'static str {
    match value {
        Value::Outcome(o) => match o {
            solver_core::Outcome::Win(_) => "win",
            solver_core::Outcome::Loss(_) => "loss",
            solver_core::Outcome::Tie(_) => "tie",
            solver_core::Outcome::Draw => "draw",
        },
        Value::Nimber(n) if n.0 == 0 => "zero",
        Value::Nimber(_) => "nonzero",
        Value::Score(s) if s > 0 => "ahead",
        Value::Score(0) => "level",
        Value::Score(_) => "behind",
    }
}

/// Compares the tables at `a` and `b` position by position.
pub fn diff(a: &Path, b: &Path, progress: Progress<'_>) -> Result<DiffReport, DiffError> {
    let (table_a, game) = open_table(a).map_err(DiffError::Unreadable)?;
    let table_b = TableFile::open(b).map_err(|e| DiffError::Unreadable(e.to_string()))?;
    let (ha, hb) = (table_a.header(), table_b.header());
    let same = ha.game == hb.game
        && ha.params == hb.params
        && ha.variant == hb.variant
        && ha.positions == hb.positions
        && ha.encoding.kind() == hb.encoding.kind();
    if !same {
        return Err(DiffError::NotComparable(format!(
            "{} holds {} {:?} ({}, {} positions) but {} holds {} {:?} ({}, {} positions): not the same game",
            table_a.file(),
            ha.game,
            ha.params,
            ha.variant,
            ha.positions,
            table_b.file(),
            hb.game,
            hb.params,
            hb.variant,
            hb.positions
        )));
    }
    game_of(&table_b).map_err(DiffError::Unreadable)?;
    let by_kind = Mutex::new(BTreeMap::<String, u64>::new());
    let first = Mutex::new(Vec::<(u64, Value, Value)>::new());
    let compared = AtomicU64::new(0);
    let visit = |start: u64, values: &[Value]| -> Result<(), String> {
        let mut kinds: BTreeMap<String, u64> = BTreeMap::new();
        let mut here = Vec::new();
        // Block by block when the two tables have the same blocks, else value by value.
        let same_blocks = table_a.block_records() == table_b.block_records();
        let block_b = match same_blocks {
            true => Some(table_b.block_values(start / u64::from(table_b.block_records())).map_err(|e| e.to_string())?),
            false => None,
        };
        for (offset, &va) in values.iter().enumerate() {
            let index = start + offset as u64;
            let vb = match &block_b {
                Some(block) => *block.get(offset).ok_or("the tables' blocks differ in length")?,
                None => table_b.value(index).map_err(|e| e.to_string())?,
            };
            if va != vb {
                let (ka, kb) = (coarse(va), coarse(vb));
                let kind = if ka == kb { format!("{ka} (other value)") } else { format!("{ka} -> {kb}") };
                *kinds.entry(kind).or_insert(0) += 1;
                if here.len() < SHOWN_DIFFERENCES {
                    here.push((index, va, vb));
                }
            }
        }
        let mut totals = by_kind.lock().map_err(|_| "a thread panicked")?;
        kinds.into_iter().for_each(|(k, n)| *totals.entry(k).or_insert(0) += n);
        first.lock().map_err(|_| "a thread panicked")?.extend(here);
        progress(compared.fetch_add(values.len() as u64, Ordering::Relaxed) + values.len() as u64, ha.positions);
        Ok(())
    };
    table_a.for_each_block(&visit, &|_, _| {}).map_err(|e| DiffError::Unreadable(e.to_string()))?;
    let mut first = first.into_inner().map_err(|_| DiffError::Unreadable("a thread panicked".into()))?;
    first.sort_unstable_by_key(|d| d.0);
    first.truncate(SHOWN_DIFFERENCES);
    let first = first.into_iter().map(|(i, va, vb)| (i, game.describe(i), va, vb)).collect();
    Ok(DiffReport {
        files: [table_a.file().to_string(), table_b.file().to_string()],
        identity: game.identity().clone(),
        positions: ha.positions,
        by_kind: by_kind.into_inner().map_err(|_| DiffError::Unreadable("a thread panicked".into()))?,
        first,
    })
}

/// What `verify FILE` checked.
pub struct VerifiedFile {
    file: String,
    header: Header,
    checksum: u64,
}

/// As [`VerifiedFile::to_json`] says: its values are the tables' values in JSON
/// ([`workbench::solve::to_json`]), which have no `Serialize` of their own.
impl serde::Serialize for VerifiedFile {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&self.to_json(), serializer)
    }
}

impl VerifiedFile {
    /// The report for people.
    pub fn to_text(&self) -> String {
        format!(
            "{}: {} positions of {} {:?}, written by {} with {}: every checksum matches (table {:016x}), \
             every value follows from its children\n",
            self.file,
            self.header.positions,
            self.header.game,
            self.header.params,
            self.header.writer,
            self.header.engine,
            self.checksum
        )
    }

    /// The report as JSON: `{file, game, params, positions, engine, writer, checksum, verified: true}`.
    pub fn to_json(&self) -> serde_json::Value {
        let h = &self.header;
        json!({
            "file": self.file, "game": h.game, "params": h.params, "positions": h.positions,
            "engine": h.engine, "writer": h.writer, "checksum": format!("{:016x}", self.checksum), "verified": true,
        })
    }
}

/// Re-checks the table at `path`: every block's checksum and the whole table's, then every value
/// against its children with the game's verifier, each phase told to `progress`.
pub fn verify_file(path: &Path, progress: PhasedProgress<'_>) -> Result<VerifiedFile, VerifyFailure> {
    let (table, game) = open_table(path).map_err(VerifyFailure::Unreadable)?;
    game.verify(&table, progress)?;
    Ok(VerifiedFile {
        file: table.file().to_string(),
        header: table.header().clone(),
        checksum: table.table_checksum(),
    })
}

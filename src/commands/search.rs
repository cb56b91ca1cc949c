//! `gamesolve search`: the value of a position by forward search, every engine asked for side
//! by side, with the principal variation, each move's value and the costs.

use crate::output::{Format, PhasesBar, Report, render, thousands};
use anyhow::Context;
use gamesolve::search::{self, Engine, PositionReport, SearchStop};
use gamesolve::terminal::note;
use judge::resources::check_memory;
use serde::Serialize;
use solver_core::search::{SearchEngine, SearchLimits, SearchStats};
use std::borrow::Cow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

#[derive(clap::Args)]
pub struct Args {
    /// The game (see below).
    game: String,
    /// Parameters as key=value, then the position in the game's notation (as `probe` and
    /// `explain` write it; several words are joined with spaces; `#n` for a space's position
    /// number n). Without a position, the start.
    words: Vec<String>,
    /// The engine, or `all`: every engine on the same position, side by side; the command
    /// fails (exit 1) if two disagree. `solver` and `solver-weak` are a game's dedicated
    /// solver (Connect Four's: the fastest there), beside solver-core's engines.
    #[arg(long, default_value = "alpha-beta", value_parser = clap::builder::PossibleValuesParser::new(engine_names()))]
    engine: String,
    /// Only the sign (win, tie or loss): the weak engine, shorthand for `--engine weak`.
    #[arg(long, conflicts_with = "engine")]
    weak: bool,
    /// Also each move's value for the mover, by the first exact engine asked for. Under
    /// --budget, the moves share one budget (each may use what is left divided by the moves
    /// still to value); a move over its share is `unknown`.
    #[arg(long)]
    moves: bool,
    /// The transposition table's size in MiB (allocated whole for each search; 0: none).
    #[arg(long, value_name = "MIB", default_value_t = 64, value_parser = clap::value_parser!(u64).range(0..=1 << 20))]
    tt_mb: u64,
    /// Search each position of FILE instead (one a line; blank lines and lines starting with #
    /// skipped) and print a line each: position, value, positions visited, microseconds. For a
    /// game with a field score (Connect Four: Pons' score), the value is printed in it and a
    /// line may end in the expected score (`4453 3`, the field's benchmark format): the
    /// command fails (exit 1) naming the lines whose score differs.
    #[arg(long, value_name = "FILE", conflicts_with = "moves")]
    positions: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

fn engine_names() -> Vec<&'static str> {
    Engine::names().chain(["all"]).collect()
}

/// What `search` found, position by position.
#[derive(Serialize)]
struct Searched {
    /// The game and its parameters.
    game: String,
    positions: Vec<PositionReport>,
    /// Whether positions came from a file (the one-line-a-position text form).
    #[serde(skip)]
    listed: bool,
}

impl Report for Searched {
    fn text(&self) -> Cow<'_, str> {
        let mut out = String::new();
        if self.listed {
            let several = self.positions.first().is_some_and(|p| p.results.len() > 1);
            for position in &self.positions {
                for result in &position.results {
                    let engine = if several { format!("{}\t", result.engine) } else { String::new() };
                    let value = result.score.map_or_else(|| result.value.clone(), |score| score.to_string());
                    out += &format!(
                        "{engine}{}\t{value}\t{}\t{}\n",
                        position.position,
                        result.nodes,
                        (result.seconds * 1e6).round()
                    );
                }
            }
            return Cow::Owned(out);
        }
        for position in &self.positions {
            // A game whose notation writes its start as nothing (Connect Four's empty line).
            let shown = if position.position.is_empty() { "(the start)" } else { &position.position };
            out += &format!("{}, position {shown}\n", self.game);
            let rows: Vec<[String; 7]> = position
                .results
                .iter()
                .map(|r| {
                    [
                        r.engine.to_string(),
                        match (&r.error, r.score) {
                            (Some(_), _) => "out of memory".to_string(),
                            (None, Some(score)) if r.exact => format!("{} (score {score})", r.value),
                            (None, _) => r.value.clone(),
                        },
                        thousands(r.nodes),
                        thousands(r.tt_hits),
                        thousands(r.tt_stores),
                        format!("{:.3} s", r.seconds),
                        mebibytes(r.peak_bytes),
                    ]
                })
                .collect();
            let header = ["engine", "value", "positions", "tt hits", "tt stores", "time", "memory"].map(String::from);
            out += &table(&header, &rows);
            for result in position.results.iter().filter(|r| !r.principal_variation.is_empty()) {
                out += &format!("line ({}): {}\n", result.engine, result.principal_variation.join(", "));
            }
            for result in &position.results {
                if let Some(error) = &result.error {
                    out += &format!("{}: {error}\n", result.engine);
                }
            }
            if let Some(moves) = &position.moves {
                let by = position.results.iter().find(|r| r.exact).unwrap_or(&position.results[0]).engine;
                if moves.is_empty() {
                    out += "no moves: the game is over\n";
                } else {
                    out += &format!("moves ({by}):\n");
                    for mv in moves {
                        out += &format!("  {}  {}\n", mv.name, mv.value);
                    }
                }
            }
        }
        Cow::Owned(out)
    }
}

/// Rows under a header, each column as wide as its widest cell, the first left-aligned.
fn table<const N: usize>(header: &[String; N], rows: &[[String; N]]) -> String {
    let mut widths = header.each_ref().map(|h| h.chars().count());
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[String; N]| {
        let parts: Vec<String> = cells
            .iter()
            .zip(widths)
            .enumerate()
            .map(|(i, (cell, w))| if i < 2 { format!("{cell:<w$}") } else { format!("{cell:>w$}") })
            .collect();
        format!("  {}\n", parts.join("  ").trim_end())
    };
    std::iter::once(line(header)).chain(rows.iter().map(line)).collect()
}

fn mebibytes(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1u64 << 20) as f64)
}

/// The most bytes a `--positions` file may have.
const MAX_POSITIONS_FILE: u64 = 64 << 20;

pub fn run(args: Args, budget: Option<u64>) -> anyhow::Result<ExitCode> {
    // `all` is settled once the game is open: its dedicated solver, if it has one, joins.
    let chosen: Option<Engine> = match args.engine.as_str() {
        _ if args.weak => Some(Engine::Core(SearchEngine::WeakAlphaBeta)),
        "all" => None,
        name => Some(Engine::from_name(name).context("the argument parser admits only known engines")?),
    };
    let tt_bytes = args.tt_mb << 20;
    check_memory(&format!("a transposition table of {} MiB", args.tt_mb), tt_bytes)?;
    let listed_text = match &args.positions {
        Some(path) => Some(
            std::fs::File::open(path)
                .map_err(judge::input::ReadError::from)
                .and_then(|file| judge::input::read_bounded(file, MAX_POSITIONS_FILE))
                .map_err(anyhow::Error::new)
                .and_then(|bytes| String::from_utf8(bytes).map_err(anyhow::Error::new))
                .with_context(|| format!("cannot read {}", path.display()))?,
        ),
        None => None,
    };
    // Ctrl-C stops the search, which reports what it had proven; a second one exits at once.
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
    })
    .context("cannot handle Ctrl-C and termination signals")?;
    // Under a node budget each search shows its share of it; without one, its positions.
    let bar = Arc::new(PhasesBar::new("positions"));
    bar.phase("searching");
    let shown = Arc::clone(&bar);
    let progress = Arc::new(move |stats: &SearchStats| match budget {
        Some(budget) => shown.step("searching within the node budget", stats.nodes, budget),
        None => shown.detail(&format!("{} positions", thousands(stats.nodes))),
    });
    let limits = SearchLimits {
        tt_bytes: tt_bytes as usize,
        node_budget: budget.unwrap_or(0),
        stop: Some(stop),
        progress: Some(progress),
        threads: rayon::current_num_threads(),
    };

    let (params, position) = search::split_words(&args.words);
    let outcome = search::with_searchable(&args.game, &params, |title, searchable| -> anyhow::Result<Searched> {
        let listed = match (&listed_text, &args.positions) {
            (Some(text), Some(path)) => {
                if !position.is_empty() {
                    anyhow::bail!("give a position or --positions, not both (`{position}`)");
                }
                search::read_positions(searchable, text, &path.display().to_string()).map_err(anyhow::Error::msg)?
            }
            _ => {
                let text = if position.is_empty() { searchable.start() } else { position.clone() };
                let position = searchable.canonical(&text).with_context(|| format!("{}: `{text}`", args.game))?;
                vec![search::Listed { line: 0, position, expected: None }]
            }
        };
        let engines = chosen.map_or_else(|| Engine::all(searchable), |engine| vec![engine]);
        if engines.iter().any(|e| matches!(e, Engine::Solver { .. })) && !searchable.has_solver() {
            let core: Vec<&str> = SearchEngine::ALL.iter().map(|e| e.name()).collect();
            anyhow::bail!("{title} has no dedicated solver: its engines are solver-core's ({})", core.join(", "));
        }
        let mut positions = Vec::with_capacity(listed.len());
        for entry in &listed {
            let line = args.positions.as_ref().map(|_| entry);
            let report = search::search_position(searchable, &entry.position, line, &engines, args.moves, &limits)?;
            positions.push(report);
        }
        Ok(Searched { game: title.to_string(), positions, listed: args.positions.is_some() })
    });
    bar.finish();
    let searched = match outcome.map_err(anyhow::Error::msg)? {
        Ok(searched) => searched,
        Err(e) => {
            return match e.downcast_ref::<SearchStop>() {
                Some(stop @ SearchStop::Budget { .. }) => {
                    note(&format!("gamesolve: {stop}"));
                    Ok(ExitCode::from(3))
                }
                Some(stop @ SearchStop::Stopped { .. }) => {
                    note(&format!("gamesolve: {stop}"));
                    Ok(ExitCode::from(130))
                }
                _ => Err(e),
            };
        }
    };
    let disagreement = searched.positions.iter().find_map(|p| {
        p.disagreement().map(|(a, b)| {
            format!("{} and {} disagree at {}: {} against {}", a.engine, b.engine, p.position, a.value, b.value)
        })
    });
    let mismatches: Vec<String> = searched
        .positions
        .iter()
        .filter_map(|p| {
            let (result, expected) = p.against_expected()?;
            let line = p.line.unwrap_or(0);
            Some(format!("line {line}: the file gives {expected}, {} {}", result.engine, result.score?))
        })
        .collect();
    render(&searched, args.format)?;
    if let Some(words) = disagreement {
        note(&format!("gamesolve: {words}"));
        return Ok(ExitCode::from(1));
    }
    if !mismatches.is_empty() {
        let shown = mismatches.iter().take(10).cloned().collect::<Vec<_>>().join("\n  ");
        let more =
            if mismatches.len() > 10 { format!("\n  and {} more", mismatches.len() - 10) } else { String::new() };
        let count = if mismatches.len() == 1 {
            "1 line disagrees".to_string()
        } else {
            format!("{} lines disagree", mismatches.len())
        };
        note(&format!("gamesolve: {count} with the file's scores:\n  {shown}{more}"));
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

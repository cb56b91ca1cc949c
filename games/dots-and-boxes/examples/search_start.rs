//! Forward search from the empty board (or a given position), every engine side by side, or an
//! ablation (each technique of `DotsSearch` off in turn):
//!
//! ```text
//! cargo run --release -p dots-and-boxes --example search_start -- ROWS COLS RULE \
//!     [--engine NAME] [--tt-mb N] [--threads N] [--ablation] [--table] [--position "1-2 2-6"] \
//!     [--drawn K [--samples N]]
//! ```
//!
//! `--drawn K` searches N seeded random positions (default 8, seeds 1 to N) with K lines drawn
//! instead of one position, and prints each one's nodes and their median: how the cost grows
//! as lines are taken away, for a projection to the empty board where it does not finish.
//!
//! `RULE` is `move-again` or `turn-passes`; `--engine` one of `alpha-beta`, `bisection`,
//! `mtdf`, `weak`, or `none` (default: all); `--tt-mb` the transposition table in MiB (default 256);
//! `--threads` the threads of the alpha-beta engines, sharing the table (default 1);
//! `--table` also times the whole-board table (`tiers::solve_board`, boards of at most 31
//! lines) for comparison. Prints the value, positions visited, table hits and stores, time and
//! peak memory of each run.

use dots_and_boxes::search::{DotsSearch, SearchOptions, Technique};
use dots_and_boxes::tiers::{Symmetry, solve_board};
use dots_and_boxes::{Board, Rule, WideBoard, WideLines};
use solver_core::graph::SplitMix64;
use solver_core::search::{SearchEngine, SearchLimits};
use std::time::Instant;

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| -> Result<usize, String> {
        args.get(i).and_then(|a| a.parse().ok()).ok_or_else(|| "usage: ROWS COLS RULE [options]".to_string())
    };
    let (rows, cols) = (number(0)?, number(1)?);
    let rule = args.get(2).and_then(|r| Rule::from_name(r)).ok_or("RULE is move-again or turn-passes")?;
    let option = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let flag = |name: &str| args.iter().any(|a| a == name);
    let tt_mb: usize = option("--tt-mb").map_or(Ok(256), |v| v.parse().map_err(|_| "--tt-mb takes MiB"))?;
    let engines: Vec<SearchEngine> = match option("--engine").map(String::as_str) {
        Some("none") => Vec::new(),
        Some(name) => vec![SearchEngine::from_name(name).ok_or(format!("no engine `{name}`"))?],
        None => SearchEngine::ALL.to_vec(),
    };
    let board = WideBoard::new(rows, cols).map_err(|e| e.to_string())?;
    let game = DotsSearch::on(board, rule, SearchOptions::default());
    let threads: usize = option("--threads").map_or(Ok(1), |v| v.parse().map_err(|_| "--threads takes a number"))?;
    let limits = SearchLimits { tt_bytes: tt_mb << 20, threads, ..SearchLimits::default() };
    if let Some(drawn) = option("--drawn") {
        let drawn: usize = drawn.parse().map_err(|_| "--drawn takes a number of lines")?;
        let samples: u64 = option("--samples").map_or(Ok(8), |v| v.parse().map_err(|_| "--samples takes a number"))?;
        if samples == 0 {
            return Err("--samples takes at least 1".to_string());
        }
        if drawn > board.lines() {
            return Err(format!("--drawn {drawn}: the board has {} lines", board.lines()));
        }
        return sampled(&game, drawn, samples, &engines, &limits);
    }
    let position = match option("--position") {
        Some(text) => game.parse(text)?,
        None => game.empty(),
    };
    println!("{rows}x{cols} {} from {}, {tt_mb} MiB table", rule.name(), game.describe(&position));
    let runs: Vec<(String, DotsSearch)> =
        if flag("--ablation") {
            std::iter::once(("all on".to_string(), game.clone()))
                .chain(Technique::ALL.iter().map(|&t| {
                    (format!("no {}", t.name()), game.clone().with_options(SearchOptions::default().without(t)))
                }))
                .collect()
        } else {
            vec![("all on".to_string(), game)]
        };
    for (label, game) in &runs {
        for &engine in &engines {
            match engine.run(game, &position, &limits) {
                Ok(found) => {
                    let s = found.stats;
                    println!(
                        "{label:<20} {:<11} {:>4} nodes {:>13} tt hits {:>12} stores {:>12} {:>9.3} s {:>6} MiB",
                        engine.name(),
                        found.answer.to_string(),
                        s.nodes,
                        s.tt_hits,
                        s.tt_stores,
                        s.elapsed.as_secs_f64(),
                        s.peak_bytes >> 20
                    );
                }
                Err(e) => println!("{label:<20} {:<11} {e}", engine.name()),
            }
        }
    }
    if flag("--table") {
        let board = Board::new(rows, cols).map_err(|e| e.to_string())?;
        for symmetry in Symmetry::ALL {
            let started = Instant::now();
            let table = solve_board(board, rule, symmetry).map_err(|e| e.to_string())?;
            println!(
                "table ({symmetry:?}) {:+} from the empty board, {:.3} s, {} MiB",
                table.value(0),
                started.elapsed().as_secs_f64(),
                table.held_bytes() >> 20
            );
        }
    }
    Ok(())
}

/// `samples` seeded positions with `drawn` lines drawn (seed `k` draws the `k`-th), each
/// searched by every engine: its value, nodes and time, then each engine's median nodes.
fn sampled(
    game: &DotsSearch,
    drawn: usize,
    samples: u64,
    engines: &[SearchEngine],
    limits: &SearchLimits,
) -> Result<(), String> {
    let board = game.board();
    let mut nodes: Vec<Vec<u64>> = vec![Vec::new(); engines.len()];
    for seed in 1..=samples {
        let mut random = SplitMix64(seed);
        let mut lines: WideLines = 0;
        while (lines.count_ones() as usize) < drawn {
            lines |= 1 << random.below(board.lines() as u64);
        }
        for (k, &engine) in engines.iter().enumerate() {
            let found = engine.run(game, &lines, limits).map_err(|e| format!("{}: {e}", engine.name()))?;
            println!(
                "seed {seed:>3} {:<11} {:>5} nodes {:>13} {:>9.3} s  {}",
                engine.name(),
                found.answer.to_string(),
                found.stats.nodes,
                found.stats.elapsed.as_secs_f64(),
                game.describe(&lines)
            );
            nodes[k].push(found.stats.nodes);
        }
    }
    for (engine, mut counts) in engines.iter().zip(nodes) {
        counts.sort_unstable();
        println!(
            "{drawn} drawn, {:<11} median {} nodes over {samples} positions",
            engine.name(),
            counts[counts.len() / 2]
        );
    }
    Ok(())
}

//! Solves the positions of a file, one a line (`<moves> [<score>]`, the columns played from 1,
//! the score in Pons' convention; an empty line is the empty board), on 7x6 or the board
//! given, and prints each one's score, nodes and time, then the means and the lines whose
//! score differs from the given one (by sign when weak).
//!
//! `cargo run --release -p connect-four --example solve_positions -- FILE [--weak]
//! [--threads N] [--tt-mib M] [--lines N] [--solo-nodes N] [--width W --height H]`
//!
//! The table is emptied before each line, outside the time, so each position is timed as if
//! it came first. The whole file is solved in one `Solver::session`: with `--threads 2` the
//! helper thread, once started, waits ready between lines.

use connect_four::{Position, Shape, SolveOptions, Solver};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("solve_positions: {why}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut file = None;
    let mut options = SolveOptions::default();
    let mut lines = usize::MAX;
    let (mut width, mut height) = (7, 6);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| {
            args.next().and_then(|v| v.parse::<usize>().ok()).ok_or_else(|| format!("{name} wants a number"))
        };
        match arg.as_str() {
            "--weak" => options.weak = true,
            "--threads" => options.threads = number("--threads")?,
            "--tt-mib" => options.tt_bytes = number("--tt-mib")? << 20,
            "--lines" => lines = number("--lines")?,
            "--solo-nodes" => options.solo_nodes = number("--solo-nodes")? as u64,
            "--width" => width = number("--width")? as u32,
            "--height" => height = number("--height")? as u32,
            _ if file.is_none() => file = Some(arg),
            _ => return Err(format!("unexpected argument {arg:?}")),
        }
    }
    let file = file
        .ok_or("usage: solve_positions FILE [--weak] [--threads N] [--tt-mib M] [--lines N] [--solo-nodes N] [--width W --height H]")?;
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
    let shape = Shape::new(width, height).map_err(|e| e.to_string())?;
    let mut solver = Solver::new(shape, options.clone()).map_err(|e| e.to_string())?;
    let (mut count, mut micros, mut nodes, mut mismatches) = (0u64, 0f64, 0u64, 0u64);
    // One session for the whole file: the helper threads stay ready from one line to the next.
    solver.session(|session| {
        for line in text.lines().take(lines) {
            let mut words = line.split_whitespace();
            let moves = words.next().unwrap_or("");
            let given = words.next().map(|w| w.parse::<i32>().map_err(|e| format!("{line:?}: {e}"))).transpose()?;
            let position = Position::from_moves(shape, moves).map_err(|e| format!("{line:?}: {e}"))?;
            session.clear();
            let start = Instant::now();
            let solved = session.solve(position).map_err(|e| format!("{line:?}: {e}"))?;
            let took = start.elapsed().as_secs_f64() * 1e6;
            let expected = given.map(|g| if options.weak { g.signum() } else { g });
            let wrong = expected.is_some_and(|e| e != solved.score);
            println!(
                "{moves} {} {} {took:.1}{}",
                solved.score,
                solved.nodes,
                if wrong { format!(" MISMATCH (given {})", expected.unwrap_or(0)) } else { String::new() }
            );
            count += 1;
            micros += took;
            nodes += solved.nodes;
            mismatches += u64::from(wrong);
        }
        Ok::<(), String>(())
    })?;
    let mean = |total: f64| if count == 0 { 0.0 } else { total / count as f64 };
    println!(
        "{file}: {count} positions, mean {:.1} us, mean {:.0} nodes, {mismatches} mismatches ({}, {} threads)",
        mean(micros),
        mean(nodes as f64),
        if options.weak { "weak" } else { "strong" },
        options.threads.max(1)
    );
    Ok(())
}

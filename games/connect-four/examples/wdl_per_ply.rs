//! The 7x6 positions after each ply up to a depth, each solved weakly: how many the first
//! player wins, draws and loses (with perfect play from there), the figures of Böck's table
//! ("7 x 6 Solution"), reproduced by search:
//! `cargo run --release -p connect-four --example wdl_per_ply -- [PLIES] [--threads N]
//! [--tt-mib M]` (default 3 plies, 2 threads, 1024 MiB).
//!
//! One solver keeps its table through every position (its bounds stay true), deepest ply first:
//! the later, shallower positions find much of their work done.

use connect_four::{Position, Shape, SolveOptions, Solver, Status};
use std::collections::BTreeSet;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("wdl_per_ply: {why}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut plies = 3;
    let mut options = SolveOptions { weak: true, threads: 2, tt_bytes: 1 << 30, ..SolveOptions::default() };
    while let Some(arg) = args.next() {
        let mut number = |name: &str| {
            args.next().and_then(|v| v.parse::<usize>().ok()).ok_or_else(|| format!("{name} wants a number"))
        };
        match arg.as_str() {
            "--threads" => options.threads = number("--threads")?,
            "--tt-mib" => options.tt_bytes = number("--tt-mib")? << 20,
            _ => plies = arg.parse().map_err(|_| format!("unexpected argument {arg:?}"))?,
        }
    }
    let shape = Shape::new(7, 6).map_err(|e| e.to_string())?;
    let mut layers = vec![BTreeSet::from([Position::empty()])];
    for _ in 0..plies {
        let last = layers.last().expect("the empty board's layer");
        let next: BTreeSet<Position> = last
            .iter()
            .filter(|p| p.status(shape) == Status::InPlay)
            .flat_map(|p| (0..shape.width()).filter(|&c| p.can_play(shape, c)).map(|c| p.play(shape, c)))
            .collect();
        layers.push(next);
    }
    let mut solver = Solver::new(shape, options).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let mut lines = Vec::new();
    for (ply, layer) in layers.iter().enumerate().rev() {
        let (mut won, mut drawn, mut lost, mut nodes) = (0u64, 0u64, 0u64, 0u64);
        for &position in layer {
            let solved = solver.solve(position).map_err(|e| format!("{}: {e}", position.moves(shape)))?;
            nodes += solved.nodes;
            // The score is the mover's: the first player moves after an even number of plies.
            let first = if ply % 2 == 0 { solved.score } else { -solved.score };
            match first.signum() {
                1 => won += 1,
                0 => drawn += 1,
                _ => lost += 1,
            }
        }
        lines.push(format!(
            "ply {ply}: {} positions, first player wins {won}, draws {drawn}, loses {lost}; {nodes} nodes, {:.1} s so far",
            layer.len(),
            started.elapsed().as_secs_f64()
        ));
        eprintln!("{}", lines.last().expect("just pushed"));
    }
    for line in lines.iter().rev() {
        println!("{line}");
    }
    Ok(())
}

//! The 7x6 positions after each ply up to a depth, each solved weakly: how many the first
//! player wins, draws and loses (with perfect play from there), the figures of Böck's table
//! ("7 x 6 Solution"), reproduced by search:
//! `cargo run --release -p connect-four --example wdl_per_ply -- [PLIES] [--threads N]
//! [--tt-mib M] [--values FILE] [--width W --height H]` (default 3 plies, 2 threads, 1024 MiB,
//! 7x6; boards up to 9 wide).
//!
//! Only the deepest ply is searched, one position of each mirror pair, with one solver whose
//! table lasts through them all (its bounds stay true, and siblings share much of their work).
//! Every shallower ply follows by minimax over win, draw and loss: a position is won for its
//! mover if a move leads to a position lost for the other side, drawn if none does but one
//! leads to a draw. So the shallower counts check the deepest ply's values against Böck's
//! table too, without a search of their own.
//!
//! `--values FILE` keeps each searched position's value as it comes (`<moves> <W|D|L>`, for the
//! first player), and a later run with the same file searches only what it lacks: a search of
//! hours can stop and go on.
//!
//! Output: one line a ply, `ply`, positions, won, drawn, lost (for the first player), as the
//! columns of Böck's table, then whether the ply was searched or derived.

use connect_four::{Position, Shape, SolveOptions, Solver, Status};
use std::collections::{BTreeSet, HashMap};
use std::io::Write;
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

/// A value for the first player: 1 won, 0 drawn, -1 lost.
type FirstValue = i8;

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut plies = 3;
    let mut values_file = None;
    let (mut width, mut height) = (7, 6);
    let mut options = SolveOptions { weak: true, threads: 2, tt_bytes: 1 << 30, ..SolveOptions::default() };
    while let Some(arg) = args.next() {
        let mut number = |name: &str| {
            args.next().and_then(|v| v.parse::<usize>().ok()).ok_or_else(|| format!("{name} wants a number"))
        };
        match arg.as_str() {
            "--threads" => options.threads = number("--threads")?,
            "--tt-mib" => options.tt_bytes = number("--tt-mib")? << 20,
            "--width" => width = number("--width")?,
            "--height" => height = number("--height")?,
            "--values" => values_file = Some(args.next().ok_or("--values wants a file")?),
            _ => plies = arg.parse().map_err(|_| format!("unexpected argument {arg:?}"))?,
        }
    }
    let shape = Shape::new(width as u32, height as u32).map_err(|e| e.to_string())?;
    let mut layers = vec![BTreeSet::from([Position::empty()])];
    for _ in 0..plies {
        let last = layers.last().expect("the empty board's layer");
        let next: BTreeSet<Position> = last.iter().flat_map(|p| p.children(shape)).collect();
        layers.push(next);
    }

    let mut values = match &values_file {
        Some(path) => read_values(shape, path)?,
        None => HashMap::new(),
    };
    let mut record = match &values_file {
        Some(path) => {
            Some(std::fs::OpenOptions::new().create(true).append(true).open(path).map_err(|e| format!("{path}: {e}"))?)
        }
        None => None,
    };
    let deepest = layers.last().expect("at least the empty board");
    let to_search: Vec<Position> =
        deepest.iter().copied().filter(|&p| p <= p.mirror(shape) && !values.contains_key(&p)).collect();
    eprintln!(
        "ply {plies}: {} positions, {} to search (one of each mirror pair, {} known from {})",
        deepest.len(),
        to_search.len(),
        values.len(),
        values_file.as_deref().unwrap_or("nowhere")
    );
    let mut solver = Solver::new(shape, options).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let mut nodes = 0u64;
    for (done, &position) in to_search.iter().enumerate() {
        let solved = solver.solve(position).map_err(|e| format!("{}: {e}", position.moves(shape)))?;
        nodes += solved.nodes;
        let value = first_player(position, solved.score.signum() as i8);
        values.insert(position, value);
        values.insert(position.mirror(shape), value);
        if let Some(file) = record.as_mut() {
            // One write a line, so that a run stopped part way leaves no half line behind.
            let line = format!("{} {}\n", position.moves(shape), letter(value));
            file.write_all(line.as_bytes()).map_err(|e| e.to_string())?;
        }
        let elapsed = started.elapsed().as_secs_f64();
        let left = (to_search.len() - done - 1) as f64 * elapsed / (done + 1) as f64;
        eprintln!(
            "{}/{}: {} {}, {} nodes so far, {elapsed:.0} s, about {left:.0} s left",
            done + 1,
            to_search.len(),
            position.moves(shape),
            letter(value),
            nodes
        );
    }

    let mut lines = Vec::new();
    for (ply, layer) in layers.iter().enumerate().rev() {
        let searched = ply == plies;
        let (mut won, mut drawn, mut lost) = (0u64, 0u64, 0u64);
        for &position in layer {
            let value = if searched {
                *values.get(&position).ok_or_else(|| format!("{} has no value", position.moves(shape)))?
            } else {
                let value = derived(shape, position, &values)?;
                values.insert(position, value);
                value
            };
            match value {
                1 => won += 1,
                0 => drawn += 1,
                _ => lost += 1,
            }
        }
        let how = if searched {
            format!("searched: {nodes} nodes in {:.1} s", started.elapsed().as_secs_f64())
        } else {
            "derived".to_string()
        };
        lines.push(format!("{ply}\t{}\t{won}\t{drawn}\t{lost}\t{how}", layer.len()));
    }
    println!("ply\tpositions\twon_p1\tdrawn\tlost_p1\thow");
    for line in lines.iter().rev() {
        println!("{line}");
    }
    Ok(())
}

/// The value of `position` from its children's, which must be known: the mover takes the
/// best of them. A finished position is lost by the side to move, or drawn when the board is
/// full.
fn derived(shape: Shape, position: Position, values: &HashMap<Position, FirstValue>) -> Result<FirstValue, String> {
    let for_mover = match position.status(shape) {
        Status::Won => -1,
        Status::Full => 0,
        Status::InPlay => {
            let mut best = -1;
            for child in position.children(shape) {
                let value = *values.get(&child).ok_or_else(|| format!("{} has no value", child.moves(shape)))?;
                // The child's value for its own mover, negated: what this move is worth here.
                best = best.max(-first_player(child, value));
            }
            best
        }
    };
    Ok(first_player(position, for_mover))
}

/// Turns a value for `position`'s mover into one for the first player, and back (the same
/// change of sign both ways).
fn first_player(position: Position, value: FirstValue) -> FirstValue {
    if position.first_to_move() { value } else { -value }
}

fn letter(value: FirstValue) -> char {
    match value {
        1 => 'W',
        0 => 'D',
        _ => 'L',
    }
}

fn read_values(shape: Shape, path: &str) -> Result<HashMap<Position, FirstValue>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(HashMap::new()),
        Err(e) => return Err(format!("{path}: {e}")),
    };
    let mut values = HashMap::new();
    for (number, line) in text.lines().enumerate() {
        let fail = |why: &str| format!("{path}:{}:1: {why}", number + 1);
        let (moves, value) = line.split_once(' ').ok_or_else(|| fail("expected `<moves> <W|D|L>`"))?;
        let position = Position::from_moves(shape, moves).map_err(|e| fail(&e.to_string()))?;
        let value = match value {
            "W" => 1,
            "D" => 0,
            "L" => -1,
            _ => return Err(fail("the value is W, D or L")),
        };
        values.insert(position, value);
        values.insert(position.mirror(shape), value);
    }
    Ok(values)
}

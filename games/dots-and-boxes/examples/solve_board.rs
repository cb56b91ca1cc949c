//! Solves a whole board and prints the value of the empty board, its best first moves and the
//! time the engine took:
//! `cargo run --release -p dots-and-boxes --example solve_board -- 3 4 move-again tiers-symmetric`.
//! Engines: `score-dp` (solver-core's sequential score DP, one byte a position),
//! `parallel-score-dp` (the same on every core, level by level), `tiers` (the
//! tiered block engine on every core) and `tiers-symmetric` (the same, one block per orbit of
//! the board's symmetries); `tiers` by default. `THREADS=n` limits the threads. Peak memory:
//! run the built example under `/usr/bin/time -v`.

use dots_and_boxes::tiers::{Symmetry, solve_board};
use dots_and_boxes::{Board, DotsAndBoxes, Rule};
use solver_core::{StateId, StateSpace, parallel_score_table, score_table};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (rows, cols, rule, engine) = match args.as_slice() {
        [rows, cols, rule] => (rows, cols, rule, "tiers"),
        [rows, cols, rule, engine] => (rows, cols, rule, engine.as_str()),
        _ => return Err(
            "usage: solve_board ROWS COLS turn-passes|move-again [score-dp|parallel-score-dp|tiers|tiers-symmetric]"
                .into(),
        ),
    };
    if let Ok(threads) = std::env::var("THREADS") {
        rayon::ThreadPoolBuilder::new().num_threads(threads.parse()?).build_global()?;
    }
    let board = Board::new(rows.parse()?, cols.parse()?)?;
    let rule = Rule::from_name(rule).ok_or("the rule is turn-passes or move-again")?;
    let started = Instant::now();
    let (value, moves, stored) = match engine {
        "score-dp" | "parallel-score-dp" => {
            let game = DotsAndBoxes::new(board, rule);
            let values =
                if engine == "score-dp" { score_table::<i8, _>(&game)? } else { parallel_score_table::<i8, _>(&game)? };
            (values[0], game.move_values(&values, StateId::new(0)?), game.len() as u64)
        }
        "tiers" | "tiers-symmetric" => {
            let symmetry = if engine == "tiers" { Symmetry::None } else { Symmetry::Board };
            let table = solve_board(board, rule, symmetry)?;
            (table.value(0), table.move_values(0), table.stored_bytes())
        }
        other => return Err(format!("unknown engine `{other}`").into()),
    };
    let elapsed = started.elapsed();
    let best: Vec<String> =
        moves.iter().filter(|&&(_, _, v)| v == i64::from(value)).map(|&(line, _, _)| board.line_name(line)).collect();
    println!(
        "{rows}x{cols} {} {engine} on {} threads: {} positions, {} MiB stored, solved in {:.3} s; empty board {value:+}, best first moves ({} of {}) {}",
        rule.name(),
        rayon::current_num_threads(),
        1u64 << board.lines(),
        stored >> 20,
        elapsed.as_secs_f64(),
        best.len(),
        moves.len(),
        best.join(" ")
    );
    Ok(())
}

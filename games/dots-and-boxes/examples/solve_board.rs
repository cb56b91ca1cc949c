//! Solves a whole board and prints the value of the empty board, its best first moves and the
//! time the score DP took: `cargo run --release -p dots-and-boxes --example solve_board -- 2 5 move-again`.
//! Peak memory: run the built example under `/usr/bin/time -v`.

use dots_and_boxes::{Board, DotsAndBoxes, Rule};
use solver_core::{StateId, StateSpace, score_table};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [rows, cols, rule] = args.as_slice() else {
        return Err("usage: solve ROWS COLS turn-passes|move-again".into());
    };
    let board = Board::new(rows.parse()?, cols.parse()?)?;
    let rule = Rule::from_name(rule).ok_or("the rule is turn-passes or move-again")?;
    let game = DotsAndBoxes::new(board, rule);
    let started = Instant::now();
    let values = score_table::<i8, _>(&game)?;
    let elapsed = started.elapsed();
    let empty = StateId::new(0)?;
    let best: Vec<String> = game
        .move_values(&values, empty)
        .into_iter()
        .filter(|&(_, _, v)| v == i64::from(values[0]))
        .map(|(line, _, _)| board.line_name(line))
        .collect();
    println!(
        "{rows}x{cols} {}: {} positions, {} MiB table, solved in {:.3} s; empty board {:+}, best first moves {}",
        rule.name(),
        game.len(),
        values.len() >> 20,
        elapsed.as_secs_f64(),
        values[0],
        best.join(" ")
    );
    Ok(())
}

//! Solves a whole board with solver-core's tier engine under one of the two tierings and prints
//! what a distributed run needs to know of it: tiers, waves, the largest tier, the peak of the
//! tables held, the share of moves that leave their tier, the empty board's value and the time:
//! `cargo run --release -p dots-and-boxes --example solve_tiers -- 2 5 move-again lines`.
//! Tierings: `lines` (by lines drawn) or `group=G` (by the first G free lines). `THREADS=n`
//! limits the threads; `CHECK=1` compares every position with the sequential score DP.

use dots_and_boxes::tierings::{self, BoardTiering};
use dots_and_boxes::{Board, DotsAndBoxes, Rule};
use solver_core::tiers::{TierPosition, solve_tiers};
use solver_core::{StateSpace, score_table};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [rows, cols, rule, tiering] = args.as_slice() else {
        return Err("usage: solve_tiers ROWS COLS turn-passes|move-again lines|group=G".into());
    };
    if let Ok(threads) = std::env::var("THREADS") {
        rayon::ThreadPoolBuilder::new().num_threads(threads.parse()?).build_global()?;
    }
    let board = Board::new(rows.parse()?, cols.parse()?)?;
    let rule = Rule::from_name(rule).ok_or("the rule is turn-passes or move-again")?;
    let game = DotsAndBoxes::new(board, rule);
    let tiering = tierings::by_name(game.clone(), tiering)?;
    run(&*tiering, &game, std::env::var("CHECK").is_ok_and(|v| v == "1"))
}

fn run(tiering: &dyn BoardTiering, game: &DotsAndBoxes, check: bool) -> Result<(), Box<dyn std::error::Error>> {
    let tiers = tiering.tier_count();
    let largest = (0..tiers).map(|t| tiering.tier_len(t)).max().unwrap_or(0);
    let (mut moves, mut leaving) = (0u64, 0u64);
    let reference = if check { Some(score_table::<i8, _>(game)?) } else { None };
    let started = Instant::now();
    let mut empty = None;
    let mut differences = 0u64;
    let report = solve_tiers::<i8, _>(tiering, |tier, values| {
        for (index, &v) in values.iter().enumerate() {
            let at = TierPosition { tier, index: index as u64 };
            let id = tiering.lines(at);
            if id == 0 {
                empty = Some(v);
            }
            if let Some(r) = &reference {
                differences += u64::from(r[id as usize] != v);
            }
        }
        Ok(())
    })?;
    let elapsed = started.elapsed();
    // Counted apart from the timed run: every move of every position, and those to another tier.
    for tier in 0..tiers {
        for index in 0..tiering.tier_len(tier) {
            tiering.tier_moves(tier, index, &mut |m| {
                moves += 1;
                leaving += u64::from(m.to.tier != tier);
            });
        }
    }
    println!(
        "{} positions, {tiers} tiers in {} waves, largest tier {largest} positions; peak of tables held {} bytes; \
         {:.1}% of {moves} moves leave their tier; empty board {:+}; solved in {:.3} s on {} threads{}",
        game.len(),
        report.waves,
        report.peak_table_bytes,
        100.0 * leaving as f64 / moves.max(1) as f64,
        empty.ok_or("the empty board was never solved")?,
        elapsed.as_secs_f64(),
        rayon::current_num_threads(),
        if check { format!("; {differences} positions differ from the score DP") } else { String::new() },
    );
    Ok(())
}

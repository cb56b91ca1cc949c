//! Solves a whole board across the ranks of an MPI job with solver-core's distributed tier
//! engine, each rank printing one line of what it did (with `CHECK=1`, after comparing every
//! position it solved with the sequential score DP):
//! `mpirun -np 4 target/release/examples/solve_distributed 2 5 move-again lines`
//! (build with `cargo build --release -p dots-and-boxes --features mpi --example
//! solve_distributed`). Tierings: `lines` (by lines drawn) or `group=G` (the first G free
//! lines). The line: `rank R of N: T slices, P positions, S bytes sent, B bytes received, peak
//! K bytes, D differ (0 without CHECK=1), M of E moves to another rank's positions[, empty board V], W s`.

use dots_and_boxes::tierings;
use dots_and_boxes::{Board, DotsAndBoxes, Rule};
use solver_core::score_table;
use solver_core::tiers::TierPosition;
use solver_core::tiers_mpi::mpi::traits::Communicator;
use solver_core::tiers_mpi::{deal_tiers, mpi, solve_tiers_distributed};
use std::time::Instant;

fn main() {
    let universe = mpi::initialize().expect("MPI starts once");
    let world = universe.world();
    // A rank's error aborts the whole job (MPI_Abort), so that no rank waits on this one.
    if let Err(e) = run(&world) {
        eprintln!("error on rank {} of {}: {e}", world.rank(), world.size());
        world.abort(2);
    }
}

fn run(world: &impl Communicator) -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [rows, cols, rule, tiering] = args.as_slice() else {
        return Err("usage: solve_distributed ROWS COLS turn-passes|move-again lines|group=G".into());
    };
    let board = Board::new(rows.parse()?, cols.parse()?)?;
    let rule = Rule::from_name(rule).ok_or("the rule is turn-passes or move-again")?;
    let game = DotsAndBoxes::new(board, rule);
    let tiering = tierings::by_name(game.clone(), tiering)?;
    let reference = match std::env::var("CHECK").is_ok_and(|v| v == "1") {
        true => Some(score_table::<i8, _>(&game)?),
        false => None,
    };
    let (mut differ, mut empty) = (0u64, None);
    let started = Instant::now();
    let report = solve_tiers_distributed::<i8, _, _>(
        &*tiering,
        world,
        |_| Ok(None),
        |tier, start, values| {
            for (index, &v) in (start..).zip(values) {
                let id = tiering.lines(TierPosition { tier, index });
                if let Some(reference) = &reference {
                    differ += u64::from(reference[id as usize] != v);
                }
                if id == 0 {
                    empty = Some(v);
                }
            }
            Ok(())
        },
    )?;
    let elapsed = started.elapsed();
    // Moves of this rank's positions to positions another rank solves: what it must be sent.
    let deal = deal_tiers(&*tiering, world.size() as u32)?;
    let me = world.rank() as u32;
    let owner = |at: TierPosition| {
        let slices = &deal[at.tier as usize];
        slices[slices.partition_point(|s| s.end <= at.index)].rank
    };
    let (mut moves, mut remote) = (0u64, 0u64);
    for slice in deal.iter().flatten().filter(|s| s.rank == me) {
        for index in slice.start..slice.end {
            tiering.tier_moves(slice.tier, index, &mut |m| {
                moves += 1;
                remote += u64::from(owner(m.to) != me);
            });
        }
    }
    println!(
        "rank {me} of {}: {} slices, {} positions, {} bytes sent, {} bytes received, peak {} bytes, {differ} differ, \
         {remote} of {moves} moves to another rank's positions{}, {:.3} s",
        world.size(),
        report.slices,
        report.positions,
        report.bytes_sent,
        report.bytes_received,
        report.peak_table_bytes,
        empty.map_or(String::new(), |v| format!(", empty board {v:+}")),
        elapsed.as_secs_f64(),
    );
    Ok(())
}

//! Solves one seeded random loopy graph with one engine and prints its counts and time, for
//! measuring an engine's time and peak memory in a fresh process (`/usr/bin/time -v`).
//!
//! ```sh
//! cargo run --release -p solver-core --example solve_random -- parallel-counter 10000000 7 2
//! ```
//! Arguments: engine (a `RetrogradeEngine` name, or `parallel-counter-sync`,
//! `parallel-layered-compact` for the free functions on the shared game, or `none` to build the
//! game only, as the baseline of a memory measurement), nodes, seed, threads,
//! and optionally finished ties per 100,000 nodes and the largest out-degree.

use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};
use solver_core::graph::{GraphGame, RandomShape};
use solver_core::{
    CompactOutcomeTable, OutcomeCounts, RetrogradeEngine, solve_parallel_counter, solve_parallel_layered,
};
use std::alloc::System;
use std::time::Instant;

/// Counts allocations, so the engine's own peak is reported apart from the game's memory.
#[global_allocator]
static ALLOCATOR: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: solve_random ENGINE NODES SEED THREADS [TIES_PER_100K [MAX_OUT_DEGREE]]";
    let [engine, nodes, seed, threads, rest @ ..] = args.as_slice() else { return Err(usage.into()) };
    let mut shape = RandomShape::loopy(nodes.parse()?);
    if let Some(ties) = rest.first() {
        shape.terminal_per_100k[2] = ties.parse()?;
    }
    if let Some(degree) = rest.get(1) {
        shape.max_out_degree = degree.parse()?;
    }
    let threads: usize = threads.parse()?;
    rayon::ThreadPoolBuilder::new().num_threads(threads).build_global()?;
    let game = GraphGame::random(&shape, seed.parse()?);
    ALLOCATOR.reset_peak_memory();
    let cpu_before = cpu_seconds();
    let started = Instant::now();
    let (counts, bytes): (OutcomeCounts, usize) = match engine.as_str() {
        "none" => (OutcomeCounts::default(), 0),
        "parallel-counter-sync" => (solve_parallel_counter(&game)?.counts(), 4),
        "parallel-layered-compact" => {
            (solve_parallel_layered::<CompactOutcomeTable, _>(&game)?.counts(), CompactOutcomeTable::BYTES_PER_POSITION)
        }
        name => {
            let engine = RetrogradeEngine::from_name(name).ok_or(usage)?;
            (engine.solve(&game)?.counts(), 4)
        }
    };
    let elapsed = started.elapsed();
    let cpu = cpu_seconds().zip(cpu_before).map_or(f64::NAN, |(after, before)| after - before);
    // The peak counts what the engine allocated while solving, its returned table included.
    let peak = ALLOCATOR.get_peak_memory() as f64 / (1 << 20) as f64;
    println!(
        "{engine} threads={threads} nodes={nodes}: {counts} longest {:?}, {:.3} s (cpu {cpu:.2} s), engine peak {peak:.1} MiB, \
         table {bytes} bytes/position",
        counts.longest,
        elapsed.as_secs_f64()
    );
    Ok(())
}

/// User and system time of the whole process so far, from Linux's /proc (`None` elsewhere), in
/// seconds at the kernel's 100 ticks a second.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    Some((ticks(11)? + ticks(12)?) / 100.0)
}

//! Solves one size of the card game and prints its outcome counts and the time taken, for
//! measuring engines on spaces too large for the test suite:
//! `cargo run --release -p cards --example solve_cards -- 10 7 unmoves`.

use cards::{Cards, CardsSolver};
use solver_core::{RetrogradeEngine, RetrogradeError, StateSpace};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: solve K M [symmetry|hand-tables|reverse-graph|unmoves|layered [REPEAT]]";
    let number = |i: usize| args.get(i).and_then(|a| a.parse::<usize>().ok()).expect(usage);
    let (k, m) = (number(0), number(1));
    let engine = args.get(2).map_or("symmetry", String::as_str);
    // Optional: repeat the whole run and report the quickest (a shared machine is noisy).
    let repeat = args.get(3).map_or(1, |_| number(3));
    let (mut built, mut solved) = (Duration::MAX, Duration::MAX);
    let mut result = None;
    for _ in 0..repeat {
        let started = Instant::now();
        let game = Cards::new(k, m).unwrap_or_else(|e| panic!("{e}"));
        built = built.min(started.elapsed());
        let table = match CardsSolver::from_name(engine) {
            Some(solver) => solver.solve(&game).map_err(RetrogradeError::from),
            None => RetrogradeEngine::from_name(engine).expect(usage).solve(&game),
        }
        .unwrap_or_else(|e| panic!("{e}"));
        solved = solved.min(started.elapsed());
        result = Some((game, table));
    }
    let (game, table) = result.expect(usage);
    let counts = table.counts();
    println!(
        "k={k} m={m} hands={} positions={} engine={engine}: {counts} longest win {} loss {}; tables {:.2} ms, total {:.2} ms",
        game.hands().len(),
        game.len(),
        counts.longest[0],
        counts.longest[1],
        built.as_secs_f64() * 1e3,
        solved.as_secs_f64() * 1e3
    );
}

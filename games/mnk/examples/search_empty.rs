//! Every search engine on the empty board of an m,n,k-game too large for a table, side by side:
//! `cargo run --release -p mnk --example search_empty -- 5 5 4 [tt-mb] [--no-symmetry]`.
//! Prints each engine's value, positions visited, table hits and stores, time and peak memory.

use mnk::wide::{MnkSearch, WideShape};
use solver_core::search::{SearchEngine, SearchLimits};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (m, n, k, tt_mb) = (number(0, 4), number(1, 4), number(2, 4), number(3, 256));
    let shape = match WideShape::new(m, n, k) {
        Ok(shape) => shape,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let mut game = MnkSearch::new(shape);
    if args.iter().any(|a| a == "--no-symmetry") {
        game = game.without_symmetry();
    }
    let limits = SearchLimits { tt_bytes: tt_mb << 20, ..SearchLimits::default() };
    println!("({m},{n},{k}) empty board, {tt_mb} MiB table");
    for engine in SearchEngine::ALL {
        match engine.run(&game, &game.empty(), &limits) {
            Ok(found) => {
                let s = found.stats;
                println!(
                    "{:<11} {:<10} nodes {:>12} tt hits {:>11} stores {:>11} {:>9.3} s {:>6} MiB",
                    engine.name(),
                    found.answer.to_string(),
                    s.nodes,
                    s.tt_hits,
                    s.tt_stores,
                    s.elapsed.as_secs_f64(),
                    s.peak_bytes >> 20
                );
            }
            Err(e) => println!("{:<11} {e}", engine.name()),
        }
    }
}

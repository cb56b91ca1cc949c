//! Connect Four's searches side by side on the same 7x6 positions: solver-core's engines
//! through `ConnectFourSearch` and the dedicated solver, strong and weak, on 16 positions 14
//! plies into seeded random games (a few milliseconds each). Before anything is timed,
//! every engine's answer is checked against the dedicated solver's score (two searches that
//! share only the rules), and the nodes each visited are printed, so `cargo test --benches`
//! checks them and the node counts sit next to the times.
//!
//! ```sh
//! cargo bench -p connect-four --bench search -- --warm-up-time 1 --measurement-time 3
//! ```

use connect_four::{ConnectFourSearch, Position, Shape, SolveOptions, Solver, Status, pons_score};
use criterion::{Criterion, criterion_group, criterion_main};
use solver_core::graph::SplitMix64;
use solver_core::search::{SearchEngine, SearchLimits};
use std::hint::black_box;

/// 16 positions `plies` into random games from seed 7, none of them finished.
fn positions(shape: Shape, plies: usize) -> Vec<Position> {
    let mut random = SplitMix64(7);
    let mut found = Vec::new();
    while found.len() < 16 {
        let mut position = Position::empty();
        for _ in 0..plies {
            if position.status(shape) != Status::InPlay {
                break;
            }
            let open: Vec<usize> = (0..shape.width()).filter(|&c| position.can_play(shape, c)).collect();
            position = position.play(shape, open[random.below(open.len() as u64) as usize]);
        }
        if position.played() == plies && position.status(shape) == Status::InPlay {
            found.push(position);
        }
    }
    found
}

fn search(c: &mut Criterion) {
    let shape = Shape::new(7, 6).expect("the standard board");
    let positions = positions(shape, 14);
    let game = ConnectFourSearch::new(shape);
    let limits = SearchLimits { tt_bytes: 16 << 20, ..SearchLimits::default() };
    let solver = |weak| Solver::new(shape, SolveOptions { weak, tt_bytes: 16 << 20, ..SolveOptions::default() });
    let (mut strong, mut weak) = (solver(false).expect("16 MiB"), solver(true).expect("16 MiB"));
    let scores: Vec<i32> = positions.iter().map(|&p| strong.solve(p).expect("no limit").score).collect();
    let run_engine = |engine: SearchEngine| -> u64 {
        positions
            .iter()
            .zip(&scores)
            .map(|(&position, &score)| {
                let found = engine.run(&game, &position, &limits).expect("within the limits");
                let expected = if engine.is_weak() { score.signum() } else { score };
                assert_eq!(pons_score(shape, position, found.answer), i64::from(expected), "{}", engine.name());
                found.stats.nodes
            })
            .sum()
    };
    let run_solver = |solver: &mut Solver| -> u64 {
        positions
            .iter()
            .map(|&position| {
                solver.clear();
                solver.solve(position).expect("no limit").nodes
            })
            .sum()
    };
    let engines = [SearchEngine::ALL[0], SearchEngine::ALL[2], SearchEngine::WeakAlphaBeta];
    for engine in engines {
        eprintln!("{:<18} {:>10} positions visited over the 16 searches", engine.name(), run_engine(engine));
    }
    let weak_scores: Vec<i32> = positions.iter().map(|&p| weak.solve(p).expect("no limit").score).collect();
    assert_eq!(weak_scores, scores.iter().map(|s| s.signum()).collect::<Vec<_>>(), "the weak solver's signs");
    eprintln!("{:<18} {:>10} positions visited over the 16 searches", "solver", run_solver(&mut strong));
    eprintln!("{:<18} {:>10} positions visited over the 16 searches", "solver weak", run_solver(&mut weak));

    let mut group = c.benchmark_group("connect four, 16 positions 14 plies in");
    group.sample_size(10);
    for engine in engines {
        group.bench_function(engine.name(), |b| b.iter(|| run_engine(black_box(engine))));
    }
    group.bench_function("solver", |b| b.iter(|| run_solver(black_box(&mut strong))));
    group.bench_function("solver weak", |b| b.iter(|| run_solver(black_box(&mut weak))));
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);

//! The forward-search engines side by side on the same positions: the 16 highest positions of
//! a random acyclic scoring game of 20,000 positions (gains, moves again), whose searches reach
//! most of the game. Before anything is timed each engine's answer is checked against the
//! whole-space score table and its positions visited are printed, so `cargo test --benches`
//! checks them and the node counts sit next to the times.
//!
//! ```sh
//! cargo bench -p solver-core --bench search -- --warm-up-time 1 --measurement-time 3
//! ```

use criterion::{Criterion, criterion_group, criterion_main};
use solver_core::graph::{GraphGame, RandomShape};
use solver_core::search::{ScoringSpaceSearch, SearchEngine, SearchLimits};
use solver_core::{StateId, StateSpace, score_table};
use std::hint::black_box;

fn search(c: &mut Criterion) {
    let game = GraphGame::random(&RandomShape { acyclic_reach: 30, ..RandomShape::acyclic(20_000) }, 11);
    let table = score_table::<i64, _>(&game).expect("acyclic");
    let positions: Vec<StateId> = (game.len() - 16..game.len()).map(|i| StateId::new(i).expect("an id")).collect();
    let search = ScoringSpaceSearch::new(&game);
    let limits = SearchLimits { tt_bytes: 16 << 20, ..SearchLimits::default() };
    let run_all = |engine: SearchEngine| -> u64 {
        positions
            .iter()
            .map(|id| {
                let found = engine.run(&search, id, &limits).expect("within the limits");
                assert!(found.answer.agrees_with_score(table[id.index()]), "{} at {id}", engine.name());
                found.stats.nodes
            })
            .sum()
    };
    for engine in SearchEngine::ALL {
        eprintln!("{:<11} {:>10} positions visited over the 16 searches", engine.name(), run_all(engine));
    }

    let mut group = c.benchmark_group("search 16 positions of a random scoring game");
    group.sample_size(10);
    for engine in SearchEngine::ALL {
        group.bench_function(engine.name(), |b| b.iter(|| run_all(black_box(engine))));
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);

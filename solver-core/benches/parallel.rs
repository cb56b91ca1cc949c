//! The parallel retrograde engines across thread counts (1, 2) on a random loopy game of 10^6
//! positions, next to the sequential reverse-graph and un-move engines, and the parallel Grundy
//! and score engines on a random acyclic game of 10^6 positions (levels by height, found by the
//! engines' sequential sweep) next to the sequential ones. Every table is checked against the
//! sequential engine before anything is timed, so `cargo test --benches` checks them. (Dots and
//! boxes' bench times the parallel score DP on declared levels.)
//!
//! ```sh
//! cargo bench -p solver-core --bench parallel -- --warm-up-time 1 --measurement-time 3
//! ```

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use solver_core::graph::{GraphGame, RandomShape};
use solver_core::{
    CompactOutcomeTable, OutcomeTable, RetrogradeEngine, grundy_table, parallel_grundy_table, parallel_score_table,
    score_table, solve_parallel_counter, solve_parallel_layered, solve_with_reverse_graph, solve_with_unmoves,
};
use std::hint::black_box;

const THREADS: [usize; 2] = [1, 2];

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a thread pool")
}

fn parallel(c: &mut Criterion) {
    let game = GraphGame::random(&RandomShape::loopy(1_000_000), 7);
    let expected: OutcomeTable = solve_with_reverse_graph(&game).expect("fits");
    let counts = expected.counts();
    assert!(counts.wins > 0 && counts.losses > 0 && counts.draws > 0, "a mixed game: {counts}");
    for threads in THREADS {
        let pool = pool(threads);
        assert!(pool.install(|| solve_parallel_counter(&game)).expect("fits") == expected, "parallel-counter");
        let compact = pool.install(|| solve_parallel_layered::<CompactOutcomeTable, _>(&game));
        assert!(compact.expect("fits") == expected, "parallel-layered");
        for engine in [RetrogradeEngine::ParallelCounter, RetrogradeEngine::ParallelLayered] {
            assert!(pool.install(|| engine.solve(&game)).expect("fits") == expected, "{}", engine.name());
        }
    }

    let mut group = c.benchmark_group("sequential 1e6 positions");
    group.sample_size(10);
    group.bench_function("reverse-graph", |b| b.iter(|| solve_with_reverse_graph(black_box(&game))));
    group.bench_function("unmoves", |b| b.iter(|| solve_with_unmoves(black_box(&game))));
    group.finish();

    let mut group = c.benchmark_group("parallel-counter 1e6 positions");
    group.sample_size(10);
    for threads in THREADS {
        let pool = pool(threads);
        group.bench_function(BenchmarkId::from_parameter(threads), |b| {
            b.iter(|| pool.install(|| solve_parallel_counter(black_box(&game))))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("parallel-layered 1e6 positions");
    group.sample_size(10);
    for threads in THREADS {
        let pool = pool(threads);
        group.bench_function(BenchmarkId::new("2 bytes", threads), |b| {
            b.iter(|| pool.install(|| solve_parallel_layered::<CompactOutcomeTable, _>(black_box(&game))))
        });
        group.bench_function(BenchmarkId::new("4 bytes", threads), |b| {
            b.iter(|| pool.install(|| solve_parallel_layered::<OutcomeTable, _>(black_box(&game))))
        });
    }
    group.finish();
}

fn parallel_acyclic(c: &mut Criterion) {
    let game = GraphGame::random(&RandomShape::acyclic(1_000_000), 7);
    let nimbers = grundy_table(&game).expect("acyclic");
    let scores = score_table::<i32, _>(&game).expect("acyclic, fits i32");
    let mut group = c.benchmark_group("acyclic 1e6 positions");
    group.sample_size(10);
    group.bench_function("grundy", |b| b.iter(|| grundy_table(black_box(&game))));
    group.bench_function("score-dp", |b| b.iter(|| score_table::<i32, _>(black_box(&game))));
    for threads in THREADS {
        let pool = pool(threads);
        assert!(pool.install(|| parallel_grundy_table(&game)).expect("acyclic") == nimbers, "parallel-grundy");
        assert!(
            pool.install(|| parallel_score_table::<i32, _>(&game)).expect("acyclic") == scores,
            "parallel-score-dp"
        );
        group.bench_function(BenchmarkId::new("parallel-grundy", threads), |b| {
            b.iter(|| pool.install(|| parallel_grundy_table(black_box(&game))))
        });
        group.bench_function(BenchmarkId::new("parallel-score-dp", threads), |b| {
            b.iter(|| pool.install(|| parallel_score_table::<i32, _>(black_box(&game))))
        });
    }
    group.finish();
}

criterion_group!(benches, parallel, parallel_acyclic);
criterion_main!(benches);

//! The three retrograde engines on a random loopy game of 10^6 positions, and on 10^4 positions
//! with the naive oracle as baseline. Answers are asserted before anything is timed, so
//! `cargo test --benches` checks them.

use criterion::{Criterion, criterion_group, criterion_main};
use oracle::{Budget, solve_loopy};
use solver_core::graph::{GraphGame, RandomShape};
use solver_core::verify::verify_outcomes;
use solver_core::{OutcomeTable, RetrogradeEngine, StateId, StateSpace};
use std::hint::black_box;

/// Solves with every engine, checks that they agree and that the verifier accepts the table.
fn agreed_table(game: &GraphGame) -> OutcomeTable {
    let tables: Vec<OutcomeTable> = RetrogradeEngine::ALL.iter().map(|e| e.solve(game).expect("fits")).collect();
    for (engine, table) in RetrogradeEngine::ALL.iter().zip(&tables) {
        assert!(*table == tables[0], "{} disagrees with {}", engine.name(), RetrogradeEngine::ALL[0].name());
    }
    verify_outcomes(game, &tables[0]).expect("the verifier accepts the table");
    tables.into_iter().next().expect("three engines")
}

fn oracle_values(game: &GraphGame) -> Vec<solver_core::Outcome> {
    let all = || StateId::all(game.len()).map(|id| game.unrank(id));
    let values = solve_loopy(&game.rules(), all(), Budget::new(game.len())).expect("within budget");
    all().map(|s| values[&s]).collect()
}

fn retrograde(c: &mut Criterion) {
    let large = GraphGame::random(&RandomShape::loopy(1_000_000), 7);
    let table = agreed_table(&large);
    let counts = table.counts();
    assert!(counts.wins > 0 && counts.losses > 0 && counts.draws > 0, "a mixed game: {counts}");
    let mut group = c.benchmark_group("retrograde 1e6 positions");
    group.sample_size(10);
    for engine in RetrogradeEngine::ALL {
        group.bench_function(engine.name(), |b| b.iter(|| engine.solve(black_box(&large))));
    }
    group.finish();

    let small = GraphGame::random(&RandomShape::loopy(10_000), 8);
    let table = agreed_table(&small);
    assert_eq!(oracle_values(&small), table.iter().collect::<Vec<_>>(), "the engines agree with the oracle");
    let mut group = c.benchmark_group("retrograde 1e4 positions vs oracle");
    group.sample_size(10);
    group.bench_function("oracle", |b| b.iter(|| oracle_values(black_box(&small))));
    for engine in RetrogradeEngine::ALL {
        group.bench_function(engine.name(), |b| b.iter(|| engine.solve(black_box(&small))));
    }
    group.finish();
}

criterion_group!(benches, retrograde);
criterion_main!(benches);

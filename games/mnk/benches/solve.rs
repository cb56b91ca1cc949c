//! The speed question: on the (4,3,3) game (111,973 positions), what do building the space,
//! the crate's backward sweep, its memoized search and solver-core's two retrograde engines
//! that need only moves each cost? Answers are asserted before anything is timed (every
//! solver gives the same table, and the empty board is a first-player win in 7, the Python
//! reference's value), so `cargo test --benches` checks them.

use criterion::{Criterion, criterion_group, criterion_main};
use mnk::{Board, MnkSpace, Search, Shape};
use solver_core::{Outcome, StateId, StateSpace, solve_by_layers, solve_with_reverse_graph};
use std::hint::black_box;

fn solve(c: &mut Criterion) {
    let shape = Shape::new(4, 3, 3).expect("a valid game");
    let space = MnkSpace::new(shape);
    assert_eq!(space.len(), 111_973);
    let table = space.solve();
    assert_eq!(table.get(space.rank(&Board::empty(shape))), Outcome::Win(7));
    assert!(solve_with_reverse_graph(&space).expect("fits") == table, "reverse-graph agrees");
    assert!(solve_by_layers(&space).expect("fits") == table, "layered agrees");
    let mut search = Search::new(shape);
    assert!(StateId::all(space.len()).all(|id| search.value(space.unrank(id)) == table.get(id)), "search agrees");

    let mut group = c.benchmark_group("mnk 4x3 k=3");
    group.sample_size(10);
    group.bench_function("build space", |b| b.iter(|| MnkSpace::new(black_box(shape))));
    group.bench_function("sweep", |b| b.iter(|| black_box(&space).solve()));
    group.bench_function("search from the empty board", |b| {
        b.iter(|| Search::new(shape).value(black_box(Board::empty(shape))))
    });
    group.bench_function("reverse-graph", |b| b.iter(|| solve_with_reverse_graph(black_box(&space))));
    group.bench_function("layered", |b| b.iter(|| solve_by_layers(black_box(&space))));
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);

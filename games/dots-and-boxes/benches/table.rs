//! The score DP on the whole 3x3 board (2^24 positions, 1 byte each), under each rule.
//!
//! The value of the empty board is asserted before anything is timed: -3 for the first player
//! under both rules. Provenance: a plain C DP over every set of drawn lines, written apart
//! from this crate (the project's shared baseline `dots_naive.c`, kept outside the tree),
//! built with `gcc -O2`: `dots_naive 3 3 0` prints `3x3 no extra move: -3` and
//! `dots_naive 3 3 1` prints `3x3 standard: -3`. For the turn passing, the accepted C++ of
//! seed document 002 (HDU 4753 Fishhead's Little Game) with its two DP arrays enlarged from
//! 5000 to 1<<24 entries agrees: it answers the empty board (n = 0) with the second player,
//! Jerry404 (the corpus case `hdu4753/empty-board`).
//! The 2x5 board (2^27 positions) is measured with `examples/solve_board.rs`, not here.

use criterion::{Criterion, criterion_group, criterion_main};
use dots_and_boxes::{Board, DotsAndBoxes, Rule};
use solver_core::score_table;
use std::hint::black_box;

fn full_3x3(c: &mut Criterion) {
    let mut group = c.benchmark_group("3x3 full table (2^24 positions, i8)");
    group.sample_size(10);
    for rule in Rule::ALL {
        let game = DotsAndBoxes::new(Board::new(3, 3).expect("3x3 fits"), rule);
        let values = score_table::<i8, _>(&game).expect("acyclic, fits i8");
        assert_eq!(values[0], -3, "{}: the empty board", rule.name());
        group.bench_function(rule.name(), |b| b.iter(|| score_table::<i8, _>(black_box(&game))));
    }
    group.finish();
}

criterion_group!(benches, full_3x3);
criterion_main!(benches);

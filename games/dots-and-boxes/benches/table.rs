//! The score DP on the whole 3x3 board (2^24 positions, 1 byte each), under each rule.
//!
//! The value of the empty board is asserted before anything is timed: -3 for the first player
//! under both rules. Turn passes: the seed's accepted C++ for HDU 4753 with its DP arrays
//! enlarged to 2^24 prints this value for n = 0; move again: an independent C++ DP over the
//! 2^24 sets of segments written outside the tree (/work/baselines/dots/empty_value.cpp).
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

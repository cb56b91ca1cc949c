//! The tiered block engine and solver-core's parallel score DP (by the board's declared levels,
//! the lines left to draw) against solver-core's sequential score DP (an independent engine on
//! the same rules, itself checked against the oracle in `engine.rs`): every position of every
//! board up to 3x3 and of 2x4, under both rules, with and without symmetry, on 1 to 4 threads.

use dots_and_boxes::tiers::{Symmetry, solve_board};
use dots_and_boxes::{Board, DotsAndBoxes, Rule};
use solver_core::{parallel_score_table, score_table};

fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a thread pool").install(f)
}

fn assert_same_as_score_dp(rows: usize, cols: usize, threads: &[usize]) {
    let board = Board::new(rows, cols).unwrap();
    for rule in Rule::ALL {
        let game = DotsAndBoxes::new(board, rule);
        let reference = score_table::<i8, _>(&game).unwrap();
        for &n in threads {
            let parallel = in_pool(n, || parallel_score_table::<i8, _>(&game)).unwrap();
            assert!(parallel == reference, "{rows}x{cols} {rule:?}: the parallel score DP on {n} threads");
        }
        for symmetry in Symmetry::ALL {
            for &n in threads {
                let table = in_pool(n, || solve_board(board, rule, symmetry)).unwrap();
                for (lines, &expected) in reference.iter().enumerate() {
                    let found = table.value(lines as u32);
                    assert_eq!(found, expected, "{rows}x{cols} {rule:?} {symmetry:?} {n} threads at {lines:#b}");
                }
                let mut histogram = std::collections::BTreeMap::new();
                reference.iter().for_each(|&v| *histogram.entry(v).or_insert(0u64) += 1);
                assert_eq!(
                    table.histogram(),
                    histogram.into_iter().collect::<Vec<_>>(),
                    "{rows}x{cols} {rule:?} {symmetry:?}"
                );
                // The least position of the largest value.
                let best = table.best_position();
                let max = reference.iter().max().unwrap();
                assert_eq!(Some(best as usize), reference.iter().position(|v| v == max), "{rows}x{cols} {rule:?}");
            }
        }
    }
}

#[test]
fn every_board_up_to_2x3_equals_the_score_dp() {
    for (rows, cols) in [(1, 1), (1, 2), (2, 1), (1, 3), (1, 4), (1, 5), (2, 2), (2, 3), (3, 2)] {
        assert_same_as_score_dp(rows, cols, &[1, 2, 3]);
    }
}

#[test]
fn the_3x3_board_equals_the_score_dp_on_1_to_4_threads() {
    assert_same_as_score_dp(3, 3, &[1, 2, 4]);
}

#[test]
fn the_2x4_and_4x2_boards_equal_the_score_dp() {
    assert_same_as_score_dp(2, 4, &[2]);
    assert_same_as_score_dp(4, 2, &[3]);
}

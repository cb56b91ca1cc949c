//! Northcott's game on the real board, every position of every small board: the dense space's
//! moves and un-moves are the plain rules' (workbench's space checks), the three retrograde
//! engines agree, the verifier accepts, the oracle's fixed point on the plain rules
//! gives the same values, un-moves invert moves, and the Nim reduction's verdict is the real
//! board's verdict, with no endless play.

use nim::northcott::{BoardState, NorthcottBoard, Player, Row, nim_sum};
use nim::plain::PlainNorthcott;
use oracle::Budget;
use solver_core::{Outcome, RetrogradeEngine, StateId, StateSpace};
use workbench::check::{OracleSide, check_loopy_with_unmoves};
use workbench::space::{check_loopy_space, check_unmoves, every_id};

/// Every board with at most 2 rows and 6 columns, and 3 rows of at most 4 columns.
fn small_boards() -> Vec<NorthcottBoard> {
    let mut boards = Vec::new();
    for (rows, max_cols) in [(1, 8), (2, 6), (3, 4)] {
        for cols in 2..=max_cols {
            boards.push(NorthcottBoard::new(rows, cols).unwrap());
        }
    }
    boards
}

fn plain_state(state: &BoardState) -> (Vec<(u32, u32)>, bool) {
    PlainNorthcott::state(state.rows.iter().map(|r| (r.tom, r.jerry)), state.to_move == Player::Tom)
}

#[test]
fn the_whole_space_of_every_small_board_is_the_plain_rules() {
    for board in small_boards() {
        for id in StateId::all(board.len()) {
            let state = board.unrank(id);
            assert!(state.rows.iter().all(|r| r.tom != r.jerry && r.tom.max(r.jerry) <= board.cols()), "{state:?}");
        }
        let plain = PlainNorthcott { cols: board.cols() };
        let side = OracleSide { rules: &plain, state: &plain_state };
        check_loopy_space(&board, &side, every_id(&board)).unwrap_or_else(|e| panic!("{board:?}: {e}"));
        check_unmoves(&board, every_id(&board)).unwrap_or_else(|e| panic!("{board:?}: {e}"));
    }
}

#[test]
fn engines_verifier_oracle_and_the_nim_reduction_agree_on_every_small_board() {
    for board in small_boards() {
        let plain = PlainNorthcott { cols: board.cols() };
        let side = OracleSide { rules: &plain, state: &plain_state };
        let checked = check_loopy_with_unmoves(&board, Some(side), Budget::new(100_000))
            .and_then(|checked| checked.oracle_agreed())
            .unwrap_or_else(|e| panic!("{board:?}: {e}"));
        assert_eq!(checked.timings.len(), RetrogradeEngine::ALL.len());
        for id in StateId::all(board.len()) {
            let state = board.unrank(id);
            let value = checked.table.get(id);
            let expected_win = nim_sum(&state.rows).is_win();
            assert!(matches!(value, Outcome::Win(_) | Outcome::Loss(_)), "{state:?} is {value}");
            assert_eq!(matches!(value, Outcome::Win(_)), expected_win, "the reduction is wrong at {state:?}");
        }
    }
}

#[test]
fn the_winning_move_toward_the_other_piece_leaves_the_wanted_gap() {
    // On one row of 8 columns, every placement and every smaller gap, for either player.
    let board = NorthcottBoard::new(1, 8).unwrap();
    let table = RetrogradeEngine::Layered.solve(&board).unwrap();
    for id in StateId::all(board.len()) {
        let state = board.unrank(id);
        let row = state.rows[0];
        for gap in 0..8 {
            let Some(moved) = row.toward(state.to_move, gap) else {
                assert!(gap >= nim::northcott::gap(row), "{row:?} to gap {gap}");
                continue;
            };
            assert_eq!(nim::northcott::gap(moved), gap, "{row:?}");
            assert_eq!(moved.of(state.to_move.other()), row.of(state.to_move.other()), "only the mover's piece moves");
            let after = BoardState { rows: vec![moved], to_move: state.to_move.other() };
            // Gap 0 after the move: the opponent is lost.
            if gap == 0 {
                assert!(matches!(table.get(board.rank(&after)), Outcome::Loss(_)), "{after:?}");
            }
        }
    }
}

#[test]
fn the_published_samples_on_the_real_board() {
    // HDU 1730's samples on a 3 x 6 board: rows (4,5) (1,2) (1,2) lose for Tom, (4,5) (1,3) (1,2) win.
    let board = NorthcottBoard::new(3, 6).unwrap();
    let table = RetrogradeEngine::ReverseGraph.solve(&board).unwrap();
    let at = |rows: [(u32, u32); 3]| {
        let rows = rows.iter().map(|&(tom, jerry)| Row { tom, jerry }).collect();
        table.get(board.rank(&BoardState { rows, to_move: Player::Tom }))
    };
    assert!(matches!(at([(4, 5), (1, 2), (1, 2)]), Outcome::Loss(_)));
    assert!(matches!(at([(4, 5), (1, 3), (1, 2)]), Outcome::Win(_)));
}

#[test]
fn boards_too_large_to_rank_are_refused() {
    assert!(NorthcottBoard::new(1000, 100).is_err());
    assert!(NorthcottBoard::new(0, 5).unwrap().len() == 2);
}

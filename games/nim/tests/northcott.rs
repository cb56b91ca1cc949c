//! Northcott's game on the real board, every position of every small board: the three
//! retrograde engines agree, the verifier accepts, the oracle's fixed point on the plain rules
//! gives the same values, un-moves invert moves, and the Nim reduction's verdict is the real
//! board's verdict, with no endless play.

use nim::northcott::{BoardState, NorthcottBoard, Player, Row, nim_sum};
use nim::plain::PlainNorthcott;
use oracle::{Budget, solve_loopy};
use solver_core::verify::verify_outcomes;
use solver_core::{LoopySpace, Outcome, RetrogradeEngine, Rules, StateId, StateSpace, Unmoves};

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

fn sorted(mut ids: Vec<StateId>) -> Vec<StateId> {
    ids.sort_unstable();
    ids.dedup();
    ids
}

#[test]
fn ranking_is_a_bijection_and_moves_on_ids_are_the_rules_moves() {
    for board in small_boards() {
        for id in StateId::all(board.len()) {
            let state = board.unrank(id);
            assert_eq!(board.rank(&state), id, "{board:?} {state:?}");
            assert!(state.rows.iter().all(|r| r.tom != r.jerry && r.tom.max(r.jerry) <= board.cols()));
            let mut by_rules = Vec::new();
            board.successors(&state, &mut by_rules);
            let by_rules = sorted(by_rules.iter().map(|s| board.rank(s)).collect());
            let mut by_ids = Vec::new();
            board.successor_ids(id, &mut by_ids);
            assert_eq!(sorted(by_ids), by_rules, "{state:?}");
        }
    }
}

#[test]
fn un_moves_are_exactly_the_inverse_of_moves() {
    for board in small_boards() {
        let mut forward = vec![Vec::new(); board.len()];
        for id in StateId::all(board.len()) {
            let mut kids = Vec::new();
            board.successor_ids(id, &mut kids);
            for kid in sorted(kids) {
                forward[kid.index()].push(id);
            }
        }
        for id in StateId::all(board.len()) {
            let mut preds = Vec::new();
            board.predecessor_ids(id, &mut preds);
            assert_eq!(sorted(preds), sorted(forward[id.index()].clone()), "{:?}", board.unrank(id));
        }
    }
}

#[test]
fn engines_verifier_oracle_and_the_nim_reduction_agree_on_every_small_board() {
    for board in small_boards() {
        let tables: Vec<_> = RetrogradeEngine::ALL.iter().map(|e| e.solve(&board).unwrap()).collect();
        for (engine, table) in RetrogradeEngine::ALL.iter().zip(&tables) {
            assert!(*table == tables[0], "{} disagrees on {board:?}", engine.name());
        }
        let table = &tables[0];
        verify_outcomes(&board, table).unwrap();

        let plain = PlainNorthcott { cols: board.cols() };
        let starts = StateId::all(board.len()).map(|id| plain_state(&board.unrank(id)));
        let oracle = solve_loopy(&plain, starts, Budget::new(100_000)).unwrap();
        for id in StateId::all(board.len()) {
            let state = board.unrank(id);
            let value = table.get(id);
            assert_eq!(oracle[&plain_state(&state)], value, "the oracle disagrees at {state:?}");
            let expected_win = nim_sum(&state.rows).is_win();
            assert!(matches!(value, Outcome::Win(_) | Outcome::Loss(_)), "{state:?} is {value}");
            assert_eq!(matches!(value, Outcome::Win(_)), expected_win, "the reduction is wrong at {state:?}");
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

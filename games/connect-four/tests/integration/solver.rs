//! The dedicated solver against independent values: the whole-space tables (retrograde
//! analysis over every reachable position, no code shared with the solver) turned into
//! scores by `score_of_outcome`, at every position of the small boards and a sample of the
//! larger ones, strong and weak, on one thread and two (in a session and alone); and the empty boards' values in
//! Tromp's table.
//!
//! Source: J. Tromp, "John's Connect Four Playground" (the value of the empty board for
//! width + height <= 15: 4x4, width 5 height 4, width 4 height 5 and 5x5 draws, width 6
//! height 4 a second-player win).

use connect_four::{
    ConnectFour, Position, Shape, SolveError, SolveOptions, Solver, Status, outcome_of_score, score_of_outcome, solve,
};
use solver_core::{Discovered, Outcome, StateId, StateSpace, solve_with_reverse_graph};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

fn options(weak: bool, threads: usize) -> SolveOptions {
    // No solo start: the threads search together from the first node, even on small boards.
    SolveOptions { weak, tt_bytes: 1 << 16, threads, solo_nodes: 0, ..SolveOptions::default() }
}

/// Every `stride`-th position of the board, strong and weak, on one thread and two, against
/// the table. One solver a setting keeps its table across positions (its bounds stay true);
/// every 7th position is solved with a fresh table too.
fn solver_agrees_with_the_table(width: u32, height: u32, stride: usize) {
    let shape = Shape::new(width, height).unwrap();
    let space = Discovered::loopy(ConnectFour { shape }, [Position::empty()], connect_four::MOST_POSITIONS).unwrap();
    let table = solve_with_reverse_graph(&space).unwrap();
    for (weak, threads) in [(false, 1), (true, 1), (false, 2), (true, 2)] {
        let mut solver = Solver::new(shape, options(weak, threads)).unwrap();
        // One session for the board: its helper keeps waiting from one position to the next.
        solver.session(|session| {
            for id in StateId::all(space.len()).step_by(stride) {
                let position = space.unrank(id);
                let expected = score_of_outcome(shape, position, table.get(id));
                let expected = if weak { expected.signum() } else { expected };
                let mut solved = vec![session.solve(position).unwrap()];
                if id.index() % 7 == 0 {
                    solved.push(solve(shape, position, &options(weak, threads)).unwrap());
                }
                for found in solved {
                    assert_eq!(
                        found.score,
                        expected,
                        "{shape} after {:?} (weak {weak}, {threads} threads): the table says {}",
                        position.moves(shape),
                        table.get(id)
                    );
                    // The best move keeps the score: the child's value, from the other side.
                    match found.best {
                        None => assert_ne!(position.status(shape), Status::InPlay),
                        Some(column) => {
                            let child = position.play(shape, column);
                            let value = score_of_outcome(shape, child, table.get(space.rank(&child)));
                            let value = if weak { -value.signum() } else { -value };
                            assert_eq!(
                                value,
                                expected,
                                "{shape} after {:?}: move {}",
                                position.moves(shape),
                                column + 1
                            );
                        }
                    }
                }
            }
        });
    }
}

#[test]
fn the_solver_agrees_with_the_tables_on_every_position_of_the_small_boards() {
    for (width, height) in [(1, 1), (4, 1), (7, 1), (3, 2), (5, 2), (2, 3), (3, 3), (4, 3), (3, 4), (2, 6)] {
        solver_agrees_with_the_table(width, height, 1);
    }
}

#[test]
fn the_solver_agrees_with_the_tables_on_a_sample_of_the_larger_boards() {
    solver_agrees_with_the_table(4, 4, 13);
    solver_agrees_with_the_table(5, 3, 11);
    solver_agrees_with_the_table(3, 5, 3);
}

#[test]
fn the_solver_gives_tromps_values_from_the_empty_board() {
    // Width, height, and whether the first player loses (else a draw).
    for (width, height, lost) in [(4, 4, false), (5, 4, false), (4, 5, false), (5, 5, false), (6, 4, true)] {
        let shape = Shape::new(width, height).unwrap();
        for threads in [1, 2] {
            let options = SolveOptions { tt_bytes: 4 << 20, threads, ..SolveOptions::default() };
            let solved = solve(shape, Position::empty(), &options).unwrap();
            assert_eq!(solved.score < 0, lost, "width {width} height {height}: {solved:?}");
            assert!(lost || solved.score == 0, "width {width} height {height}: {solved:?}");
        }
    }
}

#[test]
fn the_scores_of_a_table_value_follow_the_stones_at_the_end() {
    let shape = Shape::new(7, 6).unwrap();
    let after_three = Position::from_moves(shape, "444").unwrap();
    // O to move with one stone down, winning with its 4th stone (ply 8, 5 plies from here):
    // 22 - 4; the first player's win with its last stone (ply 41): 22 - 21.
    assert_eq!(score_of_outcome(shape, after_three, Outcome::Win(5)), 18);
    assert_eq!(score_of_outcome(shape, after_three, Outcome::Loss(6)), -17);
    assert_eq!(score_of_outcome(shape, Position::empty(), Outcome::Win(41)), 1);
    assert_eq!(score_of_outcome(shape, Position::empty(), Outcome::Tie(42)), 0);
}

/// `outcome_of_score` undoes `score_of_outcome` on every value of the 4x4 and 5x3 tables
/// (wins and losses of both parities, ties), so `search --engine solver` reports the table's
/// remoteness.
#[test]
fn a_score_turns_back_into_the_tables_value() {
    for (width, height) in [(4, 4), (5, 3)] {
        let shape = Shape::new(width, height).unwrap();
        let space =
            Discovered::loopy(ConnectFour { shape }, [Position::empty()], connect_four::MOST_POSITIONS).unwrap();
        let table = solve_with_reverse_graph(&space).unwrap();
        for id in StateId::all(space.len()) {
            let (position, outcome) = (space.unrank(id), table.get(id));
            let score = score_of_outcome(shape, position, outcome);
            assert_eq!(outcome_of_score(shape, position, score), outcome, "{}", position.moves(shape));
        }
    }
}

#[test]
fn finished_and_impossible_positions_are_answered_without_search() {
    let shape = Shape::new(7, 6).unwrap();
    let options = options(false, 1);
    // X's four on ply 7: O to move has lost to X's 4th stone, 22 - 4.
    let won = Position::from_moves(shape, "4455667").unwrap();
    assert_eq!(solve(shape, won, &options), Ok(connect_four::Solved { score: -18, nodes: 0, best: None }));
    // 1x1: one stone fills the board, a draw.
    let tiny = Shape::new(1, 1).unwrap();
    assert_eq!(solve(tiny, Position::empty().play(tiny, 0), &options).unwrap().score, 0);
    // A stone played into a full column breaks the board.
    let tall = Shape::new(1, 2).unwrap();
    let broken = Position::empty().play(tall, 0).play(tall, 0).play(tall, 0);
    assert_eq!(solve(tall, broken, &options), Err(SolveError::NotAPosition));
}

#[test]
fn every_board_size_is_searched_without_panic() {
    // The extremes of the layout: 64 bits used, a column of 63 cells, 32 columns of one.
    // Positions built by `play`, which checks nothing, so that only the solver is exercised.
    for (width, height, columns) in
        [(1, 63, vec![]), (2, 31, vec![0, 1, 0, 1, 0]), (32, 1, vec![0, 1, 2]), (8, 7, vec![3, 4, 3, 4])]
    {
        let shape = Shape::new(width, height).unwrap();
        let position = columns.iter().fold(Position::empty(), |p, &c| p.play(shape, c));
        let options = SolveOptions { tt_bytes: 1 << 20, node_budget: 200_000, ..SolveOptions::default() };
        match solve(shape, position, &options) {
            Ok(solved) => assert!(solved.score.abs() <= 33, "{shape}: {solved:?}"),
            Err(error) => assert!(matches!(error, SolveError::Budget { .. }), "{shape}: {error}"),
        }
    }
    // One column: the players alternate in it, so no one ever has four: a draw at any height.
    for height in [6, 7, 63] {
        let shape = Shape::new(1, height).unwrap();
        let solved = solve(shape, Position::empty(), &options(false, 1));
        assert_eq!(solved.map(|s| s.score), Ok(0), "height {height}");
    }
    // Two columns of 31: X stacks three in the first while O answers beside them, and wins
    // with its 4th stone at once: F + 1 - 4 with F = 31.
    let shape = Shape::new(2, 31).unwrap();
    let position = [0, 1, 0, 1, 0, 1].iter().fold(Position::empty(), |p, &c| p.play(shape, c));
    let solved = solve(shape, position, &options(false, 1)).unwrap();
    assert_eq!((solved.score, solved.best), (31 + 1 - 4, Some(0)));
}

#[test]
fn a_session_answers_again_after_a_search_ends_on_its_budget() {
    let shape = Shape::new(4, 4).unwrap();
    let space = Discovered::loopy(ConnectFour { shape }, [Position::empty()], connect_four::MOST_POSITIONS).unwrap();
    let table = solve_with_reverse_graph(&space).unwrap();
    let mut solver = Solver::new(shape, SolveOptions { node_budget: 2_000, ..options(false, 2) }).unwrap();
    solver.session(|session| {
        assert!(matches!(session.solve(Position::empty()), Err(SolveError::Budget { .. })));
        // Positions with 6 cells left or fewer: a few dozen nodes each, far inside the budget.
        for id in StateId::all(space.len()).step_by(5) {
            let position = space.unrank(id);
            if position.played() >= 10 {
                let expected = score_of_outcome(shape, position, table.get(id));
                assert_eq!(session.solve(position).unwrap().score, expected, "after {:?}", position.moves(shape));
            }
        }
    });
}

#[test]
fn the_budget_and_the_stop_flag_end_a_search_with_an_error() {
    let shape = Shape::new(7, 6).unwrap();
    let budget = SolveOptions { node_budget: 5_000, ..options(false, 2) };
    assert!(matches!(solve(shape, Position::empty(), &budget), Err(SolveError::Budget { .. })));
    // A budget inside the first thread's solo start, and one past it.
    for node_budget in [1_000, 50_000] {
        let budget = SolveOptions { node_budget, threads: 2, ..SolveOptions::default() };
        match solve(shape, Position::empty(), &budget) {
            Err(SolveError::Budget { nodes }) => assert!(nodes > node_budget, "{nodes} nodes"),
            other => panic!("{node_budget}: {other:?}"),
        }
    }
    let stop = Arc::new(AtomicBool::new(true));
    let stopped = SolveOptions { stop: Some(stop), ..options(true, 1) };
    assert!(matches!(solve(shape, Position::empty(), &stopped), Err(SolveError::Stopped { .. })));
}

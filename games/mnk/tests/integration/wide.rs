//! The wide boards' search ([`mnk::wide::MnkSearch`]) against the crate's tables: every search
//! engine, with and without symmetry, at every position of the games of at most 6 cells and a
//! sample of those of 8 to 12 cells, compared with [`MnkSpace::solve`]'s values (an independent
//! whole-space sweep, itself checked against the oracle and a Python program in `space.rs` and
//! `reference.rs`). The tables' ties count the empty cells as remoteness; search gives ties
//! without it, so a tie is compared by kind.

use mnk::wide::{MnkSearch, WideShape};
use mnk::{MnkSpace, Player, Shape};
use solver_core::search::{Answer, SearchEngine, SearchLimits, SearchValue};
use solver_core::{Outcome, StateId, StateSpace};

fn limits() -> SearchLimits {
    SearchLimits { tt_bytes: 1 << 16, ..SearchLimits::default() }
}

/// Every position of `shape` whose id is a multiple of `stride`, searched by every engine.
fn agrees_with_the_table(m: usize, n: usize, k: usize, stride: usize) {
    let space = MnkSpace::new(Shape::new(m, n, k).unwrap());
    let table = space.solve();
    let wide = WideShape::new(m, n, k).unwrap();
    for game in [MnkSearch::new(wide.clone()), MnkSearch::new(wide).without_symmetry()] {
        for id in (0..space.len()).step_by(stride) {
            let board = space.unrank(StateId::new(id).unwrap());
            let position = game.board(u64::from(board.mask(Player::X)), u64::from(board.mask(Player::O))).unwrap();
            let expected = table.get(StateId::new(id).unwrap());
            for engine in SearchEngine::ALL {
                let found = engine.run(&game, &position, &limits()).unwrap();
                assert!(
                    found.answer.agrees_with_outcome(expected),
                    "({m},{n},{k}) {board:?}: {} says {}, the table {expected}",
                    engine.name(),
                    found.answer
                );
            }
        }
    }
}

#[test]
fn the_small_games_agree_with_the_table() {
    // Every position up to 6 cells; every 7th of the 8- and 9-cell games (a search a position
    // costs a thread and a table, so all of them would take a minute).
    for (m, n) in [(1, 1), (1, 4), (2, 2), (2, 3), (3, 2), (1, 6), (3, 3), (1, 9), (2, 4)] {
        let stride = if m * n <= 6 { 1 } else { 7 };
        for k in 1..=m.max(n) {
            agrees_with_the_table(m, n, k, stride);
        }
    }
}

#[test]
fn a_sample_of_the_twelve_cell_games_agrees_with_the_table() {
    for (m, n, k) in [(4, 3, 3), (3, 4, 3), (2, 6, 3), (3, 4, 4), (6, 2, 2)] {
        agrees_with_the_table(m, n, k, 97);
    }
}

#[test]
fn the_empty_boards_of_the_crate_docs_table() {
    // The crate docs' table (4,3,3: win in 7; 4,4,3: win in 5; 4,4,4: tie), checked there
    // against an independent Python program; (4,4,4) a tie is also the literature's.
    let cases = [((4, 3, 3), Outcome::Win(7)), ((4, 4, 3), Outcome::Win(5)), ((4, 4, 4), Outcome::Tie(16))];
    for ((m, n, k), expected) in cases {
        let game = MnkSearch::new(WideShape::new(m, n, k).unwrap());
        let limits = SearchLimits { tt_bytes: 16 << 20, ..SearchLimits::default() };
        let found =
            SearchEngine::AlphaBeta(solver_core::search::Driver::Mtdf).run(&game, &game.empty(), &limits).unwrap();
        assert!(found.answer.agrees_with_outcome(expected), "({m},{n},{k}): {}", found.answer);
    }
}

#[test]
fn bad_boards_and_shapes_are_refused() {
    assert!(WideShape::new(8, 9, 5).is_err());
    assert!(WideShape::new(0, 3, 1).is_err());
    assert!(WideShape::new(7, 7, 8).is_err());
    let game = MnkSearch::new(WideShape::new(3, 3, 3).unwrap());
    assert!(game.parse("XXX/OO./...").is_ok(), "X just won: a finished position");
    for bad in ["XX/OO./...", "XXX/OOO/...", "XX./.../...", "OO./X../...", "XX./OO.", "XQ./O../..."] {
        assert!(game.parse(bad).is_err(), "{bad}");
    }
    let finished = game.parse("XXX/OO./...").unwrap();
    let found =
        SearchEngine::AlphaBeta(solver_core::search::Driver::FullWindow).run(&game, &finished, &limits()).unwrap();
    assert_eq!(found.answer, Answer::Exact(SearchValue::Loss(0)));
}

//! The dense space against itself and against the plain rules, over every position: ranking
//! round trips, moves and un-moves are exact inverses, the engine's moves are the plain board's
//! moves, and every engine's table equals the oracle's.

use oracle::Budget;
use proptest::prelude::*;
use solver_core::{Outcome, RetrogradeEngine, StateId, StateSpace};
use workbench::check::{OracleSide, check_loopy_with_unmoves};
use workbench::space::{check_loopy_space, check_unmoves, every_id};
use xiangqi::plain::{MergedEnds, PlainBoard, PlainRules};
use xiangqi::{Board, Endgame, PlacementError, Position, Side, Square};

fn all_ids() -> impl Iterator<Item = StateId> {
    StateId::all(Endgame::new().len())
}

#[test]
fn rank_and_unrank_are_inverse_over_the_whole_space() {
    let game = Endgame::new();
    let mut seen = std::collections::HashSet::new();
    for id in all_ids() {
        let position = game.unrank(id);
        assert_eq!(game.rank(&position), id, "{position:?}");
        assert!(seen.insert(position), "{position:?} has two ids");
        if let Position::InPlay { board, .. } = position {
            // Every id is a legal placement: the checked constructor accepts it.
            assert_eq!(Board::new(board.horse(), board.bob(), board.alice()), Ok(board));
        }
    }
    // 90 Horse points or captured, 9 x 9 Generals, 2 players, minus the Horse on a General, plus 2 ends.
    assert_eq!(seen.len(), (91 * 81 - 2 * 81) * 2 + 2);
}

/// The whole space against the plain board's rules: the ranking round-trips, a position is
/// finished exactly when its plain board is, its moves on ids are the plain board's moves (each
/// end as its one board), and the un-moves are exactly the inverse of the moves.
#[test]
fn the_whole_space_is_the_plain_rules() {
    let game = Endgame::new();
    let plain = OracleSide { rules: &MergedEnds, state: &PlainBoard::from_position };
    check_loopy_space(&game, &plain, every_id(&game)).unwrap();
    check_unmoves(&game, every_id(&game)).unwrap();
}

#[test]
fn every_engine_equals_the_oracle_on_every_position() {
    let game = Endgame::new();
    let oracle = OracleSide { rules: &PlainRules, state: &PlainBoard::from_position };
    let checked = check_loopy_with_unmoves(&game, Some(oracle), Budget::new(200_000))
        .and_then(|checked| checked.oracle_agreed())
        .unwrap();
    assert_eq!(checked.timings.len(), solver_core::RetrogradeEngine::ALL.len());
}

fn sq(x: u8, y: u8) -> Square {
    Square::new(x, y).expect("on the board")
}

fn value(board: Board, to_move: Side) -> Outcome {
    let game = Endgame::new();
    RetrogradeEngine::ReverseGraph.solve(&game).expect("fits").get(game.rank(&Position::in_play(board, to_move)))
}

#[test]
fn hand_derived_values() {
    let board = |h: Option<Square>, b, a| Board::new(h, b, a).expect("legal");
    // Open column (Horse off it): the player to move captures at once.
    assert_eq!(value(board(Some(sq(0, 0)), sq(9, 3), sq(0, 3)), Side::Alice), Outcome::Win(1));
    assert_eq!(value(board(Some(sq(0, 0)), sq(9, 3), sq(0, 3)), Side::Bob), Outcome::Win(1));
    // The Horse alone gone: two Generals on different columns never meet: endless play.
    assert_eq!(value(board(None, sq(9, 3), sq(0, 4)), Side::Bob), Outcome::Draw);
    assert_eq!(value(board(None, sq(9, 3), sq(0, 4)), Side::Alice), Outcome::Draw);
    assert_eq!(value(board(None, sq(8, 5), sq(2, 5)), Side::Alice), Outcome::Win(1));
}

proptest! {
    #[test]
    fn placements_are_checked(hx in 0u8..10, hy in 0u8..9, bx in 0u8..10, by in 0u8..9, ax in 0u8..10, ay in 0u8..9, captured: bool) {
        let (h, b, a) = (sq(hx, hy), sq(bx, by), sq(ax, ay));
        let horse = (!captured).then_some(h);
        let in_palace = |x: u8, y: u8, rows: std::ops::RangeInclusive<u8>| rows.contains(&x) && (3..=5).contains(&y);
        let legal = in_palace(bx, by, 7..=9) && in_palace(ax, ay, 0..=2) && horse != Some(b) && horse != Some(a);
        let placed = Board::new(horse, b, a);
        prop_assert_eq!(placed.is_ok(), legal);
        if let Err(PlacementError::HorseOnGeneral { square, .. }) = placed {
            prop_assert_eq!(Some(square), horse);
        }
        if let Ok(board) = placed {
            let diagram = board.diagram();
            prop_assert_eq!(diagram.matches('H').count(), usize::from(!captured));
            prop_assert_eq!(diagram.matches('B').count(), 1);
            prop_assert_eq!(diagram.matches('A').count(), 1);
            // Row x is printed on line 9 - x, column y at character 3 + 2y.
            let line = diagram.lines().nth(9 - usize::from(ax)).unwrap();
            prop_assert_eq!(line.as_bytes()[3 + 2 * usize::from(ay)], b'A');
        }
    }
}

//! The dense space against itself and against the plain rules, over every position: ranking
//! round trips, moves and un-moves are exact inverses, the engine's moves are the plain board's
//! moves, and every engine's table equals the oracle's.

use oracle::{Budget, solve_loopy};
use proptest::prelude::*;
use solver_core::{LoopySpace, Outcome, RetrogradeEngine, Rules, StateId, StateSpace, Unmoves};
use std::collections::BTreeSet;
use xiangqi::plain::{PlainBoard, PlainRules};
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

#[test]
fn moves_and_unmoves_are_inverse() {
    let game = Endgame::new();
    let mut successors: Vec<BTreeSet<StateId>> = vec![BTreeSet::new(); game.len()];
    let mut predecessors: Vec<BTreeSet<StateId>> = vec![BTreeSet::new(); game.len()];
    let mut out = Vec::new();
    for id in all_ids() {
        out.clear();
        game.successor_ids(id, &mut out);
        successors[id.index()].extend(out.iter().copied());
        out.clear();
        game.predecessor_ids(id, &mut out);
        predecessors[id.index()].extend(out.iter().copied());
    }
    for id in all_ids() {
        for &c in &successors[id.index()] {
            assert!(
                predecessors[c.index()].contains(&id),
                "{:?} -> {:?} has no un-move",
                game.unrank(id),
                game.unrank(c)
            );
        }
        for &p in &predecessors[id.index()] {
            assert!(game.terminal_at(p).is_none(), "finished {:?} listed as a predecessor", game.unrank(p));
            assert!(
                successors[p.index()].contains(&id),
                "un-move {:?} <- {:?} is not a move",
                game.unrank(id),
                game.unrank(p)
            );
        }
    }
}

/// A plain board in a form both sides can agree on: a board without the mover's General is
/// just "that player lost".
fn canonical(board: PlainBoard) -> Result<PlainBoard, bool> {
    match PlainRules.terminal(&board) {
        Some(_) => Err(board.bob_to_move),
        None => Ok(board),
    }
}

#[test]
fn engine_moves_are_the_plain_rules_moves() {
    let game = Endgame::new();
    let (mut ids, mut plain) = (Vec::new(), Vec::new());
    for id in all_ids() {
        let position = game.unrank(id);
        let board = PlainBoard::from_position(&position);
        assert_eq!(PlainRules.terminal(&board).is_some(), game.terminal_at(id).is_some(), "{position:?}");
        if game.terminal_at(id).is_some() {
            continue;
        }
        ids.clear();
        game.successor_ids(id, &mut ids);
        plain.clear();
        PlainRules.successors(&board, &mut plain);
        let engine: BTreeSet<String> =
            ids.iter().map(|&c| format!("{:?}", canonical(PlainBoard::from_position(&game.unrank(c))))).collect();
        let rules: BTreeSet<String> = plain.drain(..).map(|b| format!("{:?}", canonical(b))).collect();
        assert_eq!(engine, rules, "moves of {position:?}");
    }
}

#[test]
fn every_engine_equals_the_oracle_on_every_position() {
    let game = Endgame::new();
    let starts = all_ids().map(|id| PlainBoard::from_position(&game.unrank(id)));
    let oracle = solve_loopy(&PlainRules, starts, Budget::new(200_000)).expect("within budget");
    let expected: Vec<Outcome> = all_ids().map(|id| oracle[&PlainBoard::from_position(&game.unrank(id))]).collect();
    for engine in RetrogradeEngine::ALL {
        let table = engine.solve(&game).expect("fits");
        for id in all_ids() {
            assert_eq!(table.get(id), expected[id.index()], "{} at {:?}", engine.name(), game.unrank(id));
        }
    }
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

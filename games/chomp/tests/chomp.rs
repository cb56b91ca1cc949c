//! Chomp through the generic checks a game gets for its rules alone: its discovered space
//! against the rules, every engine against the verifier and the oracle, and the values the
//! literature gives. Gale ("A curious Nim-type game", Amer. Math. Monthly 81, 1974) shows by
//! strategy stealing that the first player wins every bar but the poison alone, and gives the
//! winning first moves of two families: on a square bar, eating b2 (leaving an L, then mirroring);
//! on a bar of 2 rows, eating the top-right square (then keeping one more square in the bottom
//! row than in the top).

use chomp::{Chomp, SPACES};
use solver_core::{Discovered, Outcome, StateSpace};
use workbench::check::{OracleCheck, OracleSide};
use workbench::solve::{PositionError, SolvableGame, is_best, move_value};
use workbench::space::{check_loopy_space, every_id};
use workbench::table_file::Value;

fn open(rows: usize, cols: usize) -> Box<dyn SolvableGame> {
    SPACES[0].open_words(&format!("rows={rows} cols={cols}")).unwrap()
}

/// The start's value and the names of its best moves.
fn start(game: &dyn SolvableGame) -> (Value, Vec<String>) {
    let table = game.solve("reverse-graph").unwrap();
    let value = table.value(game.start());
    let best = game
        .moves(game.start())
        .into_iter()
        .filter(|m| move_value(game.kind(), m, |i| Ok::<_, ()>(table.value(i))).is_ok_and(|v| is_best(value, v)));
    (value, best.map(|m| m.name).collect())
}

#[test]
fn the_discovered_space_is_the_rules_and_every_engine_agrees_with_the_oracle() {
    for (rows, cols) in [(1, 1), (1, 4), (3, 3), (4, 2), (4, 7)] {
        let space = Discovered::loopy(Chomp, [vec![rows as u8; cols]], 1 << 14).unwrap();
        check_loopy_space(&space, &OracleSide::same(&Chomp), every_id(&space)).unwrap();
        // The bars under an r x c one: C(r + c, r) column shapes, less the empty one.
        let shapes = (1..=cols).fold(1u64, |n, k| n * (rows + k) as u64 / k as u64) - 1;
        assert_eq!(space.len() as u64, shapes, "{rows}x{cols}");
        let row = open(rows, cols).check(oracle::Budget::new(100_000)).unwrap();
        assert!(matches!(row.oracle, OracleCheck::Agreed { .. }), "{rows}x{cols}: {:?}", row.oracle);
    }
}

#[test]
fn the_first_player_wins_every_bar_but_the_poison_alone() {
    assert_eq!(start(open(1, 1).as_ref()).0, Value::Outcome(Outcome::Loss(0)));
    for rows in 1..=6 {
        for cols in 1..=6 {
            if (rows, cols) != (1, 1) {
                let (value, _) = start(open(rows, cols).as_ref());
                assert!(matches!(value, Value::Outcome(Outcome::Win(_))), "{rows}x{cols}: {value:?}");
            }
        }
    }
}

#[test]
fn gales_winning_first_moves() {
    for n in 2..=7 {
        let (_, best) = start(open(n, n).as_ref());
        assert!(best.contains(&"b2".to_string()), "{n}x{n}: {best:?}");
    }
    for cols in 2..=8 {
        let (_, best) = start(open(2, cols).as_ref());
        let corner = format!("{}2", char::from(b'a' + cols as u8 - 1));
        assert!(best.contains(&corner), "2x{cols}: {best:?}");
    }
}

#[test]
fn the_notation_is_the_heights_and_refuses_what_play_does_not_reach() {
    let game = open(3, 3);
    let written = game.describe(game.start());
    assert_eq!(written, "3 3 3");
    assert_eq!(game.parse(&written), Ok(game.start()));
    assert!(matches!(game.parse("3 3"), Err(PositionError::Notation(_))), "two columns of three");
    assert!(matches!(game.parse("2 3 3"), Err(PositionError::Notation(_))), "a rising column");
    assert!(matches!(game.parse("0 0 0"), Err(PositionError::Notation(_))), "the poison eaten");
    assert_eq!(game.parse("4 4 4"), Err(PositionError::Unreached("4 4 4".into())), "taller than the bar");
    let names: Vec<String> = game.moves(game.start()).into_iter().map(|m| m.name).collect();
    assert_eq!(names, ["a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]);
}

#[test]
fn the_picture_shows_the_squares_left_under_column_letters() {
    // Heights 3 2 2 1 of a 3-row bar, drawn by hand: a column of 3, two of 2, one of 1.
    let drawn = "3  # . . .\n2  # # # .\n1  # # # #\n   a b c d\n";
    let picture = |rows, cols, heights: &str| {
        let game = open(rows, cols);
        game.picture(game.parse(heights).unwrap()).unwrap()
    };
    assert_eq!(picture(3, 4, "3 2 2 1"), drawn);
    // Eaten rows at the top stay in the picture, as empty squares.
    assert_eq!(picture(2, 2, "1 1"), "2  . .\n1  # #\n   a b\n");
}

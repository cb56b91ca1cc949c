//! The dense space against the plain rules over every position of every small game, every
//! engine (solver-core's retrograde engines, the crate's sweep and search) against the oracle
//! on every position, and the reachability checks of `Board::new` against the enumeration on
//! every board of the small games.

use mnk::plain::{PlainBoard, PlainRules};
use mnk::{Board, BoardError, MnkSpace, Player, Shape, ShapeError, plain_side};
use oracle::Budget;
use rayon::iter::{IntoParallelIterator, ParallelIterator};
use solver_core::{LoopySpace, StateId, StateSpace};
use workbench::check::OracleSide;
use workbench::space::{check_loopy_space, every_id};

/// Every accepted game of at most `max_cells` cells: each m x n and each k.
fn games(max_cells: usize) -> Vec<Shape> {
    let mut shapes = Vec::new();
    for m in 1..=max_cells {
        for n in 1..=max_cells / m {
            for k in 1..=m.max(n) {
                shapes.push(Shape::new(m, n, k).expect("an accepted game"));
            }
        }
    }
    shapes
}

/// Games of 10 to 12 cells, each kind of line: the oracle still fits them whole.
const TWELVE_CELL_GAMES: &[(usize, usize, usize)] =
    &[(4, 3, 3), (3, 4, 3), (2, 6, 3), (6, 2, 2), (2, 5, 3), (1, 12, 4), (3, 4, 4), (5, 2, 5), (1, 10, 2)];

fn twelve_cell_games() -> Vec<Shape> {
    TWELVE_CELL_GAMES.iter().map(|&(m, n, k)| Shape::new(m, n, k).expect("an accepted game")).collect()
}

#[test]
fn the_accepted_games_are_the_documented_ones() {
    // m x n with m * n <= 9: 23 boards; k from 1 to max(m, n) on each.
    assert_eq!(games(9).len(), 108);
    assert_eq!(games(16).len(), games(16).iter().map(|s| s.cells()).filter(|&c| c <= 16).count());
    assert!(matches!(Shape::new(0, 3, 1), Err(ShapeError::Empty { .. })));
    assert!(matches!(Shape::new(4, 5, 1), Err(ShapeError::TooManyCells { m: 4, n: 5 })));
    assert!(matches!(Shape::new(2, 8, 9), Err(ShapeError::K { k: 9, longest: 8 })));
    assert!(matches!(Shape::new(3, 3, 0), Err(ShapeError::K { k: 0, longest: 3 })));
    assert!(Shape::new(16, 1, 16).is_ok() && Shape::new(1, 16, 1).is_ok() && Shape::new(2, 8, 8).is_ok());
    assert_eq!(
        Shape::new(3, 3, 4).unwrap_err().to_string(),
        "k = 4 is outside 1..=3: k is at least 1 and at most max(m, n) = 3"
    );
    assert_eq!(Shape::new(0, 2, 1).unwrap_err().to_string(), "a 0 x 2 board has no cells: m and n are at least 1");
}

#[test]
fn lines_are_counted_by_hand() {
    let lines = |m, n, k| Shape::new(m, n, k).unwrap().lines().len();
    // Tic-tac-toe: 3 rows, 3 columns, 2 diagonals.
    assert_eq!(lines(3, 3, 3), 8);
    // 4 x 4, k = 3: 2 per row and per column (16), 2 x 2 of each diagonal direction (8).
    assert_eq!(lines(4, 4, 3), 24);
    // 4 x 4, k = 4: 4 rows, 4 columns, 2 diagonals.
    assert_eq!(lines(4, 4, 4), 10);
    // 4 rows of 3, k = 3: 4 rows, 2 per column (6), 2 of each diagonal direction (4).
    assert_eq!(lines(4, 3, 3), 14);
    // k = 1: every cell is a line of its own, once.
    assert_eq!(lines(2, 3, 1), 6);
    // k longer than the short side: only the rows of a 2 x 5 board hold 3 in a row, 3 each.
    assert_eq!(lines(2, 5, 3), 6);
    assert_eq!(lines(1, 4, 4), 1);
}

#[test]
fn every_small_game_matches_the_plain_rules_and_the_oracle_on_every_position() {
    // The games on every core (rayon's pool): this is the crate's longest test, and the
    // twelve-cell games take most of its time.
    let shapes: Vec<Shape> = twelve_cell_games().into_iter().chain(games(9)).collect();
    shapes.into_par_iter().for_each(check_against_the_plain_rules_and_the_oracle);
}

fn check_against_the_plain_rules_and_the_oracle(shape: Shape) {
    let space = MnkSpace::new(shape);
    let (rules, state) = plain_side(shape);
    check_loopy_space(&space, &OracleSide { rules: &rules, state: &state }, every_id(&space))
        .unwrap_or_else(|e| panic!("{shape}: {e}"));
    let words = format!("m={} n={} k={}", shape.rows(), shape.cols(), shape.k());
    let row = mnk::SPACES[0].open_words(&words).unwrap().check(Budget::new(200_000));
    let row = row.unwrap_or_else(|e| panic!("{shape}: {e}"));
    assert!(matches!(row.oracle, workbench::check::OracleCheck::Agreed { .. }), "{shape}: {:?}", row.oracle);
    // The sweep, the retrograde engines that need only moves, the search, and the search
    // engines checked against the table through the space and through the wide search.
    assert_eq!(row.timings.len(), solver_core::RetrogradeEngine::BY_MOVES.len() + 4, "{shape}");
}

#[test]
fn ids_follow_play_and_the_empty_board_is_first() {
    for shape in games(9).into_iter().chain(twelve_cell_games()) {
        let space = MnkSpace::new(shape);
        assert_eq!(space.rank(&Board::empty(shape)), StateId::new(0).unwrap(), "{shape}");
        let mut children = Vec::new();
        for id in every_id(&space) {
            if space.terminal_at(id).is_some() {
                continue;
            }
            children.clear();
            space.successor_ids(id, &mut children);
            assert!(children.iter().all(|&c| c > id), "{shape}: a move from {id} does not raise the id");
        }
    }
}

/// The board of a base-3 code (cell i is digit i: 0 empty, 1 X, 2 O), decoded here on its own.
fn masks_of(code: u32, cells: usize) -> (u16, u16) {
    let (mut x, mut o, mut rest) = (0u16, 0u16, code);
    for cell in 0..cells {
        match rest % 3 {
            1 => x |= 1 << cell,
            2 => o |= 1 << cell,
            _ => {}
        }
        rest /= 3;
    }
    (x, o)
}

#[test]
fn the_checks_of_a_board_accept_exactly_the_boards_play_reaches() {
    for shape in games(9).into_iter().chain(twelve_cell_games()) {
        let space = MnkSpace::new(shape);
        let mut accepted = 0;
        for code in 0..3u32.pow(shape.cells() as u32) {
            let (x, o) = masks_of(code, shape.cells());
            let code_reached = space.id_of_code(code).is_some();
            match Board::new(shape, x, o) {
                Ok(board) => {
                    accepted += 1;
                    assert_eq!(board.code(), code);
                    assert!(code_reached, "{shape}: {board:?} passes the checks but is not reached");
                }
                Err(e) => assert!(!code_reached, "{shape}: code {code} is reached but rejected: {e}"),
            }
        }
        assert_eq!(accepted, space.len(), "{shape}");
    }
}

#[test]
fn tic_tac_toe_by_hand_count() {
    // A hand count: boards of 9 cells where X has as many marks as O or one more number
    // sum over o of C(9, o) C(9 - o, o) + C(9, o + 1) C(8 - o, o) = 6,046. Unreachable among
    // them: X has a line with as many marks as O, 8 (C(6,3) + 2 C(6,4)) = 400, and O has a
    // line with X one ahead, 8 (C(6,4) + C(6,5)) = 168 (on 3 x 3 neither player can hold two
    // disjoint lines, and both having lines falls in one of the two counts). 6,046 - 400 - 168
    // = 5,478.
    let shape = Shape::new(3, 3, 3).unwrap();
    let valid_counts = (0..3u32.pow(9))
        .map(|code| masks_of(code, 9))
        .filter(|(x, o)| x.count_ones() == o.count_ones() || x.count_ones() == o.count_ones() + 1)
        .count();
    assert_eq!(valid_counts, 6_046);
    assert_eq!(MnkSpace::new(shape).len(), 6_046 - 400 - 168);
}

#[test]
fn transposed_games_have_the_same_counts_and_values() {
    for (m, n, k) in [(4, 3, 3), (2, 5, 3), (1, 7, 3), (2, 4, 2)] {
        let (a, b) = (Shape::new(m, n, k).unwrap(), Shape::new(n, m, k).unwrap());
        let (sa, sb) = (MnkSpace::new(a), MnkSpace::new(b));
        assert_eq!(sa.len(), sb.len(), "{a}");
        let (ta, tb) = (sa.solve(), sb.solve());
        assert_eq!(ta.counts(), tb.counts(), "{a}");
        assert_eq!(ta.get(sa.rank(&Board::empty(a))), tb.get(sb.rank(&Board::empty(b))), "{a}");
    }
}

#[test]
fn unreachable_boards_are_rejected_with_their_reason() {
    let shape = Shape::new(3, 3, 3).unwrap();
    let board = |rows: &[&str]| Board::from_rows(shape, rows);
    assert_eq!(
        board(&["XX.", "...", "..."]).unwrap_err(),
        "X has 2 marks and O has 0: X moves first, so X has as many marks as O or one more"
    );
    assert_eq!(
        board(&["XXX", "OOO", "..."]).unwrap_err(),
        "both players have a line (X a1 b1 c1, O a2 b2 c2): play stops at the first completed line"
    );
    assert_eq!(
        board(&[".XO", "OX.", "OX."]).unwrap_err(),
        "X has a line (b1 b2 b3) and O moved after it: play stops at the first completed line"
    );
    // X completed the top row and the left column with its last move, on a1: reachable.
    assert!(board(&["XXX", "XOO", "XOO"]).is_ok());
    let big = Shape::new(4, 4, 3).unwrap();
    let e = Board::new(big, 0b0111_0000_0000_0111, 0b0000_0110_1011_0000).unwrap_err();
    assert_eq!(
        e.to_string(),
        "X's lines a1 b1 c1 and a4 b4 c4 share no cell: the last move completes only lines through its own cell"
    );
    assert_eq!(e.cell(), Some(12));
    // Three lines that meet two by two but not all at once (a triangle) on 4 x 4, k = 3.
    let x = [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (1, 1)].iter().fold(0u16, |m, &(r, c)| m | 1 << big.cell(r, c));
    let o = [(0, 3), (1, 3), (2, 1), (3, 2), (3, 0)].iter().fold(0u16, |m, &(r, c)| m | 1 << big.cell(r, c));
    match Board::new(big, x, o) {
        Err(BoardError::NoCommonCell { player: Player::X, lines, .. }) => assert_eq!(lines.len(), 3, "{lines:?}"),
        other => panic!("a triangle of lines: {other:?}"),
    }
}

#[test]
fn the_plain_rules_read_lines_off_the_grid() {
    let shape = Shape::new(2, 3, 2).unwrap();
    let plain = |rows: &[&str]| PlainBoard::from_board(&Board::from_rows(shape, rows).unwrap());
    let rules = PlainRules::new(2);
    // A diagonal of two, b1 a2, in either direction.
    assert!(rules.has_line(&plain(&[".XO", "X.."]), mnk::plain::Mark::X));
    assert!(!rules.has_line(&plain(&["X.O", "..X"]), mnk::plain::Mark::X));
    assert_eq!(plain(&["X.O", "..."]).cells.len(), 6);
}

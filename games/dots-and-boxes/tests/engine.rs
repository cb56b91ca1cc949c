//! The score DP against the naive oracle on sets of segments, the ranking, the moves on ids,
//! and the symmetry laws. PROPTEST_CASES raises the number of random cases.

use dots_and_boxes::plain::PlainDots;
use dots_and_boxes::{Board, Dot, DotsAndBoxes, Lines, Rule};
use oracle::{Budget, ScoreOracle};
use proptest::prelude::*;
use solver_core::{ScoreValue, ScoredMove, ScoringRules, ScoringSpace, StateId, StateSpace, score_table};
use std::sync::OnceLock;

fn solve(game: &DotsAndBoxes) -> Vec<i8> {
    score_table::<i8, _>(game).expect("dots and boxes is acyclic and fits i8")
}

/// Every position of `game` has the oracle's value.
fn assert_equals_oracle<V: ScoreValue>(game: &DotsAndBoxes, values: &[V]) -> Result<(), TestCaseError> {
    let board = game.board();
    let plain = PlainDots { rows: board.rows(), cols: board.cols(), rule: game.rule() };
    let mut oracle = ScoreOracle::new(&plain, Budget::new(1 << 17));
    for id in StateId::all(game.len()) {
        let lines = game.unrank(id);
        let expected = oracle.value(&PlainDots::from_lines(&board, lines)).expect("within budget");
        let found: i64 = values[id.index()].into();
        prop_assert_eq!(found, expected, "{}x{} {:?} at {:#b}", board.rows(), board.cols(), game.rule(), lines);
    }
    Ok(())
}

/// The full 3x3 table under each rule, solved once per test binary.
fn full_3x3(rule: Rule) -> &'static [i8] {
    static TABLES: [OnceLock<Vec<i8>>; 2] = [OnceLock::new(), OnceLock::new()];
    let slot = &TABLES[Rule::ALL.iter().position(|&r| r == rule).expect("a rule")];
    slot.get_or_init(|| solve(&DotsAndBoxes::new(Board::new(3, 3).unwrap(), rule)))
}

#[test]
fn every_position_of_every_board_up_to_2x2_equals_the_oracle() {
    for (rows, cols) in [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (2, 2)] {
        for rule in Rule::ALL {
            let game = DotsAndBoxes::new(Board::new(rows, cols).unwrap(), rule);
            assert_equals_oracle(&game, &solve(&game)).unwrap();
        }
    }
}

#[test]
fn hand_checked_small_boards() {
    let value = |rows, cols, rule| solve(&DotsAndBoxes::new(Board::new(rows, cols).unwrap(), rule))[0];
    // One box: the second player draws the fourth line, under either rule.
    assert_eq!(value(1, 1, Rule::TurnPasses), -1);
    assert_eq!(value(1, 1, Rule::MoveAgain), -1);
    // 1x2 with the turn passing: the first player draws the middle line 2-5; then whichever
    // box the second player starts, the first starts the other, leaving each box two lines
    // short. The second player must then bring a box to one line short, the first closes it,
    // the second must bring the other box to one short, and the first closes that too: 2-0.
    assert_eq!(value(1, 2, Rule::TurnPasses), 2);
}

/// Checked by hand: on one box nothing closes before the fourth line, so under either rule
/// whoever draws the last line takes the box: with `r` lines left the player to move ends +1 if
/// `r` is odd, -1 if `r` is even, and 0 on the full board.
#[test]
fn every_position_of_one_box_drawn_with_its_values() {
    let board = Board::new(1, 1).unwrap();
    let values = Rule::ALL.map(|rule| solve(&DotsAndBoxes::new(board, rule)));
    let mut text = String::new();
    for lines in 0..16u32 {
        let names: Vec<String> = (0..4).filter(|e| lines >> e & 1 == 1).map(|e| board.line_name(e)).collect();
        text += &format!("drawn: {}\n", if names.is_empty() { "none".to_string() } else { names.join(" ") });
        text += &board.draw(lines, |_, _| None);
        for (rule, values) in Rule::ALL.iter().zip(&values) {
            text += &format!("{}: {:+}\n", rule.name(), values[lines as usize]);
        }
    }
    insta::assert_snapshot!(text);
}

#[test]
fn rank_and_unrank_round_trip_and_the_empty_start_ranks_by_mask() {
    let board = Board::new(2, 2).unwrap();
    let game = DotsAndBoxes::new(board, Rule::MoveAgain);
    for id in StateId::all(game.len()) {
        assert_eq!(game.unrank(id), id.as_u32());
        assert_eq!(game.rank(&id.as_u32()), id);
    }
}

/// A board up to 2x3 (either way round), a rule, and a start leaving at most `max_free` lines.
fn small_position(max_free: usize) -> impl Strategy<Value = (Board, Rule, Lines)> {
    let sizes = prop_oneof![
        Just((1, 1)),
        Just((1, 2)),
        Just((2, 1)),
        Just((1, 3)),
        Just((3, 1)),
        Just((2, 2)),
        Just((2, 3)),
        Just((3, 2))
    ];
    (sizes, any::<bool>()).prop_flat_map(move |((rows, cols), again)| {
        let board = Board::new(rows, cols).unwrap();
        let rule = if again { Rule::MoveAgain } else { Rule::TurnPasses };
        start_leaving(board, max_free).prop_map(move |start| (board, rule, start))
    })
}

/// A random set of lines of `board` leaving at most `max_free` undrawn.
fn start_leaving(board: Board, max_free: usize) -> impl Strategy<Value = Lines> {
    let lines = board.lines();
    let order: Vec<usize> = (0..lines).collect();
    (Just(order).prop_shuffle(), lines.saturating_sub(max_free)..=lines)
        .prop_map(|(order, drawn)| order[..drawn].iter().fold(0, |m, &e| m | 1 << e))
}

/// The 3x3 board under a random rule from a start leaving at most 12 lines.
fn position_3x3() -> impl Strategy<Value = (Rule, Lines)> {
    (any::<bool>(), start_leaving(Board::new(3, 3).unwrap(), 12))
        .prop_map(|(again, start)| (if again { Rule::MoveAgain } else { Rule::TurnPasses }, start))
}

/// A map of dots from one board onto another.
type DotMap = Box<dyn Fn(Dot) -> Dot>;

/// Each symmetry of a board as (the board it maps to, the map of dots): the identity, the two
/// mirrors and the half turn keep the board; the transposes and quarter turns swap rows and
/// columns (the same board when it is square).
fn symmetries(board: Board) -> Vec<(Board, DotMap)> {
    let (r, c) = (board.rows() as u8, board.cols() as u8);
    let turned = Board::new(board.cols(), board.rows()).unwrap();
    let dot = |row: u8, col: u8| Dot { row, col };
    vec![
        (board, Box::new(move |d: Dot| dot(d.row, d.col))),
        (board, Box::new(move |d: Dot| dot(d.row, c - d.col))),
        (board, Box::new(move |d: Dot| dot(r - d.row, d.col))),
        (board, Box::new(move |d: Dot| dot(r - d.row, c - d.col))),
        (turned, Box::new(move |d: Dot| dot(d.col, d.row))),
        (turned, Box::new(move |d: Dot| dot(c - d.col, r - d.row))),
        (turned, Box::new(move |d: Dot| dot(d.col, r - d.row))),
        (turned, Box::new(move |d: Dot| dot(c - d.col, d.row))),
    ]
}

/// The lines `lines` of `from` mapped through a map of dots onto `to`.
fn map_lines(from: Board, to: Board, map: &dyn Fn(Dot) -> Dot, lines: Lines) -> Lines {
    (0..from.lines()).filter(|&e| lines >> e & 1 == 1).fold(0, |m, e| {
        let (a, b) = from.line(e);
        m | 1 << to.line_between(map(a), map(b)).expect("a symmetry maps lines to lines")
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(48),
        ..ProptestConfig::default()
    })]

    #[test]
    fn the_dp_from_any_start_equals_the_oracle((board, rule, start) in small_position(10)) {
        let game = DotsAndBoxes::from_position(board, rule, start);
        assert_equals_oracle(&game, &solve(&game))?;
    }

    #[test]
    fn positions_of_3x3_with_at_most_12_free_lines_equal_the_oracle_and_the_full_table((rule, start) in position_3x3()) {
        let game = DotsAndBoxes::from_position(Board::new(3, 3).unwrap(), rule, start);
        let values = solve(&game);
        assert_equals_oracle(&game, &values)?;
        let full = full_3x3(rule);
        for id in StateId::all(game.len()) {
            prop_assert_eq!(values[id.index()], full[game.unrank(id) as usize]);
        }
    }

    #[test]
    fn ranks_round_trip_and_every_way_of_listing_moves_agrees((board, rule, start) in small_position(12)) {
        let game = DotsAndBoxes::from_position(board, rule, start);
        let (mut fast, mut plain) = (Vec::new(), Vec::new());
        for id in StateId::all(game.len()) {
            let lines = game.unrank(id);
            prop_assert_eq!(lines & start, start);
            prop_assert_eq!(game.rank(&lines), id);
            fast.clear();
            plain.clear();
            game.scored_move_ids(id, &mut fast);
            game.scored_moves(&lines, &mut plain);
            let plain: Vec<ScoredMove<StateId>> =
                plain.iter().map(|m| ScoredMove { to: game.rank(&m.to), gain: m.gain, again: m.again }).collect();
            prop_assert_eq!(&fast, &plain);
            let mut visited = Vec::new();
            game.visit_scored_move_ids(id, &mut Vec::new(), &mut |m| visited.push(m));
            prop_assert_eq!(&visited, &fast);
        }
    }

    /// A position's value does not change under the board's symmetries (mirrors, half turn,
    /// and for square boards the quarter turns and transposes; a non-square board's transpose
    /// is the other board, which must agree too).
    #[test]
    fn symmetric_positions_have_equal_values((board, rule, start) in small_position(12)) {
        let value = |b: Board, lines: Lines| {
            let game = DotsAndBoxes::from_position(b, rule, lines);
            solve(&game)[0]
        };
        let expected = value(board, start);
        for (to, map) in symmetries(board) {
            prop_assert_eq!(value(to, map_lines(board, to, &*map, start)), expected);
        }
    }

    #[test]
    fn symmetric_3x3_positions_have_equal_values_in_the_full_table(rule in prop_oneof![Just(Rule::TurnPasses), Just(Rule::MoveAgain)], lines in 0..1u32 << 24) {
        let board = Board::new(3, 3).unwrap();
        let full = full_3x3(rule);
        for (to, map) in symmetries(board) {
            prop_assert_eq!(full[map_lines(board, to, &*map, lines) as usize], full[lines as usize]);
        }
    }
}

//! The score DP against the naive oracle on sets of segments, the space (ranking, moves on ids)
//! against the plain rules, and the symmetry laws. PROPTEST_CASES raises the number of random
//! cases.

use dots_and_boxes::plain::PlainDots;
use dots_and_boxes::{Board, Dot, DotsAndBoxes, Lines, Record, Rule};
use oracle::{Budget, ScoreOracle};
use proptest::prelude::*;
use solver_core::{ScoreValue, ScoringRules, StateId, StateSpace, score_table};
use std::sync::OnceLock;
use workbench::check::OracleSide;
use workbench::space::{check_scoring_space, every_id};

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

/// Every whole space from the empty board up to 2x2, under both rules, against the plain rules.
#[test]
fn every_space_up_to_2x2_is_the_plain_rules() {
    for (rows, cols) in [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (2, 2)] {
        let board = Board::new(rows, cols).unwrap();
        for rule in Rule::ALL {
            let game = DotsAndBoxes::new(board, rule);
            let plain = PlainDots { rows, cols, rule };
            let to_plain = |lines: &Lines| PlainDots::from_lines(&board, *lines);
            check_scoring_space(&game, &OracleSide { rules: &plain, state: &to_plain }, every_id(&game))
                .unwrap_or_else(|e| panic!("{rows}x{cols} {}: {e}", rule.name()));
        }
    }
}

/// The registered fuzz body on a few byte strings: boards 1x1 to 3x3, both rules, starts and
/// positions wrapped into the space.
#[test]
fn the_fuzz_body_accepts_positions_of_every_small_space() {
    for seed in 0..64u8 {
        let data: Vec<u8> = (0..11).map(|i| seed.wrapping_mul(37).wrapping_add(i * 101)).collect();
        dots_and_boxes::rank_dots_and_boxes(&data).unwrap_or_else(|e| panic!("{data:?}: {e}"));
    }
    dots_and_boxes::rank_dots_and_boxes(&[]).unwrap();
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

    /// The whole space after a random start against the plain rules on sets of segments: the
    /// ranking round-trips, and the moves on ids (listed and visited) are the plain moves, with
    /// the same gains and extra moves.
    #[test]
    fn the_space_after_any_start_is_the_plain_rules((board, rule, start) in small_position(12)) {
        let game = DotsAndBoxes::from_position(board, rule, start);
        for id in StateId::all(game.len()) {
            prop_assert_eq!(game.unrank(id) & start, start);
        }
        let plain = PlainDots { rows: board.rows(), cols: board.cols(), rule };
        let to_plain = |lines: &Lines| PlainDots::from_lines(&board, *lines);
        check_scoring_space(&game, &OracleSide { rules: &plain, state: &to_plain }, every_id(&game))
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
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

/// Checked by hand on 1x2 (dots 1 2 3 over 4 5 6): 1-2, 4-5, 1-4, then 2-5 closes the left box
/// for the second player; then 2-3, 5-6, 3-6 closes the right box. With the extra move the
/// second player keeps the turn after 2-5 and draws 2-3 too, so the first draws 5-6 and the
/// second closes the right box as well (2-0); with the turn passing, the first player draws 2-3,
/// the second 5-6, and the first closes the right box (1-1).
#[test]
fn a_record_keeps_the_score_and_the_turn_by_the_rule() {
    let board = Board::new(1, 2).unwrap();
    let line = |a, b| board.line_between_numbers(a, b).unwrap();
    let order = [(1, 2), (4, 5), (1, 4), (2, 5), (2, 3), (5, 6), (3, 6)];
    for (rule, boxes, movers) in
        [(Rule::MoveAgain, [0, 2], [0, 1, 0, 1, 1, 0, 1]), (Rule::TurnPasses, [1, 1], [0, 1, 0, 1, 0, 1, 0])]
    {
        let mut record = Record::new(board, rule);
        for (&(a, b), mover) in order.iter().zip(movers) {
            assert_eq!(record.to_move(), mover, "{} before {a}-{b}", rule.name());
            record.draw(line(a, b));
        }
        assert!(record.is_over());
        assert_eq!([record.boxes(0), record.boxes(1)], boxes, "{}", rule.name());
        assert_eq!(record.owner(0, 0), Some(1));
        assert_eq!(record.final_lead(0, 0), i64::from(boxes[0]) - i64::from(boxes[1]));
    }
}

proptest! {
    /// Any game played to the end in a random order: each line closes the boxes, and passes the
    /// turn, exactly as the plain rules' move to that set of segments says.
    #[test]
    fn a_record_follows_the_plain_rules((board, rule, order) in small_board().prop_flat_map(|(board, rule)| {
        (Just(board), Just(rule), Just((0..board.lines()).collect::<Vec<_>>()).prop_shuffle())
    })) {
        let plain = PlainDots { rows: board.rows(), cols: board.cols(), rule };
        let mut record = Record::new(board, rule);
        let mut moves = Vec::new();
        for e in order {
            let before = PlainDots::from_lines(&board, record.drawn());
            let after = PlainDots::from_lines(&board, record.drawn() | 1 << e);
            moves.clear();
            plain.scored_moves(&before, &mut moves);
            let expected = moves.iter().find(|m| m.to == after).expect("a free line is a plain move");
            let mover = record.to_move();
            prop_assert_eq!(record.draw(e) as i32, expected.gain);
            prop_assert_eq!(record.to_move() == mover, expected.again);
        }
        prop_assert!(record.is_over());
        prop_assert_eq!((record.boxes(0) + record.boxes(1)) as usize, board.boxes());
        let picture = record.picture(['A', 'B']);
        prop_assert_eq!(picture.matches(['A', 'B']).count(), board.boxes());
    }
}

/// A board up to 2x3 (either way round) and a rule.
fn small_board() -> impl Strategy<Value = (Board, Rule)> {
    small_position(0).prop_map(|(board, rule, _)| (board, rule))
}

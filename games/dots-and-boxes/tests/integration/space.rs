//! The registered space `dots-and-boxes` as the whole-space commands open it: its verified
//! sizes, its parameters refused before anything is built, its notation (position `n` is the
//! set of lines `n`), its engines at each size, its tiers, and the tiered table's own histogram
//! and most extreme position against a reading of every position.

use dots_and_boxes::tiers::{Symmetry, solve_board};
use dots_and_boxes::{Board, DotsAndBoxes, REGISTRATION, Rule, SIZES};
use solver_core::score_table;
use std::collections::HashMap;
use workbench::solve::{SolvableGame, SolveError, Solved, parse_position};
use workbench::table_file::Value;

fn open(words: &str) -> Result<Box<dyn SolvableGame>, String> {
    REGISTRATION.spaces[0].open_words(words)
}

#[test]
fn the_verified_sizes_are_every_small_board_under_both_rules() {
    let space = &REGISTRATION.spaces[0];
    let expected: Vec<String> = SIZES
        .iter()
        .flat_map(|(rows, cols)| Rule::ALL.map(|rule| format!("rows={rows} cols={cols} rule={}", rule.name())))
        .collect();
    assert_eq!(space.verified, expected);
    // The golden sizes of the solve target this space replaced are among them.
    for golden in ["1 cols=1", "1 cols=2", "2 cols=2", "2 cols=3", "3 cols=3"] {
        for rule in ["turn-passes", "move-again"] {
            let words = format!("rows={golden} rule={rule}");
            assert!(space.verified.contains(&words.as_str()), "{words}");
        }
    }
    for words in space.verified {
        open(words).unwrap_or_else(|e| panic!("{words}: {e}"));
    }
}

#[test]
fn boards_past_31_lines_and_bad_parameters_are_refused_with_a_message() {
    // 4x4 has 4 * 5 + 4 * 5 = 40 lines.
    let error = open("rows=4 cols=4").err().unwrap();
    assert!(error.contains("40 lines") && error.contains("at most 31"), "{error}");
    for bad in ["rows=0", "rows=9", "cols=x", "rule=standard", "boxes=3", "rows=2 rows=3"] {
        assert!(open(bad).is_err(), "{bad}");
    }
}

#[test]
fn the_score_dp_engines_run_only_up_to_27_lines() {
    // 3x3: 24 lines; 2x5: 27; 3x4: 31.
    let all = ["tiers-symmetric", "tiers", "score-dp", "parallel-score-dp"];
    assert_eq!(open("").unwrap().engines(), all);
    assert_eq!(open("rows=2 cols=5").unwrap().engines(), all);
    let large = open("rows=3 cols=4 rule=move-again").unwrap();
    assert_eq!((large.positions(), large.start()), (1 << 31, 0));
    assert_eq!(large.engines(), ["tiers-symmetric", "tiers"]);
    for engine in ["score-dp", "parallel-score-dp"] {
        let refused = large.solve(engine).err().unwrap();
        assert!(matches!(refused, SolveError::NotHere { .. }), "{refused}");
        let refused = refused.to_string();
        assert!(refused.contains("does not run here") && refused.contains("27 lines"), "{refused}");
    }
    assert!(matches!(large.solve("nonsense"), Err(SolveError::UnknownEngine { .. })));
}

#[test]
fn positions_are_sets_of_lines_in_the_judges_notation() {
    let game = open("rows=3 cols=3").unwrap();
    // Lines are numbered horizontal ones first, row by row, then vertical ones: 1-2 is line 0
    // and 2-6 (row 0, column 1 of the vertical lines) is line 12 + 1.
    let index = 1 << 0 | 1 << 13;
    assert_eq!(game.describe(index), "1-2 2-6");
    assert_eq!(game.describe(0), "empty");
    for text in ["1-2 2-6", "2-6, 1-2", " 6-2 2-1 "] {
        assert_eq!(parse_position(game.as_ref(), text), Ok(index), "{text}");
    }
    assert_eq!(parse_position(game.as_ref(), "empty"), Ok(0));
    assert_eq!(parse_position(game.as_ref(), "#8193"), Ok(index));
    for bad in ["1-3", "1-2 1-2", "0-1", "17-18", "x", "#16777216"] {
        assert!(parse_position(game.as_ref(), bad).is_err(), "{bad}");
    }
    // Every position of a small board round-trips, and a move draws its line.
    let small = open("rows=1 cols=2").unwrap();
    for index in 0..small.positions() {
        assert_eq!(small.parse(&small.describe(index)), Ok(index), "{}", small.describe(index));
    }
    let moves = small.moves(0);
    let names: Vec<&str> = moves.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["1-2", "2-3", "4-5", "5-6", "1-4", "2-5", "3-6"]);
    assert!(moves.iter().enumerate().all(|(e, m)| m.parts == [1 << e] && m.gain == 0 && !m.again));
}

#[test]
fn every_engine_gives_the_score_dp_table() {
    for words in ["rows=2 cols=2 rule=turn-passes", "rows=1 cols=3 rule=move-again"] {
        let game = open(words).unwrap();
        let args = REGISTRATION.spaces[0].args(words).unwrap();
        let board = Board::new(args.number("rows"), args.number("cols")).unwrap();
        let reference =
            score_table::<i8, _>(&DotsAndBoxes::new(board, Rule::from_name(args.text("rule")).unwrap())).unwrap();
        for engine in game.engines() {
            let solved = game.solve(engine).unwrap();
            assert_eq!(solved.len(), reference.len() as u64);
            for (index, &v) in reference.iter().enumerate() {
                assert_eq!(solved.value(index as u64), Value::Score(i64::from(v)), "{words} {engine} #{index}");
            }
        }
    }
}

#[test]
fn the_tiers_are_the_last_lines() {
    let game = open("rows=3 cols=3").unwrap();
    // 24 lines: the last 4 by default, tiers of 2^20 positions.
    let tiers = game.tiers(None).unwrap();
    assert_eq!((tiers.name(), tiers.tier_count(), tiers.first_position(1)), ("group=4".to_string(), 16, 1 << 20));
    assert_eq!(game.tiers(Some("group=6")).unwrap().tier_count(), 64);
    assert!(game.tiers(Some("lines")).err().unwrap().contains("group=G"));
    assert!(game.tiers(Some("group=x")).is_err());
}

/// The tiered table's histogram and most extreme position (read from its stored blocks) are
/// what reading every position gives: the count of each value, and the least position of the
/// largest value.
#[test]
fn the_tiered_tables_summary_is_every_positions() {
    for (rows, cols) in [(1, 1), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3)] {
        let board = Board::new(rows, cols).unwrap();
        for rule in Rule::ALL {
            for symmetry in Symmetry::ALL {
                let table = solve_board(board, rule, symmetry).unwrap();
                let mut counts: HashMap<Value, u64> = HashMap::new();
                let (mut best, mut at) = (i64::MIN, 0);
                for index in 0..Solved::len(&table) {
                    let value = Solved::value(&table, index);
                    *counts.entry(value).or_insert(0) += 1;
                    if let Value::Score(s) = value
                        && s > best
                    {
                        (best, at) = (s, index);
                    }
                }
                let what = format!("{rows}x{cols} {rule:?} {symmetry:?}");
                assert_eq!(Solved::histogram(&table), counts, "{what}");
                assert_eq!(Solved::extreme(&table), Some(at), "{what}");
                assert!(Solved::bytes(&table) >= table.stored_bytes(), "{what}");
            }
        }
    }
}

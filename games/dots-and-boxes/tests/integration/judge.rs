//! HDU 4753 end to end through the crate's own problem: every engine of `hdu4753` agrees with
//! the others and with the oracle on random games, the
//! differential check (engine, verifier, oracle) passes on random positions, bad bytes never
//! panic, and `explain` reads as checked by hand.

use dots_and_boxes::plain::PlainDots;
use dots_and_boxes::{Board, DotsAndBoxes, Hdu4753, Lines, Rule};
use judge::{AnyProblem, JudgeError};
use oracle::Budget;
use proptest::prelude::*;
use workbench::check::{OracleCheck, OracleSide, check_scores};

fn hdu() -> &'static dyn AnyProblem {
    &Hdu4753
}

/// HDU 4753's 24 segments as point pairs.
fn segments() -> Vec<(u32, u32)> {
    let rows = (1..16).filter(|i| i % 4 != 0).map(|i| (i, i + 1));
    rows.chain((1..=12).map(|i| (i, i + 4))).collect()
}

/// A game: a random order of the segments, each written either way round, cut after n moves.
fn game(min_moves: usize) -> impl Strategy<Value = String> {
    (Just(segments()).prop_shuffle(), proptest::collection::vec(any::<bool>(), 24), min_moves..=24).prop_map(
        |(order, flips, n)| {
            let mut text = format!("{n}\n");
            for (&(a, b), flip) in order.iter().zip(flips).take(n) {
                let (x, y) = if flip { (b, a) } else { (a, b) };
                text += &format!("{x} {y}\n");
            }
            text
        },
    )
}

fn input(games: Vec<String>) -> String {
    format!("{}\n{}", games.len(), games.concat())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(32),
        ..ProptestConfig::default()
    })]

    /// Every n from 0: the whole-board table (solved once per test binary) and the choice of
    /// `auto`; per case from n >= 8 (a debug build solves 2^16 positions a case quickly).
    #[test]
    fn table_auto_and_per_case_agree(games in proptest::collection::vec(game(0), 1..=6), more in proptest::collection::vec(game(8), 1..=3)) {
        let table = hdu().judge(&input(games.clone()), "table").unwrap();
        prop_assert_eq!(&hdu().judge(&input(games), "auto").unwrap(), &table);
        let table = hdu().judge(&input(more.clone()), "table").unwrap();
        prop_assert_eq!(&hdu().judge(&input(more), "per-case").unwrap(), &table);
    }

    #[test]
    fn every_engine_equals_the_oracle_from_n_11(games in proptest::collection::vec(game(11), 1..=4)) {
        let text = input(games);
        let expected = hdu().judge(&text, "oracle").unwrap();
        for engine in ["auto", "table", "per-case"] {
            prop_assert_eq!(&hdu().judge(&text, engine).unwrap(), &expected, "{}", engine);
        }
    }

    /// The engine, the verifier and the oracle on every position after a random start.
    #[test]
    fn the_differential_check_passes_from_random_starts(rows in 1..=3usize, cols in 1..=3usize, again in any::<bool>(), seed in any::<u32>()) {
        let board = Board::new(rows, cols).unwrap();
        let rule = if again { Rule::MoveAgain } else { Rule::TurnPasses };
        // Keep at most 10 lines free: draw every line whose bit in a mixed seed is set, and
        // then the lowest lines until 10 are left.
        let mut start: Lines = seed.wrapping_mul(0x9E37_79B9) & board.all_lines();
        for e in 0..board.lines() {
            if board.lines() - (start.count_ones() as usize) <= 10 {
                break;
            }
            start |= 1 << e;
        }
        let game = DotsAndBoxes::from_position(board, rule, start);
        let plain = PlainDots { rows, cols, rule };
        let to_plain = |lines: &Lines| PlainDots::from_lines(&board, *lines);
        let checked = check_scores::<i8, _, _>(&game, Some(OracleSide { rules: &plain, state: &to_plain }), Budget::new(1 << 12))
            .map_err(|f| TestCaseError::fail(f.to_string()))?;
        prop_assert!(matches!(checked.oracle, OracleCheck::Agreed { .. }), "{:?}", checked.oracle);
    }
}

#[test]
fn bad_bytes_never_panic_and_every_engine_agrees() {
    let seeds: &[&[u8]] = &[
        b"",
        b"1\n0\n",
        b"1\n1\n1 2\n",
        b"1\n2\n1 2\n2 1\n",
        b"1\n1\n4 5\n",
        b"1\n1\n0 1\n",
        b"1\n1\n16 17\n",
        b"1\n25\n",
        b"99999999999999999999999999999999\n",
        b"1000000\n0\n",
        b"2\n24\n",
        b"1\n1\n1\t2 3",
        b"\xff\xfe",
        b"1\n1\n+1 -2\n",
    ];
    for data in seeds {
        workbench::fuzz::judge_bytes(hdu(), data).unwrap_or_else(|e| panic!("{data:?}: {e}"));
    }
}

#[test]
fn bad_input_is_an_input_error_at_the_repeated_segment_from_every_engine() {
    // The command line prints this message after `gamesolve: hdu4753: <file>: ` and exits 2.
    for &engine in hdu().engines() {
        let err = hdu().judge("1\n3\n1 2\n5 6\n2 1\n", engine).unwrap_err();
        assert!(matches!(err, JudgeError::Input(_)), "{engine}: {err:?}");
        assert_eq!(err.to_string(), "line 5, column 1: move 3 of case 1 draws 2-1 again (move 1 drew it)");
    }
}

/// Checked by hand (see the corpus case hand-three-left): after 21 moves Tom has closed 0-1 and
/// 2-0 (row-column), Jerry 0-0, 0-2 and 1-0; Jerry to move. 7-11 closes the two middle-right
/// boxes (+2), then Tom's 11-15 closes 2-1 and Jerry's 12-16 closes 2-2: Jerry +2 in all, 3-6.
/// 11-15 or 12-16 first nets Jerry 0. The complete board of the second case is the corpus case
/// hand-complete-board-tom-5-4: Tom owns 0-0, 0-2, 1-0, 1-2 and 2-0.
#[test]
fn explain_draws_the_board_and_the_optimal_play() {
    let input = "2\n21\n1 2\n2 3\n3 4\n5 6\n6 7\n7 8\n9 10\n10 11\n11 12\n13 14\n14 15\n15 16\n1 5\n2 6\n3 7\n4 8\n\
                 5 9\n6 10\n8 12\n9 13\n10 14\n\
                 24\n1 2\n2 3\n3 4\n5 6\n6 7\n7 8\n9 10\n10 11\n11 12\n13 14\n14 15\n1 5\n2 6\n3 7\n4 8\n5 9\n6 10\n\
                 7 11\n8 12\n9 13\n10 14\n11 15\n12 16\n16 15\n";
    let text: Vec<String> = hdu().explain(input).unwrap().iter().map(|c| c.to_text()).collect();
    insta::assert_snapshot!("explain_hdu4753", text.join("\n"));
}

/// The registered space's `verify` check of the boards up to 2x2, each against the oracle,
/// and its `stats` on a small board.
#[test]
fn the_registered_space_checks_and_summarizes_small_boards() {
    let space = &dots_and_boxes::REGISTRATION.spaces[0];
    assert_eq!(space.verified.len(), dots_and_boxes::SIZES.len() * 2);
    let small = ["rows=1 cols=1", "rows=1 cols=2", "rows=1 cols=3", "rows=2 cols=2"];
    for words in space.verified.iter().filter(|w| small.iter().any(|s| w.starts_with(s))) {
        let game = space.open_words(words).unwrap_or_else(|e| panic!("{words}: {e}"));
        let row = game.check(Budget::new(1 << 17)).unwrap_or_else(|e| panic!("{words}: {e}"));
        assert!(matches!(row.oracle, OracleCheck::Agreed { .. }), "{words}: {:?}", row.oracle);
        // Worked by hand: on one box every first move is as good as any other, and the second
        // player closes the box (the `hand_checked_small_boards` test of tests/integration/engine.rs).
        if words.starts_with("rows=1 cols=1") {
            assert_eq!(row.summary.split("; ").nth(1), Some("start -1, best any of 4"), "{}", row.summary);
        }
    }
    let report = space.open_words("rows=1 cols=2").unwrap().stats();
    assert_eq!(report.positions, 1 << 7);
}

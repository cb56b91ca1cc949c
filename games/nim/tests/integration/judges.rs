//! The Nim family's judge problems (hdu1849, hdu1730, hdu1851) end to end, through the crate's
//! own registration: explain snapshots, and on random small inputs every engine prints what the oracle prints, the oracle
//! having searched whole positions (every piece, row or pile at once; the real Northcott board
//! with its retreats) without Grundy theory. Bad and truncated input never panics and every
//! engine reports it the same way.

use judge::{AnyProblem, Explanation};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use std::fmt::Write;
use workbench::fuzz::judge_bytes;

fn problem(id: &str) -> &'static dyn AnyProblem {
    *nim::REGISTRATION.problems.iter().find(|p| p.id() == id).expect("registered")
}

/// Every engine's answer, which must all be the oracle's; the oracle must not decline.
fn all_engines_agree_with_the_oracle(id: &str, input: &str) -> Result<(), TestCaseError> {
    let problem = problem(id);
    let expected = problem.judge(input, "oracle").map_err(|e| TestCaseError::fail(format!("oracle: {e}\n{input}")))?;
    for &engine in problem.engines() {
        let out = problem.judge(input, engine).map_err(|e| TestCaseError::fail(format!("{engine}: {e}")))?;
        prop_assert_eq!(&out, &expected, "{} on\n{}", engine, input);
    }
    Ok(())
}

/// hdu1849 input: cases of pieces' cells, then the terminating 0.
fn hdu1849_input() -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::collection::vec(0..=7u32, 1..=4), 1..=4).prop_map(|cases| {
        let mut input = String::new();
        for cells in cases {
            let cells: Vec<String> = cells.iter().map(u32::to_string).collect();
            writeln!(input, "{}\n{}", cells.len(), cells.join(" ")).unwrap();
        }
        input + "0\n"
    })
}

/// hdu1730 input: boards of up to 2 rows of 6 columns or 3 rows of 5, each row's pieces on
/// distinct cells, Tom's piece left or right of Jerry's.
fn hdu1730_input() -> impl Strategy<Value = String> {
    let board = (2..=6u32).prop_flat_map(|m| {
        let row = (1..=m, 1..m).prop_map(move |(tom, other)| (tom, if other >= tom { other + 1 } else { other }));
        (Just(m), proptest::collection::vec(row, 1..=if m <= 5 { 3 } else { 2 }))
    });
    proptest::collection::vec(board, 1..=3).prop_map(|boards| {
        let mut input = String::new();
        for (m, rows) in boards {
            writeln!(input, "{} {m}", rows.len()).unwrap();
            for (tom, jerry) in rows {
                writeln!(input, "{tom} {jerry}").unwrap();
            }
            input += "\n";
        }
        input
    })
}

/// hdu1851 input: cases of up to 3 piles of at most 12 stones, taking at most 1 to 6.
fn hdu1851_input() -> impl Strategy<Value = String> {
    let case = proptest::collection::vec((1..=12u32, 1..=6u32), 1..=3);
    proptest::collection::vec(case, 1..=4).prop_map(|cases| {
        let mut input = format!("{}\n", cases.len());
        for piles in cases {
            writeln!(input, "{}", piles.len()).unwrap();
            for (stones, most) in piles {
                writeln!(input, "{stones} {most}").unwrap();
            }
        }
        input
    })
}

/// Text that looks like judge input: numbers, signs, junk and line breaks.
fn noise() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        6 => (0..=12u32).prop_map(|n| n.to_string()),
        1 => Just("-1".to_string()),
        1 => Just("x".to_string()),
        1 => Just("1001".to_string()),
        1 => Just("99999999999".to_string()),
    ];
    let sep = prop_oneof![3 => Just(" "), 2 => Just("\n"), 1 => Just("\n\n")];
    proptest::collection::vec((token, sep), 0..=24)
        .prop_map(|parts| parts.into_iter().map(|(t, s)| t + s).collect::<String>())
}

fn no_panic_and_engines_agree(id: &str, input: &str) -> Result<(), TestCaseError> {
    let problem = problem(id);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| judge_bytes(problem, input.as_bytes())));
    match result {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(TestCaseError::fail(format!("{id}: {e}\n{input}"))),
        Err(_) => Err(TestCaseError::fail(format!("{id} panicked on\n{input}"))),
    }
}

proptest! {
    // Shrunk failures are saved beside this file; turn each into a named corpus case.
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn hdu1849_every_engine_equals_the_whole_position_oracle(input in hdu1849_input()) {
        all_engines_agree_with_the_oracle("hdu1849", &input)?;
    }

    #[test]
    fn hdu1730_every_engine_equals_the_real_board_oracle(input in hdu1730_input()) {
        all_engines_agree_with_the_oracle("hdu1730", &input)?;
    }

    #[test]
    fn hdu1851_every_engine_equals_the_whole_position_oracle(input in hdu1851_input()) {
        all_engines_agree_with_the_oracle("hdu1851", &input)?;
    }

    #[test]
    fn bad_input_never_panics_and_every_engine_says_the_same(text in noise()) {
        for id in ["hdu1849", "hdu1730", "hdu1851"] {
            no_panic_and_engines_agree(id, &text)?;
        }
    }

    #[test]
    fn truncated_input_is_an_error_or_a_shorter_answer(
        input in prop_oneof![hdu1849_input(), hdu1730_input(), hdu1851_input()],
        cut in any::<prop::sample::Index>(),
    ) {
        let cut = &input[..cut.index(input.len() + 1)];
        for id in ["hdu1849", "hdu1730", "hdu1851"] {
            no_panic_and_engines_agree(id, cut)?;
        }
    }
}

#[test]
fn bad_input_is_an_error_at_its_place_for_every_engine() {
    let problem = problem("hdu1730");
    for &engine in problem.engines() {
        let err = problem.judge("1 5\n2 3\n2 5\n3 3\n", engine).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 4, column 3: Jerry's piece in row 1 of case 2 is on column 3, the cell of Tom's piece",
            "{engine}"
        );
    }
}

/// What `gamesolve explain` prints for `input`.
fn explain_text(id: &str, input: &str) -> String {
    problem(id).explain(input).unwrap().iter().map(Explanation::to_text).collect::<Vec<_>>().join("\n")
}

#[test]
fn explain_hdu1849_sample() {
    // Checked by hand: pieces on cells 3 and 5 are Nim heaps *3 and *5, xor *6, so Rabbit wins
    // by moving the piece on 5 to 3 (5 xor 6 = 3); 3, 5, 6 xor to 0: Grass wins.
    insta::assert_snapshot!("explain_hdu1849_sample", explain_text("hdu1849", "2\n3 5\n3\n3 5 6\n0\n"));
}

#[test]
fn explain_hdu1730_sample() {
    // Checked by hand: gaps 0, 0, 0 lose for Tom; gaps 0, 1, 0 win by closing the second row's
    // gap, Tom's piece from column 1 to column 2.
    insta::assert_snapshot!(
        "explain_hdu1730_sample",
        explain_text("hdu1730", "3 6\n4 5\n1 2\n1 2\n3 6\n4 5\n1 3\n1 2\n")
    );
}

#[test]
fn explain_hdu1851_sample() {
    // Checked by hand: a pile of 5 capped at 4 is worth 5 mod 5 = 0 (the teacher loses); piles
    // 1 (cap 1) and 2 (cap 2) are worth 1 and 2, xor 3: the teacher wins by taking 1 from pile 2.
    insta::assert_snapshot!("explain_hdu1851_sample", explain_text("hdu1851", "2\n1\n5 4\n2\n1 1\n2 2\n"));
}

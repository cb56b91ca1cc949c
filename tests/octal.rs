//! The octal judges (hdu2999, hdu3980) against a search of the whole position that knows no
//! Sprague-Grundy theory: the row of stones itself, or the actual circle of beads as a bit
//! mask, solved by `oracle::solve_loopy`. Every engine of each problem must print exactly what
//! the search implies. Also: any text as input makes no engine panic, and all engines agree.

use gamesolve::fuzz::judge_bytes;
use gamesolve::problems;
use octal::plain::{BeadCircle, Rows};
use oracle::{Budget, solve_loopy};
use proptest::prelude::*;
use solver_core::Outcome;
use std::fmt::Write;

const BUDGET: Budget = Budget { max_states: 200_000, max_depth: 1_000 };

/// One hdu2999 test case: a set with repeats allowed, and rows to ask about.
fn stone_case() -> impl Strategy<Value = (Vec<u32>, Vec<u32>)> {
    (proptest::collection::vec(1u32..=7, 1..=5), proptest::collection::vec(0u32..=16, 0..=6))
}

fn every_engine(id: &str, input: &str, expected: &str) -> Result<(), TestCaseError> {
    let problem = problems::find(id).expect("registered");
    for &engine in problem.engines() {
        let answer = problem.judge(input, engine).map_err(|e| TestCaseError::fail(format!("{engine}: {e}")))?;
        prop_assert_eq!(&answer, expected, "engine {} on input\n{}", engine, input);
    }
    Ok(())
}

proptest! {
    #[test]
    fn hdu2999_answers_what_a_search_of_the_row_says(cases in proptest::collection::vec(stone_case(), 1..=3)) {
        let (mut input, mut expected) = (String::new(), String::new());
        for (blocks, rows) in &cases {
            let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
            write!(input, "{}\n{}\n{}\n{}\n", blocks.len(), list(blocks), rows.len(), list(rows)).unwrap();
            let rules = Rows::new(blocks.iter().copied());
            for &k in rows {
                let start = if k == 0 { vec![] } else { vec![k] };
                let outcomes = solve_loopy(&rules, [start.clone()], BUDGET).unwrap();
                expected += if matches!(outcomes[&start], Outcome::Win(_)) { "1\n" } else { "2\n" };
            }
        }
        every_engine("hdu2999", &input, &expected)?;
    }

    #[test]
    fn hdu3980_answers_what_a_search_of_the_beads_says(circles in proptest::collection::vec((1u32..=13, 1u32..=14), 1..=8)) {
        let mut input = format!("{}\n", circles.len());
        let mut expected = String::new();
        for (k, &(n, m)) in circles.iter().enumerate() {
            writeln!(input, "{n} {m}").unwrap();
            let outcomes = solve_loopy(&BeadCircle::new(n, m).unwrap(), [0], BUDGET).unwrap();
            let winner = if matches!(outcomes[&0], Outcome::Win(_)) { "aekdycoin" } else { "abcdxyzk" };
            writeln!(expected, "Case #{}: {winner}", k + 1).unwrap();
        }
        every_engine("hdu3980", &input, &expected)?;
    }

    /// Numbers, near-numbers and junk in any layout: never a panic, and every engine gives the
    /// same output or the same error.
    #[test]
    fn any_text_is_answered_or_rejected_alike(tokens in proptest::collection::vec(
        prop_oneof![
            6 => (0u32..30).prop_map(|n| n.to_string()),
            1 => Just("1001".to_string()),
            1 => Just("-1".to_string()),
            1 => Just("x".to_string()),
            1 => Just("99999999999999999999".to_string()),
        ],
        0..24,
    ), newlines in any::<u32>()) {
        let mut text = String::new();
        for (i, token) in tokens.iter().enumerate() {
            text += token;
            text.push(if newlines >> (i % 32) & 1 == 1 { '\n' } else { ' ' });
        }
        for id in ["hdu2999", "hdu3980"] {
            let problem = problems::find(id).expect("registered");
            judge_bytes(problem, text.as_bytes()).map_err(TestCaseError::fail)?;
        }
    }
}

#[test]
fn the_circle_reduction_on_every_small_circle() {
    // hdu3980 by hand from the octal sequence: first player wins iff N >= M and G(N - M) = 0
    // for the code with d_M = 7, here against the beads themselves for every N, M <= 12.
    let problem = problems::find("hdu3980").expect("registered");
    let mut input = String::from("144\n");
    let mut expected = String::new();
    for n in 1..=12u32 {
        for m in 1..=12u32 {
            writeln!(input, "{n} {m}").unwrap();
            let outcomes = solve_loopy(&BeadCircle::new(n, m).unwrap(), [0], BUDGET).unwrap();
            let winner = if matches!(outcomes[&0], Outcome::Win(_)) { "aekdycoin" } else { "abcdxyzk" };
            writeln!(expected, "Case #{}: {winner}", (n - 1) * 12 + m).unwrap();
        }
    }
    assert_eq!(problem.judge(&input, problem.engines()[0]).unwrap(), expected);
}

//! The octal judges (hdu2999, hdu3980) end to end, through the crate's own problems, against
//! a search of the whole position that knows no Sprague-Grundy theory: the row of stones
//! itself, or the actual circle of beads as a bit mask, solved by `oracle::solve_loopy`.
//! Every engine of each problem must print exactly what the search implies. Also: any text as
//! input makes no engine panic and all engines agree, and the explanations read as before
//! (snapshots). The corpus and the contracts' samples run in the workspace's tests/integration/registered.rs.
//!
//! `INSTA_UPDATE=no cargo test -p octal --release --test integration judges::`; PROPTEST_CASES raises the
//! number of random inputs.

use judge::{AnyProblem, Explanation};
use octal::plain::{BeadCircle, Heap, Heaps, Rows};
use octal::{Hdu2999, Hdu3980, OctalCode};
use oracle::{Budget, GrundyOracle, solve_loopy};
use proptest::prelude::*;
use solver_core::Outcome;
use std::fmt::Write;
use workbench::fuzz::judge_bytes;

const BUDGET: Budget = Budget { max_states: 200_000, max_depth: 1_000, max_work: u64::MAX };

const HDU2999: &dyn AnyProblem = &Hdu2999;
const HDU3980: &dyn AnyProblem = &Hdu3980;

/// One hdu2999 test case: a set with repeats allowed, and rows to ask about.
fn stone_case() -> impl Strategy<Value = (Vec<u32>, Vec<u32>)> {
    (proptest::collection::vec(1u32..=7, 1..=5), proptest::collection::vec(0u32..=16, 0..=6))
}

fn every_engine(problem: &dyn AnyProblem, input: &str, expected: &str) -> Result<(), TestCaseError> {
    for &engine in problem.engines() {
        let answer = problem.judge(input, engine).map_err(|e| TestCaseError::fail(format!("{engine}: {e}")))?;
        prop_assert_eq!(&answer, expected, "engine {} on input\n{}", engine, input);
    }
    Ok(())
}

/// The winner of a circle by a search of its beads.
fn searched_winner(n: u32, m: u32) -> &'static str {
    let outcomes = solve_loopy(&BeadCircle::new(n, m).unwrap(), [0], BUDGET).unwrap();
    if matches!(outcomes[&0], Outcome::Win(_)) { "aekdycoin" } else { "abcdxyzk" }
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
        every_engine(HDU2999, &input, &expected)?;
    }

    #[test]
    fn hdu3980_answers_what_a_search_of_the_beads_says(circles in proptest::collection::vec((1u32..=13, 1u32..=14), 1..=8)) {
        let mut input = format!("{}\n", circles.len());
        let mut expected = String::new();
        for (k, &(n, m)) in circles.iter().enumerate() {
            writeln!(input, "{n} {m}").unwrap();
            writeln!(expected, "Case #{}: {}", k + 1, searched_winner(n, m)).unwrap();
        }
        every_engine(HDU3980, &input, &expected)?;
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
        for problem in [HDU2999, HDU3980] {
            judge_bytes(problem, text.as_bytes()).map_err(TestCaseError::fail)?;
        }
    }
}

#[test]
fn the_circle_reduction_on_every_small_circle() {
    // hdu3980 by the octal sequence: first player wins iff N >= M and G(N - M) = 0 for the
    // code with d_M = 7, here against the beads themselves for every N, M <= 12.
    let mut input = String::from("144\n");
    let mut expected = String::new();
    for n in 1..=12u32 {
        for m in 1..=12u32 {
            writeln!(input, "{n} {m}").unwrap();
            writeln!(expected, "Case #{}: {}", (n - 1) * 12 + m, searched_winner(n, m)).unwrap();
        }
    }
    assert_eq!(HDU3980.judge(&input, HDU3980.engines()[0]).unwrap(), expected);
}

/// The rows of the judges bench (benches/judges.rs): 100 even block sizes up to 1000, K up to
/// 1000. Its expected losses (K = 1, 27, 33, 49) rest on this test: the Grundy oracle's
/// memoized recursion on the plain rules ([`Heap`]), which shares no code with the engines.
#[test]
fn the_bench_rows_by_the_grundy_oracle() {
    let blocks: Vec<usize> = (0..100).map(|i| 2 * ((37 * i * i + 11 * i + i / 3) % 500 + 1)).collect();
    let rules = Heap(Heaps::new(&OctalCode::from_removals(blocks)));
    let mut oracle = GrundyOracle::new(&rules, Budget::new(2_000));
    // Bottom up, so that the recursion stays shallow.
    let losses: Vec<u32> = (1..=1000u32).filter(|k| !oracle.value(k).unwrap().is_win()).collect();
    assert_eq!(losses, [1, 27, 33, 49]);
}

/// The circles of the judges bench: 10^5 circles N = 1000 - (7i mod 50), M = (i mod 1000) + 1,
/// which repeat every 1000 (lcm of 50 and 1000): 100 copies of 1000 circles, one per M. Its
/// expected 48,900 wins for aekdycoin rest on this test: each opened row by the Grundy oracle
/// on the plain rules, and the reduction itself checked on small circles above.
#[test]
fn the_bench_circles_by_the_grundy_oracle() {
    let mut wins = 0;
    for i in 0..1000u32 {
        let (n, m) = (1000 - (7 * i) % 50, i % 1000 + 1);
        let rules = Heap(Heaps::new(&OctalCode::from_removals([m as usize])));
        let mut oracle = GrundyOracle::new(&rules, Budget::new(2_000));
        if n >= m && (0..=n - m).map(|row| oracle.value(&row).unwrap()).last().is_some_and(|v| !v.is_win()) {
            wins += 1;
        }
    }
    assert_eq!(wins * 100, 48_900);
}

fn text(explanations: Vec<Explanation>) -> String {
    explanations.iter().map(Explanation::to_text).collect::<Vec<_>>().join("\n")
}

#[test]
fn explain_reads_well_for_the_circle() {
    // Checked by hand. hdu3980's sample: a circle of 3 beads painted 1 at a time leaves a row
    // of 2 after the first move, worth mex{G(1)} = mex{1} = 0, so aekdycoin wins; 4 beads
    // painted 2 at a time leave a row of 2 worth mex{G(0)} = 1, so abcdxyzk wins.
    insta::assert_snapshot!("explain_hdu3980_sample", text(HDU3980.explain("2\n3 1\n4 2\n").unwrap()));
}

#[test]
fn explain_reads_well_for_a_row() {
    // Checked by hand. S = {3} (0.007): G(2) = 0 (no move); G(6) = mex{G(3), G(1) ^ G(2)} =
    // mex{1, 0} = 2, and the one winning move takes stones 2..=4, leaving rows of 1 and 2.
    insta::assert_snapshot!("explain_hdu2999_rows_of_2_and_6", text(HDU2999.explain("1\n3\n2\n2 6\n").unwrap()));
}

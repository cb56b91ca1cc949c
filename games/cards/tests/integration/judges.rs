//! The judges `cf919f` and `childhood` end to end, through the crate's own problems: every
//! engine giving the same answers, the layout of valid input not mattering, broken input never
//! panicking, and `explain`. (The corpus and the contracts' samples run in the workspace's
//! tests/integration/registered.rs.) PROPTEST_CASES raises the number of random inputs.

use cards::{Cf919f, Childhood, REGISTRATION};
use judge::{AnyProblem, Explanation, JudgeError};
use proptest::prelude::*;

/// The problem with this id, from the crate's registration.
fn problem(id: &str) -> &'static dyn AnyProblem {
    REGISTRATION.problems.iter().copied().find(|p| p.id() == id).expect("registered")
}

fn judge_all(problem_id: &str, input: &str, engines: &[&str]) -> Vec<Result<String, JudgeError>> {
    let problem = problem(problem_id);
    engines.iter().map(|e| problem.judge(input, e)).collect()
}

fn childhood_input(lines: &[[u8; 4]]) -> String {
    let mut input = format!("{}\n", lines.len());
    for l in lines {
        input += &format!("{} {} {} {}\n", l[0], l[1], l[2], l[3]);
    }
    input
}

/// A cf919f situation: who moves first and the two hands, the first mover holding a non-zero card.
fn cf919f_situation() -> impl Strategy<Value = (u8, [u8; 8], [u8; 8])> {
    let hand = prop_oneof![
        proptest::array::uniform8(0..5u8),
        proptest::array::uniform8(prop_oneof![3 => Just(0u8), 1 => 1..5u8]),
    ];
    (0..2u8, hand.clone(), hand).prop_filter("the first mover holds a non-zero card", |(f, a, b)| {
        if *f == 0 { a.iter().any(|&v| v != 0) } else { b.iter().any(|&v| v != 0) }
    })
}

/// The same numbers as `canonical` (T, then lines), with extra blanks, tabs, CRLF line ends and
/// blank lines chosen by `noise`: valid input in a layout the fast reader does not take.
fn relaid(lines: &[String], noise: &[u8]) -> String {
    let mut out = String::new();
    let mut n = noise.iter().cycle();
    for line in lines {
        let mut pick = || *n.next().unwrap_or(&0);
        if pick() % 4 == 0 {
            out += "\n";
        }
        if pick() % 3 == 0 {
            out += " \t";
        }
        let words: Vec<&str> = line.split(' ').collect();
        let sep = if pick() % 2 == 0 { "  " } else { " \t " };
        out += &words.join(sep);
        out += if pick() % 2 == 0 { " \r\n" } else { "\n" };
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Every childhood situation fits the oracle, so all six engines must agree.
    #[test]
    fn childhood_engines_agree(lines in proptest::collection::vec(proptest::array::uniform4(0..10u8), 1..20)) {
        let input = childhood_input(&lines);
        let answers = judge_all("childhood", &input, Childhood.engines());
        for (engine, answer) in Childhood.engines().iter().zip(&answers) {
            prop_assert_eq!(answer, &answers[0], "{} differs", engine);
        }
        prop_assert_eq!(answers[0].as_ref().unwrap().lines().count(), lines.len());
    }

    /// The game's solvers and the un-move engine agree on random cf919f inputs (the corpus runs
    /// every engine on fixed ones), and a valid input
    /// laid out unusually (the token reader's path) gets the same answer as the common layout.
    #[test]
    fn cf919f_engines_and_layouts_agree(situations in proptest::collection::vec(cf919f_situation(), 1..12), noise in proptest::collection::vec(any::<u8>(), 8)) {
        let mut lines = vec![situations.len().to_string()];
        for (f, a, b) in &situations {
            lines.push(f.to_string());
            lines.push(a.iter().map(u8::to_string).collect::<Vec<_>>().join(" "));
            lines.push(b.iter().map(u8::to_string).collect::<Vec<_>>().join(" "));
        }
        let canonical = lines.join("\n") + "\n";
        let answers = judge_all("cf919f", &canonical, &["symmetry", "hand-tables", "unmoves"]);
        prop_assert_eq!(&answers[1], &answers[0]);
        prop_assert_eq!(&answers[2], &answers[0]);
        let relaid = relaid(&lines, &noise);
        prop_assert_eq!(&judge_all("cf919f", &relaid, &["symmetry"])[0], &answers[0], "{:?}", relaid);
    }

    /// Any bytes: an answer or an input error, never a panic, and the same from every fast engine.
    #[test]
    fn broken_input_is_an_error_not_a_panic(
        problem in prop_oneof![Just("cf919f"), Just("childhood")],
        text in "[0-9 \n\r\tx-]{0,80}",
    ) {
        let answers = judge_all(problem, &text, &["symmetry", "unmoves"]);
        prop_assert_eq!(&answers[0], &answers[1]);
        if let Err(e) = &answers[0] {
            prop_assert!(matches!(e, JudgeError::Input(_)), "{e}");
        }
    }
}

/// A broken situation among valid ones: an error pointing at it, and no answer at all, not even
/// the verdicts of the valid situations before it (the judge returns the whole output or an
/// error). The command line turns the error into exit code 2 and a message on standard error.
#[test]
fn a_broken_situation_withholds_the_whole_answer() {
    let input = "2\n1\n1 1 1 1 1 1 1 1\n1 1 1 1 1 1 1 1\n0\n1 1 1 1 1 1 1 1\n1 1 1 1 7 1 1 1\n";
    for engine in Cf919f.engines() {
        let error = Cf919f.judge(input, engine).unwrap_err();
        assert!(matches!(error, JudgeError::Input(_)), "{engine}: {error}");
        assert_eq!(error.to_string(), "line 7, column 9: expected card 5 of Bob in situation 2 (0..=4), found 7");
    }
}

/// `explain` on the published samples and three childhood situations. Checked by hand: in
/// cf919f's second sample Bob's only move 4+1=0 empties his hand (win in 1); in the third,
/// Alice wins with 1+4=0; all ones against all ones can only make 2s (endless play); in
/// childhood, B holding 1 1 lets A play 9+1=0 and hold only zeros; two zeros each is A's win.
#[test]
fn explain_shows_hands_values_moves_and_optimal_play() {
    let cf919f = &Cf919f;
    // The published sample of Codeforces 919F (the corpus case cf919f/sample).
    let input = "4\n1\n0 0 0 0 0 0 0 0\n1 2 3 4 1 2 3 4\n1\n0 0 0 1 0 0 0 0\n0 0 0 0 4 0 0 0\n0\n1 0 0 0 0 0 0 0\n0 0 0 4 0 0 2 0\n1\n1 1 1 1 1 1 1 1\n1 1 1 1 1 1 1 1\n";
    let text = |cases: Vec<Explanation>| cases.iter().map(|c| c.to_text()).collect::<Vec<_>>().join("\n");
    insta::assert_snapshot!("explain_cf919f_sample", text(cf919f.explain(input).unwrap()));
    let childhood = &Childhood;
    insta::assert_snapshot!(
        "explain_childhood",
        text(childhood.explain("4\n0 9 1 1\n1 9 1 9\n9 9 9 9\n0 0 0 0\n").unwrap())
    );
}

//! What a problem gets without writing it (the two defaults: 1 to 10,000 cases, any line an
//! answer line), what `AnyProblem` passes on, the contract's sample blocks, an explanation as
//! text, and which errors are a decline.

use judge::input::InputError;
use judge::resources::{OutOfMemory, OverBudget};
use judge::{AnyProblem, Explanation, JudgeError, MoveValue, Problem, sample_blocks};

judge::engines! {
    /// The engines.
    pub enum Only {
        /// The one engine.
        Echo = "echo",
    }
}

/// The methods every problem writes, for a problem whose input is its answer: each case a line.
macro_rules! echo_problem {
    ($name:literal) => {
        type Engine = Only;
        fn id(&self) -> &'static str {
            $name
        }
        fn title(&self) -> &'static str {
            "the bare minimum"
        }
        fn contract(&self) -> &'static str {
            "# bare\n\nAnything; the same.\n"
        }
        fn judge(&self, input: &str, _: Only) -> Result<String, JudgeError> {
            Ok(input.to_string())
        }
        fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
            Ok(input.lines().map(|l| Explanation { verdict: l.to_string(), ..Explanation::default() }).collect())
        }
        fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
            Ok((0..cases as u64).map(|k| format!("{}\n", seed + k)).collect())
        }
        fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
            Ok(format!("{}\n", seed).repeat(cases))
        }
        fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
            Ok(input.lines().map(|l| format!("{l}\n")).collect())
        }
        fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
            Ok(inputs.concat())
        }
        fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
            Box::new(input.len().checked_sub(1).map(|n| input[..n].to_string()).into_iter())
        }
    };
}

/// A problem with only the methods without a default.
struct Bare;

impl Problem for Bare {
    echo_problem!("bare");
}

/// A problem that overrides the defaults too.
struct Joins;

impl Problem for Joins {
    echo_problem!("joins");
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        2..=3
    }
    fn is_answer_line(&self, line: &str) -> bool {
        line.parse::<u32>().is_ok()
    }
}

#[test]
fn the_defaults_take_up_to_ten_thousand_cases_and_any_answer_line() {
    let bare: &dyn AnyProblem = &Bare;
    assert_eq!(
        (bare.id(), bare.title(), bare.contract()),
        ("bare", "the bare minimum", "# bare\n\nAnything; the same.\n")
    );
    assert_eq!(bare.engines(), ["echo"]);
    assert_eq!(bare.case_counts(), 1..=10_000);
    assert!(bare.is_answer_line("anything at all"));
    assert!(Problem::is_answer_line(&Bare, ""));
}

#[test]
fn any_problem_passes_on_what_a_problem_overrides() {
    let joins: &dyn AnyProblem = &Joins;
    assert_eq!(joins.join_cases(&["1\n".into(), "2\n".into()]).unwrap(), "1\n2\n");
    assert_eq!(joins.split_cases("1\n2\n").unwrap(), ["1\n", "2\n"]);
    assert_eq!(joins.case_counts(), 2..=3);
    assert_eq!(joins.generate(5, 2).unwrap(), "5\n6\n");
    assert_eq!(joins.generate_hard(5, 2).unwrap(), "5\n5\n");
    assert_eq!(joins.shrink("12").collect::<Vec<_>>(), ["1"]);
    assert_eq!(joins.explain("1\n2\n").unwrap().len(), 2);
    assert!(joins.is_answer_line("12") && !joins.is_answer_line("twelve"));
    assert!(matches!(joins.judge("1", "guess"), Err(JudgeError::UnknownEngine { .. })));
}

#[test]
fn the_sample_is_the_code_blocks_of_its_section() {
    let contract = "# p\n\n## Input\n```\nnot this\n```\n\n## Sample\nInput:\n```\n2\n1 2\n```\nOutput:\n```text\nyes\n```\n\n## Notes\n```\nnor this\n```\n";
    assert_eq!(sample_blocks(contract), ["2\n1 2\n", "yes\n"]);
    assert!(sample_blocks("# p\n\n## Input\n```\n1\n```\n").is_empty());
    assert_eq!(sample_blocks("# p\n## Sample\n```\n```\n```\n\n```\n"), ["", "\n"], "an empty block is a block");
}

#[test]
fn an_explanation_as_text() {
    let mv = |play: &str, value: &str| MoveValue { play: play.into(), value: value.into() };
    let explanation = Explanation {
        title: "case 1".into(),
        picture: "x.\n.o".into(),
        verdict: "win".into(),
        value: "win in 3".into(),
        moves: vec![mv("a1", "loss in 2"), mv("b10", "")],
        line: vec![mv("a1", "loss in 2"), mv("c", "win in 1")],
        notes: vec!["A note.".into()],
    };
    let expected = "case 1: win\n  value: win in 3\n  x.\n  .o\n  moves, best first:\n    a1    loss in 2\n    b10\n  optimal play:\n     1. a1   loss in 2\n     2. c    win in 1\n  A note.\n";
    assert_eq!(explanation.to_text(), expected);
    // A value that only repeats the verdict, or none, is not shown again.
    for value in ["win", ""] {
        let short = Explanation {
            title: "case 2".into(),
            verdict: "win".into(),
            value: value.into(),
            ..Explanation::default()
        };
        assert_eq!(short.to_text(), "case 2: win\n");
    }
}

#[test]
fn only_an_engine_over_its_budget_declines() {
    let over = OverBudget { what: "the oracle".into(), budget: 1 };
    assert!(JudgeError::OverBudget(over).is_declined());
    assert!(JudgeError::oracle_declines(oracle::Budget::new(1)).is_declined());
    let memory = OutOfMemory { what: "a table".into(), needed: 2, limit: 1, source_of_limit: "test" };
    let not_declined = [
        JudgeError::Input(InputError { line: 1, column: 1, message: "bad".into() }),
        JudgeError::TooLarge("too large".into()),
        JudgeError::OutOfMemory(memory),
        JudgeError::Unsupported("gen"),
        JudgeError::Cases { asked: 0, allowed: 1..=2 },
    ];
    for error in not_declined {
        assert!(!error.is_declined(), "{error}");
    }
}

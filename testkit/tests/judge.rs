//! What a problem gets without writing it (the defaults say "not offered" or keep the input
//! whole), what `AnyProblem` passes on, the contract's sample blocks, an explanation as text,
//! and which errors are a decline.

use testkit::input::InputError;
use testkit::judge::{AnyProblem, Explanation, JudgeError, MoveValue, Problem, sample_blocks};
use testkit::resources::{OutOfMemory, OverBudget};

testkit::engines! {
    /// The engines.
    pub enum Only {
        /// The one engine.
        Echo = "echo",
    }
}

/// A problem with only the required methods.
struct Bare;

impl Problem for Bare {
    type Engine = Only;
    fn id(&self) -> &'static str {
        "bare"
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
}

/// A problem that joins cases and knows its answer lines.
struct Joins;

impl Problem for Joins {
    type Engine = Only;
    fn id(&self) -> &'static str {
        "joins"
    }
    fn title(&self) -> &'static str {
        "joins"
    }
    fn contract(&self) -> &'static str {
        ""
    }
    fn judge(&self, input: &str, _: Only) -> Result<String, JudgeError> {
        Ok(input.to_string())
    }
    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        Ok(inputs.concat())
    }
    fn is_answer_line(&self, line: &str) -> bool {
        line.parse::<u32>().is_ok()
    }
}

/// What an `Unsupported` error says is not offered.
fn unsupported<T>(result: Result<T, JudgeError>) -> &'static str {
    match result {
        Err(JudgeError::Unsupported(what)) => what,
        Err(other) => panic!("another error: {other}"),
        Ok(_) => panic!("offered"),
    }
}

#[test]
fn the_defaults_offer_nothing_and_keep_the_input_whole() {
    let bare: &dyn AnyProblem = &Bare;
    assert_eq!(
        (bare.id(), bare.title(), bare.contract()),
        ("bare", "the bare minimum", "# bare\n\nAnything; the same.\n")
    );
    assert_eq!(bare.engines(), ["echo"]);
    assert_eq!(unsupported(bare.explain("1")), "explain");
    assert_eq!(unsupported(bare.generate(1, 1)), "gen");
    assert_eq!(unsupported(bare.generate_hard(1, 1)), "gen --mode hard");
    assert_eq!(unsupported(bare.join_cases(&["1".into()])), "joining cases");
    assert_eq!(bare.case_counts(), 1..=10_000);
    assert_eq!(bare.split_cases("1 2\n3").unwrap(), ["1 2\n3"]);
    assert_eq!(bare.shrink("1 2\n3").count(), 0);
    assert!(bare.is_answer_line("anything at all"));
    // Straight through the trait too.
    assert!(matches!(Problem::generate(&Bare, 1, 1), Err(JudgeError::Unsupported("gen"))));
    assert!(matches!(Problem::generate_hard(&Bare, 1, 1), Err(JudgeError::Unsupported("gen --mode hard"))));
    assert!(matches!(Problem::explain(&Bare, "1"), Err(JudgeError::Unsupported("explain"))));
    assert!(matches!(Problem::join_cases(&Bare, &[]), Err(JudgeError::Unsupported("joining cases"))));
    assert_eq!(Problem::split_cases(&Bare, "7").unwrap(), ["7"]);
    assert!(Problem::is_answer_line(&Bare, ""));
}

#[test]
fn any_problem_passes_on_what_a_problem_overrides() {
    let joins: &dyn AnyProblem = &Joins;
    assert_eq!(joins.join_cases(&["1\n".into(), "2\n".into()]).unwrap(), "1\n2\n");
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

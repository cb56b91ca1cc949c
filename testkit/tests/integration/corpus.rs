//! The corpus runner's teeth: on a toy problem whose second engine is wrong on one input,
//! declines another and panics on a third, the runner reports exactly those runs, counts the
//! declined and skipped ones, and honours the selection; the parser refuses each malformed case;
//! the loader reads the `.toml` files of a folder in name order. The expected reports are
//! counted by hand from the cases below.

use judge::{AnyProblem, Explanation, JudgeError, Problem};
use std::path::Path;
use testkit::corpus::{self, Case, Expected, Report, Selection};

judge::engines! {
    /// The toy's engines.
    pub enum ToyEngine {
        /// Repeats the number.
        Right = "right",
        /// Answers 8 to 7, declines above 90, panics on 13.
        Quirky = "quirky",
    }
}

/// One number from 1 to 100, answered with itself.
struct Toy;

impl Problem for Toy {
    type Engine = ToyEngine;
    fn id(&self) -> &'static str {
        "toy"
    }
    fn title(&self) -> &'static str {
        "a number"
    }
    fn contract(&self) -> &'static str {
        "# toy\n\nOne number from 1 to 100; the same number.\n"
    }
    fn judge(&self, input: &str, engine: ToyEngine) -> Result<String, JudgeError> {
        let n: u32 = judge::input::Tokens::new(input).number("the number", 1..=100)?;
        match (engine, n) {
            (ToyEngine::Quirky, 7) => Ok("8\n".to_string()),
            (ToyEngine::Quirky, 13) => panic!("the toy's planted panic on 13 (expected in this test)"),
            (ToyEngine::Quirky, 91..) => Err(JudgeError::oracle_declines(oracle::Budget::new(1))),
            _ => Ok(format!("{n}\n")),
        }
    }
    // The runner only judges: the rest of a problem, written plainly for one number an input.
    fn explain(&self, _: &str) -> Result<Vec<Explanation>, JudgeError> {
        Ok(Vec::new())
    }
    fn generate(&self, seed: u64, _: usize) -> Result<String, JudgeError> {
        Ok(format!("{}\n", 1 + seed % 100))
    }
    fn generate_hard(&self, _: u64, _: usize) -> Result<String, JudgeError> {
        Ok("100\n".to_string())
    }
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        1..=1
    }
    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        Ok(vec![input.to_string()])
    }
    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        match inputs {
            [one] => Ok(one.clone()),
            _ => Err(JudgeError::Cases { asked: inputs.len(), allowed: 1..=1 }),
        }
    }
    fn shrink<'a>(&'a self, _: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        Box::new(std::iter::empty())
    }
}

/// The toy's message for the input `0`.
fn zero_error() -> String {
    Problem::judge(&Toy, "0", ToyEngine::Right).unwrap_err().to_string()
}

fn toy_cases() -> Vec<Case> {
    let text = format!(
        r#"
[[case]]
name = "five"
provenance = "by hand"
tags = ["sample"]
input = "5"
output = "5\n"

[[case]]
name = "seven"
provenance = "by hand"
input = "7"
output = "7\n"

[[case]]
name = "big"
provenance = "by hand"
input = "95"
output = "95\n"

[[case]]
name = "zero"
provenance = "by hand"
input = "0"
error = "{zero}"

[[case]]
name = "zero-other-message"
provenance = "by hand"
input = "0"
error = "not this"

[[case]]
name = "zero-claimed-valid"
provenance = "by hand"
input = "0"
output = "0\n"

[[case]]
name = "thirteen"
provenance = "by hand"
input = "13"
output = "13\n"

[[case]]
name = "slow"
provenance = "by hand"
tags = ["slow"]
input = "7"
output = "7\n"
"#,
        zero = zero_error()
    );
    let mut cases = corpus::parse("toy", &text).unwrap();
    cases.extend(
        corpus::parse(
            "nobody",
            "[[case]]\nname = \"ghost\"\nprovenance = \"by hand\"\ninput = \"1\"\noutput = \"1\\n\"\n",
        )
        .unwrap(),
    );
    cases
}

fn run(selection: &Selection) -> Report {
    let problems: [&dyn AnyProblem; 1] = [&Toy];
    corpus::run(&toy_cases(), &problems, selection, "cargo test")
}

fn failure(name: &str, engine: &str, verdict: &str, expected: &str) -> String {
    format!("toy/{name} [{engine}] {verdict}\nexpected:\n{expected}\nrerun: CORPUS_CASE=toy/{name} cargo test\n")
}

#[test]
fn the_runner_reports_exactly_the_wrong_runs() {
    let report = run(&Selection::default());
    // Seven toy cases that are not slow, two engines each; the ghost's problem has no engines.
    assert_eq!(report.runs, 14);
    assert_eq!(report.declined, 1, "quirky on 95");
    assert_eq!(report.skipped_slow, 1);
    let other = format!("failed: {}", zero_error());
    let expected = [
        failure("seven", "quirky", "printed:\n8\n", "7\n"),
        failure("zero-other-message", "right", &other, "not this"),
        failure("zero-other-message", "quirky", &other, "not this"),
        failure("zero-claimed-valid", "right", &other, "0\n"),
        failure("zero-claimed-valid", "quirky", &other, "0\n"),
        failure("thirteen", "quirky", "panicked", "13\n"),
        "nobody/ghost: the corpus names no registered problem `nobody`".to_string(),
    ];
    assert_eq!(report.failures, expected);
}

#[test]
fn the_selection_picks_cases_by_prefix_and_takes_the_slow_ones_when_asked() {
    let slow = run(&Selection { only: None, slow: true });
    assert_eq!((slow.runs, slow.skipped_slow, slow.failures.len()), (16, 0, 8));
    assert_eq!(slow.failures[6], failure("slow", "quirky", "printed:\n8\n", "7\n"));

    let one = run(&Selection { only: Some("toy/seven".into()), slow: false });
    assert_eq!((one.runs, one.declined, one.skipped_slow), (2, 0, 0));
    assert_eq!(one.failures, [failure("seven", "quirky", "printed:\n8\n", "7\n")]);

    let prefix = run(&Selection { only: Some("toy/zero".into()), slow: false });
    assert_eq!((prefix.runs, prefix.failures.len()), (6, 4));
}

#[test]
fn a_case_says_its_name_tags_and_output() {
    let cases = toy_cases();
    assert_eq!(cases.len(), 9);
    let five = &cases[0];
    assert_eq!(five.full_name(), "toy/five");
    assert!(five.has_tag("sample") && !five.has_tag("slow"));
    assert!(!cases[1].has_tag("sample"));
    assert_eq!(five.output(), Some("5\n"));
    assert_eq!(cases[3].output(), None);
    assert_eq!(cases[3].expected, Expected::Error(zero_error()));
    assert_eq!((cases[8].problem.as_str(), cases[8].full_name()), ("nobody", "nobody/ghost".to_string()));
}

#[test]
fn each_malformed_case_is_refused_with_its_name() {
    let refused = |body: &str, says: &str| {
        let text = format!("[[case]]\nname = \"a\"\nprovenance = \"p\"\ninput = \"1\"\noutput = \"1\"\n\n{body}");
        let err = corpus::parse("demo", &text).expect_err(body);
        assert_eq!(err.file, "demo");
        assert!(err.problem.contains(says), "{body}: {}", err.problem);
    };
    refused(
        "[[case]]\nname = \"b\"\nprovenance = \" \"\ninput = \"1\"\noutput = \"1\"\n",
        "demo/b: every case needs a provenance",
    );
    refused("[[case]]\nname = \"b\"\nprovenance = \"p\"\ninput = \"1\"\n", "demo/b: a case has exactly one of");
    refused(
        "[[case]]\nname = \"b\"\nprovenance = \"p\"\ninput = \"1\"\noutput = \"1\"\nerror = \"e\"\n",
        "exactly one of",
    );
    refused("[[case]]\nname = \"a\"\nprovenance = \"p\"\ninput = \"2\"\noutput = \"2\"\n", "demo/a: duplicate name");
    refused("[[case]]\nname = \"b\"\nprovenance = \"p\"\ninput = \"1\"\noutput = \"1\"\ncolour = \"red\"\n", "colour");
    // Different names are not duplicates; an error case parses as one.
    let two = "[[case]]\nname = \"b\"\nprovenance = \"p\"\ninput = \"0\"\nerror = \"e\"\n";
    let text = format!("[[case]]\nname = \"a\"\nprovenance = \"p\"\ninput = \"1\"\noutput = \"1\"\n\n{two}");
    let cases = corpus::parse("demo", &text).unwrap();
    assert_eq!(cases[1].expected, Expected::Error("e".into()));
}

#[test]
fn a_folder_is_read_file_by_file_in_name_order() {
    let dir = tempfile::tempdir().unwrap();
    let case = |name: &str| format!("[[case]]\nname = \"{name}\"\nprovenance = \"p\"\ninput = \"1\"\noutput = \"1\"\n");
    std::fs::write(dir.path().join("zeta.toml"), case("z")).unwrap();
    std::fs::write(dir.path().join("alpha.toml"), case("a")).unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not a corpus").unwrap();
    let names: Vec<String> = corpus::load_dir(dir.path()).unwrap().iter().map(Case::full_name).collect();
    assert_eq!(names, ["alpha/a", "zeta/z"]);

    assert_eq!(corpus::load_dir(&dir.path().join("missing")), Ok(Vec::new()));
    std::fs::write(dir.path().join("broken.toml"), "[[case]]\nname = 1\n").unwrap();
    let err = corpus::load_dir(dir.path()).unwrap_err();
    assert_eq!(Path::new(&err.file), dir.path().join("broken.toml"));
}

/// Run as a child of [`the_selection_comes_from_the_environment`] (with `TESTKIT_SELECTION_CHILD`
/// set): checks what `Selection::from_env` read. Alone it has nothing to check.
#[test]
fn selection_child() {
    let Ok(expected) = std::env::var("TESTKIT_SELECTION_CHILD") else { return };
    let selection = Selection::from_env();
    assert_eq!(format!("{:?} {}", selection.only, selection.slow), expected);
}

#[test]
fn the_selection_comes_from_the_environment() {
    let child = |env: &[(&str, &str)], expected: &str| {
        let mut command = std::process::Command::new(std::env::current_exe().unwrap());
        command.args(["--exact", "corpus::selection_child", "--nocapture"]).env("TESTKIT_SELECTION_CHILD", expected);
        command.env_remove("CORPUS_CASE").env_remove("GAMESOLVE_SLOW");
        let status = command.envs(env.iter().copied()).stdout(std::process::Stdio::null()).status().unwrap();
        assert!(status.success(), "{env:?} should give {expected}");
    };
    child(&[], "None false");
    child(&[("CORPUS_CASE", "toy/se"), ("GAMESOLVE_SLOW", "1")], "Some(\"toy/se\") true");
    child(&[("GAMESOLVE_SLOW", "yes")], "None false");
}

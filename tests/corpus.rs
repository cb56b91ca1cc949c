//! The shared case corpus: tests/corpus/<problem>.toml, one file per judge problem. Every case
//! runs through every engine of its problem (the oracle included, where it fits its budget);
//! all failures are collected and each comes with a command that reruns just that case.
//!
//! Environment: `CORPUS_CASE=<problem>/<name>` runs one case (a prefix selects several);
//! `GAMESOLVE_SLOW=1` includes the cases tagged `slow`.

mod common;

use common::corpus::load;
use gamesolve::problems::{self, JudgeError};
use oracle::OracleError;
use std::panic::{AssertUnwindSafe, catch_unwind};

#[test]
fn every_case_through_every_engine() {
    let only = std::env::var("CORPUS_CASE").ok();
    let slow = std::env::var("GAMESOLVE_SLOW").is_ok_and(|v| v == "1");
    let (mut ran, mut skipped_slow, mut declined) = (0, 0, 0);
    let mut failures = Vec::new();
    for (problem_id, case) in load() {
        let full_name = format!("{problem_id}/{}", case.name);
        if only.as_deref().is_some_and(|o| !full_name.starts_with(o)) {
            continue;
        }
        if case.has_tag("slow") && !slow {
            skipped_slow += 1;
            continue;
        }
        let problem = problems::find(&problem_id)
            .unwrap_or_else(|| panic!("tests/corpus/{problem_id}.toml names no registered problem"));
        for &engine in problem.engines() {
            ran += 1;
            let result = catch_unwind(AssertUnwindSafe(|| problem.judge(&case.input, engine)));
            let verdict = match (result, &case.output, &case.error) {
                (Ok(Ok(out)), Some(expected), _) if &out == expected => continue,
                (Ok(Err(JudgeError::Oracle(OracleError::OverBudget { .. }))), _, _) if engine == "oracle" => {
                    declined += 1;
                    continue;
                }
                (Ok(Err(e)), _, Some(expected)) if &e.to_string() == expected => continue,
                (Ok(Ok(out)), _, _) => format!("printed:\n{out}"),
                (Ok(Err(e)), _, _) => format!("failed: {e}"),
                (Err(_), _, _) => "panicked".to_string(),
            };
            let expected = case.output.as_deref().or(case.error.as_deref()).unwrap_or_default();
            failures.push(format!(
                "{full_name} [{engine}] {verdict}\nexpected:\n{expected}\nrerun: CORPUS_CASE={full_name} cargo test --test corpus\n"
            ));
        }
    }
    eprintln!("corpus: {ran} runs, {declined} declined by the oracle, {skipped_slow} slow cases skipped");
    assert!(ran > 0 || only.is_some(), "the corpus is empty");
    assert!(failures.is_empty(), "{} corpus failures:\n\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_registered_problem_has_corpus_cases() {
    let cases = load();
    for problem in problems::PROBLEMS {
        assert!(
            cases.iter().any(|(id, c)| id == problem.id() && c.output.is_some()),
            "{} has no corpus case with an expected output",
            problem.id()
        );
    }
}

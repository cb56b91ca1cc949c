//! What `gamesolve check` prints about a finished check: text for a person, or one JSON
//! document for a script (`--format json`; the schema is in the README).

use crate::stress::{Checked, Counterexample, Culprit, Difference, Run, ShrinkStop, StressConfig};
use judge::{AnyProblem, Explanation};
use serde_json::{Value, json};

/// How many failing rounds the text report lists one by one (JSON lists them all).
const LISTED_ROUNDS: usize = 20;

/// The report for a person: a summary line, then for a failure the shrunk input, both answers
/// and gamesolve's explanation, then the other failing rounds and the whitespace warning.
pub fn text(problem: &dyn AnyProblem, config: &StressConfig, hard_rounds: u64, checked: &Checked) -> String {
    let id = problem.id();
    let warning = checked.whitespace.as_ref().map_or(String::new(), |(round, what)| {
        format!(
            "warning: round {round}: an answer differs from gamesolve's only in whitespace: {what} (judges that compare byte for byte reject it; --strict makes it a failure)\n"
        )
    });
    let Some(failure) = &checked.failure else {
        return format!(
            "{id}: {}, every answer agrees with gamesolve.\n{warning}",
            what_ran(config, hard_rounds, checked)
        );
    };
    let who = match (failure.culprit, &config.against) {
        (_, None) => "",
        (Culprit::Program, Some(_)) => "the program: ",
        (Culprit::Against, Some(_)) => "the --against program: ",
    };
    let mut out = match checked.failing.len() {
        1 => format!("{id}: mismatch in round {} ({}): {who}{}\n", failure.round, failure.origin, failure.difference),
        n => format!(
            "{id}: {n} of {} failed; the first, round {} ({}): {who}{}\n",
            what_ran(config, hard_rounds, checked),
            failure.round,
            failure.origin,
            failure.difference
        ),
    };
    let runs = failure.shrink_runs;
    out += &match failure.shrink_stopped {
        None => format!("\nsmallest failing input (shrunk with {runs} more runs):\n"),
        Some(why @ ShrinkStop::SlowTimeout) => format!("\nfailing input ({why}):\n"),
        Some(why) => format!("\nsmallest failing input found ({runs} more runs; {why}):\n"),
    };
    out += &failure.input;
    out += &format!("\ngamesolve answers:\n{}", failure.expected);
    let (program, other) = match failure.culprit {
        Culprit::Program => ("the program", "the --against program"),
        Culprit::Against => ("the --against program", "the program"),
    };
    out += &describe(program, &failure.run);
    if let Some((run, difference)) = &failure.other {
        out += &match difference {
            None => format!("\n{other} agrees with gamesolve.\n"),
            Some(difference) => format!("\n{other} is wrong too: {difference}\n"),
        };
        if difference.is_some() {
            out += &describe(other, run);
        }
    }
    if let Ok(explanations) = problem.explain(&failure.input) {
        out += "\nwhy (gamesolve explain):\n";
        out += &explanations.iter().map(Explanation::to_text).collect::<Vec<_>>().join("\n");
    }
    if checked.failing.len() > 1 {
        out += "\nfailing rounds:\n";
        for (round, origin, difference) in checked.failing.iter().take(LISTED_ROUNDS) {
            out += &format!("  round {round} ({origin}): {}\n", first_line(difference));
        }
        if checked.failing.len() > LISTED_ROUNDS {
            out += &format!("  and {} more (--format json lists them all)\n", checked.failing.len() - LISTED_ROUNDS);
        }
    }
    if !warning.is_empty() {
        out += "\n";
        out += &warning;
    }
    out
}

/// How `program`'s run ended, and what it printed.
fn describe(program: &str, run: &Run) -> String {
    match run {
        Run::Output(output) => format!("\n{program} answered:\n{output}"),
        Run::Crashed { status, .. } => format!("\n{program} crashed ({status})\n"),
        Run::TimedOut(limit) => format!("\n{program} was stopped after {limit:?}\n"),
        Run::OutputLimit(limit) => format!("\n{program} was stopped after writing more than {limit} bytes\n"),
    }
}

/// The report for a script: one JSON document.
pub fn json(problem: &dyn AnyProblem, config: &StressConfig, hard_rounds: u64, checked: &Checked) -> Value {
    let failing: Vec<Value> = checked
        .failing
        .iter()
        .map(|(round, origin, difference)| json!({"round": round, "origin": origin, "difference": difference.to_string()}))
        .collect();
    json!({
        "problem": problem.id(),
        "rounds": checked.rounds,
        "cases": config.inputs.is_empty().then_some(config.cases),
        "hard_rounds": hard_rounds,
        "agree": checked.failing.is_empty(),
        "failures": checked.failing.len(),
        "failing_rounds": failing,
        "first_failure": checked.failure.as_ref().map(|failure| failure_json(problem, failure)),
        "whitespace_warning": checked.whitespace.as_ref().map(|(round, what)| json!({"round": round, "what": what})),
    })
}

fn run_json(run: &Run) -> Value {
    match run {
        Run::Output(output) => json!({"ended": "output", "output": output}),
        Run::Crashed { status, stderr, .. } => json!({"ended": "crashed", "status": status, "stderr": stderr}),
        Run::TimedOut(limit) => json!({"ended": "timed_out", "limit_seconds": limit.as_secs_f64()}),
        Run::OutputLimit(limit) => json!({"ended": "output_limit", "limit_bytes": limit}),
    }
}

fn failure_json(problem: &dyn AnyProblem, failure: &Counterexample) -> Value {
    let other = failure.other.as_ref().map(
        |(run, difference)| json!({"run": run_json(run), "difference": difference.as_ref().map(ToString::to_string)}),
    );
    json!({
        "culprit": failure.culprit,
        "other": other,
        "round": failure.round,
        "origin": failure.origin,
        "difference": failure.difference.to_string(),
        "input": failure.input,
        "expected": failure.expected,
        "program": run_json(&failure.run),
        "shrink_runs": failure.shrink_runs,
        "shrink_stopped": failure.shrink_stopped.map(|why| why.to_string()),
        "explanation": problem.explain(&failure.input).ok(),
    })
}

/// What the check ran, in words: "100 rounds of 10 cases (50 of them hard)" or "3 inputs".
fn what_ran(config: &StressConfig, hard_rounds: u64, checked: &Checked) -> String {
    let rounds = checked.rounds;
    if !config.inputs.is_empty() {
        return format!("{rounds} input{}", if rounds == 1 { "" } else { "s" });
    }
    let hard = match hard_rounds {
        0 => String::new(),
        n if n == rounds => " (all hard)".to_string(),
        n => format!(" ({n} of them hard)"),
    };
    format!("{rounds} rounds of {} cases{hard}", config.cases)
}

/// A difference's first line (a crash's standard error follows on the next lines).
fn first_line(difference: &Difference) -> String {
    difference.to_string().lines().next().unwrap_or_default().to_string()
}

#[cfg(test)]
mod tests {
    use crate::stress::Origin;

    #[test]
    fn origins_are_named() {
        assert_eq!(Origin::Generated { seed: 3, hard: true }.to_string(), "hard generator seed 3");
        assert_eq!(Origin::File { name: "a.in".into() }.to_string(), "input a.in");
    }
}

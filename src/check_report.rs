//! What `gamesolve check` prints about a finished check: text for a person, or one JSON
//! document for a script (`--format json`; the schema is in the README).

use crate::stress::{Checked, Counterexample, Culprit, Difference, Origin, Reference, Run, ShrinkStop, StressConfig};
use judge::Explanation;
use serde::Serialize;
use std::borrow::Cow;

/// How many failing rounds the text report lists one by one (JSON lists them all).
const LISTED_ROUNDS: usize = 20;

fn text(reference: Reference, config: &StressConfig, hard_rounds: u64, checked: &Checked) -> String {
    let id = reference.id();
    let name = reference.name();
    let save_error = checked
        .save_error
        .as_ref()
        .map_or(String::new(), |error| format!("\n--save failed: {error}; nothing after it was saved\n"));
    if checked.stopped {
        if let Some(failure) = checked.failure.as_ref().filter(|_| checked.shrinking) {
            return format!(
                "{id}: stopped while shrinking a mismatch: {}\n\nsmallest failing input so far:\n{}",
                failure.difference, failure.input
            );
        }
        let ran = what_ran(reference, config, hard_rounds, checked);
        return match checked.failure {
            None => format!("{id}: stopped after {ran}; every answer so far agrees with {name}.\n{save_error}"),
            Some(_) => {
                let finished = Checked { stopped: false, ..checked.clone() };
                let n = checked.failing.len();
                format!(
                    "{id}: stopped after {ran}; {n} failed so far.\n\n{}",
                    text(reference, config, hard_rounds, &finished)
                )
            }
        };
    }
    let warning = checked.whitespace.as_ref().map_or(String::new(), |(round, what)| {
        format!(
            "warning: round {round}: an answer differs from {name}'s only in whitespace: {what} (judges that compare byte for byte reject it; --strict makes it a failure)\n"
        )
    });
    let Some(failure) = &checked.failure else {
        return format!(
            "{id}: {}, every answer agrees with {name}.\n{warning}{save_error}",
            what_ran(reference, config, hard_rounds, checked)
        );
    };
    let who = match (failure.culprit, &config.against) {
        (_, None) => "",
        (Culprit::Program, Some(_)) => "the program: ",
        (Culprit::Against, Some(_)) => "the --against program: ",
    };
    // The headline tells how the round's own input failed (a sample's line, say); the shrunk
    // input, whose lines are others, says how it fails below it where that reads differently.
    let found = checked.failing.iter().find(|(round, _, _)| *round == failure.round).map(|(_, _, d)| d.to_string());
    let found = found.unwrap_or_else(|| failure.difference.to_string());
    let mut out = match checked.failing.len() {
        1 => format!("{id}: mismatch in round {} ({}): {who}{found}\n", failure.round, failure.origin),
        n => format!(
            "{id}: {n} of {} failed; the first, round {} ({}): {who}{found}\n",
            what_ran(reference, config, hard_rounds, checked),
            failure.round,
            failure.origin,
        ),
    };
    let shrunk = failure.difference.to_string();
    if shrunk != found {
        out += &format!("on the smallest failing input below: {who}{shrunk}\n");
    }
    let runs = failure.shrink_runs;
    out += &match failure.shrink_stopped {
        None => format!("\nsmallest failing input (shrunk with {runs} more runs):\n"),
        Some(why @ ShrinkStop::SlowTimeout) => format!("\nfailing input ({why}):\n"),
        Some(ShrinkStop::Stopped) if runs == 0 => "\nfailing input (not shrunk: the check was stopped):\n".to_string(),
        Some(why) => format!("\nsmallest failing input found ({runs} more runs; {why}):\n"),
    };
    let mut shortened = false;
    out += &readable(&failure.input, &mut shortened);
    out += &format!("\n{name} answers:\n{}", failure.expected);
    let (program, other) = match failure.culprit {
        Culprit::Program => ("the program", "the --against program"),
        Culprit::Against => ("the --against program", "the program"),
    };
    out += &describe(program, &failure.run);
    if let Some((run, difference)) = &failure.other {
        out += &match difference {
            None => format!("\n{other} agrees with {name}.\n"),
            Some(difference) => format!("\n{other} is wrong too: {difference}\n"),
        };
        if difference.is_some() {
            out += &describe(other, run);
        }
    }
    if let Some(explanations) = reference.explain(&failure.input) {
        out += "\nwhy (gamesolve explain):\n";
        let explained = explanations.iter().map(Explanation::to_text).collect::<Vec<_>>().join("\n");
        out += &readable(&explained, &mut shortened);
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
    if shortened {
        out += "\n(long lines and texts shortened: --save keeps every file whole, --format json prints them whole)\n";
    }
    if !warning.is_empty() {
        out += "\n";
        out += &warning;
    }
    out + &save_error
}

/// The most characters of a line, and the most lines of a text, a report shows: a case of a
/// thousand pieces fits neither a screen nor a reader.
const READABLE_LINE: usize = 240;
const READABLE_LINES: usize = 60;

/// `text` with each line past [`READABLE_LINE`] characters cut (saying how many were left
/// out) and the lines past [`READABLE_LINES`] left out (saying how many); `shortened` set if
/// anything was.
fn readable<'t>(text: &'t str, shortened: &mut bool) -> Cow<'t, str> {
    let long = |line: &str| line.chars().count() > READABLE_LINE;
    if text.lines().count() <= READABLE_LINES && !text.lines().any(long) {
        return Cow::Borrowed(text);
    }
    *shortened = true;
    let mut out = String::new();
    for line in text.lines().take(READABLE_LINES) {
        if long(line) {
            let kept: String = line.chars().take(READABLE_LINE).collect();
            out += &format!("{kept} ... ({} more characters)\n", line.chars().count() - READABLE_LINE);
        } else {
            out += line;
            out += "\n";
        }
    }
    let lines = text.lines().count();
    if lines > READABLE_LINES {
        out += &format!("... ({} more lines)\n", lines - READABLE_LINES);
    }
    Cow::Owned(out)
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

/// A finished check's report: [`CheckReport::text`] for a person, or serialized for a script.
#[derive(Serialize)]
pub struct CheckReport<'a> {
    #[serde(skip)]
    source: (Reference<'a>, &'a StressConfig, &'a Checked),
    /// The problem's id; none for the user's generator and brute force (`--gen`, `--brute`).
    problem: Option<&'a str>,
    rounds: u64,
    cases: Option<usize>,
    hard_rounds: u64,
    agree: bool,
    failures: usize,
    failing_rounds: Vec<FailingRound<'a>>,
    first_failure: Option<FailureReport<'a>>,
    whitespace_warning: Option<WhitespaceWarning<'a>>,
    /// Whether the check was stopped by a signal before it finished.
    stopped: bool,
    /// Why `--save` failed, if it did.
    save_error: Option<&'a str>,
}

#[derive(Serialize)]
struct FailingRound<'a> {
    round: u64,
    origin: &'a Origin,
    difference: String,
}

#[derive(Serialize)]
struct WhitespaceWarning<'a> {
    round: u64,
    what: &'a str,
}

/// How a run ended, tagged by `ended`.
#[derive(Serialize)]
#[serde(tag = "ended", rename_all = "snake_case")]
enum RunReport<'a> {
    Output { output: &'a str },
    Crashed { status: &'a str, stderr: &'a str },
    TimedOut { limit_seconds: f64 },
    OutputLimit { limit_bytes: usize },
}

impl<'a> From<&'a Run> for RunReport<'a> {
    fn from(run: &'a Run) -> Self {
        match run {
            Run::Output(output) => RunReport::Output { output },
            Run::Crashed { status, stderr, .. } => RunReport::Crashed { status, stderr },
            Run::TimedOut(limit) => RunReport::TimedOut { limit_seconds: limit.as_secs_f64() },
            Run::OutputLimit(limit) => RunReport::OutputLimit { limit_bytes: *limit },
        }
    }
}

#[derive(Serialize)]
struct OtherReport<'a> {
    run: RunReport<'a>,
    difference: Option<String>,
}

#[derive(Serialize)]
struct FailureReport<'a> {
    culprit: Culprit,
    other: Option<OtherReport<'a>>,
    round: u64,
    origin: &'a Origin,
    difference: String,
    input: &'a str,
    expected: &'a str,
    program: RunReport<'a>,
    shrink_runs: usize,
    shrink_stopped: Option<String>,
    explanation: Option<Vec<Explanation>>,
}

impl<'a> FailureReport<'a> {
    fn new(reference: Reference, failure: &'a Counterexample) -> Self {
        FailureReport {
            culprit: failure.culprit,
            other: failure.other.as_ref().map(|(run, difference)| OtherReport {
                run: run.into(),
                difference: difference.as_ref().map(ToString::to_string),
            }),
            round: failure.round,
            origin: &failure.origin,
            difference: failure.difference.to_string(),
            input: &failure.input,
            expected: &failure.expected,
            program: (&failure.run).into(),
            shrink_runs: failure.shrink_runs,
            shrink_stopped: failure.shrink_stopped.map(|why| why.to_string()),
            explanation: reference.explain(&failure.input),
        }
    }
}

impl<'a> CheckReport<'a> {
    /// The report of `checked`, a check against `reference` run as `config` says,
    /// `hard_rounds` of its rounds from the hard generator.
    pub fn new(reference: Reference<'a>, config: &'a StressConfig, hard_rounds: u64, checked: &'a Checked) -> Self {
        let problem = match reference {
            Reference::Judge(problem) => Some(problem),
            Reference::Tools(_) => None,
        };
        CheckReport {
            source: (reference, config, checked),
            problem: problem.map(|problem| problem.id()),
            rounds: checked.rounds,
            cases: (config.inputs.is_empty() && problem.is_some()).then_some(config.cases),
            hard_rounds,
            agree: checked.failing.is_empty(),
            failures: checked.failing.len(),
            failing_rounds: checked
                .failing
                .iter()
                .map(|(round, origin, difference)| FailingRound {
                    round: *round,
                    origin,
                    difference: difference.to_string(),
                })
                .collect(),
            first_failure: checked.failure.as_ref().map(|failure| FailureReport::new(reference, failure)),
            whitespace_warning: checked
                .whitespace
                .as_ref()
                .map(|(round, what)| WhitespaceWarning { round: *round, what }),
            stopped: checked.stopped,
            save_error: checked.save_error.as_deref(),
        }
    }

    /// The report for a person: a summary line, then for a failure the shrunk input, both
    /// answers and gamesolve's explanation, then the other failing rounds and the whitespace
    /// warning.
    pub fn text(&self) -> String {
        let (reference, config, checked) = self.source;
        text(reference, config, self.hard_rounds, checked)
    }
}

/// What the check ran, in words: "100 rounds of 10 cases (50 of them hard)", "3 inputs", or
/// for the user's generator, "100 rounds".
fn what_ran(reference: Reference, config: &StressConfig, hard_rounds: u64, checked: &Checked) -> String {
    let rounds = checked.rounds;
    if !config.inputs.is_empty() {
        return format!("{rounds} input{}", if rounds == 1 { "" } else { "s" });
    }
    if let Reference::Tools(_) = reference {
        return format!("{rounds} round{}", if rounds == 1 { "" } else { "s" });
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

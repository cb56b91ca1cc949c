//! `gamesolve judge`: a judge problem's answer by one engine, or every engine's compared
//! (`--engine all`).

use super::{Source, answer, find};
use crate::output::{Format, Report, render};
use gamesolve::compare::{Comparison, Verdict, compare_engines};
use judge::{AnyProblem, JudgeError};
use serde::Serialize;
use std::borrow::Cow;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    source: Source,
    /// The engine to answer with (the problem's first engine if omitted); every engine must
    /// give the same answer, so this compares them. `all` runs every engine on the input and
    /// prints one line per engine with its time and whether its answer is the same (exit 1
    /// if one differs; an engine declining over its budget is not a difference).
    #[arg(long)]
    engine: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// One engine's answer: as the contract prints it, or its lines in JSON.
#[derive(Serialize)]
struct Answer {
    problem: &'static str,
    engine: String,
    #[serde(serialize_with = "lines")]
    answers: String,
}

fn lines<S: serde::Serializer>(text: &str, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(text.lines())
}

impl Report for Answer {
    fn text(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.answers)
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Args { source, engine, format } = args;
    let problem = find(&source.problem)?;
    let engine = engine.unwrap_or_else(|| problem.engines()[0].to_string());
    if engine == "all" {
        return judge_with_every_engine(&source, problem, format);
    }
    if !problem.engines().contains(&engine.as_str()) {
        // Before reading the input, which may be a terminal waiting for it.
        return Err(JudgeError::UnknownEngine { engine, known: problem.engines() }.into());
    }
    let answers = answer(&source, |text| problem.judge(text, &engine))?;
    render(&Answer { problem: problem.id(), engine, answers }, format)?;
    Ok(ExitCode::SUCCESS)
}

/// Every engine's run on one input, against the reference (the first engine that answered).
#[derive(Serialize)]
struct EngineComparison<'a> {
    problem: &'a str,
    reference: &'a str,
    lines: usize,
    agree: bool,
    engines: Vec<EngineLine<'a>>,
    #[serde(skip)]
    comparison: &'a Comparison,
}

/// One engine's line: every field in every line (one shape for a reader), the verdict's
/// details null where the verdict has none.
#[derive(Serialize)]
struct EngineLine<'a> {
    engine: &'a str,
    seconds: f64,
    verdict: &'static str,
    line: Option<usize>,
    reference_line: Option<&'a Option<String>>,
    found_line: Option<&'a Option<String>>,
    reason: Option<&'a str>,
}

impl<'a> EngineComparison<'a> {
    fn new(problem: &'a str, comparison: &'a Comparison) -> Self {
        let engines = comparison
            .runs
            .iter()
            .map(|run| {
                let mut line = EngineLine {
                    engine: run.engine,
                    seconds: run.elapsed.as_secs_f64(),
                    verdict: "",
                    line: None,
                    reference_line: None,
                    found_line: None,
                    reason: None,
                };
                let verdict = match &run.verdict {
                    Verdict::Reference => "reference",
                    Verdict::Same => "same",
                    Verdict::Differs { line: at, reference, found } => {
                        (line.line, line.reference_line, line.found_line) = (Some(*at), Some(reference), Some(found));
                        "differs"
                    }
                    Verdict::Declined(reason) => {
                        line.reason = Some(reason.as_str());
                        "declined"
                    }
                    Verdict::Failed(reason) => {
                        line.reason = Some(reason.as_str());
                        "failed"
                    }
                };
                line.verdict = verdict;
                line
            })
            .collect();
        EngineComparison {
            problem,
            reference: comparison.reference().unwrap_or("?"),
            lines: comparison.lines,
            agree: comparison.agree(),
            engines,
            comparison,
        }
    }
}

impl Report for EngineComparison<'_> {
    fn text(&self) -> Cow<'_, str> {
        let (comparison, reference) = (self.comparison, self.reference);
        let width = comparison.runs.iter().map(|run| run.engine.len()).max().unwrap_or(0);
        let mut out = format!(
            "{}: {} engines on one input, {} answer lines\n",
            self.problem,
            comparison.runs.len(),
            comparison.lines
        );
        let show = |line: &Option<String>| line.as_ref().map_or("(no line)".to_string(), |line| format!("`{line}`"));
        for run in &comparison.runs {
            let what = match &run.verdict {
                Verdict::Reference => "the reference answer".to_string(),
                Verdict::Same => "the same answer".to_string(),
                Verdict::Differs { line, reference: theirs, found } => {
                    format!("differs at line {line}: {} where {reference} has {}", show(found), show(theirs))
                }
                Verdict::Declined(reason) => format!("declined: {reason}"),
                Verdict::Failed(reason) => format!("failed: {reason}"),
            };
            out += &format!("  {:<width$}  {:>10}  {what}\n", run.engine, format!("{:.2?}", run.elapsed));
        }
        let differing = comparison
            .runs
            .iter()
            .filter(|run| matches!(run.verdict, Verdict::Differs { .. } | Verdict::Failed(_)))
            .count();
        out += &match differing {
            0 => "every engine that answered agrees\n".to_string(),
            n => format!("{n} of {} engines differ from {reference} or fail\n", comparison.runs.len()),
        };
        Cow::Owned(out)
    }
}

/// `judge --engine all`: one line per engine with its time and how its answer compares; exit 1
/// when an engine's answer differs from the reference (the first engine that answered) or an
/// engine fails where another answered.
fn judge_with_every_engine(source: &Source, problem: &dyn AnyProblem, format: Format) -> anyhow::Result<ExitCode> {
    let comparison = answer(source, |text| compare_engines(problem, text))?;
    let report = EngineComparison::new(problem.id(), &comparison);
    render(&report, format)?;
    Ok(if report.agree { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

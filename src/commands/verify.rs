//! `gamesolve verify`: the main job (every engine on every registered game, in one table), or a
//! stored table re-verified (`verify FILE`).

use crate::output::{Format, PhasesBar, Report, emit, progress_bar, render};
use gamesolve::tables::{self, VerifiedFile};
use gamesolve::verify::{self, LineReport};
use serde::Serialize;
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use workbench::solve::{READING, VerifyFailure};

#[derive(clap::Args)]
pub struct Args {
    /// A stored table to re-verify instead of the main job (a file, or the directory of a
    /// sharded table: every shard is checked).
    file: Option<PathBuf>,
    /// Only the games whose name contains this text.
    #[arg(long, conflicts_with = "file")]
    only: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match &args.file {
        Some(file) => verify_file(file, args.format),
        None => run_verify(args.only.as_deref(), args.format),
    }
}

impl Report for VerifiedFile {
    fn text(&self) -> Cow<'_, str> {
        Cow::Owned(self.to_text())
    }
}

/// A stored table whose values do not follow from their children.
#[derive(Serialize)]
struct Violation {
    file: String,
    verified: bool,
    violation: String,
}

impl Report for Violation {
    fn text(&self) -> Cow<'_, str> {
        Cow::Owned(format!("FAILED: {}\n", self.violation))
    }
}

fn verify_file(file: &Path, format: Format) -> anyhow::Result<ExitCode> {
    // One bar, named by its phase: reading (every checksum), then verifying (every value
    // against its children), each with its share done and the time left at that pace.
    let bar = PhasesBar::new("positions");
    bar.step(READING, 0, 0);
    let report = tables::verify_file(file, &|phase, done, total| bar.step(phase, done, total));
    bar.finish();
    match report {
        Ok(report) => {
            render(&report, format)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(VerifyFailure::Violation(rejection)) => {
            let (file, violation) = (file.display().to_string(), format!("{}: {rejection}", file.display()));
            render(&Violation { file, verified: false, violation }, format)?;
            Ok(ExitCode::from(1))
        }
        Err(damaged) => Err(anyhow::anyhow!("{damaged}")),
    }
}

/// The main job's report: every game's line and how many failed. Its text is only the last
/// line, the summary: the table's lines are printed as they are solved.
#[derive(Serialize)]
struct VerifyReport<'a> {
    games: Vec<LineReport<'a>>,
    failures: usize,
}

impl Report for VerifyReport<'_> {
    fn text(&self) -> Cow<'_, str> {
        Cow::Owned(match self.failures {
            0 => format!("\n{} games: every engine agrees, every table verified.\n", self.games.len()),
            failures => format!("\n{failures} of {} games FAILED.\n", self.games.len()),
        })
    }
}

fn run_verify(only: Option<&str>, format: Format) -> anyhow::Result<ExitCode> {
    let selected: Vec<_> =
        verify::Verified::all().into_iter().filter(|w| only.is_none_or(|o| w.name.contains(o))).collect();
    anyhow::ensure!(!selected.is_empty(), "no game matches --only {:?}; see `gamesolve list`", only.unwrap_or(""));
    let text = format == Format::Text;
    let width = verify::name_width(&selected);
    if text {
        emit(&format!("{}\n", verify::header(width)))?;
    }
    let bar = progress_bar(None, "{spinner} {msg} {elapsed}");
    let mut results = Vec::new();
    for line in &selected {
        bar.set_message(format!("solving {}", line.name));
        let result = line.run(verify::VERIFY_BUDGET);
        if text {
            bar.suspend(|| emit(&format!("{}\n", verify::render(&line.name, width, &result))))?;
        }
        results.push((line.name.as_str(), result));
    }
    bar.finish_and_clear();
    let failures = results.iter().filter(|(_, r)| r.is_err()).count();
    let games = results.iter().map(|(name, result)| LineReport::new(name, result)).collect();
    render(&VerifyReport { games, failures }, format)?;
    Ok(if failures == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

//! The commands of the command line, one module each (its arguments, its run, its report), and
//! what their arguments share: the parsers of problem ids, sizes and times, a judge input's
//! source, and the help text of exit codes and of the whole-space games.

pub mod check;
pub mod completions;
pub mod diff;
pub mod exec_limited;
pub mod explain;
pub mod generate;
pub mod judge;
pub mod list;
pub mod man;
pub mod probe;
pub mod search;
pub mod serve;
pub mod show;
pub mod solve;
pub mod stats;
pub mod verify;

use ::judge::input;
use ::judge::{AnyProblem, JudgeError};
use anyhow::Context;
use gamesolve::registry;
use std::path::PathBuf;
use std::time::Duration;

pub const EXIT_CODES: &str = "\
Exit codes:
  0    success
  1    a mismatch: engines, verifier or oracle disagree, or a checked program fails
  2    bad input or usage, an answer that could not be written, or a plan that does not fit
       in memory (the message names the estimate)
  3    the engine declined: the input needs more work than its budget (--budget raises it)
  4    check --gen/--brute: the generator or the brute force failed, not the checked program
  141  the reader of standard output went away (as if killed by SIGPIPE)";

/// A size in bytes with an optional binary suffix: `K`, `M`, `G` or `T`.
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let (digits, shift) = match text.char_indices().last() {
        Some((i, 'K' | 'k')) => (&text[..i], 10),
        Some((i, 'M' | 'm')) => (&text[..i], 20),
        Some((i, 'G' | 'g')) => (&text[..i], 30),
        Some((i, 'T' | 't')) => (&text[..i], 40),
        _ => (text, 0),
    };
    let number: u64 = digits.parse().map_err(|_| format!("`{text}` is not a size such as 4G, 512M or 1048576"))?;
    number
        .checked_mul(1 << shift)
        .filter(|&bytes| bytes > 0)
        .ok_or_else(|| format!("`{text}` is not a size between 1 byte and 16 EiB"))
}

/// A problem id: one of the registered problems. The ids are not listed in `--help` (that is
/// what `gamesolve list` is for), only in the error.
pub fn problem_id(text: &str) -> Result<String, String> {
    match registry::find_problem(text) {
        Some(problem) => Ok(problem.id().to_string()),
        None => {
            let known: Vec<&str> = registry::problems().map(|p| p.id()).collect();
            Err(format!("no such problem; `gamesolve list` shows them all: {}", known.join(", ")))
        }
    }
}

/// `--timeout`: a positive number of seconds that a `Duration` can hold.
pub fn parse_timeout(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.parse().map_err(|_| format!("`{text}` is not a number of seconds"))?;
    Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|limit| !limit.is_zero())
        .ok_or_else(|| format!("`{text}` is not a positive number of seconds that fits a time limit"))
}

/// The problem `id`, which the argument parser already checked.
pub fn find(id: &str) -> anyhow::Result<&'static dyn AnyProblem> {
    registry::find_problem(id).context("the argument parser admits only registered problems")
}

/// The games of the whole-space commands and their parameters, for `--help`.
pub fn spaces_help() -> String {
    let mut help = String::from("Games and their parameters (key=default (values): meaning):\n");
    for target in registry::spaces() {
        help += &format!("  {}: {}\n{}", target.name, target.about, target.usage());
    }
    help + "\n" + EXIT_CODES
}

/// The games `search` searches and their parameters, for `--help`: those searched past their
/// tables, then every space whose family is acyclic (loopy spaces are refused when asked).
pub fn search_help() -> String {
    let mut help = String::from("Games searched past their tables (key=default (values): meaning):\n");
    for target in registry::searches() {
        help += &format!("  {}: {}\n", target.name, target.about);
        for param in target.params {
            help += &format!("    {}\n", param.usage());
        }
    }
    help += "Every acyclic game of the whole-space commands is searched too, at its parameters (see `gamesolve solve --help`).\n";
    help + "\n" + EXIT_CODES
}

/// Where a judge input comes from: a file, or standard input.
#[derive(clap::Args)]
pub struct Source {
    /// The problem id, as `gamesolve list` shows it.
    #[arg(value_parser = problem_id)]
    pub problem: String,
    /// The input file (standard input if omitted).
    pub input: Option<PathBuf>,
}

/// Reads the input and computes the whole answer from it; an error names the problem and the
/// input, and nothing is printed before the answer is complete.
pub fn answer<T>(source: &Source, solve: impl FnOnce(&str) -> Result<T, JudgeError>) -> anyhow::Result<T> {
    // Never read without bound: a pipe or a device (`/dev/zero`) is refused past the problem's
    // largest legal input, or past the memory limit.
    let limit = find(&source.problem)?.max_input_bytes();
    let bytes = match &source.input {
        Some(path) => std::fs::File::open(path)
            .map_err(input::ReadError::from)
            .and_then(|file| input::read_bounded(file, limit))
            .with_context(|| format!("cannot read {}", path.display()))?,
        None => input::read_bounded(std::io::stdin().lock(), limit).context("cannot read standard input")?,
    };
    let name = source.input.as_ref().map_or("<stdin>".to_string(), |p| p.display().to_string());
    input::decode(&bytes)
        .map_err(JudgeError::from)
        .and_then(solve)
        .map_err(|e| anyhow::Error::new(e).context(format!("{}: {name}", source.problem)))
}

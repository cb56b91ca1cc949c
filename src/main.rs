//! The `gamesolve` command line.

use anyhow::Context;
use clap::{Parser, Subcommand};
use gamesolve::problems::{self, JudgeError, PROBLEMS};
use gamesolve::{input, verify, workloads};
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  a mismatch: engines, verifier or oracle disagree
  2  bad input or usage";

/// Solve two-player games exactly and prove it.
///
/// gamesolve answers contest problems about games (judge), and checks its own engines on every
/// registered game against a verifier and a naive oracle (verify).
#[derive(Parser)]
#[command(name = "gamesolve", version, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the judge problems (with their engines) and the games `verify` checks.
    List,
    /// Answer a judge problem's input exactly as its contract says (../shared/problems/<id>).
    ///
    /// Reads INPUT, or standard input when no file is given, and prints the whole answer, or on
    /// bad input nothing but an error with its line and column on standard error (exit 2).
    #[command(after_help = EXIT_CODES)]
    Judge {
        /// The problem id, as `gamesolve list` shows it.
        #[arg(value_parser = clap::builder::PossibleValuesParser::new(PROBLEMS.iter().map(|p| p.id())))]
        problem: String,
        /// The input file (standard input if omitted).
        input: Option<PathBuf>,
        /// The engine to answer with (the problem's first engine if omitted); every engine must
        /// give the same answer, so this compares them.
        #[arg(long)]
        engine: Option<String>,
    },
    /// Explain each case of a judge input: the verdict, the best moves, the line of optimal play.
    ///
    /// Reads INPUT, or standard input when no file is given. Bad input is reported as for `judge`.
    #[command(after_help = EXIT_CODES)]
    Explain {
        /// The problem id, as `gamesolve list` shows it.
        #[arg(value_parser = clap::builder::PossibleValuesParser::new(PROBLEMS.iter().map(|p| p.id())))]
        problem: String,
        /// The input file (standard input if omitted).
        input: Option<PathBuf>,
    },
    /// Check every engine on every registered game (the main job).
    ///
    /// Solves every registered game at its built-in size with every engine, checks every table
    /// with the verifier, compares with the naive oracle where it fits its budget, and prints one
    /// table. Exits 1 on any disagreement.
    #[command(after_help = EXIT_CODES)]
    Verify {
        /// Only the games whose name contains this text.
        #[arg(long)]
        only: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::List => list(),
        Command::Judge { problem, input, engine } => judge(&problem, input, engine),
        Command::Explain { problem, input } => explain(&problem, input),
        Command::Verify { only } => run_verify(only.as_deref()),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("gamesolve: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn list() -> anyhow::Result<ExitCode> {
    let mut out = String::from("Judge problems (gamesolve judge <id> [INPUT] [--engine E]):\n");
    for p in PROBLEMS {
        out += &format!("  {:<12} {}\n  {:<12} engines: {}\n", p.id(), p.title(), "", p.engines().join(", "));
    }
    out += "\nGames checked by `gamesolve verify`:\n";
    for w in workloads::all() {
        out += &format!("  {}\n", w.name);
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

fn judge(id: &str, path: Option<PathBuf>, engine: Option<String>) -> anyhow::Result<ExitCode> {
    let problem = find(id)?;
    let engine = engine.unwrap_or_else(|| problem.engines()[0].to_string());
    problems::check_engine(problem, &engine)?;
    answer(id, path, |text| problem.judge(text, &engine))
}

fn explain(id: &str, path: Option<PathBuf>) -> anyhow::Result<ExitCode> {
    let problem = find(id)?;
    answer(id, path, |text| problem.explain(text))
}

fn find(id: &str) -> anyhow::Result<&'static dyn problems::Problem> {
    problems::find(id).context("the argument parser admits only registered problems")
}

/// Reads the input (a file, or standard input), computes the whole answer, and prints it only
/// if nothing went wrong.
fn answer(
    id: &str,
    path: Option<PathBuf>,
    solve: impl FnOnce(&str) -> Result<String, JudgeError>,
) -> anyhow::Result<ExitCode> {
    let mut bytes = Vec::new();
    match &path {
        Some(path) => bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?,
        None => {
            std::io::stdin().read_to_end(&mut bytes).context("cannot read standard input")?;
        }
    }
    let source = path.as_ref().map_or("<stdin>".to_string(), |p| p.display().to_string());
    match input::decode(&bytes).map_err(JudgeError::from).and_then(solve) {
        Ok(output) => {
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(output.as_bytes()).and_then(|()| stdout.flush()).context("cannot write the answer")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => anyhow::bail!("{id}: {source}: {e}"),
    }
}

fn run_verify(only: Option<&str>) -> anyhow::Result<ExitCode> {
    let selected: Vec<_> = workloads::all().into_iter().filter(|w| only.is_none_or(|o| w.name.contains(o))).collect();
    anyhow::ensure!(!selected.is_empty(), "no game matches --only {:?}; see `gamesolve list`", only.unwrap_or(""));
    let progress = std::io::stderr().is_terminal();
    println!("{}", verify::header());
    let mut failures = 0;
    for workload in &selected {
        if progress {
            eprint!("solving {} ...\r", workload.name);
        }
        let result = verify::run(workload, verify::VERIFY_BUDGET);
        if progress {
            eprint!("\x1b[2K");
        }
        failures += result.is_err() as usize;
        println!("{}", verify::render(&workload.name, &result));
    }
    if failures == 0 {
        println!("\n{} games: every engine agrees, every table verified.", selected.len());
        Ok(ExitCode::SUCCESS)
    } else {
        println!("\n{failures} of {} games FAILED.", selected.len());
        Ok(ExitCode::from(1))
    }
}

//! The `gamesolve` command line.

use anyhow::Context;
use clap::{Parser, Subcommand, ValueEnum};
use gamesolve::check_report;
use gamesolve::compare::{Comparison, Verdict, compare_engines};
use gamesolve::registry;
use gamesolve::stress::{self, GenMode, NamedInput, Progress, StressConfig};
use gamesolve::{tables, verify};
use indicatif::{ProgressBar, ProgressStyle};
use judge::input;
use judge::{AnyProblem, Explanation, JudgeError};
use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc};
use serde_json::json;
use std::alloc::System;
use std::ffi::OsString;
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use workbench::solve::VerifyFailure;

const EXIT_CODES: &str = "\
Exit codes:
  0    success
  1    a mismatch: engines, verifier or oracle disagree, or a checked program fails
  2    bad input or usage, an answer that could not be written, or a plan that does not fit
       in memory (the message names the estimate)
  3    the engine declined: the input needs more work than its budget (--budget raises it)
  141  the reader of standard output went away (as if killed by SIGPIPE)";

/// Solve two-player games exactly and prove it.
///
/// gamesolve answers contest problems about games exactly (judge, explain; show prints a
/// problem's contract), checks its own engines on every registered game against a verifier and
/// a naive oracle (verify), and stress-tests other programs against its answers (gen, check).
#[derive(Parser)]
#[command(name = "gamesolve", version, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Threads the engines solve with, 1 to 1024 (default: one per core). Every number of
    /// threads gives the same answers; only the time changes.
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// The most work an engine may spend on one input, in units of one state visited or one move
    /// generated (default 10000000, a few seconds of the oracle); past it the engine declines with
    /// exit 3. The default engines answer every valid input well within the default.
    #[arg(long, global = true, value_name = "UNITS")]
    budget: Option<u64>,
    /// The most memory a command may plan to use, e.g. `4G`, `512M`, `100000K` or a number of
    /// bytes (default: what the system has available). A plan past it is refused before it
    /// starts, with exit 2 and the estimate.
    #[arg(long, global = true, value_name = "BYTES", value_parser = parse_bytes)]
    max_memory: Option<u64>,
}

/// A size in bytes with an optional binary suffix: `K`, `M`, `G` or `T`.
fn parse_bytes(text: &str) -> Result<u64, String> {
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

/// How results are printed.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// For people.
    Text,
    /// One JSON document on standard output, for scripts (schemas in the README).
    Json,
}

/// `gen --mode`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum GenArg {
    /// Random inputs that reach the problem's edge cases.
    Uniform,
    /// Positions drawn from the solved game where wrong solutions go wrong.
    Hard,
}

/// `check --mode`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CheckMode {
    /// Uniform and hard rounds in turn (uniform alone where there is no hard generator).
    Mixed,
    /// Uniform rounds only.
    Uniform,
    /// Hard rounds only.
    Hard,
}

/// Where a judge input comes from: a file, or standard input.
#[derive(clap::Args)]
struct Source {
    /// The problem id, as `gamesolve list` shows it.
    #[arg(value_parser = problem_id)]
    problem: String,
    /// The input file (standard input if omitted).
    input: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// List the judge problems (with their engines) and the games `verify` checks.
    List,
    /// Print a judge problem's contract: its rules, input and output format, limits and sample.
    Show {
        /// The problem id, as `gamesolve list` shows it.
        #[arg(value_parser = problem_id)]
        problem: String,
    },
    /// Answer a judge problem's input exactly as its contract says (`gamesolve show <id>`).
    ///
    /// Prints the whole answer, or on bad input nothing but an error with its line and column on
    /// standard error (exit 2).
    #[command(after_help = EXIT_CODES)]
    Judge {
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
    },
    /// Explain each case: the verdict, the value, the best moves, the line of optimal play.
    ///
    /// Bad input is reported as for `judge`. Every case's explanation is built before any is
    /// printed, so an input's explanations may hold at most 256 MiB (a hundred thousand small
    /// cases or more), and at most a quarter of the memory available (or of --max-memory); a
    /// larger input is refused with exit 2 and the estimate, and `judge` answers it.
    #[command(after_help = EXIT_CODES)]
    Explain {
        #[command(flatten)]
        source: Source,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Print a random valid input for a problem; the same seed gives the same input.
    ///
    /// Generators reach each problem's edge cases on purpose.
    #[command(after_help = EXIT_CODES)]
    Gen {
        /// The problem id, as `gamesolve list` shows it.
        #[arg(value_parser = problem_id)]
        problem: String,
        /// Number of cases (for a one-case problem, its size); each problem takes its own range,
        /// which an error names.
        #[arg(long, default_value_t = 10)]
        cases: usize,
        /// Generator seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Which generator: `uniform` (random inputs that reach the edge cases) or `hard`
        /// (positions drawn from the solved game where wrong solutions go wrong: the deepest
        /// wins and losses, every outcome kind, single winning moves, the extremes of the limits).
        #[arg(long, value_enum, default_value_t = GenArg::Uniform)]
        mode: GenArg,
    },
    /// Stress-test a program: feed it generated inputs and compare its answers with gamesolve's.
    ///
    /// The program runs directly (no shell), reading the input on standard input, with a time
    /// limit per run. At the first mismatch, the input is shrunk: to the fewest cases that still
    /// fail (two, for a variable not reset between cases), then each case simplified; it is
    /// printed with both answers and gamesolve's explanation. A crash, a timeout, and a
    /// missing, extra or malformed output line are reported as what they are. Every process the
    /// program starts is killed when its run ends (on Linux also those that left its process
    /// group), and on Ctrl-C, SIGTERM or SIGHUP (exit 130), which during shrinking first print
    /// the mismatch and the smallest failing input found so far.
    /// Example: gamesolve check cf919f --rounds 200 -- ./my-solution --fast
    #[command(after_help = EXIT_CODES)]
    Check {
        /// The problem id, as `gamesolve list` shows it.
        #[arg(value_parser = problem_id)]
        problem: String,
        /// Number of generated inputs to try.
        #[arg(long, default_value_t = 100)]
        rounds: u64,
        /// Cases per generated input.
        #[arg(long, default_value_t = 10)]
        cases: usize,
        /// Seed of the first round (round r uses seed + r - 1).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Time limit per run of the program, in seconds (a decimal, e.g. 0.5).
        #[arg(long, default_value = "10", value_parser = parse_timeout)]
        timeout: Duration,
        /// Which generator the rounds use: `mixed` (uniform and hard rounds in turn, uniform
        /// alone for a problem without a hard generator), `uniform` or `hard` (see `gen --help`).
        #[arg(long, value_enum, default_value_t = CheckMode::Mixed)]
        mode: CheckMode,
        /// Whitespace must match gamesolve's answer byte for byte, as some judges require:
        /// trailing spaces, CRLF line ends, a missing final newline or extra blank lines fail.
        /// Without it such an answer passes, and the first is reported as a warning.
        #[arg(long)]
        strict: bool,
        /// The most runs of the program that shrinking a failure may spend.
        #[arg(long, default_value_t = 300, value_name = "RUNS")]
        shrink_runs: usize,
        /// The most time shrinking a failure may spend, in seconds (checked before each run). A
        /// timeout is shrunk only when `--timeout` is at most a tenth of it, and otherwise
        /// reported as found.
        #[arg(long, default_value = "60", value_parser = parse_timeout, value_name = "SECONDS")]
        shrink_time: Duration,
        /// Run on these inputs instead of generated ones, one round each: files, or folders
        /// whose `*.in` files (or, without any, all files) are taken in name order, as
        /// `oj test` does.
        #[arg(long, num_args = 1.., value_name = "PATH", conflicts_with_all = ["rounds", "cases", "seed", "mode", "samples"])]
        inputs: Vec<PathBuf>,
        /// Run on the sample input of the problem's contract (`gamesolve show`).
        #[arg(long, conflicts_with_all = ["rounds", "cases", "seed", "mode"])]
        samples: bool,
        /// Run every round and count the failures, instead of stopping at the first; the first
        /// is shrunk, the others are listed.
        #[arg(long)]
        keep_going: bool,
        /// Write every failing input into this folder with both answers and the explanation:
        /// `round-N.in`, `.expected`, `.out` (the program's output, or how its run ended) and
        /// `.why`, and the shrunk one as `shrunk.*`.
        #[arg(long, value_name = "DIR")]
        save: Option<PathBuf>,
        /// The most memory the program may take: its address space is limited to this (K, M, G
        /// suffixes), and a run whose allocation fails under it is reported as "memory limit
        /// exceeded" (Unix; like a judge's limit, it counts reserved memory as well as used).
        #[arg(long, value_name = "BYTES", value_parser = parse_bytes)]
        memory_limit: Option<u64>,
        /// A second program to check on the same inputs, e.g. a brute force against the fast
        /// solution after `--`; gamesolve's answer says which of the two is wrong. Split at
        /// whitespace into the program and its arguments (for arguments with spaces, use a
        /// script).
        #[arg(long, value_name = "PROG")]
        against: Option<String>,
        /// Output format of the report.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// The program to check and its arguments, after `--`.
        #[arg(last = true, required = true, num_args = 1..)]
        command: Vec<OsString>,
    },
    /// Summarize a solved space: counts by outcome and remoteness, the longest win, engine costs.
    ///
    /// Solves the game at the given parameters with every engine variant, measuring the time and
    /// the peak memory each adds.
    #[command(after_help = spaces_help())]
    Stats {
        /// The game.
        #[arg(value_parser = clap::builder::PossibleValuesParser::new(registry::spaces().map(|t| t.name)))]
        game: String,
        /// Parameters as key=value (see below).
        params: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Solve every position of a game; print the start's value and best moves; store the table.
    ///
    /// With --out the table is written in gamesolve's table format (TABLE-FORMAT.md): a
    /// self-describing header, compressed blocks with checksums. It is written to a temporary
    /// file and renamed when complete, so an interrupted run never leaves a file that looks
    /// finished. Read it back with probe, diff and verify FILE.
    /// Example: gamesolve solve dots-and-boxes rows=3 cols=4 rule=move-again --out 3x4.table
    ///
    /// With --distributed (a gamesolve built with --features mpi, run under mpirun) every rank
    /// of the job solves its share of the game's tiers and writes it as shards of one table
    /// into the directory --out names, with a manifest; probe, diff and verify read the
    /// directory as one table. A run that stopped continues with --resume.
    /// Example: mpirun -np 4 gamesolve solve dots-and-boxes rows=3 cols=3 --distributed --out 3x3
    #[command(after_help = spaces_help())]
    Solve {
        /// The game.
        #[arg(value_parser = clap::builder::PossibleValuesParser::new(registry::spaces().map(|t| t.name)))]
        game: String,
        /// Parameters as key=value (see below).
        params: Vec<String>,
        /// The engine (the game's first if omitted; an unknown name lists them).
        #[arg(long)]
        engine: Option<String>,
        /// Write the solved table to this file.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Replace the file given to --out if it exists.
        #[arg(long, conflicts_with = "distributed")]
        force: bool,
        /// Solve across the ranks of the MPI job this runs in, writing shards into the directory
        /// --out names (needs a gamesolve built with --features mpi).
        #[arg(long, requires = "out", conflicts_with = "engine")]
        distributed: bool,
        /// How --distributed cuts the game into tiers (dots-and-boxes: group=G, the last G lines;
        /// the game chooses if omitted).
        #[arg(long, requires = "distributed")]
        tiering: Option<String>,
        /// Continue the --distributed run whose shards are in --out: shards that check are kept,
        /// the rest solved (same game, tiering and number of ranks).
        #[arg(long, requires = "distributed")]
        resume: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// The value of one position of a stored table and of each of its moves.
    ///
    /// The position is written in the game's notation (as `explain` and `solve` print it; for
    /// dots and boxes the drawn lines, e.g. `1-2 2-6`, or `empty`), or as `#n` for position
    /// number n. Only the blocks holding the position and its children are decompressed.
    #[command(after_help = EXIT_CODES)]
    Probe {
        /// The table file, or the directory of a sharded table (`solve --distributed`).
        file: PathBuf,
        /// The position (several words are joined with spaces).
        #[arg(required = true, num_args = 1..)]
        position: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Compare two stored tables position by position.
    ///
    /// Prints the number of differing positions by kind of difference and the first few, with
    /// both values and the position. Exits 0 when the tables are identical, 1 when they differ,
    /// 2 when they are not of the same game and parameters (or a file is unreadable).
    Diff {
        /// The first table (a file, or the directory of a sharded table).
        a: PathBuf,
        /// The second table (likewise).
        b: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Check every engine on every registered game (the main job), or re-verify a stored table.
    ///
    /// Without FILE: solves every registered game at its built-in size with every engine,
    /// checks every table with the verifier, compares with the naive oracle where it fits its
    /// budget, and prints one table. Exits 1 on any disagreement.
    ///
    /// With FILE: checks every checksum of the table and every position's value against its
    /// children with the game's verifier (not an engine). Exits 1 at the first violation, 2 if
    /// the file is damaged or not a table.
    #[command(after_help = EXIT_CODES)]
    Verify {
        /// A stored table to re-verify instead of the main job (a file, or the directory of a
        /// sharded table: every shard is checked).
        file: Option<PathBuf>,
        /// Only the games whose name contains this text.
        #[arg(long, conflicts_with = "file")]
        only: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Runs a program under an address-space limit (what `check --memory-limit` starts).
    #[command(hide = true)]
    ExecLimited {
        /// The limit, in bytes.
        bytes: u64,
        /// The program and its arguments.
        #[arg(last = true, required = true, num_args = 1..)]
        command: Vec<OsString>,
    },
}

/// Counts allocations, so that `stats` reports each engine's own peak memory.
#[global_allocator]
static ALLOCATOR: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

fn main() -> ExitCode {
    workbench::stats::count_allocations_with(ALLOCATOR);
    let result = run(Cli::try_parse());
    match result {
        Ok(code) => code,
        // The reader went away (`gamesolve verify | head`): stop quietly with the status of a
        // process killed by SIGPIPE, as Unix filters do; the work was not finished.
        Err(e) if e.is::<OutputClosed>() => ExitCode::from(128 + 13),
        Err(e) => {
            // Nothing is left to tell if standard error is closed too.
            let _ = writeln!(std::io::stderr(), "gamesolve: {e:#}");
            let declined =
                e.chain().any(|cause| cause.downcast_ref::<JudgeError>().is_some_and(JudgeError::is_declined));
            ExitCode::from(if declined { 3 } else { 2 })
        }
    }
}

/// Runs the command line; help and version text are written like any answer, so a failed write
/// is an error, not a silent exit 0.
fn run(parsed: Result<Cli, clap::Error>) -> anyhow::Result<ExitCode> {
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            // Coloured only on a terminal, as clap decides; nothing is left to tell if
            // standard error is closed.
            let _ = e.print();
            return Ok(ExitCode::from(2));
        }
        Err(e) => return print_all(&e.render().to_string()),
    };
    if let Some(units) = cli.budget {
        judge::resources::set_work_budget(units);
    }
    if let Some(bytes) = cli.max_memory {
        judge::resources::set_max_memory(bytes);
    }
    if let Some(threads) = cli.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads.into())
            .build_global()
            .context("cannot start the engines' threads")?;
    }
    match cli.command {
        Command::List => list(),
        Command::Show { problem } => find(&problem).and_then(|p| print_all(p.contract())),
        Command::Judge { source, engine, format } => judge(source, engine, format),
        Command::Explain { source, format } => explain(source, format),
        Command::Gen { problem, cases, seed, mode } => generate(&problem, cases, seed, mode == GenArg::Hard),
        Command::Check {
            problem,
            rounds,
            cases,
            seed,
            timeout,
            mode,
            strict,
            shrink_runs,
            shrink_time,
            inputs,
            samples,
            keep_going,
            save,
            memory_limit,
            against,
            format,
            command,
        } => {
            let mode = match mode {
                CheckMode::Mixed => GenMode::Mixed,
                CheckMode::Uniform => GenMode::Uniform,
                CheckMode::Hard => GenMode::Hard,
            };
            let inputs = fixed_inputs(&problem, &inputs, samples)?;
            let against = against.map(|line| line.split_whitespace().map(OsString::from).collect::<Vec<_>>());
            if against.as_ref().is_some_and(Vec::is_empty) {
                anyhow::bail!("--against needs a program");
            }
            let config = StressConfig {
                rounds,
                cases,
                seed,
                timeout,
                command,
                against,
                memory_limit,
                shrink_runs,
                shrink_time,
                mode,
                strict,
                inputs,
                keep_going,
                save,
            };
            check(&problem, config, format)
        }
        Command::Stats { game, params, format } => stats(&game, &params, format),
        Command::Solve { game, params, out: Some(out), distributed: true, tiering, resume, format, .. } => {
            solve_distributed(&game, &params, tiering.as_deref(), &out, resume, format)
        }
        Command::Solve { game, params, engine, out, force, format, .. } => {
            solve(&game, &params, engine.as_deref(), out.as_deref(), force, format)
        }
        Command::Probe { file, position, format } => probe(&file, &position.join(" "), format),
        Command::Diff { a, b, format } => diff(&a, &b, format),
        Command::Verify { file: Some(file), format, .. } => verify_file(&file, format),
        Command::Verify { file: None, only, format } => run_verify(only.as_deref(), format),
        Command::ExecLimited { bytes, command } => Err(stress::exec_limited(bytes, &command)),
    }
}

fn list() -> anyhow::Result<ExitCode> {
    let mut out = String::from("Judge problems (gamesolve judge <id> [INPUT] [--engine E]):\n");
    for p in registry::problems() {
        out += &format!("  {:<12} {}\n  {:<12} engines: {}\n", p.id(), p.title(), "", p.engines().join(", "));
    }
    out += "\nGames checked by `gamesolve verify`:\n";
    for line in verify::Verified::all() {
        out += &format!("  {}\n", line.name);
    }
    print_all(&out)
}

fn find(id: &str) -> anyhow::Result<&'static dyn AnyProblem> {
    registry::find_problem(id).context("the argument parser admits only registered problems")
}

fn judge(source: Source, engine: Option<String>, format: Format) -> anyhow::Result<ExitCode> {
    let problem = find(&source.problem)?;
    let engine = engine.unwrap_or_else(|| problem.engines()[0].to_string());
    if engine == "all" {
        return judge_with_every_engine(&source, problem, format);
    }
    if !problem.engines().contains(&engine.as_str()) {
        // Before reading the input, which may be a terminal waiting for it.
        return Err(JudgeError::UnknownEngine { engine, known: problem.engines() }.into());
    }
    answer(&source, |text| {
        let output = problem.judge(text, &engine)?;
        Ok(match format {
            Format::Text => output,
            Format::Json => to_json(&json!({
                "problem": problem.id(),
                "engine": engine,
                "answers": output.lines().collect::<Vec<_>>(),
            })),
        })
    })
}

/// `judge --engine all`: one line per engine with its time and how its answer compares; exit 1
/// when an engine's answer differs from the reference (the first engine that answered) or an
/// engine fails where another answered.
fn judge_with_every_engine(source: &Source, problem: &dyn AnyProblem, format: Format) -> anyhow::Result<ExitCode> {
    let mut agree = true;
    answer(source, |text| {
        let comparison = compare_engines(problem, text)?;
        agree = comparison.agree();
        let reference = comparison.reference().unwrap_or("?");
        Ok(match format {
            Format::Text => comparison_text(problem.id(), &comparison, reference),
            Format::Json => {
                let engines: Vec<_> = comparison
                    .runs
                    .iter()
                    .map(|run| {
                        let mut entry = json!({ "engine": run.engine, "seconds": run.elapsed.as_secs_f64() });
                        let (verdict, details) = match &run.verdict {
                            Verdict::Reference => ("reference", json!({})),
                            Verdict::Same => ("same", json!({})),
                            Verdict::Differs { line, reference, found } => {
                                ("differs", json!({ "line": line, "reference_line": reference, "found_line": found }))
                            }
                            Verdict::Declined(reason) => ("declined", json!({ "reason": reason })),
                            Verdict::Failed(reason) => ("failed", json!({ "reason": reason })),
                        };
                        entry["verdict"] = json!(verdict);
                        if let (Some(entry), Some(details)) = (entry.as_object_mut(), details.as_object()) {
                            entry.extend(details.clone());
                        }
                        entry
                    })
                    .collect();
                to_json(&json!({
                    "problem": problem.id(),
                    "reference": reference,
                    "lines": comparison.lines,
                    "agree": comparison.agree(),
                    "engines": engines,
                }))
            }
        })
    })?;
    Ok(if agree { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn comparison_text(id: &str, comparison: &Comparison, reference: &str) -> String {
    let width = comparison.runs.iter().map(|run| run.engine.len()).max().unwrap_or(0);
    let mut out = format!("{id}: {} engines on one input, {} answer lines\n", comparison.runs.len(), comparison.lines);
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
    out
}

fn explain(source: Source, format: Format) -> anyhow::Result<ExitCode> {
    let problem = find(&source.problem)?;
    answer(&source, |text| {
        let explanations = problem.explain(text)?;
        Ok(match format {
            // One string, not a list of them joined: the peak stays the explanations and the text.
            Format::Text => {
                let mut text = String::new();
                for (i, explanation) in explanations.iter().enumerate() {
                    if i > 0 {
                        text.push('\n');
                    }
                    text += &explanation.to_text();
                }
                text
            }
            Format::Json => explanations_json(problem.id(), &explanations),
        })
    })
}

/// The text of `{"cases": explanations, "problem": id}` pretty-printed, built case by case, so
/// that the peak holds one case's JSON value tree at a time instead of all of them (which took
/// about 7 times the explanations' own size).
fn explanations_json(id: &str, explanations: &[Explanation]) -> String {
    let mut out = String::from("{\n  \"cases\": [");
    for (i, explanation) in explanations.iter().enumerate() {
        out += if i == 0 { "\n" } else { ",\n" };
        let case = to_json(&serde_json::to_value(explanation).expect("an explanation serializes"));
        for (j, line) in case.lines().enumerate() {
            if j > 0 {
                out.push('\n');
            }
            out += "    ";
            out += line;
        }
    }
    if !explanations.is_empty() {
        out += "\n  ";
    }
    out + "],\n  \"problem\": " + &json!(id).to_string() + "\n}\n"
}

fn to_json(value: &serde_json::Value) -> String {
    serde_json::to_string_pretty(value).expect("a JSON value serializes") + "\n"
}

/// Reads the input, computes the whole answer, and prints it only if nothing went wrong.
fn answer(source: &Source, solve: impl FnOnce(&str) -> Result<String, JudgeError>) -> anyhow::Result<ExitCode> {
    let mut bytes = Vec::new();
    match &source.input {
        Some(path) => bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?,
        None => {
            std::io::stdin().read_to_end(&mut bytes).context("cannot read standard input")?;
        }
    }
    let name = source.input.as_ref().map_or("<stdin>".to_string(), |p| p.display().to_string());
    match input::decode(&bytes).map_err(JudgeError::from).and_then(solve) {
        Ok(output) => print_all(&output),
        Err(e) => Err(anyhow::Error::new(e).context(format!("{}: {name}", source.problem))),
    }
}

/// Standard output was closed by its reader.
#[derive(Debug, thiserror::Error)]
#[error("standard output was closed")]
struct OutputClosed;

/// Whether standard output was closed when gamesolve started. Rust's runtime then opens
/// `/dev/null` in its place, read-write, so writes succeed and the answer is lost; a shell's
/// `> /dev/null` opens it write-only, and stays a success. (Linux; elsewhere false.)
fn stdout_was_closed() -> bool {
    #[cfg(target_os = "linux")]
    {
        use nix::fcntl::{FcntlArg, OFlag, fcntl};
        use nix::sys::stat::{SFlag, fstat, major, minor};
        let stdout = std::io::stdout();
        let Ok(stat) = fstat(&stdout) else { return false };
        let dev_null = SFlag::from_bits_truncate(stat.st_mode) & SFlag::S_IFMT == SFlag::S_IFCHR
            && (major(stat.st_rdev), minor(stat.st_rdev)) == (1, 3);
        let read_write = fcntl(&stdout, FcntlArg::F_GETFL)
            .is_ok_and(|flags| OFlag::from_bits_truncate(flags) & OFlag::O_ACCMODE == OFlag::O_RDWR);
        dev_null && read_write
    }
    #[cfg(not(target_os = "linux"))]
    false
}

/// Writes `text` to standard output; a closed pipe is [`OutputClosed`], not a panic.
fn emit(text: &str) -> anyhow::Result<()> {
    if stdout_was_closed() {
        anyhow::bail!("cannot write to standard output: it was closed when gamesolve started (`>&-`)");
    }
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(OutputClosed.into()),
        written => written.context("cannot write to standard output"),
    }
}

fn print_all(output: &str) -> anyhow::Result<ExitCode> {
    emit(output)?;
    Ok(ExitCode::SUCCESS)
}

fn generate(id: &str, cases: usize, seed: u64, hard: bool) -> anyhow::Result<ExitCode> {
    let problem = find(id)?;
    let input = stress::generate(problem, hard, seed, cases).with_context(|| format!("{id}: cannot generate input"))?;
    print_all(&input)
}

/// A progress bar on standard error, or a hidden one when standard error is not a terminal.
fn progress_bar(len: Option<u64>, template: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = match len {
        Some(len) => ProgressBar::new(len),
        None => ProgressBar::new_spinner(),
    };
    bar.set_style(ProgressStyle::with_template(template).expect("a valid template"));
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

/// A problem id: one of the registered problems. The ids are not listed in `--help` (that is
/// what `gamesolve list` is for), only in the error.
fn problem_id(text: &str) -> Result<String, String> {
    match registry::find_problem(text) {
        Some(problem) => Ok(problem.id().to_string()),
        None => {
            let known: Vec<&str> = registry::problems().map(|p| p.id()).collect();
            Err(format!("no such problem; `gamesolve list` shows them all: {}", known.join(", ")))
        }
    }
}

/// `--timeout`: a positive number of seconds that a `Duration` can hold.
fn parse_timeout(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.parse().map_err(|_| format!("`{text}` is not a number of seconds"))?;
    Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|limit| !limit.is_zero())
        .ok_or_else(|| format!("`{text}` is not a positive number of seconds that fits a time limit"))
}

/// `check --inputs` and `--samples`: the fixed inputs, read and decoded (an error names the
/// file, and the line and column of bad UTF-8).
fn fixed_inputs(id: &str, paths: &[PathBuf], samples: bool) -> anyhow::Result<Vec<NamedInput>> {
    let mut inputs = Vec::new();
    if samples {
        let problem = find(id)?;
        let blocks = judge::sample_blocks(problem.contract());
        let text = blocks.first().with_context(|| format!("{id}: the contract has no sample"))?;
        inputs.push(NamedInput { name: "sample".to_string(), text: text.clone() });
    }
    for path in paths {
        let files = if path.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(path)
                .with_context(|| format!("cannot read the folder {}", path.display()))?
                .filter_map(|entry| entry.ok().map(|entry| entry.path()))
                .filter(|file| file.is_file())
                .collect();
            files.sort();
            let inputs: Vec<PathBuf> =
                files.iter().filter(|f| f.extension().is_some_and(|e| e == "in")).cloned().collect();
            if inputs.is_empty() { files } else { inputs }
        } else {
            vec![path.clone()]
        };
        if files.is_empty() {
            anyhow::bail!("{}: no input files in the folder", path.display());
        }
        for file in files {
            let name = file.display().to_string();
            let bytes = std::fs::read(&file).with_context(|| format!("cannot read {name}"))?;
            let text = input::decode(&bytes).map_err(JudgeError::from).with_context(|| format!("{id}: {name}"))?;
            inputs.push(NamedInput { name, text: text.to_string() });
        }
    }
    Ok(inputs)
}

fn check(id: &str, config: StressConfig, format: Format) -> anyhow::Result<ExitCode> {
    let problem = find(id)?;
    // Processes that escape the program's group are re-parented to gamesolve, to be killed.
    gamesolve::reaper::adopt_orphans().context("cannot become the subreaper of the checked program")?;
    // The checked program runs in a process group of its own, which Ctrl-C, SIGTERM and SIGHUP
    // sent to gamesolve do not reach.
    // A stop while shrinking still tells what was found: the smallest failing input so far.
    let name = problem.id();
    ctrlc::set_handler(move || {
        // Read before the program is stopped: its killed run must not become the best.
        let best = stress::best_so_far();
        stress::stop_running_program();
        if let Some((difference, input)) = best {
            let _ = emit(&format!(
                "{name}: stopped while shrinking a mismatch: {difference}\n\nsmallest failing input so far:\n{input}"
            ));
        }
        std::process::exit(130);
    })
    .context("cannot handle Ctrl-C and termination signals")?;
    let rounds = if config.inputs.is_empty() { config.rounds } else { config.inputs.len() as u64 };
    let bar = progress_bar(Some(rounds), "{spinner} round {pos}/{len} {wide_bar} {elapsed}");
    let checked = stress::stress(problem, &config, |progress| match progress {
        Progress::Round(round) => bar.set_position(round),
        Progress::Shrinking { runs, best_cases } => {
            if runs == 0 {
                bar.set_style(ProgressStyle::with_template("{spinner} {msg} {elapsed}").expect("a valid template"));
            }
            let s = if best_cases == 1 { "" } else { "s" };
            bar.set_message(format!("shrinking, {runs} runs, best {best_cases} case{s}"));
        }
    });
    bar.finish_and_clear();
    let checked = checked.with_context(|| format!("{id}: cannot check"))?;
    let generated = config.inputs.is_empty();
    let hard_rounds = (1..=checked.rounds).filter(|&round| generated && config.mode.is_hard(round)).count() as u64;
    match format {
        Format::Text => emit(&check_report::text(problem, &config, hard_rounds, &checked))?,
        Format::Json => emit(&to_json(&check_report::json(problem, &config, hard_rounds, &checked)))?,
    }
    Ok(if checked.failing.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The games of the whole-space commands and their parameters, for `--help`.
fn spaces_help() -> String {
    let mut help = String::from("Games and their parameters (key=default (values): meaning):\n");
    for target in registry::spaces() {
        help += &format!("  {}: {}\n{}", target.name, target.about, target.usage());
    }
    help + "\n" + EXIT_CODES
}

fn stats(name: &str, words: &[String], format: Format) -> anyhow::Result<ExitCode> {
    // Parameters are checked before anything is built or solved.
    let game = tables::open_game(name, words).map_err(anyhow::Error::msg)?;
    let bar = progress_bar(None, "{spinner} solving {msg} {elapsed}");
    bar.set_message(name.to_string());
    let report = game.stats();
    bar.finish_and_clear();
    if let Some(errors) = report.nothing_solved() {
        anyhow::bail!("{name}: no engine could solve {}:\n  {}", report.game, errors.join("\n  "));
    }
    match format {
        Format::Text => print_all(&report.to_text()),
        Format::Json => print_all(&to_json(&serde_json::to_value(&report).expect("a report serializes"))),
    }
}

/// Prints a report as text or JSON.
fn print_report(
    format: Format,
    text: impl FnOnce() -> String,
    json: impl FnOnce() -> serde_json::Value,
) -> anyhow::Result<()> {
    match format {
        Format::Text => emit(&text()),
        Format::Json => emit(&to_json(&json())),
    }
}

/// A progress bar over positions, drawn only on a terminal.
fn positions_bar(what: &str) -> ProgressBar {
    let bar = progress_bar(Some(0), "{spinner} {msg} {wide_bar} {pos}/{len} positions {elapsed}");
    bar.set_message(what.to_string());
    bar
}

fn solve(
    name: &str,
    words: &[String],
    engine: Option<&str>,
    out: Option<&std::path::Path>,
    force: bool,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let game = tables::open_game(name, words).map_err(anyhow::Error::msg)?;
    // A table being written goes to a temporary file, renamed when complete; Ctrl-C, SIGTERM
    // and SIGHUP remove it, so an interrupted run leaves nothing behind.
    if let Some(partial) = out.and_then(table_file::partial_path) {
        ctrlc::set_handler(move || {
            let _ = std::fs::remove_file(&partial);
            std::process::exit(130);
        })
        .context("cannot handle Ctrl-C and termination signals")?;
    }
    let bar = progress_bar(None, "{spinner} solving {msg} {elapsed}");
    bar.set_message(name.to_string());
    let progress = |done: u64, total: u64| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let report = tables::solve(game.as_ref(), engine, out, force, &progress);
    bar.finish_and_clear();
    let report = report.map_err(anyhow::Error::msg)?;
    print_report(format, || report.to_text(), || report.to_json())?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(not(feature = "mpi"))]
fn solve_distributed(
    _: &str,
    _: &[String],
    _: Option<&str>,
    _: &std::path::Path,
    _: bool,
    _: Format,
) -> anyhow::Result<ExitCode> {
    anyhow::bail!(
        "this gamesolve was built without MPI: build it with `cargo build --release --features mpi` (Open MPI \
         and libclang installed) and run it under mpirun"
    )
}

/// `solve --distributed` on this rank: rank 0 prints the report; an error before the work
/// ends every rank (rank 0 says why), one during it aborts the job.
///
/// An error before the work is the same on every rank (or told to all by rank 0): rank 0 says
/// it, and only then, after a barrier, do the ranks exit, because mpirun stops the job at the
/// first rank that exits with an error, which could otherwise be before rank 0 said anything.
#[cfg(feature = "mpi")]
fn solve_distributed(
    name: &str,
    words: &[String],
    tiering: Option<&str>,
    out: &std::path::Path,
    resume: bool,
    format: Format,
) -> anyhow::Result<ExitCode> {
    use gamesolve::distributed::{self, Failure, Request};
    use solver_core::tiers_mpi::mpi::{self, traits::Communicator, traits::CommunicatorCollectives};
    let universe = mpi::initialize().context("MPI cannot start (or started twice)")?;
    let world = universe.world();
    let (rank, ranks) = (world.rank(), world.size());
    let every_rank_fails = |e: &str| {
        if rank == 0 {
            let _ = writeln!(std::io::stderr(), "gamesolve: {e}");
        }
        world.barrier();
        Ok(ExitCode::from(2))
    };
    let game = match tables::open_game(name, words) {
        Ok(game) => game,
        Err(e) => return every_rank_fails(&e),
    };
    let request = Request { game: game.as_ref(), tiering, out, resume };
    match distributed::run(&request, &world) {
        Ok(Some(report)) => print_report(format, || report.to_text(), || report.to_json()).map(|()| ExitCode::SUCCESS),
        Ok(None) => Ok(ExitCode::SUCCESS),
        Err(Failure::Clean(e)) => every_rank_fails(&e),
        Err(Failure::Abort(e)) => {
            eprintln!("gamesolve: rank {rank} of {ranks}: {e}");
            world.abort(2)
        }
    }
}

fn probe(file: &std::path::Path, position: &str, format: Format) -> anyhow::Result<ExitCode> {
    let report = tables::probe(file, position).map_err(anyhow::Error::msg)?;
    print_report(format, || report.to_text(), || report.to_json())?;
    Ok(ExitCode::SUCCESS)
}

fn diff(a: &std::path::Path, b: &std::path::Path, format: Format) -> anyhow::Result<ExitCode> {
    let bar = positions_bar("comparing");
    let report = tables::diff(a, b, &|done, total| {
        bar.set_length(total);
        bar.set_position(done);
    });
    bar.finish_and_clear();
    let report = report.map_err(|e| anyhow::anyhow!("{e}"))?;
    print_report(format, || report.to_text(), || report.to_json())?;
    Ok(if report.identical() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn verify_file(file: &std::path::Path, format: Format) -> anyhow::Result<ExitCode> {
    let bar = positions_bar("reading");
    let report = tables::verify_file(file, &|done, total| {
        bar.set_length(total);
        bar.set_position(done);
    });
    bar.finish_and_clear();
    match report {
        Ok(report) => {
            print_report(format, || report.to_text(), || report.to_json())?;
            Ok(ExitCode::SUCCESS)
        }
        Err(VerifyFailure::Violation(rejection)) => {
            let violation = format!("{}: {rejection}", file.display());
            print_report(
                format,
                || format!("FAILED: {violation}\n"),
                || json!({ "file": file.display().to_string(), "verified": false, "violation": violation }),
            )?;
            Ok(ExitCode::from(1))
        }
        Err(damaged) => Err(anyhow::anyhow!("{damaged}")),
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
    if text {
        match failures {
            0 => emit(&format!("\n{} games: every engine agrees, every table verified.\n", selected.len()))?,
            _ => emit(&format!("\n{failures} of {} games FAILED.\n", selected.len()))?,
        }
    } else {
        let games: Vec<_> = results.iter().map(|(name, r)| verify::to_json(name, r)).collect();
        emit(&to_json(&json!({ "games": games, "failures": failures })))?;
    }
    Ok(if failures == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

//! `gamesolve check`: stress-test a program against gamesolve's answers, shrink the first
//! failure, and report it.

use super::{find, parse_bytes, parse_timeout, problem_id};
use crate::output::{Format, Report, progress_bar, render};
use anyhow::Context;
use clap::ValueEnum;
use gamesolve::check_report::CheckReport;
use gamesolve::stress::{self, GenMode, NamedInput, Progress, Reference, StressConfig, Tools};
use indicatif::ProgressStyle;
use judge::JudgeError;
use judge::input;
use std::borrow::Cow;
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// `check --mode`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckMode {
    /// Uniform and hard rounds in turn (uniform alone where there is no hard generator).
    Mixed,
    /// Uniform rounds only.
    Uniform,
    /// Hard rounds only.
    Hard,
}

#[derive(clap::Args)]
pub struct Args {
    /// The problem id, as `gamesolve list` shows it; not given with `--gen` and `--brute`.
    #[arg(value_parser = problem_id, required_unless_present = "generator")]
    problem: Option<String>,
    /// For a problem gamesolve does not know (a variant of your own): the generator, run as
    /// `CMD SEED` with the round's seed added as its last argument (`--gen "python3 gen.py"`
    /// runs `python3 gen.py 17` in round 17 with `--seed 1`); what it prints is the round's
    /// input. Needs `--brute`, and replaces PROBLEM. CMD is split at whitespace into the
    /// program and its arguments, with no shell and no quoting (for more, use a script).
    #[arg(
        long = "gen",
        id = "generator",
        value_name = "CMD",
        requires = "brute",
        conflicts_with_all = ["problem", "inputs", "samples", "mode", "cases", "against"]
    )]
    generator: Option<String>,
    /// With `--gen`: the brute force, run on each input (on standard input, split as `--gen`
    /// is); what it prints is the right answer, compared with the program's by the same rules
    /// as gamesolve's. A generator or brute force that fails (an exit status other than 0, a
    /// crash, a timeout under `--timeout`) stops the check with exit 4, naming it and how to
    /// run it again. A failing input is shrunk by dropping lines (delta debugging: halves,
    /// quarters, ... down to single lines); a smaller input counts only if the brute force
    /// accepts it (exit 0), and a count of lines in a header is not adjusted, so shrinking
    /// works best when the brute force rejects a malformed input with a non-zero exit.
    #[arg(long, value_name = "CMD", requires = "generator")]
    brute: Option<String>,
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
    /// `oj test` does. Only regular files: a FIFO or a device is refused.
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
    /// Each file is written whole or not at all, never through a link; the folder must be new
    /// or empty, unless `--force`.
    #[arg(long, value_name = "DIR")]
    save: Option<PathBuf>,
    /// With `--save`: write into a folder that holds other files, replacing earlier output of
    /// check there (a file or link of the same name is replaced, never written through).
    #[arg(long, requires = "save")]
    force: bool,
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
}

impl Report for CheckReport<'_> {
    fn text(&self) -> Cow<'_, str> {
        Cow::Owned(CheckReport::text(self))
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mode = match args.mode {
        CheckMode::Mixed => GenMode::Mixed,
        CheckMode::Uniform => GenMode::Uniform,
        CheckMode::Hard => GenMode::Hard,
    };
    let inputs = match &args.problem {
        Some(id) => fixed_inputs(id, &args.inputs, args.samples)?,
        None => Vec::new(),
    };
    let against = args.against.as_deref().map(words);
    if against.as_ref().is_some_and(Vec::is_empty) {
        anyhow::bail!("--against needs a program");
    }
    let tools = match (args.generator.as_deref(), args.brute.as_deref()) {
        (Some(generator), Some(brute)) => Some(Tools { generator: words(generator), brute: words(brute) }),
        _ => None,
    };
    if let Some(tools) = &tools {
        if tools.generator.is_empty() {
            anyhow::bail!("--gen needs a program");
        }
        if tools.brute.is_empty() {
            anyhow::bail!("--brute needs a program");
        }
    }
    let config = StressConfig {
        rounds: args.rounds,
        cases: args.cases,
        seed: args.seed,
        timeout: args.timeout,
        command: args.command,
        against,
        memory_limit: args.memory_limit,
        shrink_runs: args.shrink_runs,
        shrink_time: args.shrink_time,
        mode,
        strict: args.strict,
        inputs,
        keep_going: args.keep_going,
        save: args.save,
        force: args.force,
    };
    match (&args.problem, tools) {
        (Some(id), _) => check(Reference::Judge(find(id)?), id, config, args.format),
        // The tools live as long as the process: the handler of Ctrl-C reports with them.
        (None, Some(tools)) => check(Reference::Tools(Box::leak(Box::new(tools))), "check", config, args.format),
        (None, None) => anyhow::bail!("give a PROBLEM, or --gen and --brute"),
    }
}

/// A command line given as one string, split at whitespace (no shell, no quoting).
fn words(line: &str) -> Vec<OsString> {
    line.split_whitespace().map(OsString::from).collect()
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
            // Only regular files: a FIFO would block forever, a device never end.
            let limit = find(id)?.max_input_bytes();
            let bytes = input::read_file_bounded(&file, limit).with_context(|| format!("cannot read {name}"))?;
            let text = input::decode(&bytes).map_err(JudgeError::from).with_context(|| format!("{id}: {name}"))?;
            inputs.push(NamedInput { name, text: text.to_string() });
        }
    }
    Ok(inputs)
}

/// Runs the check against `reference` (`id` names it in an error), prints its report, and
/// says how it ended: 0 all agree, 1 a failure, 2 `--save` failed, 4 the user's generator or
/// brute force failed.
fn check(reference: Reference<'static>, id: &str, config: StressConfig, format: Format) -> anyhow::Result<ExitCode> {
    // Processes that escape the program's group are re-parented to gamesolve, to be killed.
    gamesolve::reaper::adopt_orphans().context("cannot become the subreaper of the checked program")?;
    // The checked program runs in a process group of its own, which Ctrl-C, SIGTERM and SIGHUP
    // sent to gamesolve do not reach.
    // A stop while shrinking still tells what was found: the smallest failing input so far.
    // A stop tells what was found so far, in the format asked for: the rounds run and failed,
    // and while shrinking, the smallest failing input yet. Exit 130.
    let stop_config = config.clone();
    ctrlc::set_handler(move || {
        if !stress::claim_the_report() {
            // The check's own report is being printed: it ends the process.
            return;
        }
        // Read before the program is stopped: its killed run must not become the best.
        let so_far = stress::checked_so_far();
        stress::stop_running_program();
        if let Some(checked) = so_far {
            let _ = render(
                &CheckReport::new(reference, &stop_config, hard_rounds(&stop_config, &checked), &checked),
                format,
            );
        }
        std::process::exit(130);
    })
    .context("cannot handle Ctrl-C and termination signals")?;
    let rounds = if config.inputs.is_empty() { config.rounds } else { config.inputs.len() as u64 };
    let bar = progress_bar(Some(rounds), "{spinner} round {pos}/{len} {wide_bar} {elapsed}");
    let parts = reference.parts();
    let checked = stress::stress(reference, &config, |progress| match progress {
        Progress::Round(round) => bar.set_position(round),
        Progress::Shrinking { runs, best_cases } => {
            if runs == 0 {
                bar.set_style(ProgressStyle::with_template("{spinner} {msg} {elapsed}").expect("a valid template"));
            }
            let parts = if best_cases == 1 { parts.trim_end_matches('s') } else { parts };
            bar.set_message(format!("shrinking, {runs} runs, best {best_cases} {parts}"));
        }
    });
    bar.finish_and_clear();
    // Whatever the program left is killed, however the check ended.
    gamesolve::reaper::kill_descendants();
    if !stress::claim_the_report() {
        // A stop is printing its report and ends the process.
        loop {
            std::thread::park();
        }
    }
    let checked = match checked {
        Err(tool @ stress::StressError::Tool { .. }) => {
            // The user's tool failed, not the program: said apart from a check that could not
            // run (exit 2) and from a failure of the program (exit 1).
            gamesolve::terminal::note(&format!("gamesolve: {id}: {tool}"));
            crate::json_error(&format!("{id}: {tool}"), 4);
            return Ok(ExitCode::from(4));
        }
        checked => checked.with_context(|| format!("{id}: cannot check"))?,
    };
    render(&CheckReport::new(reference, &config, hard_rounds(&config, &checked), &checked), format)?;
    Ok(if checked.save_error.is_some() {
        // The report is printed, but what --save promised is not all there.
        ExitCode::from(2)
    } else if checked.failing.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// How many of the rounds `checked` ran used the hard generator.
fn hard_rounds(config: &StressConfig, checked: &stress::Checked) -> u64 {
    let generated = config.inputs.is_empty();
    (1..=checked.rounds).filter(|&round| generated && config.mode.is_hard(round)).count() as u64
}

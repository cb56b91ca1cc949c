//! `gamesolve check`: stress-test someone else's program against gamesolve's answers, and shrink
//! the first failure to the smallest input that still fails. The loop over the rounds is here;
//! running the program under its limits, comparing its answers and shrinking have a module each.

mod answers;
mod reference;
mod run;
pub mod save;
mod shrink;

pub use answers::{Difference, compare, whitespace_difference};
pub use reference::{Reference, Tool, Tools};
pub use run::{Run, exec_limited, output_limit, run_program, stop_running_program};
pub use shrink::ShrinkStop;

use judge::{AnyProblem as Problem, JudgeError};
use run::{findable, unless_stopping};
use shrink::shrink;
use std::ffi::OsString;
use std::sync::Mutex;
use std::time::Duration;

/// How a `check` run is set up.
#[derive(Debug, Clone)]
pub struct StressConfig {
    /// How many generated inputs to try.
    pub rounds: u64,
    /// Cases per generated input.
    pub cases: usize,
    /// The first round's generator seed; round `r` uses `seed + r`.
    pub seed: u64,
    /// The time limit of one run of the program.
    pub timeout: Duration,
    /// The program and its arguments, run directly (no shell).
    pub command: Vec<OsString>,
    /// A second program, checked on the same inputs (`--against`: a brute force against a
    /// fast solution, gamesolve's answer deciding which is wrong).
    pub against: Option<Vec<OsString>>,
    /// The address-space limit of the checked programs, in bytes (`--memory-limit`; Unix).
    pub memory_limit: Option<u64>,
    /// The most extra runs shrinking may spend.
    pub shrink_runs: usize,
    /// The most time shrinking may spend (checked before each run).
    pub shrink_time: Duration,
    /// Where the rounds' inputs come from.
    pub mode: GenMode,
    /// Whether the output's whitespace must be gamesolve's byte for byte; otherwise a
    /// difference only in whitespace passes, and the first is reported as a warning.
    pub strict: bool,
    /// Fixed inputs to run instead of generated ones (`--inputs`), one round each, in order.
    pub inputs: Vec<NamedInput>,
    /// Whether to run every round and count the failures, instead of stopping at the first.
    pub keep_going: bool,
    /// Where to write every failing input with both answers and the explanation (`--save`).
    pub save: Option<std::path::PathBuf>,
    /// Whether `save` may be a folder holding other files, and earlier output in it replaced
    /// (`--force`).
    pub force: bool,
}

/// A fixed input and where it came from (a file's path).
#[derive(Debug, Clone)]
pub struct NamedInput {
    /// Its name in reports: the path it was read from.
    pub name: String,
    /// The input.
    pub text: String,
}

/// Where a round's input came from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// A generator, with its seed.
    Generated {
        /// The seed.
        seed: u64,
        /// Whether the hard generator ([`Problem::generate_hard`]) made it.
        hard: bool,
    },
    /// A fixed input (`--inputs`).
    File {
        /// Its name.
        name: String,
    },
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Generated { seed, hard: false } => write!(f, "generator seed {seed}"),
            Origin::Generated { seed, hard: true } => write!(f, "hard generator seed {seed}"),
            Origin::File { name } => write!(f, "input {name}"),
        }
    }
}

/// Where generated inputs come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GenMode {
    /// [`Problem::generate`]: random inputs that reach the problem's edge cases.
    Uniform,
    /// [`Problem::generate_hard`]: positions drawn from the solved game where wrong solutions
    /// go wrong (the deepest wins and losses, single winning moves, draws).
    Hard,
    /// Uniform and hard rounds in turn, uniform first.
    Mixed,
}

impl GenMode {
    /// Whether round `round` (1-based) uses the hard generator.
    pub fn is_hard(self, round: u64) -> bool {
        match self {
            GenMode::Uniform => false,
            GenMode::Hard => true,
            GenMode::Mixed => round.is_multiple_of(2),
        }
    }
}

/// An input of `cases` cases from the hard generator or the uniform one.
pub fn generate(problem: &dyn Problem, hard: bool, seed: u64, cases: usize) -> Result<String, JudgeError> {
    if hard { problem.generate_hard(seed, cases) } else { problem.generate(seed, cases) }
}

/// Which of the checked programs a failure is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Culprit {
    /// The program after `--`.
    Program,
    /// The program of `--against`.
    Against,
}

impl Culprit {
    /// Its command line in `config`.
    fn command(self, config: &StressConfig) -> &[OsString] {
        match self {
            Culprit::Program => &config.command,
            Culprit::Against => config.against.as_deref().unwrap_or_default(),
        }
    }

    /// The other program, when there are two.
    fn other(self, config: &StressConfig) -> Option<Culprit> {
        match self {
            _ if config.against.is_none() => None,
            Culprit::Program => Some(Culprit::Against),
            Culprit::Against => Some(Culprit::Program),
        }
    }
}

/// A failing input, as small as shrinking could make it.
#[derive(Debug, Clone)]
pub struct Counterexample {
    /// Which program fails on it (the one after `--` unless `--against` is the wrong one).
    pub culprit: Culprit,
    /// The round that first failed (1-based).
    pub round: u64,
    /// Where that round's input came from.
    pub origin: Origin,
    /// The smallest failing input found.
    pub input: String,
    /// gamesolve's answer to it.
    pub expected: String,
    /// What the program did with it.
    pub run: Run,
    /// The first difference.
    pub difference: Difference,
    /// Program runs spent shrinking.
    pub shrink_runs: usize,
    /// Why shrinking stopped before it ran out of simpler inputs, if it did.
    pub shrink_stopped: Option<ShrinkStop>,
    /// With `--against`: what the other program did on the same (shrunk) input, and how that
    /// differs from gamesolve's answer, if it does.
    pub other: Option<(Run, Option<Difference>)>,
}

/// Why a check could not be carried out at all (as opposed to finding a mismatch).
#[derive(Debug, thiserror::Error)]
pub enum StressError {
    /// The problem cannot generate inputs or judge them.
    #[error(transparent)]
    Judge(#[from] JudgeError),
    /// The user's generator or brute force (`check --gen`, `--brute`) failed: its failure, not
    /// the checked program's.
    #[error(
        "{tool} failed ({origin}): {how}\n(this is {tool} failing, not the checked program; to run it again: {again})"
    )]
    Tool {
        /// Which.
        tool: Tool,
        /// Where the round's input came from.
        origin: Origin,
        /// The command line that runs it again, a pipe from the generator for the brute force.
        again: String,
        /// How its run ended.
        how: String,
    },
    /// The program could not be started.
    #[error("cannot run `{program}`")]
    Spawn {
        /// The program.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// No command was given.
    #[error("no program to check: give it after `--`")]
    NoCommand,
    /// A fixed input is not a valid input of the problem.
    #[error("{name}")]
    BadInput {
        /// The input's name.
        name: String,
        /// Why the judge rejects it.
        #[source]
        source: JudgeError,
    },
    /// The folder of `--save` is refused before the check starts.
    #[error("--save {path}: {why}")]
    SaveFolder {
        /// The folder.
        path: String,
        /// Why.
        why: String,
    },
    /// `--memory-limit` is above the address-space limit gamesolve itself runs under, which no
    /// child can be given more than.
    #[error(
        "--memory-limit {} is above the address-space limit gamesolve runs under ({}, its hard limit, as `ulimit -v` set it): the program could not be given it; give at most that",
        judge::resources::show_bytes(*asked),
        judge::resources::show_bytes(*hard)
    )]
    MemoryLimitAboveHard {
        /// `--memory-limit`, in bytes.
        asked: u64,
        /// The inherited hard limit of the address space, in bytes.
        hard: u64,
    },
}

/// What a check found: the shrunk first failure, if any, the rounds that failed, and the
/// first answer that was right but for its whitespace (round and how), if any.
#[derive(Debug, Clone)]
pub struct Checked {
    /// Rounds run.
    pub rounds: u64,
    /// The shrunk first failure.
    pub failure: Option<Counterexample>,
    /// Every failing round (one without `keep_going`): its number, origin and difference.
    pub failing: Vec<(u64, Origin, Difference)>,
    /// The first round whose right answer differed from gamesolve's only in whitespace.
    pub whitespace: Option<(u64, String)>,
    /// Why a failing input could not be saved (`--save`), if one could not: the file and the
    /// error. Nothing more is saved after it; the check goes on.
    pub save_error: Option<String>,
    /// Whether the check was stopped (Ctrl-C, SIGTERM, SIGHUP) before it finished: the report
    /// then tells what it found so far.
    pub stopped: bool,
    /// Whether the first failure was being shrunk when the check was stopped.
    pub shrinking: bool,
}

/// Where a check is, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Round `n` (1-based) starts.
    Round(u64),
    /// Shrinking a failure: program runs spent so far, and the cases of the smallest failing
    /// input yet.
    Shrinking {
        /// Runs spent shrinking.
        runs: usize,
        /// Cases in the best failing input.
        best_cases: usize,
    },
}

/// What the running check has found so far: the rounds run and failed, and while it shrinks,
/// the smallest failing input yet, for the report of a stop on a signal ([`checked_so_far`]).
static SO_FAR: Mutex<Option<Checked>> = Mutex::new(None);

/// What the running check has found so far (`None` before it starts), marked as stopped: the
/// first failure, if any, as far as it was shrunk.
pub fn checked_so_far() -> Option<Checked> {
    let mut checked = SO_FAR.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()?;
    checked.stopped = true;
    if let Some(failure) = &mut checked.failure {
        failure.shrink_stopped = Some(ShrinkStop::Stopped);
    }
    Some(checked)
}

/// Records `checked` so far, with its first failure (not yet shrunk), if any. Only what changed
/// is copied (the failing rounds are appended), so that a long `--keep-going` stays linear.
fn record(checked: &Checked, first: Option<&Counterexample>) {
    let mut so_far = SO_FAR.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let so_far = so_far.get_or_insert_with(|| Checked { failing: Vec::new(), failure: None, ..checked.clone() });
    so_far.rounds = checked.rounds;
    so_far.whitespace.clone_from(&checked.whitespace);
    so_far.save_error.clone_from(&checked.save_error);
    so_far.failing.extend_from_slice(&checked.failing[so_far.failing.len().min(checked.failing.len())..]);
    if so_far.failure.is_none() {
        so_far.failure = first.cloned();
    }
}

fn record_best(failure: &Counterexample) {
    if let Some(checked) = SO_FAR.lock().unwrap_or_else(std::sync::PoisonError::into_inner).as_mut() {
        checked.failure = Some(failure.clone());
        checked.shrinking = true;
    }
}

/// Whether this caller is the first to report the check: its end, or a stop on a signal.
/// Whoever gets `false` must print nothing.
pub fn claim_the_report() -> bool {
    static CLAIMED: Mutex<bool> = Mutex::new(false);
    let mut claimed = CLAIMED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    !std::mem::replace(&mut *claimed, true)
}

/// Runs the check: every round (the fixed inputs, or generated ones), until the first failure
/// or, with `keep_going`, to the end; the first failure is then shrunk, and with `save` every
/// failing round is written down as it is found. `progress` is told each round as it starts,
/// and each shrinking run.
pub fn stress(
    reference: Reference,
    config: &StressConfig,
    mut progress: impl FnMut(Progress),
) -> Result<Checked, StressError> {
    let mut checked = Checked {
        rounds: 0,
        failure: None,
        failing: Vec::new(),
        whitespace: None,
        save_error: None,
        stopped: false,
        shrinking: false,
    };
    let mut first = None;
    check_memory_limit(config)?;
    if let Some(dir) = &config.save {
        save::prepare(dir, config.force, "check", save::is_own_output)
            .map_err(|why| StressError::SaveFolder { path: dir.display().to_string(), why })?;
    }
    let rounds = if config.inputs.is_empty() { config.rounds } else { config.inputs.len() as u64 };
    // A program is started by `exec-limited`, so a program that is not there would come back
    // as a crash: look for it first.
    let tools = match reference {
        Reference::Tools(tools) => vec![&tools.generator, &tools.brute],
        Reference::Judge(_) => Vec::new(),
    };
    for command in std::iter::once(&config.command).chain(&config.against).chain(tools) {
        findable(command)?;
    }
    record(&checked, None);
    for round in 1..=rounds {
        progress(Progress::Round(round));
        let (origin, input, expected) = match config.inputs.get(round as usize - 1) {
            Some(fixed) => {
                let bad = |source| StressError::BadInput { name: fixed.name.clone(), source };
                let expected = match reference {
                    Reference::Judge(problem) => problem.judge(&fixed.text, problem.engines()[0]).map_err(bad)?,
                    Reference::Tools(_) => {
                        reference.answer(config, &fixed.text, &Origin::File { name: fixed.name.clone() })?
                    }
                };
                (Origin::File { name: fixed.name.clone() }, fixed.text.clone(), expected)
            }
            None => {
                let seed = config.seed.wrapping_add(round - 1);
                let hard = config.mode.is_hard(round);
                let input = reference.generate(config, hard, seed)?;
                let origin = Origin::Generated { seed, hard };
                let expected = reference.answer(config, &input, &origin)?;
                (origin, input, expected)
            }
        };
        checked.rounds = round;
        let mut failed = None;
        for culprit in [Culprit::Program, Culprit::Against] {
            if culprit == Culprit::Against && config.against.is_none() {
                break;
            }
            let (run, difference, spacing) = verdict(reference, config, culprit, &input, &expected)?;
            checked.whitespace = checked.whitespace.or(spacing.map(|what| (round, what)));
            if let Some(difference) = difference {
                failed = Some((culprit, run, difference));
                break;
            }
        }
        let Some((culprit, run, difference)) = failed else {
            record(&checked, first.as_ref());
            continue;
        };
        let failure = Counterexample {
            culprit,
            round,
            origin: origin.clone(),
            input,
            expected,
            run,
            difference: difference.clone(),
            shrink_runs: 0,
            shrink_stopped: None,
            other: None,
        };
        save(reference, config, &mut checked, &format!("round-{round}"), &failure);
        checked.failing.push((round, origin, difference));
        first.get_or_insert(failure);
        record(&checked, first.as_ref());
        if !config.keep_going {
            break;
        }
    }
    if let Some(failure) = first {
        record_best(&failure);
        let mut failure = shrink(reference, config, failure, &mut progress)?;
        if let Some(other) = failure.culprit.other(config) {
            let (run, difference, _) = verdict(reference, config, other, &failure.input, &failure.expected)?;
            failure.other = Some((run, difference));
        }
        save(reference, config, &mut checked, "shrunk", &failure);
        checked.failure = Some(failure);
    }
    unless_stopping(Ok(checked))
}

/// Runs `culprit`'s program on `input` and compares its output with gamesolve's `expected`
/// answer (or the brute force's): the run, the difference (whitespace counts with `--strict`), and a difference in
/// whitespace alone of an otherwise right answer.
fn verdict(
    reference: Reference,
    config: &StressConfig,
    culprit: Culprit,
    input: &str,
    expected: &str,
) -> Result<(Run, Option<Difference>, Option<String>), StressError> {
    let command = culprit.command(config);
    let run = run_program(&limited(command, config.memory_limit)?, input, config.timeout, output_limit(expected))?;
    let difference = match (&run, config.memory_limit) {
        (Run::Crashed { allocation_failed: true, .. }, Some(limit)) => Some(Difference::MemoryLimit(limit)),
        _ => compare(reference, expected, &run),
    };
    let spacing = match (&difference, &run) {
        (None, Run::Output(output)) => whitespace_difference(expected, output),
        _ => None,
    };
    let difference = difference.or_else(|| spacing.clone().filter(|_| config.strict).map(Difference::Whitespace));
    Ok((run, difference, spacing))
}

/// The command line that runs `command` through `gamesolve exec-limited` (Unix), which sets in
/// the child what must be set there: the signal that kills it with gamesolve, and the address
/// space limit of `memory_limit`; elsewhere `command` itself.
fn limited(command: &[OsString], memory_limit: Option<u64>) -> Result<Vec<OsString>, StressError> {
    if !cfg!(unix) {
        return Ok(command.to_vec());
    }
    let gamesolve = std::env::current_exe()
        .map_err(|source| StressError::Spawn { program: "gamesolve itself".to_string(), source })?;
    let mut limited = vec![gamesolve.into_os_string(), "exec-limited".into()];
    limited.extend(["--parent".into(), std::process::id().to_string().into()]);
    if let Some(bytes) = memory_limit {
        limited.extend(["--memory-limit".into(), bytes.to_string().into()]);
    }
    limited.push("--".into());
    limited.extend(command.iter().cloned());
    Ok(limited)
}

/// With `--save`, writes `failure` into its folder as `<name>.in` (the input), `<name>.expected`
/// (gamesolve's answer), `<name>.out` (what the program printed, or how its run ended) and
/// `<name>.why` (gamesolve's explanation, where the problem has one), each file whole or not at
/// all ([`save::write_new`]). The first file that cannot be written is recorded in `checked`
/// and ends the saving, not the check.
fn save(reference: Reference, config: &StressConfig, checked: &mut Checked, name: &str, failure: &Counterexample) {
    let Some(dir) = config.save.as_deref().filter(|_| checked.save_error.is_none()) else { return };
    let write = |suffix: &str, text: &str| {
        let file = format!("{name}.{suffix}");
        save::write_new(dir, &file, text, config.force).map_err(|e| {
            let hint = if e.kind() == std::io::ErrorKind::AlreadyExists { " (--force replaces it)" } else { "" };
            format!("cannot save {}: {e}{hint}", dir.join(&file).display())
        })
    };
    let out = match &failure.run {
        Run::Output(output) => output.clone(),
        _ => format!("{}\n", failure.difference),
    };
    let why = reference
        .explain(&failure.input)
        .map(|explanations| explanations.iter().map(judge::Explanation::to_text).collect::<Vec<String>>().join("\n"));
    let written = write("in", &failure.input)
        .and_then(|()| write("expected", &failure.expected))
        .and_then(|()| write("out", &out))
        .and_then(|()| why.map_or(Ok(()), |why| write("why", &why)));
    checked.save_error = written.err();
}

/// Refuses a `--memory-limit` above the hard limit of the address space gamesolve inherited
/// (`ulimit -v`): the program could not be given it, and would fail to start.
fn check_memory_limit(config: &StressConfig) -> Result<(), StressError> {
    #[cfg(unix)]
    if let Some(asked) = config.memory_limit {
        use nix::sys::resource::{RLIM_INFINITY, Resource, getrlimit};
        if let Ok((_, hard)) = getrlimit(Resource::RLIMIT_AS)
            && hard != RLIM_INFINITY
            && asked > hard
        {
            return Err(StressError::MemoryLimitAboveHard { asked, hard });
        }
    }
    #[cfg(not(unix))]
    let _ = config;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{GenMode, whitespace_difference};

    #[test]
    fn mixed_rounds_take_turns_uniform_first() {
        let hard: Vec<bool> = (1..=4).map(|round| GenMode::Mixed.is_hard(round)).collect();
        assert_eq!(hard, [false, true, false, true]);
        assert!((1..=4).all(|round| GenMode::Hard.is_hard(round) && !GenMode::Uniform.is_hard(round)));
    }

    #[test]
    fn whitespace_differences_are_named() {
        let expected = "win in 1\nloss in 0\n";
        let named = |output: &str| whitespace_difference(expected, output);
        assert_eq!(named(expected), None);
        assert_eq!(named("win in 1\r\nloss in 0\r\n").unwrap(), "line 1 ends with a carriage return (a CRLF line end)");
        assert_eq!(named("win in 1 \nloss in 0\n").unwrap(), "line 1 has trailing whitespace");
        assert_eq!(named("win in 1\nloss in 0\t\n").unwrap(), "line 2 has trailing whitespace");
        assert_eq!(named("win in 1\nloss in 0").unwrap(), "the output does not end with a newline");
        assert_eq!(named("win in 1\nloss in 0\n\n").unwrap(), "1 extra blank line at the end");
        assert_eq!(named("win in 1\nloss in 0\n\n\n").unwrap(), "2 extra blank lines at the end");
        assert_eq!(named("win in 1\nloss in 0\n  ").unwrap(), "text after the last line");
    }
}

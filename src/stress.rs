//! `gamesolve check`: stress-test someone else's program against gamesolve's answers, and shrink
//! the first failure to the smallest input that still fails.

use judge::{AnyProblem as Problem, JudgeError};
use std::ffi::OsString;
use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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

/// What one run of the program did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Run {
    /// It exited with status 0 and printed this (lossily decoded as UTF-8).
    Output(String),
    /// It exited with a failure status or was killed by a signal.
    Crashed {
        /// How it ended, e.g. `exit status: 3` or `signal: 11`.
        status: String,
        /// The end of what it wrote to standard error.
        stderr: String,
        /// Whether its standard error (the last 64 KiB) says that an allocation failed.
        allocation_failed: bool,
    },
    /// It was still running at the time limit and was killed.
    TimedOut(Duration),
    /// It wrote more than this many bytes and was killed.
    OutputLimit(usize),
}

/// How a program's run differs from gamesolve's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference {
    /// An answer line differs.
    WrongLine {
        /// 1-based line number.
        line: usize,
        /// gamesolve's line.
        expected: String,
        /// The program's line.
        found: String,
    },
    /// An answer line does not have the shape of an answer at all.
    Malformed {
        /// 1-based line number.
        line: usize,
        /// The program's line.
        found: String,
    },
    /// The program printed fewer lines than the answer has.
    MissingLine {
        /// 1-based number of the first missing line.
        line: usize,
        /// gamesolve's line there.
        expected: String,
    },
    /// The program printed more lines than the answer has.
    ExtraLine {
        /// 1-based number of the first extra line.
        line: usize,
        /// The program's line there.
        found: String,
    },
    /// The program crashed.
    Crashed {
        /// How it ended.
        status: String,
        /// The end of its standard error.
        stderr: String,
    },
    /// The program ran past the time limit.
    TimedOut(Duration),
    /// The program wrote more than this many bytes.
    OutputLimit(usize),
    /// The program failed to allocate memory under the limit of this many bytes and ended.
    MemoryLimit(u64),
    /// The answer is right but its whitespace is not gamesolve's byte for byte (with `--strict`).
    Whitespace(String),
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Difference::WrongLine { line, expected, found } => {
                write!(f, "wrong answer on line {line}: expected `{expected}`, found `{found}`")
            }
            Difference::Malformed { line, found } => write!(f, "malformed output on line {line}: `{found}`"),
            Difference::MissingLine { line, expected } => {
                write!(f, "missing output: line {line} should be `{expected}`")
            }
            Difference::ExtraLine { line, found } => write!(f, "extra output on line {line}: `{found}`"),
            Difference::Crashed { status, stderr } if stderr.is_empty() => write!(f, "the program crashed ({status})"),
            Difference::Crashed { status, stderr } => {
                write!(f, "the program crashed ({status}); its standard error ends with:\n{stderr}")
            }
            Difference::TimedOut(limit) => {
                write!(f, "the program ran past the time limit of {limit:?} and was stopped")
            }
            Difference::OutputLimit(limit) => {
                write!(f, "output limit exceeded: the program wrote more than {limit} bytes and was stopped")
            }
            Difference::MemoryLimit(limit) => write!(
                f,
                "memory limit exceeded: the program failed to allocate under --memory-limit {}",
                judge::resources::show_bytes(*limit)
            ),
            Difference::Whitespace(what) => write!(f, "whitespace differs (--strict): {what}"),
        }
    }
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
    /// A failing input could not be saved (`--save`).
    #[error("cannot save a failing input to {path}")]
    Save {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

/// How much of the program's standard error is kept: its end, for the report of a crash.
const STDERR_KEPT: usize = 64 << 10;

/// Runs the program once on `input`, killing it at `timeout` or as soon as it writes more than
/// `output_limit` bytes. On Unix the program runs in a process group of its own, stopped whole
/// with the system call at the limit; a run ends at the limit even when a process that left the
/// group still holds the output open. When the run ends, every process it left behind is
/// killed: its group, and on Linux the descendants that escaped it, once
/// [`crate::reaper::adopt_orphans`] made gamesolve their subreaper.
pub fn run_program(
    command: &[OsString],
    input: &str,
    timeout: Duration,
    output_limit: usize,
) -> Result<Run, StressError> {
    let (program, args) = command.split_first().ok_or(StressError::NoCommand)?;
    let spawn_error = |source| StressError::Spawn { program: program.to_string_lossy().into_owned(), source };
    let mut command = Command::new(program);
    command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = {
        // Under the lock, so that a stop either sees this program's group or keeps it from
        // starting.
        let stopping = STOPPING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if *stopping {
            drop(stopping);
            wait_for_the_stop();
        }
        let child = command.spawn().map_err(spawn_error)?;
        RUNNING_GROUP.store(child.id(), Ordering::SeqCst);
        child
    };
    // Feed and drain on threads, so a program that does not read all its input, or writes a
    // lot before reading, cannot deadlock against us. The feeder is never joined: a process
    // that holds the input open without reading must not hold us too.
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.as_bytes().to_vec();
    std::thread::spawn(move || {
        // A program may exit without reading everything; that is its business.
        let _ = stdin.write_all(&input);
    });
    let over_limit = Arc::new(AtomicBool::new(false));
    let stdout = {
        let over_limit = Arc::clone(&over_limit);
        let pipe = child.stdout.take().expect("stdout is piped");
        std::thread::spawn(move || read_capped(pipe, output_limit, false, &over_limit))
    };
    let stderr = {
        let pipe = child.stderr.take().expect("stderr is piped");
        std::thread::spawn(move || read_capped(pipe, STDERR_KEPT, true, &AtomicBool::new(false)))
    };
    // No deadline when the limit is too far away for the clock to hold it.
    let deadline = Instant::now().checked_add(timeout);
    let past_deadline = || deadline.is_some_and(|deadline| Instant::now() >= deadline);
    let tick = || std::thread::sleep(Duration::from_millis(2));
    let stop = |child: &mut std::process::Child| {
        kill_group(child.id());
        let _ = child.kill();
        let _ = child.wait();
    };
    let status: Option<ExitStatus> = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if past_deadline() || over_limit.load(Ordering::SeqCst) => {
                stop(&mut child);
                break None;
            }
            Ok(None) => tick(),
            Err(_) => break None,
        }
    };
    // The program has exited; processes it started may still hold its output open. Past the
    // limit they are stopped, and whatever escaped the group is not waited for.
    let mut held_past_the_limit = false;
    while !(stdout.is_finished() && stderr.is_finished()) {
        if past_deadline() || over_limit.load(Ordering::SeqCst) {
            kill_group(child.id());
            held_past_the_limit = !(stdout.is_finished() && stderr.is_finished());
            break;
        }
        tick();
    }
    RUNNING_GROUP.store(0, Ordering::SeqCst);
    // Whatever the program left behind, in its group or escaped from it, is by now re-parented
    // to gamesolve (Linux) and goes with the run. (Not `kill_group`: once the program is reaped
    // and its group empty, the group id may already be someone else's.)
    crate::reaper::kill_descendants();
    if over_limit.load(Ordering::SeqCst) {
        return Ok(Run::OutputLimit(output_limit));
    }
    let Some(status) = status.filter(|_| !held_past_the_limit) else { return Ok(Run::TimedOut(timeout)) };
    let out = stdout.join().unwrap_or_default();
    if status.success() {
        return Ok(Run::Output(String::from_utf8_lossy(&out).into_owned()));
    }
    let err = stderr.join().unwrap_or_default();
    let err = String::from_utf8_lossy(&err);
    let tail: Vec<&str> = err.lines().rev().take(5).collect();
    Ok(Run::Crashed {
        status: status.to_string(),
        stderr: tail.into_iter().rev().collect::<Vec<_>>().join("\n"),
        allocation_failed: allocation_failed(&err),
    })
}

/// Reads `pipe` to its end, keeping at most `cap` bytes: the first ones (setting `over` once
/// more arrive, and stopping), or with `keep_tail` the last ones (reading on to the end).
fn read_capped(mut pipe: impl Read, cap: usize, keep_tail: bool, over: &AtomicBool) -> Vec<u8> {
    let mut kept = Vec::new();
    let mut chunk = vec![0u8; 64 << 10];
    loop {
        let n = match pipe.read(&mut chunk) {
            Ok(0) | Err(_) => return kept,
            Ok(n) => n,
        };
        kept.extend_from_slice(&chunk[..n]);
        if kept.len() > cap {
            if !keep_tail {
                over.store(true, Ordering::SeqCst);
                kept.truncate(cap);
                return kept;
            }
            kept.drain(..kept.len() - cap);
        }
    }
}

/// The process group of the program [`run_program`] is running, 0 between runs.
static RUNNING_GROUP: AtomicU32 = AtomicU32::new(0);

/// Set once gamesolve is stopping: [`run_program`] starts no program after it.
static STOPPING: Mutex<bool> = Mutex::new(false);

/// Waits forever: gamesolve is exiting on a signal, and what this thread would start or print
/// next (a run, a report of a run the stop killed) must not come first.
fn wait_for_the_stop() -> ! {
    loop {
        std::thread::park();
    }
}

/// Waits forever if gamesolve is stopping on a signal ([`stop_running_program`]): a run it
/// killed must not be reported as the program's failure.
fn unless_stopping<T>(result: T) -> T {
    if *STOPPING.lock().unwrap_or_else(std::sync::PoisonError::into_inner) {
        wait_for_the_stop();
    }
    result
}

/// Stops the program [`run_program`] is running, if any, with every process of its group and
/// every descendant that escaped it (see [`crate::reaper`]), and keeps any other from starting:
/// a later [`run_program`] blocks forever, so call this only on the way out. The program's group
/// does not get the terminal's signals, so `gamesolve check` calls this on Ctrl-C, SIGTERM and
/// SIGHUP, and then exits.
pub fn stop_running_program() {
    let mut stopping = STOPPING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    *stopping = true;
    let group = RUNNING_GROUP.swap(0, Ordering::SeqCst);
    if group != 0 {
        kill_group(group);
    }
    drop(stopping);
    crate::reaper::kill_descendants();
}

/// Kills the process group `group` with the system call (Unix; elsewhere only the program
/// itself is killed). A group id is not reused while a member lives; [`run_program`] calls this
/// only then, and the signal handler during a run, at worst moments after the program exited.
fn kill_group(group: u32) {
    #[cfg(unix)]
    if let Ok(group) = i32::try_from(group) {
        let _ = nix::sys::signal::killpg(nix::unistd::Pid::from_raw(group), nix::sys::signal::Signal::SIGKILL);
    }
    #[cfg(not(unix))]
    let _ = group;
}

/// The most a program may write for an answer of `expected`: four times its size, and at least
/// a mebibyte, so a right answer always fits and an endless writer is stopped early.
pub fn output_limit(expected: &str) -> usize {
    expected.len().saturating_mul(4).max(1 << 20)
}

/// The first way `run` differs from the `expected` answer, if any. Trailing whitespace on a
/// line and a missing final newline are forgiven, as judges do.
pub fn compare(problem: &dyn Problem, expected: &str, run: &Run) -> Option<Difference> {
    let output = match run {
        Run::Output(output) => output,
        Run::Crashed { status, stderr, .. } => {
            return Some(Difference::Crashed { status: status.clone(), stderr: stderr.clone() });
        }
        Run::TimedOut(limit) => return Some(Difference::TimedOut(*limit)),
        Run::OutputLimit(limit) => return Some(Difference::OutputLimit(*limit)),
    };
    let mut found = output.lines().map(str::trim_end);
    for (i, want) in expected.lines().enumerate() {
        let line = i + 1;
        match found.next() {
            None => return Some(Difference::MissingLine { line, expected: want.to_string() }),
            Some(got) if got == want => {}
            Some(got) if !problem.is_answer_line(got) => {
                return Some(Difference::Malformed { line, found: got.to_string() });
            }
            Some(got) => {
                return Some(Difference::WrongLine { line, expected: want.to_string(), found: got.to_string() });
            }
        }
    }
    let extra = expected.lines().count() + 1;
    found.find(|l| !l.is_empty()).map(|got| Difference::ExtraLine { line: extra, found: got.to_string() })
}

/// How `output`, which [`compare`] accepts, differs from `expected` in whitespace alone: the
/// first difference, in words, or `None` when they are the same bytes. Judges that compare
/// byte for byte reject each of these.
pub fn whitespace_difference(expected: &str, output: &str) -> Option<String> {
    if expected == output {
        return None;
    }
    let (ours, theirs): (Vec<&str>, Vec<&str>) = (expected.split('\n').collect(), output.split('\n').collect());
    for (i, (want, got)) in ours.iter().zip(&theirs).enumerate() {
        if want == got {
            continue;
        }
        let line = i + 1;
        return Some(match got.strip_prefix(want) {
            Some("\r") => format!("line {line} ends with a carriage return (a CRLF line end)"),
            Some(_) if i + 1 == theirs.len() && want.is_empty() => "text after the last line".to_string(),
            Some(_) => format!("line {line} has trailing whitespace"),
            None => format!("line {line} differs in whitespace"),
        });
    }
    Some(if theirs.len() < ours.len() {
        "the output does not end with a newline".to_string()
    } else {
        let extra = theirs.len() - ours.len();
        format!("{extra} extra blank line{} at the end", if extra == 1 { "" } else { "s" })
    })
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

/// The first failure's difference and its smallest failing input so far, while a check
/// shrinks it, for a stop on a signal to print ([`best_so_far`]).
static BEST_SO_FAR: Mutex<Option<(String, String)>> = Mutex::new(None);

/// The difference (in words) and the smallest failing input found so far by the running
/// check, if it found one.
pub fn best_so_far() -> Option<(String, String)> {
    BEST_SO_FAR.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
}

fn record_best(failure: &Counterexample) {
    *BEST_SO_FAR.lock().unwrap_or_else(std::sync::PoisonError::into_inner) =
        Some((failure.difference.to_string(), failure.input.clone()));
}

/// Runs the check: every round (the fixed inputs, or generated ones), until the first failure
/// or, with `keep_going`, to the end; the first failure is then shrunk, and with `save` every
/// failing round is written down as it is found. `progress` is told each round as it starts,
/// and each shrinking run.
pub fn stress(
    problem: &dyn Problem,
    config: &StressConfig,
    mut progress: impl FnMut(Progress),
) -> Result<Checked, StressError> {
    let mut checked = Checked { rounds: 0, failure: None, failing: Vec::new(), whitespace: None };
    let mut first = None;
    let engine = problem.engines()[0];
    let rounds = if config.inputs.is_empty() { config.rounds } else { config.inputs.len() as u64 };
    if config.memory_limit.is_some() {
        // Under the limit a program is started by `exec-limited`, so a program that is not
        // there would come back as a crash: look for it first.
        for command in std::iter::once(&config.command).chain(&config.against) {
            findable(command)?;
        }
    }
    for round in 1..=rounds {
        progress(Progress::Round(round));
        let (origin, input, expected) = match config.inputs.get(round as usize - 1) {
            Some(fixed) => {
                let bad = |source| StressError::BadInput { name: fixed.name.clone(), source };
                let expected = problem.judge(&fixed.text, engine).map_err(bad)?;
                (Origin::File { name: fixed.name.clone() }, fixed.text.clone(), expected)
            }
            None => {
                let seed = config.seed.wrapping_add(round - 1);
                let hard = config.mode.is_hard(round);
                let input = generate(problem, hard, seed, config.cases)?;
                let expected = problem.judge(&input, engine)?;
                (Origin::Generated { seed, hard }, input, expected)
            }
        };
        checked.rounds = round;
        let mut failed = None;
        for culprit in [Culprit::Program, Culprit::Against] {
            if culprit == Culprit::Against && config.against.is_none() {
                break;
            }
            let (run, difference, spacing) = verdict(problem, config, culprit, &input, &expected)?;
            checked.whitespace = checked.whitespace.or(spacing.map(|what| (round, what)));
            if let Some(difference) = difference {
                failed = Some((culprit, run, difference));
                break;
            }
        }
        let Some((culprit, run, difference)) = failed else { continue };
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
        if let Some(dir) = &config.save {
            save(problem, dir, &format!("round-{round}"), &failure)?;
        }
        checked.failing.push((round, origin, difference));
        first.get_or_insert(failure);
        if !config.keep_going {
            break;
        }
    }
    if let Some(failure) = first {
        record_best(&failure);
        let mut failure = shrink(problem, config, failure, &mut progress)?;
        if let Some(other) = failure.culprit.other(config) {
            let (run, difference, _) = verdict(problem, config, other, &failure.input, &failure.expected)?;
            failure.other = Some((run, difference));
        }
        if let Some(dir) = &config.save {
            save(problem, dir, "shrunk", &failure)?;
        }
        checked.failure = Some(failure);
    }
    unless_stopping(Ok(checked))
}

/// Runs `culprit`'s program on `input` and compares its output with gamesolve's `expected`
/// answer: the run, the difference (whitespace counts with `--strict`), and a difference in
/// whitespace alone of an otherwise right answer.
fn verdict(
    problem: &dyn Problem,
    config: &StressConfig,
    culprit: Culprit,
    input: &str,
    expected: &str,
) -> Result<(Run, Option<Difference>, Option<String>), StressError> {
    let command = culprit.command(config);
    let run = match config.memory_limit {
        None => run_program(command, input, config.timeout, output_limit(expected))?,
        Some(bytes) => {
            let gamesolve = std::env::current_exe()
                .map_err(|source| StressError::Spawn { program: "gamesolve itself".to_string(), source })?;
            let mut limited =
                vec![gamesolve.into_os_string(), "exec-limited".into(), bytes.to_string().into(), "--".into()];
            limited.extend(command.iter().cloned());
            run_program(&limited, input, config.timeout, output_limit(expected))?
        }
    };
    let difference = match (&run, config.memory_limit) {
        (Run::Crashed { allocation_failed: true, .. }, Some(limit)) => Some(Difference::MemoryLimit(limit)),
        _ => compare(problem, expected, &run),
    };
    let spacing = match (&difference, &run) {
        (None, Run::Output(output)) => whitespace_difference(expected, output),
        _ => None,
    };
    let difference = difference.or_else(|| spacing.clone().filter(|_| config.strict).map(Difference::Whitespace));
    Ok((run, difference, spacing))
}

/// Fails as a spawn would when `command`'s program is not a file, or not one in a folder of
/// `PATH` for a bare name.
fn findable(command: &[OsString]) -> Result<(), StressError> {
    let program = command.first().ok_or(StressError::NoCommand)?;
    let path = std::path::Path::new(program);
    let found = if path.components().count() > 1 {
        path.is_file()
    } else {
        std::env::var_os("PATH").is_some_and(|dirs| std::env::split_paths(&dirs).any(|dir| dir.join(path).is_file()))
    };
    if found {
        Ok(())
    } else {
        let source = std::io::Error::new(std::io::ErrorKind::NotFound, "no such program");
        Err(StressError::Spawn { program: program.to_string_lossy().into_owned(), source })
    }
}

/// Whether a crashed program's standard error says that an allocation failed: the messages of
/// Rust's allocator, C++'s `std::bad_alloc`, glibc and Go.
fn allocation_failed(stderr: &str) -> bool {
    ["memory allocation of", "bad_alloc", "Cannot allocate memory", "out of memory"]
        .iter()
        .any(|message| stderr.contains(message))
}

/// Replaces this process with `command` under an address-space limit of `bytes` (Unix):
/// what `check --memory-limit` starts, as `gamesolve exec-limited BYTES -- PROGRAM ARGS...`,
/// so that the limit is set in the child without unsafe code. Returns only on failure.
pub fn exec_limited(bytes: u64, command: &[OsString]) -> anyhow::Error {
    #[cfg(unix)]
    {
        use nix::sys::resource::{Resource, setrlimit};
        use std::os::unix::ffi::OsStrExt;
        if let Err(e) = setrlimit(Resource::RLIMIT_AS, bytes, bytes) {
            return anyhow::anyhow!("cannot limit the address space to {bytes} bytes: {e}");
        }
        let args: Result<Vec<std::ffi::CString>, _> =
            command.iter().map(|arg| std::ffi::CString::new(arg.as_bytes())).collect();
        let Ok(args) = args else { return anyhow::anyhow!("an argument holds a NUL byte") };
        let Some(program) = args.first() else { return anyhow::anyhow!("no program to run") };
        let Err(e) = nix::unistd::execvp(program, &args);
        anyhow::anyhow!("cannot run `{}`: {e}", command[0].to_string_lossy())
    }
    #[cfg(not(unix))]
    {
        let _ = (bytes, command);
        anyhow::anyhow!("--memory-limit needs Unix")
    }
}

/// Writes `failure` into `dir` as `<name>.in` (the input), `<name>.expected` (gamesolve's
/// answer), `<name>.out` (what the program printed, or how its run ended) and `<name>.why`
/// (gamesolve's explanation, where the problem has one).
fn save(problem: &dyn Problem, dir: &std::path::Path, name: &str, failure: &Counterexample) -> Result<(), StressError> {
    let write = |suffix: &str, text: &str| {
        let path = dir.join(format!("{name}.{suffix}"));
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&path, text))
            .map_err(|source| StressError::Save { path: path.display().to_string(), source })
    };
    write("in", &failure.input)?;
    write("expected", &failure.expected)?;
    match &failure.run {
        Run::Output(output) => write("out", output)?,
        _ => write("out", &format!("{}\n", failure.difference))?,
    }
    if let Ok(explanations) = problem.explain(&failure.input) {
        let text: Vec<String> = explanations.iter().map(judge::Explanation::to_text).collect();
        write("why", &text.join("\n"))?;
    }
    Ok(())
}

/// Narrows a failure to the fewest cases that still fail it, then simplifies each of those
/// cases while the input keeps failing, within the run and time budgets of `config`, which
/// also stop a problem whose variants would lead in circles.
///
/// A timeout is shrunk only when its limit is cheap next to the time budget (a tenth of it at
/// most): every candidate that still fails costs a whole limit.
fn shrink(
    problem: &dyn Problem,
    config: &StressConfig,
    best: Counterexample,
    progress: &mut dyn FnMut(Progress),
) -> Result<Counterexample, StressError> {
    let best_cases = problem.split_cases(&best.input).map_or(1, |cases| cases.len());
    let mut shrinker = Shrinker { problem, config, runs: 0, started: Instant::now(), best, best_cases, progress };
    (shrinker.progress)(Progress::Shrinking { runs: 0, best_cases });
    let stopped = if matches!(shrinker.best.difference, Difference::TimedOut(_))
        && config.timeout.saturating_mul(10) > config.shrink_time
    {
        Some(ShrinkStop::SlowTimeout)
    } else {
        shrinker.drop_cases()?;
        shrinker.simplify_cases()?;
        shrinker.stopped()
    };
    shrinker.best.shrink_runs = shrinker.runs;
    shrinker.best.shrink_stopped = stopped;
    Ok(shrinker.best)
}

/// Why shrinking ended before it ran out of simpler inputs to try.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShrinkStop {
    /// It spent its runs (`--shrink-runs`).
    Runs(usize),
    /// It spent its time (`--shrink-time`).
    Time(Duration),
    /// The failure is a timeout whose limit is too long to run again and again: not shrunk.
    SlowTimeout,
}

impl std::fmt::Display for ShrinkStop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShrinkStop::Runs(runs) => write!(f, "shrinking stopped at its budget of {runs} runs (--shrink-runs)"),
            ShrinkStop::Time(limit) => {
                write!(f, "shrinking stopped at its time budget of {limit:?} (--shrink-time)")
            }
            ShrinkStop::SlowTimeout => write!(
                f,
                "not shrunk: each failing run takes the whole time limit (a lower --timeout, or a higher \
                 --shrink-time, at least 10 times the limit, lets it shrink)"
            ),
        }
    }
}

struct Shrinker<'a> {
    problem: &'a dyn Problem,
    config: &'a StressConfig,
    runs: usize,
    started: Instant,
    best: Counterexample,
    best_cases: usize,
    progress: &'a mut dyn FnMut(Progress),
}

impl Shrinker<'_> {
    /// Why shrinking must stop now, if it must.
    fn stopped(&self) -> Option<ShrinkStop> {
        if self.runs >= self.config.shrink_runs {
            Some(ShrinkStop::Runs(self.config.shrink_runs))
        } else if self.started.elapsed() >= self.config.shrink_time {
            Some(ShrinkStop::Time(self.config.shrink_time))
        } else {
            None
        }
    }

    /// Drops cases while the input keeps failing: each chunk of the cases alone, then all but
    /// each chunk, halves first, then quarters and so on down to single cases (Zeller's
    /// delta debugging, ddmin). A failure in one case takes about 2 log2(n) runs to find; a
    /// failure that needs two cases together (a variable not reset between them) ends with
    /// those two. Runs: O(n^2) at worst, within the budgets.
    fn drop_cases(&mut self) -> Result<(), StressError> {
        let mut cases = self.problem.split_cases(&self.best.input)?;
        let mut parts = 2;
        while cases.len() > 1 && self.stopped().is_none() {
            let chunk = cases.len().div_ceil(parts);
            let starts: Vec<usize> = (0..cases.len()).step_by(chunk).collect();
            let mut kept = None;
            for &start in &starts {
                let end = (start + chunk).min(cases.len());
                if self.stopped().is_some() {
                    return Ok(());
                }
                if self.cases_fail(&cases[start..end])? {
                    kept = Some((cases[start..end].to_vec(), 2));
                    break;
                }
            }
            // With two parts, all but one is the other one, already tried.
            if kept.is_none() && starts.len() > 2 {
                for &start in &starts {
                    let end = (start + chunk).min(cases.len());
                    let rest: Vec<String> = cases[..start].iter().chain(&cases[end..]).cloned().collect();
                    if self.stopped().is_some() {
                        return Ok(());
                    }
                    if self.cases_fail(&rest)? {
                        kept = Some((rest, (parts - 1).max(2)));
                        break;
                    }
                }
            }
            match kept {
                Some((fewer, next_parts)) => (cases, parts) = (fewer, next_parts),
                None if parts >= cases.len() => break,
                None => parts = (parts * 2).min(cases.len()),
            }
        }
        Ok(())
    }

    /// Simplifies the cases of the best input one at a time with [`Problem::shrink`], keeping
    /// each simpler variant that still fails, until none does or a budget runs out.
    fn simplify_cases(&mut self) -> Result<(), StressError> {
        'simpler: while self.stopped().is_none() {
            // The candidates are built one at a time from these copies, while the best may change.
            let cases = match self.problem.split_cases(&self.best.input)? {
                cases if cases.len() > 1 => cases,
                _ => vec![self.best.input.clone()],
            };
            for (i, case) in cases.iter().enumerate() {
                for candidate in self.problem.shrink(case) {
                    if self.stopped().is_some() {
                        break 'simpler;
                    }
                    if candidate == *case {
                        continue;
                    }
                    let mut with_it = cases.clone();
                    with_it[i] = candidate;
                    if self.cases_fail(&with_it)? {
                        continue 'simpler;
                    }
                }
            }
            break;
        }
        Ok(())
    }

    /// Whether the input holding `cases` still fails; one the problem cannot join is skipped
    /// without a run.
    fn cases_fail(&mut self, cases: &[String]) -> Result<bool, StressError> {
        let candidate = match cases {
            [one] => one.clone(),
            _ => match self.problem.join_cases(cases) {
                Ok(joined) => joined,
                Err(_) => return Ok(false),
            },
        };
        self.still_fails(candidate)
    }

    /// Runs the failing program on `candidate`; if it still fails, the candidate becomes the
    /// best.
    fn still_fails(&mut self, candidate: String) -> Result<bool, StressError> {
        // A variant gamesolve itself rejects is not a valid input: skip it without a run.
        let Ok(expected) = self.problem.judge(&candidate, self.problem.engines()[0]) else { return Ok(false) };
        self.runs += 1;
        let (run, difference, _) = verdict(self.problem, self.config, self.best.culprit, &candidate, &expected)?;
        let fails = difference.is_some();
        if let Some(difference) = difference {
            self.best_cases = self.problem.split_cases(&candidate).map_or(1, |cases| cases.len());
            self.best = Counterexample { input: candidate, expected, run, difference, ..self.best.clone() };
            record_best(&self.best);
        }
        (self.progress)(Progress::Shrinking { runs: self.runs, best_cases: self.best_cases });
        Ok(fails)
    }
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

//! Running a checked program: under its time, output and memory limits, in a process group of
//! its own, killed whole when its run ends or gamesolve stops.

use super::StressError;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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
    // A thread that cannot be started (a pids limit the program's processes filled) ends the
    // run as a failure to run it, after its processes are killed, never as a panic.
    let threads = |child: &mut std::process::Child| -> std::io::Result<_> {
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let input = input.as_bytes().to_vec();
        std::thread::Builder::new().spawn(move || {
            // A program may exit without reading everything; that is its business.
            let _ = stdin.write_all(&input);
        })?;
        let over_limit = Arc::new(AtomicBool::new(false));
        let stdout = {
            let over_limit = Arc::clone(&over_limit);
            let pipe = child.stdout.take().expect("stdout is piped");
            std::thread::Builder::new().spawn(move || read_capped(pipe, output_limit, false, &over_limit))?
        };
        let pipe = child.stderr.take().expect("stderr is piped");
        let stderr =
            std::thread::Builder::new().spawn(move || read_capped(pipe, STDERR_KEPT, true, &AtomicBool::new(false)))?;
        Ok((over_limit, stdout, stderr))
    };
    let (over_limit, stdout, stderr) = match threads(&mut child) {
        Ok(threads) => threads,
        Err(e) => {
            kill_group(child.id());
            let _ = child.kill();
            let _ = child.wait();
            RUNNING_GROUP.store(0, Ordering::SeqCst);
            crate::reaper::kill_descendants();
            return Err(spawn_error(e));
        }
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
pub(super) fn unless_stopping<T>(result: T) -> T {
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

/// Fails as a spawn would when `command`'s program is not a file, or not one in a folder of
/// `PATH` for a bare name.
pub(super) fn findable(command: &[OsString]) -> Result<(), StressError> {
    let program = command.first().ok_or(StressError::NoCommand)?;
    let path = std::path::Path::new(program);
    let runnable = |path: &std::path::Path| {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::metadata(path).is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
        }
        #[cfg(not(unix))]
        path.is_file()
    };
    let found = if path.components().count() > 1 {
        runnable(path)
    } else {
        std::env::var_os("PATH").is_some_and(|dirs| std::env::split_paths(&dirs).any(|dir| runnable(&dir.join(path))))
    };
    if found {
        Ok(())
    } else {
        let source = std::io::Error::new(std::io::ErrorKind::NotFound, "no such program, or not one that may be run");
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

/// Replaces this process with `command`, which [`run_program`] starts as
/// `gamesolve exec-limited --parent PID [--memory-limit BYTES] -- PROGRAM ARGS...`, so that what
/// must be set in the child is set without unsafe code (Unix): the parent-death signal
/// (Linux: SIGKILL when gamesolve dies, however it dies; if gamesolve, `parent`, died before it
/// was set, nothing is run) and the address-space limit of `--memory-limit`. Returns only on
/// failure.
pub fn exec_limited(bytes: Option<u64>, parent: Option<u32>, command: &[OsString]) -> anyhow::Error {
    #[cfg(unix)]
    {
        use nix::sys::resource::{Resource, setrlimit};
        use std::os::unix::ffi::OsStrExt;
        #[cfg(target_os = "linux")]
        if let Some(parent) = parent {
            if let Err(e) = nix::sys::prctl::set_pdeathsig(nix::sys::signal::Signal::SIGKILL) {
                return anyhow::anyhow!("cannot ask to die with gamesolve: {e}");
            }
            // gamesolve may have died before the signal was asked for: then it never comes.
            if nix::unistd::getppid().as_raw() as u32 != parent {
                return anyhow::anyhow!("gamesolve, which started this program, is gone");
            }
        }
        #[cfg(not(target_os = "linux"))]
        let _ = parent;
        if let Some(bytes) = bytes
            && let Err(e) = setrlimit(Resource::RLIMIT_AS, bytes, bytes)
        {
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
        let _ = (bytes, parent, command);
        anyhow::anyhow!("exec-limited needs Unix")
    }
}

//! No process outlives `gamesolve check`: every process the checked program starts stays within
//! gamesolve's reach, even one that leaves the program's process group (`setsid`, a daemon's
//! double fork).
//!
//! On Linux gamesolve makes itself a *child subreaper* ([`adopt_orphans`]): an orphan among its
//! descendants is re-parented to gamesolve instead of to init, so after a run every leftover
//! descendant is, or becomes, a child of gamesolve, and [`kill_descendants`] kills and reaps them
//! generation by generation. A child's pid cannot be reused before its parent reaps it, so
//! killing a pid read as a child from `/proc` never hits an unrelated process. Elsewhere both are
//! no-ops, and the process-group kill of [`crate::stress`] is all there is.

use std::time::{Duration, Instant};

/// Makes gamesolve the subreaper of its descendants (Linux; elsewhere nothing). Call once,
/// before the first run of a checked program.
pub fn adopt_orphans() -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    nix::sys::prctl::set_child_subreaper(true).map_err(std::io::Error::from)?;
    Ok(())
}

/// How long [`kill_descendants`] keeps killing: until nothing is left, or at most this long,
/// so that a process tree that forks faster than it is killed cannot hold gamesolve forever
/// (each generation takes a millisecond or so; a bounded fork bomb of hundreds of processes is
/// gone in well under a second). The README states this bound.
pub const GIVE_UP_AFTER: Duration = Duration::from_secs(30);

/// Kills every child of gamesolve with SIGKILL and reaps it, then the children re-parented to
/// gamesolve by those deaths, until none is left (or `GIVE_UP_AFTER`); returns how many it
/// killed. Call it only when no child is wanted alive: between runs of the checked program, and
/// when stopping. Reaping here takes the exit status of gamesolve's own children too, so call it
/// after the program's status has been collected.
pub fn kill_descendants() -> usize {
    #[cfg(target_os = "linux")]
    {
        linux::kill_descendants()
    }
    #[cfg(not(target_os = "linux"))]
    0
}

#[cfg(target_os = "linux")]
mod linux {
    use super::{GIVE_UP_AFTER, Instant};
    use nix::sys::signal::{Signal, kill};
    use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
    use nix::unistd::Pid;

    pub(super) fn kill_descendants() -> usize {
        let started = Instant::now();
        let mut killed = 0;
        loop {
            let children = children_of(std::process::id());
            if children.is_empty() || started.elapsed() > GIVE_UP_AFTER {
                return killed;
            }
            for &child in &children {
                // Still our child, alive or a zombie: the pid is not anyone else's.
                if kill(Pid::from_raw(child), Signal::SIGKILL).is_ok() {
                    killed += 1;
                }
            }
            for &child in &children {
                reap(child);
            }
        }
    }

    /// Waits (briefly) for a killed child to die, and reaps it; its own children then become
    /// ours.
    fn reap(child: i32) {
        let deadline = Instant::now() + std::time::Duration::from_millis(500);
        while Instant::now() < deadline {
            match waitpid(Pid::from_raw(child), Some(WaitPidFlag::WNOHANG)) {
                Ok(WaitStatus::StillAlive) => std::thread::sleep(std::time::Duration::from_micros(200)),
                // Reaped, or not ours any more (someone else's wait took it).
                _ => return,
            }
        }
    }

    /// The pids whose parent is `parent`, read from `/proc/<pid>/stat` (the field after the
    /// command name, which may itself hold spaces and parentheses, hence the last `)`).
    fn children_of(parent: u32) -> Vec<i32> {
        let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
        entries
            .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<i32>().ok())
            .filter(|&pid| {
                let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return false };
                let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
                after_name.split_whitespace().nth(1).and_then(|ppid| ppid.parse::<u32>().ok()) == Some(parent)
            })
            .collect()
    }
}

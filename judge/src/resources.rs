//! The process's limits on work and memory: one resource model for every command.
//!
//! - **Work.** Every engine that can run long on a small input (the oracles, the per-case and
//!   table engines of the judge problems) draws from one [`Work`] budget per input, not per
//!   case, and declines with [`OverBudget`] when it runs out. A unit of work is one state
//!   visited or one move generated, so an input whose states store many moves costs what it
//!   stores. The budget is [`DEFAULT_WORK`] units (a few seconds of the naive oracles) unless
//!   `--budget` set another with [`set_work_budget`].
//! - **Memory.** Before allocating what an input or a parameter decides, a command estimates the
//!   bytes and asks [`check_memory`], which refuses past the available memory (the system's
//!   estimate, the address-space limit, a cgroup's limit) or past `--max-memory`
//!   ([`set_max_memory`]), with a message naming the estimate. Allocation whose size an input
//!   decides goes through [`try_vec`], so an estimate that was too low is still an error, not an
//!   abort.
//! - **Explanations.** `explain` builds every case's explanation in memory before printing any,
//!   counted against [`memory_limit`] by [`ExplainBudget`](crate::ExplainBudget).
//!
//! The limits are process-wide settings, as the rayon pool behind `--threads` is: the CLI sets
//! them once at start, and every problem and engine reads them without a parameter threaded
//! through each signature.
//!
//! ```
//! use judge::resources::{Work, check_memory};
//!
//! let mut work = Work::new(10);
//! assert!(work.spend(4).is_ok());
//! assert!(work.spend(7).is_err());
//! assert!(check_memory("a table of 2^70 bytes", u64::MAX).is_err());
//! ```

use std::sync::atomic::{AtomicU64, Ordering};

/// The work budget of one input when `--budget` does not set one: units of one state visited
/// or one move generated. Measured on this workspace's machines, the naive oracles spend 1.6 to
/// 7 million units a second (hashing whole positions), so this is 1.5 to 6 seconds of them, and
/// at most about 1 GB of the moves they store (about 100 bytes a stored move of 10 chessmen).
/// The dense engines step 35 to 150 million times a second; they charge one unit per
/// [`DENSE_STEPS_PER_UNIT`] steps ([`Work::spend_dense`]), so a unit takes about as long in
/// every engine and the budget is a few seconds of any of them.
pub const DEFAULT_WORK: u64 = 10_000_000;

/// How many steps of an engine over flat arrays (a per-case score table, a Grundy table, the
/// layered passes) make one unit: they run 20 to 100 times faster per step than the oracles'
/// hashed steps (measured as above), 32 is in between.
pub const DENSE_STEPS_PER_UNIT: u64 = 32;

static WORK_BUDGET: AtomicU64 = AtomicU64::new(DEFAULT_WORK);
/// 0: no limit beyond what the system has.
static MAX_MEMORY: AtomicU64 = AtomicU64::new(0);

/// Sets the work budget of every input from now on (`--budget`).
pub fn set_work_budget(units: u64) {
    WORK_BUDGET.store(units, Ordering::Relaxed);
}

/// The work budget of one input.
pub fn work_budget() -> u64 {
    WORK_BUDGET.load(Ordering::Relaxed)
}

/// Caps the memory any command may plan to use (`--max-memory`), below what the system has.
pub fn set_max_memory(bytes: u64) {
    MAX_MEMORY.store(bytes, Ordering::Relaxed);
}

/// An engine ran out of its work budget: it declines the input, with its own exit code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{what} declines: the input needs more than {budget} units of work (a state visited or a move generated each); --budget raises the limit"
)]
pub struct OverBudget {
    /// The engine that declined.
    pub what: String,
    /// The budget it had.
    pub budget: u64,
}

/// The work one input may still cost. Engines of one input share one (pass `&mut Work` down
/// through every case), so a thousand cheap cases cannot add up to hours.
#[derive(Debug, Clone)]
pub struct Work {
    budget: u64,
    left: u64,
    what: &'static str,
}

impl Work {
    /// A budget of `units`.
    pub fn new(units: u64) -> Work {
        Work { budget: units, left: units, what: "the engine" }
    }

    /// The process's budget for one input ([`work_budget`]), charged to the engine named
    /// `what` (named in the refusal).
    pub fn for_input(what: &'static str) -> Work {
        Work { what, ..Work::new(work_budget()) }
    }

    /// Spends `units`, or declines if fewer are left (then nothing is spent).
    pub fn spend(&mut self, units: u64) -> Result<(), OverBudget> {
        match self.left.checked_sub(units) {
            Some(left) => {
                self.left = left;
                Ok(())
            }
            None => Err(OverBudget { what: self.what.to_string(), budget: self.budget }),
        }
    }

    /// Spends what `steps` of a dense engine cost ([`DENSE_STEPS_PER_UNIT`] a unit, rounded
    /// up), or declines.
    pub fn spend_dense(&mut self, steps: u64) -> Result<(), OverBudget> {
        self.spend(steps.div_ceil(DENSE_STEPS_PER_UNIT))
    }

    /// The units not yet spent.
    pub fn left(&self) -> u64 {
        self.left
    }
}

/// A plan that does not fit in memory.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what} needs about {}, more than the {} {source_of_limit}", show_bytes(*needed), show_bytes(*limit))]
pub struct OutOfMemory {
    /// What would have been allocated.
    pub what: String,
    /// The estimate, in bytes.
    pub needed: u64,
    /// The limit it broke.
    pub limit: u64,
    /// Where the limit comes from: `--max-memory`, the system's available memory, ...
    pub source_of_limit: &'static str,
}

/// The bytes a naive oracle keeps for a unit of work it spends exploring: a unit is a state
/// visited or a move generated, and the oracles keep every state with its moves, each a whole
/// position and its hash entry (measured 80 to 100 bytes a unit on hdu1524's chessmen).
pub const ORACLE_BYTES_PER_UNIT: u64 = 128;

/// What a naive oracle may spend of the `left` units of an input's budget: all of them, or
/// fewer when what it stores for them ([`ORACLE_BYTES_PER_UNIT`] a unit) would not fit
/// [`memory_limit`]; then running out of them is a refusal for memory (exit 2, the estimate
/// named), not a decline over the budget.
#[derive(Debug, Clone)]
pub struct OracleWork {
    /// The units the oracle may spend.
    pub units: u64,
    memory: Option<OutOfMemory>,
}

impl OracleWork {
    /// The units of `left` whose stored states and moves fit the memory the command may use.
    pub fn new(left: u64) -> OracleWork {
        match memory_limit() {
            Some((limit, source_of_limit)) if left.saturating_mul(ORACLE_BYTES_PER_UNIT) > limit => {
                let units = limit / ORACLE_BYTES_PER_UNIT;
                let what = format!(
                    "the oracle's stored states and moves (past {units} units of work, {ORACLE_BYTES_PER_UNIT} bytes a unit)"
                );
                let needed = (units + 1).saturating_mul(ORACLE_BYTES_PER_UNIT);
                OracleWork { units, memory: Some(OutOfMemory { what, needed, limit, source_of_limit }) }
            }
            _ => OracleWork { units: left, memory: None },
        }
    }

    /// The oracle's error as the judge reports it: out of its units when memory cut them is
    /// [`JudgeError::OutOfMemory`](crate::JudgeError::OutOfMemory).
    pub fn error(&self, e: oracle::OracleError) -> crate::JudgeError {
        match (&e, &self.memory) {
            (oracle::OracleError::OverBudget { max_work, .. }, Some(memory)) if *max_work == self.units => {
                crate::JudgeError::OutOfMemory(memory.clone())
            }
            _ => crate::JudgeError::Oracle(e),
        }
    }
}

/// `bytes` for people: `1.5 GiB`, `12.0 MiB`, `300 bytes`.
pub fn show_bytes(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// The most memory a command may plan to use now, and where that limit comes from: the least of
/// `--max-memory`, the system's available memory (`MemAvailable`), the address-space limit
/// (`ulimit -v`) and the cgroup's memory limit, each where known. `None` when nothing is known.
pub fn memory_limit() -> Option<(u64, &'static str)> {
    let max = MAX_MEMORY.load(Ordering::Relaxed);
    let candidates = [
        (Some(max).filter(|&m| m > 0), "--max-memory allows"),
        (available_memory(), "bytes the system has available"),
        (address_space_left(), "bytes the address-space limit (ulimit -v) leaves"),
        (cgroup_memory_left(), "bytes the cgroup's memory limit leaves"),
    ];
    candidates.into_iter().filter_map(|(limit, source)| Some((limit?, source))).min_by_key(|&(limit, _)| limit)
}

/// Refuses a plan of `needed` bytes for `what` that does not fit [`memory_limit`].
pub fn check_memory(what: &str, needed: u64) -> Result<(), OutOfMemory> {
    match memory_limit() {
        Some((limit, source_of_limit)) if needed > limit => {
            Err(OutOfMemory { what: what.to_string(), needed, limit, source_of_limit })
        }
        _ => Ok(()),
    }
}

/// A vector of `len` copies of `fill`, or [`OutOfMemory`] (after [`check_memory`], and when the
/// allocation itself fails) instead of an abort.
pub fn try_vec<T: Clone>(what: &str, len: usize, fill: T) -> Result<Vec<T>, OutOfMemory> {
    let needed = (len as u64).saturating_mul(std::mem::size_of::<T>() as u64);
    check_memory(what, needed)?;
    let mut values = Vec::new();
    values.try_reserve_exact(len).map_err(|_| OutOfMemory {
        what: what.to_string(),
        needed,
        limit: 0,
        source_of_limit: "bytes the allocator could give",
    })?;
    values.resize(len, fill);
    Ok(values)
}

/// Bytes of memory the operating system says are available (Linux), if it says.
pub fn available_memory() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib.saturating_mul(1024))
}

/// The address space `ulimit -v` still leaves this process (Linux), if it sets a limit.
fn address_space_left() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max address space"))?;
    let soft: u64 = line.split_whitespace().nth(3)?.parse().ok()?;
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let used_kib: u64 = status.lines().find(|l| l.starts_with("VmSize:"))?.split_whitespace().nth(1)?.parse().ok()?;
    Some(soft.saturating_sub(used_kib.saturating_mul(1024)))
}

/// What the cgroup (v2) this process is in may still allocate, if it has a limit.
fn cgroup_memory_left() -> Option<u64> {
    let cgroup = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = cgroup.lines().find_map(|l| l.strip_prefix("0::"))?;
    let dir = std::path::Path::new("/sys/fs/cgroup").join(path.trim_start_matches('/'));
    let max: u64 = std::fs::read_to_string(dir.join("memory.max")).ok()?.trim().parse().ok()?;
    let current: u64 = std::fs::read_to_string(dir.join("memory.current")).ok()?.trim().parse().ok()?;
    Some(max.saturating_sub(current))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_declines_past_its_budget_and_spends_nothing_then() {
        let mut work = Work::new(10);
        work.spend(10).unwrap();
        assert_eq!(work.left(), 0);
        assert_eq!(work.spend(1), Err(OverBudget { what: "the engine".into(), budget: 10 }));
        assert_eq!(work.left(), 0);
        assert!(work.spend(0).is_ok());
    }

    #[test]
    fn bytes_read_for_people() {
        assert_eq!(show_bytes(300), "300 bytes");
        assert_eq!(show_bytes(1536), "1.5 KiB");
        assert_eq!(show_bytes(3 << 30), "3.0 GiB");
        assert_eq!(show_bytes(u64::MAX), "16777216.0 TiB");
    }

    #[test]
    fn a_plan_past_every_limit_is_refused_and_names_its_estimate() {
        let refusal = check_memory("the table", u64::MAX).unwrap_err();
        assert_eq!(refusal.needed, u64::MAX);
        assert!(refusal.to_string().starts_with("the table needs about 16777216.0 TiB, more than"), "{refusal}");
        assert!(try_vec("a huge vector", usize::MAX / 2, 0u64).is_err());
        assert_eq!(try_vec("a small vector", 3, 7u8).unwrap(), vec![7, 7, 7]);
    }
}

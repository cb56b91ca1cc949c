//! Bodies of the fuzz targets in fuzz/: the three generic ones over everything registered
//! (`judge` feeds any bytes to a problem's judge, `workbench` to its generator and shrinker,
//! `game` to a game's own fuzz body, the input naming which on its first line,
//! [`workbench::fuzz::pick`]) and `table_file`, any bytes as a stored table. They live here so that a stable `cargo test` replays the
//! stored fuzz inputs through exactly the code the fuzzer ran (tests/integration/registered.rs).

use crate::registry;
use judge::AnyProblem;
use workbench::fuzz::{FuzzTarget, judge_bytes, pick, workbench_bytes};

/// The problem the input names on its first line, judged on the rest by every engine: no panic,
/// and every engine gives the same answer. Returns the disagreement, naming the problem.
pub fn judge(data: &[u8]) -> Result<(), String> {
    let problems: Vec<&dyn AnyProblem> = registry::problems().collect();
    let Some((problem, rest)) = pick(&problems, |p| p.id(), data) else { return Ok(()) };
    judge_bytes(*problem, rest).map_err(|e| format!("{}: {e}", problem.id()))
}

/// The problem the input names on its first line, with the rest as `gen`'s seed and number of
/// cases and as an input to shrink ([`workbench::fuzz::workbench_bytes`]). Returns the failure,
/// naming the problem.
pub fn workbench(data: &[u8]) -> Result<(), String> {
    let problems: Vec<&dyn AnyProblem> = registry::problems().collect();
    let Some((problem, rest)) = pick(&problems, |p| p.id(), data) else { return Ok(()) };
    workbench_bytes(*problem, rest).map_err(|e| format!("{}: {e}", problem.id()))
}

/// The game fuzz body the input names on its first line, run on the rest. Returns its failure,
/// naming it.
pub fn game(data: &[u8]) -> Result<(), String> {
    let targets: Vec<&FuzzTarget> = registry::fuzz_targets().collect();
    let Some((target, rest)) = pick(&targets, |t| t.name, data) else { return Ok(()) };
    (target.body)(rest).map_err(|e| format!("{}: {e}", target.name))
}

/// Any bytes as a stored table file: opened, every block checked, a few positions probed; never
/// a panic ([`table_file::fuzz_read`]).
pub fn table_file(data: &[u8]) -> Result<(), String> {
    table_file::fuzz_read(data)
}

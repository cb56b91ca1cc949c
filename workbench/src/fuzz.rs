//! Bodies of the fuzz targets in the workspace's fuzz/ folder. They live in library code, so
//! that a stable `cargo test` replays the stored fuzz inputs through exactly the code the
//! fuzzer ran. A game adds bodies of its own as [`FuzzTarget`]s in its registration; the
//! generic `judge`, `workbench` and `game` targets pick a problem or a body by the name an input
//! starts with ([`pick`]).

use crate::check::{Failure, OracleSide, check_grundy, check_loopy_with_unmoves, check_scores};
use judge::input;
use judge::{AnyProblem, JudgeError};
use oracle::Budget;
use solver_core::Terminal;
use solver_core::graph::{Edge, GraphGame, Node};

/// A fuzz body of a game's: any bytes in, a description of what went wrong out.
#[derive(Debug, Clone, Copy)]
pub struct FuzzTarget {
    /// A name for reports, e.g. `rank_cards`.
    pub name: &'static str,
    /// The body: `Err` for a bug (a disagreement, a broken invariant); it must not panic.
    pub body: fn(&[u8]) -> Result<(), String>,
}

/// The item an input names, and the rest of the input: the input starts with the item's name
/// (`name_of`) and a newline, so a stored input keeps its meaning whatever is registered before
/// or after its item. `None` when no item has the name the input starts with.
///
/// ```
/// let items = ["cf919f", "mnk"];
/// let picked = workbench::fuzz::pick(&items, |s| s, b"mnk\n1\n3 3 3\n");
/// assert_eq!(picked, Some((&"mnk", &b"1\n3 3 3\n"[..])));
/// assert_eq!(workbench::fuzz::pick(&items, |s| s, b"chess\n1"), None);
/// ```
pub fn pick<'a, T>(items: &'a [T], name_of: impl Fn(&T) -> &str, data: &'a [u8]) -> Option<(&'a T, &'a [u8])> {
    let end = data.iter().position(|&b| b == b'\n')?;
    let (name, rest) = (&data[..end], &data[end + 1..]);
    items.iter().find(|item| name_of(item).as_bytes() == name).map(|item| (item, rest))
}

/// An input for [`pick`]: `name`, a newline, then `rest`.
pub fn named_input(name: &str, rest: &[u8]) -> Vec<u8> {
    [name.as_bytes(), b"\n", rest].concat()
}

/// The oracle's budget on fuzzed games: far more than a game built from fuzz bytes can need.
const BUDGET: Budget = Budget { max_states: 100_000, max_depth: 1_000, max_work: u64::MAX };

/// Any bytes as judge input for every engine of `problem`: no panic, and every engine gives
/// the same output or the same error (the oracle, or an engine past its work budget, may
/// decline). Returns the first disagreement.
pub fn judge_bytes(problem: &dyn AnyProblem, data: &[u8]) -> Result<(), String> {
    let Ok(text) = input::decode(data) else { return Ok(()) };
    let mut first: Option<(&str, Result<String, JudgeError>)> = None;
    for &engine in problem.engines() {
        let answer = problem.judge(text, engine);
        if matches!(answer, Err(JudgeError::Oracle(_) | JudgeError::OverBudget(_))) {
            continue;
        }
        match &first {
            None => first = Some((engine, answer)),
            Some((name, expected)) if *expected != answer => {
                return Err(format!("{engine} answered {answer:?} but {name} answered {expected:?}"));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// The most cases [`workbench_bytes`] generates an input of; a larger count it takes is only
/// checked to be taken, since a large generated input makes a slow run.
const WORKBENCH_CASES: usize = 6;

/// The most shrink variants and split parts of one input [`workbench_bytes`] judges.
const WORKBENCH_VARIANTS: usize = 50;

/// The most steps of greedy shrinking [`workbench_bytes`] follows, looking for a circle.
const WORKBENCH_STEPS: usize = 20;

/// Bytes as `gen`'s parameters and as an input to `check`'s shrinking: a seed (8 bytes,
/// little-endian), a number of cases (8 bytes, any `usize`; missing bytes are zeros), the rest
/// an input. Checks that `generate` refuses exactly the counts outside `case_counts` (with
/// [`JudgeError::Cases`]) and otherwise gives an input the default engine accepts; and on a
/// small generated input, its first case and the rest as an input, that [`shrinking_checks`]
/// hold. Returns the first failure.
pub fn workbench_bytes(problem: &dyn AnyProblem, data: &[u8]) -> Result<(), String> {
    let (head, rest) = data.split_at(data.len().min(16));
    let mut header = [0u8; 16];
    header[..head.len()].copy_from_slice(head);
    let seed = u64::from_le_bytes(header[..8].try_into().expect("8 bytes"));
    let cases = usize::try_from(u64::from_le_bytes(header[8..].try_into().expect("8 bytes"))).unwrap_or(usize::MAX);
    let allowed = problem.case_counts();
    let asked = format!("generate(seed {seed}, {cases} cases)");
    if !allowed.contains(&cases) {
        match problem.generate(seed, cases) {
            Err(JudgeError::Cases { asked, allowed: said }) if asked == cases && said == allowed => {}
            Ok(_) => return Err(format!("{asked} gave an input, but the problem takes {allowed:?}")),
            Err(e) => return Err(format!("{asked} outside {allowed:?} failed with another error: {e}")),
        }
    } else if cases <= WORKBENCH_CASES {
        let input = problem.generate(seed, cases).map_err(|e| format!("{asked}: {e}"))?;
        let engine = problem.engines()[0];
        problem.judge(&input, engine).map_err(|e| format!("the judge rejects {asked}: {e}\n{input}"))?;
        shrinking_checks(problem, &input).map_err(|e| format!("on {asked}: {e}"))?;
        let first = problem.split_cases(&input).map_err(|e| format!("{asked}: split_cases: {e}"))?;
        if let Some(first) = first.first().filter(|first| **first != input) {
            shrinking_checks(problem, first).map_err(|e| format!("on the first case of {asked}: {e}"))?;
        }
    }
    match input::decode(rest) {
        Ok(text) => shrinking_checks(problem, text).map_err(|e| format!("on the input bytes: {e}")),
        Err(_) => Ok(()),
    }
}

/// What `check`'s shrinking relies on, on any `input`: `split_cases` and `shrink` do not panic;
/// and when the default engine accepts `input`, its parts are accepted and joined again
/// ([`AnyProblem::join_cases`]) are answered as the input is, and every variant (the
/// first `WORKBENCH_VARIANTS`) is accepted and differs from it, and following the first
/// variant again and again never comes back to an input already seen (the variants are
/// smaller by some measure). Returns the first failure.
pub fn shrinking_checks(problem: &dyn AnyProblem, input: &str) -> Result<(), String> {
    let engine = problem.engines()[0];
    let valid = problem.judge(input, engine).is_ok();
    let parts = problem.split_cases(input);
    let variants = problem.shrink(input).take(WORKBENCH_VARIANTS).count();
    if !valid {
        return Ok(());
    }
    let parts = parts.map_err(|e| format!("split_cases rejects a valid input: {e}\n{input}"))?;
    for (i, part) in parts.iter().enumerate().take(WORKBENCH_VARIANTS) {
        if let Err(e) = problem.judge(part, engine) {
            return Err(format!("split_cases part {i} is rejected: {e}\n{part}\nof\n{input}"));
        }
    }
    if parts.len() > 1 {
        let joined = problem
            .join_cases(&parts)
            .map_err(|e| format!("join_cases fails on the parts of a valid input: {e}\n{input}"))?;
        if problem.judge(&joined, engine) != problem.judge(input, engine) {
            return Err(format!("the parts joined again are answered otherwise:\n{joined}\nof\n{input}"));
        }
    }
    let mut seen = std::collections::HashSet::from([input.to_string()]);
    let mut current = input.to_string();
    for step in 0..WORKBENCH_STEPS {
        // The first step judges every variant (up to the cap), the later ones only the first.
        let judged = if step == 0 { variants } else { 1 };
        let mut next = None;
        for (i, variant) in problem.shrink(&current).take(judged).enumerate() {
            if variant == current {
                return Err(format!("shrink variant {i} is the input itself:\n{current}"));
            }
            if let Err(e) = problem.judge(&variant, engine) {
                return Err(format!("shrink variant {i} is rejected: {e}\n{variant}\nof\n{current}"));
            }
            next.get_or_insert(variant);
        }
        let Some(next) = next else { return Ok(()) };
        if !seen.insert(next.clone()) {
            return Err(format!("shrinking leads in a circle: after {} steps back at\n{next}", step + 1));
        }
        current = next;
    }
    Ok(())
}

/// A graph game of at most 16 nodes read from bytes: the first byte sets the size, then one
/// byte per node its terminal mark (loopy role), then three bytes per edge. With `acyclic`,
/// every edge is turned to point from the higher node to the lower one (self-loops dropped).
pub fn graph_from_bytes(data: &[u8], acyclic: bool) -> GraphGame {
    let Some((&size, rest)) = data.split_first() else { return GraphGame::default() };
    let n = 1 + size as usize % 16;
    let (marks, rest) = rest.split_at(n.min(rest.len()));
    let nodes = (0..n).map(|i| Node {
        terminal: match marks.get(i).map(|m| m % 8) {
            Some(5) => Some(Terminal::Win),
            Some(6) => Some(Terminal::Loss),
            Some(7) => Some(Terminal::Tie),
            _ => None,
        },
    });
    let edges = rest.chunks_exact(3).filter_map(|e| {
        let (mut from, mut to) = (e[0] as u32 % n as u32, e[1] as u32 % n as u32);
        if acyclic {
            if from == to {
                return None;
            }
            (from, to) = (from.max(to), from.min(to));
        }
        let edge = Edge { option: (e[2] % 4) as u32, gain: (e[2] / 4 % 5) as i32 - 2, again: e[2] >= 128 };
        Some((from, to, edge))
    });
    GraphGame::from_parts(nodes, edges).expect("edges are reduced modulo the node count")
}

/// Every retrograde engine, the verifier and the oracle on a tiny loopy game from bytes.
pub fn loopy_engines(data: &[u8]) -> Result<(), Failure> {
    let game = graph_from_bytes(data, false);
    let rules = game.rules();
    check_loopy_with_unmoves(&game, Some(OracleSide::same(&rules)), BUDGET)?.oracle_agreed().map(drop)
}

/// The Grundy engine against the verifier and the oracle on a tiny acyclic game from bytes.
pub fn grundy_engine(data: &[u8]) -> Result<(), Failure> {
    let game = graph_from_bytes(data, true);
    let rules = game.rules();
    check_grundy(&game, Some(OracleSide::same(&rules)), BUDGET)?.oracle_agreed().map(drop)
}

/// The score DP against the verifier and the oracle on a tiny acyclic game from bytes.
pub fn score_engine(data: &[u8]) -> Result<(), Failure> {
    let game = graph_from_bytes(data, true);
    let rules = game.rules();
    check_scores::<i64, _, _>(&game, Some(OracleSide::same(&rules)), BUDGET)?.oracle_agreed().map(drop)
}

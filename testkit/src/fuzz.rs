//! Bodies of the fuzz targets in the workspace's fuzz/ folder. They live in library code, so
//! that a stable `cargo test` replays the stored fuzz inputs through exactly the code the
//! fuzzer ran. A game adds bodies of its own as [`FuzzTarget`]s in its registration; the
//! generic `judge` and `space` targets pick a problem or a body by an input's first byte
//! ([`pick`]).

use crate::check::{Failure, OracleSide, check_grundy, check_loopy_with_unmoves, check_scores};
use crate::input;
use crate::judge::{AnyProblem, JudgeError};
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

/// The item an input's first byte picks, and the rest of the input: byte `b` picks item
/// `b % len`. Registries only ever append, so a stored input keeps its meaning as items are
/// added (it was written with `b < len`). `None` for an empty input or no items.
pub fn pick<'a, T>(items: &'a [T], data: &'a [u8]) -> Option<(&'a T, &'a [u8])> {
    let (&first, rest) = data.split_first()?;
    if items.is_empty() {
        return None;
    }
    Some((&items[first as usize % items.len()], rest))
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

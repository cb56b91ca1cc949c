//! Bodies of the fuzz targets in fuzz/. They live here so that a stable `cargo test` replays
//! fuzz/corpus and fuzz/regressions through exactly the code the fuzzer ran
//! (tests/fuzz_replay.rs).

use crate::check::{Failure, OracleCheck, OracleSide, check_grundy, check_loopy, check_scores};
use crate::input;
use crate::problems::{JudgeError, Problem};
use oracle::Budget;
use petgraph::graph::NodeIndex;
use solver_core::Terminal;
use solver_core::graph::{Edge, GraphGame, Node};

/// The oracle's budget on fuzzed games: far more than a game built from fuzz bytes can need.
const BUDGET: Budget = Budget { max_states: 100_000, max_depth: 1_000 };

/// Any bytes as judge input for every engine of `problem`: no panic, and every engine gives
/// the same output or the same error. Returns the first disagreement.
pub fn judge_bytes(problem: &dyn Problem, data: &[u8]) -> Result<(), String> {
    let Ok(text) = input::decode(data) else { return Ok(()) };
    let mut first: Option<(&str, Result<String, JudgeError>)> = None;
    for &engine in problem.engines() {
        let answer = problem.judge(text, engine);
        if matches!(answer, Err(JudgeError::Oracle(_))) {
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

fn same(node: &NodeIndex) -> NodeIndex {
    *node
}

fn agreed(oracle: OracleCheck) -> Result<(), Failure> {
    match oracle {
        OracleCheck::Agreed { .. } => Ok(()),
        other => Err(Failure { engine: "oracle".into(), detail: format!("did not check a tiny game: {other:?}") }),
    }
}

/// Every retrograde engine, the verifier and the oracle on a tiny loopy game from bytes.
pub fn loopy_engines(data: &[u8]) -> Result<(), Failure> {
    let game = graph_from_bytes(data, false);
    agreed(check_loopy(&game, Some(OracleSide { rules: &game, state: &same }), BUDGET)?.oracle)
}

/// The Grundy engine and the score DP against the verifier and the oracles on a tiny acyclic
/// game from bytes.
pub fn acyclic_engines(data: &[u8]) -> Result<(), Failure> {
    let game = graph_from_bytes(data, true);
    agreed(check_grundy(&game, Some(OracleSide { rules: &game, state: &same }), BUDGET)?.oracle)?;
    agreed(check_scores::<i64, _, _>(&game, Some(OracleSide { rules: &game, state: &same }), BUDGET)?.oracle)
}

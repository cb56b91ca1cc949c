//! Tokens on a DAG as `gamesolve solve`, `probe`, `diff` and `verify FILE` see them: the seeded
//! random DAG of the verify workloads ([`Dag::random`]), position `v` being one token on vertex
//! `v`, written as the vertex's number (as HDU 1524's input writes a chessman), the start being
//! vertex 0. A sum of tokens is the xor of their vertices' values, so one token per position
//! is the whole table. Engine: solver-core's Grundy engine; values are checked by solver-core's
//! verifier.

use crate::Dag;
use testkit::input::shorten;
use testkit::solve::{Identity, ImpartialGame, Notation, SolveTarget};

/// `graph-tokens vertices=1000 degree=4 seed=1`.
pub const SOLVE_TARGETS: &[SolveTarget] = &[SolveTarget {
    name: "graph-tokens",
    params: "vertices=1000 (1..=10000000) degree=4 (1..=16) seed=1: one token on a seeded random DAG, \
             each vertex but the lowest with 1..=degree edges down, starting on vertex 0",
    open: |params| {
        let vertices = params.number("vertices", 1_000u32, 1..=10_000_000)?;
        let degree = params.number("degree", 4usize, 1..=16)?;
        let seed = params.number("seed", 1u64, 0..=u64::MAX)?;
        let identity = Identity::new(
            "graph-tokens",
            params,
            "normal play, one token: a move slides it along an edge, the player who cannot move loses",
        );
        let notation = Notation::new(|v: &u32| v.to_string(), move |text| parse_vertex(text, vertices));
        let dag = Dag::random(vertices as usize, degree, seed);
        Ok(Box::new(ImpartialGame::new(identity, dag, &0, notation)))
    },
    // The DAGs of the verify workloads (`workloads::workloads`), all of degree 4.
    golden: &[
        "vertices=200000 degree=4 seed=10",
        "vertices=2000 degree=4 seed=11",
        "vertices=150 degree=4 seed=12",
        "vertices=30 degree=4 seed=13",
    ],
}];

/// A vertex of `0..vertices`, digits only.
fn parse_vertex(text: &str, vertices: u32) -> Result<u32, String> {
    let text = text.trim();
    let last = vertices - 1;
    if text.is_empty() {
        return Err(format!("expected a vertex: its number, 0..={last}"));
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{}` is not a vertex: a vertex is its number, 0..={last}", shorten(text)));
    }
    match text.parse::<u32>() {
        Ok(v) if v < vertices => Ok(v),
        _ => Err(format!("vertex {} is past the last vertex of the graph, {last}", shorten(text))),
    }
}

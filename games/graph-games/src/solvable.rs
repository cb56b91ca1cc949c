//! The seeded random graph games as `gamesolve solve`, `probe`, `diff` and `verify FILE` see
//! them, with the parameters of their stats targets: `random-loopy` (every retrograde engine)
//! and `random-dag` (the Grundy engine). A position is a node, written `node N` as `explain`
//! titles it (a bare `N` is read too); a move is named by the node it leads to.

use solver_core::Game;
use solver_core::graph::{GraphGame, RandomShape};
use testkit::solve::{Identity, ImpartialGame, LoopyGame, Notation, SolveTarget};

/// A node of a graph game.
type NodeIndex = <GraphGame as Game>::State;

/// `random-loopy nodes=N seed=S` and `random-dag nodes=N seed=S`.
pub const SOLVE_TARGETS: &[SolveTarget] = &[
    SolveTarget {
        name: "random-loopy",
        params: "nodes=100000 (1..=50000000) seed=1: a seeded random loopy graph game, starting at node 0",
        open: |params| {
            let nodes = params.number("nodes", 100_000usize, 1..=50_000_000)?;
            let seed = params.number("seed", 1u64, 0..=u64::MAX)?;
            let variant = "random loopy graph (RandomShape::loopy), normal play, the player at node 0 moves first";
            let identity = Identity::new("random-loopy", params, variant);
            let game = GraphGame::random(&RandomShape::loopy(nodes), seed);
            let start = NodeIndex::from(0u32);
            Ok(Box::new(LoopyGame::with_unmoves(identity, game, &start, notation(nodes))))
        },
        golden: &["nodes=200000 seed=1"],
    },
    SolveTarget {
        name: "random-dag",
        params: "nodes=100000 (1..=50000000) seed=1: a seeded random impartial DAG game, starting at the last node",
        open: |params| {
            let nodes = params.number("nodes", 100_000usize, 1..=50_000_000)?;
            let seed = params.number("seed", 1u64, 0..=u64::MAX)?;
            let variant =
                "random impartial DAG (RandomShape::acyclic), normal play, Grundy values, the last node moves first";
            let identity = Identity::new("random-dag", params, variant);
            let game = GraphGame::random(&RandomShape::acyclic(nodes), seed);
            // Edges go down to smaller nodes, so the last node has the most play below it.
            let start = NodeIndex::from((nodes - 1) as u32);
            Ok(Box::new(ImpartialGame::new(identity, game, &start, notation(nodes))))
        },
        golden: &["nodes=100000 seed=2"],
    },
];

/// Nodes written `node N`, read as `node N` or `N`, for a graph of `nodes` nodes.
fn notation(nodes: usize) -> Notation<NodeIndex> {
    Notation::new(|node: &NodeIndex| format!("node {}", node.index()), move |text| parse_node(text, nodes))
}

/// A node `0..nodes` written `node N` or `N`.
fn parse_node(text: &str, nodes: usize) -> Result<NodeIndex, String> {
    let text = text.trim();
    let number = text.strip_prefix("node").map_or(text, str::trim_start);
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("expected a node, `node N` with N in 0..={}, found `{text}`", nodes - 1));
    }
    match number.parse::<u32>() {
        Ok(n) if (n as usize) < nodes => Ok(NodeIndex::from(n)),
        _ => Err(format!("node {number} is not in the graph: its nodes are 0..={}", nodes - 1)),
    }
}

//! The seeded random graph games as every whole-space command sees them: `random-loopy`
//! (every retrograde engine), `random-dag` (the Grundy engines) and `random-scoring` (the score
//! engines), each checked by the oracle on the graph's own rules. A position is a node, written
//! `node N` as `explain` titles it (a bare `N` is read too); a move is named by the node it
//! leads to.

use crate::random::random_game;
use solver_core::Game;
use solver_core::graph::{GraphGame, RandomShape};
use workbench::check::{OracleSide, oracle_grundy, oracle_loopy, oracle_scores};
use workbench::solve::{Identity, Notation, SolvableGame};
use workbench::space_game::{ImpartialGame, LoopyGame, ScoringGame, score_at};
use workbench::target::{Args, Param, SpaceTarget};

/// A node of a graph game.
type NodeIndex = <GraphGame as Game>::State;

/// The parameters every random game takes.
const PARAMS: &[Param] = &[
    Param::number("nodes", "100000", 1, 50_000_000, "nodes of the graph"),
    Param::number("seed", "1", 0, u64::MAX, "the seed of the generator"),
];

/// `random-loopy`, `random-dag` and `random-scoring`, each `nodes=N seed=S`.
pub const SPACES: &[SpaceTarget] = &[
    SpaceTarget {
        name: "random-loopy",
        about: "a seeded random loopy graph game (RandomShape::loopy), starting at node 0",
        params: PARAMS,
        open: open_loopy,
        verified: &["nodes=200000 seed=1"],
    },
    SpaceTarget {
        name: "random-dag",
        about: "a seeded random impartial DAG game (RandomShape::acyclic), starting at the last node",
        params: PARAMS,
        open: open_dag,
        verified: &["nodes=100000 seed=2"],
    },
    SpaceTarget {
        name: "random-scoring",
        about: "a seeded random scoring DAG game (RandomShape::acyclic), starting at the last node",
        params: PARAMS,
        open: open_scoring,
        verified: &["nodes=100000 seed=3"],
    },
];

fn open_loopy(args: &Args) -> Result<Box<dyn SolvableGame>, String> {
    let nodes: usize = args.number("nodes");
    let variant = "random loopy graph (RandomShape::loopy), normal play, the player at node 0 moves first";
    let identity = Identity::new("random-loopy", args, variant);
    let game = random_game(&RandomShape::loopy(nodes), args.number("seed"))?;
    let start = NodeIndex::from(0u32);
    let game = LoopyGame::with_unmoves(identity, game, &start, notation(nodes))
        .with_oracle_check(|game, table, budget| oracle_loopy(game, table, OracleSide::same(&game.rules()), budget));
    Ok(Box::new(game))
}

fn open_dag(args: &Args) -> Result<Box<dyn SolvableGame>, String> {
    let nodes: usize = args.number("nodes");
    let variant = "random impartial DAG (RandomShape::acyclic), normal play, Grundy values, the last node moves first";
    let identity = Identity::new("random-dag", args, variant);
    let game = random_game(&RandomShape::acyclic(nodes), args.number("seed"))?;
    // Edges go down to smaller nodes, so the last node has the most play below it.
    let start = NodeIndex::from((nodes - 1) as u32);
    let game = ImpartialGame::new(identity, game, &start, notation(nodes))
        .with_oracle_check(|game, values, budget| oracle_grundy(game, values, OracleSide::same(&game.rules()), budget));
    Ok(Box::new(game))
}

fn open_scoring(args: &Args) -> Result<Box<dyn SolvableGame>, String> {
    let nodes: usize = args.number("nodes");
    let variant = "random scoring DAG (RandomShape::acyclic), each move's gain and extra-move flag on its edge, \
                   values the score difference for the player to move, the last node moves first";
    let identity = Identity::new("random-scoring", args, variant);
    let game = random_game(&RandomShape::acyclic(nodes), args.number("seed"))?;
    let start = NodeIndex::from((nodes - 1) as u32);
    let game =
        ScoringGame::<_, i32>::new(identity, game, &start, notation(nodes)).with_oracle_check(|game, table, budget| {
            let score = |id| score_at(table, id);
            oracle_scores(game, &score, OracleSide::same(&game.rules()), budget)
        });
    Ok(Box::new(game))
}

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

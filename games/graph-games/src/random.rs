//! Seeded random graph games of every family, built only when their memory fits: what the
//! space targets `random-loopy`, `random-dag` and `random-scoring` solve.

use judge::resources::check_memory;
use solver_core::graph::{GraphGame, RandomShape};

/// [`GraphGame::random`], refused before anything is built when its estimate
/// ([`random_game_bound`]) does not fit the memory the command may use.
pub fn random_game(shape: &RandomShape, seed: u64) -> Result<GraphGame, String> {
    let what = format!("a random graph of {} nodes", shape.nodes);
    check_memory(&what, random_game_bound(shape)).map_err(|e| e.to_string())?;
    Ok(GraphGame::random(shape, seed))
}

/// An upper bound on the bytes [`GraphGame::random`] allocates for `shape`: per node, 1 byte
/// in the generated list and 12 in the graph; per edge (at most `max_out_degree` a node), 20 in
/// the generated list and 28 in the graph; every vector counted at twice its length (a doubling
/// vector's worst capacity).
pub fn random_game_bound(shape: &RandomShape) -> u64 {
    let nodes = shape.nodes as u64;
    let edges = nodes.saturating_mul(shape.max_out_degree.max(1) as u64);
    nodes.saturating_mul(2 * (1 + 12)).saturating_add(edges.saturating_mul(2 * (20 + 28)))
}

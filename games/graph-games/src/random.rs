//! Seeded random graph games: each engine family on a game no rule of ours could bias.

use solver_core::graph::{GraphGame, RandomShape};
use testkit::check::{OracleSide, check_grundy, check_loopy_with_unmoves, check_scores};
use testkit::resources::check_memory;
use testkit::stats::{self, StatsTarget};
use testkit::workload::{Row, Workload};

/// A loopy, an impartial and a scoring random game.
pub fn workloads() -> Vec<Workload> {
    let loopy = |nodes: usize, seed: u64| {
        Workload::new(format!("random loopy graph n={nodes} s={seed}"), move |budget| {
            let game = GraphGame::random(&RandomShape::loopy(nodes), seed);
            let rules = game.rules();
            check_loopy_with_unmoves(&game, Some(OracleSide::same(&rules)), budget).map(Row::loopy)
        })
    };
    let grundy = |nodes: usize, seed: u64| {
        Workload::new(format!("random impartial DAG n={nodes} s={seed}"), move |budget| {
            let game = GraphGame::random(&RandomShape::acyclic(nodes), seed);
            let rules = game.rules();
            check_grundy(&game, Some(OracleSide::same(&rules)), budget).map(Row::grundy)
        })
    };
    let scores = |nodes: usize, seed: u64| {
        Workload::new(format!("random scoring DAG n={nodes} s={seed}"), move |budget| {
            let game = GraphGame::random(&RandomShape::acyclic(nodes), seed);
            let rules = game.rules();
            let checked = check_scores::<i32, _, _>(&game, Some(OracleSide::same(&rules)), budget)?;
            let best = checked.table.iter().max().copied().unwrap_or(0);
            Ok(Row::scores(checked, format!("best {best}")))
        })
    };
    vec![loopy(200_000, 1), grundy(100_000, 2), scores(100_000, 3)]
}

/// Random graph games of any size.
pub const STATS_TARGETS: &[StatsTarget] = &[
    StatsTarget {
        name: "random-loopy",
        params: "nodes=100000 (1..=1000000) seed=1: a seeded random loopy graph game",
        run: |params| {
            let nodes = params.number("nodes", 100_000, 1..=LOOPY_MAX_NODES)?;
            let seed = params.number("seed", 1, 0..=u64::MAX)?;
            let game = random_game(&RandomShape::loopy(nodes), seed)?;
            Ok(stats::loopy_with_unmoves(format!("random loopy graph n={nodes} s={seed}"), &game, |node| {
                format!("node {}", node.index())
            }))
        },
    },
    StatsTarget {
        name: "random-dag",
        params: "nodes=100000 (1..=50000000) seed=1: a seeded random impartial DAG game",
        run: |params| {
            let nodes = params.number("nodes", 100_000, 1..=50_000_000)?;
            let seed = params.number("seed", 1, 0..=u64::MAX)?;
            let game = random_game(&RandomShape::acyclic(nodes), seed)?;
            Ok(stats::grundy(format!("random impartial DAG n={nodes} s={seed}"), &game, |node| {
                format!("node {}", node.index())
            }))
        },
    },
];

/// The most nodes `stats random-loopy` takes: its five engines, two of them one pass per
/// remoteness, take about 20 seconds at a million nodes (5 * 10^7, the earlier limit, ran for
/// many minutes).
pub const LOOPY_MAX_NODES: usize = 1_000_000;

/// [`GraphGame::random`], refused before anything is built when its estimate
/// ([`random_game_bound`]) does not fit the memory the command may use.
fn random_game(shape: &RandomShape, seed: u64) -> Result<GraphGame, String> {
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

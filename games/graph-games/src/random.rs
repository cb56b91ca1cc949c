//! Seeded random graph games: each engine family on a game no rule of ours could bias.

use solver_core::graph::{GraphGame, RandomShape};
use testkit::check::{OracleSide, check_grundy, check_loopy_with_unmoves, check_scores};
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
        params: "nodes=100000 (1..=50000000) seed=1: a seeded random loopy graph game",
        run: |params| {
            let nodes = params.number("nodes", 100_000, 1..=50_000_000)?;
            let seed = params.number("seed", 1, 0..=u64::MAX)?;
            let game = GraphGame::random(&RandomShape::loopy(nodes), seed);
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
            let game = GraphGame::random(&RandomShape::acyclic(nodes), seed);
            Ok(stats::grundy(format!("random impartial DAG n={nodes} s={seed}"), &game, |node| {
                format!("node {}", node.index())
            }))
        },
    },
];

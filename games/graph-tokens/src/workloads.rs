//! What `gamesolve verify` runs for tokens on DAGs: every vertex's Grundy value checked by the
//! verifier, and sets of tokens checked as whole positions by the oracle's win/loss search.

use crate::Dag;
use crate::plain::{PlainToken, PlainTokens};
use std::time::Instant;
use testkit::check::{OracleSide, check_grundy};
use testkit::workload::{Row, Workload, sums_as_whole_positions};

/// A large DAG for the engine and the verifier, then one, two and three tokens on random DAGs
/// for the oracle, whose rounds cost the longest play times the positions: the DAGs are small.
pub fn workloads() -> Vec<Workload> {
    let large = |vertices: usize, seed: u64| {
        Workload::new(format!("dag n={vertices} s={seed}"), move |budget| {
            let dag = Dag::random(vertices, 4, seed);
            check_grundy(&dag, None::<OracleSide<'_, u32, PlainToken>>, budget).map(Row::grundy)
        })
    };
    let tokens = |vertices: usize, count: u32, seed: u64| {
        Workload::new(format!("dag tokens n={vertices} k={count} s={seed}"), move |budget| {
            let dag = Dag::random(vertices, 4, seed);
            let started = Instant::now();
            let checked = check_grundy(&dag, None::<OracleSide<'_, u32, PlainToken>>, budget)?;
            let elapsed = started.elapsed();
            let rules = PlainTokens { out: dag.out_lists() };
            let n = vertices as u32;
            // Every multiset of `count` tokens, as sorted lists.
            let starts = (0..n.pow(count)).filter_map(|code| {
                let tokens: Vec<u32> = (0..count).map(|k| code / n.pow(k) % n).collect();
                tokens.is_sorted().then_some(tokens)
            });
            let values = &checked.table;
            let mut row = sums_as_whole_positions(&rules, starts, |s| Dag::token_sum(values, s), budget, elapsed)?;
            row.summary = format!("{} max {}", row.summary, values.iter().max().copied().unwrap_or_default());
            Ok(row)
        })
    };
    vec![large(200_000, 10), tokens(2_000, 1, 11), tokens(150, 2, 12), tokens(30, 3, 13)]
}

//! The registered games: what `gamesolve verify` checks, each at its built-in size ([`all`]), and
//! what `gamesolve stats` can summarize ([`stats_targets`]). Each game family has its own file.

mod cards;
mod dots_and_boxes;
mod graph_tokens;
mod nim;
mod octal;
mod synthetic;
mod xiangqi;

use crate::stats::StatsTarget;
use crate::verify::Workload;

/// Every workload, in table order.
pub fn all() -> Vec<Workload> {
    let mut all = Vec::new();
    all.extend(synthetic::workloads());
    all.extend(cards::workloads());
    all.extend(xiangqi::workloads());
    all.extend(nim::workloads());
    all.extend(graph_tokens::workloads());
    all.extend(octal::workloads());
    all.extend(dots_and_boxes::workloads());
    all
}

/// Every game `gamesolve stats` knows, in the order `gamesolve stats --help` lists them.
pub fn stats_targets() -> Vec<StatsTarget> {
    let mut all = Vec::new();
    all.extend(synthetic::stats_targets());
    all.extend(cards::stats_targets());
    all.extend(xiangqi::stats_targets());
    all.extend(nim::stats_targets());
    all.extend(octal::stats_targets());
    all.extend(dots_and_boxes::stats_targets());
    all
}

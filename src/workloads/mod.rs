//! The games `gamesolve verify` checks, each at its built-in size. Each game family has its
//! own file; [`all`] lists them in table order.

mod cards;
mod synthetic;

use crate::verify::Workload;

/// Every workload, in table order.
pub fn all() -> Vec<Workload> {
    let mut all = Vec::new();
    all.extend(synthetic::workloads());
    all.extend(cards::workloads());
    all
}

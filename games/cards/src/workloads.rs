//! The modular card game at the sizes of its two judge problems, for `gamesolve verify`: cf919f
//! (8 cards mod 5) and childhood (2 cards mod 10). Besides solver-core's engines, the game's own
//! solvers ([`CardsSolver`]) must give the same table. And the game at any size for
//! `gamesolve stats`.

use crate::plain::{PlainCards, PlainPosition};
use crate::{Cards, CardsSolver, Position};
use oracle::Budget;
use solver_core::{OutcomeTable, RETROGRADE_LIMIT, StateSpace};
use testkit::check::{Checked, Failure, OracleCheck, OracleSide, check_loopy_with_unmoves};
use testkit::stats::{self, StatsTarget};
use testkit::workload::{Row, Workload};

/// `cards k=8 m=5` and `cards k=2 m=10`.
pub fn workloads() -> Vec<Workload> {
    let sized = |k: usize, m: usize| Workload::new(format!("cards k={k} m={m}"), move |budget| check(k, m, budget));
    vec![sized(8, 5), sized(2, 10)]
}

/// Every retrograde engine, the verifier and the oracle (where it fits) on `(k, m)`, then the
/// game's own solvers against the agreed table.
fn check(k: usize, m: usize, budget: Budget) -> Result<Row, Failure> {
    let game = Cards::new(k, m).map_err(|e| Failure::engine_error("cards", e))?;
    let rules = PlainCards { modulus: m as u8 };
    // The oracle's states are the card arrays in every order, up to m^(2k) of them; past its
    // budget it would only fill memory before declining, so it declines up front.
    let unsorted = (m as f64).powi(2 * k as i32);
    let mut checked: Checked<OutcomeTable> = if unsorted > budget.max_states as f64 {
        let mut checked = check_loopy_with_unmoves(&game, None::<OracleSide<'_, Position, PlainCards>>, budget)?;
        checked.oracle = OracleCheck::Declined(format!("{unsorted:.2e} unsorted positions exceed the budget"));
        checked
    } else {
        check_loopy_with_unmoves(&game, Some(OracleSide { rules: &rules, state: &PlainPosition::of }), budget)?
    };
    for solver in CardsSolver::ALL {
        checked.compare_solver(&game, solver.name(), || solver.solve(&game))?;
    }
    Ok(Row::loopy(checked))
}

/// The card game at any size the game accepts, with the game's own solvers timed too.
pub const STATS_TARGETS: &[StatsTarget] = &[StatsTarget {
    name: "cards",
    params: "k=8 (1..=32) m=5 (2..=64): k cards a player modulo m (cf919f: 8 5; childhood: 2 10)",
    run: |params| {
        let k = params.number("k", 8usize, 1..=32)?;
        let m = params.number("m", 5usize, 2..=64)?;
        let game = Cards::new(k, m).map_err(|e| e.to_string())?;
        let describe = |p: &Position| format!("mover {:?}, opponent {:?}", p.mover.values(), p.opponent.values());
        let mut report = stats::loopy_with_unmoves(format!("cards k={k} m={m}"), &game, describe);
        for solver in CardsSolver::ALL {
            let (_, cost) = stats::measure_within(solver.name(), memory_bound(solver, &game), || solver.solve(&game));
            report.engines.push(cost);
        }
        Ok(report)
    },
}];

/// An upper bound on the bytes `solver` allocates for `game`: the 4-byte table and the lists of
/// two remotenesses, at most one 4-byte entry per position between them, counted at a doubling
/// vector's worst capacity, and the table of values converted from the cells; the symmetric
/// solver also keeps a 4-byte cell per class (at most one per position) while it fills the
/// table. 0 past [`RETROGRADE_LIMIT`], which both refuse before allocating anything.
fn memory_bound(solver: CardsSolver, game: &Cards) -> u64 {
    let positions = game.len() as u64;
    if game.len() > RETROGRADE_LIMIT {
        return 0;
    }
    match solver {
        CardsSolver::HandTables => positions.saturating_mul(16),
        CardsSolver::Symmetry => positions.saturating_mul(20),
    }
}

//! Tiers: a space split into dense ranges of positions, solved one tier after the tiers its
//! moves lead to, so that only the tiers still needed are held in memory. The unit of work a
//! distributed engine hands out.
//!
//! A [`TieredScoring`] space numbers its tiers `0..tier_count()`; tier `t` holds the positions
//! `(t, 0..tier_len(t))`. A move leads either to a larger index of its own tier or to one of
//! the tier's [`TieredScoring::child_tiers`]. The child relation must be acyclic:
//! [`tier_order`] checks it (petgraph) and gives an order, children first.
//!
//! [`solve_tiers`] runs the score DP tier by tier: tiers of one *wave* (every child in an
//! earlier wave) are solved in parallel, each sequentially from its last index down, or in
//! parallel too when the space has no moves inside a tier. A tier's table is handed to the
//! caller as soon as it is solved, and dropped once every tier that reads it is done, so the
//! peak memory is that of the tables live at once (reported), not the whole space's.

use crate::acyclic::ScoreValue;
use petgraph::algo::toposort;
use petgraph::graph::{DiGraph, NodeIndex};
use rayon::prelude::*;
use std::ops::Range;
use std::sync::Arc;

/// A position of a tiered space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TierPosition {
    /// Its tier.
    pub tier: u32,
    /// Its index within the tier, below the tier's length.
    pub index: u64,
}

/// A move of a tiered scoring game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TierMove {
    /// The position after the move: a larger index of the same tier, or a child tier's.
    pub to: TierPosition,
    /// Points the mover scores with it.
    pub gain: i32,
    /// Whether the mover moves again.
    pub again: bool,
}

/// An acyclic scoring game split into tiers (see the [module docs](self)). Values as
/// [`score_table`](crate::score_table)'s: the mover's best future score difference, 0 without
/// moves.
pub trait TieredScoring: Sync {
    /// The number of tiers.
    fn tier_count(&self) -> u32;

    /// The number of positions of `tier`.
    fn tier_len(&self, tier: u32) -> u64;

    /// The tiers other than `tier` itself that its moves may lead to.
    fn child_tiers(&self, tier: u32) -> Vec<u32>;

    /// Whether some moves stay inside their tier. When not, the positions of a tier do not
    /// depend on each other and each tier is solved in parallel; a move inside a tier is then
    /// an error.
    fn moves_within_tiers(&self) -> bool {
        true
    }

    /// Calls `visit` with every move from the position `index` of `tier`.
    fn tier_moves(&self, tier: u32, index: u64, visit: &mut dyn FnMut(TierMove));
}

/// Why a tiered space could not be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TierError {
    /// The child relation of the tiers has a cycle through this tier.
    #[error("the tiers are not acyclic: tier {tier} is on a cycle of child tiers")]
    Cycle {
        /// A tier on the cycle.
        tier: u32,
    },
    /// A tier names a child that does not exist.
    #[error("tier {tier} names child tier {child}, but there are only {tiers} tiers")]
    UnknownChild {
        /// The tier.
        tier: u32,
        /// The child it names.
        child: u32,
        /// The number of tiers.
        tiers: u32,
    },
    /// A move leads where it may not: to a tier that is not a child, to an index out of range,
    /// or within its tier to an index that is not larger (or at all, when the space says its
    /// moves never stay in a tier).
    #[error("the move from {from:?} to {to:?} leaves the tier structure ({why})")]
    BadMove {
        /// The position moved from.
        from: TierPosition,
        /// Where the move leads.
        to: TierPosition,
        /// What it breaks.
        why: &'static str,
    },
    /// A score does not fit the table's value type.
    #[error("the score {value} at {at:?} does not fit the table's value type")]
    Overflow {
        /// The position.
        at: TierPosition,
        /// Its score.
        value: i64,
    },
    /// A tier is larger than this machine's address space.
    #[error("tier {tier} has {len} positions, more than one table can hold here")]
    TierTooLarge {
        /// The tier.
        tier: u32,
        /// Its positions.
        len: u64,
    },
    /// The caller's handler refused a solved tier (e.g. writing it failed).
    #[error("tier {tier}: {reason}")]
    Handler {
        /// The tier.
        tier: u32,
        /// The handler's error.
        reason: String,
    },
}

/// Every tier with its *wave* (0 for a tier without children, else one more than its children's
/// highest), by wave then tier number: every tier after its children.
///
/// Time `O(T log T + C)` for `T` tiers and `C` child links (petgraph's topological sort, then a
/// sort by wave).
pub fn tier_order<G: TieredScoring + ?Sized>(space: &G) -> Result<Vec<(u32, u32)>, TierError> {
    let tiers = space.tier_count();
    let mut graph = DiGraph::<u32, (), u32>::with_capacity(tiers as usize, 0);
    for t in 0..tiers {
        graph.add_node(t);
    }
    let mut children = Vec::with_capacity(tiers as usize);
    for tier in 0..tiers {
        let kids = space.child_tiers(tier);
        for &child in &kids {
            if child >= tiers {
                return Err(TierError::UnknownChild { tier, child, tiers });
            }
            graph.add_edge(NodeIndex::new(child as usize), NodeIndex::new(tier as usize), ());
        }
        children.push(kids);
    }
    // Edges run child -> parent, so the sort puts children first.
    let order = toposort(&graph, None).map_err(|cycle| TierError::Cycle { tier: cycle.node_id().index() as u32 })?;
    let mut wave = vec![0u32; tiers as usize];
    let mut waves: Vec<(u32, u32)> = order
        .into_iter()
        .map(|node| {
            let tier = node.index() as u32;
            let w = children[tier as usize].iter().map(|&c| wave[c as usize] + 1).max().unwrap_or(0);
            wave[tier as usize] = w;
            (tier, w)
        })
        .collect();
    // A wave's children are all in lower waves, so ordering by wave keeps children first.
    waves.sort_unstable_by_key(|&(tier, w)| (w, tier));
    Ok(waves)
}

/// What [`solve_tiers`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TierReport {
    /// Tiers solved.
    pub tiers: u32,
    /// Waves of tiers solved in parallel.
    pub waves: u32,
    /// Positions solved.
    pub positions: u64,
    /// The most table bytes held at once (solved tiers still needed, and the wave being
    /// solved).
    pub peak_table_bytes: u64,
}

/// The score DP over a tiered space, tier by tier (see the [module docs](self)). `solved(tier,
/// values)` receives each tier's table once it is solved, in tier order within a wave and wave
/// after wave; an error from it stops the run.
///
/// Time `O(N + E)` work. Memory: the tables of the tiers solved and still needed by a tier not
/// yet solved, plus the wave being solved, at `size_of::<V>()` bytes a position (the report's
/// `peak_table_bytes`); with one tier a wave, that is a tier and its children.
pub fn solve_tiers<V: ScoreValue, G: TieredScoring + ?Sized>(
    space: &G,
    mut solved: impl FnMut(u32, &[V]) -> Result<(), String>,
) -> Result<TierReport, TierError> {
    let order = tier_order(space)?;
    let tiers = space.tier_count();
    // How many parents still need each tier's table.
    let mut readers = vec![0u32; tiers as usize];
    let children: Vec<Vec<u32>> = (0..tiers).map(|t| space.child_tiers(t)).collect();
    for kids in &children {
        for &c in kids {
            readers[c as usize] += 1;
        }
    }
    let mut tables: Vec<Option<Arc<Vec<V>>>> = vec![None; tiers as usize];
    let mut report = TierReport { tiers, waves: 0, positions: 0, peak_table_bytes: 0 };
    let mut held: u64 = 0;
    let value_bytes = std::mem::size_of::<V>() as u64;
    for wave in order.chunk_by(|a, b| a.1 == b.1) {
        report.waves += 1;
        let wave_bytes: u64 = wave.iter().map(|&(t, _)| space.tier_len(t).saturating_mul(value_bytes)).sum();
        report.peak_table_bytes = report.peak_table_bytes.max(held + wave_bytes);
        let done = &tables;
        let results: Vec<Result<Vec<V>, TierError>> =
            wave.par_iter().map(|&(tier, _)| solve_tier(space, tier, &children[tier as usize], done)).collect();
        for (&(tier, _), values) in wave.iter().zip(results) {
            let values = values?;
            report.positions += values.len() as u64;
            solved(tier, &values).map_err(|reason| TierError::Handler { tier, reason })?;
            held += values.len() as u64 * value_bytes;
            tables[tier as usize] = Some(Arc::new(values));
        }
        // Children read by every parent are no longer needed; a tier nobody reads goes too.
        for &(tier, _) in wave {
            for &c in &children[tier as usize] {
                readers[c as usize] -= 1;
                if readers[c as usize] == 0 {
                    held -= release(&mut tables[c as usize], value_bytes);
                }
            }
            if readers[tier as usize] == 0 {
                held -= release(&mut tables[tier as usize], value_bytes);
            }
        }
    }
    Ok(report)
}

/// Drops a table, returning its bytes.
pub(crate) fn release<V>(table: &mut Option<Arc<Vec<V>>>, value_bytes: u64) -> u64 {
    table.take().map_or(0, |t| t.len() as u64 * value_bytes)
}

/// One tier's table, the tables of its children `kids` being in `done`. An error is the one of
/// the last failing index (the first in the sequential order), whatever the threads.
pub(crate) fn solve_tier<V: ScoreValue, G: TieredScoring + ?Sized>(
    space: &G,
    tier: u32,
    kids: &[u32],
    done: &[Option<Arc<Vec<V>>>],
) -> Result<Vec<V>, TierError> {
    solve_slice(space, tier, 0..space.tier_len(tier), kids, done)
}

/// The values of the positions `range` of `tier` (the whole tier when moves stay in tiers), as
/// [`solve_tier`].
pub(crate) fn solve_slice<V: ScoreValue, G: TieredScoring + ?Sized>(
    space: &G,
    tier: u32,
    range: Range<u64>,
    kids: &[u32],
    done: &[Option<Arc<Vec<V>>>],
) -> Result<Vec<V>, TierError> {
    let within = space.moves_within_tiers();
    debug_assert!(!within || range == (0..space.tier_len(tier)), "a tier with moves inside is solved whole");
    let len = range.end - range.start;
    let len = usize::try_from(len).map_err(|_| TierError::TierTooLarge { tier, len })?;
    let mut values = vec![V::default(); len];
    let value_of = |own: &[V], index: u64| -> Result<V, TierError> {
        let from = TierPosition { tier, index };
        let mut best: Option<i64> = None;
        let mut error = None;
        space.tier_moves(tier, index, &mut |m| {
            let future = match read(done, kids, own, from, m.to, within) {
                Ok(v) => v,
                Err(e) => {
                    error.get_or_insert(e);
                    return;
                }
            };
            let value = i64::from(m.gain) + if m.again { future } else { -future };
            best = Some(best.map_or(value, |b| b.max(value)));
        });
        if let Some(e) = error {
            return Err(e);
        }
        let value = best.unwrap_or(0);
        V::try_from(value).map_err(|_| TierError::Overflow { at: from, value })
    };
    if within {
        for index in (0..len).rev() {
            values[index] = value_of(&values, index as u64)?;
        }
    } else {
        const CHUNK: usize = 1 << 12;
        let outcome = values.par_chunks_mut(CHUNK).enumerate().try_for_each(|(chunk, part)| {
            for (k, value) in part.iter_mut().enumerate() {
                *value = value_of(&[], range.start + (chunk * CHUNK + k) as u64)?;
            }
            Ok(())
        });
        if let Err(any) = outcome {
            return Err(range.rev().find_map(|index| value_of(&[], index).err()).unwrap_or(any));
        }
    }
    Ok(values)
}

/// The value at `to` for a move from `from`: from the table of a child tier (one of `kids`,
/// solved in `done`), or from `own` (the tier being solved, filled above `from.index`) when
/// moves may stay in a tier.
fn read<V: ScoreValue>(
    done: &[Option<Arc<Vec<V>>>],
    kids: &[u32],
    own: &[V],
    from: TierPosition,
    to: TierPosition,
    within: bool,
) -> Result<i64, TierError> {
    let bad = |why| TierError::BadMove { from, to, why };
    let table: &[V] = if to.tier == from.tier {
        match (within, to.index > from.index) {
            (false, _) => return Err(bad("a move inside a tier, which the space says it has none of")),
            (true, false) => return Err(bad("a move inside a tier must lead to a larger index")),
            (true, true) => own,
        }
    } else {
        match done.get(to.tier as usize) {
            Some(Some(table)) if kids.contains(&to.tier) => table,
            _ => return Err(bad("its tier is not a child tier of the move's")),
        }
    };
    let value = table.get(to.index as usize).ok_or_else(|| bad("its index is past its tier's end"))?;
    Ok((*value).into())
}

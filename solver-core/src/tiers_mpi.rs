//! The tier engine across the ranks of an MPI job (feature `mpi`, over Open MPI through the
//! `mpi` crate): every rank runs [`solve_tiers_distributed`] on the same space and solves the
//! slices of tiers dealt to it, the others' slices reaching it as messages.
//!
//! Wave by wave ([`tier_order`]): the tiers of a wave are dealt to the ranks by
//! [`tier_owners`] (each to the rank with the fewest positions of the wave so far, so the work
//! is even and every rank computes the same deal); each rank solves its tiers on its threads;
//! then each solved table goes to every other rank that owns one of the tier's parents. A rank
//! keeps a table, its own or received, only until its own parents of it are done.
//!
//! The exchange walks one list, the same on every rank (tier by tier in wave order, then
//! receiver by rank), with blocking sends and receives: the first unfinished step always has
//! both its ranks at it, so no rank waits forever on a live partner. A rank that gets an error
//! must abort the whole job (`Communicator::abort`, MPI_Abort), so that no rank waits on it.

use crate::acyclic::ScoreValue;
use crate::tiers::{TierError, TieredScoring, release, solve_slice, tier_order};
use mpi::datatype::Equivalence;
use mpi::topology::Rank;
use mpi::traits::*;
use rayon::prelude::*;
use std::sync::Arc;

/// The `mpi` crate this module is built on, for callers to start and end the job with.
pub use mpi;

/// What [`solve_tiers_distributed`] did on one rank.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RankReport {
    /// Slices of tiers this rank solved.
    pub slices: u32,
    /// Positions this rank solved.
    pub positions: u64,
    /// Slices of its own it took as stored instead of solving them (a resumed run).
    pub slices_stored: u32,
    /// Positions of those.
    pub positions_stored: u64,
    /// Table bytes this rank sent to others.
    pub bytes_sent: u64,
    /// Table bytes it received.
    pub bytes_received: u64,
    /// The most table bytes it held at once.
    pub peak_table_bytes: u64,
}

/// A share of one tier dealt to one rank: the positions `start..end` of `tier`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TierSlice {
    /// The tier.
    pub tier: u32,
    /// The first position.
    pub start: u64,
    /// One past the last.
    pub end: u64,
    /// The rank that solves it.
    pub rank: u32,
}

/// The deal of every tier among `ranks` ranks, by tier: when the space has no moves inside its
/// tiers, each tier is cut into `ranks` even slices, slice `k` to rank `k` (empty ones
/// dropped); otherwise the tiers of each wave, by tier number, each go whole to the rank
/// holding the fewest positions of that wave so far (the lowest such rank on a tie).
/// Deterministic, so every rank computes the same deal.
pub fn deal_tiers<G: TieredScoring + ?Sized>(space: &G, ranks: u32) -> Result<Vec<Vec<TierSlice>>, TierError> {
    let ranks = ranks.max(1);
    let order = tier_order(space)?;
    let mut deal = vec![Vec::new(); space.tier_count() as usize];
    for wave in order.chunk_by(|a, b| a.1 == b.1) {
        // Positions of the wave by rank, for whole tiers; cut tiers are even without it.
        let mut load = vec![0u64; ranks as usize];
        for &(tier, _) in wave {
            let len = space.tier_len(tier);
            let slices = &mut deal[tier as usize];
            if space.moves_within_tiers() {
                let (rank, _) = load.iter().enumerate().min_by_key(|&(r, &l)| (l, r)).expect("at least one rank");
                load[rank] += len;
                slices.push(TierSlice { tier, start: 0, end: len, rank: rank as u32 });
            } else {
                for rank in 0..ranks {
                    let cut = |k: u32| (u128::from(len) * u128::from(k) / u128::from(ranks)) as u64;
                    let (start, end) = (cut(rank), cut(rank + 1));
                    if start < end {
                        slices.push(TierSlice { tier, start, end, rank });
                    }
                }
            }
        }
    }
    Ok(deal)
}

/// Solves `space` on every rank of `world`, this rank's share handed to `solved(tier, start,
/// values)` (the values of the positions `start..` of `tier`, its own slices only, in wave
/// order). Every rank must call it with the same space.
///
/// A slice for which `stored(slice)` gives values (a run that resumes an earlier one, which
/// stored them) is not solved again nor handed to `solved`; the values are used as solved.
///
/// Work as [`solve_tiers`](crate::tiers::solve_tiers)'s, split by [`deal_tiers`]; one
/// synchronization a wave. Memory on a rank: its own slices of the wave and the whole tables of
/// the tiers its unsolved slices still read. Messages: each slice once to each other rank that
/// solves a slice of one of its tier's parents.
pub fn solve_tiers_distributed<V, G, C>(
    space: &G,
    world: &C,
    mut stored: impl FnMut(&TierSlice) -> Result<Option<Vec<V>>, String>,
    mut solved: impl FnMut(u32, u64, &[V]) -> Result<(), String>,
) -> Result<RankReport, TierError>
where
    V: ScoreValue + Equivalence,
    G: TieredScoring + ?Sized,
    C: Communicator,
{
    let me = world.rank() as u32;
    let order = tier_order(space)?;
    let deal = deal_tiers(space, world.size() as u32)?;
    let tiers = space.tier_count() as usize;
    let children: Vec<Vec<u32>> = (0..tiers as u32).map(|t| space.child_tiers(t)).collect();
    // For each tier, the ranks that solve a slice of one of its parents (and so need its whole
    // table), and how many of this rank's own slices read it.
    let mut needed_by: Vec<Vec<u32>> = vec![Vec::new(); tiers];
    let mut readers = vec![0u32; tiers];
    for (tier, kids) in children.iter().enumerate() {
        for slice in &deal[tier] {
            for &c in kids {
                if !needed_by[c as usize].contains(&slice.rank) {
                    needed_by[c as usize].push(slice.rank);
                }
                if slice.rank == me {
                    readers[c as usize] += 1;
                }
            }
        }
    }
    for ranks in &mut needed_by {
        ranks.sort_unstable();
    }
    let value_bytes = std::mem::size_of::<V>() as u64;
    let mut tables: Vec<Option<Arc<Vec<V>>>> = vec![None; tiers];
    let mut report = RankReport::default();
    let mut held = 0u64;
    for wave in order.chunk_by(|a, b| a.1 == b.1) {
        let mine: Vec<TierSlice> =
            wave.iter().flat_map(|&(t, _)| &deal[t as usize]).filter(|s| s.rank == me).copied().collect();
        let mine_bytes: u64 = mine.iter().map(|s| (s.end - s.start) * value_bytes).sum();
        let mut kept = Vec::with_capacity(mine.len());
        for slice in &mine {
            let values = stored(slice).map_err(|reason| TierError::Handler { tier: slice.tier, reason })?;
            if let Some(values) = &values
                && values.len() as u64 != slice.end - slice.start
            {
                let reason = format!("{} stored values for {} positions", values.len(), slice.end - slice.start);
                return Err(TierError::Handler { tier: slice.tier, reason });
            }
            kept.push(values);
        }
        let was_stored: Vec<bool> = kept.iter().map(Option::is_some).collect();
        // A wave's tiers are independent: this rank's slices are solved at once, on its threads.
        let done = &tables;
        let results: Vec<Result<Vec<V>, TierError>> = mine
            .par_iter()
            .zip(&mut kept)
            .map(|(s, kept)| match kept.take() {
                Some(values) => Ok(values),
                None => solve_slice(space, s.tier, s.start..s.end, &children[s.tier as usize], done),
            })
            .collect();
        let mut own = Vec::with_capacity(mine.len());
        for ((slice, values), was_stored) in mine.iter().zip(results).zip(was_stored) {
            let values = values?;
            if was_stored {
                report.slices_stored += 1;
                report.positions_stored += values.len() as u64;
            } else {
                report.slices += 1;
                report.positions += values.len() as u64;
                solved(slice.tier, slice.start, &values)
                    .map_err(|reason| TierError::Handler { tier: slice.tier, reason })?;
            }
            own.push(values);
        }
        let own_values = |s: &TierSlice| &own[mine.iter().position(|m| m == s).expect("one of this rank's slices")];
        // The exchange: the same list on every rank (see the module docs); the tiers this rank
        // needs are assembled whole from its own slices and the ones it receives.
        let mut assembled: Vec<(u32, Vec<V>)> = Vec::new();
        for &(tier, _) in wave {
            let needs = needed_by[tier as usize].contains(&me);
            let mut whole = if needs { vec![V::default(); space.tier_len(tier) as usize] } else { Vec::new() };
            for slice in &deal[tier as usize] {
                let range = slice.start as usize..slice.end as usize;
                if slice.rank == me {
                    let values = own_values(slice);
                    if needs {
                        whole[range.clone()].copy_from_slice(values);
                    }
                    for &to in needed_by[tier as usize].iter().filter(|&&r| r != me) {
                        world.process_at_rank(to as Rank).send(&values[..]);
                        report.bytes_sent += values.len() as u64 * value_bytes;
                    }
                } else if needs {
                    let (values, _) = world.process_at_rank(slice.rank as Rank).receive_vec::<V>();
                    if values.len() != range.len() {
                        let reason = format!("rank {} sent {} values for {}", slice.rank, values.len(), range.len());
                        return Err(TierError::Handler { tier, reason });
                    }
                    report.bytes_received += values.len() as u64 * value_bytes;
                    whole[range].copy_from_slice(&values);
                }
            }
            if needs {
                held += whole.len() as u64 * value_bytes;
                assembled.push((tier, whole));
            }
        }
        report.peak_table_bytes = report.peak_table_bytes.max(held + mine_bytes);
        drop(own);
        for (tier, whole) in assembled {
            tables[tier as usize] = Some(Arc::new(whole));
        }
        // Tables no slice of this rank still reads go. (A table is held only when a slice of
        // this rank reads it, so every table goes here, after its last reader.)
        for slice in &mine {
            for &c in &children[slice.tier as usize] {
                readers[c as usize] -= 1;
                if readers[c as usize] == 0 {
                    held -= release(&mut tables[c as usize], value_bytes);
                }
            }
        }
    }
    Ok(report)
}

//! Parallel retrograde analysis on rayon's current thread pool: the same values as the
//! sequential retrograde engines, for every number of threads.
//!
//! | engine | needs | time (work) | memory per position |
//! |---|---|---|---|
//! | [`solve_parallel_counter`] | moves, a `Sync` game | `O(N + E)` | 4-byte table; transient 16 bytes + 4 per move (twice while building), frontiers |
//! | [`solve_parallel_layered`] | moves, a `Sync` game | `O((L + 1)(N + E))` | 2-byte table, nothing else |
//!
//! `N` positions, `E` distinct moves, `L` the largest remoteness. Values follow
//! [`Outcome`]: the winner hurries, the loser delays, a finished tie is preferred to endless play.
//!
//! [`solve_parallel_counter`]'s docs say why its level-synchronous frontier gives exact
//! remoteness.
//!
//! [`RetrogradeEngine`](crate::RetrogradeEngine) runs these very functions, so a game solved
//! by its parallel variants must be `Sync`.

use crate::limits::{OverSteps, SpaceTooLarge, Steps, try_filled, within_limit};
use crate::table::{COMPACT_MAX_REMOTENESS, CompactOverflow, MAX_REMOTENESS, pack, unpack};
use crate::{CompactOutcomeTable, LoopySpace, Outcome, OutcomeTable, StateId, Terminal};
use rayon::prelude::*;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU16, AtomicU32};

/// Positions handled by one task: large enough to amortize scheduling, small enough for several
/// tasks per thread on small games.
const CHUNK: usize = 1 << 14;

/// Frontier entries handled by one task.
const LEVEL_CHUNK: usize = 1 << 12;

/// Scattered cells read ahead of their atomic updates (see [`touch`]).
const BATCH: usize = 64;

/// Why a retrograde engine could not solve a space: [`solve_parallel_layered`], and the
/// catalog's [`RetrogradeEngine::solve`](crate::RetrogradeEngine::solve), which runs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RetrogradeError {
    /// The space is too large for any retrograde engine.
    #[error(transparent)]
    SpaceTooLarge(#[from] SpaceTooLarge),
    /// A remoteness does not fit two bytes.
    #[error(transparent)]
    Overflow(#[from] CompactOverflow),
    /// A layered engine would pass the steps it was allowed.
    #[error(transparent)]
    OverSteps(#[from] OverSteps),
}

// ---------------------------------------------------------------------------------------------
// The parallel counter engine.

/// Retrograde analysis with atomic successor counters, a reverse graph built in parallel, and a
/// frontier processed level by level by remoteness, each level in parallel.
///
/// The same values as [`solve_with_reverse_graph`](crate::solve_with_reverse_graph) for every
/// number of threads. Runs on rayon's current pool.
///
/// Time `O(N + E)` work, plus one move generation per position, and `O(L)` synchronizations
/// for the largest remoteness `L`. Memory: the 4-byte table (its unresolved entries hold the
/// counters); transient, while solving, 16 bytes per position (in-degree or cursor, 8-byte
/// row offset, and the frontiers, at most 4 bytes per position together) and 4 bytes per
/// distinct move for the reverse graph, plus as much again for the forward moves while the
/// reverse graph is built. Compact the result with
/// [`CompactOutcomeTable::from_table`](crate::CompactOutcomeTable::from_table).
///
/// # Why the levels make remoteness exact
/// The counter engine processes its frontier one remoteness at a time: level `r` holds every
/// position whose value has remoteness exactly `r`, all of them final, and processing it (in
/// parallel) resolves exactly the positions of remoteness `r + 1`. By induction on `r`:
/// - a predecessor `p` of a loss `x` of remoteness `r` that is still unresolved has no losing
///   child of remoteness below `r` (that child's level would have made `p` a win already), so
///   its quickest losing child has remoteness `r` and `p` is `Win(r + 1)`;
/// - `p`'s counter of unresolved moves reaches zero only when every child is a win, since a
///   child that is not a win never decrements it; the decrement that reaches zero comes from a
///   child at level `r`, every earlier one from a level at most `r`, so the slowest winning
///   child has remoteness `r` and `p` is `Loss(r + 1)`.
///
/// Threads race only on one position's cell, and every write is a compare-and-swap from an
/// unresolved cell: two losses of level `r` both offer `Win(r + 1)` (one wins the swap and queues
/// `p` once), and a win and a loss cannot both resolve `p` (the loss's presence keeps the counter
/// above zero). So the values do not depend on the schedule. Ties spread afterwards the same
/// way from finished ties, level by level (one ply beyond the quickest tied child), and what
/// is left unresolved is endless play.
pub fn solve_parallel_counter<G: LoopySpace + Sync + ?Sized>(game: &G) -> Result<OutcomeTable, SpaceTooLarge> {
    let len = within_limit(game.len())?;
    let mut cells = try_filled(len, 0u32)?;
    let chunks: Vec<Chunk> =
        cells.par_chunks_mut(CHUNK).enumerate().map(|(i, part)| gather(game, i * CHUNK, part)).collect();
    Ok(counter_from_chunks(cells, chunks))
}

/// The forward moves of a run of positions, and the positions of it already decided.
struct Chunk {
    /// The id of the first position.
    start: usize,
    /// The distinct successors of each unfinished position, in id order; how many each has is
    /// its cell's counter.
    targets: Vec<u32>,
    /// Finished wins and losses, and dead ends (all of remoteness 0).
    decided: Vec<u32>,
    /// Finished ties.
    ties: Vec<u32>,
}

/// An unresolved cell holds its count of unresolved moves: `count << 2`, tag bits 0.
const fn counter(count: usize) -> u32 {
    (count as u32) << 2
}

#[inline]
fn is_unresolved(cell: u32) -> bool {
    cell & 3 == 0
}

/// Sets up the positions `start..start + cells.len()`: a finished position or a dead end gets its
/// value, any other the count of its distinct moves, which are kept for the reverse graph.
fn gather<G: LoopySpace + ?Sized>(game: &G, start: usize, cells: &mut [u32]) -> Chunk {
    let mut chunk = Chunk { start, targets: Vec::new(), decided: Vec::new(), ties: Vec::new() };
    let mut scratch = Vec::new();
    for (k, cell) in cells.iter_mut().enumerate() {
        let id = StateId::from_space_index((start + k) as u32);
        match game.terminal_at(id) {
            Some(end) => {
                *cell = pack(Outcome::terminal(end));
                if end == Terminal::Tie { chunk.ties.push(id.as_u32()) } else { chunk.decided.push(id.as_u32()) }
            }
            None => {
                scratch.clear();
                game.successor_ids(id, &mut scratch);
                scratch.sort_unstable();
                scratch.dedup();
                if scratch.is_empty() {
                    *cell = pack(Outcome::Loss(0));
                    chunk.decided.push(id.as_u32());
                } else {
                    *cell = counter(scratch.len());
                    chunk.targets.extend(scratch.iter().map(|c| c.as_u32()));
                }
            }
        }
    }
    chunk
}

fn counter_from_chunks(cells: Vec<u32>, chunks: Vec<Chunk>) -> OutcomeTable {
    let reverse = ReverseGraph::transpose(&cells, &chunks);
    let mut decided = Vec::new();
    let mut ties = Vec::new();
    for chunk in chunks {
        decided.extend(chunk.decided);
        ties.extend(chunk.ties);
        // Each chunk's forward moves go as soon as they are no longer needed.
        drop(chunk.targets);
    }
    // In place: an AtomicU32 has the layout of a u32, so this reuses the allocation.
    let cells: Vec<AtomicU32> = cells.into_iter().map(AtomicU32::new).collect();
    propagate(&cells, &reverse, decided, ties);
    drop(reverse);
    let cells = cells
        .into_iter()
        .map(|c| {
            let c = c.into_inner();
            if is_unresolved(c) { pack(Outcome::Draw) } else { c }
        })
        .collect();
    OutcomeTable::from_cells(cells)
}

/// Backward induction level by level from the decided positions (remoteness 0), then ties
/// from the finished ties.
fn propagate(cells: &[AtomicU32], reverse: &ReverseGraph, decided: Vec<u32>, ties: Vec<u32>) {
    let mut level = decided;
    while !level.is_empty() {
        level = next_level(&level, cells, reverse, |x, next| match unpack(cells[x as usize].load(Relaxed)) {
            Outcome::Loss(r) => {
                let win = pack(Outcome::Win(r + 1));
                for &p in reverse.predecessors(x) {
                    if claim(&cells[p as usize], win) {
                        next.push(p);
                    }
                }
            }
            Outcome::Win(r) => {
                let loss = pack(Outcome::Loss(r + 1));
                for &p in reverse.predecessors(x) {
                    if count_down(&cells[p as usize], loss) {
                        next.push(p);
                    }
                }
            }
            _ => unreachable!("only wins and losses reach the first phase's levels"),
        });
    }
    let mut level = ties;
    while !level.is_empty() {
        level = next_level(&level, cells, reverse, |x, next| {
            let Outcome::Tie(r) = unpack(cells[x as usize].load(Relaxed)) else {
                unreachable!("only ties reach the second phase's levels")
            };
            let tie = pack(Outcome::Tie(r + 1));
            for &p in reverse.predecessors(x) {
                if claim(&cells[p as usize], tie) {
                    next.push(p);
                }
            }
        });
    }
}

/// Runs `step` on every position of a level in parallel; the positions it resolves (pushed to
/// its second argument) form the next level. The order within a level varies with the
/// schedule; the values do not.
fn next_level(
    level: &[u32],
    cells: &[AtomicU32],
    reverse: &ReverseGraph,
    step: impl Fn(u32, &mut Vec<u32>) + Sync,
) -> Vec<u32> {
    let parts: Vec<Vec<u32>> = level
        .par_chunks(LEVEL_CHUNK)
        .map(|part| {
            let mut next = Vec::new();
            for batch in part.chunks(BATCH / 4) {
                touch(batch.iter().flat_map(|&x| reverse.predecessors(x)).map(|&p| &cells[p as usize]));
                for &x in batch {
                    step(x, &mut next);
                }
            }
            next
        })
        .collect();
    parts.concat()
}

/// Moves in a few cells the caller is about to update atomically. An atomic read-modify-write
/// waits for everything before it, so a loop of them on scattered cells pays each cache miss
/// in turn; plain loads first let the misses overlap, and the updates then hit the cache.
#[inline]
fn touch<'a>(cells: impl Iterator<Item = &'a AtomicU32>) {
    std::hint::black_box(cells.fold(0, |acc, c| acc ^ c.load(Relaxed)));
}

/// Sets an unresolved cell to `value`; true if this call did it.
#[inline]
fn claim(cell: &AtomicU32, value: u32) -> bool {
    // Relaxed is enough: each cell's compare-and-swaps are ordered among themselves, and the
    // end of a level (rayon's join) orders it before the next level's reads.
    cell.fetch_update(Relaxed, Relaxed, |c| is_unresolved(c).then_some(value)).is_ok()
}

/// Takes one unresolved move off an unresolved cell's counter, setting it to `loss` when none
/// is left; true if this call did that.
#[inline]
fn count_down(cell: &AtomicU32, loss: u32) -> bool {
    let last = counter(1);
    match cell.fetch_update(Relaxed, Relaxed, |c| {
        if !is_unresolved(c) {
            None
        } else if c == last {
            Some(loss)
        } else {
            Some(c - last)
        }
    }) {
        Ok(before) => before == last,
        Err(_) => false,
    }
}

/// The moves turned around, in compressed sparse row form.
struct ReverseGraph {
    offsets: Vec<u64>,
    sources: Vec<u32>,
}

impl ReverseGraph {
    /// Transposes the chunks' forward moves: in-degrees counted in parallel, one prefix sum,
    /// then every move written to its slot in parallel. `O(N + E)` work. `cells` are fresh
    /// from [`gather`], so an unresolved cell's counter is its position's number of moves.
    fn transpose(cells: &[u32], chunks: &[Chunk]) -> ReverseGraph {
        let len = cells.len();
        let degree: Vec<AtomicU32> = (0..len).into_par_iter().map(|_| AtomicU32::new(0)).collect();
        chunks.par_iter().for_each(|chunk| {
            for batch in chunk.targets.chunks(BATCH) {
                touch(batch.iter().map(|&t| &degree[t as usize]));
                for &t in batch {
                    degree[t as usize].fetch_add(1, Relaxed);
                }
            }
        });
        let mut offsets = Vec::with_capacity(len + 1);
        let mut sum = 0u64;
        offsets.push(0);
        for d in &degree {
            sum += d.load(Relaxed) as u64;
            offsets.push(sum);
        }
        // The degrees become each row's fill cursor.
        degree.par_iter().for_each(|d| d.store(0, Relaxed));
        let sources: Vec<AtomicU32> = (0..sum).into_par_iter().map(|_| AtomicU32::new(0)).collect();
        chunks.par_iter().for_each(|chunk| {
            let mut targets = chunk.targets.iter();
            let positions = &cells[chunk.start..(chunk.start + CHUNK).min(len)];
            let mut batch: Vec<(u32, u32)> = Vec::with_capacity(BATCH);
            let mut slots = [0usize; BATCH];
            let mut flush = |batch: &mut Vec<(u32, u32)>| {
                touch(batch.iter().map(|&(_, t)| &degree[t as usize]));
                for (slot, &(_, t)) in slots.iter_mut().zip(batch.iter()) {
                    *slot = (offsets[t as usize] + degree[t as usize].fetch_add(1, Relaxed) as u64) as usize;
                }
                // Plain stores after the read-modify-writes, so their misses overlap.
                for (&slot, &(from, _)) in slots.iter().zip(batch.iter()) {
                    sources[slot].store(from, Relaxed);
                }
                batch.clear();
            };
            for (k, &cell) in positions.iter().enumerate() {
                let moves = if is_unresolved(cell) { (cell >> 2) as usize } else { 0 };
                let from = (chunk.start + k) as u32;
                for &t in targets.by_ref().take(moves) {
                    batch.push((from, t));
                    if batch.len() == BATCH {
                        flush(&mut batch);
                    }
                }
            }
            flush(&mut batch);
        });
        drop(degree);
        let sources = sources.into_iter().map(AtomicU32::into_inner).collect();
        ReverseGraph { offsets, sources }
    }

    fn predecessors(&self, id: u32) -> &[u32] {
        let (lo, hi) = (self.offsets[id as usize] as usize, self.offsets[id as usize + 1] as usize);
        &self.sources[lo..hi]
    }
}

// ---------------------------------------------------------------------------------------------
// The parallel layered engine.

/// Layered value iteration in parallel: one pass per remoteness, each pass split across
/// threads, and the table as its only memory: a [`CompactOutcomeTable`] (2 bytes a position)
/// or an [`OutcomeTable`] (4 bytes), whichever the caller asks for.
///
/// The same values as [`solve_by_layers`](crate::solve_by_layers) for every number of threads.
/// Pass `r` gives each unresolved position `Win(r)` if a child is a loss of remoteness below
/// `r`, or `Loss(r)` if every child is a win of remoteness below `r`; then ties in passes of
/// their own; what is left is a draw. Runs on rayon's current pool. Threads cannot change the
/// values: pass `r` reads only values of remoteness below `r`, which no thread writes during
/// the pass, and each cell is written only by the thread that evaluates it.
///
/// Time `O((L + 1)(N + E))` work for the largest remoteness `L`. Memory: the table only (plus
/// a move buffer per task). Into a [`CompactOutcomeTable`] it fails with
/// [`RetrogradeError::Overflow`] when a remoteness would exceed
/// [`COMPACT_MAX_REMOTENESS`](crate::COMPACT_MAX_REMOTENESS), naming the lowest such position;
/// an [`OutcomeTable`] holds every remoteness of a space the engines accept.
///
/// ```
/// use solver_core::graph::{GraphGame, RandomShape};
/// use solver_core::{CompactOutcomeTable, OutcomeTable, solve_parallel_layered};
///
/// let game = GraphGame::random(&RandomShape::loopy(1000), 3);
/// let compact: CompactOutcomeTable = solve_parallel_layered(&game).unwrap();
/// let wide: OutcomeTable = solve_parallel_layered(&game).unwrap();
/// assert!(compact == wide);
/// ```
pub fn solve_parallel_layered<T: LayeredTable, G: LoopySpace + Sync + ?Sized>(game: &G) -> Result<T, RetrogradeError> {
    solve_parallel_layered_within(game, u64::MAX)
}

/// [`solve_parallel_layered`] in at most `max_steps` steps, a position scanned or a move
/// examined each, or [`RetrogradeError::OverSteps`] before the pass that could pass them (as
/// [`solve_by_layers_within`](crate::solve_by_layers_within) counts them).
pub fn solve_parallel_layered_within<T: LayeredTable, G: LoopySpace + Sync + ?Sized>(
    game: &G,
    max_steps: u64,
) -> Result<T, RetrogradeError> {
    let len = within_limit(game.len())?;
    let mut steps = Steps::new(max_steps);
    let cells: Vec<T::Cell> = (0..len).into_par_iter().map(|_| T::Cell::default()).collect();
    let cost = cells
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(i, part)| {
            let mut children = Vec::new();
            let mut cost = 0u64;
            for (k, cell) in part.iter().enumerate() {
                let id = StateId::from_space_index((i * CHUNK + k) as u32);
                children.clear();
                cell.put(initial(game, id, &mut children));
                cost += 1 + children.len() as u64;
            }
            cost
        })
        .sum();
    steps.pass(cost);
    layers(&cells, &|id, out| game.successor_ids(id, out), &mut steps)?;
    Ok(T::from_cells(cells))
}

/// A table [`solve_parallel_layered`] can fill: [`CompactOutcomeTable`] or [`OutcomeTable`].
/// Sealed: its cells are the engine's business.
pub trait LayeredTable: cells::Sealed + Sized {
    /// The atomic cell the passes share across threads.
    #[doc(hidden)]
    type Cell: cells::Cell;
    /// The table of the finished cells.
    #[doc(hidden)]
    fn from_cells(cells: Vec<Self::Cell>) -> Self;
}

impl LayeredTable for CompactOutcomeTable {
    type Cell = AtomicU16;
    fn from_cells(cells: Vec<AtomicU16>) -> Self {
        CompactOutcomeTable::from_cells(cells.into_iter().map(AtomicU16::into_inner).collect())
    }
}

impl LayeredTable for OutcomeTable {
    type Cell = AtomicU32;
    fn from_cells(cells: Vec<AtomicU32>) -> Self {
        OutcomeTable::from_cells(cells.into_iter().map(AtomicU32::into_inner).collect())
    }
}

/// The layered engine's cells: private to the crate, though the sealed trait names them.
mod cells {
    use super::*;

    pub trait Sealed {}
    impl Sealed for CompactOutcomeTable {}
    impl Sealed for OutcomeTable {}

    /// A cell of the layered engine's table, shared across threads, packed like the tables'
    /// cells.
    pub trait Cell: Default + Send + Sync {
        /// The largest remoteness the cell holds.
        const MAX_REMOTENESS: u32;
        fn get(&self) -> u32;
        fn put(&self, packed: u32);
    }

    impl Cell for AtomicU16 {
        const MAX_REMOTENESS: u32 = COMPACT_MAX_REMOTENESS;
        #[inline]
        fn get(&self) -> u32 {
            self.load(Relaxed) as u32
        }
        #[inline]
        fn put(&self, packed: u32) {
            debug_assert!(packed <= u16::MAX as u32);
            self.store(packed as u16, Relaxed)
        }
    }

    impl Cell for AtomicU32 {
        const MAX_REMOTENESS: u32 = MAX_REMOTENESS;
        #[inline]
        fn get(&self) -> u32 {
            self.load(Relaxed)
        }
        #[inline]
        fn put(&self, packed: u32) {
            self.store(packed, Relaxed)
        }
    }
}

use cells::Cell;

/// The first value of a position for the layered engine: its value if finished or a dead end,
/// else 0 (unresolved). Leaves the moves of an unfinished position in `children`.
fn initial<G: LoopySpace + ?Sized>(game: &G, id: StateId, children: &mut Vec<StateId>) -> u32 {
    match game.terminal_at(id) {
        Some(end) => pack(Outcome::terminal(end)),
        None => {
            children.clear();
            game.successor_ids(id, children);
            if children.is_empty() { pack(Outcome::Loss(0)) } else { 0 }
        }
    }
}

type MovesFn<'a> = dyn Fn(StateId, &mut Vec<StateId>) + Sync + 'a;

/// Both phases of the layered engine over cells initialized by [`initial`], each pass only
/// when `steps` allows it.
fn layers<C: Cell>(cells: &[C], moves: &MovesFn<'_>, steps: &mut Steps) -> Result<(), RetrogradeError> {
    sweep(cells, moves, steps, |children, cells, r| {
        let mut all_won = true;
        for c in children {
            match unpack(cells[c.index()].get()) {
                Outcome::Loss(q) if q < r => return Some(Outcome::Win(r)),
                Outcome::Win(q) if q < r => {}
                _ => all_won = false,
            }
        }
        all_won.then_some(Outcome::Loss(r))
    })?;
    sweep(cells, moves, steps, |children, cells, r| {
        let tied = |c: &StateId| matches!(unpack(cells[c.index()].get()), Outcome::Tie(q) if q < r);
        children.iter().any(tied).then_some(Outcome::Tie(r))
    })
}

/// Passes `r = 1, 2, ...`, each over every unresolved cell in parallel, giving it the value
/// `rule` derives from its children's values of remoteness below `r`, until a pass resolves
/// nothing. A pass that would store a remoteness past the cells' largest remoteness stops the
/// engine, and so does one `steps` does not allow.
fn sweep<C: Cell>(
    cells: &[C],
    moves: &MovesFn<'_>,
    steps: &mut Steps,
    rule: impl Fn(&[StateId], &[C], u32) -> Option<Outcome> + Sync,
) -> Result<(), RetrogradeError> {
    for r in 1.. {
        steps.next()?;
        let (resolved_any, overflow, cost) = cells
            .par_chunks(CHUNK)
            .enumerate()
            .map(|(i, part)| {
                let mut children = Vec::new();
                let mut resolved_any = false;
                let mut cost = part.len() as u64;
                for (k, cell) in part.iter().enumerate() {
                    if cell.get() != 0 {
                        continue;
                    }
                    let id = StateId::from_space_index((i * CHUNK + k) as u32);
                    children.clear();
                    moves(id, &mut children);
                    cost += children.len() as u64;
                    // Values set in this pass have remoteness r, so the rule cannot see them,
                    // whichever thread set them and whenever.
                    if let Some(outcome) = rule(&children, cells, r) {
                        if r > C::MAX_REMOTENESS {
                            return (true, Some(id), cost);
                        }
                        cell.put(pack(outcome));
                        resolved_any = true;
                    }
                }
                (resolved_any, None, cost)
            })
            .reduce(|| (false, None, 0), |a, b| (a.0 || b.0, min_some(a.1, b.1), a.2 + b.2));
        if let Some(position) = overflow {
            return Err(CompactOverflow { position, remoteness: r }.into());
        }
        steps.pass(cost);
        if !resolved_any {
            break;
        }
    }
    Ok(())
}

fn min_some(a: Option<StateId>, b: Option<StateId>) -> Option<StateId> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

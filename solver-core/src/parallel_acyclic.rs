//! Sprague-Grundy values and score DP on rayon's current thread pool, level by level: the same
//! tables as [`grundy_table`](crate::grundy_table) and [`score_table`](crate::score_table), for
//! every number of threads.
//!
//! | engine | needs | time (work) | memory per position |
//! |---|---|---|---|
//! | [`parallel_grundy_table`] | options, a `Sync` game | `O(N + P)` | 4-byte table; transient 4 bytes + the largest level's values |
//! | [`parallel_score_table`] | scored moves, a `Sync` game | `O(N + E)` | `size_of::<V>()` table; the same transient |
//!
//! A *level* holds positions whose moves all lead to lower levels, so once the levels below
//! are done, every position of a level can be evaluated at once, each one by a thread reading
//! only finished values; a level's values are collected, then written into the table.
//!
//! A space that knows its levels declares them ([`StateSpace::play_levels`]: dots and boxes
//! counts the lines left to draw), and the engines check every move against them. Otherwise
//! they take each position's *height* (the longest play from it) as its level, found by one
//! sequential sweep in the order the sequential engines use. That sweep generates every move
//! once more than [`grundy_table`](crate::grundy_table) does, so without declared levels the
//! parallel engines are correct but no faster: declare levels to gain from the threads.

use crate::acyclic::{AcyclicError, ScoreValue, Sweep, nimber_at, score_at};
use crate::progress::Progress;
use crate::{ImpartialSpace, MexSet, Nimber, ScoringSpace, StateId, StateSpace};
use rayon::prelude::*;

/// Positions one task takes: enough to amortize scheduling, while a level of a few positions
/// stays on one thread.
const TASK: usize = 1 << 10;

/// Every position, grouped by level, lowest level first.
struct Levels {
    /// The ids of level 0, then those of level 1, and so on; in id order within a level.
    ids: Vec<StateId>,
    /// `ids[starts[k]..starts[k + 1]]` is level `k`.
    starts: Vec<usize>,
}

impl Levels {
    /// The declared levels if the space has them, else the heights: `children(id, out)` appends
    /// the ids `id` moves to (every part of every option).
    fn of<G: StateSpace + ?Sized>(
        game: &G,
        mut children: impl FnMut(StateId, &mut Vec<StateId>),
    ) -> Result<Levels, AcyclicError> {
        let len = game.len();
        if let Some(levels) = game.play_levels() {
            if levels as usize > len.max(1) {
                return Err(AcyclicError::TooManyLevels { levels, positions: len });
            }
            return Levels::group(len, levels, |id| game.play_level(id));
        }
        // Heights, children first: a position with no moves is 0, any other one more than its
        // highest child.
        let sweep = Sweep::new(len, game.play_order(), &mut children)?;
        let mut heights = vec![0u32; len];
        let mut kids = Vec::new();
        let mut highest = 0;
        for id in sweep.ids(len) {
            kids.clear();
            children(id, &mut kids);
            let mut height = 0;
            for &kid in &kids {
                sweep.check(id, kid)?;
                height = height.max(heights[kid.index()] + 1);
            }
            heights[id.index()] = height;
            highest = highest.max(height);
        }
        Levels::group(len, highest + 1, |id| heights[id.index()])
    }

    /// A counting sort of the ids by `level_of`, or the first position whose level is not below
    /// `count`.
    fn group(len: usize, count: u32, level_of: impl Fn(StateId) -> u32) -> Result<Levels, AcyclicError> {
        let mut starts = vec![0usize; count as usize + 1];
        for id in StateId::all(len) {
            match level_of(id) {
                level if level < count => starts[level as usize + 1] += 1,
                level => return Err(AcyclicError::LevelOutOfRange { state: id, level, levels: count }),
            }
        }
        let count = count as usize;
        for k in 1..=count {
            starts[k] += starts[k - 1];
        }
        // Filled with `starts[k]` as level k's cursor, which ends at level k + 1's start; one
        // rotation then puts every start back in place.
        let mut ids = vec![StateId::from_space_index(0); len];
        for id in StateId::all(len) {
            let cursor = &mut starts[level_of(id) as usize];
            ids[*cursor] = id;
            *cursor += 1;
        }
        starts.rotate_right(1);
        starts[0] = 0;
        Ok(Levels { ids, starts })
    }

    /// Each level's number and ids, lowest first.
    fn each(&self) -> impl Iterator<Item = (u32, &[StateId])> {
        self.starts.windows(2).enumerate().map(|(k, w)| (k as u32, &self.ids[w[0]..w[1]]))
    }
}

/// Checks the value read for a move of a position of `level` to `to`: a position not solved yet
/// breaks the declared levels (heights cannot: they are lower along every move by
/// construction). The table marks unsolved positions with a value no position has, so the check
/// costs a comparison and no memory access of its own.
#[inline]
fn read<G: StateSpace + ?Sized>(
    game: &G,
    level: u32,
    from: StateId,
    to: StateId,
    unsolved: bool,
) -> Result<(), AcyclicError> {
    match unsolved {
        false => Ok(()),
        true => Err(AcyclicError::LevelNotLower { from, to, from_level: level, to_level: game.play_level(to) }),
    }
}

/// Evaluates the levels in order, each in parallel with `value_at(scratch, table, level, id)`,
/// and writes their values into `values`. An error is the one of the first failing
/// position in level order (found again on one thread, so that it does not depend on the
/// schedule).
fn solve_by_levels<V, S>(
    levels: &Levels,
    values: &mut [V],
    scratch: impl Fn() -> S + Sync + Send,
    value_at: impl Fn(&mut S, &[V], u32, StateId) -> Result<V, AcyclicError> + Sync + Send,
    progress: &Progress<'_>,
) -> Result<(), AcyclicError>
where
    V: Copy + Default + Send + Sync,
{
    progress.begin(values.len() as u64);
    // One level's values, in the level's order; sized for the widest level once.
    let mut level_values: Vec<V> = Vec::new();
    for (level, ids) in levels.each() {
        level_values.clear();
        level_values.resize(ids.len(), V::default());
        let table: &[V] = values;
        let outcome =
            level_values.par_chunks_mut(TASK).zip(ids.par_chunks(TASK)).try_for_each_init(&scratch, |s, (out, ids)| {
                for (value, &id) in out.iter_mut().zip(ids) {
                    *value = value_at(s, table, level, id)?;
                }
                progress.advance(ids.len() as u64);
                Ok(())
            });
        if let Err(any) = outcome {
            let mut s = scratch();
            return Err(ids.iter().find_map(|&id| value_at(&mut s, table, level, id).err()).unwrap_or(any));
        }
        for (&id, &value) in ids.iter().zip(&level_values) {
            values[id.index()] = value;
        }
    }
    Ok(())
}

/// [`grundy_table`](crate::grundy_table) on every thread of rayon's current pool, level by
/// level; the same values for every number of threads.
///
/// The positions of a level, whose moves all lead to lower levels, are evaluated at once. The
/// levels are the space's own ([`StateSpace::play_levels`]), checked on every move, or else
/// each position's height, found by a sequential sweep first: declare levels to gain from the
/// threads.
///
/// Time `O(N + P)` work for `P` parts over all options, plus, without declared levels, one
/// sequential sweep that generates every option once more (twice without a play order).
/// Synchronizes once a level. Memory: the 4-byte table; transient, 4 bytes a position for the
/// grouped ids, 8 bytes a level, and the values of the widest level; without declared levels,
/// 4 bytes a position of heights and the sequential engine's search. Errors as
/// [`grundy_table`](crate::grundy_table)'s, and a declared level that a move or a position
/// breaks.
///
/// ```
/// use solver_core::graph::{GraphGame, RandomShape};
/// use solver_core::{grundy_table, parallel_grundy_table};
///
/// let game = GraphGame::random(&RandomShape::acyclic(1000), 7);
/// assert_eq!(parallel_grundy_table(&game).unwrap(), grundy_table(&game).unwrap());
/// ```
pub fn parallel_grundy_table<G: ImpartialSpace + Sync + ?Sized>(game: &G) -> Result<Vec<Nimber>, AcyclicError> {
    parallel_grundy_table_reporting(game, &Progress::silent())
}

/// [`parallel_grundy_table`], advancing `progress` towards the space's positions as each task
/// of a level is done (finding the heights, without declared levels, is not counted).
pub fn parallel_grundy_table_reporting<G: ImpartialSpace + Sync + ?Sized>(
    game: &G,
    progress: &Progress<'_>,
) -> Result<Vec<Nimber>, AcyclicError> {
    let levels = Levels::of(game, |id, out| game.option_ids(id, &mut |parts| out.extend(parts)))?;
    // A mex is at most the number of options, so no position is worth u32::MAX: it marks the
    // positions not solved yet.
    let unsolved = Nimber(u32::MAX);
    let mut values = vec![unsolved; game.len()];
    solve_by_levels(
        &levels,
        &mut values,
        MexSet::default,
        |seen, table, level, id| {
            nimber_at(game, table, id, seen, |from, to, value| read(game, level, from, to, value == unsolved))
        },
        progress,
    )?;
    Ok(values)
}

/// [`score_table`](crate::score_table) on every thread of rayon's current pool, level by level,
/// as [`parallel_grundy_table`]; the same values for every number of threads.
///
/// Time `O(N + E)` work, plus, without declared levels, one sequential sweep that generates
/// every move once more (twice without a play order). Synchronizes once a level. Memory:
/// `size_of::<V>()` bytes a position for the table; transient as
/// [`parallel_grundy_table`]'s. Errors as [`score_table`](crate::score_table)'s, and a declared
/// level that a move or a position breaks. The table marks the positions not solved yet with
/// [`ScoreValue::MIN`], so a score of `V::MIN` is an [`AcyclicError::Overflow`] here: choose
/// a wider `V`.
pub fn parallel_score_table<V: ScoreValue, G: ScoringSpace + Sync + ?Sized>(game: &G) -> Result<Vec<V>, AcyclicError> {
    parallel_score_table_reporting(game, &Progress::silent())
}

/// [`parallel_score_table`], advancing `progress` as [`parallel_grundy_table_reporting`] does.
pub fn parallel_score_table_reporting<V: ScoreValue, G: ScoringSpace + Sync + ?Sized>(
    game: &G,
    progress: &Progress<'_>,
) -> Result<Vec<V>, AcyclicError> {
    let mut moves = Vec::new();
    let levels = Levels::of(game, |id, out| {
        moves.clear();
        game.scored_move_ids(id, &mut moves);
        out.extend(moves.iter().map(|m| m.to));
    })?;
    let mut values = vec![V::MIN; game.len()];
    solve_by_levels(
        &levels,
        &mut values,
        Vec::new,
        |scratch, table, level, id| match score_at(game, table, id, scratch, |from, to, value| {
            read(game, level, from, to, value == V::MIN)
        })? {
            value if value == V::MIN => Err(AcyclicError::Overflow { state: id, value: value.into() }),
            value => Ok(value),
        },
        progress,
    )?;
    Ok(values)
}

/// An upper bound on the bytes [`parallel_grundy_table`] or [`parallel_score_table`] allocates
/// for a space of `positions` positions with `moves` moves (parts of options, for Grundy
/// values), the returned values of `value_bytes` each included: with `levels` declared
/// levels, or, when `None`, heights found after the sequential engines' search (when no play
/// order is `declared`), whose bound [`acyclic_memory_bound`](crate::acyclic_memory_bound)
/// gives. Not counted, as there: the scratch of the positions being solved, one a thread.
pub fn parallel_acyclic_memory_bound(
    positions: usize,
    moves: u64,
    value_bytes: u64,
    levels: Option<u32>,
    declared: bool,
) -> u64 {
    let n = positions as u64;
    // The table and the widest level's values (at most every position), the grouped ids.
    let grouped = n.saturating_mul(value_bytes.saturating_mul(2).saturating_add(4));
    match levels {
        Some(levels) => grouped.saturating_add(8 * (u64::from(levels) + 1)),
        None => {
            let search = crate::acyclic_memory_bound(positions, moves, 0, declared);
            grouped.saturating_add(n.saturating_mul(4 + 8)).saturating_add(8).saturating_add(search)
        }
    }
}

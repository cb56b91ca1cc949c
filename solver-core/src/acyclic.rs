//! Engines for acyclic games: Sprague-Grundy values and score-difference DP.
//!
//! Both evaluate every position after all positions it moves to. If the space declares a
//! [`PlayOrder`] they sweep the ids in that order, checking every move against it; otherwise
//! [`topological_order`] finds an order with an iterative depth-first search (no recursion, so no
//! depth limit) that reports a cycle as an error naming the positions on it.

use crate::progress::{Progress, Ticker};
use crate::{ImpartialSpace, MexSet, Nimber, PlayOrder, ScoredMove, ScoringSpace, StateId};
use std::fmt;

/// A cycle in a game that must be acyclic: each position has a move to the next, and the last
/// one to the first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cycle {
    /// The positions along the cycle, at least one.
    pub states: Vec<StateId>,
}

impl fmt::Display for Cycle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.states {
            write!(f, "{s} -> ")?;
        }
        write!(f, "{}", self.states[0])
    }
}

/// Why an acyclic engine could not produce a table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AcyclicError {
    /// The moves form a cycle.
    #[error("the game is not acyclic: it has the cycle {0}")]
    Cycle(Cycle),
    /// The space declared a play order that one of its moves breaks.
    #[error("the move from {from} to {to} breaks the declared play order {order:?}")]
    OutOfOrder {
        /// The position moved from.
        from: StateId,
        /// The position moved to.
        to: StateId,
        /// The order the space declared.
        order: PlayOrder,
    },
    /// The space declared levels of play and a move does not lead to a lower level.
    #[error("the move from {from} (level {from_level}) to {to} (level {to_level}) does not lead to a lower level")]
    LevelNotLower {
        /// The position moved from.
        from: StateId,
        /// The position moved to.
        to: StateId,
        /// The level of `from`.
        from_level: u32,
        /// The level of `to`.
        to_level: u32,
    },
    /// The space declared levels of play and a position's level is not below their number.
    #[error("position {state} has level {level}, not below the {levels} levels the space declares")]
    LevelOutOfRange {
        /// The position.
        state: StateId,
        /// Its level.
        level: u32,
        /// The number of levels declared.
        levels: u32,
    },
    /// The space declared more levels of play than it has positions.
    #[error("the space declares {levels} levels of play for {positions} positions (at most one level a position)")]
    TooManyLevels {
        /// The number of levels declared.
        levels: u32,
        /// The number of positions.
        positions: usize,
    },
    /// A score does not fit the table's value type.
    #[error("the score {value} of position {state} does not fit the table's value type")]
    Overflow {
        /// The position whose value overflowed.
        state: StateId,
        /// The value that did not fit.
        value: i64,
    },
}

/// Every id of a space of `len` positions, each after every position it moves to (children
/// first), found by iterative depth-first search.
///
/// `children(id, out)` appends the ids `id` moves to. Time `O(N + E)`; memory 5 bytes per
/// position plus the search stack (at most one entry per move).
pub fn topological_order(
    len: usize,
    mut children: impl FnMut(StateId, &mut Vec<StateId>),
) -> Result<Vec<StateId>, Cycle> {
    const NEW: u8 = 0;
    const ON_PATH: u8 = 1;
    const DONE: u8 = 2;
    let mut color = vec![NEW; len];
    let mut order = Vec::with_capacity(len);
    // (id, expanded): an expanded entry sits below the entries of its children, so the expanded
    // entries on the stack are exactly the current search path.
    let mut stack: Vec<(StateId, bool)> = Vec::new();
    let mut kids = Vec::new();
    let cycle_from = |stack: &[(StateId, bool)], start: StateId| Cycle {
        states: stack.iter().filter(|e| e.1).map(|e| e.0).skip_while(|&s| s != start).collect(),
    };
    for root in StateId::all(len) {
        if color[root.index()] != NEW {
            continue;
        }
        stack.push((root, false));
        while let Some((id, expanded)) = stack.pop() {
            if expanded {
                color[id.index()] = DONE;
                order.push(id);
                continue;
            }
            match color[id.index()] {
                DONE => continue,
                // Everything pushed after this entry is finished, so its parent is the deepest
                // node of the path, and the path leads back to `id`.
                ON_PATH => return Err(cycle_from(&stack, id)),
                _ => {}
            }
            color[id.index()] = ON_PATH;
            stack.push((id, true));
            kids.clear();
            children(id, &mut kids);
            for &kid in &kids {
                match color[kid.index()] {
                    NEW => stack.push((kid, false)),
                    ON_PATH => return Err(cycle_from(&stack, kid)),
                    _ => {}
                }
            }
        }
    }
    Ok(order)
}

/// The order an acyclic engine evaluates in, and the check each move must pass.
pub(crate) enum Sweep {
    Declared(PlayOrder),
    Searched(Vec<StateId>),
}

impl Sweep {
    pub(crate) fn new(
        len: usize,
        declared: Option<PlayOrder>,
        children: impl FnMut(StateId, &mut Vec<StateId>),
    ) -> Result<Sweep, AcyclicError> {
        match declared {
            Some(order) => Ok(Sweep::Declared(order)),
            None => topological_order(len, children).map(Sweep::Searched).map_err(AcyclicError::Cycle),
        }
    }

    pub(crate) fn ids(&self, len: usize) -> Box<dyn Iterator<Item = StateId> + '_> {
        match self {
            Sweep::Declared(PlayOrder::Ascending) => Box::new(StateId::all(len).rev()),
            Sweep::Declared(PlayOrder::Descending) => Box::new(StateId::all(len)),
            Sweep::Searched(order) => Box::new(order.iter().copied()),
        }
    }

    /// A searched order is right by construction; a declared one is checked move by move, which
    /// also guarantees that every child was evaluated first.
    pub(crate) fn check(&self, from: StateId, to: StateId) -> Result<(), AcyclicError> {
        match *self {
            Sweep::Declared(order @ PlayOrder::Ascending) if to <= from => {
                Err(AcyclicError::OutOfOrder { from, to, order })
            }
            Sweep::Declared(order @ PlayOrder::Descending) if to >= from => {
                Err(AcyclicError::OutOfOrder { from, to, order })
            }
            _ => Ok(()),
        }
    }
}

/// An upper bound on the bytes [`grundy_table`] or [`score_table`] allocates for a space of
/// `positions` positions with `moves` moves in all (parts of options, for Grundy values), the
/// returned values included: `value_bytes` a position for the values, and, when no play order
/// is `declared`, the search's 5 bytes a position and its stack of at most one 8-byte entry per
/// position and per move, counted at a doubling vector's worst capacity. Not counted: the
/// scratch of the position being solved (its moves and a mex set), which grows with its moves,
/// not with the space (tests/memory_bounds.rs measures both).
pub fn acyclic_memory_bound(positions: usize, moves: u64, value_bytes: u64, declared: bool) -> u64 {
    let n = positions as u64;
    let values = n.saturating_mul(value_bytes);
    match declared {
        true => values,
        false => values.saturating_add(n.saturating_mul(21)).saturating_add(moves.saturating_mul(16)),
    }
}

/// The Sprague-Grundy value of every position of an acyclic impartial game.
///
/// A position's value is the mex of its options' values; an option that is a sum of parts is
/// worth the xor of the parts' values.
///
/// Time `O(N + P)` for `P` parts over all options, with options generated twice when no play
/// order is declared (once to order the search). Memory: 4 bytes per position for the values,
/// plus 9 bytes per position and the search stack when no play order is declared. Cannot handle
/// cycles (reported as [`AcyclicError::Cycle`]) or values above `u32::MAX`.
///
/// ```
/// use solver_core::{Game, ImpartialRules, StateSpace, StateId, Nimber, grundy_table};
///
/// /// Nim heaps of 0..8 stones where a move takes 1 or 2 stones.
/// struct TakeOneOrTwo;
/// impl Game for TakeOneOrTwo { type State = u32; }
/// impl ImpartialRules for TakeOneOrTwo {
///     fn options(&self, heap: &u32, option: &mut dyn FnMut(&[u32])) {
///         for take in 1..=2.min(*heap) {
///             option(&[heap - take]);
///         }
///     }
/// }
/// impl StateSpace for TakeOneOrTwo {
///     fn len(&self) -> usize { 8 }
///     fn rank(&self, heap: &u32) -> StateId { StateId::from_u32(*heap).unwrap() }
///     fn unrank(&self, id: StateId) -> u32 { id.as_u32() }
/// }
/// // ImpartialRules + StateSpace give the ImpartialSpace that grundy_table needs.
///
/// let values = grundy_table(&TakeOneOrTwo).unwrap();
/// assert_eq!(values, [0, 1, 2, 0, 1, 2, 0, 1].map(Nimber));
/// ```
pub fn grundy_table<G: ImpartialSpace + ?Sized>(game: &G) -> Result<Vec<Nimber>, AcyclicError> {
    grundy_table_reporting(game, &Progress::silent())
}

/// [`grundy_table`], advancing `progress` towards the space's positions as their values are
/// found (the search for an order, when no play order is declared, is not counted).
pub fn grundy_table_reporting<G: ImpartialSpace + ?Sized>(
    game: &G,
    progress: &Progress<'_>,
) -> Result<Vec<Nimber>, AcyclicError> {
    let len = game.len();
    let sweep = Sweep::new(len, game.play_order(), |id, out| game.option_ids(id, &mut |parts| out.extend(parts)))?;
    let mut values = vec![Nimber::ZERO; len];
    let mut seen = MexSet::default();
    progress.begin(len as u64);
    let mut ticker = Ticker::new(progress);
    for id in sweep.ids(len) {
        values[id.index()] = nimber_at(game, &values, id, &mut seen, |from, to, _| sweep.check(from, to))?;
        ticker.tick();
    }
    Ok(values)
}

/// The mex of the options of `id`, every part read from `values` and checked by `check(id,
/// part, its value)`: one step of [`grundy_table`] and its parallel variant. The first failed
/// check is the error.
pub(crate) fn nimber_at<G: ImpartialSpace + ?Sized>(
    game: &G,
    values: &[Nimber],
    id: StateId,
    seen: &mut MexSet,
    check: impl Fn(StateId, StateId, Nimber) -> Result<(), AcyclicError>,
) -> Result<Nimber, AcyclicError> {
    seen.clear();
    let mut error = None;
    game.option_ids(id, &mut |parts| {
        let mut sum = Nimber::ZERO;
        for &part in parts {
            let value = values[part.index()];
            if let Err(e) = check(id, part, value) {
                error.get_or_insert(e);
            }
            sum ^= value;
        }
        seen.insert(sum);
    });
    match error {
        Some(e) => Err(e),
        None => Ok(seen.mex()),
    }
}

/// Integer types a score table can hold: the narrower, the less memory per position.
pub trait ScoreValue: Copy + PartialEq + Default + Into<i64> + TryFrom<i64> + Send + Sync {
    /// The smallest value, which the parallel engine keeps to mark positions not solved yet.
    const MIN: Self;
}
impl ScoreValue for i8 {
    const MIN: i8 = i8::MIN;
}
impl ScoreValue for i16 {
    const MIN: i16 = i16::MIN;
}
impl ScoreValue for i32 {
    const MIN: i32 = i32::MIN;
}
impl ScoreValue for i64 {
    const MIN: i64 = i64::MIN;
}

/// The best future score difference (mover's points minus the opponent's) of every position
/// of an acyclic scoring game, stored as `V` (`i8` takes one byte per position).
///
/// `value(p) = max over moves m of m.gain + (value(m.to) if m.again else -value(m.to))`, and 0
/// for a position without moves.
///
/// Moves come from [`ScoringSpace::visit_scored_move_ids`], so a game that overrides it feeds
/// the loop directly; the verifier reads `scored_move_ids` instead, and catches any difference.
///
/// Time `O(N + E)`, with moves generated twice when no play order is declared. Memory:
/// `size_of::<V>()` bytes per position, plus 9 bytes per position and the search stack when no
/// play order is declared. Cannot handle cycles; a value that does not fit `V` is an
/// [`AcyclicError::Overflow`].
pub fn score_table<V: ScoreValue, G: ScoringSpace + ?Sized>(game: &G) -> Result<Vec<V>, AcyclicError> {
    score_table_reporting(game, &Progress::silent())
}

/// [`score_table`], advancing `progress` as [`grundy_table_reporting`] does.
pub fn score_table_reporting<V: ScoreValue, G: ScoringSpace + ?Sized>(
    game: &G,
    progress: &Progress<'_>,
) -> Result<Vec<V>, AcyclicError> {
    let len = game.len();
    let mut moves: Vec<ScoredMove<StateId>> = Vec::new();
    let sweep = Sweep::new(len, game.play_order(), |id, out| {
        moves.clear();
        game.scored_move_ids(id, &mut moves);
        out.extend(moves.iter().map(|m| m.to));
    })?;
    let mut values = vec![V::default(); len];
    progress.begin(len as u64);
    let mut ticker = Ticker::new(progress);
    for id in sweep.ids(len) {
        values[id.index()] = score_at(game, &values, id, &mut moves, |from, to, _| sweep.check(from, to))?;
        ticker.tick();
    }
    Ok(values)
}

/// The best move's score difference from `id`, every move's future read from `values` and
/// checked by `check(id, to, its value)`: one step of [`score_table`] and its parallel variant.
/// The first failed check is the error.
pub(crate) fn score_at<V: ScoreValue, G: ScoringSpace + ?Sized>(
    game: &G,
    values: &[V],
    id: StateId,
    scratch: &mut Vec<ScoredMove<StateId>>,
    check: impl Fn(StateId, StateId, V) -> Result<(), AcyclicError>,
) -> Result<V, AcyclicError> {
    let mut best: Option<i64> = None;
    let mut error = None;
    game.visit_scored_move_ids(id, scratch, &mut |m| {
        let future = values[m.to.index()];
        if let Err(e) = check(id, m.to, future) {
            error.get_or_insert(e);
            return;
        }
        let future: i64 = future.into();
        let value = m.gain as i64 + if m.again { future } else { -future };
        best = Some(best.map_or(value, |b| b.max(value)));
    });
    if let Some(e) = error {
        return Err(e);
    }
    let value = best.unwrap_or(0);
    V::try_from(value).map_err(|_| AcyclicError::Overflow { state: id, value })
}

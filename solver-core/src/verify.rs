//! The verifier: checks a solved table position by position against the position's children.
//!
//! It shares no code with the engines. For loopy games the local checks are enough to prove a
//! whole table right: labels with remoteness must be grounded in finished positions (each win
//! points to a loss one ply closer, each loss only to wins closer), so by induction on
//! remoteness every labelled win, loss and tie is exact, and a truly decided position cannot
//! pass as a draw.

use crate::{ImpartialSpace, LoopySpace, Nimber, Outcome, OutcomeTable, ScoreValue, ScoredMove, ScoringSpace, StateId};
use rayon::prelude::*;
use std::fmt::{self, Debug};
use std::sync::atomic::{AtomicU64, Ordering};

/// The first entry of a table that disagrees with its position's children.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError<V: Debug> {
    /// The table does not have one entry per position.
    #[error("the table has {found} entries for a space of {expected} positions")]
    WrongLength {
        /// Positions in the space.
        expected: usize,
        /// Entries in the table.
        found: usize,
    },
    /// A position whose entry does not follow from its children's entries.
    #[error("{0}")]
    Violation(Violation<V>),
}

/// A position whose table entry contradicts its children.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation<V> {
    /// The position's id.
    pub state: StateId,
    /// The position, as its `Debug` form.
    pub position: String,
    /// The table's entry.
    pub found: V,
    /// What the entries of its children imply.
    pub expected: V,
}

impl<V: Debug> fmt::Display for Violation<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "position {} ({}) is {:?} in the table but its children imply {:?}",
            self.state, self.position, self.found, self.expected
        )
    }
}

/// The value an unfinished position must have given its children's values: a win one ply
/// beyond the quickest losing child; else, if every child is won for the opponent, a loss one
/// ply beyond the slowest; else a tie one ply beyond the quickest tied child; else a draw.
/// A position without children is lost at remoteness 0.
///
/// ```
/// use solver_core::{Outcome, verify::value_from_children};
/// assert_eq!(value_from_children([Outcome::Win(4), Outcome::Loss(2), Outcome::Loss(0)]), Outcome::Win(1));
/// assert_eq!(value_from_children([Outcome::Win(4), Outcome::Win(0)]), Outcome::Loss(5));
/// assert_eq!(value_from_children([Outcome::Win(4), Outcome::Draw]), Outcome::Draw);
/// ```
pub fn value_from_children(children: impl IntoIterator<Item = Outcome>) -> Outcome {
    let (mut quickest_loss, mut slowest_win, mut quickest_tie) = (None::<u32>, None::<u32>, None::<u32>);
    let mut all_won = true;
    for child in children {
        match child {
            Outcome::Loss(r) => quickest_loss = Some(quickest_loss.map_or(r, |q| q.min(r))),
            Outcome::Win(r) => slowest_win = Some(slowest_win.map_or(r, |s| s.max(r))),
            Outcome::Tie(r) => quickest_tie = Some(quickest_tie.map_or(r, |q| q.min(r))),
            Outcome::Draw => {}
        }
        all_won &= matches!(child, Outcome::Win(_));
    }
    if let Some(r) = quickest_loss {
        Outcome::Win(r + 1)
    } else if all_won {
        slowest_win.map_or(Outcome::Loss(0), |r| Outcome::Loss(r + 1))
    } else if let Some(r) = quickest_tie {
        Outcome::Tie(r + 1)
    } else {
        Outcome::Draw
    }
}

fn violation<S: crate::StateSpace + ?Sized, V: Debug>(
    game: &S,
    state: StateId,
    found: V,
    expected: V,
) -> VerifyError<V> {
    VerifyError::Violation(Violation { state, position: format!("{:?}", game.unrank(state)), found, expected })
}

fn check_len<V: Debug>(expected: usize, found: usize) -> Result<(), VerifyError<V>> {
    if expected == found { Ok(()) } else { Err(VerifyError::WrongLength { expected, found }) }
}

/// Positions a task of the verifier checks in turn, reporting its progress after them: large
/// enough that the report costs nothing, small enough for a progress bar to move.
const CHUNK: usize = 1 << 16;

/// What a verifier reports from time to time: positions checked so far (of the table's
/// length), from any of its threads.
pub type Checked<'a> = &'a (dyn Fn(u64) + Sync);

/// The first position, in id order, for which `check` finds a violation. Positions are checked
/// in parallel on rayon's current pool, in chunks of [`CHUNK`] (each with a scratch buffer of
/// its own, `progress` told after each); the first in id order is reported, so the answer does
/// not depend on the number of threads.
fn first_violation<V: Send + Debug, B: Default>(
    len: usize,
    progress: Checked<'_>,
    check: impl Fn(StateId, &mut B) -> Option<VerifyError<V>> + Sync,
) -> Result<(), VerifyError<V>> {
    let checked = AtomicU64::new(0);
    let found = (0..len.div_ceil(CHUNK)).into_par_iter().map_init(B::default, |scratch, chunk| {
        let ids = chunk * CHUNK..len.min((chunk + 1) * CHUNK);
        let size = ids.len() as u64;
        let found =
            ids.into_iter().find_map(|i| check(StateId::new(i).expect("an index below the length is an id"), scratch));
        progress(checked.fetch_add(size, Ordering::Relaxed) + size);
        found
    });
    match found.find_first(Option::is_some) {
        Some(Some(violation)) => Err(violation),
        _ => Ok(()),
    }
}

/// Checks every position of a loopy game's table: finished positions hold their result at
/// remoteness 0 and every other entry equals [`value_from_children`] of its children's entries.
/// Time `O(N + E)`, in parallel; memory: one list of children a thread.
pub fn verify_outcomes<G: LoopySpace + Sync + ?Sized>(
    game: &G,
    table: &OutcomeTable,
) -> Result<(), VerifyError<Outcome>> {
    verify_outcomes_reporting(game, table, &|_| {})
}

/// [`verify_outcomes`], telling `progress` the positions checked so far from time to time.
pub fn verify_outcomes_reporting<G: LoopySpace + Sync + ?Sized>(
    game: &G,
    table: &OutcomeTable,
    progress: Checked<'_>,
) -> Result<(), VerifyError<Outcome>> {
    check_len(game.len(), table.len())?;
    first_violation(game.len(), progress, |id, children: &mut Vec<StateId>| {
        let expected = match game.terminal_at(id) {
            Some(end) => Outcome::terminal(end),
            None => {
                children.clear();
                game.successor_ids(id, children);
                value_from_children(children.iter().map(|&c| table.get(c)))
            }
        };
        (table.get(id) != expected).then(|| violation(game, id, table.get(id), expected))
    })
}

/// Checks that every entry of a Grundy table is the mex of its options' values, an option
/// being worth the xor of its parts. Time `O(N + P)`, in parallel.
pub fn verify_grundy<G: ImpartialSpace + Sync + ?Sized>(
    game: &G,
    values: &[Nimber],
) -> Result<(), VerifyError<Nimber>> {
    verify_grundy_reporting(game, values, &|_| {})
}

/// [`verify_grundy`], telling `progress` the positions checked so far from time to time.
pub fn verify_grundy_reporting<G: ImpartialSpace + Sync + ?Sized>(
    game: &G,
    values: &[Nimber],
    progress: Checked<'_>,
) -> Result<(), VerifyError<Nimber>> {
    check_len(game.len(), values.len())?;
    first_violation(game.len(), progress, |id, reachable: &mut Vec<u32>| {
        reachable.clear();
        game.option_ids(id, &mut |parts| reachable.push(parts.iter().fold(0, |x, p| x ^ values[p.index()].0)));
        // Deliberately not the engine's mex code: sort, then walk up from 0.
        reachable.sort_unstable();
        let mex = reachable.iter().fold(0, |mex, &v| if v == mex { mex + 1 } else { mex });
        (values[id.index()] != Nimber(mex)).then(|| violation(game, id, values[id.index()], Nimber(mex)))
    })
}

/// Checks that every entry of a score table is its best move's value: the move's gain plus the
/// next position's value if the mover moves again, minus it otherwise; 0 without moves.
/// Time `O(N + E)`, in parallel.
pub fn verify_scores<V: ScoreValue + Debug + Sync, G: ScoringSpace + Sync + ?Sized>(
    game: &G,
    values: &[V],
) -> Result<(), VerifyError<i64>> {
    verify_scores_reporting(game, values, &|_| {})
}

/// [`verify_scores`], telling `progress` the positions checked so far from time to time.
pub fn verify_scores_reporting<V: ScoreValue + Debug + Sync, G: ScoringSpace + Sync + ?Sized>(
    game: &G,
    values: &[V],
    progress: Checked<'_>,
) -> Result<(), VerifyError<i64>> {
    check_len(game.len(), values.len())?;
    first_violation(game.len(), progress, |id, moves: &mut Vec<ScoredMove<StateId>>| {
        moves.clear();
        game.scored_move_ids(id, moves);
        let expected = moves
            .iter()
            .map(|m| {
                let next: i64 = values[m.to.index()].into();
                m.gain as i64 + if m.again { next } else { -next }
            })
            .max()
            .unwrap_or(0);
        let found: i64 = values[id.index()].into();
        (found != expected).then(|| violation(game, id, found, expected))
    })
}

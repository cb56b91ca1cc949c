//! [`OutcomeTable`]: the solved values of a whole loopy state space, four bytes a position.

use crate::{Outcome, OutcomeKind, StateId};
use std::fmt;

/// The largest remoteness a table can store (30 bits). A space of at most this many positions
/// cannot exceed it, since remoteness grows by one per retrograde step.
pub const MAX_REMOTENESS: u32 = (1 << 30) - 1;

const TAG_WIN: u32 = 1;
const TAG_LOSS: u32 = 2;
const TAG_TIE: u32 = 3;

/// The packed form of an outcome: `0` is a draw, otherwise `remoteness << 2 | tag`.
#[inline]
pub(crate) fn pack(outcome: Outcome) -> u32 {
    match outcome {
        Outcome::Draw => 0,
        Outcome::Win(r) => (r << 2) | TAG_WIN,
        Outcome::Loss(r) => (r << 2) | TAG_LOSS,
        Outcome::Tie(r) => (r << 2) | TAG_TIE,
    }
}

#[inline]
pub(crate) fn unpack(cell: u32) -> Outcome {
    let r = cell >> 2;
    match cell & 3 {
        TAG_WIN => Outcome::Win(r),
        TAG_LOSS => Outcome::Loss(r),
        TAG_TIE => Outcome::Tie(r),
        _ => Outcome::Draw,
    }
}

/// The value of every position of a space, indexed by [`StateId`].
///
/// Engines build it; callers read it. Four bytes per position.
#[derive(Clone, PartialEq, Eq)]
pub struct OutcomeTable {
    cells: Vec<u32>,
}

/// A remoteness above [`MAX_REMOTENESS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("remoteness {0} exceeds the table limit {MAX_REMOTENESS}")]
pub struct RemotenessOverflow(pub u32);

/// How many positions of a table have each kind of outcome, and the longest remoteness of each.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OutcomeCounts {
    /// Positions won by the player to move.
    pub wins: u64,
    /// Positions lost by the player to move.
    pub losses: u64,
    /// Positions that end level.
    pub ties: u64,
    /// Positions of endless play.
    pub draws: u64,
    /// The largest remoteness of a win, a loss and a tie (0 when there is none).
    pub longest: [u32; 3],
}

impl OutcomeTable {
    /// Wraps cells an engine packed with [`pack`].
    pub(crate) fn from_cells(cells: Vec<u32>) -> OutcomeTable {
        OutcomeTable { cells }
    }

    /// A table holding these outcomes, in id order.
    pub fn from_outcomes(outcomes: impl IntoIterator<Item = Outcome>) -> Result<OutcomeTable, RemotenessOverflow> {
        let cells = outcomes
            .into_iter()
            .map(|o| match o.remoteness() {
                Some(r) if r > MAX_REMOTENESS => Err(RemotenessOverflow(r)),
                _ => Ok(pack(o)),
            })
            .collect::<Result<_, _>>()?;
        Ok(OutcomeTable { cells })
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the table has no positions.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The value of position `id`.
    ///
    /// # Panics
    /// If `id` is not below [`OutcomeTable::len`].
    #[inline]
    pub fn get(&self, id: StateId) -> Outcome {
        unpack(self.cells[id.index()])
    }

    /// Replaces the value of position `id` (for building fixtures and corrupting tables in tests).
    pub fn set(&mut self, id: StateId, outcome: Outcome) -> Result<(), RemotenessOverflow> {
        match outcome.remoteness() {
            Some(r) if r > MAX_REMOTENESS => Err(RemotenessOverflow(r)),
            _ => {
                self.cells[id.index()] = pack(outcome);
                Ok(())
            }
        }
    }

    /// Every value, in id order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Outcome> + '_ {
        self.cells.iter().map(|&c| unpack(c))
    }

    /// Counts by kind and the longest remoteness of each kind.
    pub fn counts(&self) -> OutcomeCounts {
        let mut counts = OutcomeCounts::default();
        for outcome in self.iter() {
            let (count, slot) = match outcome.kind() {
                OutcomeKind::Win => (&mut counts.wins, 0),
                OutcomeKind::Loss => (&mut counts.losses, 1),
                OutcomeKind::Tie => (&mut counts.ties, 2),
                OutcomeKind::Draw => {
                    counts.draws += 1;
                    continue;
                }
            };
            *count += 1;
            let r = outcome.remoteness().unwrap_or(0);
            counts.longest[slot] = counts.longest[slot].max(r);
        }
        counts
    }

    /// The memory the table takes per position, in bytes.
    pub const BYTES_PER_POSITION: usize = std::mem::size_of::<u32>();
}

impl fmt::Debug for OutcomeTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for OutcomeCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "W {} L {} T {} D {}", self.wins, self.losses, self.ties, self.draws)
    }
}

//! [`OutcomeTable`]: the solved values of a whole loopy state space, four bytes a position, and
//! [`CompactOutcomeTable`], the same values in two bytes a position while remoteness stays at or
//! below [`COMPACT_MAX_REMOTENESS`].

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
        OutcomeCounts::of(self.iter())
    }

    /// The memory the table takes per position, in bytes.
    pub const BYTES_PER_POSITION: usize = std::mem::size_of::<u32>();
}

impl OutcomeCounts {
    fn of(outcomes: impl Iterator<Item = Outcome>) -> OutcomeCounts {
        let mut counts = OutcomeCounts::default();
        for outcome in outcomes {
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

/// The largest remoteness a [`CompactOutcomeTable`] stores: 14 bits, the other 2 of its 16 being
/// the kind. Past it a conversion or a compact engine fails with [`CompactOverflow`].
pub const COMPACT_MAX_REMOTENESS: u32 = (1 << 14) - 1;

/// A position whose remoteness does not fit a [`CompactOutcomeTable`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "position {position} has remoteness {remoteness}, above the limit {COMPACT_MAX_REMOTENESS} of a 2-byte table \
     (use the 4-byte OutcomeTable)"
)]
pub struct CompactOverflow {
    /// The first such position (the lowest id).
    pub position: StateId,
    /// Its remoteness.
    pub remoteness: u32,
}

/// The value of every position of a space in two bytes a position: the same packing as
/// [`OutcomeTable`] (`remoteness << 2 | kind`, `0` a draw) in a `u16`, so remoteness is at most
/// [`COMPACT_MAX_REMOTENESS`].
///
/// Convert with [`CompactOutcomeTable::from_table`] (checked) and [`CompactOutcomeTable::to_table`];
/// the two types compare equal (`==`) when they hold the same values.
///
/// ```
/// use solver_core::{CompactOutcomeTable, Outcome, OutcomeTable, StateId};
/// let wide = OutcomeTable::from_outcomes([Outcome::Win(3), Outcome::Draw, Outcome::Tie(16_383)]).unwrap();
/// let compact = CompactOutcomeTable::from_table(&wide).unwrap();
/// assert!(compact == wide && compact.to_table() == wide);
/// assert_eq!(compact.get(StateId::new(0).unwrap()), Outcome::Win(3));
///
/// let long = OutcomeTable::from_outcomes([Outcome::Draw, Outcome::Loss(16_384)]).unwrap();
/// let err = CompactOutcomeTable::from_table(&long).unwrap_err();
/// assert_eq!((err.position.index(), err.remoteness), (1, 16_384));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct CompactOutcomeTable {
    cells: Vec<u16>,
}

impl CompactOutcomeTable {
    /// Wraps cells an engine packed with [`pack`], each checked below [`COMPACT_MAX_REMOTENESS`].
    pub(crate) fn from_cells(cells: Vec<u16>) -> CompactOutcomeTable {
        CompactOutcomeTable { cells }
    }

    /// The same values in two bytes each; fails at the lowest position whose remoteness exceeds
    /// [`COMPACT_MAX_REMOTENESS`]. Time `O(N)`.
    pub fn from_table(table: &OutcomeTable) -> Result<CompactOutcomeTable, CompactOverflow> {
        let limit = pack(Outcome::Tie(COMPACT_MAX_REMOTENESS));
        let cells = table
            .cells
            .iter()
            .enumerate()
            .map(|(i, &c)| match c {
                c if c <= limit => Ok(c as u16),
                c => Err(CompactOverflow { position: StateId::from_space_index(i as u32), remoteness: c >> 2 }),
            })
            .collect::<Result<_, _>>()?;
        Ok(CompactOutcomeTable { cells })
    }

    /// The same values in an [`OutcomeTable`] (four bytes each).
    pub fn to_table(&self) -> OutcomeTable {
        OutcomeTable::from_cells(self.cells.iter().map(|&c| c as u32).collect())
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
    /// If `id` is not below [`CompactOutcomeTable::len`].
    #[inline]
    pub fn get(&self, id: StateId) -> Outcome {
        unpack(self.cells[id.index()] as u32)
    }

    /// Every value, in id order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Outcome> + '_ {
        self.cells.iter().map(|&c| unpack(c as u32))
    }

    /// Counts by kind and the longest remoteness of each.
    pub fn counts(&self) -> OutcomeCounts {
        OutcomeCounts::of(self.iter())
    }

    /// The memory the table takes per position, in bytes.
    pub const BYTES_PER_POSITION: usize = std::mem::size_of::<u16>();
}

impl From<&CompactOutcomeTable> for OutcomeTable {
    fn from(table: &CompactOutcomeTable) -> OutcomeTable {
        table.to_table()
    }
}

impl TryFrom<&OutcomeTable> for CompactOutcomeTable {
    type Error = CompactOverflow;
    fn try_from(table: &OutcomeTable) -> Result<CompactOutcomeTable, CompactOverflow> {
        CompactOutcomeTable::from_table(table)
    }
}

impl PartialEq<OutcomeTable> for CompactOutcomeTable {
    fn eq(&self, other: &OutcomeTable) -> bool {
        // Both pack alike, so equal values are equal cells.
        self.cells.len() == other.cells.len() && self.cells.iter().zip(&other.cells).all(|(&a, &b)| a as u32 == b)
    }
}

impl PartialEq<CompactOutcomeTable> for OutcomeTable {
    fn eq(&self, other: &CompactOutcomeTable) -> bool {
        other == self
    }
}

impl fmt::Debug for CompactOutcomeTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

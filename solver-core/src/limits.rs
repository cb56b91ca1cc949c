//! What every retrograde engine shares about size: the largest space they accept, and
//! allocations that fail with [`SpaceTooLarge`] instead of aborting.

use crate::table::MAX_REMOTENESS;

/// A space too large for a retrograde table: past the engines' limit, or (with `limit` 0)
/// within it but too large for the memory the allocator could give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}", describe_too_large(self))]
pub struct SpaceTooLarge {
    /// The size of the space.
    pub len: usize,
    /// The largest size the engines accept; 0 when the size was accepted but the memory for
    /// the engine's tables could not be allocated.
    pub limit: usize,
}

fn describe_too_large(e: &SpaceTooLarge) -> String {
    match e.limit {
        0 => format!("a space of {} positions is too large for the memory the allocator could give", e.len),
        limit => format!("a space of {} positions is too large for retrograde analysis (limit {limit})", e.len),
    }
}

/// A vector of `len` copies of `fill` that is an error, not an abort, when it cannot be
/// allocated: each engine's table and stored graph, whose sizes the game decides.
pub(crate) fn try_filled<T: Clone>(len: usize, fill: T) -> Result<Vec<T>, SpaceTooLarge> {
    let mut values = try_with_capacity(len, len)?;
    values.resize(len, fill);
    Ok(values)
}

/// An empty vector with room for `capacity` items, or [`SpaceTooLarge`] for a space of `len`.
pub(crate) fn try_with_capacity<T>(capacity: usize, len: usize) -> Result<Vec<T>, SpaceTooLarge> {
    let mut values = Vec::new();
    values.try_reserve_exact(capacity).map_err(|_| SpaceTooLarge { len, limit: 0 })?;
    Ok(values)
}

/// Room for `more` items in `values` (a space of `len`), or [`SpaceTooLarge`].
pub(crate) fn try_room<T>(values: &mut Vec<T>, more: usize, len: usize) -> Result<(), SpaceTooLarge> {
    values.try_reserve(more).map_err(|_| SpaceTooLarge { len, limit: 0 })
}

/// The largest space the retrograde engines accept: remoteness and move counters share 30 bits.
pub const RETROGRADE_LIMIT: usize = MAX_REMOTENESS as usize + 1;

/// `len` when a retrograde engine accepts a space of that size, else [`SpaceTooLarge`].
pub(crate) fn within_limit(len: usize) -> Result<usize, SpaceTooLarge> {
    if len <= RETROGRADE_LIMIT { Ok(len) } else { Err(SpaceTooLarge { len, limit: RETROGRADE_LIMIT }) }
}

/// The layered engines ([`solve_by_layers_within`](crate::solve_by_layers_within),
/// [`solve_parallel_layered_within`](crate::solve_parallel_layered_within)) would pass the steps
/// they were allowed: their time grows with the largest remoteness, not only with the space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "the layered passes need more than {max_steps} steps (a position scanned or a move examined each), \
     {spent} spent after {passes} passes"
)]
pub struct OverSteps {
    /// The steps allowed.
    pub max_steps: u64,
    /// The steps spent when the engine stopped.
    pub spent: u64,
    /// The passes made, the first (classifying every position) included.
    pub passes: u64,
}

/// The steps of a layered engine's passes against its limit: a pass scans every position and
/// the moves of those unresolved, so it costs at most what the pass before it cost; the next
/// pass starts only when that much is still allowed, so the limit is never passed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Steps {
    max: u64,
    spent: u64,
    last: u64,
    passes: u64,
}

impl Steps {
    pub(crate) fn new(max: u64) -> Steps {
        Steps { max, spent: 0, last: 0, passes: 0 }
    }

    /// Records a pass of `cost` steps.
    pub(crate) fn pass(&mut self, cost: u64) {
        self.spent = self.spent.saturating_add(cost);
        self.last = cost;
        self.passes += 1;
    }

    /// Whether another pass, costing at most what the last one did, stays within the limit
    /// (and the passes so far did).
    pub(crate) fn next(&self) -> Result<(), OverSteps> {
        match self.spent.checked_add(self.last) {
            Some(total) if total <= self.max => Ok(()),
            _ => Err(OverSteps { max_steps: self.max, spent: self.spent, passes: self.passes }),
        }
    }
}

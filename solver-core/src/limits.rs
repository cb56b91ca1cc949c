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

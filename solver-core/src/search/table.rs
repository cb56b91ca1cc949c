//! The transposition table: bounds on positions' values, under a fixed memory budget.

use super::SearchError;

/// What is known of a position's value: `lower <= value <= upper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Bounds {
    pub(super) lower: i64,
    pub(super) upper: i64,
}

/// One slot: the position's whole key (so that two positions sharing a slot are never
/// confused), its bounds, and the move that gave the best value last time (tried first).
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry<M> {
    key: u128,
    pub(super) bounds: Bounds,
    pub(super) best: Option<M>,
}

/// A table of `2^k` slots, allocated whole at the start. A position goes to the slot its key
/// hashes to; a store replaces whatever is there (always-replace: the newest result is the one
/// the search is most likely to ask for again, and it needs no depth or age kept). A lookup
/// compares the whole key, so a collision costs a search, never a wrong value.
pub(super) struct TranspositionTable<M> {
    slots: Vec<Option<Entry<M>>>,
    /// `64 - k`: the hash's top `k` bits pick the slot.
    shift: u32,
}

impl<M: Copy> TranspositionTable<M> {
    /// The largest table of a power of two slots within `bytes` (none below one slot).
    pub(super) fn new(bytes: usize) -> Result<TranspositionTable<M>, SearchError> {
        let slot = std::mem::size_of::<Option<Entry<M>>>();
        let fits = bytes / slot;
        if fits == 0 {
            return Ok(TranspositionTable { slots: Vec::new(), shift: 64 });
        }
        let count = 1usize << (usize::BITS - 1 - fits.leading_zeros());
        let mut slots = Vec::new();
        slots.try_reserve_exact(count).map_err(|_| SearchError::TableAlloc { bytes })?;
        slots.resize(count, None);
        Ok(TranspositionTable { slots, shift: 64 - count.trailing_zeros() })
    }

    /// The bytes it holds.
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Option<Entry<M>>>()
    }

    fn slot(&self, key: u128) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        // Fibonacci hashing of the key's two halves folded together.
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        Some(folded.wrapping_mul(0x9E37_79B9_7F4A_7C15).checked_shr(self.shift).unwrap_or(0) as usize)
    }

    /// What is stored for `key`, if its slot holds it.
    pub(super) fn get(&self, key: u128) -> Option<Entry<M>> {
        let entry = self.slots[self.slot(key)?]?;
        (entry.key == key).then_some(entry)
    }

    /// Stores `bounds` and `best` for `key`, replacing the slot's entry.
    pub(super) fn store(&mut self, key: u128, bounds: Bounds, best: Option<M>) {
        if let Some(at) = self.slot(key) {
            self.slots[at] = Some(Entry { key, bounds, best });
        }
    }
}

//! The transposition table: bounds on positions' values, under a fixed memory budget.

use super::SearchError;
use super::alpha_beta::INFINITY;

/// What is known of a position's value: `lower <= value <= upper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Bounds {
    pub(super) lower: i64,
    pub(super) upper: i64,
}

/// What a lookup finds: the bounds and the move that gave the best value last time (tried
/// first).
#[derive(Debug, Clone, Copy)]
pub(super) struct Found<M> {
    pub(super) bounds: Bounds,
    pub(super) best: Option<M>,
}

/// One entry: the position's whole key (so that two positions sharing a bucket are never
/// confused), its bounds in 32 bits each, its best move and the work its search took. With
/// one-byte moves an entry takes 32 bytes, two to a cache line.
#[derive(Debug, Clone, Copy)]
struct Entry<M> {
    key: u128,
    lower: i32,
    upper: i32,
    best: Option<M>,
    /// `1 + log2` of the positions the search of this entry visited; 0: the entry is empty.
    work: u8,
}

impl<M> Entry<M> {
    const EMPTY: Entry<M> = Entry { key: 0, lower: 0, upper: 0, best: None, work: 0 };

    fn holds(&self, key: u128) -> bool {
        self.work != 0 && self.key == key
    }
}

/// Two entries on one cache line (one miss a lookup): the first keeps the entry whose search
/// took the most work, the second the newest of the rest.
#[derive(Debug, Clone, Copy)]
#[repr(align(64))]
struct Bucket<M>([Entry<M>; 2]);

/// A table of `2^k` buckets of two entries, allocated whole at the start. A position goes to
/// the bucket its key hashes to. Replacement keeps two kinds of entry, as chess programs do: a
/// store whose search took at least the work of the bucket's first entry takes that place (the
/// first moving to the second), any other store takes the second place. So the entries near
/// the root, the dearest to search again, survive the flood of cheap ones below them, and the
/// newest cheap result is still at hand. A lookup compares the whole key, so a collision costs
/// a search, never a wrong value. Bounds beyond 32 bits are stored weakened (a lower bound
/// lowered, an upper raised), never wrong.
pub(super) struct TranspositionTable<M> {
    buckets: Vec<Bucket<M>>,
    /// `64 - k`: the hash's top `k` bits pick the bucket.
    shift: u32,
}

/// `-INFINITY` and `INFINITY` in an entry.
const NO_LOWER: i32 = i32::MIN;
const NO_UPPER: i32 = i32::MAX;

/// A lower bound in 32 bits: itself if it fits, else a smaller one.
fn pack_lower(lower: i64) -> i32 {
    if lower >= i64::from(NO_UPPER) { NO_UPPER - 1 } else { i32::try_from(lower).unwrap_or(NO_LOWER) }
}

/// An upper bound in 32 bits: itself if it fits, else a larger one.
fn pack_upper(upper: i64) -> i32 {
    if upper <= i64::from(NO_LOWER) { NO_LOWER + 1 } else { i32::try_from(upper).unwrap_or(NO_UPPER) }
}

fn unpack(bound: i32) -> i64 {
    match bound {
        NO_LOWER => -INFINITY,
        NO_UPPER => INFINITY,
        finite => i64::from(finite),
    }
}

impl<M: Copy> TranspositionTable<M> {
    /// The largest table of a power of two buckets within `bytes` (none below one bucket).
    pub(super) fn new(bytes: usize) -> Result<TranspositionTable<M>, SearchError> {
        let fits = bytes / size_of::<Bucket<M>>();
        if fits == 0 {
            return Ok(TranspositionTable { buckets: Vec::new(), shift: 64 });
        }
        let count = 1usize << (usize::BITS - 1 - fits.leading_zeros());
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count).map_err(|_| SearchError::TableAlloc { bytes })?;
        buckets.resize(count, Bucket([Entry::EMPTY; 2]));
        Ok(TranspositionTable { buckets, shift: 64 - count.trailing_zeros() })
    }

    /// The bytes it holds.
    pub(super) fn bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket<M>>()
    }

    fn bucket(&self, key: u128) -> Option<usize> {
        if self.buckets.is_empty() {
            return None;
        }
        // Fibonacci hashing of the key's two halves folded together.
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        Some(folded.wrapping_mul(0x9E37_79B9_7F4A_7C15).checked_shr(self.shift).unwrap_or(0) as usize)
    }

    /// What is stored for `key`, if its bucket holds it.
    pub(super) fn get(&self, key: u128) -> Option<Found<M>> {
        let Bucket(entries) = &self.buckets[self.bucket(key)?];
        let entry = entries.iter().find(|entry| entry.holds(key))?;
        let bounds = Bounds { lower: unpack(entry.lower), upper: unpack(entry.upper) };
        Some(Found { bounds, best: entry.best })
    }

    /// Stores `bounds` and `best` for `key`, whose search visited `nodes` positions (at least
    /// 1), by the replacement rule of the type's docs.
    pub(super) fn store(&mut self, key: u128, bounds: Bounds, best: Option<M>, nodes: u64) {
        let Some(at) = self.bucket(key) else { return };
        let work = (u64::BITS - nodes.max(1).leading_zeros()) as u8;
        let entry = Entry { key, lower: pack_lower(bounds.lower), upper: pack_upper(bounds.upper), best, work };
        let Bucket([first, second]) = &mut self.buckets[at];
        if first.holds(key) {
            // The new bounds are at least as tight (the search began from the old ones), and
            // all the work behind the old ones is in them.
            *first = Entry { work: work.max(first.work), ..entry };
        } else if work >= first.work {
            *second = *first;
            *first = entry;
        } else {
            *second = entry;
        }
    }
}

//! The transposition table: bounds on positions' values, under a fixed memory budget, shared
//! by the threads of one search.

use super::SearchError;
use super::alpha_beta::INFINITY;
use std::sync::atomic::{AtomicU64, Ordering, fence};

/// What is known of a position's value: `lower <= value <= upper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Bounds {
    pub(super) lower: i64,
    pub(super) upper: i64,
}

/// What a lookup finds: the bounds and the place, in the game's list of the position's moves,
/// of the move that gave the best value last time (tried first).
#[derive(Debug, Clone, Copy)]
pub(super) struct Found {
    pub(super) bounds: Bounds,
    pub(super) best: Option<usize>,
}

/// One entry as read from a bucket: the position's whole key (so that two positions sharing a
/// bucket are never confused), its bounds in 32 bits each, its best move's place (`NO_MOVE`:
/// none) and the work its search took. All zero is empty.
#[derive(Debug, Clone, Copy)]
struct Entry {
    key: u128,
    lower: i32,
    upper: i32,
    best: u8,
    /// `1 + log2` of the positions the search of this entry visited; 0: the entry is empty.
    work: u8,
}

/// The best move's place when there is none, or it is past 254.
const NO_MOVE: u8 = u8::MAX;

impl Entry {
    fn holds(&self, key: u128) -> bool {
        self.work != 0 && self.key == key
    }
}

/// Two entries on one cache line (one miss a lookup), written under a sequence lock: word 0
/// counts the writes (odd while one is under way), words 1 to 3 and 4 to 6 are the entries'
/// keys and bounds, word 7 their best moves and works. A reader that sees the count change, or
/// odd, while it reads takes the bucket as empty; a writer that finds another writer in the
/// bucket drops its store. Either costs only a search, never a wrong value, and every word is
/// an atomic, so threads share the table without `unsafe`.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket([AtomicU64; 8]);

impl Bucket {
    /// Replaces the entries with what `update` makes of them, unless another thread is writing.
    /// A table one thread owns (`locked` false) skips the lock: its atomic read-modify-write
    /// waits for the bucket's cache line and stalls the loads after it, a tenth of a 3x4 dots
    /// search's time.
    #[inline]
    fn write(&self, locked: bool, update: impl FnOnce([Entry; 2]) -> [Entry; 2]) {
        let [count, words @ ..] = &self.0;
        let before = count.load(Ordering::Relaxed);
        if locked {
            if before & 1 == 1
                || count.compare_exchange(before, before + 1, Ordering::Acquire, Ordering::Relaxed).is_err()
            {
                return;
            }
            fence(Ordering::Release);
        }
        let old = unpack_entries(words.each_ref().map(|word| word.load(Ordering::Relaxed)));
        for (word, new) in words.iter().zip(pack_entries(update(old))) {
            word.store(new, Ordering::Relaxed);
        }
        if locked {
            count.store(before + 2, Ordering::Release);
        }
    }
}

#[inline]
fn unpack_entries(words: [u64; 7]) -> [Entry; 2] {
    let entry = |at: usize, aux: u64| Entry {
        key: u128::from(words[at]) | u128::from(words[at + 1]) << 64,
        lower: words[at + 2] as u32 as i32,
        upper: (words[at + 2] >> 32) as u32 as i32,
        best: aux as u8,
        work: (aux >> 8) as u8,
    };
    [entry(0, words[6]), entry(3, words[6] >> 16)]
}

#[inline]
fn pack_entries(entries: [Entry; 2]) -> [u64; 7] {
    let bounds = |e: &Entry| u64::from(e.lower as u32) | u64::from(e.upper as u32) << 32;
    let aux = |e: &Entry| u64::from(e.best) | u64::from(e.work) << 8;
    let [a, b] = &entries;
    [
        a.key as u64,
        (a.key >> 64) as u64,
        bounds(a),
        b.key as u64,
        (b.key >> 64) as u64,
        bounds(b),
        aux(a) | aux(b) << 16,
    ]
}

/// A table of `2^k` buckets of two entries, allocated whole at the start and shared by the
/// threads of a search. A position goes to the bucket its key hashes to. Replacement keeps two
/// kinds of entry, as chess programs do: a store whose search took at least the work of the
/// bucket's first entry takes that place (the first moving to the second), any other store
/// takes the second place; a store for a key the bucket holds narrows that entry's bounds. So
/// the entries near the root, the dearest to search again, survive the flood of cheap ones
/// below them, and the newest cheap result is still at hand. A lookup compares the whole key,
/// so a collision costs a search, never a wrong value. Bounds beyond 32 bits are stored
/// weakened (a lower bound lowered, an upper raised), never wrong. A best move is kept as its
/// place in the game's list of moves, so an entry is the same 32 bytes whatever the game's
/// move type.
pub(super) struct TranspositionTable {
    buckets: Vec<Bucket>,
    /// `64 - k`: the hash's top `k` bits pick the bucket.
    shift: u32,
    /// Whether several threads share it (writes take the bucket's lock).
    shared: bool,
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

#[inline]
fn unpack(bound: i32) -> i64 {
    match bound {
        NO_LOWER => -INFINITY,
        NO_UPPER => INFINITY,
        finite => i64::from(finite),
    }
}

impl TranspositionTable {
    /// The largest table of a power of two buckets within `bytes` (none below one bucket), for
    /// one thread or, if `shared`, several.
    pub(super) fn new(bytes: usize, shared: bool) -> Result<TranspositionTable, SearchError> {
        let fits = bytes / size_of::<Bucket>();
        if fits == 0 {
            return Ok(TranspositionTable { buckets: Vec::new(), shift: 64, shared });
        }
        let count = 1usize << (usize::BITS - 1 - fits.leading_zeros());
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count).map_err(|_| SearchError::TableAlloc { bytes })?;
        buckets.resize_with(count, Bucket::default);
        Ok(TranspositionTable { buckets, shift: 64 - count.trailing_zeros(), shared })
    }

    /// The bytes it holds.
    pub(super) fn bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>()
    }

    #[inline(always)]
    fn bucket(&self, key: u128) -> Option<&Bucket> {
        if self.buckets.is_empty() {
            return None;
        }
        // Fibonacci hashing of the key's two halves folded together.
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        Some(&self.buckets[folded.wrapping_mul(0x9E37_79B9_7F4A_7C15).checked_shr(self.shift).unwrap_or(0) as usize])
    }

    /// What is stored for `key`, if its bucket holds it (and no write to the bucket was
    /// under way). Reads only the words it needs: the keys, then one entry's bounds.
    #[inline(always)]
    pub(super) fn get(&self, key: u128) -> Option<Found> {
        let Bucket([count, words @ ..]) = self.bucket(key)?;
        let before = count.load(Ordering::Acquire);
        let aux = words[6].load(Ordering::Relaxed);
        let holds = |at: usize, aux: u64| {
            aux & 0xff00 != 0
                && words[at].load(Ordering::Relaxed) == key as u64
                && words[at + 1].load(Ordering::Relaxed) == (key >> 64) as u64
        };
        let (at, aux) = if holds(0, aux) {
            (0, aux)
        } else if holds(3, aux >> 16) {
            (3, aux >> 16)
        } else {
            return None;
        };
        let bounds = words[at + 2].load(Ordering::Relaxed);
        fence(Ordering::Acquire);
        if before & 1 == 1 || count.load(Ordering::Relaxed) != before {
            return None;
        }
        let bounds = Bounds { lower: unpack(bounds as u32 as i32), upper: unpack((bounds >> 32) as u32 as i32) };
        let best = aux as u8;
        Some(Found { bounds, best: (best != NO_MOVE).then_some(usize::from(best)) })
    }

    /// Stores `bounds` and `best` (a place in the game's list of moves) for `key`, whose
    /// search visited `nodes` positions (at least 1), by the replacement rule of the type's
    /// docs.
    #[inline]
    pub(super) fn store(&self, key: u128, bounds: Bounds, best: Option<usize>, nodes: u64) {
        let Some(bucket) = self.bucket(key) else { return };
        let work = (u64::BITS - nodes.max(1).leading_zeros()) as u8;
        let best = best.and_then(|at| u8::try_from(at).ok()).unwrap_or(NO_MOVE);
        let entry = Entry { key, lower: pack_lower(bounds.lower), upper: pack_upper(bounds.upper), best, work };
        bucket.write(self.shared, |[first, second]| {
            // Both the stored bounds and the new ones are true (another thread may have
            // stored tighter ones since this search looked), so the entry keeps both.
            let narrowed = |old: Entry| Entry {
                lower: entry.lower.max(old.lower),
                upper: entry.upper.min(old.upper),
                work: entry.work.max(old.work),
                ..entry
            };
            if first.holds(key) {
                [narrowed(first), second]
            } else if second.holds(key) {
                let kept = narrowed(second);
                if kept.work >= first.work { [kept, first] } else { [first, kept] }
            } else if work >= first.work {
                [entry, first]
            } else {
                [first, entry]
            }
        });
    }
}

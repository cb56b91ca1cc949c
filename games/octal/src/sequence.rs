//! Grundy sequences of octal games, `G(0), G(1), ...` for single heaps, by two algorithms: the
//! naive mex over every split, and the rare/common ("sparse space") method.
//!
//! Both grow a sequence on demand ([`GrundySequence::extend_to`]), so a period search can ask
//! for more values without starting over.

use crate::code::{LEAVE_ONE, LEAVE_TWO, OctalCode, TAKE_ALL};

/// A Grundy sequence that grows on demand.
pub trait GrundySequence {
    /// The rules.
    fn code(&self) -> &OctalCode;

    /// The values computed so far: `values()[n]` is `G(n)`.
    fn values(&self) -> &[u32];

    /// Computes values until there are `len` of them (nothing if there are already as many).
    fn extend_to(&mut self, len: usize);
}

/// `G(0), ..., G(len - 1)` by the naive mex over every split. See [`NaiveSequence`].
///
/// Time `O(len^2 / 4 + len * |D| * V / 64)` for the `|D|` removals of the code and values
/// below `V`; memory: the values plus `t2 + 1` bitsets of `V` bits, `t2` the largest removal
/// that may split.
///
/// ```
/// use octal::naive_grundy;
/// // Dawson's Kayles (0.07), Winning Ways p. 90.
/// assert_eq!(naive_grundy(&"0.07".parse().unwrap(), 12), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
/// ```
pub fn naive_grundy(code: &OctalCode, len: usize) -> Vec<u32> {
    let mut sequence = NaiveSequence::new(code.clone());
    sequence.extend_to(len);
    sequence.values
}

/// `G(0), ..., G(len - 1)` by the rare/common method. See [`SparseSequence`].
///
/// Time `O(len * (R + S * C) + W)` for `R` rare positions, `S` removals that may split, value
/// sets of `C` bytes and `W` steps of witness search. Each remainder pairs its rare heaps once,
/// for every heap that splits it; `W` is at most `len^2 / 4` (each split of each remainder is
/// looked at once at most) and in practice a few per value, since the search takes one split
/// of each remainder in turn and stops at the first witness; so `O(len * R)` when the values
/// have a sparse space, never worse than the naive method's `O(len^2)`. Memory: 6 bytes a value
/// (the `u32` values and a 16-bit copy for the hot loops while every value fits; 4 bytes past
/// that), 8 bytes a rare heap, and `t2 + 2` sets of `C` bytes, `t2` the largest removal that
/// may split and `C` the least power of two above the largest value (at least 64).
///
/// ```
/// use octal::{naive_grundy, sparse_grundy};
/// let code = "0.137".parse().unwrap();
/// assert_eq!(sparse_grundy(&code, 500), naive_grundy(&code, 500));
/// ```
pub fn sparse_grundy(code: &OctalCode, len: usize) -> Vec<u32> {
    let mut sequence = SparseSequence::new(code.clone());
    sequence.extend_to(len);
    sequence.values
}

/// The least capacity of a value set, in values: one word of bits.
const MIN_CAPACITY: usize = 64;

/// The capacity that holds every xor of values up to `max`: the least power of two above it
/// (at least [`MIN_CAPACITY`]). The xor of two numbers below `2^b` is below `2^b`, so every
/// option of a heap, and hence its mex, is at most the capacity of the values before it: a set
/// sized this way grows only when a value reaches a new power of two.
fn capacity_for(max: u32) -> usize {
    (max as usize + 1).next_power_of_two().max(MIN_CAPACITY)
}

/// A set of Grundy values below a fixed capacity, as a bitset: sized once from the value
/// bound ([`capacity_for`]) and widened only when the bound grows, so inserting has no
/// resize branch.
#[derive(Debug, Clone)]
struct Bits {
    words: Vec<u64>,
}

impl Bits {
    /// An empty set for values below `capacity` (a multiple of 64).
    fn with_capacity(capacity: usize) -> Bits {
        Bits { words: vec![0; capacity / 64] }
    }

    /// Makes room for values below `capacity`.
    fn widen(&mut self, capacity: usize) {
        if capacity / 64 > self.words.len() {
            self.words.resize(capacity / 64, 0);
        }
    }

    /// Adds `value`, which is below the capacity.
    fn insert(&mut self, value: u32) {
        self.words[value as usize / 64] |= 1 << (value % 64);
    }

    #[cfg(test)]
    fn contains(&self, value: u32) -> bool {
        self.words.get(value as usize / 64).is_some_and(|w| w >> (value % 64) & 1 == 1)
    }

    fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    /// Adds the values below 64 given as the bits of `word`.
    fn set_first_word(&mut self, word: u64) {
        self.words[0] |= word;
    }

    fn union_with(&mut self, other: &Bits) {
        for (w, o) in self.words.iter_mut().zip(&other.words) {
            *w |= o;
        }
    }

    /// The least value at least `from` that is not in the set.
    fn first_absent_from(&self, from: u32) -> u32 {
        let mut word = from as usize / 64;
        let Some(&first) = self.words.get(word) else { return from };
        // Treat the bits below `from` in its word as present.
        let mut bits = first | ((1u64 << (from % 64)) - 1);
        loop {
            if bits != u64::MAX {
                return (word * 64) as u32 + bits.trailing_ones();
            }
            word += 1;
            match self.words.get(word) {
                Some(&w) => bits = w,
                None => return (word * 64) as u32,
            }
        }
    }
}

/// A set of Grundy values below a fixed capacity, one byte per value: inserting is a plain
/// store. Consecutive inserts into a bitset that hit the same word wait for each other (a
/// read-modify-write of one word); stores of bytes do not, which is what the sparse method's
/// two hot loops (every rare heap against a remainder, then the witness search) do most.
#[derive(Debug, Clone, Default)]
struct ByteSet {
    present: Vec<u8>,
}

impl ByteSet {
    fn with_capacity(capacity: usize) -> ByteSet {
        ByteSet { present: vec![0; capacity] }
    }

    fn widen(&mut self, capacity: usize) {
        if capacity > self.present.len() {
            self.present.resize(capacity, 0);
        }
    }

    /// Adds `value`, which is below the capacity.
    fn insert(&mut self, value: u32) {
        self.present[value as usize] = 1;
    }

    #[cfg(test)]
    fn contains(&self, value: u32) -> bool {
        self.present.get(value as usize).is_some_and(|&p| p != 0)
    }

    fn clear(&mut self) {
        self.present.fill(0);
    }

    fn union_with(&mut self, other: &ByteSet) {
        for (p, o) in self.present.iter_mut().zip(&other.present) {
            *p |= o;
        }
    }

    /// The least value at least `from` that is not in the set.
    fn first_absent_from(&self, from: u32) -> u32 {
        let from_index = (from as usize).min(self.present.len());
        match self.present[from_index..].iter().position(|&p| p == 0) {
            Some(offset) => (from_index + offset) as u32,
            None => from.max(self.present.len() as u32),
        }
    }
}

/// The moves of a code, sorted by what they leave.
#[derive(Debug, Clone)]
struct Moves {
    code: OctalCode,
    /// `k` with [`TAKE_ALL`]: a heap of exactly `k` may be taken away.
    take_all: Vec<usize>,
    /// `k` with [`LEAVE_ONE`]: a heap `n > k` may become `n - k`.
    leave_one: Vec<usize>,
    /// `k` with [`LEAVE_TWO`]: a heap `n >= k + 2` may become any two heaps adding up to `n - k`.
    leave_two: Vec<usize>,
}

impl Moves {
    fn new(code: OctalCode) -> Moves {
        Moves {
            take_all: code.removals_with(TAKE_ALL),
            leave_one: code.removals_with(LEAVE_ONE),
            leave_two: code.removals_with(LEAVE_TWO),
            code,
        }
    }

    /// The values of the options of heap `n` that leave at most one heap.
    fn single_options(&self, values: &[u32], n: usize, mut insert: impl FnMut(u32)) {
        if self.take_all.contains(&n) {
            insert(0);
        }
        for &k in self.leave_one.iter().take_while(|&&k| k < n) {
            insert(values[n - k]);
        }
    }

    /// The remainders `n - k >= 2` a heap of `n` may split, one per removal `k` that may split.
    fn split_remainders(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        self.leave_two.iter().take_while(move |&&k| k + 2 <= n).map(move |&k| n - k)
    }

    /// Slots for the split values of the last remainders: remainder `m` is needed by heaps
    /// `m + k` for each removal `k` that may split, so `max k + 1` slots suffice.
    fn ring_len(&self) -> usize {
        self.leave_two.last().map_or(0, |&k| k + 1)
    }
}

/// The naive method: `G(n)` is the mex of the values of every option of heap `n`.
///
/// Options that leave two heaps from a remainder `m` take the values
/// `X(m) = { G(a) xor G(m - a) : 1 <= a <= m / 2 }`; every removal `k` that may split turns `n`
/// into the same remainder `m = n - k` as some other heap, so each `X(m)` is computed once (every
/// split of `m` examined) and kept while heaps `m + k` need it.
#[derive(Debug, Clone)]
pub struct NaiveSequence {
    moves: Moves,
    values: Vec<u32>,
    /// `X(m)` at slot `m % ring.len()`.
    ring: Vec<Bits>,
    reach: Bits,
    max_value: u32,
}

impl NaiveSequence {
    /// An empty sequence for `code`.
    pub fn new(code: OctalCode) -> NaiveSequence {
        let moves = Moves::new(code);
        let ring = vec![Bits::with_capacity(MIN_CAPACITY); moves.ring_len()];
        NaiveSequence { moves, values: Vec::new(), ring, reach: Bits::with_capacity(MIN_CAPACITY), max_value: 0 }
    }
}

impl GrundySequence for NaiveSequence {
    fn code(&self) -> &OctalCode {
        &self.moves.code
    }

    fn values(&self) -> &[u32] {
        &self.values
    }

    fn extend_to(&mut self, len: usize) {
        self.values.reserve(len.saturating_sub(self.values.len()));
        for n in self.values.len()..len {
            let values = &self.values;
            // X(n) first: a code with d0 = 4 splits n itself.
            if !self.ring.is_empty() {
                let slot = n % self.ring.len();
                let splits = &mut self.ring[slot];
                splits.clear();
                if n < 2 {
                    // No split of 0 or 1 token leaves two nonempty heaps.
                } else if self.max_value < 64 {
                    // Xors of values below 64 fit one word: a tight loop without bounds growth.
                    let word = (1..=n / 2).fold(0u64, |w, a| w | 1 << (values[a] ^ values[n - a]));
                    splits.set_first_word(word);
                } else {
                    for a in 1..=n / 2 {
                        splits.insert(values[a] ^ values[n - a]);
                    }
                }
            }
            self.reach.clear();
            let reach = &mut self.reach;
            self.moves.single_options(values, n, |v| reach.insert(v));
            for m in self.moves.split_remainders(n) {
                self.reach.union_with(&self.ring[m % self.ring.len()]);
            }
            let value = self.reach.first_absent_from(0);
            if value > self.max_value {
                self.max_value = value;
                let capacity = capacity_for(value);
                self.reach.widen(capacity);
                self.ring.iter_mut().for_each(|splits| splits.widen(capacity));
            }
            self.values.push(value);
        }
    }
}

/// What the sparse-space method did: how it split the values and how much it searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SparseStats {
    /// The mask of value bits in use.
    pub mask: u32,
    /// Whether the parity of the position counts too (a "domain" sparse space).
    pub position_parity: bool,
    /// Positions in the rare class.
    pub rare: usize,
    /// Pairs `(a, m - a)` examined while looking for witnesses.
    pub witness_steps: u64,
    /// Pairs of a rare heap and its partner added to the remainders' caches.
    pub rare_steps: u64,
    /// How often the classes were chosen anew.
    pub reselections: u32,
}

/// What is known about the two-heap options of one remainder `m`.
#[derive(Debug, Clone, Default)]
struct SplitCache {
    /// The remainder this slot describes (`usize::MAX`: none yet).
    m: usize,
    /// Values `G(a) xor G(m - a)` known to occur.
    reach: ByteSet,
    /// Every split `a <= scanned` is in `reach`.
    scanned: usize,
    /// The class split under which the pairs with a rare part were added.
    epoch: u32,
}

/// The rare/common method (Winning Ways ch. 4, "Sparse space spells speed"; Flammenkamp's
/// octal-game tables).
///
/// Give every heap `n` a class bit `c(n) = parity(G(n) & mask) xor (q & n & 1)`, for a mask of
/// value bits and a flag `q` saying whether the heap's own parity counts. Xor is linear, so for
/// a split `a + b = m`, `parity((G(a) xor G(b)) & mask) = c(a) xor c(b) xor (q & m & 1)`: a value
/// whose parity differs from `q & m & 1` comes only from a pair whose classes differ, that is,
/// a pair with one *rare* heap. Choosing the mask that makes one class rare (few heaps), the
/// values of that parity ("exact" for `m`) are found completely by pairing each rare heap with
/// its partner, and the others ("abundant") are so plentiful that a search for a witness pair
/// stops after a few steps. Only when the mex turns out to be abundant, which is rare, must the
/// search run through every split.
///
/// The witness search for an abundant candidate takes one split of each remainder that could
/// hold it in turn (round robin), not one remainder to exhaustion before the next: a value
/// may be missing from every split of one remainder (Kayles' remainders of some residues never
/// give some values) and plentiful in another's, and scanning the barren one first costs
/// `m / 2` steps for nothing. Round robin costs at most the number of remainders times the
/// steps of the luckiest one. What a search sees stays in the remainder's cache for the other
/// heaps that split it.
///
/// The classes hold for ANY mask (the parity identity is algebra), so the result never
/// depends on the choice; only the speed does. The mask is chosen by counting, at heaps 64,
/// 128, 256, ..., which choice leaves the fewest rare heaps so far (a Walsh-Hadamard transform
/// of the histogram of values and parities); the rare class is the one whose heaps are
/// expensive, `c(n) = q & k & 1` for the first removal `k` that may split.
///
/// Value sets hold one byte per value below the capacity (`capacity_for`) the values so far
/// need, widened when a value reaches a new power of two.
#[derive(Debug, Clone)]
pub struct SparseSequence {
    moves: Moves,
    values: Vec<u32>,
    mask: u32,
    position_parity: bool,
    rare_class: u32,
    /// Heaps `n >= 1` in the rare class, increasing.
    rare: Vec<u32>,
    /// `G(r)` for each `r` of `rare`, in the same order: the hot loop reads them in sequence.
    rare_values: Vec<u32>,
    /// The values as 16 bits while every value fits (`wide` is false): the hot loops read
    /// these, half the bytes of `values`.
    narrow: Vec<u16>,
    /// `rare_values` as 16 bits, while `wide` is false.
    rare_narrow: Vec<u16>,
    /// Whether some value is above `u16::MAX`: then the hot loops read `values`.
    wide: bool,
    ring: Vec<SplitCache>,
    epoch: u32,
    next_choice: usize,
    stats: SparseStats,
    /// Every value is below it ([`capacity_for`]).
    capacity: usize,
    known: ByteSet,
    remainders: Vec<usize>,
    /// Ring slots still searched for a witness.
    active: Vec<usize>,
}

/// The widest value mask considered: values are small, and any mask is correct.
const MASK_BITS: u32 = 16;

impl SparseSequence {
    /// An empty sequence for `code`.
    pub fn new(code: OctalCode) -> SparseSequence {
        let moves = Moves::new(code);
        let capacity = MIN_CAPACITY;
        let empty = SplitCache { m: usize::MAX, reach: ByteSet::with_capacity(capacity), ..SplitCache::default() };
        let ring = vec![empty; moves.ring_len()];
        SparseSequence {
            moves,
            values: Vec::new(),
            // Until the first choice every heap is rare: the naive method with extra steps.
            mask: 0,
            position_parity: false,
            rare_class: 0,
            rare: Vec::new(),
            rare_values: Vec::new(),
            narrow: Vec::new(),
            rare_narrow: Vec::new(),
            wide: false,
            ring,
            epoch: 0,
            next_choice: 64,
            stats: SparseStats::default(),
            capacity,
            known: ByteSet::with_capacity(capacity),
            remainders: Vec::new(),
            active: Vec::new(),
        }
    }

    /// The values computed so far, without a copy.
    pub fn into_values(self) -> Vec<u32> {
        self.values
    }

    /// The counters so far.
    pub fn stats(&self) -> SparseStats {
        SparseStats { mask: self.mask, position_parity: self.position_parity, rare: self.rare.len(), ..self.stats }
    }

    fn class(&self, n: usize) -> u32 {
        (self.values[n] & self.mask).count_ones() & 1 ^ (self.position_parity as u32 & n as u32 & 1)
    }

    /// Whether every split of `m` giving `value` pairs a rare heap with a common one.
    fn exact(&self, value: u32, m: usize) -> bool {
        (value & self.mask).count_ones() & 1 != (self.position_parity as u32 & m as u32 & 1)
    }

    /// Picks the mask and parity flag that leave the fewest rare heaps among `1..values.len()`.
    fn choose_classes(&mut self) {
        let max = self.values.iter().copied().max().unwrap_or(0);
        let bits = (32 - max.leading_zeros()).min(MASK_BITS);
        let low = (1u32 << bits) - 1;
        // Coordinate `bits` is the heap's parity; the rest are the value's low bits.
        let mut spectrum = vec![0i64; 1 << (bits + 1)];
        for (n, &v) in self.values.iter().enumerate().skip(1) {
            spectrum[((v & low) | ((n as u32 & 1) << bits)) as usize] += 1;
        }
        // Walsh-Hadamard: spectrum[s] becomes the number of heaps with class 0 minus class 1
        // under the choice s (mask = s's low bits, position parity = s's top bit).
        let mut half = 1;
        while half < spectrum.len() {
            for block in spectrum.chunks_mut(2 * half) {
                let (lo, hi) = block.split_at_mut(half);
                for (x, y) in lo.iter_mut().zip(hi) {
                    (*x, *y) = (*x + *y, *x - *y);
                }
            }
            half *= 2;
        }
        let heaps = self.values.len().saturating_sub(1) as i64;
        let first_split = self.moves.leave_two.first().copied().unwrap_or(0) as u32;
        let mut best = (i64::MAX, 0u32);
        for (choice, &difference) in spectrum.iter().enumerate() {
            let parity = (choice >> bits) as u32 & 1;
            let rare_class = parity & first_split & 1;
            let rare = if rare_class == 0 { (heaps + difference) / 2 } else { (heaps - difference) / 2 };
            if rare < best.0 {
                best = (rare, choice as u32);
            }
        }
        let (mask, parity) = (best.1 & low, best.1 >> bits & 1);
        self.stats.reselections += 1;
        if (mask, parity == 1) == (self.mask, self.position_parity) {
            return;
        }
        self.mask = mask;
        self.position_parity = parity == 1;
        self.rare_class = parity & first_split & 1;
        self.rare = (1..self.values.len()).filter(|&n| self.class(n) == self.rare_class).map(|n| n as u32).collect();
        self.rare_values = self.rare.iter().map(|&r| self.values[r as usize]).collect();
        if !self.wide {
            self.rare_narrow = self.rare.iter().map(|&r| self.narrow[r as usize]).collect();
        }
        // Caches keep the pairs they saw, but their exact values must be completed again.
        self.epoch += 1;
    }

    /// Adds to `known` what the splits of remainder `m` are known to give, first bringing its
    /// cache up to date: every pair with a rare part is in it. At the last heap that splits `m`
    /// (`last_use`), a fresh remainder's pairs go straight into `known`, and its cache is left
    /// as it was: no later heap asks for `m` again, and its slot is reset for the next.
    fn prepare(&mut self, m: usize, last_use: bool, known: &mut ByteSet) {
        let slot = m % self.ring.len();
        let cache = &mut self.ring[slot];
        let direct = last_use && cache.m != m;
        if cache.m != m {
            cache.m = m;
            cache.scanned = 0;
            cache.epoch = self.epoch.wrapping_sub(1);
            if !direct {
                cache.reach.clear();
            }
        }
        if cache.epoch != self.epoch {
            // Every rare heap below m, paired with what is left: with one byte per value these
            // are independent stores, as fast as the two reads.
            let below = self.rare.partition_point(|&r| (r as usize) < m);
            let target = if direct { &mut known.present[..] } else { &mut cache.reach.present[..] };
            let rare = &self.rare[..below];
            self.stats.rare_steps += below as u64;
            if self.wide {
                rare_pairs(&self.values, rare, &self.rare_values[..below], m, target);
            } else {
                rare_pairs(&self.narrow, rare, &self.rare_narrow[..below], m, target);
            }
            cache.epoch = self.epoch;
        }
        if !direct {
            known.union_with(&cache.reach);
        }
    }

    /// Whether some split of a remainder in `active` (ring slots) gives `value`: [`search`] on
    /// the values as the hot loops read them.
    fn search(&mut self, value: u32, active: &mut Vec<usize>, known: &mut ByteSet) -> bool {
        let last_use = (self.values.len() + 1).saturating_sub(self.moves.ring_len());
        let (found, steps) = if self.wide {
            search(&self.values, value, last_use, &mut self.ring, active, known)
        } else {
            match u16::try_from(value) {
                Ok(value) => search(&self.narrow, value, last_use, &mut self.ring, active, known),
                // No xor of 16-bit values reaches it.
                Err(_) => (false, 0),
            }
        };
        self.stats.witness_steps += steps;
        found
    }

    fn next_value(&mut self) -> u32 {
        let n = self.values.len();
        let mut known = std::mem::take(&mut self.known);
        known.clear();
        self.moves.single_options(&self.values, n, |v| known.insert(v));
        let mut remainders = std::mem::take(&mut self.remainders);
        remainders.clear();
        remainders.extend(self.moves.split_remainders(n));
        // Remainder m is split by heaps m + k for every k that may split, the last of them being
        // m + the largest such k.
        // A code that never splits a heap has no remainders, and no ring (0.0 has no moves).
        let largest = self.moves.ring_len().saturating_sub(1);
        for &m in &remainders {
            self.prepare(m, m + largest <= n, &mut known);
        }
        let mut active = std::mem::take(&mut self.active);
        let mut candidate = 0;
        let value = loop {
            candidate = known.first_absent_from(candidate);
            active.clear();
            for &m in &remainders {
                let slot = m % self.ring.len();
                if !self.exact(candidate, m) && self.ring[slot].scanned < m / 2 {
                    active.push(slot);
                }
            }
            if active.is_empty() || !self.search(candidate, &mut active, &mut known) {
                break candidate;
            }
        };
        self.known = known;
        self.remainders = remainders;
        self.active = active;
        value
    }

    /// Makes room in every value set for `value` and the xors it takes part in.
    fn widen_for(&mut self, value: u32) {
        let capacity = capacity_for(value);
        if capacity > self.capacity {
            self.capacity = capacity;
            self.known.widen(capacity);
            self.ring.iter_mut().for_each(|cache| cache.reach.widen(capacity));
        }
    }
}

/// A Grundy value as the sparse method's hot loops read it: 16 bits while every value fits
/// (half the memory traffic), 32 otherwise.
trait Stored: Copy + PartialEq + std::ops::BitXor<Output = Self> {
    fn index(self) -> usize;
}

impl Stored for u16 {
    fn index(self) -> usize {
        self as usize
    }
}

impl Stored for u32 {
    fn index(self) -> usize {
        self as usize
    }
}

/// Marks in `target` the value of each pair `(r, m - r)`, `r` in `rare` (all below `m`, their
/// values in `rare_values`). With one byte per value the stores are independent of each
/// other, so the loop runs at the speed of its reads.
// Not inlined: alone, its loop keeps every pointer in a register.
#[inline(never)]
fn rare_pairs<V: Stored>(values: &[V], rare: &[u32], rare_values: &[V], m: usize, target: &mut [u8]) {
    for (&r, &value) in rare.iter().zip(rare_values) {
        target[(value ^ values[m - r as usize]).index()] = 1;
    }
}

/// Whether some split of a remainder in `active` (ring slots) gives `value`, taking one split
/// of each in turn; every split seen goes into `known` and into its remainder's cache, except
/// for a remainder `m <= last_use`, which no later heap splits. Exhausted remainders leave
/// `active`. Returns the answer and the splits looked at.
fn search<V: Stored>(
    values: &[V],
    value: V,
    last_use: usize,
    ring: &mut [SplitCache],
    active: &mut Vec<usize>,
    known: &mut ByteSet,
) -> (bool, u64) {
    let mut steps = 0u64;
    let found = 'search: loop {
        if let [slot] = active[..] {
            let cache = &mut ring[slot];
            let (m, start) = (cache.m, cache.scanned);
            let (reach, known) = (&mut cache.reach.present[..], &mut known.present[..]);
            let (scanned, found) = if m <= last_use {
                scan::<V, false>(values, m, start, value, reach, known)
            } else {
                scan::<V, true>(values, m, start, value, reach, known)
            };
            steps += (scanned - start) as u64;
            cache.scanned = scanned;
            active.clear();
            break found;
        }
        let mut i = 0;
        while i < active.len() {
            let cache = &mut ring[active[i]];
            let m = cache.m;
            if cache.scanned >= m / 2 {
                active.swap_remove(i);
                continue;
            }
            cache.scanned += 1;
            let a = cache.scanned;
            let x = values[a] ^ values[m - a];
            cache.reach.present[x.index()] = 1;
            known.present[x.index()] = 1;
            steps += 1;
            if x == value {
                break 'search true;
            }
            i += 1;
        }
        if active.is_empty() {
            break false;
        }
    };
    (found, steps)
}

/// The splits `a = start + 1, ..., m / 2` of remainder `m`, until one gives `value`: each
/// value `G(a) xor G(m - a)` seen goes into `known` and, if `KEEP`, into `reach`. Returns the
/// last split looked at and whether it gave `value`. Two plain slices and two byte stores a
/// step, so nothing the stores write can alias what the loop reads.
#[inline(never)]
fn scan<V: Stored, const KEEP: bool>(
    values: &[V],
    m: usize,
    start: usize,
    value: V,
    reach: &mut [u8],
    known: &mut [u8],
) -> (usize, bool) {
    let half = m / 2;
    // Split a = start + 1 + i pairs lower[i] with upper[count - 1 - i] (indexing, not a
    // reversed zip, which compiles to a loop that keeps its state in memory).
    let lower = &values[start + 1..=half];
    let upper = &values[m - half..m - start];
    let count = lower.len().min(upper.len());
    for i in 0..count {
        let xor = lower[i] ^ upper[count - 1 - i];
        if KEEP {
            reach[xor.index()] = 1;
        }
        known[xor.index()] = 1;
        if xor == value {
            return (start + 1 + i, true);
        }
    }
    (half, false)
}

impl GrundySequence for SparseSequence {
    fn code(&self) -> &OctalCode {
        &self.moves.code
    }

    fn values(&self) -> &[u32] {
        &self.values
    }

    fn extend_to(&mut self, len: usize) {
        self.values.reserve(len.saturating_sub(self.values.len()));
        if !self.wide {
            self.narrow.reserve(len.saturating_sub(self.narrow.len()));
        }
        while self.values.len() < len {
            let n = self.values.len();
            if n == self.next_choice && !self.ring.is_empty() {
                self.choose_classes();
                self.next_choice *= 2;
            }
            // Without splits there are no remainders: the mex of the single options.
            let value = self.next_value();
            self.widen_for(value);
            self.values.push(value);
            match u16::try_from(value) {
                Ok(short) if !self.wide => self.narrow.push(short),
                _ => {
                    // From now on the hot loops read the 32-bit values.
                    self.wide = true;
                    self.narrow = Vec::new();
                    self.rare_narrow = Vec::new();
                }
            }
            if n > 0 && !self.ring.is_empty() && self.class(n) == self.rare_class {
                self.rare.push(n as u32);
                self.rare_values.push(value);
                if !self.wide {
                    self.rare_narrow.push(value as u16);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_find_the_first_gap() {
        let mut b = Bits::with_capacity(capacity_for(65));
        for v in [0, 1, 2, 63, 64, 65] {
            b.insert(v);
        }
        assert_eq!(b.first_absent_from(0), 3);
        assert_eq!(b.first_absent_from(63), 66);
        assert_eq!(b.first_absent_from(200), 200);
        assert!(b.contains(64) && !b.contains(3) && !b.contains(1000));
    }

    #[test]
    fn byte_sets_find_the_first_gap() {
        let mut b = ByteSet::with_capacity(capacity_for(65));
        for v in [0, 1, 2, 63, 64, 65] {
            b.insert(v);
        }
        assert_eq!(b.first_absent_from(0), 3);
        assert_eq!(b.first_absent_from(63), 66);
        assert_eq!(b.first_absent_from(200), 200);
        assert!(b.contains(64) && !b.contains(3) && !b.contains(1000));
        let full = ByteSet { present: vec![1; 64] };
        assert_eq!(full.first_absent_from(0), 64);
    }

    #[test]
    fn capacities_hold_every_xor() {
        assert_eq!(capacity_for(0), 64);
        assert_eq!(capacity_for(63), 64);
        assert_eq!(capacity_for(64), 128);
        assert_eq!(capacity_for(u32::from(u16::MAX)), 1 << 16);
    }

    /// The sparse method reading 32-bit values, as it does once a value passes `u16::MAX` (a
    /// code that gets there takes too long for a test).
    fn wide(code: &OctalCode, len: usize) -> Vec<u32> {
        let mut sequence = SparseSequence::new(code.clone());
        sequence.wide = true;
        sequence.extend_to(len);
        sequence.values
    }

    proptest::proptest! {
        #[test]
        fn the_wide_path_agrees(digits in proptest::collection::vec(0u8..=7, 1..=6), d0 in 0u8..2, len in 0usize..600) {
            let digits: Vec<u8> = std::iter::once(4 * d0).chain(digits).collect();
            let code = OctalCode::from_digits(&digits).unwrap();
            proptest::prop_assert_eq!(wide(&code, len), naive_grundy(&code, len), "code {}", code);
        }
    }

    #[test]
    fn a_code_that_never_splits_takes_the_sparse_path() {
        // 0.0 (no move at all) once overflowed the ring's last index, from `solve octal
        // code=0.0 n=200000` too (proptest found it: digits [0], d0 0, len 1).
        for code in ["0.0", "0.3", "4.0"] {
            let code: OctalCode = code.parse().unwrap();
            assert_eq!(wide(&code, 50), naive_grundy(&code, 50), "{code}");
            let mut sparse = SparseSequence::new(code.clone());
            sparse.extend_to(50);
            assert_eq!(sparse.values, naive_grundy(&code, 50), "{code}");
        }
    }

    #[test]
    fn the_wide_path_on_classic_codes() {
        for code in ["0.77", "0.6", "0.376", "0.16"] {
            let code: OctalCode = code.parse().unwrap();
            assert_eq!(wide(&code, 5000), naive_grundy(&code, 5000), "{code}");
        }
    }

    #[test]
    fn kayles_from_winning_ways() {
        // Winning Ways p. 91 / OEIS A002186, first 24 values.
        let expected = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7];
        let code: OctalCode = "0.77".parse().unwrap();
        assert_eq!(naive_grundy(&code, 24), expected);
        assert_eq!(sparse_grundy(&code, 24), expected);
    }

    #[test]
    fn sparse_space_of_kayles_is_found() {
        let mut sequence = SparseSequence::new("0.77".parse().unwrap());
        sequence.extend_to(5000);
        let stats = sequence.stats();
        // Kayles' values past the period are 1, 2, 4, 7, 8: odd parity under the full mask; the
        // rare heaps (even parity: values 0, 3, 5, 6) end at heap 70 (OEIS A002186).
        assert!(stats.rare < 40, "{stats:?}");
        assert_eq!(naive_grundy(sequence.code(), 5000), sequence.values());
    }
}

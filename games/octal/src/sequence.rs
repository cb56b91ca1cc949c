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
/// Time `O(len * R * S + W)` for `R` rare positions, `S` removals that may split and `W` steps
/// of witness search, which is at most `len^2 / 4` (each split of each remainder is looked at
/// once at most) and in practice a few per value; so `O(len * R)` when the values have a
/// sparse space, never worse than the naive method's `O(len^2)`. Memory: the values, the rare
/// positions, and `t2 + 1` bitsets of `V` bits, `t2` the largest removal that may split.
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

/// A set of small numbers (Grundy values) as a growable bitset.
#[derive(Debug, Clone, Default)]
struct Bits {
    words: Vec<u64>,
}

impl Bits {
    fn insert(&mut self, value: u32) {
        let word = value as usize / 64;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (value % 64);
    }

    fn contains(&self, value: u32) -> bool {
        self.words.get(value as usize / 64).is_some_and(|w| w >> (value % 64) & 1 == 1)
    }

    fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    /// Adds the values below 64 given as the bits of `word`.
    fn set_first_word(&mut self, word: u64) {
        match self.words.first_mut() {
            Some(first) => *first |= word,
            None => self.words.push(word),
        }
    }

    fn union_with(&mut self, other: &Bits) {
        if other.words.len() > self.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        for (w, o) in self.words.iter_mut().zip(&other.words) {
            *w |= o;
        }
    }

    /// The least value at least `from` that is not in the set.
    fn first_absent_from(&self, from: u32) -> u32 {
        let mut word = from as usize / 64;
        // Treat the bits below `from` in its word as present.
        let mut bits = self.words.get(word).copied().unwrap_or(0) | ((1u64 << (from % 64)) - 1);
        loop {
            if bits != u64::MAX {
                return (word * 64) as u32 + bits.trailing_ones();
            }
            word += 1;
            bits = self.words.get(word).copied().unwrap_or(0);
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
    fn single_options(&self, values: &[u32], n: usize, reach: &mut Bits) {
        if self.take_all.contains(&n) {
            reach.insert(0);
        }
        for &k in self.leave_one.iter().take_while(|&&k| k < n) {
            reach.insert(values[n - k]);
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
        let ring = vec![Bits::default(); moves.ring_len()];
        NaiveSequence { moves, values: Vec::new(), ring, reach: Bits::default(), max_value: 0 }
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
            self.moves.single_options(values, n, &mut self.reach);
            for m in self.moves.split_remainders(n) {
                self.reach.union_with(&self.ring[m % self.ring.len()]);
            }
            let value = self.reach.first_absent_from(0);
            self.max_value = self.max_value.max(value);
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
    /// How often the classes were chosen anew.
    pub reselections: u32,
}

/// What is known about the two-heap options of one remainder `m`.
#[derive(Debug, Clone, Default)]
struct SplitCache {
    /// The remainder this slot describes (`usize::MAX`: none yet).
    m: usize,
    /// Values `G(a) xor G(m - a)` known to occur.
    reach: Bits,
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
/// The classes hold for ANY mask (the parity identity is algebra), so the result never
/// depends on the choice; only the speed does. The mask is chosen by counting, at heaps 64,
/// 128, 256, ..., which choice leaves the fewest rare heaps so far (a Walsh-Hadamard transform
/// of the histogram of values and parities); the rare class is the one whose heaps are
/// expensive, `c(n) = q & k & 1` for the first removal `k` that may split.
#[derive(Debug, Clone)]
pub struct SparseSequence {
    moves: Moves,
    values: Vec<u32>,
    mask: u32,
    position_parity: bool,
    rare_class: u32,
    /// Heaps `n >= 1` in the rare class, increasing.
    rare: Vec<u32>,
    ring: Vec<SplitCache>,
    epoch: u32,
    next_choice: usize,
    stats: SparseStats,
    known: Bits,
    remainders: Vec<usize>,
}

/// The widest value mask considered: values are small, and any mask is correct.
const MASK_BITS: u32 = 16;

impl SparseSequence {
    /// An empty sequence for `code`.
    pub fn new(code: OctalCode) -> SparseSequence {
        let moves = Moves::new(code);
        let ring = vec![SplitCache { m: usize::MAX, ..SplitCache::default() }; moves.ring_len()];
        SparseSequence {
            moves,
            values: Vec::new(),
            // Until the first choice every heap is rare: the naive method with extra steps.
            mask: 0,
            position_parity: false,
            rare_class: 0,
            rare: Vec::new(),
            ring,
            epoch: 0,
            next_choice: 64,
            stats: SparseStats::default(),
            known: Bits::default(),
            remainders: Vec::new(),
        }
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
        // Caches keep the pairs they saw, but their exact values must be completed again.
        self.epoch += 1;
    }

    /// Brings the cache of remainder `m` up to date: every pair with a rare part is in it.
    fn prepare(&mut self, m: usize) {
        let slot = m % self.ring.len();
        let cache = &mut self.ring[slot];
        if cache.m != m {
            cache.m = m;
            cache.reach.clear();
            cache.scanned = 0;
            cache.epoch = self.epoch.wrapping_sub(1);
        }
        if cache.epoch != self.epoch {
            for &r in self.rare.iter().take_while(|&&r| (r as usize) < m) {
                cache.reach.insert(self.values[r as usize] ^ self.values[m - r as usize]);
            }
            cache.epoch = self.epoch;
        }
    }

    /// Whether some split of `m` gives `value`, scanning on from where the last search stopped.
    fn witness(&mut self, m: usize, value: u32) -> bool {
        let slot = m % self.ring.len();
        let cache = &mut self.ring[slot];
        if cache.reach.contains(value) {
            return true;
        }
        while cache.scanned < m / 2 {
            cache.scanned += 1;
            let a = cache.scanned;
            let x = self.values[a] ^ self.values[m - a];
            cache.reach.insert(x);
            self.stats.witness_steps += 1;
            if x == value {
                return true;
            }
        }
        false
    }

    fn next_value(&mut self) -> u32 {
        let n = self.values.len();
        let mut known = std::mem::take(&mut self.known);
        known.clear();
        self.moves.single_options(&self.values, n, &mut known);
        let mut remainders = std::mem::take(&mut self.remainders);
        remainders.clear();
        remainders.extend(self.moves.split_remainders(n));
        for &m in &remainders {
            self.prepare(m);
            known.union_with(&self.ring[m % self.ring.len()].reach);
        }
        let mut candidate = 0;
        let value = loop {
            candidate = known.first_absent_from(candidate);
            let mut found = false;
            for &m in &remainders {
                if self.exact(candidate, m) {
                    continue;
                }
                found = self.witness(m, candidate);
                known.union_with(&self.ring[m % self.ring.len()].reach);
                if found {
                    break;
                }
            }
            if !found {
                break candidate;
            }
        };
        self.known = known;
        self.remainders = remainders;
        value
    }
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
        while self.values.len() < len {
            let n = self.values.len();
            if n == self.next_choice && !self.ring.is_empty() {
                self.choose_classes();
                self.next_choice *= 2;
            }
            // Without splits there are no remainders: the mex of the single options.
            let value = self.next_value();
            self.values.push(value);
            if n > 0 && !self.ring.is_empty() && self.class(n) == self.rare_class {
                self.rare.push(n as u32);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_find_the_first_gap() {
        let mut b = Bits::default();
        for v in [0, 1, 2, 63, 64, 65] {
            b.insert(v);
        }
        assert_eq!(b.first_absent_from(0), 3);
        assert_eq!(b.first_absent_from(63), 66);
        assert_eq!(b.first_absent_from(200), 200);
        assert!(b.contains(64) && !b.contains(3) && !b.contains(1000));
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

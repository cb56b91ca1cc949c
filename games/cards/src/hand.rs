//! Hands: multisets of `k` card values in `0..m`, numbered densely by the combinatorial number
//! system.
//!
//! # The ranking, for any `(k, m)`
//!
//! The order of the cards in a hand does not matter, so a hand is a multiset. Sort it,
//! `a_0 <= a_1 <= ... <= a_{k-1}`, and add `i` to `a_i`: `s_i = a_i + i` is strictly increasing
//! and lies in `0..k+m-1` (stars and bars: a multiset of `k` values out of `m` is a `k`-subset
//! of `k + m - 1` values). The rank of the hand is the rank of that subset in colexicographic
//! order, given by the combinatorial number system:
//!
//! ```text
//! rank = C(s_0, 1) + C(s_1, 2) + ... + C(s_{k-1}, k)
//! ```
//!
//! This is a bijection between the hands and `0..H` with `H = C(k+m-1, k) = C(k+m-1, m-1)`
//! (`k = 8, m = 5`: `C(12, 4) = 495`; `k = 2, m = 10`: `C(11, 2) = 55`; `k = 10, m = 7`:
//! `C(16, 6) = 8008`). The all-zero hand (`s_i = i`, every term 0) has rank 0, and the hand of
//! all `m - 1` has rank `H - 1`. Unranking is greedy: for `i = k-1` down to `0`, `s_i` is the
//! largest `s` with `C(s, i+1)` at most what is left of the rank.
//!
//! Ranking costs `k` table lookups (after counting the values, so the cards may come in any
//! order); unranking is a lookup in a table of every hand's sorted values (`H * k` bytes).

use std::fmt;

/// The most cards a hand may hold.
pub const MAX_CARDS: usize = 32;
/// The largest modulus: values `0..m` must fit the 64-bit masks of [`Cards`](crate::Cards).
pub const MAX_MODULUS: usize = 64;
/// The most distinct hands: positions (pairs of hands) must number at most
/// [`StateId::LIMIT`](solver_core::StateId::LIMIT).
pub const MAX_HANDS: usize = 65_535;

/// A game size that cannot be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CardsError {
    /// `k` is 0 or above [`MAX_CARDS`].
    #[error("a hand holds 1 to {MAX_CARDS} cards, not {0}")]
    Cards(usize),
    /// `m` is below 2 or above [`MAX_MODULUS`].
    #[error("the modulus is 2 to {MAX_MODULUS}, not {0}")]
    Modulus(usize),
    /// More than [`MAX_HANDS`] hands.
    #[error("{cards} cards modulo {modulus} make {hands} hands; at most {MAX_HANDS} fit")]
    TooManyHands {
        /// Cards per hand.
        cards: usize,
        /// The modulus.
        modulus: usize,
        /// `C(k+m-1, k)`, saturated at `u64::MAX`.
        hands: u64,
    },
}

/// A hand: its card values in ascending order.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hand(Vec<u8>);

impl Hand {
    /// The hand holding these values (in any order).
    ///
    /// ```
    /// use cards::Hand;
    /// assert_eq!(Hand::new([3, 0, 1]), Hand::new([0, 1, 3]));
    /// assert_eq!(Hand::new([3, 0, 1]).values(), [0, 1, 3]);
    /// ```
    pub fn new(values: impl Into<Vec<u8>>) -> Hand {
        let mut values = values.into();
        values.sort_unstable();
        Hand(values)
    }

    /// The values, ascending.
    pub fn values(&self) -> &[u8] {
        &self.0
    }

    /// Whether every card is 0: the owner of such a hand has won.
    pub fn is_all_zero(&self) -> bool {
        self.0.iter().all(|&v| v == 0)
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, v) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{v}")?;
        }
        f.write_str("]")
    }
}

/// The dense numbering of the hands of `k` cards with values `0..m` (see the [module docs](self)).
#[derive(Debug, Clone)]
pub struct HandIndex {
    cards: usize,
    modulus: usize,
    len: usize,
    /// `C(s, j)` at `s * (cards + 1) + j` for `s < cards + modulus`, `j <= cards`, saturated.
    binomial: Vec<u32>,
    /// Hand `h`'s sorted values at `h * cards .. (h + 1) * cards`.
    values: Vec<u8>,
}

impl HandIndex {
    /// The numbering of hands of `cards` values modulo `modulus`.
    ///
    /// ```
    /// use cards::HandIndex;
    /// let index = HandIndex::new(8, 5).unwrap();
    /// assert_eq!(index.len(), 495);
    /// assert_eq!(index.rank(&[0; 8]), 0);
    /// assert_eq!(index.rank(&[4; 8]), 494);
    /// assert_eq!(index.values(index.rank(&[4, 0, 2, 0, 0, 0, 0, 0])), [0, 0, 0, 0, 0, 0, 2, 4]);
    /// ```
    pub fn new(cards: usize, modulus: usize) -> Result<HandIndex, CardsError> {
        if !(1..=MAX_CARDS).contains(&cards) {
            return Err(CardsError::Cards(cards));
        }
        if !(2..=MAX_MODULUS).contains(&modulus) {
            return Err(CardsError::Modulus(modulus));
        }
        let rows = cards + modulus;
        let mut binomial = vec![0u32; rows * (cards + 1)];
        let mut exact = vec![0u64; rows * (cards + 1)];
        for s in 0..rows {
            for j in 0..=cards.min(s) {
                let value = if j == 0 || j == s {
                    1
                } else {
                    exact[(s - 1) * (cards + 1) + j - 1].saturating_add(exact[(s - 1) * (cards + 1) + j])
                };
                exact[s * (cards + 1) + j] = value;
                binomial[s * (cards + 1) + j] = u32::try_from(value).unwrap_or(u32::MAX);
            }
        }
        let hands = exact[(cards + modulus - 1) * (cards + 1) + cards];
        if hands > MAX_HANDS as u64 {
            return Err(CardsError::TooManyHands { cards, modulus, hands });
        }
        let len = hands as usize;
        let mut index = HandIndex { cards, modulus, len, binomial, values: Vec::with_capacity(len * cards) };
        for rank in 0..len as u32 {
            index.push_unranked(rank);
        }
        Ok(index)
    }

    /// Appends the sorted values of hand `rank`, found greedily from the largest card down.
    fn push_unranked(&mut self, rank: u32) {
        let start = self.values.len();
        self.values.resize(start + self.cards, 0);
        let mut left = rank;
        let mut bound = self.cards + self.modulus - 1;
        for i in (0..self.cards).rev() {
            // The largest s below the previous one with C(s, i + 1) <= left; C(i, i + 1) = 0.
            let s = (i..bound).rev().find(|&s| self.binomial(s, i + 1) <= left).expect("C(i, i+1) = 0 fits");
            left -= self.binomial(s, i + 1);
            self.values[start + i] = (s - i) as u8;
            bound = s;
        }
        debug_assert_eq!(left, 0);
    }

    #[inline]
    fn binomial(&self, s: usize, j: usize) -> u32 {
        self.binomial[s * (self.cards + 1) + j]
    }

    /// The number of hands, `C(k+m-1, k)`.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: there is at least one hand.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Cards per hand, `k`.
    pub fn cards(&self) -> usize {
        self.cards
    }

    /// The modulus `m`: values are `0..m`.
    pub fn modulus(&self) -> usize {
        self.modulus
    }

    /// The rank of the hand holding `values`, in any order.
    ///
    /// # Panics
    /// If there are not exactly `k` values or one is not below `m`: callers validate input first.
    #[inline]
    pub fn rank(&self, values: &[u8]) -> u32 {
        assert_eq!(values.len(), self.cards, "a hand holds exactly k cards");
        let mut counts = [0u8; MAX_MODULUS];
        for &v in values {
            assert!((v as usize) < self.modulus, "card value {v} is not below the modulus {}", self.modulus);
            counts[v as usize] += 1;
        }
        self.rank_counts(&counts[..self.modulus])
    }

    /// The rank of the hand with `counts[v]` cards of value `v` (the counts sum to `k`).
    #[inline]
    pub fn rank_counts(&self, counts: &[u8]) -> u32 {
        let mut rank = 0;
        let mut i = 0;
        for (v, &count) in counts.iter().enumerate() {
            for _ in 0..count {
                rank += self.binomial(v + i, i + 1);
                i += 1;
            }
        }
        debug_assert_eq!(i, self.cards);
        rank
    }

    /// A faster ranking for small games with many hands to rank (a judge's input), or `None`
    /// when its table would exceed `max_entries` entries: see [`Ranker`].
    ///
    /// ```
    /// use cards::HandIndex;
    /// let index = HandIndex::new(8, 5).unwrap();
    /// let ranker = index.ranker(10_000).unwrap();
    /// assert_eq!(ranker.rank(&[4, 0, 2, 0, 0, 3, 0, 0]), index.rank(&[4, 0, 2, 0, 0, 3, 0, 0]));
    /// assert!(HandIndex::new(10, 7).unwrap().ranker(10_000).is_none());
    /// ```
    pub fn ranker(&self, max_entries: usize) -> Option<Ranker> {
        // Key: the counts of values 0..m-1 as digits in base k+1; the count of m-1 is implied.
        let radix = self.cards as u64 + 1;
        let entries = (0..self.modulus - 1).try_fold(1u64, |n, _| n.checked_mul(radix))?;
        if entries > max_entries as u64 {
            return None;
        }
        let mut weights = vec![0u32; self.modulus];
        let mut weight = 1u32;
        for w in &mut weights[..self.modulus - 1] {
            *w = weight;
            weight = weight.saturating_mul(radix as u32);
        }
        let mut ranks = vec![u32::MAX; entries as usize];
        let ranker_key = |values: &[u8]| values.iter().map(|&v| weights[v as usize] as usize).sum::<usize>();
        for rank in 0..self.len as u32 {
            ranks[ranker_key(self.values(rank))] = rank;
        }
        Some(Ranker { weights, ranks })
    }

    /// The sorted values of hand `rank` (`rank < len`).
    #[inline]
    pub fn values(&self, rank: u32) -> &[u8] {
        let start = rank as usize * self.cards;
        &self.values[start..start + self.cards]
    }
}

/// Ranks hands with `k` table lookups and no sorting or counting: a hand's key is the sum of
/// a weight per card, `(k+1)^v` for a card of value `v < m-1` and 0 for `m-1`, which writes
/// the hand's counts as digits in base `k+1`; a table maps keys to ranks. It has
/// `(k+1)^(m-1)` entries: 6,561 for `(8, 5)`, 19,683 for `(2, 10)`.
#[derive(Debug, Clone)]
pub struct Ranker {
    weights: Vec<u32>,
    ranks: Vec<u32>,
}

impl Ranker {
    /// The rank of the hand holding `values` (in any order), as [`HandIndex::rank`] gives it.
    ///
    /// # Panics
    /// May panic, or return a wrong rank, unless there are exactly `k` values below `m`.
    #[inline]
    pub fn rank(&self, values: &[u8]) -> u32 {
        self.rank_of_key(self.key(values))
    }

    /// The key of the hand holding `values`: the sum of their weights.
    #[inline]
    pub fn key(&self, values: &[u8]) -> usize {
        values.iter().map(|&v| self.weight(v)).sum()
    }

    /// The weight of a card of value `v`: a key changes by the difference of two weights when
    /// one card changes value, so the hand after a move is ranked in O(1).
    #[inline]
    pub fn weight(&self, v: u8) -> usize {
        self.weights[v as usize] as usize
    }

    /// The rank of the hand with this key.
    #[inline]
    pub fn rank_of_key(&self, key: usize) -> u32 {
        self.ranks[key]
    }
}

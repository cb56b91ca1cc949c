//! Periods of Grundy sequences, proven from finitely many values by the Guy-Smith theorem.
//!
//! **Theorem** (Guy and Smith 1956; Winning Ways ch. 4). Let an octal game remove at most `t`
//! tokens per move. If `G(n + p) = G(n)` for all `n` with `n0 <= n < 2 n0 + p + t`, then
//! `G(n + p) = G(n)` for every `n >= n0`.
//!
//! *Proof sketch*, by induction on `n >= 2 n0 + p + t`: an option of heap `n + p` removes `k <= t`
//! and leaves heaps adding up to `n + p - k >= 2 n0 + 2p`, so the larger one, `b`, has
//! `n0 + p <= b` and `b - p < n`; replacing it by `b - p` (same value by induction) gives an
//! option of heap `n` of the same shape and value, and the converse works the same way.
//!
//! **Why `n0 >= 1` here.** "Same shape" needs `b - p >= 1`. With `n0 = 0` the larger heap may be
//! exactly `p`, and the two-heap option `(p, p)` of heap `2p + t` maps to a *one*-heap option
//! that the digit may forbid. 0.04 shows it: `G = 0, 0, 0, 0, 1, ...` passes the test for
//! `n0 = 0, p = 1` (`n < 3`) yet is not constant. So [`prove_period`] applies the theorem with
//! `max(n0, 1)` (whose range covers `n0`'s), which proves periodicity from `max(n0, 1)`, and
//! the checked `G(p) = G(0)` extends it to `n0 = 0`.

use crate::code::OctalCode;
use crate::sequence::GrundySequence;
use std::time::Instant;

/// A proven period of a Grundy sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Periodicity {
    /// `n0`, the least heap from which the sequence repeats: the last exceptional value is at
    /// `n0 - 1` (none if 0).
    pub preperiod: usize,
    /// `p`, the least period: `G(n + p) = G(n)` for every `n >= n0`.
    pub period: usize,
    /// How many values (`G(0)` to `G(values_needed - 1)`) the proof used:
    /// `2 max(n0, 1) + 2p + t`.
    pub values_needed: usize,
}

/// The least period and its pre-period, proven from `values` (`G(0), G(1), ...` of `code`) by
/// the Guy-Smith theorem, or `None` if `values` are too few to prove any period.
///
/// For each `p = 1, 2, ...` the pre-period candidate is one past the last `n` with
/// `G(n + p) != G(n)` among the values; the pair is proven when the values reach
/// `2 max(n0, 1) + 2p + t`. Every eventual period is a multiple of the least one, so the first
/// proven `p` is the least period of the whole infinite sequence, and its `n0` is exact.
///
/// Time `O(L * P)` in the worst case for `L` values and periods up to `P <= L / 2`; in practice
/// a wrong `p` fails within a few steps of the end, so `O(L + P)`. No memory beyond the values.
///
/// ```
/// use octal::{naive_grundy, prove_period};
/// let kayles = "0.77".parse().unwrap();
/// let proof = prove_period(&kayles, &naive_grundy(&kayles, 200)).unwrap();
/// assert_eq!((proof.preperiod, proof.period, proof.values_needed), (71, 12, 168));
/// ```
pub fn prove_period(code: &OctalCode, values: &[u32]) -> Option<Periodicity> {
    let t = code.max_removal();
    let len = values.len();
    for period in 1.. {
        // The least possible need, with n0 <= 1.
        if 2 + 2 * period + t > len {
            return None;
        }
        let last_mismatch = (0..len - period).rev().find(|&n| values[n + period] != values[n]);
        let preperiod = last_mismatch.map_or(0, |n| n + 1);
        let values_needed = 2 * preperiod.max(1) + 2 * period + t;
        if values_needed <= len {
            return Some(Periodicity { preperiod, period, values_needed });
        }
    }
    unreachable!("the loop returns once 2p exceeds the values")
}

/// Why [`find_period`] stopped without a proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Unproven {
    /// The values up to the limit prove no period.
    #[error("no period is proven by the first {values} values")]
    Limit {
        /// Values computed.
        values: usize,
    },
    /// Time ran out first.
    #[error("time ran out after {values} values without a proven period")]
    Deadline {
        /// Values computed.
        values: usize,
    },
}

/// Grows `sequence` (doubling, from 64 values) until [`prove_period`] proves its period, at
/// most to `max_values` values and, if given, until `deadline` (checked every 4,096 values).
///
/// Time: that of the sequence's algorithm for about twice the values the proof needs, plus one
/// [`prove_period`] per doubling.
///
/// ```
/// use octal::{SparseSequence, find_period};
/// let mut dawson = SparseSequence::new("0.07".parse().unwrap());
/// let proof = find_period(&mut dawson, 10_000, None).unwrap();
/// assert_eq!((proof.preperiod, proof.period), (53, 34));
/// ```
pub fn find_period(
    sequence: &mut impl GrundySequence,
    max_values: usize,
    deadline: Option<Instant>,
) -> Result<Periodicity, Unproven> {
    let mut target = 64.min(max_values);
    loop {
        while sequence.values().len() < target {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(Unproven::Deadline { values: sequence.values().len() });
            }
            sequence.extend_to(target.min(sequence.values().len() + 4096));
        }
        if let Some(proof) = prove_period(sequence.code(), sequence.values()) {
            return Ok(proof);
        }
        if target >= max_values {
            return Err(Unproven::Limit { values: sequence.values().len() });
        }
        target = (2 * target).min(max_values);
    }
}

//! Choosing a Grundy-sequence engine at run time: the three engines that compute
//! `G(0), ..., G(len - 1)` of any finite code, behind one enum, and the answer for single heaps
//! that every judge built on an octal game asks for.

use crate::code::OctalCode;
use crate::game::OctalGame;
use crate::sequence::{naive_grundy, sparse_grundy};
use solver_core::{AcyclicError, grundy_table};

/// An engine that computes a Grundy sequence, for choosing one at run time (`--engine`) and
/// for comparing them. All three give the same values on every code; they differ in speed.
///
/// ```
/// use octal::{Method, OctalCode};
///
/// let kayles: OctalCode = "0.77".parse().unwrap();
/// for method in Method::ALL {
///     assert_eq!(method.values(&kayles, 6).unwrap(), [0, 1, 2, 3, 1, 4], "{}", method.name());
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// [`naive_grundy`]: every split of every remainder; best with many removals.
    Naive,
    /// [`sparse_grundy`]: the rare/common method; best on long sequences with a sparse space.
    Sparse,
    /// [`solver_core::grundy_table`] on [`OctalGame`]: the generic engine, every option
    /// generated.
    Grundy,
}

/// Why a sequence could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SequenceError {
    /// More heaps than [`OctalGame`] numbers (heap sizes are `u32`).
    #[error(transparent)]
    TooManyHeaps(#[from] std::num::TryFromIntError),
    /// solver-core's engine refused the game.
    #[error(transparent)]
    Engine(#[from] AcyclicError),
}

impl Method {
    /// Every method, the default of the judges first.
    pub const ALL: [Method; 3] = [Method::Naive, Method::Sparse, Method::Grundy];

    /// The largest heap the quadratic methods ([`Method::Naive`], [`Method::Grundy`]) are
    /// asked to reach where speed matters (`gamesolve stats`): about a minute of work for a
    /// code with splits. The sparse-space method has no such limit.
    pub const QUADRATIC_MAX_HEAP: usize = 100_000;

    /// The method's name on the command line and in timings: `naive`, `sparse`, `grundy`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Naive => "naive",
            Method::Sparse => "sparse",
            Method::Grundy => "grundy",
        }
    }

    /// Whether the method is practical for heaps up to `max_heap`: the sparse-space method
    /// always is, the quadratic ones up to [`Method::QUADRATIC_MAX_HEAP`].
    pub fn practical_up_to(self, max_heap: usize) -> bool {
        match self {
            Method::Sparse => true,
            Method::Naive | Method::Grundy => max_heap <= Method::QUADRATIC_MAX_HEAP,
        }
    }

    /// `G(0), ..., G(len - 1)` of `code` (nothing for `len` 0).
    pub fn values(self, code: &OctalCode, len: usize) -> Result<Vec<u32>, SequenceError> {
        match self {
            Method::Naive => Ok(naive_grundy(code, len)),
            Method::Sparse => Ok(sparse_grundy(code, len)),
            Method::Grundy => {
                let max_heap = u32::try_from(len.saturating_sub(1))?;
                let values = grundy_table(&OctalGame::new(code.clone(), max_heap))?;
                Ok(values.into_iter().take(len).map(|v| v.0).collect())
            }
        }
    }

    /// For each heap size in `heaps`: whether the player to move on that one heap wins, which
    /// is when its Grundy value is not 0. One sequence serves them all, as long as the largest.
    ///
    /// ```
    /// use octal::{Method, OctalCode};
    ///
    /// // Rows where a move removes 2 consecutive stones (Dawson's Kayles): G = 0, 0, 1, 1, 2, 0.
    /// let rows = OctalCode::from_removals([2]);
    /// assert_eq!(Method::Sparse.heap_winners(&rows, &[0, 1, 2, 5]).unwrap(), [false, false, true, false]);
    /// ```
    pub fn heap_winners(self, code: &OctalCode, heaps: &[u32]) -> Result<Vec<bool>, SequenceError> {
        let longest = heaps.iter().copied().max().unwrap_or(0) as usize;
        let values = self.values(code, longest + 1)?;
        Ok(heaps.iter().map(|&heap| values[heap as usize] != 0).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_gives_the_same_values() {
        for code in ["0.77", "0.07", "0.137", "4.7", "0.16"] {
            let code: OctalCode = code.parse().unwrap();
            let values = Method::Naive.values(&code, 300).unwrap();
            for method in Method::ALL {
                assert_eq!(method.values(&code, 300).unwrap(), values, "{} on {code}", method.name());
            }
        }
        for method in Method::ALL {
            assert_eq!(method.values(&"0.77".parse().unwrap(), 0).unwrap(), Vec::<u32>::new());
        }
    }

    #[test]
    fn only_the_sparse_method_runs_unbounded() {
        assert!(Method::Sparse.practical_up_to(10_000_000));
        assert!(Method::Naive.practical_up_to(100_000) && !Method::Naive.practical_up_to(100_001));
        assert!(!Method::Grundy.practical_up_to(100_001));
    }

    #[test]
    fn no_heaps_ask_for_nothing() {
        assert_eq!(Method::Grundy.heap_winners(&OctalCode::from_removals([1]), &[]).unwrap(), Vec::<bool>::new());
    }
}

//! The rules restated for the naive oracle, on whole positions and without Sprague-Grundy
//! theory: every row or heap of a position together, or the actual circle of beads.
//!
//! Nothing here is shared with the engine side ([`OctalGame`](crate::OctalGame), the
//! sequences): the moves are derived again from the problem statements, so that
//! `oracle::solve_loopy` (a win/lose search, normal play: no move = loss) checks the engines,
//! the Sprague-Grundy theorem and the judges' reductions all at once.

use crate::code::OctalCode;
use solver_core::{Game, ImpartialRules, Rules, Terminal};

/// Rows of stones (hdu2999): a move removes a block of `k` consecutive stones from one row,
/// `k` one of the block sizes; what is left of the row on each side stays as a row.
///
/// A state is the multiset of row lengths, sorted, without empty rows.
///
/// ```
/// use octal::plain::Rows;
/// use oracle::{Budget, solve_loopy};
/// use solver_core::Outcome;
///
/// let rows = Rows::new([2]);
/// // Two rows of 2: whatever the first player takes, the second takes the other row.
/// let values = solve_loopy(&rows, [vec![2, 2]], Budget::new(100)).unwrap();
/// assert_eq!(values[&vec![2, 2]], Outcome::Loss(2));
/// ```
#[derive(Debug, Clone)]
pub struct Rows {
    blocks: Vec<u32>,
}

impl Rows {
    /// Rows where a move removes a block of one of these sizes (0 is ignored).
    pub fn new(blocks: impl IntoIterator<Item = u32>) -> Rows {
        let mut blocks: Vec<u32> = blocks.into_iter().filter(|&b| b > 0).collect();
        blocks.sort_unstable();
        blocks.dedup();
        Rows { blocks }
    }
}

/// `rows` without the row at `index`, plus the nonempty `pieces`, sorted.
fn replace_row(rows: &[u32], index: usize, pieces: &[u32]) -> Vec<u32> {
    let mut next: Vec<u32> = rows.iter().enumerate().filter(|&(i, _)| i != index).map(|(_, &r)| r).collect();
    next.extend(pieces.iter().copied().filter(|&p| p > 0));
    next.sort_unstable();
    next
}

impl Game for Rows {
    type State = Vec<u32>;
}

impl Rules for Rows {
    fn terminal(&self, _: &Vec<u32>) -> Option<Terminal> {
        None
    }

    fn successors(&self, rows: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (index, &row) in rows.iter().enumerate() {
            for &block in self.blocks.iter().filter(|&&b| b <= row) {
                // The block starts after `before` stones and leaves the rest after it.
                for before in 0..=row - block {
                    out.push(replace_row(rows, index, &[before, row - block - before]));
                }
            }
        }
    }
}

/// Heaps under an octal code: a move removes `k` tokens from one heap and leaves, as digit
/// `d_k` allows, nothing (bit 1, the heap had exactly `k`), one heap (bit 2) or two heaps
/// (bit 4), every heap left nonempty. Heaps have no order, so a split into two heaps is one
/// move whichever side each is on: each option is listed once.
///
/// As [`Rules`] a state is the whole position, the sorted multiset of heaps; as
/// [`ImpartialRules`] (for `oracle::GrundyOracle`) a state is one heap and a move leads to the
/// sum of the heaps it leaves.
#[derive(Debug, Clone)]
pub struct Heaps {
    digits: Vec<u8>,
}

impl Heaps {
    /// The heaps of `code`.
    pub fn new(code: &OctalCode) -> Heaps {
        Heaps { digits: code.digits().to_vec() }
    }

    /// Calls `leave` with what each move on one heap of `heap` tokens may leave.
    fn moves_on(&self, heap: u32, mut leave: impl FnMut(&[u32])) {
        for (k, &digit) in self.digits.iter().enumerate() {
            let Some(left) = heap.checked_sub(k as u32) else { break };
            if left == 0 && digit & 1 != 0 {
                leave(&[]);
            }
            if left > 0 && k > 0 && digit & 2 != 0 {
                leave(&[left]);
            }
            if digit & 4 != 0 {
                // Heaps have no order: `first` and `left - first` is one move, listed once.
                for first in 1..=left / 2 {
                    leave(&[first, left - first]);
                }
            }
        }
    }
}

impl Game for Heaps {
    type State = Vec<u32>;
}

impl Rules for Heaps {
    fn terminal(&self, _: &Vec<u32>) -> Option<Terminal> {
        None
    }

    fn successors(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (index, &heap) in heaps.iter().enumerate() {
            self.moves_on(heap, |pieces| out.push(replace_row(heaps, index, pieces)));
        }
    }
}

/// One heap of [`Heaps`], for the Grundy oracle.
#[derive(Debug, Clone)]
pub struct Heap(pub Heaps);

impl Game for Heap {
    type State = u32;
}

impl ImpartialRules for Heap {
    fn options(&self, heap: &u32, option: &mut dyn FnMut(&[u32])) {
        self.0.moves_on(*heap, |pieces| option(pieces));
    }
}

/// A circular chain of beads (hdu3980): a move paints `block` consecutive unpainted beads,
/// consecutive around the circle.
///
/// A state is the set of painted beads as a bit mask (bead `i` is bit `i`), so at most 64 beads.
///
/// ```
/// use octal::plain::BeadCircle;
/// use oracle::{Budget, solve_loopy};
/// use solver_core::Outcome;
///
/// // Four beads, paint two: after the first move the other two are painted, and the first
/// // player cannot move again.
/// let circle = BeadCircle::new(4, 2).unwrap();
/// let values = solve_loopy(&circle, [0], Budget::new(100)).unwrap();
/// assert_eq!(values[&0], Outcome::Loss(2));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct BeadCircle {
    beads: u32,
    block: u32,
}

impl BeadCircle {
    /// The most beads a state can hold.
    pub const MAX_BEADS: u32 = 64;

    /// A circle of `beads` beads (1 to 64) where a move paints `block` of them; `None` if the
    /// circle does not fit a state.
    pub fn new(beads: u32, block: u32) -> Option<BeadCircle> {
        (1..=Self::MAX_BEADS).contains(&beads).then_some(BeadCircle { beads, block })
    }
}

impl Game for BeadCircle {
    type State = u64;
}

impl Rules for BeadCircle {
    fn terminal(&self, _: &u64) -> Option<Terminal> {
        None
    }

    fn successors(&self, painted: &u64, out: &mut Vec<u64>) {
        // A block longer than the circle would paint some bead twice.
        if self.block == 0 || self.block > self.beads {
            return;
        }
        for start in 0..self.beads {
            let block: u64 = (0..self.block).map(|i| 1u64 << ((start + i) % self.beads)).fold(0, |a, b| a | b);
            if painted & block == 0 {
                out.push(painted | block);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn next<R: Rules>(rules: &R, state: R::State) -> Vec<R::State> {
        let mut out = Vec::new();
        rules.successors(&state, &mut out);
        out
    }

    #[test]
    fn rows_remove_blocks_anywhere() {
        // A row of 4, blocks of 2: from the left end, the middle, the right end.
        assert_eq!(next(&Rows::new([2, 2, 0]), vec![4]), vec![vec![2], vec![1, 1], vec![2]]);
        assert_eq!(next(&Rows::new([3]), vec![1, 2]), Vec::<Vec<u32>>::new());
        assert_eq!(next(&Rows::new([1]), vec![1, 3]), vec![vec![3], vec![1, 2], vec![1, 1, 1], vec![1, 2]]);
    }

    #[test]
    fn heaps_follow_the_digit_bits() {
        let heaps = Heaps::new(&"0.16".parse().unwrap());
        // d1 = 1: a heap of 1 may vanish; d2 = 6: a heap of 4 may become 2 or 1 + 1.
        assert_eq!(next(&heaps, vec![1, 4]), vec![vec![4], vec![1, 2], vec![1, 1, 1]]);
        let split_only = Heaps::new(&"4.0".parse().unwrap());
        assert_eq!(next(&split_only, vec![3]), vec![vec![1, 2]]);
        assert_eq!(next(&split_only, vec![4]), vec![vec![1, 3], vec![2, 2]]);
    }

    #[test]
    fn circles_paint_around_the_join() {
        let circle = BeadCircle::new(3, 2).unwrap();
        assert_eq!(next(&circle, 0), vec![0b011, 0b110, 0b101]);
        assert_eq!(next(&circle, 0b001), vec![0b111]);
        assert!(next(&BeadCircle::new(2, 3).unwrap(), 0).is_empty());
        assert!(BeadCircle::new(65, 1).is_none());
    }
}

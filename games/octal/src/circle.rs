//! A circle of beads (hdu3980), reduced to a row of the octal game by its first move.
//!
//! A move paints `block` consecutive unpainted beads, consecutive around the circle. On an
//! untouched circle every first move is the same up to rotation: it leaves `beads - block`
//! unpainted beads in a row with painted beads at both ends. A move in that row paints a block
//! at an end, in the middle (splitting the row in two) or the whole row, which is a heap of
//! the code with `d_block = 7` ([`OctalCode::from_removals`]). So the first player, having
//! moved, wins exactly when that row is lost for the player to move: `G(beads - block) = 0`.
//! With fewer beads than a block there is no first move, and the first player loses.
//!
//! [`plain::BeadCircle`](crate::plain::BeadCircle) plays the circle itself, bead by bead, for
//! the oracle that checks this reduction.

use crate::code::OctalCode;
use crate::method::{Method, SequenceError};
use std::collections::BTreeMap;

/// A circle of `beads` beads where a move paints `block` consecutive unpainted ones, nothing
/// painted yet.
///
/// ```
/// use octal::{Circle, Method};
///
/// // hdu3980's sample: 3 beads painted 1 at a time open into a row of 2, worth 0 (won for the
/// // first player); 4 beads painted 2 at a time open into a row of 2, worth 1 (lost).
/// let sample = [Circle::new(3, 1), Circle::new(4, 2)];
/// assert_eq!(sample[0].opened(), Some(2));
/// assert_eq!(Circle::winners(&sample, Method::Naive).unwrap(), [true, false]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Circle {
    /// How many beads.
    pub beads: u32,
    /// How many consecutive beads a move paints.
    pub block: u32,
}

impl Circle {
    /// The circle of `beads` beads, `block` painted a move.
    pub fn new(beads: u32, block: u32) -> Circle {
        Circle { beads, block }
    }

    /// The rules of the row the circle opens into: remove `block` consecutive beads anywhere.
    pub fn row_code(self) -> OctalCode {
        OctalCode::from_removals([self.block as usize])
    }

    /// The unpainted row every first move leaves (`beads - block`), or `None` when there is no
    /// first move (more beads to a block than the circle has, or a block of 0).
    pub fn opened(self) -> Option<u32> {
        (self.block > 0).then(|| self.beads.checked_sub(self.block)).flatten()
    }

    /// Whether the first player wins, given the Grundy values of [`Circle::row_code`] up to at
    /// least the [opened](Circle::opened) row: she has a first move, and the row it leaves is
    /// worth 0.
    pub fn first_player_wins(self, row_values: &[u32]) -> bool {
        self.opened().is_some_and(|row| row_values[row as usize] == 0)
    }

    /// For each circle, whether the first player wins: one sequence per block size, as long
    /// as its longest opened row, computed by `method`.
    pub fn winners(circles: &[Circle], method: Method) -> Result<Vec<bool>, SequenceError> {
        let mut longest: BTreeMap<u32, u32> = BTreeMap::new();
        for circle in circles {
            if let Some(row) = circle.opened() {
                let slot = longest.entry(circle.block).or_insert(row);
                *slot = (*slot).max(row);
            }
        }
        let mut tables: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
        for (&block, &row) in &longest {
            tables.insert(block, method.values(&OctalCode::from_removals([block as usize]), row as usize + 1)?);
        }
        let no_table = Vec::new();
        Ok(circles.iter().map(|c| c.first_player_wins(tables.get(&c.block).unwrap_or(&no_table))).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_move_opens_the_circle() {
        assert_eq!(Circle::new(7, 7).opened(), Some(0));
        assert_eq!(Circle::new(3, 5).opened(), None);
        assert_eq!(Circle::new(3, 0).opened(), None);
        assert_eq!(Circle::new(10, 3).row_code().to_string(), "0.007");
    }

    #[test]
    fn circles_by_hand() {
        // 7 7: one move paints everything (win); 3 5: no move (loss); 5 3 leaves 2 beads, too
        // few for a block (win); 1000 1: 1000 single moves, the second player makes the last.
        let circles = [Circle::new(7, 7), Circle::new(3, 5), Circle::new(5, 3), Circle::new(1000, 1)];
        for method in Method::ALL {
            assert_eq!(Circle::winners(&circles, method).unwrap(), [true, false, true, false], "{}", method.name());
        }
    }
}

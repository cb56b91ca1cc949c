//! The rules restated for the oracle: two plain arrays of card values in the order they were
//! dealt, no sorting, no ranking, no tables ([`PlainCards`]). Nothing here is shared with the
//! engine side. [`SortedCards`] only sorts the arrays the naive rules produce, so that the space
//! checks can compare them with the space's sorted hands as sets.

use crate::Position;
use solver_core::{Game, Rules, Terminal};

/// The card game with values modulo `modulus`, on unsorted arrays (any number of cards).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlainCards {
    /// The modulus `m`.
    pub modulus: u8,
}

/// A position as dealt: the cards of the player to move and of the other player, in any order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct PlainPosition {
    /// The cards of the player to move.
    pub mover: Vec<u8>,
    /// The cards of the other player.
    pub opponent: Vec<u8>,
}

impl Game for PlainCards {
    type State = PlainPosition;
}

impl Rules for PlainCards {
    /// A player whose cards are all 0 has won, whoever is to move; the mover is looked at first.
    fn terminal(&self, p: &PlainPosition) -> Option<Terminal> {
        if p.mover.iter().all(|&c| c == 0) {
            Some(Terminal::Win)
        } else if p.opponent.iter().all(|&c| c == 0) {
            Some(Terminal::Loss)
        } else {
            None
        }
    }

    /// Card `i` of the mover (not 0) takes `(mover[i] + opponent[j]) mod m` for a card `j` of the
    /// opponent (not 0); then the other player is to move.
    fn successors(&self, p: &PlainPosition, out: &mut Vec<PlainPosition>) {
        for i in 0..p.mover.len() {
            for j in 0..p.opponent.len() {
                if p.mover[i] != 0 && p.opponent[j] != 0 {
                    let mut after = p.mover.clone();
                    after[i] = ((p.mover[i] as u16 + p.opponent[j] as u16) % self.modulus as u16) as u8;
                    out.push(PlainPosition { mover: p.opponent.clone(), opponent: after });
                }
            }
        }
    }
}

impl PlainPosition {
    /// The cards of a position of [`Cards`](crate::Cards)' space, as plain arrays (sorted, as
    /// the space keeps them): how an [`OracleSide`](workbench::check::OracleSide) maps a
    /// [`Position`] to the plain rules.
    pub fn of(position: &Position) -> PlainPosition {
        PlainPosition { mover: position.mover.values().to_vec(), opponent: position.opponent.values().to_vec() }
    }

    /// The position with each hand's cards in ascending order: the form a hand has as a
    /// multiset, which is how [`Cards`](crate::Cards) writes its positions.
    pub fn sorted(mut self) -> PlainPosition {
        self.mover.sort_unstable();
        self.opponent.sort_unstable();
        self
    }
}

/// [`PlainCards`] with every position it reaches written sorted ([`PlainPosition::sorted`]):
/// the same moves, computed the same naive way, only compared as multisets. The space checks
/// compare it with [`Cards`](crate::Cards) position by position, whose positions are sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SortedCards(pub PlainCards);

impl Game for SortedCards {
    type State = PlainPosition;
}

impl Rules for SortedCards {
    fn terminal(&self, p: &PlainPosition) -> Option<Terminal> {
        self.0.terminal(p)
    }

    fn successors(&self, p: &PlainPosition, out: &mut Vec<PlainPosition>) {
        let from = out.len();
        self.0.successors(p, out);
        for after in &mut out[from..] {
            *after = std::mem::take(after).sorted();
        }
    }
}

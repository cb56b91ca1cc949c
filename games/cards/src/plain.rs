//! The rules restated for the oracle: two plain arrays of card values in the order they were
//! dealt, no sorting, no ranking, no tables. Nothing here is shared with the engine side.

use solver_core::{Game, Rules, Terminal};

/// The card game with values modulo `modulus`, on unsorted arrays (any number of cards).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlainCards {
    /// The modulus `m`.
    pub modulus: u8,
}

/// A position as dealt: the cards of the player to move and of the other player, in any order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
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

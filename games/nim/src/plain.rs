//! The rules again, for the oracle: whole positions on plain states, written from the problem
//! statements and sharing no move code, no ranking and no Grundy theory with the engine side.
//!
//! - [`PlainPiles`]: a sum of heaps, each with its own take rule, as one position (a sorted list
//!   of heaps). A win/loss search over it checks the claim that a sum is won iff the xor of the
//!   parts' Grundy values is not zero, without assuming it.
//! - [`PlainHeap`]: one heap with its take rule, as impartial rules for the Grundy oracle.
//! - [`PlainNorthcott`]: the real Northcott board, every row at once, with whose turn it is.

use solver_core::{Game, ImpartialRules, Rules, Terminal};

/// Which numbers of stones a move may take from a heap.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Take {
    /// Any positive number (Nim).
    Any,
    /// Between 1 and this many (Bash's game).
    AtMost(u32),
    /// Exactly one of these numbers (a subtraction set).
    OneOf(Vec<u32>),
}

impl Take {
    /// Whether a move may take `k` stones (`k >= 1`).
    pub fn allows(&self, k: u32) -> bool {
        match self {
            Take::Any => true,
            Take::AtMost(most) => k <= *most,
            Take::OneOf(set) => set.contains(&k),
        }
    }

    /// No move may take more than this from a heap of `stones` (a bound for loops over `k`).
    pub fn most(&self, stones: u32) -> u32 {
        match self {
            Take::Any => stones,
            Take::AtMost(most) => stones.min(*most),
            Take::OneOf(set) => stones.min(set.iter().copied().max().unwrap_or(0)),
        }
    }
}

/// A sum of heaps as one position. A state is a sorted list of `(rule, stones)`: the index of the
/// heap's rule in [`PlainPiles::rules`] and its stones; empty heaps are dropped (nobody can take
/// from them). A move takes from exactly one heap; who cannot move loses.
#[derive(Debug, Clone)]
pub struct PlainPiles {
    /// The take rule of each kind of heap.
    pub rules: Vec<Take>,
}

impl PlainPiles {
    /// The state of these `(rule, stones)` heaps.
    pub fn state(heaps: impl IntoIterator<Item = (usize, u32)>) -> Vec<(usize, u32)> {
        let mut state: Vec<(usize, u32)> = heaps.into_iter().filter(|h| h.1 > 0).collect();
        state.sort_unstable();
        state
    }
}

impl Game for PlainPiles {
    type State = Vec<(usize, u32)>;
}

impl Rules for PlainPiles {
    fn terminal(&self, _: &Self::State) -> Option<Terminal> {
        None
    }

    fn successors(&self, heaps: &Self::State, out: &mut Vec<Self::State>) {
        for (i, &(rule, stones)) in heaps.iter().enumerate() {
            let take = &self.rules[rule];
            for k in 1..=take.most(stones) {
                if take.allows(k) {
                    let mut next = heaps.clone();
                    next[i].1 = stones - k;
                    out.push(PlainPiles::state(next));
                }
            }
        }
    }
}

/// One heap under a take rule, as impartial rules on its number of stones.
#[derive(Debug, Clone)]
pub struct PlainHeap {
    /// What a move may take.
    pub take: Take,
}

impl Game for PlainHeap {
    type State = u32;
}

impl ImpartialRules for PlainHeap {
    fn options(&self, stones: &u32, option: &mut dyn FnMut(&[u32])) {
        for k in 1..=self.take.most(*stones) {
            if self.take.allows(k) {
                option(&[stones - k]);
            }
        }
    }
}

/// The real Northcott board on `cols` columns, every row at once. A state is the sorted list of
/// rows `(tom's column, jerry's column)` (the rows' order does not matter to play) and whether it
/// is Tom's turn. The player to move slides one of his own pieces to another empty cell of its
/// row without passing over the opponent's piece; who cannot move loses.
#[derive(Debug, Clone)]
pub struct PlainNorthcott {
    /// Columns `1..=cols`.
    pub cols: u32,
}

impl PlainNorthcott {
    /// The state of these `(tom, jerry)` rows with Tom (`true`) or Jerry to move.
    pub fn state(rows: impl IntoIterator<Item = (u32, u32)>, tom_to_move: bool) -> (Vec<(u32, u32)>, bool) {
        let mut rows: Vec<(u32, u32)> = rows.into_iter().collect();
        rows.sort_unstable();
        (rows, tom_to_move)
    }
}

impl PlainNorthcott {
    /// An upper bound on the positions of `rows` rows reachable from any start: a piece never
    /// passes the other, so a row keeps its side and has at most C(cols, 2) placements; and
    /// either player may be to move.
    pub fn positions_bound(&self, rows: usize) -> u64 {
        let per_row = self.cols as u64 * (self.cols as u64).saturating_sub(1) / 2;
        (0..rows).fold(2u64, |n, _| n.saturating_mul(per_row))
    }
}

impl Game for PlainNorthcott {
    type State = (Vec<(u32, u32)>, bool);
}

impl Rules for PlainNorthcott {
    fn terminal(&self, _: &Self::State) -> Option<Terminal> {
        None
    }

    fn successors(&self, (rows, tom_to_move): &Self::State, out: &mut Vec<Self::State>) {
        for (i, &(tom, jerry)) in rows.iter().enumerate() {
            let (mine, theirs) = if *tom_to_move { (tom, jerry) } else { (jerry, tom) };
            for to in 1..=self.cols {
                let passes_over = mine.min(to) < theirs && theirs < mine.max(to);
                if to == mine || to == theirs || passes_over {
                    continue;
                }
                let mut next = rows.clone();
                next[i] = if *tom_to_move { (to, jerry) } else { (tom, to) };
                out.push(PlainNorthcott::state(next, !tom_to_move));
            }
        }
    }
}

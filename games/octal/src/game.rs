//! The octal game on solver-core's traits: a position is one heap, a move leads to a sum of at
//! most two heaps, and heap sizes rank themselves.

use crate::code::{LEAVE_ONE, LEAVE_TWO, OctalCode, TAKE_ALL};
use solver_core::{Game, ImpartialSpace, PlayOrder, StateId, StateSpace};

/// One heap (or row) of an octal game, for heaps of `0..=max_heap` tokens.
///
/// The id of a heap is its size. Every move removes tokens, so every part of every option is
/// a smaller heap: the space declares [`PlayOrder::Descending`] and solver-core's
/// [`grundy_table`](solver_core::grundy_table) evaluates it in one sweep (it checks the claim on
/// every move).
///
/// It is a space by itself ([`ImpartialSpace`] on ids): it implements no plain rules trait.
/// The same rules restated on plain heaps, for the oracle and the space checks, are
/// [`plain::Heap`](crate::plain::Heap).
///
/// ```
/// use octal::{OctalCode, OctalGame};
/// use solver_core::{Nimber, grundy_table};
///
/// let kayles = OctalGame::new("0.77".parse::<OctalCode>().unwrap(), 8);
/// let values = grundy_table(&kayles).unwrap();
/// assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1].map(Nimber));
/// ```
#[derive(Debug, Clone)]
pub struct OctalGame {
    code: OctalCode,
    len: u32,
}

impl OctalGame {
    /// The game of `code` on heaps of at most `max_heap` tokens (at most `u32::MAX - 2`).
    pub fn new(code: OctalCode, max_heap: u32) -> OctalGame {
        let max_heap = max_heap.min(u32::MAX - 2);
        OctalGame { code, len: max_heap + 1 }
    }

    /// The rules.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// Calls `option` with the heaps left by each move from a heap of `heap` tokens: nothing,
    /// one heap, or two heaps (each split once, smaller part first).
    fn each_option(&self, heap: u32, mut option: impl FnMut(&[u32])) {
        let heap = heap as usize;
        for k in 0..=self.code.max_removal().min(heap) {
            let digit = self.code.digit(k);
            let rest = (heap - k) as u32;
            if digit & TAKE_ALL != 0 && rest == 0 {
                option(&[]);
            }
            if digit & LEAVE_ONE != 0 && rest > 0 {
                option(&[rest]);
            }
            if digit & LEAVE_TWO != 0 {
                for left in 1..=rest / 2 {
                    option(&[left, rest - left]);
                }
            }
        }
    }
}

impl Game for OctalGame {
    type State = u32;
}

impl StateSpace for OctalGame {
    fn len(&self) -> usize {
        self.len as usize
    }

    fn rank(&self, heap: &u32) -> StateId {
        assert!(*heap < self.len, "heap {heap} is outside the space of heaps below {}", self.len);
        StateId::from_u32(*heap).expect("heaps stay below StateId::LIMIT")
    }

    fn unrank(&self, id: StateId) -> u32 {
        id.as_u32()
    }

    fn play_order(&self) -> Option<PlayOrder> {
        Some(PlayOrder::Descending)
    }
}

impl ImpartialSpace for OctalGame {
    /// Heaps are their own ids, so options need no ranking and no allocation.
    fn option_ids(&self, id: StateId, option: &mut dyn FnMut(&[StateId])) {
        let mut ids = [id; 2];
        self.each_option(id.as_u32(), |parts| {
            for (slot, &part) in ids.iter_mut().zip(parts) {
                *slot = StateId::from_u32(part).expect("a part is smaller than its heap");
            }
            option(&ids[..parts.len()]);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(code: &str, heap: u32) -> Vec<Vec<u32>> {
        let game = OctalGame::new(code.parse().unwrap(), 20);
        let mut out = Vec::new();
        game.each_option(heap, |parts| out.push(parts.to_vec()));
        out
    }

    #[test]
    fn digits_mean_what_they_say() {
        // Kayles, heap of 3: take 1 (from an end, or the middle), take 2 (from an end).
        assert_eq!(options("0.77", 3), vec![vec![2], vec![1, 1], vec![1]]);
        // 0.16: take 1 only as a whole heap; take 2 from an end or the middle.
        assert_eq!(options("0.16", 1), vec![Vec::<u32>::new()]);
        assert_eq!(options("0.16", 5), vec![vec![3], vec![1, 2]]);
        // 4.0: split without removing anything.
        assert_eq!(options("4.0", 4), vec![vec![1, 3], vec![2, 2]]);
    }

    #[test]
    fn ranking_is_the_identity_and_ids_match_heaps() {
        let game = OctalGame::new("0.137".parse().unwrap(), 30);
        for id in StateId::all(game.len()) {
            assert_eq!(game.rank(&game.unrank(id)), id);
            let (mut by_heap, mut by_id) = (Vec::new(), Vec::new());
            game.each_option(game.unrank(id), |p| by_heap.push(p.iter().map(|s| game.rank(s)).collect::<Vec<_>>()));
            game.option_ids(id, &mut |p| by_id.push(p.to_vec()));
            assert_eq!(by_heap, by_id);
        }
    }
}

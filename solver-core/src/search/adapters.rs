//! Search for free: [`SearchGame`] for the dense spaces of the whole-space engines and for plain
//! rules. Slower than a game's own implementation (no move ordering, a move goes through the
//! space's move lists), exact all the same.

use super::{Played, SearchGame};
use crate::{ImpartialSpace, LoopySpace, Rules, ScoredMove, ScoringRules, ScoringSpace, StateId, Terminal};

/// An acyclic [`LoopySpace`] searched on ids: position and key are the id, a move is the
/// child's id.
pub struct SpaceSearch<'a, G: ?Sized> {
    space: &'a G,
}

impl<'a, G: LoopySpace + ?Sized> SpaceSearch<'a, G> {
    /// Searches `space`, which must be acyclic from the positions searched.
    pub fn new(space: &'a G) -> SpaceSearch<'a, G> {
        SpaceSearch { space }
    }
}

/// A [`ScoringSpace`] searched on ids: position and key are the id, a move is a
/// [`ScoredMove`] of ids.
pub struct ScoringSpaceSearch<'a, G: ?Sized> {
    space: &'a G,
}

impl<'a, G: ScoringSpace + ?Sized> ScoringSpaceSearch<'a, G> {
    /// Searches `space`.
    pub fn new(space: &'a G) -> ScoringSpaceSearch<'a, G> {
        ScoringSpaceSearch { space }
    }
}

/// Sums of an [`ImpartialSpace`]'s positions searched for win or loss (normal play): a
/// position is an [`ImpartialSum`], a move replaces one part by the parts of one of its options.
pub struct ImpartialSpaceSearch<'a, G: ?Sized> {
    space: &'a G,
    /// The bits one part takes in a key: enough for every id and one more value, so that a
    /// key of parts + 1 (0 free) says where the sum ends.
    part_bits: u32,
}

impl<'a, G: ImpartialSpace + ?Sized> ImpartialSpaceSearch<'a, G> {
    /// Searches sums of `space`'s positions.
    pub fn new(space: &'a G) -> ImpartialSpaceSearch<'a, G> {
        let part_bits = (u64::BITS - (space.len() as u64).leading_zeros()).max(1);
        ImpartialSpaceSearch { space, part_bits }
    }
}

/// A sum of positions of an impartial space, in a canonical form: sorted, and two equal parts
/// cancelled (G + G is a loss for the player to move, so dropping the pair keeps the value).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ImpartialSum {
    parts: Vec<StateId>,
}

impl ImpartialSum {
    /// The sum of `parts`, in canonical form.
    pub fn new(parts: impl IntoIterator<Item = StateId>) -> ImpartialSum {
        let mut sorted: Vec<StateId> = parts.into_iter().collect();
        sorted.sort_unstable();
        let mut parts: Vec<StateId> = Vec::with_capacity(sorted.len());
        for part in sorted {
            if parts.last() == Some(&part) {
                parts.pop();
            } else {
                parts.push(part);
            }
        }
        ImpartialSum { parts }
    }

    /// Its parts, sorted, without pairs.
    pub fn parts(&self) -> &[StateId] {
        &self.parts
    }
}

/// An exact key of plain states, for the transposition table.
type StateKey<'a, S> = Box<dyn Fn(&S) -> u128 + Send + Sync + 'a>;

/// Plain win/loss/tie [`Rules`] searched on states, without a transposition table unless a
/// key is given ([`PlainRules::with_key`]).
pub struct PlainRules<'a, R: crate::Game + ?Sized> {
    rules: &'a R,
    key: Option<StateKey<'a, R::State>>,
}

/// Plain [`ScoringRules`] searched on states, as [`PlainRules`].
pub struct PlainScoring<'a, R: crate::Game + ?Sized> {
    rules: &'a R,
    key: Option<StateKey<'a, R::State>>,
}

impl<'a, R: Rules + ?Sized> PlainRules<'a, R> {
    /// Searches `rules` without a transposition table.
    pub fn new(rules: &'a R) -> PlainRules<'a, R> {
        PlainRules { rules, key: None }
    }

    /// The same with `key`, exact (equal keys, equal values), for the transposition table.
    pub fn with_key(self, key: impl Fn(&R::State) -> u128 + Send + Sync + 'a) -> PlainRules<'a, R> {
        PlainRules { rules: self.rules, key: Some(Box::new(key)) }
    }
}

impl<'a, R: ScoringRules + ?Sized> PlainScoring<'a, R> {
    /// Searches `rules` without a transposition table.
    pub fn new(rules: &'a R) -> PlainScoring<'a, R> {
        PlainScoring { rules, key: None }
    }

    /// The same with `key`, exact (equal keys, equal values), for the transposition table.
    pub fn with_key(self, key: impl Fn(&R::State) -> u128 + Send + Sync + 'a) -> PlainScoring<'a, R> {
        PlainScoring { rules: self.rules, key: Some(Box::new(key)) }
    }
}

impl<G: LoopySpace + Sync + ?Sized> SearchGame for SpaceSearch<'_, G> {
    type Position = StateId;
    type Move = StateId;

    fn scoring(&self) -> bool {
        false
    }

    fn terminal(&self, id: &StateId) -> Option<Terminal> {
        self.space.terminal_at(*id)
    }

    fn moves(&self, id: &StateId, out: &mut Vec<StateId>) {
        self.space.successor_ids(*id, out);
    }

    fn play(&self, _: &StateId, child: StateId) -> Played<StateId> {
        Played { position: child, gain: 0, again: false }
    }

    fn key(&self, id: &StateId) -> Option<u128> {
        Some(id.index() as u128)
    }
}

impl<G: ScoringSpace + Sync + ?Sized> SearchGame for ScoringSpaceSearch<'_, G> {
    type Position = StateId;
    type Move = ScoredMove<StateId>;

    fn scoring(&self) -> bool {
        true
    }

    fn terminal(&self, _: &StateId) -> Option<Terminal> {
        None
    }

    fn moves(&self, id: &StateId, out: &mut Vec<ScoredMove<StateId>>) {
        self.space.scored_move_ids(*id, out);
    }

    fn play(&self, _: &StateId, mv: ScoredMove<StateId>) -> Played<StateId> {
        Played { position: mv.to, gain: i64::from(mv.gain), again: mv.again }
    }

    fn key(&self, id: &StateId) -> Option<u128> {
        Some(id.index() as u128)
    }
}

/// A move of a sum: which part (its place among the sum's parts) and which of its options.
pub type SumMove = (u32, u32);

impl<G: ImpartialSpace + Sync + ?Sized> ImpartialSpaceSearch<'_, G> {
    /// The parts of option `option` of position `part`.
    fn option(&self, part: StateId, option: u32) -> Vec<StateId> {
        let mut seen = 0;
        let mut chosen = Vec::new();
        self.space.option_ids(part, &mut |parts| {
            if seen == option {
                chosen = parts.to_vec();
            }
            seen += 1;
        });
        chosen
    }
}

impl<G: ImpartialSpace + Sync + ?Sized> SearchGame for ImpartialSpaceSearch<'_, G> {
    type Position = ImpartialSum;
    type Move = SumMove;

    fn scoring(&self) -> bool {
        false
    }

    fn terminal(&self, _: &ImpartialSum) -> Option<Terminal> {
        None
    }

    fn moves(&self, sum: &ImpartialSum, out: &mut Vec<SumMove>) {
        for (at, &part) in sum.parts.iter().enumerate() {
            let mut options = 0;
            self.space.option_ids(part, &mut |_| options += 1);
            out.extend((0..options).map(|option| (at as u32, option)));
        }
    }

    fn play(&self, sum: &ImpartialSum, (at, option): SumMove) -> Played<ImpartialSum> {
        let replaced = sum.parts[at as usize];
        let rest = sum.parts.iter().enumerate().filter(|&(i, _)| i != at as usize).map(|(_, &p)| p);
        let position = ImpartialSum::new(rest.chain(self.option(replaced, option)));
        Played { position, gain: 0, again: false }
    }

    fn key(&self, sum: &ImpartialSum) -> Option<u128> {
        // The sorted parts, each as its id + 1 in `part_bits` bits: one key a sum while they fit
        // in 128 bits (21 parts of a space of 20 ids, 6 of a million). A sum of more parts is
        // searched without the table rather than under a key that two sums could share.
        if sum.parts.len() * self.part_bits as usize > u128::BITS as usize {
            return None;
        }
        Some(sum.parts.iter().fold(0u128, |key, part| key << self.part_bits | (part.index() as u128 + 1)))
    }
}

impl<R: Rules + Sync + ?Sized> SearchGame for PlainRules<'_, R>
where
    R::State: Send,
{
    type Position = R::State;
    type Move = u32;

    fn scoring(&self) -> bool {
        false
    }

    fn terminal(&self, state: &R::State) -> Option<Terminal> {
        self.rules.terminal(state)
    }

    fn moves(&self, state: &R::State, out: &mut Vec<u32>) {
        let mut children = Vec::new();
        self.rules.successors(state, &mut children);
        out.extend(0..children.len() as u32);
    }

    fn play(&self, state: &R::State, mv: u32) -> Played<R::State> {
        let mut children = Vec::new();
        self.rules.successors(state, &mut children);
        Played { position: children.swap_remove(mv as usize), gain: 0, again: false }
    }

    fn key(&self, state: &R::State) -> Option<u128> {
        self.key.as_ref().map(|key| key(state))
    }
}

impl<R: ScoringRules + Sync + ?Sized> SearchGame for PlainScoring<'_, R>
where
    R::State: Send,
{
    type Position = R::State;
    type Move = u32;

    fn scoring(&self) -> bool {
        true
    }

    fn terminal(&self, _: &R::State) -> Option<Terminal> {
        None
    }

    fn moves(&self, state: &R::State, out: &mut Vec<u32>) {
        let mut moves = Vec::new();
        self.rules.scored_moves(state, &mut moves);
        out.extend(0..moves.len() as u32);
    }

    fn play(&self, state: &R::State, mv: u32) -> Played<R::State> {
        let mut moves = Vec::new();
        self.rules.scored_moves(state, &mut moves);
        let ScoredMove { to, gain, again } = moves.swap_remove(mv as usize);
        Played { position: to, gain: i64::from(gain), again }
    }

    fn key(&self, state: &R::State) -> Option<u128> {
        self.key.as_ref().map(|key| key(state))
    }
}

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
}

impl<'a, G: ImpartialSpace + ?Sized> ImpartialSpaceSearch<'a, G> {
    /// Searches sums of `space`'s positions.
    pub fn new(space: &'a G) -> ImpartialSpaceSearch<'a, G> {
        ImpartialSpaceSearch { space }
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
        let _ = parts;
        todo!()
    }

    /// Its parts, sorted, without pairs.
    pub fn parts(&self) -> &[StateId] {
        &self.parts
    }
}

/// Plain win/loss/tie [`Rules`] searched on states, without a transposition table unless a
/// key is given ([`PlainRules::with_key`]).
pub struct PlainRules<'a, R: crate::Game + ?Sized> {
    rules: &'a R,
    key: Option<Box<dyn Fn(&R::State) -> u128 + 'a>>,
}

/// Plain [`ScoringRules`] searched on states, as [`PlainRules`].
pub struct PlainScoring<'a, R: crate::Game + ?Sized> {
    rules: &'a R,
    key: Option<Box<dyn Fn(&R::State) -> u128 + 'a>>,
}

impl<'a, R: Rules + ?Sized> PlainRules<'a, R> {
    /// Searches `rules` without a transposition table.
    pub fn new(rules: &'a R) -> PlainRules<'a, R> {
        PlainRules { rules, key: None }
    }

    /// The same with `key`, exact (equal keys, equal values), for the transposition table.
    pub fn with_key(self, key: impl Fn(&R::State) -> u128 + 'a) -> PlainRules<'a, R> {
        PlainRules { rules: self.rules, key: Some(Box::new(key)) }
    }
}

impl<'a, R: ScoringRules + ?Sized> PlainScoring<'a, R> {
    /// Searches `rules` without a transposition table.
    pub fn new(rules: &'a R) -> PlainScoring<'a, R> {
        PlainScoring { rules, key: None }
    }

    /// The same with `key`, exact (equal keys, equal values), for the transposition table.
    pub fn with_key(self, key: impl Fn(&R::State) -> u128 + 'a) -> PlainScoring<'a, R> {
        PlainScoring { rules: self.rules, key: Some(Box::new(key)) }
    }
}

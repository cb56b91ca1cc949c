//! A space for a game that has only plain rules: the positions reachable from its starts,
//! discovered breadth-first and numbered in the order found, ranked by hashing
//! ([`Discovered`]). With it every engine, the verifier and the oracle run on rules alone, with
//! no rank or unrank to write.
//!
//! ```
//! use solver_core::{Discovered, Game, Outcome, RetrogradeEngine, Rules, StateSpace, Terminal};
//!
//! /// Take 1 or 2 from a heap; who cannot move loses.
//! struct TakeOneOrTwo;
//! impl Game for TakeOneOrTwo {
//!     type State = u32;
//! }
//! impl Rules for TakeOneOrTwo {
//!     fn terminal(&self, _: &u32) -> Option<Terminal> {
//!         None
//!     }
//!     fn successors(&self, heap: &u32, out: &mut Vec<u32>) {
//!         out.extend([1, 2].into_iter().filter(|&t| t <= *heap).map(|t| heap - t));
//!     }
//! }
//!
//! let space = Discovered::loopy(TakeOneOrTwo, [10], 1_000).unwrap();
//! assert_eq!(space.len(), 11);
//! let table = RetrogradeEngine::ReverseGraph.solve_by_moves(&space).unwrap().unwrap();
//! // A multiple of 3 is lost: 9 loses in 6 plies, 10 wins by taking 1.
//! assert_eq!(table.get(space.rank(&9)), Outcome::Loss(6));
//! assert_eq!(table.get(space.rank(&10)), Outcome::Win(7));
//! assert_eq!(space.try_rank(&11), None);
//! ```

use crate::limits::{SpaceTooLarge, within_limit};
use crate::{Game, ImpartialRules, Rules, ScoredMove, ScoringRules, StateId, StateSpace, Terminal};
use std::collections::HashMap;

/// The positions reachable from some starts under rules `R`, numbered in the order a
/// breadth-first search finds them (the starts first). A state space for the rules, and the
/// rules themselves, so the id-level traits come for free ([`crate::LoopySpace`] from
/// [`Rules`], [`crate::ImpartialSpace`] from [`ImpartialRules`], [`crate::ScoringSpace`] from
/// [`ScoringRules`]).
///
/// Memory: each position once in a vector and once in a hash map, plus the map's overhead;
/// ranking is a hash lookup, unranking a clone. Built by [`Discovered::loopy`],
/// [`Discovered::impartial`] or [`Discovered::scoring`], each refusing more than a given
/// number of positions.
pub struct Discovered<R: Game> {
    rules: R,
    states: Vec<R::State>,
    ids: HashMap<R::State, StateId>,
}

impl<R: Game> Discovered<R> {
    /// The positions reachable from `starts` when the positions next to a position are
    /// `next(rules, position)`, at most `most` of them.
    fn discover(
        rules: R,
        starts: impl IntoIterator<Item = R::State>,
        most: usize,
        next: impl Fn(&R, &R::State, &mut Vec<R::State>),
    ) -> Result<Discovered<R>, SpaceTooLarge> {
        let most = within_limit(most)?;
        let mut space = Discovered { rules, states: Vec::new(), ids: HashMap::new() };
        for start in starts {
            space.insert(start, most)?;
        }
        let mut found = Vec::new();
        let mut at = 0;
        while at < space.states.len() {
            found.clear();
            next(&space.rules, &space.states[at], &mut found);
            for state in found.drain(..) {
                space.insert(state, most)?;
            }
            at += 1;
        }
        Ok(space)
    }

    /// Numbers `state` if it is new: past `most` positions, the space is too large.
    fn insert(&mut self, state: R::State, most: usize) -> Result<(), SpaceTooLarge> {
        if self.ids.contains_key(&state) {
            return Ok(());
        }
        if self.states.len() == most {
            return Err(SpaceTooLarge { len: most + 1, limit: most });
        }
        let id = StateId::new(self.states.len()).expect("at most the retrograde limit of positions, all ids");
        self.ids.insert(state.clone(), id);
        self.states.push(state);
        Ok(())
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }
}

impl<R: Rules> Discovered<R> {
    /// The positions of loopy rules reachable from `starts` (a finished position's moves are
    /// not followed), at most `most` of them. Time `O(N + E)` hash operations.
    pub fn loopy(rules: R, starts: impl IntoIterator<Item = R::State>, most: usize) -> Result<Self, SpaceTooLarge> {
        Discovered::discover(rules, starts, most, |rules, state, out| {
            if rules.terminal(state).is_none() {
                rules.successors(state, out);
            }
        })
    }
}

impl<R: ImpartialRules> Discovered<R> {
    /// The positions of impartial rules reachable from `starts`, each part of an option a
    /// position of its own, at most `most` of them.
    pub fn impartial(rules: R, starts: impl IntoIterator<Item = R::State>, most: usize) -> Result<Self, SpaceTooLarge> {
        Discovered::discover(rules, starts, most, |rules, state, out| {
            rules.options(state, &mut |parts| out.extend(parts.iter().cloned()));
        })
    }
}

impl<R: ScoringRules> Discovered<R> {
    /// The positions of scoring rules reachable from `starts`, at most `most` of them.
    pub fn scoring(rules: R, starts: impl IntoIterator<Item = R::State>, most: usize) -> Result<Self, SpaceTooLarge> {
        Discovered::discover(rules, starts, most, |rules, state, out| {
            let mut moves = Vec::new();
            rules.scored_moves(state, &mut moves);
            out.extend(moves.into_iter().map(|m| m.to));
        })
    }
}

impl<R: Game> Game for Discovered<R> {
    type State = R::State;
}

impl<R: Game> StateSpace for Discovered<R> {
    fn len(&self) -> usize {
        self.states.len()
    }

    /// Panics on a position the search did not reach; [`StateSpace::try_rank`] does not.
    fn rank(&self, state: &R::State) -> StateId {
        self.try_rank(state).unwrap_or_else(|| panic!("{state:?} is not reachable from the starts"))
    }

    fn try_rank(&self, state: &R::State) -> Option<StateId> {
        self.ids.get(state).copied()
    }

    fn unrank(&self, id: StateId) -> R::State {
        self.states[id.index()].clone()
    }
}

impl<R: Rules> Rules for Discovered<R> {
    fn terminal(&self, state: &R::State) -> Option<Terminal> {
        self.rules.terminal(state)
    }

    /// A finished position's moves are not followed by the search, so it has none here (the
    /// engines never ask: a finished position's moves are ignored).
    fn successors(&self, state: &R::State, out: &mut Vec<R::State>) {
        if self.rules.terminal(state).is_none() {
            self.rules.successors(state, out)
        }
    }
}

impl<R: ImpartialRules> ImpartialRules for Discovered<R> {
    fn options(&self, state: &R::State, option: &mut dyn FnMut(&[R::State])) {
        self.rules.options(state, option)
    }
}

impl<R: ScoringRules> ScoringRules for Discovered<R> {
    fn scored_moves(&self, state: &R::State, out: &mut Vec<ScoredMove<R::State>>) {
        self.rules.scored_moves(state, out)
    }
}

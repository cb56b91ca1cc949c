//! The game boundary: rules on plain states, and the dense index the engines work on.
//!
//! A game implements [`Game`] (its state type), then one family of rules:
//! - [`Rules`] for win/loss/draw games that may loop (retrograde analysis);
//! - [`ImpartialRules`] for acyclic impartial games whose moves may split a position into a sum
//!   (Sprague-Grundy);
//! - [`ScoringRules`] for acyclic games that score points, where some moves let the same player
//!   move again (score-difference DP).
//!
//! The naive oracle needs nothing more. The fast engines need a [`StateSpace`] (a bijection
//! between the positions and `0..len`) and moves on ids: [`LoopySpace`], [`ImpartialSpace`] or
//! [`ScoringSpace`]. These stand on their own, so a space can move on ids directly without
//! implementing the plain rules; a game that has plain rules and a [`StateSpace`] gets them for
//! free, through `unrank`, the rules and `rank`. [`Unmoves`] adds predecessors.

use crate::{StateId, Terminal};
use std::fmt::Debug;
use std::hash::Hash;

/// A game's positions. Everything else in this module builds on it.
pub trait Game {
    /// A position, including whose turn it is where that matters. Plain data: it is compared
    /// and hashed by the oracle and printed in error messages.
    type State: Clone + Eq + Hash + Debug;
}

/// Rules of a two-player game that may loop, seen from the player to move.
///
/// Implement both methods. A position is finished when [`Rules::terminal`] says so; a position
/// that is not finished but has no moves is lost for the player to move (normal play), at
/// remoteness 0. Moves of a finished position are never asked for.
pub trait Rules: Game {
    /// `Some(result for the player to move)` if the game is over in `state`, else `None`.
    fn terminal(&self, state: &Self::State) -> Option<Terminal>;

    /// Appends to `out` the position after each legal move from an unfinished `state`.
    /// Repeats are allowed and count once.
    fn successors(&self, state: &Self::State, out: &mut Vec<Self::State>);
}

/// Rules of an impartial game (both players have the same moves; who cannot move loses).
///
/// A move leads to an *option*: a sum of independent parts, e.g. taking stones from the middle
/// of a row leaves two rows. An option with no parts is the finished game. The game must be
/// acyclic (every play ends); the engines report a cycle as an error.
pub trait ImpartialRules: Game {
    /// Calls `option` once for each move from `state` with the parts of the resulting sum.
    fn options(&self, state: &Self::State, option: &mut dyn FnMut(&[Self::State]));
}

/// One move of a scoring game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScoredMove<S> {
    /// The position after the move.
    pub to: S,
    /// Points the mover scores with this move.
    pub gain: i32,
    /// Whether the same player moves again after it (e.g. completing a box in dots and boxes).
    pub again: bool,
}

/// Rules of a scoring game: the value of a position is the best future score difference
/// (mover's points minus opponent's) the player to move can force. A position without moves is
/// worth 0. The game must be acyclic.
pub trait ScoringRules: Game {
    /// Appends every legal move from `state` to `out`.
    fn scored_moves(&self, state: &Self::State, out: &mut Vec<ScoredMove<Self::State>>);
}

/// Whether a space's numbering already follows play, so acyclic engines need no search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayOrder {
    /// Every move leads to a larger id (e.g. ids are bitmasks of drawn lines).
    Ascending,
    /// Every move leads to a smaller id (e.g. ids are heap sizes).
    Descending,
}

/// A dense index of a game's positions: a bijection between them and `0..len`.
///
/// Implement `len`, `rank` and `unrank`; `unrank(rank(s)) == s` for every position `s` of the
/// space and `rank(unrank(id)) == id` for every id below `len`. Every successor of a position
/// of the space must be in the space.
pub trait StateSpace: Game {
    /// The number of positions, at most [`StateId::LIMIT`].
    fn len(&self) -> usize;

    /// Whether the space has no positions.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The id of a position of this space. May panic on a position outside the space: callers
    /// validate input before ranking it.
    fn rank(&self, state: &Self::State) -> StateId;

    /// The id of `state`, or `None` for a position outside the space. The default ranks it, for
    /// a space whose positions are all its states; a space of a part of them (positions
    /// reachable from a start) says `None` for the rest.
    fn try_rank(&self, state: &Self::State) -> Option<StateId> {
        Some(self.rank(state))
    }

    /// The position with this id (`id < len`).
    fn unrank(&self, id: StateId) -> Self::State;

    /// Declares that the numbering follows play. Acyclic engines then evaluate in one sweep
    /// instead of searching for an order, and they check the claim on every move.
    fn play_order(&self) -> Option<PlayOrder> {
        None
    }

    /// Declares levels of play, for the parallel acyclic engines: `Some(count)` when every
    /// position's [`StateSpace::play_level`] is below `count` (at most one level a position)
    /// and every move leads to a strictly lower level (every part of an option, for impartial
    /// games). The positions of one level then depend only on lower levels, so all of them can
    /// be evaluated at once; the engines check the claim on every move. Dots and boxes counts
    /// the lines left to draw. Without levels, the engines find each position's height first.
    fn play_levels(&self) -> Option<u32> {
        None
    }

    /// The level of `id` (`id < len`), asked for only when [`StateSpace::play_levels`] is
    /// `Some`.
    fn play_level(&self, id: StateId) -> u32 {
        let _ = id;
        0
    }
}

/// Loopy rules on ids: what the retrograde engines and the verifier call.
///
/// Implement both methods for a space that moves on ids directly (its positions packed into
/// ids, tables of moves). A game with plain [`Rules`] and a [`StateSpace`] needs to write
/// nothing: it gets this trait for free, each call going through `unrank`, the rules and
/// `rank`. A space that implements this trait itself must not implement [`Rules`] too (the two
/// would overlap): its plain rules live on a type of their own, which the oracle and the space
/// checks compare it with.
pub trait LoopySpace: StateSpace {
    /// `Some(result for the player to move)` if the game is over at `id`, else `None`.
    fn terminal_at(&self, id: StateId) -> Option<Terminal>;

    /// Appends the ids of the successors of the unfinished position `id`. Repeats count once.
    fn successor_ids(&self, id: StateId, out: &mut Vec<StateId>);
}

impl<G: Rules + StateSpace + ?Sized> LoopySpace for G {
    fn terminal_at(&self, id: StateId) -> Option<Terminal> {
        self.terminal(&self.unrank(id))
    }

    fn successor_ids(&self, id: StateId, out: &mut Vec<StateId>) {
        let mut states = Vec::new();
        self.successors(&self.unrank(id), &mut states);
        out.extend(states.iter().map(|s| self.rank(s)));
    }
}

/// Un-moves: the predecessors of a position, for retrograde analysis without a stored graph.
pub trait Unmoves: LoopySpace {
    /// Appends the id of every unfinished position that has a move to `id`. Repeats and finished
    /// positions may be listed; both are ignored. Missing a predecessor, or listing a position
    /// that has no move to `id`, gives wrong values: test un-moves against moves.
    fn predecessor_ids(&self, id: StateId, out: &mut Vec<StateId>);
}

/// Impartial rules on ids: what the Grundy engine and the verifier call. Given for free to a
/// game with [`ImpartialRules`] and a [`StateSpace`], as [`LoopySpace`] is.
pub trait ImpartialSpace: StateSpace {
    /// Calls `option` once for each move from `id` with the ids of the resulting parts.
    fn option_ids(&self, id: StateId, option: &mut dyn FnMut(&[StateId]));
}

impl<G: ImpartialRules + StateSpace + ?Sized> ImpartialSpace for G {
    fn option_ids(&self, id: StateId, option: &mut dyn FnMut(&[StateId])) {
        let mut ids = Vec::new();
        self.options(&self.unrank(id), &mut |parts| {
            ids.clear();
            ids.extend(parts.iter().map(|s| self.rank(s)));
            option(&ids);
        });
    }
}

/// Scoring rules on ids: what the score-difference DP and the verifier call. Given for free to
/// a game with [`ScoringRules`] and a [`StateSpace`], as [`LoopySpace`] is.
pub trait ScoringSpace: StateSpace {
    /// Appends every legal move from `id` to `out`.
    fn scored_move_ids(&self, id: StateId, out: &mut Vec<ScoredMove<StateId>>);

    /// Calls `visit` with every legal move from `id`: what the score DP calls. The default
    /// lists them with [`ScoringSpace::scored_move_ids`] into `scratch` (cleared first); a game
    /// that makes moves on ids cheaply can override it to hand each move over as it is made,
    /// so that the DP's loop fuses with the move generator and no move is stored. The verifier
    /// keeps calling `scored_move_ids`, so the two must list the same moves.
    #[inline]
    fn visit_scored_move_ids(
        &self,
        id: StateId,
        scratch: &mut Vec<ScoredMove<StateId>>,
        visit: &mut dyn FnMut(ScoredMove<StateId>),
    ) {
        scratch.clear();
        self.scored_move_ids(id, scratch);
        for &m in scratch.iter() {
            visit(m);
        }
    }
}

impl<G: ScoringRules + StateSpace + ?Sized> ScoringSpace for G {
    fn scored_move_ids(&self, id: StateId, out: &mut Vec<ScoredMove<StateId>>) {
        let mut moves = Vec::new();
        self.scored_moves(&self.unrank(id), &mut moves);
        out.extend(moves.iter().map(|m| ScoredMove { to: self.rank(&m.to), gain: m.gain, again: m.again }));
    }
}

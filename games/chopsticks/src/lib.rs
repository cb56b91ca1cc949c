//! Chopsticks, the finger game, in six rule variants, solved exactly: every position that can
//! be reached from the start, by retrograde analysis, checked against a naive oracle.
//!
//! # Rules and assumptions
//! - Two players each have two hands holding 0 to 4 fingers; a hand with 0 is dead. Hands are
//!   unordered: `1 3` and `3 1` are one pair of hands. Both players start with `1 1`; the first
//!   player moves first, and the players alternate.
//! - A move is an attack or, where the variant allows, a split.
//!   - Attack: a live hand of the mover adds its count to a live hand of the opponent. The
//!     mover's hands do not change. Variant [`Rule::Cutoff`]: a sum of 5 or more kills the hand
//!     (it shows 0). Variant [`Rule::Rollover`]: the hand shows the sum mod 5 (5 kills it, 6
//!     leaves 1, ..., 8 leaves 3).
//!   - Split: the mover shares out all their fingers anew over their two hands, each at most 4.
//!     The unordered pair must change (swapping hands is no move). [`Splits::None`]: no splits.
//!     [`Splits::NoSuicide`]: a split may not leave one live hand where there were two
//!     (reviving a dead hand, `0 4` to `2 2`, is allowed). [`Splits::Any`]: any split.
//! - A player whose hands are both 0 has lost. Positions are seen from the player to move
//!   ([`Position`]): the game is over, lost for the mover, when the mover has no live hand.
//!   The player who just moved always keeps a live hand (an attack does not touch the
//!   attacker's hands, and a split keeps the total, which is at least 1), so a position where
//!   only the opponent is out never occurs; both out is impossible.
//! - There is no tie and no repetition rule: play that never ends is a draw.
//! - Only positions reachable from the start in the variant played exist: the judge rejects
//!   any other position with an error at its line and column, saying whether both players are
//!   out (impossible), only the opponent is (no variant reaches it), or the variant does not
//!   reach it. It does not guess a value for a position off the space.
//!
//! # Values
//! [`solver_core::Outcome`] for the player to move, remoteness in plies: the winner hurries, the
//! loser delays. A finished position is `loss in 0`.
//!
//! # State space
//! [`Chopsticks`] holds the positions of one variant reachable from `1 1 / 1 1` with the first
//! player to move, finished ones included, numbered densely through the 15 x 15 table of pairs
//! (see [`space`]); moves and un-moves work on ids. What the six spaces hold (provenance: the
//! crate's tests, which check these against an independent Python script,
//! `tests/data/chopsticks.py`, and every engine against the oracle):
//!
//! | variant | positions | finished | win | loss | draw | start |
//! |---|---|---|---|---|---|---|
//! | cutoff, no splits | 92 | 8 | 57 | 35 | 0 | loss in 8 |
//! | cutoff, no suicide | 171 | 11 | 42 | 18 | 111 | draw |
//! | cutoff, any split | 191 | 14 | 120 | 61 | 10 | loss in 26 |
//! | rollover, no splits | 200 | 14 | 82 | 46 | 72 | draw |
//! | rollover, no suicide | 204 | 14 | 25 | 17 | 162 | draw |
//! | rollover, any split | 207 | 14 | 72 | 35 | 100 | draw |
//!
//! (The losses include the finished positions.) Under cutoff the second player wins without
//! splits and with any split; every other start is a draw.
//!
//! # Engines
//! | engine | applies | note |
//! |---|---|---|
//! | [`solver_core::solve_with_reverse_graph`] | yes | the default |
//! | [`solver_core::solve_with_unmoves`] | yes | [`Chopsticks`] implements exact un-moves |
//! | [`solver_core::solve_by_layers`] | yes | one pass per ply of the longest win (33, cutoff with any split) |
//! | the oracle on [`plain::PlainRules`] | yes | the rules restated on plain arrays of fingers; at most 225 positions |
//!
//! The judge problem `chopsticks` ([`ChopsticksProblem`]) answers positions of a variant with
//! each of them.
//!
//! # Whole-space commands
//! [`SPACES`] offers each variant whole to the whole-space commands (`gamesolve verify`,
//! `stats`, `solve`, `probe`, `diff`) as `chopsticks rule=R splits=S` (`rule` one of `cutoff`,
//! `rollover`; `splits` one of `none`, `nosuicide`, `any`; defaults `cutoff` and `none`):
//! `verify` runs all six through every engine, solver-core's verifier and the oracle, `stats`
//! summarizes one, `solve` stores its table. A position is written as `explain` writes it, the
//! mover's hands then the opponent's, `1 2 / 0 3` (the judge's `1 2 0 3` is read too); a move
//! as `1 hits 3 -> 4` or `split 1 3 -> 2 2`.
//!
//! # Example
//! Without splits under cutoff, the first player loses: the second wins 8 plies after the start.
//! ```
//! use chopsticks::{Chopsticks, Rule, Splits, Variant};
//! use solver_core::{Outcome, RetrogradeEngine, StateSpace};
//!
//! let space = Chopsticks::new(Variant::new(Rule::Cutoff, Splits::None));
//! let table = RetrogradeEngine::Unmoves.solve(&space).unwrap();
//! assert_eq!(space.len(), 92);
//! assert_eq!(table.get(space.start()), Outcome::Loss(8));
//!
//! use judge::AnyProblem;
//! let answer = chopsticks::ChopsticksProblem.judge("cutoff none\n2\n1 1 1 1\n0 4 0 2\n", "oracle").unwrap();
//! assert_eq!(answer, "loss in 8\nwin in 1\n");
//! ```

mod chopsticks;
mod fuzz;
pub mod plain;
mod rules;
mod solvable;
pub mod space;

pub use chopsticks::{ChopsticksEngine, ChopsticksProblem, MAX_POSITIONS, ORACLE_BUDGET};
pub use fuzz::{FUZZ, rank_chopsticks};
pub use rules::{Hands, PAIRS, Position, Rule, Splits, Variant};
pub use solvable::SPACES;
pub use space::{Chopsticks, Move};

use workbench::Registration;

/// Chopsticks' problem, its space (one variant at a time) and its fuzz body.
pub static REGISTRATION: Registration =
    Registration { name: "chopsticks", problems: &[&ChopsticksProblem], spaces: SPACES, searches: &[], fuzz: FUZZ };

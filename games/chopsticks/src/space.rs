//! The dense space of one variant: the positions reachable from the start, numbered, with
//! moves and un-moves on ids. What the retrograde engines run on.
//!
//! # Ranking
//! A position is a cell of the 15 x 15 table of (mover's pair, opponent's pair), cell
//! `mover.index() * 15 + opponent.index()` (see [`Hands::index`]). [`Chopsticks::new`] finds
//! the cells reachable from the start by a breadth-first search and numbers them in cell
//! order: `ids` maps each cell to its id or to nothing, `positions` each id back to its cell.
//! No id is unreachable, and every move of a position of the space stays in it.
//!
//! # Un-moves
//! The position before `M / O` (mover `M`, opponent `O`) was `O / Y` for an attack of a live
//! hand `x` of `O` on a live hand `y` of `Y` that turned `y` into a hand of `M`, or `X / M` for
//! a split of `X` into `O`. [`Chopsticks::predecessor_ids`] inverts both directly: for each hand
//! of `M` and each `x`, the `y` (1..=4) with `hit(x, y)` equal to it; for a split, the pairs of
//! `O`'s total that may split into `O`. Only predecessors in the space are listed.

use crate::rules::{Hands, PAIRS, Position, Splits, Variant};
use solver_core::{Game, LoopySpace, StateId, StateSpace, Terminal, Unmoves};
use std::fmt;

/// One move of a player: an attack or a split.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A hand of `with` fingers hits the opponent's hand of `target`, which becomes `result`.
    Attack {
        /// The attacking hand.
        with: u8,
        /// The hand hit.
        target: u8,
        /// What the hand hit becomes (0: dead).
        result: u8,
    },
    /// The mover's fingers are shared out anew, from `from` to `to`.
    Split {
        /// The hands before.
        from: Hands,
        /// The hands after.
        to: Hands,
    },
}

impl fmt::Display for Move {
    /// `1 hits 3 -> 4` or `split 1 3 -> 2 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Attack { with, target, result } => write!(f, "{with} hits {target} -> {result}"),
            Move::Split { from, to } => write!(f, "split {from} -> {to}"),
        }
    }
}

/// Whether `splits` lets a player with `from` split into `to` (same total, a different pair).
fn may_split(splits: Splits, from: Hands, to: Hands) -> bool {
    let changes = to.total() == from.total() && to != from;
    changes
        && match splits {
            Splits::None => false,
            Splits::NoSuicide => !(from.live() == 2 && to.live() < 2),
            Splits::Any => true,
        }
}

/// The distinct live hands of `hands`.
fn live_values(hands: Hands) -> impl Iterator<Item = u8> {
    let [low, high] = hands.both();
    [(low > 0).then_some(low), (high > low).then_some(high)].into_iter().flatten()
}

/// The hand of `hands` other than one hand of `value` fingers.
fn other_hand(hands: Hands, value: u8) -> u8 {
    if hands.low() == value { hands.high() } else { hands.low() }
}

/// Cells of the 15 x 15 table.
const CELLS: usize = PAIRS * PAIRS;
/// A cell no reachable position occupies.
const NONE: u16 = u16::MAX;

fn cell(position: &Position) -> usize {
    position.mover.index() * PAIRS + position.opponent.index()
}

fn cell_position(cell: usize) -> Position {
    Position::new(Hands::from_index(cell / PAIRS), Hands::from_index(cell % PAIRS))
}

/// The positions of one variant reachable from the start, numbered densely. See the
/// [module documentation](self) for the layout.
#[derive(Debug, Clone)]
pub struct Chopsticks {
    variant: Variant,
    ids: [u16; CELLS],
    positions: Vec<Position>,
}

impl Chopsticks {
    /// The space of `variant`: a breadth-first search from the start over at most 225 cells.
    pub fn new(variant: Variant) -> Chopsticks {
        let mut reached = [false; CELLS];
        reached[cell(&Position::START)] = true;
        let mut queue = vec![Position::START];
        let mut head = 0;
        while let Some(&position) = queue.get(head) {
            head += 1;
            for (_, child) in Self::moves_in(variant, &position) {
                if !std::mem::replace(&mut reached[cell(&child)], true) {
                    queue.push(child);
                }
            }
        }
        let mut ids = [NONE; CELLS];
        let mut positions = Vec::with_capacity(queue.len());
        for (c, _) in reached.iter().enumerate().filter(|(_, r)| **r) {
            ids[c] = positions.len() as u16;
            positions.push(cell_position(c));
        }
        Chopsticks { variant, ids, positions }
    }

    /// The variant played.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The id of the start, 1 1 / 1 1.
    pub fn start(&self) -> StateId {
        self.rank(&Position::START)
    }

    /// The id of `position`, or `None` if it cannot be reached from the start in this variant.
    pub fn id_of(&self, position: &Position) -> Option<StateId> {
        match self.ids[cell(position)] {
            NONE => None,
            id => Some(StateId::new(usize::from(id)).expect("an id of at most 225 positions")),
        }
    }

    /// The moves of `position` with the position after each, in a fixed order (attacks, then
    /// splits); none for a finished position. Different moves may lead to one position.
    pub fn moves(&self, position: &Position) -> Vec<(Move, Position)> {
        Self::moves_in(self.variant, position)
    }

    fn moves_in(variant: Variant, position: &Position) -> Vec<(Move, Position)> {
        let (mover, opponent) = (position.mover, position.opponent);
        let mut out = Vec::new();
        if mover.is_out() || opponent.is_out() {
            return out;
        }
        for with in live_values(mover) {
            for target in live_values(opponent) {
                let result = variant.rule.hit(with, target);
                let hit = Hands::new(result, other_hand(opponent, target)).expect("hands stay within 0..=4");
                out.push((Move::Attack { with, target, result }, Position::new(hit, mover)));
            }
        }
        for to in Hands::all().filter(|&to| may_split(variant.splits, mover, to)) {
            out.push((Move::Split { from: mover, to }, Position::new(opponent, to)));
        }
        out
    }

    /// A move that leads from `from` to `to`, if there is one.
    pub fn move_between(&self, from: StateId, to: StateId) -> Option<Move> {
        let target = self.unrank(to);
        self.moves(&self.unrank(from)).into_iter().find(|(_, after)| *after == target).map(|(m, _)| m)
    }
}

impl Game for Chopsticks {
    type State = Position;
}

impl StateSpace for Chopsticks {
    fn len(&self) -> usize {
        self.positions.len()
    }

    /// Panics on a position that cannot be reached in this variant: see [`Chopsticks::id_of`].
    fn rank(&self, position: &Position) -> StateId {
        self.id_of(position).unwrap_or_else(|| panic!("{position} cannot be reached in {}", self.variant))
    }

    fn unrank(&self, id: StateId) -> Position {
        self.positions[id.index()]
    }
}

impl LoopySpace for Chopsticks {
    fn terminal_at(&self, id: StateId) -> Option<Terminal> {
        let position = self.unrank(id);
        if position.mover.is_out() {
            Some(Terminal::Loss)
        } else if position.opponent.is_out() {
            Some(Terminal::Win)
        } else {
            None
        }
    }

    fn successor_ids(&self, id: StateId, out: &mut Vec<StateId>) {
        out.extend(self.moves(&self.unrank(id)).iter().map(|(_, child)| self.rank(child)));
    }
}

impl Unmoves for Chopsticks {
    fn predecessor_ids(&self, id: StateId, out: &mut Vec<StateId>) {
        let Position { mover, opponent } = self.unrank(id);
        let mut push = |before: Position| out.extend(self.id_of(&before));
        // An attack by a live hand `with` of the opponent made a hand of the mover's.
        for with in live_values(opponent) {
            for now in [mover.low(), mover.high()] {
                let other = other_hand(mover, now);
                for target in (1..=4).filter(|&target| self.variant.rule.hit(with, target) == now) {
                    let hit = Hands::new(target, other).expect("hands stay within 0..=4");
                    push(Position::new(opponent, hit));
                }
            }
        }
        // A split of the opponent's made their hands.
        for from in Hands::all().filter(|&from| may_split(self.variant.splits, from, opponent)) {
            push(Position::new(from, mover));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    #[test]
    fn the_start_and_its_first_move() {
        let space = Chopsticks::new(Variant::new(Rule::Cutoff, Splits::None));
        let start = space.unrank(space.start());
        assert_eq!(start, Position::START);
        let moves = space.moves(&start);
        assert_eq!(moves.len(), 1, "1 hits 1 is the only move without splits");
        assert_eq!(moves[0].0.to_string(), "1 hits 1 -> 2");
        assert_eq!(moves[0].1.to_string(), "1 2 / 1 1");
    }

    #[test]
    fn unreachable_positions_have_no_id() {
        let space = Chopsticks::new(Variant::new(Rule::Cutoff, Splits::None));
        let out = Hands::OUT;
        assert_eq!(space.id_of(&Position::new(out, out)), None);
        assert_eq!(space.id_of(&Position::new(Hands::START, out)), None);
        // Without splits hands only grow until they die: 1 1 never comes back once hit.
        assert_eq!(space.id_of(&Position::new(Hands::new(1, 1).unwrap(), Hands::new(1, 2).unwrap())), None);
    }

    #[test]
    fn splits_are_shown_with_both_pairs() {
        let m = Move::Split { from: Hands::new(1, 3).unwrap(), to: Hands::new(2, 2).unwrap() };
        assert_eq!(m.to_string(), "split 1 3 -> 2 2");
    }
}

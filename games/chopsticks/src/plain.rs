//! The rules restated for the oracle on plain arrays of fingers, sharing no code with the
//! space ([`crate::Chopsticks`]): no pair numbering, no ids, no tables; only the variant's
//! names are shared.
//!
//! Solve with `oracle::solve_loopy(&PlainRules::new(variant), [PlainPosition::START], budget)`.

use crate::rules::{Position, Rule, Splits, Variant};
use solver_core::{Game, Rules, Terminal};

/// A position as two arrays of fingers, each sorted (the fewer fingers first), so that the
/// same position has one form: the player to move's hands, then the other player's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlainPosition {
    /// The fingers of the player to move, sorted.
    pub mover: [u8; 2],
    /// The fingers of the other player, sorted.
    pub opponent: [u8; 2],
}

fn sorted(mut hands: [u8; 2]) -> [u8; 2] {
    hands.sort_unstable();
    hands
}

impl PlainPosition {
    /// The start: one finger on every hand.
    pub const START: PlainPosition = PlainPosition { mover: [1, 1], opponent: [1, 1] };

    /// The position with these fingers, in any order on each side.
    pub fn new(mover: [u8; 2], opponent: [u8; 2]) -> PlainPosition {
        PlainPosition { mover: sorted(mover), opponent: sorted(opponent) }
    }

    /// The plain form of a position of the space.
    pub fn from_position(position: &Position) -> PlainPosition {
        PlainPosition::new(position.mover.both(), position.opponent.both())
    }
}

/// The rules of one variant on plain positions: the oracle's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlainRules {
    /// The variant played.
    pub variant: Variant,
}

impl PlainRules {
    /// The rules of `variant`.
    pub fn new(variant: Variant) -> PlainRules {
        PlainRules { variant }
    }
}

impl Game for PlainRules {
    type State = PlainPosition;
}

impl Rules for PlainRules {
    /// A player whose hands are both 0 has lost: the player to move (lost), else the other
    /// player (won; no move leads there, but the rules say who won).
    fn terminal(&self, p: &PlainPosition) -> Option<Terminal> {
        if p.mover == [0, 0] {
            Some(Terminal::Loss)
        } else if p.opponent == [0, 0] {
            Some(Terminal::Win)
        } else {
            None
        }
    }

    fn successors(&self, p: &PlainPosition, out: &mut Vec<PlainPosition>) {
        // Attacks: a live hand of mine on a live hand of theirs; then it is their turn.
        for mine in 0..2 {
            for theirs in 0..2 {
                if p.mover[mine] == 0 || p.opponent[theirs] == 0 {
                    continue;
                }
                let sum = p.mover[mine] + p.opponent[theirs];
                let mut hit = p.opponent;
                hit[theirs] = match self.variant.rule {
                    Rule::Cutoff if sum >= 5 => 0,
                    Rule::Cutoff => sum,
                    Rule::Rollover => sum % 5,
                };
                out.push(PlainPosition::new(hit, p.mover));
            }
        }
        // Splits: my fingers shared out anew over my two hands, each at most 4.
        if self.variant.splits == Splits::None {
            return;
        }
        let total = p.mover[0] + p.mover[1];
        for left in 0..=4u8 {
            let Some(right) = total.checked_sub(left) else { continue };
            if right > 4 {
                continue;
            }
            let split = sorted([left, right]);
            if split == p.mover {
                continue; // a split must change the pair (swapping hands is no move)
            }
            let had_two_live = p.mover[0] > 0 && p.mover[1] > 0;
            let has_two_live = split[0] > 0 && split[1] > 0;
            if self.variant.splits == Splits::NoSuicide && had_two_live && !has_two_live {
                continue;
            }
            out.push(PlainPosition::new(p.opponent, split));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(variant: Variant, mover: [u8; 2], opponent: [u8; 2]) -> Vec<PlainPosition> {
        let mut out = Vec::new();
        PlainRules::new(variant).successors(&PlainPosition::new(mover, opponent), &mut out);
        out.sort_unstable();
        out.dedup();
        out
    }

    #[test]
    fn moves_by_hand() {
        let p = PlainPosition::new;
        // 1 1 / 1 1 without splits: 1 hits 1, the only result is 1 2 for them.
        assert_eq!(moves(Variant::ALL[0], [1, 1], [1, 1]), vec![p([1, 2], [1, 1])]);
        // 2 2 may split to 1 3 (no suicide) and also to 0 4 (any).
        let nosuicide = Variant::new(Rule::Cutoff, Splits::NoSuicide);
        let any = Variant::new(Rule::Cutoff, Splits::Any);
        assert!(moves(nosuicide, [2, 2], [0, 1]).contains(&p([0, 1], [1, 3])));
        assert!(!moves(nosuicide, [2, 2], [0, 1]).contains(&p([0, 1], [0, 4])));
        assert!(moves(any, [2, 2], [0, 1]).contains(&p([0, 1], [0, 4])));
        // Reviving is no suicide: 0 4 may become 2 2 or 1 3, never 4 0 again.
        assert_eq!(moves(nosuicide, [0, 4], [0, 1]), vec![p([0, 0], [0, 4]), p([0, 1], [1, 3]), p([0, 1], [2, 2])]);
        // Rollover: 4 on 3 leaves 2; cutoff kills it.
        let rollover = Variant::new(Rule::Rollover, Splits::None);
        assert_eq!(moves(rollover, [0, 4], [0, 3]), vec![p([0, 2], [0, 4])]);
        assert_eq!(moves(Variant::ALL[0], [0, 4], [0, 3]), vec![p([0, 0], [0, 4])]);
    }

    #[test]
    fn who_has_lost() {
        let rules = PlainRules::new(Variant::ALL[0]);
        assert_eq!(rules.terminal(&PlainPosition::new([0, 0], [0, 2])), Some(Terminal::Loss));
        assert_eq!(rules.terminal(&PlainPosition::new([0, 2], [0, 0])), Some(Terminal::Win));
        assert_eq!(rules.terminal(&PlainPosition::START), None);
    }
}

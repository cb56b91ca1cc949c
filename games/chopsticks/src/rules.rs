//! The vocabulary of the game: the rule variant, a player's two hands, a position.

use std::fmt;

/// What an attack that reaches 5 or more fingers does to the hand it hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// A sum of 5 or more kills the hand (it shows 0).
    Cutoff,
    /// The sum is taken modulo 5: exactly 5 kills the hand, 6 leaves 1, and so on.
    Rollover,
}

/// Which splits a player may make instead of attacking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Splits {
    /// No splits: every move is an attack.
    None,
    /// Splits that do not leave a player with one live hand where they had two (reviving a
    /// dead hand is allowed).
    NoSuicide,
    /// Any split.
    Any,
}

/// One of the six rule variants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Variant {
    /// What a sum of 5 or more does.
    pub rule: Rule,
    /// Which splits are allowed.
    pub splits: Splits,
}

impl Rule {
    /// Both rules, in the order the judge and the stats list them.
    pub const ALL: [Rule; 2] = [Rule::Cutoff, Rule::Rollover];

    /// The rule's word: `cutoff` or `rollover`.
    pub fn word(self) -> &'static str {
        match self {
            Rule::Cutoff => "cutoff",
            Rule::Rollover => "rollover",
        }
    }

    /// The rule named `word`.
    pub fn from_word(word: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.word() == word)
    }

    /// The hand a live hand of `target` fingers becomes when a hand of `attacker` fingers hits it.
    pub fn hit(self, attacker: u8, target: u8) -> u8 {
        let sum = attacker + target;
        match self {
            Rule::Cutoff if sum >= 5 => 0,
            Rule::Cutoff => sum,
            Rule::Rollover => sum % 5,
        }
    }
}

impl Splits {
    /// The three split rules, from the fewest moves to the most.
    pub const ALL: [Splits; 3] = [Splits::None, Splits::NoSuicide, Splits::Any];

    /// The split rule's word: `none`, `nosuicide` or `any`.
    pub fn word(self) -> &'static str {
        match self {
            Splits::None => "none",
            Splits::NoSuicide => "nosuicide",
            Splits::Any => "any",
        }
    }

    /// The split rule named `word`.
    pub fn from_word(word: &str) -> Option<Splits> {
        Splits::ALL.into_iter().find(|s| s.word() == word)
    }
}

impl Variant {
    /// The six variants: cutoff first, each with its splits from none to any.
    pub const ALL: [Variant; 6] = [
        Variant { rule: Rule::Cutoff, splits: Splits::None },
        Variant { rule: Rule::Cutoff, splits: Splits::NoSuicide },
        Variant { rule: Rule::Cutoff, splits: Splits::Any },
        Variant { rule: Rule::Rollover, splits: Splits::None },
        Variant { rule: Rule::Rollover, splits: Splits::NoSuicide },
        Variant { rule: Rule::Rollover, splits: Splits::Any },
    ];

    /// The variant with this rule and these splits.
    pub const fn new(rule: Rule, splits: Splits) -> Variant {
        Variant { rule, splits }
    }
}

impl fmt::Display for Variant {
    /// `rule=cutoff splits=none`, as `gamesolve stats` takes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rule={} splits={}", self.rule.word(), self.splits.word())
    }
}

/// A player's two hands, unordered: the fewer fingers first. Each hand holds 0 (dead) to 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hands {
    low: u8,
    high: u8,
}

/// The number of distinct pairs of hands: the unordered pairs of 0..=4.
pub const PAIRS: usize = 15;

impl Hands {
    /// Both hands dead: the player has lost.
    pub const OUT: Hands = Hands { low: 0, high: 0 };
    /// One finger on each hand, as every player starts.
    pub const START: Hands = Hands { low: 1, high: 1 };

    /// The hands `a` and `b` in either order, if each is at most 4.
    pub const fn new(a: u8, b: u8) -> Option<Hands> {
        if a > 4 || b > 4 {
            return None;
        }
        Some(if a <= b { Hands { low: a, high: b } } else { Hands { low: b, high: a } })
    }

    /// The hand with fewer fingers.
    pub const fn low(self) -> u8 {
        self.low
    }

    /// The hand with more fingers.
    pub const fn high(self) -> u8 {
        self.high
    }

    /// Both hands, the fewer fingers first.
    pub const fn both(self) -> [u8; 2] {
        [self.low, self.high]
    }

    /// All fingers on both hands.
    pub const fn total(self) -> u8 {
        self.low + self.high
    }

    /// How many hands are alive (hold at least one finger).
    pub const fn live(self) -> u8 {
        (self.low > 0) as u8 + (self.high > 0) as u8
    }

    /// Whether both hands are dead.
    pub const fn is_out(self) -> bool {
        self.high == 0
    }

    /// The pair's place among the 15 pairs, in the order 0 0, 0 1, ..., 0 4, 1 1, ..., 4 4.
    pub const fn index(self) -> usize {
        let (low, high) = (self.low as usize, self.high as usize);
        // Pairs with a smaller low hand come first: 5 + 4 + ... for each smaller low value.
        low * 5 - low * (low.saturating_sub(1)) / 2 + (high - low)
    }

    /// The pair at `index` (below [`PAIRS`]).
    pub fn from_index(index: usize) -> Hands {
        assert!(index < PAIRS, "a pair index is below {PAIRS}");
        let mut rest = index;
        for low in 0..=4u8 {
            let count = 5 - low as usize;
            if rest < count {
                return Hands { low, high: low + rest as u8 };
            }
            rest -= count;
        }
        unreachable!("the 15 pairs cover every index below 15")
    }

    /// Every pair, in index order.
    pub fn all() -> impl Iterator<Item = Hands> {
        (0..PAIRS).map(Hands::from_index)
    }

    /// The hands as fingers: `[|...]` for each hand, `|` a raised finger, `.` a folded one.
    pub fn fingers(self) -> String {
        let hand = |n: u8| format!("[{}{}]", "|".repeat(n as usize), ".".repeat(4 - n as usize));
        format!("{} {}", hand(self.low), hand(self.high))
    }
}

impl fmt::Display for Hands {
    /// `1 3`: the fewer fingers first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.low, self.high)
    }
}

/// A position, seen from the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// The hands of the player to move.
    pub mover: Hands,
    /// The hands of the other player, who made the last move.
    pub opponent: Hands,
}

impl Position {
    /// The start: one finger on every hand.
    pub const START: Position = Position { mover: Hands::START, opponent: Hands::START };

    /// The position with these hands.
    pub const fn new(mover: Hands, opponent: Hands) -> Position {
        Position { mover, opponent }
    }
}

impl fmt::Display for Position {
    /// `1 2 / 0 3`: the mover's hands, then the opponent's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} / {}", self.mover, self.opponent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_indices_are_dense_and_ordered() {
        let pairs: Vec<Hands> = Hands::all().collect();
        assert_eq!(pairs.len(), PAIRS);
        for (i, pair) in pairs.iter().enumerate() {
            assert_eq!(pair.index(), i, "{pair}");
        }
        assert!(pairs.windows(2).all(|w| w[0] < w[1]), "index order is the pairs' order");
        assert_eq!(pairs[0], Hands::OUT);
        assert_eq!(pairs[5], Hands::START);
        assert_eq!(pairs[14], Hands::new(4, 4).unwrap());
    }

    #[test]
    fn hits_by_hand() {
        // cutoff: 5 or more is dead; rollover: the sum mod 5.
        assert_eq!(Rule::Cutoff.hit(1, 3), 4);
        assert_eq!(Rule::Cutoff.hit(2, 3), 0);
        assert_eq!(Rule::Cutoff.hit(4, 4), 0);
        assert_eq!(Rule::Rollover.hit(2, 3), 0);
        assert_eq!(Rule::Rollover.hit(4, 4), 3);
        assert_eq!(Rule::Rollover.hit(3, 3), 1);
    }

    #[test]
    fn words_round_trip() {
        for rule in Rule::ALL {
            assert_eq!(Rule::from_word(rule.word()), Some(rule));
        }
        for splits in Splits::ALL {
            assert_eq!(Splits::from_word(splits.word()), Some(splits));
        }
        assert_eq!(Rule::from_word("Cutoff"), None);
        assert_eq!(Variant::ALL[4].to_string(), "rule=rollover splits=nosuicide");
    }

    #[test]
    fn hands_are_unordered_and_drawn() {
        assert_eq!(Hands::new(3, 1), Hands::new(1, 3));
        assert_eq!(Hands::new(5, 0), None);
        let hands = Hands::new(0, 3).unwrap();
        assert_eq!(hands.fingers(), "[....] [|||.]");
        assert_eq!((hands.live(), hands.total(), hands.is_out()), (1, 3, false));
        assert_eq!(Position::START.to_string(), "1 1 / 1 1");
    }
}

//! Game values, always from the point of view of the player to move.

use std::fmt;
use std::ops::{BitXor, BitXorAssign, Neg};

/// How a finished game ended, for the player who would move next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Terminal {
    /// The player to move has won (in some games a player wins even when it is not their turn).
    Win,
    /// The player to move has lost.
    Loss,
    /// The game ended level.
    Tie,
}

impl Terminal {
    /// The same ending seen by the other player.
    pub fn flip(self) -> Terminal {
        match self {
            Terminal::Win => Terminal::Loss,
            Terminal::Loss => Terminal::Win,
            Terminal::Tie => Terminal::Tie,
        }
    }
}

/// The exact value of a position of a loopy game, for the player to move, under optimal play.
///
/// The number is the *remoteness*: how many plies (single moves) remain until the game ends.
/// A finished position has remoteness 0.
///
/// - `Win(r)`: the player to move forces a win; the winner hurries, so `r` is the fewest plies
///   in which the win can be forced.
/// - `Loss(r)`: the opponent forces a win; the loser delays, so `r` is the most plies the loss
///   can be put off.
/// - `Tie(r)`: neither side can force a win, but the game can be brought to a finished level
///   ending. Both players prefer a finished tie to endless play, and a quicker tie to a slower one.
/// - `Draw`: neither side can force a win and no finished ending is reachable without a side
///   giving up a level result: play goes on forever.
///
/// Preference of the player to move: any win, then ties, then draws, then any loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins in this many plies.
    Win(u32),
    /// The player to move loses in this many plies.
    Loss(u32),
    /// The game ends level in this many plies.
    Tie(u32),
    /// The game goes on forever.
    Draw,
}

/// The kind of an [`Outcome`], without its remoteness: what tables count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OutcomeKind {
    /// See [`Outcome::Win`].
    Win,
    /// See [`Outcome::Loss`].
    Loss,
    /// See [`Outcome::Tie`].
    Tie,
    /// See [`Outcome::Draw`].
    Draw,
}

impl Outcome {
    /// The value of a finished position.
    pub fn terminal(end: Terminal) -> Outcome {
        match end {
            Terminal::Win => Outcome::Win(0),
            Terminal::Loss => Outcome::Loss(0),
            Terminal::Tie => Outcome::Tie(0),
        }
    }

    /// The same value seen by the other player: a win becomes a loss in as many plies.
    ///
    /// ```
    /// use solver_core::Outcome;
    /// assert_eq!(Outcome::Win(3).flip(), Outcome::Loss(3));
    /// assert_eq!(-Outcome::Draw, Outcome::Draw);
    /// ```
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Win(r) => Outcome::Loss(r),
            Outcome::Loss(r) => Outcome::Win(r),
            other => other,
        }
    }

    /// The value of moving into a position of this value, for the player who makes the move:
    /// the other side's view, one ply longer.
    ///
    /// ```
    /// use solver_core::Outcome;
    /// assert_eq!(Outcome::Loss(0).backed_up(), Outcome::Win(1));
    /// assert_eq!(Outcome::Tie(2).backed_up(), Outcome::Tie(3));
    /// assert_eq!(Outcome::Draw.backed_up(), Outcome::Draw);
    /// ```
    pub fn backed_up(self) -> Outcome {
        match self.flip() {
            Outcome::Win(r) => Outcome::Win(r + 1),
            Outcome::Loss(r) => Outcome::Loss(r + 1),
            Outcome::Tie(r) => Outcome::Tie(r + 1),
            Outcome::Draw => Outcome::Draw,
        }
    }

    /// The remoteness, or `None` for endless play.
    pub fn remoteness(self) -> Option<u32> {
        match self {
            Outcome::Win(r) | Outcome::Loss(r) | Outcome::Tie(r) => Some(r),
            Outcome::Draw => None,
        }
    }

    /// The kind, without the remoteness.
    pub fn kind(self) -> OutcomeKind {
        match self {
            Outcome::Win(_) => OutcomeKind::Win,
            Outcome::Loss(_) => OutcomeKind::Loss,
            Outcome::Tie(_) => OutcomeKind::Tie,
            Outcome::Draw => OutcomeKind::Draw,
        }
    }

    /// A key that sorts the moves of the player to move from best to worst when the key is
    /// taken of each *child's* outcome (the child is seen by the opponent): a child lost for
    /// the opponent quickly is best, a child the opponent wins quickly is worst.
    ///
    /// ```
    /// use solver_core::Outcome;
    /// let mut children = vec![Outcome::Win(2), Outcome::Loss(5), Outcome::Draw, Outcome::Loss(1)];
    /// children.sort_by_key(|o| o.best_move_key());
    /// assert_eq!(children, vec![Outcome::Loss(1), Outcome::Loss(5), Outcome::Draw, Outcome::Win(2)]);
    /// ```
    pub fn best_move_key(self) -> (u8, i64) {
        match self {
            Outcome::Loss(r) => (0, r as i64),
            Outcome::Tie(r) => (1, r as i64),
            Outcome::Draw => (2, 0),
            Outcome::Win(r) => (3, -(r as i64)),
        }
    }
}

impl Neg for Outcome {
    type Output = Outcome;
    fn neg(self) -> Outcome {
        self.flip()
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(r) => write!(f, "win in {r}"),
            Outcome::Loss(r) => write!(f, "loss in {r}"),
            Outcome::Tie(r) => write!(f, "tie in {r}"),
            Outcome::Draw => write!(f, "draw"),
        }
    }
}

/// A Sprague-Grundy value (nimber) of an impartial game: the position plays like a Nim heap
/// of this size. Sums of games add nimbers with xor (`^`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Nimber(pub u32);

impl Nimber {
    /// The value of a finished game (no moves): the player to move loses.
    pub const ZERO: Nimber = Nimber(0);

    /// Whether the player to move wins (normal play): the value is not zero.
    pub fn is_win(self) -> bool {
        self.0 != 0
    }

    /// The least nimber not in `values` (minimum excludant), the Grundy value of a position whose
    /// options have these values. `O(values.len())` time and a bitmap of that many bits.
    ///
    /// ```
    /// use solver_core::Nimber;
    /// assert_eq!(Nimber::mex([Nimber(0), Nimber(1), Nimber(3)]), Nimber(2));
    /// assert_eq!(Nimber::mex([]), Nimber(0));
    /// ```
    pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
        let mut seen = MexSet::default();
        for v in values {
            seen.insert(v);
        }
        seen.mex()
    }
}

/// A reusable set of nimbers for computing mex values without reallocating per position.
#[derive(Debug, Default, Clone)]
pub struct MexSet {
    words: Vec<u64>,
}

impl MexSet {
    /// Adds `value` to the set.
    pub fn insert(&mut self, value: Nimber) {
        let (word, bit) = (value.0 as usize / 64, value.0 % 64);
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << bit;
    }

    /// The least value not in the set.
    pub fn mex(&self) -> Nimber {
        for (i, &w) in self.words.iter().enumerate() {
            if w != u64::MAX {
                return Nimber(i as u32 * 64 + w.trailing_ones());
            }
        }
        Nimber(self.words.len() as u32 * 64)
    }

    /// Empties the set, keeping its memory.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    /// The nim-sum (xor) of the values: the nimber of the sum of the games.
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a ^ b)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

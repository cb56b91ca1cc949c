//! [`Cards`]: the game on ranked hands, with per-hand move and un-move tables so that the
//! engines move on ids without unranking.

use crate::hand::{CardsError, Hand, HandIndex};
use solver_core::{Game, LoopySpace, StateId, StateSpace, Terminal, Unmoves};

/// A position: the hand of the player to move and the hand of the other player.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// The hand of the player to move.
    pub mover: Hand,
    /// The hand of the player who moved last (or who moves second).
    pub opponent: Hand,
}

/// One move, as the player to move sees it: their card `own` becomes `result`
/// (`(own + other) mod m`) by touching the opponent's card `other`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The mover's card, not 0.
    pub own: u8,
    /// The opponent's card, not 0, left as it is.
    pub other: u8,
    /// The value the mover's card takes.
    pub result: u8,
}

/// The largest key table [`Cards::new`] builds to rank hands after a move (16 MiB).
const RANKER_ENTRIES: usize = 1 << 22;

/// Hands of some kind listed per `(hand, value)`: entry `h * m + v` is a slice of hand ranks.
#[derive(Debug, Clone, Default)]
struct HandLists {
    start: Vec<u32>,
    hands: Vec<u32>,
}

impl HandLists {
    #[inline]
    fn get(&self, slot: usize) -> &[u32] {
        &self.hands[self.start[slot] as usize..self.start[slot + 1] as usize]
    }
}

/// The modular card game with `k` cards a player and values modulo `m` (see the crate docs).
///
/// Position `id = mover * H + opponent`, where `mover` and `opponent` are the ranks of the two
/// hands ([`HandIndex`]) and `H` the number of hands. Building it costs `O(H * m * min(k, m))`
/// time and `8 * H * (m - 1) * min(k, m)` bytes at most for the two tables (and, while
/// building, a [`Ranker`](crate::Ranker) of at most 4 Mi entries where one fits).
#[derive(Debug, Clone)]
pub struct Cards {
    index: HandIndex,
    /// Per hand: bit `v` is set when the hand holds a card of value `v`.
    present: Vec<u64>,
    /// Slot `h * m + b` (b != 0): the hands after the owner of `h` adds an opponent's card `b`
    /// to each distinct non-zero value of `h`, in ascending order of that value.
    forward: HandLists,
    /// Slot `h * m + b` (b != 0): the hands from which adding an opponent's card `b` to one
    /// card gives `h`, in ascending order of the card that changed (in `h`).
    backward: HandLists,
}

impl Cards {
    /// The game with `cards` cards a player and values modulo `modulus`.
    ///
    /// ```
    /// use cards::Cards;
    /// use solver_core::StateSpace;
    /// assert_eq!(Cards::new(8, 5).unwrap().len(), 245_025);
    /// assert!(Cards::new(0, 5).is_err() && Cards::new(3, 1).is_err());
    /// ```
    pub fn new(cards: usize, modulus: usize) -> Result<Cards, CardsError> {
        let index = HandIndex::new(cards, modulus)?;
        let m = modulus;
        let present: Vec<u64> =
            (0..index.len() as u32).map(|h| index.values(h).iter().fold(0, |mask, &v| mask | 1 << v)).collect();
        let mut forward = HandLists { start: vec![0], hands: Vec::new() };
        let mut backward = HandLists { start: vec![0], hands: Vec::new() };
        // The hand after one card changes value: in O(1) by key where the key table is small,
        // else ranked from the counts.
        let ranker = index.ranker(RANKER_ENTRIES);
        let mut counts = vec![0u8; m];
        for h in 0..index.len() as u32 {
            counts.iter_mut().for_each(|c| *c = 0);
            for &v in index.values(h) {
                counts[v as usize] += 1;
            }
            let key = ranker.as_ref().map(|r| r.key(index.values(h)));
            let mut replaced = |from: usize, to: usize| match (&ranker, key) {
                (Some(r), Some(key)) => r.rank_of_key(key - r.weight(from as u8) + r.weight(to as u8)),
                _ => {
                    counts[from] -= 1;
                    counts[to] += 1;
                    let rank = index.rank_counts(&counts);
                    counts[to] -= 1;
                    counts[from] += 1;
                    rank
                }
            };
            for b in 0..m {
                // b = 0 is never a card one may touch; its slots stay empty.
                for v in (0..m).filter(|&v| b != 0 && present[h as usize] >> v & 1 == 1) {
                    if v != 0 {
                        forward.hands.push(replaced(v, (v + b) % m));
                    }
                    // Un-move: v is the result of adding b to the card (v - b) mod m, which was not 0.
                    let before = (v + m - b) % m;
                    if before != 0 {
                        backward.hands.push(replaced(v, before));
                    }
                }
                forward.start.push(forward.hands.len() as u32);
                backward.start.push(backward.hands.len() as u32);
            }
        }
        Ok(Cards { index, present, forward, backward })
    }

    /// The numbering of the hands.
    pub fn hands(&self) -> &HandIndex {
        &self.index
    }

    /// Cards per hand, `k`.
    pub fn cards(&self) -> usize {
        self.index.cards()
    }

    /// The modulus `m`.
    pub fn modulus(&self) -> usize {
        self.index.modulus()
    }

    /// The id of the position where the player to move holds `mover` and the other player
    /// `opponent`, in any order.
    ///
    /// # Panics
    /// If a hand does not hold exactly `k` values below `m`.
    #[inline]
    pub fn id_of(&self, mover: &[u8], opponent: &[u8]) -> StateId {
        self.join(self.index.rank(mover), self.index.rank(opponent))
    }

    /// The position where the player to move holds hand `mover` and the other player hand
    /// `opponent` (ranks below `H`): the inverse of [`Cards::split`].
    #[inline]
    pub fn join(&self, mover: u32, opponent: u32) -> StateId {
        to_id(mover as usize * self.index.len() + opponent as usize)
    }

    /// The ranks of the mover's and the opponent's hands in position `id`.
    #[inline]
    pub fn split(&self, id: StateId) -> (u32, u32) {
        let hands = self.index.len() as u32;
        (id.as_u32() / hands, id.as_u32() % hands)
    }

    /// Distinct non-zero values of hand `h`, as a bit mask.
    #[inline]
    pub fn nonzero_values(&self, h: u32) -> u64 {
        self.present[h as usize] & !1
    }

    #[inline]
    fn slot(&self, h: u32, value: u32) -> usize {
        h as usize * self.index.modulus() + value as usize
    }

    /// The hands the owner of hand `h` can turn it into by adding an opponent's card `b`
    /// (`0 < b < m`) to one of their non-zero cards: one per distinct non-zero value of `h`,
    /// in ascending order of that value.
    #[inline]
    pub fn next_hands(&self, h: u32, b: u32) -> &[u32] {
        self.forward.get(self.slot(h, b))
    }

    /// The hands whose owner can turn them into hand `h` by adding an opponent's card `b`
    /// (`0 < b < m`) to one of their non-zero cards: exactly the inverse of [`Cards::next_hands`].
    #[inline]
    pub fn previous_hands(&self, h: u32, b: u32) -> &[u32] {
        self.backward.get(self.slot(h, b))
    }

    /// The move that leads from the unfinished position `from` to `to`, if there is one.
    pub fn move_between(&self, from: StateId, to: StateId) -> Option<Move> {
        let ((mover, opponent), (next_mover, after)) = (self.split(from), self.split(to));
        if next_mover != opponent || self.terminal_at(from).is_some() {
            return None;
        }
        let m = self.modulus() as u8;
        let (old, new) = (self.index.values(mover), self.index.values(after));
        // The hands differ in one card: the value that lost a copy, and the value that gained one.
        let count = |hand: &[u8], v: u8| hand.iter().filter(|&&x| x == v).count();
        let own = (1..m).find(|&v| count(old, v) == count(new, v) + 1)?;
        let result = (0..m).find(|&v| count(new, v) == count(old, v) + 1)?;
        let other = (result + m - own) % m;
        let legal = other != 0 && self.nonzero_values(opponent) >> other & 1 == 1;
        legal.then_some(Move { own, other, result })
    }
}

impl Game for Cards {
    type State = Position;
}

impl StateSpace for Cards {
    fn len(&self) -> usize {
        self.index.len() * self.index.len()
    }

    fn rank(&self, state: &Position) -> StateId {
        self.id_of(state.mover.values(), state.opponent.values())
    }

    fn unrank(&self, id: StateId) -> Position {
        let (mover, opponent) = self.split(id);
        Position { mover: Hand::new(self.index.values(mover)), opponent: Hand::new(self.index.values(opponent)) }
    }
}

impl LoopySpace for Cards {
    #[inline]
    fn terminal_at(&self, id: StateId) -> Option<Terminal> {
        // Rank 0 is the all-zero hand.
        match self.split(id) {
            (0, _) => Some(Terminal::Win),
            (_, 0) => Some(Terminal::Loss),
            _ => None,
        }
    }

    /// The mover adds a non-zero card `b` of the opponent to one of their non-zero cards; then
    /// the sides swap. Distinct `(own value, b)` pairs give distinct positions, so there are
    /// no repeats: `|nonzero values of mover| * |nonzero values of opponent|` successors.
    #[inline]
    fn successor_ids(&self, id: StateId, out: &mut Vec<StateId>) {
        let (mover, opponent) = self.split(id);
        let base = opponent as usize * self.index.len();
        let mut values = self.nonzero_values(opponent);
        while values != 0 {
            let b = values.trailing_zeros();
            values &= values - 1;
            out.extend(self.next_hands(mover, b).iter().map(|&after| to_id(base + after as usize)));
        }
    }
}

impl Unmoves for Cards {
    /// Position `(x, y)` came from `(y', x)`: the player holding `y` moved last, turning a
    /// non-zero card `a` of `y'` into a card `c = (a + b) mod m` of `y` with a non-zero card
    /// `b` of `x`. So for each non-zero value `b` of `x` and each distinct value `c` of `y`
    /// with `a = (c - b) mod m` not 0, `y' = y - c + a`. Every such `(y', x)` is unfinished
    /// (`y'` holds `a`, `x` holds `b`), and no position is listed twice.
    #[inline]
    fn predecessor_ids(&self, id: StateId, out: &mut Vec<StateId>) {
        let (mover, moved) = self.split(id);
        let hands = self.index.len();
        let mut values = self.nonzero_values(mover);
        while values != 0 {
            let b = values.trailing_zeros();
            values &= values - 1;
            out.extend(
                self.previous_hands(moved, b).iter().map(|&before| to_id(before as usize * hands + mover as usize)),
            );
        }
    }
}

#[inline]
fn to_id(index: usize) -> StateId {
    StateId::new(index).expect("ids of the space fit a StateId")
}

//! The game's symmetry: multiplying every card by a unit modulo `m`, and the classes of hands
//! and positions it makes.

use crate::Cards;

/// The units of `Z_m` acting on hands: multiplying every card of a hand by a unit `u`
/// (`gcd(u, m) = 1`) is a bijection on hands that keeps zeros zero, and doing it to both hands
/// maps moves to moves (`(a + b) u = a u + b u`), so a position and its images have one value.
pub(crate) struct Units {
    hands: usize,
    /// The units' count; unit 0 is 1.
    order: usize,
    /// `times[g * H + h]`: hand `h` with every card multiplied by unit `g`.
    times: Vec<u32>,
    /// Per hand: bit `g` set when unit `g` maps the hand to itself.
    pub(crate) fixed_by: Vec<u64>,
    /// Per hand: its class (its orbit under the units), numbered by first appearance.
    pub(crate) class_of: Vec<u32>,
    /// Per hand: a unit taking it to its class's representative (the least hand of the orbit).
    to_rep: Vec<u8>,
    /// Per class: the representative hand.
    pub(crate) reps: Vec<u32>,
}

impl Units {
    /// Every unit of `Z_m`.
    pub(crate) fn all(cards: &Cards) -> Units {
        let m = cards.modulus();
        Units::generated(cards, (1..m).filter(|&u| gcd(u, m) == 1).collect())
    }

    /// The unit 1 alone: every class is one position.
    pub(crate) fn identity(cards: &Cards) -> Units {
        Units::generated(cards, vec![1])
    }

    /// The action of `units`, a group of units of `Z_m` listed with 1 first.
    fn generated(cards: &Cards, units: Vec<usize>) -> Units {
        let index = cards.hands();
        let (hands, m) = (index.len(), cards.modulus());
        let mut times = Vec::with_capacity(units.len() * hands);
        let mut scaled = vec![0u8; cards.cards()];
        for &u in &units {
            for h in 0..hands as u32 {
                for (s, &v) in scaled.iter_mut().zip(index.values(h)) {
                    *s = (v as usize * u % m) as u8;
                }
                times.push(index.rank(&scaled));
            }
        }
        let order = units.len();
        let image = |g: usize, h: usize| times[g * hands + h];
        let fixed_by = (0..hands).map(|h| (0..order).filter(|&g| image(g, h) == h as u32).fold(0, |s, g| s | 1 << g));
        let fixed_by: Vec<u64> = fixed_by.collect();
        let (mut class_of, mut to_rep, mut reps) = (vec![u32::MAX; hands], vec![0u8; hands], Vec::new());
        for h in 0..hands {
            if class_of[h] != u32::MAX {
                continue;
            }
            // Hands are visited in increasing rank, so `h` is the least of its orbit.
            let class = reps.len() as u32;
            reps.push(h as u32);
            for g in 0..order {
                let other = image(g, h) as usize;
                class_of[other] = class;
                // The inverse of unit g takes `other` back to `h`.
                to_rep[other] = (0..order).find(|&i| image(i, other) == h as u32).expect("units have inverses") as u8;
            }
        }
        Units { hands, order, times, fixed_by, class_of, to_rep, reps }
    }

    /// The number of units.
    pub(crate) fn order(&self) -> usize {
        self.order
    }

    /// Every hand with every card multiplied by unit `g`, in rank order.
    #[inline]
    pub(crate) fn images(&self, g: usize) -> &[u32] {
        &self.times[g * self.hands..][..self.hands]
    }

    /// Hand `h` with every card multiplied by unit `g`.
    #[inline]
    pub(crate) fn image(&self, g: usize, h: u32) -> u32 {
        self.times[g * self.hands + h as usize]
    }

    /// A unit taking hand `x` to its class's representative.
    #[inline]
    pub(crate) fn to_rep(&self, x: u32) -> usize {
        self.to_rep[x as usize] as usize
    }

    /// The class of position (mover `x`, opponent `y`) as (class of `x`, canonical opponent):
    /// move `x` to its representative and `y` along, then take the least image of `y` under
    /// the units that fix the representative.
    #[inline]
    pub(crate) fn canonical(&self, x: u32, y: u32) -> (u32, u32) {
        if self.order == 1 {
            return (x, y);
        }
        let class = self.class_of[x as usize];
        let moved_along = self.image(self.to_rep[x as usize] as usize, y);
        let mut least = moved_along;
        let mut fixing = self.fixed_by[self.reps[class as usize] as usize] & !1;
        while fixing != 0 {
            let g = fixing.trailing_zeros() as usize;
            fixing &= fixing - 1;
            least = least.min(self.image(g, moved_along));
        }
        (class, least)
    }

    /// The number of positions in the class of the canonical position (`class`, `y`).
    #[inline]
    pub(crate) fn orbit_size(&self, class: u32, y: u32) -> u32 {
        let fixing = self.fixed_by[self.reps[class as usize] as usize] & self.fixed_by[y as usize];
        self.order as u32 / fixing.count_ones()
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

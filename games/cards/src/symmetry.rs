//! [`solve_by_symmetry`]: the hand-table solver on classes of positions under the game's
//! symmetry, multiplying every card by a unit modulo `m`.

use crate::Cards;
use solver_core::{Outcome, OutcomeTable, RETROGRADE_LIMIT, SpaceTooLarge, StateSpace};

const WIN: u32 = 1;
const LOSS: u32 = 2;
/// Unresolved entries hold their count of unresolved moves shifted past the two tag bits.
const ONE_MOVE: u32 = 4;

/// The units of `Z_m` acting on hands: multiplying every card of a hand by a unit `u`
/// (`gcd(u, m) = 1`) is a bijection on hands that keeps zeros zero, and doing it to both hands
/// maps moves to moves (`(a + b) u = a u + b u`), so a position and its images have one value.
struct Units {
    hands: usize,
    /// The units' count; unit 0 is 1.
    order: usize,
    /// `times[g * H + h]`: hand `h` with every card multiplied by unit `g`.
    times: Vec<u32>,
    /// Per hand: bit `g` set when unit `g` maps the hand to itself.
    fixed_by: Vec<u64>,
    /// Per hand: its class (its orbit under the units), numbered by first appearance.
    class_of: Vec<u32>,
    /// Per hand: a unit taking it to its class's representative (the least hand of the orbit).
    to_rep: Vec<u8>,
    /// Per class: the representative hand.
    reps: Vec<u32>,
}

impl Units {
    fn new(cards: &Cards) -> Units {
        let index = cards.hands();
        let (hands, m) = (index.len(), cards.modulus());
        let units: Vec<usize> = (1..m).filter(|&u| gcd(u, m) == 1).collect();
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

    #[inline]
    fn image(&self, g: usize, h: u32) -> u32 {
        self.times[g * self.hands + h as usize]
    }

    /// The class of position (mover `x`, opponent `y`) as (class of `x`, canonical opponent):
    /// move `x` to its representative and `y` along, then take the least image of `y` under
    /// the units that fix the representative.
    #[inline]
    fn canonical(&self, x: u32, y: u32) -> (u32, u32) {
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
    fn orbit_size(&self, class: u32, y: u32) -> u32 {
        let fixing = self.fixed_by[self.reps[class as usize] as usize] & self.fixed_by[y as usize];
        self.order as u32 / fixing.count_ones()
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The value of every position of `cards`, equal to [`solve_by_hand_tables`](crate::solve_by_hand_tables)
/// and solver-core's engines, computed on classes of positions under the units of `Z_m`
/// (see `Units`): about `phi(m)` times fewer cells and un-moves.
///
/// A class `O` is kept as one cell. Its counter starts at `|O| * moves`, and when a class `Q`
/// is won, each predecessor `P` of its representative takes `|Q|` off the counter of `P`'s
/// class. Counting the moves between the two classes both ways, `|O| * (moves of a member of
/// `O` into `Q`) = |Q| * (predecessors of a member of `Q` in `O`)`, so a counter reaches 0
/// exactly when every move of the class is won for the opponent. Classes are resolved one
/// remoteness at a time, as in the plain solver, which keeps remoteness exact.
///
/// Time `O(C H + E / phi(m) + N)` for `C` classes of hands; memory 4 bytes per class cell and
/// the lists of one remoteness, plus the finished table.
///
/// ```
/// use cards::{Cards, solve_by_hand_tables, solve_by_symmetry};
///
/// let game = Cards::new(3, 8).unwrap();
/// assert_eq!(solve_by_symmetry(&game).unwrap(), solve_by_hand_tables(&game).unwrap());
/// ```
pub fn solve_by_symmetry(cards: &Cards) -> Result<OutcomeTable, SpaceTooLarge> {
    let len = cards.len();
    if len > RETROGRADE_LIMIT {
        return Err(SpaceTooLarge { len, limit: RETROGRADE_LIMIT });
    }
    let units = Units::new(cards);
    let hands = cards.hands().len() as u32;
    let moves: Vec<u32> = (0..hands).map(|h| cards.nonzero_values(h).count_ones()).collect();
    // Cell `class * H + y`: the class of positions whose mover holds the class's representative
    // and whose opponent holds the canonical `y`. Cells of non-canonical `y` stay unused.
    let mut cells = vec![0u32; units.reps.len() * hands as usize];
    let mut level: Vec<u32> = Vec::new();
    for (class, row) in cells.chunks_exact_mut(hands as usize).enumerate() {
        let class = class as u32;
        let x = units.reps[class as usize];
        for (y, cell) in row.iter_mut().enumerate() {
            let y = y as u32;
            if units.canonical(x, y) != (class, y) {
                continue;
            }
            // Rank 0 is the all-zero hand: the mover holding it has won, else the opponent.
            *cell = if x == 0 {
                WIN
            } else if y == 0 {
                LOSS
            } else {
                units.orbit_size(class, y) * moves[x as usize] * moves[y as usize] * ONE_MOVE
            };
            if *cell & 3 != 0 {
                level.push(class << 16 | y);
            }
        }
    }

    let most = (cards.modulus() - 1) * cards.cards().min(cards.modulus());
    let mut next_level: Vec<u32> = Vec::new();
    while !level.is_empty() {
        // Branch-free appends write a slot whether or not it counts; `filled` says how many do.
        let mut filled = 0;
        for &pair in &level {
            if next_level.len() < filled + most {
                next_level.resize((2 * next_level.len()).max(filled + most), 0);
            }
            let (class, moved) = (pair >> 16, pair & 0xffff);
            let mover = units.reps[class as usize];
            let cell = cells[(class * hands + moved) as usize];
            let next = (cell >> 2) + 1;
            let child_lost = cell & 3 == LOSS;
            let resolved = if child_lost { next << 2 | WIN } else { next << 2 | LOSS };
            let share = units.orbit_size(class, moved) * ONE_MOVE;
            let mut values = cards.nonzero_values(mover);
            while values != 0 {
                let b = values.trailing_zeros();
                values &= values - 1;
                for &before in cards.previous_hands(moved, b) {
                    let (pred_class, pred_y) = units.canonical(before, mover);
                    let pred = &mut cells[(pred_class * hands + pred_y) as usize];
                    let open = *pred & 3 == 0;
                    let take = if child_lost { *pred } else { share };
                    let left = if open { *pred - take } else { *pred };
                    let done = open && left == 0;
                    *pred = if done { resolved } else { left };
                    next_level[filled] = pred_class << 16 | pred_y;
                    filled += done as usize;
                }
            }
        }
        std::mem::swap(&mut level, &mut next_level);
        level.truncate(filled);
    }
    drop((level, next_level));

    // Every position takes its class's cell, row by row of the mover's hand.
    let mut table = vec![0u32; len];
    for (x, row) in table.chunks_exact_mut(hands as usize).enumerate() {
        let x = x as u32;
        let class = units.class_of[x as usize];
        let class_cells = &cells[(class * hands) as usize..][..hands as usize];
        if units.fixed_by[units.reps[class as usize] as usize] == 1 {
            // Only the identity fixes the representative: one image per opponent hand.
            let along = &units.times[units.to_rep[x as usize] as usize * hands as usize..][..hands as usize];
            for (cell, &y) in row.iter_mut().zip(along) {
                *cell = class_cells[y as usize];
            }
        } else {
            for (y, cell) in row.iter_mut().enumerate() {
                *cell = class_cells[units.canonical(x, y as u32).1 as usize];
            }
        }
    }
    let outcomes = table.into_iter().map(|cell| match cell & 3 {
        WIN => Outcome::Win(cell >> 2),
        LOSS => Outcome::Loss(cell >> 2),
        _ => Outcome::Draw,
    });
    Ok(OutcomeTable::from_outcomes(outcomes).expect("remoteness stays below the number of positions"))
}

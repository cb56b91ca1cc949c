//! The game's own solvers: retrograde analysis specialised to this game, where the number of
//! moves of a position is known in closed form and un-moves never repeat, on single positions
//! ([`solve_by_hand_tables`]) or on classes of positions under the game's symmetry
//! ([`solve_by_symmetry`]). Both run one algorithm, `solve_on_classes`, with the trivial
//! symmetry or the full one.

use crate::Cards;
use crate::symmetry::Units;
use solver_core::{Outcome, OutcomeTable, Progress, RETROGRADE_LIMIT, SpaceTooLarge, StateSpace};

const WIN: u32 = 1;
const LOSS: u32 = 2;
/// Unresolved entries hold their count of unresolved moves shifted past the two tag bits.
const ONE_MOVE: u32 = 4;

/// The value of every position of `cards`, equal to what solver-core's retrograde engines give
/// (win or loss with remoteness, or a draw; there are no ties).
///
/// The generic counter engines generate, sort and deduplicate every position's moves to count
/// them, and deduplicate every un-move list. Here neither is needed: position `(x, y)` has
/// exactly `nz(x) * nz(y)` distinct moves (`nz` = distinct non-zero values of a hand; see
/// [`Cards`]'s `successor_ids`), and its un-moves list each predecessor once. Moves are never
/// generated at all: the hand tables give the predecessors of each resolved position, and
/// positions are resolved one remoteness at a time (the generic engines' FIFO order), so only
/// the current and the next remoteness are listed, not a queue of every resolved position.
/// The inner loop is branch-free, as whether a predecessor is still open is a coin toss.
///
/// Time `O(N + E)` table lookups for `N = H^2` positions and `E` moves; memory 4 bytes a
/// position (the table) and two lists of the positions of one remoteness.
///
/// This is `solve_on_classes` with the unit 1 alone: every class is one position.
///
/// ```
/// use cards::{Cards, solve_by_hand_tables};
/// use solver_core::{RetrogradeEngine, StateSpace};
///
/// let game = Cards::new(2, 10).unwrap();
/// assert_eq!(solve_by_hand_tables(&game).unwrap(), RetrogradeEngine::Unmoves.solve(&game).unwrap());
/// ```
pub fn solve_by_hand_tables(cards: &Cards) -> Result<OutcomeTable, SpaceTooLarge> {
    solve_on_classes(cards, &Units::identity(cards), &Progress::silent())
}

/// The value of every position of `cards`, equal to [`solve_by_hand_tables`] and
/// solver-core's engines, computed on classes of positions under the units of `Z_m` (see the
/// crate docs' Symmetry): about `phi(m)` times fewer cells and un-moves, 2x faster for
/// `(8, 5)` and 4x for `(10, 7)`.
///
/// This is `solve_on_classes` with every unit. Time `O(C H + E / phi(m) + N)` for `C`
/// classes of hands; memory 4 bytes a class of positions and the lists of one remoteness,
/// then the finished table.
///
/// ```
/// use cards::{Cards, solve_by_hand_tables, solve_by_symmetry};
///
/// let game = Cards::new(3, 8).unwrap();
/// assert_eq!(solve_by_symmetry(&game).unwrap(), solve_by_hand_tables(&game).unwrap());
/// ```
pub fn solve_by_symmetry(cards: &Cards) -> Result<OutcomeTable, SpaceTooLarge> {
    solve_on_classes(cards, &Units::all(cards), &Progress::silent())
}

/// Counter retrograde analysis on the classes of positions under `units`.
///
/// A class `O` is one cell, for its canonical position (see `Units::canonical`). Its counter
/// starts at `|O| * moves`, and when a class `Q` is won, each predecessor `P` of its canonical
/// position takes `|Q|` off the counter of `P`'s class. Counting the moves between two classes
/// both ways, `|O| * (moves of a member of O into Q) = |Q| * (predecessors of a member of Q in
/// O)`, so a counter reaches 0 exactly when every move of the class is won for the opponent.
/// A lost class wins every open predecessor class. Classes are resolved one remoteness at a
/// time (the generic engines' FIFO order), so remoteness is exact; the inner loop is
/// branch-free, as whether a predecessor is still open is a coin toss.
///
/// `progress` advances towards the classes as each remoteness' classes are done (the draws,
/// which are never reached, at the end).
pub(crate) fn solve_on_classes(
    cards: &Cards,
    units: &Units,
    progress: &Progress<'_>,
) -> Result<OutcomeTable, SpaceTooLarge> {
    let len = cards.len();
    if len > RETROGRADE_LIMIT {
        return Err(SpaceTooLarge { len, limit: RETROGRADE_LIMIT });
    }
    let hands = cards.hands().len() as u32;
    let moves: Vec<u32> = (0..hands).map(|h| cards.nonzero_values(h).count_ones()).collect();
    // Cell `class * H + y`: the class of positions whose mover holds the class's representative
    // and whose opponent holds the canonical `y`. Cells of non-canonical `y` stay unused.
    let mut cells = vec![0u32; units.reps.len() * hands as usize];
    let mut level: Vec<u32> = Vec::new();
    let mut classes = 0u64;
    for (class, row) in cells.chunks_exact_mut(hands as usize).enumerate() {
        let class = class as u32;
        let x = units.reps[class as usize];
        for (y, cell) in row.iter_mut().enumerate() {
            let y = y as u32;
            if units.canonical(x, y) != (class, y) {
                continue;
            }
            classes += 1;
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

    // The most predecessors a position has: one per value b and distinct value of the hand.
    let most = (cards.modulus() - 1) * cards.cards().min(cards.modulus());
    let mut next_level: Vec<u32> = Vec::new();
    progress.begin(classes);
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
        progress.advance(level.len() as u64);
        std::mem::swap(&mut level, &mut next_level);
        level.truncate(filled);
    }
    drop((level, next_level));
    progress.finish();

    // Every position takes its class's cell, row by row of the mover's hand; single positions
    // are their own cells, in id order already.
    let table = if units.order() == 1 { cells } else { expand(units, hands, &cells) };
    let outcomes = table.into_iter().map(|cell| match cell & 3 {
        WIN => Outcome::Win(cell >> 2),
        LOSS => Outcome::Loss(cell >> 2),
        _ => Outcome::Draw,
    });
    Ok(OutcomeTable::from_outcomes(outcomes).expect("remoteness stays below the number of positions"))
}

/// The cells of every position, in id order, from the cells of the classes.
fn expand(units: &Units, hands: u32, cells: &[u32]) -> Vec<u32> {
    let mut table = vec![0u32; hands as usize * hands as usize];
    for (x, row) in table.chunks_exact_mut(hands as usize).enumerate() {
        let x = x as u32;
        let class = units.class_of[x as usize];
        let class_cells = &cells[(class * hands) as usize..][..hands as usize];
        if units.fixed_by[units.reps[class as usize] as usize] == 1 {
            // Only the identity fixes the representative: one image per opponent hand.
            let along = units.images(units.to_rep(x));
            for (cell, &y) in row.iter_mut().zip(along) {
                *cell = class_cells[y as usize];
            }
        } else {
            for (y, cell) in row.iter_mut().enumerate() {
                *cell = class_cells[units.canonical(x, y as u32).1 as usize];
            }
        }
    }
    table
}

//! [`solve_by_hand_tables`]: retrograde analysis specialised to this game, where the number of
//! moves of a position is known in closed form and un-moves never repeat.

use crate::Cards;
use solver_core::{Outcome, OutcomeTable, RETROGRADE_LIMIT, SpaceTooLarge, StateSpace};

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
/// ```
/// use cards::{Cards, solve_by_hand_tables};
/// use solver_core::{RetrogradeEngine, StateSpace};
///
/// let game = Cards::new(2, 10).unwrap();
/// assert_eq!(solve_by_hand_tables(&game).unwrap(), RetrogradeEngine::Unmoves.solve(&game).unwrap());
/// ```
pub fn solve_by_hand_tables(cards: &Cards) -> Result<OutcomeTable, SpaceTooLarge> {
    let len = cards.len();
    if len > RETROGRADE_LIMIT {
        return Err(SpaceTooLarge { len, limit: RETROGRADE_LIMIT });
    }
    let hands = cards.hands().len() as u32;
    let moves: Vec<u32> = (0..hands).map(|h| cards.nonzero_values(h).count_ones()).collect();
    let mut cells = vec![0u32; len];
    // Positions are resolved a remoteness at a time (the FIFO order of the generic engines):
    // `level` holds those of remoteness r, as hand pairs `mover << 16 | moved` (ranks fit 16
    // bits, so no division later), and collects those of r + 1 in `next_level`.
    let mut level: Vec<u32> = Vec::new();
    // Rank 0 is the all-zero hand: row 0 is won for the mover, column 0 (elsewhere) lost.
    for (mover, row) in cells.chunks_exact_mut(hands as usize).enumerate() {
        let mover = mover as u32;
        for (opponent, cell) in row.iter_mut().enumerate() {
            let opponent = opponent as u32;
            *cell = if mover == 0 {
                WIN
            } else if opponent == 0 {
                LOSS
            } else {
                moves[mover as usize] * moves[opponent as usize] * ONE_MOVE
            };
            if *cell & 3 != 0 {
                level.push(mover << 16 | opponent);
            }
        }
    }

    // The most predecessors a position has: one per value b and distinct value of the hand.
    let most = (cards.modulus() - 1) * cards.cards().min(cards.modulus());
    let mut next_level: Vec<u32> = Vec::new();
    while !level.is_empty() {
        // Branch-free appends write a slot whether or not it counts; `filled` says how many do.
        let mut filled = 0;
        for &pair in &level {
            if next_level.len() < filled + most {
                next_level.resize((2 * next_level.len()).max(filled + most), 0);
            }
            let (mover, moved) = (pair >> 16, pair & 0xffff);
            let cell = cells[(mover * hands + moved) as usize];
            let next = (cell >> 2) + 1;
            // Each predecessor (before, mover) is listed once and is unfinished. Branch-free:
            // whether a predecessor is still unresolved is close to a coin toss. A lost child
            // wins every open predecessor at once (its whole count is taken away); a won child
            // takes one move off each count, and a count that reaches 0 is a loss.
            let child_lost = cell & 3 == LOSS;
            let resolved = if child_lost { next << 2 | WIN } else { next << 2 | LOSS };
            let mut values = cards.nonzero_values(mover);
            while values != 0 {
                let b = values.trailing_zeros();
                values &= values - 1;
                for &before in cards.previous_hands(moved, b) {
                    let pred = &mut cells[(before * hands + mover) as usize];
                    let open = *pred & 3 == 0;
                    let take = if child_lost { *pred } else { ONE_MOVE };
                    let left = if open { *pred - take } else { *pred };
                    let done = open && left == 0;
                    *pred = if done { resolved } else { left };
                    next_level[filled] = before << 16 | mover;
                    filled += done as usize;
                }
            }
        }
        std::mem::swap(&mut level, &mut next_level);
        level.truncate(filled);
    }
    drop((level, next_level));

    let outcomes = cells.into_iter().map(|cell| match cell & 3 {
        WIN => Outcome::Win(cell >> 2),
        LOSS => Outcome::Loss(cell >> 2),
        _ => Outcome::Draw,
    });
    Ok(OutcomeTable::from_outcomes(outcomes).expect("remoteness stays below the number of positions"))
}

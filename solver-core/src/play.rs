//! Reading a solved table as play: the moves ranked best first, and the principal variation.

use crate::{LoopySpace, Outcome, OutcomeTable, StateId};

/// The distinct moves of the unfinished position `id` with their values (for the opponent,
/// who moves next), best for the player to move first; equal moves in id order.
///
/// Best means: a child lost for the opponent, quickest first; then ties, quickest first; then
/// endless play; then children won by the opponent, slowest first (see
/// [`Outcome::best_move_key`]). The first entry is an optimal move. Empty for a finished
/// position or a dead end.
pub fn ranked_moves<G: LoopySpace + ?Sized>(game: &G, table: &OutcomeTable, id: StateId) -> Vec<(StateId, Outcome)> {
    if game.terminal_at(id).is_some() {
        return Vec::new();
    }
    let mut children = Vec::new();
    game.successor_ids(id, &mut children);
    children.sort_unstable();
    children.dedup();
    let mut moves: Vec<(StateId, Outcome)> = children.into_iter().map(|c| (c, table.get(c))).collect();
    moves.sort_by_key(|&(c, o)| (o.best_move_key(), c));
    moves
}

/// The line of optimal play from `id`: `id` itself, then each position after the best move
/// (the first of [`ranked_moves`]), until the game ends or `max_plies` moves are made (endless
/// play never ends). A win or loss of remoteness `r` gives exactly `r` moves.
pub fn principal_variation<G: LoopySpace + ?Sized>(
    game: &G,
    table: &OutcomeTable,
    id: StateId,
    max_plies: usize,
) -> Vec<StateId> {
    let mut line = vec![id];
    let mut at = id;
    while line.len() <= max_plies {
        match ranked_moves(game, table, at).first() {
            Some(&(next, _)) => {
                line.push(next);
                at = next;
            }
            None => break,
        }
    }
    line
}

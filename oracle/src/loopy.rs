//! The loopy oracle: values by rounds of "forced within n plies".

use crate::{Budget, Meter, OracleError};
use solver_core::{Outcome, Rules};
use std::collections::HashMap;

/// The value of every position reachable from `starts`, by definition rather than by algorithm.
///
/// A position is won within `n` plies if some move reaches a position lost within `n - 1`; it
/// is lost within `n` if every move reaches a position won within `n - 1`. Round `n` finds the
/// positions whose result is first forced within `n` plies, which makes `n` the remoteness with
/// the winner hurrying and the loser delaying. Ties then spread the same way from finished
/// ties, and whatever is left never ends: a draw. A position without moves is lost at once.
///
/// Time `O(L (N + E))` hash lookups for `N` reachable positions, `E` moves and the largest
/// remoteness `L`; memory: every reachable position with its moves. Declines past
/// `budget.max_states` positions or `budget.max_work` units (see [`solve_loopy_counting`]).
pub fn solve_loopy<R: Rules + ?Sized>(
    rules: &R,
    starts: impl IntoIterator<Item = R::State>,
    budget: Budget,
) -> Result<HashMap<R::State, Outcome>, OracleError> {
    solve_loopy_counting(rules, starts, budget).map(|(values, _)| values)
}

/// [`solve_loopy`], with the units of work it spent: one for each position reached and each
/// move generated while exploring, then in each round one for each position scanned and one
/// for each move of a position still without a value (an upper bound on the moves the round
/// examines). Declines as soon as the next charge would pass `budget.max_work`, so a long
/// path (`L` rounds of `N` scans) declines instead of running for hours.
pub fn solve_loopy_counting<R: Rules + ?Sized>(
    rules: &R,
    starts: impl IntoIterator<Item = R::State>,
    budget: Budget,
) -> Result<(HashMap<R::State, Outcome>, u64), OracleError> {
    let mut meter = Meter::new(budget);
    let mut graph: HashMap<R::State, Vec<R::State>> = HashMap::new();
    let mut value: HashMap<R::State, Outcome> = HashMap::new();
    let mut todo: Vec<R::State> = starts.into_iter().collect();
    while let Some(state) = todo.pop() {
        if graph.contains_key(&state) {
            continue;
        }
        if graph.len() >= budget.max_states {
            return Err(budget.exceeded());
        }
        let mut moves = Vec::new();
        match rules.terminal(&state) {
            Some(end) => {
                value.insert(state.clone(), Outcome::terminal(end));
            }
            None => {
                rules.successors(&state, &mut moves);
                if moves.is_empty() {
                    value.insert(state.clone(), Outcome::Loss(0));
                }
            }
        }
        meter.spend(1 + moves.len())?;
        todo.extend(moves.iter().cloned());
        graph.insert(state, moves);
    }

    let won = |v: Option<&Outcome>| matches!(v, Some(Outcome::Win(_)));
    let lost = |v: Option<&Outcome>| matches!(v, Some(Outcome::Loss(_)));
    let tied = |v: Option<&Outcome>| matches!(v, Some(Outcome::Tie(_)));
    for ties in [false, true] {
        for n in 1.. {
            let mut found = Vec::new();
            for (state, moves) in &graph {
                if value.contains_key(state) {
                    meter.spend(1)?;
                    continue;
                }
                meter.spend(1 + moves.len())?;
                let found_now = if ties {
                    moves.iter().any(|m| tied(value.get(m))).then_some(Outcome::Tie(n))
                } else if moves.iter().any(|m| lost(value.get(m))) {
                    Some(Outcome::Win(n))
                } else if moves.iter().all(|m| won(value.get(m))) {
                    Some(Outcome::Loss(n))
                } else {
                    None
                };
                found.extend(found_now.map(|v| (state.clone(), v)));
            }
            // Insert after the round, so round n sees only what was forced within n - 1 plies.
            if found.is_empty() {
                break;
            }
            value.extend(found);
        }
    }
    for state in graph.into_keys() {
        value.entry(state).or_insert(Outcome::Draw);
    }
    Ok((value, meter.spent))
}

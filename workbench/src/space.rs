//! Space checks: a game's dense space says what its plain rules say. For the positions asked
//! about: the ranking round-trips, the moves on ids are the plain rules' moves (compared as
//! plain positions, so a ranking bug cannot hide), every move stays inside the space, and the
//! un-moves are exactly the inverse of the moves.
//!
//! ```
//! use solver_core::graph::{GraphGame, RandomShape};
//! use solver_core::StateSpace;
//! use workbench::check::OracleSide;
//! use workbench::space::{check_loopy_space, check_unmoves, every_id};
//!
//! let game = GraphGame::random(&RandomShape::loopy(500), 3);
//! let rules = game.rules();
//! check_loopy_space(&game, &OracleSide::same(&rules), every_id(&game)).unwrap();
//! check_unmoves(&game, every_id(&game)).unwrap();
//! ```

use crate::check::OracleSide;
use solver_core::{
    ImpartialRules, ImpartialSpace, LoopySpace, Rules, ScoredMove, ScoringRules, ScoringSpace, StateId, StateSpace,
    Unmoves,
};
use std::collections::HashSet;
use std::fmt::Debug;

/// A position where the space and the rules part ways.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("position {id} ({position}): {problem}")]
pub struct SpaceViolation {
    /// The position's id.
    pub id: StateId,
    /// The position, as its `Debug` form.
    pub position: String,
    /// What is wrong there.
    pub problem: String,
}

fn violation<G: StateSpace + ?Sized>(space: &G, id: StateId, problem: String) -> SpaceViolation {
    SpaceViolation { id, position: format!("{:?}", space.unrank(id)), problem }
}

/// Every id of the space, for a check of the whole space.
pub fn every_id<G: StateSpace + ?Sized>(space: &G) -> impl Iterator<Item = StateId> + use<G> {
    StateId::all(space.len())
}

/// The id of the position `bytes` name (four little-endian bytes from `at`), wrapped into
/// the space: how fuzz targets pick a position.
pub fn id_from_bytes<G: StateSpace + ?Sized>(space: &G, bytes: &[u8], at: usize) -> StateId {
    let mut word = [0u8; 4];
    for (slot, byte) in word.iter_mut().zip(bytes.iter().skip(at)) {
        *slot = *byte;
    }
    StateId::new(u32::from_le_bytes(word) as usize % space.len().max(1)).expect("below the space's size")
}

/// `unrank` then `rank` gives the id back.
fn round_trip<G: StateSpace + ?Sized>(space: &G, id: StateId) -> Result<G::State, SpaceViolation> {
    let state = space.unrank(id);
    let back = space.rank(&state);
    if back != id {
        return Err(violation(space, id, format!("unranks to a position that ranks to {back}")));
    }
    Ok(state)
}

fn in_space<G: StateSpace + ?Sized>(space: &G, id: StateId, child: StateId) -> Result<(), SpaceViolation> {
    if child.index() >= space.len() {
        return Err(violation(space, id, format!("moves to {child}, outside the space of {}", space.len())));
    }
    Ok(())
}

/// The `Debug` forms of `items`, sorted: a multiset of plain positions that needs no `Ord`.
fn sorted_debug<T: Debug>(items: impl IntoIterator<Item = T>) -> Vec<String> {
    let mut keys: Vec<String> = items.into_iter().map(|t| format!("{t:?}")).collect();
    keys.sort_unstable();
    keys
}

/// Checks the loopy space at `ids` against its plain rules: the ranking round-trips, a
/// position is finished exactly when the rules say so (with the same result), and its moves
/// on ids lead to exactly the rules' successors (as sets: repeats count once).
pub fn check_loopy_space<G, R>(
    space: &G,
    plain: &OracleSide<'_, G::State, R>,
    ids: impl IntoIterator<Item = StateId>,
) -> Result<(), SpaceViolation>
where
    G: LoopySpace + ?Sized,
    R: Rules + ?Sized,
{
    let (mut ids_out, mut states_out) = (Vec::new(), Vec::new());
    for id in ids {
        let state = (plain.state)(&round_trip(space, id)?);
        let (fast, rules) = (space.terminal_at(id), plain.rules.terminal(&state));
        if fast != rules {
            return Err(violation(space, id, format!("terminal_at says {fast:?}, the rules {rules:?}")));
        }
        if fast.is_some() {
            continue;
        }
        ids_out.clear();
        space.successor_ids(id, &mut ids_out);
        let mut by_ids = HashSet::new();
        for &child in &ids_out {
            in_space(space, id, child)?;
            by_ids.insert((plain.state)(&space.unrank(child)));
        }
        states_out.clear();
        plain.rules.successors(&state, &mut states_out);
        let by_rules: HashSet<R::State> = states_out.drain(..).collect();
        if by_ids != by_rules {
            let (ids, rules) = (sorted_debug(&by_ids), sorted_debug(&by_rules));
            return Err(violation(space, id, format!("the moves on ids lead to {ids:?}, the rules to {rules:?}")));
        }
    }
    Ok(())
}

/// Checks that the un-moves at `ids` are exactly the inverse of the moves: each successor of
/// an unfinished position lists it among its un-moves, and each unfinished position listed as
/// an un-move really moves there.
pub fn check_unmoves<G: Unmoves + ?Sized>(
    space: &G,
    ids: impl IntoIterator<Item = StateId>,
) -> Result<(), SpaceViolation> {
    let (mut moves, mut back) = (Vec::new(), Vec::new());
    for id in ids {
        if space.terminal_at(id).is_none() {
            moves.clear();
            space.successor_ids(id, &mut moves);
            for &child in &moves {
                in_space(space, id, child)?;
                back.clear();
                space.predecessor_ids(child, &mut back);
                if !back.contains(&id) {
                    return Err(violation(space, id, format!("moves to {child}, whose un-moves {back:?} miss it")));
                }
            }
        }
        back.clear();
        space.predecessor_ids(id, &mut back);
        for &parent in &back {
            in_space(space, id, parent)?;
            if space.terminal_at(parent).is_some() {
                continue;
            }
            moves.clear();
            space.successor_ids(parent, &mut moves);
            if !moves.contains(&id) {
                return Err(violation(space, id, format!("lists the un-move {parent}, which has no move to it")));
            }
        }
    }
    Ok(())
}

/// Checks the impartial space at `ids` against its plain rules: the ranking round-trips and
/// the options on ids are the rules' options (as a multiset of multisets of plain parts).
pub fn check_impartial_space<G, R>(
    space: &G,
    plain: &OracleSide<'_, G::State, R>,
    ids: impl IntoIterator<Item = StateId>,
) -> Result<(), SpaceViolation>
where
    G: ImpartialSpace + ?Sized,
    R: ImpartialRules + ?Sized,
{
    for id in ids {
        let state = (plain.state)(&round_trip(space, id)?);
        let mut by_ids = Vec::new();
        let mut outside = None;
        space.option_ids(id, &mut |parts| {
            outside = outside.or(parts.iter().copied().find(|p| p.index() >= space.len()));
            if outside.is_none() {
                by_ids.push(sorted_debug(parts.iter().map(|&p| (plain.state)(&space.unrank(p)))));
            }
        });
        if let Some(part) = outside {
            in_space(space, id, part)?;
        }
        let mut by_rules = Vec::new();
        plain.rules.options(&state, &mut |parts| by_rules.push(sorted_debug(parts)));
        by_ids.sort_unstable();
        by_rules.sort_unstable();
        if by_ids != by_rules {
            return Err(violation(space, id, format!("the options on ids are {by_ids:?}, the rules' {by_rules:?}")));
        }
    }
    Ok(())
}

/// Checks the scoring space at `ids` against its plain rules: the ranking round-trips, the
/// moves on ids are the rules' moves (target, gain and extra move, as a multiset), and
/// [`ScoringSpace::visit_scored_move_ids`] hands over the same moves as
/// [`ScoringSpace::scored_move_ids`].
pub fn check_scoring_space<G, R>(
    space: &G,
    plain: &OracleSide<'_, G::State, R>,
    ids: impl IntoIterator<Item = StateId>,
) -> Result<(), SpaceViolation>
where
    G: ScoringSpace + ?Sized,
    R: ScoringRules + ?Sized,
{
    let key = |m: &ScoredMove<StateId>| (m.to, m.gain, m.again);
    for id in ids {
        let state = (plain.state)(&round_trip(space, id)?);
        let mut listed = Vec::new();
        space.scored_move_ids(id, &mut listed);
        let mut visited = Vec::new();
        space.visit_scored_move_ids(id, &mut Vec::new(), &mut |m| visited.push(m));
        listed.sort_unstable_by_key(key);
        visited.sort_unstable_by_key(key);
        if listed != visited {
            return Err(violation(space, id, format!("visit_scored_move_ids {visited:?}, scored_move_ids {listed:?}")));
        }
        for m in &listed {
            in_space(space, id, m.to)?;
        }
        let by_ids = sorted_debug(listed.iter().map(|m| ((plain.state)(&space.unrank(m.to)), m.gain, m.again)));
        let mut moves = Vec::new();
        plain.rules.scored_moves(&state, &mut moves);
        let by_rules = sorted_debug(moves.iter().map(|m| (&m.to, m.gain, m.again)));
        if by_ids != by_rules {
            return Err(violation(space, id, format!("the moves on ids are {by_ids:?}, the rules' {by_rules:?}")));
        }
    }
    Ok(())
}

//! Bodies of the fuzz targets in fuzz/. They live here so that a stable `cargo test` replays
//! fuzz/corpus and fuzz/regressions through exactly the code the fuzzer ran
//! (tests/fuzz_replay.rs).

use crate::check::{Failure, OracleCheck, OracleSide, check_grundy, check_loopy, check_scores};
use crate::input;
use crate::problems::{JudgeError, Problem};
use oracle::Budget;
use petgraph::graph::NodeIndex;
use solver_core::graph::{Edge, GraphGame, Node};
use solver_core::{LoopySpace, Rules, ScoringRules, ScoringSpace, StateId, StateSpace, Terminal, Unmoves};

/// The oracle's budget on fuzzed games: far more than a game built from fuzz bytes can need.
const BUDGET: Budget = Budget { max_states: 100_000, max_depth: 1_000 };

/// Any bytes as judge input for every engine of `problem`: no panic, and every engine gives
/// the same output or the same error. Returns the first disagreement.
pub fn judge_bytes(problem: &dyn Problem, data: &[u8]) -> Result<(), String> {
    let Ok(text) = input::decode(data) else { return Ok(()) };
    let mut first: Option<(&str, Result<String, JudgeError>)> = None;
    for &engine in problem.engines() {
        let answer = problem.judge(text, engine);
        if matches!(answer, Err(JudgeError::Oracle(_))) {
            continue;
        }
        match &first {
            None => first = Some((engine, answer)),
            Some((name, expected)) if *expected != answer => {
                return Err(format!("{engine} answered {answer:?} but {name} answered {expected:?}"));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// A graph game of at most 16 nodes read from bytes: the first byte sets the size, then one
/// byte per node its terminal mark (loopy role), then three bytes per edge. With `acyclic`,
/// every edge is turned to point from the higher node to the lower one (self-loops dropped).
pub fn graph_from_bytes(data: &[u8], acyclic: bool) -> GraphGame {
    let Some((&size, rest)) = data.split_first() else { return GraphGame::default() };
    let n = 1 + size as usize % 16;
    let (marks, rest) = rest.split_at(n.min(rest.len()));
    let nodes = (0..n).map(|i| Node {
        terminal: match marks.get(i).map(|m| m % 8) {
            Some(5) => Some(Terminal::Win),
            Some(6) => Some(Terminal::Loss),
            Some(7) => Some(Terminal::Tie),
            _ => None,
        },
    });
    let edges = rest.chunks_exact(3).filter_map(|e| {
        let (mut from, mut to) = (e[0] as u32 % n as u32, e[1] as u32 % n as u32);
        if acyclic {
            if from == to {
                return None;
            }
            (from, to) = (from.max(to), from.min(to));
        }
        let edge = Edge { option: (e[2] % 4) as u32, gain: (e[2] / 4 % 5) as i32 - 2, again: e[2] >= 128 };
        Some((from, to, edge))
    });
    GraphGame::from_parts(nodes, edges).expect("edges are reduced modulo the node count")
}

fn same(node: &NodeIndex) -> NodeIndex {
    *node
}

fn agreed(oracle: OracleCheck) -> Result<(), Failure> {
    match oracle {
        OracleCheck::Agreed { .. } => Ok(()),
        other => Err(Failure { engine: "oracle".into(), detail: format!("did not check a tiny game: {other:?}") }),
    }
}

/// Every retrograde engine, the verifier and the oracle on a tiny loopy game from bytes.
pub fn loopy_engines(data: &[u8]) -> Result<(), Failure> {
    let game = graph_from_bytes(data, false);
    agreed(check_loopy(&game, Some(OracleSide { rules: &game, state: &same }), BUDGET)?.oracle)
}

/// The Grundy engine against the verifier and the oracle on a tiny acyclic game from bytes.
pub fn grundy_engine(data: &[u8]) -> Result<(), Failure> {
    let game = graph_from_bytes(data, true);
    agreed(check_grundy(&game, Some(OracleSide { rules: &game, state: &same }), BUDGET)?.oracle)
}

/// The score DP against the verifier and the oracle on a tiny acyclic game from bytes.
pub fn score_engine(data: &[u8]) -> Result<(), Failure> {
    let game = graph_from_bytes(data, true);
    agreed(check_scores::<i64, _, _>(&game, Some(OracleSide { rules: &game, state: &same }), BUDGET)?.oracle)
}

/// A position id of `game` from four bytes of `data` (from `at`), wrapped into the space.
fn id_from<G: StateSpace + ?Sized>(game: &G, data: &[u8], at: usize) -> StateId {
    let mut word = [0u8; 4];
    for (slot, byte) in word.iter_mut().zip(data.iter().skip(at)) {
        *slot = *byte;
    }
    StateId::new(u32::from_le_bytes(word) as usize % game.len().max(1)).expect("below the space's size")
}

/// Checks one position of a loopy space: `rank(unrank(id)) == id`; the id-level terminal and
/// moves equal the rules' on the state; every successor is in the space and lists `id` among
/// its un-moves; every un-move of `id` is finished or really moves to `id`.
pub fn check_loopy_position<G: Unmoves + ?Sized>(game: &G, id: StateId) -> Result<(), String> {
    let state = game.unrank(id);
    if game.rank(&state) != id {
        return Err(format!("{id} unranks to {state:?}, which ranks to {}", game.rank(&state)));
    }
    if game.terminal_at(id) != game.terminal(&state) {
        return Err(format!(
            "{id}: terminal_at says {:?}, the rules {:?}",
            game.terminal_at(id),
            game.terminal(&state)
        ));
    }
    let mut fast = Vec::new();
    let mut by_rules = Vec::new();
    if game.terminal_at(id).is_none() {
        game.successor_ids(id, &mut fast);
        let mut states = Vec::new();
        game.successors(&state, &mut states);
        by_rules.extend(states.iter().map(|s| game.rank(s)));
    }
    let sorted = |v: &mut Vec<StateId>| {
        v.sort_unstable();
        v.dedup();
    };
    sorted(&mut fast);
    sorted(&mut by_rules);
    if fast != by_rules {
        return Err(format!("{id} ({state:?}): successor_ids {fast:?}, the rules {by_rules:?}"));
    }
    let mut back = Vec::new();
    for &child in &fast {
        if child.index() >= game.len() {
            return Err(format!("{id} moves to {child}, outside the space of {}", game.len()));
        }
        back.clear();
        game.predecessor_ids(child, &mut back);
        if !back.contains(&id) {
            return Err(format!("{id} moves to {child}, whose un-moves {back:?} miss it"));
        }
    }
    back.clear();
    game.predecessor_ids(id, &mut back);
    for &parent in &back {
        let mut moves = Vec::new();
        if game.terminal_at(parent).is_none() {
            game.successor_ids(parent, &mut moves);
            if !moves.contains(&id) {
                return Err(format!("{id} lists the un-move {parent}, which has no move to it"));
            }
        }
    }
    Ok(())
}

/// The card game's space for small `(k, m)` from bytes: a position checked as a loopy space
/// position, and its moves against the plain rules on unsorted cards.
pub fn rank_cards(data: &[u8]) -> Result<(), String> {
    let (k, m) = (1 + *data.first().unwrap_or(&0) as usize % 4, 2 + *data.get(1).unwrap_or(&0) as usize % 7);
    let game = cards::Cards::new(k, m).map_err(|e| e.to_string())?;
    let id = id_from(&game, data, 2);
    check_loopy_position(&game, id)?;
    let position = game.unrank(id);
    let plain = cards::plain::PlainPosition {
        mover: position.mover.values().to_vec(),
        opponent: position.opponent.values().to_vec(),
    };
    let rules = cards::plain::PlainCards { modulus: m as u8 };
    let mut children = Vec::new();
    if rules.terminal(&plain).is_none() {
        rules.successors(&plain, &mut children);
    }
    let mut by_plain: Vec<StateId> = children.iter().map(|c| game.id_of(&c.mover, &c.opponent)).collect();
    by_plain.sort_unstable();
    by_plain.dedup();
    let mut fast = Vec::new();
    if game.terminal_at(id).is_none() {
        game.successor_ids(id, &mut fast);
    }
    fast.sort_unstable();
    if fast != by_plain {
        return Err(format!("{id} ({position:?}): the plain rules lead to {by_plain:?}, the engine to {fast:?}"));
    }
    Ok(())
}

/// The xiangqi endgame's space: a position from bytes, checked as a loopy space position.
pub fn rank_xiangqi(data: &[u8]) -> Result<(), String> {
    let game = xiangqi::Endgame::new();
    check_loopy_position(&game, id_from(&game, data, 0))
}

/// A small Northcott board's space from bytes, checked as a loopy space position.
pub fn rank_northcott(data: &[u8]) -> Result<(), String> {
    let (rows, cols) = (1 + *data.first().unwrap_or(&0) as usize % 3, 2 + *data.get(1).unwrap_or(&0) as u32 % 6);
    let game = nim::northcott::NorthcottBoard::new(rows, cols).map_err(|e| e.to_string())?;
    check_loopy_position(&game, id_from(&game, data, 2))
}

/// A dots-and-boxes space (board up to 3x3, either rule, any drawn start) from bytes: a
/// position's rank round trip, and its moves on ids against the rules' moves.
pub fn rank_dots_and_boxes(data: &[u8]) -> Result<(), String> {
    use dots_and_boxes::{Board, DotsAndBoxes, Rule};
    let byte = |i: usize| *data.get(i).unwrap_or(&0);
    let board = Board::new(1 + byte(0) as usize % 3, 1 + byte(1) as usize % 3).map_err(|e| e.to_string())?;
    let rule = if byte(2) % 2 == 0 { Rule::TurnPasses } else { Rule::MoveAgain };
    let start = u32::from_le_bytes([byte(3), byte(4), byte(5), byte(6)]) & board.all_lines();
    let game = DotsAndBoxes::from_position(board, rule, start);
    let id = id_from(&game, data, 7);
    let state = game.unrank(id);
    if game.rank(&state) != id {
        return Err(format!("{id} unranks to {state:#b}, which ranks to {}", game.rank(&state)));
    }
    let (mut fast, mut by_rules) = (Vec::new(), Vec::new());
    game.scored_move_ids(id, &mut fast);
    game.scored_moves(&state, &mut by_rules);
    let mut by_rules: Vec<_> = by_rules
        .iter()
        .map(|m| solver_core::ScoredMove { to: game.rank(&m.to), gain: m.gain, again: m.again })
        .collect();
    fast.sort_unstable_by_key(|m| m.to);
    by_rules.sort_unstable_by_key(|m| m.to);
    if fast != by_rules {
        return Err(format!("{id} ({state:#b}): scored_move_ids {fast:?}, the rules {by_rules:?}"));
    }
    let mut visited = Vec::new();
    game.visit_scored_move_ids(id, &mut Vec::new(), &mut |m| visited.push(m));
    visited.sort_unstable_by_key(|m| m.to);
    if visited != fast {
        return Err(format!("{id} ({state:#b}): visit_scored_move_ids {visited:?}, scored_move_ids {fast:?}"));
    }
    Ok(())
}

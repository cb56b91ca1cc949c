//! Retrograde analysis of loopy games: win, loss, tie or draw with remoteness for every position.
//!
//! Three engines that must agree on every position, trading speed for memory:
//!
//! | engine | needs | time | memory per position |
//! |---|---|---|---|
//! | [`solve_with_reverse_graph`] | moves | `O(N + E)` | 16 bytes + 4 per move (twice that while building) |
//! | [`solve_with_unmoves`] | moves and un-moves | `O(N + E)` | 8 bytes |
//! | [`solve_by_layers`] | moves | `O((L + 1)(N + E))` | 4 bytes |
//!
//! `N` positions, `E` distinct moves, `L` the largest remoteness. Memory excludes what the game
//! itself allocates. Values follow [`Outcome`]: the winner hurries, the loser delays, and a
//! finished tie is preferred to endless play.
//!
//! The counter engines run the classic backward induction: finished positions are known; a
//! position with a child lost for the opponent is won, one more ply away than that child; a
//! position is lost once every child is known to be won for the opponent. A FIFO queue resolves
//! positions in order of remoteness, which makes "one more than the least losing child" and "one
//! more than the largest winning child" exact. Ties spread the same way afterwards, and what is
//! left is endless play.
//!
//! [`RetrogradeEngine`](crate::RetrogradeEngine) names these and the two parallel engines, so
//! every engine is selectable and compared in one place.

use crate::limits::{OverSteps, SpaceTooLarge, Steps, try_filled, try_room, try_with_capacity, within_limit};
use crate::parallel_retrograde::RetrogradeError;
use crate::progress::{Progress, Ticker};
use crate::table::{pack, unpack};
use crate::{LoopySpace, Outcome, OutcomeTable, StateId, Terminal, Unmoves};

/// Retrograde analysis with successor counters and an explicit reverse graph.
///
/// Generates every position's moves once, stores them as a compressed sparse row graph, turns it
/// around, then propagates values backwards along the stored edges.
///
/// Time `O(N + E)` plus one move generation per position. Memory: 16 bytes per position (the
/// 4-byte table, a 4-byte queue entry, an 8-byte row offset) and 4 bytes per distinct move;
/// while the graph is turned around, the forward graph takes as much again. Fastest when the graph fits in memory; use
/// [`solve_with_unmoves`] when it does not.
pub fn solve_with_reverse_graph<G: LoopySpace + ?Sized>(game: &G) -> Result<OutcomeTable, SpaceTooLarge> {
    solve_with_reverse_graph_reporting(game, &Progress::silent())
}

/// [`solve_with_reverse_graph`], advancing `progress` towards twice the space's positions: one
/// a position as its moves are generated, one a position as the backward induction decides
/// it (the draws, which it never reaches, at the end).
pub fn solve_with_reverse_graph_reporting<G: LoopySpace + ?Sized>(
    game: &G,
    progress: &Progress<'_>,
) -> Result<OutcomeTable, SpaceTooLarge> {
    let len = within_limit(game.len())?;
    progress.begin(2 * len as u64);
    let mut ticker = Ticker::new(progress);
    let mut cells = try_filled(len, 0u32)?;
    let mut queue = Vec::new();
    let mut tie_queue = Vec::new();

    // Forward graph in CSR form, built while counting each position's distinct moves.
    let mut offsets = try_with_capacity(len + 1, len)?;
    let mut targets: Vec<u32> = Vec::new();
    let mut scratch = Vec::new();
    offsets.push(0u64);
    for id in StateId::all(len) {
        if let Some(moves) = classify(game, id, &mut cells, &mut queue, &mut tie_queue, &mut scratch) {
            try_room(&mut targets, moves.len(), len)?;
            targets.extend(moves.iter().map(|c| c.as_u32()));
        }
        offsets.push(targets.len() as u64);
        ticker.tick();
    }
    let reverse = ReverseGraph::transpose(&offsets, &targets)?;
    drop((offsets, targets));

    let preds = |id: StateId, out: &mut Vec<StateId>| out.extend(reverse.predecessors(id));
    propagate(&mut cells, queue, tie_queue, preds, &mut ticker);
    drop(ticker);
    progress.finish();
    Ok(OutcomeTable::from_cells(cells))
}

/// Retrograde analysis with successor counters and the game's un-move generator
/// ([`Unmoves::predecessor_ids`]); no graph is stored.
///
/// Time `O(N + E)` plus one move generation and one un-move generation per position. Memory:
/// 8 bytes per position (the table, whose unresolved entries hold the move counters, and the
/// queue). This is the engine for spaces whose move graph does not fit in memory.
pub fn solve_with_unmoves<G: Unmoves + ?Sized>(game: &G) -> Result<OutcomeTable, SpaceTooLarge> {
    solve_with_unmoves_reporting(game, &Progress::silent())
}

/// [`solve_with_unmoves`], advancing `progress` as [`solve_with_reverse_graph_reporting`] does.
pub fn solve_with_unmoves_reporting<G: Unmoves + ?Sized>(
    game: &G,
    progress: &Progress<'_>,
) -> Result<OutcomeTable, SpaceTooLarge> {
    let len = within_limit(game.len())?;
    progress.begin(2 * len as u64);
    let mut ticker = Ticker::new(progress);
    let mut cells = try_filled(len, 0u32)?;
    let mut queue = Vec::new();
    let mut tie_queue = Vec::new();
    let mut scratch = Vec::new();
    for id in StateId::all(len) {
        classify(game, id, &mut cells, &mut queue, &mut tie_queue, &mut scratch);
        ticker.tick();
    }
    let preds = |id: StateId, out: &mut Vec<StateId>| {
        game.predecessor_ids(id, out);
        // Counters count distinct moves, so each predecessor may be credited once only.
        out.sort_unstable();
        out.dedup();
    };
    propagate(&mut cells, queue, tie_queue, preds, &mut ticker);
    drop(ticker);
    progress.finish();
    Ok(OutcomeTable::from_cells(cells))
}

/// Layered value iteration: no counters and no predecessors, only the table.
///
/// Pass `r` scans every unresolved position and gives it `Win(r)` if a child is a loss of
/// remoteness below `r`, or `Loss(r)` if every child is a win of remoteness below `r`; the first
/// pass that resolves nothing ends the phase (nothing can then have a larger remoteness). Ties
/// follow in passes of their own, and what is left is a draw.
///
/// Time `O((L + 1)(N + E))` move generations for the largest remoteness `L`. Memory: the 4-byte
/// table only. The engine for the tightest memory budget, slow on games with long wins: a
/// caller with a limit on time gives one with [`solve_by_layers_within`].
pub fn solve_by_layers<G: LoopySpace + ?Sized>(game: &G) -> Result<OutcomeTable, SpaceTooLarge> {
    solve_by_layers_within(game, u64::MAX).map_err(|e| match e {
        RetrogradeError::SpaceTooLarge(e) => e,
        other => unreachable!("no step limit and 4-byte cells: {other}"),
    })
}

/// [`solve_by_layers`] in at most `max_steps` steps, a position scanned or a move examined
/// each, or [`RetrogradeError::OverSteps`] before the pass that could pass them (what the pass
/// before it cost; the first pass, which classifies every position, is the bound of the second).
pub fn solve_by_layers_within<G: LoopySpace + ?Sized>(
    game: &G,
    max_steps: u64,
) -> Result<OutcomeTable, RetrogradeError> {
    let len = within_limit(game.len())?;
    let mut steps = Steps::new(max_steps);
    // 0 marks a position not yet resolved; at the end it reads as a draw.
    let mut cells = try_filled(len, 0u32)?;
    let mut children = Vec::new();
    let mut cost = 0u64;
    for id in StateId::all(len) {
        cost += 1;
        cells[id.index()] = match game.terminal_at(id) {
            Some(end) => pack(Outcome::terminal(end)),
            None => {
                children.clear();
                game.successor_ids(id, &mut children);
                cost += children.len() as u64;
                if children.is_empty() { pack(Outcome::Loss(0)) } else { 0 }
            }
        };
    }
    steps.pass(cost);

    sweep_layers(game, &mut cells, &mut steps, |children, cells, r| {
        let mut all_won = true;
        for c in children {
            match unpack(cells[c.index()]) {
                Outcome::Loss(q) if q < r => return Some(Outcome::Win(r)),
                Outcome::Win(q) if q < r => {}
                _ => all_won = false,
            }
        }
        all_won.then_some(Outcome::Loss(r))
    })?;
    sweep_layers(game, &mut cells, &mut steps, |children, cells, r| {
        let tied = |c: &StateId| matches!(unpack(cells[c.index()]), Outcome::Tie(q) if q < r);
        children.iter().any(tied).then_some(Outcome::Tie(r))
    })?;
    Ok(OutcomeTable::from_cells(cells))
}

/// Runs passes `r = 1, 2, ...` giving each unresolved position (a 0 cell) the value `rule`
/// derives from its children's values of remoteness below `r`, until a pass resolves nothing,
/// each pass only when `steps` allows it.
fn sweep_layers<G: LoopySpace + ?Sized>(
    game: &G,
    cells: &mut [u32],
    steps: &mut Steps,
    rule: impl Fn(&[StateId], &[u32], u32) -> Option<Outcome>,
) -> Result<(), OverSteps> {
    let mut children = Vec::new();
    for r in 1.. {
        steps.next()?;
        let mut resolved_any = false;
        let mut cost = 0u64;
        for id in StateId::all(cells.len()) {
            cost += 1;
            if cells[id.index()] != 0 {
                continue;
            }
            children.clear();
            game.successor_ids(id, &mut children);
            cost += children.len() as u64;
            // Values set in this pass have remoteness r, so the rule cannot see them.
            if let Some(outcome) = rule(&children, cells, r) {
                cells[id.index()] = pack(outcome);
                resolved_any = true;
            }
        }
        steps.pass(cost);
        if !resolved_any {
            break;
        }
    }
    Ok(())
}

/// An unresolved table entry holds its count of unresolved moves: `count << 2`, tag bits 0.
const fn counter(count: usize) -> u32 {
    (count as u32) << 2
}

#[inline]
fn is_unresolved(cell: u32) -> bool {
    cell & 3 == 0
}

/// Sets up position `id` for the counter engines: a finished position or a dead end gets its
/// value and joins a queue; any other position gets the count of its distinct moves, which are
/// returned (sorted) for engines that store them.
fn classify<'s, G: LoopySpace + ?Sized>(
    game: &G,
    id: StateId,
    cells: &mut [u32],
    queue: &mut Vec<StateId>,
    tie_queue: &mut Vec<StateId>,
    scratch: &'s mut Vec<StateId>,
) -> Option<&'s [StateId]> {
    if let Some(end) = game.terminal_at(id) {
        cells[id.index()] = pack(Outcome::terminal(end));
        if end == Terminal::Tie {
            tie_queue.push(id)
        } else {
            queue.push(id)
        }
        return None;
    }
    scratch.clear();
    game.successor_ids(id, scratch);
    scratch.sort_unstable();
    scratch.dedup();
    if scratch.is_empty() {
        cells[id.index()] = pack(Outcome::Loss(0));
        queue.push(id);
    } else {
        cells[id.index()] = counter(scratch.len());
    }
    Some(scratch)
}

/// Backward induction from the queued positions (all of remoteness 0), then ties from the
/// finished ties; every position left unresolved is a draw. `decided` ticks once a position
/// taken from a queue.
fn propagate(
    cells: &mut [u32],
    mut queue: Vec<StateId>,
    tie_queue: Vec<StateId>,
    mut predecessors: impl FnMut(StateId, &mut Vec<StateId>),
    decided: &mut Ticker<'_, '_>,
) {
    let mut preds = Vec::new();
    let mut head = 0;
    while let Some(&id) = queue.get(head) {
        head += 1;
        decided.tick();
        preds.clear();
        predecessors(id, &mut preds);
        match unpack(cells[id.index()]) {
            Outcome::Loss(r) => {
                for &p in &preds {
                    if is_unresolved(cells[p.index()]) {
                        cells[p.index()] = pack(Outcome::Win(r + 1));
                        queue.push(p);
                    }
                }
            }
            Outcome::Win(r) => {
                for &p in &preds {
                    let cell = &mut cells[p.index()];
                    if is_unresolved(*cell) {
                        *cell -= counter(1);
                        if *cell == 0 {
                            *cell = pack(Outcome::Loss(r + 1));
                            queue.push(p);
                        }
                    }
                }
            }
            _ => unreachable!("only wins and losses are queued in the first phase"),
        }
    }

    queue.clear();
    queue.extend(tie_queue);
    head = 0;
    while let Some(&id) = queue.get(head) {
        head += 1;
        decided.tick();
        let Outcome::Tie(r) = unpack(cells[id.index()]) else {
            unreachable!("only ties are queued in the second phase")
        };
        preds.clear();
        predecessors(id, &mut preds);
        for &p in &preds {
            if is_unresolved(cells[p.index()]) {
                cells[p.index()] = pack(Outcome::Tie(r + 1));
                queue.push(p);
            }
        }
    }

    for cell in cells.iter_mut() {
        if is_unresolved(*cell) {
            *cell = pack(Outcome::Draw);
        }
    }
}

/// The moves of a space turned around, in compressed sparse row form.
struct ReverseGraph {
    offsets: Vec<u64>,
    sources: Vec<u32>,
}

impl ReverseGraph {
    /// Transposes a forward CSR graph by counting sort: `O(N + E)`.
    fn transpose(offsets: &[u64], targets: &[u32]) -> Result<ReverseGraph, SpaceTooLarge> {
        let len = offsets.len() - 1;
        let mut rev_offsets = try_filled(len + 1, 0u64)?;
        for &t in targets {
            rev_offsets[t as usize + 1] += 1;
        }
        for i in 0..len {
            rev_offsets[i + 1] += rev_offsets[i];
        }
        let mut fill = try_with_capacity(len + 1, len)?;
        fill.extend_from_slice(&rev_offsets);
        let mut sources = try_filled(targets.len(), 0u32)?;
        for from in 0..len {
            for &t in &targets[offsets[from] as usize..offsets[from + 1] as usize] {
                sources[fill[t as usize] as usize] = from as u32;
                fill[t as usize] += 1;
            }
        }
        Ok(ReverseGraph { offsets: rev_offsets, sources })
    }

    fn predecessors(&self, id: StateId) -> impl Iterator<Item = StateId> + '_ {
        let (lo, hi) = (self.offsets[id.index()] as usize, self.offsets[id.index() + 1] as usize);
        self.sources[lo..hi].iter().map(|&s| StateId::from_space_index(s))
    }
}

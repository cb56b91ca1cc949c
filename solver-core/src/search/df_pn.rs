//! Depth-first proof-number search, df-pn (Nagai, 2002): the most-proving node found depth
//! first, each node searched until its proof or disproof number reaches a threshold its parent
//! sets, the numbers of nodes left kept in a transposition table ([`ProofTable`]). The question
//! a node asks and its numbers are those of proof-number search ([`super::proof_number`]).
//!
//! The threshold of the child searched is the 1 + epsilon trick (Pawlewicz and Lew, 2007): its
//! proof number may grow to `(1 + epsilon)` times the second-best child's instead of one past
//! it, with epsilon = 1/4, so that the search does not switch back and forth between two
//! children of almost equal numbers, each switch a re-search from the table.

use super::alpha_beta::MAX_PLIES;
use super::proof_number::{
    Counter, INFINITE, Numbers, ProofTable, Prover, Step, add, answer_when_stuck, answer_without_moves, step,
};
use super::{SearchError, SearchGame, SearchLimits, SearchStats};

/// A child of the node being searched: its move, position, question and numbers (for the
/// child's own question; [`Numbers::through`] gives them as its move's).
struct Child<G: SearchGame + ?Sized> {
    mv: G::Move,
    position: G::Position,
    t: i64,
    negated: bool,
    numbers: Numbers,
}

/// df-pn of one question at a time, with its table and costs.
pub(super) struct DepthFirstProofNumber<'a, G: SearchGame + ?Sized> {
    game: &'a G,
    table: ProofTable,
    counter: Counter<'a>,
    /// The bytes of the children lists of the nodes on the current path.
    path_bytes: usize,
}

/// `x (1 + epsilon)` rounded up with epsilon = 1/4, and at least `x + 1`: the proof number the
/// best child may reach while `x` is the second best's. Infinite stays infinite.
fn one_plus_epsilon(x: u32) -> u32 {
    if x == INFINITE { INFINITE } else { x.saturating_add(x.div_ceil(4).max(1)) }
}

/// `limit - total + part`: the disproof number the best child may reach while the others keep
/// theirs and the node's sum stays below `limit`. Infinite stays infinite.
fn rest_of(limit: u32, total: u32, part: u32) -> u32 {
    if limit == INFINITE { INFINITE } else { limit.saturating_sub(total).saturating_add(part) }
}

impl<'a, G: SearchGame + ?Sized> DepthFirstProofNumber<'a, G> {
    /// A search with a table of `limits.tt_bytes` (none below one slot).
    pub(super) fn new(game: &'a G, limits: &'a SearchLimits) -> Result<DepthFirstProofNumber<'a, G>, SearchError> {
        let table = ProofTable::new(limits.tt_bytes)?;
        let mut counter = Counter::new(limits);
        counter.note_bytes(table.bytes());
        Ok(DepthFirstProofNumber { game, table, counter, path_bytes: 0 })
    }

    /// What it cost.
    pub(super) fn finish(self) -> SearchStats {
        self.counter.current()
    }

    /// The children of `position` for the question "at least `t`?", each evaluated without its
    /// moves (finished, bounded) or read from the table, stopping at one that proves the node.
    fn children(&mut self, position: &G::Position, t: i64) -> Result<Vec<Child<G>>, SearchError> {
        let mut moves = Vec::new();
        self.game.moves(position, &mut moves);
        let mut children = Vec::with_capacity(moves.len());
        for mv in moves {
            self.counter.count()?;
            let played = self.game.play(position, mv);
            let Step { t, negated } = step(t, played.gain, played.again);
            let numbers = match answer_without_moves(self.game, &played.position, t) {
                Some(holds) => Numbers::decided(holds),
                None => match self.game.key(&played.position).and_then(|key| self.table.get(key, t)) {
                    Some(numbers) => {
                        self.counter.stats.tt_hits += 1;
                        numbers
                    }
                    None => Numbers::LEAF,
                },
            };
            children.push(Child { mv, position: played.position, t, negated, numbers });
            if numbers.through(negated).proof == 0 {
                break;
            }
        }
        Ok(children)
    }

    /// Nagai's MID: searches the node (`position`, `t`) until its proof number reaches
    /// `limit.proof` or its disproof number `limit.disproof` (a solved node reaches both), and
    /// gives its numbers, stored in the table, and the move that proves it if it is proven.
    fn mid(
        &mut self,
        position: &G::Position,
        t: i64,
        limit: Numbers,
        ply: u32,
    ) -> Result<(Numbers, Option<G::Move>), SearchError> {
        if ply >= MAX_PLIES {
            return Err(SearchError::Cycle { plies: ply });
        }
        let mut children = self.children(position, t)?;
        let frame_bytes = children.capacity() * std::mem::size_of::<Child<G>>();
        self.path_bytes += frame_bytes;
        self.counter.note_bytes(self.table.bytes() + self.path_bytes);
        let searched = self.search_children(&mut children, t, limit, ply);
        self.path_bytes -= frame_bytes;
        let (numbers, best) = searched?;
        if let Some(key) = self.game.key(position) {
            self.table.store(key, t, numbers);
            self.counter.stats.tt_stores += 1;
        }
        let proof = (numbers.proof == 0).then(|| children.get(best).map(|child| child.mv)).flatten();
        Ok((numbers, proof))
    }

    /// The loop of MID over a node's children: the node's numbers and its best child's place.
    fn search_children(
        &mut self,
        children: &mut [Child<G>],
        t: i64,
        limit: Numbers,
        ply: u32,
    ) -> Result<(Numbers, usize), SearchError> {
        if children.is_empty() {
            return Ok((Numbers::decided(answer_when_stuck(self.game, t)), 0));
        }
        loop {
            let (numbers, best, second) = combine(children);
            if numbers.proof >= limit.proof || numbers.disproof >= limit.disproof {
                return Ok((numbers, best));
            }
            let child = &children[best];
            let seen = child.numbers.through(child.negated);
            let move_limit = Numbers {
                proof: limit.proof.min(one_plus_epsilon(second)),
                disproof: rest_of(limit.disproof, numbers.disproof, seen.disproof),
            };
            let (found, _) = self.mid(&child.position, child.t, move_limit.through(child.negated), ply + 1)?;
            children[best].numbers = found;
        }
    }
}

/// A node's numbers from its children's, the place of the child of least proof through its
/// move (the first of them) and the second least proof.
fn combine<G: SearchGame + ?Sized>(children: &[Child<G>]) -> (Numbers, usize, u32) {
    let mut numbers = Numbers { proof: INFINITE, disproof: 0 };
    let (mut best, mut second) = (0, INFINITE);
    for (at, child) in children.iter().enumerate() {
        let seen = child.numbers.through(child.negated);
        if seen.proof < numbers.proof {
            second = numbers.proof;
            numbers.proof = seen.proof;
            best = at;
        } else if seen.proof < second {
            second = seen.proof;
        }
        numbers.disproof = add(numbers.disproof, seen.disproof);
    }
    (numbers, best, second)
}

impl<G: SearchGame + ?Sized> Prover<G> for DepthFirstProofNumber<'_, G> {
    fn prove(&mut self, position: &G::Position, t: i64) -> Result<(bool, Option<G::Move>), SearchError> {
        self.counter.count()?;
        if let Some(holds) = answer_without_moves(self.game, position, t) {
            return Ok((holds, None));
        }
        let (numbers, first) = self.mid(position, t, Numbers::UNBOUNDED, 0)?;
        Ok((numbers.proof == 0, first))
    }

    fn note_proven(&mut self, words: &'static str) {
        self.counter.proven = words;
    }
}

//! Proof-number search (Allis, van der Meulen and van den Herik, 1994) on a DAG of nodes
//! (positions of equal keys asking the same question share a node), and what it shares with
//! df-pn ([`super::df_pn`]): the question a node asks, proof numbers, their table, the counter
//! of positions and the sign found by two proofs.
//!
//! # The question
//! A node is a position and a threshold `t`: "is the value for the player to move at least
//! `t`?". Every node is an OR of its moves. A move with gain `g` that passes the turn makes the
//! mover's value `g - child`, at least `t` exactly when the child's value is *not* at least
//! `g - t + 1`: the move's proof is the child's disproof and the other way round (the negamax
//! form of AND/OR trees). A move again makes it `g + child`: the child is asked whether it is at
//! least `t - g`, and its proof is the move's. A win/loss/tie game is searched as the scores
//! 1, 0 and -1 for a win, a tie and a loss (remoteness plays no part in a sign), so its
//! thresholds stay 1 and 0, alternating.
//!
//! # Proof numbers
//! A node's proof number is the fewest leaves whose proof would prove it, its disproof number
//! the fewest whose disproof would disprove it: through a move its proof is the least of its
//! moves' proofs and its disproof the sum of their disproofs. An unexpanded leaf has 1 and 1, a
//! proven node 0 and [`INFINITE`], a disproven one [`INFINITE`] and 0. Sums saturate below
//! [`INFINITE`], so that a large finite sum never reads as a proof.

use super::alpha_beta::{CHECK_EVERY, MAX_PLIES, PROGRESS_EVERY};
use super::{SearchError, SearchGame, SearchLimits, SearchStats, Sign};
use crate::Terminal;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// The proof (or disproof) number of a node that cannot be proven (disproven).
pub(super) const INFINITE: u32 = u32::MAX;

/// The least bytes of the proof-number search's graph of nodes, whatever
/// [`SearchLimits::tt_bytes`] says: the search cannot run without one. It grows as needed, so
/// a small search takes little of them; 32 MiB holds the ties of the 12-cell m,n,k-games (the
/// empty (3,4,4) board without symmetry, the largest measured, reached 25 MiB), which 1 MiB
/// did not.
pub const MIN_TREE_BYTES: usize = 32 << 20;

/// A node's proof and disproof numbers; both 0 marks an empty slot of the table (no node has
/// them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Numbers {
    pub(super) proof: u32,
    pub(super) disproof: u32,
}

impl Numbers {
    /// An unexpanded leaf.
    pub(super) const LEAF: Numbers = Numbers { proof: 1, disproof: 1 };
    /// Thresholds a search stops at only when it has solved its node.
    pub(super) const UNBOUNDED: Numbers = Numbers { proof: INFINITE, disproof: INFINITE };

    /// A node known to hold (or not).
    pub(super) fn decided(holds: bool) -> Numbers {
        if holds { Numbers { proof: 0, disproof: INFINITE } } else { Numbers { proof: INFINITE, disproof: 0 } }
    }

    /// Whether the node is proven or disproven.
    pub(super) fn solved(self) -> bool {
        self.proof == 0 || self.disproof == 0
    }

    /// The numbers as the parent sees them through a move: swapped when the move passes the
    /// turn (the child's disproof proves the parent's question).
    pub(super) fn through(self, negated: bool) -> Numbers {
        if negated { Numbers { proof: self.disproof, disproof: self.proof } } else { self }
    }
}

/// `a + b`: infinite if either is, else at most `INFINITE - 1`.
pub(super) fn add(a: u32, b: u32) -> u32 {
    if a == INFINITE || b == INFINITE { INFINITE } else { a.saturating_add(b).min(INFINITE - 1) }
}

/// The question a child is asked through a move: its threshold, and whether the move negates
/// its answer (it passes the turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Step {
    pub(super) t: i64,
    pub(super) negated: bool,
}

/// The child's question for a parent asking "at least `t`?" through a move with `gain` and
/// `again` (see the module docs). Saturating: a threshold at the end of `i64` is beyond every
/// score anyway.
pub(super) fn step(t: i64, gain: i64, again: bool) -> Step {
    if again {
        Step { t: t.saturating_sub(gain), negated: false }
    } else {
        Step { t: gain.saturating_sub(t).saturating_add(1), negated: true }
    }
}

/// What `position` answers to "at least `t`?" without its moves: a finished position's result
/// (a win 1, a tie 0, a loss -1), or a scoring game's [`SearchGame::score_bounds`] when they
/// decide; `None` when its moves must be searched. (A win/loss/tie game's bounds are not read:
/// the trait gives them on alpha-beta's scale of remoteness.)
pub(super) fn answer_without_moves<G: SearchGame + ?Sized>(game: &G, position: &G::Position, t: i64) -> Option<bool> {
    if let Some(end) = game.terminal(position) {
        let value = match end {
            Terminal::Win => 1,
            Terminal::Tie => 0,
            Terminal::Loss => -1,
        };
        return Some(value >= t);
    }
    if game.scoring()
        && let Some((lower, upper)) = game.score_bounds(position)
    {
        if lower >= t {
            return Some(true);
        }
        if upper < t {
            return Some(false);
        }
    }
    None
}

/// The answer of an unfinished position without moves: worth 0 in a scoring game, a loss in a
/// win/loss/tie game.
pub(super) fn answer_when_stuck<G: SearchGame + ?Sized>(game: &G, t: i64) -> bool {
    let value = if game.scoring() { 0 } else { -1 };
    value >= t
}

/// One slot: the node (the game's whole key and the threshold, so that two nodes sharing a slot
/// are never confused) and its numbers.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u128,
    t: i64,
    numbers: Numbers,
}

/// The proof numbers of nodes (position key, threshold), in `2^k` slots allocated whole at the
/// start. A node goes to the slot its key and threshold hash to; a store replaces whatever is
/// there (always-replace: the newest numbers are the ones the search asks for next). A lookup compares the whole node, so a collision costs a search, never a
/// wrong answer.
pub(super) struct ProofTable {
    slots: Vec<Slot>,
    /// `64 - k`: the hash's top `k` bits pick the slot.
    shift: u32,
}

impl ProofTable {
    /// The largest table of a power of two slots within `bytes` (none below one slot).
    pub(super) fn new(bytes: usize) -> Result<ProofTable, SearchError> {
        let fits = bytes / std::mem::size_of::<Slot>();
        if fits == 0 {
            return Ok(ProofTable { slots: Vec::new(), shift: 64 });
        }
        let count = 1usize << (usize::BITS - 1 - fits.leading_zeros());
        let mut slots = Vec::new();
        slots.try_reserve_exact(count).map_err(|_| SearchError::TableAlloc { bytes })?;
        slots.resize(count, Slot::default());
        Ok(ProofTable { slots, shift: 64 - count.trailing_zeros() })
    }

    /// The bytes it holds.
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    fn slot(&self, key: u128, t: i64) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        // Fibonacci hashing of the key's halves and the threshold folded together.
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29) ^ (t as u64).rotate_left(47);
        Some(folded.wrapping_mul(0x9E37_79B9_7F4A_7C15).checked_shr(self.shift).unwrap_or(0) as usize)
    }

    /// The numbers stored for the node, if its slot holds it.
    pub(super) fn get(&self, key: u128, t: i64) -> Option<Numbers> {
        let slot = self.slots[self.slot(key, t)?];
        (slot.key == key && slot.t == t && slot.numbers != Numbers::default()).then_some(slot.numbers)
    }

    /// Stores the node's numbers, replacing the slot's entry.
    pub(super) fn store(&mut self, key: u128, t: i64, numbers: Numbers) {
        if let Some(at) = self.slot(key, t) {
            self.slots[at] = Slot { key, t, numbers };
        }
    }
}

/// The costs of a proof search so far, the limits it checks and what it has proven.
pub(super) struct Counter<'a> {
    limits: &'a SearchLimits,
    pub(super) stats: SearchStats,
    started: Instant,
    /// What is proven about the root, in words, for a report on a stop.
    pub(super) proven: &'static str,
}

impl<'a> Counter<'a> {
    pub(super) fn new(limits: &'a SearchLimits) -> Counter<'a> {
        Counter { limits, stats: SearchStats::default(), started: Instant::now(), proven: "nothing proven yet" }
    }

    /// Counts a position; an error past the budget or on a stop; progress now and then.
    pub(super) fn count(&mut self) -> Result<(), SearchError> {
        self.stats.nodes += 1;
        let nodes = self.stats.nodes;
        if self.limits.node_budget != 0 && nodes > self.limits.node_budget {
            return Err(SearchError::NodeBudget { nodes: nodes - 1, proven: self.proven.to_string() });
        }
        if nodes.is_multiple_of(CHECK_EVERY) {
            if self.limits.stop.as_ref().is_some_and(|stop| stop.load(Ordering::Relaxed)) {
                return Err(SearchError::Stopped { nodes, proven: self.proven.to_string() });
            }
            if nodes.is_multiple_of(PROGRESS_EVERY)
                && let Some(progress) = &self.limits.progress
            {
                progress(&self.current());
            }
        }
        Ok(())
    }

    /// Raises the peak memory to `bytes` if above.
    pub(super) fn note_bytes(&mut self, bytes: usize) {
        self.stats.peak_bytes = self.stats.peak_bytes.max(bytes as u64);
    }

    /// The costs with the time so far.
    pub(super) fn current(&self) -> SearchStats {
        SearchStats { elapsed: self.started.elapsed(), ..self.stats }
    }
}

/// An engine that decides "is the value of a position at least `t`?".
pub(super) trait Prover<G: SearchGame + ?Sized> {
    /// Whether the value of `position` is at least `t`, and the move that proves it (when it
    /// holds and the position had to be searched).
    fn prove(&mut self, position: &G::Position, t: i64) -> Result<(bool, Option<G::Move>), SearchError>;

    /// Keeps what is proven about the root, in words, for a report on a stop.
    fn note_proven(&mut self, words: &'static str);
}

/// The sign of the value of `position` by two proofs: at least 1 (a win), else at least 0 (not
/// a loss). The first move of the proof is the principal variation of a win or a tie.
pub(super) fn sign_by_proofs<G: SearchGame + ?Sized>(
    prover: &mut impl Prover<G>,
    position: &G::Position,
) -> Result<(Sign, Vec<G::Move>), SearchError> {
    let (win, first) = prover.prove(position, 1)?;
    if win {
        return Ok((Sign::Win, first.into_iter().collect()));
    }
    prover.note_proven("proven: not a win");
    let (not_a_loss, first) = prover.prove(position, 0)?;
    Ok(if not_a_loss { (Sign::Tie, first.into_iter().collect()) } else { (Sign::Loss, Vec::new()) })
}

/// A move of an expanded node: the child it leads to, and whether it negates the child's
/// answer.
#[derive(Debug, Clone, Copy)]
struct Edge<M> {
    mv: M,
    child: u32,
    negated: bool,
}

/// A node of the graph: its position, question, numbers, moves once expanded and parents.
/// Positions of equal keys asking the same question share one node (a transposition), so the
/// graph is a DAG.
struct Node<G: SearchGame + ?Sized> {
    position: G::Position,
    t: i64,
    key: Option<u128>,
    numbers: Numbers,
    expanded: bool,
    children: Vec<Edge<G::Move>>,
    parents: Vec<u32>,
    /// On the current descent (a link back to it would close a loop), or reached by the
    /// collection.
    mark: bool,
    /// Waiting in the queue of the update.
    queued: bool,
    /// In use (else on the free list).
    live: bool,
}

/// The bytes a node of the index costs besides its node: key, threshold, place, and the hash
/// map's overhead, roughly.
const INDEX_ENTRY_BYTES: usize = 48;
/// The bytes of a move of a node: the edge, and the parent on the child's side.
const EDGE_BYTES: usize = 32;

/// Proof-number search of one question at a time on a DAG of nodes bounded in bytes.
pub(super) struct ProofNumberSearch<'a, G: SearchGame + ?Sized> {
    game: &'a G,
    table: ProofTable,
    nodes: Vec<Node<G>>,
    free: Vec<u32>,
    /// The live nodes with a key, by key and threshold.
    index: std::collections::HashMap<(u128, i64), u32>,
    /// The bytes the graph holds (nodes, their moves and parents, the index), and the most it
    /// may.
    bytes: usize,
    capacity: usize,
    counter: Counter<'a>,
    /// The nodes of the current descent, from the root.
    path: Vec<u32>,
    moves: Vec<G::Move>,
}

impl<'a, G: SearchGame + ?Sized> ProofNumberSearch<'a, G> {
    /// A search whose graph holds at most `capacity` bytes, with a table of solved nodes of a
    /// quarter of `limits.tt_bytes`.
    pub(super) fn new(
        game: &'a G,
        limits: &'a SearchLimits,
        capacity: usize,
    ) -> Result<ProofNumberSearch<'a, G>, SearchError> {
        let table = ProofTable::new(limits.tt_bytes / 4)?;
        let mut counter = Counter::new(limits);
        counter.note_bytes(table.bytes());
        Ok(ProofNumberSearch {
            game,
            table,
            nodes: Vec::new(),
            free: Vec::new(),
            index: std::collections::HashMap::new(),
            bytes: 0,
            capacity,
            counter,
            path: Vec::new(),
            moves: Vec::new(),
        })
    }

    /// What it cost.
    pub(super) fn finish(self) -> SearchStats {
        self.counter.current()
    }

    fn clear(&mut self) {
        self.nodes.clear();
        self.free.clear();
        self.index.clear();
        self.bytes = 0;
    }

    /// A new node, unexpanded (room made for it beforehand: [`Self::make_room`]).
    fn add_node(
        &mut self,
        position: G::Position,
        t: i64,
        key: Option<u128>,
        numbers: Numbers,
    ) -> Result<u32, SearchError> {
        let cost = std::mem::size_of::<Node<G>>() + if key.is_some() { INDEX_ENTRY_BYTES } else { 0 };
        let node = Node {
            position,
            t,
            key,
            numbers,
            expanded: false,
            children: Vec::new(),
            parents: Vec::new(),
            mark: false,
            queued: false,
            live: true,
        };
        let at = match self.free.pop() {
            Some(at) => {
                self.nodes[at as usize] = node;
                at
            }
            None => {
                if self.nodes.len() >= NONE as usize {
                    return Err(SearchError::TreeFull { bytes: self.capacity });
                }
                self.nodes.push(node);
                (self.nodes.len() - 1) as u32
            }
        };
        if let Some(key) = key {
            self.index.insert((key, t), at);
        }
        self.bytes += cost;
        Ok(at)
    }

    /// Links `parent` to `child` through `mv` (room made beforehand).
    fn link(&mut self, parent: u32, mv: G::Move, child: u32, negated: bool) {
        self.nodes[parent as usize].children.push(Edge { mv, child, negated });
        self.nodes[child as usize].parents.push(parent);
        self.bytes += EDGE_BYTES;
    }

    /// Makes room for `cost` more bytes: collects the graph when it would overflow, and fails
    /// if it still would.
    fn make_room(&mut self, cost: usize) -> Result<(), SearchError> {
        if self.bytes + cost > self.capacity {
            self.collect();
            if self.bytes + cost > self.capacity {
                return Err(SearchError::TreeFull { bytes: self.capacity });
            }
        }
        Ok(())
    }

    /// Frees what the search no longer needs: the moves of solved nodes (their numbers say it
    /// all, and the table keeps them), and every node no longer reached from the root through
    /// unsolved nodes; then rebuilds the parents and the bytes.
    fn collect(&mut self) {
        let Some(&root) = self.path.first() else { return };
        // The marks of the descent are set again at the end.
        for &at in &self.path {
            self.nodes[at as usize].mark = false;
        }
        let mut stack = vec![root];
        self.nodes[root as usize].mark = true;
        while let Some(at) = stack.pop() {
            let node = &mut self.nodes[at as usize];
            if node.numbers.solved() && at != root {
                node.children = Vec::new();
                continue;
            }
            for edge in node.children.clone() {
                if !self.nodes[edge.child as usize].mark {
                    self.nodes[edge.child as usize].mark = true;
                    stack.push(edge.child);
                }
            }
        }
        self.bytes = 0;
        for at in 0..self.nodes.len() {
            let node = &mut self.nodes[at];
            node.parents.clear();
            if !node.live {
                continue;
            }
            if !node.mark {
                if let Some(key) = node.key {
                    self.index.remove(&(key, node.t));
                }
                node.live = false;
                node.children = Vec::new();
                node.parents = Vec::new();
                self.free.push(at as u32);
                continue;
            }
            node.mark = false;
            self.bytes += std::mem::size_of::<Node<G>>()
                + if node.key.is_some() { INDEX_ENTRY_BYTES } else { 0 }
                + node.children.len() * EDGE_BYTES;
        }
        for at in 0..self.nodes.len() {
            for edge in std::mem::take(&mut self.nodes[at].children) {
                self.nodes[edge.child as usize].parents.push(at as u32);
                self.nodes[at].children.push(edge);
            }
        }
        for &at in &self.path {
            self.nodes[at as usize].mark = true;
        }
    }

    /// The child of `at` of least proof through its move (the first of them: the game's order
    /// breaks ties), and `at`'s numbers from its children's.
    fn combine(&self, at: u32) -> (Numbers, Option<Edge<G::Move>>) {
        let mut numbers = Numbers { proof: INFINITE, disproof: 0 };
        let mut best = None;
        for &edge in &self.nodes[at as usize].children {
            let seen = self.nodes[edge.child as usize].numbers.through(edge.negated);
            if best.is_none() || seen.proof < numbers.proof {
                numbers.proof = seen.proof;
                best = Some(edge);
            }
            numbers.disproof = add(numbers.disproof, seen.disproof);
        }
        (numbers, best)
    }

    /// Descends from the root to an unexpanded node along the children of least proof (the
    /// most-proving node), marking the path.
    fn descend(&mut self, root: u32) -> Result<u32, SearchError> {
        self.path.clear();
        self.path.push(root);
        self.nodes[root as usize].mark = true;
        let mut at = root;
        while self.nodes[at as usize].expanded {
            let Some(edge) = self.combine(at).1 else { break };
            if self.nodes[edge.child as usize].mark || self.path.len() > MAX_PLIES as usize {
                return Err(SearchError::Cycle { plies: self.path.len() as u32 });
            }
            at = edge.child;
            self.nodes[at as usize].mark = true;
            self.path.push(at);
        }
        Ok(at)
    }

    /// Gives `at` its children: nodes already in the graph for their key and question, or new
    /// ones evaluated without their moves (finished, bounded, or solved in the table); stops
    /// at one that proves `at`.
    fn expand(&mut self, at: u32) -> Result<(), SearchError> {
        let t = self.nodes[at as usize].t;
        self.moves.clear();
        self.game.moves(&self.nodes[at as usize].position, &mut self.moves);
        self.nodes[at as usize].expanded = true;
        // As many moves as the node has, so that its bytes are what the count says.
        self.nodes[at as usize].children.reserve_exact(self.moves.len());
        if self.moves.is_empty() {
            self.nodes[at as usize].numbers = Numbers::decided(answer_when_stuck(self.game, t));
            return Ok(());
        }
        for mv in std::mem::take(&mut self.moves) {
            self.counter.count()?;
            // Room for a new node and its edge, made before the child is looked up, so that a
            // collection cannot free it.
            self.make_room(std::mem::size_of::<Node<G>>() + INDEX_ENTRY_BYTES + EDGE_BYTES)?;
            let played = self.game.play(&self.nodes[at as usize].position, mv);
            let Step { t: child_t, negated } = step(t, played.gain, played.again);
            let key = self.game.key(&played.position);
            let known = key.and_then(|key| self.index.get(&(key, child_t)).copied());
            let child = match known {
                Some(child) if self.nodes[child as usize].mark => {
                    return Err(SearchError::Cycle { plies: self.path.len() as u32 });
                }
                Some(child) => {
                    self.counter.stats.tt_hits += 1;
                    child
                }
                None => {
                    let numbers = match answer_without_moves(self.game, &played.position, child_t) {
                        Some(holds) => Numbers::decided(holds),
                        None => match key.and_then(|key| self.table.get(key, child_t)) {
                            Some(numbers) => {
                                self.counter.stats.tt_hits += 1;
                                numbers
                            }
                            None => Numbers::LEAF,
                        },
                    };
                    self.add_node(played.position, child_t, key, numbers)?
                }
            };
            self.link(at, mv, child, negated);
            if self.nodes[child as usize].numbers.through(negated).proof == 0 {
                break;
            }
        }
        Ok(())
    }

    /// Backs the numbers up from `from` through every parent whose numbers change, storing
    /// solved nodes in the table. First in, first out, a node queued once at a time: a node is
    /// recomputed at most once per length of the lines from `from` to it, so an update costs at
    /// most the nodes times the longest line (100,000 plies). A loop among keys (which an
    /// acyclic game never makes) could change numbers for ever: past that bound it is reported
    /// as a cycle.
    fn update(&mut self, from: u32) -> Result<(), SearchError> {
        let mut queue = std::collections::VecDeque::from([from]);
        self.nodes[from as usize].queued = true;
        let bound = (self.nodes.len() as u64).saturating_mul(u64::from(MAX_PLIES));
        let mut steps = 0u64;
        while let Some(at) = queue.pop_front() {
            steps += 1;
            if steps > bound {
                return Err(SearchError::Cycle { plies: MAX_PLIES });
            }
            self.nodes[at as usize].queued = false;
            let node = &self.nodes[at as usize];
            let numbers = if node.children.is_empty() { node.numbers } else { self.combine(at).0 };
            if numbers == node.numbers && at != from {
                continue;
            }
            self.nodes[at as usize].numbers = numbers;
            if numbers.solved()
                && let Some(key) = self.nodes[at as usize].key
            {
                self.table.store(key, self.nodes[at as usize].t, numbers);
                self.counter.stats.tt_stores += 1;
            }
            for i in 0..self.nodes[at as usize].parents.len() {
                let parent = self.nodes[at as usize].parents[i];
                if !self.nodes[parent as usize].queued {
                    self.nodes[parent as usize].queued = true;
                    queue.push_back(parent);
                }
            }
        }
        Ok(())
    }
}

/// No node: the end of the nodes a graph may hold.
const NONE: u32 = u32::MAX;

impl<G: SearchGame + ?Sized> Prover<G> for ProofNumberSearch<'_, G> {
    fn prove(&mut self, position: &G::Position, t: i64) -> Result<(bool, Option<G::Move>), SearchError> {
        self.counter.count()?;
        if let Some(holds) = answer_without_moves(self.game, position, t) {
            return Ok((holds, None));
        }
        self.clear();
        let root = self.add_node(position.clone(), t, self.game.key(position), Numbers::LEAF)?;
        while !self.nodes[root as usize].numbers.solved() {
            let leaf = self.descend(root)?;
            let expanded = self.expand(leaf);
            for &at in &self.path {
                self.nodes[at as usize].mark = false;
            }
            expanded?;
            self.update(leaf)?;
            self.counter.note_bytes(self.table.bytes() + self.bytes);
        }
        let holds = self.nodes[root as usize].numbers.proof == 0;
        let first = if holds { self.combine(root).1.map(|edge| edge.mv) } else { None };
        Ok((holds, first))
    }

    fn note_proven(&mut self, words: &'static str) {
        self.counter.proven = words;
    }
}

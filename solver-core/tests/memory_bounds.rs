//! The acyclic engines allocate at most the bytes their bounds promise, counted by this binary's
//! global allocator, on a space with a declared play order and levels and on random graphs
//! without; and the bounds stay within a small factor of what is allocated, since `stats` and
//! the resource model refuse work on them. One test: the counter sees the whole process.

use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};
use solver_core::graph::{GraphGame, RandomShape};
use solver_core::{
    Game, ImpartialSpace, PlayOrder, ScoredMove, ScoringSpace, StateId, StateSpace, acyclic_memory_bound, grundy_table,
    parallel_acyclic_memory_bound, parallel_grundy_table, parallel_score_table, score_table,
};
use std::alloc::System;

#[global_allocator]
static ALLOCATOR: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Heaps of 0 to `len - 1` stones; a move takes 1, 2 or 3 and scores as many points. The id of
/// a heap of `h` is `len - 1 - h`, so every move raises the id and lowers the level `h`;
/// `declared` says so (an ascending play order, and levels), else the engines search, from id
/// 0 down a path as deep as the space.
struct Ladder {
    len: usize,
    declared: bool,
}

fn id(index: usize) -> StateId {
    StateId::new(index).unwrap()
}

impl Ladder {
    /// Where a move from `from` leads: 1, 2 or 3 stones fewer.
    fn moves(&self, from: StateId) -> impl Iterator<Item = StateId> {
        (from.index() + 1..self.len.min(from.index() + 4)).map(id)
    }
}

impl Game for Ladder {
    type State = usize;
}

impl StateSpace for Ladder {
    fn len(&self) -> usize {
        self.len
    }
    fn rank(&self, heap: &usize) -> StateId {
        id(self.len - 1 - heap)
    }
    fn unrank(&self, id: StateId) -> usize {
        self.len - 1 - id.index()
    }
    fn play_order(&self) -> Option<PlayOrder> {
        self.declared.then_some(PlayOrder::Ascending)
    }
    fn play_levels(&self) -> Option<u32> {
        self.declared.then_some(self.len as u32)
    }
    fn play_level(&self, id: StateId) -> u32 {
        (self.len - 1 - id.index()) as u32
    }
}

impl ImpartialSpace for Ladder {
    fn option_ids(&self, from: StateId, option: &mut dyn FnMut(&[StateId])) {
        for to in self.moves(from) {
            option(&[to]);
        }
    }
}

impl ScoringSpace for Ladder {
    fn scored_move_ids(&self, from: StateId, out: &mut Vec<ScoredMove<StateId>>) {
        for to in self.moves(from) {
            out.push(ScoredMove { to, gain: (to.index() - from.index()) as i32, again: false });
        }
    }
}

/// The most bytes allocated at once while `run` ran, its result included.
fn peak<T>(run: impl FnOnce() -> T) -> u64 {
    ALLOCATOR.reset_peak_memory();
    let result = run();
    let peak = ALLOCATOR.get_peak_memory() as u64;
    drop(result);
    peak
}

/// Parts of options, counted once, as the bounds take them (scoring moves are one part each).
fn parts<G: ImpartialSpace>(game: &G) -> u64 {
    let mut parts = 0;
    for i in 0..game.len() {
        game.option_ids(id(i), &mut |p| parts += p.len() as u64);
    }
    parts
}

/// What the bounds leave out: the scratch of the position being solved (its moves and a mex
/// set of a few words), which grows with its moves, not with the space.
const SCRATCH: u64 = 4096;

/// `peak` within `bound` (and the scratch), and `bound` within `slack` times `peak` when given.
fn within(engine: &str, peak: u64, bound: u64, slack: Option<u64>) {
    assert!(peak <= bound + SCRATCH, "{engine}: {peak} bytes allocated, past its bound of {bound}");
    if let Some(slack) = slack {
        assert!(bound <= slack * peak, "{engine}: a bound of {bound} bytes for {peak} allocated");
    }
}

/// Every engine on `game`, against the bounds for its positions and moves in 4-byte values.
fn check_all<G: ImpartialSpace + ScoringSpace + Sync>(game: &G, slack: Option<u64>) {
    let (n, moves, declared) = (game.len(), parts(game), game.play_order().is_some());
    let bound = acyclic_memory_bound(n, moves, 4, declared);
    within("grundy", peak(|| grundy_table(game).unwrap()), bound, slack);
    within("score", peak(|| score_table::<i32, _>(game).unwrap()), bound, slack);
    let bound = parallel_acyclic_memory_bound(n, moves, 4, game.play_levels(), declared);
    within("parallel grundy", peak(|| parallel_grundy_table(game).unwrap()), bound, slack);
    within("parallel score", peak(|| parallel_score_table::<i32, _>(game).unwrap()), bound, slack);
}

#[test]
fn each_acyclic_engine_allocates_within_its_bound() {
    // Rayon's pool is made before any measurement.
    rayon::ThreadPoolBuilder::new().num_threads(2).build_global().unwrap();
    parallel_grundy_table(&Ladder { len: 10, declared: true }).unwrap();
    // Declared: the sequential engines hold the values alone; the parallel ones the values, the
    // ids grouped by level and the levels' starts, and the widest level's values counted as
    // every position's (here each level holds one).
    check_all(&Ladder { len: 100_000, declared: true }, Some(2));
    // Searched down a path: the search's stack is counted at its worst (an entry a position
    // and a move, at a doubling vector's capacity), where a path needs one entry a position.
    check_all(&Ladder { len: 100_000, declared: false }, Some(5));
    // Random graphs are shallow: their stacks stay far below the worst case.
    for seed in 0..3 {
        let game = GraphGame::random(&RandomShape::acyclic(50_000), seed);
        assert_eq!((game.play_order(), game.play_levels()), (None, None));
        check_all(&game, None);
    }
}

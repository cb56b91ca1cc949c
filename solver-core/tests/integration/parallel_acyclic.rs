//! The parallel Grundy and score engines against the sequential ones, on random acyclic graphs
//! with and without declared levels, for 1 to 4 threads (local rayon pools), and their errors.
//!
//! Every expected value comes from a sequential engine ([`grundy_table`], [`score_table`]), the
//! verifier, or a hand derivation written next to it. The declared levels are computed here,
//! from the graph's edges, without the engines.

use proptest::prelude::*;
use solver_core::graph::{Edge, GraphGame, RandomShape};
use solver_core::verify::{verify_grundy, verify_scores};
use solver_core::{
    AcyclicError, Game, ImpartialSpace, Nimber, PlayOrder, ScoredMove, ScoringSpace, StateId, StateSpace, grundy_table,
    parallel_grundy_table, parallel_score_table, score_table,
};

const THREADS: [usize; 4] = [1, 2, 3, 4];

fn with_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a local pool").install(work)
}

fn id(i: u32) -> StateId {
    StateId::from_u32(i).unwrap()
}

/// A graph game with levels of play declared from a table (right or wrong, as a test needs).
struct Leveled {
    game: GraphGame,
    levels: Vec<u32>,
    count: u32,
}

impl Leveled {
    /// Levels `2 * height + (node % 2)` where they fit (at most one level a position), else the
    /// heights: lower along every edge (a child's height is at most its parent's minus one),
    /// with gaps and empty levels on top (as many levels as positions), unlike the engines' own
    /// heights.
    fn spread(game: GraphGame) -> Leveled {
        let n = game.len();
        let mut height = vec![0u32; n];
        // Random acyclic graphs only have edges to lower nodes, so ascending order is children
        // first.
        for node in 0..n {
            let mut children = Vec::new();
            game.option_ids(id(node as u32), &mut |parts| children.extend_from_slice(parts));
            assert!(children.iter().all(|c| c.index() < node), "edges go down");
            height[node] = children.iter().map(|c| height[c.index()] + 1).max().unwrap_or(0);
        }
        let highest = height.iter().copied().max().unwrap_or(0) as usize;
        let levels = match 2 * highest + 2 <= n {
            true => (0..n).map(|i| 2 * height[i] + (i % 2) as u32).collect(),
            false => height,
        };
        Leveled { game, levels, count: n as u32 }
    }
}

impl Game for Leveled {
    type State = <GraphGame as Game>::State;
}

impl StateSpace for Leveled {
    fn len(&self) -> usize {
        self.game.len()
    }
    fn rank(&self, state: &Self::State) -> StateId {
        self.game.rank(state)
    }
    fn unrank(&self, id: StateId) -> Self::State {
        self.game.unrank(id)
    }
    fn play_levels(&self) -> Option<u32> {
        Some(self.count)
    }
    fn play_level(&self, id: StateId) -> u32 {
        self.levels[id.index()]
    }
}

impl ImpartialSpace for Leveled {
    fn option_ids(&self, id: StateId, option: &mut dyn FnMut(&[StateId])) {
        self.game.option_ids(id, option)
    }
}

impl ScoringSpace for Leveled {
    fn scored_move_ids(&self, id: StateId, out: &mut Vec<ScoredMove<StateId>>) {
        self.game.scored_move_ids(id, out)
    }
}

/// Both parallel engines on `game`, for every thread count, against the sequential engines
/// (which the verifier checks first).
fn check_against_sequential<G: ImpartialSpace + ScoringSpace + Sync>(game: &G) -> Result<(), TestCaseError> {
    let nimbers = grundy_table(game).unwrap();
    let scores = score_table::<i64, _>(game).unwrap();
    verify_grundy(game, &nimbers).map_err(|e| TestCaseError::fail(e.to_string()))?;
    verify_scores(game, &scores).map_err(|e| TestCaseError::fail(e.to_string()))?;
    for threads in THREADS {
        let (n, s) = with_threads(threads, || (parallel_grundy_table(game), parallel_score_table::<i64, _>(game)));
        prop_assert_eq!(n.unwrap(), nimbers.clone(), "parallel Grundy values on {} threads", threads);
        prop_assert_eq!(s.unwrap(), scores.clone(), "parallel scores on {} threads", threads);
    }
    Ok(())
}

/// Random acyclic shapes: narrow to wide, shallow to deep, with splits and extra moves.
fn acyclic_shape() -> impl Strategy<Value = RandomShape> {
    (1usize..600, 0u32..300, 1usize..6, 1usize..40).prop_map(|(nodes, dead_end_per_mille, max_out_degree, reach)| {
        RandomShape { dead_end_per_mille, max_out_degree, acyclic_reach: reach, ..RandomShape::acyclic(nodes) }
    })
}

proptest! {
    #[test]
    fn parallel_engines_equal_the_sequential_ones_by_heights(shape in acyclic_shape(), seed in any::<u64>()) {
        let game = GraphGame::random(&shape, seed);
        check_against_sequential(&game)?;
        check_against_sequential(&game.clone().with_play_order(Some(PlayOrder::Descending)))?;
    }

    #[test]
    fn parallel_engines_equal_the_sequential_ones_by_declared_levels(shape in acyclic_shape(), seed in any::<u64>()) {
        check_against_sequential(&Leveled::spread(GraphGame::random(&shape, seed)))?;
    }
}

#[test]
fn wide_levels_split_into_many_tasks_and_agree() {
    // Dead ends (level 0) make up 30% of the nodes, so the widest level holds several times the
    // engines' task (2^10 positions); reach 10,000 keeps the other levels wide too.
    let shape = RandomShape { acyclic_reach: 10_000, dead_end_per_mille: 300, ..RandomShape::acyclic(60_000) };
    let game = GraphGame::random(&shape, 5);
    let leveled = Leveled::spread(game.clone());
    let widest = (0..leveled.count).map(|l| leveled.levels.iter().filter(|&&x| x == l).count()).max().unwrap();
    assert!(widest > 4 << 10, "the widest level holds {widest} positions");
    check_against_sequential(&game).unwrap();
    check_against_sequential(&leveled).unwrap();
}

#[test]
fn empty_games_give_empty_tables() {
    let game = GraphGame::from_parts([], []).unwrap();
    assert!(parallel_grundy_table(&game).unwrap().is_empty());
    assert!(parallel_score_table::<i8, _>(&game).unwrap().is_empty());
    let leveled = Leveled { game, levels: vec![], count: 0 };
    assert!(parallel_grundy_table(&leveled).unwrap().is_empty());
}

/// `0 -> 1 -> 2`, each edge scoring 1 point, with the given levels.
fn path_of_three(levels: [u32; 3], count: u32) -> Leveled {
    let edge = Edge { gain: 1, ..Edge::default() };
    let game = GraphGame::from_parts(vec![Default::default(); 3], [(0, 1, edge), (1, 2, edge)]).unwrap();
    Leveled { game, levels: levels.to_vec(), count }
}

#[test]
fn a_path_by_hand() {
    // Node 2 has no move: nimber 0, score 0. Node 1 moves to it: nimber 1, score 1 - 0 = 1.
    // Node 0 moves to node 1: nimber mex{1} = 0, score 1 - 1 = 0.
    let game = path_of_three([2, 1, 0], 3);
    for threads in THREADS {
        assert_eq!(with_threads(threads, || parallel_grundy_table(&game)).unwrap(), [0, 1, 0].map(Nimber));
        assert_eq!(with_threads(threads, || parallel_score_table::<i8, _>(&game)).unwrap(), [0, 1, 0]);
    }
}

#[test]
fn broken_declared_levels_are_named() {
    // Node 1 and node 2 on one level: the move 1 -> 2 does not go down.
    let flat = path_of_three([2, 0, 0], 3);
    let expected = AcyclicError::LevelNotLower { from: id(1), to: id(2), from_level: 0, to_level: 0 };
    assert_eq!(parallel_grundy_table(&flat).unwrap_err(), expected);
    assert_eq!(parallel_score_table::<i8, _>(&flat).unwrap_err(), expected);
    assert_eq!(expected.to_string(), "the move from #1 (level 0) to #2 (level 0) does not lead to a lower level");

    let outside = path_of_three([5, 1, 0], 3);
    let expected = AcyclicError::LevelOutOfRange { state: id(0), level: 5, levels: 3 };
    assert_eq!(parallel_grundy_table(&outside).unwrap_err(), expected);
    // The first level past the end is outside too (levels are 0..count).
    let at_the_end = path_of_three([3, 1, 0], 3);
    let expected_at_the_end = AcyclicError::LevelOutOfRange { state: id(0), level: 3, levels: 3 };
    assert_eq!(parallel_score_table::<i8, _>(&at_the_end).unwrap_err(), expected_at_the_end);
    assert_eq!(expected.to_string(), "position #0 has level 5, not below the 3 levels the space declares");

    let too_many = path_of_three([2, 1, 0], 4);
    let expected = AcyclicError::TooManyLevels { levels: 4, positions: 3 };
    assert_eq!(parallel_score_table::<i8, _>(&too_many).unwrap_err(), expected);
}

#[test]
fn the_first_broken_move_is_reported_whatever_the_threads() {
    // 3,000 nodes on one level, each moving to the one below it: every move but the last
    // node's breaks the levels; the first in level order (id order within a level) is node 0's.
    let n = 3_000u32;
    let edges = (1..n).map(|i| (i - 1, i, Edge::default()));
    let game = GraphGame::from_parts(vec![Default::default(); n as usize], edges).unwrap();
    let flat = Leveled { game, levels: vec![0; n as usize], count: 1 };
    let expected = AcyclicError::LevelNotLower { from: id(0), to: id(1), from_level: 0, to_level: 0 };
    for threads in THREADS {
        assert_eq!(with_threads(threads, || parallel_grundy_table(&flat)).unwrap_err(), expected);
        assert_eq!(with_threads(threads, || parallel_score_table::<i8, _>(&flat)).unwrap_err(), expected);
    }
}

#[test]
fn cycles_and_overflows_are_the_sequential_engines_errors() {
    let looped =
        GraphGame::from_parts(vec![Default::default(); 2], [(0, 1, Edge::default()), (1, 0, Edge::default())]).unwrap();
    assert_eq!(parallel_grundy_table(&looped).unwrap_err(), grundy_table(&looped).unwrap_err());
    assert!(matches!(parallel_score_table::<i8, _>(&looped).unwrap_err(), AcyclicError::Cycle(_)));
    let descending = looped.with_play_order(Some(PlayOrder::Descending));
    assert_eq!(parallel_grundy_table(&descending).unwrap_err(), grundy_table(&descending).unwrap_err());

    // Every move scores 100 and keeps the turn: node 2 is worth 0, node 1 100, node 0 200,
    // past i8.
    let big = Edge { gain: 100, again: true, ..Edge::default() };
    let chain = GraphGame::from_parts(vec![Default::default(); 3], [(0, 1, big), (1, 2, big)]).unwrap();
    let expected = AcyclicError::Overflow { state: id(0), value: 200 };
    assert_eq!(parallel_score_table::<i8, _>(&chain).unwrap_err(), expected);
    assert_eq!(score_table::<i8, _>(&chain).unwrap_err(), expected);
    assert_eq!(parallel_score_table::<i16, _>(&chain).unwrap(), [200, 100, 0]);

    // A score of exactly i8::MIN fits the sequential table but is the parallel engine's mark of
    // an unsolved position: an overflow there, as documented.
    let loss = Edge { gain: -128, ..Edge::default() };
    let one_move = GraphGame::from_parts(vec![Default::default(); 2], [(0, 1, loss)]).unwrap();
    assert_eq!(score_table::<i8, _>(&one_move).unwrap(), [-128, 0]);
    let expected = AcyclicError::Overflow { state: id(0), value: -128 };
    assert_eq!(parallel_score_table::<i8, _>(&one_move).unwrap_err(), expected);
}

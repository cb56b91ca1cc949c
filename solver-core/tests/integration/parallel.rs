//! The parallel retrograde engines against the sequential ones, on random loopy graphs and for
//! 1 to 4 threads (local rayon pools), and the 2-byte table's limit.
//!
//! Every expected value comes from a sequential engine ([`solve_with_reverse_graph`],
//! [`solve_by_layers`]), the verifier, or a hand derivation written next to it.

use proptest::prelude::*;
use solver_core::graph::{Edge, GraphGame, Node, RandomShape};
use solver_core::verify::verify_outcomes;
use solver_core::{
    COMPACT_MAX_REMOTENESS, CompactOutcomeTable, Game, LoopySpace, Outcome, OutcomeTable, RETROGRADE_LIMIT,
    RetrogradeEngine, RetrogradeError, SpaceTooLarge, StateId, StateSpace, Terminal, solve_by_layers,
    solve_parallel_counter, solve_parallel_layered, solve_with_reverse_graph,
};

const THREADS: [usize; 4] = [1, 2, 3, 4];

fn with_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a local pool").install(work)
}

/// Every parallel engine on `game` with `threads` threads, by name, as 4-byte tables.
fn parallel_tables(game: &GraphGame, threads: usize) -> Vec<(&'static str, OutcomeTable)> {
    with_threads(threads, || {
        vec![
            ("solve_parallel_counter", solve_parallel_counter(game).unwrap()),
            (
                "solve_parallel_layered (2 bytes)",
                solve_parallel_layered::<CompactOutcomeTable, _>(game).unwrap().to_table(),
            ),
            ("solve_parallel_layered (4 bytes)", solve_parallel_layered::<OutcomeTable, _>(game).unwrap()),
            ("RetrogradeEngine::ParallelCounter", RetrogradeEngine::ParallelCounter.solve(game).unwrap()),
            ("RetrogradeEngine::ParallelLayered", RetrogradeEngine::ParallelLayered.solve(game).unwrap()),
        ]
    })
}

/// Checks every parallel engine against the sequential reverse-graph engine (and the layered
/// one, which must agree with it) for every thread count.
fn check_against_sequential(game: &GraphGame) -> Result<(), TestCaseError> {
    let expected = solve_with_reverse_graph(game).unwrap();
    prop_assert!(solve_by_layers(game).unwrap() == expected, "the sequential engines disagree");
    verify_outcomes(game, &expected).map_err(|e| TestCaseError::fail(e.to_string()))?;
    for threads in THREADS {
        for (name, table) in parallel_tables(game, threads) {
            if let Some(id) = StateId::all(game.len()).find(|&id| table.get(id) != expected.get(id)) {
                return Err(TestCaseError::fail(format!(
                    "{name} on {threads} threads says {:?} at {id}, the sequential engines {:?}",
                    table.get(id),
                    expected.get(id)
                )));
            }
        }
    }
    Ok(())
}

/// Random loopy shapes: small and dense to sparse, with and without finished ties.
fn loopy_shape() -> impl Strategy<Value = RandomShape> {
    (1usize..400, 0u32..60, 1usize..6, 0u32..4_000, 0u32..8_000, 0u32..1_500).prop_map(
        |(nodes, dead_end_per_mille, max_out_degree, wins, losses, ties)| RandomShape {
            dead_end_per_mille,
            max_out_degree,
            terminal_per_100k: [wins, losses, ties],
            ..RandomShape::loopy(nodes)
        },
    )
}

proptest! {
    #[test]
    fn parallel_engines_equal_the_sequential_ones(shape in loopy_shape(), seed in any::<u64>()) {
        check_against_sequential(&GraphGame::random(&shape, seed))?;
    }
}

/// A shape whose games hold all four kinds of value. With more than one move a position, one
/// finished tie spreads to nearly every undecided position of a random graph; with one move
/// each, the graph falls apart into many small parts, some tied, some endless.
fn mixed_shape(nodes: usize) -> RandomShape {
    RandomShape { terminal_per_100k: [1_500, 2_500, 1_000], max_out_degree: 1, ..RandomShape::loopy(nodes) }
}

#[test]
fn mixed_games_have_every_kind_of_value_and_agree() {
    for seed in 0..8 {
        let game = GraphGame::random(&mixed_shape(3_000), seed);
        let counts = solve_with_reverse_graph(&game).unwrap().counts();
        assert!(counts.wins > 0 && counts.losses > 0 && counts.ties > 0 && counts.draws > 0, "seed {seed}: {counts}");
        check_against_sequential(&game).unwrap();
    }
}

#[test]
fn games_over_many_tasks_agree() {
    // Several times the engines' task size (2^14 positions), so chunk and level boundaries fall
    // inside the game.
    for (seed, shape) in [(1, RandomShape::loopy(70_000)), (2, mixed_shape(70_000))] {
        check_against_sequential(&GraphGame::random(&shape, seed)).unwrap();
    }
}

#[test]
fn every_engine_in_the_catalog_is_listed_and_named() {
    for engine in [RetrogradeEngine::ParallelCounter, RetrogradeEngine::ParallelLayered] {
        assert_eq!(RetrogradeEngine::from_name(engine.name()), Some(engine), "{}", engine.name());
        let game = GraphGame::random(&RandomShape::loopy(500), 3);
        let by_moves = engine.solve_by_moves(&game).expect("needs only moves").unwrap();
        assert!(by_moves == solve_with_reverse_graph(&game).unwrap(), "{}", engine.name());
    }
}

#[test]
fn empty_games_give_empty_tables() {
    let game = GraphGame::from_parts([], []).unwrap();
    assert!(solve_parallel_counter(&game).unwrap().is_empty());
    assert!(solve_parallel_layered::<CompactOutcomeTable, _>(&game).unwrap().is_empty());
    assert!(solve_parallel_layered::<OutcomeTable, _>(&game).unwrap().is_empty());
    // Through the catalog too.
    for engine in RetrogradeEngine::ALL {
        if let Some(table) = engine.solve_by_moves(&game) {
            assert!(table.unwrap().is_empty(), "{engine:?}");
        }
    }
}

/// A chain `0 -> 1 -> ... -> n - 1` whose last node is a finished loss. By hand: node `i` is
/// `n - 1 - i` plies from the end, a loss when that number is even, a win when it is odd.
fn chain(n: u32) -> GraphGame {
    let mut nodes = vec![Node::default(); n as usize];
    nodes[n as usize - 1].terminal = Some(Terminal::Loss);
    GraphGame::from_parts(nodes, (1..n).map(|i| (i - 1, i, Edge::default()))).unwrap()
}

#[test]
fn remoteness_past_two_bytes_is_a_clear_error() {
    let n = COMPACT_MAX_REMOTENESS + 3;
    let game = chain(n);
    let table = with_threads(2, || solve_parallel_counter(&game)).unwrap();
    let at = |i: u32| table.get(StateId::from_u32(i).unwrap());
    // Node 0 is n - 1 = COMPACT_MAX_REMOTENESS + 2 plies from the end, an odd number.
    assert_eq!(at(0), Outcome::Win(COMPACT_MAX_REMOTENESS + 2));
    assert_eq!(at(2), Outcome::Win(COMPACT_MAX_REMOTENESS));

    // Converting: the lowest position past the limit is node 0.
    let err = CompactOutcomeTable::from_table(&table).unwrap_err();
    assert_eq!((err.position.index(), err.remoteness), (0, COMPACT_MAX_REMOTENESS + 2));
    assert!(err.to_string().contains("2-byte"), "{err}");

    // The compact engine stops at the first pass past the limit, naming its one position:
    // node 1, at COMPACT_MAX_REMOTENESS + 1 plies.
    let err = with_threads(2, || solve_parallel_layered::<CompactOutcomeTable, _>(&game)).unwrap_err();
    match err {
        RetrogradeError::Overflow(o) => {
            assert_eq!((o.position.index(), o.remoteness), (1, COMPACT_MAX_REMOTENESS + 1))
        }
        other => panic!("expected an overflow, got {other}"),
    }
    // Into 4 bytes, and so through the catalog, it has no such limit.
    assert!(with_threads(2, || solve_parallel_layered::<OutcomeTable, _>(&game)).unwrap() == table);
    assert!(RetrogradeEngine::ParallelLayered.solve(&game).unwrap() == table);

    // A chain of COMPACT_MAX_REMOTENESS + 1 nodes fits: node 0 is COMPACT_MAX_REMOTENESS plies
    // from the end, an odd number.
    let game = chain(COMPACT_MAX_REMOTENESS + 1);
    let compact: CompactOutcomeTable = solve_parallel_layered(&game).unwrap();
    assert!(compact == solve_with_reverse_graph(&game).unwrap());
    assert_eq!(compact.get(StateId::new(0).unwrap()), Outcome::Win(COMPACT_MAX_REMOTENESS));
}

/// A space one position past the retrograde limit, whose positions must never be looked at:
/// an engine that accepted it would fail at once instead of filling gigabytes.
struct Huge;

impl Game for Huge {
    type State = u32;
}

impl StateSpace for Huge {
    fn len(&self) -> usize {
        RETROGRADE_LIMIT + 1
    }
    fn rank(&self, state: &u32) -> StateId {
        StateId::from_u32(*state).unwrap()
    }
    fn unrank(&self, id: StateId) -> u32 {
        id.as_u32()
    }
}

impl LoopySpace for Huge {
    fn terminal_at(&self, _: StateId) -> Option<Terminal> {
        panic!("an engine looked at a position of a space past its limit")
    }
    fn successor_ids(&self, _: StateId, _: &mut Vec<StateId>) {
        panic!("an engine looked at a position of a space past its limit")
    }
}

impl solver_core::Unmoves for Huge {
    fn predecessor_ids(&self, _: StateId, _: &mut Vec<StateId>) {
        panic!("an engine looked at a position of a space past its limit")
    }
}

#[test]
fn every_engine_refuses_a_space_past_the_limit() {
    // Remoteness grows by one a step along a path of distinct positions, so a space of
    // MAX_REMOTENESS + 1 positions is the largest whose remoteness always fits.
    assert_eq!(RETROGRADE_LIMIT, solver_core::MAX_REMOTENESS as usize + 1);
    let too_large = SpaceTooLarge { len: RETROGRADE_LIMIT + 1, limit: RETROGRADE_LIMIT };
    assert_eq!(solve_parallel_counter(&Huge).unwrap_err(), too_large);
    assert_eq!(
        solve_parallel_layered::<CompactOutcomeTable, _>(&Huge).unwrap_err(),
        RetrogradeError::SpaceTooLarge(too_large)
    );
    assert_eq!(
        solve_parallel_layered::<OutcomeTable, _>(&Huge).unwrap_err(),
        RetrogradeError::SpaceTooLarge(too_large)
    );
    assert_eq!(solver_core::solve_with_reverse_graph(&Huge).unwrap_err(), too_large);
    assert_eq!(solver_core::solve_with_unmoves(&Huge).unwrap_err(), too_large);
    assert_eq!(solver_core::solve_by_layers(&Huge).unwrap_err(), too_large);
    for engine in RetrogradeEngine::ALL {
        assert_eq!(engine.solve(&Huge).unwrap_err(), RetrogradeError::SpaceTooLarge(too_large), "{}", engine.name());
    }
    for engine in [RetrogradeEngine::ParallelCounter, RetrogradeEngine::ParallelLayered] {
        assert_eq!(engine.solve_by_moves(&Huge).unwrap().unwrap_err(), RetrogradeError::SpaceTooLarge(too_large));
    }
    assert_eq!(
        too_large.to_string(),
        "a space of 1073741825 positions is too large for retrograde analysis (limit 1073741824)"
    );
}

#[test]
fn compact_tables_round_trip_and_compare() {
    let game = GraphGame::random(&mixed_shape(2_000), 11);
    let wide = solve_with_reverse_graph(&game).unwrap();
    let compact = CompactOutcomeTable::try_from(&wide).unwrap();
    assert!(compact == wide, "compact == wide");
    assert!(wide == compact, "wide == compact");
    let back: OutcomeTable = (&compact).into();
    assert_eq!(back.iter().collect::<Vec<_>>(), wide.iter().collect::<Vec<_>>());
    assert_eq!(compact.counts(), wide.counts());
    assert_eq!(compact.iter().collect::<Vec<_>>(), wide.iter().collect::<Vec<_>>());
    assert_eq!(CompactOutcomeTable::BYTES_PER_POSITION, 2);
    let mut other = wide.clone();
    let id = StateId::new(0).unwrap();
    other.set(id, wide.get(id).backed_up()).unwrap();
    assert!(compact != other);
}

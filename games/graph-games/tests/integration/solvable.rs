//! The random graph games as `gamesolve solve` sees them: bad positions get a message, every
//! engine gives the value the naive oracle gives on the same graph, and the notation
//! round-trips.

use oracle::{Budget, GrundyOracle, solve_loopy};
use solver_core::StateSpace;
use solver_core::graph::{GraphGame, RandomShape};
use workbench::solve::{SolvableGame, parse_position};
use workbench::table_file::Value;

fn open(name: &str, words: &str) -> Box<dyn SolvableGame> {
    let target = graph_games::REGISTRATION.spaces.iter().find(|t| t.name == name).expect("registered");
    target.open_words(words).unwrap()
}

/// Every engine's value of every position, checked equal to `expected(index)`.
fn check_engines(game: &dyn SolvableGame, expected: impl Fn(u64) -> Value) {
    for engine in game.engines() {
        let solved = game.solve(engine).unwrap();
        for index in 0..game.positions() {
            assert_eq!(solved.value(index), expected(index), "{engine} at #{index}");
        }
    }
}

fn round_trip(game: &dyn SolvableGame) {
    for index in 0..game.positions() {
        let text = game.describe(index);
        assert_eq!(parse_position(game, &text), Ok(index), "`{text}`");
    }
}

#[test]
fn bad_nodes_get_a_message() {
    for name in ["random-loopy", "random-dag"] {
        let game = open(name, "nodes=10 seed=3");
        for bad in ["", "node", "node -1", "node 10", "node 99999999999999999999999", "x", "node 1 2", "1.5", "+3"] {
            let error = parse_position(game.as_ref(), bad).expect_err(bad);
            assert!(!error.to_string().is_empty(), "{name}: `{bad}`");
        }
        // A bare number is read too.
        assert_eq!(parse_position(game.as_ref(), " 9 "), Ok(9));
    }
}

#[test]
fn random_loopy_engines_agree_with_the_oracle() {
    let game = open("random-loopy", "nodes=600 seed=4");
    // The oracle on the same seeded graph's plain rules, which knows no engine.
    let graph = GraphGame::random(&RandomShape::loopy(600), 4);
    let rules = graph.rules();
    let nodes: Vec<_> = (0..600).map(|i| graph.unrank(solver_core::StateId::new(i).unwrap())).collect();
    let values = solve_loopy(&rules, nodes.iter().copied(), Budget::new(10_000)).unwrap();
    assert!(game.engines().len() >= 5, "{:?}", game.engines());
    check_engines(game.as_ref(), |i| Value::Outcome(values[&nodes[i as usize]]));
    round_trip(game.as_ref());
    assert_eq!(game.start(), 0);
}

#[test]
fn random_dag_engine_agrees_with_the_oracle() {
    let game = open("random-dag", "nodes=600 seed=5");
    let graph = GraphGame::random(&RandomShape::acyclic(600), 5);
    let rules = graph.rules();
    let mut oracle = GrundyOracle::new(&rules, Budget::new(10_000));
    let values: Vec<Value> = (0..600)
        .map(|i| Value::Nimber(oracle.value(&graph.unrank(solver_core::StateId::new(i).unwrap())).unwrap()))
        .collect();
    check_engines(game.as_ref(), |i| values[i as usize]);
    round_trip(game.as_ref());
    assert_eq!(game.start(), 599);
}

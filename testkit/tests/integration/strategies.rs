//! The random games the property tests draw have the shapes the strategies promise: up to three
//! moves a position, acyclic games' moves from higher to lower positions with gains from -2 to
//! 3. Checked over a few hundred draws of a deterministic runner.

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use solver_core::StateSpace;
use solver_core::graph::GraphGame;
use testkit::strategies::{acyclic_game, loopy_game};

fn draws(strategy: impl Strategy<Value = GraphGame>) -> Vec<GraphGame> {
    let mut runner = TestRunner::deterministic();
    (0..400).map(|_| strategy.new_tree(&mut runner).unwrap().current()).collect()
}

#[test]
fn loopy_games_have_up_to_three_moves_a_position() {
    let games = draws(loopy_game(12));
    assert!(games.iter().all(|g| (1..=12).contains(&g.len()) && g.graph().edge_count() <= 3 * g.len()));
    assert!(games.iter().any(|g| g.graph().edge_count() > g.len() + 3), "dense games are drawn too");
}

#[test]
fn acyclic_games_move_down_with_gains_from_minus_2_to_3() {
    let games = draws(acyclic_game(14));
    let edges = || games.iter().flat_map(|g| g.graph().raw_edges());
    assert!(games.iter().all(|g| g.graph().edge_count() <= 3 * g.len()));
    assert!(games.iter().any(|g| g.graph().edge_count() > g.len() + 3), "dense games are drawn too");
    assert!(edges().all(|e| e.source().index() > e.target().index()));
    assert!(edges().all(|e| (-2..=3).contains(&e.weight.gain)));
    assert!(edges().any(|e| e.weight.gain < 0) && edges().any(|e| e.weight.gain == 3));
}

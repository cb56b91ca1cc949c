//! The layered engines stop before passing a step limit (issue 30, item 9): their time grows
//! with the largest remoteness, so a path of `n` nodes costs about `n` passes of `n` steps.

use solver_core::graph::{Edge, GraphGame, Node};
use solver_core::{
    OutcomeTable, Progress, RetrogradeEngine, RetrogradeError, solve_by_layers, solve_by_layers_within,
    solve_parallel_layered_within,
};

/// A path 0 -> 1 -> ... -> n - 1, the last node without moves.
fn path(n: u32) -> GraphGame {
    let edges = (1..n).map(|i| (i - 1, i, Edge::default()));
    GraphGame::from_parts(vec![Node::default(); n as usize], edges).unwrap()
}

#[test]
fn the_layered_engines_decline_past_their_steps_and_agree_within_them() {
    let game = path(200);
    // Each pass scans 200 nodes (and fewer moves): about 200 passes, some 40,000 steps or more.
    let over = solve_by_layers_within(&game, 10_000).unwrap_err();
    assert!(matches!(over, RetrogradeError::OverSteps(s) if s.max_steps == 10_000 && s.spent <= 10_000), "{over:?}");
    let over = solve_parallel_layered_within::<OutcomeTable, _>(&game, 10_000).unwrap_err();
    assert!(matches!(over, RetrogradeError::OverSteps(s) if s.spent <= 10_000), "{over:?}");
    let expected = solve_by_layers(&game).unwrap();
    assert!(solve_by_layers_within(&game, 1_000_000).unwrap() == expected);
    assert!(solve_parallel_layered_within::<OutcomeTable, _>(&game, 1_000_000).unwrap() == expected);
    // The catalog passes the limit to the layered engines only.
    for engine in RetrogradeEngine::BY_MOVES {
        let solved = engine.solve_by_moves_reporting(&game, 10_000, &Progress::silent()).unwrap();
        let layered = matches!(engine, RetrogradeEngine::Layered | RetrogradeEngine::ParallelLayered);
        assert_eq!(solved.is_err(), layered, "{}", engine.name());
    }
}

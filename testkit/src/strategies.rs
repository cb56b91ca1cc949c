//! proptest strategies for random small games, the material of the differential property
//! tests: cycles, self-loops, parallel moves, dead ends and finished positions of every kind for
//! loopy games; moves to sums, gains and extra moves for acyclic ones.
//!
//! ```
//! use proptest::strategy::{Strategy, ValueTree};
//! use proptest::test_runner::TestRunner;
//! use solver_core::StateSpace;
//!
//! let mut runner = TestRunner::deterministic();
//! let game = testkit::strategies::loopy_game(12).new_tree(&mut runner).unwrap().current();
//! assert!((1..=12).contains(&game.len()));
//! ```

use proptest::prelude::*;
use solver_core::Terminal;
use solver_core::graph::{Edge, GraphGame, Node};

/// A loopy game of 1 to `max_nodes` positions: cycles, self-loops, parallel moves, dead ends,
/// and finished positions of every kind (whose moves the rules must ignore).
pub fn loopy_game(max_nodes: usize) -> impl Strategy<Value = GraphGame> {
    (1..=max_nodes.max(1)).prop_flat_map(|n| {
        let terminal = prop_oneof![
            6 => Just(None),
            1 => Just(Some(Terminal::Win)),
            1 => Just(Some(Terminal::Loss)),
            1 => Just(Some(Terminal::Tie)),
        ];
        let nodes = proptest::collection::vec(terminal.prop_map(|terminal| Node { terminal }), n);
        let edges = proptest::collection::vec((0..n as u32, 0..n as u32), 0..=3 * n);
        (nodes, edges).prop_map(|(nodes, edges)| {
            GraphGame::from_parts(nodes, edges.into_iter().map(|(a, b)| (a, b, Edge::default())))
                .expect("endpoints are below the node count")
        })
    })
}

/// An acyclic game of 1 to `max_nodes` positions whose moves go from higher to lower indices,
/// with moves to sums of up to three parts, gains from -2 to 3, and extra moves.
pub fn acyclic_game(max_nodes: usize) -> impl Strategy<Value = GraphGame> {
    (1..=max_nodes.max(1)).prop_flat_map(|n| {
        let edge = (1..n.max(2) as u32, any::<u32>(), 0..3u32, -2..=3i32, any::<bool>());
        proptest::collection::vec(edge, 0..=3 * n).prop_map(move |edges| {
            let edges = edges
                .into_iter()
                .filter(|e| (e.0 as usize) < n)
                .map(|(from, below, option, gain, again)| (from, below % from, Edge { option, gain, again }));
            GraphGame::from_parts(vec![Node::default(); n], edges).expect("endpoints are below the node count")
        })
    })
}

/// A game from `game` together with a permutation of its positions (for renumbering laws).
pub fn with_permutation(game: impl Strategy<Value = GraphGame>) -> impl Strategy<Value = (GraphGame, Vec<u32>)> {
    game.prop_flat_map(|g| {
        let ids: Vec<u32> = (0..g.graph().node_count() as u32).collect();
        (Just(g), Just(ids).prop_shuffle())
    })
}

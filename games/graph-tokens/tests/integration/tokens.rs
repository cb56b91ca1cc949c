//! Tokens on random DAGs against the plain rules and the oracle: the whole space of one token is
//! the plain rules' (workbench's space check) and its Grundy values the Grundy oracle's; the
//! win/loss of every set of tokens reachable from a random start, searched on the whole position
//! without Grundy theory, must be "the xor of the engine's vertex values is not zero". Cycles are
//! rejected with a real cycle.

use graph_tokens::plain::{PlainToken, PlainTokens};
use graph_tokens::{Dag, DagError};
use oracle::{Budget, solve_loopy};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use solver_core::Outcome;
use solver_core::verify::verify_grundy;
use workbench::check::{OracleSide, check_grundy};
use workbench::space::{check_impartial_space, every_id};

/// A DAG on up to 9 vertices: edges from a higher to a lower rank of a random permutation, so
/// that vertex numbers say nothing of the order. Parallel edges included.
fn dag() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (1usize..=9).prop_flat_map(|n| {
        let perm = Just((0..n as u32).collect::<Vec<_>>()).prop_shuffle();
        let edges = proptest::collection::vec((0..n, 0..n), 0..=2 * n);
        (Just(n), perm, edges).prop_map(|(n, perm, edges)| {
            let edges =
                edges.into_iter().filter(|(a, b)| a != b).map(|(a, b)| (perm[a.max(b)], perm[a.min(b)])).collect();
            (n, edges)
        })
    })
}

fn adjacency(n: usize, edges: &[(u32, u32)]) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::new(); n];
    for &(a, b) in edges {
        out[a as usize].push(b);
    }
    out
}

proptest! {
    // Shrunk failures are saved beside this file; turn each into a named test case.
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn tokens_win_iff_the_xor_of_their_values_is_not_zero(
        (n, edges) in dag(),
        tokens in proptest::collection::vec(any::<prop::sample::Index>(), 1..=4),
    ) {
        let dag = Dag::new(n, edges.iter().copied()).unwrap();
        let values = dag.grundy_values();
        verify_grundy(&dag, &values).unwrap();
        let plain = PlainTokens { out: adjacency(n, &edges) };
        let start = PlainTokens::state(tokens.iter().map(|t| t.index(n) as u32));
        let outcomes = solve_loopy(&plain, [start], Budget::new(100_000)).unwrap();
        for (state, outcome) in &outcomes {
            prop_assert!(matches!(outcome, Outcome::Win(_) | Outcome::Loss(_)));
            let won = matches!(outcome, Outcome::Win(_));
            prop_assert_eq!(won, Dag::token_sum(&values, state).is_win(), "tokens on {:?}", state);
        }
    }

    #[test]
    fn the_space_of_one_token_is_the_plain_rules((n, edges) in dag()) {
        let dag = Dag::new(n, edges.iter().copied()).unwrap();
        let plain = PlainToken { out: adjacency(n, &edges) };
        check_impartial_space(&dag, &OracleSide::same(&plain), every_id(&dag))
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        check_grundy(&dag, Some(OracleSide::same(&plain)), Budget::new(1_000))
            .and_then(|checked| checked.oracle_agreed())
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        for v in 0..n as u32 {
            prop_assert_eq!(dag.out_neighbours(v), plain.out[v as usize].clone(), "edge order of {}", v);
        }
    }

    #[test]
    fn a_cycle_is_rejected_and_named((n, edges) in dag(), ring in proptest::collection::btree_set(0..9u32, 1..=4)) {
        // Close a ring through the chosen vertices (a single vertex makes a self-loop).
        let ring: Vec<u32> = ring.into_iter().filter(|&v| (v as usize) < n).collect();
        prop_assume!(!ring.is_empty());
        let mut all = edges.clone();
        all.extend(ring.iter().zip(ring.iter().cycle().skip(1)).map(|(&a, &b)| (a, b)));
        let Err(DagError::Cycle(cycle)) = Dag::new(n, all.iter().copied()) else {
            return Err(TestCaseError::fail("the cycle went unnoticed"));
        };
        prop_assert!(!cycle.is_empty());
        for (a, b) in cycle.iter().zip(cycle.iter().cycle().skip(1)) {
            prop_assert!(all.contains(&(*a, *b)), "{} -> {} is not an edge of {:?}", a, b, all);
        }
    }
}

#[test]
fn a_long_path_is_evaluated_without_recursion() {
    let n = 200_000u32;
    let dag = Dag::new(n as usize, (1..n).map(|v| (v, v - 1))).unwrap();
    let values = dag.grundy_values();
    assert!(values.iter().enumerate().all(|(v, g)| g.0 == v as u32 % 2));
}

#[test]
fn bad_graphs_are_rejected_with_what_is_wrong() {
    assert_eq!(Dag::new(2, [(0, 2)]).unwrap_err().to_string(), "the edge 0 -> 2 names a vertex outside 0..2");
    assert_eq!(Dag::new(3, [(2, 2)]).unwrap_err().to_string(), "the graph has the cycle 2 -> 2");
    assert_eq!(Dag::new(0, []).unwrap().grundy_values(), []);
}

#[test]
fn the_whole_space_of_random_dags_is_the_plain_rules() {
    for seed in 0..20 {
        let dag = Dag::random(300, 4, seed);
        let plain = PlainToken { out: dag.out_lists() };
        check_impartial_space(&dag, &OracleSide::same(&plain), every_id(&dag)).unwrap();
        check_grundy(&dag, Some(OracleSide::same(&plain)), Budget::new(10_000))
            .and_then(|c| c.oracle_agreed())
            .unwrap();
    }
}

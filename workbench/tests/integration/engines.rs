//! The differential harness on random small games: every engine equals the naive oracle on every
//! position, the verifier accepts every engine's table and rejects a corrupted one, and the laws
//! (Grundy value of a sum, renumbering) hold. PROPTEST_CASES raises the number of cases (256).

use oracle::{Budget, solve_loopy};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use solver_core::graph::{Edge, GraphGame, Node};
use solver_core::play::principal_variation;
use solver_core::verify::{verify_grundy, verify_outcomes, verify_scores};
use solver_core::{
    AcyclicError, Nimber, Outcome, OutcomeTable, PlayOrder, RetrogradeEngine, StateId, StateSpace, grundy_table,
    score_table,
};
use testkit::strategies::{acyclic_game, loopy_game, with_permutation};
use workbench::check::{Failure, OracleSide, check_grundy, check_loopy, check_loopy_with_unmoves, check_scores};
use workbench::space::{check_impartial_space, check_loopy_space, check_scoring_space, check_unmoves, every_id};

const BUDGET: Budget = Budget { max_states: 10_000, max_depth: 1_000, max_work: u64::MAX };

fn fail(failure: impl ToString) -> TestCaseError {
    TestCaseError::fail(failure.to_string())
}

fn id(i: usize) -> StateId {
    StateId::new(i).unwrap()
}

proptest! {
    // Shrunk failures are saved beside this file; turn each into a named corpus case.
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_retrograde_engine_equals_the_oracle(game in loopy_game(12)) {
        let rules = game.rules();
        let all = check_loopy_with_unmoves(&game, Some(OracleSide::same(&rules)), BUDGET).and_then(|c| c.oracle_agreed()).map_err(fail)?;
        let by_moves = check_loopy(&game, Some(OracleSide::same(&rules)), BUDGET).and_then(|c| c.oracle_agreed()).map_err(fail)?;
        prop_assert_eq!(all.timings.len(), RetrogradeEngine::ALL.len());
        prop_assert_eq!(by_moves.timings.len(), RetrogradeEngine::BY_MOVES.len());
        prop_assert!(all.table == by_moves.table);
    }

    #[test]
    fn the_graph_space_is_what_its_plain_rules_say(loopy in loopy_game(12), acyclic in acyclic_game(14)) {
        let rules = loopy.rules();
        check_loopy_space(&loopy, &OracleSide::same(&rules), every_id(&loopy)).map_err(fail)?;
        check_unmoves(&loopy, every_id(&loopy)).map_err(fail)?;
        let rules = acyclic.rules();
        check_impartial_space(&acyclic, &OracleSide::same(&rules), every_id(&acyclic)).map_err(fail)?;
        check_scoring_space(&acyclic, &OracleSide::same(&rules), every_id(&acyclic)).map_err(fail)?;
    }

    #[test]
    fn grundy_engine_equals_the_oracle_searched_and_swept(game in acyclic_game(14)) {
        let rules = game.rules();
        let checked = check_grundy(&game, Some(OracleSide::same(&rules)), BUDGET).and_then(|c| c.oracle_agreed()).map_err(fail)?;
        let swept = game.clone().with_play_order(Some(PlayOrder::Descending));
        prop_assert_eq!(grundy_table(&swept).unwrap(), checked.table);
    }

    #[test]
    fn score_engine_equals_the_oracle_searched_and_swept(game in acyclic_game(14)) {
        let rules = game.rules();
        let checked = check_scores::<i32, _, _>(&game, Some(OracleSide::same(&rules)), BUDGET).and_then(|c| c.oracle_agreed()).map_err(fail)?;
        let swept = game.clone().with_play_order(Some(PlayOrder::Descending));
        prop_assert_eq!(score_table::<i32, _>(&swept).unwrap(), checked.table);
    }

    #[test]
    fn verifier_rejects_a_table_with_one_corrupted_entry(
        game in loopy_game(12),
        pick in any::<prop::sample::Index>(),
        wrong in prop_oneof![(0..4u32).prop_map(Outcome::Win), (0..4u32).prop_map(Outcome::Loss), (0..4u32).prop_map(Outcome::Tie), Just(Outcome::Draw)],
    ) {
        let mut table = RetrogradeEngine::ReverseGraph.solve(&game).unwrap();
        let victim = id(pick.index(game.len()));
        let wrong = if table.get(victim) == wrong {
            match wrong {
                Outcome::Draw => Outcome::Tie(0),
                Outcome::Win(r) => Outcome::Win(r + 1),
                Outcome::Loss(r) => Outcome::Loss(r + 1),
                Outcome::Tie(r) => Outcome::Tie(r + 1),
            }
        } else {
            wrong
        };
        table.set(victim, wrong).unwrap();
        prop_assert!(verify_outcomes(&game, &table).is_err());
    }

    #[test]
    fn verifier_rejects_corrupted_grundy_and_score_tables(game in acyclic_game(14), pick in any::<prop::sample::Index>(), delta in 1..4i32) {
        let victim = pick.index(game.len());
        let mut nimbers = grundy_table(&game).unwrap();
        nimbers[victim] = Nimber(nimbers[victim].0 ^ delta as u32);
        prop_assert!(verify_grundy(&game, &nimbers).is_err());
        let mut scores = score_table::<i32, _>(&game).unwrap();
        scores[victim] += delta;
        prop_assert!(verify_scores(&game, &scores).is_err());
    }

    #[test]
    fn the_principal_variation_of_a_decided_position_is_as_long_as_its_remoteness(game in loopy_game(12)) {
        let table = RetrogradeEngine::Unmoves.solve(&game).unwrap();
        for start in StateId::all(game.len()) {
            let line = principal_variation(&game, &table, start, 2 * game.len() + 2);
            match table.get(start) {
                Outcome::Draw => prop_assert_eq!(line.len(), 2 * game.len() + 3),
                value => {
                    prop_assert_eq!(line.len() as u32 - 1, value.remoteness().unwrap());
                    // Each move keeps the value: the child is the same result seen by the other side, one ply nearer.
                    for pair in line.windows(2) {
                        prop_assert_eq!(table.get(pair[1]).backed_up(), table.get(pair[0]));
                    }
                }
            }
        }
    }

    #[test]
    fn renumbering_changes_no_verdict((game, perm) in with_permutation(loopy_game(12))) {
        let renamed = game.renumbered(&perm);
        for engine in RetrogradeEngine::ALL {
            let (before, after) = (engine.solve(&game).unwrap(), engine.solve(&renamed).unwrap());
            for (old, &new) in perm.iter().enumerate() {
                prop_assert_eq!(before.get(id(old)), after.get(id(new as usize)), "{}", engine.name());
            }
        }
    }

    #[test]
    fn renumbering_changes_no_grundy_or_score_value((game, perm) in with_permutation(acyclic_game(14))) {
        let renamed = game.renumbered(&perm);
        let (g0, g1) = (grundy_table(&game).unwrap(), grundy_table(&renamed).unwrap());
        let (s0, s1) = (score_table::<i64, _>(&game).unwrap(), score_table::<i64, _>(&renamed).unwrap());
        for (old, &new) in perm.iter().enumerate() {
            prop_assert_eq!(g0[old], g1[new as usize]);
            prop_assert_eq!(s0[old], s1[new as usize]);
        }
    }

    /// The Sprague-Grundy theorem, checked without trusting it: the sum of two games is built as
    /// an explicit graph and played out by the oracle's win/loss search.
    #[test]
    fn grundy_value_of_a_disjoint_sum_is_the_xor_of_the_parts(a in acyclic_game(14), b in acyclic_game(14)) {
        let (a, b) = (single_part_moves(&a), single_part_moves(&b));
        let sum = disjoint_sum(&a, &b);
        let (ga, gb, gs) = (grundy_table(&a).unwrap(), grundy_table(&b).unwrap(), grundy_table(&sum).unwrap());
        let outcomes = solve_loopy(&sum.rules(), (0..sum.len()).map(|i| sum.unrank(id(i))), BUDGET).unwrap();
        for (i, &x) in ga.iter().enumerate() {
            for (j, &y) in gb.iter().enumerate() {
                let k = i * b.len() + j;
                prop_assert_eq!(gs[k], x ^ y);
                let won = matches!(outcomes[&sum.unrank(id(k))], Outcome::Win(_));
                prop_assert_eq!(won, (x ^ y).is_win(), "at ({}, {})", i, j);
            }
        }
    }
}

/// The game with every move to a single part (each edge its own option).
fn single_part_moves(game: &GraphGame) -> GraphGame {
    let g = game.graph();
    let edges = g.raw_edges().iter().enumerate().map(|(k, e)| {
        (e.source().index() as u32, e.target().index() as u32, Edge { option: k as u32, ..Edge::default() })
    });
    GraphGame::from_parts(vec![Node::default(); g.node_count()], edges).unwrap()
}

/// The sum of two games: position (i, j) is node i * |b| + j; a move moves in exactly one part.
fn disjoint_sum(a: &GraphGame, b: &GraphGame) -> GraphGame {
    let n = b.len() as u32;
    let mut edges = Vec::new();
    for i in 0..a.len() as u32 {
        for j in 0..n {
            for e in a.graph().raw_edges().iter().filter(|e| e.source().index() as u32 == i) {
                edges.push((i * n + j, e.target().index() as u32 * n + j));
            }
            for e in b.graph().raw_edges().iter().filter(|e| e.source().index() as u32 == j) {
                edges.push((i * n + j, i * n + e.target().index() as u32));
            }
        }
    }
    let edges = edges.into_iter().enumerate().map(|(k, (f, t))| (f, t, Edge { option: k as u32, ..Edge::default() }));
    GraphGame::from_parts(vec![Node::default(); a.len() * b.len()], edges).unwrap()
}

fn graph(n: usize, edges: &[(u32, u32)]) -> GraphGame {
    GraphGame::from_parts(vec![Node::default(); n], edges.iter().map(|&(a, b)| (a, b, Edge::default()))).unwrap()
}

#[test]
fn a_cycle_is_an_error_naming_the_positions_on_it() {
    // 0 -> 1 -> 2 -> 3 -> 1, and 4 -> 0.
    let game = graph(5, &[(0, 1), (1, 2), (2, 3), (3, 1), (4, 0)]);
    let Err(AcyclicError::Cycle(cycle)) = grundy_table(&game) else { panic!("the cycle went unnoticed") };
    let mut on_cycle: Vec<usize> = cycle.states.iter().map(|s| s.index()).collect();
    on_cycle.sort();
    assert_eq!(on_cycle, [1, 2, 3]);
    assert!(matches!(score_table::<i32, _>(&graph(1, &[(0, 0)])), Err(AcyclicError::Cycle(c)) if c.states == [id(0)]));
}

#[test]
fn a_false_play_order_is_caught() {
    let game = graph(3, &[(2, 1), (1, 2)]).with_play_order(Some(PlayOrder::Descending));
    let err = grundy_table(&game).unwrap_err();
    assert_eq!(err, AcyclicError::OutOfOrder { from: id(1), to: id(2), order: PlayOrder::Descending });
}

#[test]
fn a_score_that_does_not_fit_is_an_overflow_error() {
    let mut nodes_edges = Vec::new();
    for i in 1..4u32 {
        nodes_edges.push((i, i - 1, Edge { gain: 100, again: true, option: 0 }));
    }
    let game = GraphGame::from_parts(vec![Node::default(); 4], nodes_edges).unwrap();
    assert_eq!(score_table::<i8, _>(&game).unwrap_err(), AcyclicError::Overflow { state: id(2), value: 200 });
    assert_eq!(score_table::<i16, _>(&game).unwrap()[3], 300);
}

/// A check whose second solver, or whose oracle, differs from the engines in one known place:
/// the failure names that solver (or the oracle) and that position; a solver's error is an
/// engine error; an agreeing solver passes and is timed.
#[test]
fn the_harness_reports_a_solver_or_an_oracle_that_differs() {
    // 0 -> 1 -> 2: position 2 is lost at once, 1 is won, 0 is lost.
    let game = graph(3, &[(0, 1), (1, 2)]);
    let rules = game.rules();
    let disagreement_at = |failure: Failure, who: &str, with: &str, at: usize| match failure {
        Failure::Disagreement { engine, other, position, .. } => {
            assert_eq!((engine.as_str(), other.as_str()), (who, with));
            assert!(position.starts_with(&format!("position #{at} (")), "{position}");
        }
        other => panic!("not a disagreement: {other}"),
    };

    let mut outcomes = check_loopy(&game, Some(OracleSide::same(&rules)), BUDGET).unwrap();
    let (right, mut wrong) = (outcomes.table.clone(), outcomes.table.clone());
    wrong.set(id(1), Outcome::Loss(0)).unwrap();
    let failure = outcomes.compare_solver(&game, "wrong", || Ok::<_, String>(wrong)).unwrap_err();
    disagreement_at(failure, "wrong", "the other engines", 1);
    let failure = outcomes.compare_solver(&game, "broken", || Err::<OutcomeTable, _>("out of luck")).unwrap_err();
    assert_eq!(failure, Failure::EngineError { engine: "broken".into(), reason: "out of luck".into() });
    outcomes.compare_solver(&game, "again", || Ok::<_, String>(right)).unwrap();
    assert_eq!(outcomes.timings.last().map(|t| t.0), Some("again"));

    let mut nimbers = check_grundy(&game, Some(OracleSide::same(&rules)), BUDGET).unwrap();
    let mut wrong = nimbers.table.clone();
    wrong[2] = Nimber(1);
    let failure = nimbers.compare_table(&game, "wrong", || Ok::<_, String>(wrong), |t, id| t[id.index()]).unwrap_err();
    disagreement_at(failure, "wrong", "the other engines", 2);

    // The oracle reads other rules: the same three positions with no moves, all lost at once.
    let other_game = graph(3, &[]);
    let other_rules = other_game.rules();
    let oracle = || Some(OracleSide::same(&other_rules));
    // The oracle checks the table every engine agreed on.
    disagreement_at(check_loopy(&game, oracle(), BUDGET).unwrap_err(), "the engines", "the oracle", 0);
    disagreement_at(check_grundy(&game, oracle(), BUDGET).unwrap_err(), "the engines", "the oracle", 1);
    let (scoreless, scoring) = (graph(2, &[(1, 0)]), scored(2));
    let failure = check_scores::<i32, _, _>(&scoreless, Some(OracleSide::same(&scoring.rules())), BUDGET).unwrap_err();
    disagreement_at(failure, "the engines", "the oracle", 1);
}

/// Two positions, 1 -> 0, the move worth `gain`.
fn scored(gain: i32) -> GraphGame {
    GraphGame::from_parts(vec![Node::default(); 2], [(1, 0, Edge { gain, ..Edge::default() })]).unwrap()
}

/// The fuzz targets' graphs, decoded by hand from the bytes as `graph_from_bytes` documents.
#[test]
fn fuzz_bytes_make_the_graph_their_documentation_describes() {
    use solver_core::{LoopySpace, Terminal};
    use workbench::fuzz::graph_from_bytes;
    // Size 18: 1 + 18 % 16 = 3 nodes; marks 13, 6, 15 (mod 8: 5 win, 6 loss, 7 tie); then
    // three edges of three bytes (from and to modulo 3; option e % 4, gain e / 4 % 5 - 2,
    // again when e >= 128): 5, 7, 129 is 2 -> 1 with option 1, gain 0, again; 4, 8, 10 is
    // 1 -> 2 with option 2, gain 0; 3, 0, 6 the self-loop 0 -> 0 with option 2, gain -1; and
    // two bytes of an edge cut short.
    let data = [18, 13, 6, 15, 5, 7, 129, 4, 8, 10, 3, 0, 6, 1, 2];
    let edges = |game: &GraphGame| -> Vec<(usize, usize, Edge)> {
        game.graph().raw_edges().iter().map(|e| (e.source().index(), e.target().index(), e.weight)).collect()
    };
    let loopy = graph_from_bytes(&data, false);
    assert_eq!(loopy.len(), 3);
    let marks: Vec<Option<Terminal>> = (0..3).map(|i| loopy.terminal_at(id(i))).collect();
    assert_eq!(marks, [Some(Terminal::Win), Some(Terminal::Loss), Some(Terminal::Tie)]);
    let (down, up) = (Edge { option: 1, gain: 0, again: true }, Edge { option: 2, gain: 0, again: false });
    let self_loop = Edge { option: 2, gain: -1, again: false };
    assert_eq!(edges(&loopy), [(2, 1, down), (1, 2, up), (0, 0, self_loop)]);
    // Acyclic: every edge turned to go down, the self-loop dropped.
    assert_eq!(edges(&graph_from_bytes(&data, true)), [(2, 1, down), (2, 1, up)]);
    // Marks 0 to 4 are no mark; missing marks too; no bytes, no positions.
    let plain = graph_from_bytes(&[1, 4], false);
    assert_eq!((plain.len(), plain.terminal_at(id(0)), plain.terminal_at(id(1))), (2, None, None));
    assert_eq!(graph_from_bytes(&[], false).len(), 0);
}

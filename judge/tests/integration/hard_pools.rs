//! The hard pools of a small graph whose values are worked out by hand below: each pool holds
//! exactly the positions its kind describes, in its documented order; `retain`, `draw` and
//! `share` do what they say.

use judge::hard_pools::{Hard, HardPools, share};
use solver_core::graph::{Edge, GraphGame, Node, SplitMix64};
use solver_core::{RetrogradeEngine, StateId, Terminal};

/// 0, 1, 2: finished (lost, level, won for the player to move).
/// 3 -> 0: a win in 1, its only move.          4 -> 0, 1: a win with one winning move of two.
/// 5 -> 3: a loss in 2.                        6 -> 5: a win in 3, the deepest.
/// 7 -> 0, 5: a win with two winning moves.    8 -> 1: a tie in 1.
/// 9 -> 8, 3: a tie in 2; the move to 3 loses, so 8 is its one saving move.
/// 10 -> 11, 3 and 11 -> 10: draws; 10's move to 3 loses, so 11 is its one saving move.
/// 12 -> 0, 0, 1: the move to 0 twice is one winning move, and 1 the other move.
/// 13 -> 0, 1, 2: one winning move of three.
fn game() -> GraphGame {
    let mark = |terminal| Node { terminal: Some(terminal) };
    let mut nodes = vec![mark(Terminal::Loss), mark(Terminal::Tie), mark(Terminal::Win)];
    nodes.resize(14, Node::default());
    let edges = [(3, 0), (4, 0), (4, 1), (5, 3), (6, 5), (7, 0), (7, 5), (8, 1), (9, 8), (9, 3), (10, 11), (10, 3)];
    let edges = edges.into_iter().chain([(11, 10), (12, 0), (12, 0), (12, 1), (13, 0), (13, 1), (13, 2)]);
    GraphGame::from_parts(nodes, edges.map(|(a, b)| (a, b, Edge::default()))).unwrap()
}

fn ids(pool: &[StateId]) -> Vec<usize> {
    pool.iter().map(|id| id.index()).collect()
}

fn pools(deepest: usize, keep: impl Fn(StateId) -> bool) -> HardPools {
    let game = game();
    let table = RetrogradeEngine::ReverseGraph.solve(&game).unwrap();
    HardPools::build(&game, &table, deepest, keep)
}

#[test]
fn each_pool_holds_its_kind_in_order() {
    let all = pools(2, |_| true);
    let expected: [(Hard, &[usize]); 7] = [
        // Wins 6 (in 3), then 3, 4, 7, 12, 13 (in 1) by id: the first two.
        (Hard::DeepestWin, &[6, 3]),
        (Hard::DeepestLoss, &[5]),
        (Hard::DeepestTie, &[9, 8]),
        (Hard::Draw, &[10, 11]),
        (Hard::OneWinningMove, &[4, 12, 13]),
        (Hard::OneSavingMove, &[9, 10]),
        (Hard::Finished, &[0, 1, 2]),
    ];
    for (kind, positions) in expected {
        assert_eq!(ids(all.pool(kind)), positions, "{kind:?}");
    }
    // Positions left out are in no pool; the deepest pools take as many as asked.
    let some = pools(3, |id| ![3, 9, 1].contains(&id.index()));
    assert_eq!(ids(some.pool(Hard::DeepestWin)), [6, 4, 7]);
    assert_eq!(ids(some.pool(Hard::DeepestTie)), [8]);
    assert_eq!(ids(some.pool(Hard::OneSavingMove)), [10]);
    assert_eq!(ids(some.pool(Hard::Finished)), [0, 2]);
}

#[test]
fn retain_draw_and_share_do_what_they_say() {
    let mut all = pools(2, |_| true);
    all.retain(Hard::Draw, |id| id.index() != 10);
    assert_eq!(ids(all.pool(Hard::Draw)), [11]);
    assert_eq!(ids(all.pool(Hard::OneSavingMove)), [9, 10], "other pools are untouched");

    let mut rng = SplitMix64(7);
    let kinds = [Hard::DeepestLoss, Hard::Draw];
    for _ in 0..20 {
        assert_eq!(all.draw(&kinds, 0, &mut rng).map(|id| id.index()), Some(5));
        assert_eq!(all.draw(&kinds, 1, &mut rng).map(|id| id.index()), Some(11));
        assert_eq!(all.draw(&kinds, 3, &mut rng).map(|id| id.index()), Some(11), "start is taken cyclically");
    }
    let drawn: std::collections::BTreeSet<usize> =
        (0..100).filter_map(|_| all.draw(&[Hard::Finished], 0, &mut rng)).map(|id| id.index()).collect();
    assert_eq!(drawn.into_iter().collect::<Vec<_>>(), [0, 1, 2], "every position of the pool is drawn");
    // An empty pool passes to the next kind; all empty is `None`.
    let none = pools(0, |_| true);
    assert_eq!(none.draw(&[Hard::DeepestWin, Hard::DeepestLoss], 0, &mut rng), None);
    assert!(none.draw(&[Hard::DeepestWin, Hard::Draw], 0, &mut rng).is_some());

    let mut counts = [0usize; 4];
    for _ in 0..4000 {
        counts[share(&[0, 3, 0, 1], &mut rng)] += 1;
    }
    assert_eq!((counts[0], counts[2]), (0, 0), "a share of 0 is never drawn");
    assert!((2800..3200).contains(&counts[1]) && (800..1200).contains(&counts[3]), "{counts:?}");
    assert_eq!(share(&[5], &mut rng), 0);
}

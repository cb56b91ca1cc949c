//! The hard generator of `loopy-graph` holds what its doc promises, measured with the judge's
//! `oracle` engine (the naive rounds on the plain graph, not a retrograde engine) and the moves
//! read back from the input, and compared with the uniform generator on the same seeds.

use judge::AnyProblem;
use std::collections::BTreeSet;

fn problem() -> &'static dyn AnyProblem {
    &graph_games::LoopyGraph
}

/// A graph read back from an input: each node's mark and its distinct targets, and how many
/// moves were parallel or self-loops.
struct Graph {
    marks: Vec<String>,
    targets: Vec<BTreeSet<usize>>,
    parallel: usize,
    self_loops: usize,
}

fn graph(input: &str) -> Graph {
    let mut tokens = input.split_whitespace();
    let mut next = || tokens.next().unwrap();
    let (n, m): (usize, usize) = (next().parse().unwrap(), next().parse().unwrap());
    let marks: Vec<String> = (0..n).map(|_| next().to_string()).collect();
    let mut targets = vec![BTreeSet::new(); n];
    let (mut parallel, mut self_loops) = (0, 0);
    for _ in 0..m {
        let (u, v): (usize, usize) = (next().parse().unwrap(), next().parse().unwrap());
        parallel += usize::from(!targets[u].insert(v));
        self_loops += usize::from(u == v);
    }
    Graph { marks, targets, parallel, self_loops }
}

/// What the test counts over the nodes of many graphs.
#[derive(Debug, Default)]
struct Counts {
    nodes: usize,
    /// The smallest, over the graphs, of the largest remoteness of a win or a loss.
    shallowest_deepest: u32,
    draws: usize,
    /// Ties of remoteness 1 or more.
    ties: usize,
    /// Wins with exactly one of several distinct moves winning.
    single_winning_move: usize,
    /// Draws and ties with exactly one of several distinct moves not losing.
    single_saving_move: usize,
    /// Nodes where the remoteness is a choice: a win with winning moves of two remotenesses
    /// (the winner hurries), a loss with moves of two (the loser delays), a tie with tied
    /// moves of two or a move to endless play (a quick tie beats a slow one and endless play).
    choices: usize,
    /// Finished nodes with moves (which do not count).
    finished_with_moves: usize,
    parallel: usize,
    self_loops: usize,
}

fn count(inputs: &[String]) -> Counts {
    let mut counts = Counts { shallowest_deepest: u32::MAX, ..Counts::default() };
    for input in inputs {
        let g = graph(input);
        let answer = problem().judge(input, "oracle").unwrap();
        let values: Vec<&str> = answer.lines().collect();
        let remoteness = |v: &str| v.rsplit(' ').next().and_then(|r| r.parse::<u32>().ok());
        let deepest = values.iter().filter(|v| !v.starts_with("tie")).filter_map(|v| remoteness(v)).max();
        counts.shallowest_deepest = counts.shallowest_deepest.min(deepest.unwrap_or(0));
        counts.nodes += values.len();
        counts.parallel += g.parallel;
        counts.self_loops += g.self_loops;
        for (i, value) in values.iter().enumerate() {
            if g.marks[i] != "-" {
                counts.finished_with_moves += usize::from(!g.targets[i].is_empty());
                continue;
            }
            let children: Vec<&str> = g.targets[i].iter().map(|&t| values[t]).collect();
            // A child lost for its player to move is a winning move; one won, a losing move.
            let winning = children.iter().filter(|c| c.starts_with("loss")).count();
            let losing = children.iter().filter(|c| c.starts_with("win")).count();
            let several = children.len() > 1;
            if value.starts_with("win") && several && winning == 1 {
                counts.single_winning_move += 1;
            }
            let remotenesses = |prefix: &str| {
                children.iter().filter(|c| c.starts_with(prefix)).filter_map(|c| remoteness(c)).collect::<BTreeSet<_>>()
            };
            counts.choices += usize::from(match value.split(' ').next() {
                Some("win") => remotenesses("loss").len() > 1,
                Some("loss") => remotenesses("win").len() > 1,
                Some("tie") => remotenesses("tie").len() > 1 || children.contains(&"draw"),
                _ => false,
            });
            let level = *value == "draw" || value.starts_with("tie");
            counts.single_saving_move += usize::from(level && several && losing + 1 == children.len());
            counts.draws += usize::from(*value == "draw");
            counts.ties += usize::from(value.starts_with("tie"));
        }
    }
    counts
}

#[test]
fn hard_graphs_hold_long_paths_draws_ties_and_single_moves() {
    let (seeds, nodes) = (1..=20u64, 300);
    let hard: Vec<String> = seeds.clone().map(|s| problem().generate_hard(s, nodes).unwrap()).collect();
    let uniform: Vec<String> = seeds.map(|s| problem().generate(s, nodes).unwrap()).collect();
    let (hard, uniform) = (count(&hard), count(&uniform));
    println!("hard {hard:?}\nuniform {uniform:?}");
    let percent = |n: usize| 100 * n / hard.nodes;
    assert_eq!(hard.nodes, 6000);
    // Every graph has its long path: a quarter of the nodes, 75 here, so a win or a loss in
    // 74 plies (a path to a tie gives one less: its tie, then the rest of the graph).
    assert!(hard.shallowest_deepest >= 20, "{hard:?}");
    assert!(hard.shallowest_deepest >= 3 * uniform.shallowest_deepest, "{hard:?} against {uniform:?}");
    assert!(percent(hard.draws) >= 5, "{hard:?}");
    assert!(hard.draws >= 10 * uniform.draws, "{hard:?} against {uniform:?}");
    assert!(percent(hard.ties) >= 5, "{hard:?}");
    assert!(4 * hard.ties >= 5 * uniform.ties, "{hard:?} against {uniform:?}");
    assert!(percent(hard.choices) >= 10, "{hard:?}");
    assert!(hard.choices >= 3 * uniform.choices, "{hard:?} against {uniform:?}");
    // Random graphs are full of single winning moves already (a node in play with a finished
    // loss among its moves); the hard ones keep them common.
    assert!(percent(hard.single_winning_move) >= 5, "{hard:?}");
    assert!(percent(hard.single_saving_move) >= 3, "{hard:?}");
    assert!(4 * hard.single_saving_move >= 5 * uniform.single_saving_move, "{hard:?} against {uniform:?}");
    assert!(hard.finished_with_moves > 0 && hard.parallel > 0 && hard.self_loops > 0, "{hard:?}");
}

#[test]
fn a_single_node_comes_in_every_kind() {
    let answers: BTreeSet<String> = (0..40).map(|s| problem().generate_hard(s, 1).unwrap()).collect();
    // A dead end, a self-loop, and the three finished marks.
    for want in ["1 0\n-\n", "1 1\n-\n0 0\n", "1 0\nW\n", "1 0\nL\n", "1 0\nT\n"] {
        assert!(answers.contains(want), "{want:?} missing from {answers:?}");
    }
}

#[test]
fn the_largest_hard_graph_is_valid() {
    let most = *problem().case_counts().end();
    let input = problem().generate_hard(9, most).unwrap();
    assert_eq!(problem().judge(&input, problem().engines()[0]).unwrap().lines().count(), most);
}

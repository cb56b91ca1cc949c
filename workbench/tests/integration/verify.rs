//! The rows `verify` prints, from the one adapter every game uses, on games whose values are
//! worked out by hand; and the law that checks sums of impartial games as whole positions: on
//! nim, whose values Bouton's theorem gives (a sum of heaps is lost exactly when their xor is
//! zero), with every reachable position counted here by enumeration.

use oracle::Budget;
use solver_core::graph::{Edge, GraphGame, Node};
use solver_core::{Game, Nimber, Rules, Terminal};
use workbench::check::{Failure, OracleCheck, OracleSide, oracle_loopy};
use workbench::solve::{Identity, Notation, SolvableGame};
use workbench::space_game::{ImpartialGame, LoopyGame, ScoringGame};
use workbench::target::Args;
use workbench::verify::{LawCheck, sums_as_whole_positions};

type NodeIndex = petgraph::graph::NodeIndex<u32>;

fn graph(nodes: Vec<Node>, edges: &[(u32, u32, i32)]) -> GraphGame {
    let edges = edges.iter().zip(0..).map(|(&(a, b, gain), option)| (a, b, Edge { option, gain, again: false }));
    GraphGame::from_parts(nodes, edges).unwrap()
}

fn named() -> (Identity, Notation<NodeIndex>) {
    let identity = Identity::new("g", &Args::parse(&[], &[]).unwrap(), "by hand");
    (identity, Notation::new(|s: &NodeIndex| format!("n{}", s.index()), |_| Err("no notation".to_string())))
}

/// The search engines `verify`'s search check runs on every position.
const ENGINES: usize = solver_core::search::SearchEngine::ALL.len();

#[test]
fn a_loopy_row_counts_each_kind_and_gives_the_start_and_its_best_moves() {
    // 0 -> 1 (1 has no move: lost at 0, so 0 wins in 1); 2 -> 0 (loses in 2); 3 -> 3 (a draw);
    // 4 finished, a tie. The start, 2, has one move, which keeps its value.
    let mut nodes = vec![Node::default(); 5];
    nodes[4] = Node { terminal: Some(Terminal::Tie) };
    let game = graph(nodes, &[(0, 1, 0), (2, 0, 0), (3, 3, 0)]);
    let (identity, notation) = named();
    let game = LoopyGame::with_unmoves(identity, game, &NodeIndex::new(2), notation)
        .with_oracle_check(|g, table, budget| oracle_loopy(g, table, OracleSide::same(&g.rules()), budget));
    let row = game.check(Budget::new(1000)).unwrap();
    assert_eq!((row.positions, row.summary.as_str()), (5, "W 1 L 2 T 1 D 1; start loss in 2, best to n0"));
    let engines: Vec<&str> = row.timings.iter().map(|t| t.0).collect();
    assert_eq!(engines, solver_core::RetrogradeEngine::ALL.map(|e| e.name()));
    assert!(matches!(row.oracle, OracleCheck::Agreed { .. }));
    // Past the oracle's budget of states it declines before searching.
    assert!(matches!(game.check(Budget::new(4)).unwrap().oracle, OracleCheck::Declined(_)));
}

#[test]
fn a_grundy_row_counts_the_zeros_and_names_the_largest_value() {
    // 0 -> 1, 0 -> 2, 1 -> 2: *2, *1, *0; from 0 the move to 2 (a zero) is the best.
    let (identity, notation) = named();
    let game = graph(vec![Node::default(); 3], &[(0, 1, 0), (0, 2, 0), (1, 2, 0)]);
    let row = ImpartialGame::new(identity, game, &NodeIndex::new(0), notation).check(Budget::new(1000)).unwrap();
    assert_eq!((row.positions, row.summary.as_str()), (3, "P 1 max *2; start *2, best to n2"));
    assert_eq!(row.searched, [format!("search (the space): 3 positions agree ({ENGINES} engines)")]);
    assert!(matches!(row.oracle, OracleCheck::Absent), "no oracle was given");
}

#[test]
fn a_score_row_counts_ahead_level_and_behind() {
    // 0 -> 1 (gain 1), 1 -> 2 (gain 2), 0 -> 2 (gain 3), 3 -> 0 (gain 0): values 3, 2, 0, -3.
    let (identity, notation) = named();
    let game = graph(vec![Node::default(); 4], &[(0, 1, 1), (1, 2, 2), (0, 2, 3), (3, 0, 0)]);
    let row = ScoringGame::<_, i8>::new(identity, game, &NodeIndex::new(0), notation).check(Budget::new(10)).unwrap();
    assert_eq!((row.positions, row.summary.as_str()), (4, "ahead 2 level 1 behind 1; start +3, best to n2"));
    assert_eq!(row.searched, [format!("search (the space): 4 positions agree ({ENGINES} engines)")]);
}

#[test]
fn a_law_adds_its_words_its_time_and_its_oracle() {
    let (identity, notation) = named();
    let game = graph(vec![Node::default(); 2], &[(0, 1, 0)]);
    let law = |_: &GraphGame, values: &Vec<Nimber>, _: Budget| {
        let elapsed = std::time::Duration::from_millis(3);
        Ok(LawCheck { words: format!("{} values", values.len()), elapsed, oracle: OracleCheck::Agreed { elapsed } })
    };
    let game = ImpartialGame::new(identity, game, &NodeIndex::new(0), notation).with_law("law", law);
    let row = game.check(Budget::new(10)).unwrap();
    assert_eq!(row.summary, "P 1 max *1; start *1, best to n1; 2 values");
    let steps: Vec<&str> = row.timings.iter().map(|t| t.0).collect();
    assert_eq!(steps[steps.len() - 2..], ["law", "search-check"]);
    assert!(matches!(row.oracle, OracleCheck::Agreed { .. }), "the law's oracle, there being no other");
    let failing = ImpartialGame::new(named().0, graph(vec![Node::default()], &[]), &NodeIndex::new(0), named().1)
        .with_law("law", |_, _, _| Err(Failure::engine_error("the law", "broken")));
    assert_eq!(failing.check(Budget::new(10)).unwrap_err(), Failure::engine_error("the law", "broken"));
}

/// Nim on a row of heaps, the row as one whole position: a move takes from one heap.
struct Nim;

impl Game for Nim {
    type State = Vec<u32>;
}

impl Rules for Nim {
    fn terminal(&self, _: &Vec<u32>) -> Option<Terminal> {
        None
    }

    fn successors(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (i, &h) in heaps.iter().enumerate() {
            for smaller in 0..h {
                let mut next = heaps.clone();
                next[i] = smaller;
                out.push(next);
            }
        }
    }
}

fn xor(heaps: &[u32]) -> Nimber {
    Nimber(heaps.iter().fold(0, |x, &h| x ^ h))
}

/// Every row of heaps at most `start`, heap by heap: what play from `start` reaches.
fn below(start: &[u32]) -> Vec<Vec<u32>> {
    start.iter().fold(vec![Vec::new()], |rows, &h| {
        rows.iter().flat_map(|row| (0..=h).map(move |x| [row.as_slice(), &[x]].concat())).collect()
    })
}

#[test]
fn sums_agree_with_the_oracle_and_count_the_lost_positions() {
    let starts = [vec![1, 2, 3], vec![2, 2]];
    let reachable: Vec<Vec<u32>> = starts.iter().flat_map(|s| below(s)).collect();
    assert_eq!(reachable.len(), 2 * 3 * 4 + 3 * 3);
    let lost = reachable.iter().filter(|r| xor(r) == Nimber(0)).count();
    assert!(lost > 0 && lost < reachable.len());

    let law = sums_as_whole_positions("sums", &Nim, starts.clone(), |h: &Vec<u32>| xor(h), Budget::new(1000)).unwrap();
    assert_eq!(law.words, format!("sums: {} searched, P {lost}", reachable.len()));
    assert!(matches!(law.oracle, OracleCheck::Agreed { .. }));
}

#[test]
fn a_wrong_value_of_a_sum_is_a_disagreement() {
    // The sum of the heaps instead of their xor: wrong at [1, 2, 3] (6, but lost) and others.
    let sum = |heaps: &Vec<u32>| Nimber(heaps.iter().sum());
    match sums_as_whole_positions("sums", &Nim, [vec![1, 2, 3]], sum, Budget::new(1000)) {
        Err(Failure::Disagreement { engine, other, .. }) => {
            assert_eq!((engine.as_str(), other.as_str()), ("grundy", "the oracle"))
        }
        other => panic!("expected a disagreement, got {other:?}"),
    }
}

#[test]
fn an_oracle_over_its_budget_declines_and_searches_nothing() {
    let law = sums_as_whole_positions("sums", &Nim, [vec![3, 3, 3]], |h: &Vec<u32>| xor(h), Budget::new(10)).unwrap();
    assert_eq!(law.words, "sums: not searched");
    assert!(matches!(law.oracle, OracleCheck::Declined(_)));
}

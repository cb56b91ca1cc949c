//! Forward search through a space's family adapter: loopy spaces refused unless declared
//! acyclic, positions by number and in notation, principal variations and move values named as
//! the table commands name them, and the check `verify` runs catching a table that is wrong at
//! one position.

use solver_core::graph::{Edge, GraphGame, Node, RandomShape};
use solver_core::search::{Answer, SearchEngine, SearchError, SearchLimits, SearchValue};
use table_file::Value;
use workbench::check::Failure;
use workbench::search::{MoveValue, SearchFailure, share_budget};
use workbench::search_check::{SearchCheckPlan, check_search};
use workbench::solve::{Identity, Notation, SolvableGame, Solved};
use workbench::space_game::{LoopyGame, ScoringGame};
use workbench::target::Args;

type NodeIndex = petgraph::graph::NodeIndex<u32>;

fn notation() -> Notation<NodeIndex> {
    Notation::new(
        |n: &NodeIndex| format!("n{}", n.index()),
        |text| {
            text.strip_prefix('n').and_then(|n| n.parse().ok()).map(NodeIndex::new).ok_or("not n<number>".to_string())
        },
    )
}

fn identity() -> Identity {
    Identity::new("g", &Args::parse(&[], &[]).unwrap(), "by hand")
}

#[test]
fn a_loopy_space_is_searched_only_when_declared_acyclic() {
    // 0 -> 1 -> 2, 2 without moves: 2 lost, 1 won in 1, 0 lost in 2.
    let edges = [(0, 1), (1, 2)].map(|(a, b)| (a, b, Edge { option: 0, gain: 0, again: false }));
    let game = || GraphGame::from_parts(vec![Node::default(); 3], edges).unwrap();
    let refused = LoopyGame::new(identity(), game(), &NodeIndex::new(0), notation());
    assert!(refused.searchable().err().unwrap().contains("may loop"));
    let game = LoopyGame::new(identity(), game(), &NodeIndex::new(0), notation()).acyclic();
    let search = game.searchable().unwrap();
    assert_eq!(search.start(), "n0");
    let found = search.search("n0", SearchEngine::ALL[0], &SearchLimits::default()).unwrap();
    assert_eq!(found.answer, Answer::Exact(SearchValue::Loss(2)));
    assert_eq!(found.principal_variation, ["to n1", "to n2"]);
    let moves = search.move_values("#1", SearchEngine::ALL[0], &SearchLimits::default()).unwrap();
    let win_in_one = Some(Answer::Exact(SearchValue::Win(1)));
    assert_eq!(
        moves,
        [MoveValue {
            name: "to n2".to_string(),
            leads_to: Some("n2".to_string()),
            gain: 0,
            again: false,
            answer: win_in_one,
        }]
    );
    assert!(search.canonical("m3").is_err() && search.canonical("#3").is_err());
}

/// A table that is another table with one position's score changed.
struct Altered<'a> {
    table: &'a dyn Solved,
    at: u64,
}

impl Solved for Altered<'_> {
    fn len(&self) -> u64 {
        self.table.len()
    }
    fn value(&self, index: u64) -> Value {
        match self.table.value(index) {
            Value::Score(s) if index == self.at => Value::Score(s + 1),
            value => value,
        }
    }
    fn encoding(&self) -> table_file::Encoding {
        self.table.encoding()
    }
    fn bytes(&self) -> u64 {
        self.table.bytes()
    }
}

#[test]
fn the_check_finds_a_table_wrong_at_one_position() {
    let space = GraphGame::random(&RandomShape::acyclic(150), 11);
    let game = ScoringGame::<_, i32>::new(identity(), space, &NodeIndex::new(0), notation());
    let search = game.searchable().unwrap();
    let table = game.solve(game.engines()[0]).unwrap();
    let plan = SearchCheckPlan::QUICK;
    let checked = check_search(&game, search.as_ref(), table.as_ref(), "the space", true, &plan).unwrap();
    assert_eq!((checked.agreed, checked.over_budget), (150, 0));
    let altered = Altered { table: table.as_ref(), at: 97 };
    match check_search(&game, search.as_ref(), &altered, "the space", false, &plan) {
        Err(Failure::Disagreement { position, other, .. }) => {
            assert_eq!((position.as_str(), other.as_str()), ("position #97 (n97)", "the table"));
        }
        other => panic!("expected a disagreement at #97, got {other:?}"),
    }
}

#[test]
fn a_node_budget_is_shared_among_the_moves_and_what_one_leaves_goes_to_the_next() {
    // Three moves costing 10, 100 and 10 positions within 60 for all: the first may use 60/3 =
    // 20 and uses 10; the second may use 50/2 = 25 and runs out; the third may use 25.
    let costs = [10, 100, 10];
    let mut shares = Vec::new();
    let limits = SearchLimits { node_budget: 60, ..SearchLimits::default() };
    let values = share_budget(costs.len(), &limits, |i, limits| {
        shares.push(limits.node_budget);
        match costs[i] {
            cost if cost <= limits.node_budget => Ok((Answer::Exact(SearchValue::Score(i as i64)), cost)),
            _ => Err(SearchFailure::Search(SearchError::NodeBudget {
                nodes: limits.node_budget,
                proven: "nothing".to_string(),
            })),
        }
    })
    .unwrap();
    assert_eq!(shares, [20, 25, 25]);
    let score = |s| Some(Answer::Exact(SearchValue::Score(s)));
    assert_eq!(values, [score(0), None, score(2)]);
    // Without a budget every move gets no limit; a failure other than the budget ends it.
    let unlimited =
        share_budget(2, &SearchLimits::default(), |_, limits| Ok((score(limits.node_budget as i64).unwrap(), 5)));
    assert_eq!(unlimited.unwrap(), [score(0), score(0)]);
    let stopped = share_budget(2, &limits, |_, _| {
        Err(SearchFailure::Search(SearchError::Stopped { nodes: 1, proven: "nothing".to_string() }))
    });
    assert!(matches!(stopped, Err(SearchFailure::Search(SearchError::Stopped { .. }))));
}

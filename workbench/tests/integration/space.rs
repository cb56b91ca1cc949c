//! The space checks' teeth: a space broken in one known way (a ranking that does not round-trip,
//! a move outside the space, an un-move missing or extra, a move visitor that skips a move),
//! or rules that say other than the space, is reported at the position where it is broken.

use solver_core::graph::{Edge, GraphGame, Node};
use solver_core::{Game, ImpartialSpace, LoopySpace, ScoredMove, ScoringSpace, StateId, StateSpace, Terminal, Unmoves};
use workbench::check::OracleSide;
use workbench::space::{
    SpaceViolation, check_impartial_space, check_loopy_space, check_scoring_space, check_unmoves, every_id,
};

type Node32 = petgraph::graph::NodeIndex<u32>;

/// A graph of these nodes and moves (from, to, gain), each move its own option.
fn graph(nodes: Vec<Node>, edges: [(u32, u32, i32); 3]) -> GraphGame {
    let edges = edges.into_iter().zip(0..).map(|((a, b, gain), option)| (a, b, Edge { option, gain, again: false }));
    GraphGame::from_parts(nodes, edges).unwrap()
}

/// 0 -> 1 (gain 1), 1 -> 2 (gain 2), 0 -> 2 (gain 3).
fn plain() -> GraphGame {
    graph(vec![Node::default(); 3], [(0, 1, 1), (1, 2, 2), (0, 2, 3)])
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    Nothing,
    /// Position 1 ranks to 2.
    Rank,
    /// Position 1 also moves to 3, past the end.
    Outside,
    /// Position 2's un-moves miss 1.
    MissingUnmove,
    /// Position 0's un-moves list 2, which has no move to it.
    ExtraUnmove,
    /// The visitor skips the first move.
    Visit,
}

/// [`plain`] with one fault.
struct Broken(Fault);

fn id(i: usize) -> StateId {
    StateId::new(i).unwrap()
}

impl Game for Broken {
    type State = Node32;
}

impl StateSpace for Broken {
    fn len(&self) -> usize {
        3
    }
    fn rank(&self, state: &Node32) -> StateId {
        if self.0 == Fault::Rank && state.index() == 1 { id(2) } else { id(state.index()) }
    }
    fn unrank(&self, at: StateId) -> Node32 {
        Node32::new(at.index())
    }
}

impl LoopySpace for Broken {
    fn terminal_at(&self, at: StateId) -> Option<Terminal> {
        plain().terminal_at(at)
    }
    fn successor_ids(&self, at: StateId, out: &mut Vec<StateId>) {
        plain().successor_ids(at, out);
        if self.0 == Fault::Outside && at == id(1) {
            out.push(id(3));
        }
    }
}

impl Unmoves for Broken {
    fn predecessor_ids(&self, at: StateId, out: &mut Vec<StateId>) {
        plain().predecessor_ids(at, out);
        if self.0 == Fault::MissingUnmove && at == id(2) {
            out.retain(|&p| p != id(1));
        }
        if self.0 == Fault::ExtraUnmove && at == id(0) {
            out.push(id(2));
        }
    }
}

impl ImpartialSpace for Broken {
    fn option_ids(&self, at: StateId, option: &mut dyn FnMut(&[StateId])) {
        plain().option_ids(at, option);
        if self.0 == Fault::Outside && at == id(1) {
            option(&[id(3)]);
        }
    }
}

impl ScoringSpace for Broken {
    fn scored_move_ids(&self, at: StateId, out: &mut Vec<ScoredMove<StateId>>) {
        plain().scored_move_ids(at, out);
    }
    fn visit_scored_move_ids(
        &self,
        at: StateId,
        scratch: &mut Vec<ScoredMove<StateId>>,
        visit: &mut dyn FnMut(ScoredMove<StateId>),
    ) {
        scratch.clear();
        self.scored_move_ids(at, scratch);
        let skip = usize::from(self.0 == Fault::Visit);
        scratch.iter().skip(skip).for_each(|&m| visit(m));
    }
}

/// The position and the problem of a violation.
fn at(result: Result<(), SpaceViolation>) -> (usize, String) {
    let violation = result.expect_err("a violation");
    (violation.id.index(), violation.problem)
}

#[test]
fn a_sound_space_passes_every_check() {
    let game = plain();
    let rules = game.rules();
    let side = OracleSide::same(&rules);
    let space = Broken(Fault::Nothing);
    assert_eq!(every_id(&space).map(|i| i.index()).collect::<Vec<_>>(), [0, 1, 2]);
    check_loopy_space(&space, &side, every_id(&space)).unwrap();
    check_unmoves(&space, every_id(&space)).unwrap();
    check_impartial_space(&space, &side, every_id(&space)).unwrap();
    check_scoring_space(&space, &side, every_id(&space)).unwrap();
}

#[test]
fn each_broken_space_is_reported_where_it_breaks() {
    let game = plain();
    let rules = game.rules();
    let side = OracleSide::same(&rules);
    let all = || every_id(&Broken(Fault::Nothing));
    let rank = at(check_loopy_space(&Broken(Fault::Rank), &side, all()));
    assert_eq!(rank, (1, "unranks to a position that ranks to #2".to_string()));
    let outside = (1, "moves to #3, outside the space of 3".to_string());
    assert_eq!(at(check_loopy_space(&Broken(Fault::Outside), &side, all())), outside);
    assert_eq!(at(check_unmoves(&Broken(Fault::Outside), all())), outside);
    assert_eq!(at(check_impartial_space(&Broken(Fault::Outside), &side, all())), outside);
    let (position, problem) = at(check_unmoves(&Broken(Fault::MissingUnmove), all()));
    assert_eq!(position, 1);
    assert!(problem.starts_with("moves to #2, whose un-moves"), "{problem}");
    assert_eq!(
        at(check_unmoves(&Broken(Fault::ExtraUnmove), all())),
        (0, "lists the un-move #2, which has no move to it".into())
    );
    let (position, problem) = at(check_scoring_space(&Broken(Fault::Visit), &side, all()));
    assert_eq!(position, 0);
    assert!(problem.starts_with("visit_scored_move_ids"), "{problem}");
}

#[test]
fn rules_that_say_otherwise_are_reported() {
    let space = plain();
    let all = || every_id(&space);
    // 1 -> 0 instead of 1 -> 2.
    let moved = graph(vec![Node::default(); 3], [(0, 1, 1), (1, 0, 2), (0, 2, 3)]);
    let moved_rules = moved.rules();
    let other = OracleSide::same(&moved_rules);
    let (position, problem) = at(check_loopy_space(&space, &other, all()));
    assert_eq!(position, 1);
    assert!(
        problem.starts_with("the moves on ids lead to [\"NodeIndex(2)\"], the rules to [\"NodeIndex(0)\"]"),
        "{problem}"
    );
    let (position, problem) = at(check_impartial_space(&space, &other, all()));
    assert_eq!(position, 1);
    assert!(problem.starts_with("the options on ids are"), "{problem}");
    // The same moves, the last worth 4 instead of 3.
    let gains = graph(vec![Node::default(); 3], [(0, 1, 1), (1, 2, 2), (0, 2, 4)]);
    let gains_rules = gains.rules();
    let (position, problem) = at(check_scoring_space(&space, &OracleSide::same(&gains_rules), all()));
    assert_eq!(position, 0);
    assert!(problem.starts_with("the moves on ids are"), "{problem}");
    // Position 2 finished, a win for the player to move.
    let mut nodes = vec![Node::default(); 3];
    nodes[2].terminal = Some(Terminal::Win);
    let finished = graph(nodes, [(0, 1, 1), (1, 2, 2), (0, 2, 3)]);
    let finished_rules = finished.rules();
    let (position, problem) = at(check_loopy_space(&space, &OracleSide::same(&finished_rules), all()));
    assert_eq!((position, problem.as_str()), (2, "terminal_at says None, the rules Some(Win)"));
}

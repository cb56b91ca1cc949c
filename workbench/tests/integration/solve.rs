//! The pieces `solve`, `probe` and `diff` share, on values worked out by hand: positions by
//! number, a move's value for its mover, which moves are best, values for people and as JSON,
//! and the order of an adapted game's engines.

use solver_core::graph::{Edge, GraphGame, Node};
use solver_core::{Nimber, Outcome, OutcomeTable, RetrogradeEngine};
use workbench::family::Engine;
use workbench::solve::{
    Identity, Move, Notation, PositionError, READING, SolvableGame, SolveError, VERIFYING, VerifyFailure, best_first,
    is_best, meaning, move_value, parse_position, show, stored_in_memory, to_json,
};
use workbench::space_game::{ImpartialGame, LoopyGame};
use workbench::table_file::{Value, ValueKind};
use workbench::target::Args;

type Node32 = petgraph::graph::NodeIndex<u32>;

/// A graph of three positions with these moves (each its own option), positions written `n<i>`.
fn three(edges: &[(u32, u32)]) -> (GraphGame, Identity, Notation<Node32>) {
    let edges = edges.iter().zip(0..).map(|(&(a, b), option)| (a, b, Edge { option, ..Edge::default() }));
    let game = GraphGame::from_parts(vec![Node::default(); 3], edges).unwrap();
    let identity = Identity::new("three", &Args::parse(&[], &[]).unwrap(), "no variant");
    let parse =
        |text: &str| text.strip_prefix('n').and_then(|n| n.parse().ok()).map(Node32::new).ok_or("not n<i>".into());
    (game, identity, Notation::new(|s: &Node32| format!("n{}", s.index()), parse))
}

/// The loopy game 0 -> 1 -> 2 with every engine that needs only moves.
fn line_game() -> LoopyGame<GraphGame> {
    let (game, identity, notation) = three(&[(0, 1), (1, 2)]);
    LoopyGame::new(identity, game, &Node32::new(0), notation)
}

/// The impartial game 0 -> 1, 2 and 1 -> 2: nimbers *2, *1, *0.
fn impartial_game() -> ImpartialGame<GraphGame> {
    let (game, identity, notation) = three(&[(0, 1), (0, 2), (1, 2)]);
    ImpartialGame::new(identity, game, &Node32::new(0), notation)
}

fn values(game: &dyn SolvableGame, engine: &str) -> Vec<Value> {
    let solved = game.solve(engine).unwrap();
    (0..game.positions()).map(|i| solved.value(i)).collect()
}

/// What the verifier says of `game`'s table stored with `change` made to it.
fn violation(game: &dyn SolvableGame, change: impl Fn(u64, Value) -> Value + Sync) -> String {
    let table = stored_in_memory(game, game.engines()[0], change).unwrap();
    match game.verify(&table, &|_, _, _| {}) {
        Err(VerifyFailure::Violation(what)) => what.to_string(),
        other => panic!("not a violation: {other:?}"),
    }
}

#[test]
fn a_position_is_its_number_or_the_games_notation() {
    let game = line_game();
    assert_eq!(parse_position(&game, " #2 "), Ok(2));
    assert_eq!(parse_position(&game, "#0"), Ok(0));
    let past = parse_position(&game, "#3").unwrap_err();
    assert_eq!(past, PositionError::PastTheEnd { index: 3, last: 2 });
    assert_eq!(past.to_string(), "position #3 is past the last one, #2");
    let not_a_number = parse_position(&game, "#x").unwrap_err();
    assert_eq!(not_a_number, PositionError::NotANumber("#x".into()));
    assert_eq!(not_a_number.to_string(), "`#x` is not `#` and a position number");
    assert_eq!(parse_position(&game, "n1"), Ok(1));
}

fn a_move(parts: &[u64], gain: i64, again: bool) -> Move {
    Move { name: "m".into(), parts: parts.to_vec(), gain, again }
}

#[test]
fn a_moves_value_is_for_the_player_making_it() {
    let values =
        [Value::Outcome(Outcome::Loss(2)), Value::Nimber(Nimber(3)), Value::Nimber(Nimber(5)), Value::Score(5)];
    let value_of = |i: u64| Ok::<_, ()>(values[i as usize]);
    assert_eq!(move_value(ValueKind::Outcome, &a_move(&[0], 0, false), value_of), Ok(Value::Outcome(Outcome::Win(3))));
    assert_eq!(move_value(ValueKind::Nimber, &a_move(&[1, 2], 0, false), value_of), Ok(Value::Nimber(Nimber(6))));
    assert_eq!(move_value(ValueKind::Nimber, &a_move(&[1, 2, 1], 0, false), value_of), Ok(Value::Nimber(Nimber(5))));
    assert_eq!(move_value(ValueKind::Nimber, &a_move(&[], 0, false), value_of), Ok(Value::Nimber(Nimber(0))));
    assert_eq!(move_value(ValueKind::Score, &a_move(&[3], 2, true), value_of), Ok(Value::Score(7)));
    assert_eq!(move_value(ValueKind::Score, &a_move(&[3], 2, false), value_of), Ok(Value::Score(-3)));
    assert_eq!(
        move_value(ValueKind::Score, &a_move(&[3], 0, false), |_| Err::<Value, _>("unreadable")),
        Err("unreadable")
    );
}

#[test]
fn a_best_move_keeps_the_value_or_leaves_a_zero_option() {
    let (n, w, s) = (|k| Value::Nimber(Nimber(k)), |r| Value::Outcome(Outcome::Win(r)), Value::Score);
    assert!(is_best(n(2), n(0)));
    assert!(!is_best(n(2), n(1)));
    assert!(!is_best(n(2), n(2)), "a move to an option of the same value is not best");
    assert!(is_best(w(3), w(3)) && !is_best(w(3), w(5)));
    assert!(is_best(s(-1), s(-1)) && !is_best(s(-1), s(1)));
}

#[test]
fn values_for_people_and_as_json() {
    assert_eq!(show(Value::Outcome(Outcome::Win(3))), "win in 3");
    assert_eq!(show(Value::Nimber(Nimber(2))), "*2");
    assert_eq!(
        (show(Value::Score(1)), show(Value::Score(-3)), show(Value::Score(0))),
        ("+1".into(), "-3".into(), "+0".into())
    );
    let json = |v| to_json(v).to_string();
    assert_eq!(json(Value::Outcome(Outcome::Win(3))), r#"{"kind":"win","remoteness":3}"#);
    assert_eq!(json(Value::Outcome(Outcome::Loss(0))), r#"{"kind":"loss","remoteness":0}"#);
    assert_eq!(json(Value::Outcome(Outcome::Tie(1))), r#"{"kind":"tie","remoteness":1}"#);
    assert_eq!(json(Value::Outcome(Outcome::Draw)), r#"{"kind":"draw","remoteness":null}"#);
    assert_eq!((json(Value::Nimber(Nimber(2))), json(Value::Score(-3))), ("2".into(), "-3".into()));
}

#[test]
fn the_default_engine_moves_to_the_front_and_the_others_keep_their_order() {
    let names = RetrogradeEngine::BY_MOVES.map(RetrogradeEngine::name);
    assert_eq!(line_game().engines(), names);
    let last = names[3];
    let mut expected = vec![last];
    expected.extend(&names[..3]);
    assert_eq!(line_game().with_default_engine(last).engines(), expected);
    assert_eq!(line_game().with_default_engine(names[0]).engines(), names);
    assert_eq!(line_game().with_default_engine("no such engine").engines(), names);
}

#[test]
fn the_adapters_solve_with_the_engine_named_and_verify_what_is_stored() {
    let loopy = line_game().with_engine(Engine::new(
        "fake",
        |_| 12,
        |_| solver_core::OutcomeTable::from_outcomes([Outcome::Draw; 3]),
    ));
    assert_eq!(loopy.positions(), 3);
    let solved = [Outcome::Loss(2), Outcome::Win(1), Outcome::Loss(0)].map(Value::Outcome);
    assert_eq!(values(&loopy, "layered"), solved);
    assert_eq!(values(&loopy, "fake"), [Value::Outcome(Outcome::Draw); 3]);
    let too_large = solver_core::SpaceTooLarge { len: 3, limit: 2 };
    let failing = line_game().with_engine(Engine::new("failing", |_| 12, move |_| Err::<OutcomeTable, _>(too_large)));
    match failing.solve("failing") {
        Err(SolveError::Engine(e)) => {
            assert_eq!(e.source_error().downcast_ref::<solver_core::SpaceTooLarge>(), Some(&too_large));
            assert_eq!(e.to_string(), too_large.to_string());
        }
        other => panic!("an engine's error is not SolveError::Engine: {:?}", other.err()),
    }
    let Err(unknown) = loopy.solve("nope") else { panic!("an unknown engine solved") };
    assert!(matches!(unknown, SolveError::UnknownEngine { .. }));
    assert_eq!(
        unknown.to_string(),
        "no engine `nope`; the engines are reverse-graph, parallel-counter, parallel-layered, layered, fake"
    );
    // Each phase told, reading then verifying, each ending at its total.
    let told = std::sync::Mutex::new(Vec::new());
    let record = |phase: &'static str, done: u64, total: u64| told.lock().unwrap().push((phase, done, total));
    assert_eq!(loopy.verify(&stored_in_memory(&loopy, "reverse-graph", |_, v| v).unwrap(), &record), Ok(()));
    let told = told.into_inner().unwrap();
    let phases: Vec<&str> = told.iter().map(|&(phase, _, _)| phase).collect();
    let reading = phases.iter().take_while(|&&p| p == READING).count();
    assert!(reading > 0 && phases[reading..].iter().all(|&p| p == VERIFYING), "{told:?}");
    assert_eq!(told[reading], (VERIFYING, 0, 3), "{told:?}");
    assert_eq!(told.last(), Some(&(VERIFYING, 3, 3)));
    assert_eq!(told[reading - 1], (READING, 3, 3));
    let wrong = violation(&loopy, |i, v| if i == 0 { Value::Outcome(Outcome::Win(5)) } else { v });
    assert_eq!(wrong, "position #0 (n0) is Win(5) in the table, but its children make it Loss(2)");

    let impartial = impartial_game().with_engine(Engine::new(
        "short",
        |_| 8,
        |_| Ok::<_, std::convert::Infallible>(vec![Nimber(0); 2]),
    ));
    assert_eq!(impartial.positions(), 3);
    assert_eq!(values(&impartial, "grundy"), [2, 1, 0].map(|n| Value::Nimber(Nimber(n))));
    assert_eq!(values(&impartial, "parallel-grundy"), values(&impartial, "grundy"));
    let Err(short) = impartial.solve("short") else { panic!("a short table was taken") };
    assert!(matches!(short, SolveError::WrongLength { values: 2, positions: 3, .. }));
    assert_eq!(short.to_string(), "short returned 2 values for 3 positions");
    assert_eq!(impartial.verify(&stored_in_memory(&impartial, "grundy", |_, v| v).unwrap(), &|_, _, _| {}), Ok(()));
    let wrong = violation(&impartial, |i, v| if i == 0 { Value::Nimber(Nimber(3)) } else { v });
    assert!(wrong.starts_with("position #0 (n0) is Nimber(3) in the table"), "{wrong}");
}

/// Heaps of 0 to 3 tokens; a move takes a heap away, or leaves one heap or two of one token
/// less: the three shapes an impartial move can have.
struct Heaps;

impl solver_core::Game for Heaps {
    type State = u32;
}

impl solver_core::StateSpace for Heaps {
    fn len(&self) -> usize {
        4
    }
    fn rank(&self, state: &u32) -> solver_core::StateId {
        solver_core::StateId::new(*state as usize).unwrap()
    }
    fn unrank(&self, id: solver_core::StateId) -> u32 {
        id.index() as u32
    }
}

impl solver_core::ImpartialSpace for Heaps {
    fn option_ids(&self, id: solver_core::StateId, option: &mut dyn FnMut(&[solver_core::StateId])) {
        if let Some(smaller) = id.index().checked_sub(1) {
            let smaller = solver_core::StateId::new(smaller).unwrap();
            option(&[]);
            option(&[smaller]);
            option(&[smaller, smaller]);
        }
    }
}

#[test]
fn an_impartial_move_is_named_by_what_it_leaves() {
    let identity = Identity::new("heaps", &Args::parse(&[], &[]).unwrap(), "no variant");
    let notation = Notation::new(|s: &u32| format!("h{s}"), |_: &str| Err("unused".to_string()));
    let game = ImpartialGame::new(identity, Heaps, &3, notation);
    let moves: Vec<(String, Vec<u64>)> = game.moves(2).into_iter().map(|m| (m.name, m.parts)).collect();
    let expected = [("to nothing", vec![]), ("to h1", vec![1]), ("to h1 + h1", vec![1, 1])];
    assert_eq!(moves, expected.map(|(name, parts)| (name.to_string(), parts)));
    assert!(game.moves(0).is_empty());
}

#[test]
fn best_first_sorts_the_movers_preference() {
    // The order solver-core documents for the mover (any win, the fastest first; ties, the
    // quickest first; draws; any loss, the slowest first), written out by hand.
    let o = Value::Outcome;
    let mut moves = vec![
        o(Outcome::Loss(2)),
        o(Outcome::Draw),
        o(Outcome::Win(5)),
        o(Outcome::Tie(3)),
        o(Outcome::Loss(6)),
        o(Outcome::Win(1)),
        o(Outcome::Tie(1)),
    ];
    moves.sort_by_key(|&v| best_first(v));
    let expected = [
        o(Outcome::Win(1)),
        o(Outcome::Win(5)),
        o(Outcome::Tie(1)),
        o(Outcome::Tie(3)),
        o(Outcome::Draw),
        o(Outcome::Loss(6)),
        o(Outcome::Loss(2)),
    ];
    assert_eq!(moves, expected);
    let mut scores = vec![Value::Score(-3), Value::Score(2), Value::Score(0)];
    scores.sort_by_key(|&v| best_first(v));
    assert_eq!(scores, [Value::Score(2), Value::Score(0), Value::Score(-3)]);
    let mut nimbers: Vec<Value> = [2, 0, 1].map(|n| Value::Nimber(Nimber(n))).to_vec();
    nimbers.sort_by_key(|&v| best_first(v));
    assert_eq!(nimbers, [0, 1, 2].map(|n| Value::Nimber(Nimber(n))));
    // The first move sorted is a best one of the position it is a move of.
    assert!(is_best(o(Outcome::Win(1)), expected[0]));
}

#[test]
fn meaning_explains_each_kind_of_value() {
    let cases = [
        (Value::Outcome(Outcome::Win(5)), "win in 5: the player to move wins, in 5 plies at most against any defence"),
        (
            Value::Outcome(Outcome::Loss(4)),
            "loss in 4: the player to move loses against best play, lasting 4 plies at most",
        ),
        (
            Value::Outcome(Outcome::Loss(1)),
            "loss in 1: the player to move loses against best play, lasting 1 ply at most",
        ),
        (Value::Outcome(Outcome::Loss(0)), "loss in 0: the game is over, lost by the player to move"),
        (Value::Outcome(Outcome::Tie(0)), "tie in 0: the game is over, level"),
        (
            Value::Outcome(Outcome::Tie(7)),
            "tie in 7: neither side can force a win; best play ends level in 7 plies (both sides take the \
             quickest tie)",
        ),
        (Value::Outcome(Outcome::Draw), "draw: neither side can force a win; best play goes on for ever"),
        (
            Value::Score(2),
            "+2: with best play from here the player to move scores 2 points more than the opponent (points \
             already scored not counted)",
        ),
        (
            Value::Score(-1),
            "-1: with best play from here the player to move scores 1 point fewer than the opponent (points \
             already scored not counted)",
        ),
        (Value::Score(0), "+0: with best play from here both sides score the same number of points"),
        (
            Value::Nimber(Nimber(3)),
            "*3: a win for the player to move (nimber 3: in a sum, it counts as a nim heap of 3)",
        ),
        (Value::Nimber(Nimber(0)), "*0: a loss for the player to move (nimber 0: in a sum, it counts as nothing)"),
    ];
    for (value, words) in cases {
        assert_eq!(meaning(value), words);
    }
}

#[test]
fn a_picture_is_drawn_only_where_the_notation_has_one() {
    let game = line_game();
    assert_eq!(game.picture(1), None);
    let (graph, identity, notation) = three(&[(0, 1), (1, 2)]);
    let drawn = notation.with_picture(|s: &Node32| format!("[{}]\n", s.index()));
    let game = LoopyGame::new(identity, graph, &Node32::new(0), drawn);
    assert_eq!(game.picture(1).as_deref(), Some("[1]\n"));
}

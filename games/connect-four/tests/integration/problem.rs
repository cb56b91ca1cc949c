//! The judge problem `connect-four` end to end: every engine against independent values (the
//! whole-space tables, which share no code with the solver or the search, turned into scores
//! by `score_of_outcome`; and the oracle on plain grids), generated inputs valid and answered
//! alike, the hard generator's kinds, shrinking, and explanations consistent with the answers.
//! The corpus and the contract's sample run in the workspace's tests/integration/registered.rs.

use connect_four::{
    Case, ConnectFour, ConnectFourProblem, MAX_EMPTY, ORACLE_MAX_EMPTY, Position, Shape, Status, parse_input, render,
    score_of_outcome,
};
use judge::{AnyProblem, Problem};
use solver_core::{Discovered, StateId, StateSpace, solve_with_reverse_graph};

fn judged(input: &str, engine: &str) -> Vec<i32> {
    AnyProblem::judge(&ConnectFourProblem, input, engine)
        .unwrap_or_else(|e| panic!("{engine}: {e}\n{input}"))
        .lines()
        .map(|line| line.parse().unwrap())
        .collect()
}

/// Every `stride`-th position of a board, through the input format, by each engine, against
/// the table's values.
fn engines_agree_with_the_table(width: u32, height: u32, stride: usize, engines: &[&str]) {
    let shape = Shape::new(width, height).unwrap();
    let space = Discovered::loopy(ConnectFour { shape }, [Position::empty()], connect_four::MOST_POSITIONS).unwrap();
    let table = solve_with_reverse_graph(&space).unwrap();
    let ids: Vec<StateId> = StateId::all(space.len()).step_by(stride).collect();
    for chunk in ids.chunks(connect_four::MAX_CASES as usize) {
        let cases: Vec<Case> = chunk.iter().map(|&id| Case { shape, position: space.unrank(id) }).collect();
        let input = render(&cases);
        assert_eq!(parse_input(&input).unwrap(), cases, "the input format keeps each position");
        let expected: Vec<i32> =
            cases.iter().zip(chunk).map(|(c, &id)| score_of_outcome(shape, c.position, table.get(id))).collect();
        for engine in engines {
            assert_eq!(judged(&input, engine), expected, "{engine} on {width}x{height}\n{input}");
        }
    }
}

#[test]
fn every_engine_gives_the_tables_scores_on_small_boards() {
    // Every position of 4x3 and 3x4 (the oracle's budget fits both), a sample of 4x4.
    engines_agree_with_the_table(4, 3, 1, &["solver", "search", "oracle"]);
    engines_agree_with_the_table(3, 4, 1, &["solver", "search", "oracle"]);
    engines_agree_with_the_table(4, 4, 13, &["solver", "search"]);
    engines_agree_with_the_table(5, 3, 29, &["solver", "search"]);
}

#[test]
fn the_oracle_agrees_late_in_7x6_games() {
    // Positions of 7x6 with 14 empty cells (28 random moves): with more, a few positions of
    // one input reach past the oracle's budget of states.
    let shape = Shape::new(7, 6).unwrap();
    let mut cases = Vec::new();
    let mut state = 0x1234_5678_u64;
    while cases.len() < 8 {
        let mut position = Position::empty();
        while position.played() < 28 && position.status(shape) == Status::InPlay {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let open: Vec<usize> = (0..7).filter(|&c| position.can_play(shape, c)).collect();
            position = position.play(shape, open[(state >> 33) as usize % open.len()]);
        }
        if position.status(shape) == Status::InPlay {
            cases.push(Case { shape, position });
        }
    }
    assert!(cases.iter().all(|c| shape.cells() - c.position.played() < ORACLE_MAX_EMPTY));
    let input = render(&cases);
    let oracle = judged(&input, "oracle");
    assert_eq!(judged(&input, "solver"), oracle, "{input}");
    assert_eq!(judged(&input, "search"), oracle, "{input}");
}

#[test]
fn generated_inputs_repeat_by_seed_stay_in_the_limits_and_every_engine_agrees() {
    for (seed, cases) in [(1, 1), (2, 30), (3, 100)] {
        for hard in [false, true] {
            let make = |s| {
                if hard {
                    Problem::generate_hard(&ConnectFourProblem, s, cases)
                } else {
                    Problem::generate(&ConnectFourProblem, s, cases)
                }
            };
            let input = make(seed).unwrap();
            assert_eq!(make(seed).unwrap(), input, "the same seed gives the same input");
            let parsed = parse_input(&input).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{input}"));
            assert_eq!(parsed.len(), cases);
            let solver = judged(&input, "solver");
            assert_eq!(judged(&input, "search"), solver, "seed {seed}, hard {hard}");
            for answer in AnyProblem::judge(&ConnectFourProblem, &input, "solver").unwrap().lines() {
                assert!(Problem::is_answer_line(&ConnectFourProblem, answer), "{answer}");
            }
        }
    }
}

#[test]
fn the_uniform_generator_reaches_the_edge_cases() {
    let input = Problem::generate(&ConnectFourProblem, 11, 100).unwrap();
    let cases = parse_input(&input).unwrap();
    let seen = |what: &dyn Fn(&Case) -> bool| cases.iter().any(what);
    let standard = Shape::new(7, 6).unwrap();
    assert!(seen(&|c| c.shape == standard && c.shape.cells() - c.position.played() == MAX_EMPTY), "7x6 at the limit");
    assert!(seen(&|c| c.position.status(c.shape) == Status::Won), "games won");
    assert!(seen(&|c| c.position.status(c.shape) == Status::Full), "full boards");
    assert!(seen(&|c| c.position.played() == 0), "empty boards");
    assert!(seen(&|c| c.shape.width() == 1) || seen(&|c| c.shape.height() == 1), "a one-column or one-row board");
}

#[test]
fn the_hard_generator_draws_every_kind_it_promises() {
    let input = Problem::generate_hard(&ConnectFourProblem, 5, 100).unwrap();
    let cases = parse_input(&input).unwrap();
    let scores = judged(&input, "search");
    let standard = Shape::new(7, 6).unwrap();
    let at_limit = |c: &Case| c.shape == standard && c.shape.cells() - c.position.played() == MAX_EMPTY;
    let on_7x6: Vec<i32> = cases.iter().zip(&scores).filter(|(c, _)| at_limit(c)).map(|(_, &s)| s).collect();
    assert!(on_7x6.len() >= 20, "about 40% of the cases are 7x6 at the limit: {}", on_7x6.len());
    assert!(on_7x6.contains(&0), "7x6 draws");
    assert!(on_7x6.iter().any(|&s| s != 0 && s.abs() <= 2), "7x6 wins or losses decided by the last stones");
    let small: Vec<&Case> = cases.iter().filter(|c| c.shape.cells() <= 16).collect();
    assert!(small.len() >= 40, "about 60% from the small boards: {}", small.len());
    assert!(small.iter().any(|c| c.position.status(c.shape) == Status::Won), "finished games");
}

#[test]
fn shrinking_gives_smaller_valid_cases() {
    let input = Problem::generate(&ConnectFourProblem, 7, 60).unwrap();
    for one in Problem::split_cases(&ConnectFourProblem, &input).unwrap() {
        let [case] = parse_input(&one).unwrap()[..] else { panic!("one case") };
        for variant in Problem::shrink(&ConnectFourProblem, &one) {
            let [smaller] = parse_input(&variant).unwrap_or_else(|e| panic!("{e}\n{variant}"))[..] else {
                panic!("one case")
            };
            let size = |c: Case| c.shape.cells() + c.position.played();
            assert!(size(smaller) < size(case), "{one} -> {variant}");
        }
    }
}

#[test]
fn explanations_agree_with_the_answers() {
    let input = Problem::generate(&ConnectFourProblem, 3, 30).unwrap();
    let answers = AnyProblem::judge(&ConnectFourProblem, &input, "solver").unwrap();
    let cases = parse_input(&input).unwrap();
    let explanations = Problem::explain(&ConnectFourProblem, &input).unwrap();
    for ((explanation, answer), case) in explanations.iter().zip(answers.lines()).zip(&cases) {
        assert_eq!(explanation.verdict, answer);
        if case.position.status(case.shape) != Status::InPlay {
            assert!(explanation.moves.is_empty() && explanation.line.is_empty());
            continue;
        }
        // The best move keeps the score, and the line of play ends the game.
        let best = explanation.moves[0].value.split(' ').next().unwrap();
        assert_eq!(best, answer, "{}", explanation.to_text());
        let played: String = explanation.line.iter().map(|m| m.play.split(' ').nth(1).unwrap()).collect();
        let moves = case.position.moves(case.shape) + &played;
        let end = Position::from_moves(case.shape, &moves).unwrap();
        assert_ne!(end.status(case.shape), Status::InPlay, "{}", explanation.to_text());
        let score: i32 = answer.parse().unwrap();
        assert_eq!(end.status(case.shape) == Status::Full, score == 0, "{}", explanation.to_text());
    }
}

//! The hard generator of `hdu5897` holds what its doc promises, measured with the oracle on
//! the plain rules (boards built here from the input's numbers) and compared with the uniform
//! generator on the same seeds.

use judge::AnyProblem;
use oracle::solve_loopy;
use solver_core::{Outcome, Rules};
use std::collections::{HashMap, HashSet};
use xiangqi::plain::{Piece, PlainBoard, PlainRules};
use xiangqi::{Hdu5897, ORACLE_BUDGET};

fn problem() -> &'static dyn AnyProblem {
    &Hdu5897
}

/// The cases of an input as plain boards, built from the numbers alone.
fn boards(input: &str) -> Vec<PlainBoard> {
    input
        .lines()
        .skip(1)
        .map(|line| {
            let n: Vec<usize> = line.split(' ').map(|t| t.parse().unwrap()).collect();
            let mut cells = [[None; 9]; 10];
            cells[n[0]][n[1]] = Some(Piece::Horse);
            cells[n[2]][n[3]] = Some(Piece::BobGeneral);
            cells[n[4]][n[5]] = Some(Piece::AliceGeneral);
            PlainBoard { cells, bob_to_move: n[6] == 1 }
        })
        .collect()
}

/// What the test counts over the cases of many inputs.
#[derive(Debug, Default)]
struct Counts {
    cases: usize,
    /// Alice to move and Bob capturing her General in 14 plies or more (the longest is 16).
    long_defences: usize,
    /// Alice to move and not losing: `Lucky guy!`.
    alice_escapes: usize,
    /// Alice to move with exactly one move that does not lose.
    single_escape: usize,
    /// Bob to move with exactly one of several moves winning.
    single_winning_move: usize,
    /// Bob to move and winning in 9 plies or more.
    deep_bob_wins: usize,
}

fn count(inputs: &[String]) -> Counts {
    let cases: Vec<PlainBoard> = inputs.iter().flat_map(|i| boards(i)).collect();
    let values: HashMap<PlainBoard, Outcome> = solve_loopy(&PlainRules, cases.iter().cloned(), ORACLE_BUDGET).unwrap();
    let mut counts = Counts { cases: cases.len(), ..Counts::default() };
    for board in &cases {
        let mut children = Vec::new();
        PlainRules.successors(board, &mut children);
        let children: HashSet<&PlainBoard> = children.iter().collect();
        // The child's value is for the other player.
        let moves_where = |f: fn(Outcome) -> bool| children.iter().filter(|&&c| f(values[c])).count();
        let value = values[board];
        if board.bob_to_move {
            counts.deep_bob_wins += usize::from(matches!(value, Outcome::Win(r) if r >= 9));
            let winning = moves_where(|v| matches!(v, Outcome::Loss(_)));
            counts.single_winning_move +=
                usize::from(matches!(value, Outcome::Win(_)) && winning == 1 && children.len() > 1);
        } else {
            counts.long_defences += usize::from(matches!(value, Outcome::Loss(r) if r >= 14));
            let escapes = !matches!(value, Outcome::Loss(_));
            counts.alice_escapes += usize::from(escapes);
            let not_losing = moves_where(|v| !matches!(v, Outcome::Win(_)));
            counts.single_escape += usize::from(escapes && not_losing == 1 && children.len() > 1);
        }
    }
    counts
}

#[test]
fn hard_inputs_hold_long_defences_escapes_and_single_moves() {
    let seeds = 1..=50u64;
    let hard: Vec<String> = seeds.clone().map(|s| problem().generate_hard(s, 20).unwrap()).collect();
    let uniform: Vec<String> = seeds.map(|s| problem().generate(s, 20).unwrap()).collect();
    let (hard, uniform) = (count(&hard), count(&uniform));
    println!("hard {hard:?}\nuniform {uniform:?}");
    let percent = |n: usize| 100 * n / hard.cases;
    assert_eq!(hard.cases, 1000);
    // The doc promises 25% of Alice's longest defences, 15% of Bob's deepest wins, 15% single
    // winning moves, 15% single escapes, 15% escapes by endless play or the flying General.
    // Nearly every escape is a single one (Alice's General has at most four steps, and most
    // escapes are the one capture of the Horse), in uniform inputs too.
    assert!(percent(hard.long_defences) >= 20, "{hard:?}");
    assert!(hard.long_defences >= 5 * uniform.long_defences, "{hard:?} against {uniform:?}");
    assert!(percent(hard.deep_bob_wins) >= 20, "{hard:?}");
    assert!(hard.deep_bob_wins >= 2 * uniform.deep_bob_wins, "{hard:?} against {uniform:?}");
    assert!(percent(hard.single_winning_move) >= 10, "{hard:?}");
    assert!(hard.single_winning_move >= 10 * uniform.single_winning_move, "{hard:?} against {uniform:?}");
    assert!(percent(hard.alice_escapes) >= 25, "{hard:?}");
    assert!(2 * hard.alice_escapes >= 3 * uniform.alice_escapes, "{hard:?} against {uniform:?}");
    assert!(2 * hard.single_escape >= 3 * uniform.single_escape, "{hard:?} against {uniform:?}");
}

#[test]
fn hard_inputs_of_the_most_cases_are_valid() {
    let most = *problem().case_counts().end();
    let input = problem().generate_hard(3, most).unwrap();
    assert_eq!(problem().judge(&input, problem().engines()[0]).unwrap().lines().count(), most);
    // No cases at all is an input too.
    assert_eq!(problem().generate_hard(3, 0).unwrap(), "0\n");
}

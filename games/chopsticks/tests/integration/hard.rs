//! The hard generator of `chopsticks` holds what its doc promises, measured with the oracle
//! (every position reachable from the start, solved on the plain rules) and compared with the
//! uniform generator on the same seeds: far more of the deepest wins and losses, of draws,
//! and of wins with a single winning move.

use chopsticks::Variant;
use chopsticks::plain::{PlainPosition, PlainRules};
use judge::AnyProblem;
use oracle::{Budget, solve_loopy};
use solver_core::{Outcome, Rules};
use std::collections::HashMap;

fn problem() -> &'static dyn AnyProblem {
    chopsticks::REGISTRATION.problems[0]
}

/// Every reachable position of a variant with its value, by the oracle.
fn solved(variant: Variant) -> HashMap<PlainPosition, Outcome> {
    solve_loopy(&PlainRules::new(variant), [PlainPosition::START], Budget::new(10_000)).unwrap()
}

/// What the test counts over the cases of many inputs.
#[derive(Debug, Default)]
struct Counts {
    cases: usize,
    /// Wins or losses within 2 plies of the longest win or loss of their variant.
    deepest: usize,
    draws: usize,
    /// Wins where exactly one of several moves wins.
    one_winning_move: usize,
    /// Draws where every move but one loses.
    one_saving_move: usize,
    variants: std::collections::BTreeSet<String>,
}

fn count(inputs: &[String]) -> Counts {
    let values: HashMap<String, (Variant, HashMap<PlainPosition, Outcome>)> =
        Variant::ALL.iter().map(|&v| (format!("{} {}", v.rule.word(), v.splits.word()), (v, solved(v)))).collect();
    let mut counts = Counts::default();
    for input in inputs {
        let mut lines = input.lines();
        let words = lines.next().unwrap();
        let (variant, values) = &values[words];
        counts.variants.insert(words.to_string());
        let longest = |win: bool| {
            values.values().filter_map(move |&v| match v {
                Outcome::Win(r) if win => Some(r),
                Outcome::Loss(r) if !win => Some(r),
                _ => None,
            })
        };
        let (longest_win, longest_loss) = (longest(true).max().unwrap(), longest(false).max().unwrap());
        let rules = PlainRules::new(*variant);
        for line in lines.skip(1) {
            let n: Vec<u8> = line.split(' ').map(|t| t.parse().unwrap()).collect();
            let position = PlainPosition::new([n[0], n[1]], [n[2], n[3]]);
            counts.cases += 1;
            let mut children = Vec::new();
            rules.successors(&position, &mut children);
            children.sort_unstable();
            children.dedup();
            let moves_to = |lost: bool| {
                children
                    .iter()
                    .filter(|c| matches!(values[c], Outcome::Loss(_)) == lost && values[c] != Outcome::Draw)
                    .count()
            };
            match values[&position] {
                Outcome::Win(r) => {
                    counts.deepest += usize::from(r + 2 >= longest_win);
                    counts.one_winning_move += usize::from(moves_to(true) == 1 && children.len() > 1);
                }
                Outcome::Loss(r) => counts.deepest += usize::from(r + 2 >= longest_loss),
                Outcome::Draw => {
                    counts.draws += 1;
                    // A move to a position the opponent wins loses.
                    counts.one_saving_move += usize::from(moves_to(false) + 1 == children.len() && children.len() > 1);
                }
                Outcome::Tie(_) => unreachable!("chopsticks has no ties"),
            }
        }
    }
    counts
}

#[test]
fn hard_inputs_hold_deep_positions_draws_and_single_winning_moves() {
    let seeds = 1..=60u64;
    let hard: Vec<String> = seeds.clone().map(|s| problem().generate_hard(s, 20).unwrap()).collect();
    let uniform: Vec<String> = seeds.map(|s| problem().generate(s, 20).unwrap()).collect();
    let (hard, uniform) = (count(&hard), count(&uniform));
    let percent = |n: usize, of: &Counts| 100 * n / of.cases;
    println!("hard {hard:?}\nuniform {uniform:?}");
    assert_eq!(hard.cases, 1200);
    // Every variant comes up.
    assert_eq!(hard.variants.len(), Variant::ALL.len(), "{:?}", hard.variants);
    // The doc promises 50% deepest wins and losses (within 2 plies of the longest counts the
    // 16 deepest and more), 20% single winning moves, 10% draws where the variant has them,
    // half of them draws a single move keeps. Uniform positions are draws often already (40%
    // of them, a tenth draws a single move keeps), so draws are only required, not compared.
    assert!(percent(hard.deepest, &hard) >= 38, "{hard:?}");
    assert!(hard.deepest >= 2 * uniform.deepest, "{hard:?} against {uniform:?}");
    assert!(percent(hard.one_winning_move, &hard) >= 25, "{hard:?}");
    assert!(hard.one_winning_move * 2 >= uniform.one_winning_move * 3, "{hard:?} against {uniform:?}");
    assert!(percent(hard.draws, &hard) >= 5, "{hard:?}");
    assert!(percent(hard.one_saving_move, &hard) >= 2, "{hard:?}");
}

#[test]
fn hard_inputs_of_the_most_positions_are_valid() {
    let most = *problem().case_counts().end();
    let input = problem().generate_hard(7, most).unwrap();
    let answer = problem().judge(&input, problem().engines()[0]).unwrap();
    assert_eq!(answer.lines().count(), most);
    // Both orders of a side's hands are written.
    assert!(input.lines().skip(2).any(|l| {
        let n: Vec<u8> = l.split(' ').map(|t| t.parse().unwrap()).collect();
        n[0] > n[1]
    }));
}

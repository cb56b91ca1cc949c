//! The oracles' work counting: one unit for each state visited and each move generated or
//! examined, duplicates included. Every expected count is worked out by hand in the comments.

use oracle::{Budget, GrundyOracle, OracleError, ScoreOracle, solve_loopy, solve_loopy_counting};
use solver_core::{Game, ImpartialRules, Nimber, Outcome, Rules, ScoredMove, ScoringRules, Terminal};

/// State 1 has `copies` moves, every one to state 0, which has none.
struct Duplicates {
    copies: usize,
}

impl Game for Duplicates {
    type State = u32;
}

impl Rules for Duplicates {
    fn terminal(&self, _: &u32) -> Option<Terminal> {
        None
    }

    fn successors(&self, state: &u32, out: &mut Vec<u32>) {
        if *state == 1 {
            out.extend(std::iter::repeat_n(0, self.copies));
        }
    }
}

impl ImpartialRules for Duplicates {
    /// Each option splits into two copies of state 0.
    fn options(&self, state: &u32, option: &mut dyn FnMut(&[u32])) {
        if *state == 1 {
            for _ in 0..self.copies {
                option(&[0, 0]);
            }
        }
    }
}

impl ScoringRules for Duplicates {
    fn scored_moves(&self, state: &u32, out: &mut Vec<ScoredMove<u32>>) {
        if *state == 1 {
            out.extend(std::iter::repeat_n(ScoredMove { to: 0, gain: 1, again: false }, self.copies));
        }
    }
}

/// `n` counts down by one to 0, which has no move.
struct Path;

impl Game for Path {
    type State = u32;
}

impl Rules for Path {
    fn terminal(&self, _: &u32) -> Option<Terminal> {
        None
    }

    fn successors(&self, state: &u32, out: &mut Vec<u32>) {
        out.extend(state.checked_sub(1));
    }
}

fn declined(e: &OracleError, max_work: u64) -> bool {
    matches!(e, OracleError::OverBudget { max_work: w, .. } if *w == max_work)
}

#[test]
fn the_loopy_oracle_counts_every_duplicate_move() {
    let game = Duplicates { copies: 1000 };
    // Exploring: state 1 and its 1000 moves (1001), state 0 without moves (1): 1002.
    // Round 1: state 1 has no value yet (1 + 1000), state 0 has one (1): 1002; state 1 is won.
    // Round 2 finds nothing (2), and the one round of ties finds nothing (2). In all 2008.
    let (values, spent) = solve_loopy_counting(&game, [1], Budget::new(10).with_work(2008)).unwrap();
    assert_eq!(spent, 2008);
    assert_eq!(values[&1], Outcome::Win(1));
    assert_eq!(values[&0], Outcome::Loss(0));
    let short = solve_loopy(&game, [1], Budget::new(10).with_work(2007)).unwrap_err();
    assert!(declined(&short, 2007), "{short}");
    // Exploring alone needs 1002: a budget of 1001 stops before state 0 is stored.
    assert!(declined(&solve_loopy(&game, [1], Budget::new(10).with_work(1001)).unwrap_err(), 1001));
    // Two states are within the state limit: only the work declines.
    assert!(solve_loopy(&game, [1], Budget::new(2)).is_ok());
}

#[test]
fn the_loopy_oracle_charges_every_round_so_a_long_path_declines() {
    // A path n -> n-1 -> ... -> 0. Exploring: n + 1 states and n moves, 2n + 1. Round k (1..=n)
    // gives state k its value: k states already valued cost 1 each, the n + 1 - k others 2
    // each, 2(n + 1) - k in all, so rounds 1..=n cost 2n(n + 1) - n(n + 1)/2 = 1.5 n(n + 1).
    // Then one empty round of each kind, n + 1 each. For n = 10: 21 + 165 + 22 = 208.
    let (values, spent) = solve_loopy_counting(&Path, [10], Budget::new(11)).unwrap();
    assert_eq!(spent, 208);
    assert_eq!(values[&10], Outcome::Loss(10));
    assert!(declined(&solve_loopy(&Path, [10], Budget::new(11).with_work(207)).unwrap_err(), 207));
    // n = 10^5 needs about 1.5 * 10^10 units: it declines at 10^7, after some 100 rounds.
    let long = solve_loopy(&Path, [100_000], Budget::new(200_000).with_work(10_000_000)).unwrap_err();
    assert!(declined(&long, 10_000_000), "{long}");
}

#[test]
fn the_grundy_oracle_counts_every_part_of_every_option() {
    let game = Duplicates { copies: 1000 };
    // State 1: 1 + 1000 options of 2 parts each = 2001; state 0: 1. In all 2002.
    let mut oracle = GrundyOracle::new(&game, Budget::new(10).with_work(2002));
    assert_eq!(oracle.value(&1), Ok(Nimber(1)));
    assert_eq!(oracle.work(), 2002);
    // Known values cost nothing more.
    assert_eq!(oracle.value(&1), Ok(Nimber(1)));
    assert_eq!(oracle.work(), 2002);
    let mut short = GrundyOracle::new(&game, Budget::new(10).with_work(2001));
    assert!(declined(&short.value(&1).unwrap_err(), 2001));
}

#[test]
fn the_score_oracle_counts_every_move() {
    let game = Duplicates { copies: 500 };
    // State 1: 1 + 500 moves = 501; state 0: 1. In all 502.
    let mut oracle = ScoreOracle::new(&game, Budget::new(10).with_work(502));
    assert_eq!(oracle.value(&1), Ok(1));
    assert_eq!(oracle.work(), 502);
    let mut short = ScoreOracle::new(&game, Budget::new(10).with_work(501));
    assert!(declined(&short.value(&1).unwrap_err(), 501));
}

#[test]
fn a_refusal_names_the_limit_passed_and_suggests_budget_only_for_the_work() {
    let states = Budget::new(5).with_work(7).exceeded().to_string();
    assert_eq!(
        states,
        "the oracle declines: the game needs more than 5 states or 2000 levels of recursion (the oracle's fixed limits)"
    );
    let work = Budget::new(5).with_work(7).exceeded_work().to_string();
    assert_eq!(
        work,
        "the oracle declines: the game needs more than 7 units of work (a state visited or a move examined each); \
         --budget raises the work"
    );
}

//! The rows `verify` prints, and the check of sums of impartial games as whole positions: on
//! nim, whose values Bouton's theorem gives (a sum of heaps is lost exactly when their xor is
//! zero), with every reachable position counted here by enumeration.

use oracle::Budget;
use solver_core::{Game, Nimber, Outcome, OutcomeTable, Rules, Terminal};
use std::time::Duration;
use testkit::check::{Checked, Failure, OracleCheck};
use testkit::workload::{Row, sums_as_whole_positions};

fn checked<T>(table: T) -> Checked<T> {
    Checked { table, timings: vec![("engine", Duration::from_millis(7))], oracle: OracleCheck::Absent }
}

fn passed_through(row: &Row) {
    assert_eq!(row.timings, [("engine", Duration::from_millis(7))]);
    assert!(matches!(row.oracle, OracleCheck::Absent));
}

#[test]
fn a_loopy_row_counts_each_kind() {
    let outcomes = [Outcome::Win(1), Outcome::Loss(0), Outcome::Loss(2), Outcome::Draw, Outcome::Tie(0)];
    let row = Row::loopy(checked(OutcomeTable::from_outcomes(outcomes).unwrap()));
    assert_eq!((row.positions, row.summary.as_str()), (5, "W 1 L 2 T 1 D 1"));
    passed_through(&row);
}

#[test]
fn a_grundy_row_counts_the_zeros_and_names_the_largest_value() {
    let row = Row::grundy(checked(vec![Nimber(0), Nimber(3), Nimber(0), Nimber(1), Nimber(0)]));
    assert_eq!((row.positions, row.summary.as_str()), (5, "P 3 max *3"));
    passed_through(&row);
    assert_eq!(Row::grundy(checked(Vec::new())).summary, "P 0 max *0");
}

#[test]
fn a_score_row_keeps_the_callers_summary() {
    let row = Row::scores(checked(vec![1i32, -2, 0]), "start +1".into());
    assert_eq!((row.positions, row.summary.as_str()), (3, "start +1"));
    passed_through(&row);
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

    let time = Duration::from_millis(3);
    let row = sums_as_whole_positions(&Nim, starts.clone(), |h: &Vec<u32>| xor(h), Budget::new(1000), time).unwrap();
    assert_eq!(row.positions, reachable.len());
    assert_eq!(row.summary, format!("P {lost} (whole positions)"));
    assert_eq!(row.timings, [("grundy", time)]);
    assert!(matches!(row.oracle, OracleCheck::Agreed { .. }));
}

#[test]
fn a_wrong_value_of_a_sum_is_a_disagreement() {
    // The sum of the heaps instead of their xor: wrong at [1, 2, 3] (6, but lost) and others.
    let sum = |heaps: &Vec<u32>| Nimber(heaps.iter().sum());
    match sums_as_whole_positions(&Nim, [vec![1, 2, 3]], sum, Budget::new(1000), Duration::ZERO) {
        Err(Failure::Disagreement { engine, other, .. }) => {
            assert_eq!((engine.as_str(), other.as_str()), ("grundy", "the oracle"))
        }
        other => panic!("expected a disagreement, got {other:?}"),
    }
}

#[test]
fn an_oracle_over_its_budget_declines_and_searches_nothing() {
    let row =
        sums_as_whole_positions(&Nim, [vec![3, 3, 3]], |h: &Vec<u32>| xor(h), Budget::new(10), Duration::ZERO).unwrap();
    assert_eq!((row.positions, row.summary.as_str()), (0, "not searched"));
    assert!(matches!(row.oracle, OracleCheck::Declined(_)));
}

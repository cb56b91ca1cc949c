//! The Nim family: Nim, Bash's game and a subtraction set, each heap checked by the verifier and
//! the Grundy oracle; sums of heaps and the real Northcott board checked as whole positions by
//! the oracle's win/loss search, which knows no Grundy theory.

use crate::check::{Failure, OracleCheck, OracleSide, check_grundy, check_loopy};
use crate::stats::{self, StatsTarget};
use crate::verify::{Row, Workload};
use nim::SubtractionGame;
use nim::northcott::{BoardState, NorthcottBoard, Player, nim_sum};
use nim::plain::{PlainHeap, PlainNorthcott, PlainPiles, Take};
use oracle::{Budget, OracleError, solve_loopy};
use solver_core::{Nimber, Outcome, Rules, StateId, StateSpace};
use std::time::{Duration, Instant};

/// Heaps of every size, a sum of heaps, and the real Northcott board.
pub fn workloads() -> Vec<Workload> {
    let heaps = |name: &'static str, take: Take, max_heap: u32| {
        Workload::new(format!("{name} heaps<={max_heap}"), move |budget| {
            let game = engine_game(&take, max_heap)?;
            let plain = PlainHeap { take: take.clone() };
            check_grundy(&game, Some(OracleSide { rules: &plain, state: &|h| *h }), budget).map(Row::grundy)
        })
    };
    let sums = |name: &'static str, take: Take, max_heap: u32, count: usize| {
        Workload::new(format!("{name} sums of {count} heaps<={max_heap}"), move |budget| {
            let started = Instant::now();
            let values = engine_game(&take, max_heap)?.values();
            let elapsed = started.elapsed();
            let rules = PlainPiles { rules: vec![take.clone()] };
            let starts = multisets(max_heap, count).map(|heaps| PlainPiles::state(heaps.into_iter().map(|h| (0, h))));
            let value = |state: &Vec<(usize, u32)>| state.iter().map(|&(_, h)| values[h as usize]).sum::<Nimber>();
            whole_positions(&rules, starts, value, budget, elapsed)
        })
    };
    let northcott = |rows: usize, cols: u32| {
        Workload::new(format!("northcott real board {rows}x{cols}"), move |budget| {
            let board = NorthcottBoard::new(rows, cols).map_err(|e| failure("northcott", e))?;
            let plain = PlainNorthcott { cols };
            let state = |s: &BoardState| {
                PlainNorthcott::state(s.rows.iter().map(|r| (r.tom, r.jerry)), s.to_move == Player::Tom)
            };
            let checked = check_loopy(&board, Some(OracleSide { rules: &plain, state: &state }), budget)?;
            for id in StateId::all(board.len()) {
                let (position, value) = (board.unrank(id), checked.table.get(id));
                let nim_win = nim_sum(&position.rows).is_win();
                if value.remoteness().is_none() || matches!(value, Outcome::Win(_)) != nim_win {
                    let detail = format!("{position:?} is {value} on the real board, but its nim-sum says {nim_win}");
                    return Err(failure("nim reduction", detail));
                }
            }
            let mut row = Row::loopy(checked);
            row.summary += " = Nim";
            Ok(row)
        })
    };
    vec![
        heaps("nim", Take::Any, 2_000),
        heaps("bash take<=20", Take::AtMost(20), 100_000),
        heaps("subtraction {2,5,7}", Take::OneOf(vec![2, 5, 7]), 100_000),
        sums("nim", Take::Any, 12, 3),
        sums("sub {1,3,4}", Take::OneOf(vec![1, 3, 4]), 20, 3),
        northcott(2, 7),
        northcott(3, 6),
    ]
}

/// The engine's game for a take rule.
fn engine_game(take: &Take, max_heap: u32) -> Result<SubtractionGame, Failure> {
    match take {
        Take::Any => SubtractionGame::nim(max_heap),
        Take::AtMost(most) => SubtractionGame::bounded(*most, max_heap),
        Take::OneOf(set) => SubtractionGame::new(set.iter().copied(), max_heap),
    }
    .map_err(|e| failure("subtraction", e))
}

/// Every multiset of `count` heaps of at most `max_heap` stones, as sorted lists.
fn multisets(max_heap: u32, count: usize) -> impl Iterator<Item = Vec<u32>> {
    let mut next = Some(vec![0; count]);
    std::iter::from_fn(move || {
        let current = next.take()?;
        // The next non-decreasing list: raise the last entry that can rise, reset the rest to it.
        let mut following = current.clone();
        if let Some(i) = following.iter().rposition(|&h| h < max_heap) {
            let raised = following[i] + 1;
            following[i..].iter_mut().for_each(|h| *h = raised);
            next = Some(following);
        }
        Some(current)
    })
}

pub(super) fn failure(engine: &str, detail: impl ToString) -> Failure {
    Failure { engine: engine.to_string(), detail: detail.to_string() }
}

/// Checks sums as whole positions: the oracle's win/loss search from `starts` (which knows no
/// Grundy theory) must find every reachable position won iff `value` (the xor of the engine's
/// values of its parts) is not zero, and none drawn. The row counts the positions searched.
pub(super) fn whole_positions<R: Rules>(
    rules: &R,
    starts: impl IntoIterator<Item = R::State>,
    value: impl Fn(&R::State) -> Nimber,
    budget: Budget,
    engine_time: Duration,
) -> Result<Row, Failure> {
    let started = Instant::now();
    let timings = vec![("grundy", engine_time)];
    let outcomes = match solve_loopy(rules, starts, budget) {
        Ok(outcomes) => outcomes,
        Err(e @ OracleError::OverBudget { .. }) => {
            let summary = "not searched".to_string();
            return Ok(Row { positions: 0, summary, timings, oracle: OracleCheck::Declined(e.to_string()) });
        }
        Err(e) => return Err(failure("oracle", e)),
    };
    let mut lost = 0;
    for (state, outcome) in &outcomes {
        let engine_win = value(state).is_win();
        lost += usize::from(!engine_win);
        if outcome.remoteness().is_none() || matches!(outcome, Outcome::Win(_)) != engine_win {
            let detail =
                format!("{state:?}: the oracle says {outcome}, the xor of the engine's values says {engine_win}");
            return Err(failure("grundy", detail));
        }
    }
    let oracle = OracleCheck::Agreed { elapsed: started.elapsed() };
    Ok(Row { positions: outcomes.len(), summary: format!("P {lost} (whole positions)"), timings, oracle })
}

/// The real Northcott board, a loopy game, at any size that ranks densely.
pub fn stats_targets() -> Vec<StatsTarget> {
    vec![StatsTarget {
        name: "northcott",
        params: "rows=2 (1..=8) cols=7 (2..=100): the real board, each player moving his own pieces both ways",
        run: |params| {
            let rows = params.number("rows", 2usize, 1..=8)?;
            let cols = params.number("cols", 7u32, 2..=100)?;
            let board = NorthcottBoard::new(rows, cols).map_err(|e| e.to_string())?;
            let describe = |s: &BoardState| format!("{s:?}");
            Ok(stats::loopy(format!("northcott real board {rows}x{cols}"), &board, describe))
        },
    }]
}

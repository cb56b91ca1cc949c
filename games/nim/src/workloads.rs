//! What `gamesolve verify` and `gamesolve stats` run for the Nim family: Nim, Bash's game and a
//! subtraction set, each heap checked by the verifier and the Grundy oracle; sums of heaps and
//! the real Northcott board checked as whole positions by the oracle's win/loss search, which
//! knows no Grundy theory.

use crate::SubtractionGame;
use crate::northcott::{BoardState, NorthcottBoard, Player, nim_sum};
use crate::plain::{PlainHeap, PlainNorthcott, PlainPiles, Take};
use solver_core::{Nimber, Outcome, StateId, StateSpace};
use std::time::Instant;
use testkit::check::{Failure, OracleSide, check_grundy, check_loopy_with_unmoves};
use testkit::stats::{self, StatsTarget};
use testkit::workload::{Row, Workload, sums_as_whole_positions};

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
            sums_as_whole_positions(&rules, starts, value, budget, elapsed)
        })
    };
    let northcott = |rows: usize, cols: u32| {
        Workload::new(format!("northcott real board {rows}x{cols}"), move |budget| {
            let board = NorthcottBoard::new(rows, cols).map_err(|e| Failure::engine_error("northcott", e))?;
            let plain = PlainNorthcott { cols };
            let checked =
                check_loopy_with_unmoves(&board, Some(OracleSide { rules: &plain, state: &plain_board }), budget)?;
            for id in StateId::all(board.len()) {
                let (position, value) = (board.unrank(id), checked.table.get(id));
                let nim_win = nim_sum(&position.rows).is_win();
                if value.remoteness().is_none() || matches!(value, Outcome::Win(_)) != nim_win {
                    let nim = if nim_win { "a win" } else { "a loss" };
                    return Err(Failure::at(&board, id, "the real board", value, "the nim-sum", nim));
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

/// A position of the dense Northcott board as a position of the plain rules.
pub(crate) fn plain_board(state: &BoardState) -> (Vec<(u32, u32)>, bool) {
    PlainNorthcott::state(state.rows.iter().map(|r| (r.tom, r.jerry)), state.to_move == Player::Tom)
}

/// The engine's game for a take rule.
fn engine_game(take: &Take, max_heap: u32) -> Result<SubtractionGame, Failure> {
    match take {
        Take::Any => SubtractionGame::nim(max_heap),
        Take::AtMost(most) => SubtractionGame::bounded(*most, max_heap),
        Take::OneOf(set) => SubtractionGame::new(set.iter().copied(), max_heap),
    }
    .map_err(|e| Failure::engine_error("subtraction", e))
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

/// The most positions `stats northcott` solves: its five engines, two of them one pass per
/// remoteness, took about two minutes on the 2x30 board (1.5 million positions) and more than
/// five on 2x40 (4.9 million); 2x100, the largest board the parameters name, would take hours.
pub const NORTHCOTT_STATS_POSITIONS: usize = 2_000_000;

/// The real Northcott board, a loopy game, at any size that ranks densely, up to
/// [`NORTHCOTT_STATS_POSITIONS`] positions.
pub const STATS_TARGETS: &[StatsTarget] = &[StatsTarget {
    name: "northcott",
    params: "rows=2 (1..=8) cols=7 (2..=100), 2000000 positions at most (2x30): the real board, each player moving his own pieces both ways",
    run: |params| {
        let rows = params.number("rows", 2usize, 1..=8)?;
        let cols = params.number("cols", 7u32, 2..=100)?;
        let board = NorthcottBoard::new(rows, cols).map_err(|e| e.to_string())?;
        if board.len() > NORTHCOTT_STATS_POSITIONS {
            return Err(format!(
                "the {rows}x{cols} board has {} positions; stats solves at most {NORTHCOTT_STATS_POSITIONS} (2x30 has 1.5 million)",
                board.len()
            ));
        }
        let describe = |s: &BoardState| format!("{s:?}");
        Ok(stats::loopy_with_unmoves(format!("northcott real board {rows}x{cols}"), &board, describe))
    },
}];

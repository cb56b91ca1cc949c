//! What `gamesolve verify`, `gamesolve stats` and the fuzz targets run on dots and boxes: every
//! board up to 3x3 (up to symmetry) under both rules, with the score DP, the tiered engines
//! (with and without symmetry), the verifier on every position, and the oracle on sets of
//! segments where the board fits its budget; any board's summary; and one position of a small space, picked by bytes, against the plain rules.

use crate::plain::PlainDots;
use crate::tiers::{BoardTable, Symmetry, memory_bound, solve_board};
use crate::{Board, DotsAndBoxes, Lines, Rule};
use rayon::prelude::*;
use solver_core::{StateId, StateSpace};
use testkit::check::{OracleSide, check_scores};
use testkit::space::{check_scoring_space, id_from_bytes};
use testkit::stats::{self, Params, StatsReport, StatsTarget};
use testkit::workload::{Row, Workload};

/// The sizes `verify` solves: every board of up to 3x3 boxes up to symmetry (an R x C board
/// is a C x R board turned a quarter, with the same values: the law tests check that on random
/// positions of both).
pub const SIZES: [(usize, usize); 6] = [(1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3)];

/// Boards with more lines are checked without the oracle: 2^lines hash-map entries of sets of
/// segments would take longer than every engine together.
pub const ORACLE_MAX_LINES: usize = 17;

/// One workload per board size and rule, each summarized by the value of the empty board and
/// its best first moves.
pub fn workloads() -> Vec<Workload> {
    let mut all = Vec::new();
    for (rows, cols) in SIZES {
        for rule in Rule::ALL {
            all.push(Workload::new(format!("dots and boxes {rows}x{cols} {}", rule.name()), move |budget| {
                let board = Board::new(rows, cols).expect("boards up to 3x3 have at most 24 lines");
                let game = DotsAndBoxes::new(board, rule);
                let plain = PlainDots { rows, cols, rule };
                let to_plain = move |lines: &Lines| PlainDots::from_lines(&board, *lines);
                let oracle =
                    (board.lines() <= ORACLE_MAX_LINES).then_some(OracleSide { rules: &plain, state: &to_plain });
                let mut checked = check_scores::<i8, _, _>(&game, oracle, budget)?;
                for (engine, symmetry) in [("tiers", Symmetry::None), ("tiers-symmetric", Symmetry::Board)] {
                    let solve = || solve_board(board, rule, symmetry);
                    checked.compare_table(&game, engine, solve, |table, id| table.value(game.unrank(id)))?;
                }
                let summary = empty_board_summary(&game, &checked.table);
                Ok(Row::scores(checked, summary))
            }));
        }
    }
    all
}

/// `empty -3, best any of 24`, `empty +2, best 2-5` or `empty -2, best 8 of 12`: the value of
/// the empty board for the first player and the first moves that achieve it, named by their
/// dots (numbered from 1, row by row) when there are few enough to fit the table.
pub fn empty_board_summary(game: &DotsAndBoxes, values: &[i8]) -> String {
    let empty = StateId::new(0).expect("0 is an id");
    summarize_moves(game.board(), values[0], &game.move_values(values, empty))
}

fn summarize_moves(board: Board, empty_value: i8, moves: &[(usize, i32, i64)]) -> String {
    let best: Vec<String> = moves
        .iter()
        .filter(|&&(_, _, v)| v == i64::from(empty_value))
        .map(|&(line, _, _)| board.line_name(line))
        .collect();
    match best.len() {
        n if n == moves.len() => format!("empty {empty_value:+}, best any of {n}"),
        1..=3 => format!("empty {empty_value:+}, best {}", best.join(" ")),
        n => format!("empty {empty_value:+}, best {n} of {}", moves.len()),
    }
}

/// Boards with more lines are summarized without the sequential score DP, which takes minutes
/// on one core past 2^27 positions; the tiered engines solve every board up to 31 lines.
pub const SCORE_DP_MAX_LINES: usize = 27;

/// Any board up to 31 lines under either rule, solved by the tiered engine with and without
/// symmetry (and the sequential score DP up to [`SCORE_DP_MAX_LINES`] lines), which must agree
/// on the value of every position.
pub const STATS_TARGETS: &[StatsTarget] = &[StatsTarget {
    name: "dots-and-boxes",
    params: "rows=3 cols=3 (31 lines at most, e.g. 3x4) rule=turn-passes|move-again: every position of the board",
    run: |params| board_and_rule(params).map(|(board, rule)| board_stats(board, rule)),
}];

/// The board and rule of `rows=3 cols=3 rule=turn-passes|move-again`, as `stats` and `solve` read them.
pub fn board_and_rule(params: &mut Params) -> Result<(Board, Rule), String> {
    let rows = params.number("rows", 3, 1..=8)?;
    let cols = params.number("cols", 3, 1..=8)?;
    let rule_name = params.text("rule", "turn-passes");
    let rule = Rule::from_name(&rule_name)
        .ok_or_else(|| format!("rule must be turn-passes or move-again, found `{rule_name}`"))?;
    Ok((Board::new(rows, cols).map_err(|e| e.to_string())?, rule))
}

/// The `stats` report of a whole board: each engine's cost, the values' histogram from the
/// symmetric table, and the first disagreement between engines as an error note (none is
/// expected: the engines are checked against each other and the oracle in the tests).
fn board_stats(board: Board, rule: Rule) -> StatsReport {
    let name = format!("dots and boxes {}x{} {}", board.rows(), board.cols(), rule.name());
    let mut engines = Vec::new();
    // The first table solved is the reference; only one table of the full size is kept at a
    // time: the others are compared with it and dropped.
    let mut reference: Option<BoardTable> = None;
    // Each engine's estimate counts the reference it runs beside (at most the whole table).
    let held = |reference: &Option<BoardTable>| reference.as_ref().map_or(0, |_| memory_bound(board, Symmetry::Board));
    for (engine, symmetry) in [("tiers-symmetric", Symmetry::Board), ("tiers", Symmetry::None)] {
        let bytes = memory_bound(board, symmetry).saturating_add(held(&reference));
        let (solved, mut cost) = stats::measure_within(engine, bytes, || solve_board(board, rule, symmetry));
        match (solved, &reference) {
            (Some(table), None) => reference = Some(table),
            (Some(table), Some(first)) => cost.error = difference(&board, first, |l| table.value(l)),
            (None, _) => {}
        }
        engines.push(cost);
    }
    if board.lines() <= SCORE_DP_MAX_LINES {
        let game = DotsAndBoxes::new(board, rule);
        // At most one move a line from each position.
        let moves = (game.len() as u64).saturating_mul(board.lines() as u64);
        let sequential = solver_core::acyclic_memory_bound(game.len(), moves, 1, game.play_order().is_some());
        let parallel = solver_core::parallel_acyclic_memory_bound(game.len(), moves, 1, game.play_levels(), true);
        type Engine = fn(&DotsAndBoxes) -> Result<Vec<i8>, solver_core::AcyclicError>;
        let dps: [(&str, u64, Engine); 2] = [
            ("score-dp", sequential, solver_core::score_table::<i8, _>),
            ("parallel-score-dp", parallel, solver_core::parallel_score_table::<i8, _>),
        ];
        for (engine, bytes, solve) in dps {
            let (solved, mut cost) =
                stats::measure_within(engine, bytes.saturating_add(held(&reference)), || solve(&game));
            if let (Some(values), Some(first)) = (solved, &reference) {
                cost.error = difference(&board, first, |l| values[l as usize]);
            }
            engines.push(cost);
        }
    }
    let Some(table) = &reference else {
        return stats::score_report(name, 1 << board.lines(), [], None, engines);
    };
    let best = table.best_position();
    let extreme = Some((i64::from(table.value(best)), format!("\n{}", board.draw(best, |_, _| None))));
    let histogram = table.histogram().into_iter().map(|(v, n)| (i64::from(v), n));
    let mut report = stats::score_report(name, 1 << board.lines(), histogram, extreme, engines);
    report.notes.push(format!("the empty board: {}", board_summary(table)));
    report
}

/// Positions compared between engines in `stats`: every one up to this many, else a sample
/// spread evenly over the ids (the tests compare every position of the boards they solve).
const COMPARED: u32 = 1 << 24;

/// Where `other` differs from the reference table, at the first set of lines in id order (over
/// [`COMPARED`] positions at most), as an engine error.
fn difference(board: &Board, reference: &BoardTable, other: impl Fn(Lines) -> i8 + Sync) -> Option<String> {
    let stride = (board.all_lines() / COMPARED).max(1);
    (0..=board.all_lines() / stride)
        .into_par_iter()
        .map(|k| k * stride)
        .find_first(|&lines| reference.value(lines) != other(lines))
        .map(|lines| format!("differs from the first engine at {lines:#b}"))
}

/// [`empty_board_summary`] from a tiered table.
fn board_summary(table: &BoardTable) -> String {
    summarize_moves(table.board(), table.value(0), &table.move_values(0))
}

/// The fuzz body `rank_dots_and_boxes`: a space from bytes (byte 0 the rows and byte 1 the
/// columns, 1..=3 each; byte 2 the rule; bytes 3..7 the drawn start, little-endian, cut to the
/// board) and the position bytes 7..11 name in it, against [`PlainDots`]: its ranking
/// round-trips, its moves on ids (listed and visited) are the plain moves on sets of segments,
/// with the same gains and extra moves.
pub fn rank_dots_and_boxes(data: &[u8]) -> Result<(), String> {
    let byte = |i: usize| *data.get(i).unwrap_or(&0);
    let (rows, cols) = (1 + byte(0) as usize % 3, 1 + byte(1) as usize % 3);
    let board = Board::new(rows, cols).map_err(|e| e.to_string())?;
    let rule = if byte(2) % 2 == 0 { Rule::TurnPasses } else { Rule::MoveAgain };
    let start = u32::from_le_bytes([byte(3), byte(4), byte(5), byte(6)]) & board.all_lines();
    let game = DotsAndBoxes::from_position(board, rule, start);
    let id = id_from_bytes(&game, data, 7);
    let plain = PlainDots { rows, cols, rule };
    let to_plain = |lines: &Lines| PlainDots::from_lines(&board, *lines);
    check_scoring_space(&game, &OracleSide { rules: &plain, state: &to_plain }, [id]).map_err(|e| e.to_string())
}

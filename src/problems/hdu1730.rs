//! `hdu1730`: HDU 1730 "Northcott Game". The empty cells between the two pieces of a row are a
//! Nim heap; the real board, partizan and loopy, is what the oracle plays.

use super::{JudgeError, Problem, check_engine};
use crate::input::Tokens;
use nim::SubtractionGame;
use nim::northcott::{Row, gap, nim_sum};
use nim::plain::PlainNorthcott;
use oracle::{Budget, OracleError, solve_loopy};
use solver_core::{Nimber, Outcome};

const MAX_ROWS: u32 = 1000;
const MAX_COLS: u32 = 100;

/// The oracle searches real boards of at most this many positions (an upper bound is checked
/// before searching, so a large board is declined at once).
const ORACLE: Budget = Budget { max_states: 100_000, max_depth: 2_000 };

/// `hdu1730`: contract in ../shared/problems/hdu1730. Engines: `grundy` (solver-core's table of
/// Nim heaps, one heap per row's gap), `formula` (the xor of the gaps), `oracle` (win/loss search
/// on the real board: every row at once, each player moving his own pieces both ways).
pub struct Hdu1730;

/// A board: its columns and where its rows lie in the list of every row.
struct Board {
    cols: u32,
    rows: std::ops::Range<usize>,
}

impl Problem for Hdu1730 {
    fn id(&self) -> &'static str {
        "hdu1730"
    }

    fn title(&self) -> &'static str {
        "HDU 1730 Northcott Game: facing pieces on rows, the gaps play as Nim"
    }

    fn engines(&self) -> &'static [&'static str] {
        &["grundy", "formula", "oracle"]
    }

    fn judge(&self, input: &str, engine: &str) -> Result<String, JudgeError> {
        check_engine(self, engine)?;
        let (boards, rows) = parse(input)?;
        let table = match engine {
            "grundy" => {
                let max_gap = rows.iter().map(|&r| gap(r)).max().unwrap_or(0);
                SubtractionGame::nim(max_gap).expect("gaps are below 100").values()
            }
            _ => Vec::new(),
        };
        // Decline before searching anything, rather than after the boards that fit.
        if engine == "oracle" && boards.iter().any(|b| oracle_bound(b.cols, b.rows.len()) > ORACLE.max_states as u64) {
            return Err(JudgeError::Oracle(OracleError::OverBudget {
                max_states: ORACLE.max_states,
                max_depth: ORACLE.max_depth,
            }));
        }
        let mut out = String::with_capacity(boards.len() * 10);
        for board in &boards {
            let rows = &rows[board.rows.clone()];
            let tom_wins = match engine {
                "grundy" => rows.iter().map(|&r| table[gap(r) as usize]).sum::<Nimber>().is_win(),
                "formula" => nim_sum(rows).is_win(),
                _ => oracle_wins(board.cols, rows)?,
            };
            out += if tom_wins { "I WIN!\n" } else { "BAD LUCK!\n" };
        }
        Ok(out)
    }
}

/// An upper bound on the positions the oracle searches on a board: no piece ever passes the
/// other, so a row keeps its side, C(cols, 2) placements; and two turns.
fn oracle_bound(cols: u32, rows: usize) -> u64 {
    let per_row = cols as u64 * (cols as u64 - 1) / 2;
    (0..rows).fold(2u64, |n, _| n.saturating_mul(per_row))
}

/// Whether Tom, moving first, wins on the real board, searched without the Nim reduction.
fn oracle_wins(cols: u32, rows: &[Row]) -> Result<bool, OracleError> {
    let rules = PlainNorthcott { cols };
    let start = PlainNorthcott::state(rows.iter().map(|r| (r.tom, r.jerry)), true);
    let values = solve_loopy(&rules, [start.clone()], ORACLE)?;
    // Endless play is no win for Tom (and never happens: tests/nim.rs and games/nim check it).
    Ok(matches!(values[&start], Outcome::Win(_)))
}

/// Every board of the input and the list of all their rows.
fn parse(input: &str) -> Result<(Vec<Board>, Vec<Row>), JudgeError> {
    let mut tokens = Tokens::new(input);
    let (mut boards, mut rows) = (Vec::new(), Vec::new());
    for case in 1.. {
        if tokens.at_end() {
            break;
        }
        let n = tokens.number(format_args!("the number of rows n of case {case}"), 1..=MAX_ROWS)?;
        let m = tokens.number(format_args!("the number of columns m of case {case}"), 2..=MAX_COLS)?;
        let start = rows.len();
        for i in 1..=n {
            let tom = tokens.number(format_args!("the column of Tom's piece in row {i} of case {case}"), 1..=m)?;
            let mut at = tokens.clone();
            let jerry = tokens.number(format_args!("the column of Jerry's piece in row {i} of case {case}"), 1..=m)?;
            if jerry == tom {
                let message = format_args!(
                    "Jerry's piece in row {i} of case {case} is on column {jerry}, the cell of Tom's piece"
                );
                return Err(at.error_here(message).into());
            }
            rows.push(Row { tom, jerry });
        }
        boards.push(Board { cols: m, rows: start..rows.len() });
    }
    Ok((boards, rows))
}

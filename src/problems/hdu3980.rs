//! `hdu3980`: HDU 3980 "Paint Chain": a circle of `N` beads, a move paints `M` consecutive
//! unpainted beads. Contract: ../shared/problems/hdu3980/README.md.
//!
//! If `N < M` the first player (aekdycoin) cannot move and loses. Otherwise every first move
//! is the same up to rotation: it leaves a row of `N - M` unpainted beads with painted beads
//! at both ends, which is a heap of the octal game with `d_M = 7` (paint a block at an end, in
//! the middle, or the whole row). The first player has moved, so she wins exactly when that
//! row is lost for the player to move: `G(N - M) = 0` (in particular when `N - M < M`, where
//! no move is left).

use super::hdu2999::{grundy_values, oracle_declines};
use super::{JudgeError, Problem, check_engine};
use crate::input::Tokens;
use octal::OctalCode;
use octal::plain::BeadCircle;
use oracle::{Budget, solve_loopy};
use solver_core::Outcome;
use std::collections::HashMap;
use std::fmt::Write;

/// Largest `N` and `M` (the contract's limits).
const MAX_BEADS: u32 = 1000;
/// Largest `T`: far beyond any judge file, a guard for allocations.
const MAX_CASES: u32 = 1_000_000;
/// The oracle searches the circle itself; it declines circles larger than this...
const ORACLE_MAX_BEADS: u32 = 16;
/// ...and more states than this over the whole input.
const ORACLE_STATES: usize = 400_000;

/// `hdu3980`: who wins each bead circle.
pub struct Hdu3980;

impl Problem for Hdu3980 {
    fn id(&self) -> &'static str {
        "hdu3980"
    }

    fn title(&self) -> &'static str {
        "HDU 3980: paint M consecutive beads of a circle of N; the first move opens it into a row"
    }

    fn engines(&self) -> &'static [&'static str] {
        &["naive", "sparse", "grundy-table", "oracle"]
    }

    fn judge(&self, input: &str, engine: &str) -> Result<String, JudgeError> {
        check_engine(self, engine)?;
        let circles = parse(input)?;
        let first_wins = if engine == "oracle" { by_oracle(&circles)? } else { by_grundy(engine, &circles)? };
        let mut out = String::with_capacity(circles.len() * 24);
        for (k, wins) in first_wins.into_iter().enumerate() {
            let winner = if wins { "aekdycoin" } else { "abcdxyzk" };
            writeln!(out, "Case #{}: {winner}", k + 1).expect("writing to a String cannot fail");
        }
        Ok(out)
    }
}

/// One Grundy table per `M` in the input, long enough for its largest `N - M`.
fn by_grundy(engine: &str, circles: &[(u32, u32)]) -> Result<Vec<bool>, JudgeError> {
    let mut longest_row: Vec<Option<usize>> = vec![None; MAX_BEADS as usize + 1];
    for &(n, m) in circles.iter().filter(|&&(n, m)| n >= m) {
        let row = (n - m) as usize;
        let slot = &mut longest_row[m as usize];
        *slot = Some(slot.map_or(row, |r| r.max(row)));
    }
    let mut tables: Vec<Vec<u32>> = vec![Vec::new(); longest_row.len()];
    for (m, row) in longest_row.iter().enumerate() {
        if let Some(row) = *row {
            tables[m] = grundy_values(engine, &OctalCode::from_removals([m]), row + 1)?;
        }
    }
    Ok(circles.iter().map(|&(n, m)| n >= m && tables[m as usize][(n - m) as usize] == 0).collect())
}

/// Each circle by a win/lose search of its painted beads, sharing a state budget.
fn by_oracle(circles: &[(u32, u32)]) -> Result<Vec<bool>, JudgeError> {
    let mut states_left = ORACLE_STATES;
    let mut known: HashMap<(u32, u32), bool> = HashMap::new();
    let mut first_wins = Vec::with_capacity(circles.len());
    for &(n, m) in circles {
        if let Some(&wins) = known.get(&(n, m)) {
            first_wins.push(wins);
            continue;
        }
        let circle =
            BeadCircle::new(n, m).filter(|_| n <= ORACLE_MAX_BEADS).ok_or_else(|| oracle_declines(states_left))?;
        let values = solve_loopy(&circle, [0], Budget::new(states_left))?;
        states_left -= values.len();
        let wins = matches!(values[&0], Outcome::Win(_));
        known.insert((n, m), wins);
        first_wins.push(wins);
    }
    Ok(first_wins)
}

fn parse(input: &str) -> Result<Vec<(u32, u32)>, JudgeError> {
    let mut tokens = Tokens::new(input);
    let t = tokens.number("the number of test cases T", 1..=MAX_CASES)?;
    // Capacity from the input size, not the declared count, so a bogus T cannot allocate.
    let mut circles = Vec::with_capacity((t as usize).min(input.len() / 4 + 1));
    for k in 1..=t {
        let n = tokens.number(format_args!("N of case {k}"), 1..=MAX_BEADS)?;
        let m = tokens.number(format_args!("M of case {k}"), 1..=MAX_BEADS)?;
        circles.push((n, m));
    }
    tokens.expect_end("the last case")?;
    Ok(circles)
}

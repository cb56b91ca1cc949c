//! `hdu3980`: HDU 3980 "Paint Chain": a circle of `N` beads, a move paints `M` consecutive
//! unpainted beads. Contract: ../shared/problems/hdu3980/README.md.
//!
//! If `N < M` the first player (aekdycoin) cannot move and loses. Otherwise every first move
//! is the same up to rotation: it leaves a row of `N - M` unpainted beads with painted beads
//! at both ends, which is a heap of the octal game with `d_M = 7` (paint a block at an end, in
//! the middle, or the whole row). The first player has moved, so she wins exactly when that
//! row is lost for the player to move: `G(N - M) = 0` (in particular when `N - M < M`, where
//! no move is left).

use super::hdu2999::grundy_values;
use super::{Explanation, JudgeError, MoveValue, Problem, check_engine, oracle_declines};
use crate::input::Tokens;
use octal::plain::BeadCircle;
use octal::{OctalCode, naive_grundy};
use oracle::{Budget, solve_loopy};
use solver_core::Outcome;
use solver_core::graph::SplitMix64;
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

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let circles = parse(input)?;
        let explain = |(k, &(n, m)): (usize, &(u32, u32))| {
            let title = format!("case {}", k + 1);
            let picture = if n <= 60 {
                format!("{} ({n} beads in a circle, paint {m} at a time)", "o".repeat(n as usize))
            } else {
                format!("a circle of {n} beads, paint {m} at a time")
            };
            if n < m {
                return Explanation {
                    title,
                    picture,
                    verdict: "abcdxyzk".into(),
                    value: "*0: no move".into(),
                    notes: vec![format!("Fewer than {m} beads: aekdycoin cannot move and loses.")],
                    ..Default::default()
                };
            }
            let values = naive_grundy(&OctalCode::from_removals([m as usize]), (n - m) as usize + 1);
            let row = values[(n - m) as usize];
            let wins = row == 0;
            let after = format!("a row of {} with painted beads at both ends, worth *{row}", n - m);
            let value =
                if wins { "lost for abcdxyzk: aekdycoin wins".to_string() } else { "won for abcdxyzk".to_string() };
            Explanation {
                title,
                picture,
                verdict: if wins { "aekdycoin" } else { "abcdxyzk" }.into(),
                value: format!("the first move leaves {after}"),
                moves: vec![MoveValue { play: format!("paint beads 1..={m}"), value: format!("{after}: {value}") }],
                notes: vec![
                    "Every first move is the same up to rotation; it opens the circle into a row.".into(),
                    "The row is a heap of the octal game that paints M consecutive beads (possibly splitting the row); \
                     it is lost for the player to move exactly when its value is *0."
                        .into(),
                ],
                ..Default::default()
            }
        };
        Ok(circles.iter().enumerate().map(explain).collect())
    }

    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed);
        let mut out = format!("{cases}\n");
        for _ in 0..cases {
            let mut pick = || if rng.below(10) == 0 { 1 + rng.below(MAX_BEADS as u64) } else { 1 + rng.below(20) };
            // N below, at and above M all come up.
            let (n, m) = (pick(), pick());
            out += &format!("{n} {m}\n");
        }
        Ok(out)
    }

    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        Ok(parse(input)?.iter().map(|&(n, m)| format!("1\n{n} {m}\n")).collect())
    }

    fn shrink(&self, input: &str) -> Vec<String> {
        let Ok(circles) = parse(input) else { return Vec::new() };
        let Some(&(n, m)) = circles.first() else { return Vec::new() };
        let mut variants = Vec::new();
        for (smaller_n, smaller_m) in [(n / 2, m), (n - 1, m), (n, m / 2), (n, m - 1)] {
            if smaller_n >= 1 && smaller_m >= 1 && (smaller_n, smaller_m) != (n, m) {
                variants.push(format!("1\n{smaller_n} {smaller_m}\n"));
            }
        }
        variants
    }

    fn is_answer_line(&self, line: &str) -> bool {
        let Some(rest) = line.strip_prefix("Case #") else { return false };
        let Some((k, who)) = rest.split_once(": ") else { return false };
        !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()) && matches!(who, "aekdycoin" | "abcdxyzk")
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
        let circle = BeadCircle::new(n, m)
            .filter(|_| n <= ORACLE_MAX_BEADS)
            .ok_or_else(|| oracle_declines(Budget::new(states_left)))?;
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

//! `hdu1851`: HDU 1851 "A Simple Game". Piles from which a move takes 1 to `L_i` stones: a sum
//! of subtraction games `{1, ..., L_i}` (Bash's game), one set per pile.

use super::{JudgeError, Problem, check_engine};
use crate::input::Tokens;
use nim::plain::{PlainPiles, Take};
use nim::{SubtractionGame, bounded_value};
use oracle::{Budget, OracleError, solve_loopy};
use solver_core::{Nimber, Outcome};

const MAX_CASES: u32 = 1_000_000_000;
const MAX_PILES: u32 = 10;
const MAX_STONES: u32 = 20;
const MAX_TAKE: u32 = 20;

/// The oracle searches whole positions of at most this many states (an upper bound is checked
/// before searching, so a large case is declined at once).
const ORACLE: Budget = Budget { max_states: 100_000, max_depth: 2_000 };

/// `hdu1851`: contract in ../shared/problems/hdu1851. Engines: `grundy` (solver-core's table
/// of each take limit), `formula` (`M mod (L + 1)`), `oracle` (win/loss search on every pile at
/// once).
pub struct Hdu1851;

/// A pile: its stones and the most a move takes.
#[derive(Clone, Copy)]
struct Pile {
    stones: u32,
    max_take: u32,
}

impl Problem for Hdu1851 {
    fn id(&self) -> &'static str {
        "hdu1851"
    }

    fn title(&self) -> &'static str {
        "HDU 1851 A Simple Game: piles with a bounded take, a sum of subtraction games"
    }

    fn engines(&self) -> &'static [&'static str] {
        &["grundy", "formula", "oracle"]
    }

    fn judge(&self, input: &str, engine: &str) -> Result<String, JudgeError> {
        check_engine(self, engine)?;
        let (piles, ends) = parse(input)?;
        // One table per take limit, each over every heap the contract allows.
        let tables: Vec<Vec<Nimber>> = match engine {
            "grundy" => (0..=MAX_TAKE)
                .map(|most| SubtractionGame::bounded(most, MAX_STONES).expect("small heaps").values())
                .collect(),
            _ => Vec::new(),
        };
        let starts = std::iter::once(0).chain(ends.iter().copied());
        let cases: Vec<&[Pile]> = starts.zip(&ends).map(|(start, &end)| &piles[start..end]).collect();
        // Decline before searching anything, rather than after the cases that fit.
        if engine == "oracle" && cases.iter().any(|case| oracle_bound(case) > ORACLE.max_states as u64) {
            return Err(JudgeError::Oracle(OracleError::OverBudget {
                max_states: ORACLE.max_states,
                max_depth: ORACLE.max_depth,
            }));
        }
        let mut out = String::with_capacity(ends.len() * 4);
        for case in cases {
            let first_wins = match engine {
                "grundy" => {
                    case.iter().map(|p| tables[p.max_take as usize][p.stones as usize]).sum::<Nimber>().is_win()
                }
                "formula" => case.iter().map(|p| bounded_value(p.stones, p.max_take)).sum::<Nimber>().is_win(),
                _ => oracle_wins(case)?,
            };
            // The question is whether Agrael, the second player, wins.
            out += if first_wins { "No\n" } else { "Yes\n" };
        }
        Ok(out)
    }
}

/// An upper bound on the positions the oracle searches: tuples of piles no larger than the start's.
fn oracle_bound(piles: &[Pile]) -> u64 {
    piles.iter().fold(1u64, |n, p| n.saturating_mul(p.stones as u64 + 1))
}

/// Whether the first player wins, by searching every position of all the piles together.
fn oracle_wins(piles: &[Pile]) -> Result<bool, OracleError> {
    // Rule number L takes at most L stones.
    let rules = PlainPiles { rules: (0..=MAX_TAKE).map(Take::AtMost).collect() };
    let start = PlainPiles::state(piles.iter().map(|p| (p.max_take as usize, p.stones)));
    let values = solve_loopy(&rules, [start.clone()], ORACLE)?;
    Ok(matches!(values[&start], Outcome::Win(_)))
}

/// Every pile, case after case, and where each case's piles end.
fn parse(input: &str) -> Result<(Vec<Pile>, Vec<usize>), JudgeError> {
    let mut tokens = Tokens::new(input);
    let t = tokens.number("the number of test cases", 0..=MAX_CASES)?;
    let (mut piles, mut ends) = (Vec::new(), Vec::new());
    for case in 1..=t {
        let n = tokens.number(format_args!("the number of piles of case {case}"), 0..=MAX_PILES)?;
        for i in 1..=n {
            let stones = tokens.number(format_args!("the stones M of pile {i} of case {case}"), 1..=MAX_STONES)?;
            let what = format_args!("the most stones L a move takes from pile {i} of case {case}");
            let max_take = tokens.number(what, 1..=MAX_TAKE)?;
            piles.push(Pile { stones, max_take });
        }
        ends.push(piles.len());
    }
    tokens.expect_end("the last test case")?;
    Ok((piles, ends))
}

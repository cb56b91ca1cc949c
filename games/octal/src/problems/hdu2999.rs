//! `hdu2999`: HDU 2999 "Stone Game, Why are you always there?": rows of stones from which a
//! move removes a block of `k` consecutive stones, `k` in a set S. The contract is
//! `problems/hdu2999.md` (`gamesolve show hdu2999`).
//!
//! A row is a heap of the octal game with `d_k = 7` for every `k` in S
//! ([`OctalCode::from_removals`]): the first player wins a row of `K` stones exactly when
//! `G(K) != 0` ([`Method::heap_winners`]).

use super::too_large;
use crate::method::Method;
use crate::plain::Rows;
use crate::{OctalCode, naive_grundy};
use judge::ExplainBudget;
use judge::input::Tokens;
use judge::resources::{OracleWork, Work};
use judge::sums::{Part, explain_sum};
use judge::{Explanation, JudgeError, Problem, smaller_values, without_runs};
use oracle::{Budget, solve_loopy_counting};
use solver_core::graph::SplitMix64;
use solver_core::{Nimber, Outcome};
use std::sync::OnceLock;

/// Largest size of S (the contract's bound; duplicates count).
const MAX_SET: u32 = 100;
/// Largest element of S and largest row (the limits of accepted solutions).
const MAX_STONES: u32 = 1000;
/// Largest number of queries in one case: far beyond any judge file, a guard for allocations.
const MAX_QUERIES: u32 = 1_000_000;
/// The oracle searches whole positions (multisets of rows); it declines rows longer than
/// this (with S = {1, 2} a row of 30 takes it 0.2 s, a row of 40 3.4 s)...
const ORACLE_MAX_ROW: u32 = 30;
/// ...and more states than this over the whole input.
const ORACLE_STATES: usize = 100_000;

/// `hdu2999`: who wins a row of `K` stones, for each query.
pub struct Hdu2999;

judge::engines! {
    /// The engines of `hdu2999`: the three Grundy-sequence methods and the oracle.
    pub enum Hdu2999Engine {
        /// [`Method::Naive`].
        Naive = "naive",
        /// [`Method::Sparse`].
        Sparse = "sparse",
        /// [`Method::Grundy`].
        Grundy = "grundy",
        /// `oracle::solve_loopy` on [`Rows`], each queried row searched as a whole position.
        Oracle = "oracle",
    }
}

/// One test case: the block sizes and the queried rows.
struct Case {
    blocks: Vec<u32>,
    rows: Vec<u32>,
}

impl Problem for Hdu2999 {
    type Engine = Hdu2999Engine;

    fn id(&self) -> &'static str {
        "hdu2999"
    }

    fn title(&self) -> &'static str {
        "HDU 2999: remove k consecutive stones (k in S) from a row, possibly splitting it"
    }

    fn contract(&self) -> &'static str {
        include_str!("../../problems/hdu2999.md")
    }

    fn judge(&self, input: &str, engine: Hdu2999Engine) -> Result<String, JudgeError> {
        let cases = parse(input)?;
        let method = match engine {
            Hdu2999Engine::Naive => Some(Method::Naive),
            Hdu2999Engine::Sparse => Some(Method::Sparse),
            Hdu2999Engine::Grundy => Some(Method::Grundy),
            Hdu2999Engine::Oracle => None,
        };
        let mut out = String::with_capacity(2 * cases.iter().map(|c| c.rows.len()).sum::<usize>());
        let mut oracle_states = ORACLE_STATES;
        let mut work = Work::for_input(if method.is_none() { "the oracle" } else { "the grundy engine" });
        if method == Some(Method::Grundy) {
            // Declined before anything is computed: the count is exact.
            cases.iter().try_for_each(|case| work.spend_dense(grundy_table_work(case)))?;
        }
        for case in &cases {
            let first_wins = match method {
                Some(method) => {
                    let code = OctalCode::from_removals(case.blocks.iter().map(|&b| b as usize));
                    method.heap_winners(&code, &case.rows).map_err(too_large)?
                }
                None => by_oracle(case, &mut oracle_states, &mut work)?,
            };
            for wins in first_wins {
                out += if wins { "1\n" } else { "2\n" };
            }
        }
        Ok(out)
    }

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let cases = parse(input)?;
        let mut budget = ExplainBudget::new(cases.iter().map(|case| case.rows.len()).sum());
        let mut explanations = Vec::new();
        for (c, case) in cases.iter().enumerate() {
            let longest = case.rows.iter().copied().max().unwrap_or(0) as usize;
            let code = OctalCode::from_removals(case.blocks.iter().map(|&b| b as usize));
            let values = naive_grundy(&code, longest + 1);
            let mut blocks = case.blocks.clone();
            blocks.sort_unstable();
            blocks.dedup();
            for (j, &k) in case.rows.iter().enumerate() {
                let parts = [Part { name: format!("the row of {k}"), value: Nimber(values[k as usize]) }];
                let picture = format!("{}\nS = {{{}}}", draw_row(k), join(&blocks));
                let moves_to = |_: usize, wanted: Nimber| -> Vec<String> {
                    let mut found = Vec::new();
                    for &b in blocks.iter().filter(|&&b| b <= k) {
                        // Removing b stones after the first `left` leaves rows of left and k - b - left.
                        for left in 0..=(k - b) / 2 {
                            let right = k - b - left;
                            if values[left as usize] ^ values[right as usize] == wanted.0 {
                                found.push(format!(
                                    "remove stones {}..={} ({b}), leaving rows of {left} and {right}",
                                    left + 1,
                                    left + b
                                ));
                            }
                        }
                    }
                    found
                };
                let verdict = if values[k as usize] != 0 { "1" } else { "2" }.to_string();
                let title = format!("case {}, query {}", c + 1, j + 1);
                let mut explanation = explain_sum(title, picture, verdict, &parts, moves_to);
                explanation
                    .notes
                    .push("A move splits a row into two independent rows, so a position is a sum of rows.".to_string());
                budget.charge(&explanation)?;
                explanations.push(explanation);
            }
        }
        Ok(explanations)
    }

    /// Up to 10,000 cases (an input may hold none).
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        0..=10_000
    }

    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed);
        let mut out = String::new();
        for _ in 0..cases {
            let n = if rng.below(10) == 0 { MAX_SET as u64 } else { 1 + rng.below(4) };
            // Small blocks that repeat, and now and then one larger than every row.
            let blocks: Vec<u32> = (0..n)
                .map(|_| if rng.below(10) == 0 { 1 + rng.below(MAX_STONES as u64) } else { 1 + rng.below(6) } as u32)
                .collect();
            let queries: Vec<u32> = (0..1 + rng.below(5))
                .map(|_| match rng.below(10) {
                    0 => 0,
                    1 => MAX_STONES,
                    _ => rng.below(30) as u32,
                })
                .collect();
            out += &render(&blocks, &queries);
        }
        Ok(out)
    }

    /// Hard cases: a set S from a fixed pool solved once per process (`SetPool`: small sets,
    /// mostly of blocks of one parity, the only ones with lost rows to move in; sets with
    /// repeats, unsorted sets, blocks as long as the longest row, sets of 100), its elements
    /// shuffled, and one to five queries (one case in fifty: every row from 0 to 1000), each
    /// of one kind drawn by the seed (its own random stream): 40% rows lost for the first
    /// player though she can move (half of them among the 16 longest such rows up to 1000; for
    /// a set without any, a row shorter than every block), 20% won rows with a single winning
    /// move up to mirror image, 10% a row equal to a block (take it all) or one stone shorter
    /// than every block (no move), 10% a row of 0 or of 1000, 20% any row up to 1000.
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        static POOL: OnceLock<Vec<SetPool>> = OnceLock::new();
        let pool = POOL.get_or_init(SetPool::build);
        let mut rng = SplitMix64(seed ^ 0x6861_7264); // "hard": not the uniform generator's stream
        let mut out = String::new();
        for _ in 0..cases {
            let set = &pool[rng.below(pool.len() as u64) as usize];
            let mut blocks = set.blocks.clone();
            for i in (1..blocks.len()).rev() {
                blocks.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let queries: Vec<u32> = if rng.below(50) == 0 {
                (0..=MAX_STONES).collect()
            } else {
                (0..1 + rng.below(5)).map(|_| set.hard_row(&mut rng)).collect()
            };
            out += &render(&blocks, &queries);
        }
        Ok(out)
    }

    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        let cases = parse(input)?;
        Ok(cases.iter().flat_map(|case| case.rows.iter().map(|&k| render(&case.blocks, &[k]))).collect())
    }

    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        Ok(judge::input::CaseList::UntilEnd.join(inputs)?)
    }

    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        let Ok(mut cases) = parse(input) else { return Box::new(std::iter::empty()) };
        if cases.is_empty() {
            return Box::new(std::iter::empty());
        }
        let Case { blocks, rows } = cases.swap_remove(0);
        // First runs of blocks left out, halves first (`without_runs`), then each row shortened
        // toward 0 (`smaller_values`).
        let all_rows = rows.clone();
        let without = without_runs(blocks.clone()).map(move |kept| render(&kept, &all_rows));
        let shorter = (0..rows.len()).flat_map(move |i| {
            let (blocks, rows) = (blocks.clone(), rows.clone());
            smaller_values(u64::from(rows[i]), 0).map(move |k| {
                let mut smaller = rows.clone();
                smaller[i] = k as u32;
                render(&blocks, &smaller)
            })
        });
        Box::new(without.chain(shorter))
    }

    fn is_answer_line(&self, line: &str) -> bool {
        matches!(line, "1" | "2")
    }
}

/// A set S solved for every row up to the longest the contract allows, with the rows where wrong
/// solutions go wrong.
struct SetPool {
    /// S as written (repeats kept).
    blocks: Vec<u32>,
    /// Rows lost for the first player though a block fits, longest first.
    losses: Vec<u32>,
    /// Won rows with exactly one winning move, counting a move and its mirror image as one.
    single: Vec<u32>,
}

/// How many of the longest lost rows a hard query draws from, for half of its losses.
const DEEPEST: usize = 16;

impl SetPool {
    /// The pool: fixed sets (the classic ones, repeats, an unsorted one, blocks as long as the
    /// longest row, the most elements) and random ones from a fixed seed, each solved by the
    /// default engine up to a row of 1000. Time: `O(1000^2 / 4)` a set for the values, and for
    /// the winning moves `O(1000 |S|)` a row at worst, most rows stopping at their second.
    fn build() -> Vec<SetPool> {
        // A set with blocks of both parities loses no row it can move in: the first player
        // removes a block from the middle and copies every move on the other side. So most
        // sets have blocks of one parity.
        let mut sets: Vec<Vec<u32>> = [
            &[1][..],
            &[2],
            &[3],
            &[1, 3],
            &[2, 4],
            &[3, 5],
            &[2, 6, 10],
            &[1, 3, 5, 7],
            &[4, 4, 4],
            &[5, 3, 1, 3],
            &[999],
            &[1, 1000],
            &[1, 2],
            &[2, 3],
            &[1, 2, 3, 4, 5, 6],
            &[7, 10],
            &[1000],
            &[500, 999],
        ]
        .iter()
        .map(|s| s.to_vec())
        .collect();
        let mut rng = SplitMix64(2999);
        for parity in [1, 2, 1, 2, 1, 2, 0, 0] {
            // Odd blocks, even blocks, or any, up to 20.
            let block = |rng: &mut SplitMix64| match parity {
                0 => 1 + rng.below(20) as u32,
                p => p + 2 * rng.below(10) as u32,
            };
            sets.push((0..1 + rng.below(4)).map(|_| block(&mut rng)).collect());
        }
        sets.push((0..MAX_SET).map(|_| 1 + 2 * rng.below(MAX_STONES as u64 / 2) as u32).collect());
        sets.push((0..MAX_SET).map(|_| 2 + 2 * rng.below(MAX_STONES as u64 / 2) as u32).collect());
        sets.push((0..MAX_SET).map(|_| 1 + rng.below(20) as u32).collect());
        sets.into_iter().map(SetPool::solve).collect()
    }

    fn solve(blocks: Vec<u32>) -> SetPool {
        let values =
            naive_grundy(&OctalCode::from_removals(blocks.iter().map(|&b| b as usize)), MAX_STONES as usize + 1);
        let mut distinct = blocks.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let shortest = distinct[0];
        let losses = (shortest..=MAX_STONES).rev().filter(|&k| values[k as usize] == 0).collect();
        // A winning move leaves rows `left <= right` of equal value; stop counting at two.
        let winning_moves = |k: u32| {
            let splits = distinct
                .iter()
                .filter(|&&b| b <= k)
                .flat_map(|&b| (0..=(k - b) / 2).map(move |left| (left, k - b - left)));
            splits.filter(|&(left, right)| values[left as usize] == values[right as usize]).take(2).count()
        };
        let single = (shortest..=MAX_STONES).filter(|&k| values[k as usize] != 0 && winning_moves(k) == 1).collect();
        SetPool { blocks, losses, single }
    }

    /// A row of one of the hard kinds ([`Hdu2999::generate_hard`]).
    fn hard_row(&self, rng: &mut SplitMix64) -> u32 {
        let pick = |rng: &mut SplitMix64, rows: &[u32]| rows.get(rng.below(rows.len() as u64) as usize).copied();
        let shortest = self.blocks.iter().copied().min().unwrap_or(1);
        let row = match rng.below(10) {
            // A set without such a loss (blocks of both parities) gives a row with no move.
            0..=1 => pick(rng, &self.losses[..self.losses.len().min(DEEPEST)]).or(Some(shortest - 1)),
            2..=3 => pick(rng, &self.losses).or(Some(shortest - 1)),
            4..=5 => pick(rng, &self.single),
            6 if rng.below(2) == 0 => pick(rng, &self.blocks),
            6 => Some(shortest - 1),
            7 => Some([0, MAX_STONES][rng.below(2) as usize]),
            _ => None,
        };
        // A set without a single winning move gives any row.
        row.unwrap_or_else(|| rng.below(MAX_STONES as u64 + 1) as u32)
    }
}

fn join(items: &[u32]) -> String {
    items.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

/// A row of stones as text, cut short when long.
fn draw_row(k: u32) -> String {
    match k {
        0 => "an empty row".to_string(),
        1..=60 => format!("{} ({k} stones)", "o".repeat(k as usize)),
        _ => format!("a row of {k} stones"),
    }
}

/// One test case as an input.
fn render(blocks: &[u32], rows: &[u32]) -> String {
    let words = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    format!("{}\n{}\n{}\n{}\n", blocks.len(), words(blocks), rows.len(), words(rows))
}

/// The work of [`Method::Grundy`] on a case, in steps (charged as a dense engine's): every heap
/// up to the longest row, and every option of each. Removing `b` stones from a heap of `k >= b`
/// leaves rows `left <= right` with `left` in `0..=(k - b) / 2`, one option each, so over the
/// heaps `b..=L` that is `sum_{j=0}^{m} (j / 2 + 1) = m + 1 + floor(m^2 / 4)` with `m = L - b`.
fn grundy_table_work(case: &Case) -> u64 {
    let longest = case.rows.iter().copied().max().unwrap_or(0) as u64;
    let mut blocks = case.blocks.clone();
    blocks.sort_unstable();
    blocks.dedup();
    let options =
        blocks.iter().filter(|&&b| b as u64 <= longest).map(|&b| longest - b as u64).map(|m| m + 1 + m * m / 4);
    longest + 1 + options.sum::<u64>()
}

/// Each query by a win/lose search of the row itself, sharing `states_left` and `work` over
/// the input.
fn by_oracle(case: &Case, states_left: &mut usize, work: &mut Work) -> Result<Vec<bool>, JudgeError> {
    if case.rows.iter().any(|&k| k > ORACLE_MAX_ROW) {
        return Err(JudgeError::oracle_declines(Budget::new(*states_left)));
    }
    let start = |k: u32| if k == 0 { Vec::new() } else { vec![k] };
    let rules = Rows::new(case.blocks.iter().copied());
    let oracle = OracleWork::new(work.left());
    let budget = Budget::new(*states_left).with_work(oracle.units);
    let (values, spent) =
        solve_loopy_counting(&rules, case.rows.iter().map(|&k| start(k)), budget).map_err(|e| oracle.error(e))?;
    work.spend(spent)?;
    *states_left -= values.len();
    Ok(case.rows.iter().map(|&k| matches!(values[&start(k)], Outcome::Win(_))).collect())
}

fn parse(input: &str) -> Result<Vec<Case>, JudgeError> {
    let mut tokens = Tokens::new(input);
    let mut cases = Vec::new();
    while !tokens.at_end() {
        let c = cases.len() + 1;
        let n = tokens.number(format_args!("the size N of S in case {c}"), 1..=MAX_SET)?;
        let mut blocks = Vec::with_capacity(n as usize);
        for i in 1..=n {
            blocks.push(tokens.number(format_args!("element {i} of S in case {c}"), 1..=MAX_STONES)?);
        }
        let m = tokens.number(format_args!("the number of queries M in case {c}"), 0..=MAX_QUERIES)?;
        // Capacity from the input size, not the declared count, so a bogus M cannot allocate.
        let mut rows = Vec::with_capacity((m as usize).min(input.len() / 2 + 1));
        for j in 1..=m {
            rows.push(tokens.number(format_args!("K of query {j} in case {c}"), 0..=MAX_STONES)?);
        }
        cases.push(Case { blocks, rows });
    }
    Ok(cases)
}

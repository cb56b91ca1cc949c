//! `hdu1851`: HDU 1851 "A Simple Game". Piles from which a move takes 1 to `L_i` stones: a sum
//! of subtraction games `{1, ..., L_i}` (Bash's game), one set per pile.

use crate::plain::{PlainPiles, Take};
use crate::{SubtractionGame, bounded_value};
use judge::explain_all;
use judge::input::Tokens;
use judge::resources::Work;
use judge::sums::{Part, explain_sum};
use judge::{Explanation, JudgeError, Problem, smaller_values, without_runs};
use oracle::{Budget, solve_loopy_counting};
use solver_core::graph::SplitMix64;
use solver_core::{Nimber, Outcome};

const MAX_CASES: u32 = 1_000_000_000;
const MAX_PILES: u32 = 10;
const MAX_STONES: u32 = 20;
const MAX_TAKE: u32 = 20;

/// The oracle searches whole positions of at most this many states (an upper bound is checked
/// before searching, so a large case is declined at once).
const ORACLE: Budget = Budget { max_states: 100_000, max_depth: 2_000, max_work: u64::MAX };

/// The oracle declines a case whose search could take more steps than this (about a second).
const ORACLE_WORK: u64 = 20_000_000;

/// `hdu1851`: the contract is `problems/hdu1851.md` (`gamesolve show hdu1851`).
pub struct Hdu1851;

judge::engines! {
    /// The engines of `hdu1851`.
    pub enum Hdu1851Engine {
        /// solver-core's Grundy table of each take limit ([`SubtractionGame::bounded`]).
        Grundy = "grundy",
        /// `M mod (L + 1)` ([`bounded_value`]).
        Formula = "formula",
        /// `oracle::solve_loopy` on [`PlainPiles`]: every pile at once, no Grundy theory.
        Oracle = "oracle",
    }
}

/// A pile: its stones and the most a move takes.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Pile {
    stones: u32,
    max_take: u32,
}

/// Bash's game of every take limit `0..=MAX_TAKE`, each over every heap the contract allows.
fn bash_games() -> Vec<SubtractionGame> {
    (0..=MAX_TAKE).map(|most| SubtractionGame::bounded(most, MAX_STONES).expect("small heaps")).collect()
}

impl Problem for Hdu1851 {
    type Engine = Hdu1851Engine;

    fn id(&self) -> &'static str {
        "hdu1851"
    }

    fn title(&self) -> &'static str {
        "HDU 1851 A Simple Game: piles with a bounded take, a sum of subtraction games"
    }

    fn contract(&self) -> &'static str {
        include_str!("../../problems/hdu1851.md")
    }

    fn judge(&self, input: &str, engine: Hdu1851Engine) -> Result<String, JudgeError> {
        let (piles, ends) = parse(input)?;
        let starts = std::iter::once(0).chain(ends.iter().copied());
        let cases: Vec<&[Pile]> = starts.zip(&ends).map(|(start, &end)| &piles[start..end]).collect();
        let first_wins: Vec<bool> = match engine {
            Hdu1851Engine::Grundy => {
                let tables: Vec<Vec<Nimber>> = bash_games().iter().map(SubtractionGame::values).collect();
                let value = |p: &Pile| tables[p.max_take as usize][p.stones as usize];
                cases.iter().map(|case| case.iter().map(value).sum::<Nimber>().is_win()).collect()
            }
            Hdu1851Engine::Formula => cases
                .iter()
                .map(|case| case.iter().map(|p| bounded_value(p.stones, p.max_take)).sum::<Nimber>().is_win())
                .collect(),
            Hdu1851Engine::Oracle => {
                // Decline before searching anything, rather than after the cases that fit.
                if cases.iter().any(|case| oracle_bound(case) > ORACLE_WORK) {
                    return Err(JudgeError::oracle_declines(ORACLE));
                }
                let mut work = Work::for_input("the oracle");
                cases.iter().map(|case| oracle_wins(case, &mut work)).collect::<Result<_, _>>()?
            }
        };
        let mut out = String::with_capacity(ends.len() * 4);
        for first_wins in first_wins {
            // The question is whether Agrael, the second player, wins.
            out += if first_wins { "No\n" } else { "Yes\n" };
        }
        Ok(out)
    }

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let (piles, ends) = parse(input)?;
        let games = bash_games();
        let tables: Vec<Vec<Nimber>> = games.iter().map(SubtractionGame::values).collect();
        let starts = std::iter::once(0).chain(ends.iter().copied());
        let explain = |(k, (start, &end)): (usize, (usize, &usize))| {
            let case = &piles[start..end];
            let parts: Vec<Part> = case
                .iter()
                .enumerate()
                .map(|(i, p)| Part {
                    name: format!("pile {}", i + 1),
                    value: tables[p.max_take as usize][p.stones as usize],
                })
                .collect();
            let first_wins = parts.iter().map(|p| p.value).sum::<Nimber>().is_win();
            let verdict = if first_wins { "No" } else { "Yes" }.to_string();
            let picture: Vec<String> = case
                .iter()
                .enumerate()
                .map(|(i, p)| format!("pile {}: {} stones, take 1..={}", i + 1, p.stones, p.max_take))
                .collect();
            let moves_to = |i: usize, v: Nimber| -> Vec<String> {
                let p = case[i];
                let most = p.max_take as usize;
                games[most]
                    .takes_to(&tables[most], p.stones, v)
                    .map(|t| format!("the teacher takes {t} from pile {}", i + 1))
                    .collect()
            };
            let mut explanation = explain_sum(format!("case {}", k + 1), picture.join("\n"), verdict, &parts, moves_to);
            explanation
                .notes
                .push("The teacher moves first; the answer is Yes when Agrael, moving second, wins.".into());
            explanation
        };
        Ok(explain_all(ends.len(), starts.zip(&ends).enumerate().map(explain))?)
    }

    /// Up to 100,000 cases (the judge takes 10^9; an input may hold none).
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        0..=100_000
    }

    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed);
        let mut out = format!("{cases}\n");
        for _ in 0..cases {
            let n = match rng.below(10) {
                0 => MAX_PILES as u64,
                _ => 1 + rng.below(4),
            };
            out += &format!("{n}\n");
            for _ in 0..n {
                let stones = 1 + rng.below(MAX_STONES as u64);
                // Limits at, just below and above the pile, where M mod (L + 1) turns over.
                let max_take = match rng.below(4) {
                    0 => stones.min(MAX_TAKE as u64),
                    1 => stones.saturating_sub(1).max(1),
                    _ => 1 + rng.below(MAX_TAKE as u64),
                };
                out += &format!("{stones} {max_take}\n");
            }
        }
        Ok(out)
    }

    /// Hard cases, each of one kind drawn by the seed (its own random stream): 40% losses for
    /// the teacher (the piles' values `M mod (L + 1)` have a nim-sum of 0: answer Yes, which the
    /// uniform generator gives about one case in eight), 20% wins with a single winning move
    /// among two to four piles (exactly one pile and one take leave a nim-sum of 0), 20% piles where `M mod (L + 1)`
    /// turns over (`M` equal to `L`, to `L + 1`, to `2L + 2`, smaller than `L`, or `L = 1`), 10%
    /// the limits (no pile at all, ten piles of 20 taking 20, ten piles of one, one pile of 20
    /// taking 1), 10% a case of the uniform generator.
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed ^ 0x6861_7264); // "hard": not the uniform generator's stream
        let mut out = format!("{cases}\n");
        for _ in 0..cases {
            let case = match rng.below(10) {
                0..=3 => bash_loss(&mut rng),
                4..=5 => single_winning_take(&mut rng),
                6..=7 => (0..1 + rng.below(4)).map(|_| turning_pile(&mut rng)).collect(),
                8 => match rng.below(4) {
                    0 => Vec::new(),
                    1 => vec![Pile { stones: MAX_STONES, max_take: MAX_TAKE }; MAX_PILES as usize],
                    2 => vec![Pile { stones: 1, max_take: 1 + rng.below(MAX_TAKE as u64) as u32 }; MAX_PILES as usize],
                    _ => vec![Pile { stones: MAX_STONES, max_take: 1 }],
                },
                _ => {
                    let uniform = self.generate(rng.next_u64(), 1)?;
                    parse(&uniform)?.0
                }
            };
            out += &format!("{}\n", case.len());
            for p in &case {
                out += &format!("{} {}\n", p.stones, p.max_take);
            }
        }
        Ok(out)
    }

    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        let (piles, ends) = parse(input)?;
        let starts = std::iter::once(0).chain(ends.iter().copied());
        Ok(starts.zip(&ends).map(|(start, &end)| render(&piles[start..end])).collect())
    }

    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        Ok(judge::input::CaseList::Counted.join(inputs)?)
    }

    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        let Ok((mut case, ends)) = parse(input) else { return Box::new(std::iter::empty()) };
        let Some(&end) = ends.first() else { return Box::new(std::iter::empty()) };
        case.truncate(end);
        // First runs of piles left out, halves first (`without_runs`), then each pile with fewer
        // stones (toward 1, `smaller_values`), then taking one at a time.
        let without = without_runs(case.clone()).map(|kept| render(&kept));
        let simpler = (0..case.len()).flat_map(move |i| {
            let Pile { stones, max_take } = case[i];
            let fewer = smaller_values(u64::from(stones), 1).map(move |fewer| Pile { stones: fewer as u32, max_take });
            let one_at_a_time = (max_take > 1).then_some(Pile { stones, max_take: 1 });
            let case = case.clone();
            fewer.chain(one_at_a_time).map(move |pile| {
                let mut simpler = case.clone();
                simpler[i] = pile;
                render(&simpler)
            })
        });
        Box::new(without.chain(simpler))
    }

    fn is_answer_line(&self, line: &str) -> bool {
        matches!(line, "Yes" | "No")
    }
}

/// A random pile the contract allows.
fn random_pile(rng: &mut SplitMix64) -> Pile {
    Pile { stones: 1 + rng.below(MAX_STONES as u64) as u32, max_take: 1 + rng.below(MAX_TAKE as u64) as u32 }
}

/// A pile where `M mod (L + 1)` turns over: `M = L` (take it all), `M = L + 1` or `2L + 2`
/// (worth 0), `M < L`, or `L = 1` (parity).
fn turning_pile(rng: &mut SplitMix64) -> Pile {
    let most = 1 + rng.below(MAX_TAKE as u64) as u32;
    let stones = match rng.below(5) {
        0 => most,
        1 => most + 1,
        2 => 2 * most + 2,
        3 => 1 + rng.below(most as u64) as u32,
        _ => return Pile { stones: 1 + rng.below(MAX_STONES as u64) as u32, max_take: 1 },
    };
    if stones <= MAX_STONES { Pile { stones, max_take: most } } else { Pile { stones: most, max_take: most } }
}

/// A pile worth `value` (at most 20), its take limit and stones drawn among those that are.
fn pile_worth(rng: &mut SplitMix64, value: u32) -> Pile {
    loop {
        // Worth `value`: stones `value + j (L + 1)` with `L >= value`; `value = 0` needs `j >= 1`.
        let most = value.max(1) + rng.below((MAX_TAKE - value.max(1) + 1) as u64) as u32;
        let stones = value + (value == 0) as u32 * (most + 1) + rng.below(3) as u32 * (most + 1);
        if (1..=MAX_STONES).contains(&stones) {
            return Pile { stones, max_take: most };
        }
    }
}

/// A lost case for the teacher: random piles and one more worth their nim-sum (drawn again when
/// that is above 20, the most a pile is worth).
fn bash_loss(rng: &mut SplitMix64) -> Vec<Pile> {
    let others = if rng.below(10) == 0 { MAX_PILES as u64 - 1 } else { rng.below(4) } as usize;
    loop {
        let mut piles: Vec<Pile> = (0..others).map(|_| turning_or_random(rng)).collect();
        let xor = piles.iter().fold(0, |x, p| x ^ bounded_value(p.stones, p.max_take).0);
        if xor <= MAX_STONES.min(MAX_TAKE) {
            piles.insert(rng.below(piles.len() as u64 + 1) as usize, pile_worth(rng, xor));
            return piles;
        }
    }
}

/// Half the piles where the value turns over, half anywhere.
fn turning_or_random(rng: &mut SplitMix64) -> Pile {
    if rng.below(2) == 0 { turning_pile(rng) } else { random_pile(rng) }
}

/// A won case with exactly one winning move: the takes `1..=min(L, M)` from a pile leave
/// distinct values, so each pile has at most one take to the value that zeroes the nim-sum.
fn single_winning_take(rng: &mut SplitMix64) -> Vec<Pile> {
    for _ in 0..100 {
        // Two piles at least: a lone pile has a single winning take whenever it has one.
        let piles: Vec<Pile> = (0..2 + rng.below(3)).map(|_| turning_or_random(rng)).collect();
        let value = |p: &Pile| bounded_value(p.stones, p.max_take).0;
        let xor = piles.iter().fold(0, |x, p| x ^ value(p));
        let winning =
            |p: &&Pile| (1..=p.max_take.min(p.stones)).any(|t| value(p) ^ xor == (p.stones - t) % (p.max_take + 1));
        if xor != 0 && piles.iter().filter(winning).count() == 1 {
            return piles;
        }
    }
    // One pile worth something has one winning take, to a multiple of L + 1.
    vec![Pile { stones: 1, max_take: 1 }]
}

/// One case as a whole input.
fn render(case: &[Pile]) -> String {
    let mut out = format!("1\n{}\n", case.len());
    for p in case {
        out += &format!("{} {}\n", p.stones, p.max_take);
    }
    out
}

/// An upper bound on the oracle's work: the positions it may visit (tuples of piles no larger than
/// the start's) times the moves from each and the rounds of its search.
fn oracle_bound(piles: &[Pile]) -> u64 {
    let positions = piles.iter().fold(1u64, |n, p| n.saturating_mul(p.stones as u64 + 1));
    // Times the moves from a position and the rounds of the search (each move takes a stone).
    let moves: u64 = piles.iter().map(|p| p.max_take.min(p.stones) as u64).sum();
    let stones: u64 = piles.iter().map(|p| p.stones as u64).sum();
    positions.saturating_mul(moves + 1).saturating_mul(stones + 1)
}

/// Whether the first player wins, by searching every position of all the piles together, within
/// what is left of the input's `work`.
fn oracle_wins(piles: &[Pile], work: &mut Work) -> Result<bool, JudgeError> {
    // Rule number L takes at most L stones.
    let rules = PlainPiles { rules: (0..=MAX_TAKE).map(Take::AtMost).collect() };
    let start = PlainPiles::state(piles.iter().map(|p| (p.max_take as usize, p.stones)));
    let (values, spent) = solve_loopy_counting(&rules, [start.clone()], ORACLE.with_work(work.left()))?;
    work.spend(spent)?;
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

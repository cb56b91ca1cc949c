//! `hdu1849`: HDU 1849 "Rabbit and Grass". Pieces on a strip move left; a piece on cell `k` is
//! a Nim heap of `k` stones, so the position is a sum of Nim heaps.

use crate::plain::{PlainPiles, Take};
use crate::{SubtractionGame, nim_value};
use judge::explain_all;
use judge::input::Tokens;
use judge::resources::Work;
use judge::sums::{Part, explain_sum};
use judge::{Explanation, JudgeError, Problem, smaller_values, without_runs};
use oracle::{Budget, solve_loopy_counting};
use solver_core::graph::SplitMix64;
use solver_core::{Nimber, Outcome};

const MAX_PIECES: u32 = 1000;
const MAX_CELL: u32 = 1000;

/// The oracle searches whole positions of at most this many states (an upper bound is checked
/// before searching, so a large case is declined at once).
const ORACLE: Budget = Budget { max_states: 100_000, max_depth: 2_000, max_work: u64::MAX };

/// The oracle declines a case whose search could take more steps than this (about a second).
const ORACLE_WORK: u64 = 20_000_000;

/// `hdu1849`: the contract is `problems/hdu1849.md` (`gamesolve show hdu1849`).
pub struct Hdu1849;

judge::engines! {
    /// The engines of `hdu1849`.
    pub enum Hdu1849Engine {
        /// solver-core's Grundy table of Nim heaps ([`SubtractionGame::nim`]).
        Grundy = "grundy",
        /// A heap's value is its size ([`nim_value`]).
        Formula = "formula",
        /// `oracle::solve_loopy` on [`PlainPiles`]: every piece at once, no Grundy theory.
        Oracle = "oracle",
    }
}

/// The cases of an input: the cells of every piece, case after case.
struct Cases {
    cells: Vec<u32>,
    /// `ends[c]`: where case `c`'s pieces end in `cells`.
    ends: Vec<usize>,
}

impl Cases {
    fn each(&self) -> impl Iterator<Item = &[u32]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(|(start, &end)| &self.cells[start..end])
    }

    /// Nim on every cell of the input.
    fn nim(&self) -> SubtractionGame {
        let max = self.cells.iter().copied().max().unwrap_or(0);
        SubtractionGame::nim(max).expect("cells are at most 1000")
    }
}

impl Problem for Hdu1849 {
    type Engine = Hdu1849Engine;

    fn id(&self) -> &'static str {
        "hdu1849"
    }

    fn title(&self) -> &'static str {
        "HDU 1849 Rabbit and Grass: pieces moving left on a strip, a sum of Nim heaps"
    }

    fn contract(&self) -> &'static str {
        include_str!("../../problems/hdu1849.md")
    }

    fn judge(&self, input: &str, engine: Hdu1849Engine) -> Result<String, JudgeError> {
        let cases = parse(input)?;
        let mut out = String::with_capacity(cases.ends.len() * 12);
        let verdicts: Vec<bool> = match engine {
            Hdu1849Engine::Grundy => {
                let table = cases.nim().values();
                cases.each().map(|cells| cells.iter().map(|&k| table[k as usize]).sum::<Nimber>().is_win()).collect()
            }
            Hdu1849Engine::Formula => {
                cases.each().map(|cells| cells.iter().map(|&k| nim_value(k)).sum::<Nimber>().is_win()).collect()
            }
            Hdu1849Engine::Oracle => {
                // Decline before searching anything, rather than after the cases that fit.
                if cases.each().any(|cells| oracle_bound(cells) > ORACLE_WORK) {
                    return Err(JudgeError::oracle_declines(ORACLE));
                }
                let mut work = Work::for_input("the oracle");
                cases.each().map(|cells| oracle_wins(cells, &mut work)).collect::<Result<_, _>>()?
            }
        };
        for rabbit_wins in verdicts {
            out += if rabbit_wins { "Rabbit Win!\n" } else { "Grass Win!\n" };
        }
        Ok(out)
    }

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let cases = parse(input)?;
        let nim = cases.nim();
        let table = nim.values();
        let explain = |(k, cells): (usize, &[u32])| {
            let parts: Vec<Part> = cells
                .iter()
                .map(|&c| Part { name: format!("the piece on cell {c}"), value: table[c as usize] })
                .collect();
            let wins = parts.iter().map(|p| p.value).sum::<Nimber>().is_win();
            let picture = format!("pieces on cells {}", cells.iter().map(u32::to_string).collect::<Vec<_>>().join(" "));
            let verdict = if wins { "Rabbit Win!" } else { "Grass Win!" }.to_string();
            let moves_to = |i: usize, v: Nimber| -> Vec<String> {
                let cell = cells[i];
                nim.takes_to(&table, cell, v)
                    .map(|t| format!("move the piece on cell {cell} to cell {}", cell - t))
                    .collect()
            };
            explain_sum(format!("case {}", k + 1), picture, verdict, &parts, moves_to)
        };
        Ok(explain_all(cases.each().count(), cases.each().enumerate().map(explain))?)
    }

    /// Up to 100,000 cases before the closing 0 (an input may hold none).
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        0..=100_000
    }

    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed);
        let mut out = String::new();
        for _ in 0..cases {
            let m = if rng.below(10) == 0 { 1 + rng.below(40) } else { 1 + rng.below(5) };
            let cells: Vec<String> = (0..m)
                .map(|_| match rng.below(10) {
                    // Pieces already home, small cells that repeat, and the far end of the strip.
                    0..=1 => 0,
                    2 => MAX_CELL as u64,
                    3 => rng.below(MAX_CELL as u64 + 1),
                    _ => rng.below(8),
                })
                .map(|c| c.to_string())
                .collect();
            out += &format!("{m}\n{}\n", cells.join(" "));
        }
        out += "0\n";
        Ok(out)
    }

    /// Hard cases, each of one kind drawn by the seed (its own random stream): 40% losses (the
    /// nim-sum of the cells is 0, which the uniform generator gives one case in ten), 20% wins
    /// with a single winning move among two to five pieces, at least two off home (exactly one
    /// piece whose cell holds the nim-sum's top bit), 10% wins whose cells add up to an even
    /// number (a parity-of-the-sum answer calls them lost), 20% the limits (one piece home on
    /// cell 0, one piece on cell 1000, two on 1000, and one case in ten of these with 1000
    /// pieces: all on 1000, the longest game, all home, or on random cells with a nim-sum of
    /// 0), 10% a case of the uniform generator.
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed ^ 0x6861_7264); // "hard": not the uniform generator's stream
        let mut out = String::new();
        for _ in 0..cases {
            let cells = match rng.below(10) {
                0..=3 => nim_loss(&mut rng),
                4..=5 => single_winning_move(&mut rng),
                6 => loop {
                    let count = 1 + rng.below(5) as usize;
                    let cells = random_cells(&mut rng, count);
                    let xor = cells.iter().fold(0, |x, &c| x ^ c);
                    if xor != 0 && cells.iter().sum::<u32>() % 2 == 0 {
                        break cells;
                    }
                },
                7..=8 => match (rng.below(10), rng.below(4)) {
                    (0, 0) => vec![MAX_CELL; MAX_PIECES as usize],
                    (0, 1) => vec![0; MAX_PIECES as usize],
                    (0, _) => loop {
                        let mut cells = random_cells(&mut rng, MAX_PIECES as usize - 1);
                        let xor = cells.iter().fold(0, |x, &c| x ^ c);
                        if xor <= MAX_CELL {
                            cells.push(xor);
                            break cells;
                        }
                    },
                    (1..=3, _) => vec![0],
                    (4..=6, _) => vec![MAX_CELL],
                    _ => vec![MAX_CELL; 2],
                },
                _ => {
                    let uniform = self.generate(rng.next_u64(), 1)?;
                    parse(&uniform)?.cells
                }
            };
            out += &format!("{}\n{}\n", cells.len(), cells.iter().map(u32::to_string).collect::<Vec<_>>().join(" "));
        }
        out += "0\n";
        Ok(out)
    }

    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        Ok(parse(input)?.each().map(render).collect())
    }

    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        Ok(judge::input::CaseList::Terminated("0").join(inputs)?)
    }

    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        let Ok(cases) = parse(input) else { return Box::new(std::iter::empty()) };
        let Some(cells) = cases.each().next().map(<[u32]>::to_vec) else { return Box::new(std::iter::empty()) };
        drop(cases);
        // First runs of cells left out, halves first (`without_runs`), then each cell lowered
        // toward 0 (`smaller_values`).
        let without = without_runs(cells.clone()).map(|kept| render(&kept));
        let lowered = (0..cells.len()).flat_map(move |i| {
            let cells = cells.clone();
            smaller_values(u64::from(cells[i]), 0).map(move |value| {
                let mut smaller = cells.clone();
                smaller[i] = value as u32;
                render(&smaller)
            })
        });
        Box::new(without.chain(lowered))
    }

    fn is_answer_line(&self, line: &str) -> bool {
        matches!(line, "Rabbit Win!" | "Grass Win!")
    }
}

/// `count` cells for a hard case: half of them anywhere on the strip, half small (where cells
/// repeat and cancel out).
fn random_cells(rng: &mut SplitMix64, count: usize) -> Vec<u32> {
    (0..count).map(|_| if rng.below(2) == 0 { rng.below(MAX_CELL as u64 + 1) } else { rng.below(8) } as u32).collect()
}

/// A lost case: random cells and one more on their nim-sum (one piece in ten cases up to 40).
fn nim_loss(rng: &mut SplitMix64) -> Vec<u32> {
    let others = if rng.below(10) == 0 { rng.below(40) } else { rng.below(5) } as usize;
    loop {
        let mut cells = random_cells(rng, others);
        let xor = cells.iter().fold(0, |x, &c| x ^ c);
        // The nim-sum of cells up to 1000 is below 1024; the few above 1000 are drawn again.
        if xor <= MAX_CELL {
            cells.insert(rng.below(cells.len() as u64 + 1) as usize, xor);
            return cells;
        }
    }
}

/// A won case with exactly one winning move: one piece can reach a nim-sum of 0, by moving to
/// its cell xor the nim-sum, only when that is smaller, i.e. its cell has the nim-sum's top bit.
fn single_winning_move(rng: &mut SplitMix64) -> Vec<u32> {
    for _ in 0..100 {
        let count = 2 + rng.below(4) as usize;
        let cells = random_cells(rng, count);
        let xor = cells.iter().fold(0, |x, &c| x ^ c);
        // Two pieces off home at least: a lone piece has a single winning move anyway.
        let away = cells.iter().filter(|&&c| c > 0).count();
        if away >= 2 && xor != 0 && cells.iter().filter(|&&c| c ^ xor < c).count() == 1 {
            return cells;
        }
    }
    // One piece off home has one move to win (found within a hundred draws nearly always).
    vec![1 + rng.below(MAX_CELL as u64) as u32]
}

/// One case as a whole input.
fn render(cells: &[u32]) -> String {
    format!("{}\n{}\n0\n", cells.len(), cells.iter().map(u32::to_string).collect::<Vec<_>>().join(" "))
}

/// An upper bound on the oracle's work: the positions it may visit (tuples of cells no larger
/// than the start's) times the moves from each and the rounds of its search (each at most the
/// sum of the cells, since every move lowers it).
fn oracle_bound(cells: &[u32]) -> u64 {
    let positions = cells.iter().fold(1u64, |n, &k| n.saturating_mul(k as u64 + 1));
    let sum: u64 = cells.iter().map(|&k| k as u64).sum();
    positions.saturating_mul((sum + 1) * (sum + 1))
}

/// Whether the first player wins, by searching every position of all the pieces together, within
/// what is left of the input's `work`.
fn oracle_wins(cells: &[u32], work: &mut Work) -> Result<bool, JudgeError> {
    let rules = PlainPiles { rules: vec![Take::Any] };
    let start = PlainPiles::state(cells.iter().map(|&k| (0, k)));
    let (values, spent) = solve_loopy_counting(&rules, [start.clone()], ORACLE.with_work(work.left()))?;
    work.spend(spent)?;
    Ok(matches!(values[&start], Outcome::Win(_)))
}

fn parse(input: &str) -> Result<Cases, JudgeError> {
    let mut tokens = Tokens::new(input);
    let mut cases = Cases { cells: Vec::new(), ends: Vec::new() };
    for case in 1.. {
        let m = tokens
            .number(format_args!("the number of pieces of case {case}, or 0 to end the input"), 0..=MAX_PIECES)?;
        if m == 0 {
            break;
        }
        for i in 1..=m {
            cases.cells.push(tokens.number(format_args!("the cell of piece {i} of case {case}"), 0..=MAX_CELL)?);
        }
        cases.ends.push(cases.cells.len());
    }
    tokens.expect_end("the 0 that ends the input")?;
    Ok(cases)
}

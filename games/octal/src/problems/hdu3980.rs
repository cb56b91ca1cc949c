//! `hdu3980`: HDU 3980 "Paint Chain": a circle of `N` beads, a move paints `M` consecutive
//! unpainted beads. The contract is `problems/hdu3980.md` (`gamesolve show hdu3980`).
//!
//! The game is [`Circle`]: the first move opens the circle into a row of `N - M` beads, a heap
//! of the octal game with `d_M = 7`, and aekdycoin (who made that move) wins exactly when the
//! row is worth 0; with `N < M` she cannot move and loses.

use super::too_large;
use crate::circle::Circle;
use crate::method::Method;
use crate::naive_grundy;
use crate::plain::BeadCircle;
use judge::explain_all;
use judge::input::Tokens;
use judge::resources::{OracleWork, Work};
use judge::{Explanation, JudgeError, MoveValue, Problem, smaller_values};
use oracle::{Budget, solve_loopy_counting};
use solver_core::Outcome;
use solver_core::graph::SplitMix64;
use std::collections::HashMap;
use std::fmt::Write;
use std::sync::OnceLock;

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

judge::engines! {
    /// The engines of `hdu3980`: the three Grundy-sequence methods on the opened row, and the
    /// oracle on the circle itself.
    pub enum Hdu3980Engine {
        /// [`Method::Naive`].
        Naive = "naive",
        /// [`Method::Sparse`].
        Sparse = "sparse",
        /// [`Method::Grundy`].
        Grundy = "grundy",
        /// `oracle::solve_loopy` on [`BeadCircle`], every bead of the circle.
        Oracle = "oracle",
    }
}

impl Problem for Hdu3980 {
    type Engine = Hdu3980Engine;

    fn id(&self) -> &'static str {
        "hdu3980"
    }

    fn title(&self) -> &'static str {
        "HDU 3980: paint M consecutive beads of a circle of N; the first move opens it into a row"
    }

    fn contract(&self) -> &'static str {
        include_str!("../../problems/hdu3980.md")
    }

    fn judge(&self, input: &str, engine: Hdu3980Engine) -> Result<String, JudgeError> {
        let circles = parse(input)?;
        let method = match engine {
            Hdu3980Engine::Naive => Method::Naive,
            Hdu3980Engine::Sparse => Method::Sparse,
            Hdu3980Engine::Grundy => Method::Grundy,
            Hdu3980Engine::Oracle => return Ok(render(&by_oracle(&circles)?)),
        };
        Ok(render(&Circle::winners(&circles, method).map_err(too_large)?))
    }

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let circles = parse(input)?;
        let explain = |(k, &circle): (usize, &Circle)| {
            let Circle { beads: n, block: m } = circle;
            let title = format!("case {}", k + 1);
            let picture = if n <= 60 {
                format!("{} ({n} beads in a circle, paint {m} at a time)", "o".repeat(n as usize))
            } else {
                format!("a circle of {n} beads, paint {m} at a time")
            };
            let Some(opened) = circle.opened() else {
                return Explanation {
                    title,
                    picture,
                    verdict: "abcdxyzk".into(),
                    value: "*0: no move".into(),
                    notes: vec![format!("Fewer than {m} beads: aekdycoin cannot move and loses.")],
                    ..Default::default()
                };
            };
            let values = naive_grundy(&circle.row_code(), opened as usize + 1);
            let row = values[opened as usize];
            let wins = circle.first_player_wins(&values);
            let after = format!("a row of {opened} with painted beads at both ends, worth *{row}");
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
        Ok(explain_all(circles.len(), circles.iter().enumerate().map(explain))?)
    }

    /// At least one circle, as the input; at most 100,000.
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        1..=100_000
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

    /// Hard circles, each of one kind drawn by the seed (its own random stream), for a block
    /// `M` of a fixed pool solved once per process (`BlockPool`: every `M` up to 40 and a few
    /// up to 1000): 40% circles aekdycoin wins after more than one move (`N >= 2M`, the opened
    /// row worth 0; half of them among the 8 largest `N` up to 1000), 20% circles she loses
    /// where the opened row has a single winning reply up to mirror image, 30% the boundaries
    /// and limits (`N` equal to `M`, `M - 1`, `2M - 1`, `2M`; `N` or `M` 1 or 1000), 10% a
    /// circle of the uniform generator.
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        static POOL: OnceLock<Vec<BlockPool>> = OnceLock::new();
        let pool = POOL.get_or_init(BlockPool::build);
        let mut rng = SplitMix64(seed ^ 0x6861_7264); // "hard": not the uniform generator's stream
        let mut out = format!("{cases}\n");
        for _ in 0..cases {
            let block = &pool[rng.below(pool.len() as u64) as usize];
            let m = block.block;
            let pick = |rng: &mut SplitMix64, beads: &[u32]| beads.get(rng.below(beads.len() as u64) as usize).copied();
            let n = match rng.below(10) {
                0..=1 => pick(&mut rng, &block.wins[..block.wins.len().min(DEEPEST)]),
                2..=3 => pick(&mut rng, &block.wins),
                4..=5 => pick(&mut rng, &block.single_reply),
                6..=8 => {
                    let boundary = [m, m - 1, 2 * m - 1, 2 * m, 1, MAX_BEADS][rng.below(6) as usize];
                    Some(boundary.clamp(1, MAX_BEADS))
                }
                _ => None,
            };
            let (n, m) = match n {
                Some(n) => (n, m),
                // A block without such circles, or the uniform share.
                None => {
                    let uniform = self.generate(rng.next_u64(), 1)?;
                    let circle = parse(&uniform)?[0];
                    (circle.beads, circle.block)
                }
            };
            out += &format!("{n} {m}\n");
        }
        Ok(out)
    }

    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        Ok(parse(input)?.iter().map(|c| format!("1\n{} {}\n", c.beads, c.block)).collect())
    }

    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        Ok(judge::input::CaseList::Counted.join(inputs)?)
    }

    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        let Ok(circles) = parse(input) else { return Box::new(std::iter::empty()) };
        let Some(&Circle { beads: n, block: m }) = circles.first() else { return Box::new(std::iter::empty()) };
        // Fewer beads, then a smaller block, each toward 1 (`smaller_values`).
        let fewer_beads = smaller_values(u64::from(n), 1).map(move |beads| (beads, u64::from(m)));
        let smaller_block = smaller_values(u64::from(m), 1).map(move |block| (u64::from(n), block));
        Box::new(fewer_beads.chain(smaller_block).map(|(beads, block)| format!("1\n{beads} {block}\n")))
    }

    fn is_answer_line(&self, line: &str) -> bool {
        let Some(rest) = line.strip_prefix("Case #") else { return false };
        let Some((k, who)) = rest.split_once(": ") else { return false };
        !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()) && matches!(who, "aekdycoin" | "abcdxyzk")
    }
}

/// A block size solved for every circle up to the largest the contract allows, with the circles
/// where wrong solutions go wrong.
struct BlockPool {
    block: u32,
    /// Circles of at least `2M` beads aekdycoin wins, the most beads first.
    wins: Vec<u32>,
    /// Circles of at least `2M` beads she loses where the opened row has exactly one winning
    /// reply, counting a move and its mirror image as one.
    single_reply: Vec<u32>,
}

/// How many of the largest won circles a hard case draws from, for half of its wins.
const DEEPEST: usize = 8;

impl BlockPool {
    /// Every block up to 40 and a few up to 1000, each solved by the default engine for every
    /// opened row up to `1000 - M`. Time: `O((1000 - M)^2 / 4)` a block.
    fn build() -> Vec<BlockPool> {
        let large = [50, 64, 99, 100, 128, 200, 250, 333, 499, 500, 501, 999, 1000];
        (1..=40).chain(large).map(BlockPool::solve).collect()
    }

    fn solve(block: u32) -> BlockPool {
        let values = naive_grundy(&Circle::new(MAX_BEADS, block).row_code(), (MAX_BEADS - block) as usize + 1);
        let value = |row: u32| values[row as usize];
        // The replies to an opened row of `row` beads: paint M after `left`, leaving rows of
        // `left` and `row - M - left`; a reply wins when they are worth the same.
        let winning_replies = |row: u32| {
            let splits = (0..=row.saturating_sub(block) / 2).map(|left| (left, row - block - left));
            splits.filter(|&(left, right)| value(left) == value(right)).take(2).count()
        };
        let circles = (2 * block..=MAX_BEADS).rev();
        let wins = circles.clone().filter(|&n| value(n - block) == 0).collect();
        let single_reply = circles.filter(|&n| value(n - block) != 0 && winning_replies(n - block) == 1).collect();
        BlockPool { block, wins, single_reply }
    }
}

/// The judge's output: the winner of each circle.
fn render(first_wins: &[bool]) -> String {
    let mut out = String::with_capacity(first_wins.len() * 24);
    for (k, &wins) in first_wins.iter().enumerate() {
        let winner = if wins { "aekdycoin" } else { "abcdxyzk" };
        writeln!(out, "Case #{}: {winner}", k + 1).expect("writing to a String cannot fail");
    }
    out
}

/// Each circle by a win/lose search of its painted beads, sharing a state budget and the input's
/// work budget.
fn by_oracle(circles: &[Circle]) -> Result<Vec<bool>, JudgeError> {
    let mut states_left = ORACLE_STATES;
    let mut work = Work::for_input("the oracle");
    let mut known: HashMap<Circle, bool> = HashMap::new();
    let mut first_wins = Vec::with_capacity(circles.len());
    for &circle in circles {
        if let Some(&wins) = known.get(&circle) {
            first_wins.push(wins);
            continue;
        }
        let Circle { beads: n, block: m } = circle;
        let beads = BeadCircle::new(n, m)
            .filter(|_| n <= ORACLE_MAX_BEADS)
            .ok_or_else(|| JudgeError::oracle_declines(Budget::new(states_left)))?;
        let oracle = OracleWork::new(work.left());
        let (values, spent) = solve_loopy_counting(&beads, [0], Budget::new(states_left).with_work(oracle.units))
            .map_err(|e| oracle.error(e))?;
        work.spend(spent)?;
        states_left -= values.len();
        let wins = matches!(values[&0], Outcome::Win(_));
        known.insert(circle, wins);
        first_wins.push(wins);
    }
    Ok(first_wins)
}

fn parse(input: &str) -> Result<Vec<Circle>, JudgeError> {
    let mut tokens = Tokens::new(input);
    let t = tokens.number("the number of test cases T", 1..=MAX_CASES)?;
    // Capacity from the input size, not the declared count, so a bogus T cannot allocate.
    let mut circles = Vec::with_capacity((t as usize).min(input.len() / 4 + 1));
    for k in 1..=t {
        let n = tokens.number(format_args!("N of case {k}"), 1..=MAX_BEADS)?;
        let m = tokens.number(format_args!("M of case {k}"), 1..=MAX_BEADS)?;
        circles.push(Circle::new(n, m));
    }
    tokens.expect_end("the last case")?;
    Ok(circles)
}

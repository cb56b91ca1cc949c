//! `hdu1730`: HDU 1730 "Northcott Game". The empty cells between the two pieces of a row are a
//! Nim heap; the real board, partizan and loopy, is what the oracle plays.

use crate::SubtractionGame;
use crate::northcott::{Player, Row, gap, nim_sum};
use crate::plain::PlainNorthcott;
use judge::explain_all;
use judge::input::Tokens;
use judge::resources::Work;
use judge::sums::{Part, explain_sum};
use judge::{Explanation, JudgeError, Problem, without_runs};
use oracle::{Budget, solve_loopy_counting};
use solver_core::graph::SplitMix64;
use solver_core::{Nimber, Outcome};

const MAX_ROWS: u32 = 1000;
const MAX_COLS: u32 = 100;

/// The oracle searches real boards of at most this many positions (an upper bound is checked
/// before searching, so a large board is declined at once): 3 rows of 7 columns fit, and take
/// it a fraction of a second (3 rows of 9, 93,312 positions, took it 1.7 s).
const ORACLE: Budget = Budget { max_states: 20_000, max_depth: 2_000, max_work: u64::MAX };

/// `hdu1730`: the contract is `problems/hdu1730.md` (`gamesolve show hdu1730`).
pub struct Hdu1730;

judge::engines! {
    /// The engines of `hdu1730`.
    pub enum Hdu1730Engine {
        /// solver-core's Grundy table of Nim heaps, one heap per row's gap.
        Grundy = "grundy",
        /// The xor of the gaps ([`nim_sum`]).
        Formula = "formula",
        /// `oracle::solve_loopy` on [`PlainNorthcott`]: the real board, every row at once, each
        /// player moving his own pieces both ways.
        Oracle = "oracle",
    }
}

/// A board: its columns and where its rows lie in the list of every row.
struct Board {
    cols: u32,
    rows: std::ops::Range<usize>,
}

/// Nim on every gap of these rows.
fn nim_of_gaps(rows: &[Row]) -> SubtractionGame {
    let max_gap = rows.iter().map(|&r| gap(r)).max().unwrap_or(0);
    SubtractionGame::nim(max_gap).expect("gaps are below 100")
}

impl Problem for Hdu1730 {
    type Engine = Hdu1730Engine;

    fn id(&self) -> &'static str {
        "hdu1730"
    }

    fn title(&self) -> &'static str {
        "HDU 1730 Northcott Game: facing pieces on rows, the gaps play as Nim"
    }

    fn contract(&self) -> &'static str {
        include_str!("../../problems/hdu1730.md")
    }

    fn judge(&self, input: &str, engine: Hdu1730Engine) -> Result<String, JudgeError> {
        let (boards, rows) = parse(input)?;
        let each = || boards.iter().map(|b| (b.cols, &rows[b.rows.clone()]));
        let verdicts: Vec<bool> = match engine {
            Hdu1730Engine::Grundy => {
                let table = nim_of_gaps(&rows).values();
                each().map(|(_, rows)| rows.iter().map(|&r| table[gap(r) as usize]).sum::<Nimber>().is_win()).collect()
            }
            Hdu1730Engine::Formula => each().map(|(_, rows)| nim_sum(rows).is_win()).collect(),
            Hdu1730Engine::Oracle => {
                // Decline before searching anything, rather than after the boards that fit.
                let bound = |cols: u32, rows: &[Row]| PlainNorthcott { cols }.positions_bound(rows.len());
                if each().any(|(cols, rows)| bound(cols, rows) > ORACLE.max_states as u64) {
                    return Err(JudgeError::oracle_declines(ORACLE));
                }
                let mut work = Work::for_input("the oracle");
                each().map(|(cols, rows)| oracle_wins(cols, rows, &mut work)).collect::<Result<_, _>>()?
            }
        };
        let mut out = String::with_capacity(boards.len() * 10);
        for tom_wins in verdicts {
            out += if tom_wins { "I WIN!\n" } else { "BAD LUCK!\n" };
        }
        Ok(out)
    }

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let (boards, rows) = parse(input)?;
        let table = nim_of_gaps(&rows).values();
        let explain = |(k, board): (usize, &Board)| {
            let rows = &rows[board.rows.clone()];
            let parts: Vec<Part> = rows
                .iter()
                .enumerate()
                .map(|(i, &r)| Part { name: format!("row {} (gap {})", i + 1, gap(r)), value: table[gap(r) as usize] })
                .collect();
            let wins = parts.iter().map(|p| p.value).sum::<Nimber>().is_win();
            let verdict = if wins { "I WIN!" } else { "BAD LUCK!" }.to_string();
            let picture = draw(board.cols, rows);
            let moves_to = |i: usize, v: Nimber| -> Vec<String> {
                let from = rows[i].tom;
                let to = rows[i].toward(Player::Tom, v.0).map(|r| r.tom);
                to.map(|to| format!("row {}: Tom's piece from column {from} to column {to}", i + 1))
                    .into_iter()
                    .collect()
            };
            let mut explanation = explain_sum(format!("case {}", k + 1), picture, verdict, &parts, moves_to);
            explanation.notes.push(
                "Each row plays as a Nim heap of the empty cells between its pieces; Tom moves first.".to_string(),
            );
            explanation
        };
        Ok(explain_all(boards.len(), boards.iter().enumerate().map(explain))?)
    }

    /// Up to 100,000 cases (an input may hold none).
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        0..=100_000
    }

    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed);
        let mut out = String::new();
        for _ in 0..cases {
            let n = if rng.below(10) == 0 { 1 + rng.below(20) as u32 } else { 1 + rng.below(3) as u32 };
            let m = if rng.below(10) == 0 { MAX_COLS } else { 2 + rng.below(9) as u32 };
            let mut rows = Vec::new();
            for _ in 0..n {
                let tom = 1 + rng.below(m as u64) as u32;
                // A fifth of the rows have their pieces side by side (gap 0).
                let jerry = match rng.below(5) {
                    0 if tom < m => tom + 1,
                    0 => tom - 1,
                    _ => loop {
                        let j = 1 + rng.below(m as u64) as u32;
                        if j != tom {
                            break j;
                        }
                    },
                };
                rows.push(Row { tom, jerry });
            }
            out += &render(m, &rows);
        }
        Ok(out)
    }

    /// Hard boards, each of one kind drawn by the seed (its own random stream): 40% losses for
    /// Tom (the gaps' nim-sum is 0), 25% wins with a single winning move on the real board
    /// (exactly one row where Tom can slide, toward Jerry or back, to a nim-sum of 0), 25% the
    /// limits (one row of 2 columns, where Tom cannot move; one row of 100 with the pieces at
    /// both ends, or side by side in the middle; and one board in ten of these with 1000 rows
    /// of 100 columns: every gap 98, gaps of nim-sum 0, or 1000 rows of 2 columns), 10% a board
    /// of the uniform generator. Pieces lie either way round and anywhere their gap fits.
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed ^ 0x6861_7264); // "hard": not the uniform generator's stream
        let mut out = String::new();
        for _ in 0..cases {
            let (m, rows) = match rng.below(20) {
                0..=7 => {
                    let (m, n) = (hard_cols(&mut rng), few_rows(&mut rng));
                    let gaps = gaps_of_nim_sum_0(&mut rng, m, n);
                    (m, place(&mut rng, m, &gaps))
                }
                8..=12 => single_winning_row(&mut rng),
                13..=17 => match (rng.below(10), rng.below(3)) {
                    (0, 0) => (MAX_COLS, place(&mut rng, MAX_COLS, &[MAX_COLS - 2; MAX_ROWS as usize])),
                    (0, 1) => {
                        let gaps = gaps_of_nim_sum_0(&mut rng, MAX_COLS, MAX_ROWS as usize);
                        (MAX_COLS, place(&mut rng, MAX_COLS, &gaps))
                    }
                    (0, _) => (2, place(&mut rng, 2, &[0; MAX_ROWS as usize])),
                    (1..=3, _) => (2, place(&mut rng, 2, &[0])),
                    (4..=6, _) => (MAX_COLS, place(&mut rng, MAX_COLS, &[MAX_COLS - 2])),
                    _ => {
                        let tom = 2 + rng.below(MAX_COLS as u64 - 3) as u32;
                        (MAX_COLS, vec![Row { tom, jerry: if rng.below(2) == 0 { tom - 1 } else { tom + 1 } }])
                    }
                },
                _ => {
                    let uniform = self.generate(rng.next_u64(), 1)?;
                    let (boards, rows) = parse(&uniform)?;
                    (boards[0].cols, rows)
                }
            };
            out += &render(m, &rows);
        }
        Ok(out)
    }

    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        let (boards, rows) = parse(input)?;
        Ok(boards.iter().map(|b| render(b.cols, &rows[b.rows.clone()])).collect())
    }

    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        Ok(judge::input::CaseList::UntilEnd.join(inputs)?)
    }

    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        let Ok((boards, rows)) = parse(input) else { return Box::new(std::iter::empty()) };
        let Some(board) = boards.first() else { return Box::new(std::iter::empty()) };
        let (cols, rows) = (board.cols, rows[board.rows.clone()].to_vec());
        // First runs of rows left out, halves first (`without_runs`); then variant `j`: row
        // `j / 2` moved to the left edge with no gap or half its gap, then a narrower board.
        let fewer = without_runs(rows.clone()).map(move |kept| render(cols, &kept));
        let widest = rows.iter().map(|r| r.tom.max(r.jerry)).max().unwrap_or(2).max(2);
        let narrower = usize::from(widest < cols);
        Box::new(fewer.chain((0..2 * rows.len() + narrower).filter_map(move |j| {
            let (i, which) = (j / 2, j % 2);
            if i == rows.len() {
                return Some(render(widest, &rows));
            }
            let g = [0, gap(rows[i]) / 2][which];
            let mut closer = rows.clone();
            closer[i] =
                if rows[i].tom < rows[i].jerry { Row { tom: 1, jerry: g + 2 } } else { Row { tom: g + 2, jerry: 1 } };
            (closer[i] != rows[i]).then(|| render(cols, &closer))
        })))
    }

    fn is_answer_line(&self, line: &str) -> bool {
        matches!(line, "I WIN!" | "BAD LUCK!")
    }
}

/// The columns of a hard board: mostly a few, one board in five the widest.
fn hard_cols(rng: &mut SplitMix64) -> u32 {
    if rng.below(5) == 0 { MAX_COLS } else { 2 + rng.below(9) as u32 }
}

/// The rows of a hard board: 1 to 4, one board in ten up to 20.
fn few_rows(rng: &mut SplitMix64) -> usize {
    1 + if rng.below(10) == 0 { rng.below(20) } else { rng.below(4) } as usize
}

/// `rows` gaps that fit `cols` columns, the last making the nim-sum 0 (drawn again when it
/// would not fit).
fn gaps_of_nim_sum_0(rng: &mut SplitMix64, cols: u32, rows: usize) -> Vec<u32> {
    loop {
        let mut gaps: Vec<u32> = (1..rows).map(|_| rng.below(cols as u64 - 1) as u32).collect();
        let xor = gaps.iter().fold(0, |x, &g| x ^ g);
        if xor <= cols - 2 {
            gaps.push(xor);
            return gaps;
        }
    }
}

/// A row for each gap, anywhere it fits, Tom's piece left or right of Jerry's.
fn place(rng: &mut SplitMix64, cols: u32, gaps: &[u32]) -> Vec<Row> {
    gaps.iter()
        .map(|&g| {
            let left = 1 + rng.below((cols - g - 1) as u64) as u32;
            let right = left + g + 1;
            if rng.below(2) == 0 { Row { tom: left, jerry: right } } else { Row { tom: right, jerry: left } }
        })
        .collect()
}

/// How many moves of Tom's win: a row's move to the gap `gap ^ nim-sum` wins, toward Jerry when
/// that is smaller, or back toward the edge when it is larger and the edge leaves room.
fn winning_moves(cols: u32, rows: &[Row]) -> usize {
    let xor = nim_sum(rows).0;
    let wins = |r: &Row| {
        let (g, target) = (gap(*r), gap(*r) ^ xor);
        let widest = if r.tom < r.jerry { r.jerry - 2 } else { cols - r.jerry - 1 };
        xor != 0 && (target < g || target <= widest)
    };
    rows.iter().filter(|r| wins(r)).count()
}

/// A board Tom wins with exactly one winning move, drawn again until one is found (a single row
/// with a gap has exactly one: next to Jerry's piece).
fn single_winning_row(rng: &mut SplitMix64) -> (u32, Vec<Row>) {
    for _ in 0..100 {
        let m = hard_cols(rng);
        let n = few_rows(rng);
        let gaps: Vec<u32> = (0..n).map(|_| rng.below(m as u64 - 1) as u32).collect();
        let rows = place(rng, m, &gaps);
        if winning_moves(m, &rows) == 1 {
            return (m, rows);
        }
    }
    (MAX_COLS, vec![Row { tom: 1, jerry: MAX_COLS }])
}

/// One board as a whole input.
fn render(cols: u32, rows: &[Row]) -> String {
    let mut out = format!("{} {cols}\n", rows.len());
    for r in rows {
        out += &format!("{} {}\n", r.tom, r.jerry);
    }
    out
}

/// The board drawn a row per line: `T` Tom's piece, `J` Jerry's, `.` an empty cell.
fn draw(cols: u32, rows: &[Row]) -> String {
    let line = |r: &Row| -> String {
        (1..=cols)
            .map(|c| {
                if c == r.tom {
                    'T'
                } else if c == r.jerry {
                    'J'
                } else {
                    '.'
                }
            })
            .collect()
    };
    rows.iter().map(|r| line(r) + "\n").collect()
}

/// Whether Tom, moving first, wins on the real board, searched without the Nim reduction, within
/// what is left of the input's `work`.
fn oracle_wins(cols: u32, rows: &[Row], work: &mut Work) -> Result<bool, JudgeError> {
    let rules = PlainNorthcott { cols };
    let start = PlainNorthcott::state(rows.iter().map(|r| (r.tom, r.jerry)), true);
    let (values, spent) = solve_loopy_counting(&rules, [start.clone()], ORACLE.with_work(work.left()))?;
    work.spend(spent)?;
    // Endless play is no win for Tom (and never happens: the crate's tests check every small board).
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

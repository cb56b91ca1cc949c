//! `hdu4753`: HDU 4753 "Fishhead's Little Game", 3x3 dots and boxes where the turn always
//! passes: who wins after the first n moves? Correct for every n from 0 to 24. The contract is
//! `problems/hdu4753.md` (`gamesolve show hdu4753`).

use crate::plain::PlainDots;
use crate::{Board, DotsAndBoxes, Lines, Record, Rule};
use judge::explain_all;
use judge::input::Tokens;
use judge::resources::Work;
use judge::{Explanation, JudgeError, MoveValue, Problem};
use oracle::{Budget, ScoreOracle};
use solver_core::graph::SplitMix64;
use solver_core::{StateSpace, score_table};
use std::borrow::Cow;
use std::fmt::Write;
use std::sync::OnceLock;

/// `hdu4753`: T cases of n moves on the 4x4 grid of points 1..16; for each, whoever of Tom200
/// (first) and Jerry404 ends with more of the 9 boxes when the other 24 - n segments are drawn
/// optimally, the turn always passing.
pub struct Hdu4753;

judge::engines! {
    /// The engines of `hdu4753`.
    pub enum Hdu4753Engine {
        /// `table` or `per-case`, whichever does less work on this input ([`prefers_table`]).
        Auto = "auto",
        /// Solves all 2^24 positions of the board once per process (16 MiB) and looks every
        /// case up.
        Table = "table",
        /// Solves the 2^(24 - n) positions after each case's moves.
        PerCase = "per-case",
        /// `oracle::ScoreOracle` on [`PlainDots`], the naive memoized search on sets of segments,
        /// within [`ORACLE_STATES`] a case (n >= 11).
        Oracle = "oracle",
    }
}

/// The most cases an input may hold (the statement publishes no limit).
const MAX_CASES: u32 = 1_000_000;

/// The oracle's budget per case: enough for 13 free lines (n >= 11).
pub const ORACLE_STATES: usize = 1 << 13;

/// What one unit of the oracle's work costs of the input's budget. Its positions are sets of
/// segments whose moves count the boxes they close, about 0.25 million units a second against
/// the 1.5 to 7 million of the oracles on hashed vectors, so its units are charged 16 times, to
/// keep its refusal within seconds like theirs.
const ORACLE_UNIT_COST: u64 = 16;

/// The players, first mover first.
const PLAYERS: [&str; 2] = ["Tom200", "Jerry404"];

/// Their marks in the pictures of `explain`.
const MARKS: [char; 2] = ['T', 'J'];

fn board() -> Board {
    Board::new(3, 3).expect("3x3 has 24 lines")
}

/// The winner's name when the player to move at `record` can force `future` more boxes than the
/// other: 9 boxes cannot split evenly, so the final lead is never 0.
fn winner(record: &Record, future: i64) -> &'static str {
    if record.final_lead(0, future) > 0 { PLAYERS[0] } else { PLAYERS[1] }
}

/// Every position of the board under HDU 4753's rule, solved at most once per process.
static TABLE: OnceLock<Vec<i8>> = OnceLock::new();

fn full_table() -> &'static [i8] {
    TABLE.get_or_init(|| {
        score_table::<i8, _>(&DotsAndBoxes::new(board(), Rule::TurnPasses)).expect("values of 9 boxes fit i8")
    })
}

/// Whether solving the whole board beats solving each case on its own, by counting work in
/// moves: a position with `f` free lines has `2^f` positions after it with `f / 2 + 1` moves on
/// average (plus a fixed cost per case worth about 2^10 moves: allocation, parsing, output),
/// against `2^24 * 12` for the whole board. benches/hdu4753.rs and the full-table bench measure
/// 1.7 to 2.9 ns per counted move on both sides (f = 12: 50 us; f = 20: 30 ms; the whole board
/// 0.3 s of CPU), so the break-even is within a factor of 1.5 of where this rule puts it: about
/// 7,000 cases with 12 free lines, 18 with 20 free lines, or one case with 24.
pub fn prefers_table(free_lines: impl IntoIterator<Item = usize>) -> bool {
    // Once solved, the table answers every case at once.
    if TABLE.get().is_some() {
        return true;
    }
    const TABLE_WORK: u64 = (1 << 24) * 12;
    let mut work: u64 = 0;
    for f in free_lines {
        work += (1u64 << f) * (f as u64 / 2 + 1) + (1 << 10);
        if work > TABLE_WORK {
            return true;
        }
    }
    false
}

/// How many random games the hard generator plays at most for a case before it keeps the last.
/// Each game is looked at after every number of moves in the kind's range, so a few suffice.
const HARD_TRIES: usize = 16;

/// The work of solving a case with `f` free lines on its own, in steps of a dense engine
/// (charged as such): its `2^f` positions and their `f 2^(f-1)` moves (each free line is drawn from half
/// of them), which is what the score table visits.
fn per_case_work(f: usize) -> u64 {
    (1u64 << f) + ((f as u64) << f) / 2
}

/// A solved space that holds a case's position and everything after it.
struct Solved {
    game: DotsAndBoxes,
    values: Cow<'static, [i8]>,
}

impl Solved {
    fn new(drawn: Lines, table: bool) -> Solved {
        if table {
            Solved { game: DotsAndBoxes::new(board(), Rule::TurnPasses), values: Cow::Borrowed(full_table()) }
        } else {
            let game = DotsAndBoxes::from_position(board(), Rule::TurnPasses, drawn);
            let values = score_table::<i8, _>(&game).expect("values of 9 boxes fit i8");
            Solved { game, values: Cow::Owned(values) }
        }
    }

    /// The value of `lines` (a position of this space) for the player to move.
    fn value(&self, lines: Lines) -> i64 {
        i64::from(self.values[self.game.rank(&lines).index()])
    }
}

impl Problem for Hdu4753 {
    type Engine = Hdu4753Engine;

    fn id(&self) -> &'static str {
        "hdu4753"
    }

    fn title(&self) -> &'static str {
        "HDU 4753 Fishhead's Little Game: 3x3 dots and boxes, the turn always passes, any n"
    }

    fn contract(&self) -> &'static str {
        include_str!("../problems/hdu4753.md")
    }

    fn judge(&self, input: &str, engine: Hdu4753Engine) -> Result<String, JudgeError> {
        let cases = parse(input)?;
        let table = match engine {
            Hdu4753Engine::Auto => prefers_table(cases.iter().map(Record::free)),
            Hdu4753Engine::Table => true,
            Hdu4753Engine::PerCase => false,
            Hdu4753Engine::Oracle => {
                let rules = PlainDots { rows: 3, cols: 3, rule: Rule::TurnPasses };
                let mut futures = Vec::with_capacity(cases.len());
                let mut work = Work::for_input("the oracle");
                for case in &cases {
                    let budget = Budget::new(ORACLE_STATES).with_work(work.left() / ORACLE_UNIT_COST);
                    let mut oracle = ScoreOracle::new(&rules, budget);
                    futures.push(oracle.value(&PlainDots::from_lines(&board(), case.drawn()))?);
                    work.spend(oracle.work() * ORACLE_UNIT_COST)?;
                }
                return Ok(render_winners(&cases, &futures));
            }
        };
        let futures: Vec<i64> = if table {
            let solved = Solved::new(0, true);
            cases.iter().map(|c| solved.value(c.drawn())).collect()
        } else {
            if engine == Hdu4753Engine::PerCase {
                // Declined before anything is solved: the positions and moves are counted exactly.
                let mut work = Work::for_input("the per-case engine");
                cases.iter().try_for_each(|c| work.spend_dense(per_case_work(c.free())))?;
            }
            cases.iter().map(|c| Solved::new(c.drawn(), false).value(c.drawn())).collect()
        };
        Ok(render_winners(&cases, &futures))
    }

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let cases = parse(input)?;
        let table = prefers_table(cases.iter().map(Record::free));
        let solved_board = table.then(|| Solved::new(0, true));
        let explain = |(k, case): (usize, &Record)| {
            let per_case;
            let solved = match &solved_board {
                Some(solved) => solved,
                None => {
                    per_case = Solved::new(case.drawn(), false);
                    &per_case
                }
            };
            explain_case(k + 1, case, solved)
        };
        Ok(explain_all(cases.len(), cases.iter().enumerate().map(explain))?)
    }

    /// At least one case, as the input; at most 100,000 (the judge takes 10^6).
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        1..=100_000
    }

    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed);
        let board = board();
        let mut all: Vec<(usize, usize)> = (0..board.lines())
            .map(|e| {
                let (a, b) = board.line(e);
                (board.dot_number(a), board.dot_number(b))
            })
            .collect();
        all.sort_unstable();
        let games: Vec<Vec<(usize, usize)>> = (0..cases)
            .map(|_| {
                // Mostly late positions, cheap to solve one by one; the finished board, and now
                // and then an early one that needs the whole table.
                let n = match rng.below(100) {
                    0..=19 => 24,
                    20..=22 => rng.below(10) as usize,
                    _ => 10 + rng.below(14) as usize,
                };
                let mut order = all.clone();
                for i in (1..order.len()).rev() {
                    order.swap(i, rng.below(i as u64 + 1) as usize);
                }
                // Segments are given in either direction.
                order.into_iter().take(n).map(|(x, y)| if rng.below(2) == 0 { (x, y) } else { (y, x) }).collect()
            })
            .collect();
        Ok(render(&games))
    }

    /// Games played at random, each kept only when it has the property its kind asks for
    /// (judged on the whole board's table, solved once per process; up to `HARD_TRIES`
    /// playouts a case, else the last one): 10% games won by a single box (two thirds of
    /// random late games are already), 30% positions whose player to move wins by one move
    /// only (every other move gives the game away), 20% games where the boxes already closed
    /// decide: the winner is not who the rest of the game alone favours,
    /// 10% games with a move that closed two boxes at once, 10% early boards with 13 to 24
    /// free lines (past the 12 that accepted contest solutions search; a quarter of them the
    /// empty board), 10% the ends (all 24 lines drawn, or 23), 10% any game with 10 to 23 moves.
    /// The first four kinds ask for each winner half the time (Jerry404 wins three quarters
    /// of random games). Segments are written in either
    /// direction.
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let solved = Solved::new(0, true);
        let board = board();
        let mut rng = SplitMix64(seed ^ 0x6861_7264); // "hard": not the uniform generator's stream
        let points = |e: usize| {
            let (a, b) = board.line(e);
            (board.dot_number(a), board.dot_number(b))
        };
        let future = |record: &Record| solved.value(record.drawn());
        let mut order: Vec<usize> = (0..board.lines()).collect();
        let mut found = Vec::with_capacity(board.lines() + 1);
        let games: Vec<Vec<(usize, usize)>> = (0..cases)
            .map(|_| {
                let kind = judge::hard_pools::share(&[10, 30, 20, 10, 10, 10, 10], &mut rng);
                let tom_wins = rng.below(2) == 0;
                let moves = match kind {
                    1 => 12..=22,
                    2 => 14..=23,
                    4 if rng.below(4) == 0 => 0..=0,
                    4 => 0..=11,
                    5 => 23..=24,
                    _ => 10..=23,
                };
                // Each try plays a random game and keeps every number of moves in range at which
                // the game has the kind's property; a found one is drawn among them.
                for _ in 0..HARD_TRIES {
                    for i in (1..order.len()).rev() {
                        order.swap(i, rng.below(i as u64 + 1) as usize);
                    }
                    found.clear();
                    let (mut record, mut double) = (Record::new(board, Rule::TurnPasses), false);
                    for n in 0..=*moves.end() {
                        if n > 0 {
                            double |= record.draw(order[n - 1]) == 2;
                        }
                        if n < *moves.start() {
                            continue;
                        }
                        if kind >= 4 {
                            found.push(n);
                            continue;
                        }
                        let (mover, rest) = (record.to_move(), future(&record));
                        let mover_lead = record.final_lead(mover, rest);
                        // The winner asked for, checked first: it is the cheapest test.
                        if (mover_lead > 0) != (tom_wins == (mover == 0)) {
                            continue;
                        }
                        let keep = match kind {
                            0 => mover_lead.abs() == 1,
                            1 => {
                                let keeps = |&&e: &&usize| {
                                    let mut after = record;
                                    after.draw(e);
                                    after.final_lead(mover, future(&after)) > 0
                                };
                                mover_lead > 0
                                    && n + 2 <= order.len()
                                    && order[n..].iter().filter(keeps).take(2).count() == 1
                            }
                            2 => (mover_lead > 0) != (rest > 0),
                            _ => double,
                        };
                        if keep {
                            found.push(n);
                        }
                    }
                    if !found.is_empty() {
                        break;
                    }
                }
                // Without a game of the kind, the last game at a number of moves in range.
                let n = match found.len() {
                    0 => *moves.start() + rng.below((moves.end() - moves.start() + 1) as u64) as usize,
                    len => found[rng.below(len as u64) as usize],
                };
                // Segments are given in either direction.
                let segment = |e: usize, flip: bool| if flip { (points(e).1, points(e).0) } else { points(e) };
                order[..n].iter().map(|&e| segment(e, rng.below(2) == 1)).collect()
            })
            .collect();
        Ok(render(&games))
    }

    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        parse(input)?;
        Ok(segments_of_cases(input).into_iter().map(|case| render(&[case])).collect())
    }

    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        Ok(judge::input::CaseList::Counted.join(inputs)?)
    }

    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        if parse(input).is_err() {
            return Box::new(std::iter::empty());
        }
        let Some(segments) = segments_of_cases(input).into_iter().next() else { return Box::new(std::iter::empty()) };
        // Fewer moves played: a prefix of the same game.
        Box::new((0..segments.len()).rev().take(3).map(move |n| render(&[segments[..n].to_vec()])))
    }

    fn is_answer_line(&self, line: &str) -> bool {
        let Some(rest) = line.strip_prefix("Case #") else { return false };
        let Some((k, who)) = rest.split_once(": ") else { return false };
        !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()) && PLAYERS.contains(&who)
    }
}

/// The judge's output: `Case #k: <winner>` a line.
fn render_winners(cases: &[Record], futures: &[i64]) -> String {
    let mut out = String::with_capacity(cases.len() * 20);
    for (k, (case, &future)) in cases.iter().zip(futures).enumerate() {
        writeln!(out, "Case #{}: {}", k + 1, winner(case, future)).expect("writing to a String cannot fail");
    }
    out
}

/// The cases of a valid input, each as its list of segments `(x, y)` in the order drawn.
fn segments_of_cases(input: &str) -> Vec<Vec<(usize, usize)>> {
    let mut tokens = Tokens::new(input);
    let mut next = || tokens.next_token().and_then(|t| t.text.parse::<usize>().ok()).unwrap_or(0);
    let t = next();
    (0..t).map(|_| (0..next()).map(|_| (next(), next())).collect()).collect()
}

/// Cases as a whole input.
fn render(cases: &[Vec<(usize, usize)>]) -> String {
    let mut out = format!("{}\n", cases.len());
    for segments in cases {
        out += &format!("{}\n", segments.len());
        for (x, y) in segments {
            out += &format!("{x} {y}\n");
        }
    }
    out
}

/// The moves from `lines` with their values for the mover, best first, ties in the order of
/// their points (e.g. `1-2` before `1-5` before `2-3`).
fn ranked_moves(solved: &Solved, lines: Lines) -> Vec<(usize, i32, i64)> {
    let board = board();
    let id = solved.game.rank(&lines);
    let mut moves = solved.game.move_values(&solved.values, id);
    let points = |e: usize| {
        let (a, b) = board.line(e);
        (board.dot_number(a), board.dot_number(b))
    };
    moves.sort_by_key(|&(e, _, value)| (-value, points(e)));
    moves
}

fn explain_case(k: usize, case: &Record, solved: &Solved) -> Explanation {
    let board = board();
    let future = solved.value(case.drawn());
    let left = case.free();
    let mover = PLAYERS[case.to_move()];
    let mut explanation =
        Explanation { title: format!("case {k}"), verdict: winner(case, future).to_string(), ..Default::default() };
    let score = format!(
        "after {}: {} has {} and {} {}; {} left",
        count(case.moves() as i64, "move", "moves"),
        PLAYERS[0],
        count(case.boxes(0).into(), "box", "boxes"),
        PLAYERS[1],
        case.boxes(1),
        count(left as i64, "segment", "segments")
    );
    if left == 0 {
        explanation.picture = format!("{score}; the game is over\n{}", case.picture(MARKS));
        explanation.value = "the game is over".to_string();
        return explanation;
    }
    explanation.picture =
        format!("{score}, {mover} to move (T = {}, J = {})\n{}", PLAYERS[0], PLAYERS[1], case.picture(MARKS));
    let other = PLAYERS[1 - case.to_move()];
    let margin = match future {
        0 => "as many boxes as".to_string(),
        v if v > 0 => format!("{} more than", count(v, "box", "boxes")),
        v => format!("{} fewer than", count(-v, "box", "boxes")),
    };
    explanation.value = format!("{future:+}: with best play {mover} closes {margin} {other} from here");
    explanation.moves = ranked_moves(solved, case.drawn())
        .iter()
        .map(|&(e, _, v)| MoveValue { play: board.line_name(e), value: format!("{v:+} for {mover}") })
        .collect();
    // Play the best move (the first ranked) to the end, recording who closes which box.
    let mut end = *case;
    while !end.is_over() {
        let (e, _, _) = ranked_moves(solved, end.drawn())[0];
        let player = end.to_move();
        let gain = end.draw(e);
        let closes = if gain > 0 { format!("closes {}", count(gain.into(), "box", "boxes")) } else { String::new() };
        explanation.line.push(MoveValue { play: format!("{} {}", MARKS[player], board.line_name(e)), value: closes });
    }
    explanation.notes.push(format!(
        "Final score: {} {}, {} {}; the final board:",
        PLAYERS[0],
        end.boxes(0),
        PLAYERS[1],
        end.boxes(1)
    ));
    explanation.notes.extend(end.picture(MARKS).lines().map(str::to_string));
    explanation
}

/// `1 box`, `2 boxes`.
fn count(n: i64, one: &str, many: &str) -> String {
    if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
}

fn parse(input: &str) -> Result<Vec<Record>, JudgeError> {
    let board = board();
    let mut tokens = Tokens::new(input);
    let t = tokens.number("the number of cases T", 1..=MAX_CASES)?;
    // Capacity from the input size, not T, so a bogus header cannot allocate gigabytes.
    let mut cases = Vec::with_capacity((t as usize).min(input.len() / 2));
    for k in 1..=t {
        let n = tokens.number(format_args!("the number of moves n of case {k}"), 0..=24usize)?;
        let mut record = Record::new(board, Rule::TurnPasses);
        // Which move drew each line, to name the first one in a repeat.
        let mut drawn_by = [0usize; 24];
        for m in 1..=n {
            let at = tokens.clone();
            let x = tokens.number(format_args!("the first point of move {m} of case {k}"), 1..=16usize)?;
            let y = tokens.number(format_args!("the second point of move {m} of case {k}"), 1..=16usize)?;
            // Errors about the segment point at its first point.
            let segment_error = |message: std::fmt::Arguments| -> JudgeError { at.clone().error_here(message).into() };
            let Some(e) = board.line_between_numbers(x, y) else {
                return Err(segment_error(format_args!(
                    "move {m} of case {k} joins points {x} and {y}, which are not adjacent"
                )));
            };
            if record.is_drawn(e) {
                return Err(segment_error(format_args!(
                    "move {m} of case {k} draws {x}-{y} again (move {} drew it)",
                    drawn_by[e]
                )));
            }
            drawn_by[e] = m;
            record.draw(e);
        }
        cases.push(record);
    }
    tokens.expect_end("the last case")?;
    Ok(cases)
}

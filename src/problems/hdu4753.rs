//! `hdu4753`: HDU 4753 "Fishhead's Little Game", 3x3 dots and boxes where the turn always
//! passes: who wins after the first n moves? Correct for every n from 0 to 24.

use super::{Explanation, JudgeError, MoveValue, Problem, check_engine};
use crate::input::Tokens;
use dots_and_boxes::plain::PlainDots;
use dots_and_boxes::{Board, DotsAndBoxes, Lines, Rule};
use oracle::{Budget, ScoreOracle};
use solver_core::graph::SplitMix64;
use solver_core::{StateSpace, score_table};
use std::borrow::Cow;
use std::fmt::Write;
use std::sync::OnceLock;

/// `hdu4753`: the contract is ../shared/problems/hdu4753/README.md.
///
/// Input: T (1 <= T <= 10^6), then T cases: n (0 <= n <= 24) and n lines `x y`, segments between
/// adjacent points of the 4x4 grid numbered 1..16 row by row, drawn alternately by Tom200 (first)
/// and Jerry404. Output: `Case #k: Tom200` or `Case #k: Jerry404`, whoever ends with more of the
/// 9 boxes when the other 24 - n segments are drawn optimally, the turn always passing.
///
/// Engines: `auto` picks `table` or `per-case` by the work each would do on this input (see
/// [`prefers_table`]); `table` solves all 2^24 positions of the board once per process (16 MiB)
/// and looks every case up; `per-case` solves the 2^(24 - n) positions after each case's moves;
/// `oracle` is the naive memoized search on sets of segments (n >= 11: up to 2^13 positions a case).
pub struct Hdu4753;

/// The most cases an input may hold (the statement publishes no limit).
const MAX_CASES: u32 = 1_000_000;

/// The oracle's budget per case: enough for 13 free lines (n >= 11).
const ORACLE_STATES: usize = 1 << 13;

/// The players, first mover first.
const PLAYERS: [&str; 2] = ["Tom200", "Jerry404"];

fn board() -> Board {
    Board::new(3, 3).expect("3x3 has 24 lines")
}

/// HDU 4753's board in tables, built once per input: the segment joining two points, and the
/// boxes (index `row * 3 + col`, and all four sides) each segment borders.
struct Geometry {
    segment: [[Option<usize>; 17]; 17],
    boxes: [[Option<(usize, Lines)>; 2]; 24],
}

impl Geometry {
    fn new() -> Geometry {
        let board = board();
        let mut geometry = Geometry { segment: [[None; 17]; 17], boxes: [[None; 2]; 24] };
        for x in 1..=16 {
            for y in 1..=16 {
                let (a, b) = (board.dot(x).expect("1..=16"), board.dot(y).expect("1..=16"));
                geometry.segment[x][y] = board.line_between(a, b);
            }
        }
        for (e, slots) in geometry.boxes.iter_mut().enumerate() {
            for (slot, (r, c)) in slots.iter_mut().zip(board.boxes_of_line(e)) {
                *slot = Some((r * 3 + c, board.box_mask(r, c)));
            }
        }
        geometry
    }
}

/// One case after its given moves.
#[derive(Clone)]
struct Case {
    /// The segments drawn.
    drawn: Lines,
    /// The moves given (n).
    moves: usize,
    /// Boxes closed so far by Tom200 and Jerry404.
    boxes: [i32; 2],
    /// The owner of each box closed so far (index `row * 3 + col`), 0 for Tom200, 1 for Jerry404.
    owners: [Option<usize>; 9],
}

impl Case {
    /// Draws segment `e` for `player`, who scores the boxes it closes; returns how many.
    fn draw(&mut self, geometry: &Geometry, e: usize, player: usize) -> i32 {
        self.drawn |= 1 << e;
        let mut closed = 0;
        for &(b, mask) in geometry.boxes[e].iter().flatten() {
            if self.drawn & mask == mask {
                self.owners[b] = Some(player);
                closed += 1;
            }
        }
        self.boxes[player] += closed;
        closed
    }

    /// The segments not drawn yet.
    fn free(&self) -> usize {
        24 - self.moves
    }

    /// The player to move: Tom200 when n is even.
    fn to_move(&self) -> usize {
        self.moves % 2
    }

    /// Tom200's final margin when the player to move can force `future` more boxes than the other.
    fn tom_margin(&self, future: i64) -> i64 {
        let so_far = i64::from(self.boxes[0] - self.boxes[1]);
        if self.to_move() == 0 { so_far + future } else { so_far - future }
    }

    /// The winner's name: 9 boxes cannot split evenly, so a margin is never 0.
    fn winner(&self, future: i64) -> &'static str {
        if self.tom_margin(future) > 0 { PLAYERS[0] } else { PLAYERS[1] }
    }
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
    fn id(&self) -> &'static str {
        "hdu4753"
    }

    fn title(&self) -> &'static str {
        "HDU 4753 Fishhead's Little Game: 3x3 dots and boxes, the turn always passes, any n"
    }

    fn engines(&self) -> &'static [&'static str] {
        &["auto", "table", "per-case", "oracle"]
    }

    fn judge(&self, input: &str, engine: &str) -> Result<String, JudgeError> {
        check_engine(self, engine)?;
        let cases = parse(input)?;
        let futures: Vec<i64> = match engine {
            "oracle" => {
                let rules = PlainDots { rows: 3, cols: 3, rule: Rule::TurnPasses };
                let mut futures = Vec::with_capacity(cases.len());
                for case in &cases {
                    let mut oracle = ScoreOracle::new(&rules, Budget::new(ORACLE_STATES));
                    futures.push(oracle.value(&PlainDots::from_lines(&board(), case.drawn))?);
                }
                futures
            }
            _ => {
                let table = match engine {
                    "table" => true,
                    "per-case" => false,
                    _ => prefers_table(cases.iter().map(Case::free)),
                };
                if table {
                    let solved = Solved::new(0, true);
                    cases.iter().map(|c| solved.value(c.drawn)).collect()
                } else {
                    cases.iter().map(|c| Solved::new(c.drawn, false).value(c.drawn)).collect()
                }
            }
        };
        let mut out = String::with_capacity(cases.len() * 20);
        for (k, (case, &future)) in cases.iter().zip(&futures).enumerate() {
            writeln!(out, "Case #{}: {}", k + 1, case.winner(future)).expect("writing to a String cannot fail");
        }
        Ok(out)
    }

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let cases = parse(input)?;
        let table = prefers_table(cases.iter().map(Case::free));
        let geometry = Geometry::new();
        let solved_board = table.then(|| Solved::new(0, true));
        let explain = |(k, case): (usize, &Case)| {
            let per_case;
            let solved = match &solved_board {
                Some(solved) => solved,
                None => {
                    per_case = Solved::new(case.drawn, false);
                    &per_case
                }
            };
            explain_case(k + 1, case, solved, &geometry)
        };
        Ok(cases.iter().enumerate().map(explain).collect())
    }

    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed);
        let geometry = Geometry::new();
        let all: Vec<(usize, usize)> = (1..=16)
            .flat_map(|x| (x + 1..=16).map(move |y| (x, y)))
            .filter(|&(x, y)| geometry.segment[x][y].is_some())
            .collect();
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

    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        parse(input)?;
        Ok(segments_of_cases(input).into_iter().map(|case| render(&[case])).collect())
    }

    fn shrink(&self, input: &str) -> Vec<String> {
        if parse(input).is_err() {
            return Vec::new();
        }
        let cases = segments_of_cases(input);
        let Some(segments) = cases.first() else { return Vec::new() };
        // Fewer moves played: a prefix of the same game.
        (0..segments.len()).rev().map(|n| render(&[segments[..n].to_vec()])).take(3).collect()
    }

    fn is_answer_line(&self, line: &str) -> bool {
        let Some(rest) = line.strip_prefix("Case #") else { return false };
        let Some((k, who)) = rest.split_once(": ") else { return false };
        !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()) && PLAYERS.contains(&who)
    }
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

fn explain_case(k: usize, case: &Case, solved: &Solved, geometry: &Geometry) -> Explanation {
    let board = board();
    let draw = |case: &Case| board.draw(case.drawn, |r, c| case.owners[r * 3 + c].map(|p| ['T', 'J'][p]));
    let future = solved.value(case.drawn);
    let left = case.free();
    let mover = PLAYERS[case.to_move()];
    let mut explanation =
        Explanation { title: format!("case {k}"), verdict: case.winner(future).to_string(), ..Default::default() };
    let score = format!(
        "after {}: {} has {} and {} {}; {} left",
        count(case.moves as i64, "move", "moves"),
        PLAYERS[0],
        count(case.boxes[0].into(), "box", "boxes"),
        PLAYERS[1],
        case.boxes[1],
        count(left as i64, "segment", "segments")
    );
    if left == 0 {
        explanation.picture = format!("{score}; the game is over\n{}", draw(case));
        explanation.value = "the game is over".to_string();
        return explanation;
    }
    explanation.picture = format!("{score}, {mover} to move (T = {}, J = {})\n{}", PLAYERS[0], PLAYERS[1], draw(case));
    let other = PLAYERS[1 - case.to_move()];
    let margin = match future {
        0 => "as many boxes as".to_string(),
        v if v > 0 => format!("{} more than", count(v, "box", "boxes")),
        v => format!("{} fewer than", count(-v, "box", "boxes")),
    };
    explanation.value = format!("{future:+}: with best play {mover} closes {margin} {other} from here");
    explanation.moves = ranked_moves(solved, case.drawn)
        .iter()
        .map(|&(e, _, v)| MoveValue { play: board.line_name(e), value: format!("{v:+} for {mover}") })
        .collect();
    // Play the best move (the first ranked) to the end, recording who closes which box.
    let (mut end, mut player) = (case.clone(), case.to_move());
    while end.drawn != board.all_lines() {
        let (e, _, _) = ranked_moves(solved, end.drawn)[0];
        let gain = end.draw(geometry, e, player);
        let closes = if gain > 0 { format!("closes {}", count(gain.into(), "box", "boxes")) } else { String::new() };
        explanation
            .line
            .push(MoveValue { play: format!("{} {}", ['T', 'J'][player], board.line_name(e)), value: closes });
        player = 1 - player;
    }
    explanation.notes.push(format!(
        "Final score: {} {}, {} {}; the final board:",
        PLAYERS[0], end.boxes[0], PLAYERS[1], end.boxes[1]
    ));
    explanation.notes.extend(draw(&end).lines().map(str::to_string));
    explanation
}

/// `1 box`, `2 boxes`.
fn count(n: i64, one: &str, many: &str) -> String {
    if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
}

fn parse(input: &str) -> Result<Vec<Case>, JudgeError> {
    let geometry = Geometry::new();
    let mut tokens = Tokens::new(input);
    let t = tokens.number("the number of cases T", 1..=MAX_CASES)?;
    // Capacity from the input size, not T, so a bogus header cannot allocate gigabytes.
    let mut cases = Vec::with_capacity((t as usize).min(input.len() / 2));
    for k in 1..=t {
        let n = tokens.number(format_args!("the number of moves n of case {k}"), 0..=24usize)?;
        let mut case = Case { drawn: 0, moves: n, boxes: [0, 0], owners: [None; 9] };
        // Which move drew each line, to name the first one in a repeat.
        let mut drawn_by = [0usize; 24];
        for m in 1..=n {
            let at = tokens.clone();
            let x = tokens.number(format_args!("the first point of move {m} of case {k}"), 1..=16usize)?;
            let y = tokens.number(format_args!("the second point of move {m} of case {k}"), 1..=16usize)?;
            // Errors about the segment point at its first point.
            let segment_error = |message: std::fmt::Arguments| -> JudgeError { at.clone().error_here(message).into() };
            let Some(e) = geometry.segment[x][y] else {
                return Err(segment_error(format_args!(
                    "move {m} of case {k} joins points {x} and {y}, which are not adjacent"
                )));
            };
            if case.drawn >> e & 1 == 1 {
                return Err(segment_error(format_args!(
                    "move {m} of case {k} draws {x}-{y} again (move {} drew it)",
                    drawn_by[e]
                )));
            }
            drawn_by[e] = m;
            case.draw(&geometry, e, (m - 1) % 2);
        }
        cases.push(case);
    }
    tokens.expect_end("the last case")?;
    Ok(cases)
}

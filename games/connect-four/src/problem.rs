//! `connect-four`: the score of Connect Four positions for the side to move, in Pons'
//! convention. The contract is `problems/connect-four.md` (`gamesolve show connect-four`).

use crate::board::{ConnectFour, Position, Shape, Status};
use crate::plain::PlainRules;
use crate::search::ConnectFourSearch;
use crate::solvable::pons_score;
use crate::solver::{Session, SolveError, SolveOptions, Solver, score_of_outcome};
use judge::ExplainBudget;
use judge::hard_pools::{Hard, HardPools, share};
use judge::input::{InputError, Tokens, shorten};
use judge::resources::{OracleWork, Work, check_memory};
use judge::{CaseAnswer, CasePosition, Explanation, JudgeError, MoveValue, Problem};
use oracle::{Budget, solve_loopy_counting};
use solver_core::graph::SplitMix64;
use solver_core::search::{Driver, SearchError, SearchLimits, alpha_beta};
use solver_core::{Discovered, Outcome, StateSpace, solve_with_reverse_graph};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::{Arc, OnceLock};

/// The most cases an input may hold.
pub const MAX_CASES: u32 = 100;
/// The widest board of the problem.
pub const MAX_WIDTH: u32 = 7;
/// The highest board of the problem.
pub const MAX_HEIGHT: u32 = 6;
/// The most empty cells a position may have: the search grows exponentially with them, and at
/// 24 the hardest positions measured (random play on every board up to 7x6, Pons' middle
/// sets) take well under a second of the default engine. A finished game (four in a row) may
/// have more: it is answered without search.
pub const MAX_EMPTY: usize = 24;

/// The oracle's budget: states of the plain game, and recursion (unused by the loopy oracle).
pub const ORACLE_BUDGET: Budget = Budget { max_states: 200_000, max_depth: 2_000, max_work: u64::MAX };

/// The oracle declines, before any search, a position with more empty cells than this: the
/// empty 4x4 board (16 cells, 161,029 positions, Böck) fits [`ORACLE_BUDGET`]; a position of
/// 17 empty cells on a wider board may reach millions.
pub const ORACLE_MAX_EMPTY: usize = 16;

/// The transposition table of the `solver` and `search` engines on `shape`: 8 bytes for each
/// of `2^cells` entries, between 64 KiB and 32 MiB. 32 MiB answers the hardest positions of the
/// limits with room to spare (they visit under 10 million nodes); a small board needs far
/// less, and filling a table costs time linear in it (an input of 40 small boards each with
/// 32 MiB spent half a second on that alone).
fn table_bytes(shape: Shape) -> usize {
    (8usize << shape.cells().min(22)).max(64 << 10)
}

/// `connect-four`: T positions, each answered with its score for the side to move.
pub struct ConnectFourProblem;

judge::engines! {
    /// The engines of `connect-four`.
    pub enum ConnectFourEngine {
        /// The dedicated [`Solver`] (null-window bisection on the score, bitboards, a shared
        /// table of bounds), one per board size of the input, on the threads of `--threads`.
        Solver = "solver",
        /// solver-core's [`alpha_beta`] (bisection driver) on [`ConnectFourSearch`]: the
        /// generic engine with Connect Four's move rules, one search a case.
        Search = "search",
        /// `oracle::solve_loopy` on [`PlainRules`] grids; declines a position with more than
        /// [`ORACLE_MAX_EMPTY`] empty cells.
        Oracle = "oracle",
    }
}

/// One case: a board and a position on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Case {
    /// The board.
    pub shape: Shape,
    /// The position.
    pub position: Position,
}

impl Problem for ConnectFourProblem {
    type Engine = ConnectFourEngine;

    fn id(&self) -> &'static str {
        "connect-four"
    }

    fn title(&self) -> &'static str {
        "Connect Four on boards up to 7x6: the score of a position for the side to move (Pons' convention)"
    }

    fn contract(&self) -> &'static str {
        include_str!("../problems/connect-four.md")
    }

    fn judge(&self, input: &str, engine: ConnectFourEngine) -> Result<String, JudgeError> {
        let cases = parse(input)?;
        let scores = match engine {
            ConnectFourEngine::Solver => by_solver(&cases)?,
            ConnectFourEngine::Search => by_search(&cases)?,
            ConnectFourEngine::Oracle => by_oracle(&cases)?,
        };
        let mut out = String::with_capacity(scores.len() * 4);
        for score in scores {
            writeln!(out, "{score}").expect("writing to a String cannot fail");
        }
        Ok(out)
    }

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let cases = parse(input)?;
        let mut budget = ExplainBudget::new(cases.len());
        let mut explanations = vec![Explanation::default(); cases.len()];
        for (shape, indices) in by_board(&cases) {
            solver_of(shape)?.session(|session| {
                for i in indices {
                    explanations[i] = explain_case(i + 1, cases[i], session)?;
                    budget.charge(&explanations[i])?;
                }
                Ok::<(), JudgeError>(())
            })?;
        }
        Ok(explanations)
    }

    /// As the input: 1 to 100 positions.
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        1..=MAX_CASES as usize
    }

    /// Half the positions on 7x6, the rest on any board up to it (one-row and one-column
    /// boards among them); the stones played: 10% the fewest allowed (the hardest), 10% a game
    /// played to its end (four in a row, or a full board), the rest any number between.
    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed);
        let cases: Vec<Case> = (0..cases).map(|_| random_case(&mut rng)).collect();
        Ok(render(&cases))
    }

    /// Positions drawn where wrong solvers go wrong. 60%: small boards solved whole (4x4, 4x3,
    /// 3x4, 5x3, 7x2 and 1x6, solved once a process, about 0.3 s): the deepest
    /// wins, losses and draws (the 32 of largest remoteness of each board), wins with a single
    /// winning move, draws that a single move keeps (the block), finished games. 40%: 7x6
    /// positions with the fewest stones allowed (the hardest), from random play, the first of
    /// up to 8 tries that is of the kind wanted: a win or loss decided by the last stones
    /// (score -2 to 2, not 0), a draw, or a win with a single winning move.
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let pools = hard_pools();
        let mut rng = SplitMix64(seed ^ 0x6861_7264); // "hard": not the uniform generator's stream
        let standard = Shape::new(7, 6).expect("7x6 is a board");
        let mut solver = solver_of(standard)?;
        const KINDS: [Hard; 6] = [
            Hard::DeepestWin,
            Hard::DeepestLoss,
            Hard::DeepestTie,
            Hard::OneWinningMove,
            Hard::OneSavingMove,
            Hard::Finished,
        ];
        let mut drawn = Vec::with_capacity(cases);
        solver.session(|session| {
            for _ in 0..cases {
                let case = if share(&[60, 40], &mut rng) == 0 {
                    let (space, pools, shape) = &pools[rng.below(pools.len() as u64) as usize];
                    let kind = rng.below(KINDS.len() as u64) as usize;
                    let position = pools.draw(&KINDS, kind, &mut rng).map_or(Position::empty(), |id| space.unrank(id));
                    Case { shape: *shape, position }
                } else {
                    hard_standard(session, standard, rng.below(3), &mut rng)?
                };
                drawn.push(case);
            }
            Ok::<(), JudgeError>(())
        })?;
        Ok(render(&drawn))
    }

    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        Ok(parse(input)?.iter().map(|c| render(std::slice::from_ref(c))).collect())
    }

    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        Ok(judge::input::CaseList::Counted.join(inputs)?)
    }

    /// Smaller boards first (an empty top row, an empty first or last column taken away),
    /// then the position one move earlier while the empty cells stay within the limit.
    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        let Ok(cases) = parse(input) else { return Box::new(std::iter::empty()) };
        let [case] = cases[..] else { return Box::new(std::iter::empty()) };
        Box::new(simpler(case).into_iter().map(|c| render(std::slice::from_ref(&c))))
    }

    fn is_answer_line(&self, line: &str) -> bool {
        let digits = line.strip_prefix('-').unwrap_or(line);
        !digits.is_empty() && digits.len() <= 2 && digits.bytes().all(|b| b.is_ascii_digit())
    }

    /// Each case as a position of `connect-four width=W height=H`, its moves as the table
    /// writes them, the score from the table's win or loss and its remoteness by
    /// [`score_of_outcome`] (the winner's stones at the end).
    fn case_positions(&self, input: &str) -> Result<Vec<CasePosition>, JudgeError> {
        let position = |case: &Case| {
            let (shape, position) = (case.shape, case.position);
            CasePosition {
                game: crate::solvable::SPACES[0].name,
                params: vec![format!("width={}", shape.width()), format!("height={}", shape.height())],
                position: position.moves(shape),
                // The game's own rule; no endless draw on a board that fills.
                answer: CaseAnswer::Score(Arc::new(move |outcome| {
                    (outcome != Outcome::Draw).then(|| i64::from(score_of_outcome(shape, position, outcome)))
                })),
            }
        };
        Ok(parse(input)?.iter().map(position).collect())
    }
}

/// The board sizes of `cases`, each with the indices of its cases, so that an engine keeps one
/// board's table at a time.
fn by_board(cases: &[Case]) -> BTreeMap<Shape, Vec<usize>> {
    let mut boards: BTreeMap<Shape, Vec<usize>> = BTreeMap::new();
    for (i, case) in cases.iter().enumerate() {
        boards.entry(case.shape).or_default().push(i);
    }
    boards
}

/// The dedicated solver of `shape` with the problem's table, on the pool's threads.
fn solver_of(shape: Shape) -> Result<Solver, JudgeError> {
    let tt_bytes = table_bytes(shape);
    check_memory("the solver's transposition table", tt_bytes as u64)?;
    let options = SolveOptions { tt_bytes, threads: rayon::current_num_threads(), ..SolveOptions::default() };
    Solver::new(shape, options).map_err(|e| JudgeError::TooLarge(e.to_string()))
}

/// The solver's score of `position`, its nodes charged to `work` (a dense engine: its nodes
/// cost a few nanoseconds, [`Work::spend_dense`]).
fn solve_charged(session: &mut Session<'_, '_>, position: Position, work: &mut Work) -> Result<i32, JudgeError> {
    let solved = session.solve(position).map_err(|e| match e {
        SolveError::Budget { .. } => over_budget(work),
        other => JudgeError::TooLarge(other.to_string()),
    })?;
    work.spend_dense(solved.nodes)?;
    Ok(solved.score)
}

/// The refusal of an engine whose budget ran out inside a search: spending one unit more than
/// is left (a budget of `u64::MAX` units, which no search reaches, is said in words).
fn over_budget(work: &mut Work) -> JudgeError {
    match work.spend(work.left().saturating_add(1)) {
        Err(over) => over.into(),
        Ok(()) => JudgeError::TooLarge("the search ran past its node budget".to_string()),
    }
}

fn by_solver(cases: &[Case]) -> Result<Vec<i32>, JudgeError> {
    let mut scores = vec![0; cases.len()];
    let mut work = Work::for_input("the solver");
    for (shape, indices) in by_board(cases) {
        // One session a board: its helper threads wait ready from one position to the next.
        solver_of(shape)?.session(|session| {
            for i in indices {
                scores[i] = solve_charged(session, cases[i].position, &mut work)?;
            }
            Ok::<(), JudgeError>(())
        })?;
    }
    Ok(scores)
}

fn by_search(cases: &[Case]) -> Result<Vec<i32>, JudgeError> {
    let mut work = Work::for_input("the search");
    let mut scores = Vec::with_capacity(cases.len());
    for case in cases {
        let game = ConnectFourSearch::new(case.shape);
        let limits = SearchLimits {
            tt_bytes: table_bytes(case.shape),
            node_budget: work.left().max(1),
            ..SearchLimits::default()
        };
        let found = alpha_beta(&game, &case.position, Driver::Bisection, &limits).map_err(|e| match e {
            SearchError::NodeBudget { .. } => over_budget(&mut work),
            other => JudgeError::TooLarge(other.to_string()),
        })?;
        work.spend(found.stats.nodes)?;
        let score = pons_score(case.shape, case.position, found.answer);
        scores.push(i32::try_from(score).expect("a score lies within the cells"));
    }
    Ok(scores)
}

/// The oracle's scores, one oracle run per board size.
fn by_oracle(cases: &[Case]) -> Result<Vec<i32>, JudgeError> {
    if cases.iter().any(|c| empty_cells(*c) > ORACLE_MAX_EMPTY) {
        return Err(JudgeError::oracle_declines(ORACLE_BUDGET));
    }
    let mut scores = vec![0; cases.len()];
    let mut work = Work::for_input("the oracle");
    for (shape, indices) in by_board(cases) {
        let rules = PlainRules { width: shape.width(), height: shape.height() };
        let starts: Vec<_> = indices.iter().map(|&i| rules.plain(shape, &cases[i].position)).collect();
        let oracle = OracleWork::new(work.left());
        let (solved, spent) = solve_loopy_counting(&rules, starts.clone(), ORACLE_BUDGET.with_work(oracle.units))
            .map_err(|e| oracle.error(e))?;
        work.spend(spent)?;
        for (&i, start) in indices.iter().zip(&starts) {
            scores[i] = score_of_outcome(shape, cases[i].position, solved[start]);
        }
    }
    Ok(scores)
}

fn empty_cells(case: Case) -> usize {
    case.shape.cells() - case.position.played()
}

/// The cases of a judge input.
pub fn parse(input: &str) -> Result<Vec<Case>, JudgeError> {
    let mut tokens = Tokens::new(input);
    let count = tokens.number("the number of cases T", 1..=MAX_CASES)?;
    let mut cases = Vec::with_capacity(count as usize);
    for case in 1..=count {
        let width = tokens.number(format_args!("the width W of case {case}"), 1..=MAX_WIDTH)?;
        let height = tokens.number(format_args!("the height H of case {case}"), 1..=MAX_HEIGHT)?;
        let shape = Shape::new(width, height).expect("every board up to 7x6 fits 64 bits");
        let what = || format!("the moves of case {case} (columns 1 to {width}, one digit a move, or - for none)");
        let token = tokens.token(what())?;
        let at =
            |offset: usize, message: String| InputError { line: token.line, column: token.column + offset, message };
        let text = if token.text == "-" { "" } else { token.text };
        for (offset, c) in text.chars().enumerate() {
            let column = c.to_digit(10).filter(|d| (1..=width).contains(d));
            if column.is_none() {
                let message = format!("expected {}, found `{}` in `{}`", what(), c, shorten(token.text));
                return Err(at(offset, message).into());
            }
        }
        let position = Position::from_moves(shape, text).map_err(|e| {
            // Every character is one ASCII digit: a move's 1-based byte is its character.
            let offset = match e {
                crate::PositionError::NoColumn { at, .. }
                | crate::PositionError::FullColumn { at, .. }
                | crate::PositionError::Over { at, .. } => at - 1,
                crate::PositionError::Picture(_) => 0,
            };
            let message = e.to_string();
            let message = message.split_once(": ").map_or(message.as_str(), |(_, why)| why);
            at(offset, format!("case {case}: {message}"))
        })?;
        let parsed = Case { shape, position };
        let empty = empty_cells(parsed);
        if empty > MAX_EMPTY && position.status(shape) == Status::InPlay {
            let fewest = shape.cells() - MAX_EMPTY;
            let moves = if fewest == 1 { "move" } else { "moves" };
            let message = format!(
                "case {case}: {empty} empty cells in a game not over, more than {MAX_EMPTY}: on a {width}x{height} board at least {fewest} {moves} must be played"
            );
            return Err(at(0, message).into());
        }
        cases.push(parsed);
    }
    tokens.expect_end("the last case")?;
    Ok(cases)
}

/// Cases in the input format.
pub fn render(cases: &[Case]) -> String {
    let mut out = format!("{}\n", cases.len());
    for case in cases {
        let moves = case.position.moves(case.shape);
        let moves = if moves.is_empty() { "-".to_string() } else { moves };
        writeln!(out, "{} {} {moves}", case.shape.width(), case.shape.height())
            .expect("writing to a String cannot fail");
    }
    out
}

/// A random case (see [`Problem::generate`]).
fn random_case(rng: &mut SplitMix64) -> Case {
    let (width, height) = if rng.below(2) == 0 {
        (MAX_WIDTH, MAX_HEIGHT)
    } else {
        (1 + rng.below(u64::from(MAX_WIDTH)) as u32, 1 + rng.below(u64::from(MAX_HEIGHT)) as u32)
    };
    let shape = Shape::new(width, height).expect("every board up to 7x6 fits 64 bits");
    let fewest = shape.cells().saturating_sub(MAX_EMPTY);
    let plies = match rng.below(10) {
        0 => fewest,
        1 => shape.cells(),
        _ => fewest + rng.below((shape.cells() - fewest) as u64 + 1) as usize,
    };
    Case { shape, position: random_play(shape, plies, rng) }
}

/// Random moves from the empty board: `plies` of them, or fewer when the game ends first.
fn random_play(shape: Shape, plies: usize, rng: &mut SplitMix64) -> Position {
    let mut position = Position::empty();
    while position.played() < plies && position.status(shape) == Status::InPlay {
        let open: Vec<usize> = (0..shape.width()).filter(|&c| position.can_play(shape, c)).collect();
        position = position.play(shape, open[rng.below(open.len() as u64) as usize]);
    }
    position
}

/// How many of the deepest wins, losses and draws of a board the hard generator draws from.
const HARD_DEEPEST: usize = 32;

/// The small boards the hard generator draws from, each solved whole once a process (about
/// 0.3 million positions in all): 4x4, 4x3, 3x4, 5x3, 7x2 and the one-column 1x6.
type HardBoard = (Discovered<ConnectFour>, HardPools, Shape);

fn hard_pools() -> &'static [HardBoard] {
    static POOLS: OnceLock<Vec<HardBoard>> = OnceLock::new();
    POOLS.get_or_init(|| {
        [(4, 4), (4, 3), (3, 4), (5, 3), (7, 2), (1, 6)]
            .into_iter()
            .map(|(width, height)| {
                let shape = Shape::new(width, height).expect("a small board");
                let space = Discovered::loopy(ConnectFour { shape }, [Position::empty()], crate::MOST_POSITIONS)
                    .expect("a board of at most 16 cells has under 4 million positions");
                let table = solve_with_reverse_graph(&space).expect("a small board's graph fits memory");
                let pools = HardPools::build(&space, &table, HARD_DEEPEST, |_| true);
                (space, pools, shape)
            })
            .collect()
    })
}

/// A 7x6 position with the fewest stones allowed, of kind `kind` (0: a win or loss scored
/// -2 to 2, decided by the last stones; 1: a draw; 2: a win with a single winning move) where
/// one of 8 random plays gives one, else the last of them.
fn hard_standard(
    session: &mut Session<'_, '_>,
    shape: Shape,
    kind: u64,
    rng: &mut SplitMix64,
) -> Result<Case, JudgeError> {
    let mut work = Work::for_input("the hard generator");
    let plies = shape.cells() - MAX_EMPTY;
    let mut position = Position::empty();
    for _ in 0..8 {
        position = random_play(shape, plies, rng);
        if position.status(shape) != Status::InPlay {
            continue;
        }
        let score = solve_charged(session, position, &mut work)?;
        let wanted = match kind {
            0 => score != 0 && score.abs() <= 2,
            1 => score == 0,
            _ => score > 0 && winning_moves(session, shape, position, &mut work)? == 1,
        };
        if wanted {
            break;
        }
    }
    Ok(Case { shape, position })
}

/// The moves of `position` that keep a win: those after which the opponent's score is
/// negative.
fn winning_moves(
    session: &mut Session<'_, '_>,
    shape: Shape,
    position: Position,
    work: &mut Work,
) -> Result<usize, JudgeError> {
    let mut count = 0;
    for column in (0..shape.width()).filter(|&c| position.can_play(shape, c)) {
        if solve_charged(session, position.play(shape, column), work)? < 0 {
            count += 1;
        }
    }
    Ok(count)
}

/// Simpler cases than `case`, most aggressive first (see [`Problem::shrink`]); each one valid.
fn simpler(case: Case) -> Vec<Case> {
    let Case { shape, position } = case;
    let moves = position.moves(shape);
    // The same moves on a smaller board, each column number lowered by `shift` (the moves are
    // digits: the boards are at most 7 wide); none where they are no game there.
    let on = |width: usize, height: usize, shift: u8| -> Option<Case> {
        let shape = Shape::new(width as u32, height as u32).ok()?;
        let moved: String = moves.bytes().map(|b| char::from(b - shift)).collect();
        Some(Case { shape, position: Position::from_moves(shape, &moved).ok()? })
    };
    let (width, height) = (shape.width(), shape.height());
    let stones_in = |column: usize| position.column_height(shape, column);
    let mut variants = Vec::new();
    if height > 1 && (0..width).all(|c| stones_in(c) < height) {
        variants.extend(on(width, height - 1, 0));
    }
    if width > 1 && stones_in(width - 1) == 0 {
        variants.extend(on(width - 1, height, 0));
    }
    if width > 1 && stones_in(0) == 0 {
        variants.extend(on(width - 1, height, 1));
    }
    if position.played() > 0 && empty_cells(case) < MAX_EMPTY {
        let earlier = Position::from_moves(shape, &moves[..moves.len() - 1]).expect("a prefix of a game's moves");
        variants.push(Case { shape, position: earlier });
    }
    variants
}

/// The winner's stones when a game scored `score` ends, on `shape`: `F + 1 - |score|`.
fn winners_stones(shape: Shape, score: i32) -> i32 {
    shape.cells().div_ceil(2) as i32 + 1 - score.abs()
}

/// What a score means for the side to move, in words.
fn meaning(shape: Shape, position: Position, score: i32) -> String {
    let (mover, other) = if position.first_to_move() { ("X", "O") } else { ("O", "X") };
    match score {
        0 => "a draw: neither player can force four, and the board fills up".to_string(),
        s if s > 0 => format!("{mover} wins, with its stone number {}", winners_stones(shape, s)),
        s => format!("{other} wins, with its stone number {}", winners_stones(shape, s)),
    }
}

/// The board as rows from the top, X the first player's stones, with the column numbers below.
fn picture(case: Case) -> String {
    let rows = case.position.picture(case.shape).replace('/', "\n");
    let numbers: String = (1..=case.shape.width()).map(|c| char::from(b'0' + c as u8)).collect();
    format!("{rows}\n{numbers}")
}

/// How many plies of a line `explain` shows at most: every game ends within 42.
const EXPLAIN_PLIES: usize = (MAX_WIDTH * MAX_HEIGHT) as usize;

fn explain_case(number: usize, case: Case, session: &mut Session<'_, '_>) -> Result<Explanation, JudgeError> {
    let Case { shape, position } = case;
    let mut work = Work::for_input("the solver");
    let score = solve_charged(session, position, &mut work)?;
    let mut explanation = Explanation {
        title: format!("case {number}"),
        picture: picture(case),
        verdict: score.to_string(),
        value: meaning(shape, position, score),
        ..Explanation::default()
    };
    let mover = if position.first_to_move() { "X" } else { "O" };
    if position.status(shape) == Status::Won {
        explanation.notes.push(format!("The game is over: the last move made four in a row, and {mover} has lost."));
        return Ok(explanation);
    }
    if position.status(shape) == Status::Full {
        explanation.notes.push("The game is over: the board is full without four in a row.".to_string());
        return Ok(explanation);
    }
    let mut moves = Vec::new();
    for column in (0..shape.width()).filter(|&c| position.can_play(shape, c)) {
        let value = -solve_charged(session, position.play(shape, column), &mut work)?;
        moves.push((value, column));
    }
    moves.sort_by_key(|&(value, column)| (std::cmp::Reverse(value), column));
    explanation.moves = moves
        .iter()
        .map(|&(value, column)| MoveValue {
            play: format!("{mover} {}", column + 1),
            value: format!("{value} ({})", meaning(shape, position, value)),
        })
        .collect();
    let mut at = position;
    while at.status(shape) == Status::InPlay && explanation.line.len() < EXPLAIN_PLIES {
        let solved = session.solve(at).map_err(|e| JudgeError::TooLarge(e.to_string()))?;
        let Some(column) = solved.best else { break };
        let who = if at.first_to_move() { "X" } else { "O" };
        let after = at.play(shape, column);
        let value = match after.status(shape) {
            Status::Won => format!("{who} makes four"),
            Status::Full => "the board is full: a draw".to_string(),
            Status::InPlay => format!("then {} for {}", -solved.score, if who == "X" { "O" } else { "X" }),
        };
        explanation.line.push(MoveValue { play: format!("{who} {}", column + 1), value });
        at = after;
    }
    explanation.notes.push(format!(
        "A score is for the side to move ({mover}): a win scores {} less the winner's stones when the game ends, a loss the negative, a draw 0.",
        shape.cells().div_ceil(2) + 1
    ));
    Ok(explanation)
}

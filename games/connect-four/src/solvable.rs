//! Connect Four as the whole-space commands and `search` see it: every position reachable
//! from the empty board ([`ConnectFourSpace`], on the rules of [`ConnectFour`]), written as the columns
//! played ([`Position::moves`]; a picture of the rows is read too), moves named by their
//! column; the oracle on plain grids ([`crate::plain::PlainRules`]); the crate's own search
//! ([`ConnectFourSearch`]) checked against the table by `verify`.

use crate::board::{Position, Shape};
use crate::plain::PlainRules;
use crate::search::ConnectFourSearch;
use crate::solver::{SolveError, SolveOptions, Solver, outcome_of_score, score_of_outcome};
use crate::space::ConnectFourSpace;
use solver_core::Outcome;
use solver_core::search::{Answer, SearchError, SearchLimits, SearchStats, SearchValue, Searched, Sign};
use std::sync::Mutex;
use std::time::Instant;
use workbench::search::{Notated, SearchFailure, Searchable};
use workbench::solve::{Identity, Notation, SolvableGame};
use workbench::space_game::LoopyGame;
use workbench::target::{Args, Param, SearchTarget, SpaceTarget};

/// The most positions a table is built for: width 6 height 4 has 94,910,577 (Böck), its
/// space about 1 GB; width 5 height 5 has 69,763,700. The next in Böck's table, width 4
/// height 7, has 135,385,909; width 7 height 4 has 2.3 billion.
pub const MOST_POSITIONS: usize = 100_000_000;

/// `connect-four width=4 height=4`.
pub const SPACES: &[SpaceTarget] = &[SpaceTarget {
    name: "connect-four",
    about: "every Connect Four position reachable from the empty board (up to 100 million), first player (X) to move",
    params: &[
        Param::number("width", "4", 1, 32, "columns of the board"),
        Param::number("height", "4", 1, 63, "rows of the board ((height + 1) x width <= 64)"),
    ],
    open,
    // 4x4 has 161,029 positions (Böck); the smaller boards let the oracle check every value.
    verified: &["width=3 height=3", "width=4 height=3", "width=4 height=4"],
}];

/// `search connect-four width=7 height=6 [moves]`: any board whose bitboard fits 64 bits, by
/// the crate's own search.
pub const SEARCHES: &[SearchTarget] = &[SearchTarget {
    name: "connect-four",
    about: "a Connect Four position (the columns played, e.g. 4453) searched forward; any board with (height + 1) x width <= 64",
    params: &[
        Param::number("width", "7", 1, 32, "columns of the board"),
        Param::number("height", "6", 1, 63, "rows of the board ((height + 1) x width <= 64)"),
    ],
    open: open_search,
}];

fn shape_of(args: &Args) -> Result<Shape, String> {
    Shape::new(args.number("width"), args.number("height")).map_err(|e| e.to_string())
}

fn open_search(args: &Args) -> Result<Box<dyn Searchable>, String> {
    Ok(Box::new(searched(shape_of(args)?)))
}

/// A position from the columns played or a picture of the rows (one with `X`, `O`, `.`).
pub fn parse(shape: Shape, text: &str) -> Result<Position, String> {
    let text = text.trim();
    // Moves are digits; a picture has rows of X, O and '.' (and no digit).
    let picture = !text.contains(|c: char| c.is_ascii_digit())
        && text.contains(|c: char| matches!(c.to_ascii_uppercase(), 'X' | 'O' | '.' | '/'));
    let read = if picture { Position::from_picture(shape, text) } else { Position::from_moves(shape, text) };
    read.map_err(|e| format!("not a position of Connect Four ({shape}): {e}"))
}

/// The search of `shape`, positions written as the columns played, moves as their column,
/// values also in Pons' score ([`pons_score`]).
fn searched(shape: Shape) -> Notated<'static, ConnectFourSearch> {
    let solvers = Mutex::new(None);
    Notated::new(
        ConnectFourSearch::new(shape),
        Position::empty(),
        move |text| parse(shape, text),
        move |position| position.moves(shape),
        |_, column| (column + 1).to_string(),
    )
    .with_score("Pons' score", move |position, answer| pons_score(shape, *position, answer))
    .with_solver(move |position, weak, limits| dedicated(shape, &solvers, *position, weak, limits))
}

/// The dedicated [`Solver`] of `shape` behind `search --engine solver`: kept between
/// positions in `cache` (its table allocated once for a size), emptied before each position
/// outside the time, so that each is timed as if it came first, as Pons' benchmark does. The
/// line of play is the best move alone (more would take a solve a move).
fn dedicated(
    shape: Shape,
    cache: &Mutex<Option<(usize, Solver)>>,
    position: Position,
    weak: bool,
    limits: &SearchLimits,
) -> Result<Searched<u8>, SearchFailure> {
    let options = SolveOptions {
        weak,
        tt_bytes: limits.tt_bytes,
        node_budget: limits.node_budget,
        stop: limits.stop.clone(),
        threads: rayon::current_num_threads(),
        ..SolveOptions::default()
    };
    let mut cache = cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let reusable = cache.take().filter(|(bytes, _)| *bytes == limits.tt_bytes);
    let mut solver = match reusable {
        Some((_, solver)) => solver,
        None => Solver::new(shape, options.clone()).map_err(|_| SearchError::TableAlloc { bytes: limits.tt_bytes })?,
    };
    solver.set_options(options);
    solver.clear();
    let started = Instant::now();
    let solved = solver.solve(position);
    let elapsed = started.elapsed();
    let peak_bytes = solver.table_bytes() as u64;
    *cache = Some((limits.tt_bytes, solver));
    let proven = || "the dedicated solver proves no bound before its answer".to_string();
    let solved = solved.map_err(|e| match e {
        SolveError::Budget { nodes } => SearchError::NodeBudget { nodes, proven: proven() }.into(),
        SolveError::Stopped { nodes } => SearchError::Stopped { nodes, proven: proven() }.into(),
        SolveError::Memory { bytes } => SearchError::TableAlloc { bytes }.into(),
        not_a_position @ SolveError::NotAPosition => SearchFailure::Refused(not_a_position.to_string()),
    })?;
    let answer = if weak {
        Answer::Sign(match solved.score.signum() {
            1 => Sign::Win,
            -1 => Sign::Loss,
            _ => Sign::Tie,
        })
    } else {
        Answer::Exact(match outcome_of_score(shape, position, solved.score) {
            Outcome::Win(r) => SearchValue::Win(r),
            Outcome::Loss(r) => SearchValue::Loss(r),
            Outcome::Tie(_) | Outcome::Draw => SearchValue::Tie,
        })
    };
    let stats = SearchStats { nodes: solved.nodes, tt_hits: 0, tt_stores: 0, elapsed, peak_bytes };
    // A column is below 32: it fits the search's byte.
    let best = solved.best.map(|column| column as u8);
    Ok(Searched { answer, principal_variation: best.into_iter().collect(), stats })
}

/// The value `answer` of `position` in Pons' score for the player to move
/// ([`score_of_outcome`], the convention of his solver and test sets generalized to any
/// board: `22 - stones` of the winner on 7x6); a weak answer is its sign: 1, 0 or -1.
///
/// ```
/// use connect_four::{Position, Shape, pons_score};
/// use solver_core::search::{Answer, SearchValue};
/// let shape = Shape::new(7, 6).unwrap();
/// // 37 stones down, O to move, X wins with its 21st stone, the 41st: a loss in 4 plies.
/// let position = Position::from_moves(shape, "2252576253462244111563365343671351441").unwrap();
/// assert_eq!(pons_score(shape, position, Answer::Exact(SearchValue::Loss(4))), -1);
/// ```
pub fn pons_score(shape: Shape, position: Position, answer: Answer) -> i64 {
    let outcome = match answer {
        Answer::Exact(SearchValue::Win(r)) => Outcome::Win(r),
        Answer::Exact(SearchValue::Loss(r)) => Outcome::Loss(r),
        Answer::Exact(SearchValue::Tie | SearchValue::Score(_)) => return 0,
        Answer::Sign(Sign::Win) => return 1,
        Answer::Sign(Sign::Tie) => return 0,
        Answer::Sign(Sign::Loss) => return -1,
    };
    i64::from(score_of_outcome(shape, position, outcome))
}

fn open(args: &Args) -> Result<Box<dyn SolvableGame>, String> {
    let shape = shape_of(args)?;
    let identity = Identity::new(
        "connect-four",
        args,
        "X moves first on the empty board; a stone falls to the lowest free cell of its column; four in a row \
         (across, up or diagonal) wins at once, a full board without one is a tie",
    );
    let notation = Notation::new(move |p: &Position| p.moves(shape), move |text| parse(shape, text))
        .with_move_names(move |before: &Position, after: &Position| {
            let column = (0..shape.width()).find(|&c| before.column_height(shape, c) != after.column_height(shape, c));
            column.map_or_else(|| "?".to_string(), |c| (c + 1).to_string())
        })
        .with_picture(move |p: &Position| diagram(shape, *p));
    let plain = PlainRules { width: shape.width(), height: shape.height() };
    let space = reachable_within_memory(shape)?;
    let game = LoopyGame::new(identity, space, &Position::empty(), notation)
        .with_oracle(plain, move |position| plain.plain(shape, position))
        // Every move adds a stone: no position repeats, and the crate's search values every one.
        .with_search(move |_| Box::new(searched(shape)));
    Ok(Box::new(game))
}

/// The space of `shape`, refused where it has more than [`MOST_POSITIONS`] positions or more
/// than the memory [`judge::resources::memory_limit`] allows holds (`--max-memory`, or what the
/// system has available), before that memory is taken.
fn reachable_within_memory(shape: Shape) -> Result<ConnectFourSpace, String> {
    let memory = judge::resources::memory_limit()
        .map(|(limit, source)| (ConnectFourSpace::most_within(shape, limit), limit, source))
        .filter(|&(holds, ..)| holds < MOST_POSITIONS);
    let most = memory.map_or(MOST_POSITIONS, |(holds, ..)| holds);
    let (width, height) = (shape.width(), shape.height());
    let search = format!("`gamesolve search connect-four width={width} height={height}` searches it forward");
    ConnectFourSpace::reachable(shape, most).map_err(|e| match memory {
        Some((_, limit, source)) => format!(
            "width {width} height {height} has more than {most} positions, the most that {} ({source}) holds at {} bytes a position while they are enumerated; {search}",
            judge::resources::show_bytes(limit),
            ConnectFourSpace::BYTES_PER_POSITION,
        ),
        None => format!("{e}; {search}"),
    })
}

/// The board for people: the rows of [`Position::picture`] from the top, cells apart, the
/// column numbers (as moves are named) under them. Time and memory O(cells).
fn diagram(shape: Shape, position: Position) -> String {
    // Every cell as wide as the widest column number, so that the columns line up past 9.
    let width = shape.width().to_string().len();
    let spaced = |cells: Vec<String>| format!("{}\n", cells.join(" ").trim_end());
    let mut out: String = position
        .picture(shape)
        .split('/')
        .map(|row| spaced(row.chars().map(|c| format!("{c:>width$}")).collect()))
        .collect();
    out += &spaced((1..=shape.width()).map(|c| format!("{c:>width$}")).collect());
    out
}

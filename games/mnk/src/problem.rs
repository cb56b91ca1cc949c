//! `mnk`: the value of m,n,k-game boards for the player to move. The contract is
//! `problems/mnk.md` (`gamesolve show mnk`).

use crate::board::{Board, MAX_CELLS, Player, Shape, Status, cells_of};
use crate::plain::{PlainBoard, PlainRules};
use crate::search::Search;
use crate::space::MnkSpace;
use judge::ExplainBudget;
use judge::hard_pools::{Hard, HardPools, share};
use judge::input::{InputError, Tokens, shorten};
use judge::resources::{OracleWork, Work};
use judge::{CaseAnswer, CasePosition, Explanation, JudgeError, MoveValue, Problem};
use oracle::{Budget, solve_loopy_counting};
use solver_core::graph::SplitMix64;
use solver_core::play::{principal_variation, ranked_moves};
use solver_core::{Outcome, OutcomeTable, StateSpace, solve_with_reverse_graph};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::sync::OnceLock;

/// The most cases an input may hold.
pub const MAX_CASES: u32 = 1_000;

/// The oracle's budget: states of the plain game, and recursion (unused by the loopy oracle).
pub const ORACLE_BUDGET: Budget = Budget { max_states: 200_000, max_depth: 2_000, max_work: u64::MAX };

/// The oracle declines, before any search, a board with more empty cells than this: the
/// positions reachable from a board with `e` empty cells are fewer than `3^e`, and
/// `3^11 = 177,147` fits [`ORACLE_BUDGET`] while `3^12` does not.
pub const ORACLE_MAX_EMPTY: u32 = 11;

/// The largest board [`Problem::generate`] makes: every engine answers such a game (at most
/// 143,365 positions) in well under a second. Larger boards are in the corpus.
const GENERATED_MAX_CELLS: usize = 12;

/// `mnk`: T boards of m,n,k-games, each answered with its value for the player to move.
pub struct Mnk;

judge::engines! {
    /// The engines of `mnk`.
    pub enum MnkEngine {
        /// The whole reachable space of each distinct game of the input, solved by
        /// [`MnkSpace::solve`] (one backward sweep, 4 bytes a position): `solve`'s `sweep`.
        Sweep = "sweep",
        /// The same space solved by solver-core's [`solve_with_reverse_graph`]: `solve`'s
        /// `reverse-graph`.
        ReverseGraph = "reverse-graph",
        /// [`Search`]: memoized negamax from each case's board, one memo per game.
        Search = "search",
        /// `oracle::solve_loopy` on [`PlainBoard`]s; declines a board with more than
        /// [`ORACLE_MAX_EMPTY`] empty cells.
        Oracle = "oracle",
    }
}

impl Problem for Mnk {
    type Engine = MnkEngine;

    fn id(&self) -> &'static str {
        "mnk"
    }

    fn title(&self) -> &'static str {
        "m,n,k-games (tic-tac-toe generalized): the value of a board for the player to move"
    }

    fn contract(&self) -> &'static str {
        include_str!("../problems/mnk.md")
    }

    fn judge(&self, input: &str, engine: MnkEngine) -> Result<String, JudgeError> {
        let boards = parse(input)?;
        let values = match engine {
            MnkEngine::Sweep => by_table(&boards, |space| Ok(space.solve()))?,
            MnkEngine::ReverseGraph => by_table(&boards, |space| {
                solve_with_reverse_graph(space).map_err(|e| JudgeError::TooLarge(e.to_string()))
            })?,
            MnkEngine::Search => {
                let mut values = vec![Outcome::Draw; boards.len()];
                for (shape, cases) in by_game(&boards) {
                    let mut search = Search::new(shape);
                    for i in cases {
                        values[i] = search.value(boards[i]);
                    }
                }
                values
            }
            MnkEngine::Oracle => by_oracle(&boards)?,
        };
        let mut out = String::with_capacity(values.len() * 12);
        for value in values {
            writeln!(out, "{value}").expect("writing to a String cannot fail");
        }
        Ok(out)
    }

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let boards = parse(input)?;
        let mut budget = ExplainBudget::new(boards.len());
        let mut explanations = vec![Explanation::default(); boards.len()];
        for (shape, cases) in by_game(&boards) {
            let space = MnkSpace::new(shape);
            let table = space.solve();
            for i in cases {
                explanations[i] = explain_case(i + 1, &boards[i], &space, &table);
                budget.charge(&explanations[i])?;
            }
        }
        Ok(explanations)
    }

    /// Each board as a position of the space target `mnk` (`solve mnk m=.. n=.. k=..`), whose
    /// values are worded as this problem's answers.
    fn case_positions(&self, input: &str) -> Result<Vec<CasePosition>, JudgeError> {
        let boards = parse(input)?;
        let position = |board: &Board| {
            let shape = board.shape();
            let params = [("m", shape.rows()), ("n", shape.cols()), ("k", shape.k())];
            CasePosition {
                game: crate::solvable::SPACES[0].name,
                params: params.iter().map(|(key, value)| format!("{key}={value}")).collect(),
                position: format!("{board:?}"),
                answer: CaseAnswer::TableValue,
            }
        };
        Ok(boards.iter().map(position).collect())
    }

    /// As the input: 1 to 1,000 boards.
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        1..=MAX_CASES as usize
    }

    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed);
        let count = cases;
        let boards: Vec<Board> = (0..count).map(|_| random_board(&mut rng)).collect();
        Ok(render(&boards))
    }

    /// Boards drawn from solved games (`hard_games`: every game of at most 9 cells, the
    /// richest 12-cell games, and 16-cell games with small spaces; solved once per process).
    /// The game: 60% tic-tac-toe or a 12-cell game with k = 3 (where the deep wins,
    /// losses and ties are), 20% a 16-cell board (the most cells), 20% any game of the list
    /// (one-row boards, k = 1 and k = max(m, n) among them). The board: 20% the deepest wins
    /// and 15% the deepest losses (the 32 of largest remoteness of the game), 15% the deepest
    /// ties, 15% wins with a single winning move, 15% ties that a single move keeps (every
    /// other move loses: the block), 10% finished boards (two lines completed at once among
    /// them), 10% the empty board. A kind the game lacks gives way to the next.
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        static POOLS: OnceLock<Vec<(MnkSpace, HardPools)>> = OnceLock::new();
        let games = POOLS.get_or_init(|| {
            hard_games()
                .into_iter()
                .map(|shape| {
                    let space = MnkSpace::new(shape);
                    let pools = HardPools::build(&space, &space.solve(), HARD_DEEPEST, |_| true);
                    (space, pools)
                })
                .collect()
        });
        let rich: Vec<usize> = (0..games.len()).filter(|&g| is_rich(games[g].0.shape())).collect();
        let largest: Vec<usize> = (0..games.len()).filter(|&g| games[g].0.shape().cells() == MAX_CELLS).collect();
        let mut rng = SplitMix64(seed ^ 0x6861_7264); // "hard": not the uniform generator's stream
        const KINDS: [Hard; 6] = [
            Hard::DeepestWin,
            Hard::DeepestLoss,
            Hard::DeepestTie,
            Hard::OneWinningMove,
            Hard::OneSavingMove,
            Hard::Finished,
        ];
        const SHARES: [u64; 7] = [20, 15, 15, 15, 15, 10, 10];
        let boards: Vec<Board> = (0..cases)
            .map(|_| {
                let g = match share(&[60, 20, 20], &mut rng) {
                    0 => rich[rng.below(rich.len() as u64) as usize],
                    1 => largest[rng.below(largest.len() as u64) as usize],
                    _ => rng.below(games.len() as u64) as usize,
                };
                let (space, pools) = &games[g];
                let kind = share(&SHARES, &mut rng);
                let id = if kind < KINDS.len() { pools.draw(&KINDS, kind, &mut rng) } else { None };
                id.map_or_else(|| Board::empty(space.shape()), |id| space.unrank(id))
            })
            .collect();
        Ok(render(&boards))
    }

    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        Ok(parse(input)?.iter().map(|b| render(std::slice::from_ref(b))).collect())
    }

    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        Ok(judge::input::CaseList::Counted.join(inputs)?)
    }

    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        let Ok(boards) = parse(input) else { return Box::new(std::iter::empty()) };
        let [board] = boards[..] else { return Box::new(std::iter::empty()) };
        Box::new(simpler(&board).into_iter().map(|b| render(std::slice::from_ref(&b))))
    }

    fn is_answer_line(&self, line: &str) -> bool {
        let remoteness = |rest: &str| !rest.is_empty() && rest.len() <= 2 && rest.bytes().all(|b| b.is_ascii_digit());
        ["win in ", "loss in ", "tie in "].iter().any(|p| line.strip_prefix(p).is_some_and(remoteness))
    }
}

/// The distinct games of `boards`, each with the indices of its boards: the engines solve one
/// game at a time and drop its space, table or memo before the next, so an input of many
/// games holds one game's memory at a time.
fn by_game(boards: &[Board]) -> BTreeMap<Shape, Vec<usize>> {
    let mut games: BTreeMap<Shape, Vec<usize>> = BTreeMap::new();
    for (i, board) in boards.iter().enumerate() {
        games.entry(board.shape()).or_default().push(i);
    }
    games
}

/// The values of `boards` from one table per distinct game, each solved by `solve`.
fn by_table(
    boards: &[Board],
    solve: impl Fn(&MnkSpace) -> Result<OutcomeTable, JudgeError>,
) -> Result<Vec<Outcome>, JudgeError> {
    let mut values = vec![Outcome::Draw; boards.len()];
    for (shape, cases) in by_game(boards) {
        let space = MnkSpace::new(shape);
        let table = solve(&space)?;
        for i in cases {
            values[i] = table.get(space.rank(&boards[i]));
        }
    }
    Ok(values)
}

/// The oracle's values, one oracle run per distinct `k` (the boards carry their own m and n).
fn by_oracle(boards: &[Board]) -> Result<Vec<Outcome>, JudgeError> {
    if boards.iter().any(|b| b.empty_cells().count_ones() > ORACLE_MAX_EMPTY) {
        return Err(JudgeError::oracle_declines(ORACLE_BUDGET));
    }
    let mut values = vec![Outcome::Draw; boards.len()];
    let ks: BTreeSet<usize> = boards.iter().map(|b| b.shape().k()).collect();
    let mut work = Work::for_input("the oracle");
    for k in ks {
        let starts: Vec<PlainBoard> =
            boards.iter().filter(|b| b.shape().k() == k).map(PlainBoard::from_board).collect();
        let oracle = OracleWork::new(work.left());
        let (solved, spent) = solve_loopy_counting(&PlainRules::new(k), starts, ORACLE_BUDGET.with_work(oracle.units))
            .map_err(|e| oracle.error(e))?;
        work.spend(spent)?;
        for (value, board) in values.iter_mut().zip(boards).filter(|(_, b)| b.shape().k() == k) {
            *value = solved[&PlainBoard::from_board(board)];
        }
    }
    Ok(values)
}

/// The boards of a judge input, each checked to be reachable in play.
pub fn parse(input: &str) -> Result<Vec<Board>, JudgeError> {
    let mut tokens = Tokens::new(input);
    let count = tokens.number("the number of cases T", 1..=MAX_CASES)?;
    let mut boards = Vec::with_capacity(count as usize);
    for case in 1..=count {
        let m = tokens.number(format_args!("the number of rows m of case {case}"), 1..=MAX_CELLS)?;
        let mut at_n = tokens.clone();
        let n = tokens.number(format_args!("the number of columns n of case {case}"), 1..=MAX_CELLS)?;
        if m * n > MAX_CELLS {
            let e = Shape::new(m, n, 1).expect_err("too many cells");
            return Err(at_n.error_here(format_args!("case {case}: {e}")).into());
        }
        let k = tokens.number(format_args!("k of case {case}"), 1..=m.max(n))?;
        let shape = Shape::new(m, n, k).expect("m, n and k were checked");
        let mut starts = Vec::with_capacity(m);
        let (mut x, mut o) = (0u16, 0u16);
        for r in 0..m {
            let what = || format!("row {} of case {case} ({n} characters, each X, O or .)", r + 1);
            let token = tokens.token(what())?;
            if token.text.chars().count() != n {
                return Err(token.error(format_args!("expected {}, found `{}`", what(), shorten(token.text))).into());
            }
            for (c, ch) in token.text.chars().enumerate() {
                let bit = 1 << shape.cell(r, c);
                match ch {
                    'X' => x |= bit,
                    'O' => o |= bit,
                    '.' => {}
                    other => {
                        let at = InputError {
                            line: token.line,
                            column: token.column + c,
                            message: format!("expected X, O or . in row {} of case {case}, found `{other}`", r + 1),
                        };
                        return Err(at.into());
                    }
                }
            }
            starts.push((token.line, token.column));
        }
        let board = Board::new(shape, x, o).map_err(|e| {
            let (line, column) = match e.cell() {
                Some(cell) => {
                    let (line, column) = starts[cell / n];
                    (line, column + cell % n)
                }
                None => starts[0],
            };
            InputError { line, column, message: format!("case {case}: {e}") }
        })?;
        boards.push(board);
    }
    tokens.expect_end("the last case")?;
    Ok(boards)
}

/// Boards in the input format.
pub fn render(boards: &[Board]) -> String {
    let mut out = format!("{}\n", boards.len());
    for board in boards {
        let shape = board.shape();
        writeln!(out, "{} {} {}", shape.rows(), shape.cols(), shape.k()).expect("writing to a String cannot fail");
        for row in board.rows() {
            out += &row;
            out += "\n";
        }
    }
    out
}

/// A random reachable board of at most [`GENERATED_MAX_CELLS`] cells, reaching the edge cases
/// on purpose: one-row and one-column boards, k = 1 and k = max(m, n), empty boards, finished
/// boards (won, by one line or by two completed at once, and full ties), boards one move from
/// a win.
fn random_board(rng: &mut SplitMix64) -> Board {
    // Half the boards have two rows and two columns at least (3 x 3 among them); the rest are
    // any board, one-row and one-column ones included.
    let boards: Vec<(usize, usize)> =
        (1..=GENERATED_MAX_CELLS).flat_map(|m| (1..=GENERATED_MAX_CELLS / m).map(move |n| (m, n))).collect();
    let wide: Vec<(usize, usize)> = boards.iter().copied().filter(|&(m, n)| m.min(n) >= 2).collect();
    let from = if rng.below(2) == 0 { &wide } else { &boards };
    let (m, n) = from[rng.below(from.len() as u64) as usize];
    let longest = m.max(n);
    let k = match rng.below(6) {
        0 => 1,
        1 => longest,
        _ => 1 + rng.below(longest.min(4) as u64) as usize,
    };
    let shape = Shape::new(m, n, k).expect("m * n <= 12 and 1 <= k <= max(m, n)");
    let lines = shape.lines();
    let plies = match rng.below(8) {
        0 => 0,
        1 => shape.cells(),
        _ => rng.below(shape.cells() as u64 + 1) as usize,
    };
    // Some games complete every line they can, which makes wins and double lines common.
    let greedy = rng.below(3) == 0;
    let mut board = Board::empty(shape);
    for _ in 0..plies {
        if board.status(&lines) != Status::InPlay {
            break;
        }
        let empty: Vec<usize> = cells_of(board.empty_cells()).collect();
        let completing = |cell: usize| board.play(cell).lines_of(board.to_move(), &lines).len();
        let best = empty.iter().copied().max_by_key(|&c| (completing(c), std::cmp::Reverse(c))).expect("in play");
        let cell = if greedy && completing(best) > 0 { best } else { empty[rng.below(empty.len() as u64) as usize] };
        board = board.play(cell);
    }
    board
}

/// How many of the deepest wins, losses and ties of a game the hard generator draws from.
const HARD_DEEPEST: usize = 32;

/// The games the hard generator draws from: every game of at most 9 cells (each under 6,100
/// positions), the 12-cell games with k = 3 on 3 x 4, 4 x 3 and 2 x 6 boards (about 120,000
/// positions each; transposed boards catch rows and columns mixed up), and the 16-cell games
/// with k = 1 and the 4 x 4 one with k = 2 (160,000 positions), so that the pools are built in
/// about half a second and the judge answers a hard input as fast. The other 16-cell games
/// have 0.2 to 10 million positions (up to seconds each).
fn hard_games() -> Vec<Shape> {
    let small = (1..=9).flat_map(|m| (1..=9 / m).flat_map(move |n| (1..=m.max(n)).map(move |k| (m, n, k))));
    let twelve = [(3, 4, 3), (4, 3, 3), (2, 6, 3)];
    let sixteen = [(4, 4, 1), (4, 4, 2), (1, 16, 1), (16, 1, 1)];
    small
        .chain(twelve)
        .chain(sixteen)
        .map(|(m, n, k)| Shape::new(m, n, k).expect("the hard games are valid shapes"))
        .collect()
}

/// Tic-tac-toe and the 12-cell games with k = 3: deep wins, losses and ties.
fn is_rich(shape: Shape) -> bool {
    (shape.rows() == 3 && shape.cols() == 3 && shape.k() == 3) || (shape.cells() == 12 && shape.k() >= 3)
}

/// Simpler boards than `board`, most aggressive first: a row or column less at an edge, a mark
/// of the last mover less, a smaller k; each one reachable.
fn simpler(board: &Board) -> Vec<Board> {
    let shape = board.shape();
    let (m, n, k) = (shape.rows(), shape.cols(), shape.k());
    let at = |r: usize, c: usize| board.at(shape.cell(r, c));
    let rebuild = |m2: usize, n2: usize, k2: usize, from: &dyn Fn(usize, usize) -> Option<Player>| {
        let shape2 = Shape::new(m2, n2, k2).ok()?;
        let (mut x, mut o) = (0u16, 0u16);
        for r in 0..m2 {
            for c in 0..n2 {
                match from(r, c) {
                    Some(Player::X) => x |= 1 << shape2.cell(r, c),
                    Some(Player::O) => o |= 1 << shape2.cell(r, c),
                    None => {}
                }
            }
        }
        Board::new(shape2, x, o).ok()
    };
    let mut variants = Vec::new();
    if m > 1 {
        variants.extend(rebuild(m - 1, n, k, &|r, c| at(r, c)));
        variants.extend(rebuild(m - 1, n, k, &|r, c| at(r + 1, c)));
    }
    if n > 1 {
        variants.extend(rebuild(m, n - 1, k, &|r, c| at(r, c)));
        variants.extend(rebuild(m, n - 1, k, &|r, c| at(r, c + 1)));
    }
    let last = board.to_move().other();
    for cell in cells_of(board.mask(last)) {
        let without = |r: usize, c: usize| if shape.cell(r, c) == cell { None } else { at(r, c) };
        variants.extend(rebuild(m, n, k, &without));
    }
    if k > 1 {
        variants.extend(rebuild(m, n, k - 1, &|r, c| at(r, c)));
    }
    variants
}

/// How many plies of a line `explain` shows at most: every game ends within 16.
const EXPLAIN_PLIES: usize = MAX_CELLS;

fn explain_case(case: usize, board: &Board, space: &MnkSpace, table: &OutcomeTable) -> Explanation {
    let shape = board.shape();
    let id = space.rank(board);
    let value = table.get(id);
    let mover = board.to_move();
    let mut explanation = Explanation {
        title: format!("case {case}"),
        picture: format!(
            "{} x {} board, {} in a row wins; {mover} to move\n{}",
            shape.rows(),
            shape.cols(),
            shape.k(),
            board.diagram()
        ),
        verdict: value.to_string(),
        value: format!("{value} for {mover}, the player to move"),
        ..Default::default()
    };
    let lines = space.lines();
    match board.status(lines) {
        Status::Won(winner) => {
            let line = board.lines_of(winner, lines).into_iter().map(|l| shape.cells_named(l)).collect::<Vec<_>>();
            explanation.notes.push(format!("The game is over: {winner} completed {}.", line.join(" and ")));
            return explanation;
        }
        Status::Full => {
            explanation.notes.push("The game is over: the board is full without a line, a tie.".into());
            return explanation;
        }
        Status::InPlay => {}
    }
    let play = |before: &Board, after: &Board| {
        let cell = (after.mask(before.to_move()) & !before.mask(before.to_move())).trailing_zeros() as usize;
        format!("{} {}", before.to_move(), shape.cell_name(cell))
    };
    explanation.moves = ranked_moves(space, table, id)
        .into_iter()
        .map(|(child, v)| MoveValue { play: play(board, &space.unrank(child)), value: v.backed_up().to_string() })
        .collect();
    let line: Vec<Board> =
        principal_variation(space, table, id, EXPLAIN_PLIES).into_iter().map(|id| space.unrank(id)).collect();
    explanation.line = line
        .windows(2)
        .map(|pair| {
            let after = &pair[1];
            let value = match after.status(lines) {
                Status::Won(winner) => {
                    let completed = after.lines_of(winner, lines).into_iter().map(|l| shape.cells_named(l));
                    format!("{winner} completes {}", completed.collect::<Vec<_>>().join(" and "))
                }
                Status::Full => "the board is full: a tie".to_string(),
                Status::InPlay => format!("then {} for {}", table.get(space.rank(after)), after.to_move()),
            };
            MoveValue { play: play(&pair[0], after), value }
        })
        .collect();
    let plies = |r: u32| if r == 1 { "1 ply".to_string() } else { format!("{r} plies") };
    explanation.notes.push(match value {
        Outcome::Win(r) => format!("{mover} completes a line within {}, whatever {} does.", plies(r), mover.other()),
        Outcome::Loss(r) => {
            format!("{} completes a line within {}; {mover} delays it as long as possible.", mover.other(), plies(r))
        }
        Outcome::Tie(r) => {
            format!("Neither player can force a line: with best play the board fills up in {}.", plies(r))
        }
        Outcome::Draw => unreachable!("every play of an m,n,k-game ends"),
    });
    explanation
}

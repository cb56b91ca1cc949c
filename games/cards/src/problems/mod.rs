//! The judge problems of the card game, `cf919f` ([`Cf919f`]) and `childhood` ([`Childhood`]),
//! and what they share: reading their lines (a fast reader for the common layout, and a token
//! reader that is the authority and explains errors), and answering every situation with any
//! engine while solving only the one game needed.

mod cf919f;
mod childhood;

pub use cf919f::Cf919f;
pub use childhood::Childhood;

use crate::plain::{PlainCards, PlainPosition};
use crate::{Cards, CardsSolver, HandIndex, solve_by_symmetry};
use judge::explain_all;
use judge::hard_pools::{Hard, HardPools};
use judge::input::{InputError, Tokens};
use judge::resources::{OracleWork, work_budget};
use judge::{Explanation, JudgeError, MoveValue};
use oracle::{Budget, solve_loopy};
use solver_core::graph::SplitMix64;
use solver_core::play::{principal_variation, ranked_moves};
use solver_core::{LoopySpace, Outcome, OutcomeKind, OutcomeTable, RetrogradeEngine, StateId, StateSpace, Terminal};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

judge::engines! {
    /// The engines of both card problems: the game's own two solvers first (the default is
    /// [`solve_by_symmetry`]), then solver-core's three retrograde engines on the same game,
    /// then the naive oracle on unsorted arrays.
    pub enum CardsEngine {
        /// [`CardsSolver::Symmetry`]: [`solve_by_symmetry`].
        Symmetry = "symmetry",
        /// [`CardsSolver::HandTables`]: [`solve_by_hand_tables`](crate::solve_by_hand_tables).
        HandTables = "hand-tables",
        /// [`RetrogradeEngine::ReverseGraph`] on [`Cards`].
        ReverseGraph = "reverse-graph",
        /// [`RetrogradeEngine::Unmoves`] on [`Cards`]' un-moves.
        Unmoves = "unmoves",
        /// [`RetrogradeEngine::Layered`] on [`Cards`].
        Layered = "layered",
        /// `oracle::solve_loopy` on [`PlainCards`], from the cards as dealt, within
        /// [`ORACLE_STATES`] positions.
        Oracle = "oracle",
    }
}

/// What solves the whole table for an engine other than the oracle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum TableSolver {
    Own(CardsSolver),
    Generic(RetrogradeEngine),
}

/// Tables solved so far in this process, by cards a player, modulus and solver.
type SolvedTables = Mutex<HashMap<(usize, usize, TableSolver), Arc<OutcomeTable>>>;

impl TableSolver {
    /// The whole table of the game with `k` cards a player modulo `m`, solved once per process:
    /// every input of a problem needs the same table, so `check`'s rounds and the fuzz replay
    /// do not solve it again for each input.
    fn table(self, k: usize, m: usize) -> Result<Arc<OutcomeTable>, JudgeError> {
        static SOLVED: OnceLock<SolvedTables> = OnceLock::new();
        let solved = SOLVED.get_or_init(Default::default);
        if let Some(table) = solved.lock().unwrap_or_else(|e| e.into_inner()).get(&(k, m, self)) {
            return Ok(Arc::clone(table));
        }
        // Solved outside the lock: two threads may both solve a table once, never wait on each other.
        let game = Cards::new(k, m).expect("the problems' sizes are valid");
        let table = match self {
            TableSolver::Own(solver) => solver.solve(&game).map_err(|e| e.to_string()),
            TableSolver::Generic(engine) => engine.solve(&game).map_err(|e| e.to_string()),
        };
        let table = Arc::new(table.map_err(JudgeError::TooLarge)?);
        solved.lock().unwrap_or_else(|e| e.into_inner()).insert((k, m, self), Arc::clone(&table));
        Ok(table)
    }
}

/// The oracle's budget: the unsorted positions reachable from the input's situations. Every
/// situation of `childhood` fits (at most 10^4 positions); most of `cf919f` do not, and the
/// oracle declines them.
pub const ORACLE_STATES: usize = 50_000;

/// The largest ranking table worth building (both problems need under 20,000 entries).
const RANKER_ENTRIES: usize = 1 << 16;

/// Inputs from this size on are parsed while another thread solves the game; smaller ones
/// parse in well under a millisecond, and a broken one then costs no solving.
const OVERLAP_FROM_BYTES: usize = 1 << 16;

/// A situation as read: the cards of the player to move and of the other player (as dealt),
/// and a flag the problem needs for its answer (cf919f: Bob moved first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Start<const K: usize> {
    pub(super) mover: [u8; K],
    pub(super) opponent: [u8; K],
    pub(super) flag: bool,
}

/// A card problem with `K` cards a player: its modulus, its input and its answers.
pub(super) trait CardProblem<const K: usize> {
    /// The modulus of the game.
    const MODULUS: usize;

    /// Every situation of `input`, each turned into what `keep` makes of it, or the first
    /// error. Valid input calls `keep` once per situation, in order, and may call it again
    /// from the start (when the fast reader gives up).
    fn parse<X>(input: &str, keep: impl Fn(Start<K>) -> X) -> Result<Vec<X>, InputError>;

    /// The answer line of a situation flagged `flag` whose player to move has `value`.
    fn answer(flag: bool, value: OutcomeKind) -> &'static str;

    /// The names of the player to move and of the other player in a situation flagged `flag`.
    fn players(flag: bool) -> [&'static str; 2];

    /// Whether the flag varies (cf919f: who moves first) or is always `false`.
    const FLAGGED: bool;

    /// Whether the problem's input may hold this situation.
    fn admits(start: &Start<K>) -> bool;

    /// Situations written as an input.
    fn render(situations: &[Start<K>]) -> String;
}

/// Random situations the problem admits, the same for the same seed: hands of mostly small
/// values with zeros on purpose, now and then a hand of zeros (a finished game).
pub(super) fn generate<const K: usize, P: CardProblem<K>>(seed: u64, cases: usize) -> String {
    let mut rng = SplitMix64(seed);
    let mut situations = Vec::with_capacity(cases);
    while situations.len() < cases {
        let mut hand = || -> [u8; K] {
            let zeros = rng.below(10);
            std::array::from_fn(
                |_| if zeros == 0 || rng.below(4) == 0 { 0 } else { rng.below(P::MODULUS as u64) as u8 },
            )
        };
        let start = Start { mover: hand(), opponent: hand(), flag: P::FLAGGED && rng.below(2) == 1 };
        if P::admits(&start) {
            situations.push(start);
        }
    }
    P::render(&situations)
}

/// How many of the deepest wins and of the deepest losses a hard input draws from.
const DEEPEST: usize = 256;

/// The solved game `(K, P::MODULUS)` sorted into the pools hard inputs draw from
/// ([`HardPools`]: the deepest wins and losses, wins with a single winning move, draws). Time:
/// one solve and one pass over the positions with their moves.
pub(super) fn hard_pools<const K: usize, P: CardProblem<K>>() -> Result<HardPools, JudgeError> {
    let game = Cards::new(K, P::MODULUS).expect("the problems' sizes are valid");
    let table = solve_by_symmetry(&game).map_err(|e| JudgeError::TooLarge(e.to_string()))?;
    Ok(HardPools::build(&game, &table, DEEPEST, |_| true))
}

/// `cases` situations drawn from `pools` (and a few from the uniform generator, for the
/// extremes: finished games, hands of zeros), the same for the same seed.
pub(super) fn generate_hard<const K: usize, P: CardProblem<K>>(pools: &HardPools, seed: u64, cases: usize) -> String {
    let game = Cards::new(K, P::MODULUS).expect("the problems' sizes are valid");
    let mut rng = SplitMix64(seed ^ 0x6861_7264); // "hard": not the uniform generator's stream
    let mut situations = Vec::with_capacity(cases);
    while situations.len() < cases {
        let pool: &[StateId] = match rng.below(10) {
            0..=3 => pools.pool(Hard::DeepestWin),
            4..=5 => pools.pool(Hard::DeepestLoss),
            6..=7 => pools.pool(Hard::OneWinningMove),
            8 => pools.pool(Hard::Draw),
            _ => &[],
        };
        let start = match pool.get(rng.below(pool.len().max(1) as u64) as usize) {
            Some(&id) => {
                let position = game.unrank(id);
                let hand = |values: &[u8]| -> [u8; K] { std::array::from_fn(|i| values[i]) };
                Start {
                    mover: hand(position.mover.values()),
                    opponent: hand(position.opponent.values()),
                    flag: P::FLAGGED && rng.below(2) == 1,
                }
            }
            None => {
                let uniform = generate::<K, P>(rng.next_u64(), 1);
                P::parse(&uniform, |s| s).ok().and_then(|s| s.first().copied()).expect("generated input is valid")
            }
        };
        if P::admits(&start) {
            situations.push(start);
        }
    }
    P::render(&situations)
}

/// Each situation of a valid input as an input of its own.
pub(super) fn split<const K: usize, P: CardProblem<K>>(input: &str) -> Result<Vec<String>, JudgeError> {
    Ok(P::parse(input, |s| s)?.iter().map(|s| P::render(&[*s])).collect())
}

/// Simpler versions of a one-situation input: a card turned to 0, or lowered by one; each
/// rendered when asked for.
pub(super) fn shrink<const K: usize, P: CardProblem<K> + 'static>(input: &str) -> Box<dyn Iterator<Item = String>> {
    let Ok(starts) = P::parse(input, |s| s) else { return Box::new(std::iter::empty()) };
    let Some(&start) = starts.first() else { return Box::new(std::iter::empty()) };
    let lowerings = [|_: u8| 0, |v: u8| v - 1];
    let smaller = (0..2 * 2 * K).filter_map(move |n| {
        let (lower, hand, i) = (lowerings[n / (2 * K)], n / K % 2, n % K);
        let mut smaller = start;
        let cards = if hand == 0 { &mut smaller.mover } else { &mut smaller.opponent };
        if cards[i] == 0 {
            return None;
        }
        cards[i] = lower(cards[i]);
        P::admits(&smaller).then(|| P::render(&[smaller]))
    });
    Box::new(smaller)
}

/// The whole answer to `input` with `engine`: builds and solves the one game
/// `(K, P::MODULUS)`, for a large input on a second thread while the main thread parses (the
/// table does not depend on the input), then looks up each situation's position.
pub(super) fn judge<const K: usize, P: CardProblem<K>>(input: &str, engine: CardsEngine) -> Result<String, JudgeError> {
    let solver = match engine {
        CardsEngine::Symmetry => TableSolver::Own(CardsSolver::Symmetry),
        CardsEngine::HandTables => TableSolver::Own(CardsSolver::HandTables),
        CardsEngine::ReverseGraph => TableSolver::Generic(RetrogradeEngine::ReverseGraph),
        CardsEngine::Unmoves => TableSolver::Generic(RetrogradeEngine::Unmoves),
        CardsEngine::Layered => TableSolver::Generic(RetrogradeEngine::Layered),
        CardsEngine::Oracle => return judge_by_oracle::<K, P>(input),
    };
    // Parsing keeps each situation as its position id with its flag in bit 31 (both problems'
    // games have far fewer than 2^31 positions).
    let index = HandIndex::new(K, P::MODULUS).expect("the problems' sizes are valid");
    let hands = index.len() as u32;
    assert!(index.len().pow(2) <= 1 << 31, "a card problem's positions fit 31 bits");
    let ranker = index.ranker(RANKER_ENTRIES);
    let rank = |hand: &[u8]| ranker.as_ref().map_or_else(|| index.rank(hand), |r| r.rank(hand));
    let keep = |s: Start<K>| (s.flag as u32) << 31 | (rank(&s.mover) * hands + rank(&s.opponent));
    let solve = || solver.table(K, P::MODULUS);
    let (situations, table) = if input.len() < OVERLAP_FROM_BYTES {
        let situations = P::parse(input, keep)?;
        (situations, solve()?)
    } else {
        let (situations, table) = std::thread::scope(|scope| {
            let solver = std::thread::Builder::new().spawn_scoped(scope, solve);
            let situations = P::parse(input, keep);
            // Without a second thread, solve here.
            let table = match solver {
                Ok(handle) => handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                Err(_) => solve(),
            };
            (situations, table)
        });
        (situations?, table?)
    };
    let mut out = String::with_capacity(situations.len() * 6);
    for situation in situations {
        let id = StateId::from_u32(situation & !(1 << 31)).expect("ids of positions fit a StateId");
        out += P::answer(situation >> 31 != 0, table.get(id).kind());
    }
    Ok(out)
}

/// The oracle's answers: the plain rules from the cards as dealt, every situation at once.
fn judge_by_oracle<const K: usize, P: CardProblem<K>>(input: &str) -> Result<String, JudgeError> {
    let starts = P::parse(input, |s| s)?;
    let rules = PlainCards { modulus: P::MODULUS as u8 };
    let plain = |s: &Start<K>| PlainPosition { mover: s.mover.to_vec(), opponent: s.opponent.to_vec() };
    let oracle = OracleWork::new(work_budget());
    let budget = Budget::new(ORACLE_STATES).with_work(oracle.units);
    let values = solve_loopy(&rules, starts.iter().map(plain), budget).map_err(|e| oracle.error(e))?;
    Ok(starts.iter().map(|s| P::answer(s.flag, values[&plain(s)].kind())).collect())
}

/// How many moves of endless play `explain` shows.
const EXPLAIN_PLIES: usize = 8;

/// For each situation: both hands, the value with its remoteness and the answer, every move
/// with its value (best first), and the line of optimal play. Solved by the default solver.
pub(super) fn explain<const K: usize, P: CardProblem<K>>(input: &str) -> Result<Vec<Explanation>, JudgeError> {
    let starts = P::parse(input, |s| s)?;
    let game = Cards::new(K, P::MODULUS).expect("the problems' sizes are valid");
    let table = solve_by_symmetry(&game).map_err(|e| JudgeError::TooLarge(e.to_string()))?;
    let explain = |(i, start): (usize, &Start<K>)| {
        let id = game.id_of(&start.mover, &start.opponent);
        let answer = P::answer(start.flag, table.get(id).kind()).trim_end();
        explain_one(&game, &table, i + 1, id, P::players(start.flag), answer)
    };
    Ok(explain_all(starts.len(), starts.iter().enumerate().map(explain))?)
}

fn explain_one(
    game: &Cards,
    table: &OutcomeTable,
    number: usize,
    id: StateId,
    [mover, other]: [&str; 2],
    answer: &str,
) -> Explanation {
    let position = game.unrank(id);
    let value = table.get(id);
    let width = mover.len().max(other.len());
    let picture = format!("{mover:<width$}  {:?}  (to move)\n{other:<width$}  {:?}", position.mover, position.opponent);
    let mut explanation = Explanation {
        title: format!("situation {number}"),
        picture,
        verdict: answer.to_string(),
        value: format!("{value} for {mover}, the player to move"),
        ..Default::default()
    };
    match game.terminal_at(id) {
        Some(Terminal::Win) => explanation.notes.push(format!("The game is over: {mover} holds only zeros.")),
        Some(_) => explanation.notes.push(format!("The game is over: {other} holds only zeros.")),
        None => {
            explanation.moves = ranked_moves(game, table, id)
                .iter()
                .map(|&(child, child_value)| MoveValue {
                    play: describe(game, id, child),
                    value: format!("{} for {mover}", child_value.backed_up()),
                })
                .collect();
            // A decided game's line ends after its remoteness; endless play is cut short.
            let plies = value.remoteness().map_or(EXPLAIN_PLIES, |r| r as usize);
            let line = principal_variation(game, table, id, plies);
            let names = [mover, other];
            explanation.line = line
                .windows(2)
                .enumerate()
                .map(|(ply, pair)| MoveValue {
                    play: format!("{} {}", names[ply % 2], describe(game, pair[0], pair[1])),
                    value: match table.get(pair[1]) {
                        Outcome::Draw => "endless".to_string(),
                        after => format!("{after} for {}", names[(ply + 1) % 2]),
                    },
                })
                .collect();
            if value == Outcome::Draw {
                explanation.notes.push(format!("Endless play: only the first {EXPLAIN_PLIES} moves are shown."));
            }
        }
    }
    explanation
}

/// A move as `own+other=result`, e.g. `4+1=0`.
fn describe(game: &Cards, from: StateId, to: StateId) -> String {
    match game.move_between(from, to) {
        Some(m) => format!("{}+{}={}", m.own, m.other, m.result),
        None => "?".to_string(),
    }
}

/// The layout nearly every input has, read without tokens for speed: a line with a decimal
/// count, then lines of single digits separated by single spaces, every line ending in `\n`.
/// Every input it accepts, the token reader accepts with the same values; any other input
/// makes it give up (`None`), and the token reader is the authority.
pub(super) struct Canonical<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Canonical<'a> {
    pub(super) fn new(input: &'a str) -> Canonical<'a> {
        Canonical { bytes: input.as_bytes(), pos: 0 }
    }

    /// A line holding a number in `1..=max` of at most 9 digits.
    pub(super) fn count(&mut self, max: u32) -> Option<u32> {
        let digits = self.bytes.iter().take(10).position(|&b| !b.is_ascii_digit())?;
        if !(1..=9).contains(&digits) || self.bytes.get(digits) != Some(&b'\n') {
            return None;
        }
        let count = self.bytes[..digits].iter().fold(0, |n, &d| n * 10 + (d - b'0') as u32);
        self.pos = digits + 1;
        (1..=max).contains(&count).then_some(count)
    }

    /// A line of `N` single digits in `0..=max`, separated by single spaces.
    #[inline]
    pub(super) fn line<const N: usize>(&mut self, max: u8) -> Option<[u8; N]> {
        let line = self.bytes.get(self.pos..self.pos + 2 * N)?;
        self.pos += 2 * N;
        let mut values = [0u8; N];
        let mut ok = true;
        for (j, (value, pair)) in values.iter_mut().zip(line.chunks_exact(2)).enumerate() {
            *value = pair[0].wrapping_sub(b'0');
            let separator = if j + 1 == N { b'\n' } else { b' ' };
            ok &= *value <= max && pair[1] == separator;
        }
        ok.then_some(values)
    }

    /// Whether the whole input has been read.
    pub(super) fn at_end(&self) -> bool {
        self.pos == self.bytes.len()
    }
}

/// Where a line's first value is, to point at the whole line.
#[derive(Debug, Clone, Copy)]
pub(super) struct At {
    line: usize,
    column: usize,
}

impl At {
    pub(super) fn error(self, message: impl fmt::Display) -> InputError {
        InputError { line: self.line, column: self.column, message: message.to_string() }
    }
}

/// Reads `T` (the number of situations, `1..=max`), alone on its line.
pub(super) fn read_count(tokens: &mut Tokens<'_>, max: u32) -> Result<u32, InputError> {
    let line = tokens.clone().next_token().map(|t| t.line);
    let count = tokens.number("the number of situations T", 1..=max)?;
    end_of_line(tokens, line.unwrap_or_default(), format_args!("T"))?;
    Ok(count)
}

/// Reads a line of exactly `N` numbers in `0..=max` and nothing else. `names` names each value
/// and `plural` all of them; `owner` follows them in messages ("card 3" "of Alice in
/// situation 2"). Returns the values and where the line starts.
pub(super) fn read_line<const N: usize>(
    tokens: &mut Tokens<'_>,
    names: &[&str; N],
    plural: &str,
    owner: fmt::Arguments<'_>,
    max: u8,
) -> Result<([u8; N], At), InputError> {
    let mut values = [0u8; N];
    let mut start = At { line: 0, column: 0 };
    let mut last_end = At { line: 0, column: 0 };
    for (j, (value, name)) in values.iter_mut().zip(names).enumerate() {
        let next = tokens.clone().next_token();
        if j > 0 && next.is_none_or(|t| t.line != last_end.line) {
            return Err(last_end.error(format_args!("expected {N} {plural} {owner} on one line, found {j}")));
        }
        *value = tokens.number(format_args!("{name} {owner}"), 0..=max)?;
        // `number` read exactly the token looked at, so it exists here.
        if let Some(t) = next {
            last_end = At { line: t.line, column: t.column + t.text.chars().count() };
            if j == 0 {
                start = At { line: t.line, column: t.column };
            }
        }
    }
    match N {
        1 => end_of_line(tokens, last_end.line, format_args!("{} {owner}", names[0]))?,
        _ => end_of_line(tokens, last_end.line, format_args!("the {N} {plural} {owner}"))?,
    }
    Ok((values, start))
}

/// Fails if another token follows on `line`.
fn end_of_line(tokens: &mut Tokens<'_>, line: usize, after: fmt::Arguments<'_>) -> Result<(), InputError> {
    let mut ahead = tokens.clone();
    match ahead.clone().next_token() {
        Some(t) if t.line == line => ahead.expect_end(&after.to_string()),
        _ => Ok(()),
    }
}

/// Capacity for `count` situations of at least `bytes_each` bytes in `input`: a bogus count
/// cannot allocate more than the input could hold.
pub(super) fn capacity(count: u32, input: &str, bytes_each: usize) -> usize {
    (count as usize).min(input.len() / bytes_each + 1)
}

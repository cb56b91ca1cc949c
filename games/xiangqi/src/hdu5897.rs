//! `hdu5897`: HDU 5897 "The Game", the xiangqi endgame General + Horse against a lone General.
//! The contract is `problems/hdu5897.md` (`gamesolve show hdu5897`).

use crate::plain::{PlainBoard, PlainRules};
use crate::{Board, Endgame, Position, Side, Square, Verdict};
use judge::explain_all;
use judge::hard_pools::{Hard, HardPools, share};
use judge::input::Tokens;
use judge::resources::{OracleWork, work_budget};
use judge::{Explanation, JudgeError, MoveValue, Problem};
use oracle::{Budget, solve_loopy};
use solver_core::graph::SplitMix64;
use solver_core::play::{principal_variation, ranked_moves};
use solver_core::{Outcome, OutcomeTable, RetrogradeEngine, StateId, StateSpace};
use std::fmt::Write;
use std::sync::OnceLock;

/// The most cases an input may hold.
const MAX_CASES: u32 = 10_000_000;

/// The oracle's budget: every position reachable from any start of the game is 16,013
/// plain boards (the 14,420 positions, plus the boards the captures of a General leave).
pub const ORACLE_BUDGET: Budget = Budget { max_states: 100_000, max_depth: 2_000, max_work: u64::MAX };

/// How many plies of endless play `explain` shows.
const ENDLESS_PLIES: usize = 4;

/// `hdu5897`: T positions `x1 y1 x2 y2 x3 y3 p` (the Horse, Bob's General, Alice's General, who
/// moves first: 0 Alice, 1 Bob); for each, `Lose in X steps T.T!` if Bob captures Alice's General
/// after X moves of both players under optimal play, else `Lucky guy!`.
pub struct Hdu5897;

judge::engines! {
    /// The engines of `hdu5897`: solver-core's three retrograde engines on [`Endgame`], each
    /// solving the whole game once per input, and the oracle on the plain boards of the cases.
    pub enum Hdu5897Engine {
        /// [`solver_core::solve_with_reverse_graph`] on [`Endgame`].
        ReverseGraph = "reverse-graph",
        /// [`solver_core::solve_with_unmoves`] on [`Endgame`]'s exact un-moves.
        Unmoves = "unmoves",
        /// [`solver_core::solve_by_layers`] on [`Endgame`].
        Layered = "layered",
        /// `oracle::solve_loopy` on [`PlainRules`], from the cases' boards, within [`ORACLE_BUDGET`].
        Oracle = "oracle",
    }
}

impl Problem for Hdu5897 {
    type Engine = Hdu5897Engine;

    fn id(&self) -> &'static str {
        "hdu5897"
    }

    fn title(&self) -> &'static str {
        "xiangqi endgame: General + Horse against a lone General (HDU 5897 The Game)"
    }

    fn contract(&self) -> &'static str {
        include_str!("../problems/hdu5897.md")
    }

    fn judge(&self, input: &str, engine: Hdu5897Engine) -> Result<String, JudgeError> {
        let cases = parse(input)?;
        let mut out = String::with_capacity(cases.len() * 21);
        let mut line = |verdict: Verdict| writeln!(out, "{verdict}").expect("writing to a String cannot fail");
        let engine = match engine {
            Hdu5897Engine::ReverseGraph => RetrogradeEngine::ReverseGraph,
            Hdu5897Engine::Unmoves => RetrogradeEngine::Unmoves,
            Hdu5897Engine::Layered => RetrogradeEngine::Layered,
            Hdu5897Engine::Oracle => {
                let oracle = OracleWork::new(work_budget());
                let values = solve_loopy(
                    &PlainRules,
                    cases.iter().map(PlainBoard::from_position),
                    ORACLE_BUDGET.with_work(oracle.units),
                )
                .map_err(|e| oracle.error(e))?;
                cases.iter().for_each(|p| line(Verdict::new(p.to_move(), values[&PlainBoard::from_position(p)])));
                return Ok(out);
            }
        };
        let (game, table) = (Endgame::new(), solve(engine)?);
        cases.iter().for_each(|p| line(Verdict::new(p.to_move(), table.get(game.rank(p)))));
        Ok(out)
    }

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let cases = parse(input)?;
        let (game, table) = (Endgame::new(), solve(RetrogradeEngine::ReverseGraph)?);
        let explained = cases.iter().enumerate().map(|(k, position)| explain_case(k + 1, position, &game, &table));
        Ok(explain_all(cases.len(), explained)?)
    }

    /// Any number the input allows up to 100,000 (an input may hold no case).
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        0..=100_000
    }

    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed);
        let mut out = format!("{cases}\n");
        let mut pick = |low: u8, high: u8| low + rng.below((high - low + 1) as u64) as u8;
        let mut made = 0;
        while made < cases {
            let (bob, alice) = (Square::new(pick(7, 9), pick(3, 5)), Square::new(pick(0, 2), pick(3, 5)));
            // Half the Horses start near Alice's palace, where hobbling, captures and the
            // Horse standing between the Generals all happen; the rest anywhere.
            let horse =
                if pick(0, 1) == 0 { Square::new(pick(0, 4), pick(1, 7)) } else { Square::new(pick(0, 9), pick(0, 8)) };
            let to_move = if pick(0, 1) == 0 { Side::Alice } else { Side::Bob };
            let (Some(bob), Some(alice), Some(horse)) = (bob, alice, horse) else { continue };
            if let Ok(board) = Board::new(Some(horse), bob, alice) {
                out += &input_line(&Position::in_play(board, to_move));
                out += "\n";
                made += 1;
            }
        }
        Ok(out)
    }

    /// From the solved game, the judge positions (the Horse on the board) where wrong solutions
    /// go wrong: 25% Alice's longest defences (the 64 deepest losses with her to move, up to
    /// `Lose in 16`), 15% Bob's deepest wins, 15% Bob to move with a single winning move (3
    /// plies or more from the end), 15% Alice to move with a single escape (every move but one
    /// loses), 10% Alice's escapes by endless play, 5% her immediate wins (the flying General),
    /// 15% any judge position, half of them with the Horse between the Generals on an
    /// otherwise open column.
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        static POOLS: OnceLock<Result<HardPositions, JudgeError>> = OnceLock::new();
        let pools = POOLS.get_or_init(HardPositions::build).as_ref().map_err(Clone::clone)?;
        let game = Endgame::new();
        let mut rng = SplitMix64(seed ^ 0x6861_7264); // "hard": not the uniform generator's stream
        let mut out = format!("{cases}\n");
        const SHARES: [u64; 7] = [25, 15, 15, 15, 10, 5, 15];
        for _ in 0..cases {
            let (alice, bob) = (&pools.alice_to_move, &pools.bob_to_move);
            let id = match share(&SHARES, &mut rng) {
                0 => alice.draw(&[Hard::DeepestLoss], 0, &mut rng),
                1 => bob.draw(&[Hard::DeepestWin], 0, &mut rng),
                2 => bob.draw(&[Hard::OneWinningMove, Hard::DeepestWin], 0, &mut rng),
                3 => alice.draw(&[Hard::OneSavingMove, Hard::OneWinningMove, Hard::Draw], 0, &mut rng),
                4 => alice.draw(&[Hard::Draw], 0, &mut rng),
                5 => alice.draw(&[Hard::DeepestWin], 0, &mut rng),
                _ => {
                    let from = if rng.below(2) == 0 && !pools.between.is_empty() { &pools.between } else { &pools.all };
                    Some(from[rng.below(from.len() as u64) as usize])
                }
            };
            // Every pool drawn from has positions; should one not, any position will do.
            let id = id.unwrap_or_else(|| pools.all[rng.below(pools.all.len() as u64) as usize]);
            out += &input_line(&game.unrank(id));
            out += "\n";
        }
        Ok(out)
    }

    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        Ok(parse(input)?.iter().map(|p| format!("1\n{}\n", input_line(p))).collect())
    }

    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        Ok(judge::input::CaseList::Counted.join(inputs)?)
    }

    fn is_answer_line(&self, line: &str) -> bool {
        let steps = |n: &str| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit());
        line == "Lucky guy!"
            || line.strip_prefix("Lose in ").and_then(|r| r.strip_suffix(" steps T.T!")).is_some_and(steps)
    }
}

/// The judge positions of the solved game sorted for the hard generator.
struct HardPositions {
    /// Pools of the positions with Alice to move, and with Bob to move.
    alice_to_move: HardPools,
    bob_to_move: HardPools,
    /// Every judge position, and those with the Horse between the Generals on one column.
    all: Vec<StateId>,
    between: Vec<StateId>,
}

/// How many of the deepest wins and of the deepest losses the hard generator draws from.
const HARD_DEEPEST: usize = 64;

impl HardPositions {
    /// Solves the game once (14,420 positions) and sorts its judge positions.
    fn build() -> Result<HardPositions, JudgeError> {
        let (game, table) = (Endgame::new(), solve(RetrogradeEngine::ReverseGraph)?);
        let judged = |side: Side| move |id: StateId| matches!(game.unrank(id), Position::InPlay { board, to_move } if to_move == side && board.horse().is_some());
        let all: Vec<StateId> =
            StateId::all(game.len()).filter(|&id| judged(Side::Alice)(id) || judged(Side::Bob)(id)).collect();
        let between = all
            .iter()
            .copied()
            .filter(|&id| {
                let Position::InPlay { board, .. } = game.unrank(id) else { return false };
                let (h, b, a) = (board.horse().expect("judge positions have the Horse"), board.bob(), board.alice());
                h.y() == b.y() && b.y() == a.y() && (a.x()..b.x()).contains(&h.x())
            })
            .collect();
        let mut bob_to_move = HardPools::build(&game, &table, HARD_DEEPEST, judged(Side::Bob));
        // Most single winning moves of Bob's are an immediate capture; those further from the
        // end are the ones a search gets wrong.
        bob_to_move.retain(Hard::OneWinningMove, |&id| table.get(id).remoteness() >= Some(3));
        Ok(HardPositions {
            alice_to_move: HardPools::build(&game, &table, HARD_DEEPEST, judged(Side::Alice)),
            bob_to_move,
            all,
            between,
        })
    }
}

/// A position as one line of judge input: `x1 y1 x2 y2 x3 y3 p`.
fn input_line(position: &Position) -> String {
    let Position::InPlay { board, to_move } = position else { return String::new() };
    let horse = board.horse().expect("judge positions have the Horse on the board");
    let p = if *to_move == Side::Alice { 0 } else { 1 };
    let (b, a) = (board.bob(), board.alice());
    format!("{} {} {} {} {} {} {p}", horse.x(), horse.y(), b.x(), b.y(), a.x(), a.y())
}

fn solve(engine: RetrogradeEngine) -> Result<OutcomeTable, JudgeError> {
    engine.solve(&Endgame::new()).map_err(|e| JudgeError::TooLarge(e.to_string()))
}

fn parse(input: &str) -> Result<Vec<Position>, JudgeError> {
    let mut tokens = Tokens::new(input);
    let count = tokens.number("the number of cases T", 0..=MAX_CASES)?;
    // Capacity from the input size, not the declared count: a case takes at least 14 bytes.
    let mut cases = Vec::with_capacity((count as usize).min(input.len() / 14 + 1));
    for k in 1..=count {
        let start = tokens.clone();
        let mut square = |what: &str, rows, columns| -> Result<Square, JudgeError> {
            let x = tokens.number(format_args!("{what} row in case {k}"), rows)?;
            let y = tokens.number(format_args!("{what} column in case {k}"), columns)?;
            Ok(Square::new(x, y).expect("the ranges keep points on the board"))
        };
        let horse = square("the Horse's", 0..=9, 0..=8)?;
        let bob = square("Bob's General's", 7..=9, 3..=5)?;
        let alice = square("Alice's General's", 0..=2, 3..=5)?;
        let to_move = match tokens.number(format_args!("who moves first p in case {k}"), 0..=1u8)? {
            0 => Side::Alice,
            _ => Side::Bob,
        };
        let board =
            Board::new(Some(horse), bob, alice).map_err(|e| start.clone().error_here(format_args!("case {k}: {e}")))?;
        cases.push(Position::in_play(board, to_move));
    }
    tokens.expect_end("the last case")?;
    Ok(cases)
}

fn explain_case(k: usize, position: &Position, game: &Endgame, table: &OutcomeTable) -> Explanation {
    let mut explanation = Explanation { title: format!("case {k}"), ..Default::default() };
    let Position::InPlay { board, to_move } = *position else { return explanation };
    let horse = board.horse().map_or("captured".to_string(), |h| h.to_string());
    explanation.picture = format!(
        "{to_move} to move; H Bob's Horse {horse}, B Bob's General {}, A Alice's General {}\n{}",
        board.bob(),
        board.alice(),
        board.diagram()
    );
    let id = game.rank(position);
    let value = table.get(id);
    let verdict = Verdict::new(to_move, value);
    explanation.verdict = verdict.to_string();
    explanation.value = format!("{value} for {to_move}, the player to move");
    explanation.notes.push(match verdict {
        Verdict::BobWins { plies } => {
            format!("Bob captures Alice's General on ply {plies} (Bob hurries, Alice delays).")
        }
        Verdict::AliceWins { plies } => format!("Alice captures Bob's General on ply {plies}."),
        Verdict::Endless => "Bob cannot force a capture: play goes on forever, which counts for Alice.".to_string(),
    });
    explanation.moves = ranked_moves(game, table, id)
        .into_iter()
        .map(|(child, v)| MoveValue { play: describe(position, &game.unrank(child)), value: v.backed_up().to_string() })
        .collect();
    let limit = value.remoteness().map_or(ENDLESS_PLIES, |r| r as usize);
    let line: Vec<Position> =
        principal_variation(game, table, id, limit).into_iter().map(|id| game.unrank(id)).collect();
    explanation.line = line
        .windows(2)
        .map(|pair| {
            let left = match table.get(game.rank(&pair[1])).remoteness() {
                Some(1) => "1 ply left".to_string(),
                Some(r) => format!("{r} plies left"),
                None => "endless".to_string(),
            };
            MoveValue { play: format!("{}: {}", pair[0].to_move().name(), describe(&pair[0], &pair[1])), value: left }
        })
        .collect();
    if value == Outcome::Draw {
        explanation.notes.push(format!("Only the first {ENDLESS_PLIES} plies of endless play are shown."));
    }
    explanation
}

/// The move from `before` to `after` in words, as `explain` and `probe` name it.
pub(crate) fn describe(before: &Position, after: &Position) -> String {
    let Position::InPlay { board, to_move } = before else { return "the game is over".to_string() };
    let (h, b, a) = (board.horse(), board.bob(), board.alice());
    match (after, to_move) {
        (Position::GeneralCaptured { .. }, Side::Bob) => match h {
            Some(h) if Endgame::horse_attacks(board) => format!("Horse {h} takes Alice's General at {a}"),
            _ => format!("General {b} flies to {a}, taking Alice's General"),
        },
        (Position::GeneralCaptured { .. }, Side::Alice) => format!("General {a} flies to {b}, taking Bob's General"),
        (Position::InPlay { board: next, .. }, Side::Bob) => match (h, next.horse()) {
            (Some(from), Some(to)) if from != to => format!("Horse {from} -> {to}"),
            _ => format!("General {b} -> {}", next.bob()),
        },
        (Position::InPlay { board: next, .. }, Side::Alice) if h == Some(next.alice()) => {
            format!("General {a} takes the Horse at {}", next.alice())
        }
        (Position::InPlay { board: next, .. }, Side::Alice) => format!("General {a} -> {}", next.alice()),
    }
}

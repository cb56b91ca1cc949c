//! `chopsticks`: the value of positions of one variant of Chopsticks, for the player to move.
//! The contract is `problems/chopsticks.md` (`gamesolve show chopsticks`).

use crate::plain::{PlainPosition, PlainRules};
use crate::rules::{Hands, Position, Rule, Splits, Variant};
use crate::space::Chopsticks;
use judge::explain_all;
use judge::hard_pools::{Hard, HardPools, share};
use judge::input::{InputError, Tokens, shorten};
use judge::resources::{OracleWork, work_budget};
use judge::{Explanation, JudgeError, MoveValue, Problem};
use oracle::{Budget, solve_loopy};
use solver_core::graph::SplitMix64;
use solver_core::play::principal_variation;
use solver_core::{LoopySpace, Outcome, OutcomeTable, RetrogradeEngine, StateId, StateSpace, Terminal};
use std::fmt::Write;
use std::sync::OnceLock;

/// The most positions an input may ask about.
pub const MAX_POSITIONS: u32 = 100_000;

/// The oracle's budget: every cell of the 15 x 15 table of pairs, so it never declines.
pub const ORACLE_BUDGET: Budget = Budget { max_states: 15 * 15, max_depth: 2_000, max_work: u64::MAX };

/// How many of the deepest wins and of the deepest losses of a variant the hard generator
/// draws from (a variant has at most 225 positions).
const HARD_DEEPEST: usize = 16;

/// How many plies of endless play `explain` shows.
const EXPLAIN_PLIES: usize = 8;

/// `chopsticks`: win, loss or draw with remoteness for positions of one rule variant.
pub struct ChopsticksProblem;

judge::engines! {
    /// The engines of `chopsticks`: solver-core's three retrograde engines on the variant's
    /// space, and the oracle on the plain rules.
    pub enum ChopsticksEngine {
        /// [`solver_core::solve_with_reverse_graph`].
        ReverseGraph = "reverse-graph",
        /// [`solver_core::solve_with_unmoves`], on [`Chopsticks`]'s un-moves.
        Unmoves = "unmoves",
        /// [`solver_core::solve_by_layers`].
        Layered = "layered",
        /// `oracle::solve_loopy` on [`PlainRules`], from the positions asked about.
        Oracle = "oracle",
    }
}

/// A position of the input: its numbers as written, and the position they stand for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Asked {
    /// `a b c d` as written.
    written: [u8; 4],
    position: Position,
}

/// A valid input: the variant's space and the positions asked about, in order.
struct Parsed {
    space: Chopsticks,
    asked: Vec<Asked>,
}

fn word<T>(tokens: &mut Tokens<'_>, what: &str, read: impl Fn(&str) -> Option<T>) -> Result<T, InputError> {
    let token = tokens.token(what)?;
    read(token.text).ok_or_else(|| token.error(format_args!("expected {what}, found `{}`", shorten(token.text))))
}

fn parse(input: &str) -> Result<Parsed, InputError> {
    let mut tokens = Tokens::new(input);
    let rule = word(&mut tokens, "the rule (`cutoff` or `rollover`)", Rule::from_word)?;
    let splits = word(&mut tokens, "the splits (`none`, `nosuicide` or `any`)", Splits::from_word)?;
    let variant = Variant::new(rule, splits);
    let count = tokens.number("the number of positions T", 1..=MAX_POSITIONS)?;
    let space = Chopsticks::new(variant);
    // Capacity from the input's size, not the declared count: a position takes at least 8 bytes.
    let mut asked = Vec::with_capacity((count as usize).min(input.len() / 8 + 1));
    for i in 1..=count {
        let at = tokens.error_here("");
        let mut written = [0u8; 4];
        for (k, slot) in written.iter_mut().enumerate() {
            let whose = if k < 2 { "the mover's" } else { "the opponent's" };
            *slot = tokens.number(format_args!("{whose} hand in position {i}"), 0..=4)?;
        }
        let hands = |a, b| Hands::new(a, b).expect("hands were read within 0..=4");
        let position = Position::new(hands(written[0], written[1]), hands(written[2], written[3]));
        let problem = if position.mover.is_out() && position.opponent.is_out() {
            Some(format!("position {i} ({position}) is impossible: both players have lost"))
        } else if position.opponent.is_out() {
            Some(format!(
                "position {i} ({position}) cannot occur in any variant: the opponent made the last move, \
                 and no move leaves its maker without a live hand"
            ))
        } else if space.id_of(&position).is_none() {
            Some(format!(
                "position {i} ({position}) cannot be reached from 1 1 / 1 1 under {} {}",
                rule.word(),
                splits.word()
            ))
        } else {
            None
        };
        if let Some(message) = problem {
            return Err(InputError { message, ..at });
        }
        asked.push(Asked { written, position });
    }
    tokens.expect_end("the last position")?;
    Ok(Parsed { space, asked })
}

fn solve(space: &Chopsticks, engine: RetrogradeEngine) -> Result<OutcomeTable, JudgeError> {
    engine.solve(space).map_err(|e| JudgeError::TooLarge(e.to_string()))
}

/// `position` as an input writes it, each side's hands in an order drawn by `rng`.
fn written(position: Position, rng: &mut SplitMix64) -> [u8; 4] {
    let mut side = |hands: Hands| {
        let [low, high] = hands.both();
        if rng.below(2) == 0 { [low, high] } else { [high, low] }
    };
    let ([a, b], [c, d]) = (side(position.mover), side(position.opponent));
    [a, b, c, d]
}

/// An input in the contract's format.
fn render(variant: Variant, asked: &[[u8; 4]]) -> String {
    let mut out = format!("{} {}\n{}\n", variant.rule.word(), variant.splits.word(), asked.len());
    for [a, b, c, d] in asked {
        writeln!(out, "{a} {b} {c} {d}").expect("writing to a String cannot fail");
    }
    out
}

/// The players' names in `explain`: A is to move in the position asked about.
const NAMES: [&str; 2] = ["A", "B"];

fn picture(position: &Position) -> String {
    let row = |name: &str, hands: Hands| format!("{name:<11}  {}   {hands}", hands.fingers());
    format!("{}\n{}", row("A (to move)", position.mover), row("B", position.opponent))
}

fn explain_one(space: &Chopsticks, table: &OutcomeTable, number: usize, id: StateId) -> Explanation {
    let position = space.unrank(id);
    let value = table.get(id);
    let variant = space.variant();
    let mut explanation = Explanation {
        title: format!("position {number}"),
        picture: picture(&position),
        verdict: value.to_string(),
        value: format!("{value} for A, the player to move"),
        ..Default::default()
    };
    let rules = format!(
        "Rules: {}, splits {}; {} positions can be reached from 1 1 / 1 1.",
        variant.rule.word(),
        variant.splits.word(),
        space.len()
    );
    if space.terminal_at(id) == Some(Terminal::Loss) {
        explanation.notes.push("The game is over: A has no live hand, so B has won.".into());
        explanation.notes.push(rules);
        return explanation;
    }
    // Every move, best first (as solver_core::play ranks them), equal moves in the game's order.
    let mut moves: Vec<(usize, StateId, Outcome, String)> = space
        .moves(&position)
        .into_iter()
        .enumerate()
        .map(|(order, (play, child))| {
            let child = space.rank(&child);
            (order, child, table.get(child), play.to_string())
        })
        .collect();
    moves.sort_by_key(|&(order, child, after, _)| (after.best_move_key(), child, order));
    explanation.moves = moves
        .into_iter()
        .map(|(_, _, after, play)| MoveValue { play, value: format!("{} for A", after.backed_up()) })
        .collect();
    // A decided game's line ends after its remoteness; endless play is cut short.
    let plies = value.remoteness().map_or(EXPLAIN_PLIES, |r| r as usize);
    let line = principal_variation(space, table, id, plies);
    explanation.line = line
        .windows(2)
        .enumerate()
        .map(|(ply, pair)| {
            let play = space.move_between(pair[0], pair[1]).map_or_else(|| "?".to_string(), |m| m.to_string());
            let after = space.unrank(pair[1]);
            MoveValue {
                play: format!("{}: {play}", NAMES[ply % 2]),
                value: format!("{after}   {} for {}", table.get(pair[1]), NAMES[(ply + 1) % 2]),
            }
        })
        .collect();
    if value == Outcome::Draw {
        explanation.notes.push(format!("Endless play: only the first {EXPLAIN_PLIES} moves are shown."));
    }
    explanation.notes.push(rules);
    explanation
}

impl Problem for ChopsticksProblem {
    type Engine = ChopsticksEngine;

    fn id(&self) -> &'static str {
        "chopsticks"
    }

    fn title(&self) -> &'static str {
        "Chopsticks, six rule variants: win, loss or draw with remoteness for the player to move"
    }

    fn contract(&self) -> &'static str {
        include_str!("../problems/chopsticks.md")
    }

    fn judge(&self, input: &str, engine: ChopsticksEngine) -> Result<String, JudgeError> {
        let Parsed { space, asked } = parse(input)?;
        let engine = match engine {
            ChopsticksEngine::ReverseGraph => RetrogradeEngine::ReverseGraph,
            ChopsticksEngine::Unmoves => RetrogradeEngine::Unmoves,
            ChopsticksEngine::Layered => RetrogradeEngine::Layered,
            ChopsticksEngine::Oracle => {
                let rules = PlainRules::new(space.variant());
                let plain = |a: &Asked| PlainPosition::from_position(&a.position);
                let oracle = OracleWork::new(work_budget());
                let values = solve_loopy(&rules, asked.iter().map(plain), ORACLE_BUDGET.with_work(oracle.units))
                    .map_err(|e| oracle.error(e))?;
                return Ok(render_values(asked.iter().map(|a| values[&plain(a)])));
            }
        };
        let table = solve(&space, engine)?;
        Ok(render_values(asked.iter().map(|a| table.get(space.rank(&a.position)))))
    }

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let Parsed { space, asked } = parse(input)?;
        let table = solve(&space, RetrogradeEngine::ReverseGraph)?;
        let explained =
            asked.iter().enumerate().map(|(i, a)| explain_one(&space, &table, i + 1, space.rank(&a.position)));
        Ok(explain_all(asked.len(), explained)?)
    }

    /// As the input: 1 to 100,000 positions.
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        1..=MAX_POSITIONS as usize
    }

    /// A random variant and `cases` positions of it (at most [`MAX_POSITIONS`]). A quarter of
    /// them are edge cases on purpose: the start, finished positions, the longest win and the
    /// longest loss, a draw, positions where a player has one live hand; each side's hands are
    /// written in either order.
    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed);
        let variant = Variant::ALL[rng.below(Variant::ALL.len() as u64) as usize];
        let space = Chopsticks::new(variant);
        let table = solve(&space, RetrogradeEngine::ReverseGraph)?;
        let mut edges = vec![space.start()];
        let longest = |kind: fn(Outcome) -> Option<u32>| {
            StateId::all(space.len()).filter_map(|id| kind(table.get(id)).map(|r| (r, id))).max().map(|(_, id)| id)
        };
        edges.extend(longest(|o| if let Outcome::Win(r) = o { Some(r) } else { None }));
        edges.extend(longest(|o| if let Outcome::Loss(r) = o { Some(r) } else { None }));
        edges.extend(StateId::all(space.len()).find(|&id| table.get(id) == Outcome::Draw));
        edges.extend(StateId::all(space.len()).filter(|&id| {
            let p = space.unrank(id);
            p.mover.is_out() || p.mover.live() == 1 || p.opponent.live() == 1
        }));
        let mut asked = Vec::new();
        for _ in 0..cases {
            let id = if rng.below(4) == 0 {
                edges[rng.below(edges.len() as u64) as usize]
            } else {
                StateId::new(rng.below(space.len() as u64) as usize).expect("below the space's size")
            };
            asked.push(written(space.unrank(id), &mut rng));
        }
        Ok(render(variant, &asked))
    }

    /// From the solved game of one variant (chosen by the seed; the six are solved once per
    /// process): 25% the deepest wins and 25% the deepest losses (the 16 of largest
    /// remoteness each), 20% wins with a single winning move, 5% draws, 5% draws that a single
    /// move keeps (every other move loses), 10% finished positions and the start, 10% any
    /// position of the variant (draws are common there already: 40% of uniform positions). A
    /// kind the variant lacks (a variant without draws) gives way to the next. Each side's
    /// hands are written in either order.
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        static POOLS: OnceLock<Result<Vec<HardPools>, JudgeError>> = OnceLock::new();
        let all = POOLS
            .get_or_init(|| {
                let pools = |&variant: &Variant| {
                    let space = Chopsticks::new(variant);
                    let table = solve(&space, RetrogradeEngine::ReverseGraph)?;
                    Ok(HardPools::build(&space, &table, HARD_DEEPEST, |_| true))
                };
                Variant::ALL.iter().map(pools).collect()
            })
            .as_ref()
            .map_err(Clone::clone)?;
        let mut rng = SplitMix64(seed ^ 0x6861_7264); // "hard": not the uniform generator's stream
        let which = rng.below(Variant::ALL.len() as u64) as usize;
        let (variant, pools) = (Variant::ALL[which], &all[which]);
        let space = Chopsticks::new(variant);
        const KINDS: [Hard; 6] = [
            Hard::DeepestWin,
            Hard::DeepestLoss,
            Hard::OneWinningMove,
            Hard::Draw,
            Hard::OneSavingMove,
            Hard::Finished,
        ];
        const SHARES: [u64; 7] = [25, 25, 20, 5, 5, 10, 10];
        let mut asked = Vec::with_capacity(cases);
        for _ in 0..cases {
            let kind = share(&SHARES, &mut rng);
            let id = match kind {
                5 if rng.below(4) == 0 => Some(space.start()),
                6 => None,
                _ => pools.draw(&KINDS, kind, &mut rng),
            };
            let id = id.unwrap_or_else(|| {
                StateId::new(rng.below(space.len() as u64) as usize).expect("below the space's size")
            });
            asked.push(written(space.unrank(id), &mut rng));
        }
        Ok(render(variant, &asked))
    }

    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        let Parsed { space, asked } = parse(input)?;
        Ok(asked.iter().map(|a| render(space.variant(), &[a.written])).collect())
    }

    /// Positions of one variant only: the inputs of a split share their first line.
    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        let mut variant = None;
        let mut written = Vec::new();
        for input in inputs {
            let Parsed { space, asked } = parse(input)?;
            if variant.is_some_and(|v| v != space.variant()) {
                return Err(JudgeError::Unsupported("joining positions of different variants"));
            }
            variant = Some(space.variant());
            written.extend(asked.iter().map(|a| a.written));
        }
        let variant = variant.ok_or(JudgeError::Unsupported("joining no positions"))?;
        Ok(render(variant, &written))
    }

    /// For several positions: each half. For one: the same position in a variant with fewer
    /// splits, then with fewer fingers (one hand one finger lower), then each side's hands in
    /// order; only variants that are valid inputs, each smaller than the input in (positions,
    /// fingers, splits, hands out of order).
    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        let Ok(Parsed { space, asked }) = parse(input) else { return Box::new(std::iter::empty()) };
        let variant = space.variant();
        if asked.len() > 1 {
            let written: Vec<[u8; 4]> = asked.iter().map(|a| a.written).collect();
            let half = written.len() / 2;
            return Box::new((0..2).map(move |i| {
                let (front, back) = written.split_at(half);
                render(variant, if i == 0 { front } else { back })
            }));
        }
        // One position: the few variants are listed as numbers, each rendered when asked for.
        let [a, b, c, d] = asked[0].written;
        let mut variants = Vec::new();
        for splits in Splits::ALL.into_iter().filter(|&s| s < variant.splits) {
            variants.push((Variant::new(variant.rule, splits), [a, b, c, d]));
        }
        for k in 0..4 {
            let mut fewer = [a, b, c, d];
            if fewer[k] > 0 {
                fewer[k] -= 1;
                variants.push((variant, fewer));
            }
        }
        if a > b || c > d {
            variants.push((variant, [a.min(b), a.max(b), c.min(d), c.max(d)]));
        }
        Box::new(variants.into_iter().filter_map(|(variant, written)| {
            let input = render(variant, &[written]);
            parse(&input).is_ok().then_some(input)
        }))
    }

    fn is_answer_line(&self, line: &str) -> bool {
        let remoteness = |rest: &str| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit());
        line == "draw" || ["win in ", "loss in "].iter().any(|p| line.strip_prefix(p).is_some_and(remoteness))
    }
}

/// The judge's output: one value a line.
fn render_values(values: impl ExactSizeIterator<Item = Outcome>) -> String {
    let mut out = String::with_capacity(values.len() * 10);
    for v in values {
        writeln!(out, "{v}").expect("writing to a String cannot fail");
    }
    out
}

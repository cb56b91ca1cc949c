//! Forward search as `gamesolve search` runs it: the game found by name (a game searched past
//! its tables first, else a space target through its family's search), its parameters and
//! position read from the words after it, every engine asked for run on each position, and the
//! answers compared. Each step returns data; the command prints it.

use crate::registry;
use serde::Serialize;
use solver_core::search::{Answer, SearchEngine, SearchError, SearchLimits};
pub use workbench::search::Engine;
use workbench::search::{Found, SearchFailure, Searchable};
use workbench::solve::{Identity, PositionError, SolvableGame};
use workbench::target::{Args, Param};

/// The leading `key=value` words of `words` (the parameters), and the rest joined with spaces
/// (the position; empty for the start).
pub fn split_words(words: &[String]) -> (Vec<String>, String) {
    let params = words.iter().take_while(|w| w.contains('=')).cloned().collect::<Vec<_>>();
    let position = words[params.len()..].join(" ");
    (params, position)
}

/// A game opened for search by name: a search target's own search, or a space target's
/// through its family.
pub struct SearchedGame {
    /// The game and its parameters as the command line names them: `mnk m=7 n=7 k=5`.
    pub title: String,
    /// The game, every parameter (defaults filled in) and, for a search target, what it is.
    pub identity: Identity,
    owner: Owner,
}

/// What holds a [`SearchedGame`]'s search: a space's search borrows its space.
enum Owner {
    Own(Box<dyn Searchable>),
    Space(Box<dyn SolvableGame>),
}

impl SearchedGame {
    /// The game `name` at the parameters `params` (a search target first, then a space
    /// target). Errors name the game, an unknown parameter, or why the game is not searched.
    pub fn open(name: &str, params: &[String]) -> Result<SearchedGame, String> {
        let checked = |declared: &'static [Param]| Args::parse(declared, params).map_err(|e| format!("{name}: {e}"));
        if let Some(target) = registry::find_search(name) {
            let args = checked(target.params)?;
            let search = (target.open)(&args).map_err(|e| format!("{name}: {e}"))?;
            let title = title(name, &args.words(target.params));
            let identity = Identity::new(name, &args, target.about);
            return Ok(SearchedGame { title, identity, owner: Owner::Own(search) });
        }
        if let Some(target) = registry::find_space(name) {
            let args = checked(target.params)?;
            let game = (target.open)(&args).map_err(|e| format!("{name}: {e}"))?;
            // A space that is not searched (a loopy one) is refused here, before any use.
            game.searchable().map_err(|e| format!("{name}: {e}"))?;
            let identity = game.identity().clone();
            return Ok(SearchedGame { title: identity.title(), identity, owner: Owner::Space(game) });
        }
        let mut known: Vec<&str> =
            registry::searches().map(|t| t.name).chain(registry::spaces().map(|t| t.name)).collect();
        known.sort_unstable();
        known.dedup();
        Err(format!("no game `{name}` to search; the games are {}", known.join(", ")))
    }

    /// `run` on the game's search (a space's is made for the call: it borrows the space).
    pub fn with<T>(&self, run: impl FnOnce(&dyn Searchable) -> T) -> Result<T, String> {
        match &self.owner {
            Owner::Own(search) => Ok(run(search.as_ref())),
            Owner::Space(game) => game.searchable().map(|search| run(search.as_ref())),
        }
    }
}

/// The game `name` at the parameters `params`, searched ([`SearchedGame::open`]); `run` gets
/// its title (`mnk m=7 n=7 k=5`) and the search.
pub fn with_searchable<T>(
    name: &str,
    params: &[String],
    run: impl FnOnce(&str, &dyn Searchable) -> T,
) -> Result<T, String> {
    let game = SearchedGame::open(name, params)?;
    game.with(|search| run(&game.title, search)).map_err(|e| format!("{name}: {e}"))
}

fn title(name: &str, words: &str) -> String {
    if words.is_empty() { name.to_string() } else { format!("{name} {words}") }
}

/// A position read from a file of positions, with where it was.
#[derive(Debug, Clone)]
pub struct Listed {
    /// Its line, from 1.
    pub line: usize,
    /// The position as the line writes it (the game reads it).
    pub position: String,
    /// The score the line gives for it, in the game's field score.
    pub expected: Option<i64>,
}

/// The positions of a `--positions` file: one a line, blank lines and lines starting with `#`
/// skipped; each read by the game first, so that a bad line is refused (`FILE:line:column:
/// message`) before any search. Where the game has a field score ([`Searchable::score_name`]),
/// a line may end in the position's score, the field's benchmark format (`4453 3`): after a
/// tab, or after a space when the whole line is not a position.
pub fn read_positions(search: &dyn Searchable, text: &str, file: &str) -> Result<Vec<Listed>, String> {
    let mut listed = Vec::new();
    for (at, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let column = line.len() - line.trim_start().len() + 1;
        // The whole line is read once; a game with a field score may end it in the score,
        // `position<tab>score`, or `position score` where the whole line is not a position.
        let whole = search.canonical(trimmed);
        let split = match (search.score_name(), trimmed.split_once('\t'), &whole) {
            (None, _, _) => None,
            (Some(_), Some(split), _) => Some(split),
            (Some(_), None, Err(_)) => trimmed.rsplit_once(' '),
            (Some(_), None, Ok(_)) => None,
        };
        let (position, expected) = match split {
            Some((position, score)) if search.canonical(position.trim()).is_ok() => {
                let score = score.trim();
                let expected = score.parse::<i64>().map_err(|_| {
                    let column = column + trimmed.len() - score.len();
                    format!("{file}:{}:{column}: `{score}` is not a score (a whole number) after the position", at + 1)
                })?;
                (position.trim(), Some(expected))
            }
            _ => {
                whole.map_err(|e: PositionError| format!("{file}:{}:{column}: {e}", at + 1))?;
                (trimmed, None)
            }
        };
        listed.push(Listed { line: at + 1, position: position.to_string(), expected });
    }
    if listed.is_empty() {
        return Err(format!(
            "{file}: no position in it (one a line; blank lines and lines starting with # are skipped)"
        ));
    }
    Ok(listed)
}

/// One engine's answer on one position, as reports show it.
#[derive(Debug, Clone, Serialize)]
pub struct EngineAnswer {
    /// The engine's name.
    pub engine: &'static str,
    /// Why the engine gave no answer where others did (with several engines, one that ran out
    /// of its memory is reported, not fatal); `value` is then empty. Null in JSON otherwise,
    /// as every optional field here: each line has every field.
    pub error: Option<String>,
    /// The value in words: `win in 7`, `loss in 4`, `tie`, `+2`; a weak engine's `win`, `tie`
    /// or `loss`.
    pub value: String,
    /// The value in the game's field score, where it has one (Connect Four: Pons' score; a
    /// weak engine's sign as -1, 0 or 1).
    pub score: Option<i64>,
    /// `win`, `tie` or `loss` for the player to move.
    pub sign: String,
    /// Whether the value is exact (else only its sign).
    pub exact: bool,
    /// Best moves from the position on.
    pub principal_variation: Vec<String>,
    /// Positions visited.
    pub nodes: u64,
    /// Transposition-table hits and stores.
    pub tt_hits: u64,
    /// Entries written to the transposition table.
    pub tt_stores: u64,
    /// Wall time in seconds.
    pub seconds: f64,
    /// The most bytes the engine held.
    pub peak_bytes: u64,
    #[serde(skip)]
    answer: Option<Answer>,
}

impl EngineAnswer {
    fn of(found: Found) -> EngineAnswer {
        EngineAnswer {
            engine: found.engine,
            error: None,
            value: found.answer.to_string(),
            score: None,
            sign: found.answer.sign().to_string(),
            exact: matches!(found.answer, Answer::Exact(_)),
            principal_variation: found.principal_variation,
            nodes: found.stats.nodes,
            tt_hits: found.stats.tt_hits,
            tt_stores: found.stats.tt_stores,
            seconds: found.stats.elapsed.as_secs_f64(),
            peak_bytes: found.stats.peak_bytes,
            answer: Some(found.answer),
        }
    }

    /// The row of an engine that ran out of its memory.
    fn failed(engine: Engine, error: &SearchError) -> EngineAnswer {
        EngineAnswer {
            engine: engine.name(),
            error: Some(error.to_string()),
            value: String::new(),
            score: None,
            sign: String::new(),
            exact: !engine.is_weak(),
            principal_variation: Vec::new(),
            nodes: 0,
            tt_hits: 0,
            tt_stores: 0,
            seconds: 0.0,
            peak_bytes: 0,
            answer: None,
        }
    }
}

/// Why a search of the command gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum SearchStop {
    /// The engine ran past `--budget` positions.
    #[error("{engine}: {error}; --budget raises the limit")]
    Budget {
        /// The engine.
        engine: &'static str,
        /// Its report, with what it had proven.
        error: SearchError,
    },
    /// Ctrl-C.
    #[error("{engine}: {error}")]
    Stopped {
        /// The engine.
        engine: &'static str,
        /// Its report, with what it had proven.
        error: SearchError,
    },
    /// Anything else: a position, memory, a loop.
    #[error("{0}")]
    Failed(String),
}

/// A position searched by every engine asked for, and its moves' values where asked.
#[derive(Debug, Clone, Serialize)]
pub struct PositionReport {
    /// The position as the game writes it.
    pub position: String,
    /// Its line in a `--positions` file.
    pub line: Option<usize>,
    /// The score its line gives (`--positions` in the field's format).
    pub expected: Option<i64>,
    /// Each engine's answer, in the order run.
    pub results: Vec<EngineAnswer>,
    /// Each move with its value for the mover, by the first exact engine (`--moves`).
    pub moves: Option<Vec<MoveValue>>,
}

/// A move and its value for the mover.
#[derive(Debug, Clone, Serialize)]
pub struct MoveValue {
    /// The move, as the game names it.
    #[serde(rename = "move")]
    pub name: String,
    /// Its value in words.
    pub value: String,
}

impl PositionReport {
    /// The first two engines whose answers disagree (an exact value with another exact one,
    /// any answer with another by sign), with their answers.
    pub fn disagreement(&self) -> Option<(&EngineAnswer, &EngineAnswer)> {
        let results = &self.results;
        let answered: Vec<(&EngineAnswer, Answer)> = results.iter().filter_map(|r| Some((r, r.answer?))).collect();
        for (i, &(a, first)) in answered.iter().enumerate() {
            for &(b, second) in &answered[i + 1..] {
                let same = match (first, second) {
                    (Answer::Exact(x), Answer::Exact(y)) => x == y,
                    (x, y) => x.sign() == y.sign(),
                };
                if !same {
                    return Some((a, b));
                }
            }
        }
        None
    }

    /// The first answer whose score differs from the score its line gives (a weak engine's by
    /// sign), with that score.
    pub fn against_expected(&self) -> Option<(&EngineAnswer, i64)> {
        let expected = self.expected?;
        self.results.iter().find_map(|r| {
            let score = r.score?;
            let same = if r.exact { score == expected } else { score.signum() == expected.signum() };
            (!same).then_some((r, expected))
        })
    }
}

/// `position` searched by each of `engines` with `limits`, and, when `with_moves`, each move's
/// value by the first exact engine of solver-core's among them (alpha-beta with bisection when
/// there is none; the first engine when every one is weak). With several engines, one that
/// runs out of its memory (a full proof-number graph) is a row saying so; every other failure
/// ends the search.
pub fn search_position(
    search: &dyn Searchable,
    position: &str,
    line: Option<&Listed>,
    engines: &[Engine],
    with_moves: bool,
    limits: &SearchLimits,
) -> Result<PositionReport, SearchStop> {
    let mut results = Vec::with_capacity(engines.len());
    for &engine in engines {
        match engine.run(search, position, limits) {
            Ok(found) => {
                let score = search.score(position, found.answer);
                results.push(EngineAnswer { score, ..EngineAnswer::of(found) });
            }
            // Side by side, an engine out of its memory is one row; alone, it is the answer.
            Err(SearchFailure::Search(error @ (SearchError::TreeFull { .. } | SearchError::TableAlloc { .. })))
                if engines.len() > 1 =>
            {
                results.push(EngineAnswer::failed(engine, &error));
            }
            Err(e) => return Err(stop(engine, e)),
        }
    }
    if results.iter().all(|r| r.answer.is_none()) {
        let errors: Vec<String> =
            results.iter().filter_map(|r| Some(format!("{}: {}", r.engine, r.error.as_ref()?))).collect();
        return Err(SearchStop::Failed(errors.join("; ")));
    }
    let moves = if with_moves {
        let core = || engines.iter().filter_map(|e| if let Engine::Core(core) = e { Some(*core) } else { None });
        let exact = core().find(|e| !e.is_weak());
        let engine = match engines.iter().all(|e| e.is_weak()) {
            true => core().next().unwrap_or(SearchEngine::WeakAlphaBeta),
            false => exact.unwrap_or(SearchEngine::AlphaBeta(solver_core::search::Driver::Bisection)),
        };
        let values = search.move_values(position, engine, limits).map_err(|e| stop(Engine::Core(engine), e))?;
        let words = |answer: Option<Answer>| {
            answer.map_or_else(|| "unknown: its share of the node budget ran out".to_string(), |a| a.to_string())
        };
        Some(values.into_iter().map(|m| MoveValue { name: m.name, value: words(m.answer) }).collect())
    } else {
        None
    };
    Ok(PositionReport {
        position: position.to_string(),
        line: line.map(|l| l.line),
        expected: line.and_then(|l| l.expected),
        results,
        moves,
    })
}

fn stop(engine: Engine, failure: SearchFailure) -> SearchStop {
    match failure {
        SearchFailure::Search(error @ SearchError::NodeBudget { .. }) => {
            SearchStop::Budget { engine: engine.name(), error }
        }
        SearchFailure::Search(error @ SearchError::Stopped { .. }) => {
            SearchStop::Stopped { engine: engine.name(), error }
        }
        other => SearchStop::Failed(format!("{}: {other}", engine.name())),
    }
}

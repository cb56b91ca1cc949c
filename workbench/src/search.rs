//! Forward search as the commands see it: a game searched from positions written in its
//! notation ([`Searchable`]), what `gamesolve search` runs; `verify` checks every search engine
//! against the table on every acyclic space ([`crate::search_check`]).
//!
//! A game is searchable two ways: through its space
//! ([`SolvableGame::searchable`](crate::solve::SolvableGame::searchable), the family's adapter
//! on ids: no game code), or through a [`SearchGame`] of its own for speed, wrapped with its
//! notation in [`Notated`] (registered as a [`SearchTarget`](crate::target::SearchTarget) for
//! boards past the tables, and given to its space with
//! [`SpaceGame::with_search`](crate::space_game::SpaceGame::with_search) so that `verify`
//! checks it against the table).
//!
//! ```
//! use solver_core::graph::{GraphGame, RandomShape};
//! use workbench::search::Searchable;
//! use workbench::search_check::{SearchCheckPlan, check_search};
//! use workbench::solve::{Identity, Notation, SolvableGame};
//! use workbench::space_game::ScoringGame;
//! use workbench::target::Args;
//! use solver_core::search::{SearchEngine, SearchLimits};
//!
//! type NodeIndex = petgraph::graph::NodeIndex<u32>;
//! let space = GraphGame::random(&RandomShape::acyclic(200), 3);
//! let identity = Identity::new("example", &Args::parse(&[], &[]).unwrap(), "random scoring DAG");
//! let notation = Notation::new(|n: &NodeIndex| n.index().to_string(), |_| Err("no notation".to_string()));
//! let game = ScoringGame::<_, i32>::new(identity, space, &NodeIndex::new(0), notation);
//! let search = game.searchable().unwrap();
//! let found = search.search("#0", SearchEngine::ALL[0], &SearchLimits::default()).unwrap();
//! let table = game.solve(&game.engines()[0]).unwrap();
//! assert!(found.answer.agrees_with_score(match table.value(0) {
//!     table_file::Value::Score(s) => s,
//!     _ => unreachable!(),
//! }));
//! let plan = SearchCheckPlan::QUICK;
//! let checked = check_search(&game, search.as_ref(), table.as_ref(), "the space", true, &plan).unwrap();
//! assert!(checked.agreed > 0);
//! ```

use crate::solved::PositionError;
use solver_core::search::{
    Answer, SearchEngine, SearchError, SearchGame, SearchLimits, SearchStats, SearchValue, Searched, Sign,
};
use table_file::{Value, ValueKind};

/// A game at fixed parameters whose positions, written in its notation, are searched forward.
///
/// Contract: `canonical(text)` accepts exactly the texts `search` accepts, and gives the text
/// back as the game writes it; `#n` is accepted where the game has a table's numbering.
pub trait Searchable: Sync {
    /// The start position, in the game's notation.
    fn start(&self) -> String;
    /// What its values are: [`ValueKind::Score`] for a scoring game, else
    /// [`ValueKind::Outcome`] (an impartial space's [`ValueKind::Nimber`], whose search gives
    /// win or loss).
    fn kind(&self) -> ValueKind;
    /// `text` read as a position and written back in the game's notation.
    fn canonical(&self, text: &str) -> Result<String, PositionError>;
    /// The value of the position `text` by `engine`, with the principal variation named.
    fn search(&self, text: &str, engine: SearchEngine, limits: &SearchLimits) -> Result<Found, SearchFailure>;
    /// Each move of the position `text` the game lists (a game may leave out moves provably no
    /// better than one it lists) with its value for the mover, each by `engine` (an exact one).
    ///
    /// A node budget in `limits` is the budget of the whole call, shared among the moves as
    /// [`share_budget`] does: a move over its share is given no answer, and the others are
    /// still valued. Any other failure (a stop, memory) ends the call.
    fn move_values(
        &self,
        text: &str,
        engine: SearchEngine,
        limits: &SearchLimits,
    ) -> Result<Vec<MoveValue>, SearchFailure>;
    /// The name of the score the game's field writes values in (Connect Four: `Pons' score`),
    /// if it has one; [`Searchable::score`] then converts to it.
    fn score_name(&self) -> Option<&'static str> {
        None
    }
    /// `answer`, the value of the position `text`, in the field's score ([`Searchable::score_name`]);
    /// a weak answer as its sign (-1, 0, 1). `None` where the game has no such score.
    fn score(&self, text: &str, answer: Answer) -> Option<i64> {
        let _ = (text, answer);
        None
    }
    /// Whether the game has a dedicated solver of its own beside solver-core's engines
    /// (Connect Four's), which [`Searchable::solve`] runs.
    fn has_solver(&self) -> bool {
        false
    }
    /// The value of the position `text` by the game's dedicated solver (`weak`: only its sign),
    /// reported as [`SOLVER`] or [`SOLVER_WEAK`]; refused where the game has none.
    fn solve(&self, text: &str, weak: bool, limits: &SearchLimits) -> Result<Found, SearchFailure> {
        let _ = (text, weak, limits);
        Err(no_solver())
    }
}

/// The name a game's dedicated solver is reported by.
pub const SOLVER: &str = "solver";
/// The name a game's dedicated solver is reported by when it gives only the sign.
pub const SOLVER_WEAK: &str = "solver-weak";

/// An engine run on a [`Searchable`] (by `gamesolve search` and `verify`'s search check): one
/// of solver-core's, or the game's dedicated solver (Connect Four's), strong or weak.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// One of solver-core's engines, run on the game's [`Searchable`].
    Core(SearchEngine),
    /// [`Searchable::solve`]; `weak`: only the sign.
    Solver {
        /// Only the sign.
        weak: bool,
    },
}

impl Engine {
    /// Every engine's name on the command line: solver-core's, then the dedicated solver's.
    pub fn names() -> impl Iterator<Item = &'static str> {
        SearchEngine::ALL.iter().map(|e| e.name()).chain([SOLVER, SOLVER_WEAK])
    }

    /// The engine named `name`.
    pub fn from_name(name: &str) -> Option<Engine> {
        match name {
            SOLVER => Some(Engine::Solver { weak: false }),
            SOLVER_WEAK => Some(Engine::Solver { weak: true }),
            _ => SearchEngine::from_name(name).map(Engine::Core),
        }
    }

    /// Every engine `search` runs on `game` for `--engine all`: solver-core's, then the
    /// dedicated solver strong and weak where the game has one.
    pub fn all(game: &dyn Searchable) -> Vec<Engine> {
        let solver = [Engine::Solver { weak: false }, Engine::Solver { weak: true }];
        let own = if game.has_solver() { &solver[..] } else { &[] };
        SearchEngine::ALL.iter().copied().map(Engine::Core).chain(own.iter().copied()).collect()
    }

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Core(engine) => engine.name(),
            Engine::Solver { weak: false } => SOLVER,
            Engine::Solver { weak: true } => SOLVER_WEAK,
        }
    }

    /// Whether it gives only the sign.
    pub fn is_weak(self) -> bool {
        match self {
            Engine::Core(engine) => engine.is_weak(),
            Engine::Solver { weak } => weak,
        }
    }

    /// The value of `position` by this engine on `game`.
    pub fn run(self, game: &dyn Searchable, position: &str, limits: &SearchLimits) -> Result<Found, SearchFailure> {
        match self {
            Engine::Core(engine) => game.search(position, engine, limits),
            Engine::Solver { weak } => game.solve(position, weak, limits),
        }
    }
}

fn no_solver() -> SearchFailure {
    SearchFailure::Refused("this game has no dedicated solver: search it with solver-core's engines".to_string())
}

/// A move of a position and its value, as [`Searchable::move_values`] gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveValue {
    /// The move, in the game's notation.
    pub name: String,
    /// The position it leads to, in the game's notation; `None` for a move of an impartial
    /// game that leaves a sum of several positions, or none.
    pub leads_to: Option<String>,
    /// The points the mover scores with it (scoring games; 0 otherwise).
    pub gain: i64,
    /// Whether the mover moves again after it (scoring games; false otherwise).
    pub again: bool,
    /// Its value for the mover; `None` where the move's share of the node budget ran out
    /// before an answer.
    pub answer: Option<Answer>,
}

/// The values of `count` moves, the `i`-th by `value_of(i, limits)` (its value for the mover
/// and the positions it visited), within `limits.node_budget` for them all (0: no limit): each
/// move may visit what is left of the budget divided by the moves still to value, so one hard
/// move cannot starve the rest, and what an easy one leaves goes to those after it. A move
/// over its share is `None`; any other failure is returned.
pub fn share_budget(
    count: usize,
    limits: &SearchLimits,
    mut value_of: impl FnMut(usize, &SearchLimits) -> Result<(Answer, u64), SearchFailure>,
) -> Result<Vec<Option<Answer>>, SearchFailure> {
    let mut left = limits.node_budget;
    let mut values = Vec::with_capacity(count);
    for i in 0..count {
        let share = if limits.node_budget == 0 { 0 } else { left / (count - i) as u64 };
        if limits.node_budget != 0 && share == 0 {
            values.push(None);
            continue;
        }
        let mine = SearchLimits { node_budget: share, ..limits.clone() };
        match value_of(i, &mine) {
            Ok((answer, nodes)) => {
                left = left.saturating_sub(nodes);
                values.push(Some(answer));
            }
            Err(SearchFailure::Search(SearchError::NodeBudget { nodes, .. })) => {
                left = left.saturating_sub(nodes.max(share));
                values.push(None);
            }
            Err(other) => return Err(other),
        }
    }
    Ok(values)
}

/// What a search found.
#[derive(Debug, Clone)]
pub struct Found {
    /// The engine's name: one of solver-core's ([`SearchEngine::name`]), or [`SOLVER`] /
    /// [`SOLVER_WEAK`] for a game's dedicated solver.
    pub engine: &'static str,
    /// The value, or its sign for a weak engine.
    pub answer: Answer,
    /// Best moves from the position on, in the game's notation.
    pub principal_variation: Vec<String>,
    /// Its costs.
    pub stats: SearchStats,
}

/// Why a search gave no answer.
#[derive(Debug, Clone, thiserror::Error)]
pub enum SearchFailure {
    /// The position is not one of the game.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The engine stopped (budget, Ctrl-C, memory, a loop).
    #[error(transparent)]
    Search(#[from] SearchError),
    /// What was asked cannot be answered this way, and why.
    #[error("{0}")]
    Refused(String),
}

/// Reads a position of a game's own search (`Err`: the notation's message).
type ParseFn<'a, P> = Box<dyn Fn(&str) -> Result<P, String> + Send + Sync + 'a>;
/// Writes a position in the game's notation.
type DescribeFn<'a, P> = Box<dyn Fn(&P) -> String + Send + Sync + 'a>;
/// Names a move of a position.
type NameMoveFn<'a, P, M> = Box<dyn Fn(&P, M) -> String + Send + Sync + 'a>;
/// A value of a position in the field's score.
type ScoreFn<'a, P> = Box<dyn Fn(&P, Answer) -> i64 + Send + Sync + 'a>;
/// A game's dedicated solver: a position's value (or its sign, when weak), a line of best
/// moves, the costs.
type SolveFn<'a, P, M> = Box<dyn Fn(&P, bool, &SearchLimits) -> Result<Searched<M>, SearchFailure> + Send + Sync + 'a>;

/// A game's own [`SearchGame`] with its notation: a [`Searchable`].
pub struct Notated<'a, G: SearchGame> {
    game: G,
    start: G::Position,
    parse: ParseFn<'a, G::Position>,
    describe: DescribeFn<'a, G::Position>,
    name_move: NameMoveFn<'a, G::Position, G::Move>,
    score: Option<(&'static str, ScoreFn<'a, G::Position>)>,
    solver: Option<SolveFn<'a, G::Position, G::Move>>,
}

impl<'a, G: SearchGame> Notated<'a, G>
where
    G::Position: Sync,
{
    /// `game` from `start`, positions read by `parse` and written by `describe`, a move of a
    /// position named by `name_move`.
    pub fn new(
        game: G,
        start: G::Position,
        parse: impl Fn(&str) -> Result<G::Position, String> + Send + Sync + 'a,
        describe: impl Fn(&G::Position) -> String + Send + Sync + 'a,
        name_move: impl Fn(&G::Position, G::Move) -> String + Send + Sync + 'a,
    ) -> Notated<'a, G> {
        Notated {
            game,
            start,
            parse: Box::new(parse),
            describe: Box::new(describe),
            name_move: Box::new(name_move),
            score: None,
            solver: None,
        }
    }

    /// The same with a dedicated solver of the game's own beside solver-core's engines
    /// ([`Searchable::solve`]): `solve` values a position (only its sign when asked for weak)
    /// within the limits, and gives a line of best moves.
    pub fn with_solver(
        mut self,
        solve: impl Fn(&G::Position, bool, &SearchLimits) -> Result<Searched<G::Move>, SearchFailure> + Send + Sync + 'a,
    ) -> Notated<'a, G> {
        self.solver = Some(Box::new(solve));
        self
    }

    /// `searched`, from `position`, with its line named and the engine called `engine`.
    fn found(&self, engine: &'static str, position: G::Position, searched: Searched<G::Move>) -> Found {
        let mut names = Vec::with_capacity(searched.principal_variation.len());
        let mut at = position;
        for mv in searched.principal_variation {
            names.push((self.name_move)(&at, mv));
            at = self.game.play(&at, mv).position;
        }
        Found { engine, answer: searched.answer, principal_variation: names, stats: searched.stats }
    }

    /// The same with values also written in the field's score `name`, `score` of a position
    /// and its value (a weak answer: its sign, -1, 0 or 1).
    pub fn with_score(
        mut self,
        name: &'static str,
        score: impl Fn(&G::Position, Answer) -> i64 + Send + Sync + 'a,
    ) -> Notated<'a, G> {
        self.score = Some((name, Box::new(score)));
        self
    }

    fn read(&self, text: &str) -> Result<G::Position, PositionError> {
        (self.parse)(text.trim()).map_err(PositionError::Notation)
    }
}

impl<G: SearchGame> Searchable for Notated<'_, G>
where
    G::Position: Sync,
{
    fn start(&self) -> String {
        (self.describe)(&self.start)
    }

    fn kind(&self) -> ValueKind {
        if self.game.scoring() { ValueKind::Score } else { ValueKind::Outcome }
    }

    fn canonical(&self, text: &str) -> Result<String, PositionError> {
        Ok((self.describe)(&self.read(text)?))
    }

    fn search(&self, text: &str, engine: SearchEngine, limits: &SearchLimits) -> Result<Found, SearchFailure> {
        let position = self.read(text)?;
        let searched = engine.run(&self.game, &position, limits)?;
        Ok(self.found(engine.name(), position, searched))
    }

    fn move_values(
        &self,
        text: &str,
        engine: SearchEngine,
        limits: &SearchLimits,
    ) -> Result<Vec<MoveValue>, SearchFailure> {
        let position = self.read(text)?;
        if self.game.terminal(&position).is_some() {
            return Ok(Vec::new());
        }
        let mut moves = Vec::new();
        self.game.moves(&position, &mut moves);
        let played: Vec<_> = moves.iter().map(|&mv| self.game.play(&position, mv)).collect();
        let answers = share_budget(moves.len(), limits, |i, limits| {
            let child = engine.run(&self.game, &played[i].position, limits)?;
            let value = through(child.answer, played[i].gain, played[i].again).ok_or_else(|| weak_through(engine))?;
            Ok((value, child.stats.nodes))
        })?;
        let values = moves.iter().zip(&played).zip(answers).map(|((&mv, played), answer)| MoveValue {
            name: (self.name_move)(&position, mv),
            leads_to: Some((self.describe)(&played.position)),
            gain: played.gain,
            again: played.again,
            answer,
        });
        Ok(values.collect())
    }

    fn score_name(&self) -> Option<&'static str> {
        self.score.as_ref().map(|(name, _)| *name)
    }

    fn score(&self, text: &str, answer: Answer) -> Option<i64> {
        let (_, score) = self.score.as_ref()?;
        Some(score(&self.read(text).ok()?, answer))
    }

    fn has_solver(&self) -> bool {
        self.solver.is_some()
    }

    fn solve(&self, text: &str, weak: bool, limits: &SearchLimits) -> Result<Found, SearchFailure> {
        let solve = self.solver.as_ref().ok_or_else(no_solver)?;
        let position = self.read(text)?;
        let searched = solve(&position, weak, limits)?;
        Ok(self.found(if weak { SOLVER_WEAK } else { SOLVER }, position, searched))
    }
}

/// The refusal of a weak engine's move values through a move that scores.
pub(crate) fn weak_through(engine: SearchEngine) -> SearchFailure {
    SearchFailure::Refused(format!(
        "{} gives only the sign, which does not say what a move that scores is worth: ask an exact engine",
        engine.name()
    ))
}

/// The mover's value of a move whose child is worth `child` (for the player to move there),
/// the mover scoring `gain` and moving `again` or not; `None` for a sign through a move that
/// scores (the sign of `gain - child` is not known from the child's sign).
pub fn through(child: Answer, gain: i64, again: bool) -> Option<Answer> {
    Some(match child {
        Answer::Exact(SearchValue::Score(s)) => {
            Answer::Exact(SearchValue::Score(if again { gain + s } else { gain - s }))
        }
        Answer::Exact(SearchValue::Win(r)) => Answer::Exact(SearchValue::Loss(r + 1)),
        Answer::Exact(SearchValue::Loss(r)) => Answer::Exact(SearchValue::Win(r + 1)),
        Answer::Exact(SearchValue::Tie) => Answer::Exact(SearchValue::Tie),
        Answer::Sign(sign) if gain == 0 && again => Answer::Sign(sign),
        Answer::Sign(sign) if gain == 0 => Answer::Sign(match sign {
            Sign::Win => Sign::Loss,
            Sign::Loss => Sign::Win,
            Sign::Tie => Sign::Tie,
        }),
        Answer::Sign(_) => return None,
    })
}

/// Whether a search's answer agrees with a table's value: an outcome's win or loss with its
/// remoteness and a tie by kind, a score exactly, a nimber by win or loss; a sign by sign.
pub fn agrees(answer: Answer, value: Value) -> bool {
    match value {
        Value::Outcome(outcome) => answer.agrees_with_outcome(outcome),
        Value::Nimber(nimber) => answer.agrees_with_nimber(nimber),
        Value::Score(score) => answer.agrees_with_score(score),
    }
}

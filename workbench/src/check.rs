//! Differential checks: every engine of a family against the others, the verifier and the
//! naive oracle, on one game. `gamesolve verify`, the property tests and the fuzz targets all
//! call these, so a disagreement is reported the same way everywhere.
//!
//! Each check asks of the game only what its engines need: [`check_loopy`] runs the engines
//! that need moves alone, [`check_loopy_with_unmoves`] adds the un-move engine.
//!
//! ```
//! use solver_core::graph::{GraphGame, RandomShape};
//! use workbench::check::{OracleSide, check_loopy_with_unmoves};
//!
//! let game = GraphGame::random(&RandomShape::loopy(300), 7);
//! let rules = game.rules();
//! let checked = check_loopy_with_unmoves(&game, Some(OracleSide::same(&rules)), oracle::Budget::new(1000))
//!     .and_then(|checked| checked.oracle_agreed())
//!     .unwrap();
//! assert_eq!(checked.timings.len(), solver_core::RetrogradeEngine::ALL.len());
//! ```

use crate::family::{self, Engine, Family, Impartial, Loopy};
use crate::solved::Rejection;
use crate::solved::Solved;
use oracle::{Budget, GrundyOracle, OracleError, ScoreOracle, solve_loopy};
use solver_core::verify::verify_scores;
use solver_core::{
    Game, ImpartialRules, ImpartialSpace, LoopySpace, Nimber, OutcomeTable, Progress, Rules, ScoreValue, ScoringRules,
    ScoringSpace, StateId, StateSpace, Unmoves,
};
use std::fmt::{Debug, Display};
use std::time::{Duration, Instant};

/// Why a check failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// Two engines (or an engine and the oracle, or an engine and a law of the game) give
    /// different values for one position.
    #[error("{engine} and {other} disagree at {position}: {engine} says {value}, {other} says {other_value}")]
    Disagreement {
        /// The engine found at fault.
        engine: String,
        /// What it was compared with: another engine, `the oracle`, or a law.
        other: String,
        /// The position: its id where it has one, and its `Debug` form.
        position: String,
        /// The engine's value.
        value: String,
        /// The other side's value.
        other_value: String,
    },
    /// The verifier rejects an engine's table.
    #[error("{engine}: the verifier rejects its table: {reason}")]
    Rejected {
        /// The engine whose table it is.
        engine: String,
        /// The verifier's report, naming the position.
        reason: Rejection,
    },
    /// An engine (or the oracle) could not solve the game at all.
    #[error("{engine} failed: {reason}")]
    EngineError {
        /// The engine.
        engine: String,
        /// Its error.
        reason: String,
    },
    /// The oracle did not check a game it was required to check.
    #[error("the oracle did not check the game: {reason}")]
    OracleDeclined {
        /// Why not.
        reason: String,
    },
}

impl Failure {
    /// An engine's error.
    pub fn engine_error(engine: impl Into<String>, reason: impl Display) -> Failure {
        Failure::EngineError { engine: engine.into(), reason: reason.to_string() }
    }

    /// A disagreement at position `id` of `game`.
    pub fn at<G: StateSpace + ?Sized>(
        game: &G,
        id: StateId,
        engine: impl Into<String>,
        value: impl Debug,
        other: impl Into<String>,
        other_value: impl Debug,
    ) -> Failure {
        Failure::Disagreement {
            engine: engine.into(),
            other: other.into(),
            position: format!("position {id} ({:?})", game.unrank(id)),
            value: format!("{value:?}"),
            other_value: format!("{other_value:?}"),
        }
    }
}

/// How the oracle part of a check went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OracleCheck {
    /// The oracle solved every position and agreed with the engines.
    Agreed {
        /// Wall time of the oracle.
        elapsed: Duration,
    },
    /// The oracle declined (over budget): nothing was compared.
    Declined(String),
    /// No oracle was given for this game.
    Absent,
}

/// The oracle side of a check: the game's rules restated on plain states, and how to turn a
/// position of the engines' space into the oracle's.
pub struct OracleSide<'a, S, R: Game + ?Sized> {
    /// The oracle's rules.
    pub rules: &'a R,
    /// The oracle's form of a position of the space.
    pub state: &'a dyn Fn(&S) -> R::State,
}

fn same<S: Clone>(state: &S) -> S {
    state.clone()
}

impl<'a, R: Game + ?Sized> OracleSide<'a, R::State, R> {
    /// The oracle side of rules whose positions are the space's own.
    pub fn same(rules: &'a R) -> Self {
        OracleSide { rules, state: &same::<R::State> }
    }
}

/// Each engine's name and wall time, in the order they ran.
pub type Timings = Vec<(&'static str, Duration)>;

/// The result of a passed check: a table every engine agreed on, and what each engine cost.
#[derive(Debug, Clone)]
pub struct Checked<T> {
    /// The agreed table.
    pub table: T,
    /// Each engine's name and wall time, in the order they ran.
    pub timings: Vec<(&'static str, Duration)>,
    /// What the oracle did.
    pub oracle: OracleCheck,
}

impl<T> Checked<T> {
    /// The check, if the oracle took part and agreed; a failure if it declined or was absent
    /// (for tests and fuzz targets, whose games are sized for the oracle).
    pub fn oracle_agreed(self) -> Result<Self, Failure> {
        match &self.oracle {
            OracleCheck::Agreed { .. } => Ok(self),
            OracleCheck::Declined(reason) => Err(Failure::OracleDeclined { reason: reason.clone() }),
            OracleCheck::Absent => Err(Failure::OracleDeclined { reason: "no oracle was given".into() }),
        }
    }
}

impl Checked<OutcomeTable> {
    /// Solves the game again with a solver of its own (`name`), timed after the others, and
    /// fails unless it gives the agreed table.
    pub fn compare_solver<G: StateSpace + ?Sized, E: Display>(
        &mut self,
        game: &G,
        name: &'static str,
        solve: impl FnOnce() -> Result<OutcomeTable, E>,
    ) -> Result<(), Failure> {
        let agreed = &self.table;
        compare_with(&mut self.timings, game, name, solve, OutcomeTable::get, |id| agreed.get(id))
    }
}

impl<V: Copy + PartialEq + Debug> Checked<Vec<V>> {
    /// Solves the game again with a solver of its own (`name`), timed after the others, whose
    /// table is read through `value`; fails unless it gives the agreed value everywhere.
    pub fn compare_table<G: StateSpace + ?Sized, T, E: Display>(
        &mut self,
        game: &G,
        name: &'static str,
        solve: impl FnOnce() -> Result<T, E>,
        value: impl Fn(&T, StateId) -> V,
    ) -> Result<(), Failure> {
        let agreed = &self.table;
        compare_with(&mut self.timings, game, name, solve, value, |id| agreed[id.index()])
    }
}

/// Runs and times `solve` (recording it as `name`), then compares its table, read through
/// `value`, with the agreed values on every position.
fn compare_with<G: StateSpace + ?Sized, T, V: PartialEq + Debug, E: Display>(
    timings: &mut Vec<(&'static str, Duration)>,
    game: &G,
    name: &'static str,
    solve: impl FnOnce() -> Result<T, E>,
    value: impl Fn(&T, StateId) -> V,
    agreed: impl Fn(StateId) -> V,
) -> Result<(), Failure> {
    let (table, elapsed) = timed(solve);
    let table = table.map_err(|e| Failure::engine_error(name, e))?;
    timings.push((name, elapsed));
    match StateId::all(game.len()).find(|&id| value(&table, id) != agreed(id)) {
        None => Ok(()),
        Some(id) => Err(Failure::at(game, id, name, value(&table, id), "the other engines", agreed(id))),
    }
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = f();
    (value, start.elapsed())
}

fn oracle_declined(e: OracleError) -> Result<OracleCheck, Failure> {
    match e {
        OracleError::OverBudget { .. } => Ok(OracleCheck::Declined(e.to_string())),
        OracleError::Cycle(_) => Err(Failure::engine_error("the oracle", e)),
    }
}

/// Compares the engine's value of every position with the oracle's, stopping at the first
/// difference (a failure) or when the oracle declines (not a failure).
fn compare_each<S: StateSpace + ?Sized, V: PartialEq + Debug>(
    game: &S,
    started: Instant,
    engine: (&str, &dyn Fn(StateId) -> V),
    mut oracle: impl FnMut(&S::State) -> Result<V, OracleError>,
) -> Result<OracleCheck, Failure> {
    let (name, value) = engine;
    for id in StateId::all(game.len()) {
        match oracle(&game.unrank(id)) {
            Ok(expected) if expected == value(id) => {}
            Ok(expected) => return Err(Failure::at(game, id, name, value(id), "the oracle", expected)),
            Err(e) => return oracle_declined(e),
        }
    }
    Ok(OracleCheck::Agreed { elapsed: started.elapsed() })
}

/// Runs every engine of `engines` on `game`, verifies the first table with `verify` and checks
/// that every other equals it: the agreed table and each engine's time.
fn agreed_table<G: StateSpace + ?Sized, T: Solved>(
    game: &G,
    engines: &[Engine<G, T>],
    verify: impl Fn(&T) -> Result<(), Rejection>,
) -> Result<(T, Timings), Failure> {
    let mut timings = Vec::new();
    let mut agreed: Option<(&'static str, T)> = None;
    for engine in engines {
        let name = engine.name();
        let (table, elapsed) = timed(|| engine.solve_reporting(game, u64::MAX, &Progress::silent()));
        let table = table.map_err(|e| Failure::engine_error(name, e))?;
        timings.push((name, elapsed));
        match &agreed {
            None => {
                verify(&table).map_err(|reason| Failure::Rejected { engine: name.to_string(), reason })?;
                agreed = Some((name, table));
            }
            Some((first, reference)) => {
                if let Some(index) = first_difference(reference, &table) {
                    let id = StateId::new(index as usize).expect("a position number is an id");
                    return Err(Failure::at(game, id, name, table.value(index), *first, reference.value(index)));
                }
            }
        }
    }
    let (_, table) = agreed.ok_or_else(|| Failure::engine_error("check", "no engine was given"))?;
    Ok((table, timings))
}

/// The lowest position where two tables differ, or where one ends; `None` when they are equal.
/// Time O(positions) over rayon's current pool.
pub fn first_difference(a: &dyn Solved, b: &dyn Solved) -> Option<u64> {
    use rayon::prelude::*;
    if a.len() != b.len() {
        return Some(a.len().min(b.len()));
    }
    (0..a.len()).into_par_iter().find_first(|&i| a.value(i) != b.value(i))
}

/// The oracle's values of every position of a loopy space (`solve_loopy` from all of them),
/// compared with `table`: agreed, declined past `budget`, or the first difference.
pub fn oracle_loopy<G, R>(
    game: &G,
    table: &OutcomeTable,
    side: OracleSide<'_, G::State, R>,
    budget: Budget,
) -> Result<OracleCheck, Failure>
where
    G: LoopySpace + ?Sized,
    R: Rules + ?Sized,
{
    let started = Instant::now();
    let starts = StateId::all(game.len()).map(|id| (side.state)(&game.unrank(id)));
    match solve_loopy(side.rules, starts, budget) {
        Err(e) => oracle_declined(e),
        Ok(values) => {
            compare_each(game, started, ("the engines", &|id| table.get(id)), |s| Ok(values[&(side.state)(s)]))
        }
    }
}

/// The Grundy oracle's value of every position of an impartial space compared with `values`.
pub fn oracle_grundy<G, R>(
    game: &G,
    values: &[Nimber],
    side: OracleSide<'_, G::State, R>,
    budget: Budget,
) -> Result<OracleCheck, Failure>
where
    G: ImpartialSpace + ?Sized,
    R: ImpartialRules + ?Sized,
{
    let mut solver = GrundyOracle::new(side.rules, budget);
    let value = |id: StateId| values[id.index()];
    compare_each(game, Instant::now(), ("the engines", &value), |s| solver.value(&(side.state)(s)))
}

/// The score oracle's value of every position of a scoring space compared with `value`.
pub fn oracle_scores<G, R>(
    game: &G,
    value: &dyn Fn(StateId) -> i64,
    side: OracleSide<'_, G::State, R>,
    budget: Budget,
) -> Result<OracleCheck, Failure>
where
    G: ScoringSpace + ?Sized,
    R: ScoringRules + ?Sized,
{
    let mut solver = ScoreOracle::new(side.rules, budget);
    compare_each(game, Instant::now(), ("the engines", value), |s| solver.value(&(side.state)(s)))
}

/// Solves a loopy game with the retrograde engines that need only moves
/// ([`family::loopy_engines`]), verifies the first table, checks that the others equal it, and
/// compares it with the oracle on every position when it fits `budget`.
pub fn check_loopy<G, R>(
    game: &G,
    oracle: Option<OracleSide<'_, G::State, R>>,
    budget: Budget,
) -> Result<Checked<OutcomeTable>, Failure>
where
    G: LoopySpace + Sync + ?Sized + 'static,
    R: Rules + ?Sized,
{
    check_loopy_engines(game, &family::loopy_engines(), oracle, budget)
}

/// [`check_loopy`] with every retrograde engine, the un-move engine included
/// ([`family::loopy_engines_with_unmoves`]).
pub fn check_loopy_with_unmoves<G, R>(
    game: &G,
    oracle: Option<OracleSide<'_, G::State, R>>,
    budget: Budget,
) -> Result<Checked<OutcomeTable>, Failure>
where
    G: Unmoves + Sync + ?Sized + 'static,
    R: Rules + ?Sized,
{
    check_loopy_engines(game, &family::loopy_engines_with_unmoves(), oracle, budget)
}

fn check_loopy_engines<G, R>(
    game: &G,
    engines: &[Engine<G, OutcomeTable>],
    oracle: Option<OracleSide<'_, G::State, R>>,
    budget: Budget,
) -> Result<Checked<OutcomeTable>, Failure>
where
    G: LoopySpace + Sync + ?Sized + 'static,
    R: Rules + ?Sized,
{
    let describe = |id: StateId| format!("{:?}", game.unrank(id));
    let (table, timings) = agreed_table(game, engines, |t| Loopy::verify(game, t, &describe, &|_| {}))?;
    let oracle = match oracle {
        None => OracleCheck::Absent,
        Some(side) => oracle_loopy(game, &table, side, budget)?,
    };
    Ok(Checked { table, timings, oracle })
}

/// Computes an impartial game's Grundy values with every Grundy engine
/// ([`family::grundy_engines`]), verifies them, checks that the engines agree, and compares
/// them with the oracle on every position when it fits `budget`.
pub fn check_grundy<G, R>(
    game: &G,
    oracle: Option<OracleSide<'_, G::State, R>>,
    budget: Budget,
) -> Result<Checked<Vec<Nimber>>, Failure>
where
    G: ImpartialSpace + Sync + ?Sized + 'static,
    R: ImpartialRules + ?Sized,
{
    let describe = |id: StateId| format!("{:?}", game.unrank(id));
    let (table, timings) =
        agreed_table(game, &family::grundy_engines(), |t| Impartial::verify(game, t, &describe, &|_| {}))?;
    let oracle = match oracle {
        None => OracleCheck::Absent,
        Some(side) => oracle_grundy(game, &table, side, budget)?,
    };
    Ok(Checked { table, timings, oracle })
}

/// Computes a scoring game's values as `V` with every score engine ([`family::score_engines`]),
/// verifies them, checks that the engines agree, and compares them with the oracle on every
/// position when it fits `budget`.
pub fn check_scores<V, G, R>(
    game: &G,
    oracle: Option<OracleSide<'_, G::State, R>>,
    budget: Budget,
) -> Result<Checked<Vec<V>>, Failure>
where
    V: ScoreValue + Debug + 'static,
    Vec<V>: Solved,
    G: ScoringSpace + Sync + ?Sized + 'static,
    R: ScoringRules + ?Sized,
{
    let (table, timings) = agreed_table(game, &family::score_engines::<V, G>(), |t: &Vec<V>| {
        verify_scores(game, t).map_err(|e| Rejection::from_verifier(e, &|id| format!("{:?}", game.unrank(id))))
    })?;
    let oracle = match oracle {
        None => OracleCheck::Absent,
        Some(side) => oracle_scores(game, &|id| table[id.index()].into(), side, budget)?,
    };
    Ok(Checked { table, timings, oracle })
}

//! Differential checks: every engine of a family against the others, the verifier and the
//! naive oracle, on one game. `gamesolve verify`, the property tests and the fuzz targets all
//! call these, so a disagreement is reported the same way everywhere.

use oracle::{Budget, GrundyOracle, OracleError, ScoreOracle, solve_loopy};
use solver_core::verify::{verify_grundy, verify_outcomes, verify_scores};
use solver_core::{
    Game, ImpartialRules, ImpartialSpace, Nimber, OutcomeTable, RetrogradeEngine, Rules, ScoreValue, ScoringRules,
    ScoringSpace, StateId, StateSpace, Unmoves, grundy_table, score_table,
};
use std::fmt::Debug;
use std::time::{Duration, Instant};

/// An engine or oracle that disagreed, failed, or produced a table the verifier rejects.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{engine}: {detail}")]
pub struct Failure {
    /// The engine (or "oracle") at fault, or the pair that disagreed.
    pub engine: String,
    /// What went wrong, naming the position.
    pub detail: String,
}

impl Failure {
    fn new(engine: impl Into<String>, detail: impl ToString) -> Failure {
        Failure { engine: engine.into(), detail: detail.to_string() }
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

/// The oracle side of a check: the game's rules restated on plain states, and how to turn an
/// engine's position into the oracle's.
pub struct OracleSide<'a, S, R: Game + ?Sized> {
    /// The oracle's rules.
    pub rules: &'a R,
    /// The oracle's form of a position of the game.
    pub state: &'a dyn Fn(&S) -> R::State,
}

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

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = f();
    (value, start.elapsed())
}

fn oracle_declined(e: OracleError) -> Result<OracleCheck, Failure> {
    match e {
        OracleError::OverBudget { .. } => Ok(OracleCheck::Declined(e.to_string())),
        OracleError::Cycle(_) => Err(Failure::new("oracle", e)),
    }
}

/// Compares the engine's value of every position with the oracle's, stopping at the first
/// difference (a failure) or when the oracle declines (not a failure).
fn compare_each<S: StateSpace + ?Sized, V: PartialEq + Debug>(
    game: &S,
    started: Instant,
    engine: impl Fn(StateId) -> V,
    mut oracle: impl FnMut(&S::State) -> Result<V, OracleError>,
) -> Result<OracleCheck, Failure> {
    for id in StateId::all(game.len()) {
        match oracle(&game.unrank(id)) {
            Ok(expected) if expected == engine(id) => {}
            Ok(expected) => {
                return Err(Failure::new("oracle", disagreement(game, id, "the oracle", engine(id), expected)));
            }
            Err(e) => return oracle_declined(e),
        }
    }
    Ok(OracleCheck::Agreed { elapsed: started.elapsed() })
}

fn disagreement<S: StateSpace + ?Sized>(
    game: &S,
    id: StateId,
    what: &str,
    engine: impl Debug,
    other: impl Debug,
) -> String {
    format!("position {id} ({:?}): {what} says {other:?}, the engine says {engine:?}", game.unrank(id))
}

/// Solves a loopy game with every retrograde engine, verifies every table, checks that they are
/// equal, and compares them with the oracle on every position when it fits `budget`.
pub fn check_loopy<G, R>(
    game: &G,
    oracle: Option<OracleSide<'_, G::State, R>>,
    budget: Budget,
) -> Result<Checked<OutcomeTable>, Failure>
where
    G: Unmoves + ?Sized,
    R: Rules + ?Sized,
{
    let mut timings = Vec::new();
    let mut agreed: Option<(RetrogradeEngine, OutcomeTable)> = None;
    for engine in RetrogradeEngine::ALL {
        let (table, elapsed) = timed(|| engine.solve(game));
        let table = table.map_err(|e| Failure::new(engine.name(), e))?;
        timings.push((engine.name(), elapsed));
        verify_outcomes(game, &table).map_err(|e| Failure::new(engine.name(), format!("verifier: {e}")))?;
        if let Some((first, first_table)) = &agreed {
            if let Some(id) = StateId::all(game.len()).find(|&id| table.get(id) != first_table.get(id)) {
                let detail = disagreement(game, id, first.name(), table.get(id), first_table.get(id));
                return Err(Failure::new(engine.name(), detail));
            }
        } else {
            agreed = Some((engine, table));
        }
    }
    let table = agreed.map(|(_, t)| t).expect("there is at least one engine");
    let oracle = match oracle {
        None => OracleCheck::Absent,
        Some(side) => {
            let started = Instant::now();
            let starts = StateId::all(game.len()).map(|id| (side.state)(&game.unrank(id)));
            match solve_loopy(side.rules, starts, budget) {
                Err(e) => oracle_declined(e)?,
                Ok(values) => compare_each(game, started, |id| table.get(id), |s| Ok(values[&(side.state)(s)]))?,
            }
        }
    };
    Ok(Checked { table, timings, oracle })
}

/// Computes an impartial game's Grundy values, verifies them, and compares them with the
/// oracle on every position when it fits `budget`.
pub fn check_grundy<G, R>(
    game: &G,
    oracle: Option<OracleSide<'_, G::State, R>>,
    budget: Budget,
) -> Result<Checked<Vec<Nimber>>, Failure>
where
    G: ImpartialSpace + ?Sized,
    R: ImpartialRules + ?Sized,
{
    let (values, elapsed) = timed(|| grundy_table(game));
    let values = values.map_err(|e| Failure::new("grundy", e))?;
    verify_grundy(game, &values).map_err(|e| Failure::new("grundy", format!("verifier: {e}")))?;
    let oracle = match oracle {
        None => OracleCheck::Absent,
        Some(side) => {
            let mut solver = GrundyOracle::new(side.rules, budget);
            compare_each(game, Instant::now(), |id| values[id.index()], |s| solver.value(&(side.state)(s)))?
        }
    };
    Ok(Checked { table: values, timings: vec![("grundy", elapsed)], oracle })
}

/// Computes a scoring game's values as `V`, verifies them, and compares them with the oracle
/// on every position when it fits `budget`.
pub fn check_scores<V, G, R>(
    game: &G,
    oracle: Option<OracleSide<'_, G::State, R>>,
    budget: Budget,
) -> Result<Checked<Vec<V>>, Failure>
where
    V: ScoreValue + Debug,
    G: ScoringSpace + ?Sized,
    R: ScoringRules + ?Sized,
{
    let (values, elapsed) = timed(|| score_table::<V, G>(game));
    let values = values.map_err(|e| Failure::new("score-dp", e))?;
    verify_scores(game, &values).map_err(|e| Failure::new("score-dp", format!("verifier: {e}")))?;
    let oracle = match oracle {
        None => OracleCheck::Absent,
        Some(side) => {
            let mut solver = ScoreOracle::new(side.rules, budget);
            compare_each(game, Instant::now(), |id| values[id.index()].into(), |s| solver.value(&(side.state)(s)))?
        }
    };
    Ok(Checked { table: values, timings: vec![("score-dp", elapsed)], oracle })
}

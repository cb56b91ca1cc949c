//! The one adapter from a game's dense space to everything the whole-space commands run
//! ([`SpaceGame`]): its family's engines and any of the game's own, the family's verifier, the
//! oracle on the game's plain rules, the game's laws, its notation, and its tiers. `verify`,
//! `stats`, `solve`, `probe`, `diff` and `verify FILE` all read a game through it.
//!
//! ```
//! use solver_core::graph::{GraphGame, RandomShape};
//! use workbench::check::{OracleCheck, OracleSide, oracle_loopy};
//! use workbench::solve::{Identity, Notation, SolvableGame};
//! use workbench::space_game::LoopyGame;
//! use workbench::target::Args;
//!
//! type NodeIndex = petgraph::graph::NodeIndex<u32>;
//! let space = GraphGame::random(&RandomShape::loopy(300), 5);
//! let identity = Identity::new("example", &Args::parse(&[], &[]).unwrap(), "random loopy graph");
//! let notation = Notation::new(|n: &NodeIndex| n.index().to_string(), |_| Err("no notation".to_string()));
//! let game = LoopyGame::with_unmoves(identity, space, &NodeIndex::new(0), notation)
//!     .with_oracle_check(|g, table, budget| oracle_loopy(g, table, OracleSide::same(&g.rules()), budget));
//! let row = game.check(oracle::Budget::new(100_000)).unwrap();
//! assert_eq!(row.positions, 300);
//! assert!(matches!(row.oracle, OracleCheck::Agreed { .. }));
//! //! ```

use crate::check::{Failure, OracleCheck, OracleSide, first_difference, oracle_grundy, oracle_loopy, oracle_scores};
use crate::family::{self, Engine, Family, Impartial, Loopy, ScoreTable, Scoring, SpaceMove};
use crate::search::{Found, MoveValue, SearchFailure, Searchable, share_budget, through, weak_through};
use crate::search_check::{SearchCheck, SearchCheckPlan, check_search};
use crate::solve::{
    ConsecutiveTiers, ENGINE_STEP, Identity, Move, Notation, PhasedProgress, PositionError, READING, SolvableGame,
    SolveError, Solved, VERIFYING, VerifyFailure, is_best, move_value, parse_position, show,
};
use crate::stats::{EngineCost, StatsReport, measure_within, summarize};
use crate::verify::{LawCheck, Row};
use judge::resources::{OutOfMemory, check_memory};
use oracle::Budget;
use solver_core::search::{SearchEngine, SearchLimits};
use solver_core::{
    Discovered, ImpartialRules, ImpartialSpace, LoopySpace, Progress, Rules, ScoreValue, ScoringRules, ScoringSpace,
    SpaceTooLarge, StateId, StateSpace, Unmoves,
};
use std::fmt::Debug;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use table_file::{TableFile, Value, ValueKind};

/// The oracle's check of a table, built by a family's `with_oracle`.
type OracleFn<G, T> = Box<dyn Fn(&G, &T, Budget) -> Result<OracleCheck, Failure> + Send + Sync>;
/// The oracle's states for a space.
type StatesFn<G> = Box<dyn Fn(&G) -> f64 + Send + Sync>;
/// A law of the game checked on the agreed table.
type LawFn<G, T> = Box<dyn Fn(&G, &T, Budget) -> Result<LawCheck, Failure> + Send + Sync>;
/// A sentence `stats` adds about the solved table.
type NoteFn<G, T> = Box<dyn Fn(&G, &T) -> String + Send + Sync>;
/// The game's own forward search on the space's game at its parameters.
type OwnSearchFn<G> = Box<dyn for<'a> Fn(&'a G) -> Box<dyn Searchable + 'a> + Send + Sync>;
/// The game's tiers, for `solve --distributed`.
type TiersFn<G> =
    Box<dyn for<'a> Fn(&'a G, Option<&str>) -> Result<Box<dyn ConsecutiveTiers + 'a>, String> + Send + Sync>;

/// A loopy game: win, loss, tie or draw, by retrograde analysis.
pub type LoopyGame<G> = SpaceGame<G, Loopy>;
/// An impartial game: Grundy values.
pub type ImpartialGame<G> = SpaceGame<G, Impartial>;
/// A scoring game, values stored as `V`.
pub type ScoringGame<G, V> = SpaceGame<G, Scoring<V>>;

/// A game's space at fixed parameters, with everything the whole-space commands run on it
/// (see the [module docs](self)). Built by [`LoopyGame::new`], [`ImpartialGame::new`] or
/// [`ScoringGame::new`] with the family's engines, then `with_...` for the rest.
pub struct SpaceGame<G: StateSpace, F: Family<G>> {
    identity: Identity,
    space: G,
    start: StateId,
    notation: Notation<G::State>,
    engines: Vec<Engine<G, F::Table>>,
    /// Engines of the family that do not run at these parameters, and why.
    limited: Vec<(&'static str, String)>,
    oracle: Option<OracleFn<G, F::Table>>,
    /// The oracle's states for this space, when they are not its positions.
    oracle_states: Option<StatesFn<G>>,
    laws: Vec<(&'static str, LawFn<G, F::Table>)>,
    notes: Vec<NoteFn<G, F::Table>>,
    tiers: Option<TiersFn<G>>,
    /// The most positions `verify FILE` checks, and why no more.
    verify_limit: Option<(u64, String)>,
    /// Whether forward search values the space as its table does: the family's word, or the
    /// game's for a loopy family ([`SpaceGame::acyclic`]).
    acyclic: bool,
    own_search: Option<OwnSearchFn<G>>,
    family: PhantomData<fn() -> F>,
}

impl<G: StateSpace + Send + Sync + 'static, F: Family<G>> SpaceGame<G, F> {
    fn with_engines(
        identity: Identity,
        space: G,
        start: &G::State,
        notation: Notation<G::State>,
        engines: Vec<Engine<G, F::Table>>,
    ) -> SpaceGame<G, F> {
        let start = space.rank(start);
        SpaceGame {
            identity,
            space,
            start,
            notation,
            engines,
            limited: Vec::new(),
            oracle: None,
            oracle_states: None,
            laws: Vec::new(),
            notes: Vec::new(),
            tiers: None,
            verify_limit: None,
            acyclic: F::ACYCLIC,
            own_search: None,
            family: PhantomData,
        }
    }

    /// The same game with one more engine, the game's own (run after the family's).
    pub fn with_engine(mut self, engine: Engine<G, F::Table>) -> SpaceGame<G, F> {
        self.engines.push(engine);
        self
    }

    /// The same game with `name` (one of its engines) first: the default of `solve`, and the
    /// reference the others are compared with.
    pub fn with_default_engine(mut self, name: &str) -> SpaceGame<G, F> {
        if let Some(at) = self.engines.iter().position(|e| e.name() == name) {
            self.engines[..=at].rotate_right(1);
        }
        self
    }

    /// The same game without the engine `name`, which does not run at these parameters for
    /// the reason `why` (asked for, it is refused with it).
    pub fn without_engine(mut self, name: &'static str, why: impl Into<String>) -> SpaceGame<G, F> {
        self.engines.retain(|e| e.name() != name);
        self.limited.push((name, why.into()));
        self
    }

    /// The same game checked by `verify` with `oracle`, which compares a table of the space
    /// with the oracle's values ([`crate::check::oracle_loopy`], [`crate::check::oracle_grundy`],
    /// [`crate::check::oracle_scores`]): for rules the space itself lends (an explicit graph's),
    /// where each family's `with_oracle` takes rules it owns.
    pub fn with_oracle_check(
        mut self,
        oracle: impl Fn(&G, &F::Table, Budget) -> Result<OracleCheck, Failure> + Send + Sync + 'static,
    ) -> SpaceGame<G, F> {
        self.oracle = Some(Box::new(oracle));
        self
    }

    /// The same game with the oracle's states counted by `states` rather than as the space's
    /// positions: the oracle declines up front when they pass its budget, rather than filling
    /// memory before it declines.
    pub fn with_oracle_states(mut self, states: impl Fn(&G) -> f64 + Send + Sync + 'static) -> SpaceGame<G, F> {
        self.oracle_states = Some(Box::new(states));
        self
    }

    /// The same game with a law of its own checked by `verify` on the agreed table (e.g. sums
    /// searched as whole positions, a proven period), named `name` in the timings.
    pub fn with_law(
        mut self,
        name: &'static str,
        law: impl Fn(&G, &F::Table, Budget) -> Result<LawCheck, Failure> + Send + Sync + 'static,
    ) -> SpaceGame<G, F> {
        self.laws.push((name, Box::new(law)));
        self
    }

    /// The same game with a sentence `stats` adds about the solved table.
    pub fn with_note(mut self, note: impl Fn(&G, &F::Table) -> String + Send + Sync + 'static) -> SpaceGame<G, F> {
        self.notes.push(Box::new(note));
        self
    }

    /// The same game cut into tiers by `tiers` (a tiering's name, or the game's choice for
    /// `None`), for `solve --distributed`.
    pub fn with_tiers(
        mut self,
        tiers: impl for<'a> Fn(&'a G, Option<&str>) -> Result<Box<dyn ConsecutiveTiers + 'a>, String>
        + Send
        + Sync
        + 'static,
    ) -> SpaceGame<G, F> {
        self.tiers = Some(Box::new(tiers));
        self
    }

    /// The same game whose stored tables `verify FILE` checks only up to `positions` (past it
    /// the checksums are checked and the table refused as unverified, for the reason `why`).
    pub fn verify_only_up_to(mut self, positions: u64, why: impl Into<String>) -> SpaceGame<G, F> {
        self.verify_limit = Some((positions, why.into()));
        self
    }

    /// The same game declared acyclic (no line of play returns to a position), so that its
    /// positions are searched forward ([`SolvableGame::searchable`]): for a loopy family, whose
    /// spaces may loop (scoring and impartial spaces are acyclic already). Must be true: a loop
    /// that a search skips gives a path's value, not the table's draw.
    pub fn acyclic(mut self) -> SpaceGame<G, F> {
        self.acyclic = true;
        self
    }

    /// The same game searched forward by a [`SearchGame`](solver_core::search::SearchGame) of
    /// its own ([`crate::search::Notated`]), made by `search` from the space (its parameters),
    /// in place of the family's adapter on ids; `verify` checks it against the table, its
    /// positions written in the same notation.
    pub fn with_search(
        mut self,
        search: impl for<'a> Fn(&'a G) -> Box<dyn Searchable + 'a> + Send + Sync + 'static,
    ) -> SpaceGame<G, F> {
        self.acyclic = true;
        self.own_search = Some(Box::new(search));
        self
    }

    /// The searches of this space `verify` checks, named: the family's adapter on ids and the
    /// game's own, if any.
    fn searches(&self) -> Vec<(&'static str, Box<dyn Searchable + '_>)> {
        if !self.acyclic {
            return Vec::new();
        }
        let mut searches: Vec<(&'static str, Box<dyn Searchable + '_>)> =
            vec![(FAMILY_SEARCH, Box::new(SpaceSearchable { game: self }))];
        if let Some(own) = &self.own_search {
            searches.push(("the game's own", own(&self.space)));
        }
        searches
    }

    /// Every search of the space ([`SpaceGame::searches`]) against `table`, as `plan` says.
    fn search_checks(
        &self,
        table: &F::Table,
        plan: &SearchCheckPlan,
    ) -> Result<Vec<(&'static str, SearchCheck)>, Failure> {
        let mut checks = Vec::new();
        for (what, search) in self.searches() {
            // The family's search reads the space's numbers; a game's own, its notation.
            let by_number = what == FAMILY_SEARCH;
            checks.push((what, check_search(self, search.as_ref(), table, what, by_number, plan)?));
        }
        Ok(checks)
    }

    /// The space.
    pub fn space(&self) -> &G {
        &self.space
    }

    fn id(index: u64) -> StateId {
        StateId::new(index as usize).expect("a position number is an id")
    }

    fn describe_id(&self, id: StateId) -> String {
        (self.notation.describe)(&self.space.unrank(id))
    }

    /// Refuses to run `engine` when its memory bound for the space does not fit the memory the
    /// command may use ([`check_memory`]: `--max-memory`, the system's), before it allocates
    /// anything: the plan `stats` checks before each engine, for `solve` and `verify` too.
    fn fits(&self, engine: &Engine<G, F::Table>) -> Result<(), OutOfMemory> {
        let what = format!("solving {} positions with {}", self.space.len(), engine.name());
        check_memory(&what, engine.memory_bound(&self.space))
    }

    fn engine(&self, name: &str) -> Result<&Engine<G, F::Table>, SolveError> {
        if let Some(engine) = self.engines.iter().find(|e| e.name() == name) {
            return Ok(engine);
        }
        let engines: Vec<&'static str> = self.engines.iter().map(|e| e.name()).collect();
        let name = name.to_string();
        Err(match self.limited.iter().find(|(n, _)| *n == name) {
            Some((_, why)) => SolveError::NotHere { name, why: why.clone(), engines },
            None => SolveError::UnknownEngine { name, engines },
        })
    }

    /// `start -3, best any of 24`: the start's value and the moves that keep it, named when
    /// there are few enough to fit a line.
    fn start_summary(&self, table: &F::Table) -> String {
        let value = table.value(self.start.index() as u64);
        let moves = self.moves(self.start.index() as u64);
        let best: Vec<&str> = moves
            .iter()
            .filter(|m| move_value(F::KIND, m, |i| Ok::<_, ()>(table.value(i))).is_ok_and(|v| is_best(value, v)))
            .map(|m| m.name.as_str())
            .collect();
        let best = match best.len() {
            0 => String::new(),
            n if n == moves.len() && n > 1 => format!(", best any of {n}"),
            1..=3 => format!(", best {}", best.join(" ")),
            n => format!(", best {n} of {}", moves.len()),
        };
        format!("start {}{best}", show(value))
    }
}

/// The family's search on the space, as `verify` names it.
const FAMILY_SEARCH: &str = "the space";

/// Positions compared between engines in `stats`: every one up to this many, else a sample
/// spread evenly over the positions (`verify` and the tests compare every position).
const STATS_COMPARED: u64 = 1 << 24;

/// The first sampled position where `other` differs from `reference` (see [`STATS_COMPARED`]).
fn sampled_difference(reference: &dyn Solved, other: &dyn Solved) -> Option<u64> {
    use rayon::prelude::*;
    if reference.len() != other.len() {
        return Some(reference.len().min(other.len()));
    }
    let stride = (reference.len() / STATS_COMPARED).max(1);
    (0..reference.len().div_ceil(stride))
        .into_par_iter()
        .map(|k| k * stride)
        .find_first(|&i| reference.value(i) != other.value(i))
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = f();
    (value, start.elapsed())
}

impl<G: StateSpace + Send + Sync + 'static, F: Family<G>> SolvableGame for SpaceGame<G, F> {
    fn identity(&self) -> &Identity {
        &self.identity
    }

    fn kind(&self) -> ValueKind {
        F::KIND
    }

    fn positions(&self) -> u64 {
        self.space.len() as u64
    }

    fn start(&self) -> u64 {
        self.start.index() as u64
    }

    fn engines(&self) -> Vec<&'static str> {
        self.engines.iter().map(|e| e.name()).collect()
    }

    fn solve_reporting(&self, engine: &str, progress: &Progress<'_>) -> Result<Box<dyn Solved + '_>, SolveError> {
        let engine = self.engine(engine)?;
        self.fits(engine)?;
        let table = engine.solve_reporting(&self.space, judge::resources::work_budget(), progress)?;
        if table.len() != self.positions() {
            let (values, positions) = (table.len(), self.positions());
            return Err(SolveError::WrongLength { engine: engine.name().to_string(), values, positions });
        }
        Ok(Box::new(table))
    }

    fn check(&self, budget: Budget) -> Result<Row, Failure> {
        let mut timings = Vec::new();
        let mut agreed: Option<(&'static str, F::Table)> = None;
        for engine in &self.engines {
            let name = engine.name();
            self.fits(engine).map_err(|e| Failure::engine_error(name, e))?;
            let (table, elapsed) = timed(|| engine.solve_reporting(&self.space, budget.max_work, &Progress::silent()));
            let table = table.map_err(|e| Failure::engine_error(name, e))?;
            timings.push((name, elapsed));
            match &agreed {
                None => {
                    F::verify(&self.space, &table, &|id| self.describe_id(id), &|_| {})
                        .map_err(|reason| Failure::Rejected { engine: name.to_string(), reason })?;
                    agreed = Some((name, table));
                }
                Some((first, reference)) => {
                    if let Some(index) = first_difference(reference, &table) {
                        let id = Self::id(index);
                        return Err(Failure::Disagreement {
                            engine: name.to_string(),
                            other: first.to_string(),
                            position: format!("position #{index} ({})", self.describe_id(id)),
                            value: show_or_missing(&table, index),
                            other_value: show_or_missing(reference, index),
                        });
                    }
                }
            }
        }
        let (_, table) = agreed.ok_or_else(|| Failure::engine_error("verify", "the game has no engine"))?;
        let mut oracle = match &self.oracle {
            None => OracleCheck::Absent,
            Some(oracle) => {
                let states = self.oracle_states.as_ref().map_or(self.space.len() as f64, |count| count(&self.space));
                if states > budget.max_states as f64 {
                    OracleCheck::Declined(format!(
                        "{states:.3e} states, more than the oracle's budget of {}",
                        budget.max_states
                    ))
                } else {
                    oracle(&self.space, &table, budget)?
                }
            }
        };
        let mut summary = vec![summary_of(F::KIND, &table), self.start_summary(&table)];
        for (name, law) in &self.laws {
            let found = law(&self.space, &table, budget)?;
            summary.push(found.words);
            timings.push((name, found.elapsed));
            oracle = oracle.and(found.oracle);
        }
        let mut searched = Vec::new();
        for (what, checked) in self.search_checks(&table, &SearchCheckPlan::QUICK)? {
            searched.push(checked.words(what));
            let by_number = what == FAMILY_SEARCH;
            timings.push((if by_number { "search-check" } else { "own-search-check" }, checked.elapsed));
        }
        Ok(Row { positions: self.space.len(), summary: summary.join("; "), timings, oracle, searched })
    }

    fn check_searches(&self, plan: &SearchCheckPlan) -> Result<Vec<(&'static str, SearchCheck)>, Failure> {
        if !self.acyclic {
            return Ok(Vec::new());
        }
        let engine = &self.engines[0];
        self.fits(engine).map_err(|e| Failure::engine_error(engine.name(), e))?;
        let table = engine.solve(&self.space).map_err(|e| Failure::engine_error(engine.name(), e))?;
        self.search_checks(&table, plan)
    }

    fn stats_reporting(&self, progress: PhasedProgress<'_>) -> StatsReport {
        let mut costs = Vec::new();
        // The first table solved is kept as the reference while the others run; each is
        // compared with it and dropped.
        let mut reference: Option<F::Table> = None;
        let all = self.engines.len() as u64 * ENGINE_STEP;
        for (done, engine) in (0..).zip(&self.engines) {
            let (name, start) = (engine.name(), done * ENGINE_STEP);
            progress(name, start, all);
            // What the engine tells of itself, as a share of its step; never back, though an
            // engine may begin a second phase.
            let shown = AtomicU64::new(0);
            let within = |units: u64, total: u64| {
                let share = (u128::from(units) * u128::from(ENGINE_STEP) / u128::from(total.max(1))) as u64;
                let share = shown.fetch_max(share, Ordering::Relaxed).max(share).min(ENGINE_STEP);
                progress(name, start + share, all);
            };
            let engine_progress = Progress::new(&within);
            // The engine's own bound is what its peak is held to; whether it may run at all
            // counts the reference table beside it too.
            let held = reference.as_ref().map_or(0, |t| t.bytes());
            let bound = engine.memory_bound(&self.space);
            let (solved, mut cost) = measure_within(name, bound.saturating_add(held), || {
                engine.solve_reporting(&self.space, judge::resources::work_budget(), &engine_progress)
            });
            cost.estimate_bytes = Some(bound);
            match (solved, &reference) {
                (Some(table), None) => reference = Some(table),
                (Some(table), Some(first)) => {
                    cost.error = sampled_difference(first, &table)
                        .map(|i| format!("differs from {} at position #{i}", self.engines[0].name()));
                }
                (None, _) => {}
            }
            costs.push(cost);
        }
        for (name, why) in &self.limited {
            costs.push(EngineCost::refused(*name, why.clone()));
        }
        let title = self.identity.title();
        let Some(table) = &reference else {
            return summarize(title, self.space.len(), None, costs, |_| String::new());
        };
        let mut report = summarize(title, self.space.len(), Some(table), costs, |i| self.describe(i));
        report.notes.push(format!("{}: {}", self.describe(self.start()), self.start_summary(table)));
        report.notes.extend(self.notes.iter().map(|note| note(&self.space, table)));
        report
    }

    fn describe(&self, index: u64) -> String {
        self.describe_id(Self::id(index))
    }

    fn picture(&self, index: u64) -> Option<String> {
        self.notation.picture.as_ref().map(|picture| picture(&self.space.unrank(Self::id(index))))
    }

    fn parse(&self, text: &str) -> Result<u64, PositionError> {
        let state = (self.notation.parse)(text).map_err(PositionError::Notation)?;
        match self.space.try_rank(&state) {
            Some(id) => Ok(id.index() as u64),
            None => Err(PositionError::Unreached(text.trim().to_string())),
        }
    }

    fn moves(&self, index: u64) -> Vec<Move> {
        let from = self.space.unrank(Self::id(index));
        F::moves(&self.space, Self::id(index))
            .into_iter()
            .map(|SpaceMove { parts, gain, again }| {
                let name = match parts.as_slice() {
                    [] => "to nothing".to_string(),
                    [only] => (self.notation.name_move)(&from, &self.space.unrank(*only)),
                    _ => {
                        let names: Vec<String> = parts.iter().map(|&p| self.describe_id(p)).collect();
                        format!("to {}", names.join(" + "))
                    }
                };
                Move { name, parts: parts.iter().map(|p| p.index() as u64).collect(), gain, again }
            })
            .collect()
    }

    fn verify(&self, table: &TableFile, progress: PhasedProgress<'_>) -> Result<(), VerifyFailure> {
        let values = F::read(table, &|done, total| progress(READING, done, total))?;
        if let Some((limit, why)) = &self.verify_limit
            && self.positions() > *limit
        {
            return Err(VerifyFailure::Unreadable(format!(
                "every checksum matches, but the values are not verified: {why}"
            )));
        }
        let positions = self.positions();
        progress(VERIFYING, 0, positions);
        let checked = |done| progress(VERIFYING, done, positions);
        F::verify(&self.space, &values, &|id| self.describe_id(id), &checked).map_err(VerifyFailure::Violation)
    }

    fn searchable(&self) -> Result<Box<dyn Searchable + '_>, String> {
        if !self.acyclic {
            return Err(format!(
                "{} may loop: a line of play can repeat a position, which makes a forward value depend on the \
                 path, so it is not searched; its table answers it (solve, then probe)",
                self.identity.game
            ));
        }
        Ok(self.searches().pop().map(|(_, search)| search).expect("an acyclic space has its family's search"))
    }

    fn tiers(&self, tiering: Option<&str>) -> Result<Box<dyn ConsecutiveTiers + '_>, String> {
        match &self.tiers {
            Some(tiers) => tiers(&self.space, tiering),
            None => Err(format!(
                "{} is not cut into tiers, so it cannot be solved across processes; dots-and-boxes can",
                self.identity.game
            )),
        }
    }
}

/// A space searched forward through its family's adapter on ids (see [`Family::search`]).
struct SpaceSearchable<'a, G: StateSpace, F: Family<G>> {
    game: &'a SpaceGame<G, F>,
}

impl<G: StateSpace + Send + Sync + 'static, F: Family<G>> SpaceSearchable<'_, G, F> {
    fn id(&self, text: &str) -> Result<StateId, PositionError> {
        parse_position(self.game, text).map(SpaceGame::<G, F>::id)
    }
}

impl<G: StateSpace + Send + Sync + 'static, F: Family<G>> Searchable for SpaceSearchable<'_, G, F> {
    fn start(&self) -> String {
        self.game.describe_id(self.game.start)
    }

    fn kind(&self) -> ValueKind {
        self.game.kind()
    }

    fn canonical(&self, text: &str) -> Result<String, PositionError> {
        Ok(self.game.describe_id(self.id(text)?))
    }

    fn search(&self, text: &str, engine: SearchEngine, limits: &SearchLimits) -> Result<Found, SearchFailure> {
        let id = self.id(text)?;
        let searched = F::search(&self.game.space, &[id], engine, limits)?;
        let names = searched
            .principal_variation
            .iter()
            .map(|&(from, place)| {
                let moves = self.game.moves(from.index() as u64);
                moves.into_iter().nth(place).map_or_else(|| "?".to_string(), |m| m.name)
            })
            .collect();
        Ok(Found { engine: engine.name(), answer: searched.answer, principal_variation: names, stats: searched.stats })
    }

    fn move_values(
        &self,
        text: &str,
        engine: SearchEngine,
        limits: &SearchLimits,
    ) -> Result<Vec<MoveValue>, SearchFailure> {
        let id = self.id(text)?;
        let moves = self.game.moves(id.index() as u64);
        let answers = share_budget(moves.len(), limits, |i, limits| {
            let mv = &moves[i];
            let parts: Vec<StateId> = mv.parts.iter().map(|&p| SpaceGame::<G, F>::id(p)).collect();
            let child = F::search(&self.game.space, &parts, engine, limits)?;
            let value = through(child.answer, mv.gain, mv.again).ok_or_else(|| weak_through(engine))?;
            Ok((value, child.stats.nodes))
        })?;
        let values = moves.into_iter().zip(answers).map(|(mv, answer)| MoveValue {
            leads_to: match mv.parts.as_slice() {
                [one] => Some(self.game.describe_id(SpaceGame::<G, F>::id(*one))),
                _ => None,
            },
            name: mv.name,
            gain: mv.gain,
            again: mv.again,
            answer,
        });
        Ok(values.collect())
    }
}

/// A value for people, or `nothing` past the table's end.
fn show_or_missing(table: &dyn Solved, index: u64) -> String {
    if index < table.len() { show(table.value(index)) } else { "nothing".to_string() }
}

/// A table's values in a few words, for `verify`'s row: `W 10 L 3 T 0 D 2`, `P 5 max *3` or
/// `ahead 10 level 3 behind 5`.
fn summary_of(kind: ValueKind, table: &dyn Solved) -> String {
    let histogram = table.histogram();
    let count = |keep: &dyn Fn(&Value) -> bool| histogram.iter().filter(|(v, _)| keep(v)).map(|(_, n)| n).sum::<u64>();
    match kind {
        ValueKind::Outcome => {
            use solver_core::Outcome::*;
            let of = |k: fn(&solver_core::Outcome) -> bool| count(&|v| matches!(v, Value::Outcome(o) if k(o)));
            format!(
                "W {} L {} T {} D {}",
                of(|o| matches!(o, Win(_))),
                of(|o| matches!(o, Loss(_))),
                of(|o| matches!(o, Tie(_))),
                of(|o| matches!(o, Draw))
            )
        }
        ValueKind::Nimber => {
            let zeros = count(&|v| matches!(v, Value::Nimber(n) if n.0 == 0));
            let max = histogram.keys().filter_map(|v| if let Value::Nimber(n) = v { Some(*n) } else { None }).max();
            format!("P {zeros} max {}", max.map_or("none".into(), |n| n.to_string()))
        }
        ValueKind::Score => format!(
            "ahead {} level {} behind {}",
            count(&|v| matches!(v, Value::Score(s) if *s > 0)),
            count(&|v| matches!(v, Value::Score(0))),
            count(&|v| matches!(v, Value::Score(s) if *s < 0))
        ),
    }
}

impl<G: LoopySpace + Send + Sync + 'static> SpaceGame<G, Loopy> {
    /// A loopy space with solver-core's retrograde engines that need only moves, the start
    /// being `start`.
    pub fn new(identity: Identity, space: G, start: &G::State, notation: Notation<G::State>) -> LoopyGame<G> {
        SpaceGame::with_engines(identity, space, start, notation, family::loopy_engines())
    }

    /// A loopy space with every retrograde engine, the un-move engine included.
    pub fn with_unmoves(identity: Identity, space: G, start: &G::State, notation: Notation<G::State>) -> LoopyGame<G>
    where
        G: Unmoves,
    {
        SpaceGame::with_engines(identity, space, start, notation, family::loopy_engines_with_unmoves())
    }

    /// The same game checked by `verify` against the oracle on `rules`, a position of the
    /// space being `to_plain` of it there: every position's value searched from the rules.
    pub fn with_oracle<R>(
        self,
        rules: R,
        to_plain: impl Fn(&G::State) -> R::State + Send + Sync + 'static,
    ) -> LoopyGame<G>
    where
        R: Rules + Send + Sync + 'static,
    {
        self.with_oracle_check(move |space, table, budget| {
            oracle_loopy(space, table, OracleSide { rules: &rules, state: &to_plain }, budget)
        })
    }
}

impl<R> SpaceGame<Discovered<R>, Loopy>
where
    R: Rules + Send + Sync + 'static,
    R::State: Send + Sync,
{
    /// A loopy game from its plain rules alone: the positions reachable from `start`, at most
    /// `most` of them ([`Discovered`]), every retrograde engine that needs only moves, and the
    /// oracle on the same rules. What a game needs to write is its rules and its notation.
    pub fn from_rules(
        identity: Identity,
        rules: R,
        start: R::State,
        notation: Notation<R::State>,
        most: usize,
    ) -> Result<LoopyGame<Discovered<R>>, SpaceTooLarge> {
        let space = Discovered::loopy(rules, [start.clone()], most)?;
        Ok(LoopyGame::new(identity, space, &start, notation)
            .with_oracle_check(|g, table, budget| oracle_loopy(g, table, OracleSide::same(g.rules()), budget)))
    }
}

impl<R> SpaceGame<Discovered<R>, Impartial>
where
    R: ImpartialRules + Send + Sync + 'static,
    R::State: Send + Sync,
{
    /// An impartial game from its plain rules alone (see [`LoopyGame::from_rules`]): the
    /// positions reachable from `start`, the parts of options included, the Grundy engines and
    /// the Grundy oracle on the same rules.
    pub fn from_rules(
        identity: Identity,
        rules: R,
        start: R::State,
        notation: Notation<R::State>,
        most: usize,
    ) -> Result<ImpartialGame<Discovered<R>>, SpaceTooLarge> {
        let space = Discovered::impartial(rules, [start.clone()], most)?;
        Ok(ImpartialGame::new(identity, space, &start, notation)
            .with_oracle_check(|g, values, budget| oracle_grundy(g, values, OracleSide::same(g.rules()), budget)))
    }
}

impl<R, V> SpaceGame<Discovered<R>, Scoring<V>>
where
    R: ScoringRules + Send + Sync + 'static,
    R::State: Send + Sync,
    V: ScoreValue + Debug + 'static,
    Vec<V>: Solved,
{
    /// A scoring game from its plain rules alone (see [`LoopyGame::from_rules`]), values as
    /// `V`: the positions reachable from `start`, the score engines and the score oracle on the
    /// same rules.
    pub fn from_rules(
        identity: Identity,
        rules: R,
        start: R::State,
        notation: Notation<R::State>,
        most: usize,
    ) -> Result<ScoringGame<Discovered<R>, V>, SpaceTooLarge> {
        let space = Discovered::scoring(rules, [start.clone()], most)?;
        Ok(ScoringGame::<_, V>::new(identity, space, &start, notation).with_oracle_check(|g, table, budget| {
            oracle_scores(g, &|id| score_at(table, id), OracleSide::same(g.rules()), budget)
        }))
    }
}

impl<G: ImpartialSpace + Send + Sync + 'static> SpaceGame<G, Impartial> {
    /// An impartial space with solver-core's Grundy engines, the start being `start`.
    pub fn new(identity: Identity, space: G, start: &G::State, notation: Notation<G::State>) -> ImpartialGame<G> {
        SpaceGame::with_engines(identity, space, start, notation, family::grundy_engines())
    }

    /// The same game checked by `verify` against the Grundy oracle on `rules`.
    pub fn with_oracle<R>(
        self,
        rules: R,
        to_plain: impl Fn(&G::State) -> R::State + Send + Sync + 'static,
    ) -> ImpartialGame<G>
    where
        R: ImpartialRules + Send + Sync + 'static,
    {
        self.with_oracle_check(move |space, values, budget| {
            oracle_grundy(space, values, OracleSide { rules: &rules, state: &to_plain }, budget)
        })
    }
}

/// The score of position `id` of a scoring game's table.
pub fn score_at(table: &ScoreTable, id: StateId) -> i64 {
    match table.value(id.index() as u64) {
        Value::Score(s) => s,
        other => unreachable!("a scoring table holds scores, not {other:?}"),
    }
}

impl<V, G> SpaceGame<G, Scoring<V>>
where
    V: ScoreValue + Debug + 'static,
    Vec<V>: Solved,
    G: ScoringSpace + Send + Sync + 'static,
{
    /// A scoring space with solver-core's score engines (values as `V`), the start being
    /// `start`.
    pub fn new(identity: Identity, space: G, start: &G::State, notation: Notation<G::State>) -> ScoringGame<G, V> {
        let engines = family::score_engines::<V, G>().into_iter().map(|e| e.map(|t| Box::new(t) as ScoreTable));
        SpaceGame::with_engines(identity, space, start, notation, engines.collect())
    }

    /// The same game checked by `verify` against the score oracle on `rules`.
    pub fn with_oracle<R>(
        self,
        rules: R,
        to_plain: impl Fn(&G::State) -> R::State + Send + Sync + 'static,
    ) -> ScoringGame<G, V>
    where
        R: ScoringRules + Send + Sync + 'static,
    {
        self.with_oracle_check(move |space, table: &ScoreTable, budget| {
            oracle_scores(space, &|id| score_at(table, id), OracleSide { rules: &rules, state: &to_plain }, budget)
        })
    }
}

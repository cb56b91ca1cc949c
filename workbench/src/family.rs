//! The three value families and their engines, each listed once: what `verify`, `stats`,
//! `solve` and the differential checks run on a space of loopy, impartial or scoring
//! positions. A new engine of a family is one line in its list ([`loopy_engines`],
//! [`grundy_engines`], [`score_engines`]); a game adds engines of its own to its adapter
//! ([`crate::space_game::SpaceGame::with_engine`]).
//!
//! A family ([`Family`]) says what its table is, how solver-core's verifier checks it, how a
//! stored table is read back into it, how a position's moves lead to other positions, and how
//! solver-core's forward search reads its spaces (the family's search adapter).

use crate::solved::{Rejection, Solved, VerifyFailure, read_all};
use judge::JudgeError;
use judge::resources::{DENSE_STEPS_PER_UNIT, OverBudget};
use solver_core::RetrogradeError;
use solver_core::search::{
    ImpartialSpaceSearch, ImpartialSum, ScoringSpaceSearch, SearchEngine, SearchError, SearchGame, SearchLimits,
    Searched, SpaceSearch,
};
use solver_core::verify::{Checked, verify_grundy_reporting, verify_outcomes_reporting, verify_scores_reporting};
use solver_core::{
    ImpartialSpace, LoopySpace, Nimber, Outcome, OutcomeTable, Progress, RetrogradeEngine, ScoreValue, ScoredMove,
    ScoringSpace, StateId, StateSpace, Unmoves, acyclic_memory_bound, grundy_table_reporting,
    parallel_acyclic_memory_bound, parallel_grundy_table_reporting, parallel_score_table_reporting,
    score_table_reporting,
};
use std::fmt::Debug;
use std::marker::PhantomData;
use table_file::{Encoding, TableFile, Value, ValueKind};

/// The bytes an engine may allocate for a space, before it runs.
type Bound<G> = Box<dyn Fn(&G) -> u64 + Send + Sync>;
/// An engine's whole table of a space within a work budget (units of [`judge::resources`]),
/// or why not, telling its progress where it can.
type Solve<G, T> = Box<dyn Fn(&G, u64, &Progress<'_>) -> Result<T, EngineError> + Send + Sync>;

/// Why an engine made no table: the engine's own error, kept with its type (solver-core's
/// [`solver_core::SpaceTooLarge`], a game's own), so a caller can tell them apart by
/// downcasting ([`EngineError::source_error`]) and prints the engine's message unchanged.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct EngineError(Box<dyn std::error::Error + Send + Sync>);

impl EngineError {
    /// The engine's own error.
    pub fn source_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
        &*self.0
    }
}

/// One engine of a family: its name on the command line, an upper bound on the bytes it
/// allocates for a space (what `stats` checks before running it), and the solve itself.
pub struct Engine<G: ?Sized, T> {
    name: &'static str,
    memory_bound: Bound<G>,
    solve: Solve<G, T>,
}

impl<G: ?Sized + 'static, T: 'static> Engine<G, T> {
    /// The engine `name`, which may allocate `memory_bound(space)` bytes and solves with `solve`
    /// (whose error is any error type; [`std::convert::Infallible`] for an engine that cannot fail).
    pub fn new<E: Into<Box<dyn std::error::Error + Send + Sync>>>(
        name: &'static str,
        memory_bound: impl Fn(&G) -> u64 + Send + Sync + 'static,
        solve: impl Fn(&G) -> Result<T, E> + Send + Sync + 'static,
    ) -> Engine<G, T> {
        Engine::with_work(name, memory_bound, move |g, _, _| solve(g))
    }

    /// The engine `name` as [`Engine::new`] makes it, whose `solve(space, progress)` advances
    /// `progress` as it goes ([`solver_core::Progress`]'s contract): what `solve` draws as a
    /// share of the solving and the time left.
    pub fn reporting<E: Into<Box<dyn std::error::Error + Send + Sync>>>(
        name: &'static str,
        memory_bound: impl Fn(&G) -> u64 + Send + Sync + 'static,
        solve: impl Fn(&G, &Progress<'_>) -> Result<T, E> + Send + Sync + 'static,
    ) -> Engine<G, T> {
        Engine::with_work(name, memory_bound, move |g, _, progress| solve(g, progress))
    }

    /// The engine `name` as [`Engine::reporting`] makes it, whose `solve(space, units,
    /// progress)` also spends at most `units` of work ([`judge::resources::Work`]) and declines
    /// past them: an engine whose time its memory bound does not bound (the layered engines,
    /// whose passes grow with the largest remoteness).
    pub fn with_work<E: Into<Box<dyn std::error::Error + Send + Sync>>>(
        name: &'static str,
        memory_bound: impl Fn(&G) -> u64 + Send + Sync + 'static,
        solve: impl Fn(&G, u64, &Progress<'_>) -> Result<T, E> + Send + Sync + 'static,
    ) -> Engine<G, T> {
        Engine {
            name,
            memory_bound: Box::new(memory_bound),
            solve: Box::new(move |g, units, progress| solve(g, units, progress).map_err(|e| EngineError(e.into()))),
        }
    }

    /// The same engine with its table turned into another type.
    pub fn map<U: 'static>(self, into: impl Fn(T) -> U + Send + Sync + 'static) -> Engine<G, U> {
        let solve = self.solve;
        Engine {
            name: self.name,
            memory_bound: self.memory_bound,
            solve: Box::new(move |g, units, progress| solve(g, units, progress).map(&into)),
        }
    }
}

impl<G: ?Sized, T> Engine<G, T> {
    /// Its name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// An upper bound on the bytes it allocates for `space`, its table included.
    pub fn memory_bound(&self, space: &G) -> u64 {
        (self.memory_bound)(space)
    }

    /// Its table of `space`, within the process's work budget for one input
    /// ([`judge::resources::work_budget`], `--budget`).
    pub fn solve(&self, space: &G) -> Result<T, EngineError> {
        self.solve_reporting(space, judge::resources::work_budget(), &Progress::silent())
    }

    /// Its table of `space`, spending at most `units` of work where the engine counts its work
    /// ([`Engine::with_work`]; `u64::MAX`: no limit), advancing `progress` where the engine
    /// reports ([`Engine::reporting`]; one that does not leaves it where it is,
    /// [`Progress::silent`] where nobody watches).
    pub fn solve_reporting(&self, space: &G, units: u64, progress: &Progress<'_>) -> Result<T, EngineError> {
        (self.solve)(space, units, progress)
    }
}

/// Spaces up to this many positions have their moves counted one by one for an estimate;
/// larger ones are sampled ([`estimated_total`]).
const COUNTED: usize = 1 << 16;

/// The sum of `count(id)` over every position of a space of `len` positions, for a memory
/// estimate: exact up to `COUNTED` positions; above, the mean of `COUNTED` positions spread
/// evenly over the ids, times `len`, plus a quarter for what the sample missed.
pub fn estimated_total(len: usize, mut count: impl FnMut(StateId) -> u64) -> u64 {
    if len <= COUNTED {
        return StateId::all(len).map(count).sum();
    }
    let stride = len / COUNTED;
    let sampled: u64 =
        (0..COUNTED).map(|k| count(StateId::new(k * stride).expect("an index below a space's length is an id"))).sum();
    let mean = sampled as f64 / COUNTED as f64;
    (mean * len as f64 * 1.25).ceil() as u64
}

/// The distinct moves of a loopy space's unfinished positions in all (what the engines store),
/// estimated as [`estimated_total`] does.
pub fn estimated_moves<G: LoopySpace + ?Sized>(game: &G) -> u64 {
    let mut children = Vec::new();
    estimated_total(game.len(), |id| {
        if game.terminal_at(id).is_some() {
            return 0;
        }
        children.clear();
        game.successor_ids(id, &mut children);
        children.len() as u64
    })
}

/// The most of `count(id)` over a space of `len` positions: exact up to `COUNTED` positions,
/// else the most among `COUNTED` spread evenly over the ids, doubled for what the sample missed.
fn estimated_most(len: usize, count: impl FnMut(StateId) -> u64) -> u64 {
    if len <= COUNTED {
        return StateId::all(len).map(count).max().unwrap_or(0);
    }
    let stride = len / COUNTED;
    let sampled = (0..COUNTED).map(|k| StateId::new(k * stride).expect("an index below a space's length is an id"));
    2 * sampled.map(count).max().unwrap_or(0)
}

/// What solver-core's bounds leave out: the buffers of the positions being solved, one a
/// thread, each `bytes` a move for the most moves a position has ([`estimated_most`], at least
/// 4, a vector's first capacity), at a doubling vector's worst capacity.
fn move_buffers(most_moves: u64, bytes: u64) -> u64 {
    let threads = rayon::current_num_threads() as u64;
    threads.saturating_mul(2 * bytes).saturating_mul(most_moves.max(4))
}

/// The bound of retrograde engine `engine` on `game`: solver-core's, counting moves only for
/// an engine that stores them, plus the move buffers ([`move_buffers`], 4 bytes a move).
fn retrograde_bound<G: LoopySpace + ?Sized>(engine: RetrogradeEngine, game: &G) -> u64 {
    let stores_moves = engine.memory_bound(1, 1) > engine.memory_bound(1, 0);
    let moves = if stores_moves { estimated_moves(game) } else { 0 };
    let mut children = Vec::new();
    let most = estimated_most(game.len(), |id| {
        if game.terminal_at(id).is_some() {
            return 0;
        }
        children.clear();
        game.successor_ids(id, &mut children);
        children.len() as u64
    });
    engine.memory_bound(game.len(), moves).saturating_add(move_buffers(most, 4))
}

/// Runs retrograde engine `engine` within `units` of work: the layered engines count a
/// position scanned or a move examined as a dense engine's step
/// ([`judge::resources::DENSE_STEPS_PER_UNIT`] a unit) and decline past them with the work
/// budget's refusal ([`OverBudget`], exit 3 in the CLI); the others take time linear in what
/// their memory bound counts.
fn retrograde_within<G: LoopySpace + Sync + ?Sized>(
    engine: RetrogradeEngine,
    game: &G,
    solved: impl FnOnce(u64) -> Result<OutcomeTable, RetrogradeError>,
    units: u64,
) -> Result<OutcomeTable, Box<dyn std::error::Error + Send + Sync>> {
    let steps = units.saturating_mul(DENSE_STEPS_PER_UNIT);
    let declines = || {
        let what = format!("the {} engine", engine.name());
        Box::new(JudgeError::OverBudget(OverBudget { what, budget: units }))
    };
    // The first pass scans every position and its moves, and a second pass follows it: what
    // cannot make two passes declines before the first, at the cost of an estimate.
    let layered = matches!(engine, RetrogradeEngine::Layered | RetrogradeEngine::ParallelLayered);
    if layered
        && steps != u64::MAX
        && (game.len() as u64).saturating_add(estimated_moves(game)).saturating_mul(2) > steps
    {
        return Err(declines());
    }
    match solved(steps) {
        Ok(table) => Ok(table),
        Err(RetrogradeError::OverSteps(_)) => Err(declines()),
        Err(e) => Err(Box::new(e)),
    }
}

/// solver-core's retrograde engines that need only moves ([`RetrogradeEngine::BY_MOVES`]).
pub fn loopy_engines<G: LoopySpace + Sync + ?Sized + 'static>() -> Vec<Engine<G, OutcomeTable>> {
    RetrogradeEngine::BY_MOVES
        .into_iter()
        .map(|e| {
            Engine::with_work(
                e.name(),
                move |g: &G| retrograde_bound(e, g),
                move |g: &G, units, progress: &Progress<'_>| {
                    let solve =
                        |steps| e.solve_by_moves_reporting(g, steps, progress).expect("these engines need only moves");
                    retrograde_within(e, g, solve, units)
                },
            )
        })
        .collect()
}

/// Every retrograde engine of solver-core, the un-move engine included ([`RetrogradeEngine::ALL`]).
pub fn loopy_engines_with_unmoves<G: Unmoves + Sync + ?Sized + 'static>() -> Vec<Engine<G, OutcomeTable>> {
    RetrogradeEngine::ALL
        .into_iter()
        .map(|e| {
            Engine::with_work(
                e.name(),
                move |g: &G| retrograde_bound(e, g),
                move |g: &G, units, progress: &Progress<'_>| {
                    retrograde_within(e, g, |steps| e.solve_reporting(g, steps, progress), units)
                },
            )
        })
        .collect()
}

/// The parts of options of an impartial space in all, estimated as [`estimated_total`] does.
fn estimated_parts<G: ImpartialSpace + ?Sized>(game: &G) -> u64 {
    estimated_total(game.len(), |id| {
        let mut parts = 0;
        game.option_ids(id, &mut |option| parts += option.len() as u64);
        parts
    })
}

/// The buffers of an impartial space's positions being solved ([`move_buffers`]): a part
/// (4 bytes) and an option's entry in the mex set (8 bytes) a part.
fn grundy_buffers<G: ImpartialSpace + ?Sized>(game: &G) -> u64 {
    let most = estimated_most(game.len(), |id| {
        let mut parts = 0;
        game.option_ids(id, &mut |option| parts += option.len() as u64);
        parts
    });
    move_buffers(most, 12)
}

/// solver-core's Grundy engines: sequential, then parallel level by level.
pub fn grundy_engines<G: ImpartialSpace + Sync + ?Sized + 'static>() -> Vec<Engine<G, Vec<Nimber>>> {
    vec![
        Engine::reporting(
            "grundy",
            |g: &G| {
                let bound = acyclic_memory_bound(g.len(), estimated_parts(g), 4, g.play_order().is_some());
                bound.saturating_add(grundy_buffers(g))
            },
            |g: &G, progress: &Progress<'_>| grundy_table_reporting(g, progress),
        ),
        Engine::reporting(
            "parallel-grundy",
            |g: &G| {
                let declared = g.play_order().is_some();
                let bound = parallel_acyclic_memory_bound(g.len(), estimated_parts(g), 4, g.play_levels(), declared);
                bound.saturating_add(grundy_buffers(g))
            },
            |g: &G, progress: &Progress<'_>| parallel_grundy_table_reporting(g, progress),
        ),
    ]
}

/// The moves of a scoring space in all, estimated as [`estimated_total`] does.
fn estimated_scored_moves<G: ScoringSpace + ?Sized>(game: &G) -> u64 {
    let mut scratch = Vec::new();
    estimated_total(game.len(), |id| {
        scratch.clear();
        game.scored_move_ids(id, &mut scratch);
        scratch.len() as u64
    })
}

/// The buffers of a scoring space's positions being solved ([`move_buffers`]): a scored move
/// a move.
fn score_buffers<G: ScoringSpace + ?Sized>(game: &G) -> u64 {
    let mut scratch = Vec::new();
    let most = estimated_most(game.len(), |id| {
        scratch.clear();
        game.scored_move_ids(id, &mut scratch);
        scratch.len() as u64
    });
    move_buffers(most, std::mem::size_of::<ScoredMove<StateId>>() as u64)
}

/// solver-core's score DP engines, values as `V`: sequential, then parallel level by level.
pub fn score_engines<V, G>() -> Vec<Engine<G, Vec<V>>>
where
    V: ScoreValue + 'static,
    G: ScoringSpace + Sync + ?Sized + 'static,
{
    let width = std::mem::size_of::<V>() as u64;
    vec![
        Engine::reporting(
            "score-dp",
            move |g: &G| {
                let bound = acyclic_memory_bound(g.len(), estimated_scored_moves(g), width, g.play_order().is_some());
                bound.saturating_add(score_buffers(g))
            },
            |g: &G, progress: &Progress<'_>| score_table_reporting::<V, G>(g, progress),
        ),
        Engine::reporting(
            "parallel-score-dp",
            move |g: &G| {
                let declared = g.play_order().is_some();
                let moves = estimated_scored_moves(g);
                let bound = parallel_acyclic_memory_bound(g.len(), moves, width, g.play_levels(), declared);
                bound.saturating_add(score_buffers(g))
            },
            |g: &G, progress: &Progress<'_>| parallel_score_table_reporting::<V, G>(g, progress),
        ),
    ]
}

/// A position's move as the space sees it: the positions it leads to (one; for an impartial
/// game the parts of the sum it leaves, none when it leaves nothing), what the mover scores,
/// whether the mover moves again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpaceMove {
    /// Where it leads.
    pub parts: Vec<StateId>,
    /// Points the mover scores (scoring games; 0 otherwise).
    pub gain: i64,
    /// Whether the mover moves again (scoring games).
    pub again: bool,
}

/// What a family of values knows: its table, how solver-core's verifier checks a table of a
/// space, how a stored table is read back, and a position's moves.
///
/// Implemented by [`Loopy`], [`Impartial`] and [`Scoring`] for the spaces of their kind.
pub trait Family<G: StateSpace + ?Sized>: 'static {
    /// An engine's table.
    type Table: Solved + 'static;
    /// What the values are.
    const KIND: ValueKind;
    /// The verifier's finding on `table`, the position named by `describe`; `progress` is told
    /// the positions checked so far from time to time.
    fn verify(
        game: &G,
        table: &Self::Table,
        describe: &dyn Fn(StateId) -> String,
        progress: Checked<'_>,
    ) -> Result<(), Rejection>;
    /// The stored table's values as an engine's table, every checksum checked.
    fn read(table: &TableFile, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<Self::Table, VerifyFailure>;
    /// The legal moves of `id`.
    fn moves(game: &G, id: StateId) -> Vec<SpaceMove>;
    /// The value of position `id` in `table`.
    fn value(table: &Self::Table, id: StateId) -> Value {
        table.value(id.index() as u64)
    }
    /// Whether every space of the family is acyclic, so that forward search values its
    /// positions as the table does (a loopy space is searched only when its game says it is
    /// acyclic).
    const ACYCLIC: bool;
    /// The value of the sum of `parts` by the forward search `engine` (one part, but for an
    /// impartial game, whose move may leave several), the space being acyclic. The principal
    /// variation is given as the moves played: (the position moved in, the move's place in
    /// [`Family::moves`] of it).
    fn search(
        game: &G,
        parts: &[StateId],
        engine: SearchEngine,
        limits: &SearchLimits,
    ) -> Result<Searched<(StateId, usize)>, SearchError>;
}

/// `searched` with its principal variation replaced by `line`.
fn relined<M>(searched: Searched<M>, line: Vec<(StateId, usize)>) -> Searched<(StateId, usize)> {
    Searched { answer: searched.answer, principal_variation: line, stats: searched.stats }
}

/// The principal variation of a search on ids (a move being the position it leads to) as the
/// moves played from `from`: each child's place among `children` of the position before it.
fn line_of_children<M: Copy>(
    from: StateId,
    moves: &[M],
    child: impl Fn(M) -> StateId,
    children: impl Fn(StateId) -> Vec<M>,
    same: impl Fn(&M, &M) -> bool,
) -> Vec<(StateId, usize)> {
    let mut at = from;
    let mut line = Vec::with_capacity(moves.len());
    for mv in moves {
        let Some(place) = children(at).iter().position(|m| same(m, mv)) else { break };
        line.push((at, place));
        at = child(*mv);
    }
    line
}

/// Win, loss, tie or draw with remoteness, by retrograde analysis.
pub struct Loopy;

impl<G: LoopySpace + Sync + ?Sized> Family<G> for Loopy {
    type Table = OutcomeTable;
    const KIND: ValueKind = ValueKind::Outcome;

    fn verify(
        game: &G,
        table: &OutcomeTable,
        describe: &dyn Fn(StateId) -> String,
        progress: Checked<'_>,
    ) -> Result<(), Rejection> {
        verify_outcomes_reporting(game, table, progress).map_err(|e| Rejection::from_verifier(e, describe))
    }

    fn read(table: &TableFile, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<OutcomeTable, VerifyFailure> {
        let outcome = |v| if let Value::Outcome(o) = v { Some(o) } else { None };
        let outcomes = read_all(table, Outcome::Draw, outcome, progress)?;
        OutcomeTable::from_outcomes(outcomes)
            .map_err(|e| VerifyFailure::Unreadable(format!("a remoteness of {} is past the table's limit", e.0)))
    }

    fn moves(game: &G, id: StateId) -> Vec<SpaceMove> {
        if game.terminal_at(id).is_some() {
            return Vec::new();
        }
        let mut children = Vec::new();
        game.successor_ids(id, &mut children);
        children.into_iter().map(|child| SpaceMove { parts: vec![child], gain: 0, again: false }).collect()
    }

    const ACYCLIC: bool = false;

    fn search(
        game: &G,
        parts: &[StateId],
        engine: SearchEngine,
        limits: &SearchLimits,
    ) -> Result<Searched<(StateId, usize)>, SearchError> {
        let searched = engine.run(&SpaceSearch::new(game), &parts[0], limits)?;
        let children = |id| {
            let mut children = Vec::new();
            game.successor_ids(id, &mut children);
            children
        };
        let line = line_of_children(parts[0], &searched.principal_variation, |c| c, children, |a, b| a == b);
        Ok(relined(searched, line))
    }
}

/// Grundy values of impartial games whose moves may split a position into a sum.
pub struct Impartial;

impl<G: ImpartialSpace + Sync + ?Sized> Family<G> for Impartial {
    type Table = Vec<Nimber>;
    const KIND: ValueKind = ValueKind::Nimber;

    fn verify(
        game: &G,
        table: &Vec<Nimber>,
        describe: &dyn Fn(StateId) -> String,
        progress: Checked<'_>,
    ) -> Result<(), Rejection> {
        verify_grundy_reporting(game, table, progress).map_err(|e| Rejection::from_verifier(e, describe))
    }

    fn read(table: &TableFile, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<Vec<Nimber>, VerifyFailure> {
        read_all(table, Nimber::ZERO, |v| if let Value::Nimber(n) = v { Some(n) } else { None }, progress)
    }

    fn moves(game: &G, id: StateId) -> Vec<SpaceMove> {
        let mut moves = Vec::new();
        game.option_ids(id, &mut |parts| moves.push(SpaceMove { parts: parts.to_vec(), gain: 0, again: false }));
        moves
    }

    const ACYCLIC: bool = true;

    fn search(
        game: &G,
        parts: &[StateId],
        engine: SearchEngine,
        limits: &SearchLimits,
    ) -> Result<Searched<(StateId, usize)>, SearchError> {
        let search = ImpartialSpaceSearch::new(game);
        let mut sum = ImpartialSum::new(parts.iter().copied());
        let searched = engine.run(&search, &sum, limits)?;
        let mut line = Vec::with_capacity(searched.principal_variation.len());
        for &(at, option) in &searched.principal_variation {
            line.push((sum.parts()[at as usize], option as usize));
            sum = search.play(&sum, (at, option)).position;
        }
        Ok(relined(searched, line))
    }
}

/// Score differences of acyclic scoring games, stored as `V` (e.g. `i8`). The table is any
/// [`Solved`] of scores, so a game may solve into a table of its own shape (dots and boxes'
/// tiered tables); the verifier reads it into `V`s.
pub struct Scoring<V>(PhantomData<V>);

/// A scoring game's table: any table of scores.
pub type ScoreTable = Box<dyn Solved>;

impl<V, G> Family<G> for Scoring<V>
where
    V: ScoreValue + Debug + 'static,
    Vec<V>: Solved,
    G: ScoringSpace + Sync + ?Sized,
{
    type Table = ScoreTable;
    const KIND: ValueKind = ValueKind::Score;

    fn verify(
        game: &G,
        table: &ScoreTable,
        describe: &dyn Fn(StateId) -> String,
        progress: Checked<'_>,
    ) -> Result<(), Rejection> {
        let mut values: Vec<V> = Vec::new();
        values
            .try_reserve_exact(table.len() as usize)
            .map_err(|e| Rejection::OutOfMemory { positions: table.len(), reason: e.to_string() })?;
        for index in 0..table.len() {
            let score = match table.value(index) {
                Value::Score(s) => V::try_from(s).ok(),
                _ => None,
            };
            let not_a_score = || Rejection::NotAScore { index, value: format!("{:?}", table.value(index)) };
            values.push(score.ok_or_else(not_a_score)?);
        }
        verify_scores_reporting(game, &values, progress).map_err(|e| Rejection::from_verifier(e, describe))
    }

    fn read(table: &TableFile, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<ScoreTable, VerifyFailure> {
        let score = |v| match v {
            Value::Score(s) => V::try_from(s).ok(),
            _ => None,
        };
        Ok(Box::new(read_all(table, V::default(), score, progress)?))
    }

    fn moves(game: &G, id: StateId) -> Vec<SpaceMove> {
        let mut moves = Vec::new();
        game.scored_move_ids(id, &mut moves);
        moves.into_iter().map(|m| SpaceMove { parts: vec![m.to], gain: i64::from(m.gain), again: m.again }).collect()
    }

    const ACYCLIC: bool = true;

    fn search(
        game: &G,
        parts: &[StateId],
        engine: SearchEngine,
        limits: &SearchLimits,
    ) -> Result<Searched<(StateId, usize)>, SearchError> {
        let searched = engine.run(&ScoringSpaceSearch::new(game), &parts[0], limits)?;
        let children = |id| {
            let mut moves = Vec::new();
            game.scored_move_ids(id, &mut moves);
            moves
        };
        let line = line_of_children(parts[0], &searched.principal_variation, |m| m.to, children, |a, b| a == b);
        Ok(relined(searched, line))
    }
}

/// A table of outcomes, 4 bytes a position.
impl Solved for OutcomeTable {
    fn len(&self) -> u64 {
        OutcomeTable::len(self) as u64
    }

    fn value(&self, index: u64) -> Value {
        Value::Outcome(self.get(StateId::new(index as usize).expect("a position number is an id")))
    }

    fn encoding(&self) -> Encoding {
        let max = self.iter().filter_map(Outcome::remoteness).max().unwrap_or(0);
        Encoding::narrowest_outcome(max).expect("an outcome table's remoteness fits the 32-bit encoding")
    }

    fn bytes(&self) -> u64 {
        4 * Solved::len(self)
    }
}

/// Grundy values, 4 bytes a position.
impl Solved for Vec<Nimber> {
    fn len(&self) -> u64 {
        self.as_slice().len() as u64
    }

    fn value(&self, index: u64) -> Value {
        Value::Nimber(self[index as usize])
    }

    fn encoding(&self) -> Encoding {
        Encoding::narrowest_nimber(self.iter().map(|n| n.0).max().unwrap_or(0))
    }

    fn bytes(&self) -> u64 {
        4 * Solved::len(self)
    }
}

/// Scores as `i8`, `i16`, `i32` or `i64`.
macro_rules! scores_are_solved {
    ($($v:ty),*) => {$(
        impl Solved for Vec<$v> {
            fn len(&self) -> u64 {
                self.as_slice().len() as u64
            }

            fn value(&self, index: u64) -> Value {
                Value::Score(self[index as usize].into())
            }

            fn encoding(&self) -> Encoding {
                let (min, max) = self.iter().fold((i64::MAX, i64::MIN), |(lo, hi), &v| (lo.min(v.into()), hi.max(v.into())));
                // Past 32 bits the writer refuses the first score that does not fit.
                Encoding::narrowest_score(min, max).unwrap_or(Encoding::Score32)
            }

            fn bytes(&self) -> u64 {
                std::mem::size_of::<$v>() as u64 * Solved::len(self)
            }
        }
    )*};
}

scores_are_solved!(i8, i16, i32, i64);

impl<T: Solved + ?Sized> Solved for Box<T> {
    fn len(&self) -> u64 {
        self.as_ref().len()
    }

    fn value(&self, index: u64) -> Value {
        self.as_ref().value(index)
    }

    fn encoding(&self) -> Encoding {
        self.as_ref().encoding()
    }

    fn bytes(&self) -> u64 {
        self.as_ref().bytes()
    }

    fn histogram(&self) -> std::collections::HashMap<Value, u64> {
        self.as_ref().histogram()
    }

    fn extreme(&self) -> Option<u64> {
        self.as_ref().extreme()
    }
}

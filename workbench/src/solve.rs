//! What every whole-space command sees of a game ([`SolvableGame`]): a space of positions
//! numbered densely, values of one kind, named engines, the game's own notation for positions
//! and moves, its verifier, and what `verify` and `stats` run on it. One adapter implements it
//! for every game ([`crate::space_game::SpaceGame`]); this module holds the vocabulary around
//! it: a solved table in memory ([`Solved`]), a table's identity, moves and values as people
//! read them.
//!
//! Positions are numbered `0..positions`; a table file stores one value per number, in order.
//! On the command line a position is written in the game's notation, or as `#n` for number `n`.

use crate::check::Failure;
use crate::family::EngineError;
use crate::params::Args;
use crate::stats::StatsReport;
use crate::verify::{Row, SearchCheck, SearchCheckPlan};
use oracle::Budget;
use solver_core::Progress;
use solver_core::tiers::TieredScoring;
use std::collections::BTreeMap;
use table_file::{Encoding, Header, TableFile, Value, ValueKind, WriteOptions, table_bytes};

pub use crate::solved::{
    Move, PositionError, Rejection, Solved, VerifyFailure, best_first, extreme_key, is_best, meaning, move_value,
    read_all, show, to_json,
};

/// The header of `game`'s table of `encoding` solved by `engine`, as `writer` (e.g. `gamesolve
/// 0.1.0`) writes it.
pub fn header(game: &dyn SolvableGame, engine: &str, encoding: Encoding, writer: &str) -> Header {
    let identity = game.identity();
    Header {
        game: identity.game.clone(),
        params: identity.params.clone(),
        variant: identity.variant.clone(),
        encoding,
        positions: game.positions(),
        engine: engine.to_string(),
        writer: writer.to_string(),
    }
}

/// `engine`'s table of `game` as a table file in memory, position `i` stored as
/// `change(i, value)`: for tests of the readers and the verifier (a table whose checksums are
/// right but whose values need not be).
pub fn stored_in_memory(
    game: &dyn SolvableGame,
    engine: &str,
    change: impl Fn(u64, Value) -> Value + Sync,
) -> Result<TableFile, Box<dyn std::error::Error + Send + Sync>> {
    let solved = game.solve(engine)?;
    let header = header(game, engine, solved.encoding(), "testkit");
    let bytes = table_bytes(&header, &|i| change(i, solved.value(i)), WriteOptions::default())?;
    Ok(TableFile::from_bytes(bytes, &format!("{} in memory", game.identity().game))?)
}

/// Which game a table belongs to: two tables can be compared only when these are equal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// The [`SpaceTarget`](crate::target::SpaceTarget)'s name.
    pub game: String,
    /// Every parameter, defaults filled in.
    pub params: BTreeMap<String, String>,
    /// The rule variant in words, e.g. `turn-passes: closing a box does not earn a move`.
    pub variant: String,
}

impl Identity {
    /// The identity of `game` at the arguments `args`.
    pub fn new(game: &str, args: &Args, variant: impl Into<String>) -> Identity {
        Identity { game: game.to_string(), params: args.map(), variant: variant.into() }
    }

    /// The game and its parameters, as `verify` and `stats` title it: `mnk k=3 m=3 n=3`.
    pub fn title(&self) -> String {
        let words: Vec<String> = self.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        if words.is_empty() { self.game.clone() } else { format!("{} {}", self.game, words.join(" ")) }
    }
}

/// A game at fixed parameters as the table commands see it.
///
/// Contract: positions are `0..positions()`; `moves(i)` lists every legal move of position `i`
/// with parts below `positions()`; `parse` returns only positions of the space and
/// `parse(describe(i)) == Ok(i)`; every engine gives the same values, which `verify` accepts.
pub trait SolvableGame: Sync {
    /// Which game this is.
    fn identity(&self) -> &Identity;
    /// What its values are.
    fn kind(&self) -> ValueKind;
    /// How many positions.
    fn positions(&self) -> u64;
    /// The start position's number.
    fn start(&self) -> u64;
    /// The engines that solve it; the first is the default.
    fn engines(&self) -> Vec<&'static str>;
    /// Solves every position with `engine` (one of [`SolvableGame::engines`]).
    fn solve(&self, engine: &str) -> Result<Box<dyn Solved + '_>, SolveError> {
        self.solve_reporting(engine, &Progress::silent())
    }
    /// [`SolvableGame::solve`], the engine advancing `progress` as it goes where it reports
    /// from inside ([`crate::family::Engine::reporting`]); one that does not leaves it at its
    /// start.
    fn solve_reporting(&self, engine: &str, progress: &Progress<'_>) -> Result<Box<dyn Solved + '_>, SolveError>;
    /// What `verify` checks at these parameters: every engine's table, equal to the first's;
    /// the first verified; the oracle where it fits `budget`; the game's own laws. The row sums
    /// it up.
    fn check(&self, budget: Budget) -> Result<Row, Failure>;
    /// Every search of the game ([`SolvableGame::searchable`], and the game's own search where
    /// it has one) against the table of its first engine, at the positions `plan` names
    /// ([`crate::search_check`]): what [`SolvableGame::check`] runs with
    /// [`SearchCheckPlan::QUICK`], and the tests with every position. Each check named by its
    /// search; none for a space that may loop.
    fn check_searches(&self, plan: &SearchCheckPlan) -> Result<Vec<(&'static str, SearchCheck)>, Failure>;
    /// What `stats` prints: each engine's cost (those whose estimate does not fit the memory
    /// the command may use refused, not run), the values counted, the most extreme one.
    fn stats(&self) -> StatsReport {
        self.stats_reporting(&|_, _, _| {})
    }
    /// [`SolvableGame::stats`], telling `progress` as the engines run, each one's name as the
    /// phase, in units of [`ENGINE_STEP`] an engine: the `k`th of `n` (from 0) goes from
    /// `k * ENGINE_STEP` to `(k + 1) * ENGINE_STEP` of `n * ENGINE_STEP`, told at its start and
    /// then as it tells its own progress (an engine that does not stays at its start).
    fn stats_reporting(&self, progress: PhasedProgress<'_>) -> StatsReport;
    /// Position `index` in the game's notation.
    fn describe(&self, index: u64) -> String;
    /// A position in the game's notation (without the `#n` form, which [`parse_position`]
    /// handles for every game).
    fn parse(&self, text: &str) -> Result<u64, PositionError>;
    /// The legal moves of position `index`.
    fn moves(&self, index: u64) -> Vec<Move>;
    /// Position `index` drawn for people, several lines each ending in a newline (a board),
    /// where the game draws one; `None` where its notation is all there is, which is the
    /// default.
    fn picture(&self, index: u64) -> Option<String> {
        let _ = index;
        None
    }
    /// Re-checks every value of a stored table against its children with the game's verifier
    /// (solver-core's, never an engine), reading the whole table into memory first
    /// ([`read_all`], which checks every checksum); `progress` is told each phase's positions
    /// done of its total from time to time, the phase [`READING`], then [`VERIFYING`].
    fn verify(&self, table: &TableFile, progress: PhasedProgress<'_>) -> Result<(), VerifyFailure>;
    /// The game searched forward from positions in its notation ([`crate::search`]): the
    /// game's own search where it has one, else its family's adapter on the space; `Err` says
    /// why not (a space that may loop).
    fn searchable(&self) -> Result<Box<dyn crate::search::Searchable + '_>, String>;
    /// The positions cut into tiers by `tiering` (the game's choice when `None`), for the solve
    /// across processes that writes each tier as shards of one table (`solve --distributed`).
    /// Games that have no tiering say so, which is the default.
    fn tiers(&self, tiering: Option<&str>) -> Result<Box<dyn ConsecutiveTiers + '_>, String> {
        let _ = tiering;
        Err(format!(
            "{} is not cut into tiers, so it cannot be solved across processes; dots-and-boxes can",
            self.identity().game
        ))
    }
}

/// A scoring game's positions cut into tiers ([`TieredScoring`]) of consecutive positions:
/// index `i` of tier `t` is the position `first_position(t) + i`, so a tier's values, or a
/// slice of them, are a range of the game's table, one shard of it
/// ([`table_file::shards`]).
///
/// Contract: the tiers' ranges are disjoint and cover `0..positions()` of the game; the values
/// of the tier engines are the game's [`SolvableGame::solve`] values.
pub trait ConsecutiveTiers: TieredScoring + Send {
    /// The game's number of tier `tier`'s first position.
    fn first_position(&self, tier: u32) -> u64;
    /// The tiering's name, as `tiers` takes it (e.g. `group=4`), for the manifest.
    fn name(&self) -> String;
    /// The encoding of the table's values (a score encoding).
    fn encoding(&self) -> Encoding;
}

/// Why [`SolvableGame::solve`] made no table.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The game has no engine of this name.
    #[error("no engine `{name}`; the engines are {}", engines.join(", "))]
    UnknownEngine {
        /// The name asked for.
        name: String,
        /// The engines it has.
        engines: Vec<&'static str>,
    },
    /// The engine exists but not at these parameters (e.g. a game's own engine for a part of
    /// its sizes).
    #[error("`{name}` does not run here: {why}; the engines here are {}", engines.join(", "))]
    NotHere {
        /// The name asked for.
        name: String,
        /// Why not, in words.
        why: String,
        /// The engines that run here.
        engines: Vec<&'static str>,
    },
    /// The engine's memory bound for the space does not fit the memory the command may use:
    /// refused before it ran.
    #[error(transparent)]
    OutOfMemory(#[from] judge::resources::OutOfMemory),
    /// The engine ran and failed (e.g. its tables do not fit in memory).
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The engine broke its contract: a table of another length than the game's.
    #[error("{engine} returned {values} values for {positions} positions")]
    WrongLength {
        /// The engine.
        engine: String,
        /// The values it returned.
        values: u64,
        /// The game's positions.
        positions: u64,
    },
}

/// A position on the command line: `#n` for number `n`, else the game's own notation.
pub fn parse_position(game: &dyn SolvableGame, text: &str) -> Result<u64, PositionError> {
    let text = text.trim();
    if let Some(number) = text.strip_prefix('#') {
        let index: u64 = number.parse().map_err(|_| PositionError::NotANumber(text.to_string()))?;
        if index >= game.positions() {
            return Err(PositionError::PastTheEnd { index, last: game.positions().saturating_sub(1) });
        }
        return Ok(index);
    }
    game.parse(text)
}

/// Writes a position in a game's notation.
pub type Describe<S> = Box<dyn Fn(&S) -> String + Send + Sync>;
/// The units of [`SolvableGame::stats_reporting`]'s progress: each engine is this many, and
/// its own progress (solver-core's `Progress`) is told as a share of them.
pub const ENGINE_STEP: u64 = 1000;

/// What long work on a table tells of itself from time to time, from any thread: its phase
/// ([`READING`], [`VERIFYING`], an engine's name), then the steps done of the phase's total
/// (positions; [`ENGINE_STEP`]s for [`SolvableGame::stats_reporting`]).
pub type PhasedProgress<'a> = &'a (dyn Fn(&'static str, u64, u64) + Sync);
/// The phase of reading a stored table's values, every checksum checked.
pub const READING: &str = "reading";
/// The phase of checking every value against its children.
pub const VERIFYING: &str = "verifying";
/// Reads a position in a game's notation.
pub type ParsePosition<S> = Box<dyn Fn(&str) -> Result<S, String> + Send + Sync>;
/// Writes the move from one position to another in a game's notation.
pub type NameMove<S> = Box<dyn Fn(&S, &S) -> String + Send + Sync>;

/// Draws a position for people, several lines each ending in a newline.
pub type Picture<S> = Box<dyn Fn(&S) -> String + Send + Sync>;

/// How a game writes its positions and moves, for the generic adapters.
pub struct Notation<S> {
    /// A position in the game's notation.
    pub describe: Describe<S>,
    /// A position from the game's notation; only positions of the space.
    pub parse: ParsePosition<S>,
    /// The move from the first position to the second in the game's notation.
    pub name_move: NameMove<S>,
    /// The position drawn (a board), where the game draws one: [`SolvableGame::picture`].
    pub picture: Option<Picture<S>>,
}

impl<S> Notation<S> {
    /// A notation whose moves are named by the position they lead to.
    pub fn new(
        describe: impl Fn(&S) -> String + Send + Sync + 'static,
        parse: impl Fn(&str) -> Result<S, String> + Send + Sync + 'static,
    ) -> Notation<S> {
        let describe = std::sync::Arc::new(describe);
        let name_child = std::sync::Arc::clone(&describe);
        Notation {
            describe: Box::new(move |s| describe(s)),
            parse: Box::new(parse),
            name_move: Box::new(move |_, to| format!("to {}", name_child(to))),
            picture: None,
        }
    }

    /// The same notation with moves named by `name_move(from, to)`.
    pub fn with_move_names(mut self, name_move: impl Fn(&S, &S) -> String + Send + Sync + 'static) -> Notation<S> {
        self.name_move = Box::new(name_move);
        self
    }

    /// The same notation with positions drawn by `picture` (several lines, each ending in a
    /// newline), which `probe` prints under the position.
    pub fn with_picture(mut self, picture: impl Fn(&S) -> String + Send + Sync + 'static) -> Notation<S> {
        self.picture = Some(Box::new(picture));
        self
    }
}

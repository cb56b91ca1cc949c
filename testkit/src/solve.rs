//! What `gamesolve solve`, `probe`, `diff` and `verify FILE` see of a game: a space of
//! positions numbered densely, values of one kind, named engines, the game's own notation for
//! positions and moves, and its verifier ([`SolvableGame`]); the generic adapters that make one
//! of a loopy space ([`LoopyGame`]) or an impartial one ([`ImpartialGame`]); and what a game
//! registers for it ([`SolveTarget`]).
//!
//! Positions are numbered `0..positions`; a table file stores one value per number, in order.
//! On the command line a position is written in the game's notation, or as `#n` for number `n`.

use crate::resources::try_vec;
use crate::stats::Params;
use solver_core::tiers::TieredScoring;
use solver_core::{
    ImpartialSpace, LoopySpace, Nimber, Outcome, OutcomeTable, RetrogradeEngine, StateId, StateSpace, Unmoves,
    grundy_table, parallel_grundy_table,
    verify::{VerifyError, verify_grundy, verify_outcomes},
};
use std::collections::BTreeMap;
use std::sync::Mutex;
use table_file::{Encoding, Header, TableError, TableFile, Value, ValueKind, WriteOptions, table_bytes};

/// A game `gamesolve solve` can solve whole, with its parameters (like a stats target).
pub struct SolveTarget {
    /// The name on the command line and in a table file's header.
    pub name: &'static str,
    /// The parameters it takes, as `key=default` words with a short explanation.
    pub params: &'static str,
    /// Builds the game from the parameters. Every parameter it reads is recorded by `params`
    /// ([`Params::read`]), defaults included, and becomes part of the game's [`Identity`].
    pub open: fn(&mut Params) -> Result<Box<dyn SolvableGame>, String>,
    /// Parameter sets (`key=value` words) at the sizes `gamesolve verify` checks, small enough
    /// to solve with every engine in a test: the golden-checksum test solves each, verifies
    /// every table and compares its checksum with the one committed in tests/golden/.
    pub golden: &'static [&'static str],
}

impl SolveTarget {
    /// The game at the parameters `words` (`key=value`, separated by white space), every one
    /// checked: unknown keys are errors.
    pub fn open_words(&self, words: &str) -> Result<Box<dyn SolvableGame>, String> {
        let words: Vec<String> = words.split_whitespace().map(String::from).collect();
        let mut params = Params::parse(&words)?;
        let game = (self.open)(&mut params)?;
        params.finish()?;
        Ok(game)
    }
}

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
) -> Result<TableFile, String> {
    let solved = game.solve(engine)?;
    let header = header(game, engine, solved.encoding(), "testkit");
    let bytes =
        table_bytes(&header, &|i| change(i, solved.value(i)), WriteOptions::default()).map_err(|e| e.to_string())?;
    TableFile::from_bytes(bytes, &format!("{} in memory", game.identity().game)).map_err(|e| e.to_string())
}

/// Which game a table belongs to: two tables can be compared only when these are equal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// The [`SolveTarget`]'s name.
    pub game: String,
    /// Every parameter, defaults filled in.
    pub params: BTreeMap<String, String>,
    /// The rule variant in words, e.g. `turn-passes: closing a box does not earn a move`.
    pub variant: String,
}

impl Identity {
    /// The identity of `game` built from `params` (after the game has read all it needs).
    pub fn new(game: &str, params: &Params, variant: impl Into<String>) -> Identity {
        Identity { game: game.to_string(), params: params.read(), variant: variant.into() }
    }
}

/// A move as `probe` and `solve` show it: its name in the game's notation and where it leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// The move in the game's notation.
    pub name: String,
    /// The positions it leads to: one, or for an impartial game the parts of the sum it leaves
    /// (none when it leaves nothing).
    pub parts: Vec<u64>,
    /// Points the mover scores (scoring games; 0 otherwise).
    pub gain: i64,
    /// Whether the mover moves again (scoring games).
    pub again: bool,
}

/// A solved table in memory, as the writer and the golden checksums read it.
pub trait Solved: Sync {
    /// The narrowest encoding that holds every value.
    fn encoding(&self) -> Encoding;
    /// The value of position `index` (below the game's `positions`).
    fn value(&self, index: u64) -> Value;
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
    fn solve(&self, engine: &str) -> Result<Box<dyn Solved + '_>, String>;
    /// Position `index` in the game's notation.
    fn describe(&self, index: u64) -> String;
    /// A position in the game's notation (without the `#n` form, which [`parse_position`]
    /// handles for every game).
    fn parse(&self, text: &str) -> Result<u64, String>;
    /// The legal moves of position `index`.
    fn moves(&self, index: u64) -> Vec<Move>;
    /// Re-checks every value of a stored table against its children with the game's verifier
    /// (solver-core's, never an engine), reading the whole table into memory first
    /// ([`read_all`], which checks every checksum).
    fn verify(&self, table: &TableFile, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<(), VerifyFailure>;
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

/// Why a stored table failed [`SolvableGame::verify`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyFailure {
    /// The file is damaged (a checksum, a record no encoder writes) or too large to read.
    #[error("{0}")]
    Unreadable(String),
    /// A position's value does not follow from its children's: the verifier's finding.
    #[error("{0}")]
    Violation(String),
}

/// A position on the command line: `#n` for number `n`, else the game's own notation.
pub fn parse_position(game: &dyn SolvableGame, text: &str) -> Result<u64, String> {
    let text = text.trim();
    if let Some(number) = text.strip_prefix('#') {
        let index: u64 = number.parse().map_err(|_| format!("`{text}` is not `#` and a position number"))?;
        if index >= game.positions() {
            return Err(format!("position #{index} is past the last one, #{}", game.positions().saturating_sub(1)));
        }
        return Ok(index);
    }
    game.parse(text)
}

/// The value of a move for the player who makes it, from the values of the positions it leads
/// to: for a loopy game the child's value backed up one ply, for an impartial game the xor of
/// its parts' nimbers (the option's value), for a scoring game the gain plus the next value if
/// the mover moves again, minus it otherwise.
pub fn move_value<E>(kind: ValueKind, m: &Move, value_of: impl Fn(u64) -> Result<Value, E>) -> Result<Value, E> {
    Ok(match kind {
        ValueKind::Outcome => match value_of(m.parts[0])? {
            Value::Outcome(child) => Value::Outcome(child.backed_up()),
            other => other,
        },
        ValueKind::Nimber => {
            let mut xor = 0;
            for &part in &m.parts {
                if let Value::Nimber(n) = value_of(part)? {
                    xor ^= n.0;
                }
            }
            Value::Nimber(Nimber(xor))
        }
        ValueKind::Score => match value_of(m.parts[0])? {
            Value::Score(next) => Value::Score(m.gain + if m.again { next } else { -next }),
            other => other,
        },
    })
}

/// Whether a move of value `move_value` ([`move_value`]) is a best move of a position of value
/// `value`: it keeps the value (loopy and scoring games), or it leaves an option of value 0
/// (impartial games: a position of value 0 has no best move).
pub fn is_best(value: Value, move_value: Value) -> bool {
    match (value, move_value) {
        (Value::Nimber(_), Value::Nimber(option)) => option == Nimber::ZERO,
        _ => value == move_value,
    }
}

/// A value for people: `win in 3`, `*2`, `+1`.
pub fn show(value: Value) -> String {
    match value {
        Value::Outcome(o) => o.to_string(),
        Value::Nimber(n) => n.to_string(),
        Value::Score(s) => format!("{s:+}"),
    }
}

/// A value as JSON: a number for scores and nimbers, `{kind, remoteness}` for outcomes
/// (`remoteness` null for a draw).
pub fn to_json(value: Value) -> serde_json::Value {
    match value {
        Value::Outcome(o) => {
            let kind = match o {
                Outcome::Win(_) => "win",
                Outcome::Loss(_) => "loss",
                Outcome::Tie(_) => "tie",
                Outcome::Draw => "draw",
            };
            serde_json::json!({ "kind": kind, "remoteness": o.remoteness() })
        }
        Value::Nimber(n) => n.0.into(),
        Value::Score(s) => s.into(),
    }
}

/// Writes a position in a game's notation.
pub type Describe<S> = Box<dyn Fn(&S) -> String + Send + Sync>;
/// Reads a position in a game's notation.
pub type ParsePosition<S> = Box<dyn Fn(&str) -> Result<S, String> + Send + Sync>;
/// Writes the move from one position to another in a game's notation.
pub type NameMove<S> = Box<dyn Fn(&S, &S) -> String + Send + Sync>;

/// How a game writes its positions and moves, for the generic adapters.
pub struct Notation<S> {
    /// A position in the game's notation.
    pub describe: Describe<S>,
    /// A position from the game's notation; only positions of the space.
    pub parse: ParsePosition<S>,
    /// The move from the first position to the second in the game's notation.
    pub name_move: NameMove<S>,
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
        }
    }

    /// The same notation with moves named by `name_move(from, to)`.
    pub fn with_move_names(mut self, name_move: impl Fn(&S, &S) -> String + Send + Sync + 'static) -> Notation<S> {
        self.name_move = Box::new(name_move);
        self
    }
}

/// An engine of an adapted space: its whole table, or why not.
type Engine<G, T> = Box<dyn Fn(&G) -> Result<T, String> + Send + Sync>;

/// What the adapters share: the game's identity, its space and start, its notation and its
/// engines, each giving a table of type `T`.
struct Core<G: StateSpace, T> {
    identity: Identity,
    space: G,
    start: StateId,
    notation: Notation<G::State>,
    engines: Vec<(&'static str, Engine<G, T>)>,
}

impl<G: StateSpace, T> Core<G, T> {
    fn new(identity: Identity, space: G, start: &G::State, notation: Notation<G::State>) -> Core<G, T> {
        let start = space.rank(start);
        Core { identity, space, start, notation, engines: Vec::new() }
    }

    /// Moves the engine called `name` to the front (the default), keeping the others in order.
    fn prefer(&mut self, name: &str) {
        if let Some(at) = self.engines.iter().position(|(n, _)| *n == name) {
            self.engines[..=at].rotate_right(1);
        }
    }

    fn names(&self) -> Vec<&'static str> {
        self.engines.iter().map(|(name, _)| *name).collect()
    }

    /// The table of engine `name`.
    fn run(&self, name: &str) -> Result<T, String> {
        match self.engines.iter().find(|(n, _)| *n == name) {
            Some((_, solve)) => solve(&self.space),
            None => Err(format!("no engine `{name}`; the engines are {}", self.names().join(", "))),
        }
    }

    fn positions(&self) -> u64 {
        self.space.len() as u64
    }

    fn describe(&self, index: u64) -> String {
        (self.notation.describe)(&self.space.unrank(id(index)))
    }

    fn parse(&self, text: &str) -> Result<u64, String> {
        Ok(self.space.rank(&(self.notation.parse)(text)?).index() as u64)
    }
}

fn id(index: u64) -> StateId {
    StateId::new(index as usize).expect("a position number is an id")
}

/// A loopy space as a [`SolvableGame`]: solver-core's retrograde engines (and any of the
/// game's own), values checked by [`verify_outcomes`].
pub struct LoopyGame<G: LoopySpace>(Core<G, OutcomeTable>);

impl<G: LoopySpace + Sync + Send + 'static> LoopyGame<G> {
    /// The space with the retrograde engines that need only moves, the start being `start`.
    pub fn new(identity: Identity, space: G, start: &G::State, notation: Notation<G::State>) -> LoopyGame<G> {
        let mut core = Core::new(identity, space, start, notation);
        for e in RetrogradeEngine::BY_MOVES {
            let solve: Engine<G, OutcomeTable> = Box::new(move |g: &G| {
                e.solve_by_moves(g).expect("a by-moves engine needs only moves").map_err(|e| e.to_string())
            });
            core.engines.push((e.name(), solve));
        }
        LoopyGame(core)
    }

    /// The space with every retrograde engine, the un-move engine included.
    pub fn with_unmoves(identity: Identity, space: G, start: &G::State, notation: Notation<G::State>) -> LoopyGame<G>
    where
        G: Unmoves,
    {
        let mut core = Core::new(identity, space, start, notation);
        for e in RetrogradeEngine::ALL {
            let solve: Engine<G, OutcomeTable> = Box::new(move |g: &G| e.solve(g).map_err(|e| e.to_string()));
            core.engines.push((e.name(), solve));
        }
        LoopyGame(core)
    }

    /// The same game with one more engine, the game's own.
    pub fn with_engine(
        mut self,
        name: &'static str,
        solve: impl Fn(&G) -> Result<OutcomeTable, String> + Send + Sync + 'static,
    ) -> LoopyGame<G> {
        self.0.engines.push((name, Box::new(solve)));
        self
    }

    /// The same game with `name` (one of its engines) as the default, the first.
    pub fn with_default_engine(mut self, name: &str) -> LoopyGame<G> {
        self.0.prefer(name);
        self
    }
}

struct OutcomeValues(OutcomeTable);

impl Solved for OutcomeValues {
    fn encoding(&self) -> Encoding {
        let max = self.0.iter().filter_map(Outcome::remoteness).max().unwrap_or(0);
        Encoding::narrowest_outcome(max).expect("an outcome table's remoteness fits the 32-bit encoding")
    }

    fn value(&self, index: u64) -> Value {
        Value::Outcome(self.0.get(id(index)))
    }
}

impl<G: LoopySpace + Sync + Send + 'static> SolvableGame for LoopyGame<G> {
    fn identity(&self) -> &Identity {
        &self.0.identity
    }

    fn kind(&self) -> ValueKind {
        ValueKind::Outcome
    }

    fn positions(&self) -> u64 {
        self.0.positions()
    }

    fn start(&self) -> u64 {
        self.0.start.index() as u64
    }

    fn engines(&self) -> Vec<&'static str> {
        self.0.names()
    }

    fn solve(&self, engine: &str) -> Result<Box<dyn Solved + '_>, String> {
        Ok(Box::new(OutcomeValues(self.0.run(engine)?)))
    }

    fn describe(&self, index: u64) -> String {
        self.0.describe(index)
    }

    fn parse(&self, text: &str) -> Result<u64, String> {
        self.0.parse(text)
    }

    fn moves(&self, index: u64) -> Vec<Move> {
        let Core { space, notation, .. } = &self.0;
        if space.terminal_at(id(index)).is_some() {
            return Vec::new();
        }
        let from = space.unrank(id(index));
        let mut children = Vec::new();
        space.successor_ids(id(index), &mut children);
        children
            .iter()
            .map(|&child| Move {
                name: (notation.name_move)(&from, &space.unrank(child)),
                parts: vec![child.index() as u64],
                gain: 0,
                again: false,
            })
            .collect()
    }

    fn verify(&self, table: &TableFile, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<(), VerifyFailure> {
        let outcome = |v| if let Value::Outcome(o) = v { Some(o) } else { None };
        let outcomes = read_all(table, Outcome::Draw, outcome, progress)?;
        let table = OutcomeTable::from_outcomes(outcomes)
            .map_err(|e| VerifyFailure::Unreadable(format!("a remoteness of {} is past the table's limit", e.0)))?;
        verify_outcomes(&self.0.space, &table).map_err(|e| violation(self, e))
    }
}

/// An impartial space as a [`SolvableGame`]: solver-core's Grundy engine (and any of the
/// game's own), values checked by [`verify_grundy`].
pub struct ImpartialGame<G: ImpartialSpace>(Core<G, Vec<Nimber>>);

impl<G: ImpartialSpace + Sync + Send + 'static> ImpartialGame<G> {
    /// The space with solver-core's Grundy engine, the start being `start`.
    pub fn new(identity: Identity, space: G, start: &G::State, notation: Notation<G::State>) -> ImpartialGame<G> {
        let mut core = Core::new(identity, space, start, notation);
        core.engines.push(("grundy", Box::new(|g: &G| grundy_table(g).map_err(|e| e.to_string()))));
        core.engines.push(("parallel-grundy", Box::new(|g: &G| parallel_grundy_table(g).map_err(|e| e.to_string()))));
        ImpartialGame(core)
    }

    /// The same game with one more engine, the game's own.
    pub fn with_engine(
        mut self,
        name: &'static str,
        solve: impl Fn(&G) -> Result<Vec<Nimber>, String> + Send + Sync + 'static,
    ) -> ImpartialGame<G> {
        self.0.engines.push((name, Box::new(solve)));
        self
    }

    /// The same game with `name` (one of its engines) as the default, the first.
    pub fn with_default_engine(mut self, name: &str) -> ImpartialGame<G> {
        self.0.prefer(name);
        self
    }
}

struct NimberValues(Vec<Nimber>);

impl Solved for NimberValues {
    fn encoding(&self) -> Encoding {
        Encoding::narrowest_nimber(self.0.iter().map(|n| n.0).max().unwrap_or(0))
    }

    fn value(&self, index: u64) -> Value {
        Value::Nimber(self.0[index as usize])
    }
}

impl<G: ImpartialSpace + Sync + Send + 'static> SolvableGame for ImpartialGame<G> {
    fn identity(&self) -> &Identity {
        &self.0.identity
    }

    fn kind(&self) -> ValueKind {
        ValueKind::Nimber
    }

    fn positions(&self) -> u64 {
        self.0.positions()
    }

    fn start(&self) -> u64 {
        self.0.start.index() as u64
    }

    fn engines(&self) -> Vec<&'static str> {
        self.0.names()
    }

    fn solve(&self, engine: &str) -> Result<Box<dyn Solved + '_>, String> {
        let values = self.0.run(engine)?;
        if values.len() as u64 != self.0.positions() {
            return Err(format!("{engine} returned {} values for {} positions", values.len(), self.0.positions()));
        }
        Ok(Box::new(NimberValues(values)))
    }

    fn describe(&self, index: u64) -> String {
        self.0.describe(index)
    }

    fn parse(&self, text: &str) -> Result<u64, String> {
        self.0.parse(text)
    }

    fn moves(&self, index: u64) -> Vec<Move> {
        let Core { space, notation, .. } = &self.0;
        let from = space.unrank(id(index));
        let mut moves = Vec::new();
        space.option_ids(id(index), &mut |parts| {
            let name = match parts {
                [] => "to nothing".to_string(),
                [only] => (notation.name_move)(&from, &space.unrank(*only)),
                _ => {
                    let names: Vec<String> = parts.iter().map(|&p| (notation.describe)(&space.unrank(p))).collect();
                    format!("to {}", names.join(" + "))
                }
            };
            moves.push(Move { name, parts: parts.iter().map(|p| p.index() as u64).collect(), gain: 0, again: false });
        });
        moves
    }

    fn verify(&self, table: &TableFile, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<(), VerifyFailure> {
        let nimber = |v| if let Value::Nimber(n) = v { Some(n) } else { None };
        let values = read_all(table, Nimber::ZERO, nimber, progress)?;
        verify_grundy(&self.0.space, &values).map_err(|e| violation(self, e))
    }
}

/// The verifier's finding, with the position in the game's notation.
pub fn violation<V: std::fmt::Debug>(game: &dyn SolvableGame, error: VerifyError<V>) -> VerifyFailure {
    VerifyFailure::Violation(match error {
        VerifyError::Violation(v) => format!(
            "position #{} ({}) is {:?} in the table, but its children make it {:?}",
            v.state.index(),
            game.describe(v.state.index() as u64),
            v.found,
            v.expected
        ),
        other => other.to_string(),
    })
}

/// Every value of `table` converted by `convert` (which rejects values of another kind), in
/// order, every checksum checked: what the verifiers read. Refuses a table that would not fit
/// the available memory.
pub fn read_all<T: Copy + Send>(
    table: &TableFile,
    fill: T,
    convert: impl Fn(Value) -> Option<T> + Sync,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Vec<T>, VerifyFailure> {
    read_all_values(table, fill, convert, progress).map_err(VerifyFailure::Unreadable)
}

fn read_all_values<T: Copy + Send>(
    table: &TableFile,
    fill: T,
    convert: impl Fn(Value) -> Option<T> + Sync,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Vec<T>, String> {
    let positions = table.header().positions;
    let len = usize::try_from(positions).map_err(|_| format!("{positions} values do not fit this machine's memory"))?;
    let values = try_vec(&format!("reading {positions} values"), len, fill).map_err(|e| e.to_string())?;
    let values = Mutex::new(values);
    let visit = |first: u64, block: &[Value]| -> Result<(), String> {
        let converted: Option<Vec<T>> = block.iter().map(|&v| convert(v)).collect();
        let converted = converted.ok_or_else(|| format!("a value of another kind near position #{first}"))?;
        let mut values = values.lock().map_err(|_| "a reader thread panicked".to_string())?;
        values[first as usize..first as usize + converted.len()].copy_from_slice(&converted);
        Ok(())
    };
    table.for_each_block(&visit, progress).map_err(|e: TableError| e.to_string())?;
    values.into_inner().map_err(|_| "a reader thread panicked".to_string())
}

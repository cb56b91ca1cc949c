//! A solved table in memory ([`Solved`]) and what is read from one: a move's value for its
//! mover, which moves are best, values for people and as JSON, and every value of a stored
//! table read back ([`read_all`]).

use judge::resources::try_vec;
use solver_core::verify::VerifyError;
use solver_core::{Nimber, Outcome, StateId};
use std::collections::HashMap;
use std::fmt::Debug;
use std::sync::Mutex;
use table_file::{Encoding, TableError, TableFile, Value, ValueKind};

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

/// A solved table in memory: what an engine returns, the writer and the golden checksums read,
/// and `verify` and `stats` compare and summarize.
pub trait Solved: Send + Sync {
    /// How many positions it holds.
    fn len(&self) -> u64;
    /// Whether it holds no position.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The value of position `index` (below [`Solved::len`]).
    fn value(&self, index: u64) -> Value;
    /// The narrowest encoding that holds every value.
    fn encoding(&self) -> Encoding;
    /// The bytes it holds.
    fn bytes(&self) -> u64;
    /// How many positions have each value. The default reads every value, on every core.
    fn histogram(&self) -> HashMap<Value, u64> {
        use rayon::prelude::*;
        (0..self.len())
            .into_par_iter()
            .fold(HashMap::new, |mut counts, i| {
                *counts.entry(self.value(i)).or_insert(0) += 1;
                counts
            })
            .reduce(HashMap::new, |mut a, b| {
                for (value, count) in b {
                    *a.entry(value).or_insert(0) += count;
                }
                a
            })
    }
    /// The position with the most extreme value ([`extreme_key`]), the lowest such index; `None`
    /// when no value has a key. The default reads every value, on every core.
    fn extreme(&self) -> Option<u64> {
        use rayon::prelude::*;
        (0..self.len())
            .into_par_iter()
            .filter_map(|i| extreme_key(self.value(i)).map(|key| (key, std::cmp::Reverse(i))))
            .max()
            .map(|(_, std::cmp::Reverse(i))| i)
    }
}

/// What `stats` calls the most extreme value: the longest win (its remoteness), the largest
/// nimber, the largest score; `None` for a loss, a tie or a draw.
pub fn extreme_key(value: Value) -> Option<i64> {
    match value {
        Value::Outcome(Outcome::Win(r)) => Some(i64::from(r)),
        Value::Outcome(_) => None,
        Value::Nimber(n) => Some(i64::from(n.0)),
        Value::Score(s) => Some(s),
    }
}

/// Why a stored table failed [`SolvableGame::verify`](crate::solve::SolvableGame::verify).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyFailure {
    /// The file is damaged (a checksum, a record no encoder writes) or too large to read.
    #[error("{0}")]
    Unreadable(String),
    /// A position's value does not follow from its children's: the verifier's finding.
    #[error("{0}")]
    Violation(Rejection),
}

/// Why solver-core's verifier rejects a table ([`crate::family::Family::verify`]), its position named in the
/// game's notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    /// A position whose value does not follow from its children's.
    #[error("position #{index} ({position}) is {found} in the table, but its children make it {expected}")]
    Violation {
        /// The position's number.
        index: usize,
        /// The position in the game's notation.
        position: String,
        /// The table's value, as its `Debug` form.
        found: String,
        /// What its children's values make it.
        expected: String,
    },
    /// A table of another length than the space.
    #[error("the table has {found} entries for a space of {expected} positions")]
    WrongLength {
        /// Positions in the space.
        expected: usize,
        /// Entries in the table.
        found: usize,
    },
    /// A scoring table holding a value that is not a score of the family's width.
    #[error("position #{index}: {value} is not a score")]
    NotAScore {
        /// The position's number.
        index: u64,
        /// The value found, as its `Debug` form.
        value: String,
    },
    /// No memory for the verifier's copy of the scores.
    #[error("{positions} scores: {reason}")]
    OutOfMemory {
        /// The table's positions.
        positions: u64,
        /// The allocator's report.
        reason: String,
    },
}

impl Rejection {
    /// solver-core's finding, with the position named by `describe`.
    pub fn from_verifier<V: Debug>(error: VerifyError<V>, describe: &dyn Fn(StateId) -> String) -> Rejection {
        match error {
            VerifyError::Violation(v) => Rejection::Violation {
                index: v.state.index(),
                position: describe(v.state),
                found: format!("{:?}", v.found),
                expected: format!("{:?}", v.expected),
            },
            VerifyError::WrongLength { expected, found } => Rejection::WrongLength { expected, found },
        }
    }
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

/// Where a move of value `move_value` ([`move_value`], for its mover) ranks among a position's
/// moves, lower first: the mover's order of preference. Wins by remoteness (the fastest
/// first), then ties (the quickest first), draws, and losses the slowest first; the larger
/// score first; a move to nimber 0 (the winning moves) first, then by nimber. The first of a
/// position's moves sorted by it is always a best move ([`is_best`]). `serve` and `probe` both
/// sort with it (stably: equal values keep the game's order). Time O(1).
pub fn best_first(move_value: Value) -> (u8, i64) {
    match move_value {
        Value::Outcome(Outcome::Win(r)) => (0, i64::from(r)),
        Value::Outcome(Outcome::Tie(r)) => (1, i64::from(r)),
        Value::Outcome(Outcome::Draw) => (2, 0),
        Value::Outcome(Outcome::Loss(r)) => (3, -i64::from(r)),
        Value::Score(s) => (0, -s),
        Value::Nimber(n) => (u8::from(n.0 != 0), i64::from(n.0)),
    }
}

/// A position's value ([`show`]) explained in one line, for the player to move, as the tables
/// mean it ([`Outcome`]'s remoteness: the winner hurries and the loser delays, both prefer the
/// quicker tie; a score is the difference of the points still to come; a nimber is a heap of
/// Nim in a sum). Time O(1).
pub fn meaning(value: Value) -> String {
    let plies = |r: u32| if r == 1 { "1 ply".to_string() } else { format!("{r} plies") };
    let shown = show(value);
    let words = match value {
        Value::Outcome(Outcome::Win(0)) => "the game is over, won by the player to move".to_string(),
        Value::Outcome(Outcome::Win(r)) => {
            format!("the player to move wins, in {} at most against any defence", plies(r))
        }
        Value::Outcome(Outcome::Loss(0)) => "the game is over, lost by the player to move".to_string(),
        Value::Outcome(Outcome::Loss(r)) => {
            format!("the player to move loses against best play, lasting {} at most", plies(r))
        }
        Value::Outcome(Outcome::Tie(0)) => "the game is over, level".to_string(),
        Value::Outcome(Outcome::Tie(r)) => format!(
            "neither side can force a win; best play ends level in {} (both sides take the quickest tie)",
            plies(r)
        ),
        Value::Outcome(Outcome::Draw) => "neither side can force a win; best play goes on for ever".to_string(),
        Value::Score(0) => "with best play from here both sides score the same number of points".to_string(),
        Value::Score(s) => format!(
            "with best play from here the player to move scores {} point{} {} than the opponent (points already \
             scored not counted)",
            s.unsigned_abs(),
            if s.unsigned_abs() == 1 { "" } else { "s" },
            if s > 0 { "more" } else { "fewer" }
        ),
        Value::Nimber(Nimber(0)) => {
            "a loss for the player to move (nimber 0: in a sum, it counts as nothing)".to_string()
        }
        Value::Nimber(Nimber(n)) => {
            format!("a win for the player to move (nimber {n}: in a sum, it counts as a nim heap of {n})")
        }
    };
    format!("{shown}: {words}")
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

/// Why a text names no position of a game ([`parse_position`](crate::solve::parse_position), [`SolvableGame::parse`](crate::solve::SolvableGame::parse)).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// `#` followed by something that is not a number.
    #[error("`{0}` is not `#` and a position number")]
    NotANumber(String),
    /// A position number past the last position.
    #[error("position #{index} is past the last one, #{last}")]
    PastTheEnd {
        /// The number given.
        index: u64,
        /// The last position's number.
        last: u64,
    },
    /// The game's notation does not read the text; the game's message says why.
    #[error("{0}")]
    Notation(String),
    /// A position of the game's rules that play from the start does not reach, so not one of
    /// the space (a space of discovered positions, [`solver_core::Discovered`]).
    #[error("`{0}` is not a position of this game: play from its start does not reach it")]
    Unreached(String),
}

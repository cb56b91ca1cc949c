//! What a table file holds: its values ([`Value`]) and their record layouts ([`Encoding`]),
//! its self-description ([`Header`]), the format's constants, and what goes wrong reading one
//! ([`TableError`]) or one record ([`RecordError`]).

use solver_core::{Nimber, Outcome};
use std::collections::BTreeMap;

/// A value as a table stores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// A loopy game's value.
    Outcome(Outcome),
    /// An impartial game's Grundy value.
    Nimber(Nimber),
    /// A scoring game's value: the future difference mover minus opponent.
    Score(i64),
}

impl Value {
    /// What kind of value this is.
    pub fn kind(self) -> ValueKind {
        match self {
            Value::Outcome(_) => ValueKind::Outcome,
            Value::Nimber(_) => ValueKind::Nimber,
            Value::Score(_) => ValueKind::Score,
        }
    }
}

/// What a table's values are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ValueKind {
    /// [`Value::Outcome`].
    Outcome,
    /// [`Value::Nimber`].
    Nimber,
    /// [`Value::Score`].
    Score,
}

/// How each record is written: fixed width, little-endian.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Encoding {
    /// Two bytes: the kind in the top 2 bits (0 win, 1 loss, 2 tie, 3 draw), the remoteness in
    /// the low 14 (at most 16383; a draw has 0).
    Outcome16,
    /// Four bytes: the kind in the top 2 bits, the remoteness in the low 30.
    Outcome32,
    /// One byte, unsigned.
    Nimber8,
    /// Two bytes, unsigned.
    Nimber16,
    /// Four bytes, unsigned.
    Nimber32,
    /// One byte, two's complement.
    Score8,
    /// Two bytes, two's complement.
    Score16,
    /// Four bytes, two's complement.
    Score32,
}

impl Encoding {
    /// Every encoding, in the order of the enum.
    pub const ALL: [Encoding; 8] = [
        Encoding::Outcome16,
        Encoding::Outcome32,
        Encoding::Nimber8,
        Encoding::Nimber16,
        Encoding::Nimber32,
        Encoding::Score8,
        Encoding::Score16,
        Encoding::Score32,
    ];

    /// The kind of value the encoding holds.
    pub fn kind(self) -> ValueKind {
        match self {
            Encoding::Outcome16 | Encoding::Outcome32 => ValueKind::Outcome,
            Encoding::Nimber8 | Encoding::Nimber16 | Encoding::Nimber32 => ValueKind::Nimber,
            Encoding::Score8 | Encoding::Score16 | Encoding::Score32 => ValueKind::Score,
        }
    }

    /// Bytes a record.
    pub fn width(self) -> usize {
        match self {
            Encoding::Nimber8 | Encoding::Score8 => 1,
            Encoding::Outcome16 | Encoding::Nimber16 | Encoding::Score16 => 2,
            Encoding::Outcome32 | Encoding::Nimber32 | Encoding::Score32 => 4,
        }
    }

    /// The name the header's JSON uses, e.g. `outcome16`.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Outcome16 => "outcome16",
            Encoding::Outcome32 => "outcome32",
            Encoding::Nimber8 => "nimber8",
            Encoding::Nimber16 => "nimber16",
            Encoding::Nimber32 => "nimber32",
            Encoding::Score8 => "score8",
            Encoding::Score16 => "score16",
            Encoding::Score32 => "score32",
        }
    }

    /// The narrowest outcome encoding whose remoteness field holds `max_remoteness`; `None`
    /// past 2^30 - 1.
    pub fn narrowest_outcome(max_remoteness: u32) -> Option<Encoding> {
        if max_remoteness <= OUTCOME16_MAX {
            Some(Encoding::Outcome16)
        } else if max_remoteness <= OUTCOME32_MAX {
            Some(Encoding::Outcome32)
        } else {
            None
        }
    }

    /// The narrowest nimber encoding that holds nimbers up to `max`.
    pub fn narrowest_nimber(max: u32) -> Encoding {
        if max <= u8::MAX as u32 {
            Encoding::Nimber8
        } else if max <= u16::MAX as u32 {
            Encoding::Nimber16
        } else {
            Encoding::Nimber32
        }
    }

    /// The narrowest score encoding that holds every score in `min..=max`; `None` when the range
    /// leaves 32 bits. An empty range (`min > max`, e.g. the fold of no scores) gets `Score8`.
    pub fn narrowest_score(min: i64, max: i64) -> Option<Encoding> {
        if min > max {
            return Some(Encoding::Score8);
        }
        let within = |lo: i64, hi: i64| lo <= min && max <= hi;
        if within(i8::MIN as i64, i8::MAX as i64) {
            Some(Encoding::Score8)
        } else if within(i16::MIN as i64, i16::MAX as i64) {
            Some(Encoding::Score16)
        } else if within(i32::MIN as i64, i32::MAX as i64) {
            Some(Encoding::Score32)
        } else {
            None
        }
    }

    /// Writes `value` as one record into `out` (exactly [`width`](Encoding::width) bytes).
    /// `Err` when the value is of another kind or does not fit.
    pub fn encode(self, value: Value, out: &mut [u8]) -> Result<(), RecordError> {
        if out.len() != self.width() {
            return Err(RecordError::WrongWidth { encoding: self, len: out.len() });
        }
        let wrong = || RecordError::DoesNotFit { value, encoding: self };
        match (self, value) {
            (Encoding::Outcome16, Value::Outcome(o)) => {
                let (kind, r) = outcome_parts(o);
                if r > OUTCOME16_MAX {
                    return Err(wrong());
                }
                out.copy_from_slice(&(((kind as u16) << 14) | r as u16).to_le_bytes());
            }
            (Encoding::Outcome32, Value::Outcome(o)) => {
                let (kind, r) = outcome_parts(o);
                if r > OUTCOME32_MAX {
                    return Err(wrong());
                }
                out.copy_from_slice(&(((kind as u32) << 30) | r).to_le_bytes());
            }
            (Encoding::Nimber8, Value::Nimber(Nimber(n))) => {
                out.copy_from_slice(&u8::try_from(n).map_err(|_| wrong())?.to_le_bytes());
            }
            (Encoding::Nimber16, Value::Nimber(Nimber(n))) => {
                out.copy_from_slice(&u16::try_from(n).map_err(|_| wrong())?.to_le_bytes());
            }
            (Encoding::Nimber32, Value::Nimber(Nimber(n))) => out.copy_from_slice(&n.to_le_bytes()),
            (Encoding::Score8, Value::Score(s)) => {
                out.copy_from_slice(&i8::try_from(s).map_err(|_| wrong())?.to_le_bytes());
            }
            (Encoding::Score16, Value::Score(s)) => {
                out.copy_from_slice(&i16::try_from(s).map_err(|_| wrong())?.to_le_bytes());
            }
            (Encoding::Score32, Value::Score(s)) => {
                out.copy_from_slice(&i32::try_from(s).map_err(|_| wrong())?.to_le_bytes());
            }
            _ => return Err(wrong()),
        }
        Ok(())
    }

    /// Reads one record (exactly [`width`](Encoding::width) bytes). `Err` on a record no
    /// encoder writes: a draw with a remoteness.
    pub fn decode(self, record: &[u8]) -> Result<Value, RecordError> {
        if record.len() != self.width() {
            return Err(RecordError::WrongWidth { encoding: self, len: record.len() });
        }
        let b = record;
        Ok(match self {
            Encoding::Outcome16 => {
                let raw = u16::from_le_bytes([b[0], b[1]]);
                Value::Outcome(outcome_from_parts((raw >> 14) as u8, (raw & 0x3fff) as u32, self)?)
            }
            Encoding::Outcome32 => {
                let raw = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                Value::Outcome(outcome_from_parts((raw >> 30) as u8, raw & OUTCOME32_MAX, self)?)
            }
            Encoding::Nimber8 => Value::Nimber(Nimber(b[0] as u32)),
            Encoding::Nimber16 => Value::Nimber(Nimber(u16::from_le_bytes([b[0], b[1]]) as u32)),
            Encoding::Nimber32 => Value::Nimber(Nimber(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))),
            Encoding::Score8 => Value::Score(b[0] as i8 as i64),
            Encoding::Score16 => Value::Score(i16::from_le_bytes([b[0], b[1]]) as i64),
            Encoding::Score32 => Value::Score(i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as i64),
        })
    }
}

/// The largest remoteness of [`Encoding::Outcome16`].
pub(crate) const OUTCOME16_MAX: u32 = (1 << 14) - 1;
/// The largest remoteness of [`Encoding::Outcome32`].
pub(crate) const OUTCOME32_MAX: u32 = (1 << 30) - 1;

/// The kind code (0 win, 1 loss, 2 tie, 3 draw) and remoteness (0 for a draw).
pub(crate) fn outcome_parts(o: Outcome) -> (u8, u32) {
    match o {
        Outcome::Win(r) => (0, r),
        Outcome::Loss(r) => (1, r),
        Outcome::Tie(r) => (2, r),
        Outcome::Draw => (3, 0),
    }
}

fn outcome_from_parts(kind: u8, r: u32, encoding: Encoding) -> Result<Outcome, RecordError> {
    match kind {
        0 => Ok(Outcome::Win(r)),
        1 => Ok(Outcome::Loss(r)),
        2 => Ok(Outcome::Tie(r)),
        _ if r == 0 => Ok(Outcome::Draw),
        _ => Err(RecordError::DrawWithRemoteness { encoding, remoteness: r }),
    }
}

/// Why one record could not be written or read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The bytes given are not one record of the encoding.
    #[error("a {} record is {} bytes, not {len}", .encoding.name(), .encoding.width())]
    WrongWidth {
        /// The encoding.
        encoding: Encoding,
        /// The bytes given.
        len: usize,
    },
    /// The value is of another kind, or past the encoding's range.
    #[error("{value:?} does not fit the encoding {}", .encoding.name())]
    DoesNotFit {
        /// The value.
        value: Value,
        /// The encoding.
        encoding: Encoding,
    },
    /// A record no encoder writes: a draw with a remoteness.
    #[error("a {} record of a draw with remoteness {remoteness}", .encoding.name())]
    DrawWithRemoteness {
        /// The encoding.
        encoding: Encoding,
        /// The remoteness the record holds.
        remoteness: u32,
    },
}

/// A table's self-description, written as JSON in the file.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The game, e.g. `dots-and-boxes`.
    pub game: String,
    /// Every parameter, defaults filled in.
    pub params: BTreeMap<String, String>,
    /// The rule variant in words.
    pub variant: String,
    /// How the records are written.
    pub encoding: Encoding,
    /// How many records the table holds.
    pub positions: u64,
    /// The engine that solved it.
    pub engine: String,
    /// The program that wrote it, e.g. `gamesolve 0.1.0`.
    pub writer: String,
}

/// What went wrong with a table file, at which byte.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: at byte {offset}: {message}")]
pub struct TableError {
    /// The file, as given.
    pub file: String,
    /// The byte of the file where the problem is (0 for I/O errors with no better place).
    pub offset: u64,
    /// What is wrong.
    pub message: String,
}

/// The file's first 16 bytes.
pub const MAGIC: [u8; 16] = *b"GAMESOLVE-TABLE\0";
/// The file's last 8 bytes: a file cut short or never finished lacks them.
pub const END_MAGIC: [u8; 8] = *b"GSTBLEND";
/// The format version this code writes and the only one it reads.
pub const VERSION: u32 = 1;
/// Records a block, as [`write_table`](crate::write_table) writes them: 2^16 (see TABLE-FORMAT.md for why).
pub const DEFAULT_BLOCK_RECORDS: u32 = 1 << 16;
/// The most records a block may hold, so that a block decompresses to at most 4 MiB whatever
/// a file claims.
pub const MAX_BLOCK_RECORDS: u32 = 1 << 20;
/// The longest header JSON a reader accepts.
pub const MAX_HEADER_BYTES: u32 = 1 << 20;
/// The zstd level [`write_table`](crate::write_table) uses.
pub const DEFAULT_LEVEL: i32 = 3;

/// Bytes before the header JSON: magic, version, header length.
pub(crate) const PREAMBLE: u64 = 24;
/// Bytes of one block index entry: offset u64, compressed length u32, xxh3-64 u64.
pub(crate) const ENTRY: u64 = 20;
/// Bytes of the trailer.
pub(crate) const TRAILER: u64 = 48;
/// The shortest file: preamble, empty header, header checksum, trailer.
pub(crate) const MIN_FILE: u64 = PREAMBLE + 8 + TRAILER;
/// How many blocks of data at most a batch holds at once, per thread of the pool.
pub(crate) const BATCH_PER_THREAD: usize = 4;
/// How many decoded blocks [`TableFile::value`] keeps.
pub(crate) const CACHE_BLOCKS: usize = 16;

/// A [`TableError`] at byte `offset` of `file`.
pub(crate) fn error(file: &str, offset: u64, message: impl Into<String>) -> TableError {
    TableError { file: file.to_string(), offset, message: message.into() }
}

/// The records of block `block` of a table of `positions` in blocks of `block_records`.
pub(crate) fn block_len(positions: u64, block_records: u32, block: u64) -> usize {
    let first = block * block_records as u64;
    (positions - first).min(block_records as u64) as usize
}

/// The byte of `text` at serde_json's (1-based) line and column.
pub(crate) fn json_offset(text: &[u8], line: usize, column: usize) -> u64 {
    let mut start = 0;
    for _ in 1..line {
        match text[start..].iter().position(|&b| b == b'\n') {
            Some(p) => start += p + 1,
            None => return text.len() as u64,
        }
    }
    (start + column.saturating_sub(1)).min(text.len()) as u64
}

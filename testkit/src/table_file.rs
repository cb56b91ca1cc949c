//! Solved tables on disk: the file format of TABLE-FORMAT.md, its crash-safe writer and its
//! mapped, block-at-a-time reader.
//!
//! Game-agnostic: a table is `positions` fixed-width records ([`Encoding`]), record `i` the
//! value of the position of id `i`; what an id means is the game's business, named by the
//! [`Header`] (game, parameters, rule variant). The records are cut into blocks of
//! [`DEFAULT_BLOCK_RECORDS`], each compressed on its own with zstd, so a probe decompresses one
//! block; each block has an xxh3-64 checksum, checked before it is decompressed, and the
//! whole table one more, over the records as encoded (so it does not depend on the
//! compression). What the reader assumes of a file: nothing. Every length, offset and count
//! is checked against the file's size before it is used, a block decompresses into exactly
//! the bytes its records need or is an error, and no input makes it panic ([`fuzz_read`]).
//!
//! ```
//! use testkit::table_file::{Encoding, Header, TableFile, Value, WriteOptions, table_bytes};
//! let header = Header {
//!     game: "example".into(),
//!     params: Default::default(),
//!     variant: "normal play".into(),
//!     encoding: Encoding::Score8,
//!     positions: 1000,
//!     engine: "by hand".into(),
//!     writer: "doc test".into(),
//! };
//! let value = |i: u64| Value::Score(i as i64 % 7 - 3);
//! let bytes = table_bytes(&header, &value, WriteOptions::default()).unwrap();
//! let table = TableFile::from_bytes(bytes, "example.table").unwrap();
//! assert_eq!(table.value(10).unwrap(), Value::Score(0));
//! assert!(table.value(1000).is_err());
//! ```

use std::collections::BTreeMap;
use std::path::Path;

use solver_core::{Nimber, Outcome};

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
    pub fn encode(self, value: Value, out: &mut [u8]) -> Result<(), String> {
        if out.len() != self.width() {
            return Err(format!("a {} record is {} bytes, not {}", self.name(), self.width(), out.len()));
        }
        let wrong = || format!("{value:?} does not fit the encoding {}", self.name());
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
    pub fn decode(self, record: &[u8]) -> Result<Value, String> {
        if record.len() != self.width() {
            return Err(format!("a {} record is {} bytes, not {}", self.name(), self.width(), record.len()));
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
const OUTCOME16_MAX: u32 = (1 << 14) - 1;
/// The largest remoteness of [`Encoding::Outcome32`].
const OUTCOME32_MAX: u32 = (1 << 30) - 1;

/// The kind code (0 win, 1 loss, 2 tie, 3 draw) and remoteness (0 for a draw).
fn outcome_parts(o: Outcome) -> (u8, u32) {
    match o {
        Outcome::Win(r) => (0, r),
        Outcome::Loss(r) => (1, r),
        Outcome::Tie(r) => (2, r),
        Outcome::Draw => (3, 0),
    }
}

fn outcome_from_parts(kind: u8, r: u32, encoding: Encoding) -> Result<Outcome, String> {
    match kind {
        0 => Ok(Outcome::Win(r)),
        1 => Ok(Outcome::Loss(r)),
        2 => Ok(Outcome::Tie(r)),
        _ if r == 0 => Ok(Outcome::Draw),
        _ => Err(format!("a {} record of a draw with remoteness {r}", encoding.name())),
    }
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

/// What a write produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    /// The file's size.
    pub bytes: u64,
    /// How many blocks it holds.
    pub blocks: u64,
    /// The whole-table checksum (see [`TableFile::table_checksum`]).
    pub table_checksum: u64,
}

/// The file's first 16 bytes.
pub const MAGIC: [u8; 16] = *b"GAMESOLVE-TABLE\0";
/// The file's last 8 bytes: a file cut short or never finished lacks them.
pub const END_MAGIC: [u8; 8] = *b"GSTBLEND";
/// The format version this code writes and the only one it reads.
pub const VERSION: u32 = 1;
/// Records a block, as [`write_table`] writes them: 2^16 (see TABLE-FORMAT.md for why).
pub const DEFAULT_BLOCK_RECORDS: u32 = 1 << 16;
/// The most records a block may hold, so that a block decompresses to at most 4 MiB whatever
/// a file claims.
pub const MAX_BLOCK_RECORDS: u32 = 1 << 20;
/// The longest header JSON a reader accepts.
pub const MAX_HEADER_BYTES: u32 = 1 << 20;
/// The zstd level [`write_table`] uses.
pub const DEFAULT_LEVEL: i32 = 3;

/// Bytes before the header JSON: magic, version, header length.
const PREAMBLE: u64 = 24;
/// Bytes of one block index entry: offset u64, compressed length u32, xxh3-64 u64.
const ENTRY: u64 = 20;
/// Bytes of the trailer.
const TRAILER: u64 = 48;
/// The shortest file: preamble, empty header, header checksum, trailer.
const MIN_FILE: u64 = PREAMBLE + 8 + TRAILER;
/// How many blocks of data at most a batch holds at once, per thread of the pool.
const BATCH_PER_THREAD: usize = 4;
/// How many decoded blocks [`TableFile::value`] keeps.
const CACHE_BLOCKS: usize = 16;

/// How [`write_table_with`] lays a table out. [`write_table`] uses the defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteOptions {
    /// Records a block, 1 to [`MAX_BLOCK_RECORDS`].
    pub block_records: u32,
    /// The zstd level, 1 to 22.
    pub level: i32,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions { block_records: DEFAULT_BLOCK_RECORDS, level: DEFAULT_LEVEL }
    }
}

fn error(file: &str, offset: u64, message: impl Into<String>) -> TableError {
    TableError { file: file.to_string(), offset, message: message.into() }
}

/// Why writing stopped: bad input (a value that does not fit, bad options) or I/O.
enum WriteFail {
    Input(String),
    Io(String),
}

thread_local! {
    /// Each thread's zstd contexts, kept: making one costs about as much as a small block.
    static COMPRESSOR: std::cell::RefCell<Option<zstd::bulk::Compressor<'static>>> = const { std::cell::RefCell::new(None) };
    static DECOMPRESSOR: std::cell::RefCell<Option<zstd::bulk::Decompressor<'static>>> = const { std::cell::RefCell::new(None) };
}

/// `raw` as one zstd frame at `level`, which records its content size.
fn compress(raw: &[u8], level: i32) -> std::io::Result<Vec<u8>> {
    COMPRESSOR.with(|cell| {
        let Ok(mut slot) = cell.try_borrow_mut() else { return zstd::bulk::compress(raw, level) };
        let compressor = match slot.as_mut() {
            Some(c) => {
                c.set_compression_level(level)?;
                c
            }
            None => slot.insert(zstd::bulk::Compressor::new(level)?),
        };
        compressor.compress(raw)
    })
}

/// Decompresses `packed` into `out`'s spare capacity, which is never grown; the bytes written.
fn decompress(packed: &[u8], out: &mut Vec<u8>) -> std::io::Result<usize> {
    DECOMPRESSOR.with(|cell| {
        let Ok(mut slot) = cell.try_borrow_mut() else {
            return zstd::bulk::Decompressor::new()?.decompress_to_buffer(packed, out);
        };
        let decompressor = match slot.as_mut() {
            Some(d) => d,
            None => slot.insert(zstd::bulk::Decompressor::new()?),
        };
        decompressor.decompress_to_buffer(packed, out)
    })
}

/// A block's records as encoded, and compressed.
type RawAndPacked = (Vec<u8>, Vec<u8>);

/// Encodes records `first..first + count` of `record`.
///
/// One loop per encoding, each with its record layout inlined: a write spends its time here
/// and in zstd, and the general [`Encoding::encode`] is only called to word an error.
fn encode_records(
    encoding: Encoding,
    record: &(dyn Fn(u64) -> Value + Sync),
    first: u64,
    count: usize,
) -> Result<Vec<u8>, String> {
    fn fill<const W: usize>(
        out: &mut [u8],
        encoding: Encoding,
        record: &(dyn Fn(u64) -> Value + Sync),
        first: u64,
        layout: impl Fn(Value) -> Option<[u8; W]>,
    ) -> Result<(), String> {
        for (k, chunk) in out.chunks_exact_mut(W).enumerate() {
            let index = first + k as u64;
            let value = record(index);
            match layout(value) {
                Some(bytes) => chunk.copy_from_slice(&bytes),
                None => {
                    let e = encoding.encode(value, chunk).err().unwrap_or_else(|| "does not fit".into());
                    return Err(format!("position {index}: {e}"));
                }
            }
        }
        Ok(())
    }
    fn outcome(value: Value, max: u32, shift: u32) -> Option<u32> {
        let Value::Outcome(o) = value else { return None };
        let (kind, r) = outcome_parts(o);
        (r <= max).then_some(((kind as u32) << shift) | r)
    }
    let score = |value: Value| match value {
        Value::Score(s) => Some(s),
        _ => None,
    };
    let nimber = |value: Value| match value {
        Value::Nimber(Nimber(n)) => Some(n),
        _ => None,
    };
    let mut out = vec![0u8; count * encoding.width()];
    let (o, e, r) = (&mut out, encoding, record);
    match encoding {
        Encoding::Outcome16 => {
            fill(o, e, r, first, |v| outcome(v, OUTCOME16_MAX, 14).map(|x| (x as u16).to_le_bytes()))
        }
        Encoding::Outcome32 => fill(o, e, r, first, |v| outcome(v, OUTCOME32_MAX, 30).map(u32::to_le_bytes)),
        Encoding::Nimber8 => {
            fill(o, e, r, first, |v| nimber(v).and_then(|n| u8::try_from(n).ok()).map(u8::to_le_bytes))
        }
        Encoding::Nimber16 => {
            fill(o, e, r, first, |v| nimber(v).and_then(|n| u16::try_from(n).ok()).map(u16::to_le_bytes))
        }
        Encoding::Nimber32 => fill(o, e, r, first, |v| nimber(v).map(u32::to_le_bytes)),
        Encoding::Score8 => fill(o, e, r, first, |v| score(v).and_then(|s| i8::try_from(s).ok()).map(i8::to_le_bytes)),
        Encoding::Score16 => {
            fill(o, e, r, first, |v| score(v).and_then(|s| i16::try_from(s).ok()).map(i16::to_le_bytes))
        }
        Encoding::Score32 => {
            fill(o, e, r, first, |v| score(v).and_then(|s| i32::try_from(s).ok()).map(i32::to_le_bytes))
        }
    }?;
    Ok(out)
}

/// The records of block `block` of a table of `positions` in blocks of `block_records`.
fn block_len(positions: u64, block_records: u32, block: u64) -> usize {
    let first = block * block_records as u64;
    (positions - first).min(block_records as u64) as usize
}

/// The whole layout of TABLE-FORMAT.md, into `out`, which is written strictly in order.
///
/// Time O(positions) record calls and compression work, spread over rayon's current pool;
/// memory O(threads * block) (a batch of blocks is held at once, raw and compressed).
fn write_into(
    out: &mut dyn std::io::Write,
    header: &Header,
    record: &(dyn Fn(u64) -> Value + Sync),
    options: WriteOptions,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Written, WriteFail> {
    use rayon::prelude::*;
    use xxhash_rust::xxh3::{Xxh3Default, xxh3_64, xxh3_64_with_seed};

    let io = |e: std::io::Error| WriteFail::Io(e.to_string());
    let r = options.block_records;
    if r == 0 || r > MAX_BLOCK_RECORDS {
        return Err(WriteFail::Input(format!("blocks of {r} records: a block holds 1 to {MAX_BLOCK_RECORDS}")));
    }
    if !(1..=22).contains(&options.level) {
        return Err(WriteFail::Input(format!("zstd level {}: levels are 1 to 22", options.level)));
    }
    let json = serde_json::to_vec_pretty(header).map_err(|e| WriteFail::Input(format!("header: {e}")))?;
    if json.len() as u64 > MAX_HEADER_BYTES as u64 {
        return Err(WriteFail::Input(format!("header of {} bytes: at most {MAX_HEADER_BYTES}", json.len())));
    }
    let mut preamble = Vec::with_capacity(json.len() + 32);
    preamble.extend_from_slice(&MAGIC);
    preamble.extend_from_slice(&VERSION.to_le_bytes());
    preamble.extend_from_slice(&(json.len() as u32).to_le_bytes());
    preamble.extend_from_slice(&json);
    let header_checksum = xxh3_64(&preamble);
    preamble.extend_from_slice(&header_checksum.to_le_bytes());
    out.write_all(&preamble).map_err(io)?;

    let positions = header.positions;
    let blocks = positions.div_ceil(r as u64);
    let mut offset = preamble.len() as u64;
    let mut index = Vec::with_capacity(blocks.saturating_mul(ENTRY).min(1 << 30) as usize);
    let mut table = Xxh3Default::new();
    let batch = (rayon::current_num_threads().max(1) * BATCH_PER_THREAD) as u64;
    let mut next = 0u64;
    progress(0, positions);
    while next < blocks {
        let end = (next + batch).min(blocks);
        let done: Vec<Result<RawAndPacked, WriteFail>> = (next..end)
            .into_par_iter()
            .map(|b| {
                let raw = encode_records(header.encoding, record, b * r as u64, block_len(positions, r, b))
                    .map_err(WriteFail::Input)?;
                let packed = compress(&raw, options.level).map_err(|e| WriteFail::Io(format!("zstd: {e}")))?;
                Ok((raw, packed))
            })
            .collect();
        for result in done {
            let (raw, packed) = result?;
            table.update(&raw);
            out.write_all(&packed).map_err(io)?;
            index.extend_from_slice(&offset.to_le_bytes());
            index.extend_from_slice(&(packed.len() as u32).to_le_bytes());
            index.extend_from_slice(&xxh3_64(&packed).to_le_bytes());
            offset += packed.len() as u64;
        }
        next = end;
        progress(next.saturating_mul(r as u64).min(positions), positions);
    }
    let table_checksum = table.digest();
    let index_offset = offset;
    index.extend_from_slice(&index_offset.to_le_bytes());
    index.extend_from_slice(&blocks.to_le_bytes());
    index.extend_from_slice(&r.to_le_bytes());
    index.extend_from_slice(&0u32.to_le_bytes());
    index.extend_from_slice(&table_checksum.to_le_bytes());
    let index_checksum = xxh3_64_with_seed(&index, header_checksum);
    index.extend_from_slice(&index_checksum.to_le_bytes());
    index.extend_from_slice(&END_MAGIC);
    out.write_all(&index).map_err(io)?;
    Ok(Written { bytes: index_offset + index.len() as u64, blocks, table_checksum })
}

/// The whole file [`write_table_with`] would write, in memory (for tests and small tables).
///
/// Time and memory O(positions).
pub fn table_bytes(
    header: &Header,
    record: &(dyn Fn(u64) -> Value + Sync),
    options: WriteOptions,
) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    match write_into(&mut out, header, record, options, &|_, _| {}) {
        Ok(_) => Ok(out),
        Err(WriteFail::Input(e) | WriteFail::Io(e)) => Err(e),
    }
}

/// The temporary file [`write_table`] writes `path` through: `.<name>.partial-<pid>` beside it,
/// a name no reader takes for a table (a command that catches Ctrl-C may remove it).
pub fn partial_path(path: &Path) -> Option<std::path::PathBuf> {
    let name = path.file_name()?;
    let mut partial = std::ffi::OsString::from(".");
    partial.push(name);
    partial.push(format!(".partial-{}", std::process::id()));
    Some(path.with_file_name(partial))
}

/// Removes the temporary file when dropped: on an error, on a panic of the record function, and
/// after a hard link has made the table (when a rename did, the name is gone already).
struct Partial<'a>(&'a Path);

impl Drop for Partial<'_> {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(self.0);
    }
}

/// Writes the table whose record `i` is `record(i)` (for i in 0..header.positions) to `path`,
/// crash-safe: into a temporary file beside it ([`partial_path`]), fsync, rename, fsync the
/// directory. Refuses an existing `path` unless `force`. Blocks are encoded and compressed in
/// parallel (rayon's current pool), written in order; `progress(done_positions, total)` is
/// called after every batch of blocks. A value that does not fit the header's encoding is an
/// error and no file is left. Blocks of [`DEFAULT_BLOCK_RECORDS`], zstd level
/// [`DEFAULT_LEVEL`].
///
/// Time O(positions) calls of `record` plus zstd's work, over the pool; memory O(threads *
/// block size).
pub fn write_table(
    path: &Path,
    header: &Header,
    record: &(dyn Fn(u64) -> Value + Sync),
    force: bool,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Written, TableError> {
    write_table_with(path, header, record, force, progress, WriteOptions::default())
}

/// [`write_table`] with another block size or zstd level.
pub fn write_table_with(
    path: &Path,
    header: &Header,
    record: &(dyn Fn(u64) -> Value + Sync),
    force: bool,
    progress: &(dyn Fn(u64, u64) + Sync),
    options: WriteOptions,
) -> Result<Written, TableError> {
    use std::fs;
    let file = path.display().to_string();
    let fail = |message: String| error(&file, 0, message);
    if !force && fs::symlink_metadata(path).is_ok() {
        return Err(fail("the file exists; a table is not written over a file unless forced".into()));
    }
    let partial = partial_path(path).ok_or_else(|| fail("not a file name".into()))?;
    // Declared before the file so that it is closed before its name is removed.
    let guard = Partial(&partial);
    let mut output = fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&partial)
        .map_err(|e| fail(format!("creating {}: {e}", partial.display())))?;
    let written = {
        let mut buffered = std::io::BufWriter::with_capacity(1 << 20, &mut output);
        let written = write_into(&mut buffered, header, record, options, progress).map_err(|e| match e {
            WriteFail::Input(e) => fail(e),
            WriteFail::Io(e) => fail(format!("writing {}: {e}", partial.display())),
        })?;
        std::io::Write::flush(&mut buffered).map_err(|e| fail(format!("writing {}: {e}", partial.display())))?;
        written
    };
    output.sync_all().map_err(|e| fail(format!("syncing {}: {e}", partial.display())))?;
    drop(output);
    if force {
        fs::rename(&partial, path).map_err(|e| fail(format!("renaming {} to it: {e}", partial.display())))?;
    } else {
        // A hard link never replaces a file that appeared since the check above; where the
        // file system has no links, a rename after a second check is the best there is.
        match fs::hard_link(&partial, path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                return Err(fail("the file appeared while the table was written; not overwritten".into()));
            }
            Err(_) if fs::symlink_metadata(path).is_ok() => {
                return Err(fail("the file appeared while the table was written; not overwritten".into()));
            }
            Err(_) => {
                fs::rename(&partial, path).map_err(|e| fail(format!("renaming {} to it: {e}", partial.display())))?
            }
        }
    }
    drop(guard); // removes the partial name where a link made the table
    sync_parent(path).map_err(|e| fail(format!("syncing its directory: {e}")))?;
    Ok(written)
}

/// Makes the rename durable: a directory's entries reach the disk when it is synced.
pub(crate) fn sync_parent(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        let parent = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        std::fs::File::open(parent)?.sync_all()?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// The checksum `table_checksum` would record for these values under `encoding`, computed
/// without writing a file: xxh3-64 of every record's encoded bytes in order.
///
/// Time O(positions) over rayon's current pool; memory O(threads * 2^16 records).
pub fn checksum_of(encoding: Encoding, positions: u64, record: &(dyn Fn(u64) -> Value + Sync)) -> Result<u64, String> {
    use rayon::prelude::*;
    let r = DEFAULT_BLOCK_RECORDS;
    let blocks = positions.div_ceil(r as u64);
    let batch = (rayon::current_num_threads().max(1) * BATCH_PER_THREAD) as u64;
    let mut table = xxhash_rust::xxh3::Xxh3Default::new();
    let mut next = 0;
    while next < blocks {
        let end = (next + batch).min(blocks);
        let done: Vec<Result<Vec<u8>, String>> = (next..end)
            .into_par_iter()
            .map(|b| encode_records(encoding, record, b * r as u64, block_len(positions, r, b)))
            .collect();
        for raw in done {
            table.update(&raw?);
        }
        next = end;
    }
    Ok(table.digest())
}

/// Where a block lies: in which part (file) and where in it.
#[derive(Debug, Clone, Copy)]
struct Entry {
    part: u32,
    offset: u64,
    len: u32,
    checksum: u64,
}

/// The file's bytes: mapped, or in memory.
enum Bytes {
    Mapped(memmap2::Mmap),
    Owned(Vec<u8>),
}

impl Bytes {
    fn as_slice(&self) -> &[u8] {
        match self {
            Bytes::Mapped(map) => map,
            Bytes::Owned(bytes) => bytes,
        }
    }

    /// Asks the system to read `len` bytes from `offset` now, in the background: several
    /// ranges asked for at once are read concurrently instead of one fault after another. Only
    /// a hint; nothing happens for bytes in memory or where the system does not take it.
    fn will_need(&self, offset: u64, len: u64) {
        #[cfg(unix)]
        if let Bytes::Mapped(map) = self {
            let _ = map.advise_range(memmap2::Advice::WillNeed, offset as usize, len as usize);
        }
        let _ = (offset, len);
    }
}

/// A table file, mapped; blocks are decompressed when a value in them is asked for (a small
/// cache of recently decoded blocks behind a Mutex, so probing a position and its children
/// decodes each block once). Opening checks the magic, version, header checksum, trailer,
/// index checksum and that the index is consistent with the header and the file size.
///
/// Or a sharded table, read as one: a directory of table files, each holding a range of the
/// positions, and the manifest that lists them ([`crate::table_shards`]); every method reads
/// it as if it were one file, block `k` of the whole being a block of one of the shards.
pub struct TableFile {
    /// The file, or the shards in position order.
    parts: Vec<Part>,
    header: Header,
    file: String,
    block_records: u32,
    entries: Vec<Entry>,
    table_checksum: u64,
    /// Recently decompressed blocks, most recent last.
    cache: std::sync::Mutex<Vec<(u64, std::sync::Arc<[u8]>)>>,
}

/// One file of a [`TableFile`]: its bytes, its name and the checksum its trailer records of
/// its own records.
struct Part {
    bytes: Bytes,
    file: String,
    table_checksum: u64,
}

fn u32_at(bytes: &[u8], at: u64) -> u32 {
    let at = at as usize;
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap_or([0; 4]))
}

fn u64_at(bytes: &[u8], at: u64) -> u64 {
    let at = at as usize;
    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]))
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

impl TableFile {
    /// Maps and checks a table file (see [`TableFile`]); no block is read yet.
    ///
    /// Time O(blocks) (the index is checked and kept: 24 bytes a block).
    ///
    /// A directory is opened as a sharded table ([`crate::table_shards::open`]).
    pub fn open(path: &Path) -> Result<TableFile, TableError> {
        if path.is_dir() {
            return crate::table_shards::open(path);
        }
        let file = path.display().to_string();
        let opened = std::fs::File::open(path).map_err(|e| error(&file, 0, format!("opening: {e}")))?;
        let len = opened.metadata().map_err(|e| error(&file, 0, format!("reading its size: {e}")))?.len();
        if len < MIN_FILE {
            // Too short to be a table: read it to say why (wrong magic, or cut short), and
            // avoid mapping an empty file, which some systems refuse.
            let bytes = std::fs::read(path).map_err(|e| error(&file, 0, format!("reading: {e}")))?;
            return TableFile::check(Bytes::Owned(bytes), file);
        }
        // SAFETY: the map is read only and never outlives `TableFile`. What no map can rule out
        // is another process changing or truncating the file meanwhile; changed bytes are
        // caught by the block checksums, and tables are written once, under a new name, and
        // renamed into place, never modified in place.
        #[allow(unsafe_code)]
        let map = unsafe { memmap2::Mmap::map(&opened) }.map_err(|e| error(&file, 0, format!("mapping: {e}")))?;
        // A probe reads a few blocks here and there: without this hint every page fault would
        // read ahead as far as the device says (8 MiB on some disks), for bytes never used.
        // Ranges read whole (the index, every block) are asked for with `will_need`.
        #[cfg(unix)]
        let _ = map.advise(memmap2::Advice::Random);
        TableFile::check(Bytes::Mapped(map), file)
    }

    /// The same checks as [`open`](TableFile::open) on bytes in memory; `file` names them in
    /// errors.
    pub fn from_bytes(bytes: Vec<u8>, file: &str) -> Result<TableFile, TableError> {
        TableFile::check(Bytes::Owned(bytes), file.to_string())
    }

    fn check(bytes: Bytes, file: String) -> Result<TableFile, TableError> {
        use xxhash_rust::xxh3::{xxh3_64, xxh3_64_with_seed};
        let b = bytes.as_slice();
        let len = b.len() as u64;
        let at = |offset: u64, message: String| error(&file, offset, message);
        let short = |what: &str| {
            at(len, format!("the file ends after {len} bytes, inside {what}: cut short or not completely written"))
        };
        let prefix = b.len().min(MAGIC.len());
        if b[..prefix] != MAGIC[..prefix] {
            return Err(at(0, "wrong magic: not a gamesolve table file".into()));
        }
        if len < PREAMBLE {
            return Err(short("the preamble"));
        }
        let version = u32_at(b, 16);
        if version != VERSION {
            return Err(at(16, format!("format version {version}: this reader knows version {VERSION} only")));
        }
        let header_len = u32_at(b, 20);
        if header_len > MAX_HEADER_BYTES {
            return Err(at(20, format!("a header of {header_len} bytes: at most {MAX_HEADER_BYTES}")));
        }
        let data_start = PREAMBLE + header_len as u64 + 8;
        if len < data_start {
            return Err(short("the header"));
        }
        let header_checksum = u64_at(b, data_start - 8);
        if xxh3_64(&b[..(data_start - 8) as usize]) != header_checksum {
            return Err(at(data_start - 8, "header checksum mismatch: the header is corrupt".into()));
        }
        let json = &b[PREAMBLE as usize..(data_start - 8) as usize];
        let header: Header = serde_json::from_slice(json)
            .map_err(|e| at(PREAMBLE + json_offset(json, e.line(), e.column()), format!("header JSON: {e}")))?;
        if len < data_start + TRAILER {
            return Err(short("the trailer"));
        }
        let trailer = len - TRAILER;
        if b[(len - 8) as usize..] != END_MAGIC {
            return Err(at(len - 8, "no end marker: cut short or not completely written".into()));
        }
        let index_offset = u64_at(b, trailer);
        let block_count = u64_at(b, trailer + 8);
        let block_records = u32_at(b, trailer + 16);
        let reserved = u32_at(b, trailer + 20);
        let table_checksum = u64_at(b, trailer + 24);
        let index_checksum = u64_at(b, trailer + 32);
        // Before anything the trailer says is used, the index and trailer must be intact; the
        // length of what the checksum covers comes from the block count, so bound it first.
        let index_len = block_count.checked_mul(ENTRY).filter(|&n| n <= trailer - data_start);
        let Some(index_len) = index_len else {
            return Err(at(trailer + 8, format!("{block_count} blocks do not fit in a file of {len} bytes")));
        };
        let index_start = trailer - index_len;
        bytes.will_need(index_start, index_len);
        if xxh3_64_with_seed(&b[index_start as usize..(len - 16) as usize], header_checksum) != index_checksum {
            return Err(at(trailer + 32, "index checksum mismatch: the block index or trailer is corrupt".into()));
        }
        if index_offset != index_start {
            return Err(at(
                trailer,
                format!(
                    "the index is said to start at byte {index_offset}, but {block_count} entries before the trailer start at {index_start}"
                ),
            ));
        }
        if block_records == 0 || block_records > MAX_BLOCK_RECORDS {
            return Err(at(
                trailer + 16,
                format!("blocks of {block_records} records: a block holds 1 to {MAX_BLOCK_RECORDS}"),
            ));
        }
        if reserved != 0 {
            return Err(at(trailer + 20, format!("reserved field {reserved}: must be 0")));
        }
        let expected_blocks = header.positions.div_ceil(block_records as u64);
        if block_count != expected_blocks {
            return Err(at(
                trailer + 8,
                format!(
                    "{block_count} blocks, but the header's {} positions in blocks of {block_records} records make {expected_blocks}",
                    header.positions
                ),
            ));
        }
        let mut entries = Vec::with_capacity(block_count as usize);
        let mut expected = data_start;
        for k in 0..block_count {
            let e = index_start + k * ENTRY;
            let entry = Entry { part: 0, offset: u64_at(b, e), len: u32_at(b, e + 8), checksum: u64_at(b, e + 12) };
            if entry.offset != expected {
                return Err(at(
                    e,
                    format!(
                        "block {k} is said to start at byte {}, but the blocks before it end at {expected}",
                        entry.offset
                    ),
                ));
            }
            if entry.len == 0 {
                return Err(at(e + 8, format!("block {k} is 0 bytes long")));
            }
            expected = entry.offset + entry.len as u64;
            if expected > index_start {
                return Err(at(e + 8, format!("block {k} ends at byte {expected}, past the index at {index_start}")));
            }
            entries.push(entry);
        }
        if expected != index_start {
            return Err(at(
                expected,
                format!("the blocks end at byte {expected}, but the index starts at {index_start}"),
            ));
        }
        let parts = vec![Part { bytes, file: file.clone(), table_checksum }];
        Ok(TableFile::assemble(parts, entries, header, file, block_records, table_checksum))
    }

    fn assemble(
        parts: Vec<Part>,
        entries: Vec<Entry>,
        header: Header,
        file: String,
        block_records: u32,
        table_checksum: u64,
    ) -> TableFile {
        let cache = std::sync::Mutex::new(Vec::with_capacity(CACHE_BLOCKS));
        TableFile { parts, header, file, block_records, entries, table_checksum, cache }
    }

    /// The tables `shards`, opened and in position order, read as one table of `header` named
    /// `file`, whose checksum is `table_checksum`: what [`crate::table_shards`] opens. The
    /// caller has checked that they tile the positions, each shard but the last in whole blocks
    /// of `block_records`, every shard with blocks of that size.
    pub(crate) fn concatenate(shards: Vec<TableFile>, header: Header, file: String, table_checksum: u64) -> TableFile {
        let block_records = shards.first().map_or(DEFAULT_BLOCK_RECORDS, |s| s.block_records);
        let mut parts = Vec::with_capacity(shards.len());
        let mut entries = Vec::with_capacity(shards.iter().map(|s| s.entries.len()).sum());
        for (number, shard) in shards.into_iter().enumerate() {
            entries.extend(shard.entries.iter().map(|e| Entry { part: number as u32, ..*e }));
            parts.extend(shard.parts);
        }
        TableFile::assemble(parts, entries, header, file, block_records, table_checksum)
    }

    /// The part block `k` is in.
    fn part_of(&self, k: u64) -> &Part {
        &self.parts[self.entries[k as usize].part as usize]
    }

    /// The table's self-description.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The file's name, as given.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// Records a block.
    pub fn block_records(&self) -> u32 {
        self.block_records
    }

    /// How many blocks the table holds.
    pub fn blocks(&self) -> u64 {
        self.entries.len() as u64
    }

    /// Starts reading, all at once, the blocks that hold `indices` (those in range), so that
    /// the values read next do not wait for the disk one block after another: what a probe
    /// of a position and its children calls first.
    pub fn prefetch(&self, indices: impl IntoIterator<Item = u64>) {
        let mut blocks: Vec<u64> = indices
            .into_iter()
            .filter(|&i| i < self.header.positions)
            .map(|i| i / u64::from(self.block_records))
            .collect();
        blocks.sort_unstable();
        blocks.dedup();
        for k in blocks {
            let entry = self.entries[k as usize];
            self.part_of(k).bytes.will_need(entry.offset, u64::from(entry.len));
        }
    }

    /// The values of block `k` (below [`TableFile::blocks`]), positions `k * block_records()`
    /// on, read as [`TableFile::value`] reads them (checksum first), bypassing the cache: for
    /// a reader that walks a table block by block beside another one.
    pub fn block_values(&self, k: u64) -> Result<Vec<Value>, TableError> {
        if k >= self.blocks() {
            return Err(error(&self.file, 0, format!("block {k} of a table of {} blocks", self.blocks())));
        }
        let raw = self.load(k)?;
        self.decode_block(k, &raw)
    }

    /// Block `k`'s records, decompressed: its checksum checked first, and its size exact.
    ///
    /// Time O(block); memory exactly the block's records.
    fn load(&self, k: u64) -> Result<Vec<u8>, TableError> {
        let entry = self.entries[k as usize];
        let part = self.part_of(k);
        let bytes = part.bytes.as_slice();
        let packed = &bytes[entry.offset as usize..entry.offset as usize + entry.len as usize];
        if xxhash_rust::xxh3::xxh3_64(packed) != entry.checksum {
            return Err(error(&part.file, entry.offset, format!("block {k} checksum mismatch: the block is corrupt")));
        }
        let records = block_len(self.header.positions, self.block_records, k);
        let expected = records * self.header.encoding.width();
        let encoding = self.header.encoding.name();
        let wrong_size = |size: u64| {
            let message =
                format!("block {k} decompresses to {size} bytes, but its {records} {encoding} records are {expected}");
            error(&part.file, entry.offset, message)
        };
        // A frame that records its size is refused before any work when the size is wrong.
        if let Ok(Some(size)) = zstd::zstd_safe::get_frame_content_size(packed)
            && size != expected as u64
        {
            return Err(wrong_size(size));
        }
        // The buffer is never grown: zstd stops with an error rather than write past it.
        let mut raw = Vec::with_capacity(expected);
        let decompressed = decompress(packed, &mut raw).map_err(|e| {
            let message = format!(
                "block {k}: zstd: {e} (it must decompress to exactly the {expected} bytes of its {records} {encoding} records)"
            );
            error(&part.file, entry.offset, message)
        })?;
        if decompressed != expected || raw.len() != expected {
            return Err(wrong_size(decompressed as u64));
        }
        Ok(raw)
    }

    /// Every record of block `k`, one loop per encoding with its layout inlined; for outcomes,
    /// the first record no encoder writes is named.
    fn decode_block(&self, k: u64, raw: &[u8]) -> Result<Vec<Value>, TableError> {
        fn each<const W: usize>(raw: &[u8], layout: impl Fn([u8; W]) -> Option<Value>) -> Option<Vec<Value>> {
            raw.chunks_exact(W).map(|c| layout(c.try_into().unwrap_or([0; W]))).collect()
        }
        fn outcome(kind: u32, r: u32) -> Option<Value> {
            Some(Value::Outcome(match kind {
                0 => Outcome::Win(r),
                1 => Outcome::Loss(r),
                2 => Outcome::Tie(r),
                _ if r == 0 => Outcome::Draw,
                _ => return None,
            }))
        }
        let score = |s: i64| Some(Value::Score(s));
        let nimber = |n: u32| Some(Value::Nimber(Nimber(n)));
        let decoded = match self.header.encoding {
            Encoding::Outcome16 => each(raw, |b| {
                let x = u16::from_le_bytes(b) as u32;
                outcome(x >> 14, x & OUTCOME16_MAX)
            }),
            Encoding::Outcome32 => each(raw, |b| {
                let x = u32::from_le_bytes(b);
                outcome(x >> 30, x & OUTCOME32_MAX)
            }),
            Encoding::Nimber8 => each(raw, |b| nimber(u8::from_le_bytes(b) as u32)),
            Encoding::Nimber16 => each(raw, |b| nimber(u16::from_le_bytes(b) as u32)),
            Encoding::Nimber32 => each(raw, |b| nimber(u32::from_le_bytes(b))),
            Encoding::Score8 => each(raw, |b| score(i8::from_le_bytes(b) as i64)),
            Encoding::Score16 => each(raw, |b| score(i16::from_le_bytes(b) as i64)),
            Encoding::Score32 => each(raw, |b| score(i32::from_le_bytes(b) as i64)),
        };
        match decoded {
            Some(values) => Ok(values),
            // Record by record, for the error's words.
            None => (0..raw.len() / self.header.encoding.width()).map(|j| self.decode_at(k, raw, j)).collect(),
        }
    }

    fn decode_at(&self, k: u64, raw: &[u8], j: usize) -> Result<Value, TableError> {
        let width = self.header.encoding.width();
        self.header.encoding.decode(&raw[j * width..(j + 1) * width]).map_err(|e| {
            let index = k * self.block_records as u64 + j as u64;
            error(&self.part_of(k).file, self.entries[k as usize].offset, format!("block {k}, position {index}: {e}"))
        })
    }

    /// The value at `index` (< positions): its block's checksum is checked before it is
    /// decompressed, and the decompressed size must be exact. The last `CACHE_BLOCKS`
    /// blocks decoded are kept.
    ///
    /// Time O(1) for a block in the cache, else O(block).
    pub fn value(&self, index: u64) -> Result<Value, TableError> {
        if index >= self.header.positions {
            return Err(error(
                &self.file,
                PREAMBLE,
                format!("position {index} is out of range: the table has {} positions", self.header.positions),
            ));
        }
        let k = index / self.block_records as u64;
        let j = (index % self.block_records as u64) as usize;
        let cached = {
            let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
            match cache.iter().position(|(block, _)| *block == k) {
                Some(p) => {
                    let hit = cache.remove(p);
                    let raw = hit.1.clone();
                    cache.push(hit);
                    Some(raw)
                }
                None => None,
            }
        };
        let raw = match cached {
            Some(raw) => raw,
            None => {
                let raw: std::sync::Arc<[u8]> = self.load(k)?.into();
                let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
                if cache.len() >= CACHE_BLOCKS {
                    cache.remove(0);
                }
                cache.push((k, raw.clone()));
                raw
            }
        };
        self.decode_at(k, &raw, j)
    }

    /// Every block in order (in parallel, rayon's current pool), checksums checked, handing
    /// each block's decoded values to `visit(first_index, values)`; then the whole-table
    /// checksum (each shard's, for a sharded table). `visit` may be called from several threads, blocks in any order; its error
    /// comes back with the offset of its block. `progress(done_positions, total)` is called
    /// after every batch of blocks. The first error in file order is the one reported.
    ///
    /// Time O(positions) over the pool; memory O(threads * block).
    #[allow(clippy::type_complexity)] // spelled out: the table commands are written against it
    pub fn for_each_block(
        &self,
        visit: &(dyn Fn(u64, &[Value]) -> Result<(), String> + Sync),
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<(), TableError> {
        use rayon::prelude::*;
        let blocks = self.blocks();
        let positions = self.header.positions;
        let r = self.block_records as u64;
        let batch = (rayon::current_num_threads().max(1) * BATCH_PER_THREAD) as u64;
        // Each part's records are hashed in order and checked against its trailer once its
        // last block is in (a part of no blocks, an empty table, right away).
        let mut table = xxhash_rust::xxh3::Xxh3Default::new();
        let mut checked_parts = 0;
        let mut check_parts_before = |part: usize, table: &mut xxhash_rust::xxh3::Xxh3Default| {
            while checked_parts < part {
                let Part { bytes, file, table_checksum } = &self.parts[checked_parts];
                let actual = table.digest();
                if actual != *table_checksum {
                    let at = bytes.as_slice().len() as u64 - TRAILER + 24;
                    return Err(error(
                        file,
                        at,
                        format!(
                            "whole-table checksum mismatch: the records hash to {actual:#018x}, the trailer records {table_checksum:#018x}"
                        ),
                    ));
                }
                table.reset();
                checked_parts += 1;
            }
            Ok(())
        };
        let mut next = 0;
        progress(0, positions);
        // The map is read at random by default (see `open`): here every block is read in
        // order, so each batch asks for the next one to be read meanwhile, part by part.
        let read_ahead = |from: u64, to: u64| {
            let mut k = from;
            while k < to {
                let part = self.entries[k as usize].part;
                let run = self.entries[k as usize..to as usize].iter().take_while(|e| e.part == part).count();
                let (first, last) = (self.entries[k as usize], self.entries[k as usize + run - 1]);
                self.part_of(k).bytes.will_need(first.offset, last.offset + u64::from(last.len) - first.offset);
                k += run as u64;
            }
        };
        read_ahead(0, batch.min(blocks));
        while next < blocks {
            let end = (next + batch).min(blocks);
            read_ahead(end, (end + batch).min(blocks));
            let done: Vec<Result<Vec<u8>, TableError>> = (next..end)
                .into_par_iter()
                .map(|k| {
                    let raw = self.load(k)?;
                    let values = self.decode_block(k, &raw)?;
                    let at = self.entries[k as usize].offset;
                    visit(k * r, &values).map_err(|e| error(&self.part_of(k).file, at, e))?;
                    Ok(raw)
                })
                .collect();
            for (k, raw) in (next..).zip(done) {
                check_parts_before(self.entries[k as usize].part as usize, &mut table)?;
                table.update(&raw?);
            }
            next = end;
            progress(next.saturating_mul(r).min(positions), positions);
        }
        check_parts_before(self.parts.len(), &mut table)
    }

    /// The whole-table checksum the trailer records (xxh3-64 of every record's encoded bytes,
    /// in order: independent of compression and block layout choices other than the encoding);
    /// for a sharded table, the checksum of its shards' ([`crate::table_shards`]).
    pub fn table_checksum(&self) -> u64 {
        self.table_checksum
    }

    /// The file's size in bytes (the shards' together, for a sharded table).
    pub fn file_bytes(&self) -> u64 {
        self.parts.iter().map(|p| p.bytes.as_slice().len() as u64).sum()
    }
}

/// The fuzz body `table_file`: any bytes as a table file: open, check every block, probe a
/// few indices chosen from the input; never a panic. `Err` only when something that claims
/// success contradicts itself: a value read after the whole check passed that differs from
/// the one the check visited, a checksum that `checksum_of` does not reproduce, an index past
/// the end that reads.
pub fn fuzz_read(data: &[u8]) -> Result<(), String> {
    /// Tables larger than this are checked but not kept whole to recompute their checksum.
    const KEEP: u64 = 1 << 20;
    let Ok(table) = TableFile::from_bytes(data.to_vec(), "fuzz input") else { return Ok(()) };
    let positions = table.header().positions;
    let seed = xxhash_rust::xxh3::xxh3_64(data);
    let mut probes = vec![0, positions.saturating_sub(1), positions / 2];
    if positions > 0 {
        probes.extend((0..4).map(|i| seed.rotate_left(16 * i) % positions));
    }
    let kept = std::sync::Mutex::new(vec![None; positions.min(KEEP) as usize]);
    let checked = table.for_each_block(
        &|first, values| {
            let mut kept = kept.lock().unwrap_or_else(|e| e.into_inner());
            for (j, v) in values.iter().enumerate() {
                if let Some(slot) = kept.get_mut((first + j as u64) as usize) {
                    *slot = Some(*v);
                }
            }
            Ok(())
        },
        &|_, _| {},
    );
    let kept = kept.into_inner().unwrap_or_else(|e| e.into_inner());
    if table.value(positions).is_ok() {
        return Err(format!("position {positions} of a table of {positions} reads"));
    }
    if checked.is_err() {
        // Some block is bad; probing may still read the good ones, and must not panic.
        for &i in &probes {
            let _ = table.value(i);
        }
        return Ok(());
    }
    for &i in probes.iter().filter(|&&i| i < positions) {
        let value = table.value(i).map_err(|e| format!("position {i} fails after the whole table checked: {e}"))?;
        if let Some(Some(seen)) = kept.get(i as usize)
            && *seen != value
        {
            return Err(format!("position {i}: value {value:?}, but the check visited {seen:?}"));
        }
    }
    if positions <= KEEP {
        let all: Option<Vec<Value>> = kept.into_iter().collect();
        let all = all.ok_or("the check passed without visiting every position")?;
        let sum = checksum_of(table.header().encoding, positions, &|i| all[i as usize])?;
        if sum != table.table_checksum() {
            return Err(format!(
                "checksum_of gives {sum:#x}, the file's check passed with {:#x}",
                table.table_checksum()
            ));
        }
    }
    Ok(())
}

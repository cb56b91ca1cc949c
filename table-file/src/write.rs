//! Writing a table file: the crash-safe, parallel [`write_table`], the same into memory
//! ([`table_bytes`]), and the whole-table checksum of values without a file ([`checksum_of`]).

use crate::format::{
    BATCH_PER_THREAD, DEFAULT_BLOCK_RECORDS, DEFAULT_LEVEL, END_MAGIC, ENTRY, Encoding, Header, MAGIC,
    MAX_BLOCK_RECORDS, MAX_HEADER_BYTES, OUTCOME16_MAX, OUTCOME32_MAX, RecordError, TableError, VERSION, Value,
    block_len, error, outcome_parts,
};
use solver_core::Nimber;
use std::path::Path;

/// What a write produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    /// The file's size.
    pub bytes: u64,
    /// How many blocks it holds.
    pub blocks: u64,
    /// The whole-table checksum (see [`TableFile::table_checksum`](crate::TableFile::table_checksum)).
    pub table_checksum: u64,
}

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

/// Why a table could not be written (besides the file system's errors, which
/// [`write_table`] reports as a [`TableError`] naming the file).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// A value does not fit the header's encoding.
    #[error("position {position}: {error}")]
    Record {
        /// The position whose value it is.
        position: u64,
        /// Why it does not fit.
        error: RecordError,
    },
    /// [`WriteOptions::block_records`] out of range.
    #[error("blocks of {0} records: a block holds 1 to {MAX_BLOCK_RECORDS}")]
    BlockRecords(u32),
    /// [`WriteOptions::level`] out of range.
    #[error("zstd level {0}: levels are 1 to 22")]
    Level(i32),
    /// The header could not be written as JSON.
    #[error("header: {0}")]
    Header(String),
    /// The header's JSON is longer than a reader takes.
    #[error("header of {0} bytes: at most {MAX_HEADER_BYTES}")]
    HeaderTooLong(usize),
    /// Writing or compressing failed.
    #[error("{0}")]
    Io(String),
}

thread_local! {
    /// Each thread's zstd compressor, kept: making one costs about as much as a small block.
    static COMPRESSOR: std::cell::RefCell<Option<zstd::bulk::Compressor<'static>>> = const { std::cell::RefCell::new(None) };
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
) -> Result<Vec<u8>, WriteError> {
    fn fill<const W: usize>(
        out: &mut [u8],
        encoding: Encoding,
        record: &(dyn Fn(u64) -> Value + Sync),
        first: u64,
        layout: impl Fn(Value) -> Option<[u8; W]>,
    ) -> Result<(), WriteError> {
        for (k, chunk) in out.chunks_exact_mut(W).enumerate() {
            let position = first + k as u64;
            let value = record(position);
            match layout(value) {
                Some(bytes) => chunk.copy_from_slice(&bytes),
                None => {
                    let error =
                        encoding.encode(value, chunk).err().unwrap_or(RecordError::DoesNotFit { value, encoding });
                    return Err(WriteError::Record { position, error });
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
) -> Result<Written, WriteError> {
    use rayon::prelude::*;
    use xxhash_rust::xxh3::{Xxh3Default, xxh3_64, xxh3_64_with_seed};

    let io = |e: std::io::Error| WriteError::Io(e.to_string());
    let r = options.block_records;
    if r == 0 || r > MAX_BLOCK_RECORDS {
        return Err(WriteError::BlockRecords(r));
    }
    if !(1..=22).contains(&options.level) {
        return Err(WriteError::Level(options.level));
    }
    let json = serde_json::to_vec_pretty(header).map_err(|e| WriteError::Header(e.to_string()))?;
    if json.len() as u64 > MAX_HEADER_BYTES as u64 {
        return Err(WriteError::HeaderTooLong(json.len()));
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
        let done: Vec<Result<RawAndPacked, WriteError>> = (next..end)
            .into_par_iter()
            .map(|b| {
                let raw = encode_records(header.encoding, record, b * r as u64, block_len(positions, r, b))?;
                let packed = compress(&raw, options.level).map_err(|e| WriteError::Io(format!("zstd: {e}")))?;
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
) -> Result<Vec<u8>, WriteError> {
    let mut out = Vec::new();
    write_into(&mut out, header, record, options, &|_, _| {})?;
    Ok(out)
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
            WriteError::Io(e) => fail(format!("writing {}: {e}", partial.display())),
            input => fail(input.to_string()),
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
pub fn checksum_of(
    encoding: Encoding,
    positions: u64,
    record: &(dyn Fn(u64) -> Value + Sync),
) -> Result<u64, WriteError> {
    use rayon::prelude::*;
    let r = DEFAULT_BLOCK_RECORDS;
    let blocks = positions.div_ceil(r as u64);
    let batch = (rayon::current_num_threads().max(1) * BATCH_PER_THREAD) as u64;
    let mut table = xxhash_rust::xxh3::Xxh3Default::new();
    let mut next = 0;
    while next < blocks {
        let end = (next + batch).min(blocks);
        let done: Vec<Result<Vec<u8>, WriteError>> = (next..end)
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

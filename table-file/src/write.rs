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

/// The longest temporary name [`create_temporary`] makes: within the 255 bytes a name may have
/// on every common file system, whatever the target's name.
const TEMPORARY_NAME_BYTES: usize = 255;

/// A name no one can guess: 64 bits from the process's hasher keys (seeded from the system's
/// randomness), the time and a counter.
fn random_word() -> u64 {
    use std::hash::BuildHasher;
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let count = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    std::hash::RandomState::new().hash_one((std::process::id(), nanos, count))
}

/// A new file beside `path`, of a random name (`.<name>.<16 hex digits>.partial`, the target's
/// name shortened so that the whole fits in 255 bytes), created new and never through a link
/// (`O_CREAT | O_EXCL | O_NOFOLLOW`): a name planted there by someone else, a link to their
/// file or anything, is never opened, only skipped for another name. The file and its path.
///
/// A name no reader takes for a table (it starts with a dot and ends in `.partial`), which a
/// command that catches Ctrl-C may remove.
pub fn create_temporary(path: &Path) -> std::io::Result<(std::path::PathBuf, std::fs::File)> {
    let invalid = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidInput, what.to_string());
    let name = path.file_name().ok_or_else(|| invalid("not a file name"))?;
    let bytes = name.as_encoded_bytes();
    // `.` + name + `.` + 16 digits + `.partial`; a long name is cut, not inside a character.
    let mut cut = bytes.len().min(TEMPORARY_NAME_BYTES - 1 - 1 - 16 - ".partial".len());
    while cut > 0 && cut < bytes.len() && bytes[cut] & 0xC0 == 0x80 {
        cut -= 1;
    }
    #[cfg(unix)]
    let stem = <std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(&bytes[..cut]).to_owned();
    #[cfg(not(unix))]
    let stem = std::ffi::OsString::from(String::from_utf8_lossy(&bytes[..cut.min(100)]).into_owned());
    let mut last = None;
    for _ in 0..64 {
        let mut temporary = std::ffi::OsString::from(".");
        temporary.push(&stem);
        temporary.push(format!(".{:016x}.partial", random_word()));
        let temporary = path.with_file_name(temporary);
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o666).custom_flags((nix::fcntl::OFlag::O_NOFOLLOW | nix::fcntl::OFlag::O_CLOEXEC).bits());
        }
        match options.open(&temporary) {
            Ok(file) => return Ok((temporary, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| invalid("no free temporary name")))
}

/// Why a table cannot be written to `path`, looked at before any work: a directory (never
/// replaced, forced or not), an existing file or link unless `force`, a name the file system
/// refuses (too long, a directory missing on the way).
pub fn check_target(path: &Path, force: bool) -> Result<(), String> {
    if path.file_name().is_none() {
        return Err("not a file name".into());
    }
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => {
            Err("is a directory: a table is written to a file name, and never replaces a directory".into())
        }
        Ok(_) if !force => Err("the file exists; a table is not written over a file unless forced".into()),
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}

/// A table file about to be written: the target checked ([`check_target`]) and its temporary
/// file created ([`create_temporary`]), both before any work, so that a target that cannot be
/// written is known before a long solve; [`Target::write`] then writes the table. Dropped
/// unwritten, it removes the temporary file.
pub struct Target {
    path: std::path::PathBuf,
    temporary: std::path::PathBuf,
    file: Option<std::fs::File>,
    force: bool,
}

impl Target {
    /// Checks `path` ([`check_target`]) and creates the temporary file beside it; errors name
    /// `path` and say what is wrong with it (its directory missing or not writable, a name too
    /// long, an existing file without `force`, a directory).
    pub fn create(path: &Path, force: bool) -> Result<Target, TableError> {
        let file = path.display().to_string();
        let fail = |message: String| error(&file, 0, message);
        check_target(path, force).map_err(fail)?;
        let directory = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let (temporary, output) = create_temporary(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => fail(format!("its directory {} does not exist", directory.display())),
            _ => fail(format!("cannot create a file in {}: {e}", directory.display())),
        })?;
        Ok(Target { path: path.to_path_buf(), temporary, file: Some(output), force })
    }

    /// The temporary file the table is written to, then renamed.
    pub fn temporary(&self) -> &Path {
        &self.temporary
    }

    /// The table file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the table into the temporary file, syncs it and puts it in place: renamed over
    /// the target when forced (a link there is replaced, never followed), else linked to the
    /// target's name, which fails if a file appeared there meanwhile; then the directory is
    /// synced. On any error the temporary file is removed and the target left as it was.
    pub fn write(
        mut self,
        header: &Header,
        record: &(dyn Fn(u64) -> Value + Sync),
        progress: &(dyn Fn(u64, u64) + Sync),
        options: WriteOptions,
    ) -> Result<Written, TableError> {
        use std::fs;
        let file = self.path.display().to_string();
        let fail = |message: String| error(&file, 0, message);
        let (path, partial) = (self.path.clone(), self.temporary.clone());
        let mut output = self.file.take().ok_or_else(|| fail("written twice".into()))?;
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
        let appeared = || fail("the file appeared while the table was written; not overwritten".into());
        if self.force {
            if fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir()) {
                return Err(fail(check_target(&path, true).err().unwrap_or_default()));
            }
            fs::rename(&partial, &path).map_err(|e| fail(format!("renaming {} to it: {e}", partial.display())))?;
            // The name is gone: a file someone makes there now is not this one to remove.
            self.temporary = std::path::PathBuf::new();
        } else {
            // A hard link never replaces a file that appeared since the check; where the
            // file system has no links, a rename after a second check is the best there is.
            match fs::hard_link(&partial, &path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Err(appeared()),
                Err(_) if fs::symlink_metadata(&path).is_ok() => return Err(appeared()),
                Err(_) => {
                    fs::rename(&partial, &path)
                        .map_err(|e| fail(format!("renaming {} to it: {e}", partial.display())))?;
                    self.temporary = std::path::PathBuf::new();
                }
            }
        }
        drop(self); // removes the temporary name where a link made the table
        sync_parent(&path).map_err(|e| fail(format!("syncing its directory: {e}")))?;
        Ok(written)
    }
}

/// Removes the temporary file: on an error, on a panic of the record function, when never
/// written, and after a hard link has made the table (not after a rename: the name is gone,
/// and whatever is made there since is someone else's).
impl Drop for Target {
    fn drop(&mut self) {
        drop(self.file.take()); // closed before its name goes
        if !self.temporary.as_os_str().is_empty() {
            let _ = std::fs::remove_file(&self.temporary);
        }
    }
}

/// Writes the table whose record `i` is `record(i)` (for i in 0..header.positions) to `path`,
/// crash-safe: into a new temporary file of a random name beside it ([`create_temporary`]),
/// fsync, rename (or link), fsync the directory ([`Target`]). Refuses an existing `path`
/// unless `force`, and a directory always. Blocks are encoded and compressed in
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
    Target::create(path, force)?.write(header, record, progress, options)
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

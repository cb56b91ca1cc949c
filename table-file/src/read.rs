//! Reading a table file ([`TableFile`]): mapped, every length and offset checked before use,
//! a block's checksum before it is decompressed; a sharded table's directory read as one.

use crate::files::open_regular;
use crate::format::{
    BATCH_PER_THREAD, CACHE_BLOCKS, DEFAULT_BLOCK_RECORDS, END_MAGIC, ENTRY, Encoding, Header, MAGIC,
    MAX_BLOCK_RECORDS, MAX_HEADER_BYTES, MIN_FILE, OUTCOME16_MAX, OUTCOME32_MAX, PREAMBLE, TRAILER, TableError,
    VERSION, Value, block_len, error, json_offset,
};
use crate::shards::{Manifest, sharded_checksum};
use solver_core::{Nimber, Outcome};
use std::path::Path;

thread_local! {
    /// Each thread's zstd decompressor, kept: making one costs about as much as a small block.
    static DECOMPRESSOR: std::cell::RefCell<Option<zstd::bulk::Decompressor<'static>>> = const { std::cell::RefCell::new(None) };
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
/// positions, and the manifest that lists them ([`crate::shards`]); every method reads
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
    /// The shards mapped now, by part, most recently used last: at most [`MAX_MAPS`].
    maps: std::sync::Mutex<Vec<(usize, std::sync::Arc<Bytes>)>>,
}

/// The most shards of a sharded table mapped at once: a shard is mapped when a block of it
/// is read and unmapped when this many others have been used since, so a table of any number
/// of shards opens within a fixed number of memory maps (Linux allows a process 65,530 by
/// default, `vm.max_map_count`).
pub const MAX_MAPS: usize = 64;

/// One file of a [`TableFile`]: its bytes (or where to map them), its name and size, and the
/// checksum its trailer records of its own records.
struct Part {
    bytes: PartBytes,
    file: String,
    len: u64,
    table_checksum: u64,
}

/// Where a part's bytes are.
enum PartBytes {
    /// Held for the table's life: a table file's own, or bytes in memory.
    Held(std::sync::Arc<Bytes>),
    /// A shard, mapped again from its path when read (through [`TableFile`]'s maps), and
    /// refused if its size changed since it was opened and checked.
    Shard(std::path::PathBuf),
}

/// The bytes of the table file at `path`: mapped, or read when too short to be a table.
fn map_file(path: &Path, file: &str) -> Result<Bytes, TableError> {
    use std::io::Read;
    let opened = open_regular(path, file)?;
    let len = opened.metadata().map_err(|e| error(file, 0, format!("reading its size: {e}")))?.len();
    if len < MIN_FILE {
        // Too short to be a table: read it to say why (wrong magic, or cut short), and
        // avoid mapping an empty file, which some systems refuse. Read from the file opened,
        // and no more than its size.
        let mut bytes = Vec::new();
        opened.take(MIN_FILE).read_to_end(&mut bytes).map_err(|e| error(file, 0, format!("reading: {e}")))?;
        return Ok(Bytes::Owned(bytes));
    }
    // SAFETY: the map is read only and never outlives `TableFile`. What no map can rule out
    // is another process changing or truncating the file meanwhile; changed bytes are
    // caught by the block checksums, and tables are written once, under a new name, and
    // renamed into place, never modified in place.
    #[allow(unsafe_code)]
    let map = unsafe { memmap2::Mmap::map(&opened) }.map_err(|e| error(file, 0, format!("mapping: {e}")))?;
    // A probe reads a few blocks here and there: without this hint every page fault would
    // read ahead as far as the device says (8 MiB on some disks), for bytes never used.
    // Ranges read whole (the index, every block) are asked for with `will_need`.
    #[cfg(unix)]
    let _ = map.advise(memmap2::Advice::Random);
    Ok(Bytes::Mapped(map))
}

fn u32_at(bytes: &[u8], at: u64) -> u32 {
    let at = at as usize;
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap_or([0; 4]))
}

fn u64_at(bytes: &[u8], at: u64) -> u64 {
    let at = at as usize;
    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]))
}

impl TableFile {
    /// Maps and checks a table file (see [`TableFile`]); no block is read yet.
    ///
    /// Time O(blocks) (the index is checked and kept: 24 bytes a block).
    ///
    /// A directory is opened as a sharded table ([`TableFile::open_sharded`]).
    pub fn open(path: &Path) -> Result<TableFile, TableError> {
        if path.is_dir() {
            return TableFile::open_sharded(path);
        }
        let file = path.display().to_string();
        let bytes = map_file(path, &file)?;
        TableFile::check(bytes, file)
    }

    /// The same checks as [`open`](TableFile::open) on bytes in memory; `file` names them in
    /// errors.
    pub fn from_bytes(bytes: Vec<u8>, file: &str) -> Result<TableFile, TableError> {
        TableFile::check(Bytes::Owned(bytes), file.to_string())
    }

    /// The sharded table in `dir`, read as one: its manifest and every shard opened and checked
    /// (as [`TableFile::open`] checks a file: no block read yet), each shard's header the table's
    /// but for its positions, its blocks the manifest's. A missing shard is an unfinished solve.
    ///
    /// Time O(shards + blocks).
    pub fn open_sharded(dir: &Path) -> Result<TableFile, TableError> {
        let manifest = Manifest::read(dir)?;
        let mut shards = Vec::with_capacity(manifest.shards.len());
        for shard in &manifest.shards {
            let path = dir.join(&shard.file);
            let file = path.display().to_string();
            if matches!(std::fs::metadata(&path), Err(e) if e.kind() == std::io::ErrorKind::NotFound) {
                let message = "missing: the solve that writes this table has not finished (rerun it with --resume)";
                return Err(TableError { file, offset: 0, message: message.into() });
            }
            let table = TableFile::open(&path)?;
            let expected = manifest.shard_header(shard);
            if *table.header() != expected {
                let message = format!(
                    "its header is not the manifest's for positions {}..{}: {:?}, expected {expected:?}",
                    shard.first,
                    shard.first + shard.positions,
                    table.header()
                );
                return Err(TableError { file, offset: 24, message });
            }
            if table.block_records() != manifest.block_records {
                let message = format!(
                    "blocks of {} records, but the manifest says {}",
                    table.block_records(),
                    manifest.block_records
                );
                return Err(TableError { file, offset: table.file_bytes().saturating_sub(32), message });
            }
            // Unmapped now, mapped again when read: one shard mapped at a time here.
            shards.push(table.unmapped(&path));
        }
        let checksum = sharded_checksum(shards.iter().map(TableFile::table_checksum));
        Ok(TableFile::concatenate(shards, manifest.header, dir.display().to_string(), checksum))
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
        let parts = vec![Part { bytes: PartBytes::Held(bytes.into()), file: file.clone(), len, table_checksum }];
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
        let maps = std::sync::Mutex::new(Vec::new());
        TableFile { parts, header, file, block_records, entries, table_checksum, cache, maps }
    }

    /// The tables `shards`, opened and in position order, read as one table of `header` named
    /// `file`, whose checksum is `table_checksum`: what [`TableFile::open_sharded`] opens. The
    /// caller has checked that they tile the positions, each shard but the last in whole blocks
    /// of `block_records`, every shard with blocks of that size.
    fn concatenate(shards: Vec<TableFile>, header: Header, file: String, table_checksum: u64) -> TableFile {
        let block_records = shards.first().map_or(DEFAULT_BLOCK_RECORDS, |s| s.block_records);
        let mut parts = Vec::with_capacity(shards.len());
        let mut entries = Vec::with_capacity(shards.iter().map(|s| s.entries.len()).sum());
        for (number, shard) in shards.into_iter().enumerate() {
            entries.extend(shard.entries.iter().map(|e| Entry { part: number as u32, ..*e }));
            parts.extend(shard.parts);
        }
        TableFile::assemble(parts, entries, header, file, block_records, table_checksum)
    }

    /// This table, opened from `path`, with its bytes let go: mapped again from `path` when
    /// read.
    fn unmapped(mut self, path: &Path) -> TableFile {
        for part in &mut self.parts {
            part.bytes = PartBytes::Shard(path.to_path_buf());
        }
        self.maps.get_mut().unwrap_or_else(|e| e.into_inner()).clear();
        self
    }

    /// The part block `k` is in.
    fn part_of(&self, k: u64) -> &Part {
        &self.parts[self.entries[k as usize].part as usize]
    }

    /// Part `number`'s bytes: its own, or its shard's map (mapped again if it is not among the
    /// last [`MAX_MAPS`] used, and refused if the file's size changed since it was checked).
    fn bytes(&self, number: usize) -> Result<std::sync::Arc<Bytes>, TableError> {
        let part = &self.parts[number];
        let path = match &part.bytes {
            PartBytes::Held(bytes) => return Ok(bytes.clone()),
            PartBytes::Shard(path) => path,
        };
        {
            let mut maps = self.maps.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(at) = maps.iter().position(|(n, _)| *n == number) {
                let hit = maps.remove(at);
                let bytes = hit.1.clone();
                maps.push(hit);
                return Ok(bytes);
            }
        }
        let bytes = std::sync::Arc::new(map_file(path, &part.file)?);
        let len = bytes.as_slice().len() as u64;
        if len != part.len {
            let message = format!("{len} bytes, but {} when it was opened: changed while it was read", part.len);
            return Err(error(&part.file, 0, message));
        }
        let mut maps = self.maps.lock().unwrap_or_else(|e| e.into_inner());
        if maps.len() >= MAX_MAPS {
            maps.remove(0);
        }
        maps.push((number, bytes.clone()));
        Ok(bytes)
    }

    /// Asks for a range of a part to be read in the background (see [`Bytes::will_need`]);
    /// nothing when the part cannot be mapped, which reading it will then say.
    fn will_need(&self, number: usize, offset: u64, len: u64) {
        if let Ok(bytes) = self.bytes(number) {
            bytes.will_need(offset, len);
        }
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
            self.will_need(entry.part as usize, entry.offset, u64::from(entry.len));
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
        let held = self.bytes(entry.part as usize)?;
        let bytes = held.as_slice();
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
                let Part { file, len, table_checksum, .. } = &self.parts[checked_parts];
                let actual = table.digest();
                if actual != *table_checksum {
                    let at = len - TRAILER + 24;
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
                self.will_need(part as usize, first.offset, last.offset + u64::from(last.len) - first.offset);
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
    /// for a sharded table, the checksum of its shards' ([`crate::shards`]).
    pub fn table_checksum(&self) -> u64 {
        self.table_checksum
    }

    /// The file's size in bytes (the shards' together, for a sharded table).
    pub fn file_bytes(&self) -> u64 {
        self.parts.iter().map(|p| p.len).sum()
    }
}

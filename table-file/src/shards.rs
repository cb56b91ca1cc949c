//! One table cut into shards: a directory holding table files (TABLE-FORMAT.md), each the
//! records of a range of the positions, and `manifest.json`, which says which. What a solve
//! spread over the processes of an MPI job writes (each process its own shards, with no file
//! written by two), and what [`TableFile::open`](crate::TableFile::open) reads as one table when given the directory.
//!
//! The shards tile the positions in order, none empty; each has the table's header but for
//! its `positions`, and blocks of the manifest's `block_records`, so that block `k` of the
//! whole table is one block of one shard (every shard but the last holds whole blocks). A
//! shard checks itself as any table file does; the whole table's checksum is the xxh3-64 of
//! the shards' checksums, 8 little-endian bytes each, in order ([`sharded_checksum`]): it
//! differs from the checksum of the same records in one file, which only a pass over every
//! record could give.
//!
//! ```
//! use table_file::{Encoding, Header, TableFile, Value, write_table_with, WriteOptions};
//! use table_file::shards::{Manifest, Shard};
//! let dir = tempfile::tempdir().unwrap();
//! let header = Header {
//!     game: "example".into(),
//!     params: Default::default(),
//!     variant: "normal play".into(),
//!     encoding: Encoding::Score8,
//!     positions: 100,
//!     engine: "by hand".into(),
//!     writer: "doc test".into(),
//! };
//! let shards = vec![Shard::new("low.table", 0, 64), Shard::new("high.table", 64, 36)];
//! let manifest = Manifest::new(header, shards, Default::default()).unwrap();
//! assert_eq!(manifest.block_records, 64);
//! for shard in &manifest.shards {
//!     let options = WriteOptions { block_records: manifest.block_records, ..WriteOptions::default() };
//!     let value = |i: u64| Value::Score((shard.first + i) as i64 % 5);
//!     write_table_with(&dir.path().join(&shard.file), &manifest.shard_header(shard), &value, false, &|_, _| {}, options)
//!         .unwrap();
//! }
//! manifest.write(dir.path()).unwrap();
//! let table = TableFile::open(dir.path()).unwrap();
//! assert_eq!(table.header().positions, 100);
//! assert_eq!(table.value(73).unwrap(), Value::Score(3));
//! ```

use crate::format::{DEFAULT_BLOCK_RECORDS, Header, MAX_BLOCK_RECORDS, TableError, json_offset};
use crate::write::{create_temporary, sync_parent};
use std::collections::BTreeMap;
use std::path::Path;

/// The manifest's name in a sharded table's directory.
pub const MANIFEST: &str = "manifest.json";
/// The manifest's `format` field.
pub const FORMAT: &str = "gamesolve-sharded-table";
/// The manifest version this code writes and the only one it reads.
pub const VERSION: u32 = 1;
/// The longest manifest a reader accepts: some 200,000 shards.
pub const MAX_MANIFEST_BYTES: u64 = 64 << 20;

/// Why a manifest does not describe a table ([`Manifest::check`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ManifestError {
    /// Its `format` is not [`FORMAT`].
    #[error("format `{0}`: a sharded table's manifest says `{FORMAT}`")]
    Format(String),
    /// Its `version` is not [`VERSION`].
    #[error("manifest version {0}: this reader knows version {VERSION} only")]
    Version(u32),
    /// Its `block_records` is 0 or past [`MAX_BLOCK_RECORDS`].
    #[error("blocks of {0} records: a block holds 1 to {MAX_BLOCK_RECORDS}")]
    BlockRecords(u32),
    /// A shard's file is not a plain name of the directory.
    #[error("shard {shard}: `{file}` is not a plain file name of the directory")]
    NotPlainName {
        /// The shard's number.
        shard: usize,
        /// Its file.
        file: String,
    },
    /// Two shards name one file.
    #[error("shard {shard}: the file `{file}` is named twice")]
    NamedTwice {
        /// The second shard's number.
        shard: usize,
        /// The file.
        file: String,
    },
    /// A shard does not start where the shards before it end.
    #[error("shard {shard} starts at position {first}, but the shards before end at {expected}")]
    NotInOrder {
        /// The shard's number.
        shard: usize,
        /// Its first position.
        first: u64,
        /// Where it should start.
        expected: u64,
    },
    /// A shard holds no positions.
    #[error("shard {shard} holds no positions")]
    Empty {
        /// The shard's number.
        shard: usize,
    },
    /// A shard but the last does not hold whole blocks.
    #[error("shard {shard} holds {positions} positions, not whole blocks of {block_records}")]
    NotWholeBlocks {
        /// The shard's number.
        shard: usize,
        /// Its positions.
        positions: u64,
        /// The blocks' size.
        block_records: u32,
    },
    /// A shard ends past position 2^64.
    #[error("shard {shard} ends past position 2^64")]
    PastTheEnd {
        /// The shard's number.
        shard: usize,
    },
    /// The shards do not hold the table's positions.
    #[error("the shards hold {held} positions, the table {positions}")]
    Total {
        /// What the shards hold.
        held: u64,
        /// What the header says.
        positions: u64,
    },
    /// The manifest would be longer than a reader takes ([`MAX_MANIFEST_BYTES`]): too many
    /// shards for one table.
    #[error(
        "{shards} shards make a manifest of {bytes} bytes, longer than the {MAX_MANIFEST_BYTES} a reader takes: \
         the table could not be read back (cut it into fewer shards)"
    )]
    TooLong {
        /// The shards.
        shards: usize,
        /// The manifest's bytes.
        bytes: u64,
    },
}

/// One shard: the records of positions `first..first + positions`, in the file `file` of the
/// table's directory.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shard {
    /// The file's name in the directory: a plain name, no path.
    pub file: String,
    /// Its first position.
    pub first: u64,
    /// How many positions it holds, at least 1.
    pub positions: u64,
}

impl Shard {
    /// The shard `file` of the positions `first..first + positions`.
    pub fn new(file: impl Into<String>, first: u64, positions: u64) -> Shard {
        Shard { file: file.into(), first, positions }
    }
}

/// A sharded table's `manifest.json` (see the [module docs](self)).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// The whole table's header; each shard's is the same but for `positions`.
    pub header: Header,
    /// Records a block in every shard.
    pub block_records: u32,
    /// The shards, in position order.
    pub shards: Vec<Shard>,
    /// How the writer cut the work, for a run that resumes it to repeat (e.g. the tiering and
    /// the number of processes); readers ignore it.
    pub plan: BTreeMap<String, String>,
}

/// The largest block size, at most [`DEFAULT_BLOCK_RECORDS`], that divides every length but the
/// last: shards of `lengths` positions, in order, in whole blocks of it.
pub fn block_records_for(lengths: &[u64]) -> u32 {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let but_last = &lengths[..lengths.len().saturating_sub(1)];
    but_last.iter().fold(u64::from(DEFAULT_BLOCK_RECORDS), |r, &n| gcd(r, n)) as u32
}

/// The checksum of a sharded table: xxh3-64 of its shards' checksums, each as 8 little-endian
/// bytes, in order.
pub fn sharded_checksum(shard_checksums: impl IntoIterator<Item = u64>) -> u64 {
    let bytes: Vec<u8> = shard_checksums.into_iter().flat_map(u64::to_le_bytes).collect();
    xxhash_rust::xxh3::xxh3_64(&bytes)
}

impl Manifest {
    /// The manifest of `header`'s table cut into `shards`, with the largest blocks they allow
    /// ([`block_records_for`]); checked as a reader checks it, and refused if it would be
    /// longer than a reader takes, before any shard is written.
    pub fn new(header: Header, shards: Vec<Shard>, plan: BTreeMap<String, String>) -> Result<Manifest, ManifestError> {
        let lengths: Vec<u64> = shards.iter().map(|s| s.positions).collect();
        let manifest = Manifest {
            format: FORMAT.to_string(),
            version: VERSION,
            header,
            block_records: block_records_for(&lengths),
            shards,
            plan,
        };
        manifest.check()?;
        let bytes = serde_json::to_vec_pretty(&manifest).map_or(u64::MAX, |json| json.len() as u64 + 1);
        if bytes > MAX_MANIFEST_BYTES {
            return Err(ManifestError::TooLong { shards: manifest.shards.len(), bytes });
        }
        Ok(manifest)
    }

    /// The header of `shard`'s file: the table's, with the shard's positions.
    pub fn shard_header(&self, shard: &Shard) -> Header {
        Header { positions: shard.positions, ..self.header.clone() }
    }

    /// Whether the manifest describes a table: its format and version, plain and distinct
    /// shard names, shards tiling the positions in order, none empty, in whole blocks but the
    /// last, blocks of 1 to [`MAX_BLOCK_RECORDS`] records.
    pub fn check(&self) -> Result<(), ManifestError> {
        if self.format != FORMAT {
            return Err(ManifestError::Format(self.format.clone()));
        }
        if self.version != VERSION {
            return Err(ManifestError::Version(self.version));
        }
        if self.block_records == 0 || self.block_records > MAX_BLOCK_RECORDS {
            return Err(ManifestError::BlockRecords(self.block_records));
        }
        let mut names = std::collections::BTreeSet::new();
        let mut next = 0u64;
        for (number, shard) in self.shards.iter().enumerate() {
            let plain = !shard.file.is_empty()
                && !shard.file.starts_with('.')
                && !shard.file.contains(['/', '\\', '\0'])
                && shard.file != MANIFEST;
            if !plain {
                return Err(ManifestError::NotPlainName { shard: number, file: shard.file.clone() });
            }
            if !names.insert(&shard.file) {
                return Err(ManifestError::NamedTwice { shard: number, file: shard.file.clone() });
            }
            if shard.first != next {
                return Err(ManifestError::NotInOrder { shard: number, first: shard.first, expected: next });
            }
            if shard.positions == 0 {
                return Err(ManifestError::Empty { shard: number });
            }
            let last = number + 1 == self.shards.len();
            if !last && shard.positions % u64::from(self.block_records) != 0 {
                let (positions, block_records) = (shard.positions, self.block_records);
                return Err(ManifestError::NotWholeBlocks { shard: number, positions, block_records });
            }
            next = next.checked_add(shard.positions).ok_or(ManifestError::PastTheEnd { shard: number })?;
        }
        if next != self.header.positions {
            return Err(ManifestError::Total { held: next, positions: self.header.positions });
        }
        Ok(())
    }

    /// The manifest of the sharded table in `dir`, checked ([`Manifest::check`]); errors name
    /// the file and the byte.
    pub fn read(dir: &Path) -> Result<Manifest, TableError> {
        let path = dir.join(MANIFEST);
        let file = path.display().to_string();
        let fail = |offset: u64, message: String| TableError { file: file.clone(), offset, message };
        let opened = crate::files::open_regular(&path, &file)?;
        let size = opened.metadata().map_err(|e| fail(0, format!("reading its size: {e}")))?.len();
        if size > MAX_MANIFEST_BYTES {
            return Err(fail(0, format!("a manifest of {size} bytes: at most {MAX_MANIFEST_BYTES}")));
        }
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut std::io::Read::take(opened, MAX_MANIFEST_BYTES + 1), &mut text)
            .map_err(|e| fail(0, format!("reading: {e}")))?;
        if text.len() as u64 > MAX_MANIFEST_BYTES {
            return Err(fail(0, format!("a manifest of more than {MAX_MANIFEST_BYTES} bytes")));
        }
        let manifest: Manifest = serde_json::from_slice(&text)
            .map_err(|e| fail(json_offset(&text, e.line(), e.column()), format!("manifest JSON: {e}")))?;
        manifest.check().map_err(|e| fail(0, e.to_string()))?;
        Ok(manifest)
    }

    /// Writes the manifest into `dir`, crash-safe (a new temporary file of a random name beside
    /// it, never opened through a link, synced, renamed over any older manifest, the directory
    /// synced).
    pub fn write(&self, dir: &Path) -> Result<(), TableError> {
        let path = dir.join(MANIFEST);
        let fail = |message: String| TableError { file: path.display().to_string(), offset: 0, message };
        let json = serde_json::to_vec_pretty(self).map_err(|e| fail(e.to_string()))?;
        let (partial, mut out) = create_temporary(&path).map_err(|e| fail(format!("writing: {e}")))?;
        let written = (|| {
            use std::io::Write;
            out.write_all(&json)?;
            out.write_all(b"\n")?;
            out.sync_all()?;
            drop(out);
            std::fs::rename(&partial, &path)?;
            sync_parent(&path)
        })();
        written.map_err(|e| {
            let _ = std::fs::remove_file(&partial);
            fail(format!("writing: {e}"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Encoding, TableFile, Value, WriteOptions, write_table, write_table_with};

    fn header(positions: u64) -> Header {
        Header {
            game: "example".into(),
            params: BTreeMap::from([("n".to_string(), positions.to_string())]),
            variant: "test".into(),
            encoding: Encoding::Score16,
            positions,
            engine: "by hand".into(),
            writer: "tests".into(),
        }
    }

    fn value(i: u64) -> Value {
        Value::Score((i * 7919 % 601) as i64 - 300)
    }

    /// Writes `lengths` as shards of one table into a new directory.
    fn sharded(lengths: &[u64]) -> (tempfile::TempDir, Manifest) {
        let dir = tempfile::tempdir().unwrap();
        let mut shards = Vec::new();
        let mut first = 0;
        for (k, &n) in lengths.iter().enumerate() {
            shards.push(Shard::new(format!("part-{k}.table"), first, n));
            first += n;
        }
        let manifest = Manifest::new(header(first), shards, BTreeMap::new()).unwrap();
        for shard in &manifest.shards {
            let options = WriteOptions { block_records: manifest.block_records, ..WriteOptions::default() };
            let first = shard.first;
            let path = dir.path().join(&shard.file);
            write_table_with(&path, &manifest.shard_header(shard), &|i| value(first + i), false, &|_, _| {}, options)
                .unwrap();
        }
        manifest.write(dir.path()).unwrap();
        (dir, manifest)
    }

    #[test]
    fn a_sharded_table_reads_as_the_one_file_of_its_values() {
        let lengths = [1 << 17, 1 << 16, 3 << 16, 12345];
        let (dir, _) = sharded(&lengths);
        let table = TableFile::open(dir.path()).unwrap();
        let positions: u64 = lengths.iter().sum();
        assert_eq!(table.header().positions, positions);
        assert_eq!(table.block_records(), 1 << 16);
        for i in [0, 1, (1 << 17) - 1, 1 << 17, (3 << 16) + 5, positions - 1] {
            assert_eq!(table.value(i).unwrap(), value(i), "position {i}");
        }
        assert!(table.value(positions).is_err());
        let seen = std::sync::Mutex::new(vec![None; positions as usize]);
        table
            .for_each_block(
                &|first, values| {
                    let mut seen = seen.lock().unwrap();
                    for (j, &v) in values.iter().enumerate() {
                        seen[first as usize + j] = Some(v);
                    }
                    Ok(())
                },
                &|_, _| {},
            )
            .unwrap();
        let seen = seen.into_inner().unwrap();
        assert!(seen.iter().enumerate().all(|(i, v)| *v == Some(value(i as u64))));
        // The checksum of the shards' checksums, each shard's that of its own records.
        let one = tempfile::tempdir().unwrap();
        let file = one.path().join("one.table");
        write_table(&file, &header(positions), &value, false, &|_, _| {}).unwrap();
        let whole = TableFile::open(&file).unwrap();
        assert_ne!(table.table_checksum(), whole.table_checksum());
        let shard_sums: Vec<u8> = (0..lengths.len())
            .flat_map(|k| {
                TableFile::open(&dir.path().join(format!("part-{k}.table"))).unwrap().table_checksum().to_le_bytes()
            })
            .collect();
        assert_eq!(table.table_checksum(), xxhash_rust::xxh3::xxh3_64(&shard_sums));
    }

    #[test]
    fn block_sizes_follow_the_shards_lengths() {
        assert_eq!(block_records_for(&[]), DEFAULT_BLOCK_RECORDS);
        assert_eq!(block_records_for(&[7]), DEFAULT_BLOCK_RECORDS);
        assert_eq!(block_records_for(&[1 << 20, 1 << 20]), 1 << 16);
        assert_eq!(block_records_for(&[1 << 10, 1 << 12, 5]), 1 << 10);
        assert_eq!(block_records_for(&[96, 3]), 32);
        assert_eq!(block_records_for(&[7, 3]), 1);
        let (dir, manifest) = sharded(&[96, 64, 5]);
        assert_eq!(manifest.block_records, 32);
        let table = TableFile::open(dir.path()).unwrap();
        assert_eq!(table.blocks(), 3 + 2 + 1);
        assert_eq!(table.value(96 + 64 + 4).unwrap(), value(164));
    }

    #[test]
    fn a_missing_or_damaged_or_foreign_shard_is_named() {
        let (dir, manifest) = sharded(&[1 << 16, 100]);
        let second = dir.path().join(&manifest.shards[1].file);
        let bytes = std::fs::read(&second).unwrap();
        std::fs::remove_file(&second).unwrap();
        let e = TableFile::open(dir.path()).err().unwrap();
        assert!(e.file.ends_with("part-1.table") && e.message.contains("--resume"), "{e}");
        // A block flipped: opening passes, reading the block names the shard and the offset.
        let mut damaged = bytes.clone();
        let last_block_byte = damaged.len() - 48 - 20 - 1;
        damaged[last_block_byte] ^= 1;
        std::fs::write(&second, &damaged).unwrap();
        let table = TableFile::open(dir.path()).unwrap();
        let e = table.value((1 << 16) + 3).unwrap_err();
        assert!(e.file.ends_with("part-1.table") && e.message.contains("checksum"), "{e}");
        let e = table.for_each_block(&|_, _| Ok(()), &|_, _| {}).unwrap_err();
        assert!(e.file.ends_with("part-1.table"), "{e}");
        // Another table's file in its place: refused by its header.
        let other = sharded(&[1 << 16, 101]).0;
        std::fs::copy(other.path().join("part-1.table"), &second).unwrap();
        let e = TableFile::open(dir.path()).err().unwrap();
        assert!(e.message.contains("header is not the manifest's"), "{e}");
    }

    #[test]
    fn manifests_that_do_not_tile_the_table_are_refused() {
        let ok =
            || Manifest::new(header(300), vec![Shard::new("a", 0, 256), Shard::new("b", 256, 44)], BTreeMap::new());
        assert!(ok().is_ok());
        let with = |shards: Vec<Shard>| Manifest::new(header(300), shards, BTreeMap::new()).unwrap_err();
        assert_eq!(
            with(vec![Shard::new("a", 0, 256), Shard::new("b", 257, 43)]),
            ManifestError::NotInOrder { shard: 1, first: 257, expected: 256 }
        );
        assert_eq!(
            with(vec![Shard::new("a", 0, 256), Shard::new("b", 256, 45)]),
            ManifestError::Total { held: 301, positions: 300 }
        );
        assert_eq!(with(vec![Shard::new("a", 0, 300), Shard::new("b", 300, 0)]), ManifestError::Empty { shard: 1 });
        assert_eq!(
            with(vec![Shard::new("../a", 0, 300)]),
            ManifestError::NotPlainName { shard: 0, file: "../a".into() }
        );
        assert_eq!(
            with(vec![Shard::new(MANIFEST, 0, 300)]),
            ManifestError::NotPlainName { shard: 0, file: MANIFEST.into() }
        );
        assert_eq!(
            with(vec![Shard::new("a", 0, 256), Shard::new("a", 256, 44)]),
            ManifestError::NamedTwice { shard: 1, file: "a".into() }
        );
        let mut m = ok().unwrap();
        m.block_records = 100;
        assert_eq!(m.check(), Err(ManifestError::NotWholeBlocks { shard: 0, positions: 256, block_records: 100 }));
        m.block_records = 0;
        assert_eq!(m.check(), Err(ManifestError::BlockRecords(0)));
        // The largest block is allowed, one record more is not.
        let one = |block_records| Manifest { block_records, shards: vec![Shard::new("a", 0, 300)], ..ok().unwrap() };
        assert_eq!(one(MAX_BLOCK_RECORDS).check(), Ok(()));
        assert_eq!(one(MAX_BLOCK_RECORDS + 1).check(), Err(ManifestError::BlockRecords(MAX_BLOCK_RECORDS + 1)));
        // Read back from a file: bad JSON is named with its byte.
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(MANIFEST), b"{\n  \"format\": 3\n}").unwrap();
        let e = Manifest::read(dir.path()).unwrap_err();
        assert!(e.offset > 0 && e.message.contains("manifest JSON"), "{e}");
        // A manifest of the longest size is read (JSON may end in white space); a byte more is
        // refused before it is read.
        let mut json = serde_json::to_vec(&ok().unwrap()).unwrap();
        json.resize(MAX_MANIFEST_BYTES as usize, b' ');
        std::fs::write(dir.path().join(MANIFEST), &json).unwrap();
        assert_eq!(Manifest::read(dir.path()).unwrap(), ok().unwrap());
        json.push(b' ');
        std::fs::write(dir.path().join(MANIFEST), &json).unwrap();
        let e = Manifest::read(dir.path()).unwrap_err();
        assert!(e.message.contains(&format!("at most {MAX_MANIFEST_BYTES}")), "{e}");
    }
}

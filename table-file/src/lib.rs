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
//! use table_file::{Encoding, Header, TableFile, Value, WriteOptions, table_bytes};
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
//!
//! | module | what it holds |
//! |---|---|
//! | [`format`](mod@format) | values, record encodings, the header, the format's constants, errors |
//! | [`write`](mod@write) | the crash-safe parallel writer, the same into memory, checksums without a file |
//! | [`read`] | [`TableFile`]: a mapped file, or a sharded table's directory, read as one |
//! | [`shards`] | one table as a directory of shards and a manifest |
//!
//! This crate knows no game: what a position number means is the game's business, named by
//! the header. It holds the workspace's one `unsafe` call, the memory map of a table file
//! ([`TableFile::open`]).

mod files;
pub mod format;
pub mod fuzz;
pub mod read;
pub mod shards;
pub mod write;

pub use format::{
    DEFAULT_BLOCK_RECORDS, DEFAULT_LEVEL, END_MAGIC, Encoding, Header, MAGIC, MAX_BLOCK_RECORDS, MAX_HEADER_BYTES,
    RecordError, TableError, VERSION, Value, ValueKind,
};
pub use fuzz::fuzz_read;
pub use read::TableFile;
pub use write::{
    Target, WriteError, WriteOptions, Written, check_target, checksum_of, create_temporary, table_bytes, write_table,
    write_table_with,
};

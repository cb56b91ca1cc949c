//! The table file format of TABLE-FORMAT.md: round trips of every encoding, files written by an
//! independent encoder of the specification, and bad input of every kind (truncation, every
//! single bit flipped, wrong magic and version, headers that disagree with their data), none of
//! which may panic or read a wrong value. PROPTEST_CASES raises the number of cases (256).

use std::alloc::System;
use std::path::{Path, PathBuf};

use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};
use proptest::prelude::*;
use solver_core::{Nimber, Outcome};
use table_file::{
    Encoding, Header, RecordError, TableError, TableFile, Value, WriteError, WriteOptions, checksum_of, fuzz_read,
    table_bytes, write_table, write_table_with,
};
use xxhash_rust::xxh3::{xxh3_64, xxh3_64_with_seed};

// Only to show that decompressing a bomb allocates no more than its block needs.
#[global_allocator]
static GLOBAL: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

fn header(encoding: Encoding, positions: u64) -> Header {
    Header {
        game: "test-game".into(),
        params: [("rows".to_string(), "2".to_string()), ("cols".to_string(), "3".to_string())].into(),
        variant: "normal play".into(),
        encoding,
        positions,
        engine: "hand".into(),
        writer: "table_file tests".into(),
    }
}

/// A value of `encoding`'s kind for each seed, in range and using the whole range, so every
/// bit of a record is exercised.
fn value_from(encoding: Encoding, seed: u64) -> Value {
    let s = seed as i64;
    match encoding {
        Encoding::Outcome16 | Encoding::Outcome32 => {
            let r = if encoding == Encoding::Outcome16 { (seed >> 8) % (1 << 14) } else { (seed >> 8) % (1 << 30) };
            let r = r as u32;
            Value::Outcome(match seed % 4 {
                0 => Outcome::Win(r),
                1 => Outcome::Loss(r),
                2 => Outcome::Tie(r),
                _ => Outcome::Draw,
            })
        }
        Encoding::Nimber8 => Value::Nimber(Nimber((seed % 256) as u32)),
        Encoding::Nimber16 => Value::Nimber(Nimber((seed % 65536) as u32)),
        Encoding::Nimber32 => Value::Nimber(Nimber(seed as u32)),
        Encoding::Score8 => Value::Score(s.rem_euclid(256) - 128),
        Encoding::Score16 => Value::Score(s.rem_euclid(65536) - 32768),
        Encoding::Score32 => Value::Score(seed as u32 as i32 as i64),
    }
}

/// A record written by hand from TABLE-FORMAT.md's "Records", independently of `Encoding`.
fn spec_record(encoding: Encoding, value: Value) -> Vec<u8> {
    let outcome = |o: Outcome, bits: u32| -> u64 {
        let (kind, r) = match o {
            Outcome::Win(r) => (0u64, r),
            Outcome::Loss(r) => (1, r),
            Outcome::Tie(r) => (2, r),
            Outcome::Draw => (3, 0),
        };
        kind * (1u64 << bits) + r as u64
    };
    let (number, width): (u64, usize) = match (encoding, value) {
        (Encoding::Outcome16, Value::Outcome(o)) => (outcome(o, 14), 2),
        (Encoding::Outcome32, Value::Outcome(o)) => (outcome(o, 30), 4),
        (Encoding::Nimber8, Value::Nimber(n)) => (n.0 as u64, 1),
        (Encoding::Nimber16, Value::Nimber(n)) => (n.0 as u64, 2),
        (Encoding::Nimber32, Value::Nimber(n)) => (n.0 as u64, 4),
        // Two's complement in `width` bytes is the value modulo 2^(8 width).
        (Encoding::Score8, Value::Score(s)) => (s as u64, 1),
        (Encoding::Score16, Value::Score(s)) => (s as u64, 2),
        (Encoding::Score32, Value::Score(s)) => (s as u64, 4),
        other => panic!("no record for {other:?}"),
    };
    (0..width).map(|i| (number >> (8 * i)) as u8).collect()
}

/// An independent writer of TABLE-FORMAT.md's layout, from already compressed blocks, so tests
/// can build files that pass every checksum and still say something wrong.
struct Craft {
    version: u32,
    json: Vec<u8>,
    block_records: u32,
    packed: Vec<Vec<u8>>,
    table_checksum: u64,
}

impl Craft {
    /// The file of `header` whose records are `raw`, compressed at level 3 in blocks of
    /// `block_records` records of `width` bytes.
    fn new(json: Vec<u8>, block_records: u32, width: usize, raw: &[u8]) -> Craft {
        let packed = raw.chunks(block_records as usize * width).map(|b| zstd::bulk::compress(b, 3).unwrap()).collect();
        Craft { version: 1, json, block_records, packed, table_checksum: xxh3_64(raw) }
    }

    fn bytes(&self) -> Vec<u8> {
        let mut out = b"GAMESOLVE-TABLE\0".to_vec();
        out.extend_from_slice(&self.version.to_le_bytes());
        out.extend_from_slice(&(self.json.len() as u32).to_le_bytes());
        out.extend_from_slice(&self.json);
        let header_checksum = xxh3_64(&out);
        out.extend_from_slice(&header_checksum.to_le_bytes());
        let mut index = Vec::new();
        for block in &self.packed {
            index.extend_from_slice(&(out.len() as u64).to_le_bytes());
            index.extend_from_slice(&(block.len() as u32).to_le_bytes());
            index.extend_from_slice(&xxh3_64(block).to_le_bytes());
            out.extend_from_slice(block);
        }
        index.extend_from_slice(&(out.len() as u64).to_le_bytes());
        index.extend_from_slice(&(self.packed.len() as u64).to_le_bytes());
        index.extend_from_slice(&self.block_records.to_le_bytes());
        index.extend_from_slice(&0u32.to_le_bytes());
        index.extend_from_slice(&self.table_checksum.to_le_bytes());
        let index_checksum = xxh3_64_with_seed(&index, header_checksum);
        index.extend_from_slice(&index_checksum.to_le_bytes());
        index.extend_from_slice(b"GSTBLEND");
        out.extend_from_slice(&index);
        out
    }
}

fn raw_records(encoding: Encoding, values: &[Value]) -> Vec<u8> {
    values.iter().flat_map(|&v| spec_record(encoding, v)).collect()
}

/// A small table of several blocks, the last one short: 300 Outcome16 records in blocks of 64.
fn small() -> (Header, Vec<Value>, Vec<u8>) {
    let encoding = Encoding::Outcome16;
    let values: Vec<Value> = (0..300).map(|i| value_from(encoding, i * 2_654_435_761 % 1_000_003)).collect();
    let header = header(encoding, values.len() as u64);
    let bytes = table_bytes(&header, &|i| values[i as usize], WriteOptions { block_records: 64, level: 3 }).unwrap();
    (header, values, bytes)
}

/// The error's offset lies in the file (or just past its end, for a file cut short), and its
/// text names the file.
fn located(e: &TableError, name: &str, len: usize) -> Result<(), String> {
    if e.file != name || e.offset > len as u64 || !e.to_string().starts_with(&format!("{name}: at byte {}", e.offset)) {
        return Err(format!("badly located error: {e:?} (file of {len} bytes)"));
    }
    Ok(())
}

/// A directory for this test's files, empty.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("table_file-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

fn all_values(table: &TableFile) -> Vec<Value> {
    let positions = table.header().positions as usize;
    let seen = std::sync::Mutex::new(vec![None; positions]);
    table
        .for_each_block(
            &|first, values| {
                let mut seen = seen.lock().unwrap();
                for (j, v) in values.iter().enumerate() {
                    seen[first as usize + j] = Some(*v);
                }
                Ok(())
            },
            &|_, _| {},
        )
        .unwrap();
    seen.into_inner().unwrap().into_iter().map(|v| v.unwrap()).collect()
}

#[test]
fn records_are_the_bytes_the_specification_gives() {
    // Hand-derived from TABLE-FORMAT.md: kind in the top bits, little-endian.
    let cases: &[(Encoding, Value, &[u8])] = &[
        (Encoding::Outcome16, Value::Outcome(Outcome::Win(5)), &[0x05, 0x00]),
        (Encoding::Outcome16, Value::Outcome(Outcome::Loss(5)), &[0x05, 0x40]),
        (Encoding::Outcome16, Value::Outcome(Outcome::Tie(0x3fff)), &[0xff, 0xbf]),
        (Encoding::Outcome16, Value::Outcome(Outcome::Draw), &[0x00, 0xc0]),
        (Encoding::Outcome32, Value::Outcome(Outcome::Loss(1)), &[0x01, 0x00, 0x00, 0x40]),
        (Encoding::Nimber8, Value::Nimber(Nimber(255)), &[0xff]),
        (Encoding::Nimber16, Value::Nimber(Nimber(300)), &[0x2c, 0x01]),
        (Encoding::Nimber32, Value::Nimber(Nimber(0x01020304)), &[0x04, 0x03, 0x02, 0x01]),
        (Encoding::Score8, Value::Score(-1), &[0xff]),
        (Encoding::Score16, Value::Score(-2), &[0xfe, 0xff]),
        (Encoding::Score32, Value::Score(-129), &[0x7f, 0xff, 0xff, 0xff]),
    ];
    for &(encoding, value, bytes) in cases {
        let mut out = vec![0; encoding.width()];
        encoding.encode(value, &mut out).unwrap();
        assert_eq!(out, bytes, "{encoding:?} {value:?}");
        assert_eq!(encoding.decode(bytes).unwrap(), value);
    }
    // A draw with a remoteness is no encoder's output.
    assert!(Encoding::Outcome16.decode(&[0x01, 0xc0]).is_err());
    assert!(Encoding::Outcome32.decode(&[0x00, 0x00, 0x01, 0xc0]).is_err());
    assert!(Encoding::Nimber16.decode(&[0x00]).is_err());
}

#[test]
fn values_that_do_not_fit_are_refused() {
    let refused: &[(Encoding, Value)] = &[
        (Encoding::Outcome16, Value::Outcome(Outcome::Win(16384))),
        (Encoding::Outcome32, Value::Outcome(Outcome::Tie(1 << 30))),
        (Encoding::Nimber8, Value::Nimber(Nimber(256))),
        (Encoding::Nimber16, Value::Nimber(Nimber(65536))),
        (Encoding::Score8, Value::Score(128)),
        (Encoding::Score8, Value::Score(-129)),
        (Encoding::Score16, Value::Score(32768)),
        (Encoding::Score32, Value::Score(i32::MIN as i64 - 1)),
        (Encoding::Score32, Value::Nimber(Nimber(1))),
        (Encoding::Nimber32, Value::Score(1)),
        (Encoding::Outcome16, Value::Score(0)),
    ];
    for &(encoding, value) in refused {
        let mut out = vec![0; encoding.width()];
        assert!(encoding.encode(value, &mut out).is_err(), "{encoding:?} took {value:?}");
    }
    assert!(Encoding::Score8.encode(Value::Score(0), &mut [0, 0]).is_err());
}

#[test]
fn the_narrowest_encoding_is_chosen_at_each_boundary() {
    assert_eq!(Encoding::narrowest_outcome(16383), Some(Encoding::Outcome16));
    assert_eq!(Encoding::narrowest_outcome(16384), Some(Encoding::Outcome32));
    assert_eq!(Encoding::narrowest_outcome((1 << 30) - 1), Some(Encoding::Outcome32));
    assert_eq!(Encoding::narrowest_outcome(1 << 30), None);
    assert_eq!(Encoding::narrowest_nimber(255), Encoding::Nimber8);
    assert_eq!(Encoding::narrowest_nimber(256), Encoding::Nimber16);
    assert_eq!(Encoding::narrowest_nimber(65536), Encoding::Nimber32);
    assert_eq!(Encoding::narrowest_score(-128, 127), Some(Encoding::Score8));
    assert_eq!(Encoding::narrowest_score(-129, 0), Some(Encoding::Score16));
    assert_eq!(Encoding::narrowest_score(0, 32768), Some(Encoding::Score32));
    assert_eq!(Encoding::narrowest_score(i32::MIN as i64, i32::MAX as i64), Some(Encoding::Score32));
    assert_eq!(Encoding::narrowest_score(0, i32::MAX as i64 + 1), None);
    assert_eq!(Encoding::narrowest_score(i64::MAX, i64::MIN), Some(Encoding::Score8));
    assert_eq!(Encoding::narrowest_score(1000, 500), Some(Encoding::Score8), "any empty range");
    assert_eq!(Encoding::narrowest_score(1000, 1000), Some(Encoding::Score16));
    // The largest remoteness of each outcome encoding is written; one more is refused.
    for (encoding, max) in [(Encoding::Outcome16, (1u32 << 14) - 1), (Encoding::Outcome32, (1 << 30) - 1)] {
        let mut record = vec![0; encoding.width()];
        assert_eq!(encoding.encode(Value::Outcome(Outcome::Win(max)), &mut record), Ok(()));
        assert!(encoding.encode(Value::Outcome(Outcome::Win(max + 1)), &mut record).is_err());
    }
    for encoding in Encoding::ALL {
        assert_eq!(serde_json::to_string(&encoding).unwrap(), format!("\"{}\"", encoding.name()));
    }
}

proptest! {
    #[test]
    fn every_encoding_round_trips(
        which in 0..Encoding::ALL.len(),
        seeds in proptest::collection::vec(any::<u64>(), 0..700),
        block_records in 1u32..100,
    ) {
        let encoding = Encoding::ALL[which];
        let values: Vec<Value> = seeds.iter().map(|&s| value_from(encoding, s)).collect();
        let header = header(encoding, values.len() as u64);
        let record = |i: u64| values[i as usize];
        let bytes = table_bytes(&header, &record, WriteOptions { block_records, level: 3 }).map_err(|e| TestCaseError::fail(e.to_string()))?;
        // The independent encoder of the specification writes the same bytes.
        let json = serde_json::to_vec_pretty(&header).unwrap();
        let raw = raw_records(encoding, &values);
        prop_assert_eq!(&Craft::new(json, block_records, encoding.width(), &raw).bytes(), &bytes);
        let table = TableFile::from_bytes(bytes, "t").map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(table.header(), &header);
        prop_assert_eq!(table.table_checksum(), xxh3_64(&raw));
        prop_assert_eq!(checksum_of(encoding, values.len() as u64, &record), Ok(xxh3_64(&raw)));
        for (i, v) in values.iter().enumerate() {
            prop_assert_eq!(table.value(i as u64).map_err(|e| TestCaseError::fail(e.to_string()))?, *v);
        }
        prop_assert_eq!(all_values(&table), values);
        prop_assert!(table.value(header.positions).is_err());
    }
}

#[test]
fn tables_of_0_1_and_a_partial_last_block_round_trip_on_disk() {
    let dir = scratch("sizes");
    for positions in [0u64, 1, (1 << 16) + 5] {
        let encoding = Encoding::Score16;
        let record = |i: u64| value_from(encoding, i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let path = dir.join(format!("t{positions}.table"));
        let reported = std::sync::Mutex::new(Vec::new());
        let written = write_table(&path, &header(encoding, positions), &record, false, &|d, t| {
            reported.lock().unwrap().push((d, t))
        })
        .unwrap();
        let table = TableFile::open(&path).unwrap();
        assert_eq!(written.bytes, std::fs::metadata(&path).unwrap().len());
        assert_eq!(written.bytes, table.file_bytes());
        assert_eq!(written.blocks, positions.div_ceil(1 << 16));
        let raw: Vec<u8> = (0..positions).flat_map(|i| spec_record(encoding, record(i))).collect();
        assert_eq!(written.table_checksum, xxh3_64(&raw));
        assert_eq!(table.table_checksum(), xxh3_64(&raw));
        assert_eq!(all_values(&table), (0..positions).map(record).collect::<Vec<_>>());
        for i in [0, positions / 2, positions.saturating_sub(1)].into_iter().filter(|&i| i < positions) {
            assert_eq!(table.value(i).unwrap(), record(i));
        }
        assert_eq!(reported.lock().unwrap().last(), Some(&(positions, positions)));
        let e = table.value(positions).unwrap_err();
        assert!(e.message.contains("out of range"), "{e}");
        located(&e, &path.display().to_string(), written.bytes as usize).unwrap();
    }
    assert_eq!(listing(&dir), ["t0.table", "t1.table", "t65541.table"]);
}

#[test]
fn checksum_of_covers_every_block_in_order() {
    // Two blocks and a bit, values with no period of a block's length.
    let positions = 2 * (1 << 16) + 5;
    let record = |i: u64| Value::Score((i % 65_521) as i64 - 32_760);
    let raw: Vec<u8> = (0..positions).flat_map(|i| spec_record(Encoding::Score16, record(i))).collect();
    assert_eq!(checksum_of(Encoding::Score16, positions, &record), Ok(xxh3_64(&raw)));
    // A value that does not fit, in the second block, is named by its position.
    let late = |i: u64| Value::Score(if i == 70_000 { 200 } else { 1 });
    let e = checksum_of(Encoding::Score8, positions, &late).unwrap_err();
    let error = RecordError::DoesNotFit { value: Value::Score(200), encoding: Encoding::Score8 };
    assert_eq!(e, WriteError::Record { position: 70_000, error });
}

#[test]
fn the_file_does_not_depend_on_the_number_of_threads() {
    let encoding = Encoding::Nimber8;
    let header = header(encoding, 100_000);
    let record = |i: u64| value_from(encoding, (i * i) % 37);
    let files: Vec<Vec<u8>> = [1, 3]
        .iter()
        .map(|&n| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(n).build().unwrap();
            pool.install(|| table_bytes(&header, &record, WriteOptions { block_records: 1000, level: 3 }).unwrap())
        })
        .collect();
    assert_eq!(files[0], files[1]);
}

#[test]
fn a_cut_short_file_is_always_an_error() {
    let (_, _, bytes) = small();
    for len in 0..bytes.len() {
        let e = TableFile::from_bytes(bytes[..len].to_vec(), "cut.table")
            .err()
            .unwrap_or_else(|| panic!("{len} bytes opened"));
        located(&e, "cut.table", len).unwrap();
        fuzz_read(&bytes[..len]).unwrap();
    }
    // On disk too, through the short-file path and the mapped one.
    let dir = scratch("cut");
    for len in [0, 10, 79, 80, 200, bytes.len() - 1] {
        let path = dir.join(format!("cut{len}.table"));
        std::fs::write(&path, &bytes[..len]).unwrap();
        let e = TableFile::open(&path).err().unwrap();
        located(&e, &path.display().to_string(), len).unwrap();
        if len > 16 {
            assert!(e.message.contains("cut short") || e.message.contains("end marker"), "{e}");
        }
    }
    let e = TableFile::open(&dir.join("missing.table")).err().unwrap();
    assert!(e.message.contains("opening"), "{e}");
}

#[test]
fn every_single_bit_flip_is_caught_and_no_wrong_value_is_read() {
    let (_, values, bytes) = small();
    let mut caught_on_open = 0;
    for byte in 0..bytes.len() {
        for bit in 0..8 {
            let mut bad = bytes.clone();
            bad[byte] ^= 1 << bit;
            fuzz_read(&bad).unwrap();
            let table = match TableFile::from_bytes(bad.clone(), "flip.table") {
                Err(e) => {
                    located(&e, "flip.table", bad.len()).unwrap();
                    caught_on_open += 1;
                    continue;
                }
                Ok(table) => table,
            };
            let mut failed = 0;
            for (i, v) in values.iter().enumerate() {
                match table.value(i as u64) {
                    Ok(read) => assert_eq!(read, *v, "byte {byte} bit {bit}: position {i} read wrong"),
                    Err(e) => {
                        located(&e, "flip.table", bad.len()).unwrap();
                        failed += 1;
                    }
                }
            }
            assert!(failed > 0, "byte {byte} bit {bit}: every value read");
            let e = table.for_each_block(&|_, _| Ok(()), &|_, _| {}).unwrap_err();
            located(&e, "flip.table", bad.len()).unwrap();
        }
    }
    // Blocks are only read when asked for, so only their bytes survive opening.
    assert!(caught_on_open > 0 && caught_on_open < bytes.len() * 8);
}

/// `bytes` with the field at `at` of the index or trailer replaced by `field`, and the index
/// checksum computed again as TABLE-FORMAT.md defines it (over the entries and the trailer
/// before it, seeded with the header checksum), so that only what the field says is wrong.
fn resealed(bytes: &[u8], at: usize, field: &[u8]) -> Vec<u8> {
    let mut b = bytes.to_vec();
    b[at..at + field.len()].copy_from_slice(field);
    let (len, trailer) = (b.len(), b.len() - 48);
    let header_len = u32::from_le_bytes(b[20..24].try_into().unwrap()) as usize;
    let header_checksum = u64::from_le_bytes(b[24 + header_len..32 + header_len].try_into().unwrap());
    let blocks = u64::from_le_bytes(b[trailer + 8..trailer + 16].try_into().unwrap()) as usize;
    let index_checksum = xxh3_64_with_seed(&b[trailer - 20 * blocks..len - 16], header_checksum);
    b[len - 16..len - 8].copy_from_slice(&index_checksum.to_le_bytes());
    b
}

#[test]
fn each_error_names_the_byte_of_what_is_wrong() {
    // The small table: 5 blocks, so 5 index entries of 20 bytes before the 48-byte trailer.
    let (_, _, bytes) = small();
    let len = bytes.len();
    let (trailer, data_start) = (len - 48, 24 + u32::from_le_bytes(bytes[20..24].try_into().unwrap()) as usize + 8);
    let index_start = trailer - 5 * 20;
    let entry = |k: usize| index_start + 20 * k;
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    let refused = |bad: Vec<u8>, offset: usize, says: &str| {
        let e = TableFile::from_bytes(bad, "t.table").err().expect("refused");
        assert_eq!((e.offset, e.message.contains(says)), (offset as u64, true), "expected byte {offset}, {says}: {e}");
    };
    let flipped = |at: usize| {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        bad
    };
    // Cut short: where the file ends, naming the part it ends in.
    refused(bytes[..20].to_vec(), 20, "inside the preamble");
    refused(bytes[..24].to_vec(), 24, "inside the header");
    refused(bytes[..data_start].to_vec(), data_start, "inside the trailer");
    refused(bytes[..data_start + 48].to_vec(), data_start + 40, "no end marker");
    // Corrupt: at the checksum that catches it, or the field itself.
    refused(flipped(17), 16, "format version");
    refused(flipped(30), data_start - 8, "header checksum mismatch");
    refused(flipped(entry(1) + 12), trailer + 32, "index checksum mismatch");
    refused(flipped(len - 1), len - 8, "no end marker");
    let e = TableFile::from_bytes(flipped(data_start + 3), "t.table").unwrap().value(0).unwrap_err();
    assert_eq!((e.offset, e.message.contains("block 0 checksum mismatch")), (data_start as u64, true), "{e}");
    // Fields that say something wrong, under a valid index checksum.
    assert!(TableFile::from_bytes(resealed(&bytes, trailer + 20, &[0; 4]), "t.table").is_ok());
    refused(resealed(&bytes, trailer, &(index_start as u64 + 1).to_le_bytes()), trailer, "said to start at byte");
    refused(resealed(&bytes, trailer + 16, &[0; 4]), trailer + 16, "a block holds 1 to");
    refused(resealed(&bytes, trailer + 20, &1u32.to_le_bytes()), trailer + 20, "reserved field 1");
    let four = resealed(&bytes, trailer + 8, &4u64.to_le_bytes());
    let four = resealed(&four, trailer, &(entry(1) as u64).to_le_bytes());
    refused(four, trailer + 8, "4 blocks, but the header's 300 positions in blocks of 64 records make 5");
    // Blocks whose entries would start before the data, or before the file.
    for count in [(trailer - data_start) / 20 + 1, 1000] {
        let mut past = bytes.clone();
        past[trailer + 8..trailer + 16].copy_from_slice(&(count as u64).to_le_bytes());
        refused(past, trailer + 8, &format!("{count} blocks do not fit"));
    }
    let moved = (u32_at(entry(2)) as u64 + 1).to_le_bytes();
    refused(resealed(&bytes, entry(2), &moved), entry(2), "block 2 is said to start at byte");
    refused(resealed(&bytes, entry(2) + 8, &[0; 4]), entry(2) + 8, "block 2 is 0 bytes long");
    let last_len = u32_at(entry(4) + 8);
    refused(resealed(&bytes, entry(4) + 8, &(last_len + 1).to_le_bytes()), entry(4) + 8, "past the index");
    refused(resealed(&bytes, entry(4) + 8, &(last_len - 1).to_le_bytes()), index_start - 1, "the blocks end at byte");
}

#[test]
fn blocks_read_whole_and_prefetching_any_index_is_only_a_hint() {
    let (_, values, bytes) = small();
    let table = TableFile::from_bytes(bytes, "s.table").unwrap();
    assert_eq!((table.file(), table.blocks(), table.block_records()), ("s.table", 5, 64));
    for k in 0..5 {
        let first = k as usize * 64;
        assert_eq!(table.block_values(k).unwrap(), values[first..(first + 64).min(300)], "block {k}");
    }
    let e = table.block_values(5).unwrap_err();
    assert!(e.message.contains("block 5 of a table of 5 blocks"), "{e}");
    // Whole blocks only, so the first index past the end would be a block past the end.
    let whole = header(Encoding::Score8, 256);
    let value = |i: u64| Value::Score(i as i64 % 100);
    let bytes = table_bytes(&whole, &value, WriteOptions { block_records: 64, level: 1 }).unwrap();
    let table = TableFile::from_bytes(bytes, "whole.table").unwrap();
    table.prefetch([0, 1, 63, 64, 255, 256, u64::MAX]);
    assert_eq!((table.value(1).unwrap(), table.value(255).unwrap()), (value(1), value(255)));
}

#[test]
fn outcomes_of_every_kind_decode_in_one_block() {
    // Every remoteness 0: records whose kind, read from the wrong bits, would still be a kind
    // or a draw, so a block decoder that took the wrong bits would read wrong values rather
    // than fail.
    let values = [Outcome::Win(0), Outcome::Loss(0), Outcome::Tie(0), Outcome::Draw].map(Value::Outcome);
    for encoding in [Encoding::Outcome16, Encoding::Outcome32] {
        let bytes = table_bytes(&header(encoding, 4), &|i| values[i as usize], WriteOptions::default()).unwrap();
        let table = TableFile::from_bytes(bytes, "o.table").unwrap();
        assert_eq!(table.block_values(0).unwrap(), values, "{encoding:?}");
        assert_eq!(all_values(&table), values, "{encoding:?}");
    }
}

#[test]
fn wrong_magic_and_unknown_version_are_named() {
    let (header, values, bytes) = small();
    let mut bad = bytes.clone();
    bad[0] = b'X';
    let e = TableFile::from_bytes(bad, "m.table").err().unwrap();
    assert_eq!((e.offset, e.message.contains("magic")), (0, true), "{e}");
    let e = TableFile::from_bytes(b"PK\x03\x04 a zip file, say".to_vec(), "m.zip").err().unwrap();
    assert_eq!((e.offset, e.message.contains("magic")), (0, true), "{e}");
    let raw = raw_records(header.encoding, &values);
    let mut craft = Craft::new(serde_json::to_vec(&header).unwrap(), 64, 2, &raw);
    craft.version = 2;
    let e = TableFile::from_bytes(craft.bytes(), "v.table").err().unwrap();
    assert_eq!((e.offset, e.message.contains("version 2")), (16, true), "{e}");
}

/// The JSON of `header` with a change, as text.
fn json_with(header: &Header, from: &str, to: &str) -> Vec<u8> {
    let text = serde_json::to_string(header).unwrap();
    assert!(text.contains(from), "{text}");
    text.replacen(from, to, 1).into_bytes()
}

#[test]
fn a_header_that_disagrees_with_its_data_is_an_error() {
    let (header, values, _) = small();
    let raw = raw_records(header.encoding, &values);
    let open = |json: Vec<u8>, block_records: u32, width: usize, raw: &[u8]| {
        let bytes = Craft::new(json, block_records, width, raw).bytes();
        let len = bytes.len();
        TableFile::from_bytes(bytes, "h.table").inspect_err(|e| located(e, "h.table", len).unwrap())
    };
    // The crafted file itself is fine.
    assert_eq!(all_values(&open(serde_json::to_vec(&header).unwrap(), 64, 2, &raw).unwrap()), values);

    // 400 positions in blocks of 64 are 7 blocks, not the 5 the index holds.
    let e = open(json_with(&header, "\"positions\":300", "\"positions\":400"), 64, 2, &raw).err().unwrap();
    assert!(e.message.contains("blocks"), "{e}");
    // 290 positions are 5 blocks too, but the last one decompresses to 20 records too many.
    let table = open(json_with(&header, "\"positions\":300", "\"positions\":290"), 64, 2, &raw).unwrap();
    assert!(table.value(0).is_ok());
    let e = table.value(289).unwrap_err();
    assert!(e.message.contains("block 4 decompresses to 88 bytes, but its 34 outcome16 records are 68"), "{e}");
    assert!(table.for_each_block(&|_, _| Ok(()), &|_, _| {}).is_err());
    // An encoding of another width: the blocks hold twice or half the bytes the header implies.
    for (to, wrong) in [("\"nimber8\"", "are 64"), ("\"outcome32\"", "are 256")] {
        let table = open(json_with(&header, "\"outcome16\"", to), 64, 2, &raw).unwrap();
        let e = table.value(0).unwrap_err();
        assert!(e.message.contains("block 0 decompresses to 128 bytes") && e.message.contains(wrong), "{to}: {e}");
        assert_eq!(e.offset, 32 + serde_json::to_vec(&header).unwrap().len() as u64 + to.len() as u64 - 11);
    }
    // Not JSON, an unknown encoding, a missing or unknown field, not UTF-8.
    for (json, what) in [
        (b"{\"game\": ".to_vec(), "EOF"),
        (json_with(&header, "\"outcome16\"", "\"outcome64\""), "outcome64"),
        (json_with(&header, "\"engine\":\"hand\",", ""), "engine"),
        (json_with(&header, "\"engine\":", "\"engines\":1,\"engine\":"), "engines"),
        (b"\xff\xfe".to_vec(), "JSON"),
    ] {
        let e = open(json, 64, 2, &raw).err().unwrap();
        assert!(e.message.contains("header JSON") && e.message.contains(what), "{e}");
        assert!(e.offset >= 24, "{e}");
    }
    // A JSON error is located at its byte: here the `3` on the second line.
    let json = b"{\n  \"game\": 3\n}".to_vec();
    let three = json.iter().position(|&b| b == b'3').unwrap() as u64;
    let e = open(json, 64, 2, &raw).err().unwrap();
    assert_eq!((e.offset, e.message.contains("line 2")), (24 + three, true), "{e}");
    // A block size no writer uses: 0, and more than a reader allocates.
    for block_records in [0, (1 << 20) + 1] {
        let empty = Header { positions: 0, ..header.clone() };
        let mut craft = Craft::new(serde_json::to_vec(&empty).unwrap(), 64, 2, &[]);
        craft.block_records = block_records;
        let e = TableFile::from_bytes(craft.bytes(), "b.table").err().unwrap();
        assert!(e.message.contains("block holds"), "{e}");
    }
}

#[test]
fn a_block_that_decompresses_to_far_too_much_allocates_only_its_size() {
    // A frame of 1 GiB of zeros with no recorded size, where the header promises 64 records.
    let mut encoder = zstd::stream::Encoder::new(Vec::new(), 1).unwrap();
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..1024 {
        std::io::Write::write_all(&mut encoder, &zeros).unwrap();
    }
    let bomb = encoder.finish().unwrap();
    let json = serde_json::to_vec(&header(Encoding::Nimber8, 64)).unwrap();
    let craft = Craft { version: 1, json, block_records: 64, packed: vec![bomb], table_checksum: 0 };
    let table = TableFile::from_bytes(craft.bytes(), "bomb.table").unwrap();
    GLOBAL.reset_peak_memory();
    let e = table.value(0).unwrap_err();
    // Other tests run at the same time, so the bound is loose; the bomb is 1 GiB.
    assert!(GLOBAL.get_peak_memory() < 64 << 20, "peak {} bytes", GLOBAL.get_peak_memory());
    assert!(e.message.contains("zstd") && e.message.contains("exactly the 64 bytes"), "{e}");
}

#[test]
fn a_block_of_records_no_encoder_writes_is_an_error() {
    // Draws with remoteness 1, compressed and checksummed correctly.
    let raw = [0x01u8, 0xc0].repeat(10);
    let json = serde_json::to_vec(&header(Encoding::Outcome16, 10)).unwrap();
    let table = TableFile::from_bytes(Craft::new(json, 64, 2, &raw).bytes(), "d.table").unwrap();
    let e = table.value(3).unwrap_err();
    assert!(e.message.contains("position 3") && e.message.contains("draw"), "{e}");
    assert!(table.for_each_block(&|_, _| Ok(()), &|_, _| {}).is_err());
    // One such record at position 5, in the second block of 4: named by block and position.
    let mut raw = [0u8, 0].repeat(10);
    raw[10..12].copy_from_slice(&[0x01, 0xc0]);
    let json = serde_json::to_vec(&header(Encoding::Outcome16, 10)).unwrap();
    let table = TableFile::from_bytes(Craft::new(json, 4, 2, &raw).bytes(), "d.table").unwrap();
    assert_eq!(table.value(4).unwrap(), Value::Outcome(Outcome::Win(0)));
    let e = table.value(5).unwrap_err();
    assert!(e.message.contains("block 1, position 5: "), "{e}");
}

#[test]
fn a_wrong_whole_table_checksum_is_caught_by_the_full_check() {
    let (header, values, _) = small();
    let raw = raw_records(header.encoding, &values);
    let mut craft = Craft::new(serde_json::to_vec(&header).unwrap(), 64, 2, &raw);
    craft.table_checksum ^= 1;
    let bytes = craft.bytes();
    let len = bytes.len() as u64;
    let table = TableFile::from_bytes(bytes, "c.table").unwrap();
    let e = table.for_each_block(&|_, _| Ok(()), &|_, _| {}).unwrap_err();
    assert_eq!((e.offset, e.message.contains("whole-table")), (len - 24, true), "{e}");
    fuzz_read(&craft.bytes()).unwrap();
}

#[test]
fn a_visitor_error_comes_back_with_its_block() {
    let (_, _, bytes) = small();
    let table = TableFile::from_bytes(bytes, "v.table").unwrap();
    let e = table
        .for_each_block(&|first, _| if first == 128 { Err("no good".into()) } else { Ok(()) }, &|_, _| {})
        .unwrap_err();
    assert_eq!(e.message, "no good");
    assert!(e.offset > 24);
}

#[test]
fn writing_refuses_an_existing_file_and_leaves_nothing_on_error() {
    let dir = scratch("write");
    let path = dir.join("t.table");
    let h = header(Encoding::Score8, 1000);
    let fine = |i: u64| Value::Score(i as i64 % 100);
    write_table(&path, &h, &fine, false, &|_, _| {}).unwrap();
    let before = std::fs::read(&path).unwrap();
    let other = |i: u64| Value::Score(-(i as i64 % 100));
    let e = write_table(&path, &h, &other, false, &|_, _| {}).unwrap_err();
    assert!(e.message.contains("exists"), "{e}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    write_table(&path, &h, &other, true, &|_, _| {}).unwrap();
    assert_eq!(TableFile::open(&path).unwrap().value(5).unwrap(), Value::Score(-5));
    assert_eq!(listing(&dir), ["t.table"]);

    // A value that does not fit, late in the table: no file, no temporary.
    let late = |i: u64| Value::Score(if i == 99_999 { 300 } else { 1 });
    let new = dir.join("new.table");
    let e = write_table(&new, &header(Encoding::Score8, 100_000), &late, false, &|_, _| {}).unwrap_err();
    assert!(e.message.contains("position 99999"), "{e}");
    // Also when forced over an existing table, which stays as it was.
    let e = write_table(&path, &header(Encoding::Score8, 100_000), &late, true, &|_, _| {}).unwrap_err();
    assert!(e.message.contains("position 99999"), "{e}");
    assert_eq!(TableFile::open(&path).unwrap().value(5).unwrap(), Value::Score(-5));
    // A value of another kind, and options no reader accepts.
    let e = write_table(&new, &header(Encoding::Nimber8, 10), &fine, false, &|_, _| {}).unwrap_err();
    assert!(e.message.contains("does not fit"), "{e}");
    for options in [WriteOptions { block_records: 0, level: 3 }, WriteOptions { block_records: 64, level: 0 }] {
        assert!(write_table_with(&new, &h, &fine, false, &|_, _| {}, options).is_err());
    }
    assert_eq!(listing(&dir), ["t.table"]);
    let partial = table_file::create_temporary(&new).unwrap().0;
    let name = partial.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with(".new.table.") && name.ends_with(".partial") && name.len() == 35, "{name}");
    std::fs::remove_file(&partial).unwrap();
    assert!(table_file::create_temporary(Path::new("/")).is_err());
}

#[test]
fn the_largest_block_and_the_longest_header_are_taken_and_one_more_is_refused() {
    use table_file::{MAX_BLOCK_RECORDS, MAX_HEADER_BYTES};
    let fine = |i: u64| Value::Score(i as i64 % 100);
    let h = header(Encoding::Score8, 10);
    let largest = WriteOptions { block_records: MAX_BLOCK_RECORDS, level: 1 };
    let table = TableFile::from_bytes(table_bytes(&h, &fine, largest).unwrap(), "largest.table").unwrap();
    assert_eq!((table.block_records(), table.value(9).unwrap()), (MAX_BLOCK_RECORDS, Value::Score(9)));
    let e = table_bytes(&h, &fine, WriteOptions { block_records: MAX_BLOCK_RECORDS + 1, level: 1 }).unwrap_err();
    assert_eq!(e, WriteError::BlockRecords(MAX_BLOCK_RECORDS + 1));
    // The header's JSON made exactly as long as allowed by a longer engine name.
    let base = serde_json::to_vec_pretty(&h).unwrap().len();
    let longer = |extra: usize| Header { engine: "x".repeat(h.engine.len() + extra), ..h.clone() };
    let longest = longer(MAX_HEADER_BYTES as usize - base);
    assert_eq!(serde_json::to_vec_pretty(&longest).unwrap().len(), MAX_HEADER_BYTES as usize);
    let table = TableFile::from_bytes(table_bytes(&longest, &fine, WriteOptions::default()).unwrap(), "long.table");
    assert_eq!(table.unwrap().header(), &longest);
    let e = table_bytes(&longer(MAX_HEADER_BYTES as usize - base + 1), &fine, WriteOptions::default()).unwrap_err();
    assert_eq!(e, WriteError::HeaderTooLong(MAX_HEADER_BYTES as usize + 1));
}

/// Asserts that `calls` of a progress callback start at 0, rise at every call and end at
/// `total`, with more than one batch between.
fn rises_once_a_batch(calls: &[(u64, u64)], total: u64) {
    assert_eq!((calls.first(), calls.last()), (Some(&(0, total)), Some(&(total, total))), "{calls:?}");
    assert!(calls.windows(2).all(|w| w[0].0 < w[1].0 && w[1].1 == total), "{calls:?}");
    assert!(calls.len() > 2, "{calls:?}");
}

#[test]
fn progress_starts_at_0_and_rises_once_a_batch_to_the_total() {
    // 100 blocks on one thread: several batches, whatever their size.
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let path = scratch("progress").join("p.table");
    let calls = std::sync::Mutex::new(Vec::new());
    let progress = |done, total| calls.lock().unwrap().push((done, total));
    let options = WriteOptions { block_records: 10, level: 1 };
    let fine = |i: u64| Value::Score(i as i64 % 100);
    pool.install(|| write_table_with(&path, &header(Encoding::Score8, 1000), &fine, false, &progress, options))
        .unwrap();
    rises_once_a_batch(&std::mem::take(&mut *calls.lock().unwrap()), 1000);
    let table = TableFile::open(&path).unwrap();
    pool.install(|| table.for_each_block(&|_, _| Ok(()), &progress)).unwrap();
    rises_once_a_batch(&calls.into_inner().unwrap(), 1000);
}

#[test]
fn a_file_that_appears_while_a_table_is_written_is_not_overwritten() {
    let dir = scratch("appears");
    let path = dir.join("t.table");
    let appear = |_, _| {
        if !path.exists() {
            std::fs::write(&path, b"someone else's").unwrap();
        }
    };
    let fine = |i: u64| Value::Score(i as i64 % 100);
    let e = write_table(&path, &header(Encoding::Score8, 1000), &fine, false, &appear).unwrap_err();
    assert!(e.message.contains("appeared while the table was written"), "{e}");
    assert_eq!(std::fs::read(&path).unwrap(), b"someone else's");
    assert_eq!(listing(&dir), ["t.table"], "no temporary file is left");
}

/// Run as a child of [`a_bare_file_name_is_written_in_the_current_directory`] (with
/// `TESTKIT_BARE_NAME_CHILD` set, in a scratch directory): writes `bare.table` there. Alone it
/// does nothing.
#[test]
fn bare_name_child() {
    if std::env::var_os("TESTKIT_BARE_NAME_CHILD").is_none() {
        return;
    }
    let path = Path::new("bare.table");
    write_table(path, &header(Encoding::Nimber8, 10), &|i| Value::Nimber(Nimber(i as u32)), false, &|_, _| {}).unwrap();
    assert_eq!(TableFile::open(path).unwrap().value(7).unwrap(), Value::Nimber(Nimber(7)));
}

#[test]
fn a_bare_file_name_is_written_in_the_current_directory() {
    // A name with no directory: its directory, to sync after the rename, is the current one.
    let dir = scratch("bare");
    let status = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "bare_name_child", "--nocapture"])
        .env("TESTKIT_BARE_NAME_CHILD", "1")
        .current_dir(&dir)
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(listing(&dir), ["bare.table"]);
}

#[test]
fn fuzz_bodies_never_fail_on_random_bytes_or_good_tables() {
    let (_, _, bytes) = small();
    fuzz_read(&bytes).unwrap();
    fuzz_read(
        &table_bytes(&header(Encoding::Nimber8, 0), &|_| Value::Nimber(Nimber(0)), WriteOptions::default()).unwrap(),
    )
    .unwrap();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for len in 0..300 {
        let mut data: Vec<u8> = (0..len)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        fuzz_read(&data).unwrap();
        // With the right magic and version, so the reader gets further.
        if len >= 24 {
            data[..20].copy_from_slice(b"GAMESOLVE-TABLE\0\x01\0\0\0");
            fuzz_read(&data).unwrap();
        }
    }
}

#[test]
fn a_table_is_shared_between_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<TableFile>();
}

/// Links planted at the temporary names the writer used to take (`.<name>.partial-<pid>`,
/// predictable) and at the target: the table and the manifest are written, the victim never.
#[cfg(unix)]
#[test]
fn writes_never_follow_a_planted_link() {
    use table_file::shards::{MANIFEST, Manifest, Shard};
    let dir = scratch("links");
    let victim = dir.join("victim");
    std::fs::write(&victim, b"precious").unwrap();
    let pid = std::process::id();
    for name in ["t.table", MANIFEST] {
        std::os::unix::fs::symlink(&victim, dir.join(format!(".{name}.partial-{pid}"))).unwrap();
    }
    let h = header(Encoding::Score8, 100);
    let fine = |i: u64| Value::Score(i as i64 % 100);
    write_table(&dir.join("t.table"), &h, &fine, false, &|_, _| {}).unwrap();
    let manifest = Manifest::new(h.clone(), vec![Shard::new("t.table", 0, 100)], Default::default()).unwrap();
    manifest.write(&dir).unwrap();
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    assert_eq!(TableFile::open(&dir).unwrap().value(42).unwrap(), Value::Score(42));
    // A link at the target: refused unless forced, then replaced, never followed.
    std::os::unix::fs::symlink(&victim, dir.join("u.table")).unwrap();
    let e = write_table(&dir.join("u.table"), &h, &fine, false, &|_, _| {}).unwrap_err();
    assert!(e.message.contains("exists"), "{e}");
    write_table(&dir.join("u.table"), &h, &fine, true, &|_, _| {}).unwrap();
    assert!(!std::fs::symlink_metadata(dir.join("u.table")).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    // A directory is never replaced, forced or not.
    std::fs::create_dir(dir.join("d.table")).unwrap();
    for force in [false, true] {
        let e = write_table(&dir.join("d.table"), &h, &fine, force, &|_, _| {}).unwrap_err();
        assert!(e.message.contains("is a directory"), "{e}");
    }
    assert!(listing(&dir).iter().all(|n| !n.ends_with(".partial")), "{:?}", listing(&dir));
}

/// A sharded table of more shards than a process may map (Linux's `vm.max_map_count`,
/// 65,530 by default) opens and reads whole: shards are mapped when read, a few at a time.
#[test]
fn a_table_of_70000_shards_opens_and_reads() {
    use table_file::shards::{Manifest, Shard};
    // On a file system in memory where there is one: 70,000 files are slow to make on a disk.
    let tmp = match Path::new("/dev/shm").is_dir() {
        true => tempfile::tempdir_in("/dev/shm").unwrap(),
        false => tempfile::tempdir().unwrap(),
    };
    let dir = tmp.path().to_path_buf();
    let shards = 70_000u64;
    let h = header(Encoding::Score8, 2 * shards);
    let list = (0..shards).map(|k| Shard::new(format!("s{k}"), 2 * k, 2)).collect();
    let manifest = Manifest::new(h, list, Default::default()).unwrap();
    let options = WriteOptions { block_records: manifest.block_records, level: 1 };
    let value = |i: u64| Value::Score((i % 201) as i64 - 100);
    for shard in &manifest.shards {
        let first = shard.first;
        let bytes = table_bytes(&manifest.shard_header(shard), &|i| value(first + i), options).unwrap();
        std::fs::write(dir.join(&shard.file), bytes).unwrap();
    }
    manifest.write(&dir).unwrap();
    let table = TableFile::open(&dir).unwrap();
    for i in [0, 1, 77_777, 2 * shards - 1] {
        assert_eq!(table.value(i).unwrap(), value(i), "position {i}");
    }
    let wrong = std::sync::atomic::AtomicU64::new(0);
    table
        .for_each_block(
            &|first, values| {
                let bad = values.iter().enumerate().filter(|(j, v)| **v != value(first + *j as u64)).count();
                wrong.fetch_add(bad as u64, std::sync::atomic::Ordering::Relaxed);
                Ok(())
            },
            &|_, _| {},
        )
        .unwrap();
    assert_eq!(wrong.into_inner(), 0);
}

/// A manifest that no reader would take (too many shards) is refused when planned, before
/// any shard is written.
#[test]
fn a_plan_whose_manifest_could_not_be_read_back_is_refused() {
    use table_file::shards::{MAX_MANIFEST_BYTES, Manifest, ManifestError, Shard};
    let shards = MAX_MANIFEST_BYTES / 50;
    let list = (0..shards).map(|k| Shard::new(format!("s{k}"), k, 1)).collect();
    let e = Manifest::new(header(Encoding::Score8, shards), list, Default::default()).unwrap_err();
    assert!(matches!(e, ManifestError::TooLong { .. }), "{e}");
    assert!(e.to_string().contains("could not be read back"), "{e}");
}

/// Devices and FIFOs are refused as tables and manifests at once, by their type: never read
/// without end (`/dev/zero`), never waited on (a FIFO with no writer).
#[cfg(unix)]
#[test]
fn special_files_are_refused_as_tables_and_manifests() {
    use table_file::shards::{MANIFEST, Manifest};
    let e = TableFile::open(Path::new("/dev/zero")).err().unwrap();
    assert!(e.message.contains("character device, not a regular file"), "{e}");
    let dir = scratch("fifo");
    let fifo = dir.join("t.table");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::from_bits_truncate(0o600)).unwrap();
    let e = TableFile::open(&fifo).err().unwrap();
    assert!(e.message.contains("FIFO"), "{e}");
    let sharded = dir.join("sharded");
    std::fs::create_dir(&sharded).unwrap();
    nix::unistd::mkfifo(&sharded.join(MANIFEST), nix::sys::stat::Mode::from_bits_truncate(0o600)).unwrap();
    let e = Manifest::read(&sharded).unwrap_err();
    assert!(e.message.contains("FIFO"), "{e}");
    let e = TableFile::open(&sharded).err().unwrap();
    assert!(e.message.contains("FIFO"), "{e}");
}

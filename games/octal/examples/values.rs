//! Times one Grundy-sequence engine on one code, for side-by-side runs against other solvers:
//! `cargo run --release -p octal --example values -- 0.77 1000000 [sparse|naive]` computes
//! `G(0..N)` (N values) and prints the time, the sparse method's counters, and two checksums
//! of the values: Fletcher-32 over the values as 16-bit words (ogsolve's `checksum`, for
//! `ogsolve CODE -n N-1`) and `h = h * 1000003 + G(n)` mod 2^64 (for other programs).
//!
//! A measurement for people, not a test: its numbers depend on the machine.

use octal::{GrundySequence, NaiveSequence, OctalCode, SparseSequence};
use std::time::Instant;

fn checksums(values: &[u32]) -> (u32, u64) {
    let (mut low, mut high) = (0u16, 0u16);
    let mut hash = 0u64;
    for &v in values {
        // ogsolve keeps values as u16; larger values would not match it anyway.
        low = low.wrapping_add(v as u16);
        high = high.wrapping_add(low);
        hash = hash.wrapping_mul(1_000_003).wrapping_add(u64::from(v));
    }
    ((u32::from(high) << 16) | u32::from(low), hash)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let code: OctalCode = args.next().unwrap_or_else(|| "0.77".into()).parse().expect("an octal code such as 0.77");
    let len: usize = args.next().map_or(1_000_000, |s| s.parse().expect("a number of values"));
    let engine = args.next().unwrap_or_else(|| "sparse".into());
    let start = Instant::now();
    let (values, stats) = match engine.as_str() {
        "sparse" => {
            let mut sequence = SparseSequence::new(code.clone());
            sequence.extend_to(len);
            let stats = format!("{:?}", sequence.stats());
            (sequence.values().to_vec(), stats)
        }
        "naive" => {
            let mut sequence = NaiveSequence::new(code.clone());
            sequence.extend_to(len);
            (sequence.values().to_vec(), String::new())
        }
        other => {
            eprintln!("unknown engine {other}: sparse or naive");
            std::process::exit(2);
        }
    };
    let elapsed = start.elapsed().as_secs_f64();
    let (fletcher, hash) = checksums(&values);
    let max = values.iter().max().copied().unwrap_or(0);
    println!("{code} {engine} {len} values in {elapsed:.3} s; max {max}; fletcher {fletcher:X}; hash {hash}");
    println!("  {stats}");
}

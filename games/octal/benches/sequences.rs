//! Grundy sequences of octal games: computing and proving periods with the naive and the
//! sparse-space method, and Kayles to a million values. Each answer is asserted before
//! anything is timed, so `cargo test --benches` checks it.

use criterion::{Criterion, criterion_group, criterion_main};
use octal::{NaiveSequence, OctalCode, Periodicity, SparseSequence, find_period, naive_grundy, sparse_grundy};
use std::hint::black_box;

fn naive_period(code: &OctalCode) -> Periodicity {
    find_period(&mut NaiveSequence::new(code.clone()), 1 << 21, None).expect("a proven period")
}

fn sparse_period(code: &OctalCode) -> Periodicity {
    find_period(&mut SparseSequence::new(code.clone()), 1 << 21, None).expect("a proven period")
}

/// Compute and prove: Dawson's chess and Kayles, both algorithms.
fn short_periods(c: &mut Criterion) {
    // OEIS A002187 (0.137: period 34, last exception at 51) and A002186 (Kayles: period 12,
    // last exception at 70).
    for (name, code, known) in [("0.137", "0.137", (52, 34)), ("Kayles 0.77", "0.77", (71, 12))] {
        let code: OctalCode = code.parse().expect("a code");
        for proof in [naive_period(&code), sparse_period(&code)] {
            assert_eq!((proof.preperiod, proof.period), known, "{name}");
        }
        let mut group = c.benchmark_group(format!("compute and prove the period of {name}"));
        group.bench_function("naive", |b| b.iter(|| naive_period(black_box(&code))));
        group.bench_function("sparse", |b| b.iter(|| sparse_period(black_box(&code))));
        group.finish();
    }
}

/// 0.16: the first 2^14 values by both methods, and the whole proof by the sparse one.
fn long_preperiod(c: &mut Criterion) {
    let code: OctalCode = "0.16".parse().expect("a code");
    let len = 1 << 14;
    assert_eq!(naive_grundy(&code, len), sparse_grundy(&code, len));
    let mut group = c.benchmark_group("0.16, the first 16384 values");
    group.sample_size(10);
    group.bench_function("naive", |b| b.iter(|| naive_grundy(black_box(&code), len)));
    group.bench_function("sparse", |b| b.iter(|| sparse_grundy(black_box(&code), len)));
    group.finish();

    // Flammenkamp's tables: period 149,459, pre-period 105,351.
    let proof = sparse_period(&code);
    assert_eq!((proof.preperiod, proof.period), (105_351, 149_459));
    let mut group = c.benchmark_group("0.16, compute and prove the period");
    group.sample_size(10);
    group.bench_function("sparse", |b| b.iter(|| sparse_period(black_box(&code))));
    group.finish();
}

/// Kayles to 10^6 values by the sparse method: its witness searches take one split of each of
/// the two remainders in turn (scanning one to exhaustion first took about 100 s here).
fn kayles_million(c: &mut Criterion) {
    let code: OctalCode = "0.77".parse().expect("a code");
    let len = 1_000_000;
    // OEIS A002186: period 12 from n = 71, which the first 200 naive values prove.
    let start = naive_grundy(&code, 200);
    let periodic = |n: usize| start[if n < 71 { n } else { 71 + (n - 71) % 12 }];
    let values = sparse_grundy(&code, len);
    assert!((0..len).all(|n| values[n] == periodic(n)), "Kayles continues its period");
    let mut group = c.benchmark_group("Kayles 0.77, the first 10^6 values");
    group.sample_size(10);
    group.bench_function("sparse", |b| b.iter(|| sparse_grundy(black_box(&code), len)));
    group.finish();
}

criterion_group!(benches, short_periods, long_preperiod, kayles_million);
criterion_main!(benches);

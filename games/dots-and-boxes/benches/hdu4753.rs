//! `hdu4753` end to end (parse, solve, format) through the judge problem, and the cost of one
//! case by the number of free segments: the numbers behind the `auto` engine's choice between
//! solving each case and solving the whole board once (the full table is timed in
//! benches/table.rs).
//!
//! Answers are asserted before anything is timed. benches/data/hdu4753-t1000.in holds 1,000
//! random games, each a uniformly random order of the 24 segments, each segment written either
//! way round, cut after n moves with n uniform in 12..=24 (a seeded Python generator, seed 42).
//! Provenance of benches/data/hdu4753-t1000.out: the accepted C++ of seed document 002 (HDU 4753
//! Fishhead's Little Game), g++ -O2, answered this input; recheck: `<the compiled seed> <
//! benches/data/hdu4753-t1000.in | cmp - benches/data/hdu4753-t1000.out`.
//!
//! The single cases are the first 24 - f moves of the order 1-2 1-5 2-3 2-6 3-4 3-7 5-6 4-8 6-7
//! 5-9 7-8 6-10 9-10 7-11 10-11 8-12 11-12 9-13 13-14 10-14 14-15 11-15 15-16 12-16. Provenance
//! of their winners: the accepted C++ of seed document 002 (HDU 4753 Fishhead's Little Game),
//! g++ -O2, answered them for f <= 12; for f > 12 the same C++ with only its two DP arrays
//! enlarged from 5000 to 1<<24 entries (it handles at most 12 free segments as published).
//! `one_case` builds each input.
//!
//! The `table` engine is not timed here: it keeps the solved board for the rest of the process,
//! so after its first run it would only measure lookups (and `auto` would then always use it).

use criterion::{Criterion, criterion_group, criterion_main};
use judge::AnyProblem;
use std::hint::black_box;

const ORDER: [(u32, u32); 24] = [
    (1, 2),
    (1, 5),
    (2, 3),
    (2, 6),
    (3, 4),
    (3, 7),
    (5, 6),
    (4, 8),
    (6, 7),
    (5, 9),
    (7, 8),
    (6, 10),
    (9, 10),
    (7, 11),
    (10, 11),
    (8, 12),
    (11, 12),
    (9, 13),
    (13, 14),
    (10, 14),
    (14, 15),
    (11, 15),
    (15, 16),
    (12, 16),
];

/// One case leaving `free` segments, and its winner.
fn one_case(free: usize) -> (String, &'static str) {
    let n = 24 - free;
    let moves: String = ORDER[..n].iter().map(|(a, b)| format!("{a} {b}\n")).collect();
    let winner = if free <= 12 { "Tom200" } else { "Jerry404" };
    (format!("1\n{n}\n{moves}"), winner)
}

fn hdu4753(c: &mut Criterion) {
    let problem: &dyn AnyProblem = &dots_and_boxes::Hdu4753;
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/hdu4753-t1000");
    let input = std::fs::read_to_string(format!("{data}.in")).expect("bench input");
    let expected = std::fs::read_to_string(format!("{data}.out")).expect("the seed's output");

    let mut group = c.benchmark_group("hdu4753 T=1000, n in 12..=24");
    for engine in ["auto", "per-case"] {
        assert_eq!(problem.judge(&input, engine).expect("valid input"), expected, "{engine}");
        group.bench_function(engine, |b| b.iter(|| problem.judge(black_box(&input), engine)));
    }
    group.finish();

    let mut group = c.benchmark_group("hdu4753 one case, per-case engine, by free segments");
    group.sample_size(10);
    for free in [4, 8, 12, 16, 20] {
        let (input, winner) = one_case(free);
        assert_eq!(problem.judge(&input, "per-case").expect("valid input"), format!("Case #1: {winner}\n"));
        group.bench_function(format!("f={free}"), |b| b.iter(|| problem.judge(black_box(&input), "per-case")));
    }
    group.finish();
}

criterion_group!(benches, hdu4753);
criterion_main!(benches);

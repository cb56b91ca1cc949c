//! The octal judges end to end: one hdu2999 test case with 100 block sizes and rows up to 1000
//! (the table alone, and the whole judge), and hdu3980 with T = 10^5 circles using every M up
//! to 1000. Answers are asserted before anything is timed, so `cargo test --benches` checks
//! them.
//!
//! The expected answers were first read off a program completed from the SG loop of seed
//! document 003 (g++ -O2), which the tree does not keep. They rest now on the Grundy oracle:
//! `the_bench_rows_by_the_grundy_oracle` and `the_bench_circles_by_the_grundy_oracle` in
//! tests/integration/judges.rs derive them again by memoized recursion on the plain rules
//! (`octal::plain::Heap`), which shares no code with the engines timed here.

use criterion::{Criterion, criterion_group, criterion_main};
use judge::AnyProblem;
use octal::{Hdu2999, Hdu3980, OctalCode, OctalGame, naive_grundy, sparse_grundy};
use solver_core::grundy_table;
use std::fmt::Write;
use std::hint::black_box;

/// 100 even block sizes up to 1000 (some repeated), queries K = 1..=1000.
fn stone_input() -> (Vec<usize>, String) {
    let blocks: Vec<usize> = (0..100).map(|i| 2 * ((37 * i * i + 11 * i + i / 3) % 500 + 1)).collect();
    let list: Vec<String> = blocks.iter().map(usize::to_string).collect();
    let mut input = format!("100\n{}\n1000\n", list.join(" "));
    for k in 1..=1000 {
        writeln!(input, "{k}").expect("writing to a String cannot fail");
    }
    (blocks, input)
}

/// 10^5 circles: N = 1000 - (7i mod 50), M = (i mod 1000) + 1.
fn circle_input() -> String {
    let mut input = String::from("100000\n");
    for i in 0..100_000 {
        writeln!(input, "{} {}", 1000 - (i * 7) % 50, i % 1000 + 1).expect("writing to a String cannot fail");
    }
    input
}

fn hdu2999(c: &mut Criterion) {
    let (blocks, input) = stone_input();
    let code = OctalCode::from_removals(blocks.iter().copied());
    let table: Vec<u32> =
        grundy_table(&OctalGame::new(code.clone(), 1000)).expect("acyclic").iter().map(|v| v.0).collect();
    assert_eq!(naive_grundy(&code, 1001), table);
    assert_eq!(sparse_grundy(&code, 1001), table);
    let problem: &dyn AnyProblem = &Hdu2999;
    for &engine in problem.engines().iter().filter(|&&e| e != "oracle") {
        let out = problem.judge(&input, engine).expect("valid input");
        // The first player loses only K = 1, 27, 33, 49 (the Grundy oracle agrees: see the
        // file's doc comment).
        let losses: Vec<usize> = out.lines().enumerate().filter(|(_, l)| *l == "2").map(|(i, _)| i + 1).collect();
        assert_eq!(losses, [1, 27, 33, 49], "{engine}");
    }
    let mut group = c.benchmark_group("hdu2999 table, |S| = 100, K <= 1000");
    group.bench_function("naive", |b| b.iter(|| naive_grundy(black_box(&code), 1001)));
    group.bench_function("sparse", |b| b.iter(|| sparse_grundy(black_box(&code), 1001)));
    group.bench_function("grundy", |b| b.iter(|| grundy_table(&OctalGame::new(black_box(&code).clone(), 1000))));
    group.finish();
    let mut group = c.benchmark_group("hdu2999 judge, one case, 1000 queries");
    for &engine in problem.engines().iter().filter(|&&e| e != "oracle") {
        group.bench_function(engine, |b| b.iter(|| problem.judge(black_box(&input), engine)));
    }
    group.finish();
}

fn hdu3980(c: &mut Criterion) {
    let input = circle_input();
    let problem: &dyn AnyProblem = &Hdu3980;
    for &engine in problem.engines().iter().filter(|&&e| e != "oracle") {
        let out = problem.judge(&input, engine).expect("valid input");
        // 48,900 wins for aekdycoin (the Grundy oracle agrees: see the file's doc comment).
        assert_eq!(out.matches("aekdycoin").count(), 48_900, "{engine}");
    }
    let mut group = c.benchmark_group("hdu3980 judge, T = 1e5, every M");
    group.sample_size(10);
    for &engine in problem.engines().iter().filter(|&&e| e != "oracle") {
        group.bench_function(engine, |b| b.iter(|| problem.judge(black_box(&input), engine)));
    }
    group.finish();
}

criterion_group!(benches, hdu2999, hdu3980);
criterion_main!(benches);

//! End-to-end judge throughput of the Nim family and the DAG tokens on the largest inputs their
//! contracts allow per case (many cases per input). Answers are asserted before anything is
//! timed: every engine prints the same output, and it matches an evaluation written here.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gamesolve::problems;
use solver_core::graph::SplitMix64;
use std::fmt::Write;
use std::hint::black_box;

/// hdu1849: `cases` cases of 1000 pieces on cells 0..=1000.
fn hdu1849_input(cases: usize, rng: &mut SplitMix64) -> (String, Vec<bool>) {
    let (mut input, mut wins) = (String::new(), Vec::new());
    for _ in 0..cases {
        let cells: Vec<u64> = (0..1000).map(|_| rng.below(1001)).collect();
        wins.push(cells.iter().fold(0, |x, c| x ^ c) != 0);
        let text: Vec<String> = cells.iter().map(u64::to_string).collect();
        writeln!(input, "1000\n{}", text.join(" ")).unwrap();
    }
    (input + "0\n", wins)
}

/// hdu1730: `cases` boards of 1000 rows and 100 columns.
fn hdu1730_input(cases: usize, rng: &mut SplitMix64) -> (String, Vec<bool>) {
    let (mut input, mut wins) = (String::new(), Vec::new());
    for _ in 0..cases {
        input += "1000 100\n";
        let mut x = 0;
        for _ in 0..1000 {
            let tom = 1 + rng.below(100);
            let jerry = 1 + (tom + rng.below(99)) % 100;
            x ^= tom.abs_diff(jerry) - 1;
            writeln!(input, "{tom} {jerry}").unwrap();
        }
        wins.push(x != 0);
    }
    (input, wins)
}

/// hdu1851: `cases` cases of 10 piles.
fn hdu1851_input(cases: usize, rng: &mut SplitMix64) -> (String, Vec<bool>) {
    let (mut input, mut wins) = (format!("{cases}\n"), Vec::new());
    for _ in 0..cases {
        input += "10\n";
        let mut x = 0;
        for _ in 0..10 {
            let (stones, most) = (1 + rng.below(20), 1 + rng.below(20));
            x ^= stones % (most + 1);
            writeln!(input, "{stones} {most}").unwrap();
        }
        wins.push(x != 0);
    }
    (input, wins)
}

/// hdu1524: `graphs` DAGs of 1000 positions, each but position 0 with `degree` out-edges to
/// random lower positions, and `queries` queries of 10 chessmen per graph. The expected answers
/// come from a memoized recursion here.
fn hdu1524_input(graphs: usize, degree: usize, queries: usize, rng: &mut SplitMix64) -> (String, Vec<bool>) {
    let (mut input, mut wins) = (String::new(), Vec::new());
    for _ in 0..graphs {
        let out: Vec<Vec<u32>> = (0..1000u64)
            .map(|v| if v == 0 { Vec::new() } else { (0..degree).map(|_| rng.below(v) as u32).collect() })
            .collect();
        writeln!(input, "1000").unwrap();
        for next in &out {
            let list: Vec<String> = next.iter().map(u32::to_string).collect();
            writeln!(input, "{} {}", next.len(), list.join(" ")).unwrap();
        }
        let mut memo = vec![None; out.len()];
        for _ in 0..queries {
            let men: Vec<usize> = (0..10).map(|_| rng.below(1000) as usize).collect();
            wins.push(men.iter().fold(0, |x, &v| x ^ mex_value(&out, v, &mut memo)) != 0);
            let text: Vec<String> = men.iter().map(usize::to_string).collect();
            writeln!(input, "10 {}", text.join(" ")).unwrap();
        }
        input += "0\n";
    }
    (input, wins)
}

/// A vertex's Grundy value by plain recursion (the graphs are shallow enough).
fn mex_value(out: &[Vec<u32>], v: usize, memo: &mut [Option<u32>]) -> u32 {
    if let Some(value) = memo[v] {
        return value;
    }
    let seen: Vec<u32> = out[v].iter().map(|&w| mex_value(out, w as usize, memo)).collect();
    let value = (0..).find(|x| !seen.contains(x)).expect("some number is missing");
    memo[v] = Some(value);
    value
}

fn judge_benches(c: &mut Criterion) {
    let mut rng = SplitMix64(1849);
    let inputs = [
        ("hdu1849", hdu1849_input(200, &mut rng), ["Rabbit Win!", "Grass Win!"]),
        ("hdu1730", hdu1730_input(200, &mut rng), ["I WIN!", "BAD LUCK!"]),
        ("hdu1851", hdu1851_input(100_000, &mut rng), ["No", "Yes"]),
        ("hdu1524", hdu1524_input(5, 100, 10_000, &mut rng), ["WIN", "LOSE"]),
    ];
    for (id, (input, wins), [win, lose]) in &inputs {
        let problem = problems::find(id).expect("registered");
        let expected: String = wins.iter().map(|&w| format!("{}\n", if w { win } else { lose })).collect();
        let engines: Vec<&str> = problem.engines().iter().copied().filter(|&e| e != "oracle").collect();
        for &engine in &engines {
            assert_eq!(problem.judge(input, engine).expect("valid input"), expected, "{id} {engine}");
        }
        let mut group = c.benchmark_group(format!("{id} judge, {} answers, {} KiB", wins.len(), input.len() / 1024));
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.sample_size(10);
        for engine in engines {
            group.bench_function(engine, |b| b.iter(|| problem.judge(black_box(input), engine)));
        }
        group.finish();
    }
}

criterion_group!(benches, judge_benches);
criterion_main!(benches);

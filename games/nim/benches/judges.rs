//! End-to-end judge throughput of the Nim family's problems on the largest inputs their
//! contracts allow per case (many cases per input). Answers are asserted before anything is
//! timed: every engine but the oracle prints the same output, and it matches an evaluation
//! written here. `cargo test -p nim --release --benches` checks the answers.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use judge::AnyProblem;
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

fn judge_benches(c: &mut Criterion) {
    let mut rng = SplitMix64(1849);
    let inputs = [
        ("hdu1849", hdu1849_input(200, &mut rng), ["Rabbit Win!", "Grass Win!"]),
        ("hdu1730", hdu1730_input(200, &mut rng), ["I WIN!", "BAD LUCK!"]),
        ("hdu1851", hdu1851_input(100_000, &mut rng), ["No", "Yes"]),
    ];
    for (id, (input, wins), [win, lose]) in &inputs {
        let problem: &dyn AnyProblem = *nim::REGISTRATION.problems.iter().find(|p| p.id() == *id).expect("registered");
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

//! End-to-end judge throughput of `hdu1524` on the largest graphs its contract allows (1000
//! positions), many queries of 10 chessmen each. Answers are asserted before anything is timed:
//! the `grundy` engine prints what a memoized recursion written here says.
//! `cargo test -p graph-tokens --release --benches` checks the answers.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use judge::AnyProblem;
use solver_core::graph::SplitMix64;
use std::fmt::Write;
use std::hint::black_box;

/// `graphs` DAGs of 1000 positions, each but position 0 with `degree` out-edges to random lower
/// positions, and `queries` queries of 10 chessmen per graph, with the expected verdicts.
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
    let mut rng = SplitMix64(1524);
    let (input, wins) = hdu1524_input(5, 100, 10_000, &mut rng);
    let problem: &dyn AnyProblem = &graph_tokens::Hdu1524;
    let expected: String = wins.iter().map(|&w| if w { "WIN\n" } else { "LOSE\n" }).collect();
    assert_eq!(problem.judge(&input, "grundy").expect("valid input"), expected);
    let mut group = c.benchmark_group(format!("hdu1524 judge, {} answers, {} KiB", wins.len(), input.len() / 1024));
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.sample_size(10);
    group.bench_function("grundy", |b| b.iter(|| problem.judge(black_box(&input), "grundy")));
    group.finish();
}

criterion_group!(benches, judge_benches);
criterion_main!(benches);

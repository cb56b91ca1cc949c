//! The judges `cf919f` and `childhood` in process on 100,000 random situations each: parsing,
//! building and solving the one table needed, and formatting the answer. The answers are
//! asserted before timing (`cargo test --benches` checks them) against the seeds' accepted
//! solutions, kept as line counts and an FNV-1a hash of the whole answer.
//!
//! Provenance: the accepted C++ of seed document 000 (Codeforces 919F A Game With Numbers) and of
//! seed document 001 (childhood, 童年), each g++ -O2, answered these inputs. Recheck:
//! `GAMESOLVE_BENCH_INPUTS=<dir> cargo test -p cards --release --bench judges` writes the two
//! inputs (`<dir>/cf919f-100000.in`, `<dir>/childhood-100000.in`); then, for each, `<the
//! compiled seed> < <input> | sort | uniq -c` gives the line counts and
//! `<the compiled seed> < <input> | python3 -c "import sys; h = 0xcbf29ce484222325; [h := (h ^ b)
//! * 0x100000001b3 % 2**64 for b in sys.stdin.buffer.read()]; print(hex(h))"` the hash.

use cards::{Cf919f, Childhood};
use criterion::{Criterion, criterion_group, criterion_main};
use judge::AnyProblem;
use std::hint::black_box;

/// SplitMix64: a fixed, dependency-free generator, so the inputs never change.
struct SplitMix(u64);

impl SplitMix {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

/// `count` cf919f situations: f and every card uniform; a first mover holding only zeros
/// (excluded by the statement) is drawn again.
fn cf919f_input(count: usize, seed: u64) -> String {
    let mut rng = SplitMix(seed);
    let mut input = format!("{count}\n");
    for _ in 0..count {
        let (f, hands) = loop {
            let f = rng.below(2) as usize;
            let hands: [Vec<u64>; 2] = std::array::from_fn(|_| (0..8).map(|_| rng.below(5)).collect());
            if hands[f].iter().any(|&v| v != 0) {
                break (f, hands);
            }
        };
        input += &format!("{f}\n");
        for hand in hands {
            input += &hand.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
            input += "\n";
        }
    }
    input
}

/// `count` childhood situations, every hand uniform in 0..=9.
fn childhood_input(count: usize, seed: u64) -> String {
    let mut rng = SplitMix(seed);
    let mut input = format!("{count}\n");
    for _ in 0..count {
        let hands: Vec<String> = (0..4).map(|_| rng.below(10).to_string()).collect();
        input += &hands.join(" ");
        input += "\n";
    }
    input
}

/// FNV-1a, to compare a whole answer with the seed's without storing it.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

fn count_lines(answer: &str, line: &str) -> usize {
    answer.lines().filter(|l| *l == line).count()
}

fn judge(c: &mut Criterion) {
    let cf919f = cf919f_input(100_000, 919);
    let childhood = childhood_input(100_000, 1007);
    if let Ok(dir) = std::env::var("GAMESOLVE_BENCH_INPUTS") {
        std::fs::write(format!("{dir}/cf919f-100000.in"), &cf919f).expect("writable directory");
        std::fs::write(format!("{dir}/childhood-100000.in"), &childhood).expect("writable directory");
    }

    // The seeds' answers to these inputs (see the provenance above): line counts and FNV-1a.
    let problem: &dyn AnyProblem = &Cf919f;
    let answer = problem.judge(&cf919f, "symmetry").expect("valid input");
    let counts = ["Alice", "Bob", "Deal"].map(|l| count_lines(&answer, l));
    assert_eq!((counts, fnv1a(answer.as_bytes())), CF919F_SEED_ANSWER, "cf919f answer");
    for engine in ["hand-tables", "unmoves"] {
        assert_eq!(problem.judge(&cf919f, engine).expect("valid input"), answer, "{engine} differs");
    }
    let mut group = c.benchmark_group("judge cf919f, T = 100000");
    group.sample_size(20);
    for engine in ["symmetry", "hand-tables"] {
        group.bench_function(engine, |b| b.iter(|| problem.judge(black_box(&cf919f), engine)));
    }
    group.finish();

    let problem: &dyn AnyProblem = &Childhood;
    let answer = problem.judge(&childhood, "symmetry").expect("valid input");
    let counts = ["1", "2", "0"].map(|l| count_lines(&answer, l));
    assert_eq!((counts, fnv1a(answer.as_bytes())), CHILDHOOD_SEED_ANSWER, "childhood answer");
    let mut group = c.benchmark_group("judge childhood, T = 100000");
    group.sample_size(20);
    group.bench_function("symmetry", |b| b.iter(|| problem.judge(black_box(&childhood), "symmetry")));
    group.finish();
}

/// The cf919f seed's answer to `cf919f_input(100_000, 919)`: Alice, Bob, Deal lines, FNV-1a.
const CF919F_SEED_ANSWER: ([usize; 3], u64) = ([35_492, 35_559, 28_949], 0x65f1_970f_ae05_0dea);
/// The childhood seed's answer to `childhood_input(100_000, 1007)`: "1", "2", "0" lines, FNV-1a.
const CHILDHOOD_SEED_ANSWER: ([usize; 3], u64) = ([14_339, 5_211, 80_450], 0x80fe_8d59_c1df_64e6);

criterion_group!(benches, judge);
criterion_main!(benches);

//! How far each Grundy-sequence algorithm gets on a code in a time limit, and whether it
//! proves the period: `cargo run --release -p octal --example race -- 0.16 10`.
//!
//! A measurement for people, not a test: its numbers depend on the machine.

use octal::{GrundySequence, NaiveSequence, OctalCode, SparseSequence, find_period};
use std::time::{Duration, Instant};

fn race(name: &str, sequence: &mut impl GrundySequence, seconds: f64) {
    let start = Instant::now();
    let deadline = start + Duration::from_secs_f64(seconds);
    let result = find_period(sequence, usize::MAX / 4, Some(deadline));
    let elapsed = start.elapsed().as_secs_f64();
    let values = sequence.values().len();
    match result {
        Ok(proof) => println!(
            "{name:>6}: proved period {} from {} with {} values; {values} values computed in {elapsed:.2} s",
            proof.period, proof.preperiod, proof.values_needed
        ),
        Err(e) => println!("{name:>6}: {e} ({elapsed:.2} s)"),
    }
    // Whatever time is left: how far the algorithm gets.
    while Instant::now() < deadline {
        let len = sequence.values().len();
        sequence.extend_to(len + 4096);
    }
    println!("        {} values computed in {seconds} s", sequence.values().len());
}

fn main() {
    let mut args = std::env::args().skip(1);
    let code: OctalCode = args.next().unwrap_or_else(|| "0.16".into()).parse().expect("an octal code such as 0.16");
    let seconds: f64 = args.next().map_or(10.0, |s| s.parse().expect("seconds"));
    let only = args.next();
    println!("code {code}, {seconds} s per algorithm");
    if only.as_deref().is_none_or(|o| o == "sparse") {
        let mut sparse = SparseSequence::new(code.clone());
        race("sparse", &mut sparse, seconds);
        println!("        {:?}", sparse.stats());
    }
    if only.as_deref().is_none_or(|o| o == "naive") {
        race("naive", &mut NaiveSequence::new(code), seconds);
    }
}

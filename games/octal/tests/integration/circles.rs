//! hdu3980 for every circle of at most 14 beads and every block size up to one more, in one
//! input: each Grundy engine's judge answer must be the others', and the first's must be what
//! a search of the painted beads (`oracle::solve_loopy` on [`BeadCircle`], no Sprague-Grundy
//! theory) says, circle by circle. (Formerly the `verify` workload `hdu3980 circles N<=14`: it
//! checks a judge problem, not a space.)

use judge::AnyProblem;
use octal::Hdu3980;
use octal::plain::BeadCircle;
use oracle::{Budget, solve_loopy};
use solver_core::Outcome;
use std::fmt::Write;

/// The budget `gamesolve verify` gave the oracle.
const VERIFY_BUDGET: Budget = Budget { max_states: 3_000_000, max_depth: 200_000, max_work: u64::MAX };

/// The most beads of a circle.
const MAX_BEADS: u32 = 14;

#[test]
fn every_circle_of_at_most_14_beads_is_answered_as_a_search_of_its_beads() {
    let problem: &dyn AnyProblem = &Hdu3980;
    let pairs: Vec<(u32, u32)> = (1..=MAX_BEADS).flat_map(|n| (1..=MAX_BEADS + 1).map(move |m| (n, m))).collect();
    let mut input = format!("{}\n", pairs.len());
    for (n, m) in &pairs {
        writeln!(input, "{n} {m}").unwrap();
    }
    let circle = |k: usize| pairs.get(k).map_or("past the last circle".to_string(), |(n, m)| format!("N={n} M={m}"));
    let mut answers: Vec<(&str, String)> = Vec::new();
    for &engine in problem.engines().iter().filter(|&&e| e != "oracle") {
        let answer = problem.judge(&input, engine).unwrap_or_else(|e| panic!("{engine}: {e}"));
        if let Some((first, expected)) = answers.first().filter(|(_, expected)| *expected != answer) {
            let (ours, theirs) = (answer.lines().count(), expected.lines().count());
            let k = answer.lines().zip(expected.lines()).position(|(a, b)| a != b).unwrap_or(ours.min(theirs));
            let line = |text: &str| text.lines().nth(k).unwrap_or("nothing").to_string();
            panic!("{}: {engine} answers {}, {first} {}", circle(k), line(&answer), line(expected));
        }
        answers.push((engine, answer));
    }
    assert!(answers.len() >= 2, "hdu3980 has several Grundy engines: {:?}", problem.engines());
    let (first, lines): (&str, Vec<&str>) = (answers[0].0, answers[0].1.lines().collect());
    assert_eq!(lines.len(), pairs.len());
    for (k, &(n, m)) in pairs.iter().enumerate() {
        let beads = BeadCircle::new(n, m).unwrap_or_else(|| panic!("{}: the circle does not fit", circle(k)));
        let values = solve_loopy(&beads, [0], VERIFY_BUDGET).unwrap_or_else(|e| panic!("{}: {e}", circle(k)));
        let winner = if matches!(values[&0], Outcome::Win(_)) { "aekdycoin" } else { "abcdxyzk" };
        assert_eq!(lines[k], format!("Case #{}: {winner}", k + 1), "{}: {first} against the search", circle(k));
    }
}

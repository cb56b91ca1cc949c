//! The distributed tier engine under `mpirun` (feature `mpi`; `.ci/run` installs Open MPI,
//! builds the example `solve_distributed` and runs this file): on 1, 2 and 4 ranks, both rules, both tierings, every rank's positions
//! equal the sequential score DP's (each rank compares its own, the example's `differ`), the
//! ranks together solve every position once, and the empty board's value, reported by the
//! one rank that owns it, is the score DP's. A rank that fails stops the whole job.

use dots_and_boxes::{Board, DotsAndBoxes, Rule};
use solver_core::score_table;
use std::path::PathBuf;
use std::process::{Command, Output};

/// The example beside this test's binary: target/<profile>/examples/solve_distributed.
fn example() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    let profile = exe.parent().and_then(|deps| deps.parent()).expect("target/<profile>/deps/<test>");
    let example = profile.join("examples").join("solve_distributed");
    assert!(
        example.is_file(),
        "no {}: build it first with `cargo build --release -p dots-and-boxes --features mpi --example solve_distributed`",
        example.display()
    );
    example
}

/// `CHECK=1 mpirun -np ranks solve_distributed args...`, bounded to two minutes.
fn mpirun(ranks: usize, args: &[&str]) -> Output {
    Command::new("timeout")
        .env("CHECK", "1")
        .args(["120", "mpirun", "--allow-run-as-root", "--oversubscribe", "-np", &ranks.to_string()])
        .arg(example())
        .args(args)
        .output()
        .expect("timeout and mpirun run (Open MPI installed)")
}

/// One rank's line, the fields the test reads.
struct RankLine {
    positions: u64,
    differ: u64,
    empty: Option<i64>,
}

fn parse(line: &str) -> RankLine {
    let number_before = |word: &str| -> u64 {
        let at = line.find(word).unwrap_or_else(|| panic!("no `{word}` in {line}"));
        line[..at].trim_end().rsplit(' ').next().unwrap().parse().unwrap()
    };
    let empty = line.split(", empty board ").nth(1).map(|rest| rest.split(',').next().unwrap().parse().unwrap());
    RankLine { positions: number_before(" positions"), differ: number_before(" differ"), empty }
}

#[test]
fn every_rank_count_and_tiering_gives_the_score_dp() {
    for (rows, cols) in [(2, 2), (1, 5), (2, 3)] {
        let board = Board::new(rows, cols).unwrap();
        for rule in Rule::ALL {
            let expected = i64::from(score_table::<i8, _>(&DotsAndBoxes::new(board, rule)).unwrap()[0]);
            for tiering in ["lines", "group=3", "group=8"] {
                for ranks in [1, 2, 4] {
                    let args = [&rows.to_string()[..], &cols.to_string(), rule.name(), tiering];
                    let out = mpirun(ranks, &args);
                    let what = format!("{rows}x{cols} {} {tiering} on {ranks} ranks", rule.name());
                    let stdout = String::from_utf8_lossy(&out.stdout);
                    assert!(out.status.success(), "{what}: {}\n{stdout}", String::from_utf8_lossy(&out.stderr));
                    let lines: Vec<RankLine> = stdout.lines().map(parse).collect();
                    assert_eq!(lines.len(), ranks, "{what}: a line a rank\n{stdout}");
                    assert_eq!(lines.iter().map(|l| l.positions).sum::<u64>(), 1 << board.lines(), "{what}");
                    assert!(lines.iter().all(|l| l.differ == 0), "{what}\n{stdout}");
                    let empty: Vec<i64> = lines.iter().filter_map(|l| l.empty).collect();
                    assert_eq!(empty, [expected], "{what}: the empty board, once\n{stdout}");
                }
            }
        }
    }
}

#[test]
fn a_failing_rank_stops_the_job_with_its_error() {
    let out = mpirun(2, &["2", "2", "move-again", "group=x"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("error on rank") && stderr.contains("no tiering `group=x`"), "{stderr}");
}

//! One work budget per input for every engine and oracle (issue 13, items 4 and 7): each input
//! that used to run for minutes or abort on memory declines quickly with exit 3, and a small
//! case of the same kind is still answered, as the default engine answers it.
//!
//! Every run is bounded: 3 GB of address space (`ulimit -v`) and 60 seconds of wall time, so a
//! regression fails the test instead of the machine.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `gamesolve args...` on `stdin` within 3 GB of address space and 60 seconds.
fn bounded(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -v 3000000 && exec "$0" "$@""#)
        .arg(env!("CARGO_BIN_EXE_gamesolve"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    let mut input = child.stdin.take().expect("piped stdin");
    let text = stdin.to_string();
    // A process that declines before reading all of its input closes the pipe: that is fine.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let started = Instant::now();
    while child.try_wait().expect("waiting works").is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("gamesolve {args:?} ran past 60 seconds");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    writer.join().expect("the writer finishes");
    child.wait_with_output().expect("the output is read")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `engine` declines `input` with exit 3 and a message naming the work budget.
fn declines(problem: &str, engine: &str, input: &str, budget: Option<&str>) {
    let mut args = vec!["judge", problem, "--engine", engine];
    if let Some(units) = budget {
        args.extend(["--budget", units]);
    }
    let out = bounded(&args, input);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{problem} {engine}: {stderr}");
    assert!(stderr.contains("declines") && stderr.contains("units of work"), "{problem} {engine}: {stderr}");
    assert!(out.stdout.is_empty(), "{problem} {engine} printed an answer: {}", text(&out.stdout));
}

/// `engine` answers `input` (within `budget` if given) as the problem's default engine does.
fn answers_like_the_default(problem: &str, engine: &str, input: &str, budget: Option<&str>) {
    let mut args = vec!["judge", problem, "--engine", engine];
    if let Some(units) = budget {
        args.extend(["--budget", units]);
    }
    let out = bounded(&args, input);
    assert_eq!(out.status.code(), Some(0), "{problem} {engine}: {}", text(&out.stderr));
    let default = bounded(&["judge", problem], input);
    assert_eq!(default.status.code(), Some(0), "{problem}: {}", text(&default.stderr));
    assert!(!out.stdout.is_empty());
    assert_eq!(text(&out.stdout), text(&default.stdout), "{problem} {engine} against the default engine");
}

/// hdu1524's graph of `nodes` positions, each with `copies` edges to the next, and one query of
/// `chessmen` chessmen on position 0.
fn duplicate_edges(nodes: usize, copies: usize, chessmen: usize) -> String {
    let mut out = format!("{nodes}\n");
    for v in 0..nodes {
        match v + 1 < nodes {
            true => out += &format!("{copies}{}\n", format!(" {}", v + 1).repeat(copies)),
            false => out += "0\n",
        }
    }
    out + &format!("{chessmen}{}\n0\n", " 0".repeat(chessmen))
}

/// A loopy-graph path of `n` nodes, every node in play, `i -> i - 1`.
fn path(n: usize) -> String {
    let mut out = format!("{n} {}\n{}\n", n - 1, vec!["-"; n].join(" "));
    for i in 1..n {
        out += &format!("{i} {}\n", i - 1);
    }
    out
}

#[test]
fn item_4_the_hdu1524_oracle_counts_the_moves_it_stores() {
    // 288 KB: 100 positions, 1000 copies of each edge, 10 chessmen: each multiset stores 10,000
    // moves, so it ran to 5.4 GB when only multisets were counted.
    let big = duplicate_edges(100, 1000, 10);
    declines("hdu1524", "oracle", &big, None);
    let out = bounded(&["judge", "hdu1524"], &big);
    assert_eq!((out.status.code(), text(&out.stdout).as_str()), (Some(0), "LOSE\n"), "ten chessmen of Grundy value 1");
    // 4 positions and 2 chessmen: 10 multisets of up to 2,000 moves each, a few tens of
    // thousands of units: a budget of 1,000 declines, the default answers.
    let small = duplicate_edges(4, 1000, 2);
    declines("hdu1524", "oracle", &small, Some("1000"));
    answers_like_the_default("hdu1524", "oracle", &small, None);
}

#[test]
fn item_7_the_nim_oracles_share_one_budget_over_all_cases() {
    // Each case fits the oracle's per-case limits; 30 of them took minutes.
    declines("hdu1730", "oracle", &"1 100\n1 100\n".repeat(30), None);
    answers_like_the_default("hdu1730", "oracle", "1 10\n1 10\n", None);
    declines("hdu1730", "oracle", "1 10\n1 10\n", Some("100"));

    declines("hdu1849", "oracle", &format!("{}0\n", "3\n17 17 17\n".repeat(30)), None);
    answers_like_the_default("hdu1849", "oracle", "3\n5 6 7\n2\n3 3\n0\n", None);

    declines("hdu1851", "oracle", &format!("30\n{}", "3\n15 15\n15 15\n15 15\n".repeat(30)), None);
    answers_like_the_default("hdu1851", "oracle", "2\n2\n5 2\n7 3\n1\n4 4\n", None);
}

#[test]
fn item_7_hdu4753_oracle_and_per_case_share_one_budget() {
    // 11 segments drawn: 13 free lines, within the oracle's limit for one case; 1,000 cases
    // took it minutes.
    let points: Vec<(u32, u32)> =
        (1..16).filter(|i| i % 4 != 0).map(|i| (i, i + 1)).chain((1..13).map(|i| (i, i + 4))).collect();
    let case: String =
        std::iter::once("11\n".to_string()).chain(points[..11].iter().map(|(a, b)| format!("{a} {b}\n"))).collect();
    declines("hdu4753", "oracle", &format!("1000\n{}", case.repeat(1000)), None);
    answers_like_the_default("hdu4753", "oracle", &format!("1\n{case}"), None);
    // per-case on empty boards: each case solves the whole board (2^24 positions and their
    // 24 * 2^23 moves, about 2.2 * 10^8 steps, 6.8 * 10^6 units of 32 steps: one board fits
    // the default budget, 100 do not), declined before anything is solved.
    declines("hdu4753", "per-case", &format!("100\n{}", "0\n".repeat(100)), None);
    answers_like_the_default("hdu4753", "per-case", "1\n0\n", None);
    declines("hdu4753", "per-case", "1\n0\n", Some("6000000"));
    answers_like_the_default("hdu4753", "per-case", &format!("2\n{case}{case}"), None);
}

#[test]
fn item_7_hdu2999_grundy_table_counts_its_options_up_front() {
    // 3,000 cases of S = {1..100} and a row of 1,000: some 2.3 * 10^7 options each.
    let blocks: Vec<String> = (1..=100).map(|b| b.to_string()).collect();
    let case = format!("100\n{}\n1\n1000\n", blocks.join(" "));
    declines("hdu2999", "grundy", &case.repeat(3000), None);
    // S = {1, 2} (Kayles) on rows 0..=10: 11 heaps and 30 + 25 options, 66 steps, 3 units of
    // 32 steps.
    let kayles = "2\n1 2\n11\n0 1 2 3 4 5 6 7 8 9 10\n";
    answers_like_the_default("hdu2999", "grundy", kayles, None);
    answers_like_the_default("hdu2999", "grundy", kayles, Some("3"));
    declines("hdu2999", "grundy", kayles, Some("2"));
    answers_like_the_default("hdu2999", "grundy", &case, Some("100000000"));
}

#[test]
fn item_7_loopy_graph_layered_and_oracle_decline_long_paths() {
    // A path of 10^6 nodes: a million passes of the layered engine, about 2 * 10^12 steps,
    // 6 * 10^10 units.
    declines("loopy-graph", "layered", &path(1_000_000), None);
    // The oracle's rounds on a path of 10^5 nodes: about 1.5 * 10^10 units.
    declines("loopy-graph", "oracle", &path(100_000), None);
    for engine in ["layered", "oracle"] {
        answers_like_the_default("loopy-graph", engine, &path(100), None);
        // Layered: at most 103 passes of 199 nodes and moves, 640 units; the oracle: its
        // rounds, some 15,000.
        declines("loopy-graph", engine, &path(100), Some("100"));
    }
}

//! Refuse before working (issue 30, items 5 and 9): parameters are checked before anything is
//! built, every engine's memory bound is checked against `--max-memory` (and what the system
//! has) before `solve` runs it, with exit 2 and the estimate, and the layered engines, whose time
//! grows with the largest remoteness, honour `--budget` with exit 3 as the judge's engines do.
//!
//! Every run is bounded by an address-space limit (`ulimit -v`) and a wall-clock limit
//! (`timeout`), far below what the refused plans need, so a regression fails the test (with
//! another message or exit code) instead of exhausting the machine.

use std::process::{Command, Output};

/// The address space of a run that should refuse at once, in KiB.
const BOUNDED_KIB: u64 = 4 << 20;

/// Runs `gamesolve args...` under `ulimit -v kib` and a 60-second timeout.
fn bounded(kib: u64, args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -v "$1" && shift && exec timeout 60 "$@""#)
        .arg("sh")
        .arg(kib.to_string())
        .arg(env!("CARGO_BIN_EXE_gamesolve"))
        .args(args)
        .output()
        .expect("sh starts")
}

/// Asserts exit `code`, nothing on standard output, and every one of `expected` on standard
/// error.
fn assert_fails(out: &Output, code: i32, expected: &[&str]) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "stderr: {stderr}");
    assert!(out.stdout.is_empty(), "stdout: {}", String::from_utf8_lossy(&out.stdout));
    for want in expected {
        assert!(stderr.contains(want), "expected `{want}` in: {stderr}");
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn item_9_an_unknown_parameter_is_refused_before_the_space_is_built() {
    // 3x4 dots-and-boxes is 2^31 positions: under 256 MiB of address space any work on it
    // would fail otherwise than on the parameter.
    for command in ["stats", "solve"] {
        let out = bounded(256 << 10, &[command, "dots-and-boxes", "rows=3", "cols=4", "typo=1"]);
        assert_fails(&out, 2, &["dots-and-boxes: unknown parameter `typo`; it takes rows, cols, rule"]);
    }
}

#[test]
fn item_9_the_layered_engines_honour_the_budget_in_solve() {
    // 627,264 positions: the first pass alone is more than 1,000 units (32,000 steps).
    for engine in ["layered", "parallel-layered"] {
        let out = bounded(BOUNDED_KIB, &["--budget", "1000", "solve", "cards", "k=5", "m=8", "--engine", engine]);
        let declines = format!("{engine}: the {engine} engine declines: the input needs more than 1000 units of work");
        assert_fails(&out, 3, &[&declines, "--budget raises the limit"]);
    }
    // Within the budget the layered engine answers, as the default engine does.
    let small = ["solve", "cards", "k=2", "m=10", "--engine", "layered"];
    let out = bounded(BOUNDED_KIB, &small);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("solved by layered"));
}

#[test]
fn item_9_the_layered_engines_honour_the_budget_in_stats() {
    let out = bounded(BOUNDED_KIB, &["--budget", "1000", "stats", "cards", "k=5", "m=8"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    for engine in ["layered", "parallel-layered"] {
        let declined = format!("failed: the {engine} engine declines: the input needs more than 1000 units");
        assert!(stdout.lines().any(|l| l.trim_start().starts_with(engine) && l.contains(&declined)), "{stdout}");
    }
    // The linear engines still run: their time is what their memory bound bounds.
    assert!(stdout.lines().any(|l| l.trim_start().starts_with("reverse-graph") && l.contains(" ms ")), "{stdout}");
}

#[test]
fn item_5d_solve_northcott_2x100_is_refused_at_once() {
    let out = bounded(BOUNDED_KIB, &["--max-memory", "2G", "solve", "northcott", "rows=2", "cols=100"]);
    assert_fails(
        &out,
        2,
        &["solving 196020000 positions with reverse-graph needs about", "more than the 2.0 GiB --max-memory allows"],
    );
    // Without --max-memory, the address-space limit is the plan's limit.
    let out = bounded(BOUNDED_KIB, &["solve", "northcott", "rows=2", "cols=100"]);
    assert_fails(&out, 2, &["with reverse-graph needs about", "the address-space limit (ulimit -v) leaves"]);
}

#[test]
fn solve_connect_four_6x4_is_refused_while_its_positions_are_counted() {
    // 94,910,577 positions (Böck) at 20 bytes each while they are enumerated: 100 MiB holds
    // fewer than 5 million, so the space stops there, long before the address-space limit.
    let out = bounded(BOUNDED_KIB, &["--max-memory", "100M", "solve", "connect-four", "width=6", "height=4"]);
    assert_fails(
        &out,
        2,
        &[
            "width 6 height 4 has more than",
            "the most that 100.0 MiB (--max-memory allows) holds at 20 bytes a position",
        ],
    );
}

#[test]
fn item_5c_solve_random_loopy_honours_max_memory() {
    let out = bounded(BOUNDED_KIB, &["--max-memory", "2G", "solve", "random-loopy", "nodes=30000000"]);
    assert_fails(&out, 2, &["a random graph of 30000000 nodes needs about", "more than the 2.0 GiB --max-memory"]);
}

#[test]
fn item_5b_solve_cards_with_the_parallel_counter_engine_is_refused_on_its_estimate() {
    for engine in ["parallel-counter", "reverse-graph"] {
        let out = bounded(BOUNDED_KIB, &["--max-memory", "2G", "solve", "cards", "k=9", "m=8", "--engine", engine]);
        let needs = format!("{engine}: solving 130873600 positions with {engine} needs about");
        assert_fails(&out, 2, &[&needs, "more than the 2.0 GiB --max-memory allows"]);
    }
}

/// A legal hdu1524 input of about 200 KB: a path of 70 positions, each listing its successor
/// 1,000 times (the contract allows a repeated out-neighbour), and 10 chessmen at its start.
/// The oracle stores every multiset of chessmen with its moves, 10,000 a multiset.
fn repeated_edges() -> String {
    let n = 70;
    let mut text = format!("{n}\n");
    for v in 0..n - 1 {
        text += &format!("1000{}\n", format!(" {}", v + 1).repeat(1000));
    }
    text + "0\n10 0 0 0 0 0 0 0 0 0 0\n0\n"
}

#[test]
fn item_5a_the_hdu1524_oracle_counts_what_it_stores_against_the_memory() {
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("memory-plan-{}-hdu1524.in", std::process::id()));
    std::fs::write(&path, repeated_edges()).expect("the temporary directory is writable");
    let file = path.to_str().expect("a UTF-8 temporary path");
    // A budget of 10^8 units is some 10 GB of stored moves: the 64 MiB --max-memory cuts the
    // oracle's units to what fits, and running out of them is a refusal for memory, exit 2.
    let args = ["--max-memory", "64M", "--budget", "100000000", "judge", "hdu1524", file, "--engine", "oracle"];
    let out = bounded(BOUNDED_KIB, &args);
    let _ = std::fs::remove_file(&path);
    assert_fails(
        &out,
        2,
        &[
            "the oracle's stored states and moves (past 524288 units of work",
            "more than the 64.0 MiB --max-memory allows",
        ],
    );
}

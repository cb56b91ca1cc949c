//! End-to-end tests of the workbench commands: gen, check, explain, stats, and JSON output.

use crate::common::cli::gamesolve;
use gamesolve::registry;
use std::process::Output;

const BIN: &str = env!("CARGO_BIN_EXE_gamesolve");

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn gen_output_is_accepted_by_judge_for_every_problem_and_repeats_by_seed() {
    for problem in registry::problems() {
        for (seed, cases) in [(1, 1), (2, 5), (3, 20), (4, 3)] {
            let args = ["gen", problem.id(), "--seed", &seed.to_string(), "--cases", &cases.to_string()];
            let generated = gamesolve(&args, "");
            assert_eq!(
                generated.status.code(),
                Some(0),
                "{}: {}",
                problem.id(),
                String::from_utf8_lossy(&generated.stderr)
            );
            let input = stdout(&generated);
            assert_eq!(stdout(&gamesolve(&args, "")), input, "{}: the same seed gives the same input", problem.id());
            let judged = gamesolve(&["judge", problem.id()], &input);
            assert_eq!(
                judged.status.code(),
                Some(0),
                "{} rejects its own generated input:\n{input}\n{}",
                problem.id(),
                String::from_utf8_lossy(&judged.stderr)
            );
        }
    }
}

/// Numbers of cases no input of the problem can hold are usage errors, at once: not a panic, not
/// an input the judge rejects, not a silent clamp.
#[test]
fn gen_and_check_refuse_case_counts_their_problem_cannot_hold() {
    for args in [
        &["gen", "childhood", "--cases", "18446744073709551615"][..],
        &["gen", "cf919f", "--cases", "200000"],
        &["gen", "hdu4753", "--cases", "0"],
        &["check", "childhood", "--cases", "0", "--", "true"],
    ] {
        let out = gamesolve(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&out), "", "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("generated inputs hold"), "{args:?}");
    }
}

#[test]
fn check_passes_a_correct_program() {
    let out = gamesolve(
        &["check", "loopy-graph", "--rounds", "30", "--", BIN, "judge", "loopy-graph", "--engine", "unmoves"],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    // Every other round's input comes from the hard generator (`--mode mixed`, the default).
    assert_eq!(
        stdout(&out),
        "loopy-graph: 30 rounds of 10 cases (15 of them hard), every answer agrees with gamesolve.\n"
    );
}

#[test]
fn check_catches_a_wrong_program_and_shrinks_the_counterexample() {
    // A "solution" that calls every draw a loss in 7.
    let script = format!("{BIN} judge loopy-graph | sed 's/^draw$/loss in 7/'");
    let out = gamesolve(&["check", "loopy-graph", "--rounds", "50", "--cases", "12", "--", "sh", "-c", &script], "");
    assert_eq!(out.status.code(), Some(1));
    let report = stdout(&out);
    assert!(report.contains("wrong answer on line 1: expected `draw`, found `loss in 7`"), "{report}");
    // The smallest draw there is: one node whose only move loops back to itself.
    assert!(report.contains("smallest failing input (shrunk with"), "{report}");
    assert!(report.contains("\n1 1\n-\n0 0\n\ngamesolve answers:\ndraw\n"), "{report}");
    assert!(report.contains("why (gamesolve explain):\nnode 0: draw"), "{report}");
}

/// Shrinking builds one variant at a time: a failure on a graph of 10,000 nodes (tens of
/// thousands of variants, each nearly the input's 190 KB) shrinks in an address space of
/// 512 MiB; building every variant first aborted there (and took gigabytes without a limit).
#[test]
#[cfg(target_os = "linux")]
fn check_shrinks_a_large_failing_input_in_bounded_memory() {
    // A "solution" that calls every win in 1 a win in 3.
    let wrong = format!("{BIN} --threads 1 judge loopy-graph | sed 's/^win in 1$/win in 3/'");
    let check = ["check", "loopy-graph", "--rounds", "1", "--cases", "10000", "--timeout", "10", "--", "sh", "-c"];
    let bounded = r#"ulimit -v 524288 && exec timeout 300 "$0" "$@""#;
    let out = std::process::Command::new("sh")
        .args(["-c", bounded, BIN, "--threads", "1"])
        .args(check)
        .arg(&wrong)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("sh starts");
    let report = stdout(&out);
    let start: String = report.chars().take(2000).collect();
    assert_eq!(out.status.code(), Some(1), "{}\n{start}", String::from_utf8_lossy(&out.stderr));
    assert!(report.contains("expected `win in 1`, found `win in 3`"), "{start}");
    // The failing input printed is a shrunk one: smaller than round 1's generated input.
    let generated = stdout(&gamesolve(&["gen", "loopy-graph", "--cases", "10000", "--seed", "1"], ""));
    let (_, shrunk) = report.split_once("failing input").expect("a failing input");
    let (_, shrunk) = shrunk.split_once("):\n").expect("a shrunk input after its heading");
    let (shrunk, rest) = shrunk.split_once("\ngamesolve answers:\n").expect("gamesolve's answers");
    assert!(shrunk.len() < generated.len(), "not shrunk: {} bytes of {}", shrunk.len(), generated.len());
    assert!(rest.lines().any(|line| line == "win in 1"), "the shrunk input still has a win in 1");
}

#[test]
fn check_reports_a_malformed_line_a_crash_and_a_hang_as_what_they_are() {
    let malformed = format!("{BIN} judge loopy-graph | sed '1s/.*/wins/'");
    let out = gamesolve(&["check", "loopy-graph", "--rounds", "3", "--", "sh", "-c", &malformed], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("malformed output on line 1: `wins`"), "{}", stdout(&out));

    let out = gamesolve(&["check", "loopy-graph", "--rounds", "3", "--", "sh", "-c", "echo oops >&2; exit 3"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("the program crashed (exit status: 3); its standard error ends with:\noops"),
        "{}",
        stdout(&out)
    );

    let started = std::time::Instant::now();
    let out = gamesolve(&["check", "loopy-graph", "--rounds", "3", "--timeout", "0.2", "--", "sleep", "30"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("the program ran past the time limit of 200ms and was stopped"), "{}", stdout(&out));
    assert!(started.elapsed().as_secs() < 25, "the hanging program was not stopped");

    // A wrapper whose helper hangs: the helper holds the output open and is stopped as well
    // (shrinking runs it a dozen times; a missed helper would cost 30 s each).
    let started = std::time::Instant::now();
    let wrapper = ["check", "loopy-graph", "--rounds", "1", "--timeout", "0.2", "--", "sh", "-c", "sleep 30; echo 1"];
    let out = gamesolve(&wrapper, "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("ran past the time limit of 200ms"), "{}", stdout(&out));
    assert!(started.elapsed().as_secs() < 25, "the wrapper's helper was not stopped");

    let out = gamesolve(&["check", "loopy-graph", "--", "/no/such/program"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot run `/no/such/program`"));
}

#[test]
#[cfg(target_os = "linux")]
fn ctrl_c_sigterm_and_sighup_during_check_stop_the_checked_program_too() {
    // The checked program runs in a process group of its own, out of the terminal's reach:
    // a wrapper that starts a hanging helper and records the helper's pid.
    for signal_name in ["INT", "TERM", "HUP"] {
        let dir = std::env::temp_dir().join(format!("gamesolve-signal-{signal_name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pid_file = dir.join("helper.pid");
        let script = format!("sleep 300 & echo $! > {}; wait", pid_file.display());
        let mut check = std::process::Command::new(BIN)
            .args(["check", "loopy-graph", "--timeout", "200", "--", "sh", "-c", &script])
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let helper = (0..500)
            .find_map(|_| {
                std::thread::sleep(std::time::Duration::from_millis(10));
                std::fs::read_to_string(&pid_file).ok().filter(|pid| pid.ends_with('\n'))
            })
            .expect("the wrapper started its helper");
        let signal = |args: &[&str]| std::process::Command::new("kill").args(args).status().unwrap().success();
        assert!(signal(&["-s", signal_name, &check.id().to_string()]));
        assert_eq!(check.wait().unwrap().code(), Some(130), "SIG{signal_name}");
        // Killed means gone or a zombie (whose new parent, pid 1, may be slow to reap it).
        let alive = || {
            let stat = std::fs::read_to_string(format!("/proc/{}/stat", helper.trim())).unwrap_or_default();
            stat.rsplit(") ").next().is_some_and(|rest| !rest.is_empty() && !rest.starts_with('Z'))
        };
        let helper_alive = (0..100).all(|_| {
            std::thread::sleep(std::time::Duration::from_millis(10));
            alive()
        });
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(!helper_alive, "the helper outlived SIG{signal_name}");
    }
}

/// A program that writes without end is stopped at the output limit (a small multiple of the
/// answer), so gamesolve's memory stays small; one whose helper escapes into a session of its
/// own and holds the output is stopped at the time limit instead of hanging `check`.
#[test]
fn check_stops_an_endless_writer_and_does_not_wait_for_an_escaped_helper() {
    let started = std::time::Instant::now();
    let out = gamesolve(&["check", "loopy-graph", "--rounds", "1", "--", "yes"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("output limit exceeded"), "{}", stdout(&out));
    let escaped = "setsid sleep 2 & echo 1";
    let out = gamesolve(
        &["check", "loopy-graph", "--rounds", "1", "--cases", "1", "--timeout", "0.2", "--", "sh", "-c", escaped],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("ran past the time limit"), "{}", stdout(&out));
    assert!(started.elapsed() < std::time::Duration::from_secs(60), "check waited for the escaped helper");
}

/// Whether process `pid` is running (a zombie is not; it is only waiting to be reaped).
#[cfg(target_os = "linux")]
fn running(pid: &str) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).unwrap_or_default();
    stat.rsplit_once(") ").is_some_and(|(_, rest)| !rest.starts_with('Z'))
}

/// Helpers that leave the program's process group (`setsid`), two generations deep, are killed
/// when the run ends, whether they hold the program's output open (the run then ends at the time
/// limit) or not, and when `check` itself is stopped by SIGTERM: no process outlives `check`.
#[test]
#[cfg(target_os = "linux")]
fn no_process_the_checked_program_starts_outlives_check() {
    let dir = tempfile::tempdir().unwrap();
    let pids = |names: &[&str]| -> Vec<String> {
        names.iter().map(|name| std::fs::read_to_string(dir.path().join(name)).unwrap_or_default()).collect()
    };
    // An escaped helper that starts one of its own, and writes down both pids.
    let escape = |tag: &str, holds_output: bool| {
        let (a, b) = (dir.path().join(format!("{tag}-a")), dir.path().join(format!("{tag}-b")));
        let detach = if holds_output { "" } else { "</dev/null >/dev/null 2>&1" };
        format!(
            "setsid sh -c 'sleep 300 & echo $! > {b}; exec sleep 301' {detach} & echo $! > {a}; ",
            a = a.display(),
            b = b.display()
        )
    };
    // 1. The program answers (wrongly) at once and leaves its escaped helpers running.
    let script = escape("quiet", false) + "sleep 0.2; echo 1";
    let out = gamesolve(&["check", "loopy-graph", "--rounds", "1", "--cases", "1", "--", "sh", "-c", &script], "");
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    // 2. The helpers hold the output open: the run ends at the time limit.
    let script = escape("holding", true) + "sleep 0.2; echo 1";
    let out = gamesolve(
        &["check", "loopy-graph", "--rounds", "1", "--cases", "1", "--timeout", "1", "--", "sh", "-c", &script],
        "",
    );
    assert!(stdout(&out).contains("ran past the time limit"), "{}", stdout(&out));
    for pid in pids(&["quiet-a", "quiet-b", "holding-a", "holding-b"]) {
        assert!(!pid.is_empty(), "the program started its helpers");
        assert!(!running(&pid), "helper {} outlived check", pid.trim());
    }
    // 3. check is stopped by SIGTERM while the program and its escaped helpers run.
    let script = escape("stopped", false) + "sleep 300";
    let mut check = std::process::Command::new(BIN)
        .args(["check", "loopy-graph", "--timeout", "200", "--", "sh", "-c", &script])
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = (0..500).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(10));
        pids(&["stopped-a", "stopped-b"]).iter().all(|pid| pid.ends_with('\n'))
    });
    assert!(started, "the program started its helpers");
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(check.id() as i32), nix::sys::signal::Signal::SIGTERM).unwrap();
    assert_eq!(check.wait().unwrap().code(), Some(130));
    for pid in pids(&["stopped-a", "stopped-b"]) {
        assert!(!running(&pid), "helper {} outlived SIGTERM to check", pid.trim());
    }
}

#[test]
fn json_output_follows_the_documented_schema() {
    let input = "2 1\n- L\n0 1\n";
    let parse = |out: Output| -> serde_json::Value { serde_json::from_slice(&out.stdout).expect("valid JSON") };
    let judged = parse(gamesolve(&["judge", "loopy-graph", "--format", "json"], input));
    assert_eq!(judged["answers"], serde_json::json!(["win in 1", "loss in 0"]));
    assert_eq!(judged["engine"], "reverse-graph");
    let explained = parse(gamesolve(&["explain", "loopy-graph", "--format", "json"], input));
    assert_eq!(explained["cases"][0]["title"], "node 0");
    assert_eq!(explained["cases"][0]["moves"][0], serde_json::json!({"move": "1", "value": "win in 1"}));
    let stats = parse(gamesolve(&["stats", "random-loopy", "nodes=500", "--format", "json"], ""));
    assert_eq!(stats["positions"], 500);
    assert_eq!(stats["engines"].as_array().map(Vec::len), Some(solver_core::RetrogradeEngine::ALL.len()));
    let verified = parse(gamesolve(&["verify", "--only", "scoring", "--format", "json"], ""));
    assert_eq!(verified["failures"], 0);
    assert_eq!(verified["games"][0]["oracle"], "agrees");
}

#[test]
fn stats_summarizes_a_space() {
    let out = gamesolve(&["stats", "random-loopy", "nodes=2000", "seed=5"], "");
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    // Timings and memory vary from run to run: snapshot everything above them.
    let stable = text.split("engines:").next().expect("a report");
    insta::assert_snapshot!("stats_random_loopy", stable);
    assert_eq!(gamesolve(&["stats", "random-loopy", "nodes=0"], "").status.code(), Some(2));
    assert_eq!(gamesolve(&["stats", "random-loopy", "colour=red"], "").status.code(), Some(2));
    // A size every engine refuses is an error naming each refusal, not an empty report.
    let refused = gamesolve(&["stats", "cards", "k=15", "m=7"], "");
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(stdout(&refused), "");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("no engine could solve cards k=15 m=7") && stderr.contains("symmetry: a space of"),
        "{stderr}"
    );
}

#[test]
fn explain_reads_well_for_sums_of_games() {
    // Checked by hand. hdu1849's sample: pieces on cells 3 and 5 are Nim heaps *3 and *5, xor *6,
    // so Rabbit wins by moving the piece on 5 to 3 (5 xor 6 = 3); 3, 5, 6 xor to 0: Grass wins.
    // hdu3980's sample: a circle of 3 beads painted 1 at a time leaves a row of 2 after the first
    // move, worth mex{G(1)} = mex{1} = 0, so aekdycoin wins; 4 beads painted 2 at a time leave a
    // row of 2 worth mex{G(0)} = 1, so abcdxyzk wins.
    let nim = gamesolve(&["explain", "hdu1849"], "2\n3 5\n3\n3 5 6\n0\n");
    assert_eq!(nim.status.code(), Some(0));
    insta::assert_snapshot!("explain_hdu1849_sample", stdout(&nim));
    let circle = gamesolve(&["explain", "hdu3980"], "2\n3 1\n4 2\n");
    assert_eq!(circle.status.code(), Some(0));
    insta::assert_snapshot!("explain_hdu3980_sample", stdout(&circle));
}

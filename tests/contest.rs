//! `gamesolve check` and `gen` as a contestant uses them: wrong solutions that random inputs
//! rarely expose are caught at the defaults, because `check` mixes in inputs drawn from the
//! solved game (`gen --mode hard`).

mod common;

use common::cli::gamesolve;
use std::path::PathBuf;

/// A test program of tests/programs/, built by cargo as an example beside the gamesolve binary
/// (`cargo test` builds the examples; a run filtered to this test file alone may need
/// `cargo build --release --examples` first).
fn program(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_BIN_EXE_gamesolve")).parent().expect("a directory").join("examples");
    let path = dir.join(name);
    assert!(path.exists(), "{} is missing: build the examples (cargo build --release --examples)", path.display());
    path
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Value iteration capped at 30 or 40 rounds answers `Deal` for the deepest wins and losses
/// (cf919f's go to 45 moves). `check cf919f` at its defaults catches both; the uncapped
/// program (100 rounds is past the deepest) passes, so the failure is the cap and nothing else.
#[test]
fn check_at_its_defaults_catches_a_capped_value_iteration() {
    let capped = program("cf919f-capped");
    for cap in ["30", "40"] {
        let out = gamesolve(&["check", "cf919f", "--", capped.to_str().unwrap(), cap], "");
        let report = stdout(&out);
        assert_eq!(out.status.code(), Some(1), "cap {cap}: {report}");
        assert!(report.contains("(hard generator seed"), "cap {cap}: {report}");
        assert!(report.contains("found `Deal`"), "cap {cap}: {report}");
    }
    let out = gamesolve(&["check", "cf919f", "--rounds", "4", "--", capped.to_str().unwrap(), "100"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(stdout(&out), "cf919f: 4 rounds of 10 cases (2 of them hard), every answer agrees with gamesolve.\n");
}

/// The hard generator's inputs are valid, repeat by seed, and hold what it promises: among
/// 1,000 situations, some whose best play takes 40 moves or more (of 245,025 positions only
/// about 400 are that deep), checked with `explain`'s remoteness.
#[test]
fn hard_inputs_are_valid_repeatable_and_deep() {
    let args = ["gen", "cf919f", "--mode", "hard", "--cases", "1000", "--seed", "9"];
    let input = stdout(&gamesolve(&args, ""));
    assert_eq!(stdout(&gamesolve(&args, "")), input);
    let explained = gamesolve(&["explain", "cf919f", "--format", "json"], &input);
    assert_eq!(explained.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&explained.stdout).unwrap();
    let depth = |case: &serde_json::Value| -> Option<u32> {
        let value = case["value"].as_str()?;
        value.split_once(" in ")?.1.split_whitespace().next()?.parse().ok()
    };
    let cases = json["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 1000);
    let deep = cases.iter().filter(|case| depth(case).is_some_and(|d| d >= 40)).count();
    assert!(deep >= 100, "only {deep} of 1000 hard situations are 40 moves deep or more");
    let draws = cases.iter().filter(|case| case["verdict"] == "Deal").count();
    assert!(draws > 0, "no Deal among the hard situations");
    // A problem without a hard generator says so (exit 2), for gen and for check --mode hard.
    for args in [&["gen", "hdu1849", "--mode", "hard"][..], &["check", "hdu1849", "--mode", "hard", "--", "true"]] {
        let out = gamesolve(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("no `gen --mode hard` yet"), "{args:?}");
    }
}

/// Every problem's hard generator, where it has one, makes inputs its judge accepts, the same
/// for the same seed, and refuses the case counts the uniform one refuses.
#[test]
fn every_hard_generator_makes_valid_inputs() {
    let mut offered = Vec::new();
    for problem in gamesolve::registry::problems() {
        if !gamesolve::stress::offers_hard_mode(problem) {
            continue;
        }
        offered.push(problem.id());
        for (seed, cases) in [(1, 1), (2, 7), (3, 30)] {
            let input = problem.generate_hard(seed, cases).unwrap();
            assert_eq!(problem.generate_hard(seed, cases).unwrap(), input, "{}", problem.id());
            assert!(
                problem.judge(&input, problem.engines()[0]).is_ok(),
                "{} rejects its hard input:\n{input}",
                problem.id()
            );
        }
        let past = problem.case_counts().end().saturating_add(1);
        assert!(problem.generate_hard(1, past).is_err(), "{}", problem.id());
    }
    assert_eq!(offered, ["cf919f", "childhood"]);
}

/// A right answer whose whitespace is not gamesolve's (trailing spaces, CRLF, an extra blank
/// line) passes with a warning naming the first such difference, and fails with `--strict`.
#[test]
fn whitespace_differences_warn_and_fail_with_strict() {
    let bin = env!("CARGO_BIN_EXE_gamesolve");
    for (edit, what) in [
        ("sed 's/$/ /'", "line 1 has trailing whitespace"),
        ("sed 's/$/\\r/'", "line 1 ends with a carriage return"),
        ("cat; echo", "1 extra blank line at the end"),
    ] {
        let program = format!("{bin} judge loopy-graph | {edit}");
        let lenient = gamesolve(&["check", "loopy-graph", "--rounds", "2", "--", "sh", "-c", &program], "");
        assert_eq!(lenient.status.code(), Some(0), "{edit}: {}", stdout(&lenient));
        let report = stdout(&lenient);
        assert!(report.contains("every answer agrees with gamesolve.\nwarning: round 1:"), "{edit}: {report}");
        assert!(report.contains(what), "{edit}: {report}");
        let strict = gamesolve(&["check", "loopy-graph", "--rounds", "2", "--strict", "--", "sh", "-c", &program], "");
        assert_eq!(strict.status.code(), Some(1), "{edit}: {}", stdout(&strict));
        assert!(
            stdout(&strict).contains(&format!("whitespace differs (--strict): {what}")),
            "{edit}: {}",
            stdout(&strict)
        );
    }
}

/// Ctrl-C (here SIGINT) while shrinking prints the mismatch and the smallest failing input found
/// so far, then exits 130.
#[test]
#[cfg(target_os = "linux")]
fn a_stop_while_shrinking_prints_the_best_failing_input_so_far() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs");
    // Every run is counted; the capped program fails the first hard round, round 2, and each
    // shrinking run takes a quarter of a second.
    let program = format!("echo run >> {}; exec {} 30", runs.display(), program("cf919f-capped").display());
    let check = std::process::Command::new(env!("CARGO_BIN_EXE_gamesolve"))
        .args(["check", "cf919f", "--", "sh", "-c", &program])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let shrinking = (0..3000).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(10));
        std::fs::read_to_string(&runs).is_ok_and(|text| text.lines().count() >= 5)
    });
    assert!(shrinking, "check did not get to shrinking");
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(check.id() as i32), nix::sys::signal::Signal::SIGINT).unwrap();
    let out = check.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let report = stdout(&out);
    assert!(report.starts_with("cf919f: stopped while shrinking a mismatch: wrong answer on line"), "{report}");
    let input = report.split_once("smallest failing input so far:\n").expect("the input").1;
    // What is printed is a valid input on which the program is wrong.
    let judged = gamesolve(&["judge", "cf919f"], input);
    assert_eq!(judged.status.code(), Some(0), "{input}");
    assert!(stdout(&judged).lines().count() >= 1);
}

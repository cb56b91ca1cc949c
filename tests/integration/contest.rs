//! `gamesolve check` and `gen` as a contestant uses them: wrong solutions that random inputs
//! rarely expose are caught at the defaults, because `check` mixes in inputs drawn from the
//! solved game (`gen --mode hard`).

use crate::common::cli::gamesolve;
use std::path::PathBuf;

/// A test program of tests/programs/, built by cargo as an example beside the gamesolve binary
/// (`cargo test` builds the examples; a run of `--test integration` alone may need
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
}

/// Every problem's hard generator (the trait requires one) makes inputs its judge accepts, the
/// same for the same seed, and refuses the case counts the uniform one refuses.
#[test]
fn every_hard_generator_makes_valid_inputs() {
    for problem in gamesolve::registry::problems() {
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

/// The input `check` reports as the smallest failing one, and its cases as standalone inputs.
fn reported_input(report: &str) -> (String, Vec<String>) {
    let (_, after) = report.split_once("failing input").expect("a failing input in the report");
    let (_, after) = after.split_once("):\n").expect("the input after its heading");
    let (input, _) = after.split_once("\ngamesolve answers:").expect("gamesolve's answers after the input");
    let input = format!("{input}\n");
    let problem = gamesolve::registry::find_problem("hdu1849").expect("registered");
    let cases = problem.split_cases(&input).expect("the reported input is valid");
    (input, cases)
}

/// What the student program `mode` prints for `input`.
fn student(mode: &str, input: &str) -> String {
    use std::io::Write;
    let mut child = std::process::Command::new(program("hdu1849-student"))
        .arg(mode)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    stdout(&child.wait_with_output().unwrap())
}

/// Bugs between cases shrink to the two cases they need: a nim-sum never reset, and every
/// answer on one line, are both right on any one case alone (checked here on each reported
/// case), so shrinking one case at a time would report the whole generated input.
#[test]
fn bugs_between_cases_shrink_to_two_cases() {
    let path = program("hdu1849-student");
    for (mode, difference) in [("reset", "wrong answer on line 2"), ("one-line", "malformed output on line 1")] {
        let out = gamesolve(&["check", "hdu1849", "--", path.to_str().unwrap(), mode], "");
        let report = stdout(&out);
        assert_eq!(out.status.code(), Some(1), "{mode}: {report}");
        assert!(report.contains(difference), "{mode}: {report}");
        assert!(report.contains("smallest failing input (shrunk with"), "{mode}: {report}");
        let (input, cases) = reported_input(&report);
        assert_eq!(cases.len(), 2, "{mode}: {input}");
        assert_ne!(student(mode, &input), student("right", &input), "{mode}: {input}");
        for case in &cases {
            assert_eq!(student(mode, case), student("right", case), "{mode} alone: {case}");
        }
        // The right program's answers are gamesolve's.
        assert_eq!(student("right", &input), stdout(&gamesolve(&["judge", "hdu1849"], &input)));
    }
}

/// Debugging lines on standard output are reported as malformed output, on one case.
#[test]
fn a_chatty_program_is_reported_on_one_case() {
    let out = gamesolve(&["check", "hdu1849", "--", program("hdu1849-student").to_str().unwrap(), "chatty"], "");
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("malformed output on line 1: `debug: "), "{report}");
    assert_eq!(reported_input(&report).1.len(), 1, "{report}");
}

/// A timeout is shrunk with the same limit while each run is cheap next to the shrinking time
/// (the program sleeps 2 ms a cell, so at 0.5 s it is caught on one piece on a cell of about 250:
/// a few cells more where the stop comes a little after the limit, fewer on a loaded machine,
/// where the start of a run takes longer), and reported unshrunk when the limit is too long for
/// it. The cells are lowered by binary search, so this takes some 60 runs: lowered one at a time
/// it took hundreds, past the shrinking time on a slow machine.
#[test]
fn a_slow_program_is_shrunk_under_the_same_limit_only_while_runs_are_cheap() {
    let path = program("hdu1849-student");
    let out = gamesolve(&["check", "hdu1849", "--timeout", "0.5", "--", path.to_str().unwrap(), "slow"], "");
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("ran past the time limit of 500ms"), "{report}");
    let (input, cases) = reported_input(&report);
    assert_eq!(cases.len(), 1, "{input}");
    let cells: Vec<u32> = input.split_whitespace().skip(1).map(|t| t.parse().unwrap()).collect();
    let largest = *cells.iter().max().unwrap();
    assert!((100..=260).contains(&largest), "{input}");
    let args = ["check", "hdu1849", "--timeout", "2", "--shrink-time", "10", "--", path.to_str().unwrap(), "slow"];
    let out = gamesolve(&args, "");
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("failing input (not shrunk: each failing run takes the whole time limit"), "{report}");
}

/// Shrinking stops at its time budget and says so.
#[test]
fn shrinking_stops_at_its_time_budget() {
    let path = program("hdu1849-student");
    let out = gamesolve(&["check", "hdu1849", "--shrink-time", "0.000001", "--", path.to_str().unwrap(), "reset"], "");
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        report.contains("smallest failing input found (0 more runs; shrinking stopped at its time budget"),
        "{report}"
    );
}

/// Windows line ends pass with a warning, and fail with `--strict`.
#[test]
fn a_crlf_program_warns_and_fails_with_strict() {
    let path = program("hdu1849-student");
    let out = gamesolve(&["check", "hdu1849", "--rounds", "3", "--", path.to_str().unwrap(), "crlf"], "");
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(report.contains("warning: round 1: an answer differs from gamesolve's only in whitespace: line 1 ends with a carriage return"), "{report}");
    let out = gamesolve(&["check", "hdu1849", "--rounds", "3", "--strict", "--", path.to_str().unwrap(), "crlf"], "");
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("whitespace differs (--strict): line 1 ends with a carriage return"), "{report}");
    assert_eq!(reported_input(&report).1.len(), 1, "{report}");
}

/// Every problem whose inputs hold several cases joins its split cases back into an input with
/// the same answer (the property shrinking across cases relies on), and a subset of them into a
/// valid input.
#[test]
fn every_problem_joins_its_split_cases() {
    for problem in gamesolve::registry::problems() {
        let engine = problem.engines()[0];
        let cases = 10.clamp(*problem.case_counts().start(), *problem.case_counts().end());
        for seed in 1..=5 {
            let input = problem.generate(seed, cases).unwrap();
            let parts = problem.split_cases(&input).unwrap();
            if parts.len() < 2 {
                continue;
            }
            let joined = problem.join_cases(&parts).unwrap();
            assert_eq!(problem.judge(&joined, engine), problem.judge(&input, engine), "{}: {joined}", problem.id());
            // Every other case: an input the judge takes, with an answer line for each.
            let some: Vec<String> = parts.iter().step_by(2).cloned().collect();
            let answer = problem.judge(&problem.join_cases(&some).unwrap(), engine).unwrap();
            let lines = |answer: String| answer.lines().count();
            let each: usize = some.iter().map(|part| lines(problem.judge(part, engine).unwrap())).sum();
            assert_eq!(lines(answer), each, "{}", problem.id());
        }
    }
}

/// `--samples` runs the contract's sample; `--inputs` runs files, or a folder's `*.in` files in
/// name order; an input the judge rejects is an error naming the file, its line and column
/// (exit 2).
#[test]
fn check_runs_fixed_inputs_and_the_sample() {
    let path = program("hdu1849-student");
    let right = gamesolve(&["check", "hdu1849", "--samples", "--", path.to_str().unwrap(), "right"], "");
    assert_eq!(stdout(&right), "hdu1849: 1 input, every answer agrees with gamesolve.\n");
    // The sample has two cases, and the second is answered for both by the reset bug.
    let reset = gamesolve(&["check", "hdu1849", "--samples", "--", path.to_str().unwrap(), "reset"], "");
    assert_eq!(reset.status.code(), Some(1));
    assert!(stdout(&reset).starts_with("hdu1849: mismatch in round 1 (input sample): wrong answer on line 2"));
    let dir = tempfile::tempdir().unwrap();
    // A program that always answers `Rabbit Win!` fails the sample on its line 2; the input
    // shrunk to that case alone fails on its line 1, said under it, not in the headline.
    let rabbit = dir.path().join("rabbit.sh");
    std::fs::write(&rabbit, "while read -r m; do [ \"$m\" = 0 ] && break; read -r cells; echo 'Rabbit Win!'; done\n")
        .unwrap();
    let always = gamesolve(&["check", "hdu1849", "--samples", "--", "sh", rabbit.to_str().unwrap()], "");
    let report = stdout(&always);
    assert!(report.starts_with("hdu1849: mismatch in round 1 (input sample): wrong answer on line 2"), "{report}");
    assert!(report.contains("\non the smallest failing input below: wrong answer on line 1: expected `Grass Win!`"));
    assert!(report.contains(":\n3\n3 5 6\n0\n"), "{report}");
    // One case each: the reset bug is right on both; the file without `.in` is not taken.
    std::fs::write(dir.path().join("b.in"), "1\n1\n0\n").unwrap();
    std::fs::write(dir.path().join("a.in"), "2\n3 3\n0\n").unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not an input").unwrap();
    let folder = dir.path().to_str().unwrap();
    let out = gamesolve(&["check", "hdu1849", "--inputs", folder, "--", path.to_str().unwrap(), "reset"], "");
    assert_eq!(stdout(&out), "hdu1849: 2 inputs, every answer agrees with gamesolve.\n");
    let bad = dir.path().join("notes.txt");
    let out = gamesolve(&["check", "hdu1849", "--inputs", bad.to_str().unwrap(), "--", path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains(&format!("{}: line 1, column 1: expected the number of pieces", bad.display())), "{error}");
    assert!(out.stdout.is_empty());
}

/// `--keep-going` runs every round and counts the failures; `--save` writes each failing
/// round and the shrunk input with both answers and the explanation; `--format json` gives
/// the same report to a script.
#[test]
fn check_keeps_going_saves_failures_and_reports_json() {
    let path = program("hdu1849-student");
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("failures");
    let args = ["check", "hdu1849", "--mode", "uniform", "--rounds", "6", "--keep-going", "--format", "json", "--save"];
    let out = gamesolve(&[&args[..], &[saved.to_str().unwrap(), "--", path.to_str().unwrap(), "reset"]].concat(), "");
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(report["rounds"], 6);
    let failing = report["failing_rounds"].as_array().unwrap();
    assert_eq!(report["failures"], failing.len());
    // Which rounds fail, from the right program and the reset bug run on each round's input.
    let mut expected_failures = Vec::new();
    for round in 1..=6u64 {
        let input = stdout(&gamesolve(&["gen", "hdu1849", "--seed", &round.to_string()], ""));
        if student("reset", &input) != student("right", &input) {
            expected_failures.push(round);
        }
        let file = saved.join(format!("round-{round}.in"));
        assert_eq!(file.exists(), expected_failures.last() == Some(&round), "round {round}");
        if file.exists() {
            assert_eq!(std::fs::read_to_string(&file).unwrap(), input);
            let out = std::fs::read_to_string(saved.join(format!("round-{round}.out"))).unwrap();
            assert_eq!(out, student("reset", &input));
            let expected = std::fs::read_to_string(saved.join(format!("round-{round}.expected"))).unwrap();
            assert_eq!(expected, student("right", &input));
        }
    }
    let rounds: Vec<u64> = failing.iter().map(|f| f["round"].as_u64().unwrap()).collect();
    assert_eq!(rounds, expected_failures);
    assert!(rounds.len() >= 2, "{rounds:?}");
    let first = &report["first_failure"];
    let shrunk = std::fs::read_to_string(saved.join("shrunk.in")).unwrap();
    assert_eq!(first["input"], shrunk.as_str());
    assert_eq!(first["expected"], student("right", &shrunk).as_str());
    assert_eq!(first["program"]["output"], student("reset", &shrunk).as_str());
    assert!(std::fs::read_to_string(saved.join("shrunk.why")).unwrap().contains("nim-sum"));
    // The text report says the same in words.
    let out = gamesolve(
        &[
            "check",
            "hdu1849",
            "--mode",
            "uniform",
            "--rounds",
            "6",
            "--keep-going",
            "--",
            path.to_str().unwrap(),
            "reset",
        ],
        "",
    );
    let text = stdout(&out);
    assert!(
        text.starts_with(&format!("hdu1849: {} of 6 rounds of 10 cases failed; the first, round 1", rounds.len())),
        "{text}"
    );
    assert!(text.contains("\nfailing rounds:\n  round 1 (generator seed 1): wrong answer"), "{text}");
}

/// `--against` checks a second program on the same inputs; gamesolve's answer says which one
/// is wrong, whichever side it is on, and the other one's verdict is reported.
#[test]
fn check_against_a_second_program_names_the_wrong_one() {
    let path = program("hdu1849-student");
    let (right, reset) = (format!("{} right", path.display()), format!("{} reset", path.display()));
    let out = gamesolve(&["check", "hdu1849", "--against", &right, "--", path.to_str().unwrap(), "reset"], "");
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("(generator seed 1): the program: wrong answer on line 2"), "{report}");
    assert!(report.contains("\nthe --against program agrees with gamesolve.\n"), "{report}");
    let out = gamesolve(&["check", "hdu1849", "--against", &reset, "--", path.to_str().unwrap(), "right"], "");
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("(generator seed 1): the --against program: wrong answer on line 2"), "{report}");
    assert!(report.contains("\nthe --against program answered:\n"), "{report}");
    assert!(report.contains("\nthe program agrees with gamesolve.\n"), "{report}");
    assert_eq!(reported_input(&report).1.len(), 2, "{report}");
    // Two right programs agree.
    let out = gamesolve(&["check", "hdu1849", "--rounds", "5", "--against", &right, "--", path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

/// `--memory-limit` limits the program's address space: a program that needs 512 MiB fails
/// under a limit of 256 MiB, reported as a memory limit, and passes under 2 GiB.
#[test]
#[cfg(unix)]
fn a_program_past_the_memory_limit_is_reported_as_such() {
    let path = program("hdu1849-student");
    let args = ["check", "hdu1849", "--rounds", "2", "--memory-limit", "256M", "--"];
    let out = gamesolve(&[&args[..], &[path.to_str().unwrap(), "hog"]].concat(), "");
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        report.contains("memory limit exceeded: the program failed to allocate under --memory-limit 256.0 MiB"),
        "{report}"
    );
    let args = ["check", "hdu1849", "--rounds", "2", "--memory-limit", "2G", "--"];
    let out = gamesolve(&[&args[..], &[path.to_str().unwrap(), "hog"]].concat(), "");
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

/// A failing case too long to read (a program that crashes past 300 tokens, its shrinking cut
/// short) is shown shortened, saying how much was left out and where the whole of it is;
/// `--save` keeps the input whole.
#[test]
fn a_long_failing_case_is_shown_shortened_and_saved_whole() {
    let dir = tempfile::tempdir().unwrap();
    let crash = dir.path().join("crash.sh");
    std::fs::write(&crash, "[ \"$(wc -w)\" -gt 300 ] && exit 7\nexit 0\n").unwrap();
    let saved = dir.path().join("saved");
    let saved_arg = saved.to_str().unwrap();
    let args = ["check", "hdu1849", "--mode", "hard", "--shrink-runs", "2", "--save", saved_arg, "--", "sh"];
    let out = gamesolve(&[&args[..], &[crash.to_str().unwrap()]].concat(), "");
    assert_eq!(out.status.code(), Some(1));
    let report = stdout(&out);
    assert!(report.contains(" more characters)\n"), "{report}");
    assert!(report.contains("long lines and texts shortened: --save keeps every file whole"), "{report}");
    assert!(report.lines().all(|line| line.chars().count() <= 240 + 40), "{report}");
    let whole = std::fs::read_to_string(saved.join("shrunk.in")).unwrap();
    assert!(whole.split_whitespace().count() > 300, "{whole}");
}

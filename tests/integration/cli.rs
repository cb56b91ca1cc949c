//! End-to-end tests of the `gamesolve` binary: exit codes, streams, help text.

use crate::common::cli::gamesolve;
use gamesolve::registry;
use std::io::Write;
use std::process::{Command, Stdio};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

#[test]
fn judge_reads_stdin_or_a_file_and_prints_only_the_answer() {
    let input = "2 1\n- L\n0 1\n";
    let out = gamesolve(&["judge", "loopy-graph"], input);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "win in 1\nloss in 0\n");
    assert_eq!(text(&out.stderr), "");

    let dir = std::env::temp_dir().join(format!("gamesolve-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("graph.in");
    std::fs::write(&file, input).unwrap();
    let out = gamesolve(&["judge", "loopy-graph", file.to_str().unwrap(), "--engine", "layered"], "");
    assert_eq!(text(&out.stdout), "win in 1\nloss in 0\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--engine all`: one line per engine, in the problem's order, each saying how its answer
/// compares with the first engine's; exit 0 when all agree, and bad input is still exit 2.
#[test]
fn judge_with_every_engine_compares_their_answers() {
    let input = "2 1\n- L\n0 1\n";
    let out = gamesolve(&["judge", "loopy-graph", "--engine", "all"], input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines[0], "loopy-graph: 4 engines on one input, 2 answer lines");
    for (line, engine) in lines[1..5].iter().zip(["reverse-graph", "unmoves", "layered", "oracle"]) {
        assert!(line.trim_start().starts_with(engine), "{report}");
    }
    assert!(lines[1].ends_with("the reference answer") && lines[2].ends_with("the same answer"), "{report}");
    assert_eq!(lines[5], "every engine that answered agrees");
    let json = gamesolve(&["judge", "hdu1849", "--engine", "all", "--format", "json"], "3\n1 4 9\n0\n");
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(json["agree"], true);
    assert_eq!(json["reference"], "grundy");
    assert_eq!(json["engines"][2]["engine"], "oracle");
    assert_eq!(json["engines"][2]["verdict"], "same");
    let bad = gamesolve(&["judge", "loopy-graph", "--engine", "all"], "2 1\n- X\n");
    assert_eq!((bad.status.code(), text(&bad.stdout)), (Some(2), String::new()));
}

#[test]
fn bad_input_prints_nothing_on_stdout_and_exits_2() {
    let out = gamesolve(&["judge", "loopy-graph"], "2 1\n- -\n0 5\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "gamesolve: loopy-graph: <stdin>: line 3, column 3: expected the target of move 1 (0..=1), found 5\n"
    );
    let out = gamesolve(&["judge", "loopy-graph"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("line 1, column 1: expected the number of nodes n"));
}

#[test]
fn with_format_json_an_error_is_a_json_document_on_stdout_too() {
    let json = |out: &std::process::Output| -> serde_json::Value {
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&out.stdout)))
    };
    // Bad input, a usage error (as --format=json), a file that is not a table: the message of
    // standard error, and the exit code, in one document.
    let out = gamesolve(&["judge", "loopy-graph", "--format", "json"], "2 1\n- -\n0 5\n");
    assert_eq!(out.status.code(), Some(2));
    let error = json(&out);
    assert_eq!(error["exit"], 2);
    assert!(error["error"].as_str().unwrap().contains("line 3, column 3"), "{error}");
    assert_eq!(format!("gamesolve: {}\n", error["error"].as_str().unwrap()), text(&out.stderr));
    let out = gamesolve(&["judge", "loopy-graph", "--engine", "magic", "--format=json"], "1 0\n-\n");
    assert!(json(&out)["error"].as_str().unwrap().contains("unknown engine `magic`"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-table");
    std::fs::write(&file, "garbage").unwrap();
    let out = gamesolve(&["verify", file.to_str().unwrap(), "--format", "json"], "");
    assert_eq!((out.status.code(), json(&out)["exit"].as_u64()), (Some(2), Some(2)));
    assert!(json(&out)["error"].as_str().unwrap().contains("not a gamesolve table file"), "{}", text(&out.stdout));
    // A clap usage error; and words after `--` are a checked program's, not gamesolve's.
    let out = gamesolve(&["solve", "--format", "json", "--no-such-option"], "");
    assert_eq!((out.status.code(), json(&out)["exit"].as_u64()), (Some(2), Some(2)));
    // Only the reason: standard error has the usage and the hint around it.
    let out = gamesolve(&["search", "mnk", "--positions", "f", "--moves", "--format", "json"], "");
    let reason = json(&out)["error"].as_str().unwrap().to_string();
    assert_eq!(reason, "the argument '--positions <FILE>' cannot be used with '--moves'");
    assert!(text(&out.stderr).contains(&reason) && text(&out.stderr).contains("Usage:"), "{}", text(&out.stderr));
    let out = gamesolve(&["check", "loopy-graph", "--timeout", "0", "--", "prog", "--format", "json"], "");
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(2), String::new()));
}

#[test]
fn invalid_utf8_is_located() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamesolve"))
        .args(["judge", "loopy-graph"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"1 0\n\xff").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("line 2, column 1: the input is not valid UTF-8 text"), "{}", text(&out.stderr));
}

#[test]
fn usage_errors_exit_2() {
    let out = gamesolve(&["judge", "loopy-graph", "--engine", "magic"], "1 0\n-\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert!(
        text(&out.stderr).contains("unknown engine `magic`; this problem has: reverse-graph, unmoves, layered, oracle")
    );
    assert_eq!(gamesolve(&["judge", "no-such-problem"], "").status.code(), Some(2));
    assert_eq!(gamesolve(&["judge", "loopy-graph", "/no/such/file"], "").status.code(), Some(2));
    assert_eq!(gamesolve(&["frobnicate"], "").status.code(), Some(2));
    assert_eq!(gamesolve(&["verify", "--only", "no game has this name"], "").status.code(), Some(2));
    // Time limits that are no time at all, or more than a clock holds, are refused, not a panic.
    for limit in ["0", "nan", "1e30", "soon"] {
        let out = gamesolve(&["check", "loopy-graph", "--timeout", limit, "--", "true"], "");
        assert_eq!(out.status.code(), Some(2), "--timeout {limit}");
        assert!(text(&out.stderr).contains("seconds"), "--timeout {limit}: {}", text(&out.stderr));
    }
}

#[test]
fn verify_prints_a_table_and_exits_0() {
    let out = gamesolve(&["verify", "--only", "random-scoring"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[0].starts_with("game") && lines[0].contains("oracle"));
    assert!(lines[1].starts_with("random-scoring nodes=100000 seed=3") && lines[1].contains("agrees"), "{stdout}");
    assert_eq!(lines.last(), Some(&"1 games: every engine agrees, every table verified."));
}

/// graph-tokens' largest verified graph (200,000 vertices) sends the recursive oracle deeper
/// than rayon's default 2 MiB stack allows: the check runs on the pool's threads, which must
/// have the check's large stack (a stack overflow aborts the whole table).
#[test]
fn verify_recurses_deep_on_every_thread() {
    let out = gamesolve(&["verify", "--only", "graph-tokens"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).ends_with("4 games: every engine agrees, every table verified.\n"));
}

#[test]
fn help_reads_well() {
    let help = gamesolve(&["--help"], "");
    assert_eq!(help.status.code(), Some(0));
    insta::assert_snapshot!("help", text(&help.stdout));
    let judge_help = gamesolve(&["judge", "--help"], "");
    insta::assert_snapshot!("judge_help", text(&judge_help.stdout));
}

/// `list` names every registered problem with its title and engines, then every verify
/// workload, in registry order (checked against the registry, so a new game needs no edit here).
#[test]
fn list_names_every_problem_with_its_engines_and_every_workload() {
    let list = gamesolve(&["list"], "");
    assert_eq!(list.status.code(), Some(0));
    let mut expected = String::from("Judge problems (gamesolve judge <id> [INPUT] [--engine E]):\n");
    for p in registry::problems() {
        expected += &format!("  {:<12} {}\n  {:<12} engines: {}\n", p.id(), p.title(), "", p.engines().join(", "));
    }
    expected += "\nGames checked by `gamesolve verify`:\n";
    for (target, words) in registry::verified() {
        expected += &format!("  {} {words}\n", target.name);
    }
    assert_eq!(text(&list.stdout), expected);
}

#[test]
fn show_prints_each_contract_and_rejects_an_unknown_problem() {
    for problem in registry::problems() {
        let out = gamesolve(&["show", problem.id()], "");
        assert_eq!(out.status.code(), Some(0), "{}", problem.id());
        assert_eq!(text(&out.stdout), problem.contract());
    }
    let out = gamesolve(&["show", "no-such-problem"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("gamesolve list"), "{}", text(&out.stderr));
}

#[test]
fn explain_shows_values_moves_and_optimal_play() {
    // Checked by hand: node 0 can only move to wins for the opponent (1 in 1 ply, 3 in 3) and
    // delays with 3; the line 0 -> 3 -> 4 -> 5 -> 6 has 4 moves, as "loss in 4" says.
    let out = gamesolve(&["explain", "loopy-graph"], "7 6\n- - L - - - L\n0 1\n0 3\n1 2\n3 4\n4 5\n5 6\n");
    assert_eq!(out.status.code(), Some(0));
    insta::assert_snapshot!("explain_loopy_graph", text(&out.stdout));
}

#[test]
fn a_reader_that_stops_early_ends_the_program_quietly_as_sigpipe_would() {
    // Like `gamesolve verify | head -1`: the pipe closes after the first line.
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamesolve"))
        .args(["verify", "--only", "dots-and-boxes"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut first = [0u8; 1];
    std::io::Read::read_exact(child.stdout.as_mut().expect("piped stdout"), &mut first).expect("some output");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("the binary finishes");
    assert_eq!(out.status.code(), Some(141), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
}

/// Help written to a full disk is a failed write (exit 2 with a message), not a silent exit 0.
#[cfg(target_os = "linux")]
#[test]
fn help_and_answers_written_to_a_full_disk_are_errors() {
    for args in [&["--help"][..], &["--version"], &["show", "loopy-graph"]] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("Linux has /dev/full");
        let out = Command::new(env!("CARGO_BIN_EXE_gamesolve")).args(args).stdout(full).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains("cannot write to standard output"), "{args:?}: {}", text(&out.stderr));
    }
}

/// An answer to a closed standard output (`>&-`) is an error (exit 2), not a silent success on
/// the `/dev/null` the runtime put there; `> /dev/null` stays a success.
#[cfg(target_os = "linux")]
#[test]
fn answers_to_a_closed_standard_output_are_errors() {
    let bin = env!("CARGO_BIN_EXE_gamesolve");
    for args in [&["list"][..], &["--help"], &["show", "loopy-graph"]] {
        let closed = Command::new("sh").arg("-c").arg(r#"exec "$0" "$@" >&-"#).arg(bin).args(args).output().unwrap();
        assert_eq!(closed.status.code(), Some(2), "{args:?}");
        assert!(text(&closed.stderr).contains("cannot write to standard output: it was closed"), "{args:?}");
        let null = std::fs::OpenOptions::new().write(true).open("/dev/null").unwrap();
        let out = Command::new(bin).args(args).stdout(null).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out.stderr));
    }
}

/// A token that would drive the terminal (an OSC title sequence, a bell) is shown escaped in
/// the error, so nothing from the input reaches the terminal raw.
#[test]
fn control_characters_of_the_input_reach_the_error_escaped() {
    let out = gamesolve(&["judge", "loopy-graph"], "2 1\n- \u{1b}]0;pwned\u{7}\n0 1\n");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains(r"found `\u{1b}]0;pwned\u{7}`"), "{stderr}");
    assert!(!stderr.trim_end().chars().any(|c| c.is_control()), "{stderr:?}");
}

//! `gamesolve search` end to end: every engine's value equals `probe`'s on stored tables (and
//! each move's value equals probe's), past the tables the game's own search answers, and bad
//! input, loopy games, budgets and files of positions are handled as the other commands do.

use crate::common::cli::gamesolve;
use solver_core::search::SearchEngine;
use std::process::Output;

fn run(args: &[&str]) -> Output {
    gamesolve(args, "")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "{}", stderr(out));
    serde_json::from_str(&stdout(out)).expect("a JSON report")
}

/// A table value of `probe --format json` in the words `search` writes: `+2`, `win in 7`,
/// `loss in 0`, `tie`.
fn in_words(value: &serde_json::Value) -> String {
    if let Some(score) = value.as_i64() {
        return format!("{score:+}");
    }
    match (value["kind"].as_str(), value["remoteness"].as_u64()) {
        (Some("tie"), _) => "tie".to_string(),
        (Some(kind), Some(r)) => format!("{kind} in {r}"),
        _ => panic!("not a searched value: {value}"),
    }
}

/// Solves `game words` into a table in `dir` and, for each position number in `numbers`, has
/// probe name it and value it and its moves, then `search --engine all --moves` value the same
/// position: every engine must give probe's value (the weak ones its sign) and every move
/// probe's value for it. Connect Four's dedicated solver is among the engines.
fn search_agrees_with_probe(game: &str, words: &[&str], numbers: &[u64]) {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("t.table");
    let table = table.to_str().unwrap();
    let mut solve = vec!["solve", game];
    solve.extend(words);
    solve.extend(["--out", table]);
    assert!(run(&solve).status.success());
    for n in numbers {
        let probed = json(&run(&["probe", table, &format!("#{n}"), "--format", "json"]));
        let position = probed["position"].as_str().unwrap();
        let mut search = vec!["search", game];
        search.extend(words);
        search.extend([position, "--engine", "all", "--moves", "--format", "json"]);
        let found = json(&run(&search));
        let report = &found["positions"][0];
        assert_eq!(report["position"], position);
        let expected = in_words(&probed["value"]);
        let results = report["results"].as_array().unwrap();
        // Connect Four's dedicated solver joins `all`, strong and weak.
        let own = if game == "connect-four" { 2 } else { 0 };
        assert_eq!(results.len(), SearchEngine::ALL.len() + own);
        for result in results {
            let value = result["value"].as_str().unwrap();
            if result["exact"] == true {
                assert_eq!(value, expected, "{game} {position}: {}", result["engine"]);
            } else {
                let sign = match expected.as_str() {
                    "tie" | "+0" => "tie",
                    e if e.starts_with("win") || e.starts_with('+') => "win",
                    _ => "loss",
                };
                assert_eq!(value, sign, "{game} {position}: {}", result["engine"]);
            }
        }
        let probed_moves: Vec<(String, String)> = probed["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["move"].as_str().unwrap().to_string(), in_words(&m["value"])))
            .collect();
        for mv in report["moves"].as_array().unwrap() {
            let name = mv["move"].as_str().unwrap();
            let value = probed_moves.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
            assert_eq!(Some(mv["value"].as_str().unwrap()), value, "{game} {position}: move {name}");
        }
    }
}

#[test]
fn every_engine_agrees_with_probe_on_stored_dots_and_boxes_tables() {
    // Under both rules: the start, a few positions spread over the numbers, a full board.
    for rule in ["rule=turn-passes", "rule=move-again"] {
        search_agrees_with_probe("dots-and-boxes", &["rows=2", "cols=2", rule], &[0, 1, 77, 1000, 2730, 4095]);
    }
}

#[test]
fn every_engine_agrees_with_probe_on_stored_mnk_and_chomp_tables() {
    // m,n,k: searched by the crate's own wide search (the search target), checked against the
    // space's table; chomp through the space's adapter.
    search_agrees_with_probe("mnk", &["m=3", "n=3", "k=3"], &[0, 1, 5, 100, 2000, 5477]);
    search_agrees_with_probe("chomp", &["rows=3", "cols=4"], &[0, 1, 7, 20, 33]);
    // Connect Four: the crate's own search (the search target) against the 4x4 space's table.
    search_agrees_with_probe("connect-four", &["width=4", "height=4"], &[0, 1, 9, 500, 20_000, 161_028]);
}

/// Pons' score for the player to move, from a table's value at a position of `stones` stones
/// on a board of `cells`: a win ends when the winner, who places the last stone, has
/// `ceil((stones + remoteness) / 2)`; the score is `(cells + 1) / 2 + 1` less that (22 less it
/// on 7x6, Pons' "Solving Connect 4", test protocol), a loss its negative, a tie 0.
fn pons_score(value: &serde_json::Value, stones: u64, cells: u64) -> i64 {
    let remoteness = value["remoteness"].as_u64().unwrap_or(0);
    let left = (cells.div_ceil(2) + 1) as i64 - (stones + remoteness).div_ceil(2) as i64;
    match value["kind"].as_str() {
        Some("win") => left,
        Some("loss") => -left,
        _ => 0,
    }
}

#[test]
fn connect_four_positions_in_the_fields_format_are_scored_and_checked() {
    // Lines `<moves> <score>` as Pons' test sets write them, on 4x4 with the scores of probe's
    // table: each line printed with the search's score, which must be the table's; a line whose
    // score is wrong fails the command and is named; a score that is not a number is refused.
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("c4.table");
    let table = table.to_str().unwrap();
    assert!(run(&["solve", "connect-four", "width=4", "height=4", "--out", table]).status.success());
    let mut lines = Vec::new();
    for n in [1u64, 9, 77, 500, 4_000, 20_000, 90_000] {
        let probed = json(&run(&["probe", table, &format!("#{n}"), "--format", "json"]));
        let moves = probed["position"].as_str().unwrap().to_string();
        let score = pons_score(&probed["value"], moves.len() as u64, 16);
        lines.push((moves, score));
    }
    let file = dir.path().join("set.txt");
    let text: String = lines.iter().map(|(moves, score)| format!("{moves} {score}\n")).collect();
    std::fs::write(&file, &text).unwrap();
    for engine in ["alpha-beta", "weak", "solver", "solver-weak"] {
        let out = run(&[
            "search",
            "connect-four",
            "width=4",
            "height=4",
            "--positions",
            file.to_str().unwrap(),
            "--engine",
            engine,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let printed: Vec<Vec<String>> =
            stdout(&out).lines().map(|l| l.split('\t').map(String::from).collect()).collect();
        assert_eq!(printed.len(), lines.len());
        for ((moves, score), row) in lines.iter().zip(&printed) {
            let expected = if engine.ends_with("weak") { score.signum() } else { *score };
            assert_eq!((&row[0], row[1].parse::<i64>().unwrap()), (moves, expected), "{engine}");
        }
    }
    let (moves, score) = &lines[3];
    std::fs::write(&file, format!("{text}{moves} {}\n", score + 1)).unwrap();
    let out = run(&["search", "connect-four", "width=4", "height=4", "--positions", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains(&format!("line 8: the file gives {}", score + 1)), "{}", stderr(&out));
    std::fs::write(&file, format!("{moves} x\n")).unwrap();
    let out = run(&["search", "connect-four", "width=4", "height=4", "--positions", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(stderr(&out).contains(&format!("set.txt:1:{}: `x` is not a score", moves.len() + 2)), "{}", stderr(&out));
}

#[test]
fn loopy_games_unknown_games_and_bad_positions_are_refused() {
    let loopy = run(&["search", "chopsticks"]);
    assert_eq!(loopy.status.code(), Some(2));
    assert!(stderr(&loopy).contains("may loop"), "{}", stderr(&loopy));
    let no_solver = run(&["search", "mnk", "m=3", "n=3", "k=3", "--engine", "solver"]);
    assert_eq!(no_solver.status.code(), Some(2));
    assert!(stderr(&no_solver).contains("has no dedicated solver"), "{}", stderr(&no_solver));
    let unknown = run(&["search", "go"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("no game `go`"), "{}", stderr(&unknown));
    let typo = run(&["search", "mnk", "m=3", "nn=3"]);
    assert_eq!(typo.status.code(), Some(2));
    assert!(stderr(&typo).contains("nn"), "{}", stderr(&typo));
    for bad in [&["mnk", "XX./OO/..."][..], &["mnk", "XXX/OOO/..."], &["dots-and-boxes", "1-3"], &["chomp", "9 9"]] {
        let mut args = vec!["search"];
        args.extend(bad);
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(out.stdout.is_empty(), "{bad:?}: {}", stdout(&out));
    }
}

#[test]
fn a_search_past_its_budget_declines_with_exit_3() {
    let out = run(&["--budget", "500", "search", "mnk", "m=4", "n=4", "k=4"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    assert!(stderr(&out).contains("500 positions") && stderr(&out).contains("--budget"), "{}", stderr(&out));
}

#[test]
fn a_file_of_positions_gives_a_line_each_and_a_bad_line_is_refused_first() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.txt");
    // Tic-tac-toe: the empty board (a tie, Winning Ways), X to complete the top row (a win in 1).
    std::fs::write(&good, "# positions\n.../.../...\n\nXX./OO./...\n").unwrap();
    let out = run(&["search", "mnk", "--positions", good.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<Vec<String>> = stdout(&out).lines().map(|l| l.split('\t').map(String::from).collect()).collect();
    assert_eq!(lines.len(), 2, "{}", stdout(&out));
    assert_eq!((lines[0][0].as_str(), lines[0][1].as_str()), (".../.../...", "tie"));
    assert_eq!((lines[1][0].as_str(), lines[1][1].as_str()), ("XX./OO./...", "win in 1"));
    assert!(lines.iter().all(|l| l.len() == 4 && l[2].parse::<u64>().is_ok() && l[3].parse::<u64>().is_ok()));

    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, ".../.../...\n  XX./OO/...\n").unwrap();
    let out = run(&["search", "mnk", "--positions", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(stderr(&out).contains("bad.txt:2:3:"), "{}", stderr(&out));
}

#[test]
fn ctrl_c_stops_a_search_and_says_what_was_proven() {
    // The (5,5,4) start takes seconds of every engine: stopped after half a second.
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_gamesolve"))
        .args(["search", "mnk", "m=5", "n=5", "k=4", "--engine", "bisection"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    let pid = nix::unistd::Pid::from_raw(child.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    assert!(out.stdout.is_empty(), "{}", stdout(&out));
    let said = stderr(&out);
    assert!(said.contains("bisection: the search was stopped after") && said.contains("proven"), "{said}");
}

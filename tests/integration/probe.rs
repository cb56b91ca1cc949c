//! `gamesolve probe` on tables `solve` writes: the moves best first (against the order restated
//! here), the value in words, the board picture, and `--line`, the optimal line from a position
//! (tic-tac-toe's from the start, a known tie of 9 plies; a draw of Chopsticks, stopped at the
//! cap; Kayles, stopped where a move leaves a sum); `explain --table`, which answers a problem's
//! cases from such a table, against the oracle and against `explain` solving.

use crate::common::cli::gamesolve;
use crate::common::{assert_best_first, preference};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn run_json(args: &[&str]) -> Value {
    let out = gamesolve(args, "");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

fn run_text(args: &[&str]) -> String {
    let out = gamesolve(args, "");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Solves `game` at `params` into `dir` and returns the table's path.
fn solved(dir: &Path, game: &str, params: &[&str]) -> PathBuf {
    let file = dir.join(format!("{game}-{}.table", params.join("-")));
    let mut args = vec!["solve", game];
    args.extend(params);
    args.extend(["--out", file.to_str().unwrap(), "--format", "json"]);
    run_json(&args);
    file
}

fn probe(table: &Path, position: &str, more: &[&str]) -> Value {
    let mut args = vec!["probe", table.to_str().unwrap(), position, "--format", "json"];
    args.extend(more);
    run_json(&args)
}

/// The moves of a probe answer: each `{move, value}`.
fn moves(probed: &Value) -> &Vec<Value> {
    probed["moves"].as_array().unwrap()
}

/// An mnk cell's place in the game's own order of moves, row by row (`X b3` -> (3, 'b')).
fn cell_order(name: &str) -> (u32, char) {
    let cell = name.split(' ').nth(1).unwrap();
    let mut chars = cell.chars();
    let column = chars.next().unwrap();
    (chars.as_str().parse().unwrap(), column)
}

#[test]
fn moves_come_best_first_and_equal_values_keep_the_games_order() {
    let dir = tempfile::tempdir().unwrap();
    let mnk = solved(dir.path(), "mnk", &["m=3", "n=3", "k=3"]);
    for position in [".../.../...", "XO./.OX/...", "X../.O./...", "XX./OO./...", "#100", "#2000"] {
        let probed = probe(&mnk, position, &[]);
        let moves = moves(&probed);
        assert!(!moves.is_empty(), "{position}");
        for pair in moves.windows(2) {
            let (a, b) = (preference(&pair[0]["value"]), preference(&pair[1]["value"]));
            assert!(a <= b, "{position}: {} before {}", pair[0], pair[1]);
            if a == b {
                let (a, b) = (pair[0]["move"].as_str().unwrap(), pair[1]["move"].as_str().unwrap());
                assert!(cell_order(a) < cell_order(b), "{position}: {a} before {b}, against the game's order");
            }
        }
        // The first is a best move, and the best moves are those of the first's value.
        let first = &moves[0]["value"];
        let best: Vec<&Value> = moves.iter().filter(|m| &m["value"] == first).map(|m| &m["move"]).collect();
        let listed: Vec<&Value> = probed["best_moves"].as_array().unwrap().iter().map(|m| &m["move"]).collect();
        assert_eq!(best, listed, "{position}");
    }
    let dots = solved(dir.path(), "dots-and-boxes", &["rows=2", "cols=2"]);
    for position in ["empty", "1-2 1-4 2-5", "1-2 1-4 2-5 4-5", "#77", "#1000", "#2730"] {
        let probed = probe(&dots, position, &[]);
        assert_best_first(moves(&probed), position);
    }
}

#[test]
fn the_value_is_explained_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let mnk = solved(dir.path(), "mnk", &["m=3", "n=3", "k=3"]);
    // Tic-tac-toe is a tie, and a tie fills the board: 9 plies.
    let start = probe(&mnk, ".../.../...", &[]);
    assert_eq!(
        start["meaning"],
        "tie in 9: neither side can force a win; best play ends level in 9 plies (both sides take the quickest tie)"
    );
    let text = run_text(&["probe", mnk.to_str().unwrap(), ".../.../..."]);
    assert!(text.contains("\nvalue: tie in 9: neither side can force a win;"), "{text}");
    // X completes the top row at once.
    assert_eq!(
        probe(&mnk, "XX./OO./...", &[])["meaning"],
        "win in 1: the player to move wins, in 1 ply at most against any defence"
    );
    // O has three in a row: X, to move, has lost.
    assert_eq!(probe(&mnk, "XX./OOO/X..", &[])["meaning"], "loss in 0: the game is over, lost by the player to move");
    // Kayles (octal 0.77): heap 5 has nimber 4, heap 0 nimber 0 (Winning Ways' table of
    // Kayles values: 0 1 2 3 1 4 3 2 1 4 2 6).
    let kayles = solved(dir.path(), "octal", &["code=0.77", "n=10"]);
    assert_eq!(
        probe(&kayles, "5", &[])["meaning"],
        "*4: a win for the player to move (nimber 4: in a sum, it counts as a nim heap of 4)"
    );
    assert_eq!(
        probe(&kayles, "0", &[])["meaning"],
        "*0: a loss for the player to move (nimber 0: in a sum, it counts as nothing)"
    );
    // A score: its words name the same number of points.
    let dots = solved(dir.path(), "dots-and-boxes", &["rows=1", "cols=2"]);
    let probed = probe(&dots, "empty", &[]);
    let score = probed["value"].as_i64().unwrap();
    let meaning = probed["meaning"].as_str().unwrap();
    assert!(meaning.starts_with(&format!("{score:+}: with best play from here ")), "{meaning}");
}

#[test]
fn positions_are_drawn_where_the_game_draws_them() {
    let dir = tempfile::tempdir().unwrap();
    let mnk = solved(dir.path(), "mnk", &["m=3", "n=3", "k=3"]);
    // The marks of `XO./.OX/...` in place, column letters above and row numbers left.
    let board = "   a b c\n1  X O .\n2  . O X\n3  . . .\n";
    assert_eq!(probe(&mnk, "XO./.OX/...", &[])["picture"], board);
    let text = run_text(&["probe", mnk.to_str().unwrap(), "XO./.OX/..."]);
    assert!(text.contains(&format!(": XO./.OX/...\n{board}value: ")), "{text}");
    // 1-2, 1-4, 2-5 and 4-5 close the top left box of a 2x2 board: drawn `#`.
    let dots = solved(dir.path(), "dots-and-boxes", &["rows=2", "cols=2"]);
    let picture = probe(&dots, "1-2 1-4 2-5 4-5", &[])["picture"].as_str().unwrap().to_string();
    assert_eq!(picture, " 1 --  2     3\n |  #  |\n 4 --  5     6\n\n 7     8     9\n");
    // A game without a picture says so.
    let kayles = solved(dir.path(), "octal", &["code=0.77", "n=10"]);
    assert_eq!(probe(&kayles, "5", &[])["picture"], Value::Null);
}

/// The value before a move as the value after it says it must be, for the player who moved:
/// a loss in r - 1 for the next player is a win in r, a win in r - 1 a loss in r, a tie in
/// r - 1 a tie in r, a draw a draw (solver-core's `backed_up`, restated).
fn backs_up(after: &Value, before: &Value) -> bool {
    let (kind, r) = (after["kind"].as_str().unwrap(), after["remoteness"].as_u64());
    let expected = match kind {
        "loss" => "win",
        "win" => "loss",
        other => other,
    };
    before["kind"] == expected && before["remoteness"].as_u64() == r.map(|r| r + 1)
}

#[test]
fn the_optimal_line_of_tic_tac_toe_fills_the_board_in_a_tie() {
    let dir = tempfile::tempdir().unwrap();
    let mnk = solved(dir.path(), "mnk", &["m=3", "n=3", "k=3"]);
    for position in [".../.../...", "XO./.OX/...", "XX./OO./...", "X../.O./...", "#100", "#2000"] {
        let probed = probe(&mnk, position, &["--line"]);
        let line = probed["line"].as_array().unwrap();
        assert_eq!(probed["line_end"], "finished", "{position}");
        // The line is as long as the position's remoteness.
        assert_eq!(line.len() as u64, probed["value"]["remoteness"].as_u64().unwrap(), "{position}");
        let mut before = probed.clone();
        for step in line {
            let position = step["position"].as_str().unwrap();
            // The move played is the best first, and what it leaves is valued as probe
            // values that position.
            assert_eq!(step["move"], moves(&before)[0]["move"], "{position}");
            let after = probe(&mnk, position, &[]);
            assert_eq!(step["value"], after["value"], "{position}");
            assert!(backs_up(&step["value"], &before["value"]), "{} after {}", step["value"], before["value"]);
            before = after;
        }
        assert!(moves(&before).is_empty(), "the line ends where the game does");
        assert_eq!(before["value"]["remoteness"], 0);
    }
    // From the start: a tie, nine plies to a full board.
    let start = probe(&mnk, ".../.../...", &["--line"]);
    let line = start["line"].as_array().unwrap();
    assert_eq!(line.len(), 9);
    assert!(!line[8]["position"].as_str().unwrap().contains('.'), "{}", line[8]);
    assert_eq!(line[8]["value"], serde_json::json!({"kind": "tie", "remoteness": 0}));
    let text = run_text(&["probe", mnk.to_str().unwrap(), ".../.../...", "--line"]);
    assert!(text.contains("optimal line (9 plies):\n") && text.ends_with("  the game is over\n"), "{text}");
}

#[test]
fn a_line_stops_at_its_cap_in_a_draw_and_where_a_move_leaves_a_sum() {
    let dir = tempfile::tempdir().unwrap();
    // Chopsticks with cutoff and no suicidal splits is a draw from the start: play never ends.
    let chopsticks = solved(dir.path(), "chopsticks", &["rule=cutoff", "splits=nosuicide"]);
    let probed = probe(&chopsticks, "1 1 / 1 1", &["--line", "12"]);
    assert_eq!(probed["value"]["kind"], "draw");
    let line = probed["line"].as_array().unwrap();
    assert_eq!((line.len(), &probed["line_end"]), (12, &Value::from("stopped")));
    assert!(line.iter().all(|s| s["value"]["kind"] == "draw"), "{line:?}");
    let text = run_text(&["probe", chopsticks.to_str().unwrap(), "1 1 / 1 1", "--line"]);
    assert!(text.ends_with("  ... (stopped after 40 plies)\n"), "{text}");
    // Kayles: heap 9 (nimber 4) is won only by leaving two heaps (the single heaps it leaves,
    // 8 and 7, have nimbers 1 and 2): a sum, where the line stops.
    let kayles = solved(dir.path(), "octal", &["code=0.77", "n=10"]);
    let probed = probe(&kayles, "9", &["--line"]);
    let line = probed["line"].as_array().unwrap();
    assert_eq!(probed["line_end"], "sum");
    assert_eq!(line.len(), 1);
    assert_eq!(line[0]["value"], 0);
    assert!(line[0]["position"].as_str().unwrap().contains(" + "), "{}", line[0]);
}

/// `explain FILE` as JSON, with `more` arguments.
fn explained(input: &Path, more: &[&str]) -> Vec<Value> {
    let mut args = vec!["explain", "mnk", input.to_str().unwrap(), "--format", "json"];
    args.extend(more);
    run_json(&args)["cases"].as_array().unwrap().clone()
}

/// Every `step`th of a table's `count` positions, in the game's notation, read back by `probe`.
fn every_nth_position(table: &Path, count: usize, step: usize) -> Vec<String> {
    (0..count)
        .step_by(step)
        .map(|i| probe(table, &format!("#{i}"), &[])["position"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn explain_with_a_table_answers_as_the_oracle_and_as_explain_without_one() {
    let dir = tempfile::tempdir().unwrap();
    let mnk = solved(dir.path(), "mnk", &["m=3", "n=3", "k=3"]);
    // Every 137th of the table's 5,478 boards, written as the problem's cases.
    let boards = every_nth_position(&mnk, 5478, 137);
    let mut input = format!("{}\n", boards.len());
    for board in &boards {
        input += &format!("3 3 3\n{}\n", board.replace('/', "\n"));
    }
    let file = dir.path().join("boards.in");
    std::fs::write(&file, &input).unwrap();

    let from_table = explained(&file, &["--table", mnk.to_str().unwrap()]);
    let solving = explained(&file, &[]);
    let oracle = run_text(&["judge", "mnk", file.to_str().unwrap(), "--engine", "oracle"]);
    assert_eq!(from_table.len(), boards.len());
    for (i, ((table, solved), answer)) in from_table.iter().zip(&solving).zip(oracle.lines()).enumerate() {
        assert_eq!(table["verdict"], answer, "case {}: {}", i + 1, boards[i]);
        // Both best first, equal values in the game's order.
        assert_eq!(table["moves"], solved["moves"], "case {}: {}", i + 1, boards[i]);
        let line = table["line"].as_array().unwrap();
        if let Some(last) = line.last() {
            // The line ends where the game does: a finished board has no move left to value.
            assert!(last["value"].as_str().unwrap().ends_with(" in 0"), "case {}: {last}", i + 1);
        }
    }

    // A board of another game, and a problem whose cases are not a table's positions: errors
    // that say so, and nothing on standard output.
    let mixed = dir.path().join("mixed.in");
    std::fs::write(&mixed, "2\n3 3 3\n...\n...\n...\n2 2 2\n..\n..\n").unwrap();
    let out = gamesolve(&["explain", "mnk", mixed.to_str().unwrap(), "--table", mnk.to_str().unwrap()], "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(stderr.contains("case 2 is a position of `mnk k=2 m=2 n=2`"), "{stderr}");
    assert!(stderr.contains("gamesolve solve mnk m=2 n=2 k=2 --out FILE"), "{stderr}");
    let out = gamesolve(&["explain", "hdu1849", "--table", mnk.to_str().unwrap()], "1\n3\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no `explain --table`"));
}

/// Connect Four's problem answers in Pons' score, which `explain --table` makes of the table's
/// win or loss and its remoteness: every 301st of the 4x3 board's 12,031 positions (40 cases,
/// finished ones among them where they fall) gives the oracle's score.
#[test]
fn explain_with_a_table_scores_connect_four_as_the_oracle() {
    let dir = tempfile::tempdir().unwrap();
    let table = solved(dir.path(), "connect-four", &["width=4", "height=3"]);
    let positions = every_nth_position(&table, 12_031, 301);
    let mut input = format!("{}\n", positions.len());
    for moves in &positions {
        input += &format!("4 3 {}\n", if moves.is_empty() { "-" } else { moves });
    }
    let file = dir.path().join("positions.in");
    std::fs::write(&file, &input).unwrap();
    let oracle = run_text(&["judge", "connect-four", file.to_str().unwrap(), "--engine", "oracle"]);
    let args = ["explain", "connect-four", file.to_str().unwrap(), "--table", table.to_str().unwrap()];
    let cases = run_json(&[&args[..], &["--format", "json"]].concat())["cases"].as_array().unwrap().clone();
    assert_eq!(cases.len(), positions.len());
    let scores: Vec<&str> = oracle.lines().collect();
    assert!(scores.iter().any(|s| s.starts_with('-')) && scores.iter().any(|s| *s != "0" && !s.starts_with('-')));
    for (i, (case, score)) in cases.iter().zip(scores).enumerate() {
        assert_eq!(case["verdict"], score, "case {}: {}", i + 1, positions[i]);
    }
}

//! The table commands end to end: `solve` (start values against the naive oracle), `probe`,
//! `diff` and `verify FILE` with their exit codes, `--force`, and the errors for damaged files,
//! tables that disagree with their own header and tables whose values are wrong.

use crate::common::cli::gamesolve;
use dots_and_boxes::Rule;
use dots_and_boxes::plain::PlainDots;
use oracle::{Budget, ScoreOracle};
use std::path::Path;
use std::process::Output;
use workbench::table_file::{TableFile, Value, write_table};

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn run(args: &[&str]) -> Output {
    gamesolve(args, "")
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temporary path")
}

/// Solves a dots and boxes board to a file and returns its path.
fn solved(dir: &Path, rows: usize, cols: usize, rule: &str) -> std::path::PathBuf {
    let file = dir.join(format!("{rows}x{cols}-{rule}.table"));
    let out = run(&[
        "solve",
        "dots-and-boxes",
        &format!("rows={rows}"),
        &format!("cols={cols}"),
        &format!("rule={rule}"),
        "--out",
        path(&file),
    ]);
    assert!(out.status.success(), "solve: {}", stderr(&out));
    file
}

/// A copy of the table at `from`, written with the same header, with `change` applied to the
/// values: a table whose checksums are right but whose values may be wrong.
fn rewritten(from: &Path, to: &Path, change: impl Fn(u64, Value) -> Value + Sync) {
    let table = TableFile::open(from).expect("a table");
    let record = |i| change(i, table.value(i).expect("a readable value"));
    write_table(to, table.header(), &record, true, &|_, _| {}).expect("written");
}

#[test]
fn solve_gives_the_oracles_start_value_for_every_board_up_to_2x3() {
    for (rows, cols) in [(1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 1), (3, 2)] {
        for rule in Rule::ALL {
            let args = ["rows", "cols"].map(String::from);
            let words = [format!("{}={rows}", args[0]), format!("{}={cols}", args[1]), format!("rule={}", rule.name())];
            let out = run(&["solve", "dots-and-boxes", &words[0], &words[1], &words[2], "--format", "json"]);
            assert!(out.status.success(), "{words:?}: {}", stderr(&out));
            let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
            let plain = PlainDots { rows, cols, rule };
            let board = dots_and_boxes::Board::new(rows, cols).unwrap();
            let expected = ScoreOracle::new(&plain, Budget::new(1 << 18))
                .value(&PlainDots::from_lines(&board, 0))
                .expect("within budget");
            assert_eq!(json["start"]["value"], expected, "{words:?}");
            assert_eq!(json["start"]["position"], "empty");
            assert_eq!(json["positions"], 1u64 << board.lines());
            assert_eq!(json["game"], "dots-and-boxes");
            assert_eq!(json["params"]["rule"], rule.name());
            let best = json["start"]["best_moves"].as_array().expect("best moves");
            assert!(!best.is_empty() && best.iter().all(|m| m["value"] == expected), "{words:?}: {best:?}");
        }
    }
}

/// `solve --format json`'s start value for every board in tests/golden/dots-start-values.txt
/// (an outside C program's output) up to 27 lines; the 31-line 3x4 board too with
/// GAMESOLVE_SLOW=1 (about 4 s and 0.6 GiB a rule on 2 cores).
#[test]
fn solve_gives_the_c_baselines_start_value_for_every_board_up_to_3x4() {
    let data =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/dots-start-values.txt"))
            .expect("the committed start values");
    let slow = std::env::var_os("GAMESOLVE_SLOW").is_some();
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        // `3x4 standard: 0` or `2x3 no extra move: 2`.
        let (board, rest) = line.split_once(' ').expect("a board");
        let (rule, value) = rest.split_once(": ").expect("a value");
        let (rows, cols) = board.split_once('x').expect("R x C");
        let (rows, cols): (usize, usize) = (rows.parse().unwrap(), cols.parse().unwrap());
        let rule = if rule == "standard" { "move-again" } else { "turn-passes" };
        let lines = rows * (cols + 1) + cols * (rows + 1);
        if lines > 27 && !slow {
            continue;
        }
        let words = [format!("rows={rows}"), format!("cols={cols}"), format!("rule={rule}")];
        let out = run(&["solve", "dots-and-boxes", &words[0], &words[1], &words[2], "--format", "json"]);
        assert!(out.status.success(), "{line}: {}", stderr(&out));
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
        assert_eq!(json["start"]["value"], value.parse::<i64>().unwrap(), "{line}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} boards checked");
}

#[test]
fn probe_reads_a_position_and_its_moves_from_a_stored_table() {
    let dir = tempfile::tempdir().unwrap();
    let file = solved(dir.path(), 1, 2, "move-again");
    // 1-2 1-4 2-5 leave the left box one line short: drawing 4-5 closes it, and then the mover
    // goes on in the right box with 3 of its lines left.
    let out = run(&["probe", path(&file), "1-2", "1-4", "2-5", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let board = dots_and_boxes::Board::new(1, 2).unwrap();
    let plain = PlainDots { rows: 1, cols: 2, rule: Rule::MoveAgain };
    let lines =
        [(1, 2), (1, 4), (2, 5)].iter().fold(0, |m, &(a, b)| m | 1 << board.line_between_numbers(a, b).unwrap());
    let expected = ScoreOracle::new(&plain, Budget::new(1 << 12)).value(&PlainDots::from_lines(&board, lines)).unwrap();
    assert_eq!(json["value"], expected);
    assert_eq!(json["position"], "1-2 1-4 2-5");
    assert_eq!(json["moves"].as_array().unwrap().len(), 7 - 3);
    assert!(json["best_moves"].as_array().unwrap().iter().any(|m| m["move"] == "4-5"));

    let text = stdout(&run(&["probe", path(&file), "#0"]));
    assert!(text.contains("position #0: empty"), "{text}");
    for bad in ["1-3", "9-10", "1-2 1-2", "#128", "x"] {
        let out = run(&["probe", path(&file), bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(out.stdout.is_empty() && stderr(&out).contains("position"), "{bad}: {}", stderr(&out));
    }
}

#[test]
fn diff_tells_identical_different_and_incomparable_tables_apart() {
    let dir = tempfile::tempdir().unwrap();
    let a = solved(dir.path(), 2, 2, "turn-passes");
    let b = dir.path().join("b.table");
    let out = run(&["solve", "dots-and-boxes", "rows=2", "cols=2", "--engine", "score-dp", "--out", path(&b)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let same = run(&["diff", path(&a), path(&b)]);
    assert_eq!(same.status.code(), Some(0), "{}{}", stdout(&same), stderr(&same));
    assert!(stdout(&same).contains("identical"));

    let changed = dir.path().join("changed.table");
    rewritten(&a, &changed, |i, v| if i == 5 || i == 9 { Value::Score(-7) } else { v });
    let differ = run(&["diff", path(&a), path(&changed), "--format", "json"]);
    assert_eq!(differ.status.code(), Some(1), "{}", stderr(&differ));
    let json: serde_json::Value = serde_json::from_str(&stdout(&differ)).unwrap();
    assert_eq!(json["identical"], false);
    let total: u64 = json["differences"].as_object().unwrap().values().map(|n| n.as_u64().unwrap()).sum();
    let originals = TableFile::open(&a).unwrap();
    let expected = [5, 9].iter().filter(|&&i| originals.value(i).unwrap() != Value::Score(-7)).count() as u64;
    assert_eq!(total, expected);
    assert_eq!(json["first"][0]["index"], 5);

    let other = solved(dir.path(), 2, 2, "move-again");
    let apart = run(&["diff", path(&a), path(&other)]);
    assert_eq!(apart.status.code(), Some(2), "{}", stderr(&apart));
    assert!(stderr(&apart).contains("not the same game"), "{}", stderr(&apart));
}

#[test]
fn verify_file_accepts_a_right_table_and_names_a_wrong_value_or_a_damaged_byte() {
    let dir = tempfile::tempdir().unwrap();
    let good = solved(dir.path(), 2, 2, "move-again");
    let out = run(&["verify", path(&good)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("every value follows from its children"));

    // A full board worth 1 instead of 0: the checksums are right, the value is not. The verifier
    // reports the first position in order whose value does not follow from its children's,
    // a parent of the full board or the full board itself.
    let wrong = dir.path().join("wrong.table");
    let full = (1u64 << 12) - 1;
    rewritten(&good, &wrong, |i, v| if i == full { Value::Score(1) } else { v });
    let out = run(&["verify", path(&wrong)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("FAILED") && stdout(&out).contains("children"), "{}", stdout(&out));

    // One flipped byte inside the blocks: a checksum names the file and the byte.
    let mut bytes = std::fs::read(&good).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    let damaged = dir.path().join("damaged.table");
    std::fs::write(&damaged, &bytes).unwrap();
    for command in ["verify", "probe"] {
        let mut args = vec![command, path(&damaged)];
        if command == "probe" {
            args.push("#4095");
        }
        let out = run(&args);
        // A probe only reads the blocks it needs; it fails if the flip is in one of them.
        if command == "verify" || !out.status.success() {
            assert_eq!(out.status.code(), Some(2), "{command}: {}", stderr(&out));
            assert!(stderr(&out).contains(path(&damaged)) && stderr(&out).contains("byte"), "{}", stderr(&out));
            assert!(out.stdout.is_empty());
        }
    }
    let truncated = dir.path().join("truncated.table");
    std::fs::write(&truncated, &bytes[..middle]).unwrap();
    let out = run(&["probe", path(&truncated), "empty"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("byte"), "{}", stderr(&out));
}

#[test]
fn solve_never_overwrites_a_file_without_force_and_refuses_a_header_of_no_game() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.table");
    std::fs::write(&file, "precious").unwrap();
    let out = run(&["solve", "dots-and-boxes", "rows=1", "cols=1", "--out", path(&file)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--force"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "precious");
    let out = run(&["solve", "dots-and-boxes", "rows=1", "cols=1", "--out", path(&file), "--force"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(TableFile::open(&file).is_ok());
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(leftovers.len(), 1, "{leftovers:?}");

    // A well-formed table whose header names parameters the game does not have.
    let table = TableFile::open(&file).unwrap();
    let mut header = table.header().clone();
    header.params.insert("rows".into(), "9".into());
    let odd = dir.path().join("odd.table");
    write_table(&odd, &header, &|i| table.value(i).unwrap(), false, &|_, _| {}).unwrap();
    for args in [vec!["probe", path(&odd), "empty"], vec!["verify", path(&odd)]] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("header disagrees"), "{}", stderr(&out));
    }
}

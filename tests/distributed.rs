//! `solve --distributed` under `mpirun` (cargo feature `mpi`; `.ci/run` installs Open MPI and
//! runs this file with the feature): on 2 and 4 ranks the sharded table of 2x3 and 3x3 (both
//! rules) and 2x5 is the single-process table (`diff` exits 0, `verify` passes on it, the start
//! values match); a rank killed mid-run stops the job, and `--resume` reads back the shards
//! written and solves only the rest, to the same table; a directory in use and a resume of
//! another plan are refused. Without the feature, `--distributed` says how to get it.

#[path = "integration/common/mod.rs"]
mod common;

use common::cli::gamesolve;
use std::path::Path;
#[cfg(feature = "mpi")]
use std::process::{Command, Output};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temporary path")
}

#[cfg(not(feature = "mpi"))]
#[test]
fn without_the_feature_distributed_says_how_to_build_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = gamesolve(&["solve", "dots-and-boxes", "--distributed", "--out", path(dir.path())], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--features mpi"), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
}

/// `mpirun -np ranks gamesolve args... --format json`, with `env` set, bounded to three minutes.
#[cfg(feature = "mpi")]
fn mpirun(ranks: usize, args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new("timeout")
        .envs(env.iter().copied())
        .args(["180", "mpirun", "--allow-run-as-root", "--oversubscribe", "-np", &ranks.to_string()])
        .arg(env!("CARGO_BIN_EXE_gamesolve"))
        .args(args)
        .args(["--format", "json"])
        .output()
        .expect("timeout and mpirun run (Open MPI installed)")
}

#[cfg(feature = "mpi")]
fn json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "{}{}", text(&out.stdout), text(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&out.stdout)))
}

/// `key=value` words of a board.
#[cfg(feature = "mpi")]
fn board(rows: usize, cols: usize, rule: &str) -> [String; 3] {
    [format!("rows={rows}"), format!("cols={cols}"), format!("rule={rule}")]
}

/// `gamesolve solve dots-and-boxes <board> --distributed --out dir` on `ranks` ranks.
#[cfg(feature = "mpi")]
fn solve_distributed(ranks: usize, words: &[String], dir: &Path, extra: &[&str], env: &[(&str, &str)]) -> Output {
    let mut args = vec!["solve", "dots-and-boxes"];
    args.extend(words.iter().map(String::as_str));
    args.extend(["--distributed", "--out", path(dir)]);
    args.extend(extra);
    mpirun(ranks, &args, env)
}

/// The single-process table of a board in `dir`, and its JSON report.
#[cfg(feature = "mpi")]
fn single_process(words: &[String], dir: &Path) -> (std::path::PathBuf, serde_json::Value) {
    let file = dir.join("single.table");
    let mut args = vec!["solve", "dots-and-boxes"];
    args.extend(words.iter().map(String::as_str));
    args.extend(["--out", path(&file), "--format", "json"]);
    let report = json(&gamesolve(&args, ""));
    (file, report)
}

/// The positions solved and read back, over every rank of a report.
#[cfg(feature = "mpi")]
fn slices(report: &serde_json::Value) -> (u64, u64, u64) {
    let ranks = report["ranks"].as_array().expect("a report per rank");
    let sum = |key: &str| ranks.iter().map(|r| r[key].as_u64().unwrap()).sum::<u64>();
    (sum("slices_solved"), sum("slices_read_back"), sum("positions_solved") + sum("positions_read_back"))
}

#[cfg(feature = "mpi")]
#[test]
fn sharded_tables_equal_the_single_process_table() {
    for (rows, cols, rules) in
        [(2, 3, &["turn-passes", "move-again"][..]), (3, 3, &["turn-passes", "move-again"]), (2, 5, &["move-again"])]
    {
        for rule in rules {
            let words = board(rows, cols, rule);
            let tmp = tempfile::tempdir().unwrap();
            let (single, expected) = single_process(&words, tmp.path());
            for ranks in [2, 4] {
                let dir = tmp.path().join(format!("{ranks}-ranks"));
                let report = json(&solve_distributed(ranks, &words, &dir, &[], &[]));
                let case = format!("{rows}x{cols} {rule} on {ranks} ranks");
                assert_eq!(report["value"], expected["start"]["value"], "{case}");
                assert_eq!(report["ranks"].as_array().unwrap().len(), ranks, "{case}");
                let (_, read_back, positions) = slices(&report);
                assert_eq!((read_back, positions), (0, 1 << (rows * (cols + 1) + cols * (rows + 1))), "{case}");
                let diff = gamesolve(&["diff", path(&dir), path(&single)], "");
                assert_eq!(diff.status.code(), Some(0), "{case}: {}{}", text(&diff.stdout), text(&diff.stderr));
                assert!(text(&diff.stdout).contains("identical"), "{case}");
                if rows * cols <= 6 {
                    let verify = gamesolve(&["verify", path(&dir)], "");
                    assert_eq!(verify.status.code(), Some(0), "{case}: {}", text(&verify.stderr));
                }
            }
        }
    }
}

#[cfg(feature = "mpi")]
#[test]
fn a_killed_rank_stops_the_run_and_resume_finishes_it_solving_only_the_rest() {
    let words = board(3, 3, "move-again");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    // Rank 1 dies (SIGKILL) after writing its second shard; the job stops.
    let killed = solve_distributed(2, &words, &dir, &[], &[("GAMESOLVE_TEST_KILL", "1:2")]);
    assert!(!killed.status.success(), "{}", text(&killed.stdout));
    assert!(killed.stdout.is_empty(), "{}", text(&killed.stdout));
    let shards = |dir: &Path| {
        std::fs::read_dir(dir)
            .unwrap()
            .filter(|e| e.as_ref().unwrap().file_name().to_str().unwrap().starts_with("tier-"))
            .count()
    };
    let written = shards(&dir) as u64;
    assert!((2..16).contains(&written), "{written} shards of 16 written before the kill");
    // What is there is not a table yet: probe names a missing shard.
    let probe = gamesolve(&["probe", path(&dir), "empty"], "");
    assert_eq!(probe.status.code(), Some(2));
    assert!(
        text(&probe.stderr).contains("missing") && text(&probe.stderr).contains("--resume"),
        "{}",
        text(&probe.stderr)
    );
    // Without --resume the directory is refused; with another number of ranks too.
    let again = solve_distributed(2, &words, &dir, &[], &[]);
    assert!(!again.status.success());
    assert!(text(&again.stderr).contains("give --resume"), "{}", text(&again.stderr));
    let other = solve_distributed(4, &words, &dir, &["--resume"], &[]);
    assert!(!other.status.success());
    assert!(text(&other.stderr).contains("not this one"), "{}", text(&other.stderr));
    // A damaged shard is not trusted: solved again.
    let some_shard = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap().to_str().unwrap().starts_with("tier-"))
        .unwrap();
    let mut bytes = std::fs::read(&some_shard).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&some_shard, bytes).unwrap();
    let resumed = json(&solve_distributed(2, &words, &dir, &["--resume"], &[]));
    let (solved, read_back, positions) = slices(&resumed);
    assert_eq!(read_back, written - 1, "every whole shard read back, the damaged one not");
    assert_eq!(solved, 16 - read_back, "only the rest solved");
    assert_eq!(positions, 1 << 24);
    let (single, expected) = single_process(&words, tmp.path());
    assert_eq!(resumed["value"], expected["start"]["value"]);
    let diff = gamesolve(&["diff", path(&dir), path(&single)], "");
    assert_eq!(diff.status.code(), Some(0), "{}{}", text(&diff.stdout), text(&diff.stderr));
}

#[cfg(feature = "mpi")]
#[test]
fn tierings_that_cannot_make_shards_and_unknown_ones_are_refused_on_every_rank() {
    let tmp = tempfile::tempdir().unwrap();
    let words = board(2, 2, "move-again");
    for (tiering, message) in [("lines", "cannot be written"), ("group=x", "no tiering `group=x`")] {
        let out = solve_distributed(2, &words, &tmp.path().join("t"), &["--tiering", tiering], &[]);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains(message), "{}", text(&out.stderr));
        assert_eq!(text(&out.stderr).matches(message).count(), 1, "said once, by rank 0: {}", text(&out.stderr));
    }
    // A group of lines of the user's choice: the same table as the game's default.
    let single = single_process(&words, tmp.path()).0;
    let dir = tmp.path().join("g2");
    let report = json(&solve_distributed(2, &words, &dir, &["--tiering", "group=2"], &[]));
    assert_eq!((report["tiering"].as_str(), report["shards"].as_u64()), (Some("group=2"), Some(4)));
    assert_eq!(gamesolve(&["diff", path(&dir), path(&single)], "").status.code(), Some(0));
}

/// A shard altered after it was written, its checksums made again so that they match: the
/// start's shard given another start value. `--resume` re-verifies every shard it reads back
/// against its children, so it solves that one again and reports the right start value,
/// instead of the altered one with exit 0.
#[cfg(feature = "mpi")]
#[test]
fn resume_solves_again_a_shard_whose_values_were_altered_with_matching_checksums() {
    use workbench::table_file::shards::Manifest;
    use workbench::table_file::{TableFile, Value, WriteOptions, write_table_with};
    let words = board(2, 3, "move-again");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    let (_, expected) = single_process(&words, tmp.path());
    let first = json(&solve_distributed(2, &words, &dir, &[], &[]));
    assert_eq!(first["value"], expected["start"]["value"]);
    let start = first["index"].as_u64().unwrap();
    let manifest = Manifest::read(&dir).unwrap();
    let shard = manifest.shards.iter().find(|s| (s.first..s.first + s.positions).contains(&start)).unwrap();
    let file = dir.join(&shard.file);
    let table = TableFile::open(&file).unwrap();
    let at = start - shard.first;
    let altered = |i: u64| match (i == at, table.value(i).unwrap()) {
        (true, Value::Score(s)) => Value::Score(s + 1),
        (_, v) => v,
    };
    let options = WriteOptions { block_records: table.block_records(), ..WriteOptions::default() };
    let altered_table = tmp.path().join("altered.table");
    write_table_with(&altered_table, table.header(), &altered, false, &|_, _| {}, options).unwrap();
    drop(table);
    std::fs::rename(&altered_table, &file).unwrap();
    // Every checksum matches: only the values say it is wrong.
    let probe = gamesolve(&["probe", path(&dir), &format!("#{start}"), "--format", "json"], "");
    assert!(probe.status.success(), "{}", text(&probe.stderr));
    assert_ne!(
        serde_json::from_slice::<serde_json::Value>(&probe.stdout).unwrap()["value"],
        expected["start"]["value"]
    );
    let resumed = solve_distributed(2, &words, &dir, &["--resume"], &[]);
    assert!(text(&resumed.stderr).contains("does not follow from its children"), "{}", text(&resumed.stderr));
    let resumed = json(&resumed);
    assert_eq!(resumed["value"], expected["start"]["value"]);
    let (solved, read_back, _) = slices(&resumed);
    assert_eq!((solved, read_back), (1, manifest.shards.len() as u64 - 1), "only the altered shard solved again");
    assert_eq!(gamesolve(&["verify", path(&dir)], "").status.code(), Some(0));
}

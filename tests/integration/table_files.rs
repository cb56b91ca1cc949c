//! The files `solve --out` writes and the files the table commands read, as a careless or
//! hostile user of a shared folder could arrange them (issue 30): a link planted where the
//! writer's temporary file or its table goes is never written through; the target is checked
//! before the solve (a missing folder, a name too long, a directory, a closed standard
//! output); special files (devices, FIFOs) are refused as tables and manifests at once; a
//! sharded table of more shards than the system's memory maps opens.

use crate::common::cli::gamesolve;
use std::path::Path;
use std::process::{Command, Output};
use workbench::table_file::TableFile;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temporary path")
}

/// The names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// `sh -c script gamesolve` in `dir`: the script runs the binary as `"$0"`.
fn shell(dir: &Path, script: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_gamesolve"))
        .current_dir(dir)
        .output()
        .expect("sh runs")
}

fn is_link(p: &Path) -> bool {
    std::fs::symlink_metadata(p).unwrap().file_type().is_symlink()
}

/// The issue's attack: a link at the temporary name the writer used to take,
/// `.<name>.partial-<pid>`, predictable with `exec`; and a link at the target itself, refused
/// without --force and replaced (not followed) with it. The victim is never written.
#[cfg(unix)]
#[test]
fn a_planted_link_is_never_written_through() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let victim = dir.join("victim");
    std::fs::write(&victim, b"precious").unwrap();
    let out = shell(dir, r#"ln -s victim .t.table.partial-$$ && exec "$0" solve chopsticks --out t.table"#);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    assert!(!is_link(&dir.join("t.table")), "the table is a file of its own");
    assert_eq!(TableFile::open(&dir.join("t.table")).unwrap().header().game, "chopsticks");
    let planted: Vec<String> = listing(dir).into_iter().filter(|n| n.starts_with(".t.table.partial-")).collect();
    assert_eq!(planted.len(), 1, "the planted link is left alone: {:?}", listing(dir));

    // A link at the target: refused without --force, replaced by the table with it.
    std::os::unix::fs::symlink("victim", dir.join("u.table")).unwrap();
    let refused = gamesolve(&["solve", "chopsticks", "--out", path(&dir.join("u.table"))], "");
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(text(&refused.stderr).contains("exists; give --force"), "{}", text(&refused.stderr));
    let forced = gamesolve(&["solve", "chopsticks", "--out", path(&dir.join("u.table")), "--force"], "");
    assert!(forced.status.success(), "{}", text(&forced.stderr));
    assert!(!is_link(&dir.join("u.table")));
    assert_eq!(TableFile::open(&dir.join("u.table")).unwrap().header().game, "chopsticks");
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    // A dangling link at the target is a file there too: refused, its target not created.
    std::os::unix::fs::symlink("nowhere", dir.join("v.table")).unwrap();
    let refused = gamesolve(&["solve", "chopsticks", "--out", path(&dir.join("v.table"))], "");
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(!dir.join("nowhere").exists());
    // Nothing else was left: no temporary file.
    assert_eq!(listing(dir).iter().filter(|n| n.ends_with(".partial")).count(), 0, "{:?}", listing(dir));
}

/// `solve --out` looks at its target before it solves: with an engine that does not exist, the
/// target's error comes first, so no solve can have run.
#[test]
fn an_unusable_target_is_refused_before_the_solve() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let refused = |out: &Path, extra: &[&str]| {
        let mut args = vec!["solve", "chopsticks", "--engine", "no-such-engine", "--out", path(out)];
        args.extend(extra);
        let out = gamesolve(&args, "");
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert!(out.stdout.is_empty());
        let stderr = text(&out.stderr);
        assert!(!stderr.contains("no engine"), "the target is checked first: {stderr}");
        stderr
    };
    // A folder that does not exist.
    let e = refused(&dir.join("missing").join("t.table"), &[]);
    assert!(e.contains("does not exist"), "{e}");
    // A name longer than the file system takes.
    let e = refused(&dir.join("x".repeat(300)), &[]);
    assert!(e.contains("too long"), "{e}");
    // A directory, with or without --force: --force is not suggested, since it cannot work.
    for extra in [&[][..], &["--force"]] {
        let e = refused(dir, extra);
        assert!(e.contains("is a directory") && !e.contains("--force"), "{e}");
    }
    // An existing file without --force.
    std::fs::write(dir.join("t.table"), b"mine").unwrap();
    let e = refused(&dir.join("t.table"), &[]);
    assert!(e.contains("exists; give --force"), "{e}");
    assert_eq!(std::fs::read(dir.join("t.table")).unwrap(), b"mine");
    // A folder that cannot be written (unless this runs as root, which writes anywhere).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let locked = dir.join("locked");
        std::fs::create_dir(&locked).unwrap();
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
        if std::fs::write(locked.join("probe"), b"").is_err() {
            let e = refused(&locked.join("t.table"), &[]);
            assert!(e.contains("cannot create a file in"), "{e}");
        }
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    assert_eq!(listing(dir).iter().filter(|n| n.ends_with(".partial")).count(), 0, "{:?}", listing(dir));
}

/// A name that fits, but whose temporary name `.<name>.partial-<pid>` did not: the table is
/// written (the temporary name is shortened), where it used to fail after the whole solve.
#[test]
fn a_long_name_that_fits_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let name = format!("{}.table", "n".repeat(244));
    assert_eq!(name.len(), 250);
    let file = tmp.path().join(&name);
    let out = gamesolve(&["solve", "chopsticks", "--out", path(&file)], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(listing(tmp.path()), [name]);
    assert_eq!(TableFile::open(&file).unwrap().header().game, "chopsticks");
}

/// With standard output closed the report would be lost: refused before solving, and no table
/// is written that a retry would then find in its way.
#[cfg(target_os = "linux")]
#[test]
fn a_closed_standard_output_is_refused_before_the_solve() {
    let tmp = tempfile::tempdir().unwrap();
    let out = shell(tmp.path(), r#"exec "$0" solve chopsticks --out t.table >&-"#);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("standard output is closed"), "{}", text(&out.stderr));
    assert!(listing(tmp.path()).is_empty(), "{:?}", listing(tmp.path()));
    let retry = shell(tmp.path(), r#"exec "$0" solve chopsticks --out t.table > /dev/null"#);
    assert!(retry.status.success(), "{}", text(&retry.stderr));
    assert_eq!(listing(tmp.path()), ["t.table"]);
}

/// `gamesolve args...`, stopped after a minute: a command that waited forever on a FIFO would
/// otherwise hang the test run (`timeout` exits 124 then).
fn bounded(args: &[&str]) -> Output {
    Command::new("timeout").arg("60").arg(env!("CARGO_BIN_EXE_gamesolve")).args(args).output().expect("timeout runs")
}

/// Devices and FIFOs are refused as tables and as a sharded table's manifest, by probe, verify
/// and diff, with exit 2 and at once: `/dev/zero` is not read without end, a FIFO with no writer
/// is not waited on.
#[cfg(unix)]
#[test]
fn special_files_are_refused_as_tables_and_manifests() {
    let tmp = tempfile::tempdir().unwrap();
    let table = tmp.path().join("t.table");
    assert!(gamesolve(&["solve", "chopsticks", "--out", path(&table)], "").status.success());
    let fifo = tmp.path().join("fifo.table");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let sharded = tmp.path().join("sharded");
    std::fs::create_dir(&sharded).unwrap();
    assert!(Command::new("mkfifo").arg(sharded.join("manifest.json")).status().unwrap().success());
    for (special, what) in [("/dev/zero", "character device"), (path(&fifo), "FIFO"), (path(&sharded), "FIFO")] {
        for args in [
            vec!["probe", special, "#0"],
            vec!["verify", special],
            vec!["diff", special, path(&table)],
            vec!["diff", path(&table), special],
        ] {
            let out = bounded(&args);
            let stderr = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(stderr.contains(what) && stderr.contains("not a regular file"), "{args:?}: {stderr}");
        }
    }
}

/// A sharded table of 70,000 shards, more than a process may map at once on Linux by default
/// (`vm.max_map_count`, 65,530): probe and verify read it (shards are mapped when read, a few
/// at a time). The shards are 2x3 dots and boxes' table cut into 1 and 2 positions.
#[test]
fn a_table_of_70000_shards_is_probed_and_verified() {
    use workbench::table_file::shards::{Manifest, Shard};
    use workbench::table_file::{WriteOptions, table_bytes};
    let tmp = match Path::new("/dev/shm").is_dir() {
        true => tempfile::tempdir_in("/dev/shm").unwrap(),
        false => tempfile::tempdir().unwrap(),
    };
    let single = tmp.path().join("single.table");
    let out = gamesolve(&["solve", "dots-and-boxes", "rows=2", "cols=3", "--out", path(&single)], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = TableFile::open(&single).unwrap();
    let positions = table.header().positions;
    let values: Vec<_> = (0..positions).map(|i| table.value(i).unwrap()).collect();
    let (count, twos) = (70_000u64, positions - 70_000);
    let shards: Vec<Shard> = (0..count)
        .map(|k| match k < twos {
            true => Shard::new(format!("s{k}"), 2 * k, 2),
            false => Shard::new(format!("s{k}"), twos + k, 1),
        })
        .collect();
    let manifest = Manifest::new(table.header().clone(), shards, Default::default()).unwrap();
    let dir = tmp.path().join("sharded");
    std::fs::create_dir(&dir).unwrap();
    let options = WriteOptions { block_records: manifest.block_records, level: 1 };
    for shard in &manifest.shards {
        let first = shard.first as usize;
        let bytes = table_bytes(&manifest.shard_header(shard), &|i| values[first + i as usize], options).unwrap();
        std::fs::write(dir.join(&shard.file), bytes).unwrap();
    }
    manifest.write(&dir).unwrap();
    let probe = gamesolve(&["probe", path(&dir), "#0", "--format", "json"], "");
    assert!(probe.status.success(), "{}", text(&probe.stderr));
    let single_probe = gamesolve(&["probe", path(&single), "#0", "--format", "json"], "");
    let value = |out: &Output| serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()["value"].clone();
    assert_eq!(value(&probe), value(&single_probe));
    let verify = gamesolve(&["verify", path(&dir)], "");
    assert!(verify.status.success(), "{}", text(&verify.stderr));
    let diff = gamesolve(&["diff", path(&dir), path(&single)], "");
    assert!(diff.status.success(), "{}{}", text(&diff.stdout), text(&diff.stderr));
}

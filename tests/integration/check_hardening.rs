//! `gamesolve check` against a careless or hostile setting (issue 30): a link planted in the
//! `--save` folder, gamesolve killed or a fork bomb under it, a memory limit above the one it
//! inherited, a stop or a full disk before the report, and special files as inputs.

use crate::common::cli::gamesolve;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A test program of tests/programs/, built by cargo as an example beside the gamesolve binary.
fn program(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_BIN_EXE_gamesolve")).parent().expect("a directory").join("examples");
    let path = dir.join(name);
    assert!(path.exists(), "{} is missing: build the examples (cargo build --release --examples)", path.display());
    path
}

fn student() -> String {
    program("hdu1849-student").display().to_string()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs `script` with `sh -c`, with gamesolve's path as `$G`.
fn sh(script: &str) -> Output {
    Command::new("sh")
        .args(["-c", script])
        .env("G", env!("CARGO_BIN_EXE_gamesolve"))
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

/// Waits (at most 60 s, far longer than it takes) until `done` holds.
fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(60), "timed out waiting until {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The lines of `path`, or none while it does not exist.
fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path).map_or(Vec::new(), |text| text.lines().map(str::to_string).collect())
}

/// Whether process `pid` still runs (a zombie, which runs nothing, does not count).
fn alive(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|stat| stat.rsplit_once(')').is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z')))
}

/// `--save` never writes through a link planted in its folder: a folder holding anything but
/// check's own output is refused (exit 2) unless `--force`, and with it the planted name is
/// replaced, not what it points to; earlier output is not replaced without `--force`.
#[test]
#[cfg(unix)]
fn save_never_writes_through_a_planted_link() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious\n").unwrap();
    let saved = dir.path().join("saved");
    std::fs::create_dir(&saved).unwrap();
    std::os::unix::fs::symlink(&victim, saved.join("round-1.in")).unwrap();
    let args = ["check", "hdu1849", "--rounds", "3", "--save", saved.to_str().unwrap()];
    let out = gamesolve(&[&args[..], &["--", &student(), "reset"]].concat(), "");
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("holds `round-1.in`, which check did not write"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    // With --force the link itself is replaced by the failing input.
    let out = gamesolve(&[&args[..], &["--force", "--", &student(), "reset"]].concat(), "");
    assert_eq!(out.status.code(), Some(1), "{}{}", stdout(&out), stderr(&out));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    let saved_input = saved.join("round-1.in");
    assert!(std::fs::symlink_metadata(&saved_input).unwrap().is_file());
    assert_eq!(std::fs::read_to_string(&saved_input).unwrap(), stdout(&gamesolve(&["gen", "hdu1849"], "")));
    // Earlier output stays as it is without --force.
    std::fs::write(saved.join("shrunk.in"), "mine\n").unwrap();
    let out = gamesolve(&[&args[..], &["--", &student(), "reset"]].concat(), "");
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("holds the output of an earlier check"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(saved.join("shrunk.in")).unwrap(), "mine\n");
    // No temporary file is left behind.
    let names: Vec<String> =
        std::fs::read_dir(&saved).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.iter().all(|name| !name.starts_with('.')), "{names:?}");
}

/// The checked program dies with gamesolve, even when gamesolve is killed with SIGKILL, which
/// it cannot catch, or by a signal it does not handle (SIGUSR1): the program's parent-death
/// signal.
#[test]
#[cfg(target_os = "linux")]
fn the_checked_program_dies_when_gamesolve_is_killed() {
    use nix::sys::signal::Signal;
    let dir = tempfile::tempdir().unwrap();
    for (i, how) in [Signal::SIGKILL, Signal::SIGUSR1].into_iter().enumerate() {
        let pid_file = dir.path().join(format!("pid-{i}"));
        let script = format!("echo $$ >> {}; exec sleep 1000", pid_file.display());
        let mut check = Command::new(env!("CARGO_BIN_EXE_gamesolve"))
            .args(["check", "hdu1849", "--timeout", "1000", "--", "sh", "-c", &script])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        wait_until("the program runs", || !lines(&pid_file).is_empty());
        let pid = lines(&pid_file)[0].clone();
        // The program is `sleep` by now or soon; either way it must die with gamesolve.
        signal(&check, how);
        let status = check.wait().unwrap();
        assert_eq!(std::os::unix::process::ExitStatusExt::signal(&status), Some(how as i32));
        wait_until(&format!("the checked program {pid} is gone after {how}"), || !alive(&pid));
    }
}

/// A fork bomb whose every process leaves the program's process group (`setsid`), 63 in all,
/// is killed whole: nothing of it runs once check has exited.
#[test]
#[cfg(target_os = "linux")]
fn a_fork_bomb_of_new_sessions_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let bomb = dir.path().join("bomb.sh");
    // Each process below the root starts two more in new sessions, five levels deep (62), and
    // ignores the polite signals; the root waits until all of them run, then answers.
    std::fs::write(
        &bomb,
        format!(
            r#"d=${{1:-0}}
if [ "$d" -lt 5 ]; then
  setsid sh {bomb} $((d+1)) </dev/null >/dev/null 2>&1 &
  setsid sh {bomb} $((d+1)) </dev/null >/dev/null 2>&1 &
fi
if [ "$d" = 0 ]; then
  cat >/dev/null
  while [ "$(cat {pids} 2>/dev/null | wc -l)" -lt 62 ]; do sleep 0.01; done
  echo "Rabbit Win!"
  exit 0
fi
trap '' TERM HUP INT
echo $$ >> {pids}
exec sleep 1000
"#,
            bomb = bomb.display(),
            pids = pids.display()
        ),
    )
    .unwrap();
    let input = dir.path().join("one.in");
    std::fs::write(&input, "1\n1\n0\n").unwrap();
    let args = ["check", "hdu1849", "--inputs", input.to_str().unwrap(), "--timeout", "60", "--"];
    let out = gamesolve(&[&args[..], &["sh", bomb.to_str().unwrap()]].concat(), "");
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    let pids = lines(&pids);
    assert_eq!(pids.len(), 62);
    let left: Vec<&String> = pids.iter().filter(|pid| alive(pid)).collect();
    assert!(left.is_empty(), "{} of 62 still run: {left:?}", left.len());
}

/// A `--memory-limit` above the address-space limit gamesolve inherited (`ulimit -v`) is a usage
/// error naming both, before any program runs; not a program reported as crashed.
#[test]
#[cfg(target_os = "linux")]
fn a_memory_limit_above_the_inherited_one_is_a_usage_error() {
    // 3,000,000 KiB (2.9 GiB) is plenty for gamesolve, and below the 8 GiB asked for.
    let out = sh(&format!(
        r#"ulimit -v 3000000 && exec "$G" check hdu1849 --rounds 2 --memory-limit 8G -- {} right"#,
        student()
    ));
    assert_eq!(out.status.code(), Some(2), "{}{}", stdout(&out), stderr(&out));
    assert!(out.stdout.is_empty(), "{}", stdout(&out));
    let error = stderr(&out);
    assert!(error.contains("--memory-limit 8.0 GiB is above the address-space limit"), "{error}");
    assert!(error.contains("(2.9 GiB, its hard limit"), "{error}");
    // Under the inherited limit the same check passes.
    let out = sh(&format!(
        r#"ulimit -v 3000000 && exec "$G" check hdu1849 --rounds 2 --memory-limit 2G -- {} right"#,
        student()
    ));
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
}

/// Starts `gamesolve check args...` with every run of `student mode` counted in `runs`.
fn counted_check(args: &[&str], runs: &Path, mode: &str) -> std::process::Child {
    let script = format!("echo run >> {}; exec {} {mode}", runs.display(), student());
    Command::new(env!("CARGO_BIN_EXE_gamesolve"))
        .args(args)
        .args(["--", "sh", "-c", &script])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn signal(child: &std::process::Child, signal: nix::sys::signal::Signal) {
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(child.id() as i32), signal).unwrap();
}

/// SIGTERM during `--keep-going` ends with the report of the rounds run so far (exit 130), in
/// text and in JSON.
#[test]
#[cfg(target_os = "linux")]
fn a_stop_during_keep_going_prints_the_report_so_far() {
    let dir = tempfile::tempdir().unwrap();
    for format in ["text", "json"] {
        let runs = dir.path().join(format!("runs-{format}"));
        let args = ["check", "hdu1849", "--mode", "uniform", "--rounds", "100000", "--keep-going", "--format", format];
        let check = counted_check(&args, &runs, "reset");
        wait_until("a few rounds ran", || lines(&runs).len() >= 5);
        signal(&check, nix::sys::signal::Signal::SIGTERM);
        let out = check.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
        let report = stdout(&out);
        if format == "text" {
            assert!(report.starts_with("hdu1849: stopped after "), "{report}");
            assert!(report.contains(" failed so far.\n\nhdu1849: "), "{report}");
            assert!(report.contains("failing input (not shrunk: the check was stopped):\n"), "{report}");
        } else {
            let report: serde_json::Value = serde_json::from_str(&report).expect("one JSON document");
            assert_eq!(report["stopped"], true);
            assert!(report["rounds"].as_u64().unwrap() >= 4, "{report}");
            assert!(!report["failing_rounds"].as_array().unwrap().is_empty(), "{report}");
            assert_eq!(report["first_failure"]["round"], report["failing_rounds"][0]["round"]);
        }
    }
}

/// Ctrl-C (SIGINT) while shrinking with `--format json` prints a JSON report, with the smallest
/// failing input found so far.
#[test]
#[cfg(target_os = "linux")]
fn a_stop_while_shrinking_keeps_the_json_format() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs");
    // Round 1 fails; each shrinking run then takes a tenth of a second at least.
    let args = ["check", "hdu1849", "--mode", "uniform", "--cases", "50", "--format", "json"];
    let script = format!("echo run >> {}; sleep 0.1; exec {} reset", runs.display(), student());
    let check = Command::new(env!("CARGO_BIN_EXE_gamesolve"))
        .args(args)
        .args(["--", "sh", "-c", &script])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    wait_until("shrinking started", || lines(&runs).len() >= 4);
    signal(&check, nix::sys::signal::Signal::SIGINT);
    let out = check.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(report["stopped"], true, "{report}");
    let failure = &report["first_failure"];
    assert_eq!(failure["shrink_stopped"], "the check was stopped (Ctrl-C or a termination signal)", "{report}");
    let input = failure["input"].as_str().unwrap();
    assert_eq!(gamesolve(&["judge", "hdu1849"], input).status.code(), Some(0), "{input}");
}

/// A write that fails during `--save` (here past a file-size limit of 0, as on a full disk)
/// leaves no file, not even an empty one, and the report is printed all the same (exit 2).
#[test]
#[cfg(target_os = "linux")]
fn a_failed_save_leaves_no_file_and_still_reports() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("saved");
    // SIGXFSZ ignored, so a write past the limit fails with EFBIG as on a full disk.
    let out = sh(&format!(
        r#"trap '' XFSZ; ulimit -f 0 && exec "$G" check hdu1849 --rounds 3 --save {} -- {} reset"#,
        saved.display(),
        student()
    ));
    assert_eq!(out.status.code(), Some(2), "{}{}", stdout(&out), stderr(&out));
    let report = stdout(&out);
    assert!(report.starts_with("hdu1849: mismatch in round 1"), "{report}");
    assert!(report.contains("\n--save failed: cannot save "), "{report}");
    let names: Vec<String> =
        std::fs::read_dir(&saved).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.is_empty(), "{names:?}");
}

/// Runs `gamesolve args...` with standard input from `/dev/null`, killing it after 60 s (far
/// longer than it takes) so that a run that would block forever fails the test instead.
fn gamesolve_bounded(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamesolve"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            let out = child.wait_with_output().unwrap();
            panic!("gamesolve {args:?} was still running after 60 s: {}", stderr(&out));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

/// An endless input, a device (`/dev/zero`) or a pipe, is read only up to the problem's largest
/// legal input or the memory limit, and then refused (exit 2); the size a file claims is not
/// trusted. (Under `ulimit -v`, so that a reader without bound fails rather than eats memory.)
#[test]
#[cfg(target_os = "linux")]
fn judge_reads_an_endless_input_only_up_to_a_bound() {
    let out = sh(r#"ulimit -v 4000000 && exec "$G" judge hdu1849 /dev/zero"#);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("cannot read /dev/zero: the input is larger than 1.0 GiB, the most a legal input"),
        "{}",
        stderr(&out)
    );
    let out = sh(r#"ulimit -v 4000000 && exec "$G" --max-memory 64M judge hdu1849 < /dev/zero"#);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("more than the 64.0 MiB --max-memory allows"), "{}", stderr(&out));
    let out = sh(r#"ulimit -v 4000000 && yes 1 | "$G" --max-memory 64M judge hdu1849"#);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let error = stderr(&out);
    assert!(error.contains("cannot read standard input: the input needs about 64."), "{error}");
    assert!(error.contains("more than the 64.0 MiB --max-memory allows"), "{error}");
    assert!(out.stdout.is_empty());
}

/// `check --inputs` takes regular files only: a FIFO (which would block the open forever, with
/// no writer) and a device are refused with exit 2, before any round.
#[test]
#[cfg(target_os = "linux")]
fn check_refuses_a_fifo_or_a_device_as_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("input.in");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
    for input in [fifo.to_str().unwrap(), "/dev/zero"] {
        let out = gamesolve_bounded(&["check", "hdu1849", "--inputs", input, "--", &student()]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        let error = stderr(&out);
        assert!(error.contains(&format!("cannot read {input}: not a regular file")), "{error}");
        assert!(out.stdout.is_empty());
    }
}

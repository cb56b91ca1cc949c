//! Running the `gamesolve` binary from a test.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `gamesolve args...` with `stdin` as its standard input and waits for it.
pub fn gamesolve(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamesolve"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // A process that rejects its arguments exits without reading: a broken pipe is fine.
    let _ = child.stdin.take().expect("piped stdin").write_all(stdin.as_bytes());
    child.wait_with_output().expect("the binary finishes")
}

//! `gamesolve exec-limited` (hidden): what `check --memory-limit` starts, to set the limit in the
//! child without unsafe code.

use gamesolve::stress;
use std::ffi::OsString;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The limit, in bytes.
    bytes: u64,
    /// The program and its arguments.
    #[arg(last = true, required = true, num_args = 1..)]
    command: Vec<OsString>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    Err(stress::exec_limited(args.bytes, &args.command))
}

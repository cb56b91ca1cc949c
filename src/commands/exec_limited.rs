//! `gamesolve exec-limited` (hidden): what `check` starts its program through, to set in the
//! child without unsafe code what must be set there: the signal that kills it when gamesolve
//! dies, and the memory limit of `--memory-limit`.

use gamesolve::stress;
use std::ffi::OsString;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The limit of the address space, in bytes.
    #[arg(long)]
    memory_limit: Option<u64>,
    /// gamesolve's process id: the program is killed when it dies (Linux).
    #[arg(long)]
    parent: Option<u32>,
    /// The program and its arguments.
    #[arg(last = true, required = true, num_args = 1..)]
    command: Vec<OsString>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    Err(stress::exec_limited(args.memory_limit, args.parent, &args.command))
}

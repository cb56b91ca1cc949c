//! `gamesolve show`: a judge problem's contract, as the problem states it.

use super::{find, problem_id};
use crate::output::print_all;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The problem id, as `gamesolve list` shows it.
    #[arg(value_parser = problem_id)]
    problem: String,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    print_all(find(&args.problem)?.contract())
}

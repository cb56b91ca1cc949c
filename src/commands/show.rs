//! `gamesolve show`: a judge problem's contract, as the problem states it, or its sample.

use super::{find, problem_id};
use crate::output::print_all;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The problem id, as `gamesolve list` shows it.
    #[arg(value_parser = problem_id)]
    problem: String,
    /// Print only the sample's input (the contract's `## Sample` section, its first block), to
    /// save as a file: `gamesolve show hdu1849 --sample > sample.in`.
    #[arg(long, conflicts_with = "sample_output")]
    sample: bool,
    /// Print only the sample's expected output (its second block).
    #[arg(long)]
    sample_output: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let contract = find(&args.problem)?.contract();
    let block = match (args.sample, args.sample_output) {
        (false, false) => return print_all(contract),
        (true, _) => 0,
        (_, true) => 1,
    };
    let blocks = judge::sample_blocks(contract);
    match blocks.get(block) {
        Some(text) => print_all(text),
        None => anyhow::bail!("{}: the contract has no sample {}", args.problem, ["input", "output"][block]),
    }
}

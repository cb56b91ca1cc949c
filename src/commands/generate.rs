//! `gamesolve gen`: a random valid input for a problem, from the uniform or the hard generator.

use super::{find, problem_id};
use crate::output::print_all;
use anyhow::Context;
use clap::ValueEnum;
use gamesolve::stress;
use std::process::ExitCode;

/// `gen --mode`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenArg {
    /// Random inputs that reach the problem's edge cases.
    Uniform,
    /// Positions drawn from the solved game where wrong solutions go wrong.
    Hard,
}

#[derive(clap::Args)]
pub struct Args {
    /// The problem id, as `gamesolve list` shows it.
    #[arg(value_parser = problem_id)]
    problem: String,
    /// Number of cases (for a one-case problem, its size); each problem takes its own range,
    /// which an error names.
    #[arg(long, default_value_t = 10)]
    cases: usize,
    /// Generator seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Which generator: `uniform` (random inputs that reach the edge cases) or `hard`
    /// (positions drawn from the solved game where wrong solutions go wrong: the deepest
    /// wins and losses, every outcome kind, single winning moves, the extremes of the limits).
    #[arg(long, value_enum, default_value_t = GenArg::Uniform)]
    mode: GenArg,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let id = &args.problem;
    let problem = find(id)?;
    let input = stress::generate(problem, args.mode == GenArg::Hard, args.seed, args.cases)
        .with_context(|| format!("{id}: cannot generate input"))?;
    print_all(&input)
}

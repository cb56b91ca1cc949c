//! `gamesolve gen`: a random valid input for a problem, from the uniform or the hard generator;
//! with `--out`, many of them written into a folder with gamesolve's answers, as `oj g/i` does.

use super::{find, problem_id};
use crate::output::print_all;
use anyhow::Context;
use clap::ValueEnum;
use gamesolve::stress::{self, save};
use std::path::{Path, PathBuf};
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
    /// Write `--count` inputs into this folder instead of printing one, each with gamesolve's
    /// answer (what `gamesolve judge` prints): `1.in`, `1.out`, ..., numbered from 1 and
    /// zero-padded to the width of the count so that they sort (`01.in` ... `10.in`); input
    /// `i` is what `gen --seed S` prints for S = `--seed` + i - 1. `check PROBLEM --inputs DIR`
    /// runs them. The folder is created if missing and must be empty unless `--force`; each
    /// file is written whole or not at all, never through a link.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// With `--out`: how many inputs to write.
    #[arg(long, default_value_t = 10, requires = "out")]
    count: u64,
    /// With `--out`: write into a folder that holds other files, replacing files of the same
    /// names (a link of the same name is replaced, never written through).
    #[arg(long, requires = "out")]
    force: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let id = &args.problem;
    let problem = find(id)?;
    if let Some(dir) = &args.out {
        let written = write_all(problem, &args, dir).with_context(|| format!("{id}: gen --out {}", dir.display()))?;
        return print_all(&written);
    }
    let input = stress::generate(problem, args.mode == GenArg::Hard, args.seed, args.cases)
        .with_context(|| format!("{id}: cannot generate input"))?;
    print_all(&input)
}

/// `gen --out DIR`: writes `--count` inputs and gamesolve's answers to them into `dir`, input
/// `i` from seed `--seed + i - 1`, and says what it wrote in one line. Time: the generator and
/// the judge, `--count` times; memory: one input and its answer at a time.
fn write_all(problem: &'static dyn judge::AnyProblem, args: &Args, dir: &Path) -> anyhow::Result<String> {
    if args.count == 0 {
        anyhow::bail!("--count must be at least 1");
    }
    save::prepare(dir, args.force, "gen", save::is_gen_output).map_err(|why| anyhow::anyhow!("{why}"))?;
    let width = args.count.to_string().len();
    let engine = problem.engines()[0];
    for i in 1..=args.count {
        let seed = args.seed.wrapping_add(i - 1);
        let input = stress::generate(problem, args.mode == GenArg::Hard, seed, args.cases)
            .with_context(|| format!("cannot generate input {i} (seed {seed})"))?;
        let answer = problem.judge(&input, engine).with_context(|| format!("cannot judge input {i} (seed {seed})"))?;
        for (suffix, text) in [("in", &input), ("out", &answer)] {
            let name = format!("{i:0width$}.{suffix}");
            save::write_new(dir, &name, text, args.force)
                .with_context(|| format!("cannot write {}", dir.join(&name).display()))?;
        }
    }
    let last = args.seed.wrapping_add(args.count - 1);
    let first = format!("{:0width$}", 1);
    Ok(format!(
        "wrote {} inputs and their answers to {}: {first}.in/.out ... {}.in/.out (seeds {}..={last})\n",
        args.count,
        dir.display(),
        args.count,
        args.seed
    ))
}

//! `gamesolve solve`: every position of a game solved, the start's value and best moves
//! reported, the table optionally written; with `--distributed`, across the ranks of an MPI job.

use crate::output::{Format, PhasesBar, Report, render, thousands};
use anyhow::Context;
use gamesolve::registry;
use gamesolve::tables::{self, SolveReport};
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The game.
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(registry::spaces().map(|t| t.name)))]
    game: String,
    /// Parameters as key=value (see below).
    params: Vec<String>,
    /// The engine (the game's first if omitted; an unknown name lists them).
    #[arg(long)]
    engine: Option<String>,
    /// Write the solved table to this file.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Replace the file given to --out if it exists.
    #[arg(long, conflicts_with = "distributed")]
    force: bool,
    /// Solve across the ranks of the MPI job this runs in, writing shards into the directory
    /// --out names (needs a gamesolve built with --features mpi).
    #[arg(long, requires = "out", conflicts_with = "engine")]
    distributed: bool,
    /// How --distributed cuts the game into tiers (dots-and-boxes: group=G, the last G lines;
    /// the game chooses if omitted).
    #[arg(long, requires = "distributed")]
    tiering: Option<String>,
    /// Continue the --distributed run whose shards are in --out: shards that check are kept,
    /// the rest solved (same game, tiering and number of ranks).
    #[arg(long, requires = "distributed")]
    resume: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

impl Report for SolveReport {
    fn text(&self) -> Cow<'_, str> {
        Cow::Owned(self.to_text())
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match &args.out {
        Some(out) if args.distributed => {
            solve_distributed(&args.game, &args.params, args.tiering.as_deref(), out, args.resume, args.format)
        }
        out => solve(&args.game, &args.params, args.engine.as_deref(), out.as_deref(), args.force, args.format),
    }
}

fn solve(
    name: &str,
    words: &[String],
    engine: Option<&str>,
    out: Option<&Path>,
    force: bool,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let game = tables::open_game(name, words).map_err(anyhow::Error::msg)?;
    // The report would be lost: refused before the work, and before a table is written that a
    // retry would then find in its way.
    if crate::output::stdout_was_closed() {
        anyhow::bail!("standard output is closed (`>&-`): the report would be lost; nothing solved");
    }
    // The target is checked and its temporary file made before the solve, which may take long.
    let out = out.map(|path| tables::prepare_out(path, force)).transpose().map_err(anyhow::Error::msg)?;
    // A table being written goes to a temporary file, renamed when complete; Ctrl-C, SIGTERM
    // and SIGHUP remove it, so an interrupted run leaves nothing behind.
    if let Some(target) = &out {
        let partial = target.temporary().to_path_buf();
        ctrlc::set_handler(move || {
            let _ = std::fs::remove_file(&partial);
            std::process::exit(130);
        })
        .context("cannot handle Ctrl-C and termination signals")?;
    }
    // Two phases: the engine solving (its share done, where the engine reports from inside),
    // then the table written, block by block.
    let bar = PhasesBar::new("positions");
    let engine_name = engine.unwrap_or(game.engines()[0]);
    let solving = format!("{name}: solving {} positions with {engine_name}", thousands(game.positions()));
    bar.phase(&solving);
    let solved = |done: u64, total: u64| bar.share(&solving, done, total);
    let writing = out.as_ref().map(|target| format!("{name}: writing {}", target.path().display()));
    let written = |done: u64, total: u64| bar.step(writing.as_deref().unwrap_or("writing"), done, total);
    let report = tables::solve_into(game.as_ref(), engine, out, &solver_core::Progress::new(&solved), &written);
    bar.finish();
    let report = report?;
    render(&report, format)?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(not(feature = "mpi"))]
fn solve_distributed(_: &str, _: &[String], _: Option<&str>, _: &Path, _: bool, _: Format) -> anyhow::Result<ExitCode> {
    anyhow::bail!(
        "this gamesolve was built without MPI: build it with `cargo build --release --features mpi` (Open MPI \
         and libclang installed) and run it under mpirun"
    )
}

#[cfg(feature = "mpi")]
impl Report for gamesolve::distributed::Report {
    fn text(&self) -> Cow<'_, str> {
        Cow::Owned(self.to_text())
    }
}

/// `solve --distributed` on this rank: rank 0 prints the report; an error before the work
/// ends every rank (rank 0 says why), one during it aborts the job.
///
/// An error before the work is the same on every rank (or told to all by rank 0): rank 0 says
/// it, and only then, after a barrier, do the ranks exit, because mpirun stops the job at the
/// first rank that exits with an error, which could otherwise be before rank 0 said anything.
#[cfg(feature = "mpi")]
fn solve_distributed(
    name: &str,
    words: &[String],
    tiering: Option<&str>,
    out: &Path,
    resume: bool,
    format: Format,
) -> anyhow::Result<ExitCode> {
    use gamesolve::distributed::{self, Failure, Request};
    use solver_core::tiers_mpi::mpi::{self, traits::Communicator, traits::CommunicatorCollectives};
    let universe = mpi::initialize().context("MPI cannot start (or started twice)")?;
    let world = universe.world();
    let (rank, ranks) = (world.rank(), world.size());
    let every_rank_fails = |e: &str| {
        if rank == 0 {
            gamesolve::terminal::note(&format!("gamesolve: {e}"));
        }
        world.barrier();
        Ok(ExitCode::from(2))
    };
    let game = match tables::open_game(name, words) {
        Ok(game) => game,
        Err(e) => return every_rank_fails(&e),
    };
    let request = Request { game: game.as_ref(), tiering, out, resume };
    match distributed::run(&request, &world) {
        Ok(Some(report)) => render(&report, format).map(|()| ExitCode::SUCCESS),
        Ok(None) => Ok(ExitCode::SUCCESS),
        Err(Failure::Clean(e)) => every_rank_fails(&e),
        Err(Failure::Abort(e)) => {
            gamesolve::terminal::note(&format!("gamesolve: rank {rank} of {ranks}: {e}"));
            world.abort(2)
        }
    }
}

//! `gamesolve stats`: a solved space summarized, with each engine variant's time and peak memory.

use crate::output::{Format, PhasesBar, Report, render};
use gamesolve::{registry, tables};
use std::borrow::Cow;
use std::process::ExitCode;
use workbench::solve::ENGINE_STEP;
use workbench::stats::StatsReport;

#[derive(clap::Args)]
pub struct Args {
    /// The game.
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(registry::spaces().map(|t| t.name)))]
    game: String,
    /// Parameters as key=value (see below).
    params: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

impl Report for StatsReport {
    fn text(&self) -> Cow<'_, str> {
        Cow::Owned(self.to_text())
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let name = &args.game;
    // Parameters are checked before anything is built or solved.
    let game = tables::open_game(name, &args.params).map_err(anyhow::Error::msg)?;
    // Each engine solves the whole space in turn; the share is of all of them, each engine's
    // part filled as it tells its own progress.
    let bar = PhasesBar::new("engines");
    let report = game.stats_reporting(&|engine, done, all| {
        bar.share(name, done, all);
        let engines = all / ENGINE_STEP;
        bar.detail(&format!("solving with {engine} ({} of {engines})", (done / ENGINE_STEP + 1).min(engines)));
    });
    bar.finish();
    if let Some(errors) = report.nothing_solved() {
        anyhow::bail!("{name}: no engine could solve {}:\n  {}", report.game, errors.join("\n  "));
    }
    render(&report, args.format)?;
    Ok(ExitCode::SUCCESS)
}

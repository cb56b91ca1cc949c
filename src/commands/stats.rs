//! `gamesolve stats`: a solved space summarized, with each engine variant's time and peak memory.

use crate::output::{Format, Report, progress_bar, render};
use gamesolve::{registry, tables};
use std::borrow::Cow;
use std::process::ExitCode;
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
    let bar = progress_bar(None, "{spinner} solving {msg} {elapsed}");
    bar.set_message(name.to_string());
    let report = game.stats();
    bar.finish_and_clear();
    if let Some(errors) = report.nothing_solved() {
        anyhow::bail!("{name}: no engine could solve {}:\n  {}", report.game, errors.join("\n  "));
    }
    render(&report, args.format)?;
    Ok(ExitCode::SUCCESS)
}

//! `gamesolve probe`: one position of a stored table, with the value of each of its moves.

use crate::output::{Format, Report, render};
use gamesolve::tables::{self, ProbeReport};
use std::borrow::Cow;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The table file, or the directory of a sharded table (`solve --distributed`).
    file: PathBuf,
    /// The position (several words are joined with spaces).
    #[arg(required = true, num_args = 1..)]
    position: Vec<String>,
    /// Also the optimal line from the position: the best move played again and again, each with
    /// the value it leaves, until the game ends or N plies (default 40).
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "40")]
    line: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

impl Report for ProbeReport {
    fn text(&self) -> Cow<'_, str> {
        Cow::Owned(self.to_text())
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let report = tables::probe(&args.file, &args.position.join(" "), args.line).map_err(anyhow::Error::msg)?;
    render(&report, args.format)?;
    Ok(ExitCode::SUCCESS)
}

//! `gamesolve diff`: two stored tables compared position by position.

use crate::output::{Format, PhasesBar, Report, render};
use gamesolve::tables::{self, DiffReport};
use std::borrow::Cow;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The first table (a file, or the directory of a sharded table).
    a: PathBuf,
    /// The second table (likewise).
    b: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

impl Report for DiffReport {
    fn text(&self) -> Cow<'_, str> {
        Cow::Owned(self.to_text())
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let bar = PhasesBar::new("positions");
    let report = tables::diff(&args.a, &args.b, &|done, total| bar.step("comparing", done, total));
    bar.finish();
    let report = report.map_err(|e| anyhow::anyhow!("{e}"))?;
    render(&report, args.format)?;
    Ok(if report.identical() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

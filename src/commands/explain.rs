//! `gamesolve explain`: each case's verdict, value, best moves and line of optimal play.

use super::{Source, answer, find};
use crate::output::{Format, Report, pretty, render};
use gamesolve::tables;
use judge::Explanation;
use serde::Serialize;
use std::borrow::Cow;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    source: Source,
    /// Answer from this stored table (`gamesolve solve ... --out FILE`) instead of solving: every
    /// case must be a position of its game (mnk's boards of one size; connect-four's positions
    /// of one board, scored from the table's win or loss as the problem scores them).
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Every case's explanation.
#[derive(Serialize)]
struct Explained {
    cases: Vec<Explanation>,
    problem: &'static str,
}

impl Report for Explained {
    /// One string, not a list of them joined: the peak stays the explanations and the text.
    fn text(&self) -> Cow<'_, str> {
        let mut text = String::new();
        for (i, explanation) in self.cases.iter().enumerate() {
            if i > 0 {
                text.push('\n');
            }
            text += &explanation.to_text();
        }
        Cow::Owned(text)
    }

    /// Built case by case, so that the peak holds one case's JSON value tree at a time instead
    /// of all of them (which took about 7 times the explanations' own size).
    fn json(&self) -> String {
        let mut out = String::from("{\n  \"cases\": [");
        for (i, explanation) in self.cases.iter().enumerate() {
            out += if i == 0 { "\n" } else { ",\n" };
            let case = pretty(&serde_json::to_value(explanation).expect("an explanation serializes"));
            for (j, line) in case.lines().enumerate() {
                if j > 0 {
                    out.push('\n');
                }
                out += "    ";
                out += line;
            }
        }
        if !self.cases.is_empty() {
            out += "\n  ";
        }
        out + "],\n  \"problem\": " + &serde_json::Value::from(self.problem).to_string() + "\n}\n"
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let problem = find(&args.source.problem)?;
    let cases = match &args.table {
        None => answer(&args.source, |text| problem.explain(text))?,
        Some(file) => {
            let positions = answer(&args.source, |text| problem.case_positions(text))?;
            tables::explain_from_table(file, &positions).map_err(anyhow::Error::msg)?
        }
    };
    render(&Explained { cases, problem: problem.id() }, args.format)?;
    Ok(ExitCode::SUCCESS)
}

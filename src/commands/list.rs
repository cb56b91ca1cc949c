//! `gamesolve list`: the judge problems with their engines, and the games `verify` checks.

use crate::output::print_all;
use gamesolve::{registry, verify};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_: Args) -> anyhow::Result<ExitCode> {
    let mut out = String::from("Judge problems (gamesolve judge <id> [INPUT] [--engine E]):\n");
    for p in registry::problems() {
        out += &format!("  {:<12} {}\n  {:<12} engines: {}\n", p.id(), p.title(), "", p.engines().join(", "));
    }
    out += "\nGames checked by `gamesolve verify`:\n";
    for line in verify::Verified::all() {
        out += &format!("  {}\n", line.name);
    }
    print_all(&out)
}

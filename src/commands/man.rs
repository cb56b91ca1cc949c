//! `gamesolve man`: the manual pages (roff), generated from the command line's own definition,
//! so they say what `--help` says.

use crate::output::print_all;
use anyhow::Context;
use clap_mangen::Man;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Write the page of gamesolve and one page per command into DIR (created if missing):
    /// gamesolve.1, gamesolve-judge.1, ...; prints the paths written.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// Prints gamesolve's page, or writes every page into `--out`. `cli` is the whole command line.
/// Time and memory: linear in the size of the pages, a few tens of kilobytes.
pub fn run(args: Args, cli: clap::Command) -> anyhow::Result<ExitCode> {
    // As clap_mangen's own `generate_to`: no page for clap's `help` command, which only prints
    // what each page says; hidden commands get none either.
    let mut cli = cli.disable_help_subcommand(true);
    cli.build();
    let Some(dir) = args.out else { return print_all(&render(&Man::new(cli))?) };
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut written = String::new();
    for command in with_subcommands(&cli) {
        let man = Man::new(command.clone());
        let path = dir.join(man.get_filename());
        std::fs::write(&path, render(&man)?).with_context(|| format!("cannot write {}", path.display()))?;
        written += &format!("{}\n", path.display());
    }
    print_all(&written)
}

/// `command` and its visible subcommands at every depth, the command first: one page each.
fn with_subcommands(command: &clap::Command) -> Vec<&clap::Command> {
    let mut all = vec![command];
    for subcommand in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        all.extend(with_subcommands(subcommand));
    }
    all
}

/// `man` rendered as roff text.
fn render(man: &Man) -> anyhow::Result<String> {
    let mut roff = Vec::new();
    man.render(&mut roff).context("cannot render the man page")?;
    String::from_utf8(roff).context("the man page is not UTF-8 text")
}

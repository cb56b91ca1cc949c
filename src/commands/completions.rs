//! `gamesolve completions`: a shell's completion script for the whole command line, generated
//! from its definition, so it never lags behind a new command or option.

use crate::output::print_all;
use anyhow::Context;
use clap_complete::Shell;
use std::process::ExitCode;

/// How to install each shell's script, for `--help`.
pub const INSTALL: &str = "\
Installing the script (a new shell then completes gamesolve's commands and options):
  bash  gamesolve completions bash > ~/.local/share/bash-completion/completions/gamesolve
  zsh   gamesolve completions zsh > ~/.zfunc/_gamesolve
        (and in ~/.zshrc, before `compinit`: fpath+=~/.zfunc)
  fish  gamesolve completions fish > ~/.config/fish/completions/gamesolve.fish";

#[derive(clap::Args)]
pub struct Args {
    /// The shell to complete in.
    #[arg(value_enum, value_name = "SHELL")]
    shell: Shell,
}

/// Prints the completion script of `cli` (gamesolve's whole command line) for the shell asked.
/// Time and memory: linear in the size of the script, a few tens of kilobytes.
pub fn run(args: Args, mut cli: clap::Command) -> anyhow::Result<ExitCode> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cli, "gamesolve", &mut script);
    print_all(&String::from_utf8(script).context("the completion script is not UTF-8 text")?)
}

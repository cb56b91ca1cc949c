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
pub fn run(args: Args, cli: clap::Command) -> anyhow::Result<ExitCode> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut without_hidden(&cli), "gamesolve", &mut script);
    print_all(&String::from_utf8(script).context("the completion script is not UTF-8 text")?)
}

/// `cli` without its hidden commands, which clap_complete would offer (bash, zsh and fish
/// alike): `exec-limited` is what `check` starts programs through, not a command for people.
/// The top level keeps its options and its version (`-V`, as `#[command(version)]` gives it);
/// its help text and exit codes, which completion does not use, are left out.
fn without_hidden(cli: &clap::Command) -> clap::Command {
    clap::Command::new("gamesolve")
        .version(env!("CARGO_PKG_VERSION"))
        .args(cli.get_arguments().cloned())
        .subcommands(cli.get_subcommands().filter(|command| !command.is_hide_set()).cloned())
}

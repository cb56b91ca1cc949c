//! The `gamesolve` command line: the global options, one subcommand per module of
//! `commands`, and what an error or a closed output exits with.

mod commands;
mod output;

use ::judge::JudgeError;
use anyhow::Context;
use clap::{CommandFactory, Parser, Subcommand};
use commands::{
    EXIT_CODES, check, completions, diff, exec_limited, explain, generate, judge, list, man, parse_bytes, probe,
    search, search_help, serve, show, solve, spaces_help, stats, verify,
};
use output::{OutputClosed, print_all};
use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc};
use std::alloc::System;
use std::process::ExitCode;

/// Solve two-player games exactly and prove it.
///
/// gamesolve answers contest problems about games exactly (judge, explain; show prints a
/// problem's contract), checks its own engines on every registered game against a verifier and
/// a naive oracle (verify), and stress-tests other programs against its answers (gen, check).
#[derive(Parser)]
#[command(name = "gamesolve", version, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Threads the engines solve with, 1 to 1024 (default: one per core). Every number of
    /// threads gives the same answers; only the time changes.
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// The most work an engine may spend on one input, in units of one state visited or one move
    /// generated (default 10000000, a few seconds of the oracle); past it the engine declines with
    /// exit 3. The default engines answer every valid input well within the default.
    #[arg(long, global = true, value_name = "UNITS")]
    budget: Option<u64>,
    /// The most memory a command may plan to use, e.g. `4G`, `512M`, `100000K` or a number of
    /// bytes (default: what the system has available). A plan past it is refused before it
    /// starts, with exit 2 and the estimate.
    #[arg(long, global = true, value_name = "BYTES", value_parser = parse_bytes)]
    max_memory: Option<u64>,
}

#[derive(Subcommand)]
enum Command {
    /// List the judge problems (with their engines) and the games `verify` checks.
    List(list::Args),
    /// Print a judge problem's contract: its rules, input and output format, limits and sample.
    Show(show::Args),
    /// Answer a judge problem's input exactly as its contract says (`gamesolve show <id>`).
    ///
    /// Prints the whole answer, or on bad input nothing but an error with its line and column on
    /// standard error (exit 2).
    #[command(after_help = EXIT_CODES)]
    Judge(judge::Args),
    /// Explain each case: the verdict, the value, the best moves, the line of optimal play.
    ///
    /// Bad input is reported as for `judge`. Every case's explanation is built before any is
    /// printed, so an input's explanations may hold at most 256 MiB (a hundred thousand small
    /// cases or more), and at most a quarter of the memory available (or of --max-memory); a
    /// larger input is refused with exit 2 and the estimate, and `judge` answers it.
    #[command(after_help = EXIT_CODES)]
    Explain(explain::Args),
    /// Print a random valid input for a problem; the same seed gives the same input.
    ///
    /// Generators reach each problem's edge cases on purpose.
    #[command(after_help = EXIT_CODES)]
    Gen(generate::Args),
    /// Stress-test a program: feed it generated inputs and compare its answers with gamesolve's.
    ///
    /// The program runs directly (no shell), reading the input on standard input, with a time
    /// limit per run. At the first mismatch, the input is shrunk: to the fewest cases that still
    /// fail (two, for a variable not reset between cases), then each case simplified; it is
    /// printed with both answers and gamesolve's explanation. A crash, a timeout, and a
    /// missing, extra or malformed output line are reported as what they are. Every process the
    /// program starts is killed when its run ends (on Linux also those that left its process
    /// group), when gamesolve itself is killed, and on Ctrl-C, SIGTERM or SIGHUP (exit 130),
    /// which first print the report so far in the format asked for (while shrinking: the
    /// mismatch and the smallest failing input found so far). For a problem gamesolve does not
    /// know, `--gen` and `--brute` instead of PROBLEM give the inputs and the right answers.
    /// Example: gamesolve check cf919f --rounds 200 -- ./my-solution --fast
    #[command(after_help = EXIT_CODES)]
    Check(check::Args),
    /// Summarize a solved space: counts by outcome and remoteness, the longest win, engine costs.
    ///
    /// Solves the game at the given parameters with every engine variant, measuring the time and
    /// the peak memory each adds.
    #[command(after_help = spaces_help())]
    Stats(stats::Args),
    /// Solve every position of a game; print the start's value and best moves; store the table.
    ///
    /// With --out the table is written in gamesolve's table format (TABLE-FORMAT.md): a
    /// self-describing header, compressed blocks with checksums. It is written to a temporary
    /// file and renamed when complete, so an interrupted run never leaves a file that looks
    /// finished. Read it back with probe, diff and verify FILE.
    /// Example: gamesolve solve dots-and-boxes rows=3 cols=4 rule=move-again --out 3x4.table
    ///
    /// With --distributed (a gamesolve built with --features mpi, run under mpirun) every rank
    /// of the job solves its share of the game's tiers and writes it as shards of one table
    /// into the directory --out names, with a manifest; probe, diff and verify read the
    /// directory as one table. A run that stopped continues with --resume.
    /// Example: mpirun -np 4 gamesolve solve dots-and-boxes rows=3 cols=3 --distributed --out 3x3
    #[command(after_help = spaces_help())]
    Solve(solve::Args),
    /// The value of one position of a stored table and of each of its moves.
    ///
    /// The position is written in the game's notation (as `explain` and `solve` print it; for
    /// dots and boxes the drawn lines, e.g. `1-2 2-6`, or `empty`), or as `#n` for position
    /// number n. Only the blocks holding the position and its children are decompressed.
    #[command(after_help = EXIT_CODES)]
    Probe(probe::Args),
    /// The value of a position by forward search, without a table: every engine side by side.
    ///
    /// Searches from one position (the start if none) with an exact engine (alpha-beta with a
    /// full window, null-window bisection, MTD(f)) or a weak one (only win, tie or loss), and
    /// prints the value, the principal variation, and the costs: positions visited,
    /// transposition-table hits and stores, time, memory. A win or loss is given with its
    /// remoteness as the tables give it, a tie without. Games that may loop are refused (a
    /// forward value would depend on the path). --budget caps the positions visited (exit 3
    /// past it, with what was proven); Ctrl-C stops and says what was proven (exit 130).
    /// Example: gamesolve search mnk m=5 n=5 k=4 --engine all
    #[command(after_help = search_help())]
    Search(search::Args),
    /// Serve tables to a web browser: explore and play a solved game against its table.
    ///
    /// Starts a local web server for the table files given (stored files or sharded
    /// directories, as probe opens them), the games given with --game, solved at start-up
    /// (small ones: as solve solves them, held in memory), and the games given with --search,
    /// past any table, searched forward on each request within --budget positions (default
    /// 2000000, about a second; a position past it is shown as unknown). Its first line of output is the
    /// address to open. The page shows the position, every move coloured by its value (win
    /// green, tie or draw yellow, loss red) with its remoteness, plays a move when clicked,
    /// undoes and redoes, lets the computer play the best move, charts the value along the
    /// game, keeps the position in its address (so a position can be linked), and shows the
    /// table's statistics. A script can ask the same JSON API the page uses (README, "Exploring
    /// tables in a browser"). No request names a file: only the tables given here are served.
    /// Ctrl-C stops it (exit 0).
    /// Example: gamesolve serve 3x3.table --game mnk m=3 n=3 k=3 --port 0
    #[command(after_help = spaces_help())]
    Serve(serve::Args),
    /// Compare two stored tables position by position.
    ///
    /// Prints the number of differing positions by kind of difference and the first few, with
    /// both values and the position. Exits 0 when the tables are identical, 1 when they differ,
    /// 2 when they are not of the same game and parameters (or a file is unreadable).
    Diff(diff::Args),
    /// Check every engine on every registered game (the main job), or re-verify a stored table.
    ///
    /// Without FILE: solves every registered game at its built-in size with every engine,
    /// checks every table with the verifier, compares with the naive oracle where it fits its
    /// budget, and prints one table. Exits 1 on any disagreement.
    ///
    /// With FILE: checks every checksum of the table and every position's value against its
    /// children with the game's verifier (not an engine). Exits 1 at the first violation, 2 if
    /// the file is damaged or not a table.
    #[command(after_help = EXIT_CODES)]
    Verify(verify::Args),
    /// Print a shell's completion script for gamesolve: bash, zsh, fish, elvish or powershell.
    ///
    /// The script is generated from gamesolve's own definition of its commands and options and
    /// printed on standard output; save it where the shell looks for completions (below).
    #[command(after_help = completions::INSTALL)]
    Completions(completions::Args),
    /// Print gamesolve's manual page (roff), or write one page per command with --out.
    ///
    /// Read it with `gamesolve man | man -l -`. The pages are generated from the same
    /// definitions as `--help`. To install them, write them into a folder `man` searches, e.g.
    /// `gamesolve man --out ~/.local/share/man/man1`, then `man gamesolve-judge`.
    Man(man::Args),
    /// Runs a program so that it dies with gamesolve, under `--memory-limit` if given: what
    /// `check` starts every run of the checked program through.
    #[command(hide = true)]
    ExecLimited(exec_limited::Args),
}

/// Counts allocations, so that `stats` reports each engine's own peak memory.
#[global_allocator]
static ALLOCATOR: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

fn main() -> ExitCode {
    workbench::stats::count_allocations_with(ALLOCATOR);
    let result = run(Cli::try_parse());
    match result {
        Ok(code) => code,
        // The reader went away (`gamesolve verify | head`): stop quietly with the status of a
        // process killed by SIGPIPE, as Unix filters do; the work was not finished.
        Err(e) if e.is::<OutputClosed>() => ExitCode::from(128 + 13),
        Err(e) => {
            let message = format!("{e:#}");
            gamesolve::terminal::note(&format!("gamesolve: {message}"));
            let declined =
                e.chain().any(|cause| cause.downcast_ref::<JudgeError>().is_some_and(JudgeError::is_declined));
            let code = if declined { 3 } else { 2 };
            json_error(&message, code);
            ExitCode::from(code)
        }
    }
}

/// Where `--format json` was asked for, the error as the JSON document a script reads on
/// standard output, `{"error": message, "exit": code}` (the message is on standard error
/// too); a failure to write it changes nothing (the exit code says it all).
fn json_error(message: &str, code: u8) {
    if asks_for_json(std::env::args_os().skip(1)) {
        let _ = output::emit(&format!("{}\n", serde_json::json!({ "error": message, "exit": code })));
    }
}

/// Whether the words of a command line ask for `--format json` (as `--format json` or
/// `--format=json`) before any `--`, after which the words are a checked program's.
fn asks_for_json(words: impl Iterator<Item = std::ffi::OsString>) -> bool {
    let mut previous_was_format = false;
    for word in words {
        let word = word.to_string_lossy();
        if word == "--" {
            return false;
        }
        if word == "--format=json" || (previous_was_format && word == "json") {
            return true;
        }
        previous_was_format = word == "--format";
    }
    false
}

/// Runs the command line; help and version text are written like any answer, so a failed write
/// is an error, not a silent exit 0.
fn run(parsed: Result<Cli, clap::Error>) -> anyhow::Result<ExitCode> {
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            // Plain, not in clap's colours: the message quotes the arguments, which must be
            // made terminal-safe like everything else.
            let message = e.render().to_string();
            gamesolve::terminal::note(message.trim_end());
            // A script wants the reason, not the usage and the hint around it: the first line,
            // without clap's `error: `.
            let reason = message.lines().next().unwrap_or_default();
            json_error(reason.strip_prefix("error: ").unwrap_or(reason), 2);
            return Ok(ExitCode::from(2));
        }
        Err(e) => return print_all(&e.render().to_string()),
    };
    if let Some(units) = cli.budget {
        ::judge::resources::set_work_budget(units);
    }
    if let Some(bytes) = cli.max_memory {
        ::judge::resources::set_max_memory(bytes);
    }
    if let Some(threads) = cli.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads.into())
            .build_global()
            .context("cannot start the engines' threads")?;
    }
    match cli.command {
        Command::List(args) => list::run(args),
        Command::Show(args) => show::run(args),
        Command::Judge(args) => judge::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Gen(args) => generate::run(args),
        Command::Check(args) => check::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Probe(args) => probe::run(args),
        Command::Search(args) => search::run(args, cli.budget),
        Command::Serve(args) => serve::run(args, cli.budget),
        Command::Diff(args) => diff::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Completions(args) => completions::run(args, Cli::command()),
        Command::Man(args) => man::run(args, Cli::command()),
        Command::ExecLimited(args) => exec_limited::run(args),
    }
}

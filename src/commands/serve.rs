//! `gamesolve serve`: a local web server for exploring and playing solved games; the address to
//! open is the first line it prints.

use anyhow::Context;
use gamesolve::serve::{self, Request};
use judge::resources::check_memory;
use solver_core::search::SearchLimits;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Table files (or directories of sharded tables) to serve, as `probe` opens them.
    tables: Vec<PathBuf>,
    /// A game to solve at start-up and serve: its name and key=value parameters, as `solve`
    /// takes them (repeat --game for several; tables go before the first --game).
    #[arg(long, num_args = 1.., value_names = ["GAME", "KEY=VALUE"], action = clap::ArgAction::Append)]
    game: Vec<String>,
    /// A game to serve by live search, past any table: its name and key=value parameters, as
    /// `search` takes them (repeat --search for several). Each position asked for is searched
    /// then, its moves sharing --budget positions; a position past it is answered `unknown`.
    #[arg(long, num_args = 1.., value_names = ["GAME", "KEY=VALUE"], action = clap::ArgAction::Append)]
    search: Vec<String>,
    /// The transposition table's size in MiB of each move's live search (allocated whole for
    /// each; 0: none).
    #[arg(long, value_name = "MIB", default_value_t = 16, value_parser = clap::value_parser!(u64).range(0..=1 << 12))]
    tt_mb: u64,
    /// The port to listen on (0: any free port, the one printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. The default serves this machine alone; another address
    /// serves whoever can reach it (the server has no access control).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
}

/// The words of every --game, one game each: clap joins them, and a game's name is the only
/// word without `=` (its parameters are `key=value`), so each such word starts the next game.
fn games(words: &[String]) -> Vec<Vec<String>> {
    let mut games: Vec<Vec<String>> = Vec::new();
    for word in words {
        match games.last_mut() {
            Some(game) if word.contains('=') => game.push(word.clone()),
            _ => games.push(vec![word.clone()]),
        }
    }
    games
}

/// The positions a live search of one request may visit without --budget: about a second of
/// alpha-beta on m,n,k or Connect Four here.
const NODE_BUDGET: u64 = 2_000_000;

pub fn run(args: Args, budget: Option<u64>) -> anyhow::Result<ExitCode> {
    if args.tables.is_empty() && args.game.is_empty() && args.search.is_empty() {
        anyhow::bail!(
            "nothing to serve: name table files, games to solve with --game (e.g. --game mnk m=3 n=3 k=3), \
             or games to search with --search (e.g. --search connect-four)"
        );
    }
    let tt_bytes = args.tt_mb << 20;
    if !args.search.is_empty() {
        // One table a move being valued; a request values one position's moves in turn.
        check_memory(&format!("a transposition table of {} MiB", args.tt_mb), tt_bytes)?;
    }
    let limits = SearchLimits {
        tt_bytes: tt_bytes as usize,
        node_budget: budget.unwrap_or(NODE_BUDGET),
        ..SearchLimits::default()
    };
    let request = Request { tables: &args.tables, games: &games(&args.game), searches: &games(&args.search), limits };
    let served = serve::open(&request)?;
    // Served until the process exits; the handlers share them as a plain reference (a game is
    // `Sync` but need not be `Send`, so it cannot be moved into the server's threads).
    let served: &'static [serve::Served] = Vec::leak(served);
    let address = SocketAddr::new(args.bind, args.port);
    let listener = std::net::TcpListener::bind(address)
        .with_context(|| format!("cannot listen on {address} (--port 0 takes any free port)"))?;
    listener.set_nonblocking(true).context("cannot make the listening socket non-blocking")?;
    let bound = listener.local_addr().context("cannot read the address listened on")?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's threads")?;
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::from_std(listener).context("cannot listen")?;
        // Printed once the socket listens, so whoever reads it can connect at once.
        crate::output::emit(&format!("serving on http://{bound}/\n"))?;
        // Ctrl-C (SIGINT) stops the server; if the signal cannot be awaited, it serves on.
        let shutdown = async {
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        };
        serve::run(listener, served, shutdown).await.context("the server stopped")
    });
    // Requests still running past the grace period are abandoned, not waited for.
    runtime.shutdown_background();
    served?;
    Ok(ExitCode::SUCCESS)
}

//! `gamesolve serve`: a local web server for exploring and playing solved games in a browser.
//! It serves the tables given at start-up (stored files, sharded directories), games solved
//! at start-up into tables in memory, and games past any table by live search, through a JSON
//! API (module `api`: the games, a position with every move valued, a table's statistics) and
//! one page of plain HTML, CSS and JavaScript compiled into the binary (nothing is fetched from
//! the network, nothing is built).
//!
//! Every value from a table is read by [`crate::tables::probe_open`], `probe`'s own code, so
//! the page and `probe` cannot disagree; a searched value is `search --moves`' own
//! ([`workbench::search::Searchable::move_values`]), within a node budget per request, and a
//! position past it is answered `unknown` rather than keeping a thread busy. No request names a
//! file: the tables are opened before the server starts, and a request picks one by its id.

mod api;

use crate::search::SearchedGame;
use crate::tables;
use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use solver_core::search::SearchLimits;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;
use table_file::{TableFile, ValueKind};
use workbench::solve::SolvableGame;

/// One game the server serves: from a table, or by live search.
pub struct Served {
    /// The id requests name it by: letters, digits, `-`, `_` and `.`, unique among the games.
    pub id: String,
    /// Where its values come from: the table's path as given, `solved at start-up`, or
    /// `searched live`.
    pub source: String,
    backing: Backing,
    /// The table's statistics (or why they could not be read), computed by the first request
    /// that asks: reading every value of a large table takes long, and most visits never ask.
    stats: OnceLock<Result<serde_json::Value, String>>,
}

/// Where a served game's values come from.
enum Backing {
    /// A table and the game that reads it.
    Table { table: TableFile, game: Box<dyn SolvableGame> },
    /// Forward search on each request, within `limits` (its node budget shared by the moves
    /// of one position).
    Search { game: SearchedGame, limits: SearchLimits, start: String, kind: ValueKind },
}

/// What `serve` is asked to serve: table files (or sharded directories), games to solve at
/// start-up, and games to search live, each game its name and its `key=value` parameters.
pub struct Request<'a> {
    /// The tables, as `probe` opens them.
    pub tables: &'a [PathBuf],
    /// The games to solve, as `solve` opens them: a name, then parameters.
    pub games: &'a [Vec<String>],
    /// The games to search, as `search` opens them: a name, then parameters.
    pub searches: &'a [Vec<String>],
    /// Each position request's search: its node budget (for the moves together) and its
    /// transposition table.
    pub limits: SearchLimits,
}

/// Opens every table, solves every game and opens every search of `request`, in order; the
/// first that fails stops it with its reason. Time: each game's solve; memory: each game's
/// table (a stored table is read on demand, a solved one is held compressed).
pub fn open(request: &Request<'_>) -> anyhow::Result<Vec<Served>> {
    let mut served = Vec::new();
    let mut ids = BTreeSet::new();
    let mut add = |id: &str, source: String, backing| {
        let id = unique_id(id, &mut ids);
        served.push(Served { id, source, backing, stats: OnceLock::new() });
    };
    for path in request.tables {
        let (table, game) = tables::open_table(path).map_err(anyhow::Error::msg)?;
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        add(&stem, path.display().to_string(), Backing::Table { table, game });
    }
    for words in request.games {
        let (name, params) = words.split_first().ok_or_else(|| anyhow::anyhow!("--game needs a game's name"))?;
        let game = tables::open_game(name, params).map_err(anyhow::Error::msg)?;
        let title = game.identity().title();
        let table = tables::solve_in_memory(game.as_ref(), &title).map_err(|e| {
            e.context(format!(
                "{title} cannot be served from a table; `--search {}` serves it by live search",
                words.join(" ")
            ))
        })?;
        add(&title, "solved at start-up".to_string(), Backing::Table { table, game });
    }
    for words in request.searches {
        let (name, params) = words.split_first().ok_or_else(|| anyhow::anyhow!("--search needs a game's name"))?;
        let game = SearchedGame::open(name, params).map_err(anyhow::Error::msg)?;
        let (start, kind) = game.with(|search| (search.start(), search.kind())).map_err(anyhow::Error::msg)?;
        let id = format!("{} search", game.identity.title());
        add(&id, "searched live".to_string(), Backing::Search { game, limits: request.limits.clone(), start, kind });
    }
    Ok(served)
}

/// `text` made an id (`=` dropped, each run of other characters than letters, digits, `-`, `_`
/// and `.` made one `-`: `mnk k=3 m=3` is `mnk-k3-m3`), distinct from those in `taken` (a `-2`, `-3`, ... added), and taken.
fn unique_id(text: &str, taken: &mut BTreeSet<String>) -> String {
    let mut base = String::new();
    for c in text.chars() {
        let keep = c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
        if c == '=' {
            continue;
        } else if keep {
            base.push(c);
        } else if !base.ends_with('-') {
            base.push('-');
        }
    }
    let base = match base.trim_matches('-') {
        "" => "table".to_string(),
        trimmed => trimmed.to_string(),
    };
    let mut id = base.clone();
    let mut n = 1;
    while taken.contains(&id) {
        n += 1;
        id = format!("{base}-{n}");
    }
    taken.insert(id.clone());
    id
}

/// The page and its assets, each with its content type. The page names its icon, which a
/// browser would otherwise ask for as `/favicon.ico` (and log the 404 as an error).
const PAGE: [(&str, &str, &str); 4] = [
    ("/", "text/html; charset=utf-8", include_str!("page.html")),
    ("/page.js", "text/javascript; charset=utf-8", include_str!("page.js")),
    ("/page.css", "text/css; charset=utf-8", include_str!("page.css")),
    ("/favicon.svg", "image/svg+xml", include_str!("favicon.svg")),
];

/// Every route: the page, its assets and the API over `games`. The page may load only what
/// this server sends (its content security policy): nothing from elsewhere, no inline script.
pub fn router(games: &'static [Served]) -> Router {
    let mut router = Router::new()
        .route("/api/games", get(api::games))
        .route("/api/position", get(api::position))
        .route("/api/stats", get(api::stats));
    for (path, content_type, body) in PAGE {
        let headers = [
            (header::CONTENT_TYPE, content_type),
            (header::CONTENT_SECURITY_POLICY, "default-src 'self'"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ];
        router = router.route(path, get(move || async move { (headers, body).into_response() }));
    }
    router.with_state(games)
}

/// How long the requests under way when the server is stopped may take to finish: a client
/// that never completes its request, or the first statistics of a large table, must not keep
/// Ctrl-C from stopping the server.
const GRACE: Duration = Duration::from_secs(2);

/// Serves `games` on `listener` until `shutdown` completes, then lets the requests under way
/// finish for at most `GRACE` (2 s) and returns (those still running are abandoned: the caller
/// shuts its runtime down without waiting for them).
pub async fn run(
    listener: tokio::net::TcpListener,
    games: &'static [Served],
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let (stopping, stopped) = tokio::sync::oneshot::channel::<()>();
    let signal = async move {
        shutdown.await;
        let _ = stopping.send(());
    };
    let server = tokio::spawn(axum::serve(listener, router(games)).with_graceful_shutdown(signal).into_future());
    // Returns when the stop is asked for, or when the server ended first (the sender dropped).
    let _ = stopped.await;
    match tokio::time::timeout(GRACE, server).await {
        Ok(Ok(served)) => served,
        Ok(Err(failed)) => Err(std::io::Error::other(failed)),
        Err(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::unique_id;
    use std::collections::BTreeSet;

    #[test]
    fn ids_keep_safe_characters_drop_equals_signs_and_are_made_unique() {
        let mut taken = BTreeSet::new();
        assert_eq!(unique_id("mnk k=3 m=3 n=3", &mut taken), "mnk-k3-m3-n3");
        assert_eq!(unique_id("3x4.move-again_t", &mut taken), "3x4.move-again_t");
        assert_eq!(unique_id("a b / c", &mut taken), "a-b-c");
        assert_eq!(unique_id("mnk k=3 m=3 n=3", &mut taken), "mnk-k3-m3-n3-2");
        assert_eq!(unique_id("mnk  k=3 m=3 n=3", &mut taken), "mnk-k3-m3-n3-3");
        assert_eq!(unique_id("?? ", &mut taken), "table");
        assert_eq!(unique_id("", &mut taken), "table-2");
    }
}

//! The JSON API of `gamesolve serve` (the README documents it): `/api/games`, the games served;
//! `/api/position`, a position's value and every move's, best first; `/api/stats`, a table's
//! statistics. A bad request is answered 400 with `{"error": "..."}` naming what is wrong.
//!
//! Reading a table decompresses blocks and may wait on the disk, so each answer is worked out
//! on tokio's blocking threads, never on the threads that serve connections.

use super::Served;
use crate::tables::{self, ProbedMove, coarse};
use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use solver_core::Outcome;
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use table_file::{Value, ValueKind};
use workbench::solve::{extreme_key, show};

/// A request's parameters: `game` (an id of `/api/games`) and, for `/api/position`,
/// `position` (in the game's notation, or `#n`). Both optional here, so that a missing one is
/// answered as the API answers every bad request (axum's own rejection is plain text).
#[derive(serde::Deserialize)]
pub struct Params {
    game: Option<String>,
    position: Option<String>,
}

/// An answer that is not a success: its status and what was wrong.
struct Failure(StatusCode, String);

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

fn bad(message: impl Into<String>) -> Failure {
    Failure(StatusCode::BAD_REQUEST, message.into())
}

/// `GET /api/games`: every game served, in the order given at start-up.
pub async fn games(State(games): State<&'static [Served]>) -> Json<serde_json::Value> {
    let list: Vec<serde_json::Value> = games
        .iter()
        .map(|served| {
            let game = served.game.as_ref();
            let identity = game.identity();
            json!({
                "id": served.id,
                "game": identity.game,
                "params": identity.params,
                "title": identity.title(),
                "variant": identity.variant,
                "source": served.source,
                "start": game.describe(game.start()),
                "positions": game.positions(),
                "kind": kind_name(game.kind()),
            })
        })
        .collect();
    Json(json!({ "games": list }))
}

/// `GET /api/position?game=ID&position=TEXT`: the position's value and its moves, best first.
pub async fn position(
    State(games): State<&'static [Served]>,
    params: Result<Query<Params>, QueryRejection>,
) -> Response {
    let answer = async {
        let Query(params) = params.map_err(|e| bad(format!("bad query: {e}")))?;
        let served = find(games, params.game.as_deref())?;
        let text =
            params.position.ok_or_else(|| bad("missing parameter `position` (the position in the game's notation)"))?;
        blocking(move || position_json(served, &text).map_err(bad)).await
    };
    respond(answer.await)
}

/// `GET /api/stats?game=ID`: the table's statistics, computed once.
pub async fn stats(State(games): State<&'static [Served]>, params: Result<Query<Params>, QueryRejection>) -> Response {
    let answer = async {
        let Query(params) = params.map_err(|e| bad(format!("bad query: {e}")))?;
        let served = find(games, params.game.as_deref())?;
        blocking(move || {
            served
                .stats
                .get_or_init(|| stats_json(served))
                .clone()
                .map_err(|e| Failure(StatusCode::INTERNAL_SERVER_ERROR, e))
        })
        .await
    };
    respond(answer.await)
}

fn respond(answer: Result<serde_json::Value, Failure>) -> Response {
    match answer {
        Ok(value) => Json(value).into_response(),
        Err(failure) => failure.into_response(),
    }
}

/// `work` on a blocking thread; a panic there is answered 500, and the server goes on.
async fn blocking(
    work: impl FnOnce() -> Result<serde_json::Value, Failure> + Send + 'static,
) -> Result<serde_json::Value, Failure> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|e| Err(Failure(StatusCode::INTERNAL_SERVER_ERROR, format!("the request failed: {e}"))))
}

/// The game `id` names, or a 400 naming the ids there are.
fn find(games: &'static [Served], id: Option<&str>) -> Result<&'static Served, Failure> {
    let known = || games.iter().map(|g| g.id.as_str()).collect::<Vec<_>>().join(", ");
    let id = id.ok_or_else(|| bad(format!("missing parameter `game` (one of: {})", known())))?;
    games.iter().find(|g| g.id == id).ok_or_else(|| bad(format!("no game `{id}`; the games are: {}", known())))
}

fn kind_name(kind: ValueKind) -> &'static str {
    match kind {
        ValueKind::Outcome => "outcome",
        ValueKind::Nimber => "nimber",
        ValueKind::Score => "score",
    }
}

/// A value as the API gives it: `{kind, remoteness, score, nimber, words}`, `kind` one of
/// `win`, `loss`, `tie`, `draw`, `score`, `nimber`, the fields that do not apply null, `words`
/// as `probe` writes it (`win in 3`, `+2`, `*1`).
fn value_json(value: Value) -> serde_json::Value {
    let (kind, score, nimber) = match value {
        Value::Outcome(_) => (coarse(value), None, None),
        Value::Score(s) => ("score", Some(s), None),
        Value::Nimber(n) => ("nimber", None, Some(n.0)),
    };
    json!({ "kind": kind, "remoteness": remoteness(value), "score": score, "nimber": nimber, "words": show(value) })
}

fn remoteness(value: Value) -> Option<u32> {
    match value {
        Value::Outcome(o) => o.remoteness(),
        _ => None,
    }
}

/// Where a move's value `value` (for its mover) ranks, lower first: wins by remoteness (the
/// fastest first), then ties, draws, and losses the slowest first; the larger score first; a
/// move to nimber 0 (the winning moves) first, then by nimber. The mover's order of
/// preference, as `probe`'s best moves (the first is always one of them).
fn rank(value: Value) -> (u8, i64) {
    match value {
        Value::Outcome(Outcome::Win(r)) => (0, i64::from(r)),
        Value::Outcome(Outcome::Tie(r)) => (1, i64::from(r)),
        Value::Outcome(Outcome::Draw) => (2, 0),
        Value::Outcome(Outcome::Loss(r)) => (3, -i64::from(r)),
        Value::Score(s) => (0, -s),
        Value::Nimber(n) => (u8::from(n.0 != 0), i64::from(n.0)),
    }
}

/// The answer to `/api/position`: `probe`'s report ([`tables::probe_open`]) on the served
/// table, its moves sorted by [`rank`] (stable: equal values keep the game's order), each with
/// the position it leads to. Time and memory: `probe`'s.
fn position_json(served: &Served, text: &str) -> Result<serde_json::Value, String> {
    let game = served.game.as_ref();
    let report = tables::probe_open(&served.table, game, text)?;
    let probed = report.probed();
    let mut moves: Vec<&ProbedMove> = probed.moves.iter().collect();
    moves.sort_by_key(|m| rank(m.value));
    let before = remoteness(probed.value);
    let moves: Vec<serde_json::Value> = moves
        .into_iter()
        .map(|m| {
            // A move of an impartial game may leave a sum of several positions, or nothing:
            // it then leads to no one position.
            let leads_to = match m.played.parts.as_slice() {
                [one] => Some(game.describe(*one)),
                _ => None,
            };
            let change = remoteness(m.value).zip(before).map(|(after, before)| i64::from(after) - i64::from(before));
            let mut entry = json!({
                "move": m.played.name,
                "position": leads_to,
                "value": value_json(m.value),
                "best": m.best,
                "remoteness_change": change,
            });
            if game.kind() == ValueKind::Score {
                entry["gain"] = json!(m.played.gain);
                entry["again"] = json!(m.played.again);
            }
            entry
        })
        .collect();
    Ok(json!({
        "game": served.id,
        "position": probed.position,
        "index": probed.index,
        "value": value_json(probed.value),
        "finished": moves.is_empty(),
        "moves": moves,
    }))
}

/// Where a value stands in the statistics' histogram: wins, losses, ties by remoteness, then
/// draws; scores and nimbers from the least.
fn histogram_order(value: Value) -> (u8, i64) {
    match value {
        Value::Outcome(Outcome::Win(r)) => (0, i64::from(r)),
        Value::Outcome(Outcome::Loss(r)) => (1, i64::from(r)),
        Value::Outcome(Outcome::Tie(r)) => (2, i64::from(r)),
        Value::Outcome(Outcome::Draw) => (3, 0),
        Value::Score(s) => (0, s),
        Value::Nimber(n) => (0, i64::from(n.0)),
    }
}

/// The answer to `/api/stats`: every value of the table read once (every checksum checked on
/// the way), counted by kind and by value, and the position with the most extreme value
/// ([`extreme_key`]: the longest win, the largest score or nimber), the lowest-numbered such.
/// Time O(positions) over rayon's pool; memory O(distinct values).
fn stats_json(served: &Served) -> Result<serde_json::Value, String> {
    let table = &served.table;
    let counts = Mutex::new(HashMap::<Value, u64>::new());
    let extreme = Mutex::new(None::<(i64, std::cmp::Reverse<u64>)>);
    let visit = |first: u64, values: &[Value]| -> Result<(), String> {
        let mut here = HashMap::<Value, u64>::new();
        let mut most = None;
        // Counted run by run: neighbouring positions often share a value, and a run costs one
        // hash instead of one a position.
        let mut at = 0;
        while let Some(&value) = values.get(at) {
            let run = values[at..].iter().take_while(|&&v| v == value).count();
            *here.entry(value).or_insert(0) += run as u64;
            if let Some(key) = extreme_key(value) {
                most = most.max(Some((key, std::cmp::Reverse(first + at as u64))));
            }
            at += run;
        }
        let mut total = counts.lock().map_err(|_| "a reader thread panicked")?;
        here.into_iter().for_each(|(value, n)| *total.entry(value).or_insert(0) += n);
        let mut best = extreme.lock().map_err(|_| "a reader thread panicked")?;
        *best = (*best).max(most);
        Ok(())
    };
    table.for_each_block(&visit, &|_, _| {}).map_err(|e| e.to_string())?;
    let counts = counts.into_inner().map_err(|_| "a reader thread panicked")?;
    let mut by_kind = BTreeMap::<&str, u64>::new();
    counts.iter().for_each(|(&value, n)| *by_kind.entry(coarse(value)).or_insert(0) += n);
    let mut histogram: Vec<(Value, u64)> = counts.into_iter().collect();
    histogram.sort_by_key(|&(value, _)| histogram_order(value));
    let histogram: Vec<serde_json::Value> =
        histogram.into_iter().map(|(value, n)| json!({ "value": value_json(value), "count": n })).collect();
    let game = served.game.as_ref();
    let extreme = match extreme.into_inner().map_err(|_| "a reader thread panicked")? {
        None => serde_json::Value::Null,
        Some((_, std::cmp::Reverse(index))) => {
            let what = match game.kind() {
                ValueKind::Outcome => "the longest win",
                ValueKind::Score => "the largest score",
                ValueKind::Nimber => "the largest nimber",
            };
            let value = table.value(index).map_err(|e| e.to_string())?;
            json!({ "what": what, "index": index, "position": game.describe(index), "value": value_json(value) })
        }
    };
    let header = table.header();
    Ok(json!({
        "game": served.id,
        "positions": header.positions,
        "engine": header.engine,
        "bytes": table.file_bytes(),
        "checksum": format!("{:016x}", table.table_checksum()),
        "by_kind": by_kind,
        "histogram": histogram,
        "extreme": extreme,
    }))
}

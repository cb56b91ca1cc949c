//! The JSON API of `gamesolve serve` (the README documents it): `/api/games`, the games served;
//! `/api/position`, a position's value and every move's, best first; `/api/stats`, a table's
//! statistics. A bad request is answered 400 with `{"error": "..."}` naming what is wrong.
//!
//! Reading a table decompresses blocks and may wait on the disk, so each answer is worked out
//! on tokio's blocking threads, never on the threads that serve connections.

use super::{Backing, Served};
use crate::tables::{self, ProbedMove, coarse};
use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use solver_core::search::{Answer, Driver, SearchEngine, SearchError, SearchLimits, SearchValue, Sign};
use solver_core::{Nimber, Outcome};
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use table_file::{TableFile, Value, ValueKind};
use workbench::search::{SearchFailure, Searchable};
use workbench::solve::{SolvableGame, best_first, extreme_key, is_best, show};

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

/// `GET /api/games`: every game served: the tables, the games solved, the games searched, each in the
/// order given at start-up.
pub async fn games(State(games): State<&'static [Served]>) -> Json<serde_json::Value> {
    let list: Vec<serde_json::Value> = games
        .iter()
        .map(|served| {
            let (identity, start, positions, kind, budget) = match &served.backing {
                Backing::Table { game, .. } => {
                    (game.identity(), game.describe(game.start()), Some(game.positions()), game.kind(), None)
                }
                Backing::Search { game, limits, start, kind } => {
                    (&game.identity, start.clone(), None, *kind, Some(limits.node_budget))
                }
            };
            json!({
                "id": served.id,
                "game": identity.game,
                "params": identity.params,
                "title": identity.title(),
                "variant": identity.variant,
                "source": served.source,
                "start": start,
                "positions": positions,
                "kind": kind_name(kind),
                "searched": budget.is_some(),
                "node_budget": budget,
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
        blocking(move || match &served.backing {
            Backing::Table { table, game } if game.kind() == ValueKind::Nimber => {
                sum_json(served, table, game.as_ref(), &text).map_err(bad)
            }
            Backing::Table { table, game } => position_json(served, table, game.as_ref(), &text).map_err(bad),
            Backing::Search { game, limits, .. } => {
                game.with(|search| searched_json(served, search, limits, &text)).map_err(bad)?
            }
        })
        .await
    };
    respond(answer.await)
}

/// `GET /api/stats?game=ID`: the table's statistics, computed once.
pub async fn stats(State(games): State<&'static [Served]>, params: Result<Query<Params>, QueryRejection>) -> Response {
    let answer = async {
        let Query(params) = params.map_err(|e| bad(format!("bad query: {e}")))?;
        let served = find(games, params.game.as_deref())?;
        let Backing::Table { table, game } = &served.backing else {
            return Err(bad(format!("{} is searched live: it has no table, so no statistics", served.id)));
        };
        blocking(move || {
            served
                .stats
                .get_or_init(|| stats_json(served, table, game.as_ref()))
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

/// The answer to `/api/position`: `probe`'s report ([`tables::probe_open`]) on the served
/// table, its moves best first ([`best_first`], as `probe` sorts them), each with
/// the position it leads to. Time and memory: `probe`'s.
fn position_json(
    served: &Served,
    table: &TableFile,
    game: &dyn SolvableGame,
    text: &str,
) -> Result<serde_json::Value, String> {
    let report = tables::probe_open(table, game, text)?;
    let probed = report.probed();
    let moves: Vec<&ProbedMove> = probed.moves.iter().collect();
    let before = remoteness(probed.value);
    let moves: Vec<serde_json::Value> = moves
        .into_iter()
        .map(|m| {
            // A move of a loopy or scoring game leads to one position (an impartial game's,
            // which may leave a sum or nothing, goes through `sum_json`).
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
        "searched": false,
        "moves": moves,
    }))
}

/// The engine a position searched live is valued with: `search`'s default, solver-core's
/// alpha-beta on the full window (exact: the remoteness of wins and losses, the score).
const LIVE_ENGINE: SearchEngine = SearchEngine::AlphaBeta(Driver::FullWindow);

/// A searched answer as [`value_json`] writes a table's value (a tie without its remoteness,
/// which the search does not compute); `None`, a move over its share of the node budget, as
/// `{"kind": "unknown"}`.
fn answer_json(answer: Option<Answer>) -> serde_json::Value {
    let (kind, remoteness, score) = match answer {
        None => ("unknown", None, None),
        Some(Answer::Exact(SearchValue::Win(r))) => ("win", Some(r), None),
        Some(Answer::Exact(SearchValue::Loss(r))) => ("loss", Some(r), None),
        Some(Answer::Exact(SearchValue::Tie) | Answer::Sign(Sign::Tie)) => ("tie", None, None),
        Some(Answer::Exact(SearchValue::Score(s))) => ("score", None, Some(s)),
        Some(Answer::Sign(Sign::Win)) => ("win", None, None),
        Some(Answer::Sign(Sign::Loss)) => ("loss", None, None),
    };
    let words = answer.map_or_else(|| "unknown".to_string(), |a| a.to_string());
    json!({ "kind": kind, "remoteness": remoteness, "score": score, "nimber": null, "words": words })
}

/// Where a searched answer ranks: [`best_first`], the table's order, on the value it stands
/// for (a tie as one of remoteness 0: the search computes none, and every tie it gives ranks
/// alike; a sign, which [`LIVE_ENGINE`] never gives, as a value of remoteness 0); an unknown
/// one last.
fn answer_rank(answer: Option<Answer>) -> (u8, i64) {
    let value = match answer {
        None => return (u8::MAX, 0),
        Some(Answer::Exact(SearchValue::Win(r))) => Value::Outcome(Outcome::Win(r)),
        Some(Answer::Exact(SearchValue::Loss(r))) => Value::Outcome(Outcome::Loss(r)),
        Some(Answer::Exact(SearchValue::Score(s))) => Value::Score(s),
        Some(Answer::Sign(Sign::Win)) => Value::Outcome(Outcome::Win(0)),
        Some(Answer::Sign(Sign::Loss)) => Value::Outcome(Outcome::Loss(0)),
        Some(Answer::Exact(SearchValue::Tie) | Answer::Sign(Sign::Tie)) => Value::Outcome(Outcome::Tie(0)),
    };
    best_first(value)
}

fn answer_remoteness(answer: Option<Answer>) -> Option<u32> {
    match answer {
        Some(Answer::Exact(SearchValue::Win(r) | SearchValue::Loss(r))) => Some(r),
        _ => None,
    }
}

/// The answer to `/api/position` for a game searched live, in [`position_json`]'s shape
/// (`index` null, `searched` true): every move's value by [`LIVE_ENGINE`] within `limits`,
/// the node budget shared by the moves ([`Searchable::move_values`], what `search --moves`
/// prints), sorted by [`answer_rank`]; the position's value is the best move's (a finished
/// position's its own search's), `unknown` where a move's share of the budget ran out (the
/// best may be among those). Time: at most the budget's nodes, plus one transposition table
/// of `limits.tt_bytes` a move.
fn searched_json(
    served: &Served,
    search: &dyn Searchable,
    limits: &SearchLimits,
    text: &str,
) -> Result<serde_json::Value, Failure> {
    let failed = |e: SearchFailure| match e {
        SearchFailure::Position(e) => bad(e.to_string()),
        other => Failure(StatusCode::INTERNAL_SERVER_ERROR, format!("the search failed: {other}")),
    };
    let position = search.canonical(text).map_err(|e| bad(e.to_string()))?;
    let mut moves = search.move_values(&position, LIVE_ENGINE, limits).map_err(failed)?;
    moves.sort_by_key(|m| answer_rank(m.answer));
    let value = match moves.first() {
        None => match search.search(&position, LIVE_ENGINE, limits) {
            Ok(found) => Some(found.answer),
            Err(SearchFailure::Search(SearchError::NodeBudget { .. })) => None,
            Err(other) => return Err(failed(other)),
        },
        Some(_) if moves.iter().any(|m| m.answer.is_none()) => None,
        Some(best) => best.answer,
    };
    let before = answer_remoteness(value);
    let scoring = search.kind() == ValueKind::Score;
    let moves: Vec<serde_json::Value> = moves
        .iter()
        .map(|m| {
            let change =
                answer_remoteness(m.answer).zip(before).map(|(after, before)| i64::from(after) - i64::from(before));
            let mut entry = json!({
                "move": m.name,
                "position": m.leads_to,
                "value": answer_json(m.answer),
                "best": value.is_some() && answer_rank(m.answer) == answer_rank(value),
                "remoteness_change": change,
            });
            if scoring {
                entry["gain"] = json!(m.gain);
                entry["again"] = json!(m.again);
            }
            entry
        })
        .collect();
    Ok(json!({
        "game": served.id,
        "position": position,
        "index": null,
        "value": answer_json(value),
        "finished": moves.is_empty(),
        "searched": true,
        "node_budget": limits.node_budget,
        "moves": moves,
    }))
}

/// How the empty sum of an impartial game is written: every part finished, nothing left.
const NOTHING: &str = "nothing";

/// The answer to `/api/position` for an impartial game, whose position may be a sum of the
/// table's positions, `a + b + c` (each in the game's notation; [`NOTHING`], the empty sum), in
/// [`position_json`]'s shape: each part read by `probe` ([`tables::probe_open`]), the sum's
/// nimber the xor of theirs (Sprague-Grundy), its moves every part's (named `part 2 (14): move` when
/// there are several), each leading to the sum with that part replaced by what the move leaves
/// and valued by the nimber of that sum; `index` is the table's where the sum has one part.
/// Time: `probe`'s on each part.
fn sum_json(
    served: &Served,
    table: &TableFile,
    game: &dyn SolvableGame,
    text: &str,
) -> Result<serde_json::Value, String> {
    let words: Vec<&str> = match text.trim() {
        NOTHING => Vec::new(),
        sum => sum.split('+').map(str::trim).collect(),
    };
    if words.iter().any(|w| w.is_empty()) {
        return Err(format!("`{text}`: a sum names a position on each side of every `+` (`{NOTHING}`: no part)"));
    }
    let reports = words.iter().map(|w| tables::probe_open(table, game, w)).collect::<Result<Vec<_>, _>>()?;
    let nimber = |value: Value| match value {
        Value::Nimber(n) => Ok(n.0),
        other => Err(format!("the table holds {} where a nimber was expected", show(other))),
    };
    let parts: Vec<&tables::Probed> = reports.iter().map(|r| r.probed()).collect();
    let nimbers = parts.iter().map(|p| nimber(p.value)).collect::<Result<Vec<_>, _>>()?;
    let total = nimbers.iter().fold(0, |xor, n| xor ^ n);
    let write = |sum: Vec<String>| if sum.is_empty() { NOTHING.to_string() } else { sum.join(" + ") };
    let mut moves = Vec::new();
    for (at, part) in parts.iter().enumerate() {
        for m in &part.moves {
            let mut after: Vec<String> = parts[..at].iter().map(|p| p.position.clone()).collect();
            after.extend(m.played.parts.iter().map(|&p| game.describe(p)));
            after.extend(parts[at + 1..].iter().map(|p| p.position.clone()));
            let option = nimber(m.value)? ^ total ^ nimbers[at];
            let name = match parts.len() {
                1 => m.played.name.clone(),
                _ => format!("part {} ({}): {}", at + 1, part.position, m.played.name),
            };
            moves.push((name, write(after), Value::Nimber(Nimber(option))));
        }
    }
    moves.sort_by_key(|&(_, _, value)| best_first(value));
    let value = Value::Nimber(Nimber(total));
    let moves: Vec<serde_json::Value> = moves
        .into_iter()
        .map(|(name, after, option)| {
            json!({
                "move": name,
                "position": after,
                "value": value_json(option),
                "best": is_best(value, option),
                "remoteness_change": null,
            })
        })
        .collect();
    let index = match parts.as_slice() {
        [one] => Some(one.index),
        _ => None,
    };
    Ok(json!({
        "game": served.id,
        "position": write(parts.iter().map(|p| p.position.clone()).collect()),
        "index": index,
        "value": value_json(value),
        "finished": moves.is_empty(),
        "searched": false,
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
fn stats_json(served: &Served, table: &TableFile, game: &dyn SolvableGame) -> Result<serde_json::Value, String> {
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

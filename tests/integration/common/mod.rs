//! Helpers shared by the workspace-level tests.

#![allow(dead_code)] // each test binary uses its own part

pub mod cli;

/// The mover's order of preference among move values as the commands write them in JSON,
/// restated from solver-core's `Outcome` docs (lower first): wins the fastest first, ties the
/// quickest first, draws, losses the slowest first; scores the largest first (a score is a
/// number, as `probe` writes it, or `{"kind": "score", "score"}`, as `serve` does).
pub fn preference(value: &serde_json::Value) -> (u8, i64) {
    if let Some(score) = value.as_i64().or_else(|| (value["kind"] == "score").then(|| value["score"].as_i64())?) {
        return (0, -score);
    }
    let r = value["remoteness"].as_i64().unwrap_or(0);
    match value["kind"].as_str().unwrap() {
        "win" => (0, r),
        "tie" => (1, r),
        "draw" => (2, 0),
        "loss" => (3, -r),
        kind => panic!("no such kind {kind}"),
    }
}

/// Asserts that `moves` (each `{"move", "value", ...}`) are listed best first for the mover,
/// by [`preference`]; `context` names the position in a failure.
pub fn assert_best_first(moves: &[serde_json::Value], context: &str) {
    for pair in moves.windows(2) {
        let (a, b) = (preference(&pair[0]["value"]), preference(&pair[1]["value"]));
        assert!(a <= b, "{context}: {} before {}", pair[0], pair[1]);
    }
}

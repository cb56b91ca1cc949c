//! `loopy-graph`: gamesolve's own problem, the values of every position of a game given as a
//! graph. A workbench for checking a retrograde solver on any graph you can write down.

use super::{JudgeError, Problem, check_engine};
use crate::input::Tokens;
use oracle::{Budget, solve_loopy};
use solver_core::graph::{Edge, GraphGame, Node};
use solver_core::play::{principal_variation, ranked_moves};
use solver_core::{LoopySpace, Outcome, RetrogradeEngine, StateId, StateSpace, Terminal};
use std::fmt::Write;

/// The largest graph the problem accepts.
const MAX_NODES: u32 = 10_000_000;
const MAX_EDGES: u32 = 50_000_000;

/// `loopy-graph`: the value of every node of a directed graph game.
///
/// Input: `n m` (1 <= n <= 10^7, 0 <= m <= 5 * 10^7); then n marks, one per node: `-` for a
/// position in play, or `W`, `L`, `T` for a finished game won, lost or tied by the player to
/// move; then m moves `u v` (0 <= u, v < n). Parallel moves and self-loops are allowed; the moves
/// of a finished node are ignored; a node in play without moves is lost for the player to move.
///
/// Output: n lines, the value of node 0, 1, ... for the player to move: `win in R`, `loss in R`,
/// `tie in R` (R plies of optimal play to the end: the winner hurries, the loser delays, a tie
/// is preferred to endless play and a quick tie to a slow one) or `draw` (endless play).
pub struct LoopyGraph;

impl Problem for LoopyGraph {
    fn id(&self) -> &'static str {
        "loopy-graph"
    }

    fn title(&self) -> &'static str {
        "win/loss/tie/draw with remoteness on every node of a graph game (gamesolve's own)"
    }

    fn engines(&self) -> &'static [&'static str] {
        &["reverse-graph", "unmoves", "layered", "oracle"]
    }

    fn judge(&self, input: &str, engine: &str) -> Result<String, JudgeError> {
        check_engine(self, engine)?;
        let game = parse(input)?;
        let values: Vec<Outcome> = match RetrogradeEngine::from_name(engine) {
            Some(engine) => {
                let table = engine.solve(&game).map_err(|e| JudgeError::TooLarge(e.to_string()))?;
                table.iter().collect()
            }
            None => {
                let values =
                    solve_loopy(&game, StateId::all(game.len()).map(|id| game.unrank(id)), Budget::new(game.len()))?;
                StateId::all(game.len()).map(|id| values[&game.unrank(id)]).collect()
            }
        };
        let mut out = String::with_capacity(values.len() * 10);
        for v in values {
            writeln!(out, "{v}").expect("writing to a String cannot fail");
        }
        Ok(out)
    }

    fn explain(&self, input: &str) -> Result<String, JudgeError> {
        self.explain_all(input)
    }
}

impl LoopyGraph {
    fn explain_all(&self, input: &str) -> Result<String, JudgeError> {
        let game = parse(input)?;
        let table = RetrogradeEngine::ReverseGraph.solve(&game).map_err(|e| JudgeError::TooLarge(e.to_string()))?;
        let mut out = String::new();
        for id in StateId::all(game.len()) {
            let value = table.get(id);
            writeln!(out, "node {}: {value}", id.index()).expect("writing to a String cannot fail");
            let moves = ranked_moves(&game, &table, id);
            if game.terminal_at(id).is_some() {
                out += "  the game is over here\n";
            } else if moves.is_empty() {
                out += "  no moves: the player to move has lost\n";
            } else {
                let listed: Vec<String> =
                    moves.iter().map(|(c, v)| format!("{} ({})", c.index(), v.backed_up())).collect();
                writeln!(out, "  moves, best first: {}", listed.join(", ")).expect("infallible");
                let line = principal_variation(&game, &table, id, EXPLAIN_PLIES);
                let nodes: Vec<String> = line.iter().map(|n| n.index().to_string()).collect();
                let more = if value == Outcome::Draw { " ..." } else { "" };
                writeln!(out, "  optimal play: {}{more}", nodes.join(" -> ")).expect("infallible");
            }
        }
        Ok(out)
    }
}

/// How many plies of an endless line `explain` shows.
const EXPLAIN_PLIES: usize = 8;

fn parse(input: &str) -> Result<GraphGame, JudgeError> {
    let mut tokens = Tokens::new(input);
    let n = tokens.number("the number of nodes n", 1..=MAX_NODES)?;
    let m = tokens.number("the number of moves m", 0..=MAX_EDGES)?;
    // Capacity from the input size, not the declared counts, so a bogus header cannot allocate gigabytes.
    let mut nodes = Vec::with_capacity((n as usize).min(input.len()));
    for i in 0..n {
        let token = tokens.token(format_args!("the mark of node {i} (-, W, L or T)"))?;
        let terminal = match token.text {
            "-" => None,
            "W" => Some(Terminal::Win),
            "L" => Some(Terminal::Loss),
            "T" => Some(Terminal::Tie),
            other => {
                return Err(token
                    .error(format_args!("expected the mark of node {i} (-, W, L or T), found `{other}`"))
                    .into());
            }
        };
        nodes.push(Node { terminal });
    }
    let mut edges = Vec::with_capacity((m as usize).min(input.len() / 4));
    for k in 1..=m {
        let from = tokens.number(format_args!("the source of move {k}"), 0..=n - 1)?;
        let to = tokens.number(format_args!("the target of move {k}"), 0..=n - 1)?;
        edges.push((from, to, Edge::default()));
    }
    tokens.expect_end("the last move")?;
    Ok(GraphGame::from_parts(nodes, edges).expect("endpoints were checked against n"))
}

//! `loopy-graph`: gamesolve's own problem, the values of every position of a game given as a
//! graph. A workbench for checking a retrograde solver on any graph you can write down.

use oracle::{Budget, solve_loopy};
use solver_core::graph::{Edge, GraphGame, Node, SplitMix64};
use solver_core::play::{principal_variation, ranked_moves};
use solver_core::{LoopySpace, Outcome, RetrogradeEngine, StateId, StateSpace, Terminal};
use std::fmt::Write;
use testkit::input::Tokens;
use testkit::judge::{Explanation, JudgeError, MoveValue, Problem};
use testkit::resources::{ExplainBudget, Work, work_budget};

/// The largest graph the problem accepts.
const MAX_NODES: u32 = 10_000_000;
const MAX_EDGES: u32 = 50_000_000;

/// `loopy-graph`: the value of every node of a directed graph game. The contract is
/// `problems/loopy-graph.md` (`gamesolve show loopy-graph`).
pub struct LoopyGraph;

testkit::engines! {
    /// The engines of `loopy-graph`: solver-core's three retrograde engines and the oracle.
    pub enum LoopyGraphEngine {
        /// [`solver_core::solve_with_reverse_graph`].
        ReverseGraph = "reverse-graph",
        /// [`solver_core::solve_with_unmoves`], on the graph's incoming edges.
        Unmoves = "unmoves",
        /// [`solver_core::solve_by_layers`].
        Layered = "layered",
        /// `oracle::solve_loopy` on the plain graph.
        Oracle = "oracle",
    }
}

/// Declines what would take the layered engine past the input's work budget, before it starts.
/// [`solver_core::solve_by_layers`] makes one pass over every node and its moves to classify
/// them, then a pass per remoteness `1..=L + 1` for wins and losses and `1..=T + 1` for ties,
/// each scanning every node and the moves of those unresolved: at most `(L + T + 3)(N + E)`
/// steps, charged as a dense engine's (an upper bound; a path of `N` nodes costs about `2 N^2`). `L` and `T` are known only
/// from the values, so the reverse-graph engine (linear time) finds them first; its table is
/// dropped before the layered engine starts, and only the layered engine's values are printed.
fn layered_work(game: &GraphGame) -> Result<(), JudgeError> {
    let values = RetrogradeEngine::ReverseGraph.solve(game).map_err(|e| JudgeError::TooLarge(e.to_string()))?;
    let (mut wins_losses, mut ties) = (0u64, 0u64);
    for value in values.iter() {
        match value {
            Outcome::Win(r) | Outcome::Loss(r) => wins_losses = wins_losses.max(r.into()),
            Outcome::Tie(r) => ties = ties.max(r.into()),
            Outcome::Draw => {}
        }
    }
    drop(values);
    let per_pass = (game.len() as u64).saturating_add(game.graph().edge_count() as u64);
    Work::for_input("the layered engine").spend_dense(per_pass.saturating_mul(wins_losses + ties + 3))?;
    Ok(())
}

impl Problem for LoopyGraph {
    type Engine = LoopyGraphEngine;

    fn id(&self) -> &'static str {
        "loopy-graph"
    }

    fn title(&self) -> &'static str {
        "win/loss/tie/draw with remoteness on every node of a graph game (gamesolve's own)"
    }

    fn contract(&self) -> &'static str {
        include_str!("../problems/loopy-graph.md")
    }

    fn judge(&self, input: &str, engine: LoopyGraphEngine) -> Result<String, JudgeError> {
        let game = parse(input)?;
        let engine = match engine {
            LoopyGraphEngine::ReverseGraph => RetrogradeEngine::ReverseGraph,
            LoopyGraphEngine::Unmoves => RetrogradeEngine::Unmoves,
            LoopyGraphEngine::Layered => {
                layered_work(&game)?;
                RetrogradeEngine::Layered
            }
            LoopyGraphEngine::Oracle => {
                let starts = StateId::all(game.len()).map(|id| game.unrank(id));
                let values = solve_loopy(&game.rules(), starts, Budget::new(game.len()).with_work(work_budget()))?;
                return Ok(render_values(StateId::all(game.len()).map(|id| values[&game.unrank(id)])));
            }
        };
        let table = engine.solve(&game).map_err(|e| JudgeError::TooLarge(e.to_string()))?;
        Ok(render_values(table.iter()))
    }

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let game = parse(input)?;
        let table = RetrogradeEngine::ReverseGraph.solve(&game).map_err(|e| JudgeError::TooLarge(e.to_string()))?;
        let mut budget = ExplainBudget::new(game.len());
        let mut explanations = Vec::new();
        for id in StateId::all(game.len()) {
            let value = table.get(id).to_string();
            let title = format!("node {}", id.index());
            let mut explanation = Explanation { title, verdict: value.clone(), value, ..Default::default() };
            let moves = ranked_moves(&game, &table, id);
            if game.terminal_at(id).is_some() {
                explanation.notes.push("The game is over here.".into());
            } else if moves.is_empty() {
                explanation.notes.push("No moves: the player to move has lost.".into());
            } else {
                explanation.moves = moves
                    .iter()
                    .map(|(child, v)| MoveValue { play: child.index().to_string(), value: v.backed_up().to_string() })
                    .collect();
                let line = principal_variation(&game, &table, id, EXPLAIN_PLIES);
                explanation.line = line
                    .windows(2)
                    .map(|w| MoveValue {
                        play: format!("{} -> {}", w[0].index(), w[1].index()),
                        value: format!("then {} for the player to move", table.get(w[1])),
                    })
                    .collect();
                if table.get(id) == Outcome::Draw {
                    explanation.notes.push(format!("Endless play: only the first {EXPLAIN_PLIES} plies are shown."));
                }
            }
            budget.charge(&explanation)?;
            explanations.push(explanation);
        }
        Ok(explanations)
    }

    /// One case; the number is its nodes (the judge takes up to 10^7: a million keep a generated graph near 40 MB).
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        1..=1_000_000
    }

    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed);
        let n = cases;
        let m = rng.below(3 * n as u64 + 1) as usize;
        let marks: Vec<Option<Terminal>> = (0..n)
            .map(|_| match rng.below(10) {
                0 => Some(Terminal::Win),
                1 => Some(Terminal::Loss),
                2 => Some(Terminal::Tie),
                _ => None,
            })
            .collect();
        // Self-loops, parallel moves and dead ends come up by chance on small graphs.
        let edges: Vec<(usize, usize)> =
            (0..m).map(|_| (rng.below(n as u64) as usize, rng.below(n as u64) as usize)).collect();
        Ok(render(&marks, &edges))
    }

    /// In order: each half of the nodes (with the moves between them), each half of the
    /// moves, the graph without each node, without each move, and with each terminal mark
    /// cleared; each variant built when asked for. The halves first, so a large graph shrinks
    /// in about log2(n) steps before single nodes go.
    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        let Ok(game) = parse(input) else { return Box::new(std::iter::empty()) };
        let g = game.graph();
        let marks: Vec<Option<Terminal>> = g.node_weights().map(|n| n.terminal).collect();
        let edges: Vec<(usize, usize)> =
            g.raw_edges().iter().map(|e| (e.source().index(), e.target().index())).collect();
        drop(game);
        let node_halves = if marks.len() > 1 { 2 } else { 0 };
        let halves = if edges.len() > 1 { 2 } else { 0 };
        let nodes = if marks.len() > 1 { marks.len() } else { 0 };
        let total = node_halves + halves + nodes + edges.len() + marks.len();
        Box::new((0..total).filter_map(move |j| {
            if j < node_halves {
                let half = marks.len() / 2;
                let kept = if j == 0 { 0..half } else { half..marks.len() };
                let inside: Vec<_> = edges
                    .iter()
                    .filter(|&&(a, b)| kept.contains(&a) && kept.contains(&b))
                    .map(|&(a, b)| (a - kept.start, b - kept.start))
                    .collect();
                return Some(render(&marks[kept], &inside));
            }
            let j = j - node_halves;
            if j < halves {
                let half = edges.len() / 2;
                return Some(render(&marks, if j == 0 { &edges[..half] } else { &edges[half..] }));
            }
            let j = j - halves;
            if j < nodes {
                let gone = j;
                let kept_marks: Vec<_> =
                    marks.iter().enumerate().filter(|&(i, _)| i != gone).map(|(_, m)| *m).collect();
                let renumber = |i: usize| if i > gone { i - 1 } else { i };
                let kept_edges: Vec<_> = edges
                    .iter()
                    .filter(|&&(a, b)| a != gone && b != gone)
                    .map(|&(a, b)| (renumber(a), renumber(b)))
                    .collect();
                return Some(render(&kept_marks, &kept_edges));
            }
            let j = j - nodes;
            if j < edges.len() {
                let gone = j;
                let kept: Vec<_> = edges.iter().enumerate().filter(|&(j, _)| j != gone).map(|(_, e)| *e).collect();
                return Some(render(&marks, &kept));
            }
            let i = j - edges.len();
            marks[i]?;
            let mut plain = marks.clone();
            plain[i] = None;
            Some(render(&plain, &edges))
        }))
    }

    fn is_answer_line(&self, line: &str) -> bool {
        let remoteness = |rest: &str| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit());
        line == "draw"
            || ["win in ", "loss in ", "tie in "].iter().any(|p| line.strip_prefix(p).is_some_and(remoteness))
    }
}

/// The judge's output: one value a line.
fn render_values(values: impl ExactSizeIterator<Item = Outcome>) -> String {
    let mut out = String::with_capacity(values.len() * 10);
    for v in values {
        writeln!(out, "{v}").expect("writing to a String cannot fail");
    }
    out
}

/// How many plies of an endless line `explain` shows.
const EXPLAIN_PLIES: usize = 8;

/// A graph in the input format.
fn render(marks: &[Option<Terminal>], edges: &[(usize, usize)]) -> String {
    let mark = |m: &Option<Terminal>| match m {
        None => "-",
        Some(Terminal::Win) => "W",
        Some(Terminal::Loss) => "L",
        Some(Terminal::Tie) => "T",
    };
    let marks: Vec<&str> = marks.iter().map(mark).collect();
    let mut out = format!("{} {}\n{}\n", marks.len(), edges.len(), marks.join(" "));
    for (a, b) in edges {
        writeln!(out, "{a} {b}").expect("writing to a String cannot fail");
    }
    out
}

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

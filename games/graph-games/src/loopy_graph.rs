//! `loopy-graph`: gamesolve's own problem, the values of every position of a game given as a
//! graph. A workbench for checking a retrograde solver on any graph you can write down.

use judge::ExplainBudget;
use judge::hard_pools::share;
use judge::input::Tokens;
use judge::resources::{OracleWork, Work, work_budget};
use judge::{Explanation, JudgeError, MoveValue, Problem};
use oracle::{Budget, solve_loopy};
use solver_core::graph::{Edge, GraphGame, Node, SplitMix64};
use solver_core::play::{principal_variation, ranked_moves};
use solver_core::{LoopySpace, Outcome, RetrogradeEngine, StateId, StateSpace, Terminal};
use std::fmt::Write;

/// The largest graph the problem accepts.
const MAX_NODES: u32 = 10_000_000;
const MAX_EDGES: u32 = 50_000_000;

/// `loopy-graph`: the value of every node of a directed graph game. The contract is
/// `problems/loopy-graph.md` (`gamesolve show loopy-graph`).
pub struct LoopyGraph;

judge::engines! {
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
                let oracle = OracleWork::new(work_budget());
                let budget = Budget::new(game.len()).with_work(oracle.units);
                let values = solve_loopy(&game.rules(), starts, budget).map_err(|e| oracle.error(e))?;
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

    /// A graph of `cases` nodes built from gadgets whose values are known by construction
    /// (`HardGraph`), its nodes renumbered and its moves shuffled at random. A quarter of the
    /// nodes (from 8 nodes on) form one long path, not to a tie: wins and losses of remoteness
    /// up to about `n / 4`, past any capped iteration and any recursion's stack. The rest is
    /// gadgets drawn by share:
    /// - 20% short paths (to a dead end, a `W`, an `L` or a `T`) whose extra moves the winner
    ///   must not take (a slower win, a loss) and the loser must not take (a quicker loss);
    /// - 20% cycles with losing exits (draws; a node with one cycle move and an exit keeps the
    ///   draw by a single move);
    /// - 10% cycles with one winning exit (wins and losses all around the cycle, that removing
    ///   one move turns into draws);
    /// - 15% paths to a tie with a self-loop, a slower tie and a losing move beside them (a tie
    ///   beats endless play, a quick tie a slow one);
    /// - 15% fans: a win with a single winning move among up to six, under a draw whose every
    ///   move but one loses;
    /// - 10% the odd nodes (a finished node with moves, which are ignored, a dead end, parallel
    ///   moves, a finished node with a self-loop);
    /// - 10% a patch of the uniform generator's random graph.
    ///
    /// A single node is a dead end, a self-loop, or finished.
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed ^ 0x6861_7264); // "hard": not the uniform generator's stream
        let mut graph = HardGraph::default();
        if cases == 1 {
            match rng.below(5) {
                0 => graph.node(None),
                1 => {
                    let a = graph.node(None);
                    graph.edge(a, a);
                    a
                }
                k => graph.node(Some([Terminal::Win, Terminal::Loss, Terminal::Tie][k as usize - 2])),
            };
        } else if cases >= 8 {
            graph.path(&mut rng, cases / 4, false);
        }
        while graph.marks.len() < cases {
            let room = cases - graph.marks.len();
            graph.gadget(&mut rng, room);
        }
        Ok(graph.render(&mut rng))
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

/// A graph of the hard generator under construction: gadgets of known values side by side.
/// Each gadget is built only when it fits the room left, so the graph has exactly the nodes
/// asked for.
#[derive(Default)]
struct HardGraph {
    marks: Vec<Option<Terminal>>,
    edges: Vec<(usize, usize)>,
}

impl HardGraph {
    fn node(&mut self, mark: Option<Terminal>) -> usize {
        self.marks.push(mark);
        self.marks.len() - 1
    }

    /// `count` nodes in play, numbered from the first returned.
    fn nodes(&mut self, count: usize) -> usize {
        self.marks.extend(std::iter::repeat_n(None, count));
        self.marks.len() - count
    }

    fn edge(&mut self, from: usize, to: usize) {
        self.edges.push((from, to));
    }

    /// A path of `len >= 1` nodes `p0 -> p1 -> ...`, ending in a dead end, an `L`, a `W` or
    /// (when `tie` allows) a `T`; returns its first node. Node `i` is then won, lost or tied in
    /// `len - 1 - i` plies. Half the nodes get a move that leaves every value as it is: from a
    /// won node back to a lost node earlier on the path (a slower win: the winner hurries) or
    /// ahead to a won node (a losing move, so the path's move stays the single winning one),
    /// from a lost node to a won node two or more steps ahead (a quicker loss: the loser
    /// delays), from a tied node back to an earlier tied one (a slower tie). The moves back
    /// make cycles, which a search that calls a revisited node a draw gets wrong.
    fn path(&mut self, rng: &mut SplitMix64, len: usize, tie: bool) -> usize {
        let ends = [None, Some(Terminal::Loss), Some(Terminal::Win), Some(Terminal::Tie)];
        let end = ends[rng.below(if tie { 4 } else { 3 }) as usize];
        let first = self.nodes(len);
        self.marks[first + len - 1] = end;
        for i in 1..len {
            self.edge(first + i - 1, first + i);
        }
        // Whether node i is lost (for a path to a win the parity flips).
        let lost = |i: usize| (len - 1 - i).is_multiple_of(2) == (end != Some(Terminal::Win));
        // A node 2, 4, ... steps ahead of i has its kind; 1, 3, ... steps, the other kind.
        let ahead = |rng: &mut SplitMix64, i: usize, from: usize| {
            (i + from < len).then(|| i + from + 2 * rng.below(((len - 1 - (i + from)) / 2 + 1) as u64) as usize)
        };
        for i in 0..len.saturating_sub(1) {
            let extra = match rng.below(4) {
                _ if end == Some(Terminal::Tie) => (i > 0).then(|| rng.below(i as u64) as usize),
                // Back to a lost node: i - 1, i - 3, ...
                0 if !lost(i) => (i >= 1).then(|| i - 1 - 2 * rng.below(i.div_ceil(2) as u64) as usize),
                // Ahead to a won node: i + 2, i + 4, ...
                1 if !lost(i) => ahead(rng, i, 2),
                // Ahead to a won node: i + 3, i + 5, ...
                0 | 1 => ahead(rng, i, 3),
                _ => None,
            };
            if let Some(j) = extra {
                self.edge(first + i, first + j);
            }
        }
        first
    }

    /// One gadget of at most `room` nodes, by the shares of [`Problem::generate_hard`].
    fn gadget(&mut self, rng: &mut SplitMix64, room: usize) {
        let size = |rng: &mut SplitMix64, low: usize, high: usize| low + rng.below((high - low + 1) as u64) as usize;
        match share(&[20, 20, 10, 15, 15, 10, 10], rng) {
            0 => {
                let len = size(rng, 2, 64).min(room);
                self.path(rng, len, true);
            }
            1 if room >= 2 => {
                // Cycle nodes, then one W: a move there loses (the opponent has won).
                let len = size(rng, 1, 6).min(room - 1);
                let first = self.nodes(len);
                let won = self.node(Some(Terminal::Win));
                for i in 0..len {
                    self.edge(first + i, first + (i + 1) % len);
                    (0..rng.below(3)).for_each(|_| self.edge(first + i, won));
                }
            }
            2 if room >= 3 => {
                // Node 0 of the cycle moves to an L and wins at once; around the cycle the values
                // alternate from it.
                let len = size(rng, 2, 6).min(room - 1);
                let first = self.nodes(len);
                let lost = self.node(Some(Terminal::Loss));
                (0..len).for_each(|i| self.edge(first + i, first + (i + 1) % len));
                self.edge(first, lost);
            }
            3 if room >= 3 => {
                // A path to a T, where each node may also loop on itself (endless play, worse
                // than a tie), move to a W (a loss) or back to a slower tie.
                let len = size(rng, 2, 12).min(room - 1);
                let first = self.nodes(len);
                let tied = self.node(Some(Terminal::Tie));
                let won = (room >= len + 2).then(|| self.node(Some(Terminal::Win)));
                for i in 0..len {
                    self.edge(first + i, if i + 1 < len { first + i + 1 } else { tied });
                    match rng.below(4) {
                        0 => self.edge(first + i, first + i),
                        1 if i > 0 => self.edge(first + i, first + rng.below(i as u64) as usize),
                        2 => self.edge(first + i, won.unwrap_or(first + i)),
                        _ => {}
                    }
                }
            }
            4 if room >= 5 => {
                // The fan: `top` loops on itself or moves to `fan`, which wins by one move only
                // (to an L, a dead end, or a node whose only move reaches a W); its other moves
                // reach a W or a node that moves to an L (a win for the opponent). So `top` is
                // a draw whose every move but one loses.
                let (width, start) = (size(rng, 2, 6), self.marks.len());
                let top = self.node(None);
                let fan = self.node(None);
                self.edge(top, top);
                self.edge(top, fan);
                let (won, lost) = (self.node(Some(Terminal::Win)), self.node(Some(Terminal::Loss)));
                let winning = match rng.below(3) {
                    0 => lost,
                    1 => self.node(None),
                    _ => {
                        let delay = self.node(None);
                        self.edge(delay, won);
                        delay
                    }
                };
                self.edge(fan, winning);
                for _ in 1..width {
                    if self.marks.len() - start < room && rng.below(2) == 0 {
                        let winner = self.node(None);
                        self.edge(winner, lost);
                        self.edge(fan, winner);
                    } else {
                        self.edge(fan, won);
                    }
                }
            }
            5 => match rng.below(4) {
                0 => {
                    // Finished, with moves that do not count.
                    let mark = [Terminal::Win, Terminal::Loss, Terminal::Tie][rng.below(3) as usize];
                    let a = self.node(Some(mark));
                    self.edge(a, a);
                    if room >= 2 {
                        let b = self.node(None);
                        self.edge(a, b);
                    }
                }
                1 if room >= 2 => {
                    // Parallel moves to a dead end: a win in 1 counted once.
                    let (a, b) = (self.node(None), self.node(None));
                    (0..size(rng, 2, 4)).for_each(|_| self.edge(a, b));
                }
                _ => _ = self.node(None),
            },
            6 if room >= 4 => {
                // A patch of the uniform generator's graph, moves kept inside it.
                let len = size(rng, 4, 16).min(room);
                let first = self.marks.len();
                for _ in 0..len {
                    let mark = match rng.below(10) {
                        0 => Some(Terminal::Win),
                        1 => Some(Terminal::Loss),
                        2 => Some(Terminal::Tie),
                        _ => None,
                    };
                    self.node(mark);
                }
                for _ in 0..rng.below(3 * len as u64 + 1) {
                    let (a, b) = (rng.below(len as u64) as usize, rng.below(len as u64) as usize);
                    self.edge(first + a, first + b);
                }
            }
            // A gadget that does not fit: a dead end.
            _ => _ = self.node(None),
        }
    }

    /// The graph in the input format, its nodes renumbered and its moves shuffled.
    fn render(mut self, rng: &mut SplitMix64) -> String {
        let n = self.marks.len();
        let mut number: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            number.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut marks = vec![None; n];
        for (i, &mark) in self.marks.iter().enumerate() {
            marks[number[i]] = mark;
        }
        for edge in &mut self.edges {
            *edge = (number[edge.0], number[edge.1]);
        }
        for i in (1..self.edges.len()).rev() {
            self.edges.swap(i, rng.below(i as u64 + 1) as usize);
        }
        render(&marks, &self.edges)
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

//! `hdu1524`: HDU 1524 / POJ 2425 "A Chess Game". Chessmen on a directed acyclic graph; a move
//! slides one along an edge. The position is the sum over the chessmen of one-token games.

use crate::plain::PlainTokens;
use crate::{Dag, DagError};
use judge::ExplainBudget;
use judge::input::{InputError, Token, Tokens};
use judge::resources::{OracleWork, Work};
use judge::sums::{Part, explain_sum};
use judge::{Explanation, JudgeError, Problem, without_runs};
use oracle::{Budget, solve_loopy_counting};
use solver_core::graph::SplitMix64;
use solver_core::{Nimber, Outcome};
use std::fmt;

const MAX_POSITIONS: u32 = 1000;
const MAX_CHESSMEN: u32 = 10;
/// A position lists at most this many out-neighbours: a repeated one is the same move again,
/// which the contract does not forbid.
const MAX_OUT_DEGREE: u32 = MAX_POSITIONS;

/// The oracle searches at most this many token multisets per graph, and all the graphs of an
/// input together within the input's work budget ([`Work`]: a multiset visited or a move of
/// one chessman each, so a repeated edge costs a unit per chessman on its position each time).
const ORACLE: Budget = Budget { max_states: 50_000, max_depth: 2_000, max_work: u64::MAX };

/// `hdu1524`: the contract is `problems/hdu1524.md` (`gamesolve show hdu1524`).
///
/// The input is read line by line as the contract lays it out: a position's out-neighbours are
/// on its line and a query's chessmen on the query's line, so a count that does not match its
/// line is reported where it is, rather than read on into the next line.
pub struct Hdu1524;

judge::engines! {
    /// The engines of `hdu1524`.
    pub enum Hdu1524Engine {
        /// solver-core's Grundy engine on the graph ([`Dag::grundy_values`]), once per test
        /// case, then the xor over each query's chessmen ([`Dag::token_sum`]).
        Grundy = "grundy",
        /// `oracle::solve_loopy` on [`PlainTokens`]: every chessman at once, no Grundy theory.
        Oracle = "oracle",
    }
}

/// A test case: the graph (checked acyclic), its edges, and its queries.
struct Case {
    dag: Dag,
    out: Vec<Vec<u32>>,
    /// Every query's chessmen, query after query.
    chessmen: Vec<u32>,
    /// `ends[q]`: where query `q`'s chessmen end in `chessmen`.
    ends: Vec<usize>,
}

impl Case {
    fn queries(&self) -> impl Iterator<Item = &[u32]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(|(start, &end)| &self.chessmen[start..end])
    }
}

impl Problem for Hdu1524 {
    type Engine = Hdu1524Engine;

    fn id(&self) -> &'static str {
        "hdu1524"
    }

    fn title(&self) -> &'static str {
        "HDU 1524 A Chess Game: chessmen on a DAG, the sum over the tokens"
    }

    fn contract(&self) -> &'static str {
        include_str!("../problems/hdu1524.md")
    }

    fn judge(&self, input: &str, engine: Hdu1524Engine) -> Result<String, JudgeError> {
        let cases = parse(input)?;
        let mut out = String::new();
        let mut work = Work::for_input("the oracle");
        for case in &cases {
            let wins: Vec<bool> = match engine {
                Hdu1524Engine::Grundy => {
                    let values = case.dag.grundy_values();
                    case.queries().map(|q| Dag::token_sum(&values, q).is_win()).collect()
                }
                Hdu1524Engine::Oracle => {
                    let rules = PlainTokens { out: case.out.clone() };
                    let starts = case.queries().map(|q| PlainTokens::state(q.iter().copied()));
                    // The states and moves it stores count against the memory too.
                    let oracle = OracleWork::new(work.left());
                    let (values, spent) = solve_loopy_counting(&rules, starts, ORACLE.with_work(oracle.units))
                        .map_err(|e| oracle.error(e))?;
                    work.spend(spent)?;
                    case.queries()
                        .map(|q| matches!(values[&PlainTokens::state(q.iter().copied())], Outcome::Win(_)))
                        .collect()
                }
            };
            for win in wins {
                out += if win { "WIN\n" } else { "LOSE\n" };
            }
        }
        Ok(out)
    }

    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let cases = parse(input)?;
        let mut budget = ExplainBudget::new(cases.iter().map(|case| case.queries().count()).sum());
        let mut explanations = Vec::new();
        for (g, case) in cases.iter().enumerate() {
            let values = case.dag.grundy_values();
            for (q, chessmen) in case.queries().enumerate() {
                let parts: Vec<Part> = chessmen
                    .iter()
                    .map(|&v| Part { name: format!("the chessman on {v}"), value: values[v as usize] })
                    .collect();
                let wins = Dag::token_sum(&values, chessmen).is_win();
                let graph: Vec<String> = case
                    .out
                    .iter()
                    .enumerate()
                    .map(|(v, next)| match next.is_empty() {
                        true => format!("{v} [{}] (no moves)", values[v]),
                        false => format!("{v} [{}] -> {}", values[v], join(next)),
                    })
                    .collect();
                let picture = format!(
                    "chessmen on {}\npositions [value] -> out-neighbours:\n{}",
                    join(chessmen),
                    graph.join("\n")
                );
                let moves_to = |i: usize, wanted: Nimber| -> Vec<String> {
                    let from = chessmen[i];
                    let mut targets = case.dag.moves_to(&values, from, wanted);
                    // Edges given one after another to the same target are one move.
                    targets.dedup();
                    targets.into_iter().map(|w| format!("the chessman on {from} to {w}")).collect()
                };
                let title = format!("test case {}, query {}", g + 1, q + 1);
                let verdict = if wins { "WIN" } else { "LOSE" }.to_string();
                let explanation = explain_sum(title, picture, verdict, &parts, moves_to);
                budget.charge(&explanation)?;
                explanations.push(explanation);
            }
        }
        Ok(explanations)
    }

    /// Up to 1,000 graphs (each up to 1,000 positions; an input may hold none).
    fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
        0..=1_000
    }

    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed);
        let mut out = String::new();
        for _ in 0..cases {
            let n = if rng.below(10) == 0 { 1 + rng.below(30) } else { 1 + rng.below(8) } as usize;
            // Edges go up a random ordering of the positions, so the graph is acyclic but its
            // numbering is not topological; some positions stay isolated.
            let mut order: Vec<u32> = (0..n as u32).collect();
            for i in (1..n).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let mut graph = vec![Vec::new(); n];
            for i in 0..n {
                for j in i + 1..n {
                    if rng.below(10) < 3 {
                        graph[order[i] as usize].push(order[j]);
                    }
                }
            }
            let queries: Vec<Vec<u32>> = (0..1 + rng.below(3))
                .map(|_| {
                    let m = if rng.below(10) == 0 { MAX_CHESSMEN as u64 } else { 1 + rng.below(4) };
                    (0..m).map(|_| rng.below(n as u64) as u32).collect()
                })
                .collect();
            out += &render(&graph, &queries);
        }
        Ok(out)
    }

    /// Hard test cases, each graph of one kind drawn by the seed (its own random stream) and
    /// solved by the default engine: 30% large Grundy values (a core of up to 45 positions,
    /// each with an edge to every one before it, so position `i` of the core is worth `i`, and
    /// a few positions pointing into it), 20% deep chains (a path of up to 200 positions, one
    /// in ten up to 1000, with shortcuts over one or two), 20% the largest Grundy value of four
    /// random graphs of the uniform kind, 10% the limits (one position; 1000 positions without
    /// an edge; a position with 1000 edges; an edge repeated 1000 times), 20% a graph of the
    /// uniform generator. Positions are renumbered at random and edge lists shuffled. Each
    /// graph has one to four queries, each of one kind: 40% losses (the chessmen's values xor
    /// to 0), 20% wins with a single winning move (one chessman, one target), 10% ten
    /// chessmen, 10% one chessman on the position of the largest value, 20% one to four
    /// chessmen anywhere. Half the inputs end with a line `0`, half without.
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let mut rng = SplitMix64(seed ^ 0x6861_7264); // "hard": not the uniform generator's stream
        let mut out = String::new();
        for _ in 0..cases {
            let graph = match rng.below(10) {
                0..=2 => {
                    let graph = large_values_graph(&mut rng);
                    renumbered(&mut rng, graph)
                }
                3..=4 => {
                    let graph = chain_graph(&mut rng);
                    renumbered(&mut rng, graph)
                }
                5..=6 => {
                    let candidates: Vec<Vec<Vec<u32>>> = (0..4).map(|_| uniform_graph(&mut rng)).collect();
                    let largest = |g: &Vec<Vec<u32>>| solve(g).into_iter().max().unwrap_or(0);
                    candidates.into_iter().max_by_key(largest).expect("four candidates")
                }
                7 => match rng.below(10) {
                    0..=4 => vec![Vec::new()],
                    5..=6 => vec![Vec::new(); MAX_POSITIONS as usize],
                    7..=8 => {
                        // One position with the most edges, to positions (some repeated) that are sinks.
                        let n = 2 + rng.below(MAX_POSITIONS as u64 - 1) as u32;
                        let mut graph = vec![Vec::new(); n as usize];
                        graph[0] = (0..MAX_OUT_DEGREE).map(|_| 1 + rng.below(n as u64 - 1) as u32).collect();
                        renumbered(&mut rng, graph)
                    }
                    _ => vec![vec![1; MAX_OUT_DEGREE as usize], Vec::new()],
                },
                _ => {
                    let uniform = self.generate(rng.next_u64(), 1)?;
                    parse(&uniform)?.swap_remove(0).out
                }
            };
            let values = solve(&graph);
            let queries: Vec<Vec<u32>> = (0..1 + rng.below(4)).map(|_| hard_query(&mut rng, &graph, &values)).collect();
            out += &render(&graph, &queries);
        }
        // Half the inputs end with the `0` the contract allows, half at the end of the input.
        if rng.below(2) == 0 {
            out += "0\n";
        }
        Ok(out)
    }

    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        let cases = parse(input)?;
        Ok(cases.iter().flat_map(|case| case.queries().map(|q| render(&case.out, &[q.to_vec()]))).collect())
    }

    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        Ok(judge::input::CaseList::UntilEnd.join(inputs)?)
    }

    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        let Ok(mut cases) = parse(input) else { return Box::new(std::iter::empty()) };
        if cases.is_empty() {
            return Box::new(std::iter::empty());
        }
        let case = cases.swap_remove(0);
        let Some(query) = case.queries().next().map(<[u32]>::to_vec) else { return Box::new(std::iter::empty()) };
        let Case { out: graph, .. } = case;
        // First runs of chessmen left out, halves first (`without_runs`); then variant `j`:
        // without the last position, then without edge `j` in the order of the lists (`ends[v]`:
        // where position `v`'s edges end).
        let fewer_graph = graph.clone();
        let fewer = without_runs(query.clone()).map(move |kept| render(&fewer_graph, &[kept]));
        let last = graph.len() as u32 - 1;
        let without_last = usize::from(last > 0 && !query.contains(&last));
        let ends: Vec<usize> = graph
            .iter()
            .scan(0, |end, next| {
                *end += next.len();
                Some(*end)
            })
            .collect();
        let edges = ends.last().copied().unwrap_or(0);
        Box::new(fewer.chain((0..without_last + edges).map(move |j| {
            let query = std::slice::from_ref(&query);
            if j < without_last {
                // The last position, when no chessman stands on it, with its edges.
                let smaller: Vec<Vec<u32>> = graph[..last as usize]
                    .iter()
                    .map(|next| next.iter().copied().filter(|&w| w != last).collect())
                    .collect();
                return render(&smaller, query);
            }
            let j = j - without_last;
            let v = ends.partition_point(|&end| end <= j);
            let mut smaller = graph.clone();
            smaller[v].remove(j - (ends[v] - graph[v].len()));
            render(&smaller, query)
        })))
    }

    fn is_answer_line(&self, line: &str) -> bool {
        matches!(line, "WIN" | "LOSE")
    }
}

/// The Grundy value of every position of `graph` (acyclic), by the default engine.
fn solve(graph: &[Vec<u32>]) -> Vec<u32> {
    let edges = graph.iter().enumerate().flat_map(|(v, next)| next.iter().map(move |&w| (v as u32, w)));
    let dag = Dag::new(graph.len(), edges).expect("the hard graphs are acyclic");
    dag.grundy_values().into_iter().map(|v| v.0).collect()
}

/// `graph` with its positions renumbered at random and each edge list shuffled, so that neither
/// the numbering nor the order of the edges follows the order of play.
fn renumbered(rng: &mut SplitMix64, graph: Vec<Vec<u32>>) -> Vec<Vec<u32>> {
    let mut order: Vec<u32> = (0..graph.len() as u32).collect();
    shuffle(rng, &mut order);
    let mut renumbered = vec![Vec::new(); graph.len()];
    for (v, next) in graph.into_iter().enumerate() {
        let mut next: Vec<u32> = next.into_iter().map(|w| order[w as usize]).collect();
        shuffle(rng, &mut next);
        renumbered[order[v] as usize] = next;
    }
    renumbered
}

fn shuffle(rng: &mut SplitMix64, items: &mut [u32]) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i as u64 + 1) as usize);
    }
}

/// A core of `k` positions, each with an edge to every one before it (so position `i` is worth
/// `i`, the largest value `k` positions allow with the fewest edges), one edge in twenty
/// repeated, and up to ten more positions with edges into the core.
fn large_values_graph(rng: &mut SplitMix64) -> Vec<Vec<u32>> {
    let k = 2 + rng.below(44) as u32;
    let mut graph: Vec<Vec<u32>> = (0..k)
        .map(|i| {
            let mut next: Vec<u32> = (0..i).collect();
            if i > 0 && rng.below(20) == 0 {
                next.push(rng.below(i as u64) as u32);
            }
            next
        })
        .collect();
    for _ in 0..rng.below(11) {
        graph.push((0..1 + rng.below(4)).map(|_| rng.below(k as u64) as u32).collect());
    }
    graph
}

/// A path, each position with an edge to the one before it and now and then over one or two
/// more: the longest plays the contract allows, with values that do not just alternate.
fn chain_graph(rng: &mut SplitMix64) -> Vec<Vec<u32>> {
    let len = if rng.below(10) == 0 { MAX_POSITIONS } else { 2 + rng.below(199) as u32 };
    (0..len)
        .map(|i| {
            let mut next = Vec::new();
            if i > 0 {
                next.push(i - 1);
            }
            if i > 2 && rng.below(4) == 0 {
                next.push(i - 2 - rng.below(2) as u32);
            }
            next
        })
        .collect()
}

/// A random graph as the uniform generator draws it: up to 8 positions (one in ten up to 30),
/// edges up a random order, three pairs in ten.
fn uniform_graph(rng: &mut SplitMix64) -> Vec<Vec<u32>> {
    let n = if rng.below(10) == 0 { 1 + rng.below(30) } else { 1 + rng.below(8) } as u32;
    let graph = (0..n).map(|i| (i + 1..n).filter(|_| rng.below(10) < 3).collect()).collect();
    renumbered(rng, graph)
}

/// A query of one of the hard kinds ([`Hdu1524::generate_hard`]).
fn hard_query(rng: &mut SplitMix64, graph: &[Vec<u32>], values: &[u32]) -> Vec<u32> {
    let n = graph.len() as u64;
    let random = |rng: &mut SplitMix64, m: u64| -> Vec<u32> { (0..m).map(|_| rng.below(n) as u32).collect() };
    let xor = |chessmen: &[u32]| chessmen.iter().fold(0, |x, &v| x ^ values[v as usize]);
    match rng.below(10) {
        0..=3 => {
            for _ in 0..20 {
                let m = rng.below(MAX_CHESSMEN as u64);
                let mut chessmen = random(rng, m);
                let wanted = xor(&chessmen);
                let worth: Vec<u32> = (0..n as u32).filter(|&v| values[v as usize] == wanted).collect();
                if !worth.is_empty() {
                    chessmen.push(worth[rng.below(worth.len() as u64) as usize]);
                    shuffle(rng, &mut chessmen);
                    return chessmen;
                }
            }
            // Two chessmen on one position always cancel out.
            vec![rng.below(n) as u32; 2]
        }
        4..=5 => {
            for _ in 0..50 {
                let m = 1 + rng.below(4);
                let chessmen = random(rng, m);
                if single_winning_move(graph, values, &chessmen, xor(&chessmen)) {
                    return chessmen;
                }
            }
            random(rng, 1)
        }
        6 => random(rng, MAX_CHESSMEN as u64),
        7 => (0..n as u32).max_by_key(|&v| values[v as usize]).into_iter().collect(),
        _ => {
            let m = 1 + rng.below(4);
            random(rng, m)
        }
    }
}

/// Whether exactly one move (a chessman's position and where it goes, chessmen on the same
/// position and repeated edges being the same move) leaves a xor of 0.
fn single_winning_move(graph: &[Vec<u32>], values: &[u32], chessmen: &[u32], xor: u32) -> bool {
    let mut winning: Vec<(u32, u32)> = chessmen
        .iter()
        .flat_map(|&v| graph[v as usize].iter().map(move |&w| (v, w)))
        .filter(|&(v, w)| values[w as usize] == values[v as usize] ^ xor)
        .collect();
    winning.sort_unstable();
    winning.dedup();
    xor != 0 && winning.len() == 1
}

fn join(items: &[u32]) -> String {
    items.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// A test case as a whole input: the graph, its queries, and the 0 that ends them.
fn render(graph: &[Vec<u32>], queries: &[Vec<u32>]) -> String {
    let mut out = format!("{}\n", graph.len());
    for next in graph {
        out += &format!("{}{}{}\n", next.len(), if next.is_empty() { "" } else { " " }, join(next));
    }
    for q in queries {
        out += &format!("{} {}\n", q.len(), join(q));
    }
    out + "0\n"
}

/// The line of the next token (0 at the end of the input), without reading it.
fn next_line(tokens: &Tokens) -> usize {
    tokens.clone().next_token().map_or(0, |t| t.line)
}

/// Fails at the next token if it is still on `line`: the list that ends there is complete.
fn line_ends(tokens: &Tokens, line: usize, after: fmt::Arguments) -> Result<(), InputError> {
    match tokens.clone().next_token() {
        Some(token) if token.line == line => Err(unexpected(token, after)),
        _ => Ok(()),
    }
}

fn unexpected(token: Token, after: fmt::Arguments) -> InputError {
    let text: String = token.text.chars().take(24).collect();
    let more = if token.text.chars().count() > 24 { "..." } else { "" };
    token.error(format_args!("unexpected `{text}{more}` after {after}"))
}

/// A list the contract puts on one line: what its items are and whose they are.
#[derive(Clone, Copy)]
struct List<'a> {
    /// One item, e.g. `out-neighbour`.
    one: &'static str,
    /// Several items, e.g. `out-neighbours`.
    many: &'static str,
    /// Whose list it is, e.g. `position 3 of test case 1`.
    owner: fmt::Arguments<'a>,
}

/// Reads the `count` numbers below `n` of `list`, which must all be on `line`; `declared`
/// points at the count, where a short line is reported.
fn numbers_on_line(
    tokens: &mut Tokens,
    declared: &Tokens,
    line: usize,
    count: u32,
    n: u32,
    list: List,
    out: &mut Vec<u32>,
) -> Result<(), InputError> {
    let List { one, many, owner } = list;
    for k in 1..=count {
        if next_line(tokens) != line {
            let message = format_args!("{owner} declares {count} {many} but line {line} holds {}", k - 1);
            return Err(declared.clone().error_here(message));
        }
        out.push(tokens.number(format_args!("{one} {k} of {owner}"), 0..=n - 1)?);
    }
    line_ends(tokens, line, format_args!("the {count} {many} of {owner}"))
}

fn parse(input: &str) -> Result<Vec<Case>, JudgeError> {
    let mut tokens = Tokens::new(input);
    let mut cases = Vec::new();
    for g in 1.. {
        if tokens.at_end() {
            break;
        }
        let graph_at = tokens.clone();
        let line = next_line(&tokens);
        let n = tokens.number(
            format_args!("the number of positions N of test case {g}, or 0 to end the input"),
            0..=MAX_POSITIONS,
        )?;
        if n == 0 {
            tokens.expect_end("the 0 that ends the input")?;
            break;
        }
        line_ends(&tokens, line, format_args!("the number of positions N of test case {g}"))?;
        let (mut out, mut neighbours) = (Vec::new(), Vec::new());
        for i in 0..n {
            let declared = tokens.clone();
            let line = next_line(&tokens);
            let x = tokens.number(
                format_args!("the number of out-neighbours of position {i} of test case {g}"),
                0..=MAX_OUT_DEGREE,
            )?;
            neighbours.clear();
            let list = List {
                one: "out-neighbour",
                many: "out-neighbours",
                owner: format_args!("position {i} of test case {g}"),
            };
            numbers_on_line(&mut tokens, &declared, line, x, n, list, &mut neighbours)?;
            out.push(neighbours.clone());
        }
        let edges = out.iter().enumerate().flat_map(|(i, next)| next.iter().map(move |&j| (i as u32, j)));
        let dag = Dag::new(n as usize, edges).map_err(|e| graph_error(&graph_at, g, e))?;

        let (mut chessmen, mut ends) = (Vec::new(), Vec::new());
        for q in 1.. {
            let declared = tokens.clone();
            let line = next_line(&tokens);
            let m = tokens.number(
                format_args!("the number of chessmen of query {q} of test case {g}, or 0 to end the queries"),
                0..=MAX_CHESSMEN,
            )?;
            if m == 0 {
                line_ends(&tokens, line, format_args!("the 0 that ends the queries of test case {g}"))?;
                break;
            }
            let list = List { one: "chessman", many: "chessmen", owner: format_args!("query {q} of test case {g}") };
            numbers_on_line(&mut tokens, &declared, line, m, n, list, &mut chessmen)?;
            ends.push(chessmen.len());
        }
        cases.push(Case { dag, out, chessmen, ends });
    }
    Ok(cases)
}

/// A graph that is not a DAG, reported where its test case starts.
fn graph_error(graph_at: &Tokens, g: usize, error: DagError) -> InputError {
    let message = match error {
        DagError::Cycle(cycle) => {
            let mut text: String = cycle.iter().map(|v| format!("{v} -> ")).collect();
            text += &cycle.first().map_or(String::new(), u32::to_string);
            format!("the graph of test case {g} has the cycle {text}")
        }
        other => format!("the graph of test case {g}: {other}"),
    };
    graph_at.clone().error_here(message)
}

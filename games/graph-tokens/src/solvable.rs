//! Tokens on a DAG as every whole-space command sees them (`gamesolve verify`, `stats`, `solve`,
//! `probe`, `diff`, `verify FILE`): the seeded random DAG [`Dag::random`], position `v` being one
//! token on vertex `v`, written as the vertex's number (as HDU 1524's input writes a chessman),
//! the start being vertex 0. A sum of tokens is the xor of their vertices' values, so one token
//! per position is the whole table. Engines: solver-core's Grundy engines; values are checked by
//! solver-core's verifier and by the Grundy oracle on the rules restated ([`PlainToken`]), and,
//! as a law, sums of tokens are searched as whole positions on [`PlainTokens`] by the oracle's
//! win/loss search, which knows no Grundy theory: every multiset of the most tokens (1 to 3)
//! whose multisets stay under [`MAX_TOKEN_STARTS`] (one token on 2,000 vertices, two on 150,
//! three on 30; none on 20,000 vertices or more).

use crate::Dag;
use crate::plain::{PlainToken, PlainTokens};
use judge::input::shorten;
use oracle::Budget;
use solver_core::{Game, ImpartialRules, Nimber};
use std::sync::OnceLock;
use workbench::check::Failure;
use workbench::solve::{Identity, Notation, SolvableGame};
use workbench::space_game::ImpartialGame;
use workbench::target::{Args, Param, SpaceTarget};
use workbench::verify::{LawCheck, sums_as_whole_positions};

/// The most tokens of a sum `verify` searches as one whole position.
const MAX_TOKENS: u32 = 3;

/// The sums of tokens `verify` searches have fewer start positions (multisets of tokens) than
/// this: the oracle's rounds cost the longest play times the positions.
const MAX_TOKEN_STARTS: u64 = 20_000;

/// `graph-tokens vertices=1000 degree=4 seed=1`.
pub const SPACES: &[SpaceTarget] = &[SpaceTarget {
    name: "graph-tokens",
    about: "one token on a seeded random DAG, each vertex but the lowest with 1..=degree edges down, \
            starting on vertex 0",
    params: &[
        Param::number("vertices", "1000", 1, 10_000_000, "vertices of the DAG"),
        Param::number("degree", "4", 1, 16, "the most edges down from a vertex"),
        Param::number("seed", "1", 0, u64::MAX, "the seed of the random DAG"),
    ],
    open,
    // A large DAG for the engines, the verifier and the Grundy oracle; then DAGs small enough
    // for sums of one, two and three tokens as whole positions.
    verified: &[
        "vertices=200000 degree=4 seed=10",
        "vertices=2000 degree=4 seed=11",
        "vertices=150 degree=4 seed=12",
        "vertices=30 degree=4 seed=13",
    ],
}];

fn open(args: &Args) -> Result<Box<dyn SolvableGame>, String> {
    let vertices: u32 = args.number("vertices");
    let degree: usize = args.number("degree");
    let seed: u64 = args.number("seed");
    let identity = Identity::new(
        "graph-tokens",
        args,
        "normal play, one token: a move slides it along an edge, the player who cannot move loses",
    );
    let notation = Notation::new(|v: &u32| v.to_string(), move |text| parse_vertex(text, vertices));
    let dag = Dag::random(vertices as usize, degree, seed);
    let rules = SeededToken { vertices, degree, seed, rules: OnceLock::new() };
    let game = ImpartialGame::new(identity, dag, &0, notation).with_oracle(rules, |v: &u32| *v);
    Ok(Box::new(match summed_tokens(vertices) {
        Some(count) => game.with_law("tokens", move |dag: &Dag, values: &Vec<Nimber>, budget: Budget| {
            sums_of_tokens(dag, count, values, budget)
        }),
        None => game,
    }))
}

/// The most tokens, 1 to [`MAX_TOKENS`], whose multisets on `vertices` vertices number fewer
/// than [`MAX_TOKEN_STARTS`]; `None` when even one token has too many starts.
fn summed_tokens(vertices: u32) -> Option<u32> {
    (1..=MAX_TOKENS).rev().find(|&count| multisets_count(vertices, count) < MAX_TOKEN_STARTS)
}

/// C(vertices + count - 1, count): the multisets of `count` tokens on `vertices` vertices.
fn multisets_count(vertices: u32, count: u32) -> u64 {
    // Each partial product is C(n + k - 1, k) times k, so the division is exact; for k <= 3 it
    // fits 128 bits.
    let count = (1..=u128::from(count)).fold(1u128, |c, k| c * (u128::from(vertices) + k - 1) / k);
    u64::try_from(count).unwrap_or(u64::MAX)
}

/// The law of sums: every multiset of `count` tokens on `dag`, searched as one whole position
/// on [`PlainTokens`], is won exactly when the xor of its vertices' `values` is not zero.
fn sums_of_tokens(dag: &Dag, count: u32, values: &[Nimber], budget: Budget) -> Result<LawCheck, Failure> {
    let rules = PlainTokens { out: dag.out_lists() };
    let plural = if count == 1 { "" } else { "s" };
    let starts = multisets(dag.vertices() as u32, count as usize);
    sums_as_whole_positions(
        &format!("sums of {count} token{plural}"),
        &rules,
        starts,
        |s| Dag::token_sum(values, s),
        budget,
    )
}

/// Every multiset of `count` vertices of `0..vertices`, as sorted lists.
fn multisets(vertices: u32, count: usize) -> impl Iterator<Item = Vec<u32>> {
    let mut next = (vertices > 0).then(|| vec![0; count]);
    std::iter::from_fn(move || {
        let current = next.take()?;
        // The next non-decreasing list: raise the last entry that can rise, reset the rest to it.
        let mut following = current.clone();
        if let Some(i) = following.iter().rposition(|&v| v + 1 < vertices) {
            let raised = following[i] + 1;
            following[i..].iter_mut().for_each(|v| *v = raised);
            next = Some(following);
        }
        Some(current)
    })
}

/// [`PlainToken`] on the seeded DAG, its adjacency lists built the first time the oracle asks
/// for a move: `solve` and `stats` of a large DAG never hold them.
struct SeededToken {
    vertices: u32,
    degree: usize,
    seed: u64,
    rules: OnceLock<PlainToken>,
}

impl SeededToken {
    fn rules(&self) -> &PlainToken {
        self.rules
            .get_or_init(|| PlainToken { out: Dag::random(self.vertices as usize, self.degree, self.seed).out_lists() })
    }
}

impl Game for SeededToken {
    type State = u32;
}

impl ImpartialRules for SeededToken {
    fn options(&self, vertex: &u32, option: &mut dyn FnMut(&[u32])) {
        self.rules().options(vertex, option);
    }
}

/// A vertex of `0..vertices`, digits only.
fn parse_vertex(text: &str, vertices: u32) -> Result<u32, String> {
    let text = text.trim();
    let last = vertices - 1;
    if text.is_empty() {
        return Err(format!("expected a vertex: its number, 0..={last}"));
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{}` is not a vertex: a vertex is its number, 0..={last}", shorten(text)));
    }
    match text.parse::<u32>() {
        Ok(v) if v < vertices => Ok(v),
        _ => Err(format!("vertex {} is past the last vertex of the graph, {last}", shorten(text))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tokens_summed_follow_from_the_vertices() {
        // The old verify rows: one token on 2,000 vertices, two on 150, three on 30.
        assert_eq!([2_000, 150, 30].map(summed_tokens), [Some(1), Some(2), Some(3)]);
        assert_eq!(
            [1, 2, 48, 49, 199, 200, 19_999, 20_000, 10_000_000].map(summed_tokens),
            [Some(3), Some(3), Some(3), Some(2), Some(2), Some(1), Some(1), None, None]
        );
        for (vertices, count) in [(1, 3), (30, 3), (150, 2), (7, 2), (2_000, 1)] {
            let all: Vec<Vec<u32>> = multisets(vertices, count as usize).collect();
            assert_eq!(all.len() as u64, multisets_count(vertices, count), "{vertices} {count}");
            assert!(all.iter().all(|m| m.is_sorted() && m.iter().all(|&v| v < vertices)));
            assert!(all.windows(2).all(|w| w[0] < w[1]), "distinct, in order");
        }
    }
}

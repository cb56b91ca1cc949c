//! Tokens on a directed acyclic graph: the Grundy value of every vertex, and the sum over tokens.
//!
//! # What it solves
//! A directed acyclic graph ([`Dag`], on petgraph) holds tokens, several possibly on one vertex.
//! A move slides one token along one edge. [`Dag::grundy_values`] gives every vertex's Grundy
//! value with solver-core's engine; a set of tokens is won by the player to move iff the xor of
//! their vertices' values ([`Dag::token_sum`]) is not zero.
//!
//! # Assumptions
//! - Normal play: a player who cannot move (every token on a vertex without out-edges) loses.
//! - Impartial: both players may move any token; values are for the player to move, who in the
//!   judge problem (HDU 1524) is the first player.
//! - The graph must be acyclic: [`Dag::new`] rejects a cycle with [`DagError::Cycle`], naming
//!   the vertices along it. Parallel edges are allowed (they are the same move).
//!
//! # Ranking
//! A vertex's id is its index. No play order is declared, so the Grundy engine finds a
//! topological order by iterative depth-first search (no recursion limit on deep graphs).
//!
//! # Engine catalog
//! | question | engine | cost | cannot do |
//! |---|---|---|---|
//! | is the graph acyclic | [`solver_core::topological_order`] in [`Dag::new`] | `O(V + E)` | nothing |
//! | Grundy value of every vertex | [`solver_core::grundy_table`] | `O(V + E)`, 4 bytes a vertex | cycles (rejected earlier) |
//! | value of a set of tokens | [`Dag::token_sum`] | `O(tokens)` | nothing |
//! | the oracle | [`plain::PlainTokens`] under `oracle::solve_loopy`: every token at once | the number of reachable token multisets | anything but small graphs and few tokens |
//!
//! # Whole spaces
//! [`SPACES`] offers `graph-tokens vertices=V degree=D seed=S` to the whole-space commands
//! (`gamesolve verify`, `stats`, `solve`, `probe`): one token on every vertex of the seeded
//! random DAG [`Dag::random`], the start being vertex 0; a sum of tokens is the xor of the
//! stored values. A position is written as its vertex's number (`17`), as HDU 1524's input
//! writes a chessman; a move as `to 3`. `verify` checks every vertex with the Grundy oracle on
//! [`plain::PlainToken`], and sums of 1, 2 or 3 tokens (the most whose multisets stay under
//! 20,000) as whole positions on [`plain::PlainTokens`] with the oracle's win/loss search.
//!
//! # Judge problem
//! `hdu1524` ([`Hdu1524`], contract in `problems/hdu1524.md`): chessmen on a DAG, one line per
//! query, `WIN` when the first player wins. Engines: `grundy` (the values of every vertex, then
//! [`Dag::token_sum`] per query) and `oracle` (every chessman at once on [`plain::PlainTokens`],
//! declining a graph whose queries reach more positions than its budget, a constant of the
//! problem). A graph with a cycle is an input error naming the cycle.
//!
//! # Example
//! ```
//! use graph_tokens::Dag;
//!
//! // HDU 1524's first sample graph: 0 -> {1, 2}, 2 -> 3.
//! let dag = Dag::new(4, [(0, 1), (0, 2), (2, 3)]).unwrap();
//! let values = dag.grundy_values();
//! assert_eq!(values.iter().map(|v| v.0).collect::<Vec<_>>(), [2, 0, 1, 0]);
//! assert!(Dag::token_sum(&values, &[0, 2]).is_win());
//! assert!(!Dag::token_sum(&values, &[2, 2]).is_win()); // two equal tokens cancel
//!
//! let err = Dag::new(3, [(0, 1), (1, 2), (2, 1)]).unwrap_err();
//! assert_eq!(err.to_string(), "the graph has the cycle 1 -> 2 -> 1");
//!
//! // The same graph through the judge problem: one chessman on 0, then chessmen on 0 and 2.
//! use judge::AnyProblem;
//! let input = "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n";
//! assert_eq!(graph_tokens::Hdu1524.judge(input, "oracle").unwrap(), "WIN\nWIN\n");
//! ```

mod dag;
mod hdu1524;
pub mod plain;
mod solvable;

pub use dag::{Dag, DagError};
pub use hdu1524::{Hdu1524, Hdu1524Engine};
pub use solvable::SPACES;

use workbench::Registration;

/// The DAG tokens' problem and space; no fuzz body of their own.
pub static REGISTRATION: Registration =
    Registration { name: "graph-tokens", problems: &[&Hdu1524], spaces: SPACES, searches: &[], fuzz: &[] };

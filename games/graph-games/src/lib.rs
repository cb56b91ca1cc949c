//! Games given as explicit graphs ([`solver_core::graph::GraphGame`]): gamesolve's own judge
//! problem `loopy-graph` ([`LoopyGraph`]), and seeded random games of every engine family,
//! which the whole-space commands (`verify`, `stats`, `solve`) run and the fuzz targets build
//! from bytes.
//!
//! # Rules and assumptions
//! A node is a position and an edge a move, always seen from the player to move. A node marked
//! finished is won, lost or tied for the player to move there, whatever its edges; a node in
//! play without edges is lost for the player to move (normal play). Play may loop forever
//! (a draw). Values carry remoteness: the winner hurries, the loser delays, and both prefer a
//! tie to endless play and a quick tie to a slow one. The impartial and scoring random games
//! are acyclic by construction (edges go to smaller nodes); there a move is a group of edges
//! sharing an option number (to a sum) or one edge with a gain and an extra-move flag.
//!
//! # Engines
//! `loopy-graph` is answered by each of solver-core's retrograde engines (reverse graph,
//! un-moves on the incoming edges, layers) and by the naive oracle; the random games
//! ([`SPACES`]: `random-loopy`, `random-dag`, `random-scoring`, each `nodes=N seed=S`) run
//! every engine of their family against the verifier and the oracle on the graph's own rules.
//!
//! # Stored tables
//! `gamesolve solve random-loopy` (or `random-dag`, `random-scoring`) solves a random game
//! whole; `probe` and the table commands write a position as the node `explain` titles,
//! `node N` (a bare `N` is read too).
//!
//! # Example
//! ```
//! use judge::AnyProblem;
//!
//! // Node 1 is a finished loss for the player to move, so moving there from 0 wins at once.
//! let answer = graph_games::LoopyGraph.judge("2 1\n- L\n0 1\n", "layered").unwrap();
//! assert_eq!(answer, "win in 1\nloss in 0\n");
//! ```

mod loopy_graph;
mod random;
mod solvable;

pub use loopy_graph::{LoopyGraph, LoopyGraphEngine};
pub use random::{random_game, random_game_bound};
pub use solvable::SPACES;

use workbench::Registration;
use workbench::fuzz::{self, FuzzTarget};

/// The graph games' problem, random spaces and fuzz bodies.
pub static REGISTRATION: Registration = Registration {
    name: "graph-games",
    problems: &[&LoopyGraph],
    spaces: SPACES,
    searches: &[],
    fuzz: &[
        FuzzTarget { name: "loopy_engines", body: |data| fuzz::loopy_engines(data).map_err(|e| e.to_string()) },
        FuzzTarget { name: "grundy_engine", body: |data| fuzz::grundy_engine(data).map_err(|e| e.to_string()) },
        FuzzTarget { name: "score_engine", body: |data| fuzz::score_engine(data).map_err(|e| e.to_string()) },
    ],
};

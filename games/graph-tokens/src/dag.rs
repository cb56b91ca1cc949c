//! [`Dag`]: a validated directed acyclic graph on petgraph, as an impartial game of one token.

use petgraph::graph::{DiGraph, NodeIndex};
use solver_core::graph::SplitMix64;
use solver_core::{Game, ImpartialSpace, Nimber, StateId, StateSpace, grundy_table, topological_order};
use std::fmt;

/// A graph that cannot be played as tokens on a DAG.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DagError {
    /// An edge names a vertex that does not exist.
    #[error("the edge {from} -> {to} names a vertex outside 0..{vertices}")]
    EdgeOutOfRange {
        /// The edge's source.
        from: u32,
        /// The edge's target.
        to: u32,
        /// The number of vertices.
        vertices: usize,
    },
    /// More vertices than a state space can number.
    #[error("{0} vertices do not fit a state space")]
    TooLarge(usize),
    /// The edges form a cycle: each vertex has an edge to the next, the last one to the first.
    #[error("the graph has the cycle {}", CycleText(.0))]
    Cycle(Vec<u32>),
}

/// Writes a cycle as `a -> b -> a`.
struct CycleText<'a>(&'a [u32]);

impl fmt::Display for CycleText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for v in self.0 {
            write!(f, "{v} -> ")?;
        }
        match self.0.first() {
            Some(first) => write!(f, "{first}"),
            None => Ok(()),
        }
    }
}

/// A directed acyclic graph whose vertices are positions of one token and whose edges are its
/// moves. Construction checks acyclicity, so every `Dag` can be evaluated.
#[derive(Debug, Clone, Default)]
pub struct Dag {
    graph: DiGraph<(), (), u32>,
}

impl Dag {
    /// The graph on vertices `0..vertices` with these `(from, to)` edges, if it is acyclic.
    /// Time `O(V + E)`.
    pub fn new(vertices: usize, edges: impl IntoIterator<Item = (u32, u32)>) -> Result<Dag, DagError> {
        if vertices > StateId::LIMIT {
            return Err(DagError::TooLarge(vertices));
        }
        let mut graph = DiGraph::with_capacity(vertices, 0);
        for _ in 0..vertices {
            graph.add_node(());
        }
        for (from, to) in edges {
            if from as usize >= vertices || to as usize >= vertices {
                return Err(DagError::EdgeOutOfRange { from, to, vertices });
            }
            graph.add_edge(NodeIndex::new(from as usize), NodeIndex::new(to as usize), ());
        }
        let dag = Dag { graph };
        topological_order(vertices, |id, out| out.extend(dag.successors(id)))
            .map_err(|cycle| DagError::Cycle(cycle.states.iter().map(|s| s.as_u32()).collect()))?;
        Ok(dag)
    }

    /// A seeded random DAG on `vertices` vertices: each vertex but the lowest-ranked gets 1 to
    /// `max_out_degree` edges to vertices of lower rank (mostly close below it, so the graph is
    /// deep as well as wide), then the vertices are renamed by a random permutation so that their
    /// numbers say nothing of the order. The same seed gives the same graph.
    pub fn random(vertices: usize, max_out_degree: usize, seed: u64) -> Dag {
        let mut rng = SplitMix64(seed);
        let mut name: Vec<u32> = (0..vertices as u32).collect();
        for i in (1..vertices).rev() {
            name.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut edges = Vec::new();
        for rank in 1..vertices {
            for _ in 0..=rng.below(max_out_degree.max(1) as u64) {
                let below = 1 + rng.below((rank as u64).min(16)) as usize;
                edges.push((name[rank], name[rank - below]));
            }
        }
        Dag::new(vertices, edges).expect("edges go down in rank")
    }

    /// Every vertex's out-neighbours, in edge order.
    pub fn out_lists(&self) -> Vec<Vec<u32>> {
        let mut out = vec![Vec::new(); self.vertices()];
        for e in self.graph.raw_edges() {
            out[e.source().index()].push(e.target().index() as u32);
        }
        out
    }

    /// The out-neighbours of `vertex`, in the order its edges were given (a repeated edge
    /// repeats its target). Time `O(out-degree)`.
    ///
    /// # Panics
    /// If `vertex` is not in the graph.
    pub fn out_neighbours(&self, vertex: u32) -> Vec<u32> {
        // petgraph walks a vertex's edges newest first.
        let mut next: Vec<u32> =
            self.graph.neighbors(NodeIndex::new(vertex as usize)).map(|n| n.index() as u32).collect();
        next.reverse();
        next
    }

    /// The moves of a token on `from` that leave it on a vertex worth `wanted`, as their targets
    /// in edge order (a repeated edge repeats its target), given `values` from
    /// [`Dag::grundy_values`]: the moves of this token in a winning move of a sum.
    ///
    /// ```
    /// use graph_tokens::Dag;
    /// use solver_core::Nimber;
    /// let dag = Dag::new(4, [(0, 3), (0, 1), (0, 2), (2, 3), (0, 1)]).unwrap();
    /// let values = dag.grundy_values(); // 2, 0, 1, 0
    /// assert_eq!(dag.moves_to(&values, 0, Nimber(0)), [3, 1, 1]);
    /// assert_eq!(dag.moves_to(&values, 0, Nimber(1)), [2]);
    /// ```
    pub fn moves_to(&self, values: &[Nimber], from: u32, wanted: Nimber) -> Vec<u32> {
        self.out_neighbours(from).into_iter().filter(|&to| values[to as usize] == wanted).collect()
    }

    /// The underlying petgraph graph.
    pub fn graph(&self) -> &DiGraph<(), (), u32> {
        &self.graph
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.graph.node_count()
    }

    /// The Grundy value of every vertex, by solver-core's engine. Time `O(V + E)`.
    pub fn grundy_values(&self) -> Vec<Nimber> {
        // `new` rejected every cycle, and moves go to single vertices: the engine cannot fail.
        grundy_table(self).expect("a Dag has no cycle")
    }

    /// The value of tokens on these vertices: the xor of their Grundy values. The player to
    /// move wins iff it is not zero.
    ///
    /// # Panics
    /// If a vertex has no value in `values`.
    pub fn token_sum(values: &[Nimber], tokens: &[u32]) -> Nimber {
        tokens.iter().map(|&t| values[t as usize]).sum()
    }

    fn successors(&self, id: StateId) -> impl Iterator<Item = StateId> + '_ {
        self.graph
            .neighbors(NodeIndex::new(id.index()))
            .map(|n| StateId::new(n.index()).expect("vertex indices fit a StateId"))
    }
}

impl Game for Dag {
    /// The vertex the token is on.
    type State = u32;
}

impl StateSpace for Dag {
    fn len(&self) -> usize {
        self.graph.node_count()
    }

    fn rank(&self, vertex: &u32) -> StateId {
        assert!((*vertex as usize) < self.len(), "vertex {vertex} is not in the graph");
        StateId::from_u32(*vertex).expect("vertex indices fit a StateId")
    }

    fn unrank(&self, id: StateId) -> u32 {
        id.as_u32()
    }
}

impl ImpartialSpace for Dag {
    fn option_ids(&self, id: StateId, option: &mut dyn FnMut(&[StateId])) {
        for next in self.successors(id) {
            option(&[next]);
        }
    }
}

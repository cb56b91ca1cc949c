//! [`GraphGame`]: a game given as an explicit directed graph (petgraph), with seeded random
//! generators, for tests, benchmarks and user-supplied graphs.
//!
//! One graph plays three roles:
//! - loopy ([`LoopySpace`]): a node is a position, each edge a move; a node's [`Node::terminal`]
//!   finishes the game there;
//! - impartial ([`ImpartialSpace`]): the edges leaving a node that share an [`Edge::option`]
//!   number form one move, to the sum of their targets (ignoring `terminal`);
//! - scoring ([`ScoringSpace`]): each edge is a move scoring [`Edge::gain`], after which the
//!   mover moves again if [`Edge::again`] (ignoring `terminal`).
//!
//! The engines move on node ids; [`GraphGame::rules`] gives the same three roles as plain
//! rules on petgraph's node indices, for the oracle.

use crate::{
    Game, ImpartialRules, ImpartialSpace, LoopySpace, PlayOrder, Rules, ScoredMove, ScoringRules, ScoringSpace,
    StateId, StateSpace, Terminal, Unmoves,
};
use petgraph::Direction;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;

/// A position of a [`GraphGame`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Node {
    /// The result for the player to move if the game is over here (loopy role only).
    pub terminal: Option<Terminal>,
}

/// A move of a [`GraphGame`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Edge {
    /// Impartial role: edges from one node with the same number are one move to a sum.
    pub option: u32,
    /// Scoring role: points the mover scores.
    pub gain: i32,
    /// Scoring role: whether the mover moves again.
    pub again: bool,
}

/// An edge naming a node that does not exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("edge {from} -> {to} names a node outside 0..{nodes}")]
pub struct EdgeOutOfRange {
    /// The edge's source.
    pub from: u32,
    /// The edge's target.
    pub to: u32,
    /// The number of nodes.
    pub nodes: usize,
}

/// A game on an explicit graph. See the [module docs](self) for its three roles.
#[derive(Debug, Clone, Default)]
pub struct GraphGame {
    graph: DiGraph<Node, Edge, u32>,
    play_order: Option<PlayOrder>,
}

impl GraphGame {
    /// A game with these nodes (numbered from 0) and edges `(from, to, edge)`.
    ///
    /// ```
    /// use solver_core::graph::{Edge, GraphGame, Node};
    /// use solver_core::{Outcome, StateId, Terminal, solve_with_reverse_graph};
    ///
    /// // 0 -> 1 -> 2, where 2 is a finished loss for the player to move; 3 <-> 4 loop forever.
    /// let mut nodes = vec![Node::default(); 5];
    /// nodes[2].terminal = Some(Terminal::Loss);
    /// let edges = [(0, 1), (1, 2), (3, 4), (4, 3)].map(|(a, b)| (a, b, Edge::default()));
    /// let game = GraphGame::from_parts(nodes, edges).unwrap();
    /// let table = solve_with_reverse_graph(&game).unwrap();
    /// let at = |i| table.get(StateId::new(i).unwrap());
    /// assert_eq!([at(0), at(1), at(2), at(3)], [Outcome::Loss(2), Outcome::Win(1), Outcome::Loss(0), Outcome::Draw]);
    /// ```
    pub fn from_parts(
        nodes: impl IntoIterator<Item = Node>,
        edges: impl IntoIterator<Item = (u32, u32, Edge)>,
    ) -> Result<GraphGame, EdgeOutOfRange> {
        let mut graph = DiGraph::default();
        for node in nodes {
            graph.add_node(node);
        }
        let n = graph.node_count();
        for (from, to, edge) in edges {
            if from as usize >= n || to as usize >= n {
                return Err(EdgeOutOfRange { from, to, nodes: n });
            }
            graph.add_edge(NodeIndex::new(from as usize), NodeIndex::new(to as usize), edge);
        }
        Ok(GraphGame { graph, play_order: None })
    }

    /// The underlying petgraph graph.
    pub fn graph(&self) -> &DiGraph<Node, Edge, u32> {
        &self.graph
    }

    /// The same game with the declared play order set (not checked here: the acyclic engines
    /// check it move by move).
    pub fn with_play_order(mut self, order: Option<PlayOrder>) -> GraphGame {
        self.play_order = order;
        self
    }

    /// The same game with node `i` renamed `new_index[i]` (a permutation of `0..len`).
    ///
    /// # Panics
    /// If `new_index` is not a permutation of the node indices.
    pub fn renumbered(&self, new_index: &[u32]) -> GraphGame {
        let n = self.graph.node_count();
        assert_eq!(new_index.len(), n, "a renumbering names every node once");
        let mut nodes = vec![None; n];
        for (old, &new) in new_index.iter().enumerate() {
            assert!(nodes[new as usize].replace(self.graph[NodeIndex::new(old)]).is_none(), "not a permutation");
        }
        let edges = self
            .graph
            .edge_references()
            .map(|e| (new_index[e.source().index()], new_index[e.target().index()], *e.weight()));
        GraphGame::from_parts(nodes.into_iter().flatten(), edges).expect("a permutation keeps edges in range")
    }

    /// A seeded random game of the given shape: the same seed gives the same game.
    pub fn random(shape: &RandomShape, seed: u64) -> GraphGame {
        let mut rng = SplitMix64(seed);
        let n = shape.nodes;
        let mut nodes = Vec::with_capacity(n);
        for _ in 0..n {
            let roll = rng.below(100_000) as u32;
            let [w, l, t] = shape.terminal_per_100k;
            let terminal = if roll < w {
                Some(Terminal::Win)
            } else if roll < w + l {
                Some(Terminal::Loss)
            } else if roll < w + l + t {
                Some(Terminal::Tie)
            } else {
                None
            };
            nodes.push(Node { terminal });
        }
        let mut edges = Vec::new();
        for from in 0..n {
            // Terminal nodes keep their moves: the loopy role must ignore them.
            let degree = if rng.below(1000) < shape.dead_end_per_mille as u64 {
                0
            } else {
                1 + rng.below(shape.max_out_degree.max(1) as u64) as usize
            };
            let mut option = 0;
            for k in 0..degree {
                let to = if shape.acyclic {
                    if from == 0 {
                        break;
                    }
                    // Mostly short steps down, so acyclic games get deep, not just wide.
                    let span = (from as u64).min(shape.acyclic_reach.max(1) as u64);
                    from - 1 - rng.below(span) as usize
                } else {
                    rng.below(n as u64) as usize
                };
                if k == 0 || rng.below(100) >= shape.split_percent as u64 {
                    option = k as u32;
                }
                let gain = rng.below(shape.max_gain as u64 + 1) as i32;
                let again = rng.below(100) < shape.again_percent as u64;
                edges.push((from as u32, to as u32, Edge { option, gain, again }));
            }
        }
        GraphGame::from_parts(nodes, edges).expect("generated edges are in range")
    }

    fn node(id: &NodeIndex) -> StateId {
        StateId::from_space_index(id.index() as u32)
    }
}

/// The shape of a [`GraphGame::random`] game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RandomShape {
    /// Number of nodes.
    pub nodes: usize,
    /// Per mille of nodes without out-edges (dead ends).
    pub dead_end_per_mille: u32,
    /// Every other node gets 1..=this many out-edges, uniformly.
    pub max_out_degree: usize,
    /// Nodes per 100,000 finished as a win, a loss and a tie for the player to move.
    pub terminal_per_100k: [u32; 3],
    /// Edges only go from higher to lower indices.
    pub acyclic: bool,
    /// When acyclic, how far below its source an edge may land.
    pub acyclic_reach: usize,
    /// Percent of edges that join the previous edge's option (a move to a sum of several parts).
    pub split_percent: u32,
    /// Gains are drawn from `0..=max_gain`.
    pub max_gain: u32,
    /// Percent of edges after which the mover moves again.
    pub again_percent: u32,
}

impl RandomShape {
    /// A loopy game: cycles, self-loops, dead ends, finished wins and losses, and endless play.
    /// No finished ties: in a random graph one tie spreads to nearly every undecided position,
    /// leaving no draws. Set `terminal_per_100k[2]` for ties.
    pub fn loopy(nodes: usize) -> RandomShape {
        RandomShape {
            nodes,
            dead_end_per_mille: 5,
            max_out_degree: 4,
            terminal_per_100k: [1_500, 2_500, 0],
            acyclic: false,
            acyclic_reach: 0,
            split_percent: 0,
            max_gain: 0,
            again_percent: 0,
        }
    }

    /// An acyclic game with splitting moves, gains and extra moves, for the Grundy and score
    /// engines.
    pub fn acyclic(nodes: usize) -> RandomShape {
        RandomShape {
            nodes,
            dead_end_per_mille: 100,
            max_out_degree: 4,
            terminal_per_100k: [0, 0, 0],
            acyclic: true,
            acyclic_reach: 8,
            split_percent: 30,
            max_gain: 2,
            again_percent: 25,
        }
    }
}

/// A tiny, fast, seeded generator (Steele, Lea and Flood's SplitMix64), so that generated games
/// do not depend on a random-number crate's version.
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`), by multiply-shift (bias below 2^-32 for small bounds).
    pub fn below(&mut self, bound: u64) -> u64 {
        ((self.next_u64() as u128 * bound as u128) >> 64) as u64
    }
}

impl Game for GraphGame {
    type State = NodeIndex<u32>;
}

/// A [`GraphGame`]'s three roles as plain rules on node indices: what the oracle reads. Made by
/// [`GraphGame::rules`].
#[derive(Debug, Clone, Copy)]
pub struct GraphRules<'a>(&'a GraphGame);

impl GraphGame {
    /// The game as plain rules for the oracle, which knows no [`StateSpace`].
    pub fn rules(&self) -> GraphRules<'_> {
        GraphRules(self)
    }
}

impl Game for GraphRules<'_> {
    type State = NodeIndex<u32>;
}

impl Rules for GraphRules<'_> {
    fn terminal(&self, state: &NodeIndex) -> Option<Terminal> {
        self.0.graph[*state].terminal
    }

    fn successors(&self, state: &NodeIndex, out: &mut Vec<NodeIndex>) {
        out.extend(self.0.graph.neighbors(*state));
    }
}

impl ImpartialRules for GraphRules<'_> {
    fn options(&self, state: &NodeIndex, option: &mut dyn FnMut(&[NodeIndex])) {
        let mut edges: Vec<(u32, NodeIndex)> =
            self.0.graph.edges(*state).map(|e| (e.weight().option, e.target())).collect();
        edges.sort_unstable();
        for group in edges.chunk_by(|a, b| a.0 == b.0) {
            let parts: Vec<NodeIndex> = group.iter().map(|e| e.1).collect();
            option(&parts);
        }
    }
}

impl ScoringRules for GraphRules<'_> {
    fn scored_moves(&self, state: &NodeIndex, out: &mut Vec<ScoredMove<NodeIndex>>) {
        out.extend(self.0.graph.edges(*state).map(|e| ScoredMove {
            to: e.target(),
            gain: e.weight().gain,
            again: e.weight().again,
        }));
    }
}

impl StateSpace for GraphGame {
    fn len(&self) -> usize {
        self.graph.node_count()
    }

    fn rank(&self, state: &NodeIndex) -> StateId {
        GraphGame::node(state)
    }

    fn unrank(&self, id: StateId) -> NodeIndex {
        NodeIndex::new(id.index())
    }

    fn play_order(&self) -> Option<PlayOrder> {
        self.play_order
    }
}

impl LoopySpace for GraphGame {
    fn terminal_at(&self, id: StateId) -> Option<Terminal> {
        self.graph[NodeIndex::new(id.index())].terminal
    }

    fn successor_ids(&self, id: StateId, out: &mut Vec<StateId>) {
        out.extend(self.graph.neighbors(NodeIndex::new(id.index())).map(|n| GraphGame::node(&n)));
    }
}

impl Unmoves for GraphGame {
    fn predecessor_ids(&self, id: StateId, out: &mut Vec<StateId>) {
        let incoming = self.graph.neighbors_directed(NodeIndex::new(id.index()), Direction::Incoming);
        out.extend(incoming.map(|n| GraphGame::node(&n)));
    }
}

impl ImpartialSpace for GraphGame {
    fn option_ids(&self, id: StateId, option: &mut dyn FnMut(&[StateId])) {
        let node = NodeIndex::new(id.index());
        let mut edges: Vec<(u32, StateId)> =
            self.graph.edges(node).map(|e| (e.weight().option, GraphGame::node(&e.target()))).collect();
        edges.sort_unstable();
        let mut parts = Vec::new();
        for group in edges.chunk_by(|a, b| a.0 == b.0) {
            parts.clear();
            parts.extend(group.iter().map(|e| e.1));
            option(&parts);
        }
    }
}

impl ScoringSpace for GraphGame {
    fn scored_move_ids(&self, id: StateId, out: &mut Vec<ScoredMove<StateId>>) {
        out.extend(self.graph.edges(NodeIndex::new(id.index())).map(|e| ScoredMove {
            to: GraphGame::node(&e.target()),
            gain: e.weight().gain,
            again: e.weight().again,
        }));
    }
}

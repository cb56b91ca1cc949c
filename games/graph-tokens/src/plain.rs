//! The rules again, for the oracle and the space checks, on a plain adjacency list, sharing no
//! code with the engine side and knowing nothing of Grundy values.
//!
//! - [`PlainTokens`]: every token at once, as one position (a win/loss search over it checks
//!   that a set of tokens is won iff the xor of their vertices' values is not zero).
//! - [`PlainToken`]: one token, as impartial rules (what [`Dag`](crate::Dag)'s space is
//!   compared with, and the Grundy oracle's game).

use solver_core::{Game, ImpartialRules, Rules, Terminal};

/// Tokens on a directed graph as one position: a state is the sorted list of the tokens'
/// vertices. A move slides one token along one edge; who cannot move loses.
#[derive(Debug, Clone)]
pub struct PlainTokens {
    /// `out[v]`: the vertices an edge leads to from `v`.
    pub out: Vec<Vec<u32>>,
}

impl PlainTokens {
    /// The state of tokens on these vertices.
    pub fn state(tokens: impl IntoIterator<Item = u32>) -> Vec<u32> {
        let mut state: Vec<u32> = tokens.into_iter().collect();
        state.sort_unstable();
        state
    }
}

impl Game for PlainTokens {
    type State = Vec<u32>;
}

impl Rules for PlainTokens {
    fn terminal(&self, _: &Vec<u32>) -> Option<Terminal> {
        None
    }

    fn successors(&self, tokens: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (i, &at) in tokens.iter().enumerate() {
            for &to in &self.out[at as usize] {
                let mut next = tokens.clone();
                next[i] = to;
                out.push(PlainTokens::state(next));
            }
        }
    }
}

/// One token on a directed graph, as impartial rules on its vertex: a move slides it along one
/// edge (a repeated edge is listed again); who cannot move loses.
#[derive(Debug, Clone)]
pub struct PlainToken {
    /// `out[v]`: the vertices an edge leads to from `v`.
    pub out: Vec<Vec<u32>>,
}

impl Game for PlainToken {
    type State = u32;
}

impl ImpartialRules for PlainToken {
    fn options(&self, vertex: &u32, option: &mut dyn FnMut(&[u32])) {
        for &to in &self.out[*vertex as usize] {
            option(&[to]);
        }
    }
}

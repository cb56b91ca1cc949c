//! The rules again, for the oracle: every token at once on a plain adjacency list, sharing no
//! code with the engine side and knowing nothing of Grundy values.

use solver_core::{Game, Rules, Terminal};

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

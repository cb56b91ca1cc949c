//! A tiered space written out as lists, shared by the tier engine's tests (`tiers.rs`, beside it) and
//! the distributed one's (`tests/tiers_mpi.rs`, a binary of its own).

use solver_core::tiers::{TierMove, TierPosition, TieredScoring};
use std::collections::BTreeMap;

/// A tiered space given as lists: tier lengths, child tiers, and the moves of each position.
#[derive(Clone, Default)]
pub struct Listed {
    pub lens: Vec<u64>,
    pub children: Vec<Vec<u32>>,
    pub moves: BTreeMap<(u32, u64), Vec<TierMove>>,
    pub within: bool,
}

pub fn at(tier: u32, index: u64) -> TierPosition {
    TierPosition { tier, index }
}

impl Listed {
    /// Tiers of these lengths and children, without moves, moves inside tiers allowed.
    pub fn new(lens: &[u64], children: &[&[u32]]) -> Listed {
        Listed {
            lens: lens.to_vec(),
            children: children.iter().map(|c| c.to_vec()).collect(),
            within: true,
            ..Listed::default()
        }
    }

    pub fn with_move(mut self, from: TierPosition, to: TierPosition, gain: i32, again: bool) -> Listed {
        self.moves.entry((from.tier, from.index)).or_default().push(TierMove { to, gain, again });
        self
    }
}

impl TieredScoring for Listed {
    fn tier_count(&self) -> u32 {
        self.lens.len() as u32
    }
    fn tier_len(&self, tier: u32) -> u64 {
        self.lens[tier as usize]
    }
    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        self.children[tier as usize].clone()
    }
    fn moves_within_tiers(&self) -> bool {
        self.within
    }
    fn tier_moves(&self, tier: u32, index: u64, visit: &mut dyn FnMut(TierMove)) {
        for &m in self.moves.get(&(tier, index)).into_iter().flatten() {
            visit(m);
        }
    }
}

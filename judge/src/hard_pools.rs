//! Pools of positions of a solved loopy game where wrong solutions go wrong, for the problems'
//! hard generators (`Problem::generate_hard`): the deepest wins, losses and ties, the draws,
//! wins with a single winning move, level positions that a single move keeps level, and the
//! finished positions.

use solver_core::graph::SplitMix64;
use solver_core::{LoopySpace, Outcome, OutcomeKind, OutcomeTable, StateId};

/// A kind of position a hard generator draws, each a pool of [`HardPools`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hard {
    /// Unfinished wins, the largest remoteness first: what a search or an iteration cut short,
    /// or a solver that lets the winner dawdle, gets wrong.
    DeepestWin,
    /// Unfinished losses, the largest remoteness first (the loser's longest defence).
    DeepestLoss,
    /// Unfinished ties, the largest remoteness first.
    DeepestTie,
    /// Positions of endless play.
    Draw,
    /// Wins with exactly one winning move among several: every other move changes the outcome.
    OneWinningMove,
    /// Ties and draws where every move but one loses: one move from a change of outcome for the
    /// defender.
    OneSavingMove,
    /// Finished positions (remoteness 0).
    Finished,
}

/// The positions of a solved game sorted into the [`Hard`] pools, each in a fixed order (the
/// deepest by remoteness, largest first, then by id; the others by id), so that a seed draws
/// the same positions every time.
#[derive(Debug, Clone, Default)]
pub struct HardPools {
    deepest_wins: Vec<StateId>,
    deepest_losses: Vec<StateId>,
    deepest_ties: Vec<StateId>,
    draws: Vec<StateId>,
    one_winning_move: Vec<StateId>,
    one_saving_move: Vec<StateId>,
    finished: Vec<StateId>,
}

impl HardPools {
    /// Sorts the positions of `space` that `keep` admits (those a problem's input may hold)
    /// into the pools, by their values in `table` (solved by any engine). The three deepest
    /// pools keep their `deepest` positions of largest remoteness, the others every position
    /// of their kind. Time: one pass over the kept positions and their moves, and a sort of
    /// each deepest pool; memory: 4 bytes a pooled position.
    pub fn build<S: LoopySpace + ?Sized>(
        space: &S,
        table: &OutcomeTable,
        deepest: usize,
        keep: impl Fn(StateId) -> bool,
    ) -> HardPools {
        let mut pools = HardPools::default();
        let mut children = Vec::new();
        for id in StateId::all(space.len()).filter(|&id| keep(id)) {
            if space.terminal_at(id).is_some() {
                pools.finished.push(id);
                continue;
            }
            let value = table.get(id);
            children.clear();
            space.successor_ids(id, &mut children);
            children.sort_unstable();
            children.dedup();
            // A child the opponent loses is a winning move; one the opponent wins, a losing one.
            let count = |kind: OutcomeKind| children.iter().filter(|&&c| table.get(c).kind() == kind).count();
            let several = children.len() > 1;
            match value {
                Outcome::Win(_) => {
                    pools.deepest_wins.push(id);
                    if several && count(OutcomeKind::Loss) == 1 {
                        pools.one_winning_move.push(id);
                    }
                }
                Outcome::Loss(_) => pools.deepest_losses.push(id),
                Outcome::Tie(_) | Outcome::Draw => {
                    if let Outcome::Tie(_) = value {
                        pools.deepest_ties.push(id);
                    } else {
                        pools.draws.push(id);
                    }
                    if several && count(OutcomeKind::Win) == children.len() - 1 {
                        pools.one_saving_move.push(id);
                    }
                }
            }
        }
        for pool in [&mut pools.deepest_wins, &mut pools.deepest_losses, &mut pools.deepest_ties] {
            pool.sort_by_key(|&id| (std::cmp::Reverse(table.get(id).remoteness()), id));
            pool.truncate(deepest);
        }
        pools
    }

    /// The pool of `kind`.
    pub fn pool(&self, kind: Hard) -> &[StateId] {
        match kind {
            Hard::DeepestWin => &self.deepest_wins,
            Hard::DeepestLoss => &self.deepest_losses,
            Hard::DeepestTie => &self.deepest_ties,
            Hard::Draw => &self.draws,
            Hard::OneWinningMove => &self.one_winning_move,
            Hard::OneSavingMove => &self.one_saving_move,
            Hard::Finished => &self.finished,
        }
    }

    /// Keeps only the positions of the pool `kind` that `keep` admits.
    pub fn retain(&mut self, kind: Hard, keep: impl FnMut(&StateId) -> bool) {
        let pool = match kind {
            Hard::DeepestWin => &mut self.deepest_wins,
            Hard::DeepestLoss => &mut self.deepest_losses,
            Hard::DeepestTie => &mut self.deepest_ties,
            Hard::Draw => &mut self.draws,
            Hard::OneWinningMove => &mut self.one_winning_move,
            Hard::OneSavingMove => &mut self.one_saving_move,
            Hard::Finished => &mut self.finished,
        };
        pool.retain(keep);
    }

    /// A position of the pool `kinds[i]` for the first `i` from `start` on (cyclically) whose
    /// pool is not empty, chosen by `rng`; `None` when every pool of `kinds` is empty.
    pub fn draw(&self, kinds: &[Hard], start: usize, rng: &mut SplitMix64) -> Option<StateId> {
        let pool = (0..kinds.len()).map(|i| self.pool(kinds[(start + i) % kinds.len()])).find(|p| !p.is_empty())?;
        Some(pool[rng.below(pool.len() as u64) as usize])
    }
}

/// Which of `shares` (each a weight) a draw of `rng` falls on: the index into `shares`, each
/// `i` with probability `shares[i] / sum`. `shares` must not sum to 0.
pub fn share(shares: &[u64], rng: &mut SplitMix64) -> usize {
    let mut r = rng.below(shares.iter().sum());
    for (i, &s) in shares.iter().enumerate() {
        if r < s {
            return i;
        }
        r -= s;
    }
    unreachable!("r is below the sum of the shares")
}

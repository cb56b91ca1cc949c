//! The acyclic oracles: memoized recursion straight from the definitions.

use crate::{Budget, Meter, OracleError};
use solver_core::{ImpartialRules, Nimber, ScoredMove, ScoringRules};
use std::collections::{HashMap, HashSet};

/// Sprague-Grundy values by memoized recursion: a position's value is the least number that is
/// not the xor of the values of some option's parts.
///
/// Time `O(N + P)` over the `N` positions reached and `P` parts of their options; recursion as
/// deep as the longest play. Declines past the budget's states, depth or work: one unit for each
/// position reached and one for each part of each of its options (an option without parts, one).
pub struct GrundyOracle<'r, R: ImpartialRules + ?Sized> {
    rules: &'r R,
    budget: Budget,
    meter: Meter,
    /// `None` while the position is being evaluated, to catch cycles.
    memo: HashMap<R::State, Option<Nimber>>,
}

impl<'r, R: ImpartialRules + ?Sized> GrundyOracle<'r, R> {
    /// An oracle with an empty memo.
    pub fn new(rules: &'r R, budget: Budget) -> Self {
        GrundyOracle { rules, budget, meter: Meter::new(budget), memo: HashMap::new() }
    }

    /// The units of work spent so far, over every call of [`GrundyOracle::value`].
    pub fn work(&self) -> u64 {
        self.meter.spent
    }

    /// The Grundy value of `state`.
    pub fn value(&mut self, state: &R::State) -> Result<Nimber, OracleError> {
        self.value_at_depth(state, 0)
    }

    fn value_at_depth(&mut self, state: &R::State, depth: usize) -> Result<Nimber, OracleError> {
        match self.memo.get(state) {
            Some(Some(v)) => return Ok(*v),
            Some(None) => return Err(OracleError::Cycle(format!("{state:?}"))),
            None if self.memo.len() >= self.budget.max_states || depth > self.budget.max_depth => {
                return Err(self.budget.exceeded());
            }
            None => {}
        }
        let mut options: Vec<Vec<R::State>> = Vec::new();
        self.rules.options(state, &mut |parts| options.push(parts.to_vec()));
        self.meter.spend(1 + options.iter().map(|parts| parts.len().max(1)).sum::<usize>())?;
        self.memo.insert(state.clone(), None);
        let mut reachable = HashSet::new();
        for parts in &options {
            let mut sum = 0;
            for part in parts {
                sum ^= self.value_at_depth(part, depth + 1)?.0;
            }
            reachable.insert(sum);
        }
        let mex = (0..).find(|v| !reachable.contains(v)).expect("a finite set misses some number");
        self.memo.insert(state.clone(), Some(Nimber(mex)));
        Ok(Nimber(mex))
    }
}

/// Best future score difference (mover minus opponent) by memoized recursion: the best move's
/// gain plus the next position's value if the mover moves again, minus it otherwise; 0 when
/// there is no move.
///
/// Time `O(N + E)`; recursion as deep as the longest play. Declines past the budget's states,
/// depth or work: one unit for each position reached and one for each of its moves.
pub struct ScoreOracle<'r, R: ScoringRules + ?Sized> {
    rules: &'r R,
    budget: Budget,
    meter: Meter,
    memo: HashMap<R::State, Option<i64>>,
}

impl<'r, R: ScoringRules + ?Sized> ScoreOracle<'r, R> {
    /// An oracle with an empty memo.
    pub fn new(rules: &'r R, budget: Budget) -> Self {
        ScoreOracle { rules, budget, meter: Meter::new(budget), memo: HashMap::new() }
    }

    /// The units of work spent so far, over every call of [`ScoreOracle::value`].
    pub fn work(&self) -> u64 {
        self.meter.spent
    }

    /// The value of `state` for the player to move.
    pub fn value(&mut self, state: &R::State) -> Result<i64, OracleError> {
        self.value_at_depth(state, 0)
    }

    fn value_at_depth(&mut self, state: &R::State, depth: usize) -> Result<i64, OracleError> {
        match self.memo.get(state) {
            Some(Some(v)) => return Ok(*v),
            Some(None) => return Err(OracleError::Cycle(format!("{state:?}"))),
            None if self.memo.len() >= self.budget.max_states || depth > self.budget.max_depth => {
                return Err(self.budget.exceeded());
            }
            None => {}
        }
        let mut moves: Vec<ScoredMove<R::State>> = Vec::new();
        self.rules.scored_moves(state, &mut moves);
        self.meter.spend(1 + moves.len())?;
        self.memo.insert(state.clone(), None);
        let mut best = None;
        for m in &moves {
            let next = self.value_at_depth(&m.to, depth + 1)?;
            let value = m.gain as i64 + if m.again { next } else { -next };
            best = Some(best.map_or(value, |b: i64| b.max(value)));
        }
        let value = best.unwrap_or(0);
        self.memo.insert(state.clone(), Some(value));
        Ok(value)
    }
}

//! The check of every search engine against a solved table on every acyclic space: its value
//! at positions of the space ([`check_search`]), through the family's search on the space and
//! through the game's own search where it has one. `verify` samples a few hundred positions
//! ([`SearchCheckPlan::QUICK`]); the tests search every position of a small size of each game
//! ([`SearchCheckPlan::EVERY_POSITION`]).

use crate::check::Failure;
use crate::search::{Engine, SearchFailure, Searchable, agrees};
use crate::solve::{SolvableGame, Solved, show};
pub use crate::verify::{SearchCheck, SearchCheckPlan};
use solver_core::search::{SearchError, SearchLimits};
use std::time::{Duration, Instant};

/// The transposition table of each search of the check: small, so that allocating it costs
/// little against the search (the searches are many and most are short).
const CHECK_TT_BYTES: usize = 64 << 10;

/// Every search engine on positions of `game` through `search` (solver-core's, and the game's
/// dedicated solver strong and weak where it has one), each answer compared with the
/// table `table` (solved by one of `game`'s engines and verified), at the positions `plan`
/// names ([`SearchCheckPlan`]: every one of a small space, else the start and a seeded sample
/// spread over the numbers), positions handed to `search` as `#n` when `by_number` (a search on
/// the space's numbering), else in the game's notation (so that a game's own search is checked
/// with its notation). A position whose search runs past the plan's node budget (or fills a
/// proof-number graph, or plays a line past the search's depth) is counted, not failed, and skipped by the other engines; the check
/// ends once the searches have visited the plan's total. `what` names the search in a failure.
/// Time: the searches' nodes, at most the plan's total.
pub fn check_search(
    game: &dyn SolvableGame,
    search: &dyn Searchable,
    table: &dyn Solved,
    what: &str,
    by_number: bool,
    plan: &SearchCheckPlan,
) -> Result<SearchCheck, Failure> {
    let started = Instant::now();
    let limits = SearchLimits { tt_bytes: CHECK_TT_BYTES, node_budget: plan.node_budget, ..SearchLimits::default() };
    let engines = Engine::all(search);
    let mut checked =
        SearchCheck { agreed: 0, over_budget: 0, nodes: 0, elapsed: Duration::ZERO, engines: engines.len() };
    'positions: for index in sample(game.positions(), game.start(), plan) {
        if checked.nodes > plan.total_nodes {
            break;
        }
        let text = if by_number { format!("#{index}") } else { game.describe(index) };
        let value = table.value(index);
        for &engine in &engines {
            let engine_name = format!("search {} ({what})", engine.name());
            let found = match engine.run(search, &text, &limits) {
                Ok(found) => found,
                Err(SearchFailure::Search(SearchError::NodeBudget { nodes, .. })) => {
                    checked.over_budget += 1;
                    checked.nodes += nodes;
                    continue 'positions;
                }
                // A proof-number graph that fills, or a line past the search's depth on a space
                // known to be acyclic (a random DAG's 100,000 levels), is a limit like the
                // budget, not a wrong answer.
                Err(SearchFailure::Search(SearchError::TreeFull { .. } | SearchError::Cycle { .. })) => {
                    checked.over_budget += 1;
                    continue 'positions;
                }
                Err(e) => {
                    let reason = format!("at position #{index} ({text}): {e}");
                    return Err(Failure::EngineError { engine: engine_name, reason });
                }
            };
            checked.nodes += found.stats.nodes;
            if !agrees(found.answer, value) {
                return Err(Failure::Disagreement {
                    engine: engine_name,
                    other: "the table".to_string(),
                    position: format!("position #{index} ({text})"),
                    value: found.answer.to_string(),
                    other_value: show(value),
                });
            }
        }
        checked.agreed += 1;
    }
    checked.elapsed = started.elapsed();
    Ok(checked)
}

/// The positions the check searches: every one of `positions` up to the plan's
/// [`SearchCheckPlan::every_up_to`], else `start` and then numbers spread over the rest by a
/// fixed-seed generator (the same sample on every run).
fn sample(positions: u64, start: u64, plan: &SearchCheckPlan) -> Vec<u64> {
    if positions <= plan.every_up_to {
        let mut all: Vec<u64> = (0..positions).collect();
        all.swap(0, start as usize);
        return all;
    }
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut picked = vec![start];
    while (picked.len() as u64) < plan.sampled {
        // splitmix64: a fixed, well-spread sequence.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        picked.push((z ^ (z >> 31)) % positions);
    }
    picked
}

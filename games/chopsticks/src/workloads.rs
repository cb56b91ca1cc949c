//! What `gamesolve verify`, `gamesolve stats` and the fuzz targets run: each variant's whole
//! space through every engine and the oracle, one variant summarized, one position from bytes
//! against the plain rules.

use crate::plain::{PlainPosition, PlainRules};
use crate::rules::{Position, Rule, Splits, Variant};
use crate::space::Chopsticks;
use solver_core::{RetrogradeEngine, StateId, StateSpace};
use testkit::check::{OracleSide, check_loopy_with_unmoves};
use testkit::space::{check_loopy_space, check_unmoves, id_from_bytes};
use testkit::stats::{self, Params, StatsReport, StatsTarget};
use testkit::workload::{Row, Workload};

/// The plain form of a position of the space, for [`OracleSide`].
pub fn plain(position: &Position) -> PlainPosition {
    PlainPosition::from_position(position)
}

/// The name of a variant's workload and stats report: `chopsticks rule=cutoff splits=none`.
pub fn name(variant: Variant) -> String {
    format!("chopsticks {variant}")
}

/// Each of the six variants, whole, through every retrograde engine, the verifier and the
/// oracle on the plain rules (at most 207 positions each: well under a millisecond).
pub fn workloads() -> Vec<Workload> {
    Variant::ALL
        .into_iter()
        .map(|variant| {
            Workload::new(name(variant), move |budget| {
                let space = Chopsticks::new(variant);
                let rules = PlainRules::new(variant);
                let side = OracleSide { rules: &rules, state: &plain };
                check_loopy_with_unmoves(&space, Some(side), budget).map(Row::loopy)
            })
        })
        .collect()
}

/// The variant named by `rule=` and `splits=` (defaults `cutoff` and `none`).
pub fn variant_from_params(params: &mut Params) -> Result<Variant, String> {
    let rule_word = params.text("rule", "cutoff");
    let rule =
        Rule::from_word(&rule_word).ok_or_else(|| format!("rule must be cutoff or rollover, found `{rule_word}`"))?;
    let splits_word = params.text("splits", "none");
    let splits = Splits::from_word(&splits_word)
        .ok_or_else(|| format!("splits must be none, nosuicide or any, found `{splits_word}`"))?;
    Ok(Variant::new(rule, splits))
}

/// One variant's summary, with the start's value and the count of finished positions as notes.
pub fn report(variant: Variant) -> StatsReport {
    let space = Chopsticks::new(variant);
    let mut report = stats::loopy_with_unmoves(name(variant), &space, |p| format!("{p} (mover / opponent)"));
    let table = RetrogradeEngine::ReverseGraph.solve(&space).expect("at most 225 positions");
    let finished = StateId::all(space.len()).filter(|&id| space.unrank(id).mover.is_out()).count();
    report.notes.push(format!("start 1 1 / 1 1: {} for the first player", table.get(space.start())));
    report.notes.push(format!("finished positions (the mover has no live hand): {finished}"));
    report
}

/// `gamesolve stats chopsticks rule=cutoff|rollover splits=none|nosuicide|any`.
pub const STATS_TARGETS: &[StatsTarget] = &[StatsTarget {
    name: "chopsticks",
    params: "rule=cutoff (cutoff|rollover) splits=none (none|nosuicide|any): one variant's positions reachable from the start",
    run: |params| variant_from_params(params).map(report),
}];

/// `rank_chopsticks`: a variant (the first byte) and one of its positions (the next four)
/// checked against the plain rules: the ranking round-trips, finished exactly when the rules
/// say so, the moves on ids are the rules' moves, and the un-moves invert the moves.
pub fn rank_chopsticks(data: &[u8]) -> Result<(), String> {
    let variant = Variant::ALL[usize::from(data.first().copied().unwrap_or(0)) % Variant::ALL.len()];
    let space = Chopsticks::new(variant);
    let rules = PlainRules::new(variant);
    let id = id_from_bytes(&space, data, 1);
    check_loopy_space(&space, &OracleSide { rules: &rules, state: &plain }, [id]).map_err(|e| e.to_string())?;
    check_unmoves(&space, [id]).map_err(|e| e.to_string())
}

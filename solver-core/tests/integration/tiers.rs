//! The tier engine on small tiered spaces written out by hand: values derived next to each
//! space, the tier order and waves, memory released as soon as no tier needs it, and every way
//! a space can break the tier contract reported instead of read. (Dots and boxes' tests compare
//! the engine with the whole-space score DP on real boards, both tierings.)

use crate::common::{Listed, at};
use solver_core::tiers::{TierError, TierMove, TierPosition, TieredScoring, solve_tiers, tier_order};
use std::collections::BTreeMap;

/// Every tier's table, by tier.
fn solve(space: &Listed) -> Result<BTreeMap<u32, Vec<i8>>, TierError> {
    let mut tables = BTreeMap::new();
    solve_tiers::<i8, _>(space, |tier, values| {
        assert!(tables.insert(tier, values.to_vec()).is_none(), "tier {tier} given twice");
        Ok(())
    })?;
    Ok(tables)
}

/// Tier 2 (two positions) moves into tier 1 (a chain of three inside it) and tier 0 (one
/// position without moves).
fn three_tiers() -> Listed {
    Listed::new(&[1, 3, 2], &[&[], &[0], &[1, 0]])
        .with_move(at(1, 0), at(1, 1), 1, false)
        .with_move(at(1, 1), at(1, 2), 1, false)
        .with_move(at(1, 2), at(0, 0), 2, true)
        .with_move(at(2, 0), at(1, 0), 0, false)
        .with_move(at(2, 0), at(0, 0), 1, false)
        .with_move(at(2, 1), at(1, 1), 3, true)
}

#[test]
fn values_by_hand() {
    // Tier 0: no moves, 0. Tier 1: index 2 scores 2 and moves again into a 0: 2; index 1
    // scores 1 and passes to a 2: 1 - 2 = -1; index 0 scores 1 and passes to a -1: 1 + 1 = 2.
    // Tier 2: index 0 takes the better of 0 - 2 = -2 and 1 - 0 = 1: 1; index 1 scores 3 and
    // moves again into a -1: 2.
    let tables = solve(&three_tiers()).unwrap();
    assert_eq!(tables, BTreeMap::from([(0, vec![0]), (1, vec![2, -1, 2]), (2, vec![1, 2])]));
    assert_eq!(tier_order(&three_tiers()).unwrap(), [(0, 0), (1, 1), (2, 2)]);
}

#[test]
fn tables_are_released_once_no_tier_reads_them() {
    // Tier 0 (1 position) is read by tiers 1 and 2; tier 1 (3) by tier 2 (2). Waves: 0, 1, 2.
    // Solving tier 2 holds all three tables (6 bytes); before, tiers 0 and 1 (4 bytes).
    let report = solve_tiers::<i8, _>(&three_tiers(), |_, _| Ok(())).unwrap();
    assert_eq!((report.tiers, report.waves, report.positions, report.peak_table_bytes), (3, 3, 6, 6));
    // Two independent roots above one leaf: one wave of two tiers, then the leaf is released.
    let fork = Listed::new(&[4, 1, 1], &[&[], &[0], &[0]]);
    let report = solve_tiers::<i16, _>(&fork, |_, _| Ok(())).unwrap();
    assert_eq!((report.waves, report.peak_table_bytes), (2, 2 * (4 + 1 + 1)));
}

#[test]
fn a_table_is_released_as_soon_as_its_last_reader_is_solved() {
    // A chain 0 <- 1 <- 2 <- 3 of 1, 2, 4 and 8 positions, and tier 4 (3 positions) reading
    // tier 0 beside tier 1. Waves: {0}, {1, 4}, {2}, {3}. Counted in positions: wave 0 holds
    // 1; wave 1 1 + 2 + 3 = 6, then tier 0 (read by 1 and 4) and tier 4 (read by none) go,
    // leaving 2; wave 2 2 + 4 = 6, then tier 1 goes, leaving 4; wave 3 4 + 8 = 12. Kept all
    // along, the tables would reach 18 positions. In i16, 2 bytes a position.
    let space = Listed::new(&[1, 2, 4, 8, 3], &[&[], &[0], &[1], &[2], &[0]]);
    let report = solve_tiers::<i16, _>(&space, |_, _| Ok(())).unwrap();
    assert_eq!((report.waves, report.positions, report.peak_table_bytes), (4, 18, 2 * 12));
}

/// One tier of three positions, 0 -> 1 -> 2, each move scoring 1, with `moves_within_tiers`
/// left at its default.
struct OneTierChain;

impl TieredScoring for OneTierChain {
    fn tier_count(&self) -> u32 {
        1
    }
    fn tier_len(&self, _: u32) -> u64 {
        3
    }
    fn child_tiers(&self, _: u32) -> Vec<u32> {
        Vec::new()
    }
    fn tier_moves(&self, _: u32, index: u64, visit: &mut dyn FnMut(TierMove)) {
        if index < 2 {
            visit(TierMove { to: at(0, index + 1), gain: 1, again: false });
        }
    }
}

#[test]
fn moves_may_stay_inside_a_tier_by_default() {
    // 2 has no moves: 0; 1 scores 1 and passes to a 0: 1; 0 scores 1 and passes to a 1: 0.
    let mut table = Vec::new();
    solve_tiers::<i8, _>(&OneTierChain, |_, values| {
        table = values.to_vec();
        Ok(())
    })
    .unwrap();
    assert_eq!(table, [0, 1, 0]);
}

#[test]
fn a_tier_without_moves_inside_is_solved_on_every_thread() {
    // 10,000 positions in tier 1, each moving to position (index % 3) of tier 0, which is
    // worth 0; each scores index % 5.
    let mut space = Listed::new(&[3, 10_000], &[&[], &[0]]);
    space.within = false;
    for i in 0..10_000u64 {
        space = space.with_move(at(1, i), at(0, i % 3), (i % 5) as i32, false);
    }
    let expected: Vec<i8> = (0..10_000).map(|i| (i % 5) as i8).collect();
    for threads in [1, 2, 3] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        assert_eq!(pool.install(|| solve(&space)).unwrap()[&1], expected, "{threads} threads");
    }
}

#[test]
fn broken_tier_structures_are_named() {
    let cycle = Listed::new(&[1, 1, 1], &[&[1], &[2], &[0]]);
    assert!(matches!(solve(&cycle), Err(TierError::Cycle { .. })));
    let own_child = Listed::new(&[1], &[&[0]]);
    assert_eq!(solve(&own_child).unwrap_err(), TierError::Cycle { tier: 0 });
    let unknown = Listed::new(&[1, 1], &[&[], &[5]]);
    assert_eq!(solve(&unknown).unwrap_err(), TierError::UnknownChild { tier: 1, child: 5, tiers: 2 });
    assert_eq!(
        TierError::UnknownChild { tier: 1, child: 5, tiers: 2 }.to_string(),
        "tier 1 names child tier 5, but there are only 2 tiers"
    );

    let bad = |space: Listed, from: TierPosition, to: TierPosition| {
        let err = solve(&space.with_move(from, to, 0, false)).unwrap_err();
        match err {
            TierError::BadMove { from: f, to: t, why } => {
                assert_eq!((f, t), (from, to));
                why
            }
            other => panic!("expected a bad move, got {other}"),
        }
    };
    // Tier 2 does not list tier 0 as a child, though tier 0's table is still held then (tier 3
    // reads it).
    let chain = Listed::new(&[1, 1, 1, 1], &[&[], &[0], &[1], &[0, 2]]);
    assert!(bad(chain, at(2, 0), at(0, 0)).contains("not a child"));
    let two = Listed::new(&[1, 2], &[&[], &[0]]);
    assert!(bad(two.clone(), at(1, 1), at(1, 0)).contains("larger index"));
    assert!(bad(two.clone(), at(1, 1), at(1, 1)).contains("larger index"));
    assert!(bad(two.clone(), at(1, 0), at(0, 1)).contains("past its tier's end"));
    let mut flat = two;
    flat.within = false;
    assert!(bad(flat, at(1, 0), at(1, 1)).contains("inside a tier"));
}

#[test]
fn overflows_and_handler_errors_stop_the_run() {
    let rich = Listed::new(&[1, 1, 1], &[&[], &[0], &[1]]).with_move(at(1, 0), at(0, 0), 100, true).with_move(
        at(2, 0),
        at(1, 0),
        100,
        true,
    );
    assert_eq!(solve(&rich).unwrap_err(), TierError::Overflow { at: at(2, 0), value: 200 });
    assert_eq!(solve_tiers::<i16, _>(&rich, |_, _| Ok(())).unwrap().positions, 3);

    let mut seen = Vec::new();
    let err = solve_tiers::<i8, _>(&three_tiers(), |tier, _| {
        seen.push(tier);
        if tier == 1 { Err("disk full".to_string()) } else { Ok(()) }
    })
    .unwrap_err();
    assert_eq!(err, TierError::Handler { tier: 1, reason: "disk full".into() });
    assert_eq!(seen, [0, 1], "nothing is solved after the handler's error");
}

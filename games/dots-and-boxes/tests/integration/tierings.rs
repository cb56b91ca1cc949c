//! solver-core's tier engine on both tierings of a board (a group of lines also taken as the
//! last lines of the same size) against solver-core's score DP on the whole space (itself
//! checked against the oracle in `engine.rs`): every position of every board up to 2x3 and of
//! random small boards, under both rules, on 1 to 3 threads; the numbering of each tiering is a
//! bijection; the peak memory is the two largest adjacent tiers, computed here from binomials.

use dots_and_boxes::tierings::{BoardTiering, ByLineGroup, ByLinesDrawn};
use dots_and_boxes::{Board, DotsAndBoxes, Rule};
use proptest::prelude::*;
use solver_core::tiers::{TierPosition, TieredScoring, solve_tiers, tier_order};
use solver_core::{StateSpace, score_table};

fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a thread pool").install(f)
}

/// The whole-space table the tier engine gives on `tiering`, each tier's values put back at
/// the ids `lines(position)` names; every id must be filled exactly once.
fn whole_table<T: TieredScoring>(tiering: &T, len: usize, lines: impl Fn(TierPosition) -> u32) -> Vec<i8> {
    let mut table: Vec<Option<i8>> = vec![None; len];
    solve_tiers::<i8, _>(tiering, |tier, values| {
        for (index, &v) in values.iter().enumerate() {
            let id = lines(TierPosition { tier, index: index as u64 }) as usize;
            assert!(table[id].replace(v).is_none(), "id {id} given twice");
        }
        Ok(())
    })
    .unwrap();
    table.into_iter().enumerate().map(|(id, v)| v.unwrap_or_else(|| panic!("id {id} never given"))).collect()
}

fn assert_tierings_agree(board: Board, rule: Rule, group: u32, threads: usize) -> Result<(), TestCaseError> {
    let game = DotsAndBoxes::new(board, rule);
    let expected = score_table::<i8, _>(&game).unwrap();
    let by_lines = ByLinesDrawn::new(game.clone());
    let by_group = ByLineGroup::new(game.clone(), group);
    let last_lines = ByLineGroup::last_lines(game.clone(), group.count_ones());
    for id in 0..game.len() as u32 {
        prop_assert_eq!(by_lines.lines(by_lines.position(id)), id);
        prop_assert_eq!(by_group.lines(by_group.position(id)), id);
        prop_assert_eq!(last_lines.lines(last_lines.position(id)), id);
    }
    let (a, b, c) = in_pool(threads, || {
        (
            whole_table(&by_lines, game.len(), |p| by_lines.lines(p)),
            whole_table(&by_group, game.len(), |p| by_group.lines(p)),
            whole_table(&last_lines, game.len(), |p| last_lines.lines(p)),
        )
    });
    prop_assert!(a == expected, "{:?} {:?}: by lines drawn on {} threads", board, rule, threads);
    prop_assert!(b == expected, "{:?} {:?}: by line group {:#b} on {} threads", board, rule, group, threads);
    prop_assert!(
        c == expected,
        "{:?} {:?}: by the last {} lines on {} threads",
        board,
        rule,
        group.count_ones(),
        threads
    );
    Ok(())
}

#[test]
fn every_board_up_to_2x3_by_both_tierings() {
    for (rows, cols) in [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (1, 5), (2, 3), (3, 2)] {
        let board = Board::new(rows, cols).unwrap();
        let lines = board.lines() as u32;
        // No group (one tier), every line (one position a tier), the first few, every other.
        for group in [0, (1 << lines) - 1, 0b111, 0x5555_5555] {
            for rule in Rule::ALL {
                assert_tierings_agree(board, rule, group, 2).unwrap();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_small_boards_groups_and_threads(rows in 1usize..=3, cols in 1usize..=3, group in any::<u32>(), threads in 1usize..=3, again in any::<bool>()) {
        let board = Board::new(rows, cols).unwrap();
        // 3x3 has 24 lines: too many for a quick property; take 2x3 instead.
        let board = if board.lines() > 17 { Board::new(2, 3).unwrap() } else { board };
        assert_tierings_agree(board, if again { Rule::MoveAgain } else { Rule::TurnPasses }, group, threads)?;
    }
}

/// C(n, k).
fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}

#[test]
fn by_lines_drawn_holds_two_adjacent_tiers_at_most() {
    let board = Board::new(2, 3).unwrap();
    let lines = board.lines() as u64;
    let tiering = ByLinesDrawn::new(DotsAndBoxes::new(board, Rule::MoveAgain));
    let report = solve_tiers::<i8, _>(&tiering, |_, _| Ok(())).unwrap();
    assert_eq!((report.tiers, report.waves, report.positions), (18, 18, 1 << 17));
    // Tier k (k lines drawn) is solved while tier k + 1, which it reads, is held; tier k + 2
    // went when tier k + 1 was done. One byte a position.
    let largest_pair = (0..lines).map(|k| binomial(lines, k) + binomial(lines, k + 1)).max().unwrap();
    assert_eq!(report.peak_table_bytes, largest_pair);
    assert_eq!(largest_pair, binomial(17, 8) + binomial(17, 9));
}

#[test]
fn by_line_group_waves_follow_the_patterns() {
    // A group of 3 lines: 8 tiers, a wave per number of group lines drawn (3 down to 0).
    let tiering = ByLineGroup::new(DotsAndBoxes::new(Board::new(1, 2).unwrap(), Rule::TurnPasses), 0b111);
    let order = tier_order(&tiering).unwrap();
    for &(tier, wave) in &order {
        assert_eq!(wave, 3 - tier.count_ones(), "tier {tier:#b}");
    }
    let report = solve_tiers::<i8, _>(&tiering, |_, _| Ok(())).unwrap();
    assert_eq!((report.tiers, report.waves, report.positions), (8, 4, 128));
}

/// The last lines as the group: consecutive ids, numbered by a shift and a mask.
#[test]
fn the_last_lines_make_tiers_of_consecutive_ids() {
    for (rows, cols) in [(1, 1), (1, 3), (2, 2), (2, 3)] {
        let board = Board::new(rows, cols).unwrap();
        let game = DotsAndBoxes::new(board, Rule::MoveAgain);
        for group in [0, 1, 4, 40] {
            let tiering = ByLineGroup::last_lines(game.clone(), group);
            let mut next = 0;
            for tier in 0..tiering.tier_count() {
                let first = tiering.first_id(tier).expect("the last lines make consecutive tiers");
                assert_eq!(first, next, "{board:?} group {group} tier {tier}");
                for index in 0..tiering.tier_len(tier) {
                    let at = TierPosition { tier, index };
                    assert_eq!(tiering.lines(at), first + index as u32);
                    assert_eq!(tiering.position(first + index as u32), at);
                }
                next += tiering.tier_len(tier) as u32;
            }
            assert_eq!(next as usize, game.len());
        }
        // Any other group does not.
        assert_eq!(ByLineGroup::new(game.clone(), 0b1).first_id(1), None);
    }
}

//! Subtraction games against the plain rules and the oracle: the whole space of a heap is the
//! plain rules' (workbench's space check), its Grundy table is the Grundy oracle's, and the
//! win/loss of a whole sum of heaps, searched without Grundy theory, must be "the xor of the
//! engine's values is not zero" on every reachable sum.

use nim::plain::{PlainHeap, PlainPiles, Take};
use nim::{SubtractionError, SubtractionGame, bounded_value, nim_value};
use oracle::{Budget, GrundyOracle, solve_loopy};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use solver_core::verify::verify_grundy;
use solver_core::{Nimber, Outcome};
use workbench::check::{OracleSide, check_grundy};
use workbench::space::{check_impartial_space, every_id};

const BUDGET: Budget = Budget { max_states: 200_000, max_depth: 1_000, max_work: u64::MAX };

/// A take rule and the engine's game for it, on heaps up to `max_heap`.
fn both_sides(take: &Take, max_heap: u32) -> SubtractionGame {
    match take {
        Take::Any => SubtractionGame::nim(max_heap),
        Take::AtMost(most) => SubtractionGame::bounded(*most, max_heap),
        Take::OneOf(set) => SubtractionGame::new(set.iter().copied(), max_heap),
    }
    .unwrap()
}

fn take_rule() -> impl Strategy<Value = Take> {
    prop_oneof![
        1 => Just(Take::Any),
        2 => (1..=5u32).prop_map(Take::AtMost),
        4 => proptest::collection::btree_set(1..=7u32, 0..=4).prop_map(|s| Take::OneOf(s.into_iter().collect())),
    ]
}

proptest! {
    // Shrunk failures are saved beside this file; turn each into a named test case.
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_sum_of_heaps_is_won_iff_the_xor_of_the_values_is_not_zero(
        rules in proptest::collection::vec(take_rule(), 1..=2),
        heaps in proptest::collection::vec((0..2usize, 0..=9u32), 1..=3),
    ) {
        let heaps: Vec<(usize, u32)> = heaps.into_iter().map(|(r, h)| (r % rules.len(), h)).collect();
        let tables: Vec<Vec<Nimber>> = rules.iter().map(|t| both_sides(t, 9).values()).collect();
        let plain = PlainPiles { rules: rules.clone() };
        let values = solve_loopy(&plain, [PlainPiles::state(heaps)], BUDGET).unwrap();
        for (state, outcome) in &values {
            let sum: Nimber = state.iter().map(|&(r, h)| tables[r][h as usize]).sum();
            prop_assert!(matches!(outcome, Outcome::Win(_) | Outcome::Loss(_)), "{:?} is {:?}", state, outcome);
            prop_assert_eq!(matches!(outcome, Outcome::Win(_)), sum.is_win(), "{:?}", state);
        }
    }

    #[test]
    fn the_table_is_verified_and_equals_the_grundy_oracle(take in take_rule(), max_heap in 0..=40u32) {
        let game = both_sides(&take, max_heap);
        let values = game.values();
        verify_grundy(&game, &values).unwrap();
        let plain = PlainHeap { take };
        let mut oracle = GrundyOracle::new(&plain, BUDGET);
        for heap in 0..=max_heap {
            prop_assert_eq!(oracle.value(&heap).unwrap(), values[heap as usize], "heap {}", heap);
        }
    }

    #[test]
    fn the_space_is_the_plain_rules(take in take_rule(), max_heap in 0..=30u32) {
        let game = both_sides(&take, max_heap);
        let plain = PlainHeap { take };
        let side = OracleSide { rules: &plain, state: &|h: &u32| *h };
        check_impartial_space(&game, &side, every_id(&game)).map_err(|e| TestCaseError::fail(e.to_string()))?;
    }
}

#[test]
fn the_closed_forms_equal_the_tables() {
    let nim = SubtractionGame::nim(200).unwrap().values();
    assert!((0..=200).all(|h| nim[h as usize] == nim_value(h)));
    for most in 1..=25 {
        let bash = SubtractionGame::bounded(most, 200).unwrap().values();
        assert!((0..=200).all(|h| bash[h as usize] == bounded_value(h, most)), "take at most {most}");
    }
    assert_eq!(bounded_value(7, u32::MAX), Nimber(7));
}

#[test]
fn bad_sets_and_sizes_are_rejected() {
    assert_eq!(SubtractionGame::new([2, 0], 5), Err(SubtractionError::ZeroTake));
    assert_eq!(SubtractionGame::new([1], u32::MAX), Err(SubtractionError::HeapTooLarge(u32::MAX)));
    // Sizes above the largest heap are dropped, repeats merged.
    assert_eq!(SubtractionGame::new([9, 2, 2, 1], 5).unwrap().takes(), [1, 2]);
    // With nothing to take every heap is lost for the player to move.
    assert!(SubtractionGame::new([], 5).unwrap().values().iter().all(|v| !v.is_win()));
}

#[test]
fn whole_spaces_of_the_classic_sets_against_the_plain_rules_and_the_oracle() {
    for (take, max_heap) in [
        (Take::Any, 60),
        (Take::AtMost(1), 200),
        (Take::AtMost(20), 200),
        (Take::OneOf(vec![1, 3, 4]), 200),
        (Take::OneOf(vec![2, 5, 7]), 200),
        (Take::OneOf(vec![]), 10),
    ] {
        let game = both_sides(&take, max_heap);
        let plain = PlainHeap { take: take.clone() };
        let side = OracleSide { rules: &plain, state: &|h: &u32| *h };
        check_impartial_space(&game, &side, every_id(&game)).unwrap_or_else(|e| panic!("{take:?}: {e}"));
        let side = OracleSide { rules: &plain, state: &|h: &u32| *h };
        check_grundy(&game, Some(side), BUDGET)
            .and_then(|c| c.oracle_agreed())
            .unwrap_or_else(|e| panic!("{take:?}: {e}"));
    }
}

#[test]
fn the_takes_to_a_value_are_the_moves_that_leave_it() {
    for take in [Take::Any, Take::AtMost(3), Take::OneOf(vec![1, 3, 4])] {
        let game = both_sides(&take, 30);
        let values = game.values();
        for heap in 0..=30u32 {
            for wanted in 0..6 {
                let expected: Vec<u32> =
                    (1..=heap).filter(|&k| take.allows(k) && values[(heap - k) as usize] == Nimber(wanted)).collect();
                assert_eq!(
                    game.takes_to(&values, heap, Nimber(wanted)).collect::<Vec<_>>(),
                    expected,
                    "{take:?} {heap}"
                );
            }
        }
    }
}

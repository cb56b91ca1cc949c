//! The Grundy values against a search of whole positions that knows nothing of Sprague-Grundy
//! theory (`oracle::solve_loopy` on every heap or row at once): a sum of heaps is won for the
//! player to move exactly when the xor of the heaps' values is not 0. This checks the
//! engines, the theorem, and the octal code's reading of the rules together. And the space
//! itself: [`OctalGame`]'s options on ids are the plain rules' options, on every heap.

use octal::plain::{Heap, Heaps, Rows};
use octal::{OctalCode, OctalGame, naive_grundy, sparse_grundy};
use oracle::{Budget, GrundyOracle, solve_loopy};
use proptest::prelude::*;
use solver_core::{Outcome, grundy_table};
use workbench::check::OracleSide;
use workbench::space::{check_impartial_space, every_id};

const BUDGET: Budget = Budget { max_states: 200_000, max_depth: 1_000, max_work: u64::MAX };

fn code() -> impl Strategy<Value = OctalCode> {
    let d0 = prop_oneof![5 => Just(0u8), 1 => Just(4u8)];
    (d0, proptest::collection::vec(0u8..=7, 1..=4)).prop_map(|(d0, rest)| {
        let digits: Vec<u8> = std::iter::once(d0).chain(rest).collect();
        OctalCode::from_digits(&digits).expect("valid digits")
    })
}

/// A few heaps, sorted, adding up to at most 13 tokens.
fn heaps() -> impl Strategy<Value = Vec<u32>> {
    proptest::collection::vec(1u32..=8, 0..=4).prop_map(|mut h| {
        while h.iter().sum::<u32>() > 13 {
            h.pop();
        }
        h.sort_unstable();
        h
    })
}

fn xor(values: &[u32], heaps: &[u32]) -> u32 {
    heaps.iter().fold(0, |x, &h| x ^ values[h as usize])
}

/// The space check of the whole game of `code` on heaps up to `max_heap`, against [`Heap`].
fn space_agrees(code: &OctalCode, max_heap: u32) -> Result<(), workbench::space::SpaceViolation> {
    let game = OctalGame::new(code.clone(), max_heap);
    let rules = Heap(Heaps::new(code));
    check_impartial_space(&game, &OracleSide { rules: &rules, state: &|h: &u32| *h }, every_id(&game))
}

proptest! {
    #[test]
    fn the_space_has_the_plain_options_on_every_heap(code in code(), max_heap in 0u32..60) {
        prop_assert_eq!(space_agrees(&code, max_heap), Ok(()), "code {}", code);
    }

    #[test]
    fn sums_of_heaps_are_won_exactly_when_the_xor_is_not_zero(code in code(), position in heaps()) {
        let values = sparse_grundy(&code, 14);
        let outcomes = solve_loopy(&Heaps::new(&code), [position.clone()], BUDGET).unwrap();
        let searched = matches!(outcomes[&position], Outcome::Win(_));
        prop_assert_eq!(searched, xor(&values, &position) != 0, "code {} heaps {:?}", code, position);
    }

    #[test]
    fn rows_with_blocks_are_the_code_of_sevens(blocks in proptest::collection::vec(1u32..=6, 1..=4), position in heaps()) {
        let code = OctalCode::from_removals(blocks.iter().map(|&b| b as usize));
        let values = naive_grundy(&code, 14);
        let outcomes = solve_loopy(&Rows::new(blocks.iter().copied()), [position.clone()], BUDGET).unwrap();
        let searched = matches!(outcomes[&position], Outcome::Win(_));
        prop_assert_eq!(searched, xor(&values, &position) != 0, "blocks {:?} rows {:?}", blocks, position);
    }

    #[test]
    fn the_grundy_oracle_on_the_restated_rules_agrees(code in code()) {
        let table = grundy_table(&OctalGame::new(code.clone(), 40)).unwrap();
        let rules = Heap(Heaps::new(&code));
        let mut oracle = GrundyOracle::new(&rules, BUDGET);
        for heap in 0..=40u32 {
            prop_assert_eq!(oracle.value(&heap).unwrap(), table[heap as usize], "code {} heap {}", code, heap);
        }
    }
}

#[test]
fn kayles_positions_by_hand() {
    // Winning Ways p. 91: G(4) = 1 and G(5) = 4, so 4 + 5 is won (1 xor 4); G(1) = G(4) = 1, so
    // 1 + 4 is lost for the player to move.
    let kayles = Heaps::new(&"0.77".parse().unwrap());
    let outcomes = solve_loopy(&kayles, [vec![4, 5], vec![1, 4]], BUDGET).unwrap();
    assert!(matches!(outcomes[&vec![4, 5]], Outcome::Win(_)));
    assert!(matches!(outcomes[&vec![1, 4]], Outcome::Loss(_)));
}

#[test]
fn whole_spaces_of_the_classic_codes_have_the_plain_options() {
    let codes = ["0.77", "0.07", "0.137", "0.16", "4.7", "0.007"].map(|c| c.parse::<OctalCode>().unwrap());
    let rows = [OctalCode::from_removals([2, 5]), OctalCode::from_removals([1, 3, 40])];
    for code in codes.iter().chain(&rows) {
        for max_heap in [0, 1, 2, 17, 120] {
            assert_eq!(space_agrees(code, max_heap), Ok(()), "code {code} heaps up to {max_heap}");
        }
    }
}

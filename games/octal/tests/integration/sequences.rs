//! Grundy sequences and their periods: the two algorithms and solver-core's engine agree on
//! random codes; proofs never claim a period that longer sequences break; and the classic games
//! come out with the periods and pre-periods of the literature, 0.16's long one included.

use octal::{
    GrundySequence, NaiveSequence, OctalCode, OctalGame, SparseSequence, find_period, naive_grundy, prove_period,
    sparse_grundy,
};
use proptest::prelude::*;
use solver_core::grundy_table;

/// Codes `d0.d1...dt` with up to 6 digits after the point, `d0` sometimes 4.
fn code() -> impl Strategy<Value = OctalCode> {
    let d0 = prop_oneof![5 => Just(0u8), 1 => Just(4u8)];
    (d0, proptest::collection::vec(0u8..=7, 1..=6)).prop_map(|(d0, rest)| {
        let digits: Vec<u8> = std::iter::once(d0).chain(rest).collect();
        OctalCode::from_digits(&digits).expect("digits 0..=7 and d0 in {0, 4}")
    })
}

/// Codes of hdu2999's rows: blocks of several sizes, each digit 7.
fn removal_set() -> impl Strategy<Value = OctalCode> {
    proptest::collection::vec(1usize..=40, 1..=12).prop_map(OctalCode::from_removals)
}

proptest! {
    #[test]
    fn naive_and_sparse_agree(code in prop_oneof![code(), removal_set()], len in 0usize..700) {
        prop_assert_eq!(sparse_grundy(&code, len), naive_grundy(&code, len), "code {}", code);
    }

    #[test]
    fn solver_core_engine_agrees(code in prop_oneof![code(), removal_set()], max_heap in 0u32..120) {
        let table: Vec<u32> = grundy_table(&OctalGame::new(code.clone(), max_heap)).unwrap().into_iter().map(|v| v.0).collect();
        prop_assert_eq!(naive_grundy(&code, max_heap as usize + 1), table, "code {}", code);
    }

    #[test]
    fn growing_in_steps_changes_nothing(code in code(), steps in proptest::collection::vec(0usize..200, 1..5)) {
        let (mut naive, mut sparse) = (NaiveSequence::new(code.clone()), SparseSequence::new(code.clone()));
        let mut len = 0;
        for step in steps {
            len += step;
            naive.extend_to(len);
            sparse.extend_to(len);
        }
        prop_assert_eq!(naive.values(), &naive_grundy(&code, len)[..]);
        prop_assert_eq!(sparse.values(), naive.values());
    }

    /// A proof from the first values must hold far beyond them: the theorem's guarantee,
    /// checked where the sequence is known.
    #[test]
    fn proven_periods_hold_further(code in code(), len in 10usize..400) {
        let long = sparse_grundy(&code, 4 * len + 200);
        if let Some(proof) = prove_period(&code, &long[..len]) {
            prop_assert!(proof.values_needed <= len);
            let broken = (proof.preperiod..long.len() - proof.period).find(|&n| long[n + proof.period] != long[n]);
            prop_assert_eq!(broken, None, "code {} proof {:?}", code, proof);
            // And the pre-period is exact: the value before it is an exception.
            if proof.preperiod > 0 {
                prop_assert_ne!(long[proof.preperiod - 1], long[proof.preperiod - 1 + proof.period]);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Longer sequences, where the sparse method's classes are chosen several times and its
    /// witness searches run deep.
    #[test]
    fn naive_and_sparse_agree_on_longer_sequences(code in prop_oneof![code(), removal_set()], len in 700usize..5000) {
        prop_assert_eq!(sparse_grundy(&code, len), naive_grundy(&code, len), "code {}", code);
    }
}

#[test]
fn classic_codes_agree_with_the_naive_method() {
    // Codes with a sparse space of each kind (value mask only: 0.77, 0.6; with the heap's
    // parity: 0.127), long pre-periods (0.16, 0.376), several splitting removals (0.77, 0.376,
    // 0.7777, 4.07) and none at all (0.333), and one without a sparse space (0.007).
    for code in ["0.77", "0.07", "0.137", "0.6", "0.376", "0.16", "0.127", "0.007", "4.07", "0.7777", "0.333"] {
        let code: OctalCode = code.parse().unwrap();
        assert_eq!(sparse_grundy(&code, 20_000), naive_grundy(&code, 20_000), "{code}");
    }
}

#[test]
fn kayles_to_a_million() {
    // OEIS A002186: Kayles is periodic with period 12 from n = 71 on, which the naive method's
    // first values and the Guy-Smith test confirm; the sparse method must continue it.
    let code: OctalCode = "0.77".parse().unwrap();
    let start = naive_grundy(&code, 200);
    let proof = prove_period(&code, &start).unwrap();
    assert_eq!((proof.preperiod, proof.period), (71, 12));
    let values = sparse_grundy(&code, 1_000_000);
    let broken = (0..values.len()).find(|&n| values[n] != start[if n < 71 { n } else { 71 + (n - 71) % 12 }]);
    assert_eq!(broken, None);
}

/// Fletcher-32 over the values as 16-bit words, as ogsolve prints it.
fn fletcher(values: &[u32]) -> u32 {
    let (mut low, mut high) = (0u16, 0u16);
    for &v in values {
        low = low.wrapping_add(v as u16);
        high = high.wrapping_add(low);
    }
    (u32::from(high) << 16) | u32::from(low)
}

#[test]
fn long_sequences_match_the_public_solvers() {
    // Checksums printed by ogsolve 0.0.7 (github.com/beling/impartial-games, built with
    // `cargo build --release -p ogsolve`), `ogsolve CODE -m rc2 -n N-1`, for the N values
    // G(0..N); tczajka/octal-games' old C++ `analyze`, given a fixed value count, gives the
    // same values (its own hash agreed with gamesolve's `values` example on each).
    for (code, len, checksum) in
        [("0.16", 600_000, 0x61BF_8DB4), ("0.127", 100_000, 0x180B_C4A5), ("0.376", 300_000, 0xC34F_42C3)]
    {
        let code: OctalCode = code.parse().unwrap();
        assert_eq!(fletcher(&sparse_grundy(&code, len)), checksum, "{code} to {len}");
    }
}

fn proven(code: &str) -> (usize, usize) {
    let code: OctalCode = code.parse().unwrap();
    let naive = find_period(&mut NaiveSequence::new(code.clone()), 1 << 14, None).unwrap();
    let sparse = find_period(&mut SparseSequence::new(code.clone()), 1 << 14, None).unwrap();
    assert_eq!(naive, sparse, "{code}");
    (sparse.preperiod, sparse.period)
}

#[test]
fn classic_periods_from_the_literature() {
    // Kayles, OEIS A002186 (offset 0): "From n=71 on, the sequence is periodic with period 12.
    // The only exceptions are n=0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57 and 70."
    assert_eq!(proven("0.77"), (71, 12));
    // Dawson's chess 0.137, OEIS A002187 (offset 0): "Has period 34 with the only exceptions at
    // n=0, 14, 16, 17, 31, 34 and 51."
    assert_eq!(proven("0.137"), (52, 34));
    // Dawson's Kayles 0.07 "has values a(n-1)" of A002187, so its last exception is at 52.
    assert_eq!(proven("0.07"), (53, 34));
    // OEIS A071431 (0.17, offset 0): "eventually periodic with period 34. The only exceptions
    // are n=0, 15, 17 and 32."
    assert_eq!(proven("0.17"), (33, 34));
    // Double Kayles 0.7777, OEIS A071074 (offset 0): "period 24. The last exception is at n=141."
    assert_eq!(proven("0.7777"), (142, 24));
}

#[test]
fn a_code_with_a_long_preperiod() {
    // About a second: the sparse-space method needs few witness steps per value.
    // Flammenkamp's octal-game tables: 0.16 has period 149,459 and pre-period 105,351.
    let code: OctalCode = "0.16".parse().unwrap();
    // A broken sparse method could crawl for hours below; fail fast on a prefix instead.
    assert_eq!(sparse_grundy(&code, 4096), naive_grundy(&code, 4096));
    let proof = find_period(&mut SparseSequence::new(code), 1 << 20, None).unwrap();
    assert_eq!((proof.preperiod, proof.period), (105_351, 149_459));
    assert_eq!(proof.values_needed, 2 * 105_351 + 2 * 149_459 + 2);
}

#[test]
fn the_theorem_needs_a_positive_preperiod() {
    // 0.04: take 2 and leave exactly two heaps. G = 0, 0, 0, 0, 1: the test with n0 = 0, p = 1
    // and t = 2 (n < 3) passes on the first four values, yet the sequence is not constant.
    let code: OctalCode = "0.04".parse().unwrap();
    let values = naive_grundy(&code, 5);
    assert_eq!(values, [0, 0, 0, 0, 1]);
    assert_eq!(prove_period(&code, &values[..4]), None, "n0 = 0 must be proven as n0 = 1");
    assert_eq!(prove_period(&code, &values[..5]), None);
}

#[test]
fn pure_periods_start_at_zero() {
    // 0.7: take one token from anywhere, G(n) = n mod 2 from n = 0 (no exception).
    let code: OctalCode = "0.7".parse().unwrap();
    let proof = prove_period(&code, &naive_grundy(&code, 10)).unwrap();
    assert_eq!((proof.preperiod, proof.period, proof.values_needed), (0, 2, 2 + 4 + 1));
    // Codes with no move: G = 0 everywhere.
    let none: OctalCode = "0.0".parse().unwrap();
    assert_eq!(prove_period(&none, &naive_grundy(&none, 4)).map(|p| (p.preperiod, p.period)), Some((0, 1)));
}

#[test]
fn the_sparse_method_finds_the_rare_values() {
    let mut kayles = SparseSequence::new("0.77".parse().unwrap());
    kayles.extend_to(1 << 12);
    let stats = kayles.stats();
    // Past n = 70, Kayles takes only the values 1, 2, 4, 7, 8, all of odd parity.
    assert_eq!(stats.rare, kayles.values().iter().skip(1).filter(|v| v.count_ones() % 2 == 0).count());
    assert!(stats.rare < 20, "{stats:?}");
}

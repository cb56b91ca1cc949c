//! The card game's ranking, moves and un-moves, checked against the plain rules (unsorted
//! arrays, no ranking) and against each other; every engine against the naive oracle on every
//! small size; and the table counts the seeds' accepted solutions give. PROPTEST_CASES raises
//! the number of random positions (256 per property).
//!
//! `CARDS_SEED_INPUTS=<dir>` makes [`cf919f_table_counts_match_the_accepted_solution`] and
//! [`childhood_counts_match_the_accepted_solution`] write the inputs they stand for to `<dir>`,
//! to rerun the seeds on them (the commands are in their doc comments).

use cards::plain::{PlainCards, PlainPosition, SortedCards};
use cards::{Cards, CardsSolver, Childhood, Hand, HandIndex, Position, solve_by_symmetry};
use judge::AnyProblem;
use oracle::{Budget, solve_loopy};
use proptest::prelude::*;
use solver_core::verify::verify_outcomes;
use solver_core::{LoopySpace, Outcome, RetrogradeEngine, Rules, StateId, StateSpace, Terminal, Unmoves};
use std::collections::{BTreeSet, HashSet};
use std::sync::OnceLock;
use workbench::check::{OracleSide, check_loopy_with_unmoves};
use workbench::space::{check_loopy_space, check_unmoves, every_id};

/// Sizes the random-position properties pick from, built once: tiny, the two judge sizes, a
/// large one, and lopsided ones (one card; many cards modulo 2 or 3).
const SIZES: [(usize, usize); 11] =
    [(1, 2), (1, 7), (2, 10), (3, 4), (3, 6), (4, 3), (5, 5), (8, 5), (10, 7), (16, 2), (9, 3)];

fn games() -> &'static [Cards] {
    static GAMES: OnceLock<Vec<Cards>> = OnceLock::new();
    GAMES.get_or_init(|| SIZES.iter().map(|&(k, m)| Cards::new(k, m).unwrap()).collect())
}

/// A game from [`SIZES`] and a position of it as two unsorted card arrays.
fn game_and_cards() -> impl Strategy<Value = (usize, Vec<u8>, Vec<u8>)> {
    (0..SIZES.len()).prop_flat_map(|g| {
        let (k, m) = SIZES[g];
        // Zeros are common in play and decide the finished positions: draw them more often.
        let card = prop_oneof![1 => Just(0u8), 2 => 0..m as u8];
        (Just(g), proptest::collection::vec(card.clone(), k), proptest::collection::vec(card, k))
    })
}

fn sorted(p: &PlainPosition) -> Position {
    Position { mover: Hand::new(p.mover.clone()), opponent: Hand::new(p.opponent.clone()) }
}

fn successor_set(game: &Cards, id: StateId) -> (Vec<StateId>, BTreeSet<StateId>) {
    let mut out = Vec::new();
    game.successor_ids(id, &mut out);
    let set = out.iter().copied().collect();
    (out, set)
}

fn predecessor_list(game: &Cards, id: StateId) -> Vec<StateId> {
    let mut out = Vec::new();
    game.predecessor_ids(id, &mut out);
    out
}

/// Every multiset of `k` values below `m`, found by brute force over all `m^k` arrays.
fn all_hands_by_brute_force(k: usize, m: usize) -> BTreeSet<Vec<u8>> {
    let mut hands = BTreeSet::new();
    let mut cards = vec![0u8; k];
    loop {
        let mut hand = cards.clone();
        hand.sort();
        hands.insert(hand);
        // Next array in base m; stop after the last.
        let Some(i) = cards.iter().position(|&c| (c as usize) < m - 1) else { break };
        cards[i] += 1;
        cards[..i].iter_mut().for_each(|c| *c = 0);
    }
    hands
}

fn binomial(n: u64, r: u64) -> u64 {
    (0..r).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn hands_rank_and_unrank_over_whole_spaces() {
    let mut sizes: Vec<(usize, usize)> = (1..=6).flat_map(|k| (2..=7).map(move |m| (k, m))).collect();
    sizes.extend([(8, 5), (2, 10), (10, 7), (32, 2), (1, 64)]);
    for (k, m) in sizes {
        let index = HandIndex::new(k, m).unwrap();
        assert_eq!(index.len() as u64, binomial((k + m - 1) as u64, k as u64), "k={k} m={m}");
        let ranker = index.ranker(1 << 20);
        let mut seen = HashSet::new();
        for rank in 0..index.len() as u32 {
            let values = index.values(rank);
            assert_eq!(values.len(), k);
            assert!(values.windows(2).all(|w| w[0] <= w[1]) && values.iter().all(|&v| (v as usize) < m));
            assert_eq!(index.rank(values), rank, "k={k} m={m} {values:?}");
            let mut reversed = values.to_vec();
            reversed.reverse();
            assert_eq!(index.rank(&reversed), rank, "card order does not matter");
            if let Some(ranker) = &ranker {
                assert_eq!(ranker.rank(&reversed), rank, "k={k} m={m} {values:?}");
            }
            assert!(seen.insert(values.to_vec()));
        }
        assert_eq!(index.rank(&vec![0; k]), 0, "rank 0 is the all-zero hand");
        assert_eq!(index.rank(&vec![m as u8 - 1; k]) as usize, index.len() - 1);
        if (m as f64).powi(k as i32) <= 1e6 {
            let brute: HashSet<Vec<u8>> = all_hands_by_brute_force(k, m).into_iter().collect();
            assert_eq!(brute, seen, "k={k} m={m}: the index holds exactly the multisets");
        }
    }
}

#[test]
fn positions_rank_and_unrank_over_whole_spaces() {
    for (k, m) in [(1, 2), (2, 10), (3, 4), (4, 3), (8, 5)] {
        let game = Cards::new(k, m).unwrap();
        for id in StateId::all(game.len()) {
            let position = game.unrank(id);
            assert_eq!(game.rank(&position), id);
            let (mover, opponent) = game.split(id);
            assert_eq!(game.join(mover, opponent), id);
            assert_eq!(position.mover.values(), game.hands().values(mover));
        }
    }
}

#[test]
fn sizes_outside_the_limits_are_errors() {
    assert!(Cards::new(0, 5).is_err());
    assert!(Cards::new(33, 2).is_err());
    assert!(Cards::new(2, 1).is_err());
    assert!(Cards::new(2, 65).is_err());
    // C(19, 10) = 92,378 hands: their pairs do not fit a StateId.
    let err = Cards::new(10, 10).unwrap_err();
    assert_eq!(err.to_string(), "10 cards modulo 10 make 92378 hands; at most 65535 fit");
}

#[test]
fn finished_positions_follow_the_convention() {
    let game = Cards::new(2, 10).unwrap();
    let at = |mover: [u8; 2], opponent: [u8; 2]| game.terminal_at(game.id_of(&mover, &opponent));
    assert_eq!(at([0, 0], [3, 4]), Some(Terminal::Win), "the mover holding only zeros has won");
    assert_eq!(at([3, 0], [0, 0]), Some(Terminal::Loss), "the opponent holding only zeros has won");
    assert_eq!(at([0, 0], [0, 0]), Some(Terminal::Win), "both: the mover's hand is looked at first");
    assert_eq!(at([0, 1], [9, 0]), None);
    let plain = PlainCards { modulus: 10 };
    let both = PlainPosition { mover: vec![0, 0], opponent: vec![0, 0] };
    assert_eq!(plain.terminal(&both), Some(Terminal::Win), "the oracle's rules agree");
}

#[test]
fn un_moves_list_exactly_the_reversed_moves_on_whole_spaces() {
    for (k, m) in [(1, 5), (2, 10), (3, 4), (3, 6), (4, 3), (5, 2)] {
        let game = Cards::new(k, m).unwrap();
        let mut reversed: Vec<Vec<StateId>> = vec![Vec::new(); game.len()];
        for id in StateId::all(game.len()) {
            if game.terminal_at(id).is_none() {
                for child in successor_set(&game, id).0 {
                    reversed[child.index()].push(id);
                }
            }
        }
        for id in StateId::all(game.len()) {
            let mut listed = predecessor_list(&game, id);
            listed.sort();
            let expected = &mut reversed[id.index()];
            expected.sort();
            assert_eq!(&listed, expected, "k={k} m={m} at {:?}", game.unrank(id));
        }
    }
}

/// The game's solvers equal the generic engines. The sizes give the units of Z_m every shape
/// the symmetry solver must handle: none but 1 (m = 2), cyclic (5, 7, 9, 10), and not cyclic
/// (8, 12: two generators), with hands that units fix (all zero, symmetric hands).
#[test]
fn the_game_solvers_equal_the_generic_engines() {
    for (k, m) in [(1, 3), (2, 10), (3, 5), (4, 4), (6, 3), (3, 2), (2, 8), (3, 8), (2, 12), (2, 9), (3, 7), (1, 13)] {
        let game = Cards::new(k, m).unwrap();
        let table = RetrogradeEngine::Unmoves.solve(&game).unwrap();
        verify_outcomes(&game, &table).unwrap();
        for solver in CardsSolver::ALL {
            assert!(solver.solve(&game).unwrap() == table, "k={k} m={m}: {} differs", solver.name());
        }
    }
}

/// The directory `CARDS_SEED_INPUTS` names, if any.
fn seed_inputs_dir() -> Option<std::path::PathBuf> {
    std::env::var_os("CARDS_SEED_INPUTS").map(std::path::PathBuf::from)
}

/// Every ordered pair of sorted 8-card hands modulo 5 with either player first, but not a first
/// mover holding only zeros (which the statement excludes): 489,060 situations, as one cf919f
/// input (beyond the statement's T <= 100,000, which the seed does not enforce). Hands in rank
/// order, Alice's outer; `f` = 0 before `f` = 1.
fn cf919f_all_pairs_input(game: &Cards) -> String {
    let hands = game.hands();
    let line = |h: u32| hands.values(h).iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
    let mut situations = Vec::new();
    for alice in 0..hands.len() as u32 {
        for bob in 0..hands.len() as u32 {
            for f in 0..2 {
                let first = if f == 0 { alice } else { bob };
                if first != 0 {
                    situations.push(format!("{f}\n{}\n{}\n", line(alice), line(bob)));
                }
            }
        }
    }
    format!("{}\n{}", situations.len(), situations.concat())
}

/// The accepted C++ of seed document 000 (Codeforces 919F A Game With Numbers), g++ -O2,
/// answered the 489,060 situations of [`cf919f_all_pairs_input`] with 195,476 `Alice`, 195,476
/// `Bob` and 98,108 `Deal`. Recheck: `CARDS_SEED_INPUTS=<dir> cargo test -p cards --release
/// --test integration rules::cf919f_table`, then `<the compiled seed> < <dir>/cf919f-all-pairs.in | sort |
/// uniq -c`.
///
/// Each position (mover, opponent) with a non-zero mover is two situations (Alice or Bob as the
/// mover); Alice wins one of them exactly when the position is won or lost, so wins (less the
/// 495 with the mover all zero) plus losses = 195,476 and draws = 98,108 / 2.
#[test]
fn cf919f_table_counts_match_the_accepted_solution() {
    let game = Cards::new(8, 5).unwrap();
    if let Some(dir) = seed_inputs_dir() {
        std::fs::write(dir.join("cf919f-all-pairs.in"), cf919f_all_pairs_input(&game)).unwrap();
    }
    let counts = solve_by_symmetry(&game).unwrap().counts();
    assert_eq!((counts.wins - 495 + counts.losses, counts.draws, counts.ties), (195_476, 49_054, 0));
}

/// All 10^4 childhood situations, `ax ay bx by` each in 0..=9, in lexicographic order.
fn childhood_all_input() -> String {
    let mut input = String::from("10000\n");
    for n in 0..10_000 {
        let digits = [n / 1000, n / 100 % 10, n / 10 % 10, n % 10];
        input += &format!("{} {} {} {}\n", digits[0], digits[1], digits[2], digits[3]);
    }
    input
}

/// The accepted C++ of seed document 001 (childhood, 童年), g++ -O2, answered the 10^4
/// situations of [`childhood_all_input`] with 1,435 `1`, 517 `2` and 8,048 `0`. Recheck:
/// `CARDS_SEED_INPUTS=<dir> cargo test -p cards --release --test integration rules::childhood_counts`, then
/// `<the compiled seed> < <dir>/childhood-all.in | sort | uniq -c`. The judge must count the same
/// (benches/solve.rs counts them on the table, each position weighted by its hands' orderings).
#[test]
fn childhood_counts_match_the_accepted_solution() {
    let input = childhood_all_input();
    if let Some(dir) = seed_inputs_dir() {
        std::fs::write(dir.join("childhood-all.in"), &input).unwrap();
    }
    let answer = Childhood.judge(&input, "symmetry").unwrap();
    let count = |verdict: &str| answer.lines().filter(|l| *l == verdict).count();
    assert_eq!([count("1"), count("2"), count("0")], [1_435, 517, 8_048]);
}

/// Enough for every ordering of the cards of (3, 6): 6^6 = 46,656 positions.
const BUDGET: Budget = Budget { max_states: 50_000, max_depth: 1_000, max_work: u64::MAX };

/// Every engine (the three generic ones, verified, and the game's own) equals the oracle on
/// every position, for every k <= 3 and m <= 6. The oracle sees the cards in every order it
/// meets them: each ordering must have the value of its sorted position.
#[test]
fn every_engine_equals_the_oracle_on_every_small_size() {
    for k in 1..=3 {
        for m in 2..=6 {
            let game = Cards::new(k, m).unwrap();
            let rules = PlainCards { modulus: m as u8 };
            let oracle = OracleSide { rules: &rules, state: &PlainPosition::of };
            let mut checked = check_loopy_with_unmoves(&game, Some(oracle), BUDGET)
                .and_then(|checked| checked.oracle_agreed())
                .unwrap_or_else(|e| panic!("k={k} m={m}: {e}"));
            for solver in CardsSolver::ALL {
                checked
                    .compare_solver(&game, solver.name(), || solver.solve(&game))
                    .unwrap_or_else(|e| panic!("k={k} m={m}: {e}"));
            }

            let starts = StateId::all(game.len()).map(|id| PlainPosition::of(&game.unrank(id)));
            let values = solve_loopy(&rules, starts, BUDGET).unwrap();
            assert!(values.len() >= game.len(), "k={k} m={m}: the oracle saw every sorted position and more");
            for (state, value) in &values {
                let sorted =
                    Position { mover: Hand::new(state.mover.clone()), opponent: Hand::new(state.opponent.clone()) };
                assert_eq!(*value, checked.table.get(game.rank(&sorted)), "k={k} m={m} at {state:?}");
            }
        }
    }
}

/// The space against the plain rules on whole small spaces: ranking round trip, finished
/// positions and moves on ids (compared as sorted plain positions), and un-moves that are
/// exactly the inverse of the moves.
#[test]
fn whole_small_spaces_match_the_plain_rules() {
    for (k, m) in [(1, 2), (1, 9), (2, 10), (3, 4), (3, 6), (4, 3), (5, 2), (4, 5)] {
        let game = Cards::new(k, m).unwrap();
        let rules = SortedCards(PlainCards { modulus: m as u8 });
        let plain = OracleSide { rules: &rules, state: &PlainPosition::of };
        check_loopy_space(&game, &plain, every_id(&game)).unwrap_or_else(|e| panic!("k={k} m={m}: {e}"));
        check_unmoves(&game, every_id(&game)).unwrap_or_else(|e| panic!("k={k} m={m}: {e}"));
    }
}

/// The fuzz body on a spread of inputs (the stored fuzz inputs run through the workspace's
/// generic tests).
#[test]
fn the_fuzz_body_accepts_every_small_size() {
    for k in 0..4u8 {
        for m in 0..7u8 {
            for position in [0u32, 1, 7, 1000, u32::MAX] {
                let mut data = vec![k, m];
                data.extend(position.to_le_bytes());
                cards::rank_cards(&data).unwrap();
            }
        }
    }
    cards::rank_cards(&[]).unwrap();
}

proptest! {
    #[test]
    fn moves_are_the_plain_rules_moves((g, mover, opponent) in game_and_cards()) {
        let game = &games()[g];
        let plain_rules = PlainCards { modulus: game.modulus() as u8 };
        let plain = PlainPosition { mover, opponent };
        let id = game.rank(&sorted(&plain));
        prop_assert_eq!(game.terminal_at(id), plain_rules.terminal(&plain));
        prop_assert_eq!(plain_rules.terminal(&PlainPosition::of(&game.unrank(id))), plain_rules.terminal(&plain));
        if game.terminal_at(id).is_some() {
            return Ok(());
        }
        let (listed, ids) = successor_set(game, id);
        prop_assert_eq!(listed.len(), ids.len(), "the fast generator lists no position twice");
        let fast: BTreeSet<Vec<Vec<u8>>> = ids.iter().map(|&c| {
            let p = game.unrank(c);
            vec![p.mover.values().to_vec(), p.opponent.values().to_vec()]
        }).collect();
        let mut moves = Vec::new();
        plain_rules.successors(&plain, &mut moves);
        let expected: BTreeSet<Vec<Vec<u8>>> = moves.iter().map(|p| {
            let p = sorted(p);
            vec![p.mover.values().to_vec(), p.opponent.values().to_vec()]
        }).collect();
        prop_assert_eq!(fast, expected);
        // Each move reads back as a legal one.
        let m = game.modulus() as u8;
        for &child in &ids {
            let mv = game.move_between(id, child).expect("a move leads there");
            prop_assert!(mv.own != 0 && mv.other != 0 && mv.result == (mv.own + mv.other) % m);
            prop_assert!(plain.mover.contains(&mv.own) && plain.opponent.contains(&mv.other));
        }
    }

    #[test]
    fn un_moves_are_exactly_the_inverse_of_moves((g, mover, opponent) in game_and_cards()) {
        let game = &games()[g];
        let id = game.rank(&sorted(&PlainPosition { mover, opponent }));
        let preds = predecessor_list(game, id);
        let distinct: BTreeSet<StateId> = preds.iter().copied().collect();
        prop_assert_eq!(distinct.len(), preds.len(), "no predecessor is listed twice");
        for &p in &preds {
            prop_assert!(game.terminal_at(p).is_none(), "a listed predecessor is unfinished");
            prop_assert!(successor_set(game, p).1.contains(&id), "{:?} has no move to {:?}", game.unrank(p), game.unrank(id));
        }
        if game.terminal_at(id).is_none() {
            for child in successor_set(game, id).0 {
                prop_assert!(predecessor_list(game, child).contains(&id));
            }
        }
    }
}

#[test]
fn a_won_position_leads_to_a_lost_one() {
    // Bob (to move) holds a 4 and Alice a 1: 4 + 1 = 0 mod 5 leaves Bob all zero.
    let game = Cards::new(8, 5).unwrap();
    let table = solve_by_symmetry(&game).unwrap();
    let id = game.id_of(&[0, 0, 0, 0, 4, 0, 0, 0], &[0, 0, 0, 1, 0, 0, 0, 0]);
    assert_eq!(table.get(id), Outcome::Win(1));
    let (listed, _) = successor_set(&game, id);
    assert_eq!(listed.len(), 1);
    assert_eq!(table.get(listed[0]), Outcome::Loss(0));
}

/// The registered space passes `verify` at its verified sizes, the sizes of the two judge
/// problems (the oracle takes part at `k=2 m=10` and declines `k=8 m=5` up front), with the
/// game's own solvers timed beside the generic engines, the symmetry solver first (the
/// default); `stats` runs; parameters out of range are refused before any work.
#[test]
fn the_verified_sizes_pass_and_stats_runs() {
    use workbench::check::OracleCheck;
    let [target] = cards::REGISTRATION.spaces else { panic!("one space target") };
    assert_eq!(target.name, "cards");
    assert_eq!(target.verified, ["k=8 m=5", "k=2 m=10"]);
    for &words in target.verified {
        let game = target.open_words(words).unwrap_or_else(|e| panic!("{words}: {e}"));
        let row = game.check(Budget::new(100_000)).unwrap_or_else(|e| panic!("{words}: {e}"));
        let engines: Vec<&str> = row.timings.iter().map(|t| t.0).collect();
        let mut expected = vec!["symmetry"];
        expected.extend(RetrogradeEngine::ALL.iter().map(|e| e.name()));
        expected.push("hand-tables");
        assert_eq!(engines, expected, "{words}");
        let agreed = matches!(row.oracle, OracleCheck::Agreed { .. });
        assert_eq!(agreed, words == "k=2 m=10", "{words}: {:?}", row.oracle);
    }
    let report = target.open_words("k=2 m=10").unwrap().stats();
    let engines = RetrogradeEngine::ALL.len() + CardsSolver::ALL.len();
    assert_eq!((report.positions, report.engines.len()), (3025, engines));
    assert_eq!(report.engines[0].engine, "symmetry");
    let refused = |words: &str| target.open_words(words).err().unwrap_or_else(|| panic!("{words} opens"));
    assert_eq!(refused("k=0"), "k must be a number in 1..=32, found `0`");
    assert_eq!(refused("m=65"), "m must be a number in 2..=64, found `65`");
    assert_eq!(refused("x=1"), "unknown parameter `x`; it takes k, m");
}

//! Forward search against the whole-space tables: every engine at every position of random
//! acyclic games (win/loss/tie, scoring with extra moves, impartial sums), with transposition
//! tables from none to ample, must give the table's value (`solve_with_reverse_graph`,
//! `score_table`, `grundy_table`: independent engines, themselves checked against the oracle);
//! and the limits stop a search with the errors their docs promise.

use proptest::prelude::*;
use solver_core::graph::{Edge, GraphGame, Node, RandomShape};
use solver_core::search::{
    Answer, Driver, ImpartialSpaceSearch, ImpartialSum, MIN_TREE_BYTES, PlainRules, PlainScoring, Played,
    ScoringSpaceSearch, SearchEngine, SearchError, SearchGame, SearchLimits, SearchValue, SpaceSearch, df_pn,
    proof_number_search, proof_number_search_within,
};
use solver_core::{
    Outcome, OutcomeTable, ScoringSpace, StateId, StateSpace, Terminal, grundy_table, score_table,
    solve_with_reverse_graph,
};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Transposition tables of no bucket, one or two buckets (every store contends for a place)
/// and plenty.
const TABLE_BYTES: [usize; 3] = [0, 256, 1 << 20];

fn limits(tt_bytes: usize) -> SearchLimits {
    SearchLimits { tt_bytes, ..SearchLimits::default() }
}

fn ids(game: &GraphGame) -> impl Iterator<Item = StateId> + use<> {
    StateId::all(game.len())
}

/// An acyclic game with finished wins, losses and ties and no splitting moves: the
/// win/loss/tie role.
fn outcome_shape(nodes: usize, reach: usize) -> RandomShape {
    RandomShape {
        terminal_per_100k: [4_000, 6_000, 4_000],
        split_percent: 0,
        acyclic_reach: reach,
        ..RandomShape::acyclic(nodes)
    }
}

/// The table's value of `id`'s children backs up to its own along the line `line` from `id`:
/// a principal variation is a line of best moves (of moves that keep the sign, `by_sign`, for
/// the weak engines).
fn check_outcome_line(game: &GraphGame, table: &OutcomeTable, id: StateId, line: &[StateId], by_sign: bool) {
    let mut at = id;
    for &child in line {
        let mut children = Vec::new();
        solver_core::LoopySpace::successor_ids(game, at, &mut children);
        assert!(children.contains(&child), "{child} is not a move of {at}");
        let (parent, backed) = (table.get(at), table.get(child).backed_up());
        assert_eq!(std::mem::discriminant(&parent), std::mem::discriminant(&backed), "{at} -> {child}");
        if !by_sign && !matches!(parent, Outcome::Tie(_)) {
            assert_eq!(parent, backed, "{at} -> {child} is not a best move");
        }
        at = child;
    }
}

fn outcomes_agree(game: &GraphGame, limits: &SearchLimits) {
    let table = solve_with_reverse_graph(game).unwrap();
    let search = SpaceSearch::new(game);
    for id in ids(game) {
        for engine in SearchEngine::ALL {
            let found = engine.run(&search, &id, limits).unwrap();
            let expected = table.get(id);
            assert!(
                found.answer.agrees_with_outcome(expected),
                "{} at {id}: {} not {expected}",
                engine.name(),
                found.answer
            );
            check_outcome_line(game, &table, id, &found.principal_variation, engine.is_weak());
        }
    }
}

fn scores_agree(game: &GraphGame, limits: &SearchLimits) {
    let table = score_table::<i64, _>(game).unwrap();
    let search = ScoringSpaceSearch::new(game);
    for id in ids(game) {
        let expected = table[id.index()];
        for engine in SearchEngine::ALL {
            let found = engine.run(&search, &id, limits).unwrap();
            assert!(
                found.answer.agrees_with_score(expected),
                "{} at {id}: {} not {expected}",
                engine.name(),
                found.answer
            );
            // Along the principal variation each move's gain and the child's value make the
            // parent's value (its sign for a weak engine).
            let mut at = id;
            for mv in &found.principal_variation {
                let mut moves = Vec::new();
                game.scored_move_ids(at, &mut moves);
                assert!(moves.contains(mv), "{mv:?} is not a move of {at}");
                let child = table[mv.to.index()];
                let backed = i64::from(mv.gain) + if mv.again { child } else { -child };
                if engine.is_weak() {
                    assert_eq!(table[at.index()].signum(), backed.signum(), "{at} -> {mv:?} changes the sign");
                } else {
                    assert_eq!(table[at.index()], backed, "{at} -> {mv:?} is not a best move");
                }
                at = mv.to;
            }
        }
    }
}

fn nimbers_agree(game: &GraphGame, tt_bytes: usize) {
    let table = grundy_table(game).unwrap();
    let search = ImpartialSpaceSearch::new(game);
    for id in ids(game) {
        for engine in SearchEngine::ALL {
            let found = engine.run(&search, &ImpartialSum::new([id]), &limits(tt_bytes)).unwrap();
            let expected = table[id.index()];
            assert!(
                found.answer.agrees_with_nimber(expected),
                "{} at {id}: {} not {expected:?}",
                engine.name(),
                found.answer
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_engine_gives_the_tables_outcomes(nodes in 1usize..150, reach in 1usize..12, seed in any::<u64>()) {
        let game = GraphGame::random(&outcome_shape(nodes, reach), seed);
        outcomes_agree(&game, &limits(1 << 20));
    }

    #[test]
    fn every_engine_gives_the_tables_scores(nodes in 1usize..150, reach in 1usize..12, seed in any::<u64>()) {
        let game = GraphGame::random(&RandomShape { acyclic_reach: reach, ..RandomShape::acyclic(nodes) }, seed);
        scores_agree(&game, &limits(1 << 20));
    }

    // Pairs cancel, so a sum of an n-node game is a subset of its nodes: at most 2^14 sums
    // here, every one keyed. On 20 nodes a few seeds in a thousand took the exact engines
    // (remoteness, not just the sign) past 10^7 positions each, and CI past its limit.
    #[test]
    fn every_engine_gives_the_grundy_tables_sign(nodes in 1usize..15, seed in any::<u64>()) {
        let game = GraphGame::random(&RandomShape { acyclic_reach: 4, ..RandomShape::acyclic(nodes) }, seed);
        nimbers_agree(&game, 1 << 20);
    }

    #[test]
    fn small_and_missing_tables_change_costs_not_values(nodes in 1usize..30, seed in any::<u64>()) {
        let shape = RandomShape { acyclic_reach: 4, ..RandomShape::acyclic(nodes) };
        for tt_bytes in TABLE_BYTES {
            outcomes_agree(&GraphGame::random(&outcome_shape(nodes, 4), seed), &limits(tt_bytes));
            scores_agree(&GraphGame::random(&shape, seed), &limits(tt_bytes));
        }
    }

    // Several threads asked for, a table of one bucket or plenty: the values and the principal
    // variations are the tables'. These searches are small, so they run on the first thread
    // alone with the locked table (the helpers join past 16,384 positions); the next test
    // below the proptests checks helpers running side by side.
    #[test]
    fn threads_change_costs_not_values(nodes in 1usize..40, seed in any::<u64>(), threads in 2usize..5) {
        let shape = RandomShape { acyclic_reach: 4, ..RandomShape::acyclic(nodes) };
        for tt_bytes in [64, 1 << 20] {
            let limits = SearchLimits { threads, ..limits(tt_bytes) };
            outcomes_agree(&GraphGame::random(&outcome_shape(nodes, 4), seed), &limits);
            scores_agree(&GraphGame::random(&shape, seed), &limits);
        }
    }

    #[test]
    fn plain_rules_are_searched_like_their_space(nodes in 1usize..60, seed in any::<u64>()) {
        let game = GraphGame::random(&outcome_shape(nodes, 6), seed);
        let table = solve_with_reverse_graph(&game).unwrap();
        let rules = game.rules();
        let keyed = PlainRules::new(&rules).with_key(|n| n.index() as u128);
        let unkeyed = PlainRules::new(&rules);
        for id in ids(&game) {
            let node = game.unrank(id);
            for engine in SearchEngine::ALL {
                for search in [&keyed, &unkeyed] {
                    let found = engine.run(search, &node, &limits(1 << 16)).unwrap();
                    prop_assert!(found.answer.agrees_with_outcome(table.get(id)));
                }
            }
        }
        let game = GraphGame::random(&RandomShape { acyclic_reach: 6, ..RandomShape::acyclic(nodes) }, seed);
        let scores = score_table::<i64, _>(&game).unwrap();
        let rules = game.rules();
        let search = PlainScoring::new(&rules).with_key(|n| n.index() as u128);
        for id in ids(&game) {
            let found = SearchEngine::ALL[2].run(&search, &game.unrank(id), &limits(1 << 16)).unwrap();
            prop_assert!(found.answer.agrees_with_score(scores[id.index()]));
        }
    }
}

#[test]
fn values_read_as_the_tables_words() {
    assert_eq!(Answer::Exact(SearchValue::Win(3)).to_string(), Outcome::Win(3).to_string());
    assert_eq!(Answer::Exact(SearchValue::Loss(4)).to_string(), Outcome::Loss(4).to_string());
    assert_eq!(Answer::Exact(SearchValue::Score(-2)).to_string(), "-2");
    assert!(Answer::Exact(SearchValue::Tie).agrees_with_outcome(Outcome::Tie(7)));
    assert!(!Answer::Exact(SearchValue::Win(3)).agrees_with_outcome(Outcome::Win(5)));
    assert!(!Answer::Exact(SearchValue::Tie).agrees_with_outcome(Outcome::Draw));
    assert!(Answer::Sign(solver_core::search::Sign::Win).agrees_with_score(4));
    assert!(!Answer::Sign(solver_core::search::Sign::Tie).agrees_with_score(4));
    for engine in SearchEngine::ALL {
        assert_eq!(SearchEngine::from_name(engine.name()), Some(engine));
    }
}

/// A full binary tree of `depth` plies with no key: `2^(depth + 1) - 1` positions to visit, each
/// a leaf worth 0 for a scoring game.
struct BinaryTree;

impl SearchGame for BinaryTree {
    type Position = u32;
    type Move = bool;

    fn scoring(&self) -> bool {
        true
    }

    fn terminal(&self, _: &u32) -> Option<Terminal> {
        None
    }

    fn moves(&self, depth: &u32, out: &mut Vec<bool>) {
        if *depth > 0 {
            out.extend([false, true]);
        }
    }

    fn play(&self, depth: &u32, right: bool) -> Played<u32> {
        Played { position: depth - 1, gain: i64::from(right), again: false }
    }

    fn key(&self, _: &u32) -> Option<u128> {
        None
    }
}

/// A walk on a triangle of positions `(step, rights)`, `STEPS` steps long: each step goes left
/// or right, and its points, up to `5 * 2^33`, lie beyond the 32 bits the transposition table
/// keeps of a bound. Every position is reached by many paths (transpositions); after some moves
/// the mover moves again.
struct LongScores;

impl LongScores {
    const STEPS: u32 = 14;

    fn gain(step: u32, rights: u32, right: bool) -> i64 {
        (i64::from((step * 7 + rights * 13 + u32::from(right) * 5) % 11) - 5) * (1 << 33) + i64::from(rights)
    }

    fn again(step: u32, rights: u32, right: bool) -> bool {
        right && (step + rights).is_multiple_of(3)
    }

    /// The value of every position by a plain recursion with a memo, for the check.
    fn value(step: u32, rights: u32, memo: &mut std::collections::HashMap<(u32, u32), i64>) -> i64 {
        if step == Self::STEPS {
            return 0;
        }
        if let Some(&v) = memo.get(&(step, rights)) {
            return v;
        }
        let best = [false, true]
            .into_iter()
            .map(|right| {
                let child = Self::value(step + 1, rights + u32::from(right), memo);
                let gain = Self::gain(step, rights, right);
                if Self::again(step, rights, right) { gain + child } else { gain - child }
            })
            .max()
            .unwrap();
        memo.insert((step, rights), best);
        best
    }
}

impl SearchGame for LongScores {
    type Position = (u32, u32);
    type Move = bool;

    fn scoring(&self) -> bool {
        true
    }

    fn terminal(&self, _: &(u32, u32)) -> Option<Terminal> {
        None
    }

    fn moves(&self, &(step, _): &(u32, u32), out: &mut Vec<bool>) {
        if step < Self::STEPS {
            out.extend([false, true]);
        }
    }

    fn play(&self, &(step, rights): &(u32, u32), right: bool) -> Played<(u32, u32)> {
        let gain = Self::gain(step, rights, right);
        Played { position: (step + 1, rights + u32::from(right)), gain, again: Self::again(step, rights, right) }
    }

    fn key(&self, &(step, rights): &(u32, u32)) -> Option<u128> {
        Some(u128::from(step) << 32 | u128::from(rights))
    }
}

#[test]
fn scores_past_32_bits_are_exact_with_a_table() {
    let mut memo = std::collections::HashMap::new();
    for step in 0..=LongScores::STEPS {
        for rights in 0..=step {
            let value = LongScores::value(step, rights, &mut memo);
            for (tt_bytes, threads) in TABLE_BYTES.into_iter().flat_map(|bytes| [(bytes, 1), (bytes, 2)]) {
                for engine in SearchEngine::ALL {
                    let limits = SearchLimits { threads, ..limits(tt_bytes) };
                    let found = engine.run(&LongScores, &(step, rights), &limits).unwrap();
                    assert!(found.answer.agrees_with_score(value), "{} at {step},{rights}", engine.name());
                }
            }
        }
    }
    assert!(LongScores::value(0, 0, &mut memo).abs() > 1 << 32);
}

#[test]
fn threads_that_search_together_on_a_small_table_stay_exact() {
    // The 16 highest positions of a 20,000-position game on a table of 1,024 buckets, so that
    // the threads read and write the same buckets all the time. Searches past 16,384 positions
    // start the helper (its 256 KiB table of busy positions then shows in the peak memory):
    // the test insists that some did, so that it checks threads running side by side.
    let game = GraphGame::random(&RandomShape { acyclic_reach: 30, ..RandomShape::acyclic(20_000) }, 11);
    let table = score_table::<i64, _>(&game).unwrap();
    let search = ScoringSpaceSearch::new(&game);
    let mut helped = 0;
    for id in (game.len() - 16..game.len()).map(|i| StateId::new(i).unwrap()) {
        let one = SearchEngine::ALL[2].run(&search, &id, &limits(1 << 16)).unwrap();
        for engine in [SearchEngine::AlphaBeta(Driver::Mtdf), SearchEngine::WeakAlphaBeta] {
            let found = engine.run(&search, &id, &SearchLimits { threads: 2, ..limits(1 << 16) }).unwrap();
            assert!(found.answer.agrees_with_score(table[id.index()]), "{} at {id}", engine.name());
            if !engine.is_weak() {
                assert_eq!(found.principal_variation, one.principal_variation, "{id}");
            }
            helped += usize::from(found.stats.peak_bytes >= (1 << 16) + (256 << 10));
        }
    }
    assert!(helped >= 4, "only {helped} searches started the helper");
}

#[test]
fn every_sum_of_a_small_space_has_its_own_key_and_a_sum_past_128_bits_none() {
    // 7 ids take 3 bits a part: every subset of them (pairs cancel, so every sum is one) keyed
    // apart; 8 parts of a 200,000-id space (18 bits each, 144 in all) do not fit and go unkeyed.
    let game = GraphGame::random(&RandomShape::acyclic(7), 1);
    let search = ImpartialSpaceSearch::new(&game);
    let mut keys = std::collections::HashSet::new();
    for subset in 0u32..1 << 7 {
        let parts = (0..7).filter(|bit| subset >> bit & 1 == 1).map(|i| StateId::new(i).unwrap());
        assert!(keys.insert(search.key(&ImpartialSum::new(parts)).unwrap()), "subset {subset:b}");
    }
    let large = GraphGame::random(&RandomShape::acyclic(200_000), 1);
    let search = ImpartialSpaceSearch::new(&large);
    let parts = |n: usize| ImpartialSum::new((0..n).map(|i| StateId::new(i * 1_000).unwrap()));
    assert!(search.key(&parts(7)).is_some());
    assert_eq!(search.key(&parts(8)), None);
}

#[test]
fn a_node_budget_stops_the_search_with_what_it_proved() {
    let budget = SearchLimits { node_budget: 1_000, ..SearchLimits::default() };
    for engine in SearchEngine::ALL {
        match engine.run(&BinaryTree, &30, &budget) {
            Err(SearchError::NodeBudget { nodes, .. }) => assert_eq!(nodes, 1_000, "{}", engine.name()),
            other => panic!("{}: {other:?}", engine.name()),
        }
    }
    // A budget large enough lets the same search answer, within it: a tree of 2^11 - 1
    // positions, searched again along the principal variation (the tree has no keys).
    let found = SearchEngine::ALL[0].run(&BinaryTree, &10, &SearchLimits { node_budget: 50_000, ..budget }).unwrap();
    assert!(found.stats.nodes <= 50_000);
    assert_eq!(found.answer, Answer::Exact(SearchValue::Score(0)));
    // Threads share the budget, each checking the sum every 4,096 of its own positions.
    let shared = SearchLimits { node_budget: 100_000, threads: 2, ..SearchLimits::default() };
    for engine in [SearchEngine::AlphaBeta(Driver::Mtdf), SearchEngine::WeakAlphaBeta] {
        match engine.run(&BinaryTree, &30, &shared) {
            Err(SearchError::NodeBudget { nodes, .. }) => {
                assert!((100_000..100_000 + 3 * 4096).contains(&nodes), "{nodes}")
            }
            other => panic!("{}: {other:?}", engine.name()),
        }
    }
}

#[test]
fn a_stop_ends_the_search() {
    let stop = Arc::new(AtomicBool::new(true));
    let limits = SearchLimits { stop: Some(stop), threads: 2, ..SearchLimits::default() };
    for engine in SearchEngine::ALL {
        let result = engine.run(&BinaryTree, &40, &limits);
        assert!(matches!(result, Err(SearchError::Stopped { .. })), "{}: {result:?}", engine.name());
    }
}

#[test]
fn a_loop_is_reported_not_followed_forever() {
    // 0 -> 1 -> 0, and 1 -> 2, a finished loss.
    let mut nodes = vec![Node::default(); 3];
    nodes[2].terminal = Some(Terminal::Loss);
    let edges = [(0, 1), (1, 0), (1, 2)].map(|(a, b)| (a, b, Edge::default()));
    let game = GraphGame::from_parts(nodes, edges).unwrap();
    let search = SpaceSearch::new(&game);
    let start = StateId::new(0).unwrap();
    let result = SearchEngine::ALL[0].run(&search, &start, &limits(1 << 16));
    assert!(matches!(result, Err(SearchError::Cycle { .. })), "{result:?}");
}

#[test]
fn a_finished_position_is_its_own_value() {
    let mut nodes = vec![Node::default(); 1];
    nodes[0].terminal = Some(Terminal::Win);
    let game = GraphGame::from_parts(nodes, []).unwrap();
    let found = SearchEngine::ALL[1].run(&SpaceSearch::new(&game), &StateId::new(0).unwrap(), &limits(0)).unwrap();
    assert_eq!(found.answer, Answer::Exact(SearchValue::Win(0)));
    assert!(found.principal_variation.is_empty());
}

/// The value of [`BinaryTree`] at `depth`: 0 at a leaf; above, the right move's gain of 1 minus
/// the child's value beats the left move's 0 minus it, so `value(d) = 1 - value(d - 1)`: 1 at
/// odd depths, 0 at even ones.
fn binary_tree_sign(depth: u32) -> solver_core::search::Sign {
    if depth % 2 == 1 { solver_core::search::Sign::Win } else { solver_core::search::Sign::Tie }
}

#[test]
fn the_proof_number_engines_answer_a_tree_without_keys() {
    // Up to depth 12 (about 13,000 children created) the smallest proof-number tree holds the
    // search; df-pn runs without a table.
    for depth in 0..=12 {
        for engine in [SearchEngine::ProofNumber, SearchEngine::DfPn] {
            let found = engine.run(&BinaryTree, &depth, &limits(0)).unwrap();
            assert_eq!(found.answer, Answer::Sign(binary_tree_sign(depth)), "{} at {depth}", engine.name());
            assert!(found.stats.peak_bytes <= MIN_TREE_BYTES as u64, "{}", engine.name());
        }
    }
}

#[test]
fn a_full_proof_number_tree_says_so() {
    // The proof that the value of depth 40 is not above 0 takes about 2^20 leaves; the
    // smallest tree does not hold the unsolved part of it.
    match proof_number_search(&BinaryTree, &40, &limits(0)) {
        Err(error @ SearchError::TreeFull { bytes }) => {
            assert_eq!(bytes, MIN_TREE_BYTES);
            assert!(error.to_string().contains("--tt-mb"), "{error}");
        }
        other => panic!("{other:?}"),
    }
}

/// [`BinaryTree`] whose position at depth 40 has the bounds (-1, 0): sound (its value is 0, see
/// [`binary_tree_sign`]), and enough to disprove "above 0" without a search.
struct BoundedAtForty;

impl SearchGame for BoundedAtForty {
    type Position = u32;
    type Move = bool;

    fn scoring(&self) -> bool {
        true
    }

    fn terminal(&self, _: &u32) -> Option<Terminal> {
        None
    }

    fn moves(&self, depth: &u32, out: &mut Vec<bool>) {
        BinaryTree.moves(depth, out);
    }

    fn play(&self, depth: &u32, right: bool) -> Played<u32> {
        BinaryTree.play(depth, right)
    }

    fn key(&self, _: &u32) -> Option<u128> {
        None
    }

    fn score_bounds(&self, depth: &u32) -> Option<(i64, i64)> {
        (*depth == 40).then_some((-1, 0))
    }
}

#[test]
fn the_proof_number_engines_say_what_they_proved_before_a_limit() {
    let budget = SearchLimits { node_budget: 100, ..SearchLimits::default() };
    let stop = SearchLimits { stop: Some(Arc::new(AtomicBool::new(true))), ..SearchLimits::default() };
    for engine in [SearchEngine::ProofNumber, SearchEngine::DfPn] {
        let expected = [(false, "nothing proven yet"), (true, "proven: not a win")];
        for (bounded, words) in expected {
            for limits in [&budget, &stop] {
                let result = if bounded {
                    engine.run(&BoundedAtForty, &40, limits).map(|f| f.answer)
                } else {
                    engine.run(&BinaryTree, &40, limits).map(|f| f.answer)
                };
                match result {
                    Err(SearchError::NodeBudget { proven, .. } | SearchError::Stopped { proven, .. }) => {
                        assert_eq!(proven, words, "{}", engine.name())
                    }
                    other => panic!("{}: {other:?}", engine.name()),
                }
            }
        }
    }
}

#[test]
fn a_loop_is_reported_by_the_proof_number_engines() {
    // 0 -> 1 -> 0 and nothing else: every line is endless.
    let nodes = vec![Node::default(); 2];
    let edges = [(0, 1), (1, 0)].map(|(a, b)| (a, b, Edge::default()));
    let game = GraphGame::from_parts(nodes, edges).unwrap();
    let search = SpaceSearch::new(&game);
    let start = StateId::new(0).unwrap();
    let result = df_pn(&search, &start, &limits(1 << 16));
    assert!(matches!(result, Err(SearchError::Cycle { .. })), "{result:?}");
    // Proof-number search shares the node of a key and question: the loop closes in its graph.
    for tt_bytes in TABLE_BYTES {
        let result = proof_number_search(&search, &start, &limits(tt_bytes));
        assert!(matches!(result, Err(SearchError::Cycle { .. })), "{result:?}");
    }
}

/// A scoring space searched without keys: every position met gets a node of its own in the
/// proof-number graph, so the children generated are the nodes made.
struct Unkeyed<'a>(ScoringSpaceSearch<'a, GraphGame>);

impl SearchGame for Unkeyed<'_> {
    type Position = StateId;
    type Move = solver_core::ScoredMove<StateId>;

    fn scoring(&self) -> bool {
        true
    }

    fn terminal(&self, _: &StateId) -> Option<Terminal> {
        None
    }

    fn moves(&self, id: &StateId, out: &mut Vec<Self::Move>) {
        self.0.moves(id, out);
    }

    fn play(&self, id: &StateId, mv: Self::Move) -> Played<StateId> {
        self.0.play(id, mv)
    }

    fn key(&self, _: &StateId) -> Option<u128> {
        None
    }
}

#[test]
fn a_small_proof_number_graph_frees_what_it_solved_and_stays_exact() {
    // Graphs of 16 KiB on random acyclic scoring games without keys: every answer is the score
    // table's sign, or the graph filled; and some searches made more nodes than the graph holds
    // at once (a node and its edge take at least 96 bytes: two lists, the key, the threshold,
    // the numbers; two proofs, so twice that), so they finished thanks to what was freed.
    const GRAPH: usize = 16 << 10;
    let (mut outgrew, mut full) = (0, 0);
    for seed in 0..30 {
        let game = GraphGame::random(&RandomShape { acyclic_reach: 4, ..RandomShape::acyclic(40) }, seed);
        let table = score_table::<i64, _>(&game).unwrap();
        let search = Unkeyed(ScoringSpaceSearch::new(&game));
        for id in ids(&game) {
            match proof_number_search_within(&search, &id, &limits(0), GRAPH) {
                Ok(found) => {
                    assert!(found.answer.agrees_with_score(table[id.index()]), "seed {seed} at {id}");
                    outgrew += usize::from(found.stats.nodes as usize * 96 > 2 * GRAPH);
                }
                Err(SearchError::TreeFull { bytes }) => {
                    assert_eq!(bytes, GRAPH);
                    full += 1;
                }
                Err(other) => panic!("seed {seed} at {id}: {other}"),
            }
        }
    }
    assert!(outgrew > 0, "no search outgrew the graph ({full} filled it)");
}

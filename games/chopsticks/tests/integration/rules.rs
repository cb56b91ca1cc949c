//! Every variant's dense space against the plain rules and the oracle, over every position:
//! the ranking round-trips, the moves on ids are the plain rules' moves, the un-moves invert
//! them, every id is reachable, and every engine's table equals the oracle's. Then the
//! published facts this can be compared with, what `stats` reports and the fuzz body.

use chopsticks::plain::{PlainPosition, PlainRules};
use chopsticks::{Chopsticks, Hands, ORACLE_BUDGET, Position, Rule, Splits, Variant, rank_chopsticks};
use proptest::prelude::*;
use solver_core::{LoopySpace, Outcome, RetrogradeEngine, StateId, StateSpace};
use std::collections::{BTreeSet, VecDeque};
use workbench::check::{OracleSide, check_loopy_with_unmoves};
use workbench::space::{check_loopy_space, check_unmoves, every_id};
use workbench::stats::StatsReport;

/// The plain form of a position of the space, for [`OracleSide`].
fn plain(position: &Position) -> PlainPosition {
    PlainPosition::from_position(position)
}

#[test]
fn every_engine_equals_the_oracle_on_every_position_of_every_variant() {
    for variant in Variant::ALL {
        let space = Chopsticks::new(variant);
        let rules = PlainRules::new(variant);
        let side = OracleSide { rules: &rules, state: &plain };
        let checked = check_loopy_with_unmoves(&space, Some(side), ORACLE_BUDGET)
            .and_then(|checked| checked.oracle_agreed())
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
        let names: Vec<&str> = checked.timings.iter().map(|(name, _)| *name).collect();
        let every: Vec<&str> = solver_core::RetrogradeEngine::ALL.iter().map(|e| e.name()).collect();
        assert_eq!(names, every, "{variant}");
    }
}

#[test]
fn every_space_is_its_plain_rules_and_its_unmoves_invert_its_moves() {
    for variant in Variant::ALL {
        let space = Chopsticks::new(variant);
        let rules = PlainRules::new(variant);
        check_loopy_space(&space, &OracleSide { rules: &rules, state: &plain }, every_id(&space))
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
        check_unmoves(&space, every_id(&space)).unwrap_or_else(|e| panic!("{variant}: {e}"));
    }
}

/// The ids reached from the start by moves on ids, with the number of plies to reach each.
fn reached(space: &Chopsticks) -> Vec<Option<usize>> {
    let mut depth = vec![None; space.len()];
    depth[space.start().index()] = Some(0);
    let mut queue = VecDeque::from([space.start()]);
    let mut out = Vec::new();
    while let Some(id) = queue.pop_front() {
        if space.terminal_at(id).is_some() {
            continue;
        }
        out.clear();
        space.successor_ids(id, &mut out);
        for &child in &out {
            if depth[child.index()].is_none() {
                depth[child.index()] = Some(depth[id.index()].unwrap() + 1);
                queue.push_back(child);
            }
        }
    }
    depth
}

#[test]
fn every_id_is_reachable_and_ids_follow_the_table_of_pairs() {
    for variant in Variant::ALL {
        let space = Chopsticks::new(variant);
        assert!(reached(&space).iter().all(Option::is_some), "{variant}: an id the start does not reach");
        let positions: Vec<Position> = StateId::all(space.len()).map(|id| space.unrank(id)).collect();
        assert!(positions.windows(2).all(|w| w[0] < w[1]), "{variant}: ids in the order of the 15 x 15 table");
        for position in &positions {
            assert!(!position.opponent.is_out(), "{variant}: {position}: the player who just moved is out");
            assert_eq!(space.id_of(position), Some(space.rank(position)));
        }
        // Every other cell of the table is outside the space.
        let inside: BTreeSet<Position> = positions.iter().copied().collect();
        for mover in Hands::all() {
            for opponent in Hands::all() {
                let p = Position::new(mover, opponent);
                assert_eq!(space.id_of(&p).is_some(), inside.contains(&p), "{variant}: {p}");
            }
        }
    }
}

#[test]
fn the_positions_of_the_oracle_from_the_start_are_the_space() {
    // The oracle explores from the start alone, on the plain rules: it must find the space.
    for variant in Variant::ALL {
        let space = Chopsticks::new(variant);
        let values = oracle::solve_loopy(&PlainRules::new(variant), [PlainPosition::START], ORACLE_BUDGET).unwrap();
        let found: BTreeSet<PlainPosition> = values.keys().copied().collect();
        let ours: BTreeSet<PlainPosition> = StateId::all(space.len()).map(|id| plain(&space.unrank(id))).collect();
        assert_eq!(found, ours, "{variant}");
    }
}

/// A published count. The blog post "Chopsticks gamestate" (https://scyy.fi/chopsticks-gamestate)
/// counts the states reachable under cutoff with any split (its Python code: attacks kill at
/// 5 or more, a split is any new pair of the same total other than the old one). Its states
/// carry which player is to move, `(p1 hands, p2 hands, turn)`, and it finds "382, counting the
/// 28 ... game states where loser is out of hands". Here a state is a position of the space and
/// the parity of the ply at which it is reached.
#[test]
fn a_published_count_of_states_with_the_player_to_move() {
    let space = Chopsticks::new(Variant::new(Rule::Cutoff, Splits::Any));
    let mut seen = BTreeSet::from([(space.start(), 0u8)]);
    let mut queue = VecDeque::from([(space.start(), 0u8)]);
    let mut out = Vec::new();
    while let Some((id, turn)) = queue.pop_front() {
        if space.terminal_at(id).is_some() {
            continue;
        }
        out.clear();
        space.successor_ids(id, &mut out);
        for &child in &out {
            if seen.insert((child, 1 - turn)) {
                queue.push_back((child, 1 - turn));
            }
        }
    }
    let finished = seen.iter().filter(|(id, _)| space.terminal_at(*id).is_some()).count();
    assert_eq!((seen.len(), finished), (382, 28));
}

/// A published value. Older revisions of Wikipedia's article "Chopsticks (hand game)" give the
/// rules as rollover (5 kills a hand, more than 5 loses 5), with splits that may revive a dead
/// hand but "must not kill one of their own hands", and say in the section "Optimal strategy":
/// "Using the rules above, two perfect players will play indefinitely; the game will continue
/// in a loop." That is our rollover with splits `nosuicide`: the start is a draw.
#[test]
fn a_published_value_rollover_without_suicide_is_endless() {
    let space = Chopsticks::new(Variant::new(Rule::Rollover, Splits::NoSuicide));
    let table = RetrogradeEngine::Unmoves.solve(&space).unwrap();
    assert_eq!(table.get(space.start()), Outcome::Draw);
}

#[test]
fn hand_derived_values() {
    let value = |variant: Variant, [a, b, c, d]: [u8; 4]| {
        let space = Chopsticks::new(variant);
        let table = RetrogradeEngine::Layered.solve(&space).unwrap();
        table.get(space.rank(&Position::new(Hands::new(a, b).unwrap(), Hands::new(c, d).unwrap())))
    };
    let cutoff = Variant::new(Rule::Cutoff, Splits::None);
    let rollover = Variant::new(Rule::Rollover, Splits::None);
    // The mover's 4 on the opponent's last hand 2: cutoff kills it at once; rollover leaves 1,
    // whose only move, 1 on the mover's 4, kills the mover's last hand.
    assert_eq!(value(cutoff, [0, 4, 0, 2]), Outcome::Win(1));
    assert_eq!(value(rollover, [0, 4, 0, 2]), Outcome::Loss(2));
    // Finished: the mover has no live hand.
    assert_eq!(value(cutoff, [0, 0, 4, 4]), Outcome::Loss(0));
    // Without splits the first move is forced (1 on 1), so the start is one ply longer than
    // the position after it, for the other side.
    let space = Chopsticks::new(cutoff);
    let table = RetrogradeEngine::ReverseGraph.solve(&space).unwrap();
    let after = Position::new(Hands::new(1, 2).unwrap(), Hands::START);
    assert_eq!(table.get(space.start()), table.get(space.rank(&after)).backed_up());
}

#[test]
fn stats_reads_its_parameters() {
    let [target] = chopsticks::REGISTRATION.spaces else { panic!("one space target") };
    assert_eq!(target.name, "chopsticks");
    let stats = |words: &str| -> Result<StatsReport, String> { Ok(target.open_words(words)?.stats()) };
    let report = stats("").unwrap();
    assert_eq!(report.game, "chopsticks rule=cutoff splits=none");
    assert_eq!(report.positions, 92);
    assert_eq!(
        report.notes,
        ["1 1 / 1 1: start loss in 8, best 1 hits 1 -> 2", "finished positions (the mover has no live hand): 8"]
    );
    let report = stats("rule=rollover splits=any").unwrap();
    assert_eq!((report.game.as_str(), report.positions), ("chopsticks rule=rollover splits=any", 207));
    assert_eq!(report.engines.len(), solver_core::RetrogradeEngine::ALL.len());
    assert_eq!(report.engines[0].engine, "reverse-graph", "the default engine first");
    let longest = stats("splits=any").unwrap().extreme.unwrap();
    assert_eq!(longest.value, "win in 33");
    let error = |words: &str| stats(words).unwrap_err();
    assert_eq!(error("rule=modulo"), "rule must be one of cutoff, rollover, found `modulo`");
    assert_eq!(error("splits=some"), "splits must be one of none, nosuicide, any, found `some`");
    // A key the target does not take is refused before any work.
    assert_eq!(error("rule=cutoff split=any"), "unknown parameter `split`; it takes rule, splits");
}

#[test]
fn the_fuzz_body_passes_on_every_position_of_every_variant() {
    for (v, variant) in Variant::ALL.into_iter().enumerate() {
        for id in 0..Chopsticks::new(variant).len() as u32 {
            let mut bytes = vec![v as u8];
            bytes.extend(id.to_le_bytes());
            rank_chopsticks(&bytes).unwrap_or_else(|e| panic!("{variant} #{id}: {e}"));
        }
    }
    assert_eq!(chopsticks::REGISTRATION.fuzz[0].name, "rank_chopsticks");
}

proptest! {
    #[test]
    fn the_fuzz_body_takes_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..12)) {
        prop_assert_eq!(rank_chopsticks(&bytes), Ok(()));
    }
}

//! The distributed tier engine (`tiers_mpi`, cargo feature `mpi`) on small tiered spaces: the
//! deal derived by hand, and on 1 to 4 ranks every rank's values equal to a naive recursion's,
//! its report's counts equal to what the module docs promise (the memory peak derived by hand
//! on one space), stored slices taken instead of solved, and errors reported on every rank.
//!
//! Run plainly, the rank test launches this same test binary under `mpirun` once per number of
//! ranks (Open MPI's `mpirun` and `timeout` on the PATH, as `.ci/run` installs them); under
//! `mpirun`, with the variable [`RANKS`] set, each process is one rank and checks its share.

#[path = "integration/common/mod.rs"]
mod common;

use common::{Listed, at};
use solver_core::tiers::{TierError, TieredScoring};
use solver_core::tiers_mpi::mpi::traits::Communicator;
use solver_core::tiers_mpi::{RankReport, TierSlice, deal_tiers, mpi, solve_tiers_distributed};
use std::collections::BTreeMap;
use std::panic::AssertUnwindSafe;
use std::process::Command;

fn slice(tier: u32, start: u64, end: u64, rank: u32) -> TierSlice {
    TierSlice { tier, start, end, rank }
}

/// `space` with moves from a formula: to the next index of the tier (when moves may stay in
/// tiers) and to one position of each child tier, with gains from -1 to 2 and some moves that
/// let the mover move again.
fn with_moves(mut space: Listed) -> Listed {
    for tier in 0..space.lens.len() {
        for i in 0..space.lens[tier] {
            let from = at(tier as u32, i);
            if space.within && i + 1 < space.lens[tier] {
                space = space.with_move(from, at(tier as u32, i + 1), (i % 3) as i32 - 1, i.is_multiple_of(2));
            }
            for (k, c) in space.children[tier].clone().into_iter().enumerate() {
                let k = k as u64;
                let to = at(c, (i * 3 + k) % space.lens[c as usize]);
                space = space.with_move(from, to, ((tier as u64 + i + k) % 4) as i32 - 1, (i + k).is_multiple_of(3));
            }
        }
    }
    space
}

/// A chain 0 <- 1 <- 2 <- 3 of 1, 2, 4 and 8 positions, and tier 4 (3 positions) reading tier
/// 0 beside tier 1. Waves: {0}, {1, 4}, {2}, {3}.
fn chain() -> Listed {
    with_moves(Listed::new(&[1, 2, 4, 8, 3], &[&[], &[0], &[1], &[2], &[0]]))
}

/// Tiers of 5, 7, 2 and 6 positions without moves inside them; tier 2 reads tiers 0 and 1,
/// tier 3 reads 2 and 1. Waves: {0}, {1}, {2}, {3}.
fn flat() -> Listed {
    let mut space = Listed::new(&[5, 7, 2, 6], &[&[], &[0], &[0, 1], &[2, 1]]);
    space.within = false;
    with_moves(space)
}

/// Two leaves of 3, four tiers of 2 reading them (two of them both leaves), and one tier of 1
/// reading those four: on two ranks each rank gets two tiers of the middle wave, which read
/// the same leaves.
fn wide() -> Listed {
    with_moves(Listed::new(&[3, 3, 2, 2, 2, 2, 1], &[&[], &[], &[0, 1], &[0, 1], &[0], &[1], &[2, 3, 4, 5]]))
}

#[test]
fn whole_tiers_go_to_the_rank_with_the_fewest_positions_of_their_wave() {
    // One wave of four leaves of 5, 3, 3 and 1 positions on 2 ranks: 5 to rank 0 (a tie goes
    // to the lower rank); 3 to rank 1 (0 < 5); 3 to rank 1 again (3 < 5); 1 to rank 0 (5 < 6).
    let leaves = Listed::new(&[5, 3, 3, 1], &[&[], &[], &[], &[]]);
    let by_load = [[slice(0, 0, 5, 0)], [slice(1, 0, 3, 1)], [slice(2, 0, 3, 1)], [slice(3, 0, 1, 0)]];
    assert_eq!(deal_tiers(&leaves, 2).unwrap(), by_load);
    // One rank, or none (taken as one), gets everything.
    let alone = [[slice(0, 0, 5, 0)], [slice(1, 0, 3, 0)], [slice(2, 0, 3, 0)], [slice(3, 0, 1, 0)]];
    assert_eq!(deal_tiers(&leaves, 1).unwrap(), alone);
    assert_eq!(deal_tiers(&leaves, 0).unwrap(), alone);
    // The loads start again at each wave: tier 0 (10 positions) to rank 0, then tiers 1 and 2
    // (1 each, the next wave) to ranks 0 and 1.
    let waves = Listed::new(&[10, 1, 1], &[&[], &[0], &[0]]);
    assert_eq!(deal_tiers(&waves, 2).unwrap(), [[slice(0, 0, 10, 0)], [slice(1, 0, 1, 0)], [slice(2, 0, 1, 1)]]);
    // The chain: tier 1 (2) to rank 0 on the tie, tier 4 (3) beside it to rank 1.
    let chain_deal =
        [[slice(0, 0, 1, 0)], [slice(1, 0, 2, 0)], [slice(2, 0, 4, 0)], [slice(3, 0, 8, 0)], [slice(4, 0, 3, 1)]];
    assert_eq!(deal_tiers(&chain(), 3).unwrap(), chain_deal);
    let cycle = deal_tiers(&Listed::new(&[1, 1], &[&[1], &[0]]), 2);
    assert!(matches!(cycle, Err(TierError::Cycle { .. })), "{cycle:?}");
}

#[test]
fn tiers_without_moves_inside_are_cut_evenly_and_empty_cuts_dropped() {
    // Cuts at len * k / ranks. On 3 ranks: 5 at 0, 1, 3, 5; 7 at 0, 2, 4, 7; 2 at 0, 0, 1, 2
    // (rank 0's cut is empty); 6 at 0, 2, 4, 6.
    let three = vec![
        vec![slice(0, 0, 1, 0), slice(0, 1, 3, 1), slice(0, 3, 5, 2)],
        vec![slice(1, 0, 2, 0), slice(1, 2, 4, 1), slice(1, 4, 7, 2)],
        vec![slice(2, 0, 1, 1), slice(2, 1, 2, 2)],
        vec![slice(3, 0, 2, 0), slice(3, 2, 4, 1), slice(3, 4, 6, 2)],
    ];
    assert_eq!(deal_tiers(&flat(), 3).unwrap(), three);
    // On 4 ranks: 5 at 0, 1, 2, 3, 5; 7 at 0, 1, 3, 5, 7; 2 at 0, 0, 1, 1, 2; 6 at 0, 1, 3, 4, 6.
    let four = vec![
        vec![slice(0, 0, 1, 0), slice(0, 1, 2, 1), slice(0, 2, 3, 2), slice(0, 3, 5, 3)],
        vec![slice(1, 0, 1, 0), slice(1, 1, 3, 1), slice(1, 3, 5, 2), slice(1, 5, 7, 3)],
        vec![slice(2, 0, 1, 1), slice(2, 1, 2, 3)],
        vec![slice(3, 0, 1, 0), slice(3, 1, 3, 1), slice(3, 3, 4, 2), slice(3, 4, 6, 3)],
    ];
    assert_eq!(deal_tiers(&flat(), 4).unwrap(), four);
    let whole: Vec<Vec<TierSlice>> = [5, 7, 2, 6].iter().zip(0..).map(|(&len, t)| vec![slice(t, 0, len, 0)]).collect();
    assert_eq!(deal_tiers(&flat(), 1).unwrap(), whole);
}

/// The variable that tells this test binary it runs as one of that many ranks under `mpirun`.
const RANKS: &str = "SOLVER_CORE_TEST_MPI_RANKS";
const RANK_TEST: &str = "every_rank_solves_its_share_as_a_naive_recursion_does";

#[test]
fn every_rank_solves_its_share_as_a_naive_recursion_does() {
    match std::env::var(RANKS) {
        Ok(ranks) => check_this_rank(ranks.parse().expect("a number of ranks")),
        Err(_) => launch_on_one_to_four_ranks(),
    }
}

fn launch_on_one_to_four_ranks() {
    let exe = std::env::current_exe().expect("the test binary's path");
    for ranks in 1..=4u32 {
        let out = Command::new("timeout")
            .args(["120", "mpirun", "--allow-run-as-root", "--oversubscribe", "-np", &ranks.to_string()])
            .arg(&exe)
            .args(["--exact", RANK_TEST, "--nocapture", "--test-threads", "1"])
            .env(RANKS, ranks.to_string())
            .output()
            .expect("timeout and mpirun run (Open MPI installed)");
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "{ranks} ranks: {stdout}{stderr}");
        for rank in 0..ranks {
            let line = format!("rank {rank} of {ranks}: every check passed");
            assert!(stdout.contains(&line), "{ranks} ranks, no `{line}`: {stdout}{stderr}");
        }
    }
}

/// The values of every position by the plain recursion over moves (the mover's best of gain
/// plus the next value when moving again, minus it otherwise; 0 without moves), with the
/// values in `given` taken as they are.
fn naive(space: &Listed, given: &BTreeMap<(u32, u64), i64>) -> BTreeMap<(u32, u64), i64> {
    fn value(space: &Listed, pos: (u32, u64), memo: &mut BTreeMap<(u32, u64), i64>) -> i64 {
        if let Some(&v) = memo.get(&pos) {
            return v;
        }
        let moves = space.moves.get(&pos).cloned().unwrap_or_default();
        let v = moves
            .iter()
            .map(|m| {
                let next = value(space, (m.to.tier, m.to.index), memo);
                i64::from(m.gain) + if m.again { next } else { -next }
            })
            .max()
            .unwrap_or(0);
        memo.insert(pos, v);
        v
    }
    let mut memo = given.clone();
    for (tier, &len) in space.lens.iter().enumerate() {
        for i in 0..len {
            value(space, (tier as u32, i), &mut memo);
        }
    }
    memo
}

/// What one run on this rank handed out: `(tier, start, values)` by slice.
type Handed = Vec<(u32, u64, Vec<i16>)>;

fn run<C: Communicator>(
    space: &Listed,
    world: &C,
    mut stored: impl FnMut(&TierSlice) -> Result<Option<Vec<i16>>, String>,
) -> Result<(RankReport, Handed), TierError> {
    let mut handed = Vec::new();
    let report = solve_tiers_distributed::<i16, _, _>(space, world, &mut stored, |tier, start, values| {
        handed.push((tier, start, values.to_vec()));
        Ok(())
    })?;
    Ok((report, handed))
}

/// The report the module docs promise `me`, all but the peak: its slices (those of `stored`
/// counted apart), and each slice sent once to each other rank that solves a slice of a parent
/// of its tier; 2 bytes a value.
fn promised(space: &Listed, me: u32, ranks: u32, stored: impl Fn(&TierSlice) -> bool) -> RankReport {
    let deal = deal_tiers(space, ranks).unwrap();
    let readers_of = |tier: u32| -> Vec<u32> {
        let mut ranks: Vec<u32> = (0..space.tier_count())
            .filter(|&p| space.child_tiers(p).contains(&tier))
            .flat_map(|p| deal[p as usize].iter().map(|s| s.rank))
            .collect();
        ranks.sort_unstable();
        ranks.dedup();
        ranks
    };
    let mut report = RankReport::default();
    for slices in &deal {
        for s in slices {
            let (len, readers) = (s.end - s.start, readers_of(s.tier));
            if s.rank == me {
                if stored(s) {
                    report.slices_stored += 1;
                    report.positions_stored += len;
                } else {
                    report.slices += 1;
                    report.positions += len;
                }
                report.bytes_sent += 2 * len * readers.iter().filter(|&&r| r != me).count() as u64;
            } else if readers.contains(&me) {
                report.bytes_received += 2 * len;
            }
        }
    }
    report
}

/// Checks that `me` handed out exactly its slices of the deal (but those of tier `stored`),
/// each with `expected`'s values.
fn check_handed(
    space: &Listed,
    me: u32,
    ranks: u32,
    handed: &Handed,
    expected: &BTreeMap<(u32, u64), i64>,
    stored: Option<u32>,
) {
    let mut mine: Vec<(u32, u64, u64)> = deal_tiers(space, ranks)
        .unwrap()
        .into_iter()
        .flatten()
        .filter(|s| s.rank == me && Some(s.tier) != stored)
        .map(|s| (s.tier, s.start, s.end))
        .collect();
    mine.sort_unstable();
    let mut got: Vec<(u32, u64, u64)> = handed.iter().map(|(t, s, v)| (*t, *s, s + v.len() as u64)).collect();
    got.sort_unstable();
    assert_eq!(got, mine, "rank {me} of {ranks}: the slices handed out");
    for (tier, start, values) in handed {
        for (index, &v) in (*start..).zip(values) {
            assert_eq!(i64::from(v), expected[&(*tier, index)], "rank {me} of {ranks}: ({tier}, {index})");
        }
    }
}

/// One rank's checks. A failed one aborts the whole job (MPI_Abort) at once: otherwise the
/// other ranks would wait on this one in the exchange, and this one on them in MPI_Finalize,
/// until the launcher's timeout.
fn check_this_rank(ranks: u32) {
    let universe = mpi::initialize().expect("MPI starts once");
    let world = universe.world();
    if std::panic::catch_unwind(AssertUnwindSafe(|| checks(&world, ranks))).is_err() {
        world.abort(101);
    }
}

fn checks<C: Communicator>(world: &C, ranks: u32) {
    assert_eq!(world.size() as u32, ranks);
    let me = world.rank() as u32;

    let mut reports = BTreeMap::new();
    for (name, space) in [("chain", chain()), ("flat", flat()), ("wide", wide())] {
        let (report, handed) = run(&space, world, |_| Ok(None)).unwrap_or_else(|e| panic!("{name}: {e}"));
        check_handed(&space, me, ranks, &handed, &naive(&space, &BTreeMap::new()), None);
        let promise =
            RankReport { peak_table_bytes: report.peak_table_bytes, ..promised(&space, me, ranks, |_| false) };
        assert_eq!(report, promise, "{name}, rank {me} of {ranks}");
        reports.insert(name, report);
    }

    // The chain by hand. A rank's peak is the whole tables it holds (those its own slices read
    // now or later, from its own slices and the ones it receives) plus its own slices of the
    // wave; counted in positions, 2 bytes each. Alone: wave 0 holds tier 0 and solves it, 1 + 1;
    // wave 1 holds tiers 0 and 1 and solves 1 and 4, 3 + 5; tier 0 is read by no one after
    // that; wave 2 holds tiers 1 and 2 and solves 2, 6 + 4; tier 1 goes, and wave 3 holds tier
    // 2 and solves 3, 4 + 8: 24 bytes. On more ranks, rank 1 gets tier 4 alone (the deal
    // above): rank 0 goes through 1 + 1, 3 + 2, 6 + 4, 4 + 8, still 24 bytes, and sends tier 0
    // (2 bytes) to rank 1, which holds it beside tier 4: 1 + 3, 8 bytes. The others get nothing.
    let by_hand = match (ranks, me) {
        (1, _) => RankReport { slices: 5, positions: 18, peak_table_bytes: 24, ..RankReport::default() },
        (_, 0) => RankReport { slices: 4, positions: 15, bytes_sent: 2, peak_table_bytes: 24, ..RankReport::default() },
        (_, 1) => {
            RankReport { slices: 1, positions: 3, bytes_received: 2, peak_table_bytes: 8, ..RankReport::default() }
        }
        _ => RankReport::default(),
    };
    assert_eq!(reports["chain"], by_hand, "chain, rank {me} of {ranks}");
    // Cut tiers on 2 ranks (tier 0 at 2, tier 1 at 3; see the deal above for 3 and 4 ranks):
    // both ranks need every tier but tier 3 whole, so both peak in wave 1, holding tiers 0 and
    // 1 (5 + 7) beside their own slice of tier 1, 3 positions on rank 0 and 4 on rank 1.
    if ranks == 2 {
        assert_eq!(reports["flat"].peak_table_bytes, 2 * (12 + 3 + u64::from(me)), "flat, rank {me} of 2");
    }

    // A resumed run: tier 0's slices are stored, with values 1 more than solving would give
    // them. They are not solved nor handed out; tier 1 reads the stored values.
    let space = flat();
    let plain = naive(&space, &BTreeMap::new());
    let stored_values = |s: &TierSlice| (s.start..s.end).map(|i| plain[&(0, i)] as i16 + 1).collect::<Vec<_>>();
    let (report, handed) = run(&space, world, |s| Ok((s.tier == 0).then(|| stored_values(s)))).unwrap();
    let given = (0..space.lens[0]).map(|i| ((0, i), plain[&(0, i)] + 1)).collect();
    check_handed(&space, me, ranks, &handed, &naive(&space, &given), Some(0));
    let promise = promised(&space, me, ranks, |s| s.tier == 0);
    assert_eq!(report, RankReport { peak_table_bytes: report.peak_table_bytes, ..promise }, "rank {me} of {ranks}");

    // Errors in the first wave, where every rank has a slice (5 positions for at most 4 ranks),
    // so that every rank stops before the exchange.
    let err = run(&space, world, |s| Ok((s.tier == 0).then(|| vec![0; (s.end - s.start + 1) as usize]))).unwrap_err();
    let mine = deal_tiers(&space, ranks).unwrap()[0].iter().find(|s| s.rank == me).copied().unwrap();
    let len = mine.end - mine.start;
    let reason = format!("{} stored values for {len} positions", len + 1);
    assert_eq!(err, TierError::Handler { tier: 0, reason });
    let err = run(&space, world, |_| Err("unreadable".to_string())).unwrap_err();
    assert_eq!(err, TierError::Handler { tier: 0, reason: "unreadable".into() });
    let err = solve_tiers_distributed::<i16, _, _>(&space, world, |_| Ok(None), |_, _, _| Err("full".into()));
    assert_eq!(err.unwrap_err(), TierError::Handler { tier: 0, reason: "full".into() });

    println!("rank {me} of {ranks}: every check passed");
}

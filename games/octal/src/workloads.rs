//! What `gamesolve verify` and `gamesolve stats` run on octal games: Kayles, Dawson's Kayles
//! and Dawson's chess with their periods proven, the hdu2999 example's second set, and
//! hdu3980's circles against a search of the beads.

use crate::method::Method;
use crate::plain::{BeadCircle, Heap, Heaps};
use crate::problems::Hdu3980;
use crate::{GrundySequence, OctalCode, OctalGame, SparseSequence, prove_period};
use oracle::{Budget, OracleError, solve_loopy};
use solver_core::{Nimber, Outcome, StateId};
use std::fmt::Write;
use std::time::{Duration, Instant};
use testkit::check::{Failure, OracleCheck, OracleSide, check_grundy};
use testkit::judge::AnyProblem;
use testkit::stats::{self, StatsTarget};
use testkit::workload::{Row, Workload};

/// Every octal workload.
pub fn workloads() -> Vec<Workload> {
    vec![
        // OEIS A002186: period 12 from n = 71 (last exception at 70).
        sequence("Kayles 0.77", "0.77", 1_000, Some((71, 12))),
        // OEIS A002187 (0.137, exceptions up to n = 51); 0.07 has its values shifted by one.
        sequence("Dawson's Kayles 0.07", "0.07", 1_000, Some((53, 34))),
        sequence("Dawson's chess 0.137", "0.137", 1_000, Some((52, 34))),
        // The second test case of the hdu2999 example, blocks of 3: Treblecross, whose period
        // (if any) is far beyond reach.
        sequence("hdu2999 S={3}: 0.007", "0.007", 1_000, None),
        circles(14),
    ]
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = f();
    (value, start.elapsed())
}

/// A disagreement about something that is not one position of a space.
fn disagreement(engine: &str, other: &str, position: String, value: String, other_value: String) -> Failure {
    Failure::Disagreement { engine: engine.to_string(), other: other.to_string(), position, value, other_value }
}

/// `G(0..=max_heap)` by solver-core's engine (verified, and compared with the Grundy oracle on
/// the rules restated), by the naive and the sparse-space sequences, which must all agree; the
/// period proven (it must be the literature's, if given); and every sum of heaps with at most
/// 14 tokens searched as a whole position, whose winner must be the one the xor of the values
/// names.
fn sequence(name: &str, code: &'static str, max_heap: u32, literature: Option<(usize, usize)>) -> Workload {
    Workload::new(format!("{name} n<={max_heap}"), move |budget| {
        let code: OctalCode = code.parse().map_err(|e| Failure::engine_error("verify", e))?;
        let game = OctalGame::new(code.clone(), max_heap);
        let heap = Heap(Heaps::new(&code));
        let checked = check_grundy(&game, Some(OracleSide { rules: &heap, state: &|h| *h }), budget)?;
        let table: Vec<u32> = checked.table.iter().map(|v| v.0).collect();
        let mut timings = checked.timings;
        for method in [Method::Naive, Method::Sparse] {
            let engine = method.name();
            let (values, elapsed) = timed(|| method.values(&code, table.len()));
            let values = values.map_err(|e| Failure::engine_error(engine, e))?;
            if let Some(n) = (0..table.len()).find(|&n| values[n] != table[n]) {
                let id = StateId::new(n).expect("a heap of the table");
                return Err(Failure::at(&game, id, engine, values[n], "grundy", table[n]));
            }
            timings.push((engine, elapsed));
        }
        let (proof, elapsed) = timed(|| prove_period(&code, &table));
        timings.push(("prove", elapsed));
        let found = proof.map(|p| (p.preperiod, p.period));
        if literature.is_some() && found != literature {
            let (found, known) = (format!("{found:?}"), format!("{literature:?}"));
            return Err(disagreement("prove", "the literature", format!("the period of {code}"), found, known));
        }
        let oracle = match (checked.oracle, sums_agree(&code, &table, 14, budget)?) {
            (OracleCheck::Agreed { elapsed }, OracleCheck::Agreed { elapsed: more }) => {
                OracleCheck::Agreed { elapsed: elapsed + more }
            }
            (OracleCheck::Agreed { .. }, sums) => sums,
            (grundy, _) => grundy,
        };
        let summary = match proof {
            Some(p) => format!("p={} n0={} by {} values", p.period, p.preperiod, p.values_needed),
            None => format!("no period by {} values", table.len()),
        };
        Ok(Row { positions: table.len(), summary, timings, oracle })
    })
}

/// Every multiset of heaps adding up to at most `total` tokens, searched as a whole position
/// (no Sprague-Grundy theory): the player to move must win exactly when the xor of the heaps'
/// `values` is not 0.
fn sums_agree(code: &OctalCode, values: &[u32], total: u32, budget: Budget) -> Result<OracleCheck, Failure> {
    let started = Instant::now();
    let mut positions = vec![Vec::new()];
    // Partitions in non-decreasing order: extend each by a part at least its last.
    let mut i = 0;
    while i < positions.len() {
        let p: Vec<u32> = positions[i].clone();
        let (last, sum) = (p.last().copied().unwrap_or(1), p.iter().sum::<u32>());
        for part in last..=total - sum {
            let mut q = p.clone();
            q.push(part);
            positions.push(q);
        }
        i += 1;
    }
    let outcomes = match solve_loopy(&Heaps::new(code), positions.iter().cloned(), budget) {
        Ok(outcomes) => outcomes,
        Err(OracleError::OverBudget { .. }) => return Ok(OracleCheck::Declined(format!("sums of {total} tokens"))),
        Err(e) => return Err(Failure::engine_error("the oracle", e)),
    };
    for p in &positions {
        let xor = p.iter().fold(0, |x, &h| x ^ values[h as usize]);
        let searched = matches!(outcomes[p], Outcome::Win(_));
        if searched != (xor != 0) {
            let (by_xor, by_search) = (format!("win={}", xor != 0), format!("win={searched}"));
            return Err(disagreement("the xor of the values", "the oracle", format!("heaps {p:?}"), by_xor, by_search));
        }
    }
    Ok(OracleCheck::Agreed { elapsed: started.elapsed() })
}

/// hdu3980 for every circle of at most `max_beads` beads and every block size up to one more:
/// each Grundy engine's judge answer against a search of the painted beads.
fn circles(max_beads: u32) -> Workload {
    Workload::new(format!("hdu3980 circles N<={max_beads}"), move |budget| {
        let problem: &dyn AnyProblem = &Hdu3980;
        let pairs: Vec<(u32, u32)> = (1..=max_beads).flat_map(|n| (1..=max_beads + 1).map(move |m| (n, m))).collect();
        let mut input = format!("{}\n", pairs.len());
        for (n, m) in &pairs {
            writeln!(input, "{n} {m}").expect("writing to a String cannot fail");
        }
        let circle =
            |k: usize| pairs.get(k).map_or("past the last circle".to_string(), |(n, m)| format!("N={n} M={m}"));
        let mut timings = Vec::new();
        let mut answers: Vec<(&str, String)> = Vec::new();
        for &engine in problem.engines().iter().filter(|&&e| e != "oracle") {
            let (answer, elapsed) = timed(|| problem.judge(&input, engine));
            let answer = answer.map_err(|e| Failure::engine_error(engine, e))?;
            if let Some((first, expected)) = answers.first().filter(|(_, expected)| *expected != answer) {
                let (ours, theirs) = (answer.lines().count(), expected.lines().count());
                let k = answer.lines().zip(expected.lines()).position(|(a, b)| a != b).unwrap_or(ours.min(theirs));
                let line = |text: &str| text.lines().nth(k).unwrap_or("nothing").to_string();
                return Err(disagreement(engine, first, circle(k), line(&answer), line(expected)));
            }
            answers.push((engine, answer));
            timings.push((engine, elapsed));
        }
        let (first, lines): (&str, Vec<&str>) =
            answers.first().map(|(e, a)| (*e, a.lines().collect())).unwrap_or_default();
        let started = Instant::now();
        let mut oracle = OracleCheck::Agreed { elapsed: Duration::ZERO };
        for (k, &(n, m)) in pairs.iter().enumerate() {
            let beads = BeadCircle::new(n, m).ok_or_else(|| {
                Failure::engine_error("the oracle", format!("{}: the circle does not fit", circle(k)))
            })?;
            match solve_loopy(&beads, [0], budget) {
                Ok(values) => {
                    let winner = if matches!(values[&0], Outcome::Win(_)) { "aekdycoin" } else { "abcdxyzk" };
                    let expected = format!("Case #{}: {winner}", k + 1);
                    let answered = lines.get(k).copied().unwrap_or("nothing");
                    if answered != expected {
                        return Err(disagreement(first, "the oracle", circle(k), answered.to_string(), expected));
                    }
                }
                Err(e) => {
                    oracle = OracleCheck::Declined(e.to_string());
                    break;
                }
            }
        }
        if let OracleCheck::Agreed { elapsed } = &mut oracle {
            *elapsed = started.elapsed();
        }
        let wins = lines.iter().filter(|l| l.ends_with("aekdycoin")).count();
        Ok(Row { positions: pairs.len(), summary: format!("first player wins {wins}"), timings, oracle })
    })
}

/// The pairs of heaps the sparse-space method may look at in `stats` and `solve` (rare pairs and witness
/// steps together), at about a nanosecond each half a minute or so. A code with a sparse space
/// stays far below it up to n = 10^7 (Kayles: 9 rare heaps, about 10 pairs a heap), while one
/// without (0.007: a quarter of the heaps are rare) grows quadratically and would run for hours.
pub(crate) const STATS_PAIR_BUDGET: u64 = 30_000_000_000;

/// `G(0..len)` by the sparse-space method, in chunks, stopping with an error once it has
/// looked at more than `budget` pairs.
pub(crate) fn sparse_within(code: &OctalCode, len: usize, budget: u64) -> Result<Vec<u32>, String> {
    let mut sequence = SparseSequence::new(code.clone());
    while sequence.values().len() < len {
        sequence.extend_to(len.min(sequence.values().len() + (1 << 16)));
        let work = sequence.stats();
        let pairs = work.rare_steps + work.witness_steps;
        if pairs > budget {
            return Err(format!(
                "gave up at heap {} after {pairs} pairs of heaps (the budget is {budget}): {code} has {} rare \
                 heaps, too many for a sparse space; ask for a smaller n",
                sequence.values().len(),
                work.rare
            ));
        }
    }
    Ok(sequence.into_values())
}

/// Any octal game's Grundy sequence, with its period proven when the values suffice.
pub const STATS_TARGETS: &[StatsTarget] = &[StatsTarget {
    name: "octal",
    params: "code=0.77 n=1000 (1..=10000000; the sparse method stops past 3*10^10 pairs of heaps, \
             which a code without a sparse space such as 0.007 reaches near n=10^6): heaps 0..=n of an octal game, \
             e.g. 0.07, 0.137, 0.16",
    run: |params| {
        let text = params.text("code", "0.77");
        let code: OctalCode = text.parse().map_err(|e| format!("code `{text}`: {e}"))?;
        let n = params.number("n", 1_000usize, 1..=10_000_000)?;
        let mut engines = Vec::new();
        let (values, elapsed, peak_bytes) = stats::measure(|| sparse_within(&code, n + 1, STATS_PAIR_BUDGET));
        engines.push(stats::EngineCost::of(Method::Sparse.name(), &values, elapsed, peak_bytes));
        let values = values.map_err(|e| format!("{}: {e}", Method::Sparse.name()))?;
        let mut run = |method: Method| -> Result<Vec<u32>, String> {
            let (values, elapsed, peak_bytes) = stats::measure(|| method.values(&code, n + 1));
            engines.push(stats::EngineCost::of(method.name(), &values, elapsed, peak_bytes));
            values.map_err(|e| format!("{}: {e}", method.name()))
        };
        // The naive mex over every split is quadratic: past its limit only the sparse-space
        // method runs.
        if Method::Naive.practical_up_to(n) && run(Method::Naive)? != values {
            return Err("the naive and sparse-space sequences differ".to_string());
        }
        let nimbers: Vec<Nimber> = values.iter().map(|&v| Nimber(v)).collect();
        let mut report = stats::nimbers(format!("octal game {text}, heaps 0..={n}"), &nimbers, engines, |h| {
            format!("a heap of {h}")
        });
        report.notes.push(match prove_period(&code, &values) {
            Some(p) => format!(
                "period {} from heap {} on, proven by the Guy-Smith test with {} values",
                p.period, p.preperiod, p.values_needed
            ),
            None => format!("no period proven within {} values", values.len()),
        });
        Ok(report)
    },
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{naive_grundy, sparse_grundy};

    #[test]
    fn the_stats_budget_stops_codes_without_a_sparse_space() {
        // 0.007 keeps about a quarter of its heaps rare: 10^8 pairs run out near heap 2 * 10^4.
        let treblecross: OctalCode = "0.007".parse().unwrap();
        let error = sparse_within(&treblecross, 1_000_000, 100_000_000).unwrap_err();
        assert!(error.contains("gave up at heap") && error.contains("ask for a smaller n"), "{error}");
        // Kayles needs about 10 pairs a heap: a million heaps fit in the same budget, with the
        // values of the plain engine.
        let kayles: OctalCode = "0.77".parse().unwrap();
        let values = sparse_within(&kayles, 1_000_000, 100_000_000).unwrap();
        assert_eq!(values[..20_000], naive_grundy(&kayles, 20_000)[..]);
        assert_eq!(values, sparse_grundy(&kayles, 1_000_000));
    }
}

//! Octal games as every whole-space command sees them (`gamesolve verify`, `stats`, `solve`,
//! `probe`, `diff`, `verify FILE`): position `h` is one heap of `h` tokens, for the heaps
//! `0..=n`, and the start is the heap of `n`. A heap is written as its size (`7`), as the
//! judges' inputs write a row; a move is named by what it leaves (`to 5`, `to 2 + 3`, `to
//! nothing`). Engines: the sparse-space sequence (the default: the only one that is not
//! quadratic), solver-core's Grundy engines and the naive sequence, the last three only up to
//! [`Method::QUADRATIC_MAX_HEAP`]; values are checked by solver-core's verifier and by the Grundy
//! oracle on the rules restated ([`Heap`]). Its laws, which `verify` checks: the period proven by
//! the Guy-Smith test ([`prove_period`]), which must be the literature's for the codes whose
//! period is known ([`LITERATURE`]), and every sum of heaps of at most [`SUMMED_TOKENS`] tokens
//! in all, searched as one whole position by the oracle's win/loss search (which knows no
//! Sprague-Grundy theory), won exactly when the xor of its heaps' values is not 0. `stats` notes
//! the proven period.

use crate::method::Method;
use crate::plain::{Heap, Heaps};
use crate::{GrundySequence, OctalCode, OctalGame, SparseSequence, prove_period};
use judge::input::shorten;
use oracle::Budget;
use solver_core::{Nimber, Progress, StateSpace};
use std::time::Instant;
use workbench::check::{Failure, OracleCheck};
use workbench::family::Engine;
use workbench::solve::{Identity, Notation, SolvableGame};
use workbench::space_game::ImpartialGame;
use workbench::target::{Args, Param, SpaceTarget};
use workbench::verify::{LawCheck, sums_as_whole_positions};

/// `octal code=0.77 n=1000`.
pub const SPACES: &[SpaceTarget] = &[SpaceTarget {
    name: "octal",
    about: "the heaps 0..=n of an octal game, starting from the heap of n",
    params: &[
        Param::text("code", "0.77", check_code, "the octal code, e.g. 0.77 (Kayles), 0.07, 0.137, 0.16, 4.7"),
        Param::number(
            "n",
            "1000",
            1,
            10_000_000,
            "the largest heap; past 100000 only the sparse method runs, and it stops past 3*10^10 pairs of heaps, \
             which a code without a sparse space such as 0.007 reaches near n=10^6",
        ),
    ],
    open,
    // Kayles, Dawson's Kayles and Dawson's chess, whose periods `verify` compares with the
    // literature, and the hdu2999 example's second set, blocks of 3 (Treblecross, 0.007), whose
    // period (if any) is far beyond reach: every heap up to 1000.
    verified: &["code=0.77 n=1000", "code=0.07 n=1000", "code=0.137 n=1000", "code=0.007 n=1000"],
}];

/// The codes whose period the literature gives, as `(code, n0, p, source)`: `G(n + p) = G(n)`
/// for every `n >= n0`, the last exception at `n0 - 1`. `verify` compares the proven period
/// with these.
pub const LITERATURE: &[(&str, usize, usize, &str)] = &[
    // Kayles: period 12 from n = 71 (last exception at 70).
    ("0.77", 71, 12, "OEIS A002186"),
    // Dawson's chess (0.137), exceptions up to n = 51; 0.07 has its values shifted by one.
    ("0.07", 53, 34, "OEIS A002187, shifted by one"),
    ("0.137", 52, 34, "OEIS A002187"),
];

/// The most tokens of a sum of heaps `verify` searches as one whole position.
pub const SUMMED_TOKENS: u32 = 14;

/// `code` as an [`OctalCode`] reads it.
fn check_code(text: &str) -> Result<(), String> {
    text.parse::<OctalCode>().map(|_| ()).map_err(|e| e.to_string())
}

fn open(args: &Args) -> Result<Box<dyn SolvableGame>, String> {
    let code: OctalCode = args.text("code").parse().map_err(|e| format!("code `{}`: {e}", args.text("code")))?;
    let n: u32 = args.number("n");
    // `.77` and `0.77` are one game: the header records the code as the game prints it.
    let args = args.clone().with("code", code.to_string());
    let identity = Identity::new(
        "octal",
        &args,
        "normal play on one heap: the player who cannot move loses; the player to move first is asked about",
    );
    let notation = Notation::new(|heap: &u32| heap.to_string(), move |text| parse_heap(text, n));
    // The values as `u32`, 4 bytes a heap; the sparse-space method holds 6 bytes a heap more.
    let table_bytes = |g: &OctalGame| 4 * g.len() as u64;
    let mut game = ImpartialGame::new(identity, OctalGame::new(code.clone(), n), &n, notation)
        .with_oracle(Heap(Heaps::new(&code)), |heap: &u32| *heap)
        .with_engine(Engine::reporting("sparse", move |g: &OctalGame| 2 * table_bytes(g) + 6 * g.len() as u64, sparse))
        .with_engine(Engine::new(Method::Naive.name(), move |g: &OctalGame| 2 * table_bytes(g), naive))
        .with_default_engine("sparse")
        .with_law("prove", |g: &OctalGame, values: &Vec<Nimber>, _: Budget| the_period(g.code(), values))
        .with_law("sums", |g: &OctalGame, values: &Vec<Nimber>, budget| sums_of_heaps(g, values, budget))
        .with_note(|g: &OctalGame, values: &Vec<Nimber>| period_note(g.code(), values))
        .verify_only_up_to(
            Method::QUADRATIC_MAX_HEAP as u64 + 1,
            format!(
                "the verifier checks every move of every heap, about n^2/4 options for {} heaps, and runs only up \
                 to n={}",
                u64::from(n) + 1,
                Method::QUADRATIC_MAX_HEAP
            ),
        );
    if !Method::Naive.practical_up_to(n as usize) {
        let why = format!("it is quadratic and runs only up to n={}", Method::QUADRATIC_MAX_HEAP);
        for engine in ["grundy", "parallel-grundy", Method::Naive.name()] {
            game = game.without_engine(engine, why.clone());
        }
    }
    Ok(Box::new(game))
}

/// The pairs of heaps the sparse-space method may look at (rare pairs and witness steps
/// together), at about a nanosecond each half a minute or so. A code with a sparse space stays
/// far below it up to n = 10^7 (Kayles: 9 rare heaps, about 10 pairs a heap), while one without
/// (0.007: a quarter of the heaps are rare) grows quadratically and would run for hours.
pub(crate) const STATS_PAIR_BUDGET: u64 = 30_000_000_000;

/// `G(0..len)` by the sparse-space method, in chunks, stopping with an error once it has
/// looked at more than `budget` pairs; `progress` advances towards `len` heaps a chunk at a time.
pub(crate) fn sparse_within(
    code: &OctalCode,
    len: usize,
    budget: u64,
    progress: &Progress<'_>,
) -> Result<Vec<u32>, String> {
    let mut sequence = SparseSequence::new(code.clone());
    progress.begin(len as u64);
    while sequence.values().len() < len {
        let from = sequence.values().len();
        sequence.extend_to(len.min(from + (1 << 16)));
        progress.advance((sequence.values().len() - from) as u64);
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

/// Every heap's value by the sparse-space method, within [`STATS_PAIR_BUDGET`].
fn sparse(game: &OctalGame, progress: &Progress<'_>) -> Result<Vec<Nimber>, String> {
    let values = sparse_within(game.code(), game.len(), STATS_PAIR_BUDGET, progress)?;
    Ok(values.into_iter().map(Nimber).collect())
}

/// Every heap's value by the naive mex over every split.
fn naive(game: &OctalGame) -> Result<Vec<Nimber>, String> {
    let values = Method::Naive.values(game.code(), game.len()).map_err(|e| e.to_string())?;
    Ok(values.into_iter().map(Nimber).collect())
}

/// The literature's `(n0, p)` of `code` and where it is given, if it is among [`LITERATURE`].
fn known_period(code: &OctalCode) -> Option<(usize, usize, &'static str)> {
    let shown = code.to_string();
    LITERATURE.iter().find(|(c, ..)| *c == shown).map(|&(_, n0, p, source)| (n0, p, source))
}

/// The law of the period: the least period proven from the table's values, `p=12 n0=71 by 168
/// values` (or `no period by N values`), which must be the literature's when the code has one
/// there: the same period when one is proven, and one proven whenever the values suffice for
/// the literature's (`2 max(n0, 1) + 2p + t` of them, `t` the largest removal).
fn the_period(code: &OctalCode, values: &[Nimber]) -> Result<LawCheck, Failure> {
    let started = Instant::now();
    let values: Vec<u32> = values.iter().map(|v| v.0).collect();
    let proof = prove_period(code, &values);
    let elapsed = started.elapsed();
    let found = proof.map(|p| (p.preperiod, p.period));
    let mut words = match proof {
        Some(p) => format!("p={} n0={} by {} values", p.period, p.preperiod, p.values_needed),
        None => format!("no period by {} values", values.len()),
    };
    if let Some((n0, p, source)) = known_period(code) {
        let needed = 2 * n0.max(1) + 2 * p + code.max_removal();
        if found.is_some() || values.len() >= needed {
            if found != Some((n0, p)) {
                return Err(Failure::Disagreement {
                    engine: "prove".into(),
                    other: "the literature".into(),
                    position: format!("the period of {code}"),
                    value: format!("{found:?}"),
                    other_value: format!("{:?} ({source})", Some((n0, p))),
                });
            }
            words += &format!(", as {source}");
        }
    }
    Ok(LawCheck { words, elapsed, oracle: OracleCheck::Absent })
}

/// The law of sums: every sum of heaps of at most [`SUMMED_TOKENS`] tokens in all (or `n`,
/// when the table stops before), searched as one whole position on [`Heaps`], is won exactly
/// when the xor of its heaps' values is not 0.
fn sums_of_heaps(game: &OctalGame, values: &[Nimber], budget: Budget) -> Result<LawCheck, Failure> {
    let most = SUMMED_TOKENS.min(game.len() as u32 - 1);
    let value = |heaps: &Vec<u32>| heaps.iter().map(|&h| values[h as usize]).sum::<Nimber>();
    let what = format!("sums of at most {most} tokens");
    sums_as_whole_positions(&what, &Heaps::new(game.code()), partitions(most), value, budget)
}

/// Every multiset of heaps adding up to at most `total` tokens, as sorted lists, the empty one
/// first.
fn partitions(total: u32) -> Vec<Vec<u32>> {
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
    positions
}

/// `stats`'s note of the period: `period 12 from heap 71 on, proven by the Guy-Smith test with
/// 168 values`, or `no period proven within N values`.
fn period_note(code: &OctalCode, values: &[Nimber]) -> String {
    let values: Vec<u32> = values.iter().map(|v| v.0).collect();
    match prove_period(code, &values) {
        Some(p) => format!(
            "period {} from heap {} on, proven by the Guy-Smith test with {} values",
            p.period, p.preperiod, p.values_needed
        ),
        None => format!("no period proven within {} values", values.len()),
    }
}

/// A heap size of `0..=n`, digits only.
fn parse_heap(text: &str, n: u32) -> Result<u32, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(format!("expected a heap: its number of tokens, 0..={n}"));
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{}` is not a heap: a heap is its number of tokens, 0..={n}", shorten(text)));
    }
    match text.parse::<u32>() {
        Ok(heap) if heap <= n => Ok(heap),
        _ => Err(format!("a heap of {} tokens is past the largest heap of the table, {n}", shorten(text))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{naive_grundy, sparse_grundy};

    #[test]
    fn the_pair_budget_stops_codes_without_a_sparse_space() {
        // 0.007 keeps about a quarter of its heaps rare: 10^8 pairs run out near heap 2 * 10^4.
        let treblecross: OctalCode = "0.007".parse().unwrap();
        let error = sparse_within(&treblecross, 1_000_000, 100_000_000, &Progress::silent()).unwrap_err();
        assert!(error.contains("gave up at heap") && error.contains("ask for a smaller n"), "{error}");
        // Kayles needs about 10 pairs a heap: a million heaps fit in the same budget, with the
        // values of the plain engine.
        let kayles: OctalCode = "0.77".parse().unwrap();
        let values = sparse_within(&kayles, 1_000_000, 100_000_000, &Progress::silent()).unwrap();
        assert_eq!(values[..20_000], naive_grundy(&kayles, 20_000)[..]);
        assert_eq!(values, sparse_grundy(&kayles, 1_000_000));
    }

    #[test]
    fn partitions_are_every_multiset_of_heaps_once() {
        // The number of partitions of 0..=5 tokens: 1 + 1 + 2 + 3 + 5 + 7 (OEIS A000041).
        assert_eq!(partitions(5).len(), 19);
        let mut all = partitions(8);
        let count = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), count);
        assert!(all.iter().all(|p| p.is_sorted() && p.iter().sum::<u32>() <= 8 && !p.contains(&0)));
    }
}

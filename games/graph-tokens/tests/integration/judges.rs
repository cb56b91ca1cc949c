//! hdu1524 (chessmen on a DAG) end to end, through the crate's own registration: an explain
//! snapshot, and on random small
//! graphs and queries the Grundy engine prints what the oracle prints, the oracle having
//! searched every chessman at once without Grundy theory; a cycle is an error naming a real
//! cycle of the input; bad input never panics.
//!
//! Shrunk proptest failures are kept in `judges.regressions` beside this file and replayed first.

use judge::{AnyProblem, Explanation};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use std::fmt::Write;
use workbench::fuzz::judge_bytes;

fn hdu1524() -> &'static dyn AnyProblem {
    let problems = graph_tokens::REGISTRATION.problems;
    *problems.iter().find(|p| p.id() == "hdu1524").expect("registered")
}

/// Out-neighbour lists of a DAG on up to 7 vertices: edges from a higher to a lower rank of a
/// random permutation. With `ring`, the listed vertices are also joined in a cycle.
fn graph(ring: bool) -> impl Strategy<Value = Vec<Vec<u32>>> {
    (1usize..=7).prop_flat_map(move |n| {
        let perm = Just((0..n as u32).collect::<Vec<_>>()).prop_shuffle();
        let edges = proptest::collection::vec((0..n, 0..n), 0..=2 * n);
        let ring = proptest::collection::btree_set(0..n as u32, if ring { 1..=3 } else { 0..=0 });
        (perm, edges, ring).prop_map(move |(perm, edges, ring)| {
            let mut out = vec![Vec::new(); n];
            for (a, b) in edges.into_iter().filter(|(a, b)| a != b) {
                out[perm[a.max(b)] as usize].push(perm[a.min(b)]);
            }
            let ring: Vec<u32> = ring.into_iter().collect();
            for (a, b) in ring.iter().zip(ring.iter().cycle().skip(1)) {
                out[*a as usize].push(*b);
            }
            out
        })
    })
}

/// A test case of the input: the graph, then the queries and the 0 that ends them.
fn case_text(out: &[Vec<u32>], queries: &[Vec<prop::sample::Index>]) -> String {
    let mut text = format!("{}\n", out.len());
    for next in out {
        let list: Vec<String> = next.iter().map(u32::to_string).collect();
        writeln!(text, "{} {}", next.len(), list.join(" ")).unwrap();
    }
    for q in queries {
        let men: Vec<String> = q.iter().map(|i| i.index(out.len()).to_string()).collect();
        writeln!(text, "{} {}", men.len(), men.join(" ")).unwrap();
    }
    text + "0\n\n"
}

fn queries() -> impl Strategy<Value = Vec<Vec<prop::sample::Index>>> {
    proptest::collection::vec(proptest::collection::vec(any::<prop::sample::Index>(), 1..=3), 1..=4)
}

proptest! {
    // Shrunk failures are saved beside this file; turn each into a named corpus case.
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn hdu1524_grundy_equals_the_whole_position_oracle(
        cases in proptest::collection::vec((graph(false), queries()), 1..=2),
        end_with_zero in any::<bool>(),
    ) {
        let mut input: String = cases.iter().map(|(g, q)| case_text(g, q)).collect();
        if end_with_zero {
            input += "0\n";
        }
        let problem = hdu1524();
        let expected = problem.judge(&input, "oracle").map_err(|e| TestCaseError::fail(format!("{e}\n{input}")))?;
        prop_assert_eq!(expected.lines().count(), cases.iter().map(|c| c.1.len()).sum::<usize>());
        prop_assert_eq!(problem.judge(&input, "grundy").unwrap(), expected, "{}", input);
    }

    #[test]
    fn hdu1524_a_cycle_is_reported_with_a_real_cycle(out in graph(true), q in queries()) {
        let input = case_text(&out, &q);
        let problem = hdu1524();
        let err = problem.judge(&input, "grundy").unwrap_err().to_string();
        prop_assert_eq!(problem.judge(&input, "oracle").unwrap_err().to_string(), err.clone());
        let cycle = err.strip_prefix("line 1, column 1: the graph of test case 1 has the cycle ");
        let cycle: Vec<u32> = cycle.expect(&err).split(" -> ").map(|v| v.parse().unwrap()).collect();
        prop_assert!(cycle.len() >= 2 && cycle.first() == cycle.last(), "{}", err);
        for pair in cycle.windows(2) {
            prop_assert!(out[pair[0] as usize].contains(&pair[1]), "{} -> {} is no edge: {}", pair[0], pair[1], err);
        }
    }

    #[test]
    fn hdu1524_bad_or_truncated_input_never_panics(
        out in graph(false),
        q in queries(),
        cut in any::<prop::sample::Index>(),
        junk in "[0-9x\\- \n]{0,12}",
    ) {
        let input = case_text(&out, &q);
        for text in [&input[..cut.index(input.len() + 1)], &format!("{junk}{input}"), &format!("{input}{junk}")] {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| judge_bytes(hdu1524(), text.as_bytes())));
            prop_assert!(matches!(result, Ok(Ok(()))), "{:?} on\n{}", result.map(|r| r.err()), text);
        }
    }
}

#[test]
fn explain_hdu1524_sample() {
    // Checked by hand: the first graph's positions are worth 2, 0, 1, 0; a chessman on 0 wins by
    // moving to 1 (worth 0), chessmen on 0 and 2 (2 xor 1 = 3) win by moving 0 to 2 (worth 1).
    // The second graph's are worth 0, 1, 0, 0: chessmen on 0 and 1 win by moving either one (0
    // onto 1, or 1 to 2), chessmen on 1 and 1 cancel.
    let input = "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";
    let text = hdu1524().explain(input).unwrap().iter().map(Explanation::to_text).collect::<Vec<_>>().join("\n");
    insta::assert_snapshot!("explain_hdu1524_sample", text);
}

#[test]
fn a_repeated_edge_is_one_move_in_explain() {
    let text = hdu1524().explain("2\n2 1 1\n0\n1 0\n0\n").unwrap()[0].to_text();
    assert_eq!(text.matches("the chessman on 0 to 1").count(), 1, "{text}");
}

//! hdu1524's hard generator (`gen --mode hard`) holds what its doc promises, measured here
//! without it: the losses counted in the judge's answers, the Grundy values and the winning
//! moves computed by a plain memoized mex in this file, against the uniform generator on the
//! same number of test cases.

use judge::AnyProblem;

fn problem() -> &'static dyn AnyProblem {
    *graph_tokens::REGISTRATION.problems.iter().find(|p| p.id() == "hdu1524").expect("registered")
}

/// A test case: the out-neighbours of each position, and the queries.
struct Case {
    out: Vec<Vec<u32>>,
    queries: Vec<Vec<u32>>,
}

fn cases(input: &str) -> Vec<Case> {
    let numbers: Vec<u32> = input.split_ascii_whitespace().map(|t| t.parse().unwrap()).collect();
    let mut numbers = numbers.into_iter();
    let list = |numbers: &mut std::vec::IntoIter<u32>| -> Option<Vec<u32>> {
        let count = numbers.next()?;
        Some((0..count).map(|_| numbers.next().unwrap()).collect())
    };
    let mut cases = Vec::new();
    while let Some(n) = numbers.next().filter(|&n| n > 0) {
        let out = (0..n).map(|_| list(&mut numbers).unwrap()).collect();
        let queries = std::iter::from_fn(|| list(&mut numbers).filter(|q| !q.is_empty())).collect();
        cases.push(Case { out, queries });
    }
    cases
}

/// The Grundy value of every position: the mex of its out-neighbours' values, memoized.
fn grundy(out: &[Vec<u32>]) -> Vec<u32> {
    fn value(v: usize, out: &[Vec<u32>], memo: &mut [Option<u32>]) -> u32 {
        if let Some(known) = memo[v] {
            return known;
        }
        let next: Vec<u32> = out[v].iter().map(|&w| value(w as usize, out, memo)).collect();
        let mex = (0..).find(|g| !next.contains(g)).unwrap();
        memo[v] = Some(mex);
        mex
    }
    let mut memo = vec![None; out.len()];
    (0..out.len()).map(|v| value(v, out, &mut memo)).collect()
}

/// The longest play from any position, in moves.
fn depth(out: &[Vec<u32>]) -> usize {
    fn longest(v: usize, out: &[Vec<u32>], memo: &mut [Option<usize>]) -> usize {
        if let Some(known) = memo[v] {
            return known;
        }
        let d = out[v].iter().map(|&w| 1 + longest(w as usize, out, memo)).max().unwrap_or(0);
        memo[v] = Some(d);
        d
    }
    let mut memo = vec![None; out.len()];
    (0..out.len()).map(|v| longest(v, out, &mut memo)).max().unwrap_or(0)
}

/// Shares over an input: (queries, lost queries by the judge's answer, queries won with exactly
/// one winning move, graphs, graphs with a value of 10 or more, graphs with a play of 50 moves
/// or more).
fn shares(input: &str) -> [usize; 6] {
    let cases = cases(input);
    let answers = problem().judge(input, "grundy").unwrap();
    let mut answers = answers.lines();
    let mut counts = [0; 6];
    for case in &cases {
        // Deep recursion on the chains of 1000 positions: a thread with room for it.
        let out = case.out.clone();
        let (values, depth) = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || (grundy(&out), depth(&out)))
            .unwrap()
            .join()
            .unwrap();
        counts[3] += 1;
        counts[4] += usize::from(values.iter().any(|&v| v >= 10));
        counts[5] += usize::from(depth >= 50);
        for chessmen in &case.queries {
            let lost = answers.next().unwrap() == "LOSE";
            let xor = chessmen.iter().fold(0, |x, &v| x ^ values[v as usize]);
            assert_eq!(xor == 0, lost, "{chessmen:?}");
            // Moves: a position holding a chessman and an edge out of it, each counted once.
            let mut moves: Vec<(u32, u32)> = chessmen
                .iter()
                .flat_map(|&v| case.out[v as usize].iter().map(move |&w| (v, w)))
                .filter(|&(v, w)| xor ^ values[v as usize] ^ values[w as usize] == 0)
                .collect();
            moves.sort_unstable();
            moves.dedup();
            counts[0] += 1;
            counts[1] += usize::from(lost);
            counts[2] += usize::from(!lost && moves.len() == 1);
        }
    }
    counts
}

#[test]
fn hdu1524_hard_cases_are_losses_single_winning_moves_large_values_deep_chains_and_limits() {
    let (hard, uniform) = (problem().generate_hard(5, 1000).unwrap(), problem().generate(5, 1000).unwrap());
    let [queries, losses, single, graphs, large, deep] = shares(&hard);
    let [u_queries, u_losses, u_single, u_graphs, u_large, u_deep] = shares(&uniform);
    eprintln!(
        "hdu1524: hard {queries} queries, {losses} lost, {single} single winning moves; {graphs} graphs, \
         {large} with a value >= 10, {deep} with a play >= 50; uniform {u_queries}, {u_losses}, {u_single}; \
         {u_graphs}, {u_large}, {u_deep}"
    );
    assert!(losses * 100 >= 40 * queries, "losses");
    assert!(single * 100 >= 15 * queries && single * u_queries > u_single * queries, "single winning moves");
    assert!(large * 100 >= 20 * graphs && large > 10 * u_large.max(1), "large values");
    assert!(deep * 100 >= 10 * graphs && deep > 10 * u_deep.max(1), "deep plays");
    let cases = cases(&hard);
    assert!(cases.iter().any(|c| c.out.len() == 1000) && cases.iter().any(|c| c.out.len() == 1));
    assert!(cases.iter().any(|c| c.out.iter().any(|next| next.len() == 1000)));
    assert!(cases.iter().any(|c| c.queries.iter().any(|q| q.len() == 10)));
}

//! The octal problems' hard generators (`gen --mode hard`) hold what their docs promise,
//! measured here without them: the losses counted in the judge's answers, the winning moves
//! counted with Grundy values computed by a plain mex in this file, against the uniform
//! generator on the same number of cases.

use judge::AnyProblem;
use std::collections::HashMap;

fn problem(id: &str) -> &'static dyn AnyProblem {
    *octal::REGISTRATION.problems.iter().find(|p| p.id() == id).expect("registered")
}

fn numbers(input: &str) -> Vec<u32> {
    input.split_ascii_whitespace().map(|t| t.parse().expect("a number")).collect()
}

/// The default engine's answer lines.
fn answers(id: &str, input: &str) -> Vec<String> {
    let problem = problem(id);
    problem
        .judge(input, problem.engines()[0])
        .expect("the judge accepts a generated input")
        .lines()
        .map(String::from)
        .collect()
}

/// `G(0..len)` of rows from which a move removes `b` consecutive stones, `b` in `blocks`: the
/// plain mex over every block and every place it can be removed.
fn grundy(blocks: &[u32], len: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(len);
    for k in 0..len {
        let mut seen = vec![false; k + 2];
        for &b in blocks.iter().filter(|&&b| b as usize <= k) {
            for left in 0..=k - b as usize {
                let v = (values[left] ^ values[k - b as usize - left]) as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
        }
        values.push(seen.iter().position(|&s| !s).unwrap() as u32);
    }
    values
}

/// The winning moves of a row of `k` stones: a block removed so that the two rows left are
/// worth the same, a move and its mirror image counted once.
fn winning_moves(blocks: &[u32], values: &[u32], k: u32) -> usize {
    let mut distinct = blocks.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let splits =
        distinct.iter().filter(|&&b| b <= k).flat_map(|&b| (0..=(k - b) / 2).map(move |left| (left, k - b - left)));
    splits.filter(|&(left, right)| values[left as usize] == values[right as usize]).count()
}

const CASES: usize = 1000;

/// hdu2999's cases: S and the queried rows.
fn hdu2999_cases(input: &str) -> Vec<(Vec<u32>, Vec<u32>)> {
    let numbers = numbers(input);
    let (mut cases, mut at) = (Vec::new(), 0);
    while at < numbers.len() {
        let n = numbers[at] as usize;
        let blocks = numbers[at + 1..at + 1 + n].to_vec();
        let m = numbers[at + 1 + n] as usize;
        cases.push((blocks, numbers[at + 2 + n..at + 2 + n + m].to_vec()));
        at += 2 + n + m;
    }
    cases
}

/// For the cases of at most five queries (the hard generator's other cases ask every row): the
/// queries, those lost for the first player (by the judge's answer), those of them where a
/// block fits, and those won with a single winning move among the rows up to 300.
fn hdu2999_shares(input: &str) -> (usize, usize, usize, usize) {
    let cases = hdu2999_cases(input);
    let answers = answers("hdu2999", input);
    let mut answer = answers.iter();
    let mut values: HashMap<Vec<u32>, Vec<u32>> = HashMap::new();
    let (mut queries, mut losses, mut moving_losses, mut single) = (0, 0, 0, 0);
    for (blocks, rows) in &cases {
        let shortest = *blocks.iter().min().unwrap();
        for &k in rows {
            let lost = answer.next().unwrap() == "2";
            if rows.len() > 5 {
                continue;
            }
            queries += 1;
            losses += usize::from(lost);
            moving_losses += usize::from(lost && k >= shortest);
            if k <= 300 {
                let values = values.entry(blocks.clone()).or_insert_with(|| grundy(blocks, 301));
                assert_eq!(values[k as usize] == 0, lost, "S = {blocks:?}, K = {k}");
                single += usize::from(!lost && winning_moves(blocks, values, k) == 1);
            }
        }
    }
    (queries, losses, moving_losses, single)
}

#[test]
fn hdu2999_hard_rows_are_losses_single_winning_moves_and_limits() {
    let (hard, uniform) =
        (problem("hdu2999").generate_hard(5, CASES).unwrap(), problem("hdu2999").generate(5, CASES).unwrap());
    let (queries, losses, moving, single) = hdu2999_shares(&hard);
    let (uniform_queries, uniform_losses, uniform_moving, uniform_single) = hdu2999_shares(&uniform);
    eprintln!(
        "hdu2999: of {queries} hard queries {losses} lost, {moving} of them with a move, {single} single winning \
         moves; of {uniform_queries} uniform {uniform_losses}, {uniform_moving} and {uniform_single}"
    );
    assert!(losses * 100 >= 40 * queries && losses * uniform_queries > uniform_losses * queries);
    // Sets with blocks of both parities have no lost row to move in (the hard generator then
    // asks a row with no move): fewer than the 40%.
    assert!(moving * 100 >= 20 * queries && moving * uniform_queries >= 3 * uniform_moving * queries);
    assert!(single * 100 >= 15 * queries && single * uniform_queries > uniform_single * queries);
    let cases = hdu2999_cases(&hard);
    // The limits: sets of 100, a block of 1000, rows of 0 and 1000, a case asking every row.
    assert!(cases.iter().any(|(s, _)| s.len() == 100) && cases.iter().any(|(s, _)| s.contains(&1000)));
    assert!(cases.iter().any(|(_, rows)| rows.contains(&0)) && cases.iter().any(|(_, rows)| rows.contains(&1000)));
    assert!(cases.iter().any(|(_, rows)| rows.len() == 1001));
}

/// hdu3980's circles, as (N, M).
fn hdu3980_circles(input: &str) -> Vec<(u32, u32)> {
    numbers(input)[1..].chunks(2).map(|c| (c[0], c[1])).collect()
}

/// Of the circles: those aekdycoin wins after more than one move (`N >= 2M`, by the judge's
/// answer), and those she loses where the opened row has a single winning reply.
fn hdu3980_shares(input: &str) -> (usize, usize) {
    let circles = hdu3980_circles(input);
    let answers = answers("hdu3980", input);
    let mut values: HashMap<u32, Vec<u32>> = HashMap::new();
    let (mut deep_wins, mut single) = (0, 0);
    for (&(n, m), answer) in circles.iter().zip(&answers) {
        let wins = answer.ends_with("aekdycoin");
        if n < 2 * m {
            continue;
        }
        deep_wins += usize::from(wins);
        let values = values.entry(m).or_insert_with(|| grundy(&[m], 1001 - m as usize));
        assert_eq!(values[(n - m) as usize] == 0, wins, "N = {n}, M = {m}");
        single += usize::from(!wins && winning_moves(&[m], values, n - m) == 1);
    }
    (deep_wins, single)
}

#[test]
fn hdu3980_hard_circles_are_deep_wins_single_replies_and_limits() {
    let (hard, uniform) =
        (problem("hdu3980").generate_hard(5, CASES).unwrap(), problem("hdu3980").generate(5, CASES).unwrap());
    let ((deep_wins, single), (uniform_wins, uniform_single)) = (hdu3980_shares(&hard), hdu3980_shares(&uniform));
    eprintln!(
        "hdu3980: of {CASES} hard circles {deep_wins} won with N >= 2M, {single} lost with a single winning reply; \
         uniform {uniform_wins} and {uniform_single}"
    );
    assert!(deep_wins >= 350 && deep_wins >= 2 * uniform_wins);
    assert!(single >= 150 && single > uniform_single);
    let circles = hdu3980_circles(&hard);
    for boundary in [|_: u32| 1000, |m| m, |m| m - 1, |m| 2 * m - 1, |m| 2 * m] {
        assert!(circles.iter().any(|&(n, m)| m > 1 && n == boundary(m)));
    }
    assert!(circles.iter().any(|&(_, m)| m == 1000) && circles.iter().any(|&(n, m)| n == 1 && m > 1));
}

//! The hard generator of `mnk` holds what its doc promises, measured with the judge's `search`
//! engine (memoized negamax, no state space: not what the generator solves with) on each case
//! and on every board one move later, built here from the rows, and compared with the uniform
//! generator on the same seeds.

use judge::AnyProblem;

fn problem() -> &'static dyn AnyProblem {
    mnk::REGISTRATION.problems[0]
}

/// A case of an input: `m n k` and its rows.
#[derive(Debug, Clone)]
struct Case {
    header: String,
    rows: Vec<String>,
}

fn cases(input: &str) -> Vec<Case> {
    let mut lines = input.lines().skip(1);
    let mut cases = Vec::new();
    while let Some(header) = lines.next() {
        let m: usize = header.split(' ').next().unwrap().parse().unwrap();
        cases.push(Case {
            header: header.to_string(),
            rows: (0..m).map(|_| lines.next().unwrap().to_string()).collect(),
        });
    }
    cases
}

/// The values of `cases` by the `search` engine, a line each, 1,000 cases an input at most.
fn judged(cases: &[Case]) -> Vec<String> {
    cases
        .chunks(1000)
        .flat_map(|chunk| {
            let mut input = format!("{}\n", chunk.len());
            for case in chunk {
                input += &format!("{}\n{}\n", case.header, case.rows.join("\n"));
            }
            let answer = problem().judge(&input, "search").unwrap_or_else(|e| panic!("{e}\n{input}"));
            answer.lines().map(str::to_string).collect::<Vec<_>>()
        })
        .collect()
}

/// Every board one move after `case`'s (none for a finished board, told by `value`).
fn children(case: &Case, value: &str) -> Vec<Case> {
    if value.ends_with(" in 0") {
        return Vec::new();
    }
    let marks = |c: char| case.rows.iter().flat_map(|r| r.chars()).filter(|&x| x == c).count();
    let mark = if marks('X') == marks('O') { 'X' } else { 'O' };
    let mut out = Vec::new();
    for (r, row) in case.rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '.' {
                let mut rows = case.rows.clone();
                rows[r] = row.chars().enumerate().map(|(j, x)| if j == c { mark } else { x }).collect();
                out.push(Case { header: case.header.clone(), rows });
            }
        }
    }
    out
}

/// What the test counts over the cases of many inputs.
#[derive(Debug, Default)]
struct Counts {
    cases: usize,
    /// Wins or losses in 5 plies or more.
    deep: usize,
    /// Ties not finished.
    ties: usize,
    /// Wins with exactly one of several moves winning.
    single_winning_move: usize,
    /// Ties with exactly one of several moves not losing.
    single_saving_move: usize,
    finished: usize,
    /// Boards of 16 cells.
    sixteen_cells: usize,
}

fn count(inputs: &[String]) -> Counts {
    let cases: Vec<Case> = inputs.iter().flat_map(|i| cases(i)).collect();
    let values = judged(&cases);
    let children: Vec<Vec<Case>> = cases.iter().zip(&values).map(|(c, v)| children(c, v)).collect();
    let flat: Vec<Case> = children.iter().flatten().cloned().collect();
    let mut child_values = judged(&flat).into_iter();
    let mut counts = Counts { cases: cases.len(), ..Counts::default() };
    for ((case, value), children) in cases.iter().zip(&values).zip(&children) {
        let after: Vec<String> = child_values.by_ref().take(children.len()).collect();
        let remoteness: u32 = value.rsplit(' ').next().unwrap().parse().unwrap();
        let (m, n): (usize, usize) = (case.rows.len(), case.rows[0].len());
        counts.sixteen_cells += usize::from(m * n == 16);
        counts.finished += usize::from(remoteness == 0);
        // A move to a board the opponent loses wins; one the opponent wins loses.
        let moves_to = |prefix: &str| after.iter().filter(|v| v.starts_with(prefix)).count();
        if value.starts_with("win") || value.starts_with("loss") {
            counts.deep += usize::from(remoteness >= 5);
        }
        if value.starts_with("win") && after.len() > 1 && moves_to("loss") == 1 {
            counts.single_winning_move += 1;
        }
        if value.starts_with("tie") && remoteness > 0 {
            counts.ties += 1;
            counts.single_saving_move += usize::from(after.len() > 1 && moves_to("win") == after.len() - 1);
        }
    }
    counts
}

#[test]
fn hard_inputs_hold_deep_boards_ties_single_moves_and_the_largest_boards() {
    let seeds = 1..=40u64;
    let hard: Vec<String> = seeds.clone().map(|s| problem().generate_hard(s, 25).unwrap()).collect();
    let uniform: Vec<String> = seeds.map(|s| problem().generate(s, 25).unwrap()).collect();
    let (hard, uniform) = (count(&hard), count(&uniform));
    println!("hard {hard:?}\nuniform {uniform:?}");
    let percent = |n: usize| 100 * n / hard.cases;
    assert_eq!(hard.cases, 1000);
    // The doc promises 35% deepest wins and losses, 15% deepest ties, 15% single winning
    // moves, 15% single saving moves, 10% finished boards, 20% of 16-cell boards (which the
    // uniform generator never makes).
    // Wins and losses of 5 plies or more exist only in the richer games, and uniform boards
    // are finished half the time.
    assert!(percent(hard.deep) >= 15, "{hard:?}");
    assert!(hard.deep >= 5 * uniform.deep, "{hard:?} against {uniform:?}");
    assert!(percent(hard.single_winning_move) >= 8, "{hard:?}");
    assert!(hard.single_winning_move >= 4 * uniform.single_winning_move, "{hard:?} against {uniform:?}");
    assert!(percent(hard.single_saving_move) >= 8, "{hard:?}");
    assert!(hard.single_saving_move >= 4 * uniform.single_saving_move, "{hard:?} against {uniform:?}");
    assert!(percent(hard.ties) >= 15, "{hard:?}");
    assert!(percent(hard.finished) >= 5, "{hard:?}");
    assert!(percent(hard.sixteen_cells) >= 15, "{hard:?}");
    assert_eq!(uniform.sixteen_cells, 0);
}

#[test]
fn hard_inputs_of_the_most_cases_are_valid() {
    let most = *problem().case_counts().end();
    let input = problem().generate_hard(5, most).unwrap();
    assert_eq!(problem().judge(&input, problem().engines()[0]).unwrap().lines().count(), most);
}

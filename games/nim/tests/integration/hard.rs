//! The Nim family's hard generators (`gen --mode hard`) hold what their docs promise, measured
//! here without them: the losses counted in the judge's answers, the winning moves counted by
//! trying every move (with the judge, the oracle on the real board, or the nim-sum of the
//! position after the move), against the uniform generator on the same number of cases.

use judge::AnyProblem;

fn problem(id: &str) -> &'static dyn AnyProblem {
    *nim::REGISTRATION.problems.iter().find(|p| p.id() == id).expect("registered")
}

/// The numbers of an input, in order.
fn numbers(input: &str) -> Vec<u32> {
    input.split_ascii_whitespace().map(|t| t.parse().expect("a number")).collect()
}

/// How many of the answers to `input` (by the default engine) are `line`.
fn count_answers(id: &str, input: &str, line: &str) -> usize {
    let problem = problem(id);
    let answer = problem.judge(input, problem.engines()[0]).expect("the judge accepts a generated input");
    answer.lines().filter(|l| *l == line).count()
}

const CASES: usize = 1000;

/// hdu1849's cases: the cells of each.
fn hdu1849_cases(input: &str) -> Vec<Vec<u32>> {
    let numbers = numbers(input);
    let (mut cases, mut at) = (Vec::new(), 0);
    while numbers[at] != 0 {
        let m = numbers[at] as usize;
        cases.push(numbers[at + 1..at + 1 + m].to_vec());
        at += 1 + m;
    }
    cases
}

/// The moves of a Nim position that leave a nim-sum of 0, each tried.
fn nim_winning_moves(cells: &[u32]) -> usize {
    let xor = cells.iter().fold(0, |x, &c| x ^ c);
    cells.iter().map(|&c| (0..c).filter(|&to| xor ^ c ^ to == 0).count()).sum()
}

#[test]
fn hdu1849_hard_cases_are_losses_single_winning_moves_and_limits() {
    let (hard, uniform) =
        (problem("hdu1849").generate_hard(5, CASES).unwrap(), problem("hdu1849").generate(5, CASES).unwrap());
    let losses = |input: &str| count_answers("hdu1849", input, "Grass Win!");
    let (hard_losses, uniform_losses) = (losses(&hard), losses(&uniform));
    assert!(
        hard_losses >= 350 && hard_losses >= 3 * uniform_losses,
        "losses: {hard_losses} hard, {uniform_losses} uniform"
    );
    let cases = hdu1849_cases(&hard);
    assert_eq!(cases.len(), CASES);
    // With at least two pieces off home: one piece alone always has exactly one winning move.
    let single = |cases: &[Vec<u32>]| {
        cases.iter().filter(|c| c.iter().filter(|&&k| k > 0).count() >= 2 && nim_winning_moves(c) == 1).count()
    };
    let (hard_single, uniform_single) = (single(&cases), single(&hdu1849_cases(&uniform)));
    // Most won Nim positions have a single winning move: the uniform generator's many wins have
    // as many; the promise is the share.
    assert!(hard_single >= 200, "single: {hard_single} hard, {uniform_single} uniform");
    // Wins whose cells add up to an even number.
    let even_wins = cases.iter().filter(|c| nim_winning_moves(c) > 0 && c.iter().sum::<u32>() % 2 == 0).count();
    assert!(even_wins >= 50, "{even_wins} won cases with an even sum");
    // The limits: one piece home, one on the last cell, and the most pieces.
    assert!(cases.iter().any(|c| c == &[0]) && cases.iter().any(|c| c == &[1000]));
    assert!(cases.iter().filter(|c| c.len() == 1000).count() >= 5, "too few cases of 1000 pieces");
    eprintln!(
        "hdu1849: losses {hard_losses} hard / {uniform_losses} uniform, single winning move {hard_single} / {uniform_single}, even-sum wins {even_wins}"
    );
}

/// hdu1730's boards: the columns and the rows, each as (Tom's column, Jerry's).
fn hdu1730_boards(input: &str) -> Vec<(u32, Vec<(u32, u32)>)> {
    let numbers = numbers(input);
    let (mut boards, mut at) = (Vec::new(), 0);
    while at < numbers.len() {
        let (n, m) = (numbers[at] as usize, numbers[at + 1]);
        boards.push((m, (0..n).map(|i| (numbers[at + 2 + 2 * i], numbers[at + 3 + 2 * i])).collect()));
        at += 2 + 2 * n;
    }
    boards
}

/// Tom's moves: the row and the column his piece goes to, which stays on its side of Jerry's
/// piece (it cannot jump over it).
fn tom_moves(m: u32, rows: &[(u32, u32)]) -> impl Iterator<Item = (usize, u32)> + '_ {
    rows.iter().enumerate().flat_map(move |(i, &(tom, jerry))| {
        let side = if tom < jerry { 1..jerry } else { jerry + 1..m + 1 };
        side.filter(move |&to| to != tom).map(move |to| (i, to))
    })
}

/// The board after Tom's move, written for its player to move (Jerry) as the board's Tom: the
/// real game treats both players alike.
fn after_move(rows: &[(u32, u32)], (i, to): (usize, u32)) -> Vec<(u32, u32)> {
    let mut rows = rows.to_vec();
    rows[i].0 = to;
    rows.iter().map(|&(t, j)| (j, t)).collect()
}

/// How many of Tom's moves leave the gaps' nim-sum 0.
fn nim_winning_rows(m: u32, rows: &[(u32, u32)]) -> usize {
    let xor = gaps_xor(rows);
    tom_moves(m, rows)
        .filter(|&(i, to)| xor ^ (rows[i].0.abs_diff(rows[i].1) - 1) ^ (to.abs_diff(rows[i].1) - 1) == 0)
        .count()
}

/// The nim-sum of the gaps, the empty cells between each row's pieces.
fn gaps_xor(rows: &[(u32, u32)]) -> u32 {
    rows.iter().fold(0, |x, &(t, j)| x ^ (t.abs_diff(j) - 1))
}

fn render_board(m: u32, rows: &[(u32, u32)]) -> String {
    let mut out = format!("{} {m}\n", rows.len());
    for (t, j) in rows {
        out += &format!("{t} {j}\n");
    }
    out
}

#[test]
fn hdu1730_hard_boards_are_losses_single_winning_moves_and_limits() {
    let (hard, uniform) =
        (problem("hdu1730").generate_hard(5, CASES).unwrap(), problem("hdu1730").generate(5, CASES).unwrap());
    let losses = |input: &str| count_answers("hdu1730", input, "BAD LUCK!");
    let (hard_losses, uniform_losses) = (losses(&hard), losses(&uniform));
    assert!(hard_losses >= 450 && hard_losses > uniform_losses, "losses: {hard_losses} hard, {uniform_losses} uniform");
    let boards = hdu1730_boards(&hard);
    assert_eq!(boards.len(), CASES);
    // Tom's winning moves: those after which the gaps' nim-sum is 0 (for every board), and those
    // the oracle finds lost for Jerry on the real board (for the small boards).
    let winning = |(m, rows): &(u32, Vec<(u32, u32)>)| nim_winning_rows(*m, rows);
    let single = |boards: &[(u32, Vec<(u32, u32)>)]| boards.iter().filter(|b| winning(b) == 1).count();
    let (hard_single, uniform_single) = (single(&boards), single(&hdu1730_boards(&uniform)));
    assert!(hard_single >= 250 && hard_single > uniform_single, "single: {hard_single} hard, {uniform_single} uniform");
    let small: Vec<_> =
        boards.iter().filter(|(m, rows)| *m <= 6 && rows.len() <= 2 && winning(&(*m, rows.clone())) == 1).collect();
    assert!(small.len() >= 20, "only {} small boards with one winning move", small.len());
    for (m, rows) in small {
        let after: String = tom_moves(*m, rows).map(|mv| render_board(*m, &after_move(rows, mv))).collect();
        assert_eq!(
            problem("hdu1730").judge(&after, "oracle").unwrap().lines().filter(|l| *l == "BAD LUCK!").count(),
            1,
            "{rows:?} on {m} columns"
        );
    }
    // The limits: one row of 2 columns, the widest gap, and boards of 1000 rows.
    assert!(boards.iter().any(|(m, rows)| *m == 2 && rows.len() == 1));
    assert!(boards.iter().any(|(m, rows)| *m == 100 && rows.iter().any(|&(t, j)| t.abs_diff(j) == 99)));
    assert!(boards.iter().filter(|(_, rows)| rows.len() == 1000).count() >= 5, "too few boards of 1000 rows");
    eprintln!(
        "hdu1730: losses {hard_losses} hard / {uniform_losses} uniform, single winning move {hard_single} / {uniform_single}"
    );
}

/// hdu1851's cases: the piles of each, as (stones, most taken).
fn hdu1851_cases(input: &str) -> Vec<Vec<(u32, u32)>> {
    let numbers = numbers(input);
    let (mut cases, mut at) = (Vec::new(), 1);
    for _ in 0..numbers[0] {
        let n = numbers[at] as usize;
        cases.push((0..n).map(|i| (numbers[at + 1 + 2 * i], numbers[at + 2 + 2 * i])).collect());
        at += 1 + 2 * n;
    }
    cases
}

/// For each case, how many of its moves leave a position lost for the player to move, as the
/// judge answers every position after a move (a pile taken to 0 is gone).
fn hdu1851_winning_moves(cases: &[Vec<(u32, u32)>]) -> Vec<usize> {
    let mut after = Vec::new();
    let mut moves = Vec::new();
    for piles in cases {
        let before = after.len();
        for (i, &(stones, most)) in piles.iter().enumerate() {
            for take in 1..=stones.min(most) {
                let mut piles = piles.clone();
                piles[i].0 -= take;
                piles.retain(|p| p.0 > 0);
                after.push(piles);
            }
        }
        moves.push(before..after.len());
    }
    let mut input = format!("{}\n", after.len());
    for piles in &after {
        input += &format!("{}\n", piles.len());
        for (stones, most) in piles {
            input += &format!("{stones} {most}\n");
        }
    }
    let problem = problem("hdu1851");
    // The Grundy table engine: solver-core's table of each take limit, not the closed form.
    let lost: Vec<bool> = problem.judge(&input, "grundy").unwrap().lines().map(|l| l == "Yes").collect();
    moves.into_iter().map(|range| lost[range].iter().filter(|&&l| l).count()).collect()
}

#[test]
fn hdu1851_hard_cases_are_losses_single_winning_moves_and_limits() {
    let (hard, uniform) =
        (problem("hdu1851").generate_hard(5, CASES).unwrap(), problem("hdu1851").generate(5, CASES).unwrap());
    let losses = |input: &str| count_answers("hdu1851", input, "Yes");
    let (hard_losses, uniform_losses) = (losses(&hard), losses(&uniform));
    assert!(
        hard_losses >= 400 && hard_losses >= 2 * uniform_losses,
        "losses: {hard_losses} hard, {uniform_losses} uniform"
    );
    let cases = hdu1851_cases(&hard);
    assert_eq!(cases.len(), CASES);
    // With at least two piles: one pile alone always has exactly one winning take, if any.
    let single = |cases: &[Vec<(u32, u32)>]| {
        let moves = hdu1851_winning_moves(cases);
        cases.iter().zip(moves).filter(|(c, n)| c.len() >= 2 && *n == 1).count()
    };
    let (hard_single, uniform_single) = (single(&cases), single(&hdu1851_cases(&uniform)));
    // Most won Nim positions have a single winning move: the uniform generator's many wins have
    // as many; the promise is the share.
    assert!(hard_single >= 200, "single: {hard_single} hard, {uniform_single} uniform");
    // Piles where M mod (L + 1) turns over, and the limits.
    let turning = cases.iter().flatten().filter(|&&(m, l)| m == l || m == l + 1 || l == 1).count();
    assert!(turning * 4 >= cases.iter().flatten().count(), "{turning} piles at a turn");
    assert!(cases.iter().any(Vec::is_empty));
    assert!(cases.iter().any(|c| c.len() == 10 && c.iter().all(|&p| p == (20, 20))));
    eprintln!(
        "hdu1851: losses {hard_losses} hard / {uniform_losses} uniform, single winning move {hard_single} / {uniform_single}"
    );
}

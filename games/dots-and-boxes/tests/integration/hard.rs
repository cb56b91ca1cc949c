//! The hard generator of `hdu4753` holds what its doc promises, measured with a naive solver
//! written here (the 4x4 points, segments and boxes spelled out, a memoized search over the
//! free segments, for cases with at most 14 of them) and the judge's answers, and compared
//! with the uniform generator on the same seeds.

use judge::AnyProblem;
use std::collections::HashMap;

fn problem() -> &'static dyn AnyProblem {
    dots_and_boxes::REGISTRATION.problems[0]
}

/// The 24 segments as point pairs (smaller first), points 1..=16 row by row.
fn segments() -> Vec<(usize, usize)> {
    let mut all = Vec::new();
    for p in 1..=16 {
        if p % 4 != 0 {
            all.push((p, p + 1));
        }
        if p <= 12 {
            all.push((p, p + 4));
        }
    }
    all
}

/// The 9 boxes, each as the bits of its four segments.
fn boxes(segments: &[(usize, usize)]) -> Vec<u32> {
    let bit = |a, b| 1u32 << segments.iter().position(|&s| s == (a, b)).unwrap();
    let mut boxes = Vec::new();
    for r in 0..3 {
        for c in 0..3 {
            let p = 4 * r + c + 1;
            boxes.push(bit(p, p + 1) | bit(p + 4, p + 5) | bit(p, p + 4) | bit(p + 1, p + 5));
        }
    }
    boxes
}

struct Naive {
    boxes: Vec<u32>,
    memo: HashMap<u32, i32>,
}

impl Naive {
    /// Boxes closed by drawing segment `e` into `lines`.
    fn gain(&self, lines: u32, e: usize) -> i32 {
        let after = lines | 1 << e;
        self.boxes.iter().filter(|&&b| b & (1 << e) != 0 && after & b == b).count() as i32
    }

    /// The most boxes the player to move closes more than the other from `lines` on, the turn
    /// always passing.
    fn future(&mut self, lines: u32) -> i32 {
        if lines == (1 << 24) - 1 {
            return 0;
        }
        if let Some(&v) = self.memo.get(&lines) {
            return v;
        }
        let best = (0..24)
            .filter(|e| lines & (1 << e) == 0)
            .map(|e| self.gain(lines, e) - self.future(lines | 1 << e))
            .max()
            .unwrap();
        self.memo.insert(lines, best);
        best
    }
}

/// What the test counts over the cases of many inputs.
#[derive(Debug, Default)]
struct Counts {
    cases: usize,
    /// Cases with at most 14 free segments, where the naive solver measures the rest.
    late: usize,
    /// Won by a single box.
    by_one_box: usize,
    /// The player to move wins by one move only, among two or more.
    single_winning_move: usize,
    /// The winner is not who the free segments alone favour.
    score_decides: usize,
    /// A given move closed two boxes at once.
    double: usize,
    /// More than 12 free segments.
    early: usize,
    empty: usize,
    /// All 24 segments or 23 drawn.
    ends: usize,
    tom_wins: usize,
}

fn count(inputs: &[String], naive: &mut Naive) -> Counts {
    let segments = segments();
    let mut counts = Counts::default();
    for input in inputs {
        let answers: Vec<String> = problem().judge(input, "auto").unwrap().lines().map(str::to_string).collect();
        let mut tokens = input.split_whitespace().map(|t| t.parse::<usize>().unwrap());
        let t = tokens.next().unwrap();
        for answer in answers.iter().take(t) {
            let n = tokens.next().unwrap();
            let (mut lines, mut lead) = (0u32, 0i32);
            counts.cases += 1;
            for k in 0..n {
                let (x, y) = (tokens.next().unwrap(), tokens.next().unwrap());
                let e = segments.iter().position(|&s| s == (x.min(y), x.max(y))).unwrap();
                let gain = naive.gain(lines, e);
                counts.double += usize::from(gain == 2);
                // `lead` is Tom200's boxes minus Jerry404's.
                lead += if k % 2 == 0 { gain } else { -gain };
                lines |= 1 << e;
            }
            counts.tom_wins += usize::from(answer.ends_with("Tom200"));
            counts.early += usize::from(n < 12);
            counts.empty += usize::from(n == 0);
            counts.ends += usize::from(n >= 23);
            if n < 10 {
                continue;
            }
            counts.late += 1;
            // The mover's lead so far, then at the end with best play.
            let so_far = if n % 2 == 0 { lead } else { -lead };
            let future = naive.future(lines);
            let final_lead = so_far + future;
            assert_eq!(answer.ends_with("Tom200"), (final_lead > 0) == (n % 2 == 0), "{answer}");
            counts.by_one_box += usize::from(final_lead.abs() == 1);
            counts.score_decides += usize::from((final_lead > 0) != (future > 0));
            let free: Vec<usize> = (0..24).filter(|e| lines & (1 << e) == 0).collect();
            let keeping =
                free.iter().filter(|&&e| so_far + naive.gain(lines, e) - naive.future(lines | 1 << e) > 0).count();
            counts.single_winning_move += usize::from(final_lead > 0 && free.len() > 1 && keeping == 1);
        }
    }
    counts
}

#[test]
fn hard_inputs_hold_close_games_single_winning_moves_and_early_boards() {
    let mut naive = Naive { boxes: boxes(&segments()), memo: HashMap::new() };
    let seeds = 1..=40u64;
    let hard: Vec<String> = seeds.clone().map(|s| problem().generate_hard(s, 25).unwrap()).collect();
    let uniform: Vec<String> = seeds.map(|s| problem().generate(s, 25).unwrap()).collect();
    let (hard, uniform) = (count(&hard, &mut naive), count(&uniform, &mut naive));
    println!("hard {hard:?}\nuniform {uniform:?}");
    let percent = |n: usize| 100 * n / hard.cases;
    assert_eq!(hard.cases, 1000);
    // The doc promises 10% games won by one box (most random late games are too), 30% single
    // winning moves, 20% where the boxes closed decide, 10% double boxes, 10% early boards, 10%
    // ends, each winner in half of the first four kinds (Jerry404 wins most random games).
    assert!(percent(hard.by_one_box) >= 50, "{hard:?}");
    assert!(percent(hard.single_winning_move) >= 25, "{hard:?}");
    assert!(hard.single_winning_move >= 2 * uniform.single_winning_move, "{hard:?} against {uniform:?}");
    assert!(percent(hard.score_decides) >= 20, "{hard:?}");
    assert!(2 * hard.score_decides >= 3 * uniform.score_decides, "{hard:?} against {uniform:?}");
    assert!(percent(hard.double) >= 10, "{hard:?}");
    assert!(percent(hard.early) >= 7 && hard.empty >= 10, "{hard:?}");
    assert!(hard.empty >= 3 * uniform.empty.max(1), "{hard:?} against {uniform:?}");
    assert!(percent(hard.ends) >= 7, "{hard:?}");
    assert!((35..=65).contains(&percent(hard.tom_wins)), "{hard:?}");
    assert!(percent(uniform.tom_wins) <= 35, "{uniform:?}");
}

#[test]
fn hard_inputs_of_the_most_cases_are_valid() {
    let most = *problem().case_counts().end();
    let input = problem().generate_hard(11, most).unwrap();
    assert_eq!(problem().judge(&input, problem().engines()[0]).unwrap().lines().count(), most);
}

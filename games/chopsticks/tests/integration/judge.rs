//! The judge problem `chopsticks` end to end: generated inputs split and answered alike,
//! shrinking, explain (snapshotted, checked by hand), and odd input never splitting the
//! engines. The corpus and the contract's sample run in the workspace's tests/integration/registered.rs.

use chopsticks::{Chopsticks, ChopsticksEngine, ChopsticksProblem, Hands, Position, Rule, Splits, Variant};
use proptest::prelude::*;

use judge::{AnyProblem, Problem};

fn problem() -> &'static dyn AnyProblem {
    chopsticks::REGISTRATION.problems[0]
}

#[test]
fn generated_inputs_are_answered_alike_and_split_into_cases_answered_alike() {
    for seed in 1..=24 {
        for cases in [1, 5, 60] {
            let input = problem().generate(seed, cases).unwrap();
            assert_eq!(problem().generate(seed, cases).unwrap(), input, "gen repeats by seed");
            let whole = problem().judge(&input, "reverse-graph").unwrap_or_else(|e| panic!("{e}\n{input}"));
            assert_eq!(whole.lines().count(), cases);
            assert!(whole.lines().all(|line| problem().is_answer_line(line)), "{whole}");
            for &engine in &problem().engines()[1..] {
                assert_eq!(problem().judge(&input, engine).unwrap(), whole, "{engine} on seed {seed}");
            }
            let parts = problem().split_cases(&input).unwrap();
            assert_eq!(parts.len(), cases);
            let joined: String = parts.iter().map(|p| problem().judge(p, "unmoves").unwrap()).collect();
            assert_eq!(joined, whole, "seed {seed}: the cases one by one");
            assert_eq!(problem().explain(&input).unwrap().len(), cases);
        }
    }
}

#[test]
fn generated_inputs_reach_the_edge_cases() {
    let inputs: Vec<String> = (1..=40).map(|seed| problem().generate(seed, 30).unwrap()).collect();
    let all = inputs.join("");
    for variant in Variant::ALL {
        let words = format!("{} {}\n", variant.rule.word(), variant.splits.word());
        assert!(inputs.iter().any(|i| i.starts_with(&words)), "no input of {variant}");
    }
    assert!(all.contains("\n1 1 1 1\n"), "the start");
    let answers: String = inputs.iter().map(|i| problem().judge(i, "layered").unwrap()).collect();
    assert!(answers.contains("loss in 0\n"), "a finished position");
    assert!(answers.contains("draw\n") && answers.contains("win in "), "draws and wins");
    assert!(answers.contains("win in 33\n"), "the longest win of cutoff with any split");
    let unsorted = all.lines().map(|l| l.split(' ').collect::<Vec<_>>()).any(|w| w.len() == 4 && w[0] > w[1]);
    assert!(unsorted, "hands written the larger first");
    // Counts outside the limits are refused; the largest one allowed is the contract's limit.
    assert!(problem().generate(3, 0).is_err() && problem().generate(3, 100_001).is_err());
    let big = problem().generate(3, 100_000).unwrap();
    assert_eq!(big.lines().nth(1), Some("100000"));
    assert_eq!(big.lines().count(), 100_002);
    // The largest input, through every engine alike.
    let answer = problem().judge(&big, "reverse-graph").unwrap();
    assert_eq!(answer.lines().count(), 100_000);
    for &engine in &problem().engines()[1..] {
        assert!(problem().judge(&big, engine).unwrap() == answer, "{engine} on the largest input");
    }
}

/// (positions, fingers, splits, hands out of order): what each shrinking step must lower.
fn measure(input: &str) -> (usize, u32, Splits, usize) {
    let mut words = input.split_whitespace();
    let _rule = words.next();
    let splits = Splits::from_word(words.next().unwrap()).unwrap();
    let count: usize = words.next().unwrap().parse().unwrap();
    let hands: Vec<u32> = words.map(|w| w.parse().unwrap()).collect();
    let unsorted = hands.chunks(2).filter(|pair| pair[0] > pair[1]).count();
    (count, hands.iter().sum(), splits, unsorted)
}

#[test]
fn shrinking_gives_smaller_valid_inputs() {
    for seed in 1..=30 {
        for cases in [1, 7] {
            let input = problem().generate(seed, cases).unwrap();
            for smaller in problem().shrink(&input) {
                problem().judge(&smaller, "reverse-graph").unwrap_or_else(|e| panic!("{e}\n{smaller}"));
                assert!(measure(&smaller) < measure(&input), "{smaller} is not smaller than {input}");
            }
        }
    }
    // By hand: 2 2 / 0 2 can be reached only with any split (values.txt lists it under
    // `cutoff any` alone), so no variant with fewer splits; one finger fewer gives 1 2 / 0 2
    // (from either 2 of the mover) and 2 2 / 0 1, all reachable; then the same hands in order.
    let shrunk: Vec<String> = problem().shrink("cutoff any\n1\n2 2 2 0\n").collect();
    let expected = ["1 2 2 0", "2 1 2 0", "2 2 1 0", "2 2 0 2"].map(|p| format!("cutoff any\n1\n{p}\n"));
    assert_eq!(shrunk, expected);
    assert!(problem().shrink("cutoff none\n1\n1 1 1 1\n").next().is_none(), "the start has nothing smaller");
    assert_eq!(problem().shrink("cutoff none\n2\n1 1 1 1\n0 4 0 2\n").count(), 2, "two halves");
    assert!(problem().shrink("not an input").next().is_none());
}

#[test]
fn answer_lines_have_the_outcome_shape() {
    for line in ["win in 1", "loss in 0", "draw", "loss in 26"] {
        assert!(problem().is_answer_line(line), "{line}");
    }
    for line in ["tie in 3", "win in", "win in x", "Draw", "loss in -1", ""] {
        assert!(!problem().is_answer_line(line), "{line}");
    }
}

/// The explanations of one input, as text.
fn explained(input: &str) -> String {
    problem().explain(input).unwrap().iter().map(|e| e.to_text()).collect::<Vec<_>>().join("\n")
}

#[test]
fn explain_shows_the_hands_the_moves_and_the_line_of_play() {
    // Checked by hand against the rules (see the snapshot):
    // - cutoff none, 0 4 / 0 2 (position 1): the mover's only live hand, 4, hits the 2: 6 is
    //   5 or more, the opponent's last hand dies: win in 1, one move, one ply of play.
    // - 4 3 / 2 0, that is 3 4 / 0 2 (position 2): 3 on 2 and 4 on 2 both make 5 or more and
    //   kill the opponent's last hand: two moves to the same position, both win in 1, listed
    //   in the game's order (the smaller attacking hand first); the line takes the first.
    // - 0 0 / 1 4 (position 3): the mover has no live hand: over, B has won, no moves.
    // - rollover none, 0 3 / 0 3: forced throughout: 3 on 3 = 6 rolls over to 1, then 1 on 3
    //   = 4, then 4 on 1 = 5 kills: win in 3, the line shows each position after the move from
    //   the next mover's side (0 1 / 0 3, 0 4 / 0 1, 0 0 / 0 4).
    // - cutoff nosuicide, 0 1 / 0 1: one move, 1 on 1 (0 1 cannot split: the only pair of
    //   total 1 is itself); endless play, 8 plies shown, in which B revives a dead hand
    //   (split 0 2 -> 1 1, allowed without suicide) and each position follows from the last.
    // - cutoff any, 2 2 / 0 2: the attack 2 on 2 = 4 (draw) and the splits of 4 other than
    //   2 2: 1 3 and 0 4 (a suicide, allowed here). After 0 4, B's 2 on 4 makes 6 and kills A's
    //   last hand: loss in 2. Best first: the draw, then the slower loss.
    let cutoff = explained("cutoff none\n3\n0 4 0 2\n4 3 2 0\n0 0 1 4\n");
    let rollover = explained("rollover none\n1\n0 3 0 3\n");
    let nosuicide = explained("cutoff nosuicide\n1\n0 1 0 1\n");
    let any = explained("cutoff any\n1\n2 2 0 2\n");
    insta::assert_snapshot!("explain_chopsticks", [cutoff, rollover, nosuicide, any].join("\n"));
}

#[test]
fn explain_reports_bad_input_like_judge() {
    for input in ["cutoff none\n1\n4 4 4 4\n", "cutoff\n", "rollover any\n1\n0 0 0 0\n"] {
        assert_eq!(problem().explain(input).unwrap_err(), problem().judge(input, "oracle").unwrap_err());
    }
}

/// A token soup near the input format: variant words, small numbers (some out of range), junk.
fn soup() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        12 => (-1i32..7).prop_map(|n| n.to_string()),
        1 => Just("cutoff".to_string()),
        1 => Just("any".to_string()),
        1 => Just("x".to_string()),
        1 => Just("99999999999999999999999".to_string()),
    ];
    let variant = (0..3usize, 0..4usize).prop_map(|(r, s)| {
        format!("{} {}", ["cutoff", "rollover", "modulo"][r], ["none", "nosuicide", "any", "some"][s])
    });
    (variant, 0u32..5, proptest::collection::vec(token, 0..24)).prop_map(|(variant, count, tokens)| {
        let mut text = format!("{variant}\n{count}\n");
        for (i, t) in tokens.iter().enumerate() {
            text += t;
            text += if i % 4 == 3 { "\n" } else { " " };
        }
        text
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_input_gets_the_same_answer_or_the_same_located_error_from_every_engine(input in soup()) {
        let answers: Vec<_> = problem().engines().iter().map(|e| problem().judge(&input, e)).collect();
        for answer in &answers[1..] {
            prop_assert_eq!(answer, &answers[0]);
        }
        if let Err(e) = &answers[0] {
            prop_assert!(e.to_string().starts_with("line "), "{}", e);
        }
    }

    #[test]
    fn a_position_is_accepted_exactly_when_the_variant_reaches_it(
        v in 0..6usize, a in 0..5u8, b in 0..5u8, c in 0..5u8, d in 0..5u8,
    ) {
        let variant = Variant::ALL[v];
        let input = format!("{} {}\n1\n{a} {b} {c} {d}\n", variant.rule.word(), variant.splits.word());
        let position = Position::new(Hands::new(a, b).unwrap(), Hands::new(c, d).unwrap());
        let reachable = Chopsticks::new(variant).id_of(&position).is_some();
        match Problem::judge(&ChopsticksProblem, &input, ChopsticksEngine::Oracle) {
            Ok(out) => prop_assert!(reachable, "{} answered {}", input, out),
            Err(e) => {
                prop_assert!(!reachable, "{}: {}", input, e);
                let text = e.to_string();
                prop_assert!(text.starts_with("line 3, column 1: position 1 ("), "{}", text);
                let why = if position.mover.is_out() && position.opponent.is_out() {
                    "is impossible"
                } else if position.opponent.is_out() {
                    "cannot occur in any variant"
                } else {
                    "cannot be reached from 1 1 / 1 1 under"
                };
                prop_assert!(text.contains(why), "{}", text);
            }
        }
    }
}

#[test]
fn the_rule_words_are_the_contracts() {
    assert_eq!(Rule::ALL.map(Rule::word), ["cutoff", "rollover"]);
    assert_eq!(Splits::ALL.map(Splits::word), ["none", "nosuicide", "any"]);
    for word in ["`cutoff`", "`rollover`", "`none`", "`nosuicide`", "`any`"] {
        assert!(problem().contract().contains(word), "the contract names {word}");
    }
}

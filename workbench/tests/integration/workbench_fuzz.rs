//! The teeth of the workbench fuzz body ([`workbench_bytes`]): on a toy problem broken in one
//! way at a time (a generator whose input its judge rejects, a split part or a shrink variant
//! that is invalid, a variant equal to its input, variants that lead in a circle, a first case
//! that shrinks to itself) it reports the fault; on the sound toy it reports nothing, whatever
//! the bytes. Likewise `judge_bytes` on engines that differ on one input, and `pick` by name.

use judge::{AnyProblem, CasePosition, Explanation, JudgeError, Problem};
use std::ops::RangeInclusive;
use workbench::fuzz::{judge_bytes, pick, workbench_bytes};

judge::engines! {
    /// The toy's engine.
    pub enum ToyEngine {
        /// Repeats the number.
        Echo = "echo",
        /// Answers 43 to 42 and declines 99 (for `judge_bytes`); otherwise repeats the number.
        OffByOne = "off-by-one",
    }
}

/// What is broken in the toy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    Nothing,
    Generate,
    Split,
    Itself,
    Invalid,
    Circle,
    /// Cut into two copies of itself, joined again as `1`.
    Join,
    /// Halves, then an invalid variant second.
    SecondInvalid,
    /// Its one case comes out of `split_cases` with a space before the newline: another text,
    /// whose only shrink variant is itself (the input as given shrinks soundly).
    FirstCase,
}

/// One number from 1 to 100, answered with itself; shrinking halves it or takes one off.
struct Toy(Fault);

impl Problem for Toy {
    type Engine = ToyEngine;
    fn id(&self) -> &'static str {
        "toy"
    }
    fn title(&self) -> &'static str {
        "a number"
    }
    fn contract(&self) -> &'static str {
        "# toy\n\nOne number from 1 to 100; the same number.\n"
    }
    fn judge(&self, input: &str, engine: ToyEngine) -> Result<String, JudgeError> {
        let n: u32 = judge::input::Tokens::new(input).number("the number", 1..=100)?;
        match (engine, n) {
            (ToyEngine::OffByOne, 42) => Ok("43\n".to_string()),
            (ToyEngine::OffByOne, 99) => Err(JudgeError::oracle_declines(oracle::Budget::new(1))),
            _ => Ok(format!("{n}\n")),
        }
    }
    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let verdict = Problem::judge(self, input, ToyEngine::Echo)?;
        Ok(vec![Explanation { verdict, ..Explanation::default() }])
    }
    fn generate(&self, seed: u64, _: usize) -> Result<String, JudgeError> {
        Ok(if self.0 == Fault::Generate { "0\n".to_string() } else { format!("{}\n", 1 + seed % 100) })
    }
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        Problem::generate(self, seed, cases)
    }
    fn case_counts(&self) -> RangeInclusive<usize> {
        1..=3
    }
    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        Ok(match self.0 {
            Fault::Split => vec!["101\n".to_string()],
            Fault::Join => vec![input.to_string(), input.to_string()],
            Fault::FirstCase => vec![format!("{} \n", input.trim())],
            _ => vec![input.to_string()],
        })
    }
    fn join_cases(&self, _: &[String]) -> Result<String, JudgeError> {
        Ok("1\n".to_string())
    }
    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        let Ok(n) = input.trim().parse::<u32>() else { return Box::new(std::iter::empty()) };
        if self.0 == Fault::FirstCase && input.ends_with(" \n") {
            return Box::new(std::iter::once(input.to_string()));
        }
        let variants = match self.0 {
            Fault::Itself => vec![n],
            Fault::Invalid => vec![0],
            Fault::SecondInvalid if n > 1 => vec![n / 2, 0],
            // 2 gives 1 and 1 gives 2.
            Fault::Circle => vec![if n == 1 { 2 } else { n / 2 }],
            _ if n > 1 => vec![n / 2, n - 1],
            _ => vec![],
        };
        Box::new(variants.into_iter().map(|v| format!("{v}\n")))
    }
}

/// A fuzz input: the seed and the number of cases little-endian, then the input.
fn bytes(seed: u64, cases: u64, input: &str) -> Vec<u8> {
    [&seed.to_le_bytes()[..], &cases.to_le_bytes(), input.as_bytes()].concat()
}

#[test]
fn the_sound_toy_passes_on_any_bytes() {
    for seed in [0, 1, 98, u64::MAX] {
        for cases in [0, 1, 3, 4, u64::MAX] {
            for input in ["50\n", "1\n", "0\n", "x", "", "100 trailing"] {
                let data = bytes(seed, cases, input);
                assert_eq!(workbench_bytes(&Toy(Fault::Nothing), &data), Ok(()), "{seed} {cases} {input:?}");
            }
        }
    }
    // Short headers are padded with zeros: no panic, nothing to report.
    for len in 0..16 {
        assert_eq!(workbench_bytes(&Toy(Fault::Nothing), &[7; 16][..len]), Ok(()));
    }
}

#[test]
fn each_broken_toy_is_reported() {
    let fails = |fault: Fault, data: Vec<u8>, says: &str| {
        let report = workbench_bytes(&Toy(fault), &data).expect_err("a fault is reported");
        assert!(report.contains(says), "{fault:?}: {report}");
    };
    // Case count 1 is taken: the generated input is judged; 0 is refused before generating.
    fails(Fault::Generate, bytes(5, 1, ""), "the judge rejects generate(seed 5, 1 cases)");
    assert_eq!(workbench_bytes(&Toy(Fault::Generate), &bytes(5, 0, "")), Ok(()));
    fails(Fault::Split, bytes(0, 0, "7\n"), "split_cases part 0 is rejected");
    fails(Fault::Itself, bytes(0, 0, "7\n"), "shrink variant 0 is the input itself");
    fails(Fault::Invalid, bytes(0, 0, "7\n"), "shrink variant 0 is rejected");
    fails(Fault::Circle, bytes(0, 0, "2\n"), "shrinking leads in a circle: after 2 steps");
    fails(Fault::Join, bytes(0, 0, "7\n"), "the parts joined again are answered otherwise:\n1\n\nof\n7\n");
    assert_eq!(workbench_bytes(&Toy(Fault::Join), &bytes(0, 0, "1\n")), Ok(()), "joined as it was");
    // Every variant of the input itself is judged, not only the first.
    fails(
        Fault::SecondInvalid,
        bytes(0, 0, "7\n"),
        "shrink variant 1 is rejected: line 1, column 1: expected the number (1..=100), found 0\n0\n\nof\n7\n",
    );
    // A generated input's first case is checked on its own where it differs from the input.
    fails(
        Fault::FirstCase,
        bytes(6, 1, ""),
        "on the first case of generate(seed 6, 1 cases): shrink variant 0 is the input itself",
    );
    // An invalid input's variants are not judged.
    assert_eq!(workbench_bytes(&Toy(Fault::Invalid), &bytes(0, 0, "0\n")), Ok(()));
}

#[test]
fn judge_bytes_reports_engines_that_differ_and_lets_a_decline_pass() {
    let toy = Toy(Fault::Nothing);
    assert_eq!(
        judge_bytes(&toy, b"42"),
        Err("off-by-one answered Ok(\"43\\n\") but echo answered Ok(\"42\\n\")".to_string())
    );
    // The same answer, the same error, a decline, bytes that are no text: nothing to report.
    for data in [&b"41"[..], b"0", b"99", b"\xff"] {
        assert_eq!(judge_bytes(&toy, data), Ok(()), "{data:?}");
    }
}

#[test]
fn pick_takes_the_item_the_first_line_names() {
    let items = ["a", "b", "ab"];
    assert_eq!(pick(&items, |s| s, b"b\n\x09\x08"), Some((&"b", &[9u8, 8][..])));
    assert_eq!(pick(&items, |s| s, b"ab\n"), Some((&"ab", &[][..])));
    // A name is the whole first line: no prefix, no other case, no missing newline.
    for unnamed in [&b"abc\nx"[..], b"A\nx", b"a", b"", b"\na"] {
        assert_eq!(pick(&items, |s| s, unnamed), None, "{unnamed:?}");
    }
    assert_eq!(pick::<&str>(&[], |s| s, b"a\n"), None);
    assert_eq!(workbench::fuzz::named_input("ab", &[1, 2]), b"ab\n\x01\x02");
}

/// The toy behind `AnyProblem` directly, with a `generate` that refuses the wrong count in
/// the way `wrong` says (the blanket implementation for a `Problem` cannot).
struct Misreports {
    wrong: fn(usize, RangeInclusive<usize>) -> JudgeError,
}

impl AnyProblem for Misreports {
    fn id(&self) -> &'static str {
        "misreports"
    }
    fn title(&self) -> &'static str {
        Problem::title(&Toy(Fault::Nothing))
    }
    fn contract(&self) -> &'static str {
        Problem::contract(&Toy(Fault::Nothing))
    }
    fn max_input_bytes(&self) -> u64 {
        Problem::max_input_bytes(&Toy(Fault::Nothing))
    }
    fn engines(&self) -> &'static [&'static str] {
        AnyProblem::engines(&Toy(Fault::Nothing))
    }
    fn judge(&self, input: &str, engine: &str) -> Result<String, JudgeError> {
        AnyProblem::judge(&Toy(Fault::Nothing), input, engine)
    }
    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        AnyProblem::explain(&Toy(Fault::Nothing), input)
    }
    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let allowed = self.case_counts();
        if allowed.contains(&cases) {
            AnyProblem::generate(&Toy(Fault::Nothing), seed, cases)
        } else {
            Err((self.wrong)(cases, allowed))
        }
    }
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        self.generate(seed, cases)
    }
    fn case_counts(&self) -> RangeInclusive<usize> {
        1..=3
    }
    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        Ok(vec![input.to_string()])
    }
    fn join_cases(&self, _: &[String]) -> Result<String, JudgeError> {
        Err(JudgeError::Unsupported("joining cases"))
    }
    fn shrink<'a>(&'a self, _: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        Box::new(std::iter::empty())
    }
    fn is_answer_line(&self, _: &str) -> bool {
        true
    }
    fn case_positions(&self, input: &str) -> Result<Vec<CasePosition>, JudgeError> {
        AnyProblem::case_positions(&Toy(Fault::Nothing), input)
    }
}

#[test]
fn a_refusal_that_names_the_wrong_count_or_range_is_reported() {
    let outside = bytes(0, 5, "");
    let says = |wrong: fn(usize, RangeInclusive<usize>) -> JudgeError| workbench_bytes(&Misreports { wrong }, &outside);
    assert_eq!(says(|asked, allowed| JudgeError::Cases { asked, allowed }), Ok(()));
    for wrong in [
        (|asked, allowed| JudgeError::Cases { asked: asked + 1, allowed })
            as fn(usize, RangeInclusive<usize>) -> JudgeError,
        |asked, _| JudgeError::Cases { asked, allowed: 1..=4 },
    ] {
        let report = says(wrong).expect_err("a wrong refusal is reported");
        assert!(report.contains("generate(seed 0, 5 cases) outside 1..=3 failed with another error"), "{report}");
    }
}

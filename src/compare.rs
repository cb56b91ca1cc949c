//! `gamesolve judge --engine all`: every engine of a problem on one input, their answers compared
//! line by line with the first engine that answered, each with its time.
//!
//! ```
//! use gamesolve::{compare::{Verdict, compare_engines}, registry};
//!
//! let problem = registry::find_problem("hdu1849").unwrap();
//! let report = compare_engines(problem, "3\n1 4 9\n0\n").unwrap();
//! assert!(report.agree());
//! assert_eq!(report.runs[0].verdict, Verdict::Reference);
//! ```

use judge::{AnyProblem, JudgeError};
use std::time::{Duration, Instant};

/// How one engine's answer compares with the reference answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// This engine's answer is the reference: the first engine that answered.
    Reference,
    /// The same answer, byte for byte.
    Same,
    /// A different answer: the first line that differs (1-based), with both lines (`None` past
    /// the end of an answer; the text after a final newline is an empty line).
    Differs {
        /// 1-based line number.
        line: usize,
        /// The reference engine's line.
        reference: Option<String>,
        /// This engine's line.
        found: Option<String>,
    },
    /// The engine declined the input: over its work budget, or too large for it (not a
    /// difference).
    Declined(String),
    /// The engine failed on an input another engine answered (a difference).
    Failed(String),
}

/// One engine's run.
#[derive(Debug, Clone)]
pub struct EngineRun {
    /// The engine's name.
    pub engine: &'static str,
    /// Its wall time.
    pub elapsed: Duration,
    /// How its answer compares.
    pub verdict: Verdict,
}

/// Every engine's run on one input, in the problem's order of engines.
#[derive(Debug, Clone)]
pub struct Comparison {
    /// The runs.
    pub runs: Vec<EngineRun>,
    /// The reference answer's number of lines.
    pub lines: usize,
}

impl Comparison {
    /// Whether every engine that answered gave the reference answer, and none failed.
    pub fn agree(&self) -> bool {
        self.runs.iter().all(|run| matches!(run.verdict, Verdict::Reference | Verdict::Same | Verdict::Declined(_)))
    }

    /// The name of the engine whose answer is the reference.
    pub fn reference(&self) -> Option<&'static str> {
        self.runs.iter().find(|run| run.verdict == Verdict::Reference).map(|run| run.engine)
    }
}

/// Runs every engine of `problem` on `input` and compares the answers with the first engine's
/// that answered. Bad input is an error (every engine reads the same input), as is an input
/// every engine declines. Time: the sum of the engines' times.
pub fn compare_engines(problem: &dyn AnyProblem, input: &str) -> Result<Comparison, JudgeError> {
    let mut answers = Vec::new();
    for &engine in problem.engines() {
        let started = Instant::now();
        let answer = problem.judge(input, engine);
        let elapsed = started.elapsed();
        match answer {
            // The input itself is wrong: the same for every engine, said once.
            Err(e @ JudgeError::Input(_)) => return Err(e),
            answer => answers.push((engine, elapsed, answer)),
        }
    }
    let reference = match answers.iter().find_map(|(_, _, answer)| answer.as_ref().ok()) {
        Some(reference) => reference.clone(),
        None => {
            let (_, _, first) = answers.into_iter().next().expect("a problem has engines");
            return Err(first.expect_err("no engine answered"));
        }
    };
    let mut seen_reference = false;
    let runs = answers
        .into_iter()
        .map(|(engine, elapsed, answer)| {
            let verdict = match answer {
                Ok(answer) if answer == reference && !seen_reference => {
                    seen_reference = true;
                    Verdict::Reference
                }
                Ok(answer) if answer == reference => Verdict::Same,
                Ok(answer) => first_difference(&reference, &answer),
                // Over its budget, or past its size: the engine's documented refusal of a valid
                // input, not a wrong answer.
                Err(e) if e.is_declined() || matches!(e, JudgeError::TooLarge(_) | JudgeError::OutOfMemory(_)) => {
                    Verdict::Declined(e.to_string())
                }
                Err(e) => Verdict::Failed(e.to_string()),
            };
            EngineRun { engine, elapsed, verdict }
        })
        .collect();
    Ok(Comparison { runs, lines: reference.lines().count() })
}

/// The first line where `found` differs from `reference`; called only when they differ (equal
/// strings come out as a difference past their end, where both have no line).
fn first_difference(reference: &str, found: &str) -> Verdict {
    let (mut ours, mut theirs) = (reference.split('\n'), found.split('\n'));
    let mut line = 0;
    loop {
        line += 1;
        match (ours.next(), theirs.next()) {
            (Some(a), Some(b)) if a == b => {}
            (a, b) => {
                return Verdict::Differs { line, reference: a.map(str::to_string), found: b.map(str::to_string) };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge::Problem;
    use judge::engines;

    engines! {
        enum Sums { Right = "right", Declines = "declines", Wrong = "wrong", TooLarge = "too-large" }
    }

    /// The sum of each line's numbers; `wrong` is off by one on line 2.
    struct Adding;

    impl Problem for Adding {
        type Engine = Sums;
        fn id(&self) -> &'static str {
            "adding"
        }
        fn title(&self) -> &'static str {
            "sums"
        }
        fn contract(&self) -> &'static str {
            ""
        }
        fn judge(&self, input: &str, engine: Sums) -> Result<String, JudgeError> {
            match engine {
                Sums::Declines => {
                    return Err(JudgeError::OverBudget(judge::resources::Work::new(0).spend(1).unwrap_err()));
                }
                Sums::TooLarge => return Err(JudgeError::TooLarge("too large".into())),
                _ => {}
            }
            let sums = input.lines().enumerate().map(|(i, line)| {
                let sum: i64 = line.split_whitespace().filter_map(|n| n.parse::<i64>().ok()).sum();
                sum + i64::from(engine == Sums::Wrong && i == 1)
            });
            Ok(sums.map(|sum| format!("{sum}\n")).collect())
        }
        // Only judged here: the rest of a problem, written plainly for one line a case.
        fn explain(&self, _: &str) -> Result<Vec<judge::Explanation>, JudgeError> {
            Ok(Vec::new())
        }
        fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
            Ok((0..cases as u64).map(|k| format!("{} 1\n", seed + k)).collect())
        }
        fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
            Problem::generate(self, seed, cases)
        }
        fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
            Ok(input.lines().map(|line| format!("{line}\n")).collect())
        }
        fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
            Ok(inputs.concat())
        }
        fn shrink<'a>(&'a self, _: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
            Box::new(std::iter::empty())
        }
    }

    #[test]
    fn a_wrong_engine_is_named_with_its_first_wrong_line_and_a_refusal_is_no_difference() {
        let comparison = compare_engines(&Adding, "1 2\n3 4\n").unwrap();
        let verdicts: Vec<_> = comparison.runs.iter().map(|run| (run.engine, run.verdict.clone())).collect();
        assert!(matches!(verdicts[0], ("right", Verdict::Reference)));
        assert!(matches!(verdicts[1], ("declines", Verdict::Declined(_))));
        let line = |text: &str| Some(text.to_string());
        assert_eq!(verdicts[2], ("wrong", Verdict::Differs { line: 2, reference: line("7"), found: line("8") }));
        assert!(matches!(verdicts[3], ("too-large", Verdict::Declined(_))));
        assert!(!comparison.agree());
        assert_eq!(comparison.lines, 2);
        // One line: the wrong engine is right there.
        assert!(compare_engines(&Adding, "5 5\n").unwrap().agree());
    }

    #[test]
    fn the_first_differing_line_is_named_with_both_lines() {
        let line = |text: &str| Some(text.to_string());
        let differs = |line, reference, found| Verdict::Differs { line, reference, found };
        assert_eq!(first_difference("a\nb\nc\n", "a\nx\nc\n"), differs(2, line("b"), line("x")));
        assert_eq!(first_difference("a\nb\n", "a\n"), differs(2, line("b"), line("")));
        assert_eq!(first_difference("a\n", "a\nb\n"), differs(2, line(""), line("b")));
        // A missing final newline: the reference has an empty last line, the other none.
        assert_eq!(first_difference("a\n", "a"), differs(2, line(""), None));
    }
}

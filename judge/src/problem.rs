//! The judge-problem vocabulary: a [`Problem`] turns a contest input into the contest's exact
//! output with one of its typed [`Engine`]s; [`AnyProblem`] is the same problem behind a
//! pointer, with engines named by strings, for the command line and the generic tests.
//!
//! A problem's engines are an enum declared with [`engines!`](crate::engines), so a problem
//! matches on them exhaustively: a new engine cannot fall into another's arm.
//!
//! ```
//! use judge::{AnyProblem, Explanation, JudgeError, Problem};
//!
//! judge::engines! {
//!     /// How `parity` is answered.
//!     pub enum ParityEngine {
//!         /// The last bit.
//!         Bit = "bit",
//!         /// The remainder by two.
//!         Remainder = "remainder",
//!     }
//! }
//!
//! /// Whether a number is even.
//! struct Parity;
//!
//! impl Problem for Parity {
//!     type Engine = ParityEngine;
//!     fn id(&self) -> &'static str { "parity" }
//!     fn title(&self) -> &'static str { "even or odd" }
//!     fn contract(&self) -> &'static str { "# parity\n\nOne number; `even` or `odd`.\n" }
//!     fn judge(&self, input: &str, engine: ParityEngine) -> Result<String, JudgeError> {
//!         let n: u64 = judge::input::Tokens::new(input).number("the number", 0..=u64::MAX)?;
//!         let even = match engine {
//!             ParityEngine::Bit => n & 1 == 0,
//!             ParityEngine::Remainder => n % 2 == 0,
//!         };
//!         Ok(if even { "even\n" } else { "odd\n" }.to_string())
//!     }
//!     fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
//!         let verdict = Problem::judge(self, input, ParityEngine::Bit)?.trim_end().to_string();
//!         Ok(vec![Explanation { title: "the number".into(), verdict, ..Explanation::default() }])
//!     }
//!     fn case_counts(&self) -> std::ops::RangeInclusive<usize> {
//!         1..=1
//!     }
//!     fn generate(&self, seed: u64, _cases: usize) -> Result<String, JudgeError> {
//!         Ok(format!("{seed}\n"))
//!     }
//!     fn generate_hard(&self, _seed: u64, _cases: usize) -> Result<String, JudgeError> {
//!         Ok(format!("{}\n", u64::MAX))
//!     }
//!     fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
//!         Ok(vec![input.to_string()])
//!     }
//!     fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
//!         Ok(inputs.concat())
//!     }
//!     fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
//!         let n: u64 = input.trim().parse().unwrap_or(0);
//!         Box::new(judge::smaller_values(n, 0).map(|m| format!("{m}\n")))
//!     }
//! }
//!
//! let problem: &dyn AnyProblem = &Parity;
//! assert_eq!(problem.engines(), ["bit", "remainder"]);
//! assert_eq!(problem.judge("7", "remainder").unwrap(), "odd\n");
//! assert!(matches!(problem.judge("7", "guess"), Err(JudgeError::UnknownEngine { .. })));
//! ```

use crate::explanation::Explanation;
use crate::input::InputError;
use crate::resources::{OutOfMemory, OverBudget};
use oracle::OracleError;
use solver_core::Outcome;
use std::ops::RangeInclusive;
use std::sync::Arc;

/// A problem's engines: a fieldless enum, declared with [`engines!`](crate::engines).
pub trait Engine: Copy + Eq + std::fmt::Debug + Send + Sync + 'static {
    /// Every engine, the default first.
    const ALL: &'static [Self];
    /// Their names on the command line, in the order of [`Engine::ALL`].
    const NAMES: &'static [&'static str];

    /// The engine's name on the command line.
    fn name(self) -> &'static str;

    /// The engine with this name.
    fn from_name(name: &str) -> Option<Self> {
        Self::NAMES.iter().position(|n| *n == name).map(|i| Self::ALL[i])
    }
}

/// Declares a problem's engine enum: each variant with its command-line name, the default
/// first. The enum gets `Debug, Clone, Copy, PartialEq, Eq, Hash` and [`Engine`].
#[macro_export]
macro_rules! engines {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $crate::Engine for $name {
            const ALL: &'static [Self] = &[ $( $name::$variant ),+ ];
            const NAMES: &'static [&'static str] = &[ $( $text ),+ ];

            fn name(self) -> &'static str {
                match self {
                    $( $name::$variant => $text ),+
                }
            }
        }
    };
}

/// A judge problem, with its engines as a type. Every problem answers, explains and generates
/// its inputs (uniformly and where wrong solutions go wrong), so
/// `judge`, `explain`, `gen` and `check` run on every one: implement every method that has no
/// default. The defaults are what a problem of one case an input, or of fixed-size cases, really
/// wants: [`Problem::case_counts`], [`Problem::split_cases`], [`Problem::join_cases`],
/// [`Problem::shrink`], [`Problem::is_answer_line`].
///
/// Contract for every engine: the same output (or the same error) on every input. An engine
/// that cannot answer a valid input (the oracle over its budget, a table too large) says so with
/// [`JudgeError::Oracle`] or [`JudgeError::TooLarge`]; nothing else may differ.
pub trait Problem: Sync + 'static {
    /// The engines that can answer it, the default first.
    type Engine: Engine;

    /// The id on the command line, e.g. `cf919f`.
    fn id(&self) -> &'static str;

    /// One line saying what the problem is.
    fn title(&self) -> &'static str;

    /// The contract, in Markdown: the rules, the exact input and output format, the limits and
    /// the sample (what `gamesolve show` prints).
    fn contract(&self) -> &'static str;

    /// The complete output for `input`, computed with `engine`. Nothing is returned for an
    /// input with any error, so nothing half-done is printed.
    fn judge(&self, input: &str, engine: Self::Engine) -> Result<String, JudgeError>;

    /// For each case of `input`: the verdict and why (the value, the best moves with their
    /// values, the line of optimal play, the position drawn as text).
    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError>;

    /// A random valid input of `cases` cases (for a one-case problem, of about that size), the
    /// same for the same seed. Generators reach the problem's edge cases on purpose. Called only
    /// with a number in [`Problem::case_counts`].
    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError>;

    /// A valid input of `cases` cases drawn from the solved game on purpose, where wrong
    /// solutions go wrong: the deepest wins and losses, every outcome kind, positions one move
    /// from a change of outcome, the extremes of the limits (`gen --mode hard`; `check` mixes
    /// it in). The same for the same seed; called only with a number in
    /// [`Problem::case_counts`].
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError>;

    /// The numbers of cases [`Problem::generate`] takes: what the problem's inputs allow, capped
    /// so that a generated input stays a reasonable size. Any other number is refused before
    /// anything is generated. The default suits a problem whose input must hold a case.
    fn case_counts(&self) -> RangeInclusive<usize> {
        1..=10_000
    }

    /// A valid input cut into standalone valid inputs of one case each, in order, so that a
    /// failure can be narrowed to one case. The default keeps the input whole: for a problem
    /// whose input is one case (loopy-graph's one graph).
    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        Ok(vec![input.to_string()])
    }

    /// The inverse of [`Problem::split_cases`]: one valid input holding the cases of these
    /// standalone inputs, in order (each of them, and so the result, as the judge would check
    /// it), so that shrinking can keep the few cases a failure needs together: a variable not
    /// reset between cases fails on two cases and on neither alone. Most formats join with
    /// [`CaseList::join`](crate::input::CaseList::join). The default, for a problem whose
    /// input is one case: not offered.
    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        let _ = inputs;
        Err(JudgeError::Unsupported("joining cases"))
    }

    /// Simpler valid variants of a one-case input, most aggressive first. Shrinking keeps the
    /// first variant that still fails and asks again, so each step must make the input smaller.
    ///
    /// The variants are built one at a time, as the iterator is advanced: parse the input once,
    /// then build variant `i` when it is asked for. A large input has as many variants as it has
    /// parts, each nearly as large as the input, so building them all first would take their
    /// number times the input's size; built lazily, shrinking holds about the input's size.
    /// The default has none: for a problem whose case is a position of fixed size, with
    /// nothing simpler to try (hdu5897's three pieces).
    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        let _ = input;
        Box::new(std::iter::empty())
    }

    /// Whether `line` has the shape of an answer line, so that a program's output line that
    /// does not is reported as malformed rather than wrong.
    fn is_answer_line(&self, line: &str) -> bool {
        let _ = line;
        true
    }

    /// The most bytes a legal input can have: an input read from a pipe or a device is read up
    /// to this and then refused ([`crate::input::read_bounded`]). The default,
    /// [`MAX_INPUT_BYTES`](crate::input::MAX_INPUT_BYTES), is above the largest legal input of
    /// every problem (loopy-graph's fifty million edges); a problem with smaller limits may
    /// say so.
    fn max_input_bytes(&self) -> u64 {
        crate::input::MAX_INPUT_BYTES
    }

    /// Each case of `input` as a position of a game that `gamesolve solve` tabulates, in order,
    /// so that `explain --table FILE` answers from a stored table instead of solving. Only for a
    /// problem whose answer follows from the position's value in the table alone
    /// ([`CaseAnswer`]). The default: not offered, for problems whose cases are not such
    /// positions (sums, scores carried in the input).
    fn case_positions(&self, input: &str) -> Result<Vec<CasePosition>, JudgeError> {
        let _ = input;
        Err(JudgeError::Unsupported("explain --table"))
    }
}

/// A case as a position of a tabulated game ([`Problem::case_positions`]).
#[derive(Debug, Clone)]
pub struct CasePosition {
    /// The game as `gamesolve solve` names it, e.g. `mnk`.
    pub game: &'static str,
    /// Its parameters as `solve` takes them, `key=value` each, e.g. `m=3`.
    pub params: Vec<String>,
    /// The position in the game's notation, as `probe` reads it.
    pub position: String,
    /// How the case's answer follows from the position's value in the table.
    pub answer: CaseAnswer,
}

/// How a case's answer follows from its position's value in a table of a win/loss/tie game.
#[derive(Clone)]
pub enum CaseAnswer {
    /// The value as the table words it (`win in 3`, `tie in 9`).
    TableValue,
    /// A number the problem works out from the value, with its own rule (Connect Four's
    /// score from a win or loss's remoteness); `None` for a value without one (an endless
    /// draw). The game passes its function, so the rule is written once, in the game.
    Score(Arc<dyn Fn(Outcome) -> Option<i64> + Send + Sync>),
}

impl std::fmt::Debug for CaseAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            CaseAnswer::TableValue => "TableValue",
            CaseAnswer::Score(_) => "Score(..)",
        })
    }
}

impl CaseAnswer {
    /// The number the case's answer is when its position's value is `outcome`: the problem's
    /// function for [`CaseAnswer::Score`]; `None` for [`CaseAnswer::TableValue`].
    ///
    /// ```
    /// use judge::CaseAnswer;
    /// use solver_core::Outcome;
    /// use std::sync::Arc;
    ///
    /// // A rule of a made-up game: a win scores its plies, a loss their negative, a tie 0.
    /// let plies = CaseAnswer::Score(Arc::new(|outcome| match outcome {
    ///     Outcome::Win(r) => Some(i64::from(r)),
    ///     Outcome::Loss(r) => Some(-i64::from(r)),
    ///     Outcome::Tie(_) => Some(0),
    ///     Outcome::Draw => None,
    /// }));
    /// assert_eq!(plies.score(Outcome::Loss(6)), Some(-6));
    /// assert_eq!(plies.score(Outcome::Draw), None);
    /// assert_eq!(CaseAnswer::TableValue.score(Outcome::Win(5)), None);
    /// ```
    pub fn score(&self, outcome: Outcome) -> Option<i64> {
        match self {
            CaseAnswer::TableValue => None,
            CaseAnswer::Score(rule) => rule(outcome),
        }
    }
}

/// A [`Problem`] behind a pointer: engines by name. Every `Problem` is one; nothing else
/// implements it.
pub trait AnyProblem: Sync {
    /// [`Problem::id`].
    fn id(&self) -> &'static str;
    /// [`Problem::title`].
    fn title(&self) -> &'static str;
    /// [`Problem::contract`].
    fn contract(&self) -> &'static str;
    /// The names of the problem's engines, the default first.
    fn engines(&self) -> &'static [&'static str];
    /// [`Problem::judge`] with the engine named `engine`; an unknown name is an error.
    fn judge(&self, input: &str, engine: &str) -> Result<String, JudgeError>;
    /// [`Problem::explain`].
    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError>;
    /// [`Problem::generate`], refusing a number of cases outside [`Problem::case_counts`].
    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError>;
    /// [`Problem::generate_hard`], refusing a number of cases outside [`Problem::case_counts`].
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError>;
    /// [`Problem::case_counts`].
    fn case_counts(&self) -> RangeInclusive<usize>;
    /// [`Problem::split_cases`].
    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError>;
    /// [`Problem::join_cases`].
    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError>;
    /// [`Problem::shrink`]: the variants, built one at a time on demand.
    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a>;
    /// [`Problem::is_answer_line`].
    fn is_answer_line(&self, line: &str) -> bool;
    /// [`Problem::max_input_bytes`].
    fn max_input_bytes(&self) -> u64;
    /// [`Problem::case_positions`].
    fn case_positions(&self, input: &str) -> Result<Vec<CasePosition>, JudgeError>;
}

impl<P: Problem> AnyProblem for P {
    fn id(&self) -> &'static str {
        Problem::id(self)
    }
    fn title(&self) -> &'static str {
        Problem::title(self)
    }
    fn contract(&self) -> &'static str {
        Problem::contract(self)
    }
    fn engines(&self) -> &'static [&'static str] {
        P::Engine::NAMES
    }
    fn judge(&self, input: &str, engine: &str) -> Result<String, JudgeError> {
        let engine = P::Engine::from_name(engine)
            .ok_or_else(|| JudgeError::UnknownEngine { engine: engine.to_string(), known: P::Engine::NAMES })?;
        Problem::judge(self, input, engine)
    }
    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        Problem::explain(self, input)
    }
    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        allowed_cases(self, cases)?;
        Problem::generate(self, seed, cases)
    }
    fn generate_hard(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        allowed_cases(self, cases)?;
        Problem::generate_hard(self, seed, cases)
    }
    fn case_counts(&self) -> RangeInclusive<usize> {
        Problem::case_counts(self)
    }
    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        Problem::split_cases(self, input)
    }
    fn join_cases(&self, inputs: &[String]) -> Result<String, JudgeError> {
        Problem::join_cases(self, inputs)
    }
    fn shrink<'a>(&'a self, input: &'a str) -> Box<dyn Iterator<Item = String> + 'a> {
        Problem::shrink(self, input)
    }
    fn is_answer_line(&self, line: &str) -> bool {
        Problem::is_answer_line(self, line)
    }
    fn max_input_bytes(&self) -> u64 {
        Problem::max_input_bytes(self)
    }
    fn case_positions(&self, input: &str) -> Result<Vec<CasePosition>, JudgeError> {
        Problem::case_positions(self, input)
    }
}

/// Refuses a number of cases outside the problem's [`Problem::case_counts`].
fn allowed_cases<P: Problem>(problem: &P, cases: usize) -> Result<(), JudgeError> {
    let allowed = Problem::case_counts(problem);
    if allowed.contains(&cases) { Ok(()) } else { Err(JudgeError::Cases { asked: cases, allowed }) }
}

/// The values a number of a [`Problem::shrink`] variant tries, most aggressive first: `least`,
/// then `value` lowered by half the distance to `least`, a quarter, ..., down to `value - 1`;
/// nothing when `value <= least`.
///
/// Shrinking keeps the first variant that fails and asks again, so this is a binary search: a
/// failure that needs the number above some threshold ends on the threshold in about log² of
/// the distance runs, where lowering by one at a time took the distance (a program that is slow
/// above cell 250 of 1000 took some 200 runs of half a second each).
///
/// ```
/// let tried: Vec<u64> = judge::smaller_values(100, 0).collect();
/// assert_eq!(tried, [0, 50, 75, 88, 94, 97, 99]);
/// assert_eq!(judge::smaller_values(5, 5).count(), 0);
/// ```
pub fn smaller_values(value: u64, least: u64) -> impl Iterator<Item = u64> {
    let distance = value.saturating_sub(least);
    std::iter::successors(Some(distance), |&d| Some(d / 2).filter(|&half| half > 0))
        .filter(move |_| distance > 0)
        .map(move |d| value - d)
}

/// `items` with a run of them left out, for [`Problem::shrink`]: the runs of half the items
/// first, then of a quarter, and so on to each single item (delta debugging). Measured on
/// hdu1849 with a program that crashes past 300 tokens: its failing case shrank to 372 pieces
/// in 20 runs and 300 in 100 (299 is the fewest that fail), where leaving out one piece at a
/// time had stopped at 704 after 300 runs. Never all of them: a list of one item yields
/// nothing.
///
/// ```
/// let shorter: Vec<Vec<u8>> = judge::without_runs(vec![1, 2, 3, 4]).collect();
/// assert_eq!(shorter, [vec![3, 4], vec![1, 2], vec![2, 3, 4], vec![1, 3, 4], vec![1, 2, 4], vec![1, 2, 3]]);
/// assert_eq!(judge::without_runs(vec![7]).count(), 0);
/// ```
pub fn without_runs<T: Clone>(items: Vec<T>) -> impl Iterator<Item = Vec<T>> {
    let len = items.len();
    let sizes = std::iter::successors(Some(len / 2), |&size| Some(size / 2).filter(|&half| half > 0));
    sizes.filter(move |&size| size > 0 && len > 1).flat_map(move |size| {
        let items = items.clone();
        (0..len).step_by(size).map(move |start| {
            let end = (start + size).min(len);
            items[..start].iter().chain(&items[end..]).cloned().collect()
        })
    })
}

/// The fenced code blocks of a contract's `## Sample` section, in order: the sample's input,
/// then its output (what `check --samples` runs, and what the tests hold every problem to).
pub fn sample_blocks(contract: &str) -> Vec<String> {
    let Some((_, section)) = contract.split_once("\n## Sample\n") else { return Vec::new() };
    let section = section.split("\n## ").next().unwrap_or_default();
    let mut blocks = Vec::new();
    let mut open: Option<String> = None;
    for line in section.lines() {
        match (&mut open, line.starts_with("```")) {
            (None, true) => open = Some(String::new()),
            (Some(block), true) => {
                blocks.push(std::mem::take(block));
                open = None;
            }
            (Some(block), false) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, false) => {}
        }
    }
    blocks
}

/// Why a judge run produced no output.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JudgeError {
    /// The input breaks the problem's format or limits.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The engine is not one of the problem's engines.
    #[error("unknown engine `{engine}`; this problem has: {}", known.join(", "))]
    UnknownEngine {
        /// The engine asked for.
        engine: String,
        /// The problem's engines.
        known: &'static [&'static str],
    },
    /// The oracle declined the input.
    #[error(transparent)]
    Oracle(#[from] OracleError),
    /// The problem does not offer this command yet.
    #[error("this problem has no `{0}` yet")]
    Unsupported(&'static str),
    /// The input is valid but too large for the chosen engine.
    #[error("{0}")]
    TooLarge(String),
    /// The engine ran out of its work budget for the input (exit 3: declined, not wrong).
    #[error(transparent)]
    OverBudget(#[from] OverBudget),
    /// The input is valid but what it asks for would not fit in memory.
    #[error(transparent)]
    OutOfMemory(#[from] OutOfMemory),
    /// A number of cases to generate that the problem's inputs cannot hold.
    #[error("this problem's generated inputs hold {}..={} cases, not {asked}", allowed.start(), allowed.end())]
    Cases {
        /// The number asked for.
        asked: usize,
        /// The numbers the problem takes.
        allowed: RangeInclusive<usize>,
    },
}

impl JudgeError {
    /// The oracle's refusal of an input larger than `budget` allows, given before any search.
    pub fn oracle_declines(budget: oracle::Budget) -> JudgeError {
        JudgeError::Oracle(budget.exceeded())
    }

    /// Whether this is an engine (the oracle included) declining a valid input over its work
    /// budget, which the default engine answers.
    pub fn is_declined(&self) -> bool {
        matches!(self, JudgeError::Oracle(OracleError::OverBudget { .. }) | JudgeError::OverBudget(_))
    }
}

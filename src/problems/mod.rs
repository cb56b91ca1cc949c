//! The judge problems: each turns a contest input into the contest's exact output.
//!
//! A problem is registered once in [`PROBLEMS`]; `gamesolve judge`, `gamesolve list` and the
//! test corpus (`tests/corpus/<id>.toml`) all find it there.

mod card_problems;
mod cf919f;
mod childhood;
mod hdu1524;
mod hdu1730;
mod hdu1849;
mod hdu1851;
mod hdu2999;
mod hdu3980;
mod hdu4753;
mod hdu5897;
mod loopy_graph;
mod sums;

use crate::input::InputError;
use oracle::OracleError;

/// A judge problem: its contract is `../shared/problems/<id>/README.md` (or, for gamesolve's own
/// problems, the doc comment of its type).
pub trait Problem: Sync {
    /// The id on the command line, e.g. `cf919f`.
    fn id(&self) -> &'static str;

    /// One line saying what the problem is.
    fn title(&self) -> &'static str;

    /// The engines that can answer it, the default first. Every engine must give the same
    /// output on every valid input; `oracle` names the naive reference solver where it applies.
    fn engines(&self) -> &'static [&'static str];

    /// The complete output for `input`, computed with `engine` (one of [`Problem::engines`]).
    /// Nothing is returned for an input with any error, so nothing half-done is printed.
    fn judge(&self, input: &str, engine: &str) -> Result<String, JudgeError>;

    /// For each case of `input`: the verdict and why (the value, the best moves with their
    /// values, the line of optimal play, the position drawn as text).
    fn explain(&self, input: &str) -> Result<Vec<Explanation>, JudgeError> {
        let _ = input;
        Err(JudgeError::Unsupported("explain"))
    }

    /// A random valid input of `cases` cases (for a one-case problem, of about that size), the
    /// same for the same seed. Generators reach the problem's edge cases on purpose.
    fn generate(&self, seed: u64, cases: usize) -> Result<String, JudgeError> {
        let _ = (seed, cases);
        Err(JudgeError::Unsupported("gen"))
    }

    /// A valid input cut into standalone valid inputs of one case each, in order, so that a
    /// failure can be narrowed to one case. The default keeps the input whole.
    fn split_cases(&self, input: &str) -> Result<Vec<String>, JudgeError> {
        Ok(vec![input.to_string()])
    }

    /// Simpler valid variants of a one-case input, most aggressive first. Shrinking keeps the
    /// first variant that still fails and asks again, so each step must make the input smaller.
    fn shrink(&self, input: &str) -> Vec<String> {
        let _ = input;
        Vec::new()
    }

    /// Whether `line` has the shape of an answer line, so that a program's output line that
    /// does not is reported as malformed rather than wrong.
    fn is_answer_line(&self, line: &str) -> bool {
        let _ = line;
        true
    }
}

/// What `explain` says about one case of an input. Serialized as is by `--format json`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Explanation {
    /// Which case, e.g. `case 2` or `node 5`.
    pub title: String,
    /// The position drawn as text, several lines; empty when there is nothing to draw.
    pub picture: String,
    /// The judge's answer for the case.
    pub verdict: String,
    /// The exact value behind the verdict, e.g. `win in 3` or `*2`.
    pub value: String,
    /// Every move with the value it leads to for the player making it, best first.
    pub moves: Vec<MoveValue>,
    /// The line of optimal play: each move and the value after it.
    pub line: Vec<MoveValue>,
    /// Anything else worth knowing, a sentence each.
    pub notes: Vec<String>,
}

/// A move and a value that goes with it.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct MoveValue {
    /// The move, in the problem's own notation.
    #[serde(rename = "move")]
    pub play: String,
    /// The value that goes with it.
    pub value: String,
}

impl Explanation {
    /// The explanation as text for a person.
    pub fn to_text(&self) -> String {
        let mut out = format!("{}: {}\n", self.title, self.verdict);
        if !self.value.is_empty() && self.value != self.verdict {
            out += &format!("  value: {}\n", self.value);
        }
        for row in self.picture.lines() {
            out += &format!("  {row}\n");
        }
        let width = |list: &[MoveValue]| list.iter().map(|m| m.play.chars().count()).max().unwrap_or(0);
        if !self.moves.is_empty() {
            out += "  moves, best first:\n";
            let width = width(&self.moves);
            for m in &self.moves {
                out += format!("    {:<width$}   {}", m.play, m.value).trim_end();
                out += "\n";
            }
        }
        if !self.line.is_empty() {
            out += "  optimal play:\n";
            let width = width(&self.line);
            for (i, step) in self.line.iter().enumerate() {
                out += format!("    {:>2}. {:<width$}   {}", i + 1, step.play, step.value).trim_end();
                out += "\n";
            }
        }
        for note in &self.notes {
            out += &format!("  {note}\n");
        }
        out
    }
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
}

/// Every judge problem, in the order `gamesolve list` shows them.
pub static PROBLEMS: &[&dyn Problem] = &[
    &loopy_graph::LoopyGraph,
    &cf919f::Cf919f,
    &childhood::Childhood,
    &hdu5897::Hdu5897,
    &hdu1849::Hdu1849,
    &hdu1730::Hdu1730,
    &hdu1851::Hdu1851,
    &hdu1524::Hdu1524,
    &hdu2999::Hdu2999,
    &hdu3980::Hdu3980,
    &hdu4753::Hdu4753,
];

/// The problem with this id.
pub fn find(id: &str) -> Option<&'static dyn Problem> {
    PROBLEMS.iter().copied().find(|p| p.id() == id)
}

/// The oracle's refusal of an input larger than `budget` allows, given before any search.
pub(crate) fn oracle_declines(budget: oracle::Budget) -> JudgeError {
    JudgeError::Oracle(OracleError::OverBudget { max_states: budget.max_states, max_depth: budget.max_depth })
}

/// Fails unless `engine` is one of `problem`'s engines.
pub fn check_engine(problem: &dyn Problem, engine: &str) -> Result<(), JudgeError> {
    if problem.engines().contains(&engine) {
        Ok(())
    } else {
        Err(JudgeError::UnknownEngine { engine: engine.to_string(), known: problem.engines() })
    }
}

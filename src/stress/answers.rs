//! Comparing a program's run with gamesolve's answer: the first difference, and a difference in
//! whitespace alone.

use super::reference::Reference;
use super::run::Run;
use std::time::Duration;

/// How a program's run differs from gamesolve's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference {
    /// An answer line differs.
    WrongLine {
        /// 1-based line number.
        line: usize,
        /// gamesolve's line.
        expected: String,
        /// The program's line.
        found: String,
    },
    /// An answer line does not have the shape of an answer at all.
    Malformed {
        /// 1-based line number.
        line: usize,
        /// The program's line.
        found: String,
    },
    /// The program printed fewer lines than the answer has.
    MissingLine {
        /// 1-based number of the first missing line.
        line: usize,
        /// gamesolve's line there.
        expected: String,
    },
    /// The program printed more lines than the answer has.
    ExtraLine {
        /// 1-based number of the first extra line.
        line: usize,
        /// The program's line there.
        found: String,
    },
    /// The program crashed.
    Crashed {
        /// How it ended.
        status: String,
        /// The end of its standard error.
        stderr: String,
    },
    /// The program ran past the time limit.
    TimedOut(Duration),
    /// The program wrote more than this many bytes.
    OutputLimit(usize),
    /// The program failed to allocate memory under the limit of this many bytes and ended.
    MemoryLimit(u64),
    /// The answer is right but its whitespace is not gamesolve's byte for byte (with `--strict`).
    Whitespace(String),
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Difference::WrongLine { line, expected, found } => {
                write!(f, "wrong answer on line {line}: expected `{expected}`, found `{found}`")
            }
            Difference::Malformed { line, found } => write!(f, "malformed output on line {line}: `{found}`"),
            Difference::MissingLine { line, expected } => {
                write!(f, "missing output: line {line} should be `{expected}`")
            }
            Difference::ExtraLine { line, found } => write!(f, "extra output on line {line}: `{found}`"),
            Difference::Crashed { status, stderr } if stderr.is_empty() => write!(f, "the program crashed ({status})"),
            Difference::Crashed { status, stderr } => {
                write!(f, "the program crashed ({status}); its standard error ends with:\n{stderr}")
            }
            Difference::TimedOut(limit) => {
                write!(f, "the program ran past the time limit of {limit:?} and was stopped")
            }
            Difference::OutputLimit(limit) => {
                write!(f, "output limit exceeded: the program wrote more than {limit} bytes and was stopped")
            }
            Difference::MemoryLimit(limit) => write!(
                f,
                "memory limit exceeded: the program failed to allocate under --memory-limit {}",
                judge::resources::show_bytes(*limit)
            ),
            Difference::Whitespace(what) => write!(f, "whitespace differs (--strict): {what}"),
        }
    }
}

/// The first way `run` differs from the `expected` answer, if any. Trailing whitespace on a
/// line and a missing final newline are forgiven, as judges do.
pub fn compare(reference: Reference, expected: &str, run: &Run) -> Option<Difference> {
    let output = match run {
        Run::Output(output) => output,
        Run::Crashed { status, stderr, .. } => {
            return Some(Difference::Crashed { status: status.clone(), stderr: stderr.clone() });
        }
        Run::TimedOut(limit) => return Some(Difference::TimedOut(*limit)),
        Run::OutputLimit(limit) => return Some(Difference::OutputLimit(*limit)),
    };
    let mut found = output.lines().map(str::trim_end);
    for (i, want) in expected.lines().enumerate() {
        let line = i + 1;
        match found.next() {
            None => return Some(Difference::MissingLine { line, expected: want.to_string() }),
            Some(got) if got == want => {}
            Some(got) if !reference.is_answer_line(got) => {
                return Some(Difference::Malformed { line, found: got.to_string() });
            }
            Some(got) => {
                return Some(Difference::WrongLine { line, expected: want.to_string(), found: got.to_string() });
            }
        }
    }
    let extra = expected.lines().count() + 1;
    found.find(|l| !l.is_empty()).map(|got| Difference::ExtraLine { line: extra, found: got.to_string() })
}

/// How `output`, which [`compare`] accepts, differs from `expected` in whitespace alone: the
/// first difference, in words, or `None` when they are the same bytes. Judges that compare
/// byte for byte reject each of these.
pub fn whitespace_difference(expected: &str, output: &str) -> Option<String> {
    if expected == output {
        return None;
    }
    let (ours, theirs): (Vec<&str>, Vec<&str>) = (expected.split('\n').collect(), output.split('\n').collect());
    for (i, (want, got)) in ours.iter().zip(&theirs).enumerate() {
        if want == got {
            continue;
        }
        let line = i + 1;
        return Some(match got.strip_prefix(want) {
            Some("\r") => format!("line {line} ends with a carriage return (a CRLF line end)"),
            Some(_) if i + 1 == theirs.len() && want.is_empty() => "text after the last line".to_string(),
            Some(_) => format!("line {line} has trailing whitespace"),
            None => format!("line {line} differs in whitespace"),
        });
    }
    Some(if theirs.len() < ours.len() {
        "the output does not end with a newline".to_string()
    } else {
        let extra = theirs.len() - ours.len();
        format!("{extra} extra blank line{} at the end", if extra == 1 { "" } else { "s" })
    })
}

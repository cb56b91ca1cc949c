//! The case corpus: one engine-independent format for judge cases, one loader, one runner that
//! feeds every case to every engine of its problem.
//!
//! A game keeps its cases in `games/<game>/corpus/<problem>.toml`, one file per judge problem:
//!
//! ```toml
//! [[case]]
//! name = "sample"                       # unique in its file
//! provenance = "the problem statement's sample"   # where the expected answer comes from: mandatory
//! tags = ["sample"]                     # `sample` (snapshotted), `slow` (only with GAMESOLVE_SLOW=1)
//! input = "..."
//! output = "..."                        # the exact output; or `error`, the exact message
//! ```
//!
//! ```
//! use testkit::corpus::parse;
//! let cases = parse("demo", "[[case]]\nname = \"a\"\nprovenance = \"by hand\"\ninput = \"1\"\noutput = \"odd\\n\"\n").unwrap();
//! assert_eq!(cases[0].problem, "demo");
//! assert!(parse("demo", "[[case]]\nname = \"a\"\ninput = \"1\"\noutput = \"x\"\n").is_err());
//! ```

use judge::AnyProblem;
use serde::Deserialize;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CorpusFile {
    case: Vec<RawCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCase {
    name: String,
    provenance: String,
    #[serde(default)]
    tags: Vec<String>,
    input: String,
    output: Option<String>,
    error: Option<String>,
}

/// What must come out of a case's input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// The exact output, for a valid input.
    Output(String),
    /// The exact error message, for an invalid input.
    Error(String),
}

/// One case: an input and what must come out of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The problem's id (the file's name).
    pub problem: String,
    /// Unique within its file; `CORPUS_CASE=<problem>/<name>` selects it.
    pub name: String,
    /// Where the expected answer comes from: a published sample, an independent solver, a hand
    /// derivation.
    pub provenance: String,
    /// `slow` (run only with GAMESOLVE_SLOW=1), `sample` (a published sample, snapshotted).
    pub tags: Vec<String>,
    /// The judge input.
    pub input: String,
    /// What the judge must answer.
    pub expected: Expected,
}

impl Case {
    /// Whether the case carries `tag`.
    pub fn has_tag(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t == tag)
    }

    /// `<problem>/<name>`.
    pub fn full_name(&self) -> String {
        format!("{}/{}", self.problem, self.name)
    }

    /// The expected output, if the input is valid.
    pub fn output(&self) -> Option<&str> {
        match &self.expected {
            Expected::Output(out) => Some(out),
            Expected::Error(_) => None,
        }
    }
}

/// A corpus file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {problem}")]
pub struct CorpusError {
    /// The file, or the problem id when parsing text.
    pub file: String,
    /// What is wrong.
    pub problem: String,
}

/// The cases of one corpus file's text, for the problem `problem`, checked for the mandatory
/// fields and unique names.
pub fn parse(problem: &str, text: &str) -> Result<Vec<Case>, CorpusError> {
    let error = |problem_text: String| CorpusError { file: problem.to_string(), problem: problem_text };
    let file: CorpusFile = toml::from_str(text).map_err(|e| error(e.to_string()))?;
    let mut cases: Vec<Case> = Vec::new();
    for raw in file.case {
        let name = format!("{problem}/{}", raw.name);
        if raw.provenance.trim().is_empty() {
            return Err(error(format!("{name}: every case needs a provenance")));
        }
        let expected = match (raw.output, raw.error) {
            (Some(out), None) => Expected::Output(out),
            (None, Some(err)) => Expected::Error(err),
            _ => return Err(error(format!("{name}: a case has exactly one of `output` and `error`"))),
        };
        if cases.iter().any(|c| c.name == raw.name) {
            return Err(error(format!("{name}: duplicate name")));
        }
        cases.push(Case {
            problem: problem.to_string(),
            name: raw.name,
            provenance: raw.provenance,
            tags: raw.tags,
            input: raw.input,
            expected,
        });
    }
    Ok(cases)
}

/// Every case of every `<problem>.toml` in `dir`, by file name. A missing folder has none.
pub fn load_dir(dir: &Path) -> Result<Vec<Case>, CorpusError> {
    let error = |problem: String| CorpusError { file: dir.display().to_string(), problem };
    let Ok(entries) = std::fs::read_dir(dir) else { return Ok(Vec::new()) };
    let mut files: Vec<PathBuf> = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| error(e.to_string()))?.path();
        if path.extension().is_some_and(|e| e == "toml") {
            files.push(path);
        }
    }
    files.sort();
    let mut cases = Vec::new();
    for path in files {
        let at = |problem: String| CorpusError { file: path.display().to_string(), problem };
        let problem = path.file_stem().and_then(|s| s.to_str()).ok_or_else(|| at("not a UTF-8 name".into()))?;
        let text = std::fs::read_to_string(&path).map_err(|e| at(e.to_string()))?;
        cases.extend(parse(problem, &text).map_err(|e| at(e.problem))?);
    }
    Ok(cases)
}

/// Which cases a run takes.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// Only cases whose `<problem>/<name>` starts with this.
    pub only: Option<String>,
    /// Whether the cases tagged `slow` run.
    pub slow: bool,
}

impl Selection {
    /// The selection the environment asks for: `CORPUS_CASE=<problem>/<name>` (a prefix selects
    /// several), `GAMESOLVE_SLOW=1` for the slow cases.
    pub fn from_env() -> Selection {
        Selection {
            only: std::env::var("CORPUS_CASE").ok(),
            slow: std::env::var("GAMESOLVE_SLOW").is_ok_and(|v| v == "1"),
        }
    }
}

/// What a corpus run did.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Judge runs made (a case times its problem's engines).
    pub runs: usize,
    /// Runs the oracle declined (over its budget): not failures.
    pub declined: usize,
    /// Cases tagged `slow` left out.
    pub skipped_slow: usize,
    /// Each failure, with what was printed, what was expected, and a command that reruns it.
    pub failures: Vec<String>,
}

/// Runs every selected case through every engine of its problem (found in `problems`),
/// catching panics and collecting every failure. `rerun` is the command that runs the corpus
/// (e.g. `cargo test --release --test integration registered::every_corpus_case`), for the rerun
/// line of each failure.
pub fn run(cases: &[Case], problems: &[&dyn AnyProblem], selection: &Selection, rerun: &str) -> Report {
    let mut report = Report::default();
    for case in cases {
        let full_name = case.full_name();
        if selection.only.as_deref().is_some_and(|o| !full_name.starts_with(o)) {
            continue;
        }
        if case.has_tag("slow") && !selection.slow {
            report.skipped_slow += 1;
            continue;
        }
        let Some(problem) = problems.iter().find(|p| p.id() == case.problem) else {
            report.failures.push(format!("{full_name}: the corpus names no registered problem `{}`", case.problem));
            continue;
        };
        for &engine in problem.engines() {
            report.runs += 1;
            let verdict = match (catch_unwind(AssertUnwindSafe(|| problem.judge(&case.input, engine))), &case.expected)
            {
                (Ok(Ok(out)), Expected::Output(expected)) if &out == expected => continue,
                (Ok(Err(e)), Expected::Output(_)) if e.is_declined() => {
                    report.declined += 1;
                    continue;
                }
                (Ok(Err(e)), Expected::Error(expected)) if &e.to_string() == expected => continue,
                (Ok(Ok(out)), _) => format!("printed:\n{out}"),
                (Ok(Err(e)), _) => format!("failed: {e}"),
                (Err(_), _) => "panicked".to_string(),
            };
            let expected = match &case.expected {
                Expected::Output(text) | Expected::Error(text) => text,
            };
            report.failures.push(format!(
                "{full_name} [{engine}] {verdict}\nexpected:\n{expected}\nrerun: CORPUS_CASE={full_name} {rerun}\n"
            ));
        }
    }
    report
}

//! The case corpus loader: tests/corpus/<problem>.toml, one file per judge problem.

use serde::Deserialize;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CorpusFile {
    case: Vec<Case>,
}

/// One case: an input and what must come out of it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Unique within its file; `CORPUS_CASE=<problem>/<name>` selects it.
    pub name: String,
    /// Where the expected answer comes from: a published sample, an independent solver, a hand
    /// derivation. Mandatory.
    pub provenance: String,
    /// `slow` (run only with GAMESOLVE_SLOW=1), `sample` (a published sample, snapshotted).
    #[serde(default)]
    pub tags: Vec<String>,
    /// The judge input.
    pub input: String,
    /// The exact output, for a valid input.
    pub output: Option<String>,
    /// The exact error message, for an invalid input.
    pub error: Option<String>,
    /// For a published sample: its files under ../shared/problems/, without `.in`/`.out`
    /// (e.g. `cf919f/sample`), which must hold exactly this input and output.
    pub published: Option<String>,
}

impl Case {
    /// Whether the case carries `tag`.
    pub fn has_tag(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t == tag)
    }
}

/// The folder of the corpus files.
pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

/// Every case, with its problem id, sorted by file name, checked for the mandatory fields.
pub fn load() -> Vec<(String, Case)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/corpus exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for path in files {
        let problem = path.file_stem().and_then(|s| s.to_str()).expect("UTF-8 file name").to_string();
        let text = std::fs::read_to_string(&path).expect("readable corpus file");
        let file: CorpusFile = toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for case in file.case {
            let name = format!("{problem}/{}", case.name);
            assert!(!case.provenance.trim().is_empty(), "{name}: every case needs a provenance");
            assert!(
                case.output.is_some() != case.error.is_some(),
                "{name}: a case has exactly one of `output` and `error`"
            );
            assert!(
                !cases.iter().any(|(p, c): &(String, Case)| p == &problem && c.name == case.name),
                "{name}: duplicate name"
            );
            cases.push((problem.clone(), case));
        }
    }
    cases
}

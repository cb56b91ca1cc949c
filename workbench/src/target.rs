//! What a game registers for its whole-space commands: a [`SpaceTarget`], its parameters
//! declared once ([`Param`]: name, default, range or choices, help), checked before any work
//! ([`Args::parse`]), and opened into a [`SolvableGame`] that `verify`, `stats`, `solve`,
//! `probe`, `diff` and `verify FILE` all run.
//!
//! ```
//! use workbench::target::{Args, Param, ParamError};
//!
//! const PARAMS: &[Param] = &[
//!     Param::number("rows", "3", 1, 8, "rows of boxes"),
//!     Param::choice("rule", "turn-passes", &["turn-passes", "move-again"], "what closing a box earns"),
//! ];
//! let args = Args::parse(PARAMS, &["rows=2".to_string()]).unwrap();
//! assert_eq!((args.number::<usize>("rows"), args.text("rule")), (2, "turn-passes"));
//! let typo = Args::parse(PARAMS, &["row=2".to_string()]).unwrap_err();
//! assert!(matches!(typo, ParamError::Unknown { .. }));
//! assert!(Args::parse(PARAMS, &["rows=9".to_string()]).is_err());
//! ```

use crate::search::Searchable;
use crate::solve::SolvableGame;
use std::fmt::Write;

pub use crate::params::{Args, Kind, Param, ParamError};

/// A game `verify`, `stats`, `solve` and the table commands solve whole, at parameters.
pub struct SpaceTarget {
    /// The name on the command line and in a table file's header.
    pub name: &'static str,
    /// What its positions are, one line.
    pub about: &'static str,
    /// Its parameters.
    pub params: &'static [Param],
    /// Builds the game at checked parameters. Errors name what the parameters together do not
    /// allow (e.g. a board too large), before the space is built where the game can tell.
    pub open: fn(&Args) -> Result<Box<dyn SolvableGame>, String>,
    /// Parameter sets (`key=value` words) `gamesolve verify` solves with every engine, checks
    /// with the verifier and compares with the oracle; the golden-checksum test solves each
    /// and compares its checksum with the one committed in tests/golden/.
    pub verified: &'static [&'static str],
}

impl SpaceTarget {
    /// The checked arguments of `words` (`key=value`, separated by white space).
    pub fn args(&self, words: &str) -> Result<Args, ParamError> {
        let words: Vec<String> = words.split_whitespace().map(String::from).collect();
        Args::parse(self.params, &words)
    }

    /// The game at the parameters `words`, every one checked first.
    pub fn open_words(&self, words: &str) -> Result<Box<dyn SolvableGame>, String> {
        let args = self.args(words).map_err(|e| e.to_string())?;
        (self.open)(&args)
    }

    /// Its parameters, one a line, for `--help`: `  name=default (range): help`.
    pub fn usage(&self) -> String {
        let mut out = String::new();
        for param in self.params {
            writeln!(out, "    {}", param.usage()).expect("writing to a String cannot fail");
        }
        if self.params.is_empty() {
            out += "    (no parameters)\n";
        }
        out
    }

    /// The target and its arguments, as a line of `verify` names it: `mnk m=3 n=3 k=3`.
    pub fn title(&self, args: &Args) -> String {
        let words = args.words(self.params);
        if words.is_empty() { self.name.to_string() } else { format!("{} {words}", self.name) }
    }
}

/// A game past its tables' sizes that `gamesolve search` searches with a [`SearchGame`](solver_core::search::SearchGame) of its
/// own, at parameters of its own (e.g. m,n,k boards of up to 64 cells where the table's stop at
/// 16). `search` looks here first, then at the space targets.
pub struct SearchTarget {
    /// The name on the command line (a space target's name when it extends one).
    pub name: &'static str,
    /// What its positions are, one line.
    pub about: &'static str,
    /// Its parameters.
    pub params: &'static [Param],
    /// The game at checked parameters.
    pub open: fn(&Args) -> Result<Box<dyn Searchable>, String>,
}

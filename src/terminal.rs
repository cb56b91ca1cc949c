//! The one way text reaches a terminal: made [`terminal_safe`] first.
//!
//! Text from a table's header, a manifest, the command line or a checked program may hold
//! control characters, which a terminal would obey (move the cursor, retitle the window, hide
//! what follows). Every report, error and note gamesolve prints passes through here (the
//! command line's `output` module for standard output, [`note`] for standard error); tidy's
//! `one_way_to_the_terminal` keeps every other file off the standard streams.
//!
//! ```
//! use gamesolve::terminal::terminal_safe;
//!
//! assert_eq!(terminal_safe("a\tb\n"), "a\tb\n");
//! assert_eq!(terminal_safe("\u{1b}]0;owned\u{7}"), "\\u{1b}]0;owned\\u{7}");
//! ```

use std::borrow::Cow;
use std::io::Write;

/// Whether `c` must not reach a terminal as itself: the C0 and C1 controls and DEL (escape
/// sequences, carriage return, backspace, bell) other than newline and tab, and the Unicode
/// marks that reorder the text shown around them (bidirectional embeddings, overrides and
/// isolates), which can make a line read differently from what it holds.
fn unsafe_on_terminal(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every character a terminal would obey written as Rust writes it in a string
/// (`\u{1b}`), newlines and tabs kept: the one escaping for everything gamesolve prints.
///
/// JSON has its own: [`json_safe`].
pub fn terminal_safe(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_on_terminal) {
        return Cow::Borrowed(text);
    }
    let mut safe = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if unsafe_on_terminal(c) {
            safe.extend(c.escape_unicode());
        } else {
            safe.push(c);
        }
    }
    Cow::Owned(safe)
}

/// A JSON document with what serde leaves raw and a terminal would obey (DEL, the C1 controls,
/// the reordering marks: all inside strings, since the rest of a document is ASCII) written as
/// JSON escapes (`\u009b`), so the document parses to the same strings.
pub fn json_safe(json: &str) -> Cow<'_, str> {
    if !json.chars().any(unsafe_on_terminal) {
        return Cow::Borrowed(json);
    }
    let mut safe = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if unsafe_on_terminal(c) {
            safe += &format!("\\u{:04x}", u32::from(c));
        } else {
            safe.push(c);
        }
    }
    Cow::Owned(safe)
}

/// A line for people on standard error (a note, a warning, the error gamesolve stops with),
/// made [`terminal_safe`]; nothing is left to tell if standard error is closed.
pub fn note(line: &str) {
    let _ = writeln!(std::io::stderr(), "{}", terminal_safe(line));
}

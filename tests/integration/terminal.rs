//! Issue 30, item 8: no control character from a file, an argument or a checked program reaches
//! the terminal raw. Each command below is given hostile text (an escape sequence that retitles
//! the window, a bell, the C1 control sequence introducer, a right-to-left override) where it
//! echoes text back, and its standard output and standard error must hold none of it as itself.

use crate::common::cli::gamesolve;
use std::process::Output;
use workbench::table_file::{TableFile, write_table};

/// Text a terminal would obey: OSC "set the title", a bell, CSI "clear the screen" in its C1
/// form, DEL, a carriage return, and a right-to-left override.
const HOSTILE: &str = "\u{1b}]0;owned\u{7}\u{9b}2J\u{7f}\r\u{202e}";

/// Panics if `bytes` hold a character a terminal would obey (newlines and tabs aside).
fn assert_terminal_safe(what: &str, bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let raw: Vec<char> = text
        .chars()
        .filter(|&c| {
            (c.is_control() && c != '\n' && c != '\t') || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        })
        .collect();
    assert!(raw.is_empty(), "{what} printed {raw:?} raw:\n{text}");
}

fn assert_output_safe(what: &str, out: &Output) {
    assert_terminal_safe(&format!("{what} (standard output)"), &out.stdout);
    assert_terminal_safe(&format!("{what} (standard error)"), &out.stderr);
}

#[test]
fn arguments_are_escaped_in_errors() {
    let position = format!("1{HOSTILE}");
    let parameter = format!("rows={HOSTILE}");
    let game = format!("nim{HOSTILE}");
    for args in [
        vec!["explain", "hdu1849", "--position", &position],
        vec!["solve", "chomp", &parameter],
        vec!["stats", "chomp", &parameter],
        vec!["solve", &game],
        vec!["solve", "chomp", &parameter, "--format", "json"],
    ] {
        let out = gamesolve(&args, "");
        assert!(!out.status.success(), "{args:?} was accepted");
        assert!(!out.stderr.is_empty(), "{args:?} said nothing");
        assert_output_safe(&format!("{args:?}"), &out);
    }
}

#[test]
fn a_tables_header_is_escaped_in_every_command_that_shows_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let honest = dir.path().join("honest.table");
    let out = gamesolve(&["solve", "chopsticks", "--out", honest.to_str().unwrap()], "");
    assert!(out.status.success(), "solve: {}", String::from_utf8_lossy(&out.stderr));
    let table = TableFile::open(&honest).expect("a table");
    // A header gamesolve reads (writer and engine are free text) and one it refuses (the
    // variant must be the game's), whose refusal quotes it.
    let read = dir.path().join("read.table");
    let mut header = table.header().clone();
    header.writer = format!("gamesolve {HOSTILE}");
    header.engine = format!("engine {HOSTILE}");
    write_table(&read, &header, &|i| table.value(i).expect("a value"), false, &|_, _| {}).expect("written");
    let refused = dir.path().join("refused.table");
    header.variant = format!("variant {HOSTILE}");
    write_table(&refused, &header, &|i| table.value(i).expect("a value"), false, &|_, _| {}).expect("written");
    let start = "1 1 / 1 1";
    for hostile in [&read, &refused] {
        let (honest, hostile) = (honest.to_str().unwrap(), hostile.to_str().unwrap());
        for args in [
            vec!["probe", hostile, start],
            vec!["probe", hostile, start, "--format", "json"],
            vec!["verify", hostile],
            vec!["verify", hostile, "--format", "json"],
            vec!["diff", honest, hostile],
            vec!["diff", honest, hostile, "--format", "json"],
        ] {
            let out = gamesolve(&args, "");
            assert!(!out.stdout.is_empty() || !out.stderr.is_empty(), "{args:?} said nothing");
            assert_output_safe(&format!("{args:?}"), &out);
        }
    }
    // JSON keeps the strings themselves, in JSON's escapes.
    let out = gamesolve(&["verify", read.to_str().unwrap(), "--format", "json"], "");
    let document: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert!(document.to_string().contains("owned"), "{document}");
}

#[test]
fn a_checked_programs_output_is_escaped_in_the_report() {
    let printf = format!("printf '{}\\n'", HOSTILE.replace('\u{1b}', "\\033").replace('\u{7}', "\\007"));
    for format in ["text", "json"] {
        let out = gamesolve(&["check", "hdu1849", "--rounds", "1", "--format", format, "--", "sh", "-c", &printf], "");
        assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
        assert_output_safe(&format!("check --format {format}"), &out);
        assert!(String::from_utf8_lossy(&out.stdout).contains("owned"), "the output is shown, escaped");
    }
}

//! Every command's `--format json` document has the top-level fields the README's "JSON
//! output" section lists for it: the section is read, each command run on a small input, and
//! the two compared, so that the README cannot drift from the output unnoticed. (Nested fields
//! are not compared.)

use crate::common::cli::gamesolve;
use std::collections::BTreeSet;

/// The README's bullets of its JSON section: each command (`verify FILE`) and its text.
fn readme_schemas() -> Vec<(String, String)> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let (_, section) = readme.split_once("### JSON output\n").expect("the README has a JSON section");
    let section = section.split("\n## ").next().unwrap();
    let mut bullets: Vec<(String, String)> = Vec::new();
    for line in section.lines() {
        if let Some(rest) = line.strip_prefix("- `") {
            let (command, text) = rest.split_once("`:").expect("a bullet names its command");
            bullets.push((command.to_string(), text.to_string()));
        } else if let (Some(bullet), true) = (bullets.last_mut(), line.starts_with("  ")) {
            bullet.1.push(' ');
            bullet.1.push_str(line.trim());
        }
    }
    bullets
}

/// The field names of each top-level object written in `text` (backticks ignored): the
/// quoted words right after its `{` or a `,` at its own level, outside brackets and
/// parentheses (which hold nested objects, values and remarks).
fn objects(text: &str) -> Vec<BTreeSet<String>> {
    let text = text.replace('`', "");
    let mut found = Vec::new();
    let (mut braces, mut brackets, mut parens) = (0usize, 0usize, 0usize);
    let mut keys = BTreeSet::new();
    let mut last = ' ';
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '{' => braces += 1,
            '}' => {
                braces = braces.saturating_sub(1);
                if braces == 0 && parens == 0 && brackets == 0 {
                    found.push(std::mem::take(&mut keys));
                }
            }
            '[' => brackets += 1,
            ']' => brackets = brackets.saturating_sub(1),
            '(' => parens += 1,
            ')' => parens = parens.saturating_sub(1),
            '"' => {
                let word: String = chars.by_ref().take_while(|&c| c != '"').collect();
                if braces == 1 && brackets == 0 && parens == 0 && matches!(last, '{' | ',') {
                    keys.insert(word);
                }
                last = '"';
                continue;
            }
            _ => {}
        }
        if !c.is_whitespace() {
            last = c;
        }
    }
    found
}

fn json_of(args: &[&str], stdin: &str) -> serde_json::Value {
    let out = gamesolve(args, stdin);
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{args:?}: {e}: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
    })
}

#[test]
fn every_commands_json_has_the_fields_the_readme_lists() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("t.table");
    let table = table.to_str().unwrap();
    let sample = "2\n3 5\n3\n3 5 6\n0\n";
    let binary = env!("CARGO_BIN_EXE_gamesolve");
    let documents = [
        ("judge", json_of(&["judge", "hdu1849", "--format", "json"], sample)),
        ("judge --engine all", json_of(&["judge", "hdu1849", "--engine", "all", "--format", "json"], sample)),
        ("explain", json_of(&["explain", "hdu1849", "--format", "json"], sample)),
        ("stats", json_of(&["stats", "mnk", "--format", "json"], "")),
        ("solve", json_of(&["solve", "mnk", "--out", table, "--format", "json"], "")),
        ("probe", json_of(&["probe", table, "#0", "--format", "json"], "")),
        ("diff", json_of(&["diff", table, table, "--format", "json"], "")),
        ("verify FILE", json_of(&["verify", table, "--format", "json"], "")),
        (
            "check",
            json_of(&["check", "hdu1849", "--rounds", "2", "--format", "json", "--", binary, "judge", "hdu1849"], ""),
        ),
        ("search", json_of(&["search", "mnk", "--format", "json"], "")),
        ("verify", json_of(&["verify", "--only", "mnk m=3 n=3 k=3", "--format", "json"], "")),
    ];
    let schemas = readme_schemas();
    for (command, document) in &documents {
        let (_, text) =
            schemas.iter().find(|(c, _)| c == command).unwrap_or_else(|| panic!("no README schema for `{command}`"));
        let fields: BTreeSet<String> = document.as_object().unwrap().keys().cloned().collect();
        let listed = objects(text);
        assert!(listed.contains(&fields), "`{command}` prints {fields:?}; the README lists {listed:?}");
    }
    let tested: BTreeSet<&str> = documents.iter().map(|(c, _)| *c).collect();
    let untested: Vec<&String> = schemas.iter().map(|(c, _)| c).filter(|c| !tested.contains(c.as_str())).collect();
    assert!(untested.is_empty(), "README schemas no command here is held to: {untested:?}");
}

#[test]
fn an_objects_fields_are_read_at_its_own_level_only() {
    let text = r#"`{"a": [{"b"}], "c" (a remark with "d"), "e": "f" | "g"}`, or `{"h", "i": {"j"}}`"#;
    let set = |keys: &[&str]| keys.iter().map(|k| k.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(objects(text), [set(&["a", "c", "e"]), set(&["h", "i"])]);
}

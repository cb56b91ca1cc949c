//! Every command's `--format json` document has the fields the README's "JSON output" section
//! lists for it, at every level the README spells out: the section is read, each command run
//! on a small input, and the two compared, so that the README cannot drift from the output
//! unnoticed. Where the README writes an object (`{"a", "b": {...}}`) every object the command
//! prints in that place has exactly those fields, the nested ones compared in turn (an array
//! of objects element by element); a map with keys of its own (`{key: n}`), an open object
//! (`...`) and a value the README describes in words are not compared further.

use crate::common::cli::gamesolve;
use std::collections::{BTreeMap, BTreeSet};

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

/// A shape the README writes: what may stand in one place of a document.
#[derive(Debug, Clone, PartialEq)]
enum Shape {
    /// `{"a", "b": ...}`: exactly these fields, each with the shapes written for it (none:
    /// described in words only, so anything goes).
    Object(BTreeMap<String, Vec<Shape>>),
    /// `{key: ...}`, `{"a", ...}` or `...`: fields not all named, or a value said elsewhere:
    /// not compared.
    Open,
    /// `[x, ...]`: an array whose elements take the shapes of `x`.
    Array(Vec<Shape>),
    /// Anything else: a word (`n`, `text`, `null`), a quoted value.
    Scalar,
}

/// Reads the README's notation: objects, arrays, alternatives (`|`), remarks in parentheses
/// (whose first object or array, if any, is the shape of the field they follow: `"line" (null
/// without --line, else [{...}])`), with backticks ignored.
struct Notation {
    chars: Vec<char>,
    at: usize,
}

impl Notation {
    fn new(text: &str) -> Notation {
        Notation { chars: text.replace('`', "").chars().collect(), at: 0 }
    }

    fn peek(&mut self) -> Option<char> {
        while self.chars.get(self.at).is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
        self.chars.get(self.at).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        self.at += found as usize;
        found
    }

    /// Every top-level object or array of the text, each as a shape.
    fn shapes(text: &str) -> Vec<Shape> {
        let mut notation = Notation::new(text);
        let mut shapes = Vec::new();
        while let Some(c) = notation.peek() {
            match c {
                '{' | '[' => shapes.push(notation.value()),
                _ => notation.at += 1,
            }
        }
        shapes
    }

    /// A value with its alternatives: `a | b | ...`.
    fn alternatives(&mut self) -> Vec<Shape> {
        let mut shapes = vec![self.value()];
        while self.eat('|') {
            shapes.push(self.value());
        }
        shapes
    }

    fn value(&mut self) -> Shape {
        match self.peek() {
            Some('{') => self.object(),
            Some('[') => {
                self.at += 1;
                let element = self.alternatives();
                // The rest (`, ...]`) repeats the element.
                self.skip_to(']');
                Shape::Array(element)
            }
            Some('"') => {
                self.quoted();
                Shape::Scalar
            }
            _ => {
                // A word, up to what ends a value; `...` is whatever the README says elsewhere.
                let start = self.at;
                while self.chars.get(self.at).is_some_and(|c| !",|]})(".contains(*c)) {
                    self.at += 1;
                }
                let word: String = self.chars[start..self.at].iter().collect();
                if word.trim() == "..." { Shape::Open } else { Shape::Scalar }
            }
        }
    }

    fn quoted(&mut self) -> String {
        assert!(self.eat('"'));
        let word: String = self.chars[self.at..].iter().take_while(|&&c| c != '"').collect();
        self.at += word.chars().count() + 1;
        word
    }

    fn object(&mut self) -> Shape {
        assert!(self.eat('{'));
        let mut fields = BTreeMap::new();
        let mut open = false;
        loop {
            match self.peek() {
                Some('}') | None => {
                    self.at += 1;
                    break;
                }
                Some(',') => self.at += 1,
                Some('"') => {
                    let name = self.quoted();
                    let mut shapes = self.remark();
                    if self.eat(':') {
                        shapes = self.alternatives();
                        shapes.extend(self.remark());
                    }
                    fields.insert(name, shapes);
                }
                // `key: value` (a map) or `...`: the fields are not all named.
                Some(_) => {
                    open = true;
                    let start = self.at;
                    self.value();
                    if self.eat(':') {
                        self.alternatives();
                    }
                    self.remark();
                    // A stray closing bracket: step over it rather than loop on it.
                    if self.at == start {
                        self.at += 1;
                    }
                }
            }
        }
        if open { Shape::Open } else { Shape::Object(fields) }
    }

    /// A remark in parentheses, if one follows: the first object or array in it, as a shape.
    fn remark(&mut self) -> Vec<Shape> {
        if !self.eat('(') {
            return Vec::new();
        }
        let mut shapes = Vec::new();
        let mut depth = 1;
        while let Some(&c) = self.chars.get(self.at) {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                '{' | '[' if shapes.is_empty() => {
                    shapes.push(self.value());
                    continue;
                }
                _ => {}
            }
            self.at += 1;
            if depth == 0 {
                break;
            }
        }
        shapes
    }

    fn skip_to(&mut self, close: char) {
        let mut depth = 0;
        while let Some(&c) = self.chars.get(self.at) {
            self.at += 1;
            match c {
                '{' | '[' => depth += 1,
                '}' | ']' if depth > 0 => depth -= 1,
                c if c == close && depth == 0 => return,
                _ => {}
            }
        }
    }
}

/// Whether `value` fits one of `shapes` (any value where none is written; an object or an
/// array only where one is written), else where it does not: the path and what differs.
fn fits(value: &serde_json::Value, shapes: &[Shape], path: &str) -> Result<(), String> {
    if shapes.contains(&Shape::Open) {
        return Ok(());
    }
    let objects: Vec<&BTreeMap<String, Vec<Shape>>> =
        shapes.iter().filter_map(|s| if let Shape::Object(fields) = s { Some(fields) } else { None }).collect();
    let arrays: Vec<&Vec<Shape>> =
        shapes.iter().filter_map(|s| if let Shape::Array(e) = s { Some(e) } else { None }).collect();
    match value {
        serde_json::Value::Object(fields) if !objects.is_empty() => {
            let mut why = Vec::new();
            for listed in objects {
                let keys: BTreeSet<&String> = fields.keys().collect();
                if keys != listed.keys().collect() {
                    why.push(format!("{path} has {keys:?}, the README {:?}", listed.keys().collect::<Vec<_>>()));
                    continue;
                }
                match fields.iter().try_for_each(|(k, v)| fits(v, &listed[k], &format!("{path}.{k}"))) {
                    Ok(()) => return Ok(()),
                    Err(e) => why.push(e),
                }
            }
            Err(why.join("; or "))
        }
        serde_json::Value::Array(elements) if !arrays.is_empty() => {
            let element: Vec<Shape> = arrays.into_iter().flatten().cloned().collect();
            elements.iter().enumerate().try_for_each(|(i, v)| fits(v, &element, &format!("{path}[{i}]")))
        }
        serde_json::Value::Object(_) | serde_json::Value::Array(_) if !shapes.is_empty() => {
            Err(format!("{path} is {value}, which the README does not write there ({shapes:?})"))
        }
        _ => Ok(()),
    }
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
    let positions = dir.path().join("positions.txt");
    // The field's format: a position as its columns (its score left out).
    std::fs::write(&positions, "12\n").unwrap();
    let positions = positions.to_str().unwrap();
    let wrong = format!("{}/examples/wrong-hdu1849.py", env!("CARGO_MANIFEST_DIR"));
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
        // The optional parts filled in: a line's place and score, each move's value, the
        // optimal line, a failure shrunk and explained.
        ("search", json_of(&["search", "mnk", "--moves", "--format", "json"], "")),
        (
            "search",
            json_of(
                &["search", "connect-four", "width=4", "height=4", "--positions", positions, "--format", "json"],
                "",
            ),
        ),
        ("probe", json_of(&["probe", table, "#0", "--line", "--format", "json"], "")),
        ("check", json_of(&["check", "hdu1849", "--rounds", "30", "--format", "json", "--", "python3", &wrong], "")),
        ("verify", json_of(&["verify", "--only", "mnk m=3 n=3 k=3", "--format", "json"], "")),
    ];
    let schemas = readme_schemas();
    for (command, document) in &documents {
        let (_, text) =
            schemas.iter().find(|(c, _)| c == command).unwrap_or_else(|| panic!("no README schema for `{command}`"));
        let shapes = Notation::shapes(text);
        assert!(!shapes.is_empty(), "`{command}`: the README writes no object");
        if let Err(why) = fits(document, &shapes, command) {
            panic!("`{command}` prints what the README does not list: {why}");
        }
    }
    let tested: BTreeSet<&str> = documents.iter().map(|(c, _)| *c).collect();
    let untested: Vec<&String> = schemas.iter().map(|(c, _)| c).filter(|c| !tested.contains(c.as_str())).collect();
    assert!(untested.is_empty(), "README schemas no command here is held to: {untested:?}");
}

#[test]
fn the_readme_notation_is_read_at_every_level() {
    let text = r#"`{"a": [{"b", "c": n | null}], "d" (a remark with "x", else `[{"e"}]`), "f": {key: n},
        "g": null | {"h", ...}}`, or `{"i": "j" | "k"}`"#;
    let object =
        |fields: &[(&str, Vec<Shape>)]| Shape::Object(fields.iter().map(|(k, v)| (k.to_string(), v.clone())).collect());
    let element = object(&[("b", vec![]), ("c", vec![Shape::Scalar, Shape::Scalar])]);
    let first = object(&[
        ("a", vec![Shape::Array(vec![element])]),
        ("d", vec![Shape::Array(vec![object(&[("e", vec![])])])]),
        ("f", vec![Shape::Open]),
        ("g", vec![Shape::Scalar, Shape::Open]),
    ]);
    assert_eq!(Notation::shapes(text), [first, object(&[("i", vec![Shape::Scalar, Shape::Scalar])])]);
    // A document fits where every object has the fields written, at every level.
    let shapes = Notation::shapes(text);
    let good = serde_json::json!({"a": [{"b": 1, "c": null}], "d": [{"e": 2}], "f": {"z": 1}, "g": null});
    assert_eq!(fits(&good, &shapes, "t"), Ok(()));
    let nested = serde_json::json!({"a": [{"b": 1}], "d": null, "f": {}, "g": null});
    assert!(fits(&nested, &shapes, "t").unwrap_err().contains("t.a[0]"));
    let unwritten = serde_json::json!({"i": {"j": 1}});
    assert!(fits(&unwritten, &shapes, "t").is_err());
    // Unbalanced text ends, whatever it reads as.
    Notation::shapes(r#"{"a": ) ], "b" (x} {"#);
}

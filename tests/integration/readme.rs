//! The README's quickstart, run: every command of its tested block (the `console` block after
//! the `quickstart` marker) in a fresh folder, with the built `gamesolve` first on the PATH, its
//! output compared with what the README shows under it (`...` stands for any lines) and its exit
//! code with the one its comment names (`# exit 1`; 0 otherwise). The sample's answer is also
//! held to the one the problem's contract publishes.

use std::path::Path;
use std::process::Command;

/// One command of the block: the line after `$ `, the lines shown under it, its exit code.
struct Step {
    command: String,
    shown: Vec<String>,
    exit: i32,
}

/// The steps of the README's tested block.
fn quickstart(readme: &str) -> Vec<Step> {
    let (_, after) = readme.split_once("<!-- quickstart:").expect("the README marks its quickstart");
    let block = after.split_once("```console\n").expect("a console block after the marker").1;
    let block = block.split_once("\n```").expect("the block ends").0;
    let mut steps: Vec<Step> = Vec::new();
    for line in block.lines() {
        match (line.strip_prefix("$ "), steps.last_mut()) {
            (Some(command), _) => {
                let exit = command.split_once("# exit ").map_or(0, |(_, rest)| {
                    rest.split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().expect("an exit code")
                });
                steps.push(Step { command: command.to_string(), shown: Vec::new(), exit });
            }
            (None, Some(step)) => step.shown.push(line.to_string()),
            (None, None) => panic!("the block starts with output: {line}"),
        }
    }
    steps
}

/// Whether `lines` are what `shown` shows: equal line for line, a `...` line standing for any
/// number of lines (none included).
fn matches(shown: &[String], lines: &[&str]) -> bool {
    match shown.split_first() {
        None => lines.is_empty(),
        Some((first, rest)) if first == "..." => (0..=lines.len()).any(|skip| matches(rest, &lines[skip..])),
        Some((first, rest)) => lines.first() == Some(&first.as_str()) && matches(rest, &lines[1..]),
    }
}

#[test]
fn every_command_of_the_quickstart_prints_what_the_readme_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let steps = quickstart(&readme);
    assert!(steps.len() >= 5, "the quickstart has {} commands", steps.len());
    let folder = tempfile::tempdir().unwrap();
    // The commands run from the repository's folder: the example they name is there.
    std::fs::create_dir(folder.path().join("examples")).unwrap();
    std::fs::copy(root.join("examples/wrong-hdu1849.py"), folder.path().join("examples/wrong-hdu1849.py")).unwrap();
    let binary = Path::new(env!("CARGO_BIN_EXE_gamesolve")).parent().unwrap();
    let path = format!("{}:{}", binary.display(), std::env::var("PATH").unwrap_or_default());
    for step in &steps {
        let out = Command::new("sh")
            .args(["-c", &step.command])
            .current_dir(folder.path())
            .env("PATH", &path)
            .output()
            .expect("sh runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(step.exit), "`{}`: {stdout}{stderr}", step.command);
        let lines: Vec<&str> = stdout.lines().collect();
        assert!(
            matches(&step.shown, &lines),
            "`{}` printed\n{stdout}\nwhere the README shows\n{}",
            step.command,
            step.shown.join("\n")
        );
    }
    // The sample written and its answer shown are the contract's own (its published sample).
    let contract = gamesolve::registry::problems().find(|p| p.id() == "hdu1849").unwrap().contract();
    let blocks = judge::sample_blocks(contract);
    assert_eq!(std::fs::read_to_string(folder.path().join("sample.in")).unwrap(), blocks[0]);
    let judged = steps.iter().find(|s| s.command.starts_with("gamesolve judge")).unwrap();
    assert_eq!(format!("{}\n", judged.shown.join("\n")), blocks[1]);
}

#[test]
fn a_dotted_line_stands_for_any_lines() {
    let shown = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&shown(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&shown(&["a", "..."]), &["a"]));
    assert!(!matches(&shown(&["a", "...", "d"]), &["a", "b"]));
    assert!(!matches(&shown(&["a"]), &["a", "b"]));
}

//! `gamesolve completions` and `gamesolve man`: the scripts and pages cover every command that
//! `gamesolve --help` lists, and the shells and `man` themselves accept them where installed.
//! Every expected name comes from the binary's own `--help`, never from a list written here.

use crate::common::cli::gamesolve;
use std::collections::BTreeSet;
use std::io::ErrorKind;
use std::process::{Command, Output};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// The commands `gamesolve --help` lists under "Commands:" (clap's own `help` included).
fn listed_commands() -> Vec<String> {
    let help = gamesolve(&["--help"], "");
    assert_eq!(help.status.code(), Some(0));
    let help = text(&help.stdout);
    let commands: Vec<String> = help
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.split_whitespace().next().map(str::to_string))
        .collect();
    assert!(commands.len() > 10 && commands.iter().any(|c| c == "completions"), "{help}");
    commands
}

/// The shells `gamesolve completions --help` says it accepts ("[possible values: a, b, ...]").
fn listed_shells() -> Vec<String> {
    let help = text(&gamesolve(&["completions", "--help"], "").stdout);
    let values = help.split_once("[possible values: ").and_then(|(_, rest)| rest.split_once(']'));
    let shells: Vec<String> = values.expect("a list of shells").0.split(", ").map(str::to_string).collect();
    assert!(shells.len() >= 3 && shells.iter().any(|s| s == "bash"), "{help}");
    shells
}

/// Runs `program args...` with `stdin`, or `None` (after a note) where it is not installed.
fn run_if_installed(program: &str, args: &[&str], envs: &[(&str, &str)], stdin: &[u8]) -> Option<Output> {
    use std::io::Write;
    use std::process::Stdio;
    let child = Command::new(program)
        .args(args)
        .envs(envs.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Err(e) if e.kind() == ErrorKind::NotFound => {
            eprintln!("skipped the part of this test that runs `{program}`: it is not installed");
            return None;
        }
        spawned => spawned.expect("the program starts"),
    };
    child.stdin.take().expect("piped stdin").write_all(stdin).expect("the program reads its input");
    Some(child.wait_with_output().expect("the program finishes"))
}

/// The bash script names every listed command; where bash is installed, sourcing it registers
/// a completion for `gamesolve`, whose function offers every listed command after
/// `gamesolve <TAB>` and every listed shell after `gamesolve completions <TAB>`.
#[test]
fn bash_completes_every_command() {
    let out = gamesolve(&["completions", "bash"], "");
    assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()));
    let script = text(&out.stdout);
    let words: BTreeSet<&str> =
        script.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_')).filter(|w| !w.is_empty()).collect();
    let commands = listed_commands();
    for command in &commands {
        assert!(words.contains(command.as_str()), "the bash script never names `{command}`");
    }

    // The function `complete -p` names, called as bash calls it: $1 the command, $2 the word
    // being completed, $3 the word before it; it leaves the candidates in COMPREPLY.
    let probe = r#"source /dev/stdin || exit 10
        registered=$(complete -p gamesolve) || exit 11
        function=${registered##*-F }; function=${function%% *}
        COMP_WORDS=(gamesolve ""); COMP_CWORD=1; "$function" gamesolve "" gamesolve
        printf '%s\n' "${COMPREPLY[@]}"; echo ---
        COMP_WORDS=(gamesolve completions ""); COMP_CWORD=2; "$function" gamesolve "" completions
        printf '%s\n' "${COMPREPLY[@]}""#;
    let Some(bash) = run_if_installed("bash", &["--norc", "--noprofile", "-c", probe], &[], script.as_bytes()) else {
        return;
    };
    assert_eq!(bash.status.code(), Some(0), "{}", text(&bash.stderr));
    let candidates = text(&bash.stdout);
    let (after_gamesolve, after_completions) = candidates.split_once("---\n").expect("two lists");
    let offered: BTreeSet<&str> = after_gamesolve.lines().collect();
    for command in &commands {
        assert!(offered.contains(command.as_str()), "`gamesolve <TAB>` does not offer `{command}`: {offered:?}");
    }
    // Nothing `--help` does not list either: the hidden `exec-limited` stays hidden.
    let unlisted: Vec<&&str> =
        offered.iter().filter(|o| !o.starts_with('-') && !commands.iter().any(|c| c == *o)).collect();
    assert!(unlisted.is_empty(), "`gamesolve <TAB>` offers commands --help does not list: {unlisted:?}");
    let offered: BTreeSet<&str> = after_completions.lines().collect();
    for shell in listed_shells() {
        assert!(offered.contains(shell.as_str()), "`gamesolve completions <TAB>` misses `{shell}`: {offered:?}");
    }
}

/// Every shell `--help` lists gets a script, without the hidden command; zsh's and fish's
/// register themselves for `gamesolve` as those shells require (`#compdef` on the first line,
/// `complete -c`).
#[test]
fn completions_print_a_script_for_every_listed_shell() {
    for shell in listed_shells() {
        let out = gamesolve(&["completions", &shell], "");
        assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()), "{shell}");
        let script = text(&out.stdout);
        assert!(script.len() > 1000 && script.contains("gamesolve"), "{shell}: {script}");
        // The one hidden command (`check`'s plumbing), which `--help` cannot name.
        assert!(!script.contains("exec-limited"), "{shell}: the script offers the hidden exec-limited");
        match shell.as_str() {
            "zsh" => assert!(script.starts_with("#compdef gamesolve"), "{script}"),
            "fish" => assert!(script.contains("complete -c gamesolve"), "{script}"),
            _ => {}
        }
    }
}

/// An unknown shell is a usage error: exit 2, the reason on standard error, nothing printed.
#[test]
fn completions_reject_an_unknown_shell() {
    let out = gamesolve(&["completions", "tcsh"], "");
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(2), String::new()));
    assert!(text(&out.stderr).contains("invalid value 'tcsh'"), "{}", text(&out.stderr));
}

/// `man` prints gamesolve's page: roff requests up to the `.TH` title, the about line of
/// `--help` in the NAME section; where `man` is installed, it renders the page without error.
#[test]
fn man_prints_the_page_of_gamesolve() {
    let out = gamesolve(&["man"], "");
    assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()));
    let roff = text(&out.stdout);
    assert!(roff.lines().take_while(|l| !l.starts_with(".TH ")).all(|l| l.starts_with('.')), "{roff}");
    assert!(roff.lines().any(|l| l.starts_with(".TH gamesolve 1 ")), "{roff}");
    let help = text(&gamesolve(&["--help"], "").stdout);
    let about = help.lines().next().expect("an about line").trim_end_matches('.');
    // roff writes a hyphen as `\-`.
    assert!(roff.replace(r"\-", "-").contains(&format!("gamesolve - {about}")), "{roff}");

    let envs = [("MANWIDTH", "80"), ("MANPAGER", "cat"), ("PAGER", "cat")];
    let Some(man) = run_if_installed("man", &["-l", "-"], &envs, roff.as_bytes()) else { return };
    assert_eq!(man.status.code(), Some(0), "{}", text(&man.stderr));
    let page = text(&man.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(page.contains(&format!("NAME gamesolve - {about} SYNOPSIS")), "{page}");
}

/// `man --out DIR` creates DIR and writes gamesolve.1 and one page per command `--help`
/// lists (but clap's `help`, whose page would only repeat the others), each titled with its
/// name, and prints the paths it wrote.
#[test]
fn man_out_writes_a_page_per_command() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("pages").join("man1");
    let out = gamesolve(&["man", "--out", dir.to_str().unwrap()], "");
    assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()));
    let mut expected = BTreeSet::from(["gamesolve".to_string()]);
    expected.extend(listed_commands().iter().filter(|c| *c != "help").map(|c| format!("gamesolve-{c}")));
    let written: BTreeSet<String> =
        std::fs::read_dir(&dir).unwrap().map(|entry| entry.unwrap().file_name().into_string().unwrap()).collect();
    let expected_files: BTreeSet<String> = expected.iter().map(|name| format!("{name}.1")).collect();
    assert_eq!(written, expected_files);
    let printed: BTreeSet<String> = text(&out.stdout).lines().map(str::to_string).collect();
    let paths: BTreeSet<String> = expected_files.iter().map(|f| dir.join(f).display().to_string()).collect();
    assert_eq!(printed, paths);
    for name in &expected {
        let page = std::fs::read_to_string(dir.join(format!("{name}.1"))).unwrap();
        assert!(page.contains(&format!(".TH {name} 1 ")), "{name}.1 is not titled {name}");
    }
}

/// A folder that cannot be created (here: below a plain file, which fails even for root) is
/// one line on standard error and exit 2, nothing on standard output.
#[test]
fn man_out_into_an_impossible_folder_is_an_error() {
    let temp = tempfile::tempdir().unwrap();
    let file = temp.path().join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let out = gamesolve(&["man", "--out", file.join("man1").to_str().unwrap()], "");
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(2), String::new()));
    let stderr = text(&out.stderr);
    assert!(stderr.starts_with("gamesolve: cannot create ") && stderr.lines().count() == 1, "{stderr}");
}

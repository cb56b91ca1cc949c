//! `check --gen CMD --brute CMD -- PROG` (a problem gamesolve does not know: the user's
//! generator and brute force give the inputs and the right answers) and `gen --out DIR` (inputs
//! with gamesolve's answers written into a folder, which `check --inputs` reads back).
//!
//! The tools and programs are small `sh` scripts written into a temporary folder; every
//! expected answer is computed here from the input (the sum the brute force prints), or is
//! what `gamesolve gen` and `gamesolve judge` print, never a copy of the report's own output.

use crate::common::cli::gamesolve;
use serde_json::Value;
use std::path::Path;
use std::process::Output;

/// Writes the `sh` script `name` into `dir` and returns its path.
fn script(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", stderr(out)))
}

/// A generator of one line `a b` from the seed in `$1` (a and b in 1..=5, so that some rounds
/// have a == b), and a brute force that prints the sum of each line's two numbers.
const GEN: &str = "s=$1; echo $((s % 5 + 1)) $((s * 3 % 5 + 1))\n";
const BRUTE: &str = "while read a b; do echo $((a + b)); done\n";

/// `check` with the generator and brute force above and `args` before `--`, on `prog`.
fn check(dir: &Path, args: &[&str], prog: &str) -> Output {
    let generator = format!("sh {}", script(dir, "gen.sh", GEN));
    let brute = format!("sh {}", script(dir, "brute.sh", BRUTE));
    let mut all = vec!["check", "--gen", &generator, "--brute", &brute];
    all.extend(args);
    all.extend(["--", "sh", prog]);
    gamesolve(&all, "")
}

/// A program wrong when a == b is caught: the report holds the failing input, the brute force's
/// answer to it (its sum) and the program's (one more), and the round's seed gives that input.
#[test]
fn a_wrong_program_is_caught_with_both_answers() {
    let dir = tempfile::tempdir().unwrap();
    let prog = script(
        dir.path(),
        "prog.sh",
        "read a b; if [ $a -eq $b ]; then echo $((a + b + 1)); else echo $((a + b)); fi\n",
    );
    let out = check(dir.path(), &["--rounds", "50", "--format", "json"], &prog);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let report = json(&out);
    assert_eq!(report["problem"], Value::Null);
    let failure = &report["first_failure"];
    let input = failure["input"].as_str().unwrap();
    let numbers: Vec<i64> = input.split_whitespace().map(|n| n.parse().unwrap()).collect();
    let [a, b] = numbers[..] else { panic!("not two numbers: {input:?}") };
    assert_eq!(a, b, "only a == b fails");
    assert_eq!(failure["expected"], format!("{}\n", a + b));
    assert_eq!(failure["program"]["output"], format!("{}\n", a + b + 1));
    // The first round with a == b: seed s gives (s % 5 + 1, 3s % 5 + 1), equal when 2s % 5 == 0.
    let round = (1..=50u64).find(|s| s * 2 % 5 == 0).unwrap();
    assert_eq!(failure["round"], round);
    assert_eq!(failure["origin"]["generated"]["seed"], round);
    assert_eq!(input, format!("{} {}\n", round % 5 + 1, round * 3 % 5 + 1));
    // The text report names the brute force as the source of the right answer.
    let out = check(dir.path(), &["--rounds", "50"], &prog);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(&format!("the brute force answers:\n{}\n", a + b)), "{text}");
}

/// A right program (another way of summing) passes every round, with exit 0.
#[test]
fn a_right_program_passes_every_round() {
    let dir = tempfile::tempdir().unwrap();
    let prog = script(dir.path(), "prog.sh", "read a b; expr $a + $b\n");
    let out = check(dir.path(), &["--rounds", "40", "--format", "json"], &prog);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report = json(&out);
    assert_eq!(report["rounds"], 40);
    assert_eq!(report["agree"], true);
    assert_eq!(report["cases"], Value::Null);
}

/// A generator or brute force that fails stops the check with exit 4 and a message naming the
/// tool, the round's seed and how to run it again, not as the program's failure.
#[test]
fn a_failing_tool_is_reported_as_the_tools_failure() {
    let dir = tempfile::tempdir().unwrap();
    let prog = script(dir.path(), "prog.sh", "read a b; echo $((a + b))\n");
    let ok_gen = format!("sh {}", script(dir.path(), "gen.sh", GEN));
    let ok_brute = format!("sh {}", script(dir.path(), "brute.sh", BRUTE));
    // The generator fails on seed 3; the brute force on an input whose first number is 4
    // (seed 3); the other brute force never ends.
    let bad_gen = format!("sh {}", script(dir.path(), "bad-gen.sh", &format!("[ $1 -eq 3 ] && exit 7\n{GEN}")));
    let bad_brute =
        format!("sh {}", script(dir.path(), "bad-brute.sh", "read a b; [ $a -eq 4 ] && exit 5; echo $((a + b))\n"));
    let slow_brute = format!("sh {}", script(dir.path(), "slow-brute.sh", "sleep 30\n"));
    let cases = [
        (&bad_gen, &ok_brute, "the generator (--gen) failed (generator seed 3): it ended with exit status: 7"),
        (&ok_gen, &bad_brute, "the brute force (--brute) failed (generator seed 3): it ended with exit status: 5"),
        (&ok_gen, &slow_brute, "the brute force (--brute) failed (generator seed 1): it ran past the time limit"),
    ];
    for (generator, brute, message) in cases {
        let args = ["check", "--gen", generator, "--brute", brute, "--rounds", "5", "--timeout", "0.5"];
        let out = gamesolve(&[&args[..], &["--", "sh", &prog]].concat(), "");
        assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(message), "{err}");
        assert!(err.contains("not the checked program"), "{err}");
        assert!(out.stdout.is_empty());
    }
}

/// `--gen` needs `--brute`, and a check needs a PROBLEM or both: usage errors (exit 2).
#[test]
fn the_generic_mode_needs_both_tools_and_no_problem() {
    let missing_brute = gamesolve(&["check", "--gen", "sh gen.sh", "--", "cat"], "");
    assert_eq!(missing_brute.status.code(), Some(2));
    assert!(stderr(&missing_brute).contains("--brute"), "{}", stderr(&missing_brute));
    let missing_gen = gamesolve(&["check", "--brute", "sh b.sh", "--", "cat"], "");
    assert_eq!(missing_gen.status.code(), Some(2));
    assert!(stderr(&missing_gen).contains("--gen"), "{}", stderr(&missing_gen));
    let neither = gamesolve(&["check", "--", "cat"], "");
    assert_eq!(neither.status.code(), Some(2));
    assert!(stderr(&neither).contains("<PROBLEM>"), "{}", stderr(&neither));
    let both = gamesolve(&["check", "hdu1849", "--gen", "sh g.sh", "--brute", "sh b.sh", "--", "cat"], "");
    assert_eq!(both.status.code(), Some(2));
    assert!(stderr(&both).contains("cannot be used with"), "{}", stderr(&both));
}

/// Shrinking drops lines: of a 20-line input whose line 13 alone makes the program wrong, the
/// line `13 7` is left, with the brute force's answer to it; `--save` holds the same.
#[test]
fn shrinking_leaves_the_one_bad_line() {
    let dir = tempfile::tempdir().unwrap();
    // Lines `i 1`, but line 13 is `13 7` from seed 3 on.
    let generator = "i=1; while [ $i -le 20 ]; do if [ $i -eq 13 ] && [ $1 -ge 3 ]; then echo $i 7; else echo $i 1; fi; i=$((i + 1)); done\n";
    let generator = format!("sh {}", script(dir.path(), "gen.sh", generator));
    let brute = format!("sh {}", script(dir.path(), "brute.sh", BRUTE));
    let prog = script(
        dir.path(),
        "prog.sh",
        "while read a b; do if [ $b -eq 7 ]; then echo 0; else echo $((a + b)); fi; done\n",
    );
    let save = dir.path().join("saved");
    let save = save.to_str().unwrap();
    let args = ["check", "--gen", &generator, "--brute", &brute, "--format", "json", "--save", save, "--", "sh", &prog];
    let out = gamesolve(&args, "");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let report = json(&out);
    let failure = &report["first_failure"];
    assert_eq!(failure["round"], 3);
    assert_eq!(failure["input"], "13 7\n");
    assert_eq!(failure["expected"], format!("{}\n", 13 + 7));
    assert_eq!(failure["program"]["output"], "0\n");
    assert_eq!(failure["shrink_stopped"], Value::Null);
    let runs = failure["shrink_runs"].as_u64().unwrap();
    assert!((1..=40).contains(&runs), "{runs} runs");
    let saved = |name: &str| std::fs::read_to_string(Path::new(save).join(name)).unwrap();
    assert_eq!(saved("shrunk.in"), "13 7\n");
    assert_eq!(saved("shrunk.expected"), "20\n");
    assert_eq!(saved("round-3.in").lines().count(), 20);
}

/// `gen --out` writes what `gen --seed s` prints and what `judge` answers to it, under names
/// that sort; `check --inputs` reads them back, and `judge` itself passes them; a second run
/// into the same folder is refused without `--force`.
#[test]
fn gen_out_writes_inputs_and_answers_that_check_reads() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("tests");
    let folder = out_dir.to_str().unwrap();
    let out = gamesolve(&["gen", "hdu1849", "--out", folder, "--count", "12", "--seed", "5", "--cases", "4"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut names: Vec<String> =
        std::fs::read_dir(&out_dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    let expected_names: Vec<String> = (1..=12).flat_map(|i| [format!("{i:02}.in"), format!("{i:02}.out")]).collect();
    assert_eq!(names, expected_names);
    for i in 1..=12u64 {
        let seed = (4 + i).to_string();
        let generated = gamesolve(&["gen", "hdu1849", "--seed", &seed, "--cases", "4"], "");
        let input = std::fs::read_to_string(out_dir.join(format!("{i:02}.in"))).unwrap();
        assert_eq!(input.as_bytes(), generated.stdout, "input {i}");
        let judged = gamesolve(&["judge", "hdu1849"], &input);
        let answer = std::fs::read_to_string(out_dir.join(format!("{i:02}.out"))).unwrap();
        assert_eq!(answer.as_bytes(), judged.stdout, "answer {i}");
    }
    let g = env!("CARGO_BIN_EXE_gamesolve");
    let checked = gamesolve(&["check", "hdu1849", "--inputs", folder, "--", g, "judge", "hdu1849"], "");
    assert_eq!(checked.status.code(), Some(0), "{}", stderr(&checked));
    assert!(String::from_utf8_lossy(&checked.stdout).contains("12 inputs"));
    let again = gamesolve(&["gen", "hdu1849", "--out", folder, "--count", "2"], "");
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("--force"), "{}", stderr(&again));
    let forced = gamesolve(&["gen", "hdu1849", "--out", folder, "--count", "2", "--force"], "");
    assert_eq!(forced.status.code(), Some(0), "{}", stderr(&forced));
}

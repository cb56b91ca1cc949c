//! The generic checks every registered game gets for free: its corpus through every engine of
//! its problems, each problem's contract with its sample answered exactly and snapshotted,
//! generated inputs that its judge accepts and splits, its stored fuzz inputs replayed through
//! the generic fuzz bodies, and names that are unique. (Its spaces at their verified sizes
//! run in tables.rs.)
//!
//! Environment: `CORPUS_CASE=<problem>/<name>` runs one corpus case (a prefix selects several);
//! `GAMESOLVE_SLOW=1` includes the corpus cases tagged `slow`.

use gamesolve::registry::{self, GAMES};
use judge::AnyProblem;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use testkit::corpus::{self, Case, Selection};
use workbench::fuzz::{named_input, pick};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every case of every registered game, from `games/<name>/corpus/`.
fn all_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for game in GAMES {
        let dir = root().join("games").join(game.name).join("corpus");
        cases.extend(corpus::load_dir(&dir).unwrap_or_else(|e| panic!("{e}")));
    }
    cases
}

#[test]
fn every_corpus_case_through_every_engine() {
    let problems: Vec<&dyn AnyProblem> = registry::problems().collect();
    let selection = Selection::from_env();
    let report = corpus::run(
        &all_cases(),
        &problems,
        &selection,
        "cargo test --release --test integration registered::every_corpus_case",
    );
    eprintln!(
        "corpus: {} runs, {} declined by the oracle, {} slow cases skipped",
        report.runs, report.declined, report.skipped_slow
    );
    assert!(report.runs > 0 || selection.only.is_some(), "the corpus is empty");
    assert!(report.failures.is_empty(), "{} corpus failures:\n\n{}", report.failures.len(), report.failures.join("\n"));
}

#[test]
fn every_problem_has_corpus_cases_and_a_sample() {
    let cases = all_cases();
    for problem in registry::problems() {
        let mine = || cases.iter().filter(|c| c.problem == problem.id());
        assert!(mine().any(|c| c.output().is_some()), "{} has no corpus case with an expected output", problem.id());
        assert!(mine().any(|c| c.has_tag("sample")), "{} has no corpus case tagged `sample`", problem.id());
    }
}

/// Each contract has its sections, and its sample is a corpus case tagged `sample` that the
/// default engine answers exactly. (No snapshot: the expected answer is the contract's own, and
/// a new game adds no file outside its folder.)
#[test]
fn every_contract_states_its_format_and_its_sample_is_answered_exactly() {
    let cases = all_cases();
    for problem in registry::problems() {
        let id = problem.id();
        let contract = problem.contract();
        for section in ["## Rules", "## Input", "## Output", "## Limits", "## Sample"] {
            assert!(contract.contains(&format!("\n{section}\n")), "{id}: the contract has no `{section}` section");
        }
        let blocks = judge::sample_blocks(contract);
        let [input, output] = blocks.as_slice() else {
            panic!("{id}: the contract's sample has {} code blocks, not an input and an output", blocks.len())
        };
        let case = cases
            .iter()
            .find(|c| c.problem == id && c.has_tag("sample") && &c.input == input)
            .unwrap_or_else(|| panic!("{id}: the contract's sample input is no corpus case tagged `sample`"));
        assert_eq!(case.output(), Some(output.as_str()), "{id}: the contract's sample output differs from the corpus");
        let answer = problem.judge(input, problem.engines()[0]).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(&answer, output, "{id}: the judge's answer to the sample differs from the contract");
    }
}

#[test]
fn generated_inputs_are_accepted_and_split_into_accepted_cases() {
    for problem in registry::problems() {
        let id = problem.id();
        for seed in 1..=3 {
            let input = problem.generate(seed, 4).unwrap_or_else(|e| panic!("{id}: gen: {e}"));
            assert_eq!(problem.generate(seed, 4).ok().as_ref(), Some(&input), "{id}: gen repeats by seed");
            let whole = problem.judge(&input, problem.engines()[0]).unwrap_or_else(|e| panic!("{id}: {e}\n{input}"));
            // Each case alone is a valid input, and together they answer as many lines as the
            // whole (case numbers restart in a standalone case, so the lines may differ).
            let parts = problem.split_cases(&input).unwrap_or_else(|e| panic!("{id}: split: {e}"));
            let mut lines = 0;
            for part in &parts {
                lines += problem
                    .judge(part, problem.engines()[0])
                    .unwrap_or_else(|e| panic!("{id}: {e}\n{part}"))
                    .lines()
                    .count();
            }
            assert_eq!(lines, whole.lines().count(), "{id}: the cases answered one by one differ from the whole input");
            problem.explain(&input).unwrap_or_else(|e| panic!("{id}: explain: {e}"));
        }
    }
}

/// A generator takes exactly the numbers of cases its problem declares: both ends give input
/// its judge accepts, anything outside is refused at once (no allocation from the number).
#[test]
fn generators_take_exactly_their_declared_case_counts() {
    use judge::JudgeError;
    for problem in registry::problems() {
        let id = problem.id();
        let allowed = problem.case_counts();
        for cases in [*allowed.start(), *allowed.end()] {
            let input = problem.generate(5, cases).unwrap_or_else(|e| panic!("{id}: gen --cases {cases}: {e}"));
            problem.judge(&input, problem.engines()[0]).unwrap_or_else(|e| panic!("{id}: --cases {cases}: {e}"));
        }
        let outside = [allowed.start().checked_sub(1), allowed.end().checked_add(1), Some(usize::MAX)];
        for cases in outside.into_iter().flatten() {
            let refused = problem.generate(5, cases);
            assert!(matches!(refused, Err(JudgeError::Cases { .. })), "{id}: gen --cases {cases} gave {refused:?}");
        }
    }
}

/// Every name a user types or a report shows is given once; each registration's name is its
/// folder under games/.
#[test]
fn names_are_unique_and_registrations_match_their_folders() {
    fn unique<'a>(what: &str, names: impl IntoIterator<Item = &'a str>) {
        let mut seen = BTreeSet::new();
        for name in names {
            assert!(seen.insert(name), "the {what} `{name}` is registered twice");
        }
    }
    unique("problem", registry::problems().map(|p| p.id()));
    unique("space", registry::spaces().map(|t| t.name));
    unique("fuzz body", registry::fuzz_targets().map(|t| t.name));
    for target in registry::spaces() {
        unique("verified size", target.verified.iter().copied());
        // Every default is a value its parameter takes, and every verified size opens.
        target.args("").unwrap_or_else(|e| panic!("{}: its defaults: {e}", target.name));
        for words in target.verified {
            target.args(words).unwrap_or_else(|e| panic!("{} {words}: {e}", target.name));
        }
    }
    unique("game", GAMES.iter().map(|g| g.name));
    for game in GAMES {
        assert!(root().join("games").join(game.name).join("Cargo.toml").is_file(), "no games/{}/", game.name);
    }
}

/// The stored inputs of a fuzz target: every file under fuzz/{corpus,regressions}/<target>/.
fn stored_inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    for kind in ["corpus", "regressions"] {
        let Ok(dir) = std::fs::read_dir(root().join("fuzz").join(kind).join(target)) else { continue };
        for entry in dir {
            let path = entry.expect("a readable directory entry").path();
            if path.is_file() {
                let bytes = std::fs::read(&path).expect("a readable input");
                found.push((path, bytes));
            }
        }
    }
    found.sort();
    found
}

/// Runs `body` on `inputs` on every core, collecting every failure.
fn replay(target: &str, inputs: Vec<(String, Vec<u8>)>, body: fn(&[u8]) -> Result<(), String>) {
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = inputs.len().div_ceil(workers).max(1);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = inputs
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter().filter_map(|(name, data)| body(data).err().map(|e| format!("{name}: {e}"))).collect()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_else(|_| vec!["a replay thread panicked".into()])).collect()
    });
    assert!(failures.is_empty(), "fuzz target {target}:\n{}", failures.join("\n"));
}

fn named(stored: Vec<(PathBuf, Vec<u8>)>) -> impl Iterator<Item = (String, Vec<u8>)> {
    stored.into_iter().map(|(path, bytes)| (path.display().to_string(), bytes))
}

/// The stored inputs of a target that picks by name ([`pick`]), each checked to name one of
/// `names` (an empty input names nothing): a stored input that named nothing would test nothing.
fn stored_naming(target: &str, names: &[&str]) -> Vec<(String, Vec<u8>)> {
    let stored: Vec<(String, Vec<u8>)> = named(stored_inputs(target)).collect();
    for (file, bytes) in &stored {
        if !bytes.is_empty() {
            assert!(pick(names, |n| n, bytes).is_some(), "{file} names no registered {target} item");
        }
    }
    stored
}

/// The judge target's stored inputs, and for every registered problem (named on the first
/// line): valid generated inputs, the same cut short and spoiled, and odd bytes.
#[test]
fn fuzz_judge_replay() {
    let problems: Vec<&dyn AnyProblem> = registry::problems().collect();
    let ids: Vec<&str> = problems.iter().map(|p| p.id()).collect();
    let mut inputs = stored_naming("judge", &ids);
    for problem in &problems {
        let mut seeds: Vec<Vec<u8>> = vec![b"".to_vec(), b"\xff\xfe".to_vec(), b"4294967296 0".to_vec()];
        for seed in 1..=3 {
            let valid = problem.generate(seed, 3).expect("every problem generates input").into_bytes();
            seeds.push(valid[..valid.len() / 2].to_vec());
            let mut spoiled = valid.clone();
            spoiled[valid.len() / 3] = b'x';
            seeds.push(spoiled);
            seeds.push(valid);
        }
        for (k, seed) in seeds.into_iter().enumerate() {
            inputs.push((format!("{} seed {k}", problem.id()), named_input(problem.id(), &seed)));
        }
    }
    replay("judge", inputs, gamesolve::fuzz::judge);
}

/// The workbench target's stored inputs, and for every registered problem (named on the first
/// line): case counts at and around both ends of what it takes, 0 and the largest, each with a
/// few seeds; and after one of them a valid generated input or odd bytes. The body checks the
/// header (seed and count) and the input after it separately, so each header is tried once and
/// each input once, not every pair.
#[test]
fn fuzz_workbench_replay() {
    let problems: Vec<&dyn AnyProblem> = registry::problems().collect();
    let ids: Vec<&str> = problems.iter().map(|p| p.id()).collect();
    let mut inputs = stored_naming("workbench", &ids);
    for problem in &problems {
        let allowed = problem.case_counts();
        let (low, high) = (*allowed.start() as u64, *allowed.end() as u64);
        let counts = [0, 1, 2, 5, low.saturating_sub(1), low, high, high + 1, u64::MAX];
        let generated = problem.generate(1, 3).expect("every problem generates input").into_bytes();
        let headers = [0u64, 1, 2, u64::MAX].into_iter().flat_map(|seed| counts.map(|cases| (seed, cases)));
        let (empty, rests) = (Vec::new(), [generated, b"\xff\xfe".to_vec(), b"4294967296 0".to_vec()]);
        let rests = headers.map(|header| (header, &empty)).chain(rests.iter().map(|rest| ((1, low), rest)));
        for (k, ((seed, cases), rest)) in rests.enumerate() {
            let data = named_input(problem.id(), &[&seed.to_le_bytes()[..], &cases.to_le_bytes(), rest].concat());
            inputs.push((format!("{} seed {seed} cases {cases} input {k}", problem.id()), data));
        }
    }
    replay("workbench", inputs, gamesolve::fuzz::workbench);
}

/// The game target's stored inputs, and a few fixed inputs for every registered fuzz body.
#[test]
fn fuzz_game_replay() {
    let targets: Vec<_> = registry::fuzz_targets().collect();
    let names: Vec<&str> = targets.iter().map(|t| t.name).collect();
    let mut inputs = stored_naming("game", &names);
    for target in &targets {
        let mut seeds =
            vec![Vec::new(), vec![11, 0, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 1, 1], vec![255; 64]];
        seeds.extend((0..40u8).map(|i| vec![i, i.wrapping_mul(7), i.wrapping_mul(13), 255 - i, i, 3, 9, i, 1, 2, 3]));
        for (k, seed) in seeds.into_iter().enumerate() {
            inputs.push((format!("{} seed {k}", target.name), named_input(target.name, &seed)));
        }
    }
    replay("game", inputs, gamesolve::fuzz::game);
}

/// The table-file target's stored inputs, and tables of every registered space's first
/// verified size: whole, cut at every length up to 200 bytes and at ten more, and with one byte
/// changed at each of 200 places.
#[test]
fn fuzz_table_file_replay() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut inputs: Vec<(String, Vec<u8>)> = named(stored_inputs("table_file")).collect();
    for target in registry::spaces() {
        let game = target.open_words(target.verified[0]).expect("a verified size opens");
        let file = dir.path().join(format!("{}.table", target.name));
        gamesolve::tables::solve(game.as_ref(), None, Some(&file), false, &|_, _| {}).expect("solved and written");
        let bytes = std::fs::read(&file).expect("the written table");
        let name = |what: String| format!("{} {what}", target.name);
        let cuts = (0..200.min(bytes.len())).chain((1..=10).map(|k| bytes.len() * k / 11));
        inputs.extend(cuts.map(|n| (name(format!("cut at {n}")), bytes[..n].to_vec())));
        for k in 0..200 {
            let at = k * bytes.len() / 200;
            let mut spoiled = bytes.clone();
            spoiled[at] ^= 1 << (k % 8);
            inputs.push((name(format!("bit flipped at {at}")), spoiled));
        }
        inputs.push((name("whole".into()), bytes));
    }
    replay("table_file", inputs, gamesolve::fuzz::table_file);
}

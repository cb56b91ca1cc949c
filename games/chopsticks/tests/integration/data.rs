//! The crate against an independent implementation: `tests/data/chopsticks.py`, a Python 3
//! restatement of the rules (standard library only, no code shared with the crate) that finds
//! each variant's reachable positions by breadth-first search and their values by rounds of
//! "forced within n plies". Its output is committed next to it:
//!
//! ```text
//! cd games/chopsticks/tests/data
//! python3 chopsticks.py > summary.txt            # a line per variant
//! python3 chopsticks.py --values > values.txt    # every reachable position's value
//! ```
//!
//! The tests compare every position and value of every variant, the summaries, the judge's
//! answers with every engine, and what `verify` runs on the registered space with those files;
//! one reruns the script where `python3` is installed and checks that the committed files are
//! what it prints.

use chopsticks::{Chopsticks, ChopsticksProblem, Hands, Position, Rule, Splits, Variant};
use judge::AnyProblem;
use solver_core::{Outcome, OutcomeTable, RetrogradeEngine, StateId, StateSpace};
use std::collections::BTreeMap;
use workbench::check::OracleCheck;

const SUMMARY: &str = include_str!("../data/summary.txt");
const VALUES: &str = include_str!("../data/values.txt");

/// values.txt: `cutoff any 0 1 0 3 loss in 2` a line.
fn script_values(variant: Variant) -> BTreeMap<Position, String> {
    let mut values = BTreeMap::new();
    for line in VALUES.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (rule, splits) = (Rule::from_word(words[0]).unwrap(), Splits::from_word(words[1]).unwrap());
        if Variant::new(rule, splits) != variant {
            continue;
        }
        let hand = |k: usize| words[k].parse::<u8>().unwrap();
        let position = Position::new(Hands::new(hand(2), hand(3)).unwrap(), Hands::new(hand(4), hand(5)).unwrap());
        assert!(values.insert(position, words[6..].join(" ")).is_none(), "{line} is listed twice");
    }
    values
}

fn table(space: &Chopsticks) -> OutcomeTable {
    RetrogradeEngine::ReverseGraph.solve(space).expect("at most 225 positions")
}

#[test]
fn every_variant_has_exactly_the_scripts_positions_with_its_values() {
    for variant in Variant::ALL {
        let space = Chopsticks::new(variant);
        let table = table(&space);
        let ours: BTreeMap<Position, String> =
            StateId::all(space.len()).map(|id| (space.unrank(id), table.get(id).to_string())).collect();
        assert_eq!(ours, script_values(variant), "{variant}");
    }
}

/// Our summary line of `variant`, in the script's format.
fn summary_line(variant: Variant) -> String {
    let space = Chopsticks::new(variant);
    let table = table(&space);
    let finished = StateId::all(space.len()).filter(|&id| space.unrank(id).mover.is_out()).count();
    let counts = table.counts();
    format!(
        "{variant} positions={} finished={finished} win={} loss={} draw={} start={}",
        space.len(),
        counts.wins,
        counts.losses,
        counts.draws,
        table.get(space.start())
    )
}

#[test]
fn the_summaries_are_the_scripts() {
    let ours: Vec<String> = Variant::ALL.into_iter().map(summary_line).collect();
    let theirs: Vec<&str> = SUMMARY.lines().collect();
    assert_eq!(ours, theirs);
}

#[test]
fn the_judge_answers_every_position_as_the_script_does_with_every_engine() {
    for variant in Variant::ALL {
        let values = script_values(variant);
        let mut input = format!("{} {}\n{}\n", variant.rule.word(), variant.splits.word(), values.len());
        let mut expected = String::new();
        for (i, (position, value)) in values.iter().enumerate() {
            let ([a, b], [c, d]) = (position.mover.both(), position.opponent.both());
            // Every other line with the hands the other way round: the judge must not care.
            input += &if i % 2 == 0 { format!("{a} {b} {c} {d}\n") } else { format!("{b} {a} {d} {c}\n") };
            expected += &format!("{value}\n");
        }
        for &engine in ChopsticksProblem.engines() {
            assert_eq!(ChopsticksProblem.judge(&input, engine).unwrap(), expected, "{engine} on {variant}");
        }
    }
}

#[test]
fn verify_agrees_with_the_oracle_and_the_script() {
    let [target] = chopsticks::REGISTRATION.spaces else { panic!("one space target") };
    assert_eq!(target.verified.len(), 6);
    for (&words, variant) in target.verified.iter().zip(Variant::ALL) {
        assert_eq!(words, variant.to_string());
        let game = target.open_words(words).unwrap_or_else(|e| panic!("{words}: {e}"));
        assert_eq!(game.identity().title(), format!("chopsticks {variant}"));
        let row = game.check(chopsticks::ORACLE_BUDGET).unwrap_or_else(|e| panic!("{words}: {e}"));
        assert!(matches!(row.oracle, OracleCheck::Agreed { .. }), "{words}: {:?}", row.oracle);
        assert_eq!(row.timings.len(), solver_core::RetrogradeEngine::ALL.len(), "every retrograde engine ran");
        let values = script_values(variant);
        let count = |kind: &str| values.values().filter(|v| v.starts_with(kind)).count();
        let expected = format!("W {} L {} T 0 D {}", count("win"), count("loss"), count("draw"));
        let (counts, start) = row.summary.split_once("; ").unwrap_or_else(|| panic!("{words}: {}", row.summary));
        assert_eq!((row.positions, counts), (values.len(), expected.as_str()), "{words}");
        // Then the start's value, as the script gives it (and its best moves).
        let start_value = start.split(',').next().unwrap_or_default();
        assert_eq!(start_value, format!("start {}", values[&Position::START]), "{words}: {}", row.summary);
    }
}

#[test]
fn the_start_values_in_words() {
    // The same facts as summary.txt, in the form the crate documentation states them.
    let start = |rule, splits| {
        let space = Chopsticks::new(Variant::new(rule, splits));
        table(&space).get(space.start())
    };
    assert_eq!(start(Rule::Cutoff, Splits::None), Outcome::Loss(8));
    assert_eq!(start(Rule::Cutoff, Splits::NoSuicide), Outcome::Draw);
    assert_eq!(start(Rule::Cutoff, Splits::Any), Outcome::Loss(26));
    for splits in Splits::ALL {
        assert_eq!(start(Rule::Rollover, splits), Outcome::Draw, "rollover, splits {}", splits.word());
    }
}

/// Reruns the script where python3 is installed: the committed files must be what it prints.
#[test]
fn the_committed_files_are_the_scripts_output() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let run = |args: &[&str]| {
        std::process::Command::new("python3").arg("chopsticks.py").args(args).current_dir(&dir).output()
    };
    let Ok(summary) = run(&[]) else {
        eprintln!("python3 is not installed: the committed output is compared, not regenerated");
        return;
    };
    assert!(summary.status.success(), "{}", String::from_utf8_lossy(&summary.stderr));
    assert_eq!(String::from_utf8_lossy(&summary.stdout), SUMMARY);
    let values = run(&["--values"]).expect("python3 ran once already");
    assert!(values.status.success(), "{}", String::from_utf8_lossy(&values.stderr));
    assert_eq!(String::from_utf8_lossy(&values.stdout), VALUES);
}

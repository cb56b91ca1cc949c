//! Every registered space at each of its verified sizes ([`SpaceTarget::verified`]), on a pool
//! of three threads: what `gamesolve verify` checks (every engine, parallel ones included, gives
//! the first engine's value on every position, whatever the threads; the verifier accepts it;
//! the game's laws hold; the oracle's budget is spent at once, so it declines: `verify` itself
//! compares it at its full budget, which cli.rs runs in part), then the game's notation
//! round-trips, the table written to a file reads back value for value and passes `verify FILE`
//! (solver-core's verifier), and its checksum is the one committed in tests/golden/tables.txt.
//!
//! The committed checksums are of tables that passed all of the above (and `gamesolve verify`,
//! which also compares with the naive oracle); they pin every value of every engine, so a change
//! that alters any value fails here. After a deliberate change of values (a new rule variant, a
//! new encoding) rewrite them with
//! `GAMESOLVE_WRITE_GOLDEN=1 cargo test --release --test integration tables::` and say why in
//! the commit.
//!
//! Where `verify` searches a few hundred positions of each acyclic space, a small size of each
//! acyclic game is searched at every position here, by every search engine, against its table
//! ([`SEARCHED_EVERYWHERE`]).

use gamesolve::{registry, tables};
use std::collections::BTreeMap;
use workbench::search_check::SearchCheckPlan;
use workbench::solve::{SolvableGame, parse_position};
use workbench::table_file::{TableFile, checksum_of};
use workbench::target::SpaceTarget;

const GOLDEN: &str = "tests/golden/tables.txt";

/// Positions whose notation is round-tripped: all of them up to this many, else an even sample.
const ROUND_TRIPPED: u64 = 1 << 16;

fn golden_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GOLDEN)
}

/// `game params...` → `encoding checksum`, from the committed file.
fn committed() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(golden_path()).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (key, value) = l.rsplit_once(" : ")?;
            Some((key.to_string(), value.to_string()))
        })
        .collect()
}

fn open(target: &SpaceTarget, words: &str) -> Box<dyn SolvableGame> {
    target.open_words(words).unwrap_or_else(|e| panic!("{} {words}: {e}", target.name))
}

/// Checks one verified size and returns its golden line's value (`encoding checksum`).
fn check_size(target: &SpaceTarget, words: &str, dir: &std::path::Path) -> String {
    let game = open(target, words);
    let name = format!("{} {words}", target.name);
    let engines = game.engines();
    assert!(!engines.is_empty(), "{name}: no engine");
    let row = game.check(oracle::Budget::new(1)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let checked: Vec<&str> = row.timings.iter().map(|t| t.0).take(engines.len()).collect();
    assert_eq!(checked, engines, "{name}: every engine ran");
    let reference = game.solve(engines[0]).unwrap_or_else(|e| panic!("{name}: {}: {e}", engines[0]));
    let positions = game.positions();
    let stride = (positions / ROUND_TRIPPED).max(1);
    for index in (0..positions).step_by(stride as usize) {
        let text = game.describe(index);
        assert_eq!(parse_position(game.as_ref(), &text), Ok(index), "{name}: #{index} written `{text}`");
        for m in game.moves(index) {
            assert!(m.parts.iter().all(|&p| p < positions), "{name}: move {} of #{index} leaves the space", m.name);
        }
    }
    assert!(game.start() < positions, "{name}: the start is outside the space");

    let file = dir.join(format!("{}.table", name.replace(['=', ' '], "_")));
    let report = tables::solve(game.as_ref(), None, Some(&file), false, &|_, _| {})
        .unwrap_or_else(|e| panic!("{name}: solve --out: {e}"));
    let table = TableFile::open(&file).unwrap_or_else(|e| panic!("{name}: {e}"));
    if let Some(i) = (0..positions).find(|&i| table.value(i) != Ok(reference.value(i))) {
        panic!("{name}: the file holds {:?} at #{i}, the engine {:?}", table.value(i), reference.value(i));
    }
    tables::verify_file(&file, &|_, _, _| {}).unwrap_or_else(|e| panic!("{name}: verify FILE: {e}"));
    let checksum = checksum_of(reference.encoding(), positions, &|i| reference.value(i)).expect("the values fit");
    assert_eq!(table.table_checksum(), checksum, "{name}: the file's checksum and the values' differ");
    assert!(report.to_text().contains(&format!("{checksum:016x}")), "{name}: solve reports the checksum");
    format!("{} {checksum:016x}", reference.encoding().name())
}

#[test]
fn every_verified_size_agrees_stores_verifies_and_keeps_its_golden_checksum() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let targets: Vec<&SpaceTarget> = registry::spaces().collect();
    assert!(!targets.is_empty());
    let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().expect("a thread pool");
    let mut found = BTreeMap::new();
    for target in &targets {
        assert!(!target.verified.is_empty(), "{} has no verified sizes", target.name);
        for words in target.verified {
            let key = format!("{} {words}", target.name).trim_end().to_string();
            found.insert(key, pool.install(|| check_size(target, words, dir.path())));
        }
    }
    if std::env::var_os("GAMESOLVE_WRITE_GOLDEN").is_some() {
        let mut text = String::from(
            "# Checksums of every registered game's table at its golden sizes: `game params : encoding checksum`,\n\
             # the checksum being xxh3-64 of the records (TABLE-FORMAT.md). Written by\n\
             # `GAMESOLVE_WRITE_GOLDEN=1 cargo test --release --test integration tables::` from tables that\n\
             # every engine agreed on and solver-core's verifier accepted; `gamesolve verify` compares them\n\
             # with the oracle.\n",
        );
        found.iter().for_each(|(key, value)| text += &format!("{key} : {value}\n"));
        std::fs::write(golden_path(), text).expect("writing the golden checksums");
        return;
    }
    let committed = committed();
    let mut problems = Vec::new();
    for (key, value) in &found {
        match committed.get(key) {
            None => problems.push(format!("{key}: no committed checksum (found {value})")),
            Some(expected) if expected != value => problems.push(format!("{key}: committed {expected}, found {value}")),
            Some(_) => {}
        }
    }
    problems
        .extend(committed.keys().filter(|k| !found.contains_key(*k)).map(|k| format!("{k}: committed, not solved")));
    assert!(problems.is_empty(), "golden checksums ({GOLDEN}):\n{}", problems.join("\n"));
}

#[test]
fn positions_in_bad_notation_are_errors_for_every_game() {
    for target in registry::spaces() {
        let game = open(target, target.verified[0]);
        let past = format!("#{}", game.positions());
        for text in
            ["", "#", "#-1", "#x", past.as_str(), "#99999999999999999999999", "\u{1b}[31m", "0 0 0 0 0 0 0 0 0 0 0"]
        {
            // Some of these may name a position in some game's notation; none may panic.
            if let Ok(index) = parse_position(game.as_ref(), text) {
                assert!(index < game.positions(), "{}: `{text}` parsed to #{index}", target.name);
            }
        }
        assert!(parse_position(game.as_ref(), &past).is_err(), "{}: {past} is past the end", target.name);
    }
}

/// A small size of every acyclic game, where every search engine is checked against the
/// table at every position (`verify` samples its larger sizes): a new acyclic game adds one.
const SEARCHED_EVERYWHERE: &[(&str, &str)] = &[
    ("random-dag", "nodes=25 seed=2"),
    ("random-scoring", "nodes=300 seed=3"),
    ("subtraction", "take=1,3,4 heap=100"),
    ("graph-tokens", "vertices=150 degree=4 seed=12"),
    ("octal", "code=0.137 n=40"),
    ("dots-and-boxes", "rows=1 cols=2 rule=turn-passes"),
    ("dots-and-boxes", "rows=1 cols=2 rule=move-again"),
    ("mnk", "m=3 n=3 k=3"),
    ("chomp", "rows=4 cols=7"),
    ("connect-four", "width=4 height=3"),
];

#[test]
fn every_search_engine_equals_the_table_at_every_position_of_a_small_size_of_each_acyclic_game() {
    let plan = SearchCheckPlan::EVERY_POSITION;
    for target in registry::spaces() {
        let sizes: Vec<&str> =
            SEARCHED_EVERYWHERE.iter().filter(|(name, _)| *name == target.name).map(|(_, words)| *words).collect();
        if sizes.is_empty() {
            let loopy = open(target, target.verified[0]).check_searches(&plan).expect("a space that may loop");
            assert!(loopy.is_empty(), "{} is searched: add a small size of it to SEARCHED_EVERYWHERE", target.name);
        }
        for words in sizes {
            let game = open(target, words);
            let started = std::time::Instant::now();
            let checks = game.check_searches(&plan).unwrap_or_else(|e| panic!("{} {words}: {e}", target.name));
            assert!(!checks.is_empty(), "{} {words}: no search was checked", target.name);
            for (what, checked) in &checks {
                eprintln!(
                    "{} {words}: {} positions, {what}: {} agree, {} over, {} nodes, {:.2?}",
                    target.name,
                    game.positions(),
                    checked.agreed,
                    checked.over_budget,
                    checked.nodes,
                    started.elapsed()
                );
                assert_eq!(
                    (checked.agreed, checked.over_budget),
                    (game.positions(), 0),
                    "{} {words}: {what}",
                    target.name
                );
            }
        }
    }
}

#[test]
fn every_engine_that_reports_its_progress_keeps_the_contract_and_the_defaults_report() {
    for target in registry::spaces() {
        let words = target.verified[0];
        let game = open(target, words);
        for (k, engine) in game.engines().into_iter().enumerate() {
            let name = format!("{} {words} --engine {engine}", target.name);
            let seen = std::sync::Mutex::new(Vec::new());
            let tell = |done: u64, total: u64| seen.lock().unwrap().push((done, total));
            game.solve_reporting(engine, &solver_core::Progress::new(&tell)).unwrap_or_else(|e| panic!("{name}: {e}"));
            let seen = seen.into_inner().unwrap();
            let Some(&(_, total)) = seen.last() else {
                assert!(k > 0, "{name}: the default engine reports nothing, so `solve` shows no share");
                continue;
            };
            assert_eq!(seen[0].0, 0, "{name}: the first report begins a phase");
            for pair in seen.windows(2) {
                let ((done, of), (next, next_of)) = (pair[0], pair[1]);
                assert!(done <= of, "{name}: {done} of {of}");
                assert!(next == 0 || (next >= done && next_of == of), "{name}: {pair:?} goes back");
            }
            assert_eq!(seen.last(), Some(&(total, total)), "{name}: the last report is the whole total");
        }
    }
}

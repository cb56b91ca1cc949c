//! Replays every input under fuzz/corpus/<target>/ and fuzz/regressions/<target>/ through the
//! same functions the fuzz targets call, on stable Rust, as part of `cargo test`.

use gamesolve::fuzz;
use gamesolve::problems::{self, PROBLEMS};
use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

/// The bytes of every file under fuzz/{corpus,regressions}/<target>/, with its path.
fn stored_inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let mut found = Vec::new();
    for kind in ["corpus", "regressions"] {
        let Ok(dir) = std::fs::read_dir(fuzz_dir().join(kind).join(target)) else { continue };
        for entry in dir {
            let path = entry.expect("readable directory entry").path();
            if path.is_file() {
                found.push((path.display().to_string(), std::fs::read(&path).expect("readable input")));
            }
        }
    }
    found.sort();
    found
}

/// Runs `body` on every stored input of `target` and on `seeds`, collecting failures.
fn replay(target: &str, seeds: Vec<Vec<u8>>, body: impl Fn(&[u8]) -> Result<(), String>) {
    let mut all: Vec<(String, Vec<u8>)> =
        seeds.into_iter().map(|s| (format!("seed {:?}", String::from_utf8_lossy(&s)), s)).collect();
    all.extend(stored_inputs(target));
    let failures: Vec<String> =
        all.iter().filter_map(|(name, data)| body(data).err().map(|e| format!("{name}: {e}"))).collect();
    assert!(failures.is_empty(), "{target}:\n{}", failures.join("\n"));
}

/// The fuzz target of a judge problem.
fn judge_target(id: &str) -> String {
    format!("judge_{}", id.replace('-', "_"))
}

#[test]
fn every_judge_parser_has_a_fuzz_target() {
    for problem in PROBLEMS {
        let file = fuzz_dir().join("fuzz_targets").join(format!("{}.rs", judge_target(problem.id())));
        assert!(file.is_file(), "{} has no fuzz target {}", problem.id(), file.display());
    }
}

#[test]
fn judge_parsers() {
    // Each problem in its own thread: a few judges solve a whole table per input, and CI has
    // two cores.
    std::thread::scope(|scope| {
        for problem in PROBLEMS {
            scope.spawn(|| replay_judge(*problem));
        }
    });
    assert!(problems::find("loopy-graph").is_some());
}

/// Replays a judge's stored inputs, with valid generated inputs and the same cut short and spoiled.
fn replay_judge(problem: &dyn problems::Problem) {
    let mut seeds: Vec<Vec<u8>> = vec![b"".to_vec(), b"\xff\xfe".to_vec(), b"4294967296 0".to_vec()];
    for seed in 1..=3 {
        let valid = problem.generate(seed, 3).expect("every problem generates input").into_bytes();
        seeds.push(valid[..valid.len() / 2].to_vec());
        let mut spoiled = valid.clone();
        spoiled[valid.len() / 3] = b'x';
        seeds.push(spoiled);
        seeds.push(valid);
    }
    replay(&judge_target(problem.id()), seeds, |data| fuzz::judge_bytes(problem, data));
}

#[test]
fn engine_families() {
    let seeds =
        || vec![b"".to_vec(), vec![11, 0, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 1, 1], vec![255; 64]];
    let failure = |f: gamesolve::check::Failure| f.to_string();
    replay("loopy_engines", seeds(), |data| fuzz::loopy_engines(data).map_err(failure));
    replay("grundy_engine", seeds(), |data| fuzz::grundy_engine(data).map_err(failure));
    replay("score_engine", seeds(), |data| fuzz::score_engine(data).map_err(failure));
}

#[test]
fn state_spaces() {
    let seeds =
        || (0..40u8).map(|i| vec![i, i.wrapping_mul(7), i.wrapping_mul(13), 255 - i, i, 3, 9, i, 1, 2, 3]).collect();
    replay("rank_cards", seeds(), fuzz::rank_cards);
    replay("rank_xiangqi", seeds(), fuzz::rank_xiangqi);
    replay("rank_northcott", seeds(), fuzz::rank_northcott);
    replay("rank_dots_and_boxes", seeds(), fuzz::rank_dots_and_boxes);
}

//! Replays every input under fuzz/corpus/<target>/ and fuzz/regressions/<target>/ through the
//! same functions the fuzz targets call, on stable Rust, as part of `cargo test`.

use gamesolve::fuzz;
use gamesolve::problems;
use std::path::Path;

/// The bytes of every file under fuzz/{corpus,regressions}/<target>/, with its path.
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut found = Vec::new();
    for kind in ["corpus", "regressions"] {
        let Ok(dir) = std::fs::read_dir(root.join(kind).join(target)) else { continue };
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
fn replay(target: &str, seeds: &[&[u8]], body: impl Fn(&[u8]) -> Result<(), String>) {
    let mut all: Vec<(String, Vec<u8>)> = seeds.iter().map(|s| (format!("seed {s:?}"), s.to_vec())).collect();
    all.extend(inputs(target));
    let failures: Vec<String> =
        all.iter().filter_map(|(name, data)| body(data).err().map(|e| format!("{name}: {e}"))).collect();
    assert!(failures.is_empty(), "{target}:\n{}", failures.join("\n"));
}

#[test]
fn judge_loopy_graph() {
    let problem = problems::find("loopy-graph").expect("registered");
    let seeds: &[&[u8]] = &[b"", b"2 1\n- L\n0 1\n", b"3 2 - - x", b"1 1\n-\n0 0\n", b"\xff\xfe", b"4294967296 0"];
    replay("judge_loopy_graph", seeds, |data| fuzz::judge_bytes(problem, data));
}

#[test]
fn loopy_engines() {
    let seeds: &[&[u8]] = &[b"", &[11, 0, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 1, 1], &[255; 64]];
    replay("loopy_engines", seeds, |data| fuzz::loopy_engines(data).map_err(|f| f.to_string()));
}

#[test]
fn acyclic_engines() {
    let seeds: &[&[u8]] = &[b"", &[9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 1, 200, 7, 3, 9, 5, 5, 5], &[255; 64]];
    replay("acyclic_engines", seeds, |data| fuzz::acyclic_engines(data).map_err(|f| f.to_string()));
}

//! Stored tables of the 3x3 dots and boxes board (2^24 positions, one byte each before
//! compression), under each rule: writing the solved table (`solve --out` without the solve),
//! re-verifying the file (`verify FILE`: every checksum, every value against its children), and
//! opening the file to probe the empty board and its 24 moves (`probe`, file in the page cache).
//!
//! Before anything is timed the empty board's value read back from the file is asserted: -3 for
//! the first player under both rules. Provenance: the plain C DP `dots_naive.c` among the
//! project's speed baselines (an outside program), `dots_naive 3 3 0` and `dots_naive 3 3 1`
//! (tests/golden/dots-start-values.txt).

use criterion::{Criterion, criterion_group, criterion_main};
use gamesolve::{registry, tables};
use std::hint::black_box;
use table_file::{TableFile, Value};

fn table_3x3(c: &mut Criterion) {
    let mut group = c.benchmark_group("3x3 table file (2^24 positions)");
    group.sample_size(10);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let target = registry::find_space("dots-and-boxes").expect("registered");
    for rule in ["turn-passes", "move-again"] {
        let game = target.open_words(&format!("rows=3 cols=3 rule={rule}")).expect("a board");
        let file = dir.path().join(format!("{rule}.table"));
        let engine = game.engines()[0];
        let solved = game.solve(engine).expect("solved");
        let header = workbench::solve::header(game.as_ref(), engine, solved.encoding(), "bench");
        let write = || table_file::write_table(&file, &header, &|i| solved.value(i), true, &|_, _| {});
        write().expect("written");
        assert_eq!(TableFile::open(&file).expect("a table").value(0), Ok(Value::Score(-3)), "{rule}");
        group.bench_function(format!("write {rule}"), |b| b.iter(|| write().expect("written")));
        group.bench_function(format!("verify {rule}"), |b| {
            b.iter(|| tables::verify_file(black_box(&file), &|_, _, _| {}).expect("verified"))
        });
        group.bench_function(format!("open and probe the empty board {rule}"), |b| {
            b.iter(|| tables::probe(black_box(&file), "empty", None).expect("probed"))
        });
    }
    group.finish();
}

criterion_group!(benches, table_3x3);
criterion_main!(benches);

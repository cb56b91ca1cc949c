//! The full table of the endgame (14,420 positions) with each retrograde engine. The answer is
//! asserted before anything is timed, so `cargo test --benches` checks it: every engine gives
//! the same table, and over the 14,256 judge positions the verdicts are distributed exactly as
//! the seed's accepted C++ solution says.

use criterion::{Criterion, criterion_group, criterion_main};
use solver_core::{OutcomeTable, RetrogradeEngine, StateId, StateSpace};
use std::hint::black_box;
use xiangqi::{Endgame, Position, Verdict};

/// How many of the 14,256 judge positions (Horse on the board, either side to move) Bob wins in
/// 1, 2, ..., 16 plies, then how many are "Lucky guy!". Provenance: the accepted C++ of seed
/// document 004 (HDU 5897 The Game), g++ -O2, answered all 14,256 inputs (the input
/// `tests/integration/judge.rs` writes with `XIANGQI_WRITE_INPUT`, see its doc comment), its output lines
/// counted with `sort | uniq -c`.
const SEED_HISTOGRAM: [usize; 17] =
    [2538, 102, 540, 240, 676, 564, 1093, 773, 1020, 1369, 963, 1200, 289, 530, 9, 28, 2322];

fn histogram(game: &Endgame, table: &OutcomeTable) -> [usize; 17] {
    let mut counts = [0; 17];
    for id in StateId::all(game.len()) {
        let Position::InPlay { board, to_move } = game.unrank(id) else { continue };
        if board.horse().is_none() {
            continue;
        }
        match Verdict::new(to_move, table.get(id)) {
            Verdict::BobWins { plies } => counts[plies as usize - 1] += 1,
            Verdict::AliceWins { .. } | Verdict::Endless => counts[16] += 1,
        }
    }
    counts
}

fn full_table(c: &mut Criterion) {
    let game = Endgame::new();
    let reference = RetrogradeEngine::ReverseGraph.solve(&game).expect("fits");
    solver_core::verify::verify_outcomes(&game, &reference).expect("the verifier accepts the table");
    assert_eq!(histogram(&game, &reference), SEED_HISTOGRAM);
    let mut group = c.benchmark_group("xiangqi full table");
    for engine in RetrogradeEngine::ALL {
        assert!(engine.solve(&game).expect("fits") == reference, "{} disagrees", engine.name());
        group.bench_function(engine.name(), |b| b.iter(|| engine.solve(black_box(&game))));
    }
    group.finish();
}

criterion_group!(benches, full_table);
criterion_main!(benches);

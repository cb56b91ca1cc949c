//! Dots and boxes' forward searches side by side on the same positions, with the whole-board
//! table beside them where there is one:
//! - 3x3 with the extra move, from the empty board: solver-core's exact engines (alpha-beta,
//!   bisection, MTD(f)) and the weak one through [`DotsSearch`], against the tiered table
//!   ([`solve_board`], without and with the board's symmetries), whose start value each
//!   search must give first;
//! - 4x4 with the extra move (40 lines, past any table): 8 seeded positions with 16 lines
//!   drawn, where full-window alpha-beta and MTD(f), two drivers that share only the game,
//!   must agree on every value before anything is timed.
//!
//! The positions each engine visits are printed next to the times, so `cargo test --benches`
//! (CI) checks the answers and shows the node counts. Proof-number search and df-pn are left
//! out: on 3x3 the first fills a 192 MiB graph before its proof is done and the second takes
//! 5.5 million nodes, about a second (`--example search_start -- 3 3 move-again`), too slow to
//! repeat here.
//!
//! ```sh
//! cargo bench -p dots-and-boxes --bench search -- --warm-up-time 1 --measurement-time 3
//! ```

use criterion::{Criterion, criterion_group, criterion_main};
use dots_and_boxes::search::{DotsSearch, SearchOptions};
use dots_and_boxes::tiers::{Symmetry, solve_board};
use dots_and_boxes::{Board, Rule, WideBoard, WideLines};
use solver_core::graph::SplitMix64;
use solver_core::search::{Answer, Driver, SearchEngine, SearchLimits, SearchValue};
use std::hint::black_box;

/// The engines timed: the exact drivers and the weak search.
const ENGINES: [SearchEngine; 4] = [
    SearchEngine::AlphaBeta(Driver::FullWindow),
    SearchEngine::AlphaBeta(Driver::Bisection),
    SearchEngine::AlphaBeta(Driver::Mtdf),
    SearchEngine::WeakAlphaBeta,
];

fn limits() -> SearchLimits {
    SearchLimits { tt_bytes: 32 << 20, ..SearchLimits::default() }
}

/// `count` positions of `board` with `drawn` distinct lines drawn at random from `seed`.
fn seeded_positions(board: WideBoard, drawn: usize, count: usize, seed: u64) -> Vec<WideLines> {
    let mut random = SplitMix64(seed);
    (0..count)
        .map(|_| {
            let mut lines: WideLines = 0;
            while (lines.count_ones() as usize) < drawn {
                lines |= 1 << random.below(board.lines() as u64);
            }
            lines
        })
        .collect()
}

/// Runs `engine` on every position, checking each answer against `expected` (a score), and
/// returns the positions visited in all.
fn visit(game: &DotsSearch, engine: SearchEngine, positions: &[WideLines], expected: &[i64]) -> u64 {
    positions
        .iter()
        .zip(expected)
        .map(|(position, &score)| {
            let found = engine.run(game, position, &limits()).expect("within the limits");
            assert!(
                found.answer.agrees_with_score(score),
                "{} at {}: {}, expected {score}",
                engine.name(),
                game.describe(position),
                found.answer
            );
            found.stats.nodes
        })
        .sum()
}

fn search(c: &mut Criterion) {
    // 3x3 from the empty board, the table's value first.
    let board = Board::new(3, 3).expect("a 3x3 board");
    let start = i64::from(solve_board(board, Rule::MoveAgain, Symmetry::Board).expect("16 MiB").value(0));
    let game = DotsSearch::new(3, 3, Rule::MoveAgain).expect("24 lines");
    let (positions, expected) = (vec![game.empty()], vec![start]);
    let mut group = c.benchmark_group("dots and boxes 3x3 move-again, from the empty board");
    group.sample_size(10);
    for engine in ENGINES {
        eprintln!("3x3 {:<12} {:>10} positions visited", engine.name(), visit(&game, engine, &positions, &expected));
        group.bench_function(engine.name(), |b| b.iter(|| visit(&game, black_box(engine), &positions, &expected)));
    }
    for symmetry in Symmetry::ALL {
        group.bench_function(format!("table {symmetry:?}"), |b| {
            b.iter(|| solve_board(board, Rule::MoveAgain, black_box(symmetry)).expect("16 MiB").value(0))
        });
    }
    group.finish();

    // 4x4 midgames: two drivers agree first.
    let game = DotsSearch::on(WideBoard::new(4, 4).expect("40 lines"), Rule::MoveAgain, SearchOptions::default());
    let positions = seeded_positions(game.board(), 16, 8, 44);
    let values: Vec<i64> = positions
        .iter()
        .map(|position| {
            let full = SearchEngine::AlphaBeta(Driver::FullWindow).run(&game, position, &limits()).expect("in limits");
            let mtdf = SearchEngine::AlphaBeta(Driver::Mtdf).run(&game, position, &limits()).expect("in limits");
            assert_eq!(full.answer, mtdf.answer, "at {}", game.describe(position));
            match full.answer {
                Answer::Exact(SearchValue::Score(score)) => score,
                other => panic!("at {}: {other} is not a score", game.describe(position)),
            }
        })
        .collect();
    let mut group = c.benchmark_group("dots and boxes 4x4 move-again, 8 positions with 16 lines drawn");
    group.sample_size(10);
    for engine in ENGINES {
        eprintln!("4x4 {:<12} {:>10} positions visited", engine.name(), visit(&game, engine, &positions, &values));
        group.bench_function(engine.name(), |b| b.iter(|| visit(&game, black_box(engine), &positions, &values)));
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);

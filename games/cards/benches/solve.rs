//! The whole table of each judge size, by the game's own two solvers and solver-core's three
//! retrograde engines. Answers are asserted before anything is timed (`cargo test --benches`
//! checks them): the engines agree, the verifier accepts the table, and the counts match the
//! seeds' accepted solutions. Provenance: the accepted C++ of seed document 000 (Codeforces 919F
//! A Game With Numbers) and of seed document 001 (childhood, 童年), each g++ -O2, answered the
//! inputs that tests/integration/rules.rs writes with `CARDS_SEED_INPUTS=<dir>` (every cf919f situation made
//! of two sorted hands, every childhood situation); its tests
//! `cf919f_table_counts_match_the_accepted_solution` and
//! `childhood_counts_match_the_accepted_solution` say how to rerun the seeds on them.

use cards::{Cards, CardsSolver, solve_by_hand_tables, solve_by_symmetry};
use criterion::{Criterion, criterion_group, criterion_main};
use solver_core::verify::verify_outcomes;
use solver_core::{OutcomeKind, OutcomeTable, RetrogradeEngine, StateId, StateSpace};
use std::hint::black_box;

fn agreed_table(game: &Cards) -> OutcomeTable {
    let table = solve_by_symmetry(game).expect("fits");
    assert!(solve_by_hand_tables(game).expect("fits") == table, "hand-tables disagrees with symmetry");
    for engine in RetrogradeEngine::ALL {
        assert!(engine.solve(game).expect("fits") == table, "{} disagrees with symmetry", engine.name());
    }
    verify_outcomes(game, &table).expect("the verifier accepts the table");
    table
}

fn tables(c: &mut Criterion) {
    for (k, m) in [(8, 5), (2, 10)] {
        let game = Cards::new(k, m).expect("a valid size");
        let table = agreed_table(&game);
        let counts = table.counts();
        if (k, m) == (8, 5) {
            // Wins with a non-zero mover plus losses, and draws: the seed's Alice and Deal counts halved.
            assert_eq!((counts.wins - 495 + counts.losses, counts.draws), (195_476, 49_054), "{counts}");
        } else {
            // The childhood seed answers all 10^4 situations (A first, hands in every order)
            // with 1,435 "1", 517 "2", 8,048 "0". A position stands for as many situations as
            // its hands have orderings.
            let mut weighted = [0u64; 3];
            for id in StateId::all(game.len()) {
                let p = game.unrank(id);
                let slot = match table.get(id).kind() {
                    OutcomeKind::Win => 0,
                    OutcomeKind::Loss => 1,
                    _ => 2,
                };
                weighted[slot] += orderings(p.mover.values()) * orderings(p.opponent.values());
            }
            assert_eq!(weighted, [1_435, 517, 8_048]);
        }
        let mut group = c.benchmark_group(format!("table k={k} m={m}, {} positions", game.hands().len().pow(2)));
        group.sample_size(10);
        for solver in CardsSolver::ALL {
            group.bench_function(solver.name(), |b| b.iter(|| solver.solve(black_box(&game))));
        }
        group.bench_function("symmetry with building the game", |b| {
            b.iter(|| solve_by_symmetry(&Cards::new(black_box(k), m).expect("a valid size")))
        });
        for engine in RetrogradeEngine::ALL {
            group.bench_function(engine.name(), |b| b.iter(|| engine.solve(black_box(&game))));
        }
        group.finish();
    }
}

/// The number of distinct orders of a hand's cards: k! / (c_0! c_1! ...).
fn orderings(sorted: &[u8]) -> u64 {
    let factorial = |n: usize| (1..=n as u64).product::<u64>();
    let repeats: u64 = sorted.chunk_by(|a, b| a == b).map(|run| factorial(run.len())).product();
    factorial(sorted.len()) / repeats
}

criterion_group!(benches, tables);
criterion_main!(benches);

//! The `graph-tokens` space: its vertex notation refuses bad text with a message, the
//! engine gives the values of the Grundy oracle on the rules restated
//! ([`graph_tokens::plain::PlainToken`]) on the same seeded DAG, the notation round-trips, and
//! a stored table passes `verify` until one value is changed.

use graph_tokens::Dag;
use graph_tokens::plain::PlainToken;
use oracle::{Budget, GrundyOracle};
use solver_core::Nimber;
use workbench::solve::{SolvableGame, VerifyFailure, parse_position, stored_in_memory};
use workbench::table_file::{TableFile, Value};

fn open(words: &str) -> Result<Box<dyn SolvableGame>, String> {
    graph_tokens::REGISTRATION.spaces[0].open_words(words)
}

/// `engine`'s table as a file in memory, with position `changed` (if any) given another value.
fn stored(game: &dyn SolvableGame, engine: &str, changed: Option<u64>) -> TableFile {
    let change = |i: u64, value: Value| match value {
        Value::Nimber(n) if Some(i) == changed => Value::Nimber(Nimber(n.0 ^ 1)),
        value => value,
    };
    stored_in_memory(game, engine, change).unwrap()
}

#[test]
fn bad_vertices_are_refused_with_a_message() {
    let game = open("vertices=30 seed=13").unwrap();
    for text in ["", " ", "v1", "-1", "+1", "30", "4294967296", "99999999999999999999999999", "1 2", "#30"] {
        let error = parse_position(game.as_ref(), text).unwrap_err();
        assert!(!error.to_string().is_empty(), "{text:?}");
    }
    assert_eq!(parse_position(game.as_ref(), "29").unwrap(), 29);
    for bad in ["vertices=0", "vertices=10000001", "degree=0", "degree=17", "seed=-1", "edges=3"] {
        assert!(open(bad).is_err(), "{bad}");
    }
}

#[test]
fn the_engine_gives_the_oracles_values_and_the_notation_round_trips() {
    for (vertices, seed) in [(150, 12), (30, 13), (1, 0)] {
        let game = open(&format!("vertices={vertices} degree=4 seed={seed}")).unwrap();
        assert_eq!((game.positions(), game.start()), (vertices, 0));
        let rules = PlainToken { out: Dag::random(vertices as usize, 4, seed).out_lists() };
        let mut oracle = GrundyOracle::new(&rules, Budget::new(1_000));
        assert_eq!(game.engines(), ["grundy", "parallel-grundy"]);
        for engine in game.engines() {
            let solved = game.solve(engine).unwrap();
            for v in 0..vertices {
                let expected = Value::Nimber(oracle.value(&(v as u32)).unwrap());
                assert_eq!(solved.value(v), expected, "{engine}, n={vertices} s={seed}, vertex {v}");
            }
        }
        for v in 0..vertices {
            assert_eq!(game.parse(&game.describe(v)), Ok(v));
            // A move slides the token to a vertex the graph's edges name.
            for m in game.moves(v) {
                assert_eq!(m.name, format!("to {}", m.parts[0]));
                assert!(rules.out[v as usize].contains(&(m.parts[0] as u32)));
            }
        }
    }
}

#[test]
fn a_stored_table_verifies_until_a_value_changes() {
    let game = open("vertices=2000 seed=11").unwrap();
    game.verify(&stored(game.as_ref(), "grundy", None), &|_, _, _| {}).unwrap();
    let failure = game.verify(&stored(game.as_ref(), "grundy", Some(1234)), &|_, _, _| {}).unwrap_err();
    assert!(matches!(failure, VerifyFailure::Violation(_)), "{failure}");
}

//! Connect Four against independent facts: the positions reachable from the empty board
//! counted by an enumeration written here (base-3 codes, four found by walking the grid; no
//! code shared with the crate) and equal to Böck's published counts; the empty boards' values
//! in Tromp's table; the tables against the oracle on plain grids (`verify`'s check); the
//! crate's search against the tables at every position of the small boards; the notation
//! round-tripping and refusing what play cannot reach.
//!
//! Sources: M. Böck, "Strongly solving 7x6 Connect-Four on consumer grade hardware" (arXiv
//! 2507.05267, 2025) and its Connect4-Strong-Solver README, "Unique Position Counts" (positions
//! reachable from the empty board, finished ones included, by width and height); J. Tromp,
//! "John's Connect Four Playground" (the value of the empty board for width + height <= 15:
//! 4x4, width 5 height 4, width 4 height 5 and 5x5 draws, width 6 height 4 a second-player
//! win).

use connect_four::{ConnectFour, ConnectFourSearch, ConnectFourSpace, Position, SPACES, Shape, Status};
use oracle::Budget;
use solver_core::search::{Answer, SearchEngine, SearchLimits, Sign};
use solver_core::{Discovered, Outcome, StateId, StateSpace, solve_with_reverse_graph};
use std::collections::HashSet;
use workbench::check::OracleCheck;

/// The positions reachable from the empty `width` x `height` board, finished ones included,
/// counted on base-3 codes (cell `column * height + row`, 0 empty, 1 first player, 2 second).
fn count_by_enumeration(width: usize, height: usize) -> u64 {
    let cells = width * height;
    let digit = |code: u64, cell: usize| code / 3u64.pow(cell as u32) % 3;
    let four = |code: u64, player: u64| {
        let at = |c: i64, r: i64| {
            (0..width as i64).contains(&c)
                && (0..height as i64).contains(&r)
                && digit(code, (c * height as i64 + r) as usize) == player
        };
        (0..width as i64).any(|c| {
            (0..height as i64).any(|r| {
                [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| (0..4).all(|i| at(c + i * dc, r + i * dr)))
            })
        })
    };
    let mut seen = HashSet::from([0u64]);
    let mut layer = vec![0u64];
    for ply in 0..cells {
        let mover = 1 + (ply % 2) as u64;
        let mut next = Vec::new();
        for &code in &layer {
            if four(code, 3 - mover) {
                continue;
            }
            for column in 0..width {
                if let Some(row) = (0..height).find(|&r| digit(code, column * height + r) == 0) {
                    let child = code + mover * 3u64.pow((column * height + row) as u32);
                    if seen.insert(child) {
                        next.push(child);
                    }
                }
            }
        }
        layer = next;
    }
    seen.len() as u64
}

fn space(width: u32, height: u32) -> ConnectFourSpace {
    ConnectFourSpace::reachable(Shape::new(width, height).unwrap(), connect_four::MOST_POSITIONS).unwrap()
}

/// Böck's counts, (width, height, positions): every board of at most 200,000 positions but
/// the trivial ones, and three larger.
const BOECK: &[(u32, u32, u64)] = &[
    (4, 1, 35),
    (7, 1, 750),
    (13, 1, 402_956),
    (3, 2, 116),
    (5, 2, 4_688),
    (7, 2, 189_648),
    (2, 3, 58),
    (3, 3, 869),
    (4, 3, 12_031),
    (5, 3, 158_911),
    (3, 4, 6_000),
    (4, 4, 161_029),
    (3, 5, 38_310),
    (2, 6, 1_571),
    (3, 6, 235_781),
    (2, 13, 2_888_780),
    (4, 5, 1_706_255),
    (5, 4, 3_945_711),
];

#[test]
fn the_7x6_positions_after_each_ply_are_oeis_a212693() {
    // OEIS A212693: positions after n plies on the standard board, finished ones included.
    const A212693: [usize; 10] = [1, 7, 49, 238, 1_120, 4_263, 16_422, 54_859, 184_275, 558_186];
    let shape = Shape::new(7, 6).unwrap();
    let mut layer = vec![Position::empty()];
    for (ply, &count) in A212693.iter().enumerate() {
        assert_eq!(layer.len(), count, "ply {ply}");
        let mut next = HashSet::new();
        for position in layer.iter().filter(|p| p.status(shape) == Status::InPlay) {
            next.extend((0..7).filter(|&c| position.can_play(shape, c)).map(|c| position.play(shape, c)));
        }
        layer = next.into_iter().collect();
    }
}

#[test]
fn the_enumeration_here_gives_boecks_counts() {
    for &(width, height, positions) in BOECK.iter().filter(|b| b.2 <= 200_000) {
        assert_eq!(count_by_enumeration(width as usize, height as usize), positions, "width {width} height {height}");
    }
}

#[test]
fn the_space_is_every_reachable_position() {
    for &(width, height, positions) in BOECK {
        assert_eq!(space(width, height).len() as u64, positions, "width {width} height {height}");
    }
}

#[test]
fn the_space_holds_the_positions_solver_cores_discovery_finds() {
    // The same positions as a space discovered by hashing from the rules, and each ranked
    // back to itself: on every board of Böck's list up to 200,000 positions, and on one
    // column 63 high, whose keys take all 64 bits.
    let boards = BOECK.iter().filter(|b| b.2 <= 200_000).map(|b| (b.0, b.1)).chain([(1, 63)]);
    for (width, height) in boards {
        let shape = Shape::new(width, height).unwrap();
        let dense = space(width, height);
        let discovered = Discovered::loopy(ConnectFour { shape }, [Position::empty()], 200_000).unwrap();
        let mut found: Vec<Position> = StateId::all(discovered.len()).map(|id| discovered.unrank(id)).collect();
        let mut held: Vec<Position> = StateId::all(dense.len()).map(|id| dense.unrank(id)).collect();
        assert!(StateId::all(dense.len()).all(|id| dense.rank(&dense.unrank(id)) == id), "{shape}");
        found.sort_unstable();
        held.sort_unstable();
        assert_eq!(held, found, "{shape}");
    }
}

#[test]
fn only_reachable_positions_rank() {
    let shape = Shape::new(4, 3).unwrap();
    // Four across the bottom for X; a stone after it is never played.
    let won = Position::from_moves(shape, "1122334").unwrap();
    assert_eq!(won.status(shape), Status::Won);
    let dense = space(4, 3);
    assert!(dense.try_rank(&won).is_some());
    assert_eq!(dense.try_rank(&won.play(shape, 3)), None);
    let error = ConnectFourSpace::reachable(shape, 1_000).unwrap_err();
    assert_eq!(error.limit, 1_000);
}

/// Böck's counts of 5x5 and width 6 height 4, the two boards of his table the issue names
/// past 4 million positions, from the space and from the enumeration here: about 15 s and
/// 1.2 GB for the spaces, minutes for the enumeration, so only with `GAMESOLVE_SLOW=1`.
#[test]
fn the_spaces_of_5x5_and_6x4_have_boecks_counts_when_slow() {
    if std::env::var_os("GAMESOLVE_SLOW").is_none() {
        return;
    }
    for (width, height, positions) in [(5, 5, 69_763_700), (6, 4, 94_910_577)] {
        assert_eq!(space(width, height).len() as u64, positions, "width {width} height {height}");
        assert_eq!(count_by_enumeration(width as usize, height as usize), positions, "width {width} height {height}");
    }
}

#[test]
fn the_tables_give_tromps_values_and_agree_with_the_oracle() {
    // Two empty boards of Tromp's table: ties, the board full (width 5 height 4 by search).
    for (width, height) in [(4, 4), (4, 5)] {
        let space = space(width, height);
        let table = solve_with_reverse_graph(&space).unwrap();
        assert_eq!(table.get(space.rank(&Position::empty())), Outcome::Tie(width * height), "{width}x{height}");
    }
    // The verified sizes run every engine, the oracle and the search check in the root's
    // tables test; the oracle has to have agreed on the smaller ones, not declined.
    for words in ["width=3 height=3", "width=4 height=3"] {
        let row = SPACES[0].open_words(words).unwrap().check(Budget::new(1_000_000)).unwrap();
        assert!(matches!(row.oracle, OracleCheck::Agreed { .. }), "{words}: {:?}", row.oracle);
    }
}

#[test]
fn the_search_gives_tromps_values_from_the_empty_board() {
    let limits = SearchLimits { tt_bytes: 64 << 20, ..SearchLimits::default() };
    for (width, height, value) in
        [(4, 4, Sign::Tie), (5, 4, Sign::Tie), (4, 5, Sign::Tie), (5, 5, Sign::Tie), (6, 4, Sign::Loss)]
    {
        let game = ConnectFourSearch::new(Shape::new(width, height).unwrap());
        let found = SearchEngine::ALL[3].run(&game, &Position::empty(), &limits).unwrap();
        assert_eq!(found.answer, Answer::Sign(value), "width {width} height {height}");
    }
}

/// Every `stride`-th position of the board by every engine, with and without the mirror,
/// against the table (a tie compared by kind: search gives no remoteness for ties).
fn search_agrees_with_the_table(width: u32, height: u32, stride: usize) {
    let space = space(width, height);
    let table = solve_with_reverse_graph(&space).unwrap();
    let shape = Shape::new(width, height).unwrap();
    let limits = SearchLimits { tt_bytes: 1 << 16, ..SearchLimits::default() };
    for game in [ConnectFourSearch::new(shape), ConnectFourSearch::new(shape).without_mirror()] {
        for id in StateId::all(space.len()).step_by(stride) {
            let position = space.unrank(id);
            for engine in SearchEngine::ALL {
                let found = engine.run(&game, &position, &limits).unwrap();
                assert!(
                    found.answer.agrees_with_outcome(table.get(id)),
                    "{} after {:?}: {} says {}, the table {}",
                    shape,
                    position.moves(shape),
                    engine.name(),
                    found.answer,
                    table.get(id)
                );
            }
        }
    }
}

#[test]
fn the_search_agrees_with_the_tables_on_every_position_of_the_small_boards() {
    for (width, height) in [(1, 1), (4, 1), (7, 1), (3, 2), (2, 3), (3, 3), (2, 6)] {
        search_agrees_with_the_table(width, height, 1);
    }
}

#[test]
fn the_search_agrees_with_the_tables_on_a_sample_of_the_larger_boards() {
    // A search a position allocates a table and runs 12 engines: every position of 4x3 would
    // take half a minute.
    search_agrees_with_the_table(5, 2, 5);
    search_agrees_with_the_table(4, 3, 13);
    search_agrees_with_the_table(3, 4, 7);
    search_agrees_with_the_table(4, 4, 211);
    search_agrees_with_the_table(5, 3, 199);
}

#[test]
fn every_position_is_written_and_read_back_both_ways() {
    // Every position of 4x3, every 5th of 4x4.
    for (width, height, stride) in [(4, 3, 1), (4, 4, 5)] {
        let shape = Shape::new(width, height).unwrap();
        let space = space(width, height);
        for id in StateId::all(space.len()).step_by(stride) {
            let position = space.unrank(id);
            assert_eq!(Position::from_moves(shape, &position.moves(shape)), Ok(position));
            assert_eq!(connect_four::parse(shape, &position.picture(shape)), Ok(position));
        }
    }
    // Wider than 9: numbers separated by spaces.
    let wide = Shape::new(12, 2).unwrap();
    let position = Position::from_moves(wide, "12 1 10,10").unwrap();
    assert_eq!(position.moves(wide), "10 1 12 10");
    assert_eq!(position.picture(wide), ".........O../O........X.X");
}

#[test]
fn bad_positions_say_what_is_wrong() {
    let shape = Shape::new(7, 6).unwrap();
    let error = |text: &str| connect_four::parse(shape, text).unwrap_err();
    assert!(
        error("4481").contains("at character 3: \"8\" is not a column of this board (1 to 7)"),
        "{}",
        error("4481")
    );
    assert!(error("4404").contains("at character 3"));
    assert!(error("1111111").contains("at character 7: column 1 is full"));
    assert!(error("12121211").contains("at character 8: the game ended with four in a row on move 7"));
    // Two columns whose bottom stones are O: X has no first move.
    assert!(error("......./......./......./......./XX...../OO.....").contains("no game reaches this board"));
    assert!(error("......./......./......./......./O....../.......").contains("floats"));
    assert!(error("......./......./......./......./......./XX.....").contains("X has 2 stones and O 0"));
    assert!(error("......./......./").contains("expected 6 rows"));
    // Four for the player who did not move last, or two fours where the last move made one.
    assert!(error("......./......./......./X....../XXX..../OOOO..X").contains("no game reaches"));
    assert!(Shape::new(8, 8).is_err() && Shape::new(0, 3).is_err() && Shape::new(32, 1).is_ok());
    // Tall boards, whose diagonal steps reach 64 bits: no four from shifting off the word.
    for (width, height, moves) in [(1, 63, "1"), (2, 31, "1 1 2"), (1, 63, "1 1 1 1 1 1 1")] {
        let shape = Shape::new(width, height).unwrap();
        let position = Position::from_moves(shape, moves).unwrap();
        assert_eq!(position.status(shape), Status::InPlay, "{width}x{height} after {moves}");
    }
    let tall = Shape::new(2, 31).unwrap();
    assert_eq!(Position::from_moves(tall, "1 2 1 2 1 2 1").unwrap().status(tall), Status::Won);
    let won = Position::from_moves(shape, "1212121").unwrap();
    assert_eq!(won.status(shape), Status::Won);
}

#[test]
fn the_diagram_has_rows_from_the_top_and_column_numbers_under() {
    // Moves 1, 1, 2, 1 on 4 x 4: X, O, O up column 1 and X in column 2, drawn by hand.
    let picture = |words: &str, moves: &str| {
        let game = SPACES[0].open_words(words).unwrap();
        game.picture(game.parse(moves).unwrap()).unwrap()
    };
    assert_eq!(picture("width=4 height=4", "1121"), ". . . .\nO . . .\nO . . .\nX X . .\n1 2 3 4\n");
    // Past 9 columns every cell is as wide as the column numbers.
    let wide = picture("width=10 height=1", "1");
    assert_eq!(wide, " X  .  .  .  .  .  .  .  .  .\n 1  2  3  4  5  6  7  8  9 10\n");
}

//! Forward search on wide boards ([`DotsSearch`]) against the crate's whole-space tables
//! (`score_table` on [`DotsAndBoxes`], itself checked against the naive oracle in `engine.rs`):
//! - every pruning rule, and the key (symmetry and corners), at EVERY position of every board
//!   up to 3x3 (and 1x4, 4x1) under both rules, by the table's values of the position and its
//!   children: the moves listed always hold a best one, and the key's position has the same
//!   value (3x3: 2^24 positions a rule, with all rules on and each rule that prunes moves off
//!   alone);
//! - the same at every position after 8 seeded random 3x4 starts a rule (14 to 16 lines drawn:
//!   about 400,000 positions a rule), against `score_table` on `DotsAndBoxes::from_position`;
//! - the search itself, alpha-beta with the full window (every engine at every 13th position
//!   searched): every position of the boards up to 2x2 and 1x4, every 11th of 2x3 and 3x2
//!   (11,916 a rule); 2,000 seeded random 3x3 positions a rule (10 to 24 lines drawn); 200
//!   seeded 3x4 positions a rule with at least 14 lines drawn, each engine in turn; every
//!   technique switched off alone (and all together) at every position of 2x2; the empty 3x3
//!   board; with `GAMESOLVE_SLOW=1`, the empty 4x4 board against Wilson's published tie.
//!
//! A search costs a thread and a table, and a random 3x3 position up to milliseconds, so the
//! search runs on samples; the pruning rules, the only way the search could differ from the
//! table, are checked exhaustively above.

use dots_and_boxes::search::{DotsSearch, SearchOptions, Technique};
use dots_and_boxes::{Board, DotsAndBoxes, Lines, Rule, WideBoard, WideBoardError};
use solver_core::search::{Driver, SearchEngine, SearchGame, SearchLimits};
use solver_core::{StateSpace, score_table};

/// A small seeded generator (splitmix64): the samples are the same on every run.
struct Seeded(u64);

impl Seeded {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A random set of `drawn` of the first `lines` lines.
    fn lines(&mut self, lines: usize, drawn: usize) -> u64 {
        let mut order: Vec<usize> = (0..lines).collect();
        for i in (1..lines).rev() {
            order.swap(i, (self.next() % (i as u64 + 1)) as usize);
        }
        order[..drawn].iter().fold(0, |m, &e| m | 1 << e)
    }
}

fn limits() -> SearchLimits {
    SearchLimits { tt_bytes: 1 << 18, ..SearchLimits::default() }
}

fn game(rows: usize, cols: usize, rule: Rule, options: SearchOptions) -> DotsSearch {
    DotsSearch::on(WideBoard::new(rows, cols).unwrap(), rule, options)
}

fn table(rows: usize, cols: usize, rule: Rule) -> Vec<i8> {
    score_table::<i8, _>(&DotsAndBoxes::new(Board::new(rows, cols).unwrap(), rule)).unwrap()
}

/// The moves `game` lists at `lines` hold a best move, by the values `value` gives the position
/// and its children; they are free lines, and some are listed unless the board is full; each is
/// worth, as played (with the captures played within it), what its line alone is worth; the
/// key, with `check_key`, is a position of equal value (an image under a symmetry, corners
/// packed).
fn check_moves(game: &DotsSearch, lines: u64, moves: &mut Vec<u8>, value: &dyn Fn(u64) -> i64, check_key: bool) {
    moves.clear();
    game.moves(&lines, moves);
    let board = game.board();
    let full = board.all_lines();
    assert_eq!(moves.is_empty(), lines == full, "{:?} at {}", game, game.describe(&lines));
    let mut best = i64::MIN;
    for &e in moves.iter() {
        assert_eq!(lines >> e & 1, 0, "line {e} is drawn");
        let played = game.play(&lines, e);
        let child = value(played.position);
        let worth = played.gain + if played.again { child } else { -child };
        // The line alone, by the rules: the boxes it closes, then the same player again under
        // move-again, else the other.
        let after = lines | 1 << e;
        let closed = (0..board.boxes())
            .map(|b| board.box_lines(b).iter().fold(0u64, |m, &l| m | 1 << l))
            .filter(|&m| after & m == m && lines & m != m)
            .count() as i64;
        let alone = closed + if closed > 0 && game.rule() == Rule::MoveAgain { value(after) } else { -value(after) };
        assert_eq!(worth, alone, "{:?}: {} at {}", game.options(), game.describe_move(e), game.describe(&lines));
        best = best.max(worth);
    }
    if lines != full {
        assert_eq!(
            best,
            value(lines),
            "{}x{} {} {:?}: the moves {:?} at {} miss the best",
            game.board().rows(),
            game.board().cols(),
            game.rule().name(),
            game.options(),
            moves.iter().map(|&e| game.describe_move(e)).collect::<Vec<_>>(),
            game.describe(&lines)
        );
    }
    let key = game.key(&lines).unwrap();
    assert!(key <= u128::from(full), "a key is a set of lines");
    if check_key {
        assert_eq!(value(key as u64), value(lines), "{:?}: the key of {}", game.options(), game.describe(&lines));
    }
}

/// The option sets whose move lists or moves differ: all on, and each rule that prunes moves
/// off alone (under turn-passes only the corners prune: the other rules need the extra move).
fn pruning_variants(rule: Rule) -> Vec<SearchOptions> {
    let all = SearchOptions::default();
    let pruning: &[Technique] = match rule {
        Rule::TurnPasses => &[Technique::Corners],
        Rule::MoveAgain => {
            &[Technique::Corners, Technique::ChainRule, Technique::SafeCaptures, Technique::CapturesInMove]
        }
    };
    pruning.iter().map(|&t| all.without(t)).chain([all]).collect()
}

#[test]
fn every_pruning_rule_keeps_a_best_move_at_every_position_up_to_3x3() {
    let boards = [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (1, 4), (4, 1), (2, 2), (2, 3), (3, 2), (3, 3)];
    let mut moves = Vec::new();
    for (rows, cols) in boards {
        for rule in Rule::ALL {
            let values = table(rows, cols, rule);
            let value = |lines: u64| i64::from(values[lines as usize]);
            for options in pruning_variants(rule) {
                let game = game(rows, cols, rule, options);
                for lines in 0..values.len() as u64 {
                    check_moves(&game, lines, &mut moves, &value, true);
                }
            }
        }
    }
}

#[test]
fn every_pruning_rule_keeps_a_best_move_after_seeded_3x4_starts() {
    let board = Board::new(3, 4).unwrap();
    let mut rng = Seeded(31);
    let mut moves = Vec::new();
    for rule in Rule::ALL {
        for drawn in [14, 14, 15, 15, 15, 16, 16, 16] {
            let start = rng.lines(board.lines(), drawn) as Lines;
            let space = DotsAndBoxes::from_position(board, rule, start);
            let values = score_table::<i8, _>(&space).unwrap();
            let value = |lines: u64| i64::from(values[space.rank(&(lines as Lines)).index()]);
            for options in pruning_variants(rule) {
                // The key's position may lie outside the sub-space: the check of the key is
                // the 3x3 test's; here only the moves.
                let game = game(3, 4, rule, options);
                for id in solver_core::StateId::all(space.len()) {
                    check_moves(&game, u64::from(space.unrank(id)), &mut moves, &value, false);
                }
            }
        }
    }
}

/// The alpha-beta engines: the samples of the larger boards run these, where the proof-number
/// engines take seconds a position (on the empty 3x3 board df-pn visits 30 million positions);
/// those run on the smaller boards here, and on samples of every board up to 3x3 in `verify`'s
/// check of the game's own search.
const ALPHA_BETA: [SearchEngine; 4] = [
    SearchEngine::AlphaBeta(Driver::FullWindow),
    SearchEngine::AlphaBeta(Driver::Bisection),
    SearchEngine::AlphaBeta(Driver::Mtdf),
    SearchEngine::WeakAlphaBeta,
];

/// Alpha-beta at every `stride`-th position of the board, and every engine at every 13th of
/// those (the alpha-beta ones past 4 boxes), against the table.
fn search_positions(rows: usize, cols: usize, rule: Rule, options: SearchOptions, stride: usize) {
    let values = table(rows, cols, rule);
    let game = game(rows, cols, rule, options);
    // Every engine up to 4 boxes; past them the proof-number engines take too long a position.
    let every: &[SearchEngine] = if rows * cols <= 4 { &SearchEngine::ALL } else { &ALPHA_BETA };
    for (i, (lines, &expected)) in values.iter().enumerate().step_by(stride).enumerate() {
        let engines: &[SearchEngine] = if i % 13 == 0 { every } else { &[SearchEngine::AlphaBeta(Driver::FullWindow)] };
        for &engine in engines {
            let found = engine.run(&game, &(lines as u64), &limits()).unwrap();
            assert!(
                found.answer.agrees_with_score(i64::from(expected)),
                "{rows}x{cols} {} {options:?} {}: {} says {}, the table {expected}",
                rule.name(),
                game.describe(&(lines as u64)),
                engine.name(),
                found.answer
            );
        }
    }
}

#[test]
fn the_search_equals_the_table_at_every_position_up_to_2x2_and_a_sample_of_2x3() {
    for (rows, cols) in [(1, 1), (1, 2), (2, 1), (1, 3), (1, 4), (2, 2), (2, 3), (3, 2)] {
        let stride = if rows * cols == 6 { 11 } else { 1 };
        for rule in Rule::ALL {
            search_positions(rows, cols, rule, SearchOptions::default(), stride);
        }
    }
}

#[test]
fn each_technique_off_alone_keeps_the_values_of_every_2x2_position() {
    let none = Technique::ALL.iter().fold(SearchOptions::default(), |o, &t| o.without(t));
    for rule in Rule::ALL {
        for technique in Technique::ALL {
            search_positions(2, 2, rule, SearchOptions::default().without(technique), 1);
        }
        search_positions(2, 2, rule, none, 1);
    }
}

#[test]
fn seeded_3x3_positions_equal_the_table() {
    let mut rng = Seeded(33);
    for rule in Rule::ALL {
        let values = table(3, 3, rule);
        let game = game(3, 3, rule, SearchOptions::default());
        for i in 0..2_000 {
            let drawn = 10 + (rng.next() % 15) as usize;
            let lines = rng.lines(24, drawn);
            let expected = i64::from(values[lines as usize]);
            let engines: &[SearchEngine] =
                if i % 13 == 0 { &ALPHA_BETA } else { &[SearchEngine::AlphaBeta(Driver::FullWindow)] };
            for &engine in engines {
                let found = engine.run(&game, &lines, &limits()).unwrap();
                assert!(
                    found.answer.agrees_with_score(expected),
                    "3x3 {} {}: {} says {}, the table {expected}",
                    rule.name(),
                    game.describe(&lines),
                    engine.name(),
                    found.answer
                );
            }
        }
    }
}

#[test]
fn seeded_3x4_positions_equal_their_tables() {
    let board = Board::new(3, 4).unwrap();
    let mut rng = Seeded(34);
    for rule in Rule::ALL {
        let game = game(3, 4, rule, SearchOptions::default());
        for i in 0..200 {
            let drawn = 14 + (rng.next() % 18) as usize;
            let lines = rng.lines(board.lines(), drawn);
            let space = DotsAndBoxes::from_position(board, rule, lines as Lines);
            let expected = i64::from(score_table::<i8, _>(&space).unwrap()[0]);
            let engine = ALPHA_BETA[i % ALPHA_BETA.len()];
            let found = engine.run(&game, &lines, &limits()).unwrap();
            assert!(
                found.answer.agrees_with_score(expected),
                "3x4 {} {}: {} says {}, the table {expected}",
                rule.name(),
                game.describe(&lines),
                engine.name(),
                found.answer
            );
        }
    }
}

#[test]
fn the_empty_3x3_board_by_every_engine() {
    for rule in Rule::ALL {
        let expected = i64::from(table(3, 3, rule)[0]);
        let game = DotsSearch::new(3, 3, rule).unwrap();
        let limits = SearchLimits { tt_bytes: 16 << 20, ..SearchLimits::default() };
        // Under turn-passes only the symmetries and the corners prune: the cheaper two engines
        // there. The proof-number engines are left to the samples: on this board df-pn visits
        // 5.5 million positions with the extra move (about a second) and 129 million under
        // turn-passes, and proof-number search fills its graph (SEARCH.md).
        let engines: Vec<SearchEngine> = match rule {
            Rule::MoveAgain => ALPHA_BETA.to_vec(),
            Rule::TurnPasses => vec![SearchEngine::AlphaBeta(Driver::Mtdf), SearchEngine::WeakAlphaBeta],
        };
        for engine in engines {
            let found = engine.run(&game, &game.empty(), &limits).unwrap();
            assert!(found.answer.agrees_with_score(expected), "{} {}: {}", rule.name(), engine.name(), found.answer);
        }
    }
}

/// The empty 4x4 board with the extra move, past any table here, is a tie: David Wilson's
/// published analysis (wilson.engr.wisc.edu/boxes/results.shtml: "with best play, the game is
/// tied"). About three minutes on two threads with an 8 GiB table (SEARCH.md), so only with
/// `GAMESOLVE_SLOW=1`.
#[test]
fn the_empty_4x4_board_is_a_tie_when_slow() {
    if std::env::var_os("GAMESOLVE_SLOW").is_none() {
        return;
    }
    let game = DotsSearch::new(4, 4, Rule::MoveAgain).unwrap();
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let limits = SearchLimits { tt_bytes: 8 << 30, threads, ..SearchLimits::default() };
    let found = SearchEngine::AlphaBeta(Driver::Mtdf).run(&game, &game.empty(), &limits).unwrap();
    assert!(found.answer.agrees_with_score(0), "the empty 4x4 board: {}", found.answer);
}

#[test]
fn boards_past_64_lines_are_refused_and_positions_read_back() {
    assert_eq!(
        DotsSearch::new(5, 6, Rule::MoveAgain).unwrap_err(),
        WideBoardError::TooLarge { rows: 5, cols: 6, lines: 71 }
    );
    assert!(DotsSearch::new(0, 4, Rule::MoveAgain).is_err());
    let message = DotsSearch::new(6, 6, Rule::TurnPasses).unwrap_err().to_string();
    assert!(message.contains("84 lines") && message.contains("at most 64"), "{message}");
    let game = DotsSearch::new(5, 5, Rule::MoveAgain).unwrap();
    let mut rng = Seeded(55);
    for drawn in [0, 1, 17, 59, 60] {
        let lines = rng.lines(60, drawn);
        assert_eq!(game.parse(&game.describe(&lines)), Ok(lines));
    }
    assert_eq!(game.describe(&0), "empty");
    assert_eq!(game.describe_move(0), "1-2");
    assert!(game.parse("1-8").is_err(), "1 and 8 are not neighbours on 5x5 (6 dots a row)");
    // The whole-space notation is the same on a board of at most 31 lines.
    let board = Board::new(3, 3).unwrap();
    let small = DotsSearch::new(3, 3, Rule::TurnPasses).unwrap();
    assert_eq!(small.parse("5-9 1-2"), Ok(1 << board.line_between_numbers(5, 9).unwrap() | 1));
}

//! The Nim family as `gamesolve solve`, `probe`, `diff` and `verify FILE` see it:
//!
//! - `northcott rows=R cols=C` (the stats target's parameters): the real board, every retrograde
//!   engine. A position is its rows as in HDU 1730's input, each `T J` (the columns of Tom's
//!   and Jerry's pieces), then who is to move: `4 5, 1 2; Tom to move`. A move is named as
//!   `explain` names it: `row 2: Tom's piece from column 1 to column 3`. The start: every Tom
//!   piece in column 1, every Jerry piece in the last column, Tom to move.
//! - `subtraction take=SET heap=N`: heaps `0..=N` of a subtraction game, the start the heap of
//!   `N`; the Grundy engine, and for Nim (`take=any`) and Bash's game (`take=1..L`) the closed
//!   forms as the engine `formula`. A position is its number of stones (`7`), a move `take 3`.

use crate::northcott::{BoardState, NorthcottBoard, Player, Row};
use crate::{MAX_HEAP, SubtractionGame, bounded_value, nim_value};
use solver_core::Nimber;
use testkit::solve::{Identity, ImpartialGame, LoopyGame, Notation, SolveTarget};

/// The largest heap `subtraction` takes: 4 bytes of table a heap, 400 MB at most.
const MAX_SOLVED_HEAP: u32 = 100_000_000;

/// `northcott rows=R cols=C` and `subtraction take=SET heap=N`.
pub const SOLVE_TARGETS: &[SolveTarget] = &[
    SolveTarget {
        name: "northcott",
        params: "rows=2 (1..=8) cols=7 (2..=100): the real board, each player moving his own pieces both ways, \
                 starting with Tom's pieces in column 1 and Jerry's in the last, Tom to move",
        open: |params| {
            let rows = params.number("rows", 2usize, 1..=8)?;
            let cols = params.number("cols", 7u32, 2..=100)?;
            let variant = "Northcott's game on the real board: a player slides one of his own pieces along \
                           its row either way, never over the other piece; a player without a move loses; \
                           the first position's player is Tom";
            let identity = Identity::new("northcott", params, variant);
            let board = NorthcottBoard::new(rows, cols).map_err(|e| e.to_string())?;
            let start = BoardState { rows: vec![Row { tom: 1, jerry: cols }; rows], to_move: Player::Tom };
            let notation =
                Notation::new(describe_board, move |text| parse_board(text, rows, cols)).with_move_names(name_slide);
            Ok(Box::new(LoopyGame::with_unmoves(identity, board, &start, notation)))
        },
        golden: &["rows=2 cols=7", "rows=3 cols=6"],
    },
    SolveTarget {
        name: "subtraction",
        params: "take=1,3,4 (sizes and ranges a..b; `any` for Nim) heap=1000 (0..=100000000): \
                 a subtraction game on heaps 0..=heap, starting from the largest",
        open: |params| {
            let take = params.text("take", "1,3,4");
            let heap = params.number("heap", 1000u32, 0..=MAX_SOLVED_HEAP)?;
            let variant = "subtraction game: one heap, a move takes a number of stones of the set, \
                           a player without a move loses";
            let identity = Identity::new("subtraction", params, variant);
            let (game, formula) = subtraction_game(&take, heap)?;
            let notation = Notation::new(|h: &u32| h.to_string(), move |text| parse_heap(text, heap))
                .with_move_names(|from, to| format!("take {}", from - to));
            let game = ImpartialGame::new(identity, game, &heap, notation);
            Ok(Box::new(match formula {
                Some(formula) => game.with_engine("formula", move |g: &SubtractionGame| {
                    Ok((0..=g.max_heap()).map(|h| formula.value(h)).collect())
                }),
                None => game,
            }))
        },
        golden: &["take=any heap=2000", "take=1..20 heap=100000", "take=2,5,7 heap=100000"],
    },
];

/// The most moves the Grundy engine may look at (heaps times sizes taken): about a minute.
/// Nim takes any number, so its table grows with the square of the heap.
const MAX_MOVES_LOOKED_AT: u64 = 3_000_000_000;

/// A closed form of every heap's value.
#[derive(Debug, Clone, Copy)]
enum Formula {
    /// Nim: [`nim_value`].
    Nim,
    /// Bash's game taking `1..=most`: [`bounded_value`].
    Bash(u32),
}

impl Formula {
    fn value(self, heap: u32) -> Nimber {
        match self {
            Formula::Nim => nim_value(heap),
            Formula::Bash(most) => bounded_value(heap, most),
        }
    }
}

/// The game of `take` on heaps `0..=heap`, with the closed form of its values where it has one.
fn subtraction_game(take: &str, heap: u32) -> Result<(SubtractionGame, Option<Formula>), String> {
    let within_budget = |game: SubtractionGame| {
        let moves = u64::from(heap) * game.takes().len() as u64;
        if moves > MAX_MOVES_LOOKED_AT {
            return Err(format!(
                "heaps up to {heap} with {} sizes to take make {moves} moves for the Grundy table; \
                 at most {MAX_MOVES_LOOKED_AT}: give a smaller heap",
                game.takes().len()
            ));
        }
        Ok(game)
    };
    if take.trim() == "any" {
        let game = within_budget(SubtractionGame::nim(heap).map_err(|e| e.to_string())?)?;
        return Ok((game, Some(Formula::Nim)));
    }
    let mut sizes: Vec<u32> = Vec::new();
    for item in take.split(',').map(str::trim) {
        let number = |word: &str| -> Result<u32, String> {
            word.parse::<u32>().ok().filter(|&n| n >= 1 && word.bytes().all(|b| b.is_ascii_digit())).ok_or_else(|| {
                format!(
                    "take must be `any` or sizes 1..={MAX_HEAP} and ranges a..b, separated by commas, found `{word}`"
                )
            })
        };
        match item.split_once("..") {
            Some((low, high)) => {
                let (low, high) = (number(low)?, number(high)?);
                if low > high {
                    return Err(format!("take: the range {item} is empty"));
                }
                // Sizes above the largest heap can never be taken: only those up to it are kept.
                sizes.extend(low..=high.min(heap));
            }
            None => sizes.push(number(item)?),
        }
    }
    let game = within_budget(SubtractionGame::new(sizes, heap).map_err(|e| e.to_string())?)?;
    // Taking 1..=L of the sizes that fit the largest heap is Bash's game.
    let bash = game.takes().iter().enumerate().all(|(i, &k)| k as usize == i + 1);
    let formula = bash.then(|| Formula::Bash(game.takes().len() as u32));
    Ok((game, formula))
}

/// A heap `0..=max` written as its number of stones.
fn parse_heap(text: &str, max: u32) -> Result<u32, String> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("expected a heap, a number of stones 0..={max}, found `{text}`"));
    }
    text.parse::<u32>()
        .ok()
        .filter(|&h| h <= max)
        .ok_or_else(|| format!("a heap of {text} stones is not in the space 0..={max}"))
}

/// `4 5, 1 2; Tom to move`.
fn describe_board(state: &BoardState) -> String {
    let rows: Vec<String> = state.rows.iter().map(|r| format!("{} {}", r.tom, r.jerry)).collect();
    format!("{}; {} to move", rows.join(", "), player_name(state.to_move))
}

fn player_name(player: Player) -> &'static str {
    match player {
        Player::Tom => "Tom",
        Player::Jerry => "Jerry",
    }
}

/// What [`describe_board`] writes, for a board of `rows` rows of `cols` columns.
fn parse_board(text: &str, rows: usize, cols: u32) -> Result<BoardState, String> {
    let shape = || {
        format!(
            "expected {rows} rows `T J` (Tom's and Jerry's columns 1..={cols}) separated by commas, \
             then `; Tom to move` or `; Jerry to move`, found `{}`",
            text.trim()
        )
    };
    let (placed, turn) = text.split_once(';').ok_or_else(shape)?;
    let to_move = match turn.split_whitespace().collect::<Vec<_>>()[..] {
        ["Tom", "to", "move"] => Player::Tom,
        ["Jerry", "to", "move"] => Player::Jerry,
        _ => return Err(shape()),
    };
    let mut parsed = Vec::with_capacity(rows);
    for (i, row) in placed.split(',').enumerate() {
        if i == rows {
            return Err(format!("the board has {rows} rows, but more are given"));
        }
        let column = |word: &str, whose: &str| -> Result<u32, String> {
            word.parse::<u32>()
                .ok()
                .filter(|&c| (1..=cols).contains(&c) && word.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| format!("row {}: {whose} column must be 1..={cols}, found `{word}`", i + 1))
        };
        let [tom, jerry] = row.split_whitespace().collect::<Vec<_>>()[..] else {
            return Err(format!("row {}: expected `T J`, two columns, found `{}`", i + 1, row.trim()));
        };
        let (tom, jerry) = (column(tom, "Tom's")?, column(jerry, "Jerry's")?);
        if tom == jerry {
            return Err(format!("row {}: both pieces on column {tom}", i + 1));
        }
        parsed.push(Row { tom, jerry });
    }
    if parsed.len() != rows {
        return Err(format!("the board has {rows} rows, but {} are given", parsed.len()));
    }
    Ok(BoardState { rows: parsed, to_move })
}

/// `row 2: Tom's piece from column 1 to column 3`, as `explain` writes a move.
fn name_slide(from: &BoardState, to: &BoardState) -> String {
    let mover = from.to_move;
    match from.rows.iter().zip(&to.rows).position(|(a, b)| a != b) {
        Some(i) => format!(
            "row {}: {}'s piece from column {} to column {}",
            i + 1,
            player_name(mover),
            from.rows[i].of(mover),
            to.rows[i].of(mover)
        ),
        None => format!("to {}", describe_board(to)),
    }
}

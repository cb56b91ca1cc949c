//! The Nim family as every whole-space command sees it (`gamesolve verify`, `stats`, `solve`,
//! `probe`, `diff`, `verify FILE`):
//!
//! - `subtraction take=SET heap=N`: heaps `0..=N` of a subtraction game, the start the heap of
//!   `N`; the Grundy engines, and for Nim (`take=any`) and Bash's game (`take=1..L`) the closed
//!   forms as the engine `formula`. A position is its number of stones (`7`), a move `take 3`.
//!   `verify` checks every heap with the Grundy oracle on [`PlainHeap`] and, as a law, every sum
//!   of [`SUMMED_HEAPS`] heaps of at most `min(N, 20)` stones searched as one whole position on
//!   [`PlainPiles`] by the oracle's win/loss search, which knows no Grundy theory.
//! - `northcott rows=R cols=C`: the real board, every retrograde engine. A position is its rows
//!   as in HDU 1730's input, each `T J` (the columns of Tom's and Jerry's pieces), then who is
//!   to move: `4 5, 1 2; Tom to move`. A move is named as `explain` names it: `row 2: Tom's
//!   piece from column 1 to column 3`. The start: every Tom piece in column 1, every Jerry piece
//!   in the last column, Tom to move. `verify` checks every position with the oracle on
//!   [`PlainNorthcott`] and, as a law, the Nim reduction: every position is won exactly when
//!   the nim-sum of its gaps ([`nim_sum`]) is not zero, and none is drawn.

use crate::northcott::{BoardState, NorthcottBoard, Player, Row, nim_sum};
use crate::plain::{PlainHeap, PlainNorthcott, PlainPiles, Take};
use crate::{MAX_HEAP, SubtractionGame, bounded_value, nim_value};
use oracle::Budget;
use solver_core::{Nimber, Outcome, OutcomeTable, StateId, StateSpace};
use std::time::Instant;
use workbench::check::{Failure, OracleCheck};
use workbench::family::Engine;
use workbench::solve::{Identity, Notation, SolvableGame};
use workbench::space_game::{ImpartialGame, LoopyGame};
use workbench::target::{Args, Param, SpaceTarget};
use workbench::verify::{LawCheck, sums_as_whole_positions};

/// The largest heap `subtraction` takes: 4 bytes of table a heap, 400 MB at most.
const MAX_SOLVED_HEAP: u32 = 100_000_000;

/// The heaps of a sum `verify` searches as one whole position.
const SUMMED_HEAPS: usize = 3;

/// The most stones of a heap in a sum `verify` searches: the sums of 3 heaps of 0 to 20 stones
/// are C(23, 3) = 1,771 positions, a few milliseconds of the oracle's search whatever the set.
const SUMMED_HEAP: u32 = 20;

/// `subtraction take=SET heap=N` and `northcott rows=R cols=C`.
pub const SPACES: &[SpaceTarget] = &[
    SpaceTarget {
        name: "subtraction",
        about: "one heap of a subtraction game: heaps 0..=heap, starting from the largest",
        params: &[
            Param::text(
                "take",
                "1,3,4",
                check_take,
                "the sizes a move takes: sizes and ranges a..b separated by commas, `any` for Nim",
            ),
            Param::number("heap", "1000", 0, MAX_SOLVED_HEAP as u64, "the largest heap"),
        ],
        open: open_subtraction,
        // Nim's heaps (its table is quadratic), Bash's game and a set on 100,001 heaps, each
        // heap checked by the Grundy oracle; and {1, 3, 4} on heaps up to 20, the largest heap
        // of its sums. At each size the sums of 3 heaps of at most 20 stones are searched too.
        verified: &["take=any heap=2000", "take=1..20 heap=100000", "take=2,5,7 heap=100000", "take=1,3,4 heap=20"],
    },
    SpaceTarget {
        name: "northcott",
        about: "the real Northcott board, each player moving his own pieces both ways, \
                starting with Tom's pieces in column 1 and Jerry's in the last, Tom to move",
        params: &[
            Param::number("rows", "2", 1, 8, "rows of the board, a piece of each player on each"),
            Param::number("cols", "7", 2, 100, "columns of the board, which must have at most 2^30 positions"),
        ],
        open: open_northcott,
        // `stats` takes every board `solve` takes (before, it stopped at 2,000,000 positions,
        // 2x30, for time): an engine whose memory estimate does not fit is refused, not run.
        verified: &["rows=2 cols=7", "rows=3 cols=6"],
    },
];

fn open_subtraction(args: &Args) -> Result<Box<dyn SolvableGame>, String> {
    let take = parse_take(args.text("take"))?;
    let heap: u32 = args.number("heap");
    let variant = "subtraction game: one heap, a move takes a number of stones of the set, \
                   a player without a move loses";
    let identity = Identity::new("subtraction", args, variant);
    let (game, formula) = subtraction_game(&take, heap)?;
    let plain = take.plain(heap);
    let notation = Notation::new(|h: &u32| h.to_string(), move |text| parse_heap(text, heap))
        .with_move_names(|from, to| format!("take {}", from - to));
    let sums = PlainPiles { rules: vec![plain.clone()] };
    let game = ImpartialGame::new(identity, game, &heap, notation)
        .with_oracle(PlainHeap { take: plain }, |h: &u32| *h)
        .with_law("sums", move |game: &SubtractionGame, values: &Vec<Nimber>, budget: Budget| {
            sums_of_heaps(&sums, game.max_heap().min(SUMMED_HEAP), values, budget)
        });
    Ok(Box::new(match formula {
        // A table of 4 bytes a heap, and nothing else.
        Some(formula) => game.with_engine(Engine::new(
            "formula",
            |g: &SubtractionGame| 4 * (u64::from(g.max_heap()) + 1),
            move |g: &SubtractionGame| {
                Ok::<_, std::convert::Infallible>((0..=g.max_heap()).map(|h| formula.value(h)).collect())
            },
        )),
        None => game,
    }))
}

/// The law of sums: every sum of [`SUMMED_HEAPS`] heaps of at most `most` stones, searched as
/// one whole position on `rules`, is won exactly when the xor of its heaps' `values` is not zero.
fn sums_of_heaps(rules: &PlainPiles, most: u32, values: &[Nimber], budget: Budget) -> Result<LawCheck, Failure> {
    let starts = multisets(most, SUMMED_HEAPS).map(|heaps| PlainPiles::state(heaps.into_iter().map(|h| (0, h))));
    let value = |state: &Vec<(usize, u32)>| state.iter().map(|&(_, h)| values[h as usize]).sum::<Nimber>();
    sums_as_whole_positions(&format!("sums of {SUMMED_HEAPS} heaps<={most}"), rules, starts, value, budget)
}

/// Every multiset of `count` heaps of at most `max_heap` stones, as sorted lists.
fn multisets(max_heap: u32, count: usize) -> impl Iterator<Item = Vec<u32>> {
    let mut next = Some(vec![0; count]);
    std::iter::from_fn(move || {
        let current = next.take()?;
        // The next non-decreasing list: raise the last entry that can rise, reset the rest to it.
        let mut following = current.clone();
        if let Some(i) = following.iter().rposition(|&h| h < max_heap) {
            let raised = following[i] + 1;
            following[i..].iter_mut().for_each(|h| *h = raised);
            next = Some(following);
        }
        Some(current)
    })
}

fn open_northcott(args: &Args) -> Result<Box<dyn SolvableGame>, String> {
    let rows: usize = args.number("rows");
    let cols: u32 = args.number("cols");
    let variant = "Northcott's game on the real board: a player slides one of his own pieces along \
                   its row either way, never over the other piece; a player without a move loses; \
                   the first position's player is Tom";
    let identity = Identity::new("northcott", args, variant);
    let board = NorthcottBoard::new(rows, cols).map_err(|e| e.to_string())?;
    let start = BoardState { rows: vec![Row { tom: 1, jerry: cols }; rows], to_move: Player::Tom };
    let notation = Notation::new(describe_board, move |text| parse_board(text, rows, cols)).with_move_names(name_slide);
    let game = LoopyGame::with_unmoves(identity, board, &start, notation)
        .with_oracle(PlainNorthcott { cols }, plain_board)
        .with_law("nim-sum", the_nim_reduction);
    Ok(Box::new(game))
}

/// A position of the dense Northcott board as a position of the plain rules.
pub(crate) fn plain_board(state: &BoardState) -> (Vec<(u32, u32)>, bool) {
    PlainNorthcott::state(state.rows.iter().map(|r| (r.tom, r.jerry)), state.to_move == Player::Tom)
}

/// The law of the Nim reduction: every position of the real board is won exactly when the
/// nim-sum of its rows' gaps is not zero, and none is drawn; a failure at the first position
/// where the table says otherwise.
fn the_nim_reduction(board: &NorthcottBoard, table: &OutcomeTable, _: Budget) -> Result<LawCheck, Failure> {
    let started = Instant::now();
    for id in StateId::all(board.len()) {
        let value = table.get(id);
        let nim_win = nim_sum(&board.unrank(id).rows).is_win();
        if value.remoteness().is_none() || matches!(value, Outcome::Win(_)) != nim_win {
            let nim = if nim_win { "a win" } else { "a loss" };
            return Err(Failure::at(board, id, "the real board", value, "the nim-sum", nim));
        }
    }
    Ok(LawCheck { words: "outcomes = Nim".to_string(), elapsed: started.elapsed(), oracle: OracleCheck::Absent })
}

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

/// What `take=` says: Nim, or sizes and ranges.
#[derive(Debug, Clone, PartialEq, Eq)]
enum TakeWords {
    /// `any`: Nim.
    Any,
    /// Sizes `a` and ranges `a..b`, each as `(a, b)` (`(a, a)` for a size), as written.
    Ranges(Vec<(u32, u32)>),
}

impl TakeWords {
    /// Every size of the set that a heap of at most `heap` stones can give, in the order written.
    fn sizes(&self, heap: u32) -> Vec<u32> {
        match self {
            TakeWords::Any => (1..=heap).collect(),
            // Sizes above the largest heap can never be taken: only those up to it are kept.
            TakeWords::Ranges(ranges) => ranges.iter().flat_map(|&(low, high)| low..=high.min(heap)).collect(),
        }
    }

    /// How many distinct sizes [`TakeWords::sizes`] gives, counted without listing them.
    fn count(&self, heap: u32) -> u64 {
        let mut ranges: Vec<(u32, u32)> = match self {
            TakeWords::Any => vec![(1, heap)],
            TakeWords::Ranges(ranges) => ranges.iter().map(|&(low, high)| (low, high.min(heap))).collect(),
        };
        ranges.retain(|&(low, high)| low <= high);
        ranges.sort_unstable();
        let (mut count, mut covered) = (0u64, 0u32);
        for (low, high) in ranges {
            let low = low.max(covered + 1);
            if low <= high {
                count += u64::from(high - low) + 1;
                covered = high;
            }
        }
        count
    }

    /// The same set as the plain rules' take rule on heaps of at most `heap` stones: `any` is
    /// [`Take::Any`], one range `1..L` is [`Take::AtMost`], the rest [`Take::OneOf`].
    fn plain(&self, heap: u32) -> Take {
        match self {
            TakeWords::Any => Take::Any,
            TakeWords::Ranges(ranges) => match ranges[..] {
                [(1, most)] => Take::AtMost(most),
                _ => Take::OneOf(self.sizes(heap)),
            },
        }
    }
}

/// `take`'s text: `any`, or sizes `1..=MAX_HEAP` and ranges `a..b` (`a <= b`) separated by
/// commas.
fn parse_take(take: &str) -> Result<TakeWords, String> {
    if take.trim() == "any" {
        return Ok(TakeWords::Any);
    }
    let mut ranges = Vec::new();
    for item in take.split(',').map(str::trim) {
        let number = |word: &str| -> Result<u32, String> {
            word.parse::<u32>().ok().filter(|&n| n >= 1 && word.bytes().all(|b| b.is_ascii_digit())).ok_or_else(|| {
                format!("expected `any` or sizes 1..={MAX_HEAP} and ranges a..b, separated by commas, found `{word}`")
            })
        };
        match item.split_once("..") {
            Some((low, high)) => {
                let (low, high) = (number(low)?, number(high)?);
                if low > high {
                    return Err(format!("the range {item} is empty"));
                }
                ranges.push((low, high));
            }
            None => {
                let size = number(item)?;
                ranges.push((size, size));
            }
        }
    }
    Ok(TakeWords::Ranges(ranges))
}

/// Whether `take` is a set [`parse_take`] reads (the parameter's check).
fn check_take(take: &str) -> Result<(), String> {
    parse_take(take).map(drop)
}

/// The game of `take` on heaps `0..=heap`, with the closed form of its values where it has one.
fn subtraction_game(take: &TakeWords, heap: u32) -> Result<(SubtractionGame, Option<Formula>), String> {
    // Counted before the sizes are listed: Nim on the largest heap would list 100 million.
    let sizes = take.count(heap);
    let moves = u64::from(heap) * sizes;
    if moves > MAX_MOVES_LOOKED_AT {
        return Err(format!(
            "heaps up to {heap} with {sizes} sizes to take make {moves} moves for the Grundy table; \
             at most {MAX_MOVES_LOOKED_AT}: give a smaller heap"
        ));
    }
    let game = SubtractionGame::new(take.sizes(heap), heap).map_err(|e| e.to_string())?;
    debug_assert_eq!(game.takes().len() as u64, sizes, "the sizes counted are the sizes listed");
    let formula = match take {
        TakeWords::Any => Formula::Nim,
        // Taking 1..=L of the sizes that fit the largest heap is Bash's game.
        TakeWords::Ranges(_) if game.takes().iter().enumerate().all(|(i, &k)| k as usize == i + 1) => {
            Formula::Bash(game.takes().len() as u32)
        }
        TakeWords::Ranges(_) => return Ok((game, None)),
    };
    Ok((game, Some(formula)))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sizes_counted_are_the_distinct_sizes_listed() {
        for (take, heap) in [
            ("any", 0),
            ("any", 7),
            ("1,3,4", 3),
            ("1..5,3..9,9,20..30", 25),
            ("7,7,7", 6),
            ("2..4,1..2,4..4", 10),
            ("4000000000", 10),
        ] {
            let words = parse_take(take).unwrap();
            let mut sizes = words.sizes(heap);
            sizes.sort_unstable();
            sizes.dedup();
            assert_eq!(words.count(heap), sizes.len() as u64, "take={take} heap={heap}");
        }
    }

    #[test]
    fn the_plain_take_rule_allows_what_the_game_takes() {
        for (take, heap) in [("any", 9), ("1..20", 30), ("1..20", 5), ("2,5,7", 9), ("1,3..4", 9), ("3,1,2", 9)] {
            let words = parse_take(take).unwrap();
            let (game, _) = subtraction_game(&words, heap).unwrap();
            let plain = words.plain(heap);
            let allowed: Vec<u32> = (1..=heap).filter(|&k| plain.allows(k)).collect();
            assert_eq!(game.takes(), allowed, "take={take} heap={heap}");
        }
    }
}

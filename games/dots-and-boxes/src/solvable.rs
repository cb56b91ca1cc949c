//! Dots and boxes as every whole-space command sees it (`gamesolve verify`, `stats`, `solve`,
//! `probe`, `diff`, `verify FILE`): position `n` of a board is the set of lines whose bits `n`
//! has (from the empty board), written as the drawn lines by their dots' numbers (`1-2 2-6`, or
//! `empty`), the notation of HDU 4753's input and of `explain`; a move is named by its line
//! (`2-5`). Engines: the tiered engine with symmetry (`tiers-symmetric`, the default) and
//! without (`tiers`), and solver-core's score DP engines up to [`SCORE_DP_MAX_LINES`] lines;
//! values are checked by solver-core's verifier and, where the board fits the oracle's budget,
//! by the oracle on sets of segments ([`PlainDots`]). Its tiers, for `solve --distributed`:
//! `group=G` ([`ByLineGroup::last_lines`]), each tier a range of positions; by default `G`
//! makes tiers of 2^20 positions (at least 4 lines).

use crate::plain::PlainDots;
use crate::search::DotsSearch;
use crate::tierings::{ByLineGroup, group_size};
use crate::tiers::{BoardTable, Symmetry, memory_bound, solve_board_reporting};
use crate::wide::WideBoard;
use crate::wide::WideLines;
use crate::{Board, DotsAndBoxes, Lines, Rule};
use solver_core::Progress;
use solver_core::tiers::{TierMove, TieredScoring};
use std::collections::HashMap;
use workbench::family::{Engine, ScoreTable};
use workbench::search::{Notated, Searchable};
use workbench::solve::{ConsecutiveTiers, Identity, Notation, SolvableGame, Solved};
use workbench::space_game::ScoringGame;
use workbench::table_file::{Encoding, Value};
use workbench::target::{Args, Param, SearchTarget, SpaceTarget};

/// The sizes `verify` solves: every board of up to 3x3 boxes up to symmetry (an R x C board
/// is a C x R board turned a quarter, with the same values: the law tests check that on random
/// positions of both), each under both rules ([`SpaceTarget::verified`] of [`SPACES`]).
pub const SIZES: [(usize, usize); 6] = [(1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3)];

/// Boards with more lines run without solver-core's score DP engines, the sequential one
/// taking minutes on one core past 2^27 positions; the tiered engines solve every board up to
/// 31 lines.
pub const SCORE_DP_MAX_LINES: usize = 27;

/// `dots-and-boxes rows=R cols=C rule=turn-passes|move-again`.
pub const SPACES: &[SpaceTarget] = &[SpaceTarget {
    name: "dots-and-boxes",
    about: "every set of drawn lines of an R x C board of boxes (at most 31 lines, e.g. 3x4), the empty board first",
    params: &[
        Param::number("rows", "3", 1, 8, "rows of boxes (the board has at most 31 lines)"),
        Param::number("cols", "3", 1, 8, "columns of boxes"),
        Param::choice("rule", "turn-passes", &["turn-passes", "move-again"], "whether closing a box earns a move"),
    ],
    open,
    // Every board of `SIZES` under both rules, the turn passing first.
    verified: &[
        "rows=1 cols=1 rule=turn-passes",
        "rows=1 cols=1 rule=move-again",
        "rows=1 cols=2 rule=turn-passes",
        "rows=1 cols=2 rule=move-again",
        "rows=1 cols=3 rule=turn-passes",
        "rows=1 cols=3 rule=move-again",
        "rows=2 cols=2 rule=turn-passes",
        "rows=2 cols=2 rule=move-again",
        "rows=2 cols=3 rule=turn-passes",
        "rows=2 cols=3 rule=move-again",
        "rows=3 cols=3 rule=turn-passes",
        "rows=3 cols=3 rule=move-again",
    ],
}];

/// `search dots-and-boxes rows=4 cols=4 rule=move-again`: boards of up to 64 lines by the
/// crate's own search ([`DotsSearch`]), where the tables stop at 31.
pub const SEARCHES: &[SearchTarget] = &[SearchTarget {
    name: "dots-and-boxes",
    about: "an R x C board of boxes of up to 64 lines (e.g. 4x5) searched forward (crate dots-and-boxes' DotsSearch), \
            the empty board first",
    params: &[
        Param::number("rows", "3", 1, 31, "rows of boxes (the board has at most 64 lines)"),
        Param::number("cols", "3", 1, 31, "columns of boxes"),
        Param::choice("rule", "turn-passes", &["turn-passes", "move-again"], "whether closing a box earns a move"),
    ],
    open: open_search,
}];

fn open_search(args: &Args) -> Result<Box<dyn Searchable>, String> {
    let rule = Rule::from_name(args.text("rule")).expect("a declared choice");
    let search = DotsSearch::new(args.number("rows"), args.number("cols"), rule).map_err(|e| e.to_string())?;
    Ok(Box::new(searched(search)))
}

/// `search` with the crate's notation: drawn lines by their dots' numbers, a move by its line.
fn searched(search: DotsSearch) -> Notated<'static, DotsSearch> {
    let (reader, writer, namer) = (search.clone(), search.clone(), search.clone());
    let start = search.empty();
    Notated::new(
        search,
        start,
        move |text| reader.parse(text),
        move |lines: &WideLines| writer.describe(lines),
        move |_, line| namer.describe_move(line),
    )
}

/// The board at `args`, refused (before anything is built) past 31 lines.
fn open(args: &Args) -> Result<Box<dyn SolvableGame>, String> {
    let board = Board::new(args.number("rows"), args.number("cols")).map_err(|e| e.to_string())?;
    let rule = Rule::from_name(args.text("rule")).expect("a declared choice");
    let variant = match rule {
        Rule::TurnPasses => "turn-passes: the turn passes after every line, boxes or not",
        Rule::MoveAgain => "move-again: closing a box earns one more line",
    };
    let identity = Identity::new("dots-and-boxes", args, variant);
    let notation = Notation::new(move |lines: &Lines| describe(&board, *lines), move |text| parse(&board, text))
        .with_move_names(move |before: &Lines, after: &Lines| {
            board.line_name((after & !before).trailing_zeros() as usize)
        })
        // Who closed a box is not part of a position (only the lines are), so a closed box is
        // drawn `#` whoever owns it.
        .with_picture(move |lines: &Lines| {
            board.draw(*lines, |r, c| (lines & board.box_mask(r, c) == board.box_mask(r, c)).then_some('#'))
        });
    let plain = PlainDots { rows: board.rows(), cols: board.cols(), rule };
    let tiered = |name, symmetry| {
        Engine::reporting(
            name,
            move |space: &DotsAndBoxes| memory_bound(space.board(), symmetry),
            move |space: &DotsAndBoxes, progress: &Progress<'_>| {
                solve_board_reporting(space.board(), space.rule(), symmetry, progress)
                    .map(|table| Box::new(table) as ScoreTable)
            },
        )
    };
    let mut game = ScoringGame::<DotsAndBoxes, i8>::new(identity, DotsAndBoxes::new(board, rule), &0, notation)
        .with_oracle(plain, move |lines: &Lines| PlainDots::from_lines(&board, *lines))
        .with_engine(tiered("tiers-symmetric", Symmetry::Board))
        .with_engine(tiered("tiers", Symmetry::None))
        // The symmetric tiered engine first, then the plain one: a quarter of the memory or less.
        .with_default_engine("tiers")
        .with_default_engine("tiers-symmetric")
        .with_tiers(tiers)
        // The crate's own search, checked by `verify` against the table.
        .with_search(move |space: &DotsAndBoxes| {
            let search = DotsSearch::new(space.board().rows(), space.board().cols(), space.rule());
            Box::new(searched(search.expect("a board of the tables is one of the search's")))
        });
    if board.lines() > SCORE_DP_MAX_LINES {
        let why = format!(
            "the score DP runs only up to {SCORE_DP_MAX_LINES} lines (the sequential one takes minutes on one core \
             past 2^27 positions), and this board has {}",
            board.lines()
        );
        for engine in ["score-dp", "parallel-score-dp"] {
            game = game.without_engine(engine, why.clone());
        }
    }
    Ok(Box::new(game))
}

/// The drawn lines by their dots' numbers (`1-2 2-6`), or `empty` (the notation of
/// [`WideBoard::describe`], which forward search shares).
fn describe(board: &Board, lines: Lines) -> String {
    WideBoard::from(*board).describe(u64::from(lines))
}

/// Drawn lines written as [`describe`] writes them ([`WideBoard::parse`]).
fn parse(board: &Board, text: &str) -> Result<Lines, String> {
    // A board of at most 31 lines: every set of its lines fits a `Lines`.
    WideBoard::from(*board).parse(text).map(|lines| lines as Lines)
}

/// A tiered table of a whole board: position `n` is the set of lines `n`. Every value fits a
/// byte (a board of at most 31 lines has at most 12 boxes). Its histogram and its most extreme
/// position are read from the stored blocks, each standing for its orbit, not position by
/// position: seconds rather than minutes on 3x4 (2^31 positions).
impl Solved for BoardTable {
    fn len(&self) -> u64 {
        self.positions()
    }

    fn value(&self, index: u64) -> Value {
        Value::Score(i64::from(BoardTable::value(self, index as Lines)))
    }

    fn encoding(&self) -> Encoding {
        Encoding::Score8
    }

    fn bytes(&self) -> u64 {
        self.held_bytes()
    }

    fn histogram(&self) -> HashMap<Value, u64> {
        BoardTable::histogram(self).into_iter().map(|(v, n)| (Value::Score(i64::from(v)), n)).collect()
    }

    fn extreme(&self) -> Option<u64> {
        Some(u64::from(self.best_position()))
    }
}

/// The tiering `tiering` of the whole board `space` (by default the last lines, tiers of 2^20
/// positions), each tier a range of positions.
fn tiers<'a>(space: &'a DotsAndBoxes, tiering: Option<&str>) -> Result<Box<dyn ConsecutiveTiers + 'a>, String> {
    let lines = space.board().lines() as u32;
    let group = match tiering {
        None => lines.saturating_sub(DEFAULT_TIER_LINES).max(lines.min(4)),
        Some("lines") => {
            return Err("the tiering `lines` does not keep a tier's positions together, so it cannot be written as \
                        shards of one table; take group=G"
                .into());
        }
        Some(name) => group_size(name)?,
    };
    Ok(Box::new(GroupTiers(ByLineGroup::last_lines(space.clone(), group))))
}

/// Lines left out of the default group: tiers of 2^20 positions, a megabyte each.
const DEFAULT_TIER_LINES: u32 = 20;

/// A tiering by the last lines, whose tiers are ranges of positions.
struct GroupTiers(ByLineGroup);

impl TieredScoring for GroupTiers {
    fn tier_count(&self) -> u32 {
        self.0.tier_count()
    }

    fn tier_len(&self, tier: u32) -> u64 {
        self.0.tier_len(tier)
    }

    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        self.0.child_tiers(tier)
    }

    fn tier_moves(&self, tier: u32, index: u64, visit: &mut dyn FnMut(TierMove)) {
        self.0.tier_moves(tier, index, visit)
    }
}

impl ConsecutiveTiers for GroupTiers {
    fn first_position(&self, tier: u32) -> u64 {
        u64::from(self.0.first_id(tier).expect("the last lines make tiers of consecutive ids"))
    }

    fn name(&self) -> String {
        format!("group={}", self.0.tier_count().trailing_zeros())
    }

    fn encoding(&self) -> Encoding {
        Encoding::Score8
    }
}

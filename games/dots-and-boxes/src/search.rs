//! Dots and boxes on boards of up to 64 lines (4x4, 4x5, 5x5) valued by forward search:
//! [`DotsSearch`] is the game as solver-core's search engines see it.
//!
//! A position is the set of drawn lines ([`WideLines`]); its value, as everywhere in this
//! crate, is the future score difference for the player to move, which does not depend on the
//! score so far or on who that player is. So the transposition table is keyed on the drawn
//! lines alone.
//!
//! # What makes the search fast
//! Each technique keeps every value exact; [`SearchOptions`] switches each off, for an
//! ablation. The proofs of the pruning rules are in the comment of the private
//! `DotsSearch::candidates` (`src/search.rs`).
//! - **Symmetry** (both rules): the key is the least image of the drawn lines under the
//!   board's reflections and rotations (4, or 8 on a square board), so mirrored positions
//!   share an entry.
//! - **Corners** (both rules; Barker and Korf's corner symmetry): the lines of a box on the
//!   border of the board (a corner box's two, or more on a board one box wide) are
//!   interchangeable, so the key counts how many of them are drawn, not which, and of those
//!   still free only one is listed as a move. Dots and boxes is the game of strings and coins:
//!   a box is a coin, a line a string between two coins or between a coin and the ground, and
//!   a drawn line a cut string. A box's border lines are all strings from the same coin to the
//!   ground; swapping two of them changes no coin, no box closed and no later move, so
//!   positions that differ only in which of them are drawn have equal values, and so do the
//!   moves that draw either of two free ones.
//! - **Safe captures** ([`Rule::MoveAgain`] only): when a box can be closed by a line `e` that
//!   does not make another box capturable (`e` on the border, or the box across `e` has at most
//!   one other side drawn, or `e` closes it too), `e` is the only move listed.
//! - **Captures within the move** ([`Rule::MoveAgain`] only): the safe captures that follow a
//!   move are played as part of it, by whoever moves next: the mover's after a capture (which
//!   moves again), the opponent's after a line that closes nothing ([`Played::gain`] then
//!   counts the opponent's boxes against the mover). A safe capture is optimal (the proof
//!   below), so each such position's value is its capture's, and the search skips the position
//!   and its table entry. The principal variation shows the moves chosen, not these captures.
//! - **Chain rule** ([`Rule::MoveAgain`] only): when some box is capturable, the only moves
//!   listed are the captures and, at most, the double-dealing line that declines the last two
//!   boxes of a chain: the far side of the box after the capturable one, and only when that
//!   line makes no third box capturable (except when it hands over a chain open at both ends).
//!   Taking a chain step by step, a player so weighs only "take all" or "all but two".
//! - **Ordering** (both rules): captures first, then lines that make no box capturable, then
//!   sacrifices; within each, from the centre of the board outwards.
//! - **Bounds** (both rules, always): the value lies within ± the boxes still open.
//!
//! Under [`Rule::TurnPasses`] a capture ends the turn, and none of the pruning rules' proofs
//! holds (each uses the extra move); only symmetry, ordering and the bounds apply there.
//!
//! # Measured
//! From the empty board, `cargo run --release -p dots-and-boxes --example search_start -- R C
//! RULE [--ablation] [--table]`, on the shared 2-core development machine with nothing else
//! running (2026-12-06); positions visited and seconds, the search on one core; the
//! whole-board table ([`crate::tiers::solve_board`], without and with symmetry, both cores)
//! for comparison:
//!
//! | board, rule | value | alpha-beta | bisection | MTD(f) | weak | table |
//! |---|---|---|---|---|---|---|
//! | 3x3 move-again (64 MiB) | -3 | 101,665, 0.04 s | 112,384, 0.05 s | 105,528, 0.04 s | 35,296, 0.02 s | 0.06 s / 0.02 s |
//! | 3x3 turn-passes (64 MiB) | -3 | 561,132, 0.25 s | 681,702, 0.31 s | 611,684, 0.27 s | 159,152, 0.07 s | 0.04 s / 0.02 s |
//! | 3x4 move-again (512 MiB) | 0 | 4.68 M, 1.86 s | 4.88 M, 1.99 s | 4.19 M, 1.68 s | 4.56 M, 1.79 s | 6.3 s / 2.4 to 2.5 s |
//! | 3x4 turn-passes (2 GiB) | +4 (the table) | | | 61.2 M, 30.1 s | | 7.7 s / 2.8 s |
//!
//! On two threads 3x4 move-again takes 1.04 to 1.08 s by MTD(f), against 2.41 to 2.53 s for
//! the table with symmetry, run alternately with it (SEARCH.md): the search is faster than
//! the whole table.
//!
//! Ablation, each technique off alone (positions visited):
//!
//! | board, rule, engine | all on | no symmetry | no corners | no safe captures | no captures in the move | no chain rule | no ordering |
//! |---|---|---|---|---|---|---|---|
//! | 3x3 move-again, alpha-beta | 101,665 | 572,256 | 308,053 | the same | 163,516 | 98,851 | 243,819 |
//! | 3x3 turn-passes, alpha-beta | 561,132 | 2,573,328 | 1,736,155 | the same (no rule applies) | the same | the same | 1,613,753 |
//! | 3x4 move-again, MTD(f) | 4.19 M (1.7 s) | 15.2 M (5.3 s) | 13.9 M (4.5 s) | the same (1.8 s) | 7.33 M (2.3 s) | 4.07 M (3.2 s) | 24.1 M (9.9 s) |
//!
//! Symmetry, the corners and the ordering carry the search (the corners alone 3.0 to 3.3
//! times fewer positions on 3x3 and 3x4, under both rules). With the captures played within
//! the move, a safe capture is met only at the position searched, so listing it alone changes
//! nothing else. The chain rule saves more time than positions (the engine looks every listed
//! child up in its table before searching: fewer moves listed, fewer lookups). 3x4 with the
//! extra move a tie agrees with the table. With the extra move, from the empty board, on two
//! threads with an 8 GiB table: 4x4 a tie (David Wilson's published analysis) in 193 s by
//! MTD(f) (424.6 M positions) and 195 s by bisection; 3x5 -1 in 169 s and 185 s (SEARCH.md).
//! `cargo bench -p dots-and-boxes --bench search` puts the engines side by side.
//!
//! ```
//! use dots_and_boxes::Rule;
//! use dots_and_boxes::search::DotsSearch;
//! use solver_core::search::{Answer, Driver, SearchLimits, SearchValue, alpha_beta};
//!
//! // 2x2 with the extra move: the first player ends 2 boxes ahead (the crate's table, +2).
//! let game = DotsSearch::new(2, 2, Rule::MoveAgain).unwrap();
//! let limits = SearchLimits { tt_bytes: 1 << 20, ..SearchLimits::default() };
//! let found = alpha_beta(&game, &game.empty(), Driver::FullWindow, &limits).unwrap();
//! assert_eq!(found.answer, Answer::Exact(SearchValue::Score(2)));
//! assert_eq!(game.describe(&game.parse("1-2 4-5").unwrap()), "1-2 4-5");
//! ```

use crate::board::Dot;
use crate::game::Rule;
use crate::wide::{WideBoard, WideBoardError, WideLines};
use solver_core::Terminal;
use solver_core::search::{Played, SearchGame};

/// One technique of [`DotsSearch`], for switching it off ([`SearchOptions::without`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Technique {
    /// Keys reduced by the board's symmetries.
    Symmetry,
    /// A box's border lines interchangeable: counted in the key, one listed.
    Corners,
    /// A capture that opens nothing is the only move listed (move-again only).
    SafeCaptures,
    /// The safe captures after a move are played within it (move-again only).
    CapturesInMove,
    /// With a box capturable, only captures and the double-dealing line (move-again only).
    ChainRule,
    /// Captures, quiet lines, sacrifices; centre outwards.
    Ordering,
}

impl Technique {
    /// Every technique.
    pub const ALL: [Technique; 6] = [
        Technique::Symmetry,
        Technique::Corners,
        Technique::SafeCaptures,
        Technique::CapturesInMove,
        Technique::ChainRule,
        Technique::Ordering,
    ];

    /// A short name: `symmetry`, `corners`, `safe-captures`, `captures-in-move`, `chain-rule`, `ordering`.
    pub fn name(self) -> &'static str {
        match self {
            Technique::Symmetry => "symmetry",
            Technique::Corners => "corners",
            Technique::SafeCaptures => "safe-captures",
            Technique::CapturesInMove => "captures-in-move",
            Technique::ChainRule => "chain-rule",
            Technique::Ordering => "ordering",
        }
    }
}

/// Which techniques [`DotsSearch`] uses; all by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SearchOptions {
    /// Keys reduced by the board's symmetries.
    pub symmetry: bool,
    /// A box's border lines interchangeable: the key counts the drawn ones, one free one is
    /// listed.
    pub corners: bool,
    /// Safe captures listed alone (move-again only).
    pub safe_captures: bool,
    /// The safe captures after a move played within it (move-again only).
    pub captures_in_move: bool,
    /// Captures and the double-dealing line only, when a box is capturable (move-again only).
    pub chain_rule: bool,
    /// Captures first, then quiet lines, then sacrifices, centre outwards (else line order).
    pub ordering: bool,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            symmetry: true,
            corners: true,
            safe_captures: true,
            captures_in_move: true,
            chain_rule: true,
            ordering: true,
        }
    }
}

impl SearchOptions {
    /// These options with `technique` off.
    pub fn without(self, technique: Technique) -> SearchOptions {
        match technique {
            Technique::Symmetry => SearchOptions { symmetry: false, ..self },
            Technique::Corners => SearchOptions { corners: false, ..self },
            Technique::SafeCaptures => SearchOptions { safe_captures: false, ..self },
            Technique::CapturesInMove => SearchOptions { captures_in_move: false, ..self },
            Technique::ChainRule => SearchOptions { chain_rule: false, ..self },
            Technique::Ordering => SearchOptions { ordering: false, ..self },
        }
    }
}

/// A permutation of line numbers applied to whole sets of lines, a byte at a time: eight
/// lookups a set.
#[derive(Clone)]
struct LinePermutation {
    /// `bytes[k][v]`: the image of the lines `v << 8k`.
    bytes: Box<[[u64; 256]; 8]>,
}

impl LinePermutation {
    /// The permutation sending line `e` to `image[e]` (images below 64). Time `O(8 * 256 * 8)`,
    /// memory 16 KiB.
    fn new(image: &[u8]) -> LinePermutation {
        let mut bytes = Box::new([[0u64; 256]; 8]);
        for (k, table) in bytes.iter_mut().enumerate() {
            for (v, slot) in table.iter_mut().enumerate() {
                *slot = (0..8)
                    .filter(|bit| v >> bit & 1 == 1)
                    .filter_map(|bit| image.get(8 * k + bit))
                    .fold(0, |m, &to| m | 1 << to);
            }
        }
        LinePermutation { bytes }
    }

    /// The image of `lines`.
    #[inline]
    fn apply(&self, lines: WideLines) -> WideLines {
        self.bytes.iter().enumerate().fold(0, |m, (k, table)| m | table[(lines >> (8 * k)) as usize & 0xff])
    }
}

/// No box on this side of a line.
const NO_BOX: u8 = u8::MAX;

/// Dots and boxes on a board of up to 64 lines under one rule, for the search engines (see
/// the [module docs](self)).
#[derive(Clone)]
pub struct DotsSearch {
    board: WideBoard,
    rule: Rule,
    options: SearchOptions,
    /// Each box's four lines.
    box_mask: Vec<WideLines>,
    /// Each line's boxes (one or two; [`NO_BOX`] for none).
    line_boxes: Vec<[u8; 2]>,
    /// The board's symmetries other than the identity (3, or 7 when square).
    symmetries: Vec<LinePermutation>,
    /// The boxes with two or more border lines, by their border lines.
    corners: Vec<Corner>,
    /// Line `e` to its rank from the centre outwards, and back.
    to_rank: LinePermutation,
    from_rank: Vec<u8>,
}

impl std::fmt::Debug for DotsSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DotsSearch")
            .field("board", &self.board)
            .field("rule", &self.rule)
            .field("options", &self.options)
            .finish()
    }
}

/// The border lines of one box, when it has two or more (they are interchangeable: see the
/// module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Corner {
    /// The box's border lines.
    lines: WideLines,
    /// `drawn[k]`: the `k` lowest-numbered of them, the form a key gives `k` drawn ones.
    drawn: [WideLines; 5],
}

/// The moves worth searching at a position (see [`DotsSearch::candidates`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Candidates {
    /// The lines listed.
    listed: WideLines,
    /// The lines that close a box.
    captures: WideLines,
    /// The lines that make a box capturable (bring it to three sides).
    sacrifices: WideLines,
}

impl DotsSearch {
    /// The `rows` x `cols` board under `rule` with every technique on; refused without a box or
    /// past 64 lines.
    pub fn new(rows: usize, cols: usize, rule: Rule) -> Result<DotsSearch, WideBoardError> {
        Ok(DotsSearch::on(WideBoard::new(rows, cols)?, rule, SearchOptions::default()))
    }

    /// `board` under `rule` with `options`. Time `O(symmetries * 16 Ki)`, memory about 16 KiB a
    /// symmetry.
    pub fn on(board: WideBoard, rule: Rule, options: SearchOptions) -> DotsSearch {
        let box_mask: Vec<WideLines> =
            (0..board.boxes()).map(|b| board.box_lines(b).iter().fold(0, |m, &e| m | 1 << e)).collect();
        let mut line_boxes = vec![[NO_BOX; 2]; board.lines()];
        for (b, &mask) in box_mask.iter().enumerate() {
            for e in (0..board.lines()).filter(|&e| mask >> e & 1 == 1) {
                let slot = if line_boxes[e][0] == NO_BOX { 0 } else { 1 };
                line_boxes[e][slot] = b as u8;
            }
        }
        let symmetries = line_symmetries(&board).iter().skip(1).map(|image| LinePermutation::new(image)).collect();
        let corners = (0..board.boxes())
            .map(|b| board.box_lines(b).iter().filter(|&&e| line_boxes[e][1] == NO_BOX).fold(0, |m, &e| m | 1 << e))
            .filter(|&border: &WideLines| border.count_ones() >= 2)
            .map(|border| {
                let mut drawn = [0; 5];
                for k in 1..drawn.len() {
                    let rest = border & !drawn[k - 1];
                    drawn[k] = drawn[k - 1] | (rest & rest.wrapping_neg());
                }
                Corner { lines: border, drawn }
            })
            .collect();
        // Twice the distance of a line's midpoint from the centre, squared: an integer.
        let distance = |e: usize| {
            let (a, b) = board.line(e).expect("a line of the board");
            let (r2, c2) = (i64::from(a.row + b.row), i64::from(a.col + b.col));
            (r2 - board.rows() as i64).pow(2) + (c2 - board.cols() as i64).pow(2)
        };
        let mut from_rank: Vec<u8> = (0..board.lines() as u8).collect();
        from_rank.sort_by_key(|&e| (distance(e as usize), e));
        let mut rank = vec![0u8; board.lines()];
        for (r, &e) in from_rank.iter().enumerate() {
            rank[e as usize] = r as u8;
        }
        DotsSearch {
            board,
            rule,
            options,
            box_mask,
            line_boxes,
            symmetries,
            corners,
            to_rank: LinePermutation::new(&rank),
            from_rank,
        }
    }

    /// The same game with `options`.
    pub fn with_options(self, options: SearchOptions) -> DotsSearch {
        DotsSearch { options, ..self }
    }

    /// The board.
    pub fn board(&self) -> WideBoard {
        self.board
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The techniques in use.
    pub fn options(&self) -> SearchOptions {
        self.options
    }

    /// The empty board.
    pub fn empty(&self) -> WideLines {
        0
    }

    /// The position written in the crate's notation (`1-2 2-6`, or `empty`; see
    /// [`WideBoard::parse`]).
    pub fn parse(&self, text: &str) -> Result<WideLines, String> {
        self.board.parse(text)
    }

    /// The position in the crate's notation.
    pub fn describe(&self, lines: &WideLines) -> String {
        self.board.describe(*lines)
    }

    /// A move (a line) in the crate's notation, e.g. `5-9`.
    pub fn describe_move(&self, line: u8) -> String {
        self.board.line_name(line as usize)
    }

    /// The boxes still open (not all four sides drawn). Time `O(boxes)`.
    pub fn open_boxes(&self, lines: WideLines) -> usize {
        self.box_mask.iter().filter(|&&m| lines & m != m).count()
    }

    /// The free sides of box `b`, counted up to 3 (3 for three or four).
    #[inline]
    fn free_sides(&self, lines: WideLines, b: u8) -> u32 {
        count_up_to_3(self.box_mask[b as usize] & !lines)
    }

    /// The box across line `e` from box `b`, if any.
    #[inline]
    fn across(&self, e: usize, b: u8) -> Option<u8> {
        let [x, y] = self.line_boxes[e];
        let other = if x == b { y } else { x };
        (other != NO_BOX).then_some(other)
    }

    /// The moves worth searching at `lines` (at least one unless the board is full), with the
    /// captures and the sacrifices among the free lines for the ordering. Time `O(boxes)`.
    ///
    /// Notation: under [`Rule::MoveAgain`], `V(P)` is the value of position `P` for the player
    /// to move; a move `m` is worth `val(m) = g(m) + V(P + m)` if it closes `g(m) >= 1` boxes
    /// (the mover moves again) and `-V(P + m)` otherwise. `V` depends on the drawn lines
    /// alone. A box is capturable when three of its sides are drawn; `B` is capturable by its
    /// free side `e`, and `B'` is the box across `e` (if any), with `d` of its sides drawn.
    ///
    /// **Safe capture** — `e` is optimal when `e` is on the border, or `d <= 1`, or `d = 3`.
    /// - `d = 3` or the border: `e` touches no open box but `B` (and `B'`, closed with it). The
    ///   mover plays `e`, then plays an optimal strategy for `P` against the opponent's moves,
    ///   skipping `e` whenever that strategy draws it (it would score the same boxes and move
    ///   again, so the turn is the same). Every other line scores the same in both games, so
    ///   the mover ends with at least what `P` promises: `g(e) + V(P + e) >= V(P)`.
    /// - `d <= 1`, by induction on the free lines (one free line: `e` is the only move). Any
    ///   `m != e` that closes nothing: the opponent may answer `e`, so
    ///   `val(m) <= -1 - V(P + m + e)`, while `e` then `m` (which closes nothing after `e`
    ///   either: `B'` has at most two sides after `e`) gives `val(e) >= 1 - V(P + e + m)`.
    ///   Any `m` closing boxes away from `B'`: `m` closes the same boxes after `e`, and by
    ///   induction `e` is optimal in `P + m` (the same `B`, `e` and `d`), so
    ///   `val(m) = g(m) + 1 + V(P + m + e) <= val(e)`. The last case: `m` is a side of `B'`
    ///   closing the box `X` across it. Then `P + m` and `P + e` are the same game: their open
    ///   boxes and free lines correspond with `X` for `B` and `m` for `e` (each of `B`, `X`
    ///   had one free side), so `V(P + m) = V(P + e)` and `val(m) = val(e)`.
    ///
    /// **Chain rule** — with `B` capturable and `d = 2` (so that after `e` the box `B'` is
    /// capturable by its other free side `f`): every `m` that closes nothing, other than `f`,
    /// is worth at most `val(e) - 2`, by the first argument above (after `e`, `m` still closes
    /// nothing, as `m != f`). With `B` safe (as above) the same holds for every such `m`. So
    /// of the lines that close nothing only those equal to `f` for every capturable box are
    /// kept; every capture is kept. Further, `f` is no better than `e` when the box `C`
    /// across `f` has two sides drawn and its other free side `g` does not close the box `D`
    /// across `g`: after `f` the opponent closes `B` and `B'` with `e` (a safe capture) and
    /// then `C` with `g`, so `val(f) <= -3 - V(R)` with `R = P + e + f + g`; after `e`, the
    /// mover plays `g` (closing nothing) and the opponent's best is the safe double capture
    /// `f`, so `val(e) >= 1 - (2 + V(R)) > val(f)`. (When `g` does close `D`, the chain is open
    /// at both ends and `f` hands it all over, which can be best: `f` is kept.) Taking a chain
    /// box by box, a player so weighs only taking the next box or the double-dealing line
    /// that leaves the last two: all of the chain, or all but two.
    fn candidates(&self, lines: WideLines) -> Candidates {
        let free = self.board.all_lines() & !lines;
        let (mut captures, mut sacrifices) = (0, 0);
        // The lines that close nothing and are still worth searching (the chain rule).
        let mut declines = WideLines::MAX;
        let move_again = self.rule == Rule::MoveAgain;
        for (b, &mask) in self.box_mask.iter().enumerate() {
            let b = b as u8;
            // Two free sides (a line there is a sacrifice), or one (the box is capturable).
            match count_up_to_3(mask & free) {
                2 => sacrifices |= mask & free,
                1 => {
                    let e_bit = mask & free;
                    captures |= e_bit;
                    if !move_again {
                        continue;
                    }
                    let e = e_bit.trailing_zeros() as usize;
                    let Some(next) = self.chained(lines, b, e) else {
                        if self.options.safe_captures {
                            return Candidates { listed: e_bit, captures: e_bit, sacrifices: 0 };
                        }
                        declines = 0;
                        continue;
                    };
                    let f_bit = self.box_mask[next as usize] & free & !e_bit;
                    declines &= if self.double_deal_worth_trying(lines, next, f_bit) { f_bit } else { 0 };
                }
                _ => {}
            }
        }
        let mut listed =
            if captures != 0 && move_again && self.options.chain_rule { captures | (declines & free) } else { free };
        if self.options.corners {
            for corner in &self.corners {
                // Of a box's free border lines listed, the lowest-numbered one.
                let here = listed & corner.lines;
                listed &= !(here & here.wrapping_sub(1));
            }
        }
        Candidates { listed, captures, sacrifices: sacrifices & !captures }
    }

    /// The box across `e`, the free side of the capturable box `b`, when it has two sides drawn
    /// (after `e` it is capturable in turn); `None` when the capture by `e` is safe: `e` on the
    /// border, or the box across with at most one other side drawn, or closing with `e`.
    #[inline]
    fn chained(&self, lines: WideLines, b: u8, e: usize) -> Option<u8> {
        self.across(e, b).filter(|&o| self.free_sides(lines, o) == 2)
    }

    /// A safe capture at `lines` (see [`DotsSearch::candidates`]), if there is one. Time
    /// `O(boxes)`.
    fn safe_capture(&self, lines: WideLines) -> Option<u8> {
        let free = self.board.all_lines() & !lines;
        self.box_mask.iter().enumerate().find_map(|(b, &mask)| {
            let e = (mask & free).trailing_zeros() as usize;
            (count_up_to_3(mask & free) == 1 && self.chained(lines, b as u8, e).is_none()).then_some(e as u8)
        })
    }

    /// `lines` with `e` drawn, and the boxes it closes.
    #[inline]
    fn draw(&self, lines: WideLines, e: u8) -> (WideLines, i64) {
        let after = lines | 1 << e;
        let closed = self.line_boxes[e as usize]
            .iter()
            .filter(|&&b| b != NO_BOX && after & self.box_mask[b as usize] == self.box_mask[b as usize])
            .count();
        (after, closed as i64)
    }

    /// Whether drawing `f_bit`, the other free side of the box `next` after a capturable box,
    /// can be better than the capture (see [`DotsSearch::candidates`]): unless the box `C`
    /// across it would become capturable by a line `g` that closes nothing beyond `C`.
    fn double_deal_worth_trying(&self, lines: WideLines, next: u8, f_bit: WideLines) -> bool {
        let f = f_bit.trailing_zeros() as usize;
        let Some(c) = self.across(f, next).filter(|&c| self.free_sides(lines, c) == 2) else {
            return true;
        };
        let free = self.board.all_lines() & !lines;
        let g_bit = self.box_mask[c as usize] & free & !f_bit;
        let g = g_bit.trailing_zeros() as usize;
        self.across(g, c).is_some_and(|d| self.free_sides(lines, d) == 1)
    }

    /// `lines` with each box's drawn border lines moved to its lowest-numbered ones (an equal
    /// value: see the module docs). Time `O(corners)`.
    #[inline]
    fn corners_packed(&self, mut lines: WideLines) -> WideLines {
        for corner in &self.corners {
            let drawn = lines & corner.lines;
            // All drawn (at most 4) is already packed; otherwise at most 3 are.
            if drawn != corner.lines {
                lines = lines & !corner.lines | corner.drawn[count_up_to_3(drawn) as usize];
            }
        }
        lines
    }

    /// Appends the lines of `set` in the search order: from the centre outwards, or by number
    /// without [`SearchOptions::ordering`].
    fn push_in_order(&self, set: WideLines, out: &mut Vec<u8>) {
        if self.options.ordering {
            let mut ranks = self.to_rank.apply(set);
            while ranks != 0 {
                out.push(self.from_rank[ranks.trailing_zeros() as usize]);
                ranks &= ranks - 1;
            }
        } else {
            let mut rest = set;
            while rest != 0 {
                out.push(rest.trailing_zeros() as u8);
                rest &= rest - 1;
            }
        }
    }
}

/// The bits set in `set`, counted up to 3 (3 for three or more), without a popcount: the
/// portable x86-64 build has no such instruction, and this runs for every box at every
/// position searched (with `count_ones`, a 3x4 search took about 5% longer).
#[inline]
fn count_up_to_3(set: u64) -> u32 {
    let rest = set & set.wrapping_sub(1);
    let rest2 = rest & rest.wrapping_sub(1);
    u32::from(set != 0) + u32::from(rest != 0) + u32::from(rest2 != 0)
}

/// The board's reflections and rotations as line permutations, the identity first: the two
/// mirrors and the half turn, and on a square board the transposes and quarter turns.
fn line_symmetries(board: &WideBoard) -> Vec<Vec<u8>> {
    let (r, c) = (board.rows() as u8, board.cols() as u8);
    let dot = |row: u8, col: u8| Dot { row, col };
    let mut maps: Vec<Box<dyn Fn(Dot) -> Dot>> = vec![
        Box::new(move |d| d),
        Box::new(move |d| dot(d.row, c - d.col)),
        Box::new(move |d| dot(r - d.row, d.col)),
        Box::new(move |d| dot(r - d.row, c - d.col)),
    ];
    if r == c {
        maps.push(Box::new(move |d| dot(d.col, d.row)));
        maps.push(Box::new(move |d| dot(c - d.col, r - d.row)));
        maps.push(Box::new(move |d| dot(d.col, r - d.row)));
        maps.push(Box::new(move |d| dot(c - d.col, d.row)));
    }
    maps.iter()
        .map(|map| {
            (0..board.lines())
                .map(|e| {
                    let (a, b) = board.line(e).expect("a line of the board");
                    board.line_between(map(a), map(b)).expect("a symmetry maps lines to lines") as u8
                })
                .collect()
        })
        .collect()
}

impl SearchGame for DotsSearch {
    type Position = WideLines;
    type Move = u8;

    fn scoring(&self) -> bool {
        true
    }

    fn terminal(&self, _: &WideLines) -> Option<Terminal> {
        None
    }

    /// Under [`Rule::MoveAgain`] the pruned moves (see the module docs); under
    /// [`Rule::TurnPasses`] every free line. Ordered: captures, then lines that make no box
    /// capturable, then sacrifices (each from the centre outwards), with
    /// [`SearchOptions::ordering`]; else by line number. Time `O(boxes + lines)`.
    fn moves(&self, lines: &WideLines, out: &mut Vec<u8>) {
        let c = self.candidates(*lines);
        if self.options.ordering {
            let captures = c.listed & c.captures;
            let sacrifices = c.listed & c.sacrifices & !captures;
            self.push_in_order(captures, out);
            self.push_in_order(c.listed & !captures & !sacrifices, out);
            self.push_in_order(sacrifices, out);
        } else {
            self.push_in_order(c.listed, out);
        }
    }

    /// The line `e` drawn; with [`SearchOptions::captures_in_move`] (move-again), then the
    /// safe captures that follow, by whoever moves next: the mover's boxes are added to the
    /// gain, the opponent's (after a line that closes nothing) taken from it. Each is optimal
    /// where it is played (the proof at the private `DotsSearch::candidates`), so the value is
    /// unchanged. Time `O(boxes)` a capture.
    fn play(&self, lines: &WideLines, e: u8) -> Played<WideLines> {
        let (mut after, gain) = self.draw(*lines, e);
        let again = gain > 0 && self.rule == Rule::MoveAgain;
        let mut next_mover_scores = 0;
        if self.rule == Rule::MoveAgain && self.options.captures_in_move {
            while let Some(capture) = self.safe_capture(after) {
                let (drawn, closed) = self.draw(after, capture);
                after = drawn;
                next_mover_scores += closed;
            }
        }
        let gain = if again { gain + next_mover_scores } else { gain - next_mover_scores };
        Played { position: after, gain, again }
    }

    /// The drawn lines (the value depends on nothing else), with [`SearchOptions::corners`]
    /// each box's drawn border lines moved to its lowest-numbered ones, and with
    /// [`SearchOptions::symmetry`] the least of that over the images under the board's
    /// symmetries: each is a position of equal value. Time: a byte-table lookup per byte per
    /// symmetry, and `O(corners)` per image.
    fn key(&self, lines: &WideLines) -> Option<u128> {
        let packed = |lines: WideLines| if self.options.corners { self.corners_packed(lines) } else { lines };
        let key = if self.options.symmetry {
            self.symmetries.iter().map(|s| packed(s.apply(*lines))).fold(packed(*lines), u64::min)
        } else {
            packed(*lines)
        };
        Some(u128::from(key))
    }

    /// ± the open boxes: the mover cannot win more, nor lose more. Time `O(boxes)`.
    fn score_bounds(&self, lines: &WideLines) -> Option<(i64, i64)> {
        let open = self.open_boxes(*lines) as i64;
        Some((-open, open))
    }
}

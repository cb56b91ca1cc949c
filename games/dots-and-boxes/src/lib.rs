//! Dots and boxes on any board of up to 31 lines, solved exactly, with and without the extra
//! move for closing a box; and from a single position on boards of up to 64 lines by forward
//! search ([`search`]).
//!
//! An R x C board of boxes has (R + 1)(C + 1) dots and R(C + 1) + C(R + 1) lines ([`Board`]).
//! Two players take turns drawing a line between neighbouring dots; whoever draws the fourth
//! side of a box scores it (one line can close two). The game ends when every line is drawn.
//!
//! # Assumptions
//! - **Rule variant** ([`Rule`]): under [`Rule::TurnPasses`] (HDU 4753) the turn always passes;
//!   under [`Rule::MoveAgain`] (the standard game) closing one or two boxes earns exactly one
//!   more move, and the game still ends when the last line is drawn.
//! - **Who moves first**: from the empty board, the first player. A position is only the set of
//!   drawn lines and values are for *the player to move there*, whoever that is: with the extra
//!   move the same player may move twice in a row, and the engines never need to know names.
//! - **Value**: the best future score difference the player to move can force, boxes they will
//!   still close minus boxes the opponent will still close. Boxes already closed are not part of
//!   a position (they cannot change), so the final margin is the score so far plus this value.
//!   A full board is worth 0.
//! - **Ties**: a game ends level only when the total number of boxes is even. A 3x3 board (9
//!   boxes, HDU 4753) never ties; 1x2, 2x2, 2x3, ... can, and an empty board worth 0 is a tie.
//! - **Size**: at most [`Board::MAX_LINES`] = 31 lines, so every set of lines is a `u32` below
//!   `2^31` and a whole board fits `StateId`'s range (3x3: 24 lines; 2x5: 27; 3x4: 31). Forward
//!   search ([`DotsSearch`]) takes boards of up to [`WideBoard::MAX_LINES`] = 64 lines (4x4:
//!   40; 4x5: 49; 5x5: 60), numbered the same way, a position being a `u64` of drawn lines.
//!
//! # Positions and ranking
//! [`DotsAndBoxes`] is the set of positions reachable from a start: the start plus any subset
//! of its free lines. The id of a position is that subset, the `i`-th free line being bit `i`;
//! from the empty board the id is the bitmask of drawn lines itself. Every move sets a bit, so
//! the space declares [`PlayOrder::Ascending`](solver_core::PlayOrder) and solver-core's score
//! DP sweeps ids downward with no search. Moves are made on ids with masks precomputed per free
//! line (a box closes when the id contains its free lines), without unranking or allocating,
//! and handed to the DP one by one through `ScoringSpace::visit_scored_move_ids` (no move list
//! is stored): the full 3x3 table takes about 0.3 s of CPU.
//!
//! # Engine catalog
//! | engine | what | cost |
//! |---|---|---|
//! | [`tiers::solve_board`] with [`Symmetry::None`](tiers::Symmetry) | every position of a board, in blocks solved tier by tier on every core | `2^L` bytes, `O(2^L L)` byte operations, mostly SIMD (3x4: 2 GiB) |
//! | [`tiers::solve_board`] with [`Symmetry::Board`](tiers::Symmetry) | the same, one block per orbit of the board's reflections and rotations | about `2^L / 4` bytes (`/ 8` when square; 3x4: 540 MiB) |
//! | [`score_table`](solver_core::score_table) on [`DotsAndBoxes::new`] | every position of a board, one thread | `2^L` bytes as `i8`, `O(2^L L)` time (3x3: 16 MiB) |
//! | [`score_table`](solver_core::score_table) on [`DotsAndBoxes::from_position`] | every position after a given one | `2^F` bytes for `F` free lines |
//! | [`parallel_score_table`](solver_core::parallel_score_table) on [`DotsAndBoxes::new`] | the same, on every core, level by level (the levels: lines left to draw) | `2^L` bytes, 4 more a position while solving |
//! | [`solve_tiers`](solver_core::tiers::solve_tiers) on [`tierings::ByLinesDrawn`] or [`tierings::ByLineGroup`] | every position, tier by tier, holding only the tiers still needed | by lines drawn: two tiers, at most `C(L, L/2) + C(L, L/2 + 1)` bytes (3x4: 601 MB) |
//! | [`DotsSearch`] with solver-core's [`SearchEngine`](solver_core::search::SearchEngine)s | one position of a board of up to 64 lines, by alpha-beta (full window, bisection, MTD(f), or the sign only) | the transposition table asked for; time exponential in the free lines at worst (3x4 from the empty board: see [`search`]) |
//! | [`verify_scores`](solver_core::verify::verify_scores) | checks a finished table against the children of each position | `O(2^L L)` |
//! | `oracle::ScoreOracle` on [`plain::PlainDots`] (tests, `gamesolve verify`, the judge's `oracle` engine) | the naive reference on sets of segments | a hash map entry per position |
//!
//! No retrograde or Grundy engine applies: the game is acyclic and scored, not impartial.
//! [`DotsAndBoxes`] implements `ScoringSpace` on ids itself, not the plain `ScoringRules`: the
//! rules on states are [`plain::PlainDots`], which the oracle runs and the space is checked
//! against (the tests, and the fuzz target `rank_dots_and_boxes`).
//!
//! # Playing a game, and the judge problem
//! [`Record`] keeps a game as it is played: the lines drawn, who closed each box (a line
//! closes the boxes [`Board::boxes_completed_by`] names), who moves next under the rule, and
//! the final lead once the value of the rest is known. [`Hdu4753`] answers HDU 4753
//! (`gamesolve judge hdu4753`; its contract is `problems/hdu4753.md`) with each of its engines
//! ([`Hdu4753Engine`]): the 3x3 board, [`Rule::TurnPasses`], the first n moves given, any n
//! from 0 to 24.
//!
//! # The whole-space commands
//! [`SPACES`] offers any board of up to 31 lines under either rule to the whole-space commands
//! (`gamesolve verify`, `stats`, `solve`, `probe`, `diff`, `verify FILE`):
//! `dots-and-boxes rows=R cols=C rule=turn-passes|move-again`, position `n` being the set of
//! lines `n` and the start the empty board (see [`solvable`] for the notation, the engines and
//! the tiers of `solve --distributed`). `gamesolve verify` solves every board up to 3x3 (up to
//! symmetry, [`SIZES`]) under both rules: each engine compared with the others, the verifier,
//! and the oracle where the board fits its budget; `gamesolve stats dots-and-boxes rows=3
//! cols=4` solves the largest board, 2^31 positions.
//!
//! # Example
//! ```
//! use dots_and_boxes::{Board, DotsAndBoxes, Rule};
//! use solver_core::{StateSpace, score_table};
//!
//! // One box: whoever draws the fourth line closes it, and that is the second player, under
//! // either rule (no box closes earlier, so no extra move is ever earned).
//! for rule in Rule::ALL {
//!     let game = DotsAndBoxes::new(Board::new(1, 1).unwrap(), rule);
//!     let values = score_table::<i8, _>(&game).unwrap();
//!     assert_eq!(values[0], -1);
//!     assert_eq!(values[game.rank(&0b0111).index()], 1, "the fourth line closes the box");
//! }
//!
//! // A 2x2 board from a position: 1-2, 2-3, 4-7 and 7-8 drawn, 8 lines still free.
//! let board = Board::new(2, 2).unwrap();
//! let line = |a, b| board.line_between(board.dot(a).unwrap(), board.dot(b).unwrap()).unwrap();
//! let start = [(1, 2), (2, 3), (4, 7), (7, 8)].iter().fold(0, |m, &(a, b)| m | 1 << line(a, b));
//! let game = DotsAndBoxes::from_position(board, Rule::MoveAgain, start);
//! assert_eq!(game.len(), 1 << 8);
//! let values = score_table::<i8, _>(&game).unwrap();
//! println!("the player to move ends {} boxes ahead", values[0]);
//!
//! // HDU 4753: 23 moves given, only 1-5 left. Jerry404 draws it and closes the top-left box,
//! // but Tom200 has more boxes in the end.
//! use judge::AnyProblem;
//! let moves = "5 9 13 9 3 4 14 15 10 14 10 6 7 11 13 14 12 16 10 11 8 12 11 15 15 16 4 8 6 7 \
//!              1 2 7 8 2 6 5 6 7 3 12 11 2 3 9 10";
//! let answer = dots_and_boxes::Hdu4753.judge(&format!("1\n23\n{moves}\n"), "auto").unwrap();
//! assert_eq!(answer, "Case #1: Tom200\n");
//! ```

pub mod board;
mod fuzz;
pub mod game;
mod hdu4753;
pub mod plain;
pub mod record;
pub mod search;
pub mod solvable;
pub mod tierings;
pub mod tiers;
pub mod wide;

pub use board::{Board, BoardError, Dot, Lines};
pub use fuzz::{FUZZ, rank_dots_and_boxes};
pub use game::{DotsAndBoxes, Rule};
pub use hdu4753::{Hdu4753, Hdu4753Engine, ORACLE_STATES, prefers_table};
pub use record::{Player, Record};
pub use search::{DotsSearch, SearchOptions, Technique};
pub use solvable::{SCORE_DP_MAX_LINES, SEARCHES, SIZES, SPACES};
pub use wide::{WideBoard, WideBoardError, WideLines};

use workbench::Registration;

/// Dots and boxes' judge problem, its space and its fuzz body.
pub static REGISTRATION: Registration =
    Registration { name: "dots-and-boxes", problems: &[&Hdu4753], spaces: SPACES, searches: SEARCHES, fuzz: FUZZ };

//! m,n,k-games, tic-tac-toe generalized: two players take turns marking the empty cells of an
//! m x n board, and the first to hold k cells in a row wins. Every game of at most 16 cells is
//! solved over every position reachable in play: its value for the player to move, win, loss
//! or tie, with remoteness.
//!
//! # Rules and assumptions
//! - The board has `m` rows and `n` columns, `m, n >= 1` and `m * n <= 16`; `1 <= k <= max(m, n)`
//!   ([`Shape`]). A line is `k` consecutive cells along a row, a column or either diagonal. A
//!   `k` longer than the short side is allowed: lines then run only along the long side (on a
//!   1 x 4 board with `k = 4`, X never gets four marks and every game fills the board).
//! - X moves first, then the players alternate; a move marks one empty cell with the mover's
//!   mark. So the player to move is X when the counts are equal, else O.
//! - A move that completes a line (one or several at once) wins and ends the game: the
//!   position reached is finished, lost for the player to move there (remoteness 0). A full
//!   board without a line is finished too, a tie. Nothing else ends the game; there are no
//!   passes, and every play ends within `m * n` moves (the game is acyclic).
//! - Values are solver-core's [`Outcome`](solver_core::Outcome) for the player to move,
//!   counted in plies: the winner hurries, the loser delays, and a tie is reached as soon as
//!   possible; a tie in an m,n,k-game comes only with a full board, so `Tie(r)` has `r` equal
//!   to the number of empty cells. `Draw` (endless play) never occurs.
//! - The space of a game is every position reachable from the empty board, finished ones
//!   included. [`Board::new`] says which boards those are: the counts fit, the player to move
//!   has no line, and the last mover's lines (if any) share a cell, the one of the last move.
//! - Rows are numbered from 1 at the top and columns lettered from `a` at the left: `a1` is
//!   the top left cell. The (4,3,3) game has 4 rows of 3 cells; transposing a board maps the
//!   m,n,k-game onto the n,m,k-game with the same values and counts.
//!
//! # What the tables say
//! | game | empty board | positions | finished: X won, O won, tie |
//! |---|---|---|---|
//! | (3,3,3) tic-tac-toe | tie in 9 | 5,478 | 626, 316, 16 |
//! | (4,3,3) | win in 7 | 111,973 | 20,312, 12,070, 28 |
//! | (4,4,3) | win in 5 | 6,036,001 | 1,522,416, 1,050,026, 18 |
//! | (4,4,4) | tie in 16 | 9,722,011 | 401,096, 252,940, 5,356 |
//!
//! Every number is checked in the tests against an independent Python program
//! (`tests/data/reference.py`) and the oracle (for the first two); the literature gives
//! tic-tac-toe's counts and value, and the kind of value of the other three (see
//! `tests/integration/reference.rs`).
//!
//! # State space and engines
//! [`MnkSpace`] numbers the reachable positions of one game densely by their base-3 codes
//! (see [`space`] for the layout and its memory: under 5 bytes a position). Its ids follow
//! play, so [`MnkSpace::solve`] solves it in one backward sweep.
//!
//! | engine | what | cost on (4,4,4) (9.7 million positions), this 2-core machine |
//! |---|---|---|
//! | [`MnkSpace::new`] | the enumeration behind every table engine | about 1 s, 53 MiB at its peak, 45 MiB kept |
//! | [`MnkSpace::solve`] (judge and solve `sweep`) | one backward sweep over the space's ids | about 2 s, 4 bytes a position (37 MiB) |
//! | [`solver_core::solve_with_reverse_graph`] (judge and solve `reverse-graph`) | retrograde analysis on the stored move graph | about 5 s, 650 MiB at its peak |
//! | [`solver_core::solve_by_layers`] | one pass a ply (verify and stats only) | about 15 to 18 s, 4 bytes a position |
//! | [`Search`] (judge `search`) | memoized negamax from a board, on masks, no space | about 4 s, a byte per base-3 code (41 MiB) |
//! | the oracle on [`plain::PlainRules`] (judge `oracle`) | `oracle::solve_loopy` on plain grids | boards with at most 11 empty cells |
//!
//! `gamesolve stats mnk m=4 n=4 k=4` builds the space and runs the reverse-graph, layered and
//! sweep engines: about 25 s in all (17 s of CPU), at most about 0.7 GiB (the reverse graph).
//!
//! [`SPACES`] offers every game to the whole-space commands (`gamesolve verify`, `stats`,
//! `solve`, `probe`): `mnk m=M n=N k=K`, the start being the empty board. A board is written as
//! its rows from the top separated by `/`, `XX./OO./...` (the judge's rows separated by spaces
//! are read too); a move as `explain` names it, `X b2`. Engines: `sweep` (the default), the
//! four retrograde engines that need only moves, then `search`; the oracle checks the games
//! whose space fits its budget.
//!
//! The judge problem is [`Mnk`] (`problems/mnk.md`).
//!
//! # Example
//! Tic-tac-toe is a tie; X, to move with two in a row, wins at once.
//! ```
//! use mnk::{Board, MnkSpace, Shape};
//! use solver_core::{Outcome, StateSpace};
//!
//! let shape = Shape::new(3, 3, 3).unwrap();
//! let space = MnkSpace::new(shape);
//! let table = space.solve();
//! assert_eq!(table.get(space.rank(&Board::empty(shape))), Outcome::Tie(9));
//! let board = Board::from_rows(shape, &["XX.", "OO.", "..."]).unwrap();
//! assert_eq!(table.get(space.rank(&board)), Outcome::Win(1));
//!
//! use judge::AnyProblem;
//! assert_eq!(mnk::Mnk.judge("1\n3 3 3\nXX.\nOO.\n...\n", "search").unwrap(), "win in 1\n");
//! ```

mod board;
mod fuzz;
pub mod plain;
mod problem;
mod search;
mod solvable;
pub mod space;
pub mod wide;

pub use board::{Board, BoardError, MAX_CELLS, Player, Shape, ShapeError, Status, cells_of};
pub use fuzz::{FUZZ, FUZZ_GAMES, plain_side, rank_mnk};
pub use problem::{MAX_CASES, Mnk, MnkEngine, ORACLE_BUDGET, ORACLE_MAX_EMPTY, parse, render};
pub use search::Search;
pub use solvable::{SEARCHES, SPACES};
pub use space::{MnkSpace, best_child};

use workbench::Registration;

/// The m,n,k-games' problem, space and fuzz body.
pub static REGISTRATION: Registration =
    Registration { name: "mnk", problems: &[&Mnk], spaces: SPACES, searches: SEARCHES, fuzz: FUZZ };

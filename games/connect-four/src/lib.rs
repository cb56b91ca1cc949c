//! Connect Four on any board whose bitboard fits 64 bits: every position of a small board
//! solved over the whole space, any position of a larger one (7x6 included) by forward search.
//!
//! # Rules and assumptions
//! - The board has `width` columns of `height` cells, both at least 1 and
//!   `(height + 1) * width <= 64` ([`Shape`]): 7x6 (the standard board), 8x7, 9x5, 32x1.
//! - The first player (X) moves first on the empty board, then the players alternate. A move
//!   drops a stone into a column that has a free cell; it lands on the lowest free cell. There
//!   are no passes.
//! - Four stones of one player in a row (across, up, or along either diagonal) win at once:
//!   the position reached is finished, lost for the player to move there (remoteness 0). A
//!   full board without four is finished too, a tie. Every play ends within `width * height`
//!   moves: the game is acyclic, and `Draw` (endless play) never occurs.
//! - Values are solver-core's [`Outcome`](solver_core::Outcome) for the player to move,
//!   counted in plies: the winner hurries, the loser delays, and a tie comes only with a full
//!   board, so `Tie(r)` has `r` equal to the number of empty cells. The forward search gives a
//!   tie without its remoteness (see [`solver_core::search`]).
//! - A position is written as the columns played, from 1 at the left, one digit a move
//!   (`4453`; numbers separated by spaces on boards wider than 9): the convention of Pons' and
//!   Tromp's data, the empty text being the empty board. [`Position::moves`] writes the first
//!   such line in column order; a picture of the rows from the top, `X`, `O` and `.` separated
//!   by `/`, is read too ([`Position::picture`]). A move is named by its column.
//! - `search` also gives values in Pons' score ([`pons_score`]), the convention of his solver
//!   and test sets: for the player to move, a win is `(cells + 1) / 2 + 1` less the winner's
//!   stones when the game ends (22 less them on 7x6), a loss the negative, a tie 0.
//!
//! # Spaces and search
//! [`SPACES`] offers every board of at most [`MOST_POSITIONS`] reachable positions to the
//! whole-space commands (`verify`, `stats`, `solve`, `probe`): `connect-four width=W
//! height=H`, enumerated ply by ply and numbered by ply and key without a hash map
//! ([`ConnectFourSpace`]: 10 bytes a position, so 5x5 and width 6 height 4 fit), with the
//! oracle on plain grids
//! ([`plain::PlainRules`]) where it fits its budget. [`SEARCHES`] offers every board to
//! `gamesolve search` through [`ConnectFourSearch`] (solver-core's engines) and the dedicated
//! solver below (`--engine solver`, `solver-weak`), all of which `verify` also checks against
//! the tables. [`solve`] (and [`Solver`], which keeps its table between positions) is a
//! dedicated solver on Pons' score, on one thread or several: the module docs of its source,
//! `src/solver.rs`, give its algorithm, its table and its measured cost; SEARCH.md puts it
//! beside Pons' own solver.
//!
//! The judge problem is [`ConnectFourProblem`] (`problems/connect-four.md`, `gamesolve show
//! connect-four`): positions on boards up to 7x6 as the columns played, each answered with
//! its score, by the solver, by solver-core's alpha-beta on [`ConnectFourSearch`], or by the
//! oracle on plain grids.
//!
//! | board | positions (Böck) | empty board (Tromp) |
//! |---|---|---|
//! | width 4 height 4 | 161,029 | tie |
//! | width 5 height 4 | 3,945,711 | tie |
//! | width 4 height 5 | 1,706,255 | tie |
//! | width 5 height 5 | 69,763,700 | tie |
//! | width 6 height 4 | 94,910,577 | second player wins |
//! | width 7 height 6 | 4,531,985,219,092 | first player wins (Allis; Allen, 1988) |
//!
//! # Example
//! ```
//! use connect_four::{Position, Shape, Status};
//! let shape = Shape::new(7, 6).unwrap();
//! let position = Position::from_moves(shape, "4455667").unwrap();
//! assert_eq!(position.status(shape), Status::Won);
//! assert_eq!(position.picture(shape), "......./......./......./......./...OOO./...XXXX");
//!
//! use solver_core::Outcome;
//! use workbench::table_file::Value;
//! let game = connect_four::SPACES[0].open_words("width=4 height=4").unwrap();
//! let table = game.solve("reverse-graph").unwrap();
//! assert_eq!(table.value(game.start()), Value::Outcome(Outcome::Tie(16)));
//!
//! // The judge problem: X has three in column 1 of a 4x4 board and wins with its 4th stone.
//! use judge::AnyProblem;
//! let answer = connect_four::ConnectFourProblem.judge("1\n4 4 121212\n", "solver").unwrap();
//! assert_eq!(answer, "5\n");
//! ```

mod board;
pub mod plain;
mod problem;
mod search;
mod solvable;
mod solver;
mod space;

pub use board::{ConnectFour, Position, PositionError, Shape, ShapeError, Status};
pub use problem::{
    Case, ConnectFourEngine, ConnectFourProblem, MAX_CASES, MAX_EMPTY, MAX_HEIGHT, MAX_WIDTH, ORACLE_BUDGET,
    ORACLE_MAX_EMPTY, parse as parse_input, render,
};
pub use search::ConnectFourSearch;
pub use solvable::{MOST_POSITIONS, SEARCHES, SPACES, parse, pons_score};
pub use solver::{Session, SolveError, SolveOptions, Solved, Solver, outcome_of_score, score_of_outcome, solve};
pub use space::ConnectFourSpace;

use workbench::Registration;

/// Connect Four's judge problem, spaces and search; no fuzz body of its own (the generic judge
/// and workbench targets fuzz its problem).
pub static REGISTRATION: Registration = Registration {
    name: "connect-four",
    problems: &[&ConnectFourProblem],
    spaces: SPACES,
    searches: SEARCHES,
    fuzz: &[],
};

//! The Nim family: Nim, subtraction games on any finite set, and Northcott's game.
//!
//! # What it solves
//! - **Subtraction games** ([`SubtractionGame`]): a heap of stones, a move removes `k` stones for
//!   some `k` in a fixed finite set. Nim (take any number) and Bash's game (take 1 to `L`) are
//!   the two classic cases, with closed forms [`nim_value`] and [`bounded_value`] that the
//!   Grundy table is tested against. A sum of heaps, each with its own set, is won by the player
//!   to move iff the xor of the heaps' Grundy values is not zero.
//! - **Northcott's game** ([`northcott`]): a board of rows, each holding one piece of each
//!   player; the gaps between facing pieces play as Nim heaps ([`northcott::nim_sum`]), and the
//!   real board ([`northcott::NorthcottBoard`]) is solved exactly by retrograde analysis to
//!   check that reduction.
//!
//! # Assumptions
//! - Normal play everywhere: the player who cannot move loses; there are no ties and no scores.
//! - Subtraction games are impartial: both players have the same moves, so values do not depend
//!   on who moves. Values are for the player to move; in the judge problems the first player is
//!   the one to move at the start (Rabbit in HDU 1849, the teacher in HDU 1851).
//! - Northcott's game is partizan: Tom moves only Tom's pieces, Jerry only Jerry's; Tom moves
//!   first. A piece moves along its row any number of cells to an empty cell, toward the
//!   opponent's piece or away from it, never over it. Nothing ends the game but a player having no
//!   move, so on paper play could loop; on every board the tests solve it never does (no draws).
//!
//! # Ranking
//! A subtraction game's heap of `h` stones has id `h`; every move lowers it, so the space
//! declares [`PlayOrder::Descending`](solver_core::PlayOrder) and the Grundy engine needs no
//! search. A Northcott position is a mixed-radix number, one digit per row (the row's
//! placement of two distinct pieces), times 2 plus the turn.
//!
//! # Engine catalog
//! | question | engine | applies to | cannot do |
//! |---|---|---|---|
//! | Grundy value of every heap | [`solver_core::grundy_table`] via [`SubtractionGame::values`] | any finite subtraction set, heaps up to 2^32 - 2 | Nim's `O(h^2)` table is slow for large heaps: use [`nim_value`] |
//! | Nim and Bash closed forms | [`nim_value`], [`bounded_value`] | those two families | other sets |
//! | Northcott by reduction | [`northcott::nim_sum`] | any board | nothing: it is exact (checked against the real board) |
//! | Northcott on the real board | the three retrograde engines on [`northcott::NorthcottBoard`] (moves and un-moves) | boards up to 2^30 positions | large boards |
//! | the oracle | [`plain`] rules under `oracle::solve_loopy` | whole positions: every heap or row at once | anything but small positions |
//!
//! # Judge problems
//! | id | game | engines |
//! |---|---|---|
//! | `hdu1849` ([`Hdu1849`]) | pieces moving left on a strip: a sum of Nim heaps, Rabbit first | `grundy` (the Nim table), `formula` ([`nim_value`]), `oracle` (every piece at once on [`plain::PlainPiles`]) |
//! | `hdu1730` ([`Hdu1730`]) | Northcott's game, Tom first | `grundy` (the Nim table of the gaps), `formula` ([`northcott::nim_sum`]), `oracle` (the real board on [`plain::PlainNorthcott`]) |
//! | `hdu1851` ([`Hdu1851`]) | piles with a cap on each take, the teacher first; the answer is whether the second player wins | `grundy` (Bash tables), `formula` ([`bounded_value`]), `oracle` (every pile at once on [`plain::PlainPiles`]) |
//!
//! Each problem's contract is in `problems/<id>.md`. The oracle engines decline an input whose
//! search could exceed their work bounds (constants of each problem) before searching anything;
//! the other engines answer every valid input.
//!
//! # Whole spaces
//! [`SPACES`] offers two spaces to the whole-space commands (`gamesolve verify`, `stats`,
//! `solve`, `probe`, `diff`, `verify FILE`):
//! - `subtraction take=SET heap=N`: heaps `0..=N` (`take=any` for Nim, `take=1..L` for Bash's
//!   game, `take=2,5,7` for any set; start: the heap of `N`); a position is its number of
//!   stones, a move `take k`. Engines: `grundy`, `parallel-grundy`, and `formula` ([`nim_value`],
//!   [`bounded_value`]) for Nim and Bash's game. `verify` checks every heap with the Grundy
//!   oracle on [`plain::PlainHeap`], and every sum of 3 heaps of at most `min(N, 20)` stones as
//!   one whole position on [`plain::PlainPiles`] with the oracle's win/loss search.
//! - `northcott rows=R cols=C`: the real board, every retrograde engine; a position is written
//!   as the rows of HDU 1730's input then the player to move, `4 5, 1 2; Tom to move`, and the
//!   start has Tom's pieces in column 1 and Jerry's in the last. `verify` checks every position
//!   with the oracle on [`plain::PlainNorthcott`], and that every position is won exactly when
//!   [`northcott::nim_sum`] is not zero.
//!
//! # Example
//! ```
//! use nim::{SubtractionGame, bounded_value};
//! use solver_core::Nimber;
//!
//! // HDU 1851's second sample: a heap of 1 taking at most 1, a heap of 2 taking at most 2.
//! let values: Vec<Nimber> = [(1, 1), (2, 2)]
//!     .iter()
//!     .map(|&(heap, most)| SubtractionGame::bounded(most, 20).unwrap().values()[heap as usize])
//!     .collect();
//! assert_eq!(values, [bounded_value(1, 1), bounded_value(2, 2)]);
//! let sum: Nimber = values.into_iter().sum();
//! assert!(sum.is_win()); // the first player wins
//!
//! // The same sample through the judge problem, which answers for the second player.
//! use judge::AnyProblem;
//! assert_eq!(nim::Hdu1851.judge("1\n2\n1 1\n2 2\n", "formula").unwrap(), "No\n");
//! ```

mod fuzz;
pub mod northcott;
pub mod plain;
mod problems;
mod solvable;
mod subtraction;

pub use fuzz::{FUZZ, rank_northcott};
pub use problems::{Hdu1730, Hdu1730Engine, Hdu1849, Hdu1849Engine, Hdu1851, Hdu1851Engine};
pub use solvable::SPACES;
pub use subtraction::{MAX_HEAP, SubtractionError, SubtractionGame, bounded_value, nim_value};

use workbench::Registration;

/// The Nim family's problems, spaces and fuzz body.
pub static REGISTRATION: Registration =
    Registration { name: "nim", problems: &[&Hdu1849, &Hdu1730, &Hdu1851], spaces: SPACES, searches: &[], fuzz: FUZZ };

//! Take-and-break (octal) games: rows or heaps of tokens from which a move removes some tokens
//! and may split what is left in two. Kayles (0.77), Dawson's Kayles (0.07), Dawson's chess
//! (0.137), the rows of hdu2999 (remove `k` consecutive stones, `k` in a set) and, after its
//! first move, the bead circle of hdu3980 ([`Circle`]). The judge problems `hdu2999`
//! ([`Hdu2999`]) and `hdu3980` ([`Hdu3980`]) are answered here.
//!
//! # Assumptions
//! - Rules: an [`OctalCode`] `d0.d1d2...`; digit `d_k` says what removing `k` tokens from ONE
//!   heap may leave: bit 1 nothing (the whole heap was taken), bit 2 one nonempty heap, bit 4
//!   two nonempty heaps. `d0` is 0 or 4. Rows of stones with "remove `k` consecutive stones"
//!   are the code with `d_k = 7` ([`OctalCode::from_removals`]).
//! - Two players move alternately; the player to move first is the one asked about. Normal
//!   play: the player who cannot move loses. There are no ties and no draws: every move
//!   removes a token (or splits a heap), so every play ends.
//! - Positions are sums of heaps. A heap's value is its Sprague-Grundy value `G(n)`; a sum is
//!   won for the player to move exactly when the xor of its heaps' values is not 0
//!   ([`Method::heap_winners`] for one heap).
//! - A circle of `N` beads painted `M` at a time ([`Circle`]): every first move leaves the same
//!   row of `N - M` beads up to rotation, so the first player wins exactly when `N >= M` and
//!   that row is worth 0 (`M = 0` allows no move). A heap of 0 tokens and a row of 0 stones are
//!   positions without a move: lost for the player to move.
//!
//! # Ranking
//! [`OctalGame`] numbers a heap by its size: id `n` is the heap of `n` tokens, and every move
//! leads to smaller heaps ([`PlayOrder::Descending`](solver_core::PlayOrder)).
//!
//! # Engine catalog
//! [`Method`] picks one of the first three at run time (the judges' `--engine`).
//!
//! | engine | computes | time | when |
//! |---|---|---|---|
//! | [`solver_core::grundy_table`] on [`OctalGame`] | `G(0..=N)`, every option generated | `O(N^2 D)` | the reference engine, checked by solver-core's verifier |
//! | [`naive_grundy`] / [`NaiveSequence`] | `G(0..N)`, each split of each remainder once | `O(N^2/4 + N D V/64)` | many removals (hdu2999), short sequences |
//! | [`sparse_grundy`] / [`SparseSequence`] | `G(0..N)`, rare/common classes, witnesses searched one split of each remainder in turn | `O(N R + W)` with `R` rare heaps and `W <= N^2/4` witness steps, a few per heap with a sparse space; 6 bytes a value | long sequences of codes with a sparse space |
//! | [`prove_period`] | least period and pre-period, proven | `O(N)` typically | any finite code, from enough values |
//! | [`find_period`] | grows a sequence until [`prove_period`] succeeds | that of the sequence | searching for a period |
//! | [`plain`] + `oracle::solve_loopy` | win/lose of whole positions, no Sprague-Grundy | exponential | tests and the judges' `oracle` engine: small positions only |
//! | [`plain::Heap`] + `oracle::GrundyOracle` | `G(n)` by memoized recursion on the restated rules | `O(N^2 D)` with allocation | tests and verify |
//!
//! (`D` removals, `V` a bound on the values.) None of them handles infinite codes (no largest
//! removal) or games with more than two heaps left per move (hexadecimal codes).
//!
//! # The whole-space commands
//! [`SPACES`] offers any code's heaps to the whole-space commands (`gamesolve verify`, `stats`,
//! `solve`, `probe`, `diff`, `verify FILE`): `octal code=C n=N`, the heaps `0..=N` of code `C`,
//! the start being the heap of `N`; a table stores one nimber a heap. A heap is written as its
//! number of tokens (`7`), as the judges' inputs write a row; a move by what it leaves (`to 5`,
//! `to 2 + 3`, `to nothing`). Engines: `sparse` (the default), solver-core's `grundy` and
//! `parallel-grundy`, and `naive`, the last three only up to `n = 100000`; `verify FILE`
//! re-checks the values of tables up to that size too (the verifier sees every split), past it
//! only the checksums. `gamesolve verify` solves Kayles, Dawson's Kayles, Dawson's chess and
//! 0.007 up to heap 1000 with every engine, checks every heap with the Grundy oracle on
//! [`plain::Heap`], compares the proven period with the literature's ([`LITERATURE`]) and
//! searches every sum of heaps of at most 14 tokens as a whole position; `gamesolve stats`
//! notes the proven period.
//!
//! # Example
//! Kayles' period, proven from the values it needs:
//! ```
//! use octal::{OctalCode, SparseSequence, find_period};
//!
//! let kayles: OctalCode = "0.77".parse().unwrap();
//! let proof = find_period(&mut SparseSequence::new(kayles), 1_000, None).unwrap();
//! // OEIS A002186: periodic with period 12 from n = 71 on; the last exception is at 70.
//! assert_eq!((proof.preperiod, proof.period), (71, 12));
//! ```
//!
//! hdu3980's sample through its judge, by engine name:
//! ```
//! use judge::AnyProblem;
//!
//! let answer = octal::Hdu3980.judge("2\n3 1\n4 2\n", "sparse").unwrap();
//! assert_eq!(answer, "Case #1: aekdycoin\nCase #2: abcdxyzk\n");
//! ```

mod circle;
mod code;
mod game;
mod method;
mod period;
pub mod plain;
mod problems;
mod sequence;
mod solvable;

pub use circle::Circle;
pub use code::{CodeError, LEAVE_ONE, LEAVE_TWO, MAX_REMOVAL, OctalCode, TAKE_ALL};
pub use game::OctalGame;
pub use method::{Method, SequenceError};
pub use period::{Periodicity, Unproven, find_period, prove_period};
pub use problems::{Hdu2999, Hdu2999Engine, Hdu3980, Hdu3980Engine};
pub use sequence::{GrundySequence, NaiveSequence, SparseSequence, SparseStats, naive_grundy, sparse_grundy};
pub use solvable::{LITERATURE, SPACES, SUMMED_TOKENS};

use workbench::Registration;

/// The octal games' problems (`hdu2999`, `hdu3980`) and their space (`octal`). No fuzz body of
/// its own: the generic judge target covers both problems.
pub static REGISTRATION: Registration =
    Registration { name: "octal", problems: &[&Hdu2999, &Hdu3980], spaces: SPACES, searches: &[], fuzz: &[] };

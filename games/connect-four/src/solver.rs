//! A dedicated exact solver of Connect Four positions: the score of the side to move in the
//! convention of Pons' benchmark, by negamax over bitboards with a shared transposition
//! table, on any board [`Shape`] allows.
//!
//! # Scores
//! With `W * H` cells, write `F = floor((W * H + 1) / 2)`: the most stones a player (the
//! first) ever puts down. A position the player to move wins scores `F + 1 - k`, where `k` is
//! the winner's stones on the board when the game ends; a loss scores the negative of the
//! winner's score; a draw (a full board without four) 0. On 7x6 that is `22 - k`, the
//! convention of Pons' test sets. The winner hurries and the loser delays, so a score orders
//! play as remoteness does: [`score_of_outcome`] turns a table's value (win or loss in `r`
//! plies, tie) into the score: from a position of `n` stones the game ends with `n + r`, the
//! last of them the winner's, who then has `ceil((n + r) / 2)` stones.
//!
//! # Assumptions
//! - The position is one play reaches: stones fill each column from the bottom, the player to
//!   move has `floor(n / 2)` of the `n` stones and no four ([`SolveError::NotAPosition`]
//!   otherwise). A position already won by the last mover, or full, is answered as it stands
//!   (a loss with the stones as they are, or 0).
//! - The key of a position, `mover + stones`, is a number of `(H + 1) * W <= 64` bits, one per
//!   position: in each column the `k` stones give `2^k - 1` and the mover's stones add less
//!   than `2^k`, so the column's part lies in `[2^k - 1, 2^(k + 1) - 2]`, ranges that do not
//!   overlap for different `k` and stay below the column's spare bit. The key is not folded
//!   with the mirror image's: on Pons' sets that saved under 0.1% of the nodes (positions
//!   rarely meet their reflection deep in a search) and cost 10% of the time.
//!
//! # Algorithm
//! - Search on the score with null windows: the score lies in `[low, high]` (Pons' bounds
//!   from the cells left, `-floor(left / 2)` and `floor((left + 1) / 2)`); each round asks
//!   whether it exceeds some `m` (a window `[m, m + 1]`) and moves one bound, until they
//!   meet: a bisection whose probe goes out to the middle between a bound and 0 when the
//!   interval's middle is nearer 0. A probe far from 0 asks for a quick win or loss, and the
//!   score's bound from the cells left stops its search within few moves (Pons' iterative
//!   deepening), so the quick results come first and cheap, and their bounds stay in the
//!   table for the deeper probes. The weak solver starts from `[-1, 1]`, which settles the
//!   sign in at most two rounds.
//! - Negamax with alpha-beta. At each node the player to move cannot win at once (the parent
//!   never plays a move that allows it, and the root is checked before), so the moves are the
//!   non-losing ones: if the opponent has a winning cell the mover can drop into, the mover
//!   must block it (two such cells lose at once), and no move goes under an opponent's winning
//!   cell. No such move: the opponent wins with their next stone. Otherwise the mover's next
//!   stone cannot win and neither can the opponent's after it, so the score lies in
//!   `[-(F - 1 - o), F - 1 - m]` with `m`, `o` the stones of the mover and of the opponent;
//!   with two cells or fewer left, that is a draw.
//! - A transposition table of bounds: a cut above `beta` stores a lower bound, a node whose
//!   moves all fail low an upper bound; every bound is true of the position whatever window
//!   found it, so the table is shared between the rounds, the threads, and the positions one
//!   [`Solver`] solves. Positions with 10 empty cells or fewer skip the table: a lookup there
//!   costs a cache miss, more than searching the small subtree again.
//! - Moves are tried by the winning cells they give the mover (cells where one more stone
//!   would make four, playable now or not), most first, then from the centre out.
//! - Threads: the probes of the bisection run at once, on the shared table. A thread takes the
//!   next point of the interval; a thread whose point is taken probes the point one of the
//!   halves would need next (the smaller half first); when every such point is taken it joins
//!   a probe under way with the centre-first order slightly changed (lazy SMP), running ahead
//!   into other subtrees and leaving bounds the others find. Each answer narrows the shared
//!   interval; a probe the others made useless is abandoned. The score is exact, so it does
//!   not depend on the threads, only the time and the nodes do. On two threads, 12 of Pons'
//!   Begin-Hard positions took 1.49 s each, against 2.18 s with every thread on the same
//!   probe. The first thread searches alone for `solo_nodes` (most searches near the end of
//!   a game are over by then), then starts the helper threads, at most one a core, which
//!   look for the answer every 16 nodes. In a [`Solver::session`] the helpers stay, waiting
//!   spinning, and join each later search from its first node: on Pons' Begin-Easy set
//!   (searches of a few thousand nodes) two threads went from 1.05 to 1.53 times as fast as
//!   one (SEARCH.md), where helpers woken for each search (30 to 90 us) came too late.
//!
//! # Table
//! One slot of 64 bits per entry, a prime number `P` of them (at least 257), allocated once
//! on a [`TableMemory`] (huge pages where the system gives them, so that a lookup misses the
//! TLB less: Begin-Easy from 281 to 237 us a line on 2 threads, SEARCH.md):
//! the key's low 56 bits in bits 8..64, and a byte below: bit 7 set for a lower bound, clear
//! for an upper one, bits 0..7 the score plus 64 (never 0: an empty slot is 0). A key lives in
//! slot `key mod P`; two different keys below `2^64` agreeing modulo `P` and modulo `2^56`
//! would differ by a multiple of `P * 2^56 > 2^64`, so the slot's bits name the key exactly.
//! Replacement: always (the newest bound wins); loads and stores are single atomic words, so
//! threads never see a torn entry.
//!
//! # Cost
//! Time grows exponentially with the cells left. Measured on 7x6 (64 MiB table emptied before
//! each position, this 2-core machine otherwise idle), every line of Pons' sets, strong, one
//! thread / two in a session: 3.3 / 3.5 us near the end (L3_R1), 2.5 / 1.7 ms mid-game
//! (L2_R2), 151 / 99 us early (L1_R1); on two threads 55 ms on the first 200 of L1_R2 and
//! 1.5 s on the first 20 of the hardest (L1_R3). SEARCH.md puts them beside Pons' solver.
//! Memory: the table (given in bytes) plus `O(W * H)` stack a thread. While a session lasts,
//! its helper threads (one a core past the first) keep their cores busy between searches.

use crate::board::{Position, Shape, has_four};
use solver_core::Outcome;
use solver_core::search::TableMemory;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};

/// What to solve for and with what.
#[derive(Debug, Clone)]
pub struct SolveOptions {
    /// Only the sign of the score: win (1), draw (0) or loss (-1). Faster.
    pub weak: bool,
    /// The transposition table's memory in bytes, allocated once: 8 bytes an entry, at least
    /// 257 entries.
    pub tt_bytes: usize,
    /// The most nodes (calls of the search, over all threads) before giving up with
    /// [`SolveError::Budget`]; 0 for no limit. Checked every 1024 nodes of a thread.
    pub node_budget: u64,
    /// Set from elsewhere to stop the search with [`SolveError::Stopped`]; checked every 1024
    /// nodes of a thread.
    pub stop: Option<Arc<AtomicBool>>,
    /// Threads searching together, at most one a core; 0 counts as 1.
    pub threads: usize,
    /// With several threads, the nodes the first searches alone before it starts the others
    /// (in a [`Solver::session`], until they have started once): most searches near the end
    /// of a game are over sooner than a thread starts. 0: all at once.
    pub solo_nodes: u64,
}

impl Default for SolveOptions {
    /// Strong, a 64 MiB table, no budget, no stop flag, one thread (4,096 nodes alone before
    /// helpers join, when there are more).
    fn default() -> SolveOptions {
        SolveOptions { weak: false, tt_bytes: 64 << 20, node_budget: 0, stop: None, threads: 1, solo_nodes: 4096 }
    }
}

/// A solved position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solved {
    /// The score of the side to move (see the module docs), or only its sign (-1, 0, 1) when
    /// solved weakly.
    pub score: i32,
    /// Nodes the search visited, over all threads (0 when the position was decided without
    /// search: finished, a win at once, every move losing at once, or two cells or fewer left).
    pub nodes: u64,
    /// A move (the column, from 0) that keeps the score (its sign when weak); `None` on a
    /// finished position.
    pub best: Option<usize>,
}

/// Why no score came back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The node budget ran out.
    #[error("gave up after {nodes} nodes: the node budget ran out")]
    Budget {
        /// Nodes visited by then.
        nodes: u64,
    },
    /// The stop flag was set.
    #[error("stopped after {nodes} nodes")]
    Stopped {
        /// Nodes visited by then.
        nodes: u64,
    },
    /// The table could not be allocated.
    #[error("could not allocate a transposition table of {bytes} bytes")]
    Memory {
        /// The bytes asked for.
        bytes: usize,
    },
    /// The position is not one play reaches on this board.
    #[error(
        "not a position of this board: stones float, lie off the board, or the counts or fours cannot come from play"
    )]
    NotAPosition,
}

/// The score (see the module docs) of a table's value `outcome` at `position`: a win in `r`
/// plies from `n` stones ends with the winner at `ceil((n + r) / 2)` stones, so it scores
/// `F + 1 - ceil((n + r) / 2)` with `F = floor((W * H + 1) / 2)`; a loss the negative; a tie
/// 0 (and `Draw`, which Connect Four never has, 0 too). Constant time.
///
/// ```
/// use connect_four::{Position, Shape, score_of_outcome};
/// use solver_core::Outcome;
/// let shape = Shape::new(7, 6).unwrap();
/// // The first player to move on 7x6, winning with their 4th stone (ply 7): 22 - 4.
/// assert_eq!(score_of_outcome(shape, Position::empty(), Outcome::Win(7)), 18);
/// ```
pub fn score_of_outcome(shape: Shape, position: Position, outcome: Outcome) -> i32 {
    let most = shape.cells().div_ceil(2) as i64;
    let at_end = |plies: u32| (position.played() as u64 + u64::from(plies)).div_ceil(2) as i64;
    let score = match outcome {
        Outcome::Win(r) => most + 1 - at_end(r),
        Outcome::Loss(r) => -(most + 1 - at_end(r)),
        Outcome::Tie(_) | Outcome::Draw => 0,
    };
    score as i32
}

/// The table's value of a position whose score (see the module docs) is `score`: the inverse
/// of [`score_of_outcome`]. A win scoring `s` ends with the winner's `k = F + 1 - s`-th stone,
/// ply `2k - 1` if the winner moves first on the board, else ply `2k`; the remoteness is that
/// less the stones down. A draw is a tie on the full board. Constant time.
///
/// ```
/// use connect_four::{Position, Shape, outcome_of_score, score_of_outcome};
/// use solver_core::Outcome;
/// let shape = Shape::new(7, 6).unwrap();
/// let position = Position::from_moves(shape, "4453").unwrap();
/// assert_eq!(outcome_of_score(shape, position, 18), Outcome::Win(3));
/// assert_eq!(score_of_outcome(shape, position, Outcome::Win(3)), 18);
/// ```
pub fn outcome_of_score(shape: Shape, position: Position, score: i32) -> Outcome {
    let n = position.played() as i64;
    let stones = shape.cells().div_ceil(2) as i64 + 1 - i64::from(score.abs());
    // The winner is the mover for a win: the first player when the stones down are even.
    let winner_first = (score > 0) == (n % 2 == 0);
    let end = if winner_first { 2 * stones - 1 } else { 2 * stones };
    let remoteness = (end - n).max(0) as u32;
    match score.signum() {
        1 => Outcome::Win(remoteness),
        -1 => Outcome::Loss(remoteness),
        _ => Outcome::Tie((shape.cells() as i64 - n) as u32),
    }
}

/// The score of `position` on `shape` for the side to move: [`Solver::new`] then
/// [`Solver::solve`]. Time exponential in the cells left (see the module docs); memory the
/// table, `options.tt_bytes`.
///
/// ```
/// use connect_four::{Position, Shape, SolveOptions, solve};
/// // 4x4: neither player can force four (Tromp).
/// let shape = Shape::new(4, 4).unwrap();
/// let options = SolveOptions { tt_bytes: 1 << 20, ..SolveOptions::default() };
/// assert_eq!(solve(shape, Position::empty(), &options).unwrap().score, 0);
/// ```
pub fn solve(shape: Shape, position: Position, options: &SolveOptions) -> Result<Solved, SolveError> {
    Solver::new(shape, options.clone())?.solve(position)
}

/// A solver of one board size that keeps its table from one position to the next (the
/// bounds stay true, so later positions reuse them).
#[derive(Debug)]
pub struct Solver {
    board: Board,
    options: SolveOptions,
    memory: TableMemory,
    /// The threads to search on: `options.threads`, at most one a core.
    threads: usize,
}

impl Solver {
    /// The solver of `shape`, its table allocated (`options.tt_bytes`, at least 257 entries).
    pub fn new(shape: Shape, options: SolveOptions) -> Result<Solver, SolveError> {
        let memory = table_memory(options.tt_bytes)?;
        Ok(Solver { board: Board::new(shape), memory, threads: threads_of(&options), options })
    }

    /// Empties the table: for timing positions one by one as if each came first. Time linear
    /// in the table.
    pub fn clear(&mut self) {
        clear(self.memory.words());
    }

    /// The table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.memory.bytes()
    }

    /// Solves with `options` from now on, keeping the table (its bounds are true whatever the
    /// options; `tt_bytes` is not read again: a table of another size needs a new solver).
    pub fn set_options(&mut self, options: SolveOptions) {
        self.threads = threads_of(&options);
        self.options = options;
    }

    /// The score of `position` for the side to move, the nodes searched, a best move. With
    /// several threads, a search that outlasts `options.solo_nodes` starts its helper
    /// threads (about 0.1 ms), which end with it: for many positions, a [`Solver::session`]
    /// keeps them.
    pub fn solve(&mut self, position: Position) -> Result<Solved, SolveError> {
        self.session(|session| session.solve(position))
    }

    /// Runs `work` on a [`Session`] of this solver, in which helper threads, once a search
    /// has started them, wait for the next position spinning (yielding the core every few
    /// dozen checks) until `work` returns. Each position of a batch then finds them ready and
    /// they join its search from the first node: starting threads, or waking sleeping ones
    /// (30 to 90 us here), takes longer than most searches early in a game.
    ///
    /// ```
    /// use connect_four::{Position, Shape, SolveOptions, Solver};
    /// let shape = Shape::new(4, 4).unwrap();
    /// let options = SolveOptions { tt_bytes: 1 << 20, threads: 2, ..SolveOptions::default() };
    /// let mut solver = Solver::new(shape, options).unwrap();
    /// let scores: Vec<i32> = solver.session(|session| {
    ///     // The empty board is a draw (Tromp); after 1, 2, 1, 2, 1, 2 the first player's
    ///     // fourth stone in column 1 wins: 8 + 1 - 4 on this board of 16 cells.
    ///     ["", "121212"]
    ///         .iter()
    ///         .map(|moves| session.solve(Position::from_moves(shape, moves).unwrap()).unwrap().score)
    ///         .collect()
    /// });
    /// assert_eq!(scores, [0, 5]);
    /// ```
    pub fn session<R>(&mut self, work: impl FnOnce(&mut Session<'_, '_>) -> R) -> R {
        let (board, options, threads) = (&self.board, &self.options, self.threads);
        let table = Table { slots: self.memory.words() };
        let mailbox = Mailbox::new(options);
        std::thread::scope(|scope| {
            // However `work` ends, a panic included, the scope's helpers return.
            let _quit = Quit(&mailbox);
            let mut session = Session { scope, board, options, threads, table: &table, mailbox: &mailbox, helpers: 0 };
            work(&mut session)
        })
    }
}

/// The threads `options` asks for, at most one a core: a helper waits spinning, so one
/// beyond the cores takes time from the others.
fn threads_of(options: &SolveOptions) -> usize {
    // Asked once: the answer reads the system's files (cgroups), and `search` sets options for
    // each position.
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let cores = *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get));
    options.threads.clamp(1, cores)
}

fn clear(words: &[AtomicU64]) {
    for slot in words {
        slot.store(0, Ordering::Relaxed);
    }
}

/// Ends a session's helpers when dropped: they leave any search and stop waiting.
struct Quit<'a>(&'a Mailbox);

impl Drop for Quit<'_> {
    fn drop(&mut self) {
        self.0.shared.done.store(true, Ordering::Relaxed);
        self.0.quit.store(true, Ordering::Release);
    }
}

/// Counts a helper out of the open search when dropped, a panic included, so that the first
/// thread's wait in [`Mailbox::close`] ends.
struct Joined<'a>(&'a AtomicUsize);

impl Drop for Joined<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Release);
    }
}

/// A [`Solver`] with its helper threads: see [`Solver::session`].
pub struct Session<'scope, 'env> {
    scope: &'scope std::thread::Scope<'scope, 'env>,
    board: &'env Board,
    options: &'env SolveOptions,
    threads: usize,
    table: &'env Table<'env>,
    mailbox: &'env Mailbox,
    /// Helper threads started so far.
    helpers: usize,
}

impl Session<'_, '_> {
    /// Empties the table, as [`Solver::clear`] does.
    pub fn clear(&mut self) {
        clear(self.table.slots);
    }

    /// The score of `position` for the side to move, the nodes searched, a best move.
    pub fn solve(&mut self, position: Position) -> Result<Solved, SolveError> {
        let b = self.board;
        let (mover, stones) = (position.mover, position.stones);
        let last = mover ^ stones;
        let n = stones.count_ones();
        let valid = stones & !b.full == 0
            && mover & !stones == 0
            && (stones + b.bottoms) & stones == 0
            && mover.count_ones() == n / 2;
        if !valid {
            return Err(SolveError::NotAPosition);
        }
        let most = b.most;
        let (mine, theirs) = ((n / 2) as i32, n.div_ceil(2) as i32);
        let sign = |score: i32| if self.options.weak { score.signum() } else { score };
        let decided = |score: i32, best: Option<usize>| Ok(Solved { score: sign(score), nodes: 0, best });
        if b.has_four(last) {
            return decided(-(most + 1 - theirs), None);
        }
        if b.has_four(mover) {
            return Err(SolveError::NotAPosition);
        }
        if stones == b.full {
            return decided(0, None);
        }
        let playable = (stones + b.bottoms) & b.full;
        let wins = b.winning_cells::<0>(mover, stones) & playable;
        if wins != 0 {
            return decided(most - mine, Some(b.column_of(wins)));
        }
        let next = b.non_losing::<0>(mover, stones);
        if next == 0 {
            return decided(-(most - theirs), Some(b.column_of(playable)));
        }
        if n + 2 >= b.cells {
            return decided(0, Some(b.column_of(next)));
        }
        // Pons' bounds: one wider on each side than the position allows (the mover cannot win
        // with its next stone), but the bisection's probes then land where they cut sooner:
        // 19% fewer nodes on 60 of his Begin-Easy positions, 2.5% on Begin-Medium.
        let left = (b.cells - n) as i32;
        let (mut low, mut high) = (-left / 2, (left + 1) / 2);
        if self.options.weak {
            (low, high) = (low.max(-1), high.min(1));
        }
        let root = Root { mover, stones, n, low, high, fallback: b.column_of(next) };
        let solved = self.search(&root)?;
        Ok(Solved { score: sign(solved.score), ..solved })
    }

    /// The search from `root` on every thread: the score within the root's bounds (with the
    /// weak bounds, -1 to 1, its sign), and a move keeping it.
    fn search(&mut self, root: &Root) -> Result<Solved, SolveError> {
        let (b, table, mailbox) = (self.board, self.table, self.mailbox);
        let budget = self.options.node_budget;
        let (interval, shared) = (&mailbox.interval, &mailbox.shared);
        // No helper is inside a search between two solves (see `Mailbox::close`).
        interval.reset(root);
        shared.reset();
        let mut nodes_alone = 0;
        // Helpers already running join at once: they are ready within a microsecond or so.
        let solo_nodes = if self.helpers > 0 { 0 } else { self.options.solo_nodes };
        if self.threads > 1 && solo_nodes > 0 {
            // The first thread alone; what it proved stays in the table and the interval.
            let solo_budget = if budget == 0 { solo_nodes } else { budget.min(solo_nodes) };
            let solo = Shared::new(solo_budget, self.options.stop.clone());
            let found = narrow_on(b, table, &solo, interval, root, 0);
            nodes_alone = solo.nodes.load(Ordering::Relaxed);
            match found {
                _ if budget != 0 && nodes_alone > budget => return Err(SolveError::Budget { nodes: nodes_alone }),
                Ok(()) => return Ok(interval.answer(nodes_alone)),
                Err(Stop::Stopped) => return Err(SolveError::Stopped { nodes: nodes_alone }),
                Err(Stop::Budget | Stop::Done | Stop::Moved) => {}
            }
        }
        shared.nodes.store(nodes_alone, Ordering::Relaxed);
        if self.threads > 1 {
            self.start_helpers();
            mailbox.open(root);
        }
        search_on(b, table, shared, interval, root, 0);
        if self.threads > 1 {
            mailbox.close();
        }
        let nodes = shared.nodes.load(Ordering::Relaxed);
        if budget != 0 && nodes > budget {
            Err(SolveError::Budget { nodes })
        } else if interval.is_closed() {
            Ok(interval.answer(nodes))
        } else {
            Err(SolveError::Stopped { nodes })
        }
    }

    /// Starts the helper threads not yet running: `threads - 1` in all.
    fn start_helpers(&mut self) {
        let (board, table, mailbox) = (self.board, self.table, self.mailbox);
        for thread in self.helpers + 1..self.threads {
            self.scope.spawn(move || help(board, table, mailbox, thread));
        }
        self.helpers = self.threads - 1;
    }
}

/// One thread's part of a search from `root`; sets `shared.done` when it has the answer or
/// a reason to give up, so that the others stop.
fn search_on(b: &Board, table: &Table<'_>, shared: &Shared, interval: &Interval, root: &Root, thread: usize) {
    if narrow_on(b, table, shared, interval, root, thread) != Err(Stop::Done) {
        shared.done.store(true, Ordering::Relaxed);
    }
}

/// Thread `thread`'s probes of the interval from `root` ([`Search::narrow`]), its nodes
/// flushed to `shared`.
fn narrow_on(
    b: &Board,
    table: &Table<'_>,
    shared: &Shared,
    interval: &Interval,
    root: &Root,
    thread: usize,
) -> Result<(), Stop> {
    fn on<const H: u32>(
        b: &Board,
        table: &Table<'_>,
        shared: &Shared,
        interval: &Interval,
        root: &Root,
        thread: usize,
    ) -> Result<(), Stop> {
        let mut search = Search::<H>::new(b, table, shared, interval, thread);
        let found = search.narrow(root);
        search.flush();
        found
    }
    match b.stride - 1 {
        // The standard board's height as a constant: its shifts become immediates, 17% fewer
        // instructions a node (callgrind, 30 of Pons' middle positions).
        6 => on::<6>(b, table, shared, interval, root, thread),
        _ => on::<0>(b, table, shared, interval, root, thread),
    }
}

/// A helper thread of a session: waits for each search the mailbox opens, joins it, and
/// returns when the session ends. It waits spinning, yielding its core every
/// [`YIELD_EVERY`] checks, so that it joins within a microsecond or so where a sleeping
/// thread takes 30 to 90.
fn help(board: &Board, table: &Table<'_>, mailbox: &Mailbox, thread: usize) {
    let mut seen = 0;
    let mut checks = 0u32;
    while !mailbox.quit.load(Ordering::Acquire) {
        let generation = mailbox.generation.load(Ordering::Acquire);
        if generation == seen {
            checks = checks.wrapping_add(1);
            if checks.is_multiple_of(YIELD_EVERY) {
                std::thread::yield_now();
            } else {
                std::hint::spin_loop();
            }
            continue;
        }
        seen = generation;
        if let Some(root) = mailbox.join(generation) {
            let _joined = Joined(&mailbox.joined);
            search_on(board, table, &mailbox.shared, &mailbox.interval, &root, thread);
        }
    }
}

/// A waiting helper yields its core after this many checks for a search.
const YIELD_EVERY: u32 = 64;

/// Where the first thread of a session hands each search to the helpers.
struct Mailbox {
    /// The search open to helpers, if any.
    open: Mutex<Option<(u64, Root)>>,
    /// Counts the searches opened, so that a waiting helper sees a new one without the lock.
    generation: AtomicU64,
    /// Helpers inside the open search.
    joined: AtomicUsize,
    /// Set when the session ends.
    quit: AtomicBool,
    interval: Interval,
    shared: Shared,
}

impl Mailbox {
    fn new(options: &SolveOptions) -> Mailbox {
        let root = Root { mover: 0, stones: 0, n: 0, low: 0, high: 0, fallback: 0 };
        Mailbox {
            open: Mutex::new(None),
            generation: AtomicU64::new(0),
            joined: AtomicUsize::new(0),
            quit: AtomicBool::new(false),
            interval: Interval::new(&root),
            shared: Shared::new(options.node_budget, options.stop.clone()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<(u64, Root)>> {
        self.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Opens the search from `root` (its interval and count already reset) to the helpers.
    fn open(&self, root: &Root) {
        let mut open = self.lock();
        let generation = self.generation.load(Ordering::Relaxed) + 1;
        *open = Some((generation, *root));
        self.generation.store(generation, Ordering::Release);
    }

    /// The root of search `generation` if it is still open, counted as joined.
    fn join(&self, generation: u64) -> Option<Root> {
        let open = self.lock();
        let (_, root) = (*open).filter(|&(open, _)| open == generation)?;
        self.joined.fetch_add(1, Ordering::Relaxed);
        Some(root)
    }

    /// Ends the open search: no helper joins it any more, and the ones inside have left (they
    /// look at `done` every [`DONE_CHECK`] nodes).
    fn close(&self) {
        self.shared.done.store(true, Ordering::Relaxed);
        *self.lock() = None;
        while self.joined.load(Ordering::Acquire) > 0 {
            std::hint::spin_loop();
        }
    }
}

/// A board's geometry, worked out once.
#[derive(Debug, Clone)]
struct Board {
    shape: Shape,
    /// Bits a column takes, the spare one included.
    stride: u32,
    /// Columns.
    width: usize,
    /// Cells.
    cells: u32,
    /// `F`, the most stones a player puts down.
    most: i32,
    /// Every cell.
    full: u64,
    /// Each column's bottom cell.
    bottoms: u64,
    /// Each column's cells, by column.
    columns: [u64; 32],
    /// The columns from the centre out.
    centre_first: [u8; 32],
}

impl Board {
    fn new(shape: Shape) -> Board {
        let mut columns = [0; 32];
        let mut centre_first = [0; 32];
        for (c, column) in columns.iter_mut().enumerate().take(shape.width()) {
            *column = shape.column(c);
        }
        for (slot, c) in centre_first.iter_mut().zip(shape.centre_first()) {
            *slot = c as u8;
        }
        Board {
            shape,
            stride: shape.stride(),
            width: shape.width(),
            cells: shape.cells() as u32,
            most: shape.cells().div_ceil(2) as i32,
            full: shape.full(),
            bottoms: shape.bottoms(),
            columns,
            centre_first,
        }
    }

    fn has_four(&self, stones: u64) -> bool {
        has_four(self.shape, stones)
    }

    /// [`crate::board::winning_cells`] without its guards on the shifts: lines across a board (and along its
    /// diagonals) need 4 columns, so a board of 4 columns or more is at most 15 high and every
    /// shift, up to 3 x (15 + 2) bits, stays below 64; a narrower one has only lines up its
    /// columns (shifts of 1 to 3). The hot spot of the search (every move ordered calls it).
    /// `H`: the board's height, or 0 to read it from the board.
    fn winning_cells<const H: u32>(&self, stones: u64, occupied: u64) -> u64 {
        let mut cells = (stones << 1) & (stones << 2) & (stones << 3);
        if self.width >= 4 {
            let h = if H == 0 { self.stride - 1 } else { H };
            for step in [h + 1, h, h + 2] {
                let below = (stones << step) & (stones << (2 * step));
                cells |= below & ((stones << (3 * step)) | (stones >> step));
                let above = (stones >> step) & (stones >> (2 * step));
                cells |= above & ((stones >> (3 * step)) | (stones << step));
            }
        }
        cells & self.full & !occupied
    }

    /// The cells the mover may drop into without letting the opponent win at once: the one
    /// block if the opponent has a playable winning cell (none if two), never a cell under an
    /// opponent's winning cell. Assumes the mover cannot win at once.
    fn non_losing<const H: u32>(&self, mover: u64, stones: u64) -> u64 {
        let playable = (stones + self.bottoms) & self.full;
        let threats = self.winning_cells::<H>(mover ^ stones, stones);
        let mut allowed = playable;
        let forced = playable & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            allowed = forced;
        }
        allowed & !(threats >> 1)
    }

    /// The column of the lowest set cell of `cells` (not empty).
    fn column_of(&self, cells: u64) -> usize {
        (cells.trailing_zeros() / self.stride) as usize
    }
}

/// A bound on a position's score, as the table keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    /// The score is at least this.
    Lower(i32),
    /// The score is at most this.
    Upper(i32),
}

/// The transposition table: see the module docs for the layout. Its words are a
/// [`TableMemory`]'s, on huge pages where the system gives them.
struct Table<'m> {
    slots: &'m [AtomicU64],
}

/// Whether `n` is prime, by trial division: `O(sqrt n)`.
fn is_prime(n: u64) -> bool {
    n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| !n.is_multiple_of(d))
}

/// The memory of the table of the largest prime number of slots that fits `bytes`, at least
/// 257, zeroed.
fn table_memory(bytes: usize) -> Result<TableMemory, SolveError> {
    let mut len = (bytes / 8).max(257) as u64;
    while !is_prime(len) {
        len -= 1;
    }
    TableMemory::zeroed(len as usize * 8).map_err(|_| SolveError::Memory { bytes })
}

impl Table<'_> {
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key % self.slots.len() as u64) as usize]
    }

    fn get(&self, key: u64) -> Option<Bound> {
        let entry = self.slot(key).load(Ordering::Relaxed);
        if entry == 0 || entry >> 8 != key & ((1 << 56) - 1) {
            return None;
        }
        let score = (entry & 0x7f) as i32 - 64;
        Some(if entry & 0x80 != 0 { Bound::Lower(score) } else { Bound::Upper(score) })
    }

    fn put(&self, key: u64, bound: Bound) {
        let byte = match bound {
            Bound::Lower(score) => 0x80 | (score + 64) as u64,
            Bound::Upper(score) => (score + 64) as u64,
        };
        self.slot(key).store(key << 8 | byte, Ordering::Relaxed);
    }
}

/// Why a thread's search stopped before its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// Another thread finished (or gave up) first.
    Done,
    /// The node budget ran out.
    Budget,
    /// The stop flag was set.
    Stopped,
    /// The thread's probe no longer narrows the interval: other probes settled it.
    Moved,
}

/// The interval the score lies in, narrowed by the threads' probes together, and the probes
/// under way. Each probe asks whether the score exceeds some `p` with `low <= p < high`; its
/// answer is a bound, true whichever thread found it, so the probes can run at once: with one
/// thread this is the bisection; with more, a thread whose point is taken probes the point of
/// a half instead (the smaller first), so the probes the bisection would make next are under
/// way together, and only when every such point is taken does a thread join another's probe.
/// A probe that the others' answers make useless is abandoned.
struct Interval {
    low: AtomicI32,
    high: AtomicI32,
    probes: Mutex<Probes>,
}

/// What an [`Interval`] keeps under its lock.
struct Probes {
    /// A move reaching `low` (the root's fallback until a probe cuts).
    best: usize,
    /// The points being probed, one entry a thread.
    under_way: Vec<i32>,
}

impl Interval {
    fn new(root: &Root) -> Interval {
        Interval {
            low: AtomicI32::new(root.low),
            high: AtomicI32::new(root.high),
            probes: Mutex::new(Probes { best: root.fallback, under_way: Vec::new() }),
        }
    }

    /// Back to `root`'s bounds, with no probes under way.
    fn reset(&self, root: &Root) {
        let mut probes = self.lock();
        self.low.store(root.low, Ordering::Relaxed);
        self.high.store(root.high, Ordering::Relaxed);
        probes.best = root.fallback;
        probes.under_way.clear();
    }

    fn is_closed(&self) -> bool {
        self.low.load(Ordering::Relaxed) >= self.high.load(Ordering::Relaxed)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Probes> {
        self.probes.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The score and its move once the interval is closed.
    fn answer(&self, nodes: u64) -> Solved {
        let best = self.lock().best;
        Solved { score: self.low.load(Ordering::Relaxed), nodes, best: Some(best) }
    }

    /// The next point to probe, registered as under way; `None` once the interval is closed.
    fn take_point(&self) -> Option<i32> {
        let mut probes = self.lock();
        let (low, high) = (self.low.load(Ordering::Relaxed), self.high.load(Ordering::Relaxed));
        if low >= high {
            return None;
        }
        let middle = bisection_point(low, high);
        // The halves the middle's answer leaves: (score > middle) and (score <= middle).
        let upper = (middle + 1 < high).then(|| bisection_point(middle + 1, high));
        let lower = (low < middle).then(|| bisection_point(low, middle));
        // The smaller half first: on 60 of Pons' Begin-Medium positions and 12 Begin-Hard ones,
        // two threads took 86 ms and 1.49 s a position so, 100 ms and 1.53 s larger first.
        let halves = if high - middle - 1 < middle - low { [upper, lower] } else { [lower, upper] };
        let free = std::iter::once(Some(middle)).chain(halves).flatten().find(|p| !probes.under_way.contains(p));
        let point = free.unwrap_or(middle);
        probes.under_way.push(point);
        Some(point)
    }

    /// The answer to the probe of `point` (as [`Search::root`] gives it), or none when it was
    /// abandoned; the point is no longer under way. Returns whether the interval is closed.
    fn settle(&self, point: i32, answer: Option<(i32, Option<usize>)>) -> bool {
        let mut probes = self.lock();
        if let Some(at) = probes.under_way.iter().position(|&p| p == point) {
            probes.under_way.swap_remove(at);
        }
        match answer {
            Some((score, Some(column))) if score > self.low.load(Ordering::Relaxed) => {
                self.low.store(score, Ordering::Relaxed);
                probes.best = column;
            }
            Some((score, None)) if score < self.high.load(Ordering::Relaxed) => {
                self.high.store(score, Ordering::Relaxed);
            }
            _ => {}
        }
        self.low.load(Ordering::Relaxed) >= self.high.load(Ordering::Relaxed)
    }

    /// Whether probing `point` still narrows the interval.
    fn narrows(&self, point: i32) -> bool {
        self.low.load(Ordering::Relaxed) <= point && point < self.high.load(Ordering::Relaxed)
    }
}

/// The point a bisection of `[low, high]` (`low < high`) probes: the middle, moved out to half
/// the bound on its side of 0 when the middle is nearer 0 than that (Pons' rule: a probe far
/// from 0 is a shallow search, see the module docs). Lies in `[low, high)`.
fn bisection_point(low: i32, high: i32) -> i32 {
    let middle = low + (high - low) / 2;
    if middle <= 0 && low / 2 < middle {
        low / 2
    } else if middle >= 0 && high / 2 > middle {
        high / 2
    } else {
        middle
    }
}

/// What the threads of one solve share besides the table.
struct Shared {
    nodes: AtomicU64,
    done: AtomicBool,
    budget: u64,
    stop: Option<Arc<AtomicBool>>,
}

impl Shared {
    fn new(budget: u64, stop: Option<Arc<AtomicBool>>) -> Shared {
        Shared { nodes: AtomicU64::new(0), done: AtomicBool::new(false), budget, stop }
    }

    /// Ready for the next search: no nodes, not done.
    fn reset(&self) {
        self.nodes.store(0, Ordering::Relaxed);
        self.done.store(false, Ordering::Relaxed);
    }
}

/// The position a solve starts from, past the checks, and its score's bounds.
#[derive(Debug, Clone, Copy)]
struct Root {
    mover: u64,
    stones: u64,
    n: u32,
    low: i32,
    high: i32,
    /// A non-losing move: best when the score is the lowest bound.
    fallback: usize,
}

/// Positions with this many empty cells or fewer are searched without the table: a table far
/// larger than the cache answers each lookup with a miss to memory, which costs more than
/// searching such a small subtree again. One thread, Pons' sets: End-Easy 7.6 to 5.4 us a
/// position, Middle-Easy 28 to 23 us, Begin-Medium 103 to 89 ms, Begin-Hard 2.83 to 2.14 s,
/// though 30% to 60% more nodes.
const UNTABLED_EMPTY: u32 = 10;

/// Moves are flushed to the shared count (and the limits checked) this often.
const FLUSH: u64 = 1024;

/// Whether another thread has answered is checked this often (a load of a shared flag that
/// changes once a solve).
const DONE_CHECK: u64 = 16;

/// One thread's search, on a board `H` high (0: the height read from the board).
struct Search<'a, const H: u32> {
    board: &'a Board,
    table: &'a Table<'a>,
    shared: &'a Shared,
    interval: &'a Interval,
    /// The thread's column order among moves of equal threats.
    order: [u8; 32],
    /// The point the thread is probing.
    probe: Option<i32>,
    /// Nodes not yet added to the shared count.
    pending: u64,
    stopped: Option<Stop>,
}

impl<'a, const H: u32> Search<'a, H> {
    fn new(
        board: &'a Board,
        table: &'a Table<'a>,
        shared: &'a Shared,
        interval: &'a Interval,
        thread: usize,
    ) -> Search<'a, H> {
        let mut order = board.centre_first;
        // Helper `t` moves the centre column back to place `t` (mod the width): close to the
        // best order, but different enough to reach other subtrees first.
        let shift = thread % board.width;
        order[..=shift].rotate_left(1.min(shift));
        Search { board, table, shared, interval, order, probe: None, pending: 0, stopped: None }
    }

    /// Adds the pending nodes to the shared count and checks the limits.
    fn flush(&mut self) {
        let shared = self.shared;
        let total = shared.nodes.fetch_add(self.pending, Ordering::Relaxed) + self.pending;
        self.pending = 0;
        if self.stopped.is_some() {
            return;
        }
        if shared.budget != 0 && total > shared.budget {
            self.stopped = Some(Stop::Budget);
        } else if shared.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
            self.stopped = Some(Stop::Stopped);
        } else if shared.done.load(Ordering::Relaxed) {
            self.stopped = Some(Stop::Done);
        }
    }

    /// Counts a node; whether to go on. Another thread's answer, and whether the thread's
    /// probe still narrows the interval, are looked for every [`DONE_CHECK`] nodes, sooner
    /// than the flush: near the end of a game a whole search is a few dozen nodes, and the last
    /// thread to stop holds up the answer.
    fn visit(&mut self) -> bool {
        self.pending += 1;
        if self.pending == FLUSH {
            self.flush();
        } else if self.pending.is_multiple_of(DONE_CHECK) && self.stopped.is_none() {
            if self.shared.done.load(Ordering::Relaxed) {
                self.stopped = Some(Stop::Done);
            } else if self.probe.is_some_and(|p| !self.interval.narrows(p)) {
                self.stopped = Some(Stop::Moved);
            }
        }
        self.stopped.is_none()
    }

    /// Probes points of the shared interval until it is closed (`Ok`: the answer is the
    /// interval's), or the thread must stop. A probe that other threads' answers made useless
    /// is abandoned for the next point.
    fn narrow(&mut self, root: &Root) -> Result<(), Stop> {
        while let Some(point) = self.interval.take_point() {
            self.probe = Some(point);
            let answer = self.root(root, point);
            self.probe = None;
            let closed = self.interval.settle(point, answer.ok());
            match answer {
                Err(Stop::Moved) => self.stopped = None,
                Err(stop) => return Err(stop),
                Ok(_) if closed => return Ok(()),
                Ok(_) => {}
            }
        }
        Ok(())
    }

    /// Whether the root's score exceeds `probe`: a bound `score` (a lower one above `probe`,
    /// with the move that reached it; an upper one at most `probe`).
    fn root(&mut self, root: &Root, probe: i32) -> Result<(i32, Option<usize>), Stop> {
        if !self.visit() {
            return Err(self.stopped.unwrap_or(Stop::Done));
        }
        let (alpha, beta) = (probe, probe + 1);
        let next = self.board.non_losing::<H>(root.mover, root.stones);
        let moves = self.ordered(root.mover, root.stones, next);
        for cell in moves.cells(self.board, next) {
            let child = -self.negamax(root.mover ^ root.stones, root.stones | cell, root.n + 1, -beta, -alpha);
            if let Some(stop) = self.stopped {
                return Err(stop);
            }
            if child >= beta {
                return Ok((child, Some(self.board.column_of(cell))));
            }
        }
        Ok((alpha, None))
    }

    /// The moves of `next` (cells), most winning cells made first, then in the thread's order.
    fn ordered(&self, mover: u64, stones: u64, next: u64) -> Moves {
        let mut moves = Moves { list: [(0, 0); 32], len: 0 };
        for &c in &self.order[..self.board.width] {
            let cell = next & self.board.columns[usize::from(c)];
            if cell == 0 {
                continue;
            }
            // At most 32 cells: the count fits a byte.
            let threats = self.board.winning_cells::<H>(mover | cell, stones | cell).count_ones() as u8;
            // Insertion after every move with as many threats or more: stable.
            let mut at = moves.len;
            while at > 0 && moves.list[at - 1].0 < threats {
                moves.list[at] = moves.list[at - 1];
                at -= 1;
            }
            moves.list[at] = (threats, c);
            moves.len += 1;
        }
        moves
    }

    /// The score of the position (`mover`'s stones, all `stones`, `n` of them) if inside
    /// `(alpha, beta)`; else a bound beyond the window's side it fails on. The mover cannot
    /// win at once. Returns junk once `stopped` is set, storing nothing.
    fn negamax(&mut self, mover: u64, stones: u64, n: u32, mut alpha: i32, mut beta: i32) -> i32 {
        if !self.visit() {
            return 0;
        }
        let b = self.board;
        let next = b.non_losing::<H>(mover, stones);
        let (mine, theirs) = ((n / 2) as i32, n.div_ceil(2) as i32);
        if next == 0 {
            return -(b.most - theirs);
        }
        if n + 2 >= b.cells {
            return 0;
        }
        let low = -(b.most - 1 - theirs);
        if alpha < low {
            alpha = low;
            if alpha >= beta {
                return alpha;
            }
        }
        let mut high = b.most - 1 - mine;
        let key = mover + stones;
        let tabled = b.cells - n > UNTABLED_EMPTY;
        match if tabled { self.table.get(key) } else { None } {
            Some(Bound::Lower(score)) if alpha < score => {
                alpha = score;
                if alpha >= beta {
                    return alpha;
                }
            }
            Some(Bound::Upper(score)) => high = high.min(score),
            _ => {}
        }
        if beta > high {
            beta = high;
            if alpha >= beta {
                return beta;
            }
        }
        let moves = self.ordered(mover, stones, next);
        for cell in moves.cells(b, next) {
            let child = -self.negamax(mover ^ stones, stones | cell, n + 1, -beta, -alpha);
            if self.stopped.is_some() {
                return 0;
            }
            if child >= beta {
                if tabled {
                    self.table.put(key, Bound::Lower(child));
                }
                return child;
            }
            alpha = alpha.max(child);
        }
        if tabled {
            self.table.put(key, Bound::Upper(alpha));
        }
        alpha
    }
}

/// Moves in the order to try them: (winning cells made, the column played). Bytes, so that
/// the list a node starts with zeroed is 64 bytes, not 512.
struct Moves {
    list: [(u8, u8); 32],
    len: usize,
}

impl Moves {
    /// The cells played, in order: the one playable cell of each column among `next`.
    fn cells<'m>(&'m self, board: &'m Board, next: u64) -> impl Iterator<Item = u64> + 'm {
        self.list[..self.len].iter().map(move |&(_, c)| next & board.columns[usize::from(c)])
    }
}

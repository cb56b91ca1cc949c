//! Negamax alpha-beta with a transposition table of bounds, and the drivers that turn its
//! null-window searches into exact values.
//!
//! Values are searched as one integer for the player to move ([`Scale`]): a scoring game's
//! score difference as it is; a win/loss/tie game's win in `r` plies as `WIN - r`, a loss in
//! `r` plies as `r - WIN` and a tie as 0, so that a move backs a child's value up by negating
//! it and moving it one step towards 0 (the winner hurries, the loser delays).

use super::table::{Bounds, Found, TranspositionTable};
use super::{Driver, Played, SearchError, SearchGame, SearchLimits, SearchStats, SearchValue, Sign};
use crate::Terminal;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::thread::Thread;
use std::time::Instant;

/// A win in 0 plies: wins and losses lie within [`MAX_PLIES`] of `±WIN`, inside the 32 bits
/// the transposition table keeps of a bound.
const WIN: i64 = 1 << 30;
/// Beyond every value: scores are at most `2^40` in size (the table keeps the bounds of those
/// beyond 32 bits weakened), remoteness below [`MAX_PLIES`].
pub(super) const INFINITY: i64 = 1 << 42;
/// The deepest path searched; deeper is reported as a cycle (or a game too deep to search).
pub(super) const MAX_PLIES: u32 = 100_000;
/// The stack of the thread a search runs on: a frame of the recursion is a few hundred bytes.
const STACK_BYTES: usize = 256 << 20;
/// The stop flag is read and progress reported every this many positions.
pub(super) const CHECK_EVERY: u64 = 1 << 12;
pub(super) const PROGRESS_EVERY: u64 = 1 << 20;
/// The fewest moves at which the children are looked up before the search
/// ([`Searcher::transposition_cutoff`]): with one, that lookup is the child's own first step.
const ETC_MOVES: usize = 2;
/// The longest principal variation reported.
const MAX_VARIATION: usize = 1_000;

/// How a game's values map to the integers searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Scale {
    /// Score differences, as they are.
    Score,
    /// Win, loss or tie with remoteness (see the module docs).
    Outcome,
}

impl Scale {
    pub(super) fn of<G: SearchGame + ?Sized>(game: &G) -> Scale {
        if game.scoring() { Scale::Score } else { Scale::Outcome }
    }

    /// The value of a finished position.
    fn terminal(self, end: Terminal) -> i64 {
        match end {
            Terminal::Win => WIN,
            Terminal::Loss => -WIN,
            Terminal::Tie => 0,
        }
    }

    /// The value of an unfinished position without moves: 0 for a score, a loss at once
    /// (normal play) for an outcome.
    fn stuck(self) -> i64 {
        match self {
            Scale::Score => 0,
            Scale::Outcome => -WIN,
        }
    }

    /// The mover's value of a move whose child is worth `child` (for the player to move there).
    fn backed_up(self, child: i64, gain: i64, again: bool) -> i64 {
        match self {
            Scale::Score if again => gain + child,
            Scale::Score => gain - child,
            Scale::Outcome => toward_zero(-child),
        }
    }

    /// The child's window for a parent's window `(alpha, beta)`: a child value at or below the
    /// first makes the move worth at least `beta`, one at or above the second at most `alpha`
    /// (for a move again, the other way round), so the child's search, exact inside its window
    /// and a bound outside it, gives the parent exactly what its own window needs.
    fn child_window(self, alpha: i64, beta: i64, gain: i64, again: bool) -> (i64, i64) {
        match self {
            Scale::Score if again => (alpha - gain, beta - gain),
            Scale::Score => (gain - beta, gain - alpha),
            // backed_up(c) = toward_zero(-c): at most alpha exactly when -c <= most(alpha), at
            // least beta exactly when -c >= least(beta).
            Scale::Outcome => (-least_before_toward_zero(beta), -most_before_toward_zero(alpha)),
        }
    }

    /// The child's exact value that backs up to `value` through a move (the inverse of
    /// [`Scale::backed_up`] on values a search gives).
    fn child_of(self, value: i64, gain: i64, again: bool) -> i64 {
        match self {
            Scale::Score if again => value - gain,
            Scale::Score => gain - value,
            Scale::Outcome => -away_from_zero(value),
        }
    }

    /// The value as the caller sees it.
    pub(super) fn value(self, v: i64) -> SearchValue {
        match self {
            Scale::Score => SearchValue::Score(v),
            Scale::Outcome if v > 0 => SearchValue::Win((WIN - v) as u32),
            Scale::Outcome if v < 0 => SearchValue::Loss((WIN + v) as u32),
            Scale::Outcome => SearchValue::Tie,
        }
    }

    /// A bound on the value, in words, for a search that stopped before the answer.
    pub(super) fn describe_bounds(self, lower: i64, upper: i64) -> String {
        let side = |v: i64| match self.value(v) {
            SearchValue::Score(s) => format!("{s:+}"),
            SearchValue::Win(r) => format!("a win in {r}"),
            SearchValue::Loss(r) => format!("a loss in {r}"),
            SearchValue::Tie => "a tie".to_string(),
        };
        match (lower > -INFINITY, upper < INFINITY) {
            (false, false) => "nothing proven yet".to_string(),
            (true, false) => format!("proven: at least {}", side(lower)),
            (false, true) => format!("proven: at most {}", side(upper)),
            (true, true) if lower == upper => format!("proven: {}", side(lower)),
            (true, true) => format!("proven: between {} and {}", side(lower), side(upper)),
        }
    }
}

/// `x` one step nearer to 0 (0 stays): the value one ply further from the end.
fn toward_zero(x: i64) -> i64 {
    x - x.signum()
}

/// `x` one step further from 0 (0 stays): the value one ply nearer the end.
fn away_from_zero(x: i64) -> i64 {
    x + x.signum()
}

/// The least `x` with `toward_zero(x) >= t`.
fn least_before_toward_zero(t: i64) -> i64 {
    if t > 0 { t + 1 } else { t - 1 }
}

/// The most `x` with `toward_zero(x) <= t`.
fn most_before_toward_zero(t: i64) -> i64 {
    if t >= 0 { t + 1 } else { t - 1 }
}

/// What the threads of one search share.
pub(super) struct Shared {
    table: TranspositionTable,
    /// The first thread to finish, with an answer or an error: the others stop.
    finished: AtomicUsize,
    /// Positions visited, over all threads; each adds its own every [`CHECK_EVERY`].
    nodes: AtomicU64,
    threads: usize,
    /// The positions some thread is searching the moves of, by a hash of their keys; set when
    /// the helpers start.
    busy: OnceLock<Box<[AtomicU64]>>,
    /// The thread that starts the helpers, woken when the first has searched alone long
    /// enough or a thread has finished.
    caller: Thread,
}

/// Slots of [`Shared::busy`]: 256 KiB, mostly in the cache.
const BUSY_SLOTS: usize = 1 << 15;
/// The positions the first thread searches before the helpers start.
const SOLO_NODES: u64 = 1 << 14;

impl Shared {
    fn is_finished(&self) -> bool {
        self.finished.load(Ordering::Acquire) != usize::MAX
    }

    /// The key's slot in `busy` and what it holds there (never 0, an empty slot), once the
    /// helpers have started.
    fn busy_slot(&self, key: u128) -> Option<(&AtomicU64, u64)> {
        let busy = self.busy.get()?;
        let hash = ((key as u64) ^ ((key >> 64) as u64).rotate_left(17)).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        Some((&busy[(hash >> 40) as usize % BUSY_SLOTS], hash))
    }

    /// Whether another thread is searching the moves of the position of `key` (a guess: two
    /// keys may share a slot).
    fn busy(&self, key: u128) -> bool {
        self.busy_slot(key).is_some_and(|(slot, hash)| slot.load(Ordering::Relaxed) == hash)
    }

    /// Marks the position of `key` as under search, once the helpers have started; its slot,
    /// to clear when done.
    fn mark_busy(&self, key: u128) -> Option<&AtomicU64> {
        let (slot, hash) = self.busy_slot(key)?;
        slot.store(hash, Ordering::Relaxed);
        Some(slot)
    }
}

/// The place in the game's list of moves of the `i`-th move tried when the move at place
/// `first` (the table's best) is tried first, the others in the game's order.
fn nth_tried(first: Option<usize>, i: usize) -> usize {
    match first {
        Some(first) if i == 0 => first,
        Some(first) if i <= first => i - 1,
        _ => i,
    }
}

/// A move as the search uses it: what playing it gives, and the key of the position after it
/// (worked out once, for the children's lookups before the search and for the search).
struct Child<P> {
    played: Played<P>,
    key: Option<u128>,
}

/// One thread of a search: the game, the shared table, the limits and what it cost so far.
pub(super) struct Searcher<'a, G: SearchGame + ?Sized> {
    game: &'a G,
    scale: Scale,
    shared: &'a Shared,
    /// 0 for the thread that reports progress; helpers from 1.
    thread: usize,
    limits: &'a SearchLimits,
    stats: SearchStats,
    /// The positions the other threads had visited when this one last looked.
    others_nodes: u64,
    started: Instant,
    /// Move lists and their children, one per ply, reused.
    move_lists: Vec<Vec<G::Move>>,
    child_lists: Vec<Vec<Child<G::Position>>>,
    /// What the current driver has proven about the root, for a report on a stop.
    proven: (i64, i64),
    /// What the table holds of the children in [`Searcher::transposition_cutoff`], reused.
    found_scratch: Vec<Option<Found>>,
}

/// Runs `job` on `limits.threads` threads (at least one), each on a stack deep enough for
/// [`MAX_PLIES`] plies and all sharing one transposition table: the first alone for
/// [`SOLO_NODES`] positions, then the helpers beside it. Returns the result of the first to
/// finish, with the costs of all of them: positions, hits and stores summed, the tables and
/// every thread's buffers in the peak. The others stop within [`CHECK_EVERY`] positions. Every
/// thread's answer is exact, so the answer does not depend on the threads; the time and the
/// positions visited do.
pub(super) fn in_threads<G, T>(
    game: &G,
    position: &G::Position,
    limits: &SearchLimits,
    job: impl Fn(&mut Searcher<'_, G>, &G::Position) -> Result<T, SearchError> + Sync,
) -> Result<(T, SearchStats), SearchError>
where
    G: SearchGame + ?Sized,
    T: Send,
{
    let threads = limits.threads.max(1);
    let table = TranspositionTable::new(limits.tt_bytes, threads > 1)?;
    let shared = Shared {
        table,
        finished: AtomicUsize::new(usize::MAX),
        nodes: AtomicU64::new(0),
        threads,
        busy: OnceLock::new(),
        caller: std::thread::current(),
    };
    let started = Instant::now();
    let job = &job;
    let shared_ref = &shared;
    let mut results: Vec<Option<(Result<T, SearchError>, SearchStats)>> = std::thread::scope(|scope| {
        let spawn = |thread: usize| {
            let position = position.clone();
            std::thread::Builder::new().stack_size(STACK_BYTES).spawn_scoped(scope, move || {
                let mut searcher = Searcher::new(game, limits, shared_ref, thread, started);
                let result = job(&mut searcher, &position);
                let _ = shared_ref.finished.compare_exchange(usize::MAX, thread, Ordering::AcqRel, Ordering::Relaxed);
                shared_ref.caller.unpark();
                (result, searcher.stats)
            })
        };
        let mut handles = vec![spawn(0)];
        if handles[0].is_err() {
            return vec![None];
        }
        if threads > 1 {
            // The first thread searches alone for its first `SOLO_NODES` positions: most
            // searches near the end of a game are over sooner than a helper starts.
            while shared_ref.nodes.load(Ordering::Acquire) < SOLO_NODES && !shared_ref.is_finished() {
                std::thread::park();
            }
            if !shared_ref.is_finished() {
                let _ = shared_ref.busy.set((0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect());
                handles.extend((1..threads).map(spawn));
            }
        }
        handles
            .into_iter()
            .map(|handle| handle.ok().map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))))
            .collect()
    });
    let table_bytes = shared.table.bytes() as u64;
    let busy_bytes = shared.busy.get().map_or(0, |busy| size_of_val::<[AtomicU64]>(busy) as u64);
    let mut stats =
        SearchStats { elapsed: started.elapsed(), peak_bytes: table_bytes + busy_bytes, ..SearchStats::default() };
    for (_, thread) in results.iter().flatten() {
        stats.nodes += thread.nodes;
        stats.tt_hits += thread.tt_hits;
        stats.tt_stores += thread.tt_stores;
        stats.peak_bytes += thread.peak_bytes - table_bytes;
    }
    let first = shared.finished.load(Ordering::Acquire);
    match results.get_mut(first).and_then(Option::take) {
        Some((result, _)) => result.map(|answer| (answer, stats)),
        None => Err(SearchError::Stack { bytes: STACK_BYTES }),
    }
}

impl<'a, G: SearchGame + ?Sized> Searcher<'a, G> {
    fn new(
        game: &'a G,
        limits: &'a SearchLimits,
        shared: &'a Shared,
        thread: usize,
        started: Instant,
    ) -> Searcher<'a, G> {
        let stats = SearchStats { peak_bytes: shared.table.bytes() as u64, ..SearchStats::default() };
        Searcher {
            game,
            scale: Scale::of(game),
            shared,
            thread,
            limits,
            stats,
            others_nodes: 0,
            started,
            move_lists: Vec::new(),
            child_lists: Vec::new(),
            proven: (-INFINITY, INFINITY),
            found_scratch: Vec::new(),
        }
    }

    /// The value of `position` if it lies strictly between `alpha` and `beta`; else a bound:
    /// a result at or below `alpha` is at least the value, one at or above `beta` at most the
    /// value (fail-soft).
    fn search(&mut self, position: &G::Position, alpha: i64, beta: i64, ply: u32) -> Result<i64, SearchError> {
        self.search_keyed(position, self.game.key(position), alpha, beta, ply)
    }

    /// [`Searcher::search`] of a position whose key is `key`.
    fn search_keyed(
        &mut self,
        position: &G::Position,
        key: Option<u128>,
        alpha: i64,
        beta: i64,
        ply: u32,
    ) -> Result<i64, SearchError> {
        self.count_node()?;
        let nodes_before = self.stats.nodes;
        if let Some(end) = self.game.terminal(position) {
            return Ok(self.scale.terminal(end));
        }
        if ply >= MAX_PLIES {
            return Err(SearchError::Cycle { plies: ply });
        }
        let (mut lower, mut upper) = (-INFINITY, INFINITY);
        if let Some((low, high)) = self.game.score_bounds(position) {
            (lower, upper) = (low, high);
        }
        let mut first_move = None;
        if let Some(entry) = key.and_then(|key| self.shared.table.get(key)) {
            lower = lower.max(entry.bounds.lower);
            upper = upper.min(entry.bounds.upper);
            first_move = entry.best;
            if lower >= beta || upper <= alpha || lower == upper {
                self.stats.tt_hits += 1;
                return Ok(if lower >= beta { lower } else { upper });
            }
        }
        if lower >= beta || upper <= alpha {
            return Ok(if lower >= beta { lower } else { upper });
        }
        let (alpha, beta) = (alpha.max(lower), beta.min(upper));

        let mut moves = self.move_lists.pop().unwrap_or_default();
        moves.clear();
        self.game.moves(position, &mut moves);
        let mut children = self.child_lists.pop().unwrap_or_default();
        children.clear();
        children.extend(moves.iter().map(|&mv| {
            let played = self.game.play(position, mv);
            let key = self.game.key(&played.position);
            Child { played, key }
        }));
        let first = first_move.filter(|&at| at < moves.len());
        let busy = key.and_then(|key| self.shared.mark_busy(key));
        let result = self.best_move(&children, first, alpha, beta, ply);
        if let Some(slot) = busy {
            slot.store(0, Ordering::Relaxed);
        }
        let depth_lists = self.move_lists.len() + 1;
        self.move_lists.push(moves);
        self.child_lists.push(children);
        self.note_buffers(depth_lists);
        let (best, best_move) = result?;

        if let Some(key) = key {
            let bounds = if best <= alpha {
                Bounds { lower, upper: best.min(upper) }
            } else if best >= beta {
                Bounds { lower: best.max(lower), upper }
            } else {
                Bounds { lower: best, upper: best }
            };
            self.shared.table.store(key, bounds, best_move, self.stats.nodes - nodes_before + 1);
            self.stats.tt_stores += 1;
        }
        Ok(best)
    }

    /// The best of the moves (their `children`) within the window, the move at place `first`
    /// tried first, and the place of the move that gave it.
    fn best_move(
        &mut self,
        children: &[Child<G::Position>],
        first: Option<usize>,
        alpha: i64,
        beta: i64,
        ply: u32,
    ) -> Result<(i64, Option<usize>), SearchError> {
        if children.is_empty() {
            return Ok((self.scale.stuck(), None));
        }
        if children.len() >= ETC_MOVES
            && let Some(cut) = self.transposition_cutoff(children, beta)
        {
            return Ok(cut);
        }
        let mut best = -INFINITY;
        let mut best_move = None;
        // With helpers, a move whose child another thread is searching waits for a second
        // pass (the first move never waits): the threads spread over the moves instead of
        // searching the same subtree side by side, and the second pass mostly finds the
        // child's bounds in the table.
        let share = self.shared.busy.get().is_some();
        // Bit `i`: the `i`-th move tried waits for the second pass. Only the first 64 can wait.
        let mut waiting = 0u64;
        let waits = |waiting: u64, i: usize| i < 64 && waiting >> i & 1 == 1;
        for second_pass in [false, true] {
            for (i, at) in (0..children.len()).map(|i| (i, nth_tried(first, i))) {
                // The first pass skips the moves that wait; the second takes only them.
                if waits(waiting, i) != second_pass {
                    continue;
                }
                let Child { played: Played { position: child, gain, again }, key } = &children[at];
                let (gain, again) = (*gain, *again);
                let may_wait = share && !second_pass && (1..64).contains(&i);
                if may_wait && key.is_some_and(|key| self.shared.busy(key)) {
                    waiting |= 1 << i;
                    continue;
                }
                let floor = alpha.max(best);
                let (child_alpha, child_beta) = self.scale.child_window(floor, beta, gain, again);
                let searched = self.search_keyed(child, *key, child_alpha, child_beta, ply + 1)?;
                let value = self.scale.backed_up(searched, gain, again);
                if value > best {
                    best = value;
                    best_move = Some(at);
                    if best >= beta {
                        return Ok((best, best_move));
                    }
                }
            }
            if waiting == 0 {
                break;
            }
        }
        Ok((best, best_move))
    }

    /// A move whose child's bounds in the table already make it worth at least `beta`, with
    /// that worth and the move's place among `children` (an enhanced transposition cut-off).
    fn transposition_cutoff(&mut self, children: &[Child<G::Position>], beta: i64) -> Option<(i64, Option<usize>)> {
        // The lookups in a loop of their own, after the children's keys: they do not wait on
        // each other, so their cache misses overlap.
        let mut found = std::mem::take(&mut self.found_scratch);
        found.clear();
        found.extend(children.iter().map(|child| child.key.and_then(|key| self.shared.table.get(key))));
        let mut cut = None;
        for (at, (found, child)) in found.iter().zip(children).enumerate() {
            let Some(found) = found else { continue };
            let Played { gain, again, .. } = child.played;
            // A move is worth at least `beta` when its child is bounded: from below after a
            // move again (the worth grows with the child's value), else from above.
            let bound = if again && self.scale == Scale::Score { found.bounds.lower } else { found.bounds.upper };
            if bound.abs() == INFINITY {
                continue;
            }
            let worth = self.scale.backed_up(bound, gain, again);
            if worth >= beta {
                self.stats.tt_hits += 1;
                cut = Some((worth, Some(at)));
                break;
            }
        }
        self.found_scratch = found;
        cut
    }

    /// Counts a position visited; stops the search past the node budget (over all threads),
    /// when the stop flag is set, or when another thread has finished.
    fn count_node(&mut self) -> Result<(), SearchError> {
        self.stats.nodes += 1;
        let nodes = self.stats.nodes;
        let total = nodes + self.others_nodes;
        if self.limits.node_budget != 0 && total > self.limits.node_budget {
            let proven = self.scale.describe_bounds(self.proven.0, self.proven.1);
            return Err(SearchError::NodeBudget { nodes: total - 1, proven });
        }
        if nodes.is_multiple_of(CHECK_EVERY) {
            if self.shared.threads > 1 {
                let all = self.shared.nodes.fetch_add(CHECK_EVERY, Ordering::AcqRel) + CHECK_EVERY;
                self.others_nodes = all - nodes;
                if self.thread == 0 && nodes == SOLO_NODES {
                    self.shared.caller.unpark();
                }
            }
            let stopped = self.limits.stop.as_ref().is_some_and(|stop| stop.load(Ordering::Relaxed));
            if stopped || self.shared.finished.load(Ordering::Relaxed) != usize::MAX {
                let proven = self.scale.describe_bounds(self.proven.0, self.proven.1);
                return Err(SearchError::Stopped { nodes: total, proven });
            }
            if self.thread == 0
                && nodes.is_multiple_of(PROGRESS_EVERY)
                && let Some(progress) = &self.limits.progress
            {
                progress(&SearchStats { nodes: total, ..self.current_stats() });
            }
        }
        Ok(())
    }

    /// Counts the move lists and their children held for `plies` plies in the peak.
    fn note_buffers(&mut self, plies: usize) {
        let moves: usize = self.move_lists.iter().map(Vec::capacity).sum();
        let children: usize = self.child_lists.iter().map(Vec::capacity).sum();
        let bytes = (moves + plies) * std::mem::size_of::<G::Move>()
            + (children + plies) * std::mem::size_of::<Child<G::Position>>()
            + self.shared.table.bytes();
        self.stats.peak_bytes = self.stats.peak_bytes.max(bytes as u64);
    }

    fn current_stats(&self) -> SearchStats {
        SearchStats { elapsed: self.started.elapsed(), ..self.stats }
    }

    /// Whether the value of `position` is at least `t` (a null-window search), with the bound
    /// found.
    fn at_least(&mut self, position: &G::Position, t: i64) -> Result<(bool, i64), SearchError> {
        let v = self.search(position, t - 1, t, 0)?;
        Ok((v >= t, v))
    }

    /// The exact value of `position` by `driver`.
    pub(super) fn exact(&mut self, position: &G::Position, driver: Driver) -> Result<i64, SearchError> {
        let (mut lower, mut upper) = self.game.score_bounds(position).unwrap_or((-INFINITY, INFINITY));
        (lower, upper) = (lower.max(-INFINITY), upper.min(INFINITY));
        match driver {
            Driver::FullWindow => self.search(position, -INFINITY - 1, INFINITY + 1, 0),
            Driver::Bisection => {
                while lower < upper {
                    self.proven = (lower, upper);
                    let mid = lower + (upper - lower) / 2;
                    let (above, bound) = self.at_least(position, mid + 1)?;
                    if above { lower = bound } else { upper = bound }
                }
                Ok(lower)
            }
            Driver::Mtdf => {
                // The first guess is 0 (a tie, an even score): what a balanced game is worth.
                let mut guess = 0i64.clamp(lower, upper);
                while lower < upper {
                    self.proven = (lower, upper);
                    let t = if guess == lower { guess + 1 } else { guess };
                    let (above, bound) = self.at_least(position, t)?;
                    guess = bound;
                    if above { lower = bound } else { upper = bound }
                }
                Ok(lower)
            }
        }
    }

    /// The sign of the value of `position`: two null-window searches around 0 at most.
    pub(super) fn sign(&mut self, position: &G::Position) -> Result<Sign, SearchError> {
        let (positive, _) = self.at_least(position, 1)?;
        if positive {
            return Ok(Sign::Win);
        }
        self.proven = (-INFINITY, 0);
        let (not_negative, _) = self.at_least(position, 0)?;
        Ok(if not_negative { Sign::Tie } else { Sign::Loss })
    }

    /// A best line from `position`, worth `value`: at each step the first move whose child is
    /// worth exactly what the value needs (a null-window search each, mostly answered by the
    /// table).
    pub(super) fn variation(&mut self, position: &G::Position, mut value: i64) -> Result<Vec<G::Move>, SearchError> {
        let mut line = Vec::new();
        let mut position = position.clone();
        while line.len() < MAX_VARIATION && self.game.terminal(&position).is_none() {
            let mut moves = Vec::new();
            self.game.moves(&position, &mut moves);
            let mut next = None;
            for mv in moves {
                let played = self.game.play(&position, mv);
                let child = self.scale.child_of(value, played.gain, played.again);
                let (alpha, beta) = self.scale.child_window(value - 1, value + 1, played.gain, played.again);
                let found = self.search(&played.position, alpha, beta, 0)?;
                if self.scale.backed_up(found, played.gain, played.again) == value {
                    next = Some((mv, played.position, child));
                    break;
                }
            }
            let Some((mv, child_position, child_value)) = next else { break };
            line.push(mv);
            position = child_position;
            value = child_value;
        }
        Ok(line)
    }

    pub(super) fn scale(&self) -> Scale {
        self.scale
    }
}

/// Runs `search` on a thread with a stack deep enough for [`MAX_PLIES`] plies of recursion.
pub(super) fn on_deep_stack<T: Send>(search: impl FnOnce() -> T + Send) -> Result<T, SearchError> {
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new().stack_size(STACK_BYTES).spawn_scoped(scope, search);
        match thread {
            Ok(handle) => Ok(handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))),
            Err(_) => Err(SearchError::Stack { bytes: STACK_BYTES }),
        }
    })
}

//! Negamax alpha-beta with a transposition table of bounds, and the drivers that turn its
//! null-window searches into exact values.
//!
//! Values are searched as one integer for the player to move ([`Scale`]): a scoring game's
//! score difference as it is; a win/loss/tie game's win in `r` plies as `WIN - r`, a loss in
//! `r` plies as `r - WIN` and a tie as 0, so that a move backs a child's value up by negating
//! it and moving it one step towards 0 (the winner hurries, the loser delays).

use super::table::{Bounds, Found, TranspositionTable};
use super::{Answer, Driver, Played, SearchError, SearchGame, SearchLimits, SearchStats, SearchValue, Searched, Sign};
use crate::Terminal;
use std::sync::atomic::Ordering;
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

/// One search: the game, the table, the limits and what it cost so far.
pub(super) struct Searcher<'a, G: SearchGame + ?Sized> {
    game: &'a G,
    scale: Scale,
    table: TranspositionTable<G::Move>,
    limits: &'a SearchLimits,
    stats: SearchStats,
    started: Instant,
    /// Move lists, one per ply, reused.
    move_lists: Vec<Vec<G::Move>>,
    /// What the current driver has proven about the root, for a report on a stop.
    proven: (i64, i64),
    /// The children of [`Searcher::transposition_cutoff`] (key, move, gain, again) and what
    /// the table holds of them, reused.
    cutoff_scratch: Vec<(u128, G::Move, i64, bool)>,
    found_scratch: Vec<Option<Found<G::Move>>>,
}

impl<'a, G: SearchGame + ?Sized> Searcher<'a, G> {
    pub(super) fn new(game: &'a G, limits: &'a SearchLimits) -> Result<Searcher<'a, G>, SearchError> {
        let table = TranspositionTable::new(limits.tt_bytes)?;
        let stats = SearchStats { peak_bytes: table.bytes() as u64, ..SearchStats::default() };
        Ok(Searcher {
            game,
            scale: Scale::of(game),
            table,
            limits,
            stats,
            started: Instant::now(),
            move_lists: Vec::new(),
            proven: (-INFINITY, INFINITY),
            cutoff_scratch: Vec::new(),
            found_scratch: Vec::new(),
        })
    }

    /// The value of `position` if it lies strictly between `alpha` and `beta`; else a bound:
    /// a result at or below `alpha` is at least the value, one at or above `beta` at most the
    /// value (fail-soft).
    fn search(&mut self, position: &G::Position, alpha: i64, beta: i64, ply: u32) -> Result<i64, SearchError> {
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
        let key = self.game.key(position);
        let mut first_move = None;
        if let Some(entry) = key.and_then(|key| self.table.get(key)) {
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
        if let Some(at) = first_move.and_then(|m| moves.iter().position(|&x| x == m)) {
            moves[..=at].rotate_right(1);
        }
        let result = self.best_move(position, &moves, alpha, beta, ply);
        let depth_lists = self.move_lists.len() + 1;
        self.move_lists.push(moves);
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
            self.table.store(key, bounds, best_move, self.stats.nodes - nodes_before + 1);
            self.stats.tt_stores += 1;
        }
        Ok(best)
    }

    /// The best of `moves` within the window, and the move that gave it.
    fn best_move(
        &mut self,
        position: &G::Position,
        moves: &[G::Move],
        alpha: i64,
        beta: i64,
        ply: u32,
    ) -> Result<(i64, Option<G::Move>), SearchError> {
        if moves.is_empty() {
            return Ok((self.scale.stuck(), None));
        }
        if moves.len() >= ETC_MOVES
            && let Some(cut) = self.transposition_cutoff(position, moves, beta)
        {
            return Ok(cut);
        }
        let mut best = -INFINITY;
        let mut best_move = None;
        for &mv in moves {
            let Played { position: child, gain, again } = self.game.play(position, mv);
            let floor = alpha.max(best);
            let (child_alpha, child_beta) = self.scale.child_window(floor, beta, gain, again);
            let value = self.scale.backed_up(self.search(&child, child_alpha, child_beta, ply + 1)?, gain, again);
            if value > best {
                best = value;
                best_move = Some(mv);
                if best >= beta {
                    break;
                }
            }
        }
        Ok((best, best_move))
    }

    /// A move whose child's bounds in the table already make it worth at least `beta`, with
    /// that worth (an enhanced transposition cut-off).
    fn transposition_cutoff(
        &mut self,
        position: &G::Position,
        moves: &[G::Move],
        beta: i64,
    ) -> Option<(i64, Option<G::Move>)> {
        // The children's keys first, then their lookups in a loop of their own: the lookups
        // do not wait on each other, so their cache misses overlap.
        let mut children = std::mem::take(&mut self.cutoff_scratch);
        children.clear();
        children.extend(moves.iter().filter_map(|&mv| {
            let Played { position: child, gain, again } = self.game.play(position, mv);
            Some((self.game.key(&child)?, mv, gain, again))
        }));
        let mut found = std::mem::take(&mut self.found_scratch);
        found.clear();
        found.extend(children.iter().map(|&(key, ..)| self.table.get(key)));
        let mut cut = None;
        for (found, &(_, mv, gain, again)) in found.iter().zip(&children) {
            let Some(found) = found else { continue };
            // A move is worth at least `beta` when its child is bounded: from below after a
            // move again (the worth grows with the child's value), else from above.
            let bound = if again && self.scale == Scale::Score { found.bounds.lower } else { found.bounds.upper };
            if bound.abs() == INFINITY {
                continue;
            }
            let worth = self.scale.backed_up(bound, gain, again);
            if worth >= beta {
                self.stats.tt_hits += 1;
                cut = Some((worth, Some(mv)));
                break;
            }
        }
        self.cutoff_scratch = children;
        self.found_scratch = found;
        cut
    }

    fn count_node(&mut self) -> Result<(), SearchError> {
        self.stats.nodes += 1;
        let nodes = self.stats.nodes;
        if self.limits.node_budget != 0 && nodes > self.limits.node_budget {
            let proven = self.scale.describe_bounds(self.proven.0, self.proven.1);
            return Err(SearchError::NodeBudget { nodes: nodes - 1, proven });
        }
        if nodes.is_multiple_of(CHECK_EVERY) {
            if self.limits.stop.as_ref().is_some_and(|stop| stop.load(Ordering::Relaxed)) {
                let proven = self.scale.describe_bounds(self.proven.0, self.proven.1);
                return Err(SearchError::Stopped { nodes, proven });
            }
            if nodes.is_multiple_of(PROGRESS_EVERY)
                && let Some(progress) = &self.limits.progress
            {
                progress(&self.current_stats());
            }
        }
        Ok(())
    }

    /// Counts the move lists held for `plies` plies in the peak.
    fn note_buffers(&mut self, plies: usize) {
        let capacity: usize = self.move_lists.iter().map(Vec::capacity).sum();
        let bytes = (capacity + plies) * std::mem::size_of::<G::Move>() + self.table.bytes();
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

    pub(super) fn finish(mut self, answer: Answer, principal_variation: Vec<G::Move>) -> Searched<G::Move> {
        self.stats.elapsed = self.started.elapsed();
        Searched { answer, principal_variation, stats: self.stats }
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

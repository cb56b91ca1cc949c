//! How far an engine is, told from inside it: the engines whose name ends in `_reporting`
//! take a [`Progress`] and advance it as they finish positions, so that a caller can draw a
//! share and an estimate of the time left. The plain engines pass [`Progress::silent`].
//!
//! ```
//! use solver_core::{Game, ImpartialRules, Progress, StateId, StateSpace, grundy_table_reporting};
//! use std::sync::atomic::{AtomicU64, Ordering};
//!
//! struct TakeOne;
//! impl Game for TakeOne { type State = u32; }
//! impl ImpartialRules for TakeOne {
//!     fn options(&self, heap: &u32, option: &mut dyn FnMut(&[u32])) {
//!         if *heap > 0 { option(&[heap - 1]) }
//!     }
//! }
//! impl StateSpace for TakeOne {
//!     fn len(&self) -> usize { 100_000 }
//!     fn rank(&self, heap: &u32) -> StateId { StateId::from_u32(*heap).unwrap() }
//!     fn unrank(&self, id: StateId) -> u32 { id.as_u32() }
//! }
//!
//! let last = AtomicU64::new(0);
//! let tell = |done: u64, total: u64| {
//!     assert!(done <= total);
//!     last.store(done, Ordering::Relaxed);
//! };
//! grundy_table_reporting(&TakeOne, &Progress::new(&tell)).unwrap();
//! assert_eq!(last.load(Ordering::Relaxed), 100_000);
//! ```

use std::sync::Mutex;

/// Positions an engine finishes between two reports: a report takes a lock and makes a call,
/// so one every few thousand positions costs nothing next to the positions themselves.
pub const REPORT_EVERY: u64 = 1 << 14;

/// An engine's progress: `done` units of `total`, both chosen by the engine (usually positions
/// decided of the space's), told to a caller's function. Threads may advance it at once; the
/// reports reach the function one at a time, in order.
///
/// Contract for an engine that takes one: call [`Progress::begin`] with its total before any
/// [`Progress::advance`], never advance past the total, and reach the total when it returns a
/// table. It may begin again (a second phase) with a new total.
pub struct Progress<'a> {
    /// Done and total, locked while a report is told so that reports never go back.
    count: Mutex<(u64, u64)>,
    tell: Option<&'a (dyn Fn(u64, u64) + Sync)>,
}

impl<'a> Progress<'a> {
    /// Progress told to `tell(done, total)` on every advance.
    pub fn new(tell: &'a (dyn Fn(u64, u64) + Sync)) -> Progress<'a> {
        Progress { count: Mutex::new((0, 0)), tell: Some(tell) }
    }

    /// Progress told to nobody: what the engines without `_reporting` pass. It costs nothing.
    pub fn silent() -> Progress<'static> {
        Progress { count: Mutex::new((0, 0)), tell: None }
    }

    /// Starts counting from 0 towards `total`.
    pub fn begin(&self, total: u64) {
        self.update(|_| (0, total));
    }

    /// `units` more are done (never past the total).
    pub fn advance(&self, units: u64) {
        self.update(|(done, total)| (done.saturating_add(units).min(total), total));
    }

    /// Everything is done: what an engine whose last units are not counted one by one (the
    /// draws a retrograde engine never reaches) calls before it returns.
    pub fn finish(&self) {
        self.update(|(_, total)| (total, total));
    }

    fn update(&self, next: impl FnOnce((u64, u64)) -> (u64, u64)) {
        let Some(tell) = self.tell else { return };
        let mut count = self.count.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        *count = next(*count);
        tell(count.0, count.1);
    }
}

/// Counts positions one at a time and advances a [`Progress`] every [`REPORT_EVERY`] of them
/// (and what is left when dropped): the counter a sequential engine keeps in its loop.
pub struct Ticker<'p, 'a> {
    progress: &'p Progress<'a>,
    pending: u64,
}

impl<'p, 'a> Ticker<'p, 'a> {
    /// A ticker with nothing pending, advancing `progress`.
    pub fn new(progress: &'p Progress<'a>) -> Ticker<'p, 'a> {
        Ticker { progress, pending: 0 }
    }

    /// One more position done.
    #[inline]
    pub fn tick(&mut self) {
        self.pending += 1;
        if self.pending == REPORT_EVERY {
            self.flush();
        }
    }

    /// Reports what is pending.
    pub fn flush(&mut self) {
        if self.pending > 0 {
            self.progress.advance(self.pending);
            self.pending = 0;
        }
    }
}

impl Drop for Ticker<'_, '_> {
    fn drop(&mut self) {
        self.flush();
    }
}

//! The catalog of retrograde engines: every sequential and parallel engine by name, with its
//! memory bound, so a command can pick one at run time and a check can compare them all.

use crate::limits::RETROGRADE_LIMIT;
use crate::parallel_retrograde::{RetrogradeError, solve_parallel_counter, solve_parallel_layered_within};
use crate::progress::Progress;
use crate::retrograde::{solve_by_layers_within, solve_with_reverse_graph_reporting, solve_with_unmoves_reporting};
use crate::{LoopySpace, OutcomeTable, Unmoves};

/// The retrograde engines, for choosing one at run time (`--engine`) and for comparing them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RetrogradeEngine {
    /// [`solve_with_reverse_graph`](crate::solve_with_reverse_graph).
    ReverseGraph,
    /// [`solve_with_unmoves`](crate::solve_with_unmoves).
    Unmoves,
    /// [`solve_by_layers`](crate::solve_by_layers).
    Layered,
    /// [`solve_parallel_counter`].
    ParallelCounter,
    /// [`solve_parallel_layered`](crate::solve_parallel_layered) into a 4-byte [`OutcomeTable`].
    ParallelLayered,
}

impl RetrogradeEngine {
    /// Every engine: the sequential reverse-graph engine first (the reference the others are
    /// compared with), then the others, those with a stored graph before the layered ones.
    pub const ALL: [RetrogradeEngine; 5] = [
        RetrogradeEngine::ReverseGraph,
        RetrogradeEngine::ParallelCounter,
        RetrogradeEngine::Unmoves,
        RetrogradeEngine::ParallelLayered,
        RetrogradeEngine::Layered,
    ];

    /// The engine's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            RetrogradeEngine::ReverseGraph => "reverse-graph",
            RetrogradeEngine::Unmoves => "unmoves",
            RetrogradeEngine::Layered => "layered",
            RetrogradeEngine::ParallelCounter => "parallel-counter",
            RetrogradeEngine::ParallelLayered => "parallel-layered",
        }
    }

    /// The engines that need only moves, not un-moves, in the order of [`RetrogradeEngine::ALL`].
    pub const BY_MOVES: [RetrogradeEngine; 4] = [
        RetrogradeEngine::ReverseGraph,
        RetrogradeEngine::ParallelCounter,
        RetrogradeEngine::ParallelLayered,
        RetrogradeEngine::Layered,
    ];

    /// The engine with this command-line name.
    pub fn from_name(name: &str) -> Option<RetrogradeEngine> {
        Self::ALL.into_iter().find(|e| e.name() == name)
    }

    /// An upper bound on the bytes this engine allocates to solve a space of `positions`
    /// positions with `moves` distinct moves in all, the returned table included: what a caller
    /// checks against the memory it may use before solving. It counts every vector the engine
    /// grows at twice its length (a doubling vector's worst capacity) and excludes what the
    /// game itself allocates. 0 for a space past [`RETROGRADE_LIMIT`], which every engine
    /// refuses before allocating anything.
    pub fn memory_bound(self, positions: usize, moves: u64) -> u64 {
        if positions > RETROGRADE_LIMIT {
            return 0;
        }
        let (n, e) = (positions as u64, moves);
        let (per_position, per_move) = match self {
            // Table 4, forward offsets 8, reverse offsets and their fill cursors 8 + 8, a
            // doubling queue 8; forward moves doubling 8 and reverse moves 4.
            RetrogradeEngine::ReverseGraph => (36, 12),
            // Table 4, in-degrees 4, offsets 8, frontiers and decided lists doubling 16; the
            // chunks' forward moves doubling 8 and reverse moves 4.
            RetrogradeEngine::ParallelCounter => (32, 12),
            // Table 4 and a doubling queue 8.
            RetrogradeEngine::Unmoves => (12, 0),
            // The 4-byte table (atomic cells, taken over as they are).
            RetrogradeEngine::ParallelLayered => (4, 0),
            RetrogradeEngine::Layered => (4, 0),
        };
        n.saturating_mul(per_position).saturating_add(e.saturating_mul(per_move))
    }

    /// Solves `game` with this engine. Only [`RetrogradeEngine::ParallelLayered`] can fail
    /// with [`RetrogradeError::Overflow`], past its 2-byte cells' remoteness.
    pub fn solve<G: Unmoves + Sync + ?Sized>(self, game: &G) -> Result<OutcomeTable, RetrogradeError> {
        self.solve_reporting(game, u64::MAX, &Progress::silent())
    }

    /// [`RetrogradeEngine::solve`], the layered engines in at most `max_steps` steps (a position
    /// scanned or a move examined each; [`RetrogradeError::OverSteps`] before passing them): their
    /// time grows with the largest remoteness. The other engines take time linear in the
    /// space and its moves, which their memory bound already bounds, and ignore it. Advances
    /// `progress` where the engine reports (the reverse-graph and un-move engines; see their
    /// `_reporting` functions); [`Progress::silent`] where nobody watches.
    pub fn solve_reporting<G: Unmoves + Sync + ?Sized>(
        self,
        game: &G,
        max_steps: u64,
        progress: &Progress<'_>,
    ) -> Result<OutcomeTable, RetrogradeError> {
        match self {
            RetrogradeEngine::Unmoves => Ok(solve_with_unmoves_reporting(game, progress)?),
            by_moves => by_moves
                .solve_by_moves_reporting(game, max_steps, progress)
                .expect("every other engine needs only moves"),
        }
    }

    /// Solves `game`, which may lack un-moves, with this engine; `None` for the engine that
    /// needs them ([`RetrogradeEngine::Unmoves`]).
    pub fn solve_by_moves<G: LoopySpace + Sync + ?Sized>(
        self,
        game: &G,
    ) -> Option<Result<OutcomeTable, RetrogradeError>> {
        self.solve_by_moves_reporting(game, u64::MAX, &Progress::silent())
    }

    /// [`RetrogradeEngine::solve_by_moves`] with the step limit and the progress of
    /// [`RetrogradeEngine::solve_reporting`].
    pub fn solve_by_moves_reporting<G: LoopySpace + Sync + ?Sized>(
        self,
        game: &G,
        max_steps: u64,
        progress: &Progress<'_>,
    ) -> Option<Result<OutcomeTable, RetrogradeError>> {
        Some(match self {
            RetrogradeEngine::ReverseGraph => {
                solve_with_reverse_graph_reporting(game, progress).map_err(RetrogradeError::from)
            }
            RetrogradeEngine::Unmoves => return None,
            RetrogradeEngine::Layered => solve_by_layers_within(game, max_steps),
            RetrogradeEngine::ParallelCounter => solve_parallel_counter(game).map_err(RetrogradeError::from),
            RetrogradeEngine::ParallelLayered => solve_parallel_layered_within::<OutcomeTable, _>(game, max_steps),
        })
    }
}

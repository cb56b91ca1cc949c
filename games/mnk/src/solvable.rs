//! m,n,k-games as `gamesolve solve`, `probe`, `diff` and `verify FILE` see them: every board
//! reachable from the empty one, numbered as [`MnkSpace`] numbers them, written as its rows
//! from the top separated by `/` (`XX./OO./...`, the judge's rows; rows separated by spaces
//! are read too), moves as `explain` names them (`X b2`). Engines: solver-core's four
//! retrograde engines that need only moves, the crate's backward sweep ([`MnkSpace::solve`])
//! and its memoized search ([`Search`]); values are checked by solver-core's verifier.

use crate::board::{Board, Shape};
use crate::search::Search;
use crate::space::MnkSpace;
use solver_core::{OutcomeTable, StateId, StateSpace};
use testkit::solve::{Identity, LoopyGame, Notation, SolveTarget};

/// `mnk m=3 n=3 k=3`, as the stats target takes it.
pub const SOLVE_TARGETS: &[SolveTarget] = &[SolveTarget {
    name: "mnk",
    params: "m=3 n=3 k=3: an m x n board (m rows, n columns, m * n <= 16), k in a row wins (1 <= k <= max(m, n)), \
             every board reachable from the empty one",
    open: |params| {
        let m = params.number("m", 3, 1..=16usize)?;
        let n = params.number("n", 3, 1..=16usize)?;
        let k = params.number("k", 3, 1..=16usize)?;
        let shape = Shape::new(m, n, k).map_err(|e| e.to_string())?;
        let identity = Identity::new(
            "mnk",
            params,
            "X moves first on the empty board; k in a row (row, column or diagonal) wins at once, a full board \
             without one is a tie",
        );
        let notation = Notation::new(|b: &Board| format!("{b:?}"), move |text| parse_board(shape, text))
            .with_move_names(move |before, after| {
                let mover = before.to_move();
                let cell = (after.mask(mover) & !before.mask(mover)).trailing_zeros() as usize;
                format!("{mover} {}", shape.cell_name(cell))
            });
        let space = MnkSpace::new(shape);
        let game = LoopyGame::new(identity, space, &Board::empty(shape), notation)
            .with_engine("sweep", |space: &MnkSpace| Ok(space.solve()))
            .with_engine("search", search_table)
            // The game's own sweep holds one table and no graph: the lightest engine.
            .with_default_engine("sweep");
        Ok(Box::new(game))
    },
    // The verify workloads' games (`workloads::VERIFIED`) but (4,4,3): its six million
    // positions take several seconds an engine.
    golden: &["m=3 n=3 k=3", "m=4 n=3 k=3", "m=2 n=5 k=3", "m=1 n=9 k=3"],
}];

/// Every position's value by the memoized search from the empty board, which reaches them all.
fn search_table(space: &MnkSpace) -> Result<OutcomeTable, String> {
    let shape = space.shape();
    let mut search = Search::new(shape);
    search.value(Board::empty(shape));
    if search.positions() != space.len() {
        return Err(format!("the search reached {} positions, the space has {}", search.positions(), space.len()));
    }
    OutcomeTable::from_outcomes(StateId::all(space.len()).map(|id| search.value(space.unrank(id))))
        .map_err(|e| e.to_string())
}

/// A reachable board of `shape` from its rows, top first, separated by `/` or spaces.
fn parse_board(shape: Shape, text: &str) -> Result<Board, String> {
    let rows: Vec<&str> = text.split(|c: char| c == '/' || c.is_whitespace()).filter(|r| !r.is_empty()).collect();
    if rows.is_empty() {
        return Err(format!(
            "expected a board: {} rows of {} cells (X, O or .) separated by /, e.g. {:?}",
            shape.rows(),
            shape.cols(),
            Board::empty(shape)
        ));
    }
    Board::from_rows(shape, &rows).map_err(|e| format!("not a board of the game {shape} reachable in play: {e}"))
}

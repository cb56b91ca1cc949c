//! What `gamesolve verify`, `gamesolve stats` and the fuzz target `rank_mnk` run on the
//! m,n,k-games.

use crate::board::{Board, Shape, Status};
use crate::plain::{PlainBoard, PlainRules};
use crate::search::Search;
use crate::space::MnkSpace;
use solver_core::{OutcomeTable, StateId, StateSpace};
use std::convert::Infallible;
use std::sync::OnceLock;
use testkit::check::{Checked, Failure, OracleCheck, OracleSide, check_loopy};
use testkit::fuzz::FuzzTarget;
use testkit::space::{check_loopy_space, id_from_bytes};
use testkit::stats::{self, EngineCost, StatsTarget};
use testkit::workload::{Row, Workload};

/// The games `verify` solves: tic-tac-toe and its two first-player wins on 12 and 16 cells
/// (the last about ten seconds: 6 million positions, two retrograde engines, both verified,
/// and the crate's sweep and search; the oracle declines it), and two small games whose lines
/// run only along the long side. (4,4,4) is for `gamesolve stats mnk m=4 n=4 k=4`.
pub const VERIFIED: &[(usize, usize, usize)] = &[(3, 3, 3), (4, 3, 3), (4, 4, 3), (2, 5, 3), (1, 9, 3)];

/// The verify workloads, one per game of [`VERIFIED`].
pub fn workloads() -> Vec<Workload> {
    VERIFIED
        .iter()
        .map(|&(m, n, k)| {
            let shape = Shape::new(m, n, k).expect("a valid game");
            Workload::new(format!("mnk {shape}"), move |budget| {
                let space = MnkSpace::new(shape);
                let checked = check_everything(&space, budget)?;
                let empty = checked.table.get(space.rank(&Board::empty(shape)));
                let mut row = Row::loopy(checked);
                row.summary = format!("{}; empty board {empty}", row.summary);
                Ok(row)
            })
        })
        .collect()
}

/// The oracle's side of a check on `shape`: the plain rules, and a board as a plain board.
pub fn plain_side(shape: Shape) -> (PlainRules, fn(&Board) -> PlainBoard) {
    (PlainRules::new(shape.k()), PlainBoard::from_board)
}

/// solver-core's retrograde engines that need only moves, each table verified, against the
/// oracle on plain boards within `budget` (declined at once for a space larger than the
/// budget's states), then the crate's own solvers against them: the
/// backward sweep ([`MnkSpace::solve`]) and the memoized search from the empty board (which
/// reaches every position of the space).
pub fn check_everything(space: &MnkSpace, budget: oracle::Budget) -> Result<Checked<OutcomeTable>, Failure> {
    let (rules, state) = plain_side(space.shape());
    // Every position is a start for the oracle, so it needs at least as many states as the
    // space has: past its budget it would only explore that many and decline.
    let mut checked = if space.len() > budget.max_states {
        let mut checked = check_loopy::<_, PlainRules>(space, None, budget)?;
        let declined = budget.exceeded();
        checked.oracle = OracleCheck::Declined(declined.to_string());
        checked
    } else {
        check_loopy(space, Some(OracleSide { rules: &rules, state: &state }), budget)?
    };
    checked.compare_solver(space, "sweep", || Ok::<_, Infallible>(space.solve()))?;
    checked.compare_solver(space, "search", || {
        let mut search = Search::new(space.shape());
        search.value(Board::empty(space.shape()));
        if search.positions() != space.len() {
            return Err(format!("the search reached {} positions, the space has {}", search.positions(), space.len()));
        }
        OutcomeTable::from_outcomes(StateId::all(space.len()).map(|id| search.value(space.unrank(id))))
            .map_err(|e| e.to_string())
    })?;
    Ok(checked)
}

/// `gamesolve stats mnk m=3 n=3 k=3`: every reachable position, finished ones included.
pub const STATS_TARGETS: &[StatsTarget] = &[StatsTarget {
    name: "mnk",
    params: "m=3 n=3 k=3: an m x n board (m rows, n columns, m * n <= 16), k in a row wins (1 <= k <= max(m, n))",
    run: |params| {
        let m = params.number("m", 3, 1..=16usize)?;
        let n = params.number("n", 3, 1..=16usize)?;
        let k = params.number("k", 3, 1..=16usize)?;
        let shape = Shape::new(m, n, k).map_err(|e| e.to_string())?;
        Ok(report(shape))
    },
}];

/// The stats of one game: solver-core's summary (both retrograde engines that need only
/// moves), the crate's sweep timed too, and notes on the empty board and the finished
/// positions.
pub fn report(shape: Shape) -> stats::StatsReport {
    let (space, elapsed, peak_bytes) = stats::measure(|| MnkSpace::new(shape));
    let mut report = stats::loopy(format!("mnk {shape}"), &space, |b| format!("{b:?}, {} to move", b.to_move()));
    report.engines.insert(0, EngineCost::ran("build space", elapsed, peak_bytes));
    let (table, elapsed, peak_bytes) = stats::measure(|| space.solve());
    report.engines.push(EngineCost::ran("sweep", elapsed, peak_bytes));
    let empty = table.get(space.rank(&Board::empty(shape)));
    let (mut x_won, mut o_won, mut full) = (0u64, 0u64, 0u64);
    for id in StateId::all(space.len()) {
        match space.status_at(id) {
            Status::Won(crate::Player::X) => x_won += 1,
            Status::Won(crate::Player::O) => o_won += 1,
            Status::Full => full += 1,
            Status::InPlay => {}
        }
    }
    report.notes.push(format!("empty board: {empty} for X, who moves first"));
    report.notes.push(format!(
        "finished positions: {} (X won {x_won}, O won {o_won}, full-board ties {full})",
        x_won + o_won + full
    ));
    report
}

/// The games the fuzz target `rank_mnk` picks from (by its first byte): every kind of line,
/// k = 1 and k = max(m, n), one-row boards; each space is built once.
pub const FUZZ_GAMES: &[(usize, usize, usize)] =
    &[(3, 3, 3), (4, 3, 3), (3, 4, 3), (2, 2, 2), (1, 1, 1), (3, 3, 1), (1, 7, 3), (2, 5, 3), (3, 3, 2), (4, 2, 4)];

fn fuzz_space(index: usize) -> &'static MnkSpace {
    static SPACES: [OnceLock<MnkSpace>; FUZZ_GAMES.len()] = [const { OnceLock::new() }; FUZZ_GAMES.len()];
    SPACES[index].get_or_init(|| {
        let (m, n, k) = FUZZ_GAMES[index];
        MnkSpace::new(Shape::new(m, n, k).expect("a valid game"))
    })
}

/// `rank_mnk`: a game picked by the first byte; the position the next four bytes name, checked
/// against the plain rules (rank round trip, finished or not, moves); and the board the four
/// after name as a base-3 code, which the checks of [`Board::new`] accept exactly when the
/// enumeration reached it.
pub fn rank_mnk(data: &[u8]) -> Result<(), String> {
    let index = data.first().map_or(0, |&b| b as usize % FUZZ_GAMES.len());
    let space = fuzz_space(index);
    let shape = space.shape();
    let (rules, state) = plain_side(shape);
    let id = id_from_bytes(space, data, 1);
    check_loopy_space(space, &OracleSide { rules: &rules, state: &state }, [id]).map_err(|e| e.to_string())?;
    let mut word = [0u8; 4];
    for (slot, byte) in word.iter_mut().zip(data.iter().skip(5)) {
        *slot = *byte;
    }
    let code = u32::from_le_bytes(word) % crate::board::POW3[shape.cells()];
    let board = Board::from_code(shape, code);
    let checked = Board::new(shape, board.mask(crate::Player::X), board.mask(crate::Player::O));
    match (checked, space.id_of(&board)) {
        (Ok(_), Some(_)) | (Err(_), None) => Ok(()),
        (Ok(_), None) => Err(format!("{board:?} passes the checks of a reachable board, but play does not reach it")),
        (Err(e), Some(_)) => Err(format!("{board:?} is reached in play, but the checks reject it: {e}")),
    }
}

/// The crate's fuzz bodies.
pub const FUZZ: &[FuzzTarget] = &[FuzzTarget { name: "rank_mnk", body: rank_mnk }];

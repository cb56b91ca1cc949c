//! m,n,k-games as every whole-space command sees them: every board reachable from the empty
//! one, numbered as [`MnkSpace`] numbers them, written as its rows from the top separated by
//! `/` (`XX./OO./...`, the judge's rows; rows separated by spaces are read too), moves as
//! `explain` names them (`X b2`). Engines: the crate's backward sweep ([`MnkSpace::solve`], the
//! default: one table and no graph), solver-core's four retrograde engines that need only
//! moves, and the crate's memoized search ([`Search`]); values are checked by solver-core's
//! verifier and, where the space fits its budget, by the oracle on plain boards
//! ([`crate::plain::PlainRules`]).

use crate::Player;
use crate::board::{Board, Shape, Status};
use crate::fuzz::plain_side;
use crate::search::Search;
use crate::space::MnkSpace;
use crate::wide::{MnkSearch, WideShape};
use solver_core::{OutcomeTable, Progress, StateId, StateSpace};
use workbench::family::Engine;
use workbench::search::{Notated, Searchable};
use workbench::solve::{Identity, Notation};
use workbench::space_game::LoopyGame;
use workbench::target::{Args, Param, SearchTarget, SpaceTarget};

/// `mnk m=3 n=3 k=3`.
pub const SPACES: &[SpaceTarget] = &[SpaceTarget {
    name: "mnk",
    about: "every board of an m,n,k-game reachable from the empty one, X to move first",
    params: &[
        Param::number("m", "3", 1, 16, "rows of the board (m * n <= 16)"),
        Param::number("n", "3", 1, 16, "columns of the board"),
        Param::number("k", "3", 1, 16, "marks in a row that win, at most max(m, n)"),
    ],
    open,
    // Tic-tac-toe, its first-player win on 12 cells, and two games whose lines run only along
    // the long side. (4,4,3) and (4,4,4), of 6 and 10 million positions, are for `stats`.
    verified: &["m=3 n=3 k=3", "m=4 n=3 k=3", "m=2 n=5 k=3", "m=1 n=9 k=3"],
}];

/// `search mnk m=7 n=7 k=5`: boards of up to 64 cells by the crate's own search
/// ([`MnkSearch`]), where the tables stop at 16.
pub const SEARCHES: &[SearchTarget] = &[SearchTarget {
    name: "mnk",
    about: "an m,n,k-game of up to 64 cells searched forward (crate mnk's wide search), X to move first",
    params: &[
        Param::number("m", "3", 1, 26, "rows of the board (m * n <= 64)"),
        Param::number("n", "3", 1, 26, "columns of the board"),
        Param::number("k", "3", 1, 26, "marks in a row that win, at most max(m, n)"),
    ],
    open: open_search,
}];

fn open_search(args: &Args) -> Result<Box<dyn Searchable>, String> {
    let shape = WideShape::new(args.number("m"), args.number("n"), args.number("k")).map_err(|e| e.to_string())?;
    Ok(Box::new(searched(shape)))
}

/// The wide search of `shape`, positions written as the space writes them (rows from the top,
/// `/` or spaces between them), moves as `explain` names them (`X b2`).
fn searched(shape: WideShape) -> Notated<'static, MnkSearch> {
    let game = MnkSearch::new(shape.clone());
    let start = game.empty();
    let reader = MnkSearch::new(shape.clone());
    let writer = MnkSearch::new(shape.clone());
    Notated::new(
        game,
        start,
        move |text| {
            let rows: Vec<&str> =
                text.split(|c: char| c == '/' || c.is_whitespace()).filter(|r| !r.is_empty()).collect();
            reader.parse(&rows.join("/"))
        },
        move |board| writer.describe(board),
        move |board, cell| {
            let mover = if board.x_to_move() { "X" } else { "O" };
            format!("{mover} {}", shape.cell_name(usize::from(cell)))
        },
    )
}

fn open(args: &Args) -> Result<Box<dyn workbench::solve::SolvableGame>, String> {
    let shape = Shape::new(args.number("m"), args.number("n"), args.number("k")).map_err(|e| e.to_string())?;
    let identity = Identity::new(
        "mnk",
        args,
        "X moves first on the empty board; k in a row (row, column or diagonal) wins at once, a full board \
         without one is a tie",
    );
    let notation = Notation::new(|b: &Board| format!("{b:?}"), move |text| parse_board(shape, text))
        .with_move_names(move |before, after| {
            let mover = before.to_move();
            let cell = (after.mask(mover) & !before.mask(mover)).trailing_zeros() as usize;
            format!("{mover} {}", shape.cell_name(cell))
        })
        .with_picture(Board::diagram);
    let (rules, to_plain) = plain_side(shape);
    let table_bytes = |space: &MnkSpace| 4 * space.len() as u64;
    let game = LoopyGame::new(identity, MnkSpace::new(shape), &Board::empty(shape), notation)
        .with_oracle(rules, to_plain)
        .with_engine(Engine::reporting("sweep", table_bytes, |space: &MnkSpace, progress: &Progress<'_>| {
            Ok::<_, std::convert::Infallible>(space.solve_reporting(progress))
        }))
        // A byte a base-3 code, beside the table.
        .with_engine(Engine::new(
            "search",
            move |space: &MnkSpace| table_bytes(space) + 3u64.pow(shape.cells() as u32),
            search_table,
        ))
        .with_default_engine("sweep")
        .with_note(finished_positions)
        // Every move adds a mark, so no position repeats: the wide search values every board,
        // and `verify` checks it against the table.
        .with_search(move |_| {
            let wide = WideShape::new(shape.rows(), shape.cols(), shape.k()).expect("a table's board is a wide one");
            Box::new(searched(wide))
        });
    Ok(Box::new(game))
}

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

/// `finished positions: 958 (X won 626, O won 316, full-board ties 16)`.
fn finished_positions(space: &MnkSpace, _: &OutcomeTable) -> String {
    let (mut x_won, mut o_won, mut full) = (0u64, 0u64, 0u64);
    for id in StateId::all(space.len()) {
        match space.status_at(id) {
            Status::Won(Player::X) => x_won += 1,
            Status::Won(Player::O) => o_won += 1,
            Status::Full => full += 1,
            Status::InPlay => {}
        }
    }
    format!("finished positions: {} (X won {x_won}, O won {o_won}, full-board ties {full})", x_won + o_won + full)
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

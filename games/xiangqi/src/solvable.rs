//! The endgame as every whole-space command sees it (`gamesolve verify`, `stats`, `solve`,
//! `probe`, `diff`, `verify FILE`): all 14,420 positions, every retrograde engine of
//! solver-core (the un-move engine included; reverse-graph, the first, is the default), checked
//! by `verify` against each other, with solver-core's verifier and against the oracle on the
//! plain 10x9 board ([`PlainRules`]), which fits its budget. A position in play is written as a
//! line of HDU 5897's input, `x1 y1 x2 y2 x3 y3 p` (Bob's Horse, Bob's General, Alice's
//! General, 0 when Alice is to move and 1 when Bob is), with `- -` for a captured Horse; the
//! two ends are `Alice's General captured` and `Bob's General captured`. Moves are named as
//! `explain` names them (`Horse (2,6) -> (0,5)`). The start is the published sample's second
//! case.

use crate::hdu5897::describe as name_move;
use crate::plain::{PlainBoard, PlainRules};
use crate::{Board, Endgame, Position, Side, Square};
use workbench::solve::{Identity, Notation, SolvableGame};
use workbench::space_game::LoopyGame;
use workbench::target::{Args, SpaceTarget};

/// `xiangqi` (no parameters).
pub const SPACES: &[SpaceTarget] = &[SpaceTarget {
    name: "xiangqi",
    about: "General + Horse against a lone General, all 14,420 positions, starting from HDU 5897's sample \
            `2 6 9 5 2 3 1`",
    params: &[],
    open,
    // The whole game, the one size there is.
    verified: &[""],
}];

fn open(args: &Args) -> Result<Box<dyn SolvableGame>, String> {
    let variant = "HDU 5897: Bob's General and Horse against Alice's General, flying General, \
                   no check; a capture of a General ends the game; either side may be to move";
    let identity = Identity::new("xiangqi", args, variant);
    let start = parse(START).expect("the start is a legal position");
    let notation = Notation::new(describe, parse).with_move_names(name_move);
    let game = LoopyGame::with_unmoves(identity, Endgame::new(), &start, notation)
        .with_oracle(PlainRules, PlainBoard::from_position);
    Ok(Box::new(game))
}

/// HDU 5897's second sample case: Bob to move captures in 3 plies.
const START: &str = "2 6 9 5 2 3 1";

const ALICE_LOST: &str = "Alice's General captured";
const BOB_LOST: &str = "Bob's General captured";

/// The judge's line `x1 y1 x2 y2 x3 y3 p`, `- -` for a captured Horse, or an end.
fn describe(position: &Position) -> String {
    match position {
        Position::GeneralCaptured { loser: Side::Alice } => ALICE_LOST.to_string(),
        Position::GeneralCaptured { loser: Side::Bob } => BOB_LOST.to_string(),
        Position::InPlay { board, to_move } => {
            let horse = board.horse().map_or("- -".to_string(), |h| format!("{} {}", h.x(), h.y()));
            let (b, a) = (board.bob(), board.alice());
            let p = u8::from(*to_move == Side::Bob);
            format!("{horse} {} {} {} {} {p}", b.x(), b.y(), a.x(), a.y())
        }
    }
}

/// What [`describe`] writes (any spaces between the words): only legal placements.
fn parse(text: &str) -> Result<Position, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.join(" ").as_str() {
        ALICE_LOST => return Ok(Position::GeneralCaptured { loser: Side::Alice }),
        BOB_LOST => return Ok(Position::GeneralCaptured { loser: Side::Bob }),
        _ => {}
    }
    let [hx, hy, bx, by, ax, ay, p] = words[..] else {
        return Err(format!(
            "expected `x1 y1 x2 y2 x3 y3 p` (the Horse or `- -`, Bob's General, Alice's General, \
             0 Alice or 1 Bob to move), `{ALICE_LOST}` or `{BOB_LOST}`, found `{}`",
            text.trim()
        ));
    };
    let number = |word: &str, what: &str, max: u8| -> Result<u8, String> {
        word.parse::<u8>()
            .ok()
            .filter(|&n| word.bytes().all(|b| b.is_ascii_digit()) && n <= max)
            .ok_or_else(|| format!("{what} must be a number 0..={max}, found `{word}`"))
    };
    let square = |x: &str, y: &str, whose: &str| -> Result<Square, String> {
        let square = Square::new(number(x, &format!("{whose} row"), 9)?, number(y, &format!("{whose} column"), 8)?);
        Ok(square.expect("the bounds keep the point on the board"))
    };
    let horse = match (hx, hy) {
        ("-", "-") => None,
        _ => Some(square(hx, hy, "the Horse's")?),
    };
    let bob = square(bx, by, "Bob's General's")?;
    let alice = square(ax, ay, "Alice's General's")?;
    let to_move = match number(p, "who is to move p (0 Alice, 1 Bob)", 1)? {
        0 => Side::Alice,
        _ => Side::Bob,
    };
    let board = Board::new(horse, bob, alice).map_err(|e| e.to_string())?;
    Ok(Position::in_play(board, to_move))
}

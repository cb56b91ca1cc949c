//! Chomp, the worked example of a small game: its rules on plain states and one registration
//! line are all it takes. Every whole-space command (`verify`, `stats`, `solve`, `probe`) and
//! the generic checks run on it, through a space discovered from the rules
//! ([`solver_core::Discovered`]), with no rank or unrank written.
//!
//! # Rules and assumptions
//! A bar of chocolate of `rows` x `cols` squares; the bottom-left square, `a1`, is poisoned. A
//! move eats one square that is left and every square above it or to its right (a row counted
//! from 1 at the bottom, a column lettered from `a` at the left); eating the poison is not a
//! move. The first player moves first on the whole bar. The player who cannot move (only the
//! poison is left, so they would have to eat it) loses: normal play, no ties, no draws (every
//! move eats a square, so play ends). A position is its columns' heights, left to right, which
//! never rise: `4 4 2` is a bar of 3 columns, the last of height 2.
//!
//! ```
//! use solver_core::Outcome;
//! use workbench::table_file::Value;
//!
//! let game = chomp::SPACES[0].open_words("rows=2 cols=3").unwrap();
//! let start = game.solve("reverse-graph").unwrap().value(game.start());
//! // The first player wins every bar but the poison alone (Gale, 1974).
//! assert!(matches!(start, Value::Outcome(Outcome::Win(_))));
//! ```

use solver_core::{Game, Rules, Terminal};
use workbench::Registration;
use workbench::solve::{Identity, Notation, SolvableGame};
use workbench::space_game::LoopyGame;
use workbench::target::{Args, Param, SpaceTarget};

/// Chomp's rules: moves on columns' heights.
pub struct Chomp;

impl Game for Chomp {
    type State = Vec<u8>;
}

impl Rules for Chomp {
    fn terminal(&self, _: &Vec<u8>) -> Option<Terminal> {
        None
    }

    fn successors(&self, heights: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        for (column, &height) in heights.iter().enumerate() {
            // Eating row `row` of `column` (from 0) cuts every column from it on to `row`.
            for row in usize::from(column == 0)..usize::from(height) {
                let eaten = heights.iter().enumerate().map(|(c, &h)| if c >= column { h.min(row as u8) } else { h });
                out.push(eaten.collect());
            }
        }
    }
}

/// `chomp rows=R cols=C`.
pub const SPACES: &[SpaceTarget] = &[SpaceTarget {
    name: "chomp",
    about: "every position of Chomp reachable from the whole bar, first player to move",
    params: &[
        Param::number("rows", "4", 1, 8, "rows of the bar"),
        Param::number("cols", "7", 1, 8, "columns of the bar"),
    ],
    open,
    verified: &["rows=1 cols=1", "rows=2 cols=5", "rows=4 cols=7", "rows=8 cols=8"],
}];

fn open(args: &Args) -> Result<Box<dyn SolvableGame>, String> {
    let (rows, cols): (u8, usize) = (args.number("rows"), args.number("cols"));
    let identity = Identity::new("chomp", args, "a1 poisoned; eat a square and all above and right of it; normal play");
    let notation = Notation::new(|h: &Vec<u8>| describe(h), move |text| parse(text, cols))
        .with_move_names(|before: &Vec<u8>, after: &Vec<u8>| name_move(before, after))
        .with_picture(move |h: &Vec<u8>| picture(h, rows));
    // At most C(16, 8) = 12,870 positions: the bars under an 8 x 8 one.
    let game =
        LoopyGame::from_rules(identity, Chomp, vec![rows; cols], notation, 1 << 14).map_err(|e| e.to_string())?;
    // Every move eats a square: no position repeats, so forward search values it too.
    Ok(Box::new(game.acyclic()))
}

/// The heights, `4 4 2`.
fn describe(heights: &[u8]) -> String {
    heights.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

/// The bar for people, `rows` rows from the top: `#` a square left, `.` one eaten, row numbers
/// on the left and column letters under, as moves name squares (`b2`); a1, bottom left, is the
/// poisoned square. Time and memory O(rows x columns).
fn picture(heights: &[u8], rows: u8) -> String {
    let mut out = String::new();
    for row in (0..rows).rev() {
        let squares: Vec<&str> = heights.iter().map(|&h| if h > row { "#" } else { "." }).collect();
        out += &format!("{:<3}{}\n", row + 1, squares.join(" "));
    }
    let letters: Vec<String> = (0..heights.len()).map(|c| char::from(b'a' + c as u8).to_string()).collect();
    out + &format!("   {}\n", letters.join(" "))
}

/// `cols` heights, none rising, the first at least 1; whether play reaches them is the space's
/// to say.
fn parse(text: &str, cols: usize) -> Result<Vec<u8>, String> {
    let shape = || format!("expected {cols} column heights, left to right, none rising and the first at least 1");
    let heights: Vec<u8> =
        text.split_whitespace().map(|w| w.parse::<u8>().map_err(|_| shape())).collect::<Result<_, _>>()?;
    let falling = heights.windows(2).all(|w| w[0] >= w[1]);
    if heights.len() != cols || !falling || heights.first().is_none_or(|&h| h == 0) {
        return Err(shape());
    }
    Ok(heights)
}

/// The square a move eats, `b2`: the leftmost column cut, at the height it is cut to.
fn name_move(before: &[u8], after: &[u8]) -> String {
    let column = before.iter().zip(after).position(|(b, a)| b != a).unwrap_or(0);
    format!("{}{}", char::from(b'a' + column as u8), after[column] + 1)
}

/// Chomp's space; it has no judge problem and no fuzz body.
pub static REGISTRATION: Registration =
    Registration { name: "chomp", problems: &[], spaces: SPACES, searches: &[], fuzz: &[] };

//! The judge problems on octal games: `hdu2999` (rows of stones) and `hdu3980` (a circle of
//! beads). Each parses its input, asks the game ([`Method`](crate::Method),
//! [`Circle`](crate::Circle)) and writes the contest's output; its `oracle` engine searches
//! whole positions of the crate's plain rules instead, within the bounds declared here.

mod hdu2999;
mod hdu3980;

pub use hdu2999::{Hdu2999, Hdu2999Engine};
pub use hdu3980::{Hdu3980, Hdu3980Engine};

use crate::method::SequenceError;
use judge::JudgeError;

/// A sequence the chosen engine could not compute, as the judges report it.
fn too_large(e: SequenceError) -> JudgeError {
    JudgeError::TooLarge(e.to_string())
}

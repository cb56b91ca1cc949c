//! The Nim family's judge problems: `hdu1849` (Nim), `hdu1730` (Northcott's game) and `hdu1851`
//! (a sum of Bash's games). Each parses its input, asks the game for values, and formats the
//! contest's answer; each has a `grundy` engine (solver-core's table), a `formula` engine (the
//! closed form) and an `oracle` engine (a win/loss search of whole positions on the plain rules).

mod hdu1730;
mod hdu1849;
mod hdu1851;

pub use hdu1730::{Hdu1730, Hdu1730Engine};
pub use hdu1849::{Hdu1849, Hdu1849Engine};
pub use hdu1851::{Hdu1851, Hdu1851Engine};

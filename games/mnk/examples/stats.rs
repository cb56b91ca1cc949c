//! What `gamesolve stats mnk` prints, runnable from this crate alone:
//!
//! ```text
//! cargo run -p mnk --release --example stats -- m=4 n=4 k=4
//! ```
//!
//! It opens the crate's registered space with the given `key=value` parameters (defaults m=3
//! n=3 k=3), checked first, and prints its stats as text.

use workbench::target::Args;

fn main() -> Result<(), String> {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let target = &mnk::REGISTRATION.spaces[0];
    let args = Args::parse(target.params, &words).map_err(|e| e.to_string())?;
    let game = (target.open)(&args)?;
    print!("{}", game.stats().to_text());
    Ok(())
}

//! What `gamesolve stats mnk` prints, runnable from this crate alone:
//!
//! ```text
//! cargo run -p mnk --release --example stats -- m=4 n=4 k=4
//! ```
//!
//! It runs the crate's registered stats target with the given `key=value` parameters
//! (defaults m=3 n=3 k=3) and prints the report as text.

use testkit::stats::Params;

fn main() -> Result<(), String> {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let mut params = Params::parse(&words)?;
    let target = &mnk::REGISTRATION.stats[0];
    let report = (target.run)(&mut params)?;
    params.finish()?;
    print!("{}", report.to_text());
    Ok(())
}

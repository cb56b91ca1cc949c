//! The integration tests of mnk, one binary with a module per former test file, so that the crate
//! and its dependencies are linked once instead of once per file. Run one area with a filter on its
//! module: `cargo test -p mnk --release --test integration reference::`.

mod hard;
mod judge;
mod reference;
mod registered;
mod solvable;
mod space;
mod wide;

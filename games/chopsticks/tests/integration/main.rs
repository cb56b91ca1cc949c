//! The integration tests of chopsticks, one binary with a module per former test file, so that the
//! crate and its dependencies are linked once instead of once per file. Run one area with a filter
//! on its module: `cargo test -p chopsticks --release --test integration data::`.

mod data;
mod hard;
mod judge;
mod rules;
mod solvable;

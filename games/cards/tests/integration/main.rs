//! The integration tests of cards, one binary with a module per former test file, so that the crate
//! and its dependencies are linked once instead of once per file. Run one area with a filter on its
//! module: `cargo test -p cards --release --test integration rules::`.

mod judges;
mod rules;
mod solvable;

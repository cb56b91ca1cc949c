//! The integration tests of graph-tokens, one binary with a module per former test file, so that
//! the crate and its dependencies are linked once instead of once per file. Run one area with a
//! filter on its module: `cargo test -p graph-tokens --release --test integration judges::`.

mod hard;
mod judges;
mod registration;
mod solvable;
mod tokens;

//! The integration tests of graph-games, one binary with a module per former test file, so that the
//! crate and its dependencies are linked once instead of once per file. Run one area with a filter
//! on its module: `cargo test -p graph-games --release --test integration solvable::`.

mod hard;
mod solvable;

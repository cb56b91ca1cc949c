//! The integration tests of connect-four, one binary with a module per area, so that the crate
//! and its dependencies are linked once instead of once per file. Run one area with a filter on
//! its module: `cargo test -p connect-four --release --test integration solver::`.

mod problem;
mod solver;
mod tables;

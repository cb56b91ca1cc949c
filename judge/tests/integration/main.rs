//! The integration tests of judge, one binary with a module per former test file, so that the crate
//! and its dependencies are linked once instead of once per file. Run one area with a filter on its
//! module: `cargo test -p judge --release --test integration sums::`. (`tests/resources.rs` stays a
//! binary of its own: it sets the process-wide work budget and memory limit, which every
//! explanation here reads.)

mod hard_pools;
mod judge;
mod sums;

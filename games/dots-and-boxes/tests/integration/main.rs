//! The integration tests of dots-and-boxes, one binary with a module per former test file, so that
//! the crate and its dependencies are linked once instead of once per file. Run one area with a
//! filter on its module: `cargo test -p dots-and-boxes --release --test integration tiers::`.
//! (`tests/distributed.rs` stays a binary of its own: it runs itself under `mpirun`, and only with
//! the feature `mpi`.)

mod engine;
mod hard;
mod judge;
mod search;
mod space;
mod tierings;
mod tiers;

//! The integration tests of solver-core, one binary with a module per former test file, so that the
//! crate and its dependencies are linked once instead of once per file. Run one area with a filter
//! on its module: `cargo test -p solver-core --release --test integration tiers::`. (Two files stay
//! binaries of their own: `tests/memory_bounds.rs` installs a counting global allocator and builds
//! rayon's global pool, and `tests/tiers_mpi.rs` needs the feature `mpi` and runs itself under
//! `mpirun`; it shares `common/` with `tiers.rs`.)

mod common;

mod hand_checked;
mod layered_steps;
mod parallel;
mod parallel_acyclic;
mod progress;
mod search;
mod tiers;

//! The integration tests of workbench, one binary with a module per former test file, so that the
//! crate and its dependencies are linked once instead of once per file. Run one area with a filter
//! on its module: `cargo test -p workbench --release --test integration verify::`. (Two files stay
//! binaries of their own: `tests/stats_counter.rs` installs the allocation counter as the global
//! allocator, and `tests/stats.rs` resets and reads the process's peak resident size in /proc,
//! which memory that other tests free meanwhile would upset.)

mod engines;
mod search;
mod solve;
mod space;
mod verify;
mod workbench_fuzz;

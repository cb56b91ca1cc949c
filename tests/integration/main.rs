//! The root package's integration tests, one binary with a module per area, so that the nine
//! game crates are linked once instead of once per test file. Run one area with a filter on its
//! module: `cargo test --release --test integration registered::`. (`tests/distributed.rs`
//! stays a binary of its own: it runs `mpirun`, and its real tests need the feature `mpi`.)

mod common;

mod budgets;
mod check_hardening;
mod cli;
mod completions;
mod contest;
mod generic_check;
mod json_schemas;
mod memory_plan;
mod probe;
mod readme;
mod registered;
mod resources;
mod search;
mod serve;
mod table_commands;
mod table_files;
mod tables;
mod terminal;
mod tidy;
mod workbench;

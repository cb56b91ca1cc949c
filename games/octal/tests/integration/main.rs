//! The integration tests of octal, one binary with a module per former test file, so that the crate
//! and its dependencies are linked once instead of once per file. Run one area with a filter on its
//! module: `cargo test -p octal --release --test integration sequences::`.

mod circles;
mod hard;
mod judges;
mod sequences;
mod solvable;
mod whole_positions;

//! The integration tests of nim, one binary with a module per former test file, so that the crate
//! and its dependencies are linked once instead of once per file. Run one area with a filter on its
//! module: `cargo test -p nim --release --test integration northcott::`.

mod hard;
mod judges;
mod northcott;
mod registration;
mod solvable;
mod subtraction;

//! The integration tests of testkit, one binary with a module per former test file, so that the
//! crate and its dependencies are linked once instead of once per file. Run one area with a filter
//! on its module: `cargo test -p testkit --release --test integration corpus::`.

mod corpus;
mod strategies;

//! Helpers shared by the workspace-level tests.

#![allow(dead_code)] // each test binary uses its own part

pub mod cli;

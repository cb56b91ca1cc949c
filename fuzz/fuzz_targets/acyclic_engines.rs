#![no_main]
//! A tiny acyclic game from bytes: the Grundy engine and the score DP agree with the verifier
//! and the oracles.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(failure) = gamesolve::fuzz::acyclic_engines(data) {
        panic!("{failure}");
    }
});

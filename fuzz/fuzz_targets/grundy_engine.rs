#![no_main]
//! A tiny acyclic game from bytes: the Grundy engine agrees with the verifier and the oracle.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(failure) = gamesolve::fuzz::grundy_engine(data) {
        panic!("{failure}");
    }
});

#![no_main]
//! A tiny loopy game from bytes: every retrograde engine, the verifier and the oracle agree.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(failure) = gamesolve::fuzz::loopy_engines(data) {
        panic!("{failure}");
    }
});

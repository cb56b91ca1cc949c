#![no_main]
//! Any bytes as judge input: the first line names a registered problem, the rest is its input;
//! a clear error, or one answer that every engine of the problem shares.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(disagreement) = gamesolve::fuzz::judge(data) {
        panic!("{disagreement}");
    }
});

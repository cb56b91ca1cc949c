#![no_main]
//! Any bytes as `cf919f` judge input: a clear error, or one answer that every engine shares.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let problem = gamesolve::problems::find("cf919f").expect("registered");
    if let Err(disagreement) = gamesolve::fuzz::judge_bytes(problem, data) {
        panic!("{disagreement}");
    }
});

#![no_main]
//! Any bytes as `hdu1730` judge input: a clear error, or one answer that every engine shares.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let problem = gamesolve::problems::find("hdu1730").expect("registered");
    if let Err(disagreement) = gamesolve::fuzz::judge_bytes(problem, data) {
        panic!("{disagreement}");
    }
});

#![no_main]
//! Any bytes as `hdu3980` judge input: a clear error, or one answer that every engine shares.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let problem = gamesolve::problems::find("hdu3980").expect("registered");
    if let Err(disagreement) = gamesolve::fuzz::judge_bytes(problem, data) {
        panic!("{disagreement}");
    }
});

#![no_main]
//! A position of dots-and-boxes spaces up to 3x3 from bytes: rank/unrank round trip, and moves (and un-moves) on ids
//! against the rules.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(failure) = gamesolve::fuzz::rank_dots_and_boxes(data) {
        panic!("{failure}");
    }
});

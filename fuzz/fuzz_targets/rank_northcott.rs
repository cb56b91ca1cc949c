#![no_main]
//! A position of small Northcott boards' spaces from bytes: rank/unrank round trip, and moves (and un-moves) on ids
//! against the rules.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(failure) = gamesolve::fuzz::rank_northcott(data) {
        panic!("{failure}");
    }
});

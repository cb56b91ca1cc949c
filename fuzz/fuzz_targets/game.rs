#![no_main]
//! Any bytes for a game's own fuzz body (a space from bytes against its plain rules, a random
//! game through every engine): the first line names the registered body, the rest is its input.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(failure) = gamesolve::fuzz::game(data) {
        panic!("{failure}");
    }
});

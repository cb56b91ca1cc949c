#![no_main]
//! Any bytes as a stored table file (TABLE-FORMAT.md): opening, checking every block and probing
//! a few positions never panics, and nothing read successfully contradicts the checksums.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(failure) = gamesolve::fuzz::table_file(data) {
        panic!("{failure}");
    }
});

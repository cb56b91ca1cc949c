#![no_main]
//! Bytes as `gen`'s parameters and as an input to shrink: the first line names a registered
//! problem; `gen` refuses exactly the case counts the problem does not take and otherwise gives
//! an input its judge accepts, and every split part and shrink variant of a valid input is
//! valid and smaller.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(failure) = gamesolve::fuzz::workbench(data) {
        panic!("{failure}");
    }
});

//! With the allocation counter installed (as the gamesolve binary does), `measure` reports the
//! bytes a run allocated, touched or not, which /proc's resident size would miss. Alone in its
//! binary: the counter is the process's global allocator.

use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc};
use std::alloc::System;

#[global_allocator]
static ALLOCATOR: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

#[test]
fn the_counter_sees_memory_allocated_but_never_touched() {
    workbench::stats::count_allocations_with(ALLOCATOR);
    let ((), _, peak) = workbench::stats::measure(|| {
        let reserved: Vec<u8> = Vec::with_capacity(256 << 20);
        std::hint::black_box(&reserved);
    });
    let peak = peak.expect("the counter always reports");
    assert!(peak >= 256 << 20, "{peak}");
}

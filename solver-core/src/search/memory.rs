//! Memory for a game's own transposition table: zeroed atomic words, on huge pages where the
//! system gives them.

use super::SearchError;
use memmap2::{MmapMut, MmapOptions};
use std::sync::atomic::AtomicU64;
use zerocopy::{FromBytes, IntoBytes, KnownLayout};

/// Zeroed memory for a game's own transposition table, as atomic words ([`TableMemory::words`]).
/// From 2 MiB up it is mapped from the system rather than taken from the allocator, so that it
/// can ask for huge pages (Linux's transparent huge pages, `madvise`): a table probed at random
/// over tens of MiB misses the TLB on nearly every probe with 4 KiB pages. Connect Four's solver
/// keeps its table on one (Begin-Easy 16% faster). The alpha-beta engines' table does not: on
/// huge pages 3x4 dots and boxes was as fast on one thread and 6 to 12% slower on two
/// (SEARCH.md, "The table's memory").
///
/// ```
/// use solver_core::search::TableMemory;
/// use std::sync::atomic::Ordering;
/// // A small table (on the heap) and a large one (mapped), both zero, word by word.
/// for bytes in [4_096, 8 << 20] {
///     let mut memory = TableMemory::zeroed(bytes).unwrap();
///     let words = memory.words();
///     assert_eq!(words.len(), bytes / 8);
///     assert!(words.iter().all(|w| w.load(Ordering::Relaxed) == 0));
///     words[words.len() - 1].store(7, Ordering::Relaxed);
///     assert_eq!(memory.words()[bytes / 8 - 1].load(Ordering::Relaxed), 7);
/// }
/// ```
#[derive(Debug)]
pub struct TableMemory {
    storage: Storage,
    bytes: usize,
}

/// Where a [`TableMemory`] lives: a small table on the heap (a map's system calls and page
/// faults would cost more than a short search: the checks run thousands of searches on tables
/// of 64 KiB), a large one on a map.
#[derive(Debug)]
enum Storage {
    Heap(Box<[Line]>),
    Map(MmapMut),
}

/// A cache line of zeros: the heap's unit, aligned as a table's slots are best.
#[derive(Debug, Clone, Copy, Default, FromBytes, IntoBytes, KnownLayout)]
#[repr(C, align(64))]
struct Line([u64; 8]);

/// Tables from this size up are mapped (a huge page is 2 MiB).
const MAP_FROM_BYTES: usize = 2 << 20;

impl TableMemory {
    /// `bytes` of zeros; [`SearchError::TableAlloc`] if the system has not that much to give.
    pub fn zeroed(bytes: usize) -> Result<TableMemory, SearchError> {
        let failed = SearchError::TableAlloc { bytes };
        let storage = if bytes < MAP_FROM_BYTES {
            let count = bytes.div_ceil(size_of::<Line>());
            let mut lines = Vec::new();
            lines.try_reserve_exact(count).map_err(|_| failed.clone())?;
            lines.resize(count, Line::default());
            Storage::Heap(lines.into_boxed_slice())
        } else {
            let map = MmapOptions::new().len(bytes).map_anon().map_err(|_| failed)?;
            // A hint: where the system gives no huge pages the table is the same, only slower.
            #[cfg(target_os = "linux")]
            let _ = map.advise(memmap2::Advice::HugePage);
            Storage::Map(map)
        };
        Ok(TableMemory { storage, bytes })
    }

    /// The bytes it holds.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The memory as atomic words, as many as whole words fit, which threads may share.
    pub fn words(&mut self) -> &[AtomicU64] {
        let whole = self.bytes / 8 * 8;
        let bytes = match &mut self.storage {
            Storage::Heap(lines) => lines.as_mut_bytes(),
            Storage::Map(map) => &mut map[..],
        };
        // The heap's lines and a map's pages are aligned for words: the view cannot fail.
        <[AtomicU64]>::mut_from_bytes(&mut bytes[..whole]).expect("memory aligned for words")
    }
}

//! The fuzz body of the reader: any bytes as a table file, which must never make it panic or
//! contradict itself.

use crate::{TableFile, Value, checksum_of};

/// The fuzz body `table_file`: any bytes as a table file: open, check every block, probe a
/// few indices chosen from the input; never a panic. `Err` only when something that claims
/// success contradicts itself: a value read after the whole check passed that differs from
/// the one the check visited, a checksum that `checksum_of` does not reproduce, an index past
/// the end that reads.
pub fn fuzz_read(data: &[u8]) -> Result<(), String> {
    /// Tables larger than this are checked but not kept whole to recompute their checksum.
    const KEEP: u64 = 1 << 20;
    let Ok(table) = TableFile::from_bytes(data.to_vec(), "fuzz input") else { return Ok(()) };
    let positions = table.header().positions;
    let seed = xxhash_rust::xxh3::xxh3_64(data);
    let mut probes = vec![0, positions.saturating_sub(1), positions / 2];
    if positions > 0 {
        probes.extend((0..4).map(|i| seed.rotate_left(16 * i) % positions));
    }
    let kept = std::sync::Mutex::new(vec![None; positions.min(KEEP) as usize]);
    let checked = table.for_each_block(
        &|first, values| {
            let mut kept = kept.lock().unwrap_or_else(|e| e.into_inner());
            for (j, v) in values.iter().enumerate() {
                if let Some(slot) = kept.get_mut((first + j as u64) as usize) {
                    *slot = Some(*v);
                }
            }
            Ok(())
        },
        &|_, _| {},
    );
    let kept = kept.into_inner().unwrap_or_else(|e| e.into_inner());
    if table.value(positions).is_ok() {
        return Err(format!("position {positions} of a table of {positions} reads"));
    }
    if checked.is_err() {
        // Some block is bad; probing may still read the good ones, and must not panic.
        for &i in &probes {
            let _ = table.value(i);
        }
        return Ok(());
    }
    for &i in probes.iter().filter(|&&i| i < positions) {
        let value = table.value(i).map_err(|e| format!("position {i} fails after the whole table checked: {e}"))?;
        if let Some(Some(seen)) = kept.get(i as usize)
            && *seen != value
        {
            return Err(format!("position {i}: value {value:?}, but the check visited {seen:?}"));
        }
    }
    if positions <= KEEP {
        let all: Option<Vec<Value>> = kept.into_iter().collect();
        let all = all.ok_or("the check passed without visiting every position")?;
        let sum = checksum_of(table.header().encoding, positions, &|i| all[i as usize]).map_err(|e| e.to_string())?;
        if sum != table.table_checksum() {
            return Err(format!(
                "checksum_of gives {sum:#x}, the file's check passed with {:#x}",
                table.table_checksum()
            ));
        }
    }
    Ok(())
}

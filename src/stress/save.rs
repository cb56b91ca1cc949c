//! `check --save DIR` and `gen --out DIR`: files written into a folder, each whole or not at
//! all, and never through a link another user planted in the folder.
//!
//! Every file is written to a new temporary name of a random name in the folder
//! ([`table_file::create_temporary`], as tables are: `O_CREAT|O_EXCL|O_NOFOLLOW`, which fails on
//! any existing name, a link included, and so never follows one), then given its name: without `--force` by a hard link that fails if the name exists (the temporary name is
//! then removed), with `--force` by a rename, which replaces the name itself (a planted link,
//! not what it points to). A write that fails (a full disk) leaves no file behind.

use std::io::{self, Write};
use std::path::Path;

/// The suffixes of the files `check` writes for one failing input.
const SUFFIXES: [&str; 4] = ["in", "expected", "out", "why"];

/// Whether `name` is one `check --save` writes: `round-N.*` and `shrunk.*` with the suffixes
/// above, or the temporary name of one (`.round-1.in.<16 hex digits>.partial`), which a `check`
/// killed mid-write may have left.
pub fn is_own_output(name: &str) -> bool {
    if let Some(target) = temporary_target(name) {
        return is_own_output(target);
    }
    let Some((stem, suffix)) = name.rsplit_once('.') else { return false };
    let round = stem.strip_prefix("round-").is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    (round || stem == "shrunk") && SUFFIXES.contains(&suffix)
}

/// Whether `name` is one `gen --out` writes: `N.in` or `N.out` with `N` decimal digits
/// (zero-padded), or the temporary name of one.
pub fn is_gen_output(name: &str) -> bool {
    if let Some(target) = temporary_target(name) {
        return is_gen_output(target);
    }
    let Some((stem, suffix)) = name.rsplit_once('.') else { return false };
    !stem.is_empty() && stem.bytes().all(|b| b.is_ascii_digit()) && ["in", "out"].contains(&suffix)
}

/// The name a temporary file of [`write_new`] (`.<name>.<16 hex digits>.partial`) was to be
/// given, or `None` for a name that is not one.
fn temporary_target(name: &str) -> Option<&str> {
    let (target, random) =
        name.strip_prefix('.').and_then(|n| n.strip_suffix(".partial")).and_then(|n| n.rsplit_once('.'))?;
    (random.len() == 16 && random.bytes().all(|b| b.is_ascii_hexdigit())).then_some(target)
}

/// Why `--save DIR` (or `gen --out DIR`) is refused, if it is: a folder that is a link, not a folder, or that holds
/// anything (without `force`): a file `check` did not write (or one of its names that is not a
/// regular file, such as a planted link), or earlier output, which would be replaced. A folder
/// that does not exist is created. `writer` names the command, and `own` tells its files.
pub fn prepare(dir: &Path, force: bool, writer: &str, own: fn(&str) -> bool) -> Result<(), String> {
    match std::fs::symlink_metadata(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return std::fs::create_dir_all(dir).map_err(|e| format!("cannot create the folder: {e}"));
        }
        Err(e) => return Err(format!("cannot read the folder: {e}")),
        Ok(meta) if meta.file_type().is_symlink() => {
            return Err("is a link; give the folder itself, not a link to it".to_string());
        }
        Ok(meta) if !meta.is_dir() => return Err("is not a folder".to_string()),
        Ok(_) => {}
    }
    if force {
        return Ok(());
    }
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read the folder: {e}"))?;
    let mut names: Vec<(String, bool)> = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read the folder: {e}"))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let regular = entry.file_type().is_ok_and(|t| t.is_file());
        names.push((name, regular));
    }
    names.sort();
    if let Some((name, _)) = names.iter().find(|(name, regular)| !(*regular && own(name))) {
        return Err(format!(
            "holds `{}`, which {writer} did not write; give an empty or new folder (--force writes into it anyway)",
            judge::input::escaped(name)
        ));
    }
    if let Some((name, _)) = names.first() {
        return Err(format!(
            "holds the output of an earlier {writer} (`{}`); give an empty or new folder, or --force to replace it",
            judge::input::escaped(name)
        ));
    }
    Ok(())
}

/// Writes `text` as `dir/name`, whole or not at all, never through a link: replacing an
/// existing `name` only with `replace` (and then the name itself, never what a link there
/// points to); without it an existing name is an error (`AlreadyExists`).
pub fn write_new(dir: &Path, name: &str, text: &str, replace: bool) -> io::Result<()> {
    let target = dir.join(name);
    let (temporary, mut file) = table_file::create_temporary(&target)?;
    let written = file.write_all(text.as_bytes()).and_then(|()| file.sync_all());
    drop(file);
    let placed = written.and_then(|()| {
        if replace {
            std::fs::rename(&temporary, &target)
        } else {
            // link(2) fails if the name exists, whatever it is, and does not follow a link there.
            std::fs::hard_link(&temporary, &target).and_then(|()| std::fs::remove_file(&temporary))
        }
    });
    if placed.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::{is_gen_output, is_own_output};

    #[test]
    fn gen_output_is_recognized_by_name() {
        for name in ["1.in", "07.out", ".12.in.0123456789abcdef.partial"] {
            assert!(is_gen_output(name), "{name}");
        }
        for name in [".in", "1.expected", "a1.in", "1.in.bak", ".1.in.partial", "round-1.in"] {
            assert!(!is_gen_output(name), "{name}");
        }
    }

    #[test]
    fn own_output_is_recognized_by_name() {
        for name in
            ["round-1.in", "round-12.expected", "shrunk.out", "shrunk.why", ".round-1.in.0123456789abcdef.partial"]
        {
            assert!(is_own_output(name), "{name}");
        }
        for name in [
            "round-.in",
            "round-1x.in",
            "round-1.txt",
            "shrunk.in.bak",
            "notes",
            "shrunk",
            ".notes.0123456789abcdef.partial",
            ".round-1.in.partial",
        ] {
            assert!(!is_own_output(name), "{name}");
        }
    }
}

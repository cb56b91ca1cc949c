//! Opening the files a reader takes: regular files only, and never blocking on open.

use crate::format::{TableError, error};
use std::path::Path;

/// `path` opened for reading if it is a regular file (following links): opened without
/// blocking, so that a FIFO does not wait for a writer, then refused by its type if it is not
/// a regular file (a device such as `/dev/zero`, a FIFO, a socket), before a byte is read.
pub(crate) fn open_regular(path: &Path, file: &str) -> Result<std::fs::File, TableError> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags((nix::fcntl::OFlag::O_NONBLOCK | nix::fcntl::OFlag::O_CLOEXEC).bits());
    }
    let opened = options.open(path).map_err(|e| error(file, 0, format!("opening: {e}")))?;
    let kind = opened.metadata().map_err(|e| error(file, 0, format!("reading its type: {e}")))?.file_type();
    if !kind.is_file() {
        let what = special_kind(&kind);
        return Err(error(
            file,
            0,
            format!("{what}, not a regular file: a table or manifest is a file, not read here"),
        ));
    }
    Ok(opened)
}

/// A file type in words, for the refusal of one that is not a regular file.
fn special_kind(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() { "a directory" } else { "a special file" }
}

//! Reading a file the user named, the one way every input is read: the
//! path is checked to be a regular file (by `stat`, before any open, so a
//! FIFO or a device never blocks or streams forever), its size against
//! the caller's cap, and only then is it opened (`O_NONBLOCK`, and checked
//! again on the open file) and read, at most the cap. Each error is one
//! line naming the file and what is wrong with it; [`excerpt`] keeps what
//! a parser quotes of a file short.

use std::fs::{File, Metadata};
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// Why an input file was refused; displays as `PATH: why`.
#[derive(Debug, thiserror::Error)]
#[error("{}: {why}", path.display())]
pub struct InputError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong with it.
    pub why: String,
}

fn refused(path: &Path, why: impl Into<String>) -> InputError {
    InputError {
        path: path.to_path_buf(),
        why: why.into(),
    }
}

/// What kind of file `meta` describes, when it is not a regular file.
fn not_regular(meta: &Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    match () {
        _ if t.is_file() => None,
        _ if t.is_dir() => Some("a directory"),
        _ if t.is_fifo() => Some("a FIFO (named pipe)"),
        _ if t.is_char_device() => Some("a character device"),
        _ if t.is_block_device() => Some("a block device"),
        _ if t.is_socket() => Some("a socket"),
        _ => Some("not a file"),
    }
}

/// Refuses `meta` (of `path`) unless it is a regular file of at most `max` bytes.
fn check(path: &Path, meta: &Metadata, max: u64) -> Result<(), InputError> {
    if let Some(kind) = not_regular(meta) {
        return Err(refused(
            path,
            format!("is {kind}, not a regular file (the only kind accepted)"),
        ));
    }
    if meta.len() > max {
        return Err(refused(
            path,
            format!("is {} bytes, more than the {max} accepted", meta.len()),
        ));
    }
    Ok(())
}

/// `path` opened for reading once it is known to be a regular file of at
/// most `max` bytes, with its length: for readers that stream it (they
/// must still read at most `max` bytes, e.g. with `Read::take`).
pub fn open(path: &Path, max: u64) -> Result<(File, u64), InputError> {
    let io = |e: std::io::Error| refused(path, format!("cannot read it: {e}"));
    check(path, &std::fs::metadata(path).map_err(io)?, max)?;
    // Swapped for a FIFO between the stat and the open: O_NONBLOCK keeps
    // the open from waiting for a writer, and the open file is checked.
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    check(path, &meta, max)?;
    Ok((file, meta.len()))
}

/// The bytes of `path`, a regular file of at most `max` bytes.
pub fn read(path: &Path, max: u64) -> Result<Vec<u8>, InputError> {
    let (file, len) = open(path, max)?;
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| refused(path, format!("cannot read it: {e}")))?;
    if bytes.len() as u64 > max {
        return Err(refused(
            path,
            format!("grew past the {max} bytes accepted while read"),
        ));
    }
    Ok(bytes)
}

/// The text of `path`, a regular file of at most `max` bytes of UTF-8.
pub fn read_text(path: &Path, max: u64) -> Result<String, InputError> {
    String::from_utf8(read(path, max)?).map_err(|e| {
        refused(
            path,
            format!("is not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        )
    })
}

/// At most `max` characters of `text` (with `…` when cut), on one line:
/// what an error quotes of an input.
pub fn excerpt(text: &str, max: usize) -> String {
    let line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(max + 1)
        .collect();
    match line.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mkfifo(path: &Path) {
        use std::os::unix::ffi::OsStrExt;
        let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
        // SAFETY: a NUL-terminated path that outlives the call.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    }

    #[test]
    fn a_regular_file_under_the_cap_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.csv");
        std::fs::write(&path, "x,y\n1,2\n").unwrap();
        assert_eq!(read_text(&path, 8).unwrap(), "x,y\n1,2\n");
        assert_eq!(read(&path, 100).unwrap(), b"x,y\n1,2\n");
        let (_, len) = open(&path, 8).unwrap();
        assert_eq!(len, 8);
    }

    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        mkfifo(&fifo);
        // No writer: an open would block forever.
        let e = read(&fifo, 1 << 20).unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "{}: is a FIFO (named pipe), not a regular file (the only kind accepted)",
                fifo.display()
            )
        );
    }

    #[test]
    fn devices_directories_and_large_files_are_refused_naming_them() {
        let e = read(Path::new("/dev/zero"), 1 << 20)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("/dev/zero: is a character device"), "{e}");
        let dir = tempfile::tempdir().unwrap();
        let e = read(dir.path(), 1 << 20).unwrap_err().to_string();
        assert!(
            e.ends_with("is a directory, not a regular file (the only kind accepted)"),
            "{e}"
        );
        let path = dir.path().join("big");
        std::fs::write(&path, vec![b'x'; 101]).unwrap();
        let e = read(&path, 100).unwrap_err().to_string();
        assert!(
            e.ends_with("is 101 bytes, more than the 100 accepted"),
            "{e}"
        );
        let e = read(&dir.path().join("none"), 100).unwrap_err().to_string();
        assert!(e.contains("none: cannot read it: No such file"), "{e}");
        std::fs::write(&path, b"ok\xff").unwrap();
        let e = read_text(&path, 100).unwrap_err().to_string();
        assert!(e.ends_with("is not UTF-8 text (byte 2)"), "{e}");
    }

    #[test]
    fn excerpts_are_short_and_one_line() {
        assert_eq!(excerpt("a,b\nc", 80), "a,b c");
        let long = "x".repeat(20_000_000);
        assert_eq!(excerpt(&long, 80), format!("{}…", "x".repeat(80)));
        assert_eq!(excerpt("ééé", 2), "éé…");
    }
}

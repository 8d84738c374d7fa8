//! One job per directory: an exclusive lock on a file in a directory that
//! a job writes (a checkpoint root), held as long as the job's
//! [`DirLock`] lives and released by the system when the process ends, so
//! a crashed job leaves no stale lock. A second job finds the lock taken
//! and the holder's process id in the file.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::os::fd::AsRawFd;
use std::path::Path;

/// The lock file's name in the directory.
pub const LOCK_FILE: &str = ".arts-lock";

/// A directory's lock, held until dropped.
#[derive(Debug)]
pub struct DirLock {
    _file: File,
}

/// Why a directory's lock was not taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds it.
    #[error("{dir} is in use by another job (process {pid}); give each job its own directory")]
    Held {
        /// The directory.
        dir: String,
        /// The holder's process id, as it wrote it ("?" if unreadable).
        pid: String,
    },
    /// The lock file could not be made or locked.
    #[error("{dir}: cannot lock it: {why}")]
    Failed {
        /// The directory.
        dir: String,
        /// Why.
        why: String,
    },
}

impl DirLock {
    /// Takes `dir`'s lock without waiting, writing this process's id into
    /// the lock file.
    pub fn take(dir: &Path) -> Result<DirLock, LockError> {
        let failed = |e: std::io::Error| LockError::Failed {
            dir: dir.display().to_string(),
            why: e.to_string(),
        };
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(dir.join(LOCK_FILE))
            .map_err(failed)?;
        // SAFETY: flock on an open descriptor this function owns.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            let e = std::io::Error::last_os_error();
            if e.raw_os_error() != Some(libc::EWOULDBLOCK) {
                return Err(failed(e));
            }
            let mut pid = String::new();
            let _ = file.read_to_string(&mut pid);
            let pid = pid.trim();
            return Err(LockError::Held {
                dir: dir.display().to_string(),
                pid: if pid.is_empty() {
                    "?".into()
                } else {
                    pid.into()
                },
            });
        }
        file.set_len(0).map_err(failed)?;
        file.rewind().map_err(failed)?;
        writeln!(file, "{}", std::process::id()).map_err(failed)?;
        Ok(DirLock { _file: file })
    }
}

/// Takes `dir`'s lock for the rest of this process's life (a job is a
/// process, or a process of an MPI job); taking it again here is a no-op.
pub fn hold_for_process(dir: &Path) -> Result<(), LockError> {
    static HELD: std::sync::Mutex<Vec<(std::path::PathBuf, DirLock)>> =
        std::sync::Mutex::new(Vec::new());
    let key = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
    if held.iter().any(|(d, _)| *d == key) {
        return Ok(());
    }
    let lock = DirLock::take(dir)?;
    held.push((key, lock));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_holder_is_refused_naming_the_first_until_it_lets_go() {
        let dir = tempfile::tempdir().unwrap();
        let first = DirLock::take(dir.path()).unwrap();
        let e = DirLock::take(dir.path()).unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("in use by another job")
                && text.contains(&format!("process {}", std::process::id())),
            "{text}"
        );
        drop(first);
        DirLock::take(dir.path()).unwrap();
    }

    #[test]
    fn a_process_holds_a_directory_once_however_often_it_asks() {
        let dir = tempfile::tempdir().unwrap();
        hold_for_process(dir.path()).unwrap();
        hold_for_process(dir.path()).unwrap();
        assert!(DirLock::take(dir.path()).is_err(), "held by this process");
    }
}

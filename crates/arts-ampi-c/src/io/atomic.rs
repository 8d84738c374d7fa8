//! Atomic mode (`MPI_File_set_atomicity`): while a rank reads or writes
//! the runs of its view, it holds a lock over the bytes from the first run
//! to the end of the last, shared to read, exclusive to write. The lock is
//! an open file description lock (Linux `F_OFD_SETLKW`): each rank opens
//! the file itself, so its lock conflicts with every other rank's, in this
//! process or another, as ROMIO's `fcntl` locks do between processes.
//! A read then sees all of a conflicting write or none of it, however many
//! runs the write is cut into.

use std::io;
use std::os::fd::AsRawFd;

/// A held range lock; released when dropped.
pub(crate) struct RangeLock<'a> {
    file: &'a std::fs::File,
    start: u64,
    len: u64,
}

impl<'a> RangeLock<'a> {
    /// Waits for and takes the lock over `runs` (`(offset, length)`, in
    /// any order) of `file`; `None` when there is nothing to lock.
    pub(crate) fn take(
        file: &'a std::fs::File,
        runs: &[(u64, usize)],
        write: bool,
    ) -> io::Result<Option<RangeLock<'a>>> {
        let start = runs.iter().map(|r| r.0).min();
        let end = runs.iter().map(|r| r.0 + r.1 as u64).max();
        let (Some(start), Some(end)) = (start, end) else {
            return Ok(None);
        };
        let lock = RangeLock {
            file,
            start,
            len: end - start,
        };
        let kind = if write { libc::F_WRLCK } else { libc::F_RDLCK };
        lock.fcntl(kind)?;
        Ok(Some(lock))
    }

    /// `fcntl(F_OFD_SETLKW)` of lock type `kind` over the range, again
    /// when a signal interrupts the wait.
    fn fcntl(&self, kind: i32) -> io::Result<()> {
        let too_far = |_| io::Error::new(io::ErrorKind::InvalidInput, "offset past 2^63");
        // SAFETY: all-zero is a valid `flock` (then filled in).
        let mut fl: libc::flock = unsafe { std::mem::zeroed() };
        fl.l_type = kind as libc::c_short;
        fl.l_whence = libc::SEEK_SET as libc::c_short;
        fl.l_start = i64::try_from(self.start).map_err(too_far)?;
        // A length of 0 would lock to the end of the file.
        fl.l_len = i64::try_from(self.len.max(1)).map_err(too_far)?;
        loop {
            // SAFETY: a valid descriptor and a filled-in `flock`.
            let rc = unsafe { libc::fcntl(self.file.as_raw_fd(), libc::F_OFD_SETLKW, &fl) };
            if rc == 0 {
                return Ok(());
            }
            let e = io::Error::last_os_error();
            if e.kind() != io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
    }
}

impl Drop for RangeLock<'_> {
    fn drop(&mut self) {
        // Unlocking a range this description holds does not fail.
        let _ = self.fcntl(libc::F_UNLCK);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_lock_excludes_another_descriptions_until_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        let a = std::fs::File::create(&path).unwrap();
        let b = std::fs::File::open(&path).unwrap();
        let held = RangeLock::take(&a, &[(40, 8), (0, 4)], true)
            .unwrap()
            .unwrap();
        assert_eq!((held.start, held.len), (0, 48));
        // Another description cannot take a shared lock over it meanwhile.
        let mut fl: libc::flock = unsafe { std::mem::zeroed() };
        fl.l_type = libc::F_RDLCK as libc::c_short;
        fl.l_whence = libc::SEEK_SET as libc::c_short;
        fl.l_start = 10;
        fl.l_len = 1;
        let rc = unsafe { libc::fcntl(b.as_raw_fd(), libc::F_OFD_SETLK, &fl) };
        assert_eq!(rc, -1, "the range should be locked");
        drop(held);
        let reader = RangeLock::take(&b, &[(10, 1)], false).unwrap();
        assert!(reader.is_some());
        assert!(RangeLock::take(&b, &[], false).unwrap().is_none());
    }
}

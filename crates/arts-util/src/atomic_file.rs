//! All-or-nothing output files: the one atomic-write helper of the
//! workspace.
//!
//! Outputs are written under temporary names `.arts-tmp-<pid>-XXXXXX` beside
//! their destination and renamed into place when the run succeeds: a single
//! file by [`PendingFile`], several files (a directory) by [`PendingDir`],
//! which stages them in a temporary directory. [`remove_temporaries`] (called
//! on SIGINT and SIGTERM) removes the temporaries before the process exits;
//! those of a process killed outright (SIGKILL) carry its pid, and the next
//! write into that directory removes them once that pid no longer runs.

use std::fmt::Display;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Why an output could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The destination cannot be written at all (its directory is missing
    /// or not writable, or it is a directory): the user's input was wrong.
    #[error("{0}")]
    Refused(String),
    /// Writing failed after the destination was accepted (disk full, I/O error).
    #[error("{0}")]
    Failed(String),
}

/// Result of a write.
pub type WriteResult = Result<(), WriteError>;

impl WriteError {
    fn refused(msg: impl Display) -> Self {
        WriteError::Refused(msg.to_string())
    }

    fn failed(msg: impl Display) -> Self {
        WriteError::Failed(msg.to_string())
    }
}

/// Temporaries of this process that exist now (removed on SIGINT/SIGTERM).
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

const TMP_TAG: &str = ".arts-tmp-";

fn live() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// A temporary's entry in [`LIVE`], removed when the temporary is
/// committed or dropped.
struct Registered(PathBuf);

impl Registered {
    fn new(path: &Path) -> Registered {
        live().push(path.to_path_buf());
        Registered(path.to_path_buf())
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        live().retain(|p| p != &self.0);
    }
}

/// Removes this process's temporaries (on SIGINT/SIGTERM, see `signals`).
pub fn remove_temporaries() {
    for p in live().drain(..) {
        let _ = std::fs::remove_dir_all(&p).or_else(|_| std::fs::remove_file(&p));
    }
}

/// The pid in a temporary's name, if it is one of ours.
fn tmp_owner(name: &str) -> Option<u32> {
    let rest = name.strip_prefix(TMP_TAG)?;
    rest.split('-').next()?.parse().ok()
}

/// Removes the temporaries that killed runs left in `dir` (their pid no
/// longer runs), saying so on stderr.
fn remove_stale(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut removed = 0;
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(pid) = name.to_str().and_then(tmp_owner) else {
            continue;
        };
        if Path::new(&format!("/proc/{pid}")).exists() {
            continue;
        }
        let p = e.path();
        if std::fs::remove_dir_all(&p)
            .or_else(|_| std::fs::remove_file(&p))
            .is_ok()
        {
            removed += 1;
        }
    }
    if removed > 0 {
        eprintln!(
            "note: removed {removed} temporary file(s) of earlier killed runs in {}",
            dir.display()
        );
    }
}

/// The directory an output at `path` goes in (its parent, or `.`): where
/// its temporaries and a [`PendingDir`]'s staging directory lie.
pub fn dir_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

fn tmp_builder() -> tempfile::Builder<'static, 'static> {
    static PREFIX: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let prefix = PREFIX.get_or_init(|| format!("{TMP_TAG}{}-", std::process::id()));
    let mut b = tempfile::Builder::new();
    b.prefix(prefix.as_str());
    b
}

/// A file that becomes visible at `path` only when `commit` is called: the bytes
/// go to a temporary file beside it first, so a failed run leaves nothing
/// half-written. Creating it checks early that the directory is writable.
///
/// A destination that exists and is not a regular file (`/dev/null`,
/// `/dev/stdout`, a FIFO) is written directly: renaming a temporary over it
/// would replace the device node itself.
pub struct PendingFile {
    path: PathBuf,
    target: Target,
}

/// Where a [`PendingFile`]'s bytes go until `commit`.
enum Target {
    /// A temporary beside the destination, renamed into place on commit.
    Staged {
        tmp: tempfile::NamedTempFile,
        _live: Registered,
    },
    /// A device or FIFO, opened for writing as it is.
    Stream(std::fs::File),
}

impl PendingFile {
    /// Opens a temporary file next to `path` (or `path` itself when it is a
    /// device or FIFO); fails (as [`WriteError::Refused`]) if `path` is a directory or
    /// its directory does not exist or is not writable.
    pub fn create(path: &Path) -> Result<Self, WriteError> {
        let cannot =
            |e: &dyn Display| WriteError::refused(format!("cannot write {}: {e}", path.display()));
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => return Err(cannot(&"it is a directory; give a file name")),
            Ok(m) if !m.is_file() => {
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(|e| cannot(&e))?;
                return Ok(PendingFile {
                    path: path.to_path_buf(),
                    target: Target::Stream(file),
                });
            }
            _ => {}
        }
        let dir = dir_of(path);
        remove_stale(dir);
        let tmp = tmp_builder().tempfile_in(dir).map_err(|e| cannot(&e))?;
        Ok(PendingFile {
            path: path.to_path_buf(),
            target: Target::Staged {
                _live: Registered::new(tmp.path()),
                tmp,
            },
        })
    }

    /// The writer for the file's contents.
    pub fn writer(&mut self) -> &mut std::fs::File {
        match &mut self.target {
            Target::Staged { tmp, .. } => tmp.as_file_mut(),
            Target::Stream(file) => file,
        }
    }

    /// Flushes and renames the file into place (readable by others, like a
    /// file created normally under the usual umask).
    pub fn commit(self) -> WriteResult {
        let PendingFile { path, target } = self;
        let result = match target {
            Target::Stream(mut file) => file.flush().map_err(|e| e.to_string()),
            Target::Staged { tmp, _live } => {
                #[cfg(unix)]
                {
                    use std::os::unix::fs::PermissionsExt;
                    let _ = tmp
                        .as_file()
                        .set_permissions(std::fs::Permissions::from_mode(0o644));
                }
                tmp.as_file()
                    .sync_all()
                    .map_err(|e| e.to_string())
                    .and_then(|()| tmp.persist(&path).map(drop).map_err(|e| e.to_string()))
            }
        };
        result.map_err(|e| WriteError::failed(format!("cannot write {}: {e}", path.display())))
    }
}

/// Writes `bytes` to `path` atomically (temporary file, then rename).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> WriteResult {
    let mut file = PendingFile::create(path)?;
    file.writer()
        .write_all(bytes)
        .map_err(|e| WriteError::failed(format!("cannot write {}: {e}", path.display())))?;
    file.commit()
}

/// Several output files that appear in directory `dir` together, or not at
/// all: they are written into a staging directory beside `dir`, which
/// becomes `dir` (or whose files move into an existing `dir`) on `commit`.
pub struct PendingDir {
    dir: PathBuf,
    staging: tempfile::TempDir,
    _live: Registered,
}

impl PendingDir {
    /// Opens a staging directory beside `dir`; fails (as [`WriteError::Refused`]) if
    /// `dir` is a file or its parent is missing or not writable.
    pub fn create(dir: &Path) -> Result<Self, WriteError> {
        if dir.exists() && !dir.is_dir() {
            return Err(WriteError::refused(format!(
                "{} exists and is not a directory",
                dir.display()
            )));
        }
        let parent = dir_of(dir);
        remove_stale(parent);
        let staging = tmp_builder()
            .tempdir_in(parent)
            .map_err(|e| WriteError::refused(format!("cannot write {}: {e}", dir.display())))?;
        Ok(PendingDir {
            dir: dir.to_path_buf(),
            _live: Registered::new(staging.path()),
            staging,
        })
    }

    /// The destination directory.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// The staging directory (beside the destination), for files that
    /// other processes write into it before [`PendingDir::replace`].
    pub fn staging(&self) -> &Path {
        self.staging.path()
    }

    /// Writes one file (by name) into the staging directory.
    pub fn write(&mut self, name: &str, bytes: &[u8]) -> WriteResult {
        let path = self.staging.path().join(name);
        std::fs::write(&path, bytes).map_err(|e| {
            WriteError::failed(format!(
                "cannot write {}: {e}",
                self.dir.join(name).display()
            ))
        })
    }

    /// Makes every written file visible in the destination at once (one
    /// rename when the directory is new; one rename per file otherwise).
    pub fn commit(self) -> WriteResult {
        let PendingDir {
            dir,
            staging,
            _live,
        } = self;
        let failed =
            |e: std::io::Error| WriteError::failed(format!("cannot write {}: {e}", dir.display()));
        let result = (|| {
            let files: Vec<_> = std::fs::read_dir(staging.path())?
                .map(|e| e.map(|e| e.path()))
                .collect::<Result<_, _>>()?;
            for f in &files {
                std::fs::File::open(f)?.sync_all()?;
            }
            if !dir.exists() {
                return std::fs::rename(staging.keep(), &dir);
            }
            for f in &files {
                std::fs::rename(f, dir.join(f.file_name().expect("a file")))?;
            }
            Ok(())
        })();
        result.map_err(failed)
    }

    /// Makes the staging directory become the destination at once, in
    /// place of whatever directory was there: the old one is moved aside,
    /// the new one renamed into place, then the old one removed (put back
    /// if the rename fails).
    pub fn replace(self) -> WriteResult {
        if !self.dir.is_dir() {
            return self.commit();
        }
        let dir = self.dir.clone();
        let failed = |e: std::io::Error| {
            WriteError::failed(format!("cannot replace {}: {e}", dir.display()))
        };
        let aside = tmp_builder().tempdir_in(dir_of(&dir)).map_err(failed)?;
        let old = aside.path().join("old");
        std::fs::rename(&dir, &old).map_err(failed)?;
        if let Err(e) = self.commit() {
            let _ = std::fs::rename(&old, &dir);
            return Err(e);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pending_file_is_invisible_until_commit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        let mut f = PendingFile::create(&path).unwrap();
        f.writer().write_all(b"{}").unwrap();
        assert!(!path.exists());
        f.commit().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"{}");
    }

    #[test]
    fn pending_file_in_missing_dir_is_usage_error() {
        let err = PendingFile::create(Path::new("/nonexistent-dir/x.json"))
            .err()
            .unwrap();
        assert!(matches!(err, WriteError::Refused(_)));
    }

    #[test]
    fn pending_dir_appears_whole_or_not_at_all() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("out");
        let mut d = PendingDir::create(&dir).unwrap();
        d.write("a.csv", b"1").unwrap();
        d.write("b.csv", b"2").unwrap();
        assert!(!dir.exists(), "nothing visible before commit");
        d.commit().unwrap();
        assert_eq!(std::fs::read(dir.join("b.csv")).unwrap(), b"2");
        // Into an existing directory: files move in, the staging goes away.
        let mut d = PendingDir::create(&dir).unwrap();
        d.write("c.csv", b"3").unwrap();
        d.commit().unwrap();
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 3);
        assert_eq!(std::fs::read_dir(root.path()).unwrap().count(), 1);
        // Dropped before commit: nothing at all.
        let other = root.path().join("other");
        let mut d = PendingDir::create(&other).unwrap();
        d.write("x", b"").unwrap();
        drop(d);
        assert!(!other.exists());
        assert_eq!(std::fs::read_dir(root.path()).unwrap().count(), 1);
    }

    #[test]
    fn pending_dir_replaces_a_directory_whole() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("out");
        for (name, bytes) in [("old.svg", b"1"), ("new.svg", b"2")] {
            let mut d = PendingDir::create(&dir).unwrap();
            d.write(name, bytes).unwrap();
            d.replace().unwrap();
        }
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["new.svg"], "the old directory's files are gone");
        assert_eq!(std::fs::read_dir(root.path()).unwrap().count(), 1);
    }

    #[test]
    fn temporaries_of_dead_processes_are_removed_at_the_next_write() {
        let dir = tempfile::tempdir().unwrap();
        // pid 0 never names a user process; our own pid is alive.
        let dead = dir.path().join(".arts-tmp-0-abc123");
        let ours = dir
            .path()
            .join(format!(".arts-tmp-{}-zzz", std::process::id()));
        let foreign = dir.path().join(".arts-keep");
        for p in [&dead, &ours, &foreign] {
            std::fs::write(p, b"x").unwrap();
        }
        write_atomic(&dir.path().join("f"), b"y").unwrap();
        assert!(!dead.exists() && ours.exists() && foreign.exists());
        assert_eq!(tmp_owner(".arts-tmp-123-abc"), Some(123));
        assert_eq!(tmp_owner(".arts-abc"), None);
    }

    #[test]
    fn a_fifo_destination_is_written_through_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).unwrap())
        };
        write_atomic(&fifo, b"through").unwrap();
        assert_eq!(reader.join().unwrap(), b"through");
        let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
        assert!(kind.is_fifo(), "the FIFO itself is still there");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_directory_destination_is_a_usage_error() {
        let dir = tempfile::tempdir().unwrap();
        let err = PendingFile::create(dir.path()).err().unwrap();
        assert!(matches!(err, WriteError::Refused(_)));
        assert!(err.to_string().contains("is a directory"), "{err}");
    }

    #[test]
    fn dropped_pending_file_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        drop(PendingFile::create(&path).unwrap());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}

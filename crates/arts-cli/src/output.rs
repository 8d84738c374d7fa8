//! What every subcommand shares: the error type that maps to exit codes, the
//! `--json`-or-table result printer, atomic file writes and progress bars.

use std::fmt::Display;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;

/// A failed command. `Usage` is bad input (exit code 2); `Failed` is a run
/// that went wrong after its input was accepted (exit code 1).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The user's input was rejected: one line saying what was wrong and what is accepted.
    #[error("{0}")]
    Usage(String),
    /// The run itself failed (an app's entry method panicked, a solver diverged, ...).
    #[error("{0}")]
    Failed(String),
}

impl CliError {
    /// Bad input: exit code 2.
    pub fn usage(msg: impl Display) -> Self {
        CliError::Usage(msg.to_string())
    }

    /// Failure after the input was accepted: exit code 1.
    pub fn failed(msg: impl Display) -> Self {
        CliError::Failed(msg.to_string())
    }

    /// The process exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Failed(_) => 1,
        }
    }
}

/// Result type of every subcommand.
pub type CliResult = Result<(), CliError>;

/// Where a subcommand's result goes: one JSON object on stdout with `--json`,
/// otherwise a short human-readable table.
#[derive(Clone, Copy, Debug)]
pub struct Output {
    /// `--json` was given.
    pub json: bool,
}

impl Output {
    /// Prints `value` as one JSON object (with `--json`) or the `table` text.
    pub fn emit<T: Serialize>(&self, value: &T, table: impl FnOnce() -> String) -> CliResult {
        if !crate::launch::is_root() {
            return Ok(());
        }
        let mut stdout = std::io::stdout().lock();
        let text = if self.json {
            serde_json::to_string(value).map_err(CliError::failed)?
        } else {
            table()
        };
        writeln!(stdout, "{}", text.trim_end()).map_err(CliError::failed)
    }

    /// A progress bar on stderr for `len` units of work; hidden with `--json`
    /// or when stderr is not a terminal.
    pub fn progress(&self, len: u64, what: &str) -> indicatif::ProgressBar {
        if self.json || !crate::launch::is_root() {
            return indicatif::ProgressBar::hidden();
        }
        let bar = indicatif::ProgressBar::new(len);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg:>12} [{elapsed_precise}] {wide_bar} {pos}/{len} (eta {eta})",
            )
            .expect("static progress template is valid"),
        );
        bar.set_message(what.to_string());
        bar
    }
}

/// A file that becomes visible at `path` only when `commit` is called: the bytes
/// go to a temporary file beside it first, so a failed run leaves nothing
/// half-written. Creating it checks early that the directory is writable.
pub struct PendingFile {
    path: PathBuf,
    tmp: tempfile::NamedTempFile,
}

impl PendingFile {
    /// Opens a temporary file next to `path`; fails (as a usage error) if the
    /// directory does not exist or is not writable.
    pub fn create(path: &Path) -> Result<Self, CliError> {
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let tmp = tempfile::Builder::new()
            .prefix(".arts-")
            .tempfile_in(dir)
            .map_err(|e| CliError::usage(format!("cannot write {}: {e}", path.display())))?;
        Ok(PendingFile {
            path: path.to_path_buf(),
            tmp,
        })
    }

    /// The writer for the file's contents.
    pub fn writer(&mut self) -> &mut std::fs::File {
        self.tmp.as_file_mut()
    }

    /// Flushes and renames the file into place (readable by others, like a
    /// file created normally under the usual umask).
    pub fn commit(self) -> CliResult {
        let path = self.path;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = self
                .tmp
                .as_file()
                .set_permissions(std::fs::Permissions::from_mode(0o644));
        }
        self.tmp
            .persist(&path)
            .map_err(|e| CliError::failed(format!("cannot write {}: {e}", path.display())))?;
        Ok(())
    }
}

/// Writes `bytes` to `path` atomically (temporary file, then rename).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> CliResult {
    let mut file = PendingFile::create(path)?;
    file.writer()
        .write_all(bytes)
        .map_err(|e| CliError::failed(format!("cannot write {}: {e}", path.display())))?;
    file.commit()
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
        assert_eq!(err.exit_code(), 2);
    }

    #[test]
    fn dropped_pending_file_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        drop(PendingFile::create(&path).unwrap());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}

//! Spare files: the array files of a checkpoint that rotation retires are
//! kept, within a run, for the next checkpoint to overwrite.
//!
//! A new checkpoint cannot overwrite the one it replaces (a crash mid-write
//! must leave that one intact), so without spares every checkpoint writes
//! its elements into newly created files. In a node-local memory store
//! (`/dev/shm`, the double checkpoints of [`super::held`]) that is newly
//! allocated memory, which costs a page fault per page and, on a VM that
//! hands freed memory back to its host, the host backing it afresh (about
//! 0.5 GB/s on the development VM against 2 GB/s into pages already
//! there). So [`retire`] turns the oldest checkpoint it removes into the
//! root's spare directory, `DIR/.arts-spare`, keeping only its array files,
//! and [`take`] moves the file of the same name from there into the
//! staging directory of the checkpoint being written, to be overwritten and
//! cut to its new length. The store then holds one checkpoint more than
//! `--keep` between checkpoints — as much as it holds anyway while one is
//! written.
//!
//! A spare is never part of a checkpoint: no manifest names it, and nothing
//! that lists checkpoints sees it. Spares do not outlive the run that made
//! them: [`release`] (when a run ends) removes every spare directory this
//! process made, and publishing removes one it did not make (left by a
//! killed run, [`is_ours`]).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::parse_array_file;

/// The spare directory's name in a checkpoint root.
pub(super) const SPARE: &str = ".arts-spare";

/// The spare directories this process made in the current run.
static MADE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn made() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    // A panic while holding the lock leaves nothing half-changed.
    MADE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Makes the checkpoint directory `dir` of `root`, which rotation removes,
/// the root's spare directory (replacing an older one): its array files are
/// kept, everything else removed. Best effort, like rotation: on a failure
/// the directory is removed instead.
pub(super) fn retire(root: &Path, dir: &Path) {
    let spare = root.join(SPARE);
    let kept = (|| -> std::io::Result<()> {
        if spare.exists() {
            std::fs::remove_dir_all(&spare)?;
        }
        std::fs::rename(dir, &spare)?;
        super::crash::point("a retired checkpoint renamed to the spare directory");
        for e in std::fs::read_dir(&spare)? {
            let e = e?;
            let name = e.file_name();
            let is_array = name.to_str().and_then(parse_array_file).is_some();
            if !is_array || !e.file_type()?.is_file() {
                let p = e.path();
                std::fs::remove_dir_all(&p).or_else(|_| std::fs::remove_file(&p))?;
            }
        }
        Ok(())
    })();
    match kept {
        Ok(()) => {
            let mut made = made();
            if !made.contains(&spare) {
                made.push(spare);
            }
        }
        Err(_) => {
            let _ = std::fs::remove_dir_all(dir);
            let _ = std::fs::remove_dir_all(&spare);
        }
    }
}

/// Moves the spare file named like `dest` (an array file being staged in a
/// directory of `root`) to `dest`, if `root` has one; returns whether it
/// did. The caller overwrites it.
pub(super) fn take(root: &Path, dest: &Path) -> bool {
    let Some(name) = dest.file_name() else {
        return false;
    };
    std::fs::rename(root.join(SPARE).join(name), dest).is_ok()
}

/// Whether `dir` is a spare directory this process made in this run.
pub(super) fn is_ours(dir: &Path) -> bool {
    made().iter().any(|d| d == dir)
}

/// Removes every spare directory this process made (a run ended).
pub(crate) fn release() {
    for dir in std::mem::take(&mut *made()) {
        let _ = std::fs::remove_dir_all(dir);
    }
}

//! Checkpoint directories on disk. A checkpoint root `DIR` holds one
//! subdirectory per checkpoint, `DIR/ckpt-<step>`, and a `latest` file naming
//! the newest. A checkpoint directory holds `main.bin` (the main program's
//! state, serde bytes), each [`super::ArrayImage`] as one file per process that
//! wrote a share of it, `array-<i>.p<process>.bin` (version 1 had one
//! `array-<i>.bin` per array), and `manifest.json`: format and
//! version, app name and options, step, element count, and every data
//! file's length and CRC-32. `main.bin` ends with a copy of the manifest
//! (but its own entry), which opening compares field by field (`seal.rs`):
//! the manifest is never trusted over the data.
//!
//! Writing is all-or-nothing: each process writes its share into a staging
//! directory `DIR/.arts-shard-<pid>-ckpt-<step>-p<process>` ([`write_shard`],
//! each file fsynced, the processes in parallel); process 0 ([`publish`])
//! moves them into a temporary directory `DIR/.arts-tmp-<pid>-ckpt-<step>`,
//! writes the main state and the manifest last, fsyncs the directory and
//! renames it to `ckpt-<step>`; then `latest` is replaced (temporary file,
//! fsync, rename). A crash at any point leaves the previous checkpoint and
//! `latest` intact (a test stops a write at each of its crash points,
//! `crash.rs`). A checkpoint of a step that is already there is swapped
//! with it in one step (`renameat2(RENAME_EXCHANGE)`); on a file system
//! without that, the old one is moved aside first, and a crash between the
//! two renames leaves `latest` naming a missing directory (the old one
//! under `.arts-tmp-<pid>-old-ckpt-<step>`). Older checkpoints beyond
//! `keep` are removed afterwards.
//! Reading checks sizes before allocating, the format, version and every
//! checksum; each error names the file. Within a run, the newest
//! checkpoint that rotation removes leaves its array files in
//! `DIR/.arts-spare` for the next checkpoint to overwrite (`spare.rs`).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

mod crash;
mod direct;
pub mod held;
mod read;
mod seal;
mod spare;
mod write;

pub use read::{Checkpoint, open};
pub(crate) use spare::release as release_spares;
pub use write::{
    list, manifest_of, publish, publish_with, rotate, write, write_shard, write_shard_serialized,
};

/// The `format` field of every manifest.
pub const FORMAT: &str = "arts-checkpoint";
/// The format version this build writes and reads (version 3 seals the
/// manifest into `main.bin`, `seal.rs`; older checkpoints are refused).
pub const VERSION: u32 = 3;
/// The oldest format version this build reads.
pub const OLDEST_VERSION: u32 = 3;
/// How the names of shard staging directories begin.
const SHARD_PREFIX: &str = ".arts-shard-";
/// The file naming the newest checkpoint of a root.
pub const LATEST: &str = "latest";
/// The manifest's file name.
pub const MANIFEST: &str = "manifest.json";
/// The main program's state's file name.
pub const MAIN_STATE: &str = "main.bin";
/// The largest manifest (or `latest` file) read.
pub const MAX_MANIFEST_BYTES: u64 = 1 << 20;
/// The largest data file read (a bound against a corrupt manifest).
pub const MAX_DATA_BYTES: u64 = 1 << 42;

/// Why a checkpoint could not be written or read; names the file.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// The file system refused.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A file is not what the manifest (or the format) says.
    #[error("{}: {why}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> CheckpointError + '_ {
    move |source| CheckpointError::Io {
        path: path.to_path_buf(),
        source,
    }
}

fn invalid(path: &Path, why: impl Into<String>) -> CheckpointError {
    CheckpointError::Invalid {
        path: path.to_path_buf(),
        why: why.into(),
    }
}

/// One data file of a checkpoint, as the manifest records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FileEntry {
    /// File name inside the checkpoint directory.
    pub name: String,
    /// Length in bytes.
    pub len: u64,
    /// CRC-32 (IEEE) of its bytes.
    pub crc32: u32,
}

/// The manifest of one checkpoint (`manifest.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format version ([`VERSION`]).
    pub version: u32,
    /// The app that wrote it.
    pub app: String,
    /// The app's options, as the app serialized them.
    pub options: serde_json::Value,
    /// The step after which it was taken.
    pub step: u64,
    /// Elements in all its arrays.
    pub elements: u64,
    /// The main program's state file, then one file per array.
    pub files: Vec<FileEntry>,
}

impl Manifest {
    /// Bytes of all data files together (what reading them allocates).
    pub fn data_bytes(&self) -> u64 {
        self.files
            .iter()
            .map(|f| f.len)
            .fold(0, u64::saturating_add)
    }

    /// Number of array images.
    pub fn arrays(&self) -> usize {
        self.files
            .iter()
            .filter_map(|f| parse_array_file(&f.name))
            .map(|(array, _)| array + 1)
            .max()
            .unwrap_or(0)
    }

    /// The files of array image `i`, in the order they are merged.
    pub fn array_files(&self, i: usize) -> impl Iterator<Item = &FileEntry> {
        self.files
            .iter()
            .filter(move |f| parse_array_file(&f.name).is_some_and(|(a, _)| a == i))
    }
}

/// The file of process `process`'s share of array `array`.
fn shard_file_name(array: usize, process: u32) -> String {
    format!("array-{array}.p{process}.bin")
}

/// The array and process of a data file's name: `array-<i>.p<k>.bin`, or a
/// version-1 `array-<i>.bin` (process 0).
fn parse_array_file(name: &str) -> Option<(usize, u32)> {
    let digits = |s: &str| -> Option<u64> {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let rest = name.strip_prefix("array-")?.strip_suffix(".bin")?;
    let (array, process) = match rest.split_once(".p") {
        Some((a, p)) => (a, u32::try_from(digits(p)?).ok()?),
        None => (rest, 0),
    };
    Some((usize::try_from(digits(array)?).ok()?, process))
}

/// One process's share of a checkpoint, written by [`write_shard`] and
/// sent to process 0 for [`publish`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shard {
    /// The staging directory holding its files.
    dir: PathBuf,
    /// Its files (one per array).
    files: Vec<FileEntry>,
    /// Copies of another process's files, held for it as its buddy.
    copies: Vec<FileEntry>,
    /// Elements in it.
    pub elements: u64,
    /// Bytes of element state in it.
    pub state_bytes: u64,
}

/// What one checkpoint holds besides its array images, to be written.
pub struct Contents<'a> {
    /// The app's name.
    pub app: &'a str,
    /// The app's options (enough to re-create the app).
    pub options: serde_json::Value,
    /// The step after which it is taken (names the directory).
    pub step: u64,
    /// The main program's state, serialized.
    pub main_state: &'a [u8],
}

/// The directory name of the checkpoint taken after `step`.
pub fn dir_name(step: u64) -> String {
    format!("ckpt-{step}")
}

fn step_of(name: &str) -> Option<u64> {
    let digits = name.strip_prefix("ckpt-")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

#[cfg(test)]
mod held_tests;
#[cfg(test)]
mod tests;

//! Checkpoint directories on disk. A checkpoint root `DIR` holds one
//! subdirectory per checkpoint, `DIR/ckpt-<step>`, and a `latest` file naming
//! the newest. A checkpoint directory holds `main.bin` (the main program's
//! state, serde bytes), one `array-<i>.bin` per [`ArrayImage`] and
//! `manifest.json`: format and version, app name and options, step, element
//! count, and every data file's length and CRC-32.
//!
//! Writing is all-or-nothing: the files go into a temporary directory
//! `DIR/.arts-tmp-<pid>-ckpt-<step>`, each fsynced, the manifest last; the
//! directory is fsynced and renamed to `ckpt-<step>`; then `latest` is
//! replaced (temporary file, fsync, rename). A crash at any point leaves the
//! previous checkpoint and `latest` intact. Older checkpoints beyond `keep`
//! are removed afterwards. Reading checks sizes before allocating, the
//! format, version and every checksum; each error names the file.

use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::ArrayImage;
use super::crc32::{Crc32, crc32};

/// The `format` field of every manifest.
pub const FORMAT: &str = "arts-checkpoint";
/// The version of the format this build writes and reads.
pub const VERSION: u32 = 1;
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
        self.files.len().saturating_sub(1)
    }
}

/// What one checkpoint holds, to be written.
pub struct Contents<'a> {
    /// The app's name.
    pub app: &'a str,
    /// The app's options (enough to re-create the app).
    pub options: serde_json::Value,
    /// The step after which it is taken (names the directory).
    pub step: u64,
    /// The main program's state, serialized.
    pub main_state: &'a [u8],
    /// The arrays, in the order the app restores them.
    pub arrays: &'a [&'a ArrayImage],
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

fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), CheckpointError> {
    write_with(path, |w| w.write_all(bytes)).map(drop)
}

/// A writer that counts and checksums what passes through it.
struct Summing<W> {
    inner: W,
    crc: Crc32,
    len: u64,
}

impl<W: Write> Write for Summing<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.crc.update(&buf[..n]);
        self.len += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Creates `path`, lets `fill` write it (buffered), fsyncs it, and returns
/// its length and CRC-32.
fn write_with(
    path: &Path,
    fill: impl FnOnce(&mut Summing<std::io::BufWriter<File>>) -> std::io::Result<()>,
) -> Result<(u64, u32), CheckpointError> {
    let f = File::create(path).map_err(io(path))?;
    let mut w = Summing {
        inner: std::io::BufWriter::with_capacity(1 << 20, f),
        crc: Crc32::default(),
        len: 0,
    };
    fill(&mut w).map_err(io(path))?;
    let f = w.inner.into_inner().map_err(|e| io(path)(e.into_error()))?;
    f.sync_all().map_err(io(path))?;
    Ok((w.len, w.crc.finish()))
}

fn sync_dir(dir: &Path) -> Result<(), CheckpointError> {
    File::open(dir).and_then(|d| d.sync_all()).map_err(io(dir))
}

/// Writes `contents` as `root/ckpt-<step>` (all or nothing), points
/// `root/latest` at it, and removes all but the newest `keep` checkpoints
/// (`keep` 0 counts as 1). Returns the checkpoint's directory.
pub fn write(
    root: &Path,
    contents: &Contents<'_>,
    keep: usize,
) -> Result<PathBuf, CheckpointError> {
    std::fs::create_dir_all(root).map_err(io(root))?;
    remove_stale_temporaries(root);
    let name = dir_name(contents.step);
    let tmp = root.join(format!(".arts-tmp-{}-{name}", std::process::id()));
    if tmp.exists() {
        std::fs::remove_dir_all(&tmp).map_err(io(&tmp))?;
    }
    std::fs::create_dir(&tmp).map_err(io(&tmp))?;
    let result = stage(&tmp, contents).and_then(|()| publish(root, &tmp, &name));
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    result?;
    rotate(root, keep.max(1));
    Ok(root.join(name))
}

/// Writes every file of `contents` into the temporary directory `tmp`, the manifest last.
fn stage(tmp: &Path, contents: &Contents<'_>) -> Result<(), CheckpointError> {
    let main = contents.main_state;
    let (len, crc32) = write_with(&tmp.join(MAIN_STATE), |w| w.write_all(main))?;
    let name = MAIN_STATE.to_string();
    let mut files = vec![FileEntry { name, len, crc32 }];
    for (i, image) in contents.arrays.iter().enumerate() {
        let name = format!("array-{i}.bin");
        let (len, crc32) = write_with(&tmp.join(&name), |w| image.write_to(w))?;
        files.push(FileEntry { name, len, crc32 });
    }
    let manifest = Manifest {
        format: FORMAT.to_string(),
        version: VERSION,
        app: contents.app.to_string(),
        options: contents.options.clone(),
        step: contents.step,
        elements: contents.arrays.iter().map(|a| a.len() as u64).sum(),
        files,
    };
    let json = serde_json::to_vec_pretty(&manifest).expect("a manifest serializes");
    write_synced(&tmp.join(MANIFEST), &json)?;
    sync_dir(tmp)
}

/// Renames the staged `tmp` to `root/name` (replacing an older one of the
/// same name) and then points `latest` at it.
fn publish(root: &Path, tmp: &Path, name: &str) -> Result<(), CheckpointError> {
    let dest = root.join(name);
    if dest.exists() {
        let old = root.join(format!(".arts-tmp-{}-old-{name}", std::process::id()));
        std::fs::rename(&dest, &old).map_err(io(&dest))?;
        std::fs::remove_dir_all(&old).map_err(io(&old))?;
    }
    std::fs::rename(tmp, &dest).map_err(io(&dest))?;
    sync_dir(root)?;
    let latest_tmp = root.join(format!(".arts-tmp-{}-{LATEST}", std::process::id()));
    write_synced(&latest_tmp, format!("{name}\n").as_bytes())?;
    let latest = root.join(LATEST);
    std::fs::rename(&latest_tmp, &latest).map_err(io(&latest))?;
    sync_dir(root)
}

/// The steps of the checkpoints in `root`, oldest first.
pub fn list(root: &Path) -> Vec<u64> {
    let mut steps: Vec<u64> = std::fs::read_dir(root)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().to_str().and_then(step_of))
        .collect();
    steps.sort_unstable();
    steps
}

/// Removes all but the newest `keep` checkpoints (best effort: a failure
/// leaves an extra checkpoint, never a damaged one).
fn rotate(root: &Path, keep: usize) {
    let steps = list(root);
    let excess = steps.len().saturating_sub(keep);
    for step in &steps[..excess] {
        let _ = std::fs::remove_dir_all(root.join(dir_name(*step)));
    }
}

/// Removes temporaries that killed writers (whose pid no longer runs) left in `root`.
fn remove_stale_temporaries(root: &Path) {
    for e in std::fs::read_dir(root).into_iter().flatten().flatten() {
        let name = e.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(".arts-tmp-"))
            .and_then(|r| r.split('-').next())
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let p = e.path();
            let _ = std::fs::remove_dir_all(&p).or_else(|_| std::fs::remove_file(&p));
        }
    }
}

/// Reads at most `max` bytes of `path`, refusing a longer file before reading it.
fn read_bounded(path: &Path, max: u64) -> Result<Vec<u8>, CheckpointError> {
    let f = File::open(path).map_err(io(path))?;
    let len = f.metadata().map_err(io(path))?.len();
    if len > max {
        return Err(invalid(
            path,
            format!("{len} bytes, more than {max} accepted"),
        ));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    f.take(max).read_to_end(&mut bytes).map_err(io(path))?;
    Ok(bytes)
}

/// A checkpoint found on disk with its manifest read and checked.
#[derive(Debug)]
pub struct Checkpoint {
    /// Its directory (`ckpt-<step>`).
    pub dir: PathBuf,
    /// Its manifest.
    pub manifest: Manifest,
}

/// Opens the checkpoint at `path`: a checkpoint directory (with
/// `manifest.json`) or a root, whose `latest` names one.
pub fn open(path: &Path) -> Result<Checkpoint, CheckpointError> {
    let dir = if path.join(MANIFEST).exists() || !path.join(LATEST).exists() {
        path.to_path_buf()
    } else {
        let latest = path.join(LATEST);
        let text = read_bounded(&latest, 256)?;
        let name = std::str::from_utf8(&text).unwrap_or("").trim();
        if step_of(name).is_none() {
            return Err(invalid(&latest, "does not name a checkpoint (ckpt-<step>)"));
        }
        path.join(name)
    };
    let manifest_path = dir.join(MANIFEST);
    if !manifest_path.exists() {
        return Err(invalid(
            &manifest_path,
            "missing: not a checkpoint directory (nor a root with a `latest` file)",
        ));
    }
    let manifest = read_manifest(&manifest_path)?;
    Ok(Checkpoint { dir, manifest })
}

fn read_manifest(path: &Path) -> Result<Manifest, CheckpointError> {
    let bytes = read_bounded(path, MAX_MANIFEST_BYTES)?;
    let m: Manifest = serde_json::from_slice(&bytes)
        .map_err(|e| invalid(path, format!("not an arts checkpoint manifest: {e}")))?;
    if m.format != FORMAT {
        return Err(invalid(
            path,
            format!("format {:?}, not {FORMAT:?}", m.format),
        ));
    }
    if m.version != VERSION {
        return Err(invalid(
            path,
            format!(
                "format version {}, this build reads version {VERSION}",
                m.version
            ),
        ));
    }
    if m.files.first().is_none_or(|f| f.name != MAIN_STATE) {
        return Err(invalid(
            path,
            format!("the first file must be {MAIN_STATE}"),
        ));
    }
    for (i, f) in m.files.iter().enumerate().skip(1) {
        if f.name != format!("array-{}.bin", i - 1) {
            return Err(invalid(path, format!("unexpected file name {:?}", f.name)));
        }
        if f.len > MAX_DATA_BYTES {
            return Err(invalid(
                path,
                format!("{} is recorded as {} bytes", f.name, f.len),
            ));
        }
    }
    Ok(m)
}

impl Checkpoint {
    /// Reads data file `i` of the manifest (0: the main program's state),
    /// checking its length and checksum.
    pub fn read_file(&self, i: usize) -> Result<Vec<u8>, CheckpointError> {
        let entry = &self.manifest.files[i];
        let path = self.dir.join(&entry.name);
        let bytes = read_bounded(&path, entry.len)?;
        if (bytes.len() as u64) < entry.len {
            return Err(invalid(
                &path,
                format!("truncated: {} of {} bytes", bytes.len(), entry.len),
            ));
        }
        if crc32(&bytes) != entry.crc32 {
            return Err(invalid(&path, "checksum mismatch: the file was modified"));
        }
        Ok(bytes)
    }

    /// The main program's state.
    pub fn main_state(&self) -> Result<Vec<u8>, CheckpointError> {
        self.read_file(0)
    }

    /// Array image `i` (in the order written).
    pub fn array(&self, i: usize) -> Result<ArrayImage, CheckpointError> {
        let bytes = self.read_file(i + 1)?;
        let path = self.dir.join(&self.manifest.files[i + 1].name);
        ArrayImage::from_bytes(&bytes)
            .map_err(|e| invalid(&path, format!("not an array image: {e}")))
    }
}

#[cfg(test)]
#[path = "disk_tests.rs"]
mod tests;

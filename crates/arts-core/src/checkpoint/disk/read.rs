//! Reading a checkpoint directory back: bounded sizes, format and version,
//! lengths and checksums, each error naming the file.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::{
    CheckpointError, FORMAT, FileEntry, LATEST, MAIN_STATE, MANIFEST, MAX_DATA_BYTES,
    MAX_MANIFEST_BYTES, Manifest, OLDEST_VERSION, VERSION, held, invalid, parse_array_file, seal,
    step_of,
};
use crate::checkpoint::ArrayImage;

/// Reads `path`, a regular file of at most `max` bytes, refusing anything
/// else before opening it (a FIFO never blocks: [`arts_util::input_file`]).
fn read_bounded(path: &Path, max: u64) -> Result<Vec<u8>, CheckpointError> {
    arts_util::input_file::read(path, max).map_err(|e| invalid(path, e.why))
}

/// The file `entry` at `path`, refused unless it has the recorded length
/// and checksum.
pub(super) fn read_checked(path: &Path, entry: &FileEntry) -> Result<Vec<u8>, CheckpointError> {
    let bytes = read_bounded(path, entry.len)?;
    check(path, entry, &bytes)?;
    Ok(bytes)
}

fn check(path: &Path, entry: &FileEntry, bytes: &[u8]) -> Result<(), CheckpointError> {
    if (bytes.len() as u64) < entry.len {
        return Err(invalid(
            path,
            format!("truncated: {} of {} bytes", bytes.len(), entry.len),
        ));
    }
    if crc32fast::hash(bytes) != entry.crc32 {
        return Err(invalid(path, "checksum mismatch: the file was modified"));
    }
    Ok(())
}

/// A checkpoint found on disk with its manifest read and checked.
#[derive(Debug)]
pub struct Checkpoint {
    /// Its directory (`ckpt-<step>`).
    pub dir: PathBuf,
    /// Its manifest.
    pub manifest: Manifest,
    /// Files that are not in `dir` (a checkpoint recovered from a buddy
    /// store, [`super::held`]), by name.
    sources: HashMap<String, Source>,
}

/// Where a file of an assembled checkpoint is.
pub(super) enum Source {
    /// In another directory.
    Path(PathBuf),
    /// In memory (received from another process).
    Bytes(Vec<u8>),
}

impl std::fmt::Debug for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::Path(p) => write!(f, "Path({})", p.display()),
            Source::Bytes(b) => write!(f, "Bytes({} bytes)", b.len()),
        }
    }
}

/// Opens the checkpoint at `path`: a checkpoint directory (with
/// `manifest.json`), a root, whose `latest` names one, or a buddy store
/// whose holds ([`super::held`]) cover a checkpoint together (the newest
/// such).
pub fn open(path: &Path) -> Result<Checkpoint, CheckpointError> {
    if !path.join(MANIFEST).exists() && !path.join(LATEST).exists() && held::is_store(path) {
        let c = held::open_store(path).ok_or_else(|| held::incomplete(path))?;
        return c.sealed();
    }
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
    Checkpoint {
        dir,
        manifest,
        sources: HashMap::new(),
    }
    .sealed()
}

pub(super) fn read_manifest(path: &Path) -> Result<Manifest, CheckpointError> {
    let bytes = read_bounded(path, MAX_MANIFEST_BYTES)?;
    let m: Manifest = serde_json::from_slice(&bytes)
        .map_err(|e| invalid(path, format!("not an arts checkpoint manifest: {e}")))?;
    if m.format != FORMAT {
        return Err(invalid(
            path,
            format!("format {:?}, not {FORMAT:?}", m.format),
        ));
    }
    if m.version < OLDEST_VERSION {
        return Err(invalid(
            path,
            format!(
                "format version {}, written before manifests were sealed into {MAIN_STATE}; \
                 this build reads versions {OLDEST_VERSION} to {VERSION} (run from the start)",
                m.version
            ),
        ));
    }
    if m.version > VERSION {
        return Err(invalid(
            path,
            format!(
                "format version {}, this build reads versions {OLDEST_VERSION} to {VERSION}",
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
    // Data files: by array, then by process; every array from 0 up has one.
    let mut last: Option<(usize, u32)> = None;
    for f in &m.files[1..] {
        let Some(at) = parse_array_file(&f.name) else {
            return Err(invalid(path, format!("unexpected file name {:?}", f.name)));
        };
        let next_array = last.map_or(0, |(a, _)| a + 1);
        if !(last.is_some_and(|l| at.0 == l.0 && at.1 > l.1) || at.0 == next_array) {
            return Err(invalid(
                path,
                format!(
                    "{} is out of order (arrays from 0, then processes, ascending)",
                    f.name
                ),
            ));
        }
        last = Some(at);
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
    /// Reads data file `i` of the manifest (0: the main program's state,
    /// without the manifest's seal), checking its length and checksum.
    pub fn read_file(&self, i: usize) -> Result<Vec<u8>, CheckpointError> {
        let bytes = self.read_raw(i)?;
        match i {
            0 => seal::state(&self.dir, &bytes),
            _ => Ok(bytes),
        }
    }

    /// Data file `i` as it is on disk, its length and checksum checked.
    fn read_raw(&self, i: usize) -> Result<Vec<u8>, CheckpointError> {
        let Some(entry) = self.manifest.files.get(i) else {
            return Err(invalid(
                &self.dir.join(MANIFEST),
                format!("lists {} files, not {}", self.manifest.files.len(), i + 1),
            ));
        };
        self.read_entry(entry)
    }

    /// This checkpoint, if its manifest is the one sealed into its
    /// `main.bin` (`seal.rs`); else the error naming the field that differs.
    pub(crate) fn sealed(self) -> Result<Checkpoint, CheckpointError> {
        seal::check(&self.dir, &self.read_raw(0)?, &self.manifest)?;
        Ok(self)
    }

    fn read_entry(&self, entry: &FileEntry) -> Result<Vec<u8>, CheckpointError> {
        match self.sources.get(&entry.name) {
            None => read_checked(&self.dir.join(&entry.name), entry),
            Some(Source::Path(path)) => read_checked(path, entry),
            Some(Source::Bytes(bytes)) => {
                let path = self.dir.join(&entry.name);
                check(&path, entry, bytes)?;
                Ok(bytes.clone())
            }
        }
    }

    /// A checkpoint of `manifest` whose files are in `dir` unless
    /// `sources` says where else.
    pub(super) fn assembled(
        dir: PathBuf,
        manifest: Manifest,
        sources: HashMap<String, Source>,
    ) -> Checkpoint {
        Checkpoint {
            dir,
            manifest,
            sources,
        }
    }

    /// The main program's state.
    pub fn main_state(&self) -> Result<Vec<u8>, CheckpointError> {
        self.read_file(0)
    }

    /// Array image `i` ([`Checkpoint::array`]), refused naming its first
    /// file unless its elements are of type `A` (an array of another app).
    pub fn array_of<A: 'static>(&self, i: usize) -> Result<ArrayImage, CheckpointError> {
        let image = self.array(i)?;
        match image.type_mismatch::<A>() {
            None => Ok(image),
            Some(why) => {
                let first = self.manifest.array_files(i).next();
                Err(invalid(&self.dir.join(first.map_or("", |f| &f.name)), why))
            }
        }
    }

    /// Array image `i` (in the order written), merged from the shares of
    /// the processes that wrote it.
    pub fn array(&self, i: usize) -> Result<ArrayImage, CheckpointError> {
        let mut shards = Vec::new();
        let mut last = self.dir.join(MANIFEST);
        for entry in self.manifest.array_files(i) {
            let bytes = self.read_entry(entry)?;
            last = self.dir.join(&entry.name);
            let shard = ArrayImage::from_bytes(&bytes)
                .map_err(|e| invalid(&last, format!("not an array image: {e}")))?;
            shards.push(shard);
        }
        if shards.is_empty() {
            return Err(invalid(
                &self.dir.join(MANIFEST),
                format!(
                    "lists {} array images, not {}",
                    self.manifest.arrays(),
                    i + 1
                ),
            ));
        }
        ArrayImage::merge(shards).map_err(|e| invalid(&last, e.to_string()))
    }
}

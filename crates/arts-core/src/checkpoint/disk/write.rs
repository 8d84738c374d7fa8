//! Writing a checkpoint directory: staged in a temporary directory, every
//! file fsynced, the manifest last, renamed into place, `latest` replaced,
//! older checkpoints rotated out.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::direct::DirectFile;
use super::{
    CheckpointError, Contents, FORMAT, FileEntry, LATEST, MAIN_STATE, MANIFEST, Manifest,
    SHARD_PREFIX, Shard, VERSION, dir_name, invalid, io, parse_array_file, shard_file_name,
    step_of,
};
use super::{crash, seal, spare};
use crate::checkpoint::ArrayImage;

fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), CheckpointError> {
    write_with(path, None, |w| w.write_all(bytes)).map(drop)
}

/// A writer that counts and checksums what passes through it.
struct Summing<W> {
    inner: W,
    crc: crc32fast::Hasher,
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

/// Creates `path` — from the spare file of its name in `spares`, if that
/// root has one ([`spare`]) — lets `fill` write it (directly where the file
/// system allows, [`DirectFile`]), fsyncs it, and returns its length and
/// CRC-32.
fn write_with(
    path: &Path,
    spares: Option<&Path>,
    fill: impl FnOnce(&mut Summing<DirectFile>) -> std::io::Result<()>,
) -> Result<(u64, u32), CheckpointError> {
    let file = match spares.is_some_and(|root| spare::take(root, path)) {
        true => DirectFile::overwrite(path),
        false => DirectFile::create(path),
    };
    let mut w = Summing {
        inner: file.map_err(io(path))?,
        crc: crc32fast::Hasher::new(),
        len: 0,
    };
    crash::point("a file opened (a spare one with its old bytes)");
    fill(&mut w).map_err(io(path))?;
    crash::point("a file written, not yet fsynced");
    w.inner.finish().map_err(io(path))?;
    Ok((w.len, w.crc.finalize()))
}

fn sync_dir(dir: &Path) -> Result<(), CheckpointError> {
    File::open(dir).and_then(|d| d.sync_all()).map_err(io(dir))
}

/// Writes `contents` and `arrays` as `root/ckpt-<step>` (all or nothing),
/// points `root/latest` at it, and removes all but the newest `keep`
/// checkpoints (`keep` 0 counts as 1). Returns the checkpoint's directory.
/// One process's checkpoint: [`write_shard`] then [`publish`].
pub fn write(
    root: &Path,
    contents: &Contents<'_>,
    arrays: &[&ArrayImage],
    keep: usize,
) -> Result<PathBuf, CheckpointError> {
    let shard = write_shard(root, contents.step, 0, arrays)?;
    publish(root, contents, vec![shard], keep)
}

/// Writes this process's share of the checkpoint after `step` — its
/// elements of each array, `array-<i>.p<process>.bin` — into a staging
/// directory of `root`, each file fsynced, for [`publish`] on process 0
/// (the processes write in parallel; `root` must be one file system that
/// every process sees).
pub fn write_shard(
    root: &Path,
    step: u64,
    process: u32,
    arrays: &[&ArrayImage],
) -> Result<Shard, CheckpointError> {
    write_shard_with(root, step, process, arrays, |i, mut w| {
        arrays[i].write_to(&mut w)
    })
}

/// [`write_shard`] of images already serialized (`serialized[i]` is
/// `arrays[i].to_bytes()`), e.g. because a buddy gets a copy of them.
pub fn write_shard_serialized(
    root: &Path,
    step: u64,
    process: u32,
    arrays: &[&ArrayImage],
    serialized: &[Vec<u8>],
) -> Result<Shard, CheckpointError> {
    write_shard_with(root, step, process, arrays, |i, w| {
        w.write_all(&serialized[i])
    })
}

fn write_shard_with(
    root: &Path,
    step: u64,
    process: u32,
    arrays: &[&ArrayImage],
    fill: impl Fn(usize, &mut dyn Write) -> std::io::Result<()>,
) -> Result<Shard, CheckpointError> {
    std::fs::create_dir_all(root).map_err(io(root))?;
    let dir = root.join(format!(
        "{SHARD_PREFIX}{}-{}-p{process}",
        std::process::id(),
        dir_name(step)
    ));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(io(&dir))?;
    }
    std::fs::create_dir(&dir).map_err(io(&dir))?;
    let mut shard = Shard {
        dir,
        files: Vec::with_capacity(arrays.len()),
        copies: Vec::new(),
        elements: arrays.iter().map(|a| a.len() as u64).sum(),
        state_bytes: arrays.iter().map(|a| a.state_bytes()).sum(),
    };
    for i in 0..arrays.len() {
        let name = shard_file_name(i, process);
        let entry = write_entry(&shard.dir, name, |w| fill(i, w));
        shard.files.push(shard.discard_on_error(entry)?);
    }
    Ok(shard)
}

/// Writes the array file `name` into the staging directory `dir` of a
/// checkpoint root, overwriting the root's spare file of that name if it
/// has one.
fn write_entry(
    dir: &Path,
    name: String,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<FileEntry, CheckpointError> {
    let (len, crc32) = write_with(&dir.join(&name), dir.parent(), |w| fill(w))?;
    Ok(FileEntry { name, len, crc32 })
}

impl Shard {
    /// Adds to this staged share a copy of process `owner`'s share (one
    /// serialized image per array), as its buddy keeps it
    /// ([`super::held`]); the copy is not this process's, so the manifest
    /// built from this shard does not list it.
    pub fn add_copy(&mut self, owner: u32, serialized: &[Vec<u8>]) -> Result<(), CheckpointError> {
        for (i, bytes) in serialized.iter().enumerate() {
            let entry = write_entry(&self.dir, shard_file_name(i, owner), |w| w.write_all(bytes));
            let entry = self.discard_on_error(entry)?;
            self.copies.push(entry);
        }
        Ok(())
    }

    /// `result`, removing the staging directory when it is an error.
    fn discard_on_error<T>(
        &self,
        result: Result<T, CheckpointError>,
    ) -> Result<T, CheckpointError> {
        if result.is_err() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
        result
    }
}

/// On process 0: makes `root/ckpt-<step>` of `contents` and every
/// process's [`Shard`] (all or nothing: the shards' files are moved into a
/// temporary directory beside the main program's state and the manifest,
/// which is then renamed into place), points `latest` at it, and removes
/// all but the newest `keep` checkpoints. Staging directories of shards
/// not given here (left by a killed run) are removed.
pub fn publish(
    root: &Path,
    contents: &Contents<'_>,
    shards: Vec<Shard>,
    keep: usize,
) -> Result<PathBuf, CheckpointError> {
    let manifest = manifest_of(contents, &shards);
    publish_with(root, contents.main_state, &manifest, shards, keep)
}

/// The manifest of a checkpoint of `contents` whose processes wrote
/// `shards` (their own files; copies held for buddies are not listed).
pub fn manifest_of(contents: &Contents<'_>, shards: &[Shard]) -> Manifest {
    let main = contents.main_state;
    let mut files = vec![FileEntry {
        name: MAIN_STATE.to_string(),
        len: main.len() as u64,
        crc32: crc32fast::hash(main),
    }];
    // By array, then by process: the order readers merge them in.
    let mut shard_files: Vec<&FileEntry> = shards.iter().flat_map(|s| &s.files).collect();
    shard_files.sort_by_key(|f| parse_array_file(&f.name));
    files.extend(shard_files.into_iter().cloned());
    Manifest {
        format: FORMAT.to_string(),
        version: VERSION,
        app: contents.app.to_string(),
        options: contents.options.clone(),
        step: contents.step,
        elements: shards.iter().map(|s| s.elements).sum(),
        files,
    }
}

/// Makes `root/ckpt-<step>` of `manifest`, the main program's state
/// `main_state` and the files of `shards` (theirs and the copies they
/// hold), as [`publish`] does; the manifest may list files that are not
/// here (a buddy store holds two processes' shares, [`super::held`]).
pub fn publish_with(
    root: &Path,
    main_state: &[u8],
    manifest: &Manifest,
    shards: Vec<Shard>,
    keep: usize,
) -> Result<PathBuf, CheckpointError> {
    std::fs::create_dir_all(root).map_err(io(root))?;
    remove_stale_temporaries(root, &shards);
    let (main_state, manifest) = &sealed(main_state, manifest);
    let name = dir_name(manifest.step);
    let tmp = root.join(format!(".arts-tmp-{}-{name}", std::process::id()));
    if tmp.exists() {
        std::fs::remove_dir_all(&tmp).map_err(io(&tmp))?;
    }
    std::fs::create_dir(&tmp).map_err(io(&tmp))?;
    let result =
        stage(&tmp, main_state, manifest, &shards).and_then(|()| publish_dir(root, &tmp, &name));
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    for shard in &shards {
        let _ = std::fs::remove_dir_all(&shard.dir);
    }
    result?;
    crash::point("published, older checkpoints not yet rotated out");
    rotate(root, keep.max(1));
    Ok(root.join(name))
}

/// The bytes of `main.bin` — `main_state` with `manifest` sealed in
/// ([`seal`]) — and the manifest with their length and CRC-32 as
/// `main.bin`'s entry.
fn sealed(main_state: &[u8], manifest: &Manifest) -> (Vec<u8>, Manifest) {
    let bytes = seal::seal(main_state, manifest);
    let entry = FileEntry {
        name: MAIN_STATE.to_string(),
        len: bytes.len() as u64,
        crc32: crc32fast::hash(&bytes),
    };
    let mut manifest = manifest.clone();
    match manifest.files.first_mut() {
        Some(f) if f.name == MAIN_STATE => *f = entry,
        _ => manifest.files.insert(0, entry),
    }
    (bytes, manifest)
}

/// Puts the directory `tmp` in the place of the existing `dest` of `root`:
/// swapped with it in one step where the file system can (so that a crash
/// leaves one of the two whole under `dest`'s name, which `latest` may
/// name), else by moving `dest` aside first; the old one is removed.
fn replace_dir(root: &Path, tmp: &Path, dest: &Path) -> Result<(), CheckpointError> {
    if exchange(tmp, dest).is_ok() {
        crash::point("an older checkpoint of the same step swapped out");
        return std::fs::remove_dir_all(tmp).map_err(io(tmp));
    }
    let name = dest.file_name().and_then(|n| n.to_str()).unwrap_or("dir");
    let old = root.join(format!(".arts-tmp-{}-old-{name}", std::process::id()));
    std::fs::rename(dest, &old).map_err(io(dest))?;
    std::fs::rename(tmp, dest).map_err(io(dest))?;
    std::fs::remove_dir_all(&old).map_err(io(&old))
}

/// Swaps the directory entries `a` and `b` atomically (Linux
/// `renameat2(RENAME_EXCHANGE)`; an error where the file system lacks it).
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let c =
        |p: &Path| std::ffi::CString::new(p.as_os_str().as_bytes()).map_err(std::io::Error::other);
    let (a, b) = (c(a)?, c(b)?);
    // SAFETY: both paths are NUL-terminated strings that outlive the call;
    // `renameat2` only reads them.
    let rc = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    match rc {
        0 => Ok(()),
        _ => Err(std::io::Error::last_os_error()),
    }
}

/// Moves the shards' files into the temporary directory `tmp` and writes
/// the main program's state and the manifest (last) beside them.
fn stage(
    tmp: &Path,
    main_state: &[u8],
    manifest: &Manifest,
    shards: &[Shard],
) -> Result<(), CheckpointError> {
    write_synced(&tmp.join(MAIN_STATE), main_state)?;
    for shard in shards {
        for copy in &shard.copies {
            check_copy(&shard.dir, copy, manifest)?;
        }
        for f in shard.files.iter().chain(&shard.copies) {
            let from = shard.dir.join(&f.name);
            std::fs::rename(&from, tmp.join(&f.name)).map_err(io(&from))?;
            crash::point("a staged file moved into the new checkpoint");
        }
    }
    let json = serde_json::to_vec_pretty(manifest).expect("a manifest serializes");
    write_synced(&tmp.join(MANIFEST), &json)?;
    sync_dir(tmp)
}

/// Refuses the copy `copy` of another process's file (staged in `dir`)
/// when it is not the file that process wrote, as `manifest` lists it:
/// damaged on its way to its buddy.
fn check_copy(dir: &Path, copy: &FileEntry, manifest: &Manifest) -> Result<(), CheckpointError> {
    let listed = manifest.files.iter().find(|f| f.name == copy.name);
    match listed {
        Some(f) if f == copy => Ok(()),
        Some(f) => Err(invalid(
            &dir.join(&copy.name),
            format!(
                "a buddy's copy of {} B with CRC-32 {:08x}; its owner wrote {} B with {:08x}",
                copy.len, copy.crc32, f.len, f.crc32
            ),
        )),
        None => Err(invalid(
            &dir.join(&copy.name),
            "a buddy's copy of a file the manifest does not list",
        )),
    }
}

/// Renames the staged `tmp` to `root/name` (replacing an older one of the
/// same name) and then points `latest` at it.
fn publish_dir(root: &Path, tmp: &Path, name: &str) -> Result<(), CheckpointError> {
    let dest = root.join(name);
    if dest.exists() {
        replace_dir(root, tmp, &dest)?;
    } else {
        std::fs::rename(tmp, &dest).map_err(io(&dest))?;
    }
    crash::point("the new checkpoint in place, `latest` not yet");
    sync_dir(root)?;
    let latest_tmp = root.join(format!(".arts-tmp-{}-{LATEST}", std::process::id()));
    write_synced(&latest_tmp, format!("{name}\n").as_bytes())?;
    crash::point("the new `latest` written, not yet in place");
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

/// Removes all but the newest `keep` checkpoints of `root` (best effort: a
/// failure leaves an extra checkpoint, never a damaged one); the newest of
/// those removed leaves its array files for the next checkpoint to
/// overwrite (`disk/spare.rs`).
pub fn rotate(root: &Path, keep: usize) {
    let steps = list(root);
    let excess = steps.len().saturating_sub(keep);
    if let Some((newest, older)) = steps[..excess].split_last() {
        for step in older {
            let _ = std::fs::remove_dir_all(root.join(dir_name(*step)));
        }
        spare::retire(root, &root.join(dir_name(*newest)));
    }
}

/// Removes temporaries that killed writers (whose pid no longer runs) left
/// in `root`, and shard staging directories other than `shards`' and a
/// spare directory this process did not make (one job writes a checkpoint
/// root at a time, so those belong to a killed run).
fn remove_stale_temporaries(root: &Path, shards: &[Shard]) {
    for e in std::fs::read_dir(root).into_iter().flatten().flatten() {
        let p = e.path();
        let name = e.file_name();
        let Some(name) = name.to_str() else {
            continue;
        };
        let stale_shard = name.starts_with(SHARD_PREFIX) && shards.iter().all(|s| s.dir != p);
        if stale_shard || (name == spare::SPARE && !spare::is_ours(&p)) {
            let _ = std::fs::remove_dir_all(&p);
            continue;
        }
        let Some(pid) = name
            .strip_prefix(".arts-tmp-")
            .and_then(|r| r.split('-').next())
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir_all(&p).or_else(|_| std::fs::remove_file(&p));
        }
    }
}

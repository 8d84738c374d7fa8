//! Writing a checkpoint directory: staged in a temporary directory, every
//! file fsynced, the manifest last, renamed into place, `latest` replaced,
//! older checkpoints rotated out.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::{
    CheckpointError, Contents, FORMAT, FileEntry, LATEST, MAIN_STATE, MANIFEST, Manifest, VERSION,
    dir_name, io, step_of,
};

fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), CheckpointError> {
    write_with(path, |w| w.write_all(bytes)).map(drop)
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

/// Creates `path`, lets `fill` write it (buffered), fsyncs it, and returns
/// its length and CRC-32.
fn write_with(
    path: &Path,
    fill: impl FnOnce(&mut Summing<std::io::BufWriter<File>>) -> std::io::Result<()>,
) -> Result<(u64, u32), CheckpointError> {
    let f = File::create(path).map_err(io(path))?;
    let mut w = Summing {
        inner: std::io::BufWriter::with_capacity(1 << 20, f),
        crc: crc32fast::Hasher::new(),
        len: 0,
    };
    fill(&mut w).map_err(io(path))?;
    let f = w.inner.into_inner().map_err(|e| io(path)(e.into_error()))?;
    f.sync_all().map_err(io(path))?;
    Ok((w.len, w.crc.finalize()))
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

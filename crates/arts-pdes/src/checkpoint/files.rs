//! A checkpoint on disk: a directory holding `checkpoint.json` (what was
//! run, where it stopped, the committed counters so far, and each part
//! file's counts and hash) and one part file per process that wrote it
//! (`part-<rank>.bin`: that process's LPs and their pending events, a
//! [`Snapshot`]). Parts stream to and from disk, so no process ever holds
//! more than its own LPs. The files appear together or not at all
//! (`arts_util::atomic_file::PendingDir`), replacing the previous
//! checkpoint in the same directory.

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::Path;

use arts_util::atomic_file::PendingDir;
use serde::{Deserialize, Serialize};

use super::hashed::{Hash64, HashingReader, HashingWriter};
use super::snapshot::Snapshot;
use crate::key::LpId;

/// The format tag of `checkpoint.json`. Format 3: one part file per
/// process (format 2: one `state.bin`; format 1: event keys giving the
/// sending LP 24 bits). Other formats are refused, not misread.
pub const FORMAT: &str = "arts-pdes-checkpoint/3";
const MANIFEST: &str = "checkpoint.json";

/// What `checkpoint.json` says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// [`FORMAT`].
    pub format: String,
    /// The model and its parameters as the run's report states them.
    pub model: serde_json::Value,
    /// Seed of the random streams.
    pub seed: u64,
    /// GVT at the checkpoint: every event before it is committed, every
    /// pending event is at or after it.
    pub time: f64,
    /// The committed counters up to `time`.
    pub counters: Counters,
    /// LPs in all parts.
    pub lps: u64,
    /// Pending events in all parts.
    pub pending_events: u64,
    /// Processes of the run that wrote it.
    pub processes: u32,
    /// PEs of the run that wrote it (all processes together).
    pub pes: usize,
    /// The part files, one per process that wrote one.
    pub parts: Vec<Part>,
}

/// One part file of a checkpoint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Part {
    /// File name in the checkpoint's directory.
    pub file: String,
    /// LPs in it.
    pub lps: u64,
    /// Pending events in it.
    pub pending_events: u64,
    /// Its bytes.
    pub bytes: u64,
    /// Hash of its bytes (16 hex digits).
    pub hash: String,
}

/// Counters a run adds up over its segments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Counters {
    /// Events committed.
    pub committed_events: u64,
    /// Events executed (rolled back ones included).
    pub processed_events: u64,
    /// Executions undone.
    pub rolled_back_events: u64,
    /// Anti-messages sent.
    pub anti_messages: u64,
    /// Committed events that crossed PEs.
    pub cross_pe_events: u64,
    /// GVT rounds or windows.
    pub gvt_rounds: u64,
    /// Timestamp of the last committed event.
    pub final_time: f64,
}

impl Part {
    /// Words that describe the part, to gather across processes.
    pub(crate) fn to_words(&self) -> [u64; 4] {
        let hash = u64::from_str_radix(&self.hash, 16).expect("a hash this process wrote");
        [self.lps, self.pending_events, self.bytes, hash]
    }

    /// Process `rank`'s part from its [`Part::to_words`].
    pub(crate) fn from_words(rank: u32, w: [u64; 4]) -> Part {
        Part {
            file: part_name(rank),
            lps: w[0],
            pending_events: w[1],
            bytes: w[2],
            hash: format!("{:016x}", w[3]),
        }
    }
}

/// The name of process `rank`'s part file.
pub(crate) fn part_name(rank: u32) -> String {
    format!("part-{rank}.bin")
}

/// Opens the staging directory of a checkpoint into `dir`.
pub(crate) fn stage(dir: &Path) -> Result<PendingDir, String> {
    PendingDir::create(dir).map_err(|e| e.to_string())
}

/// Writes `snap` as process `rank`'s part into the staging directory
/// `staging`, streaming it, and says what [`Manifest::parts`] records.
pub(crate) fn write_part(staging: &Path, rank: u32, snap: &Snapshot) -> Result<Part, String> {
    let file = part_name(rank);
    let path = staging.join(&file);
    let bytes = snap.byte_len();
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let mut w = HashingWriter {
        inner: BufWriter::with_capacity(1 << 20, File::create(&path).map_err(cannot)?),
        hash: Hash64::new(bytes),
    };
    snap.write_to(&mut w).map_err(cannot)?;
    w.flush().map_err(cannot)?;
    let HashingWriter { inner, hash } = w;
    inner
        .into_inner()
        .map_err(|e| cannot(e.into_error()))?
        .sync_all()
        .map_err(cannot)?;
    Ok(Part {
        file,
        lps: snap.lp_count() as u64,
        pending_events: snap.event_count() as u64,
        bytes,
        hash: format!("{:016x}", hash.finish()),
    })
}

/// Writes `manifest` (its totals from its parts) into `pending`, whose
/// staging directory holds the parts, and puts the checkpoint in place.
pub(crate) fn commit(mut pending: PendingDir, mut manifest: Manifest) -> Result<(), String> {
    manifest.lps = manifest.parts.iter().map(|p| p.lps).sum();
    manifest.pending_events = manifest.parts.iter().map(|p| p.pending_events).sum();
    let json = serde_json::to_vec_pretty(&manifest).map_err(|e| e.to_string())?;
    pending.write(MANIFEST, &json).map_err(|e| e.to_string())?;
    pending.replace().map_err(|e| e.to_string())
}

/// Writes `snap`, a whole run's state, with `manifest` into `dir` (one
/// part), replacing what was there, all or nothing.
pub fn write(dir: &Path, mut manifest: Manifest, snap: &Snapshot) -> Result<(), String> {
    let pending = stage(dir)?;
    manifest.parts = vec![write_part(pending.staging(), 0, snap)?];
    commit(pending, manifest)
}

/// Reads `checkpoint.json` in `dir`; the error says what is missing or
/// wrong (to follow "--restart DIR: ").
pub fn read_manifest(dir: &Path) -> Result<Manifest, String> {
    let path = dir.join(MANIFEST);
    let json = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let format = serde_json::from_slice::<serde_json::Value>(&json)
        .ok()
        .and_then(|v| v.get("format")?.as_str().map(String::from));
    match format {
        Some(f) if f != FORMAT => Err(format!(
            "{} has format {f:?}; accepted: {FORMAT:?}",
            path.display()
        )),
        _ => serde_json::from_slice(&json)
            .map_err(|e| format!("{} is not a PDES checkpoint: {e}", path.display())),
    }
}

/// Reads the parts of the checkpoint in `dir` that `manifest` lists, one
/// at a time, keeping the LPs for which `keep` holds and their events;
/// each part's hash and counts are checked against the manifest.
pub fn read_parts(
    dir: &Path,
    manifest: &Manifest,
    keep: impl Fn(LpId) -> bool,
) -> Result<Snapshot, String> {
    let mut snap = Snapshot::default();
    for part in &manifest.parts {
        let path = dir.join(&part.file);
        if part.file.contains(['/', '\\']) || part.file.starts_with('.') {
            return Err(format!(
                "{} names a part outside it: {:?}",
                MANIFEST, part.file
            ));
        }
        let cannot = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
        let corrupt = |why: &str| format!("{} is corrupt ({why})", path.display());
        let file = File::open(&path).map_err(cannot)?;
        let len = file.metadata().map_err(cannot)?.len();
        if len != part.bytes {
            return Err(corrupt("its length differs from checkpoint.json's"));
        }
        let mut r = HashingReader {
            inner: BufReader::with_capacity(1 << 20, file),
            hash: Hash64::new(len),
        };
        let (mine, lps, events) =
            Snapshot::read_from(&mut r, len, &keep).map_err(|e| match e.kind() {
                std::io::ErrorKind::InvalidData => corrupt("not a PDES snapshot"),
                _ => cannot(e),
            })?;
        if format!("{:016x}", r.hash.finish()) != part.hash {
            return Err(corrupt("its hash differs from checkpoint.json's"));
        }
        if lps != part.lps || events != part.pending_events {
            return Err(corrupt("its counts differ from checkpoint.json's"));
        }
        snap.merge(mine);
    }
    Ok(snap)
}

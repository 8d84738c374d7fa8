//! A checkpoint on disk: a directory holding `checkpoint.json` (what was
//! run, where it stopped, the committed counters so far, the hash of the
//! state) and `state.bin` (the [`Snapshot`]). Both appear together or not at
//! all (`arts_util::atomic_file::PendingDir`), replacing the previous
//! checkpoint in the same directory.

use std::path::Path;

use arts_util::atomic_file::PendingDir;
use serde::{Deserialize, Serialize};

use super::snapshot::Snapshot;
use crate::rng::mix64;

/// The format tag of `checkpoint.json`. Format 2: event keys give the
/// sending LP 28 bits and its send count 36 (format 1: 24 and 40), so a
/// format-1 checkpoint is refused, not misread.
pub const FORMAT: &str = "arts-pdes-checkpoint/2";
const MANIFEST: &str = "checkpoint.json";
const STATE: &str = "state.bin";

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
    /// LPs in `state.bin`.
    pub lps: u64,
    /// Pending events in `state.bin`.
    pub pending_events: u64,
    /// Processes and PEs of the run that wrote it.
    pub processes: u32,
    /// PEs of the run that wrote it (all processes together).
    pub pes: usize,
    /// Hash of `state.bin` (16 hex digits).
    pub state_hash: String,
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

/// A 64-bit hash of `bytes` (eight bytes at a time through `mix64`).
pub(crate) fn hash(bytes: &[u8]) -> u64 {
    let mut h = 0x6a09_e667_f3bc_c908u64 ^ bytes.len() as u64;
    for c in bytes.chunks(8) {
        let mut w = [0u8; 8];
        w[..c.len()].copy_from_slice(c);
        h = mix64(h ^ u64::from_le_bytes(w)).rotate_left(5);
    }
    h
}

/// Writes `snap` with `manifest` (its counts and hash filled in) into
/// `dir`, replacing what was there, all or nothing.
pub fn write(dir: &Path, mut manifest: Manifest, snap: &Snapshot) -> Result<(), String> {
    let bytes = snap.to_bytes();
    manifest.lps = snap.lp_count() as u64;
    manifest.pending_events = snap.event_count() as u64;
    manifest.state_hash = format!("{:016x}", hash(&bytes));
    let json = serde_json::to_vec_pretty(&manifest).map_err(|e| e.to_string())?;
    let mut pending = PendingDir::create(dir).map_err(|e| e.to_string())?;
    pending.write(STATE, &bytes).map_err(|e| e.to_string())?;
    pending.write(MANIFEST, &json).map_err(|e| e.to_string())?;
    pending.replace().map_err(|e| e.to_string())
}

/// Reads the checkpoint in `dir`; the error says what is missing or wrong
/// (to follow "--restart DIR: ").
pub fn read(dir: &Path) -> Result<(Manifest, Snapshot), String> {
    let path = dir.join(MANIFEST);
    let json = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let manifest: Manifest = serde_json::from_slice(&json)
        .map_err(|e| format!("{} is not a PDES checkpoint: {e}", path.display()))?;
    if manifest.format != FORMAT {
        return Err(format!(
            "{} has format {:?}; accepted: {FORMAT:?}",
            path.display(),
            manifest.format
        ));
    }
    let state = dir.join(STATE);
    let bytes =
        std::fs::read(&state).map_err(|e| format!("cannot read {}: {e}", state.display()))?;
    if format!("{:016x}", hash(&bytes)) != manifest.state_hash {
        return Err(format!(
            "{} is corrupt (its hash differs from checkpoint.json's)",
            state.display()
        ));
    }
    let snap = Snapshot::from_bytes(&bytes)
        .ok_or_else(|| format!("{} is corrupt (not a PDES snapshot)", state.display()))?;
    if snap.lp_count() as u64 != manifest.lps
        || snap.event_count() as u64 != manifest.pending_events
    {
        return Err(format!(
            "{} does not match checkpoint.json's counts",
            state.display()
        ));
    }
    Ok((manifest, snap))
}

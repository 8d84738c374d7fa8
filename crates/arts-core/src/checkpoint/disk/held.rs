//! Buddy stores: Charm++'s double checkpoints, kept in a directory local to
//! each node (`/dev/shm`, a local disk). Every process keeps its own share
//! of each checkpoint and a copy of its *ward*'s (the process whose buddy it
//! is, on another node when there is one) in its *hold*,
//! `STORE/hold-<node>.p<process>`: an ordinary checkpoint root whose
//! `ckpt-<step>` directories hold the main program's state, the whole
//! manifest and just those two processes' array files. One lost process,
//! or one lost node's store, leaves every file in some other hold.
//!
//! Recovery ([`recover`]) is collective: every process lists the checkpoint
//! directories in the holds of its node ([`held`]), the lists are shared,
//! and every process picks alike ([`plan`]) the newest checkpoint whose files
//! the holds cover together; a file that not every process can read on its
//! own node is broadcast by one that can. The result is a [`Checkpoint`]
//! read like any other (lengths and checksums checked).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::read::{Source, read_manifest};
use super::{CheckpointError, MANIFEST, Manifest, invalid, step_of};
use crate::checkpoint::disk::Checkpoint;

/// How the names of holds begin.
const HOLD_PREFIX: &str = "hold-";

/// The hold of process `process` of node `node` in the store `root`
/// (characters other than ASCII letters, digits, `-` and `_` in the node's
/// name become `_`).
pub fn hold_dir(root: &Path, node: &str, process: u32) -> PathBuf {
    root.join(format!("{HOLD_PREFIX}{}.p{process}", safe_node(node)))
}

fn safe_node(node: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    node.chars()
        .map(|c| if safe(c) { c } else { '_' })
        .collect()
}

/// The node of a hold's directory name.
fn node_of_hold(name: &str) -> Option<&str> {
    let (node, process) = name.strip_prefix(HOLD_PREFIX)?.rsplit_once(".p")?;
    process.parse::<u32>().ok().map(|_| node)
}

/// Whether `root` is a buddy store: it holds at least one hold.
pub fn is_store(root: &Path) -> bool {
    holds(root, None).next().is_some()
}

fn holds<'a>(root: &Path, node: Option<&'a str>) -> impl Iterator<Item = PathBuf> + 'a {
    let node = node.map(safe_node);
    std::fs::read_dir(root)
        .into_iter()
        .flatten()
        .flatten()
        .filter(move |e| {
            let name = e.file_name();
            let held_node = name.to_str().and_then(node_of_hold);
            held_node.is_some_and(|n| node.as_ref().is_none_or(|want| want == n))
        })
        .map(|e| e.path())
        .filter(|p| p.is_dir())
}

/// One checkpoint directory found in a hold: its manifest and which of the
/// manifest's files are there with their recorded length.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Held {
    /// The checkpoint directory.
    pub dir: PathBuf,
    /// Its manifest (checked as [`super::open`] checks it).
    pub manifest: Manifest,
    /// The names of its files that are present, with the right length.
    pub present: Vec<String>,
}

/// The checkpoint directories in the holds of `node` (every node's when
/// `None`) in the store `root`; directories without a readable manifest
/// (being written, damaged) are left out.
pub fn held(root: &Path, node: Option<&str>) -> Vec<Held> {
    let mut found = Vec::new();
    for hold in holds(root, node) {
        for e in std::fs::read_dir(&hold).into_iter().flatten().flatten() {
            let dir = e.path();
            let is_ckpt = e.file_name().to_str().and_then(step_of).is_some();
            let Some(manifest) = is_ckpt
                .then(|| read_manifest(&dir.join(MANIFEST)).ok())
                .flatten()
            else {
                continue;
            };
            let present = manifest
                .files
                .iter()
                .filter(|f| std::fs::metadata(dir.join(&f.name)).is_ok_and(|m| m.len() == f.len))
                .map(|f| f.name.clone())
                .collect();
            found.push(Held {
                dir,
                manifest,
                present,
            });
        }
    }
    found.sort_by(|a, b| a.dir.cmp(&b.dir));
    found
}

/// The checkpoint to recover and, for each of its files in manifest
/// order, the process whose holds have it (the first that does) and where.
#[derive(Clone, Debug, PartialEq)]
pub struct Recovery {
    /// The checkpoint's manifest.
    pub manifest: Manifest,
    /// For each file of the manifest: the process holding it and its path
    /// on that process's node.
    pub sources: Vec<(u32, PathBuf)>,
}

/// The newest checkpoint whose files the holdings of all processes
/// (`held[p]`: what process `p` found on its node) cover together. A file
/// counts only in a directory whose manifest is this checkpoint's (another
/// job's checkpoint of the same step does not mix in). `None` when no
/// checkpoint is complete. Every process computes the same plan from the
/// same lists.
pub fn plan(held: &[Vec<Held>]) -> Option<Recovery> {
    let mut candidates: Vec<&Manifest> = Vec::new();
    for h in held.iter().flatten() {
        if !candidates.contains(&&h.manifest) {
            candidates.push(&h.manifest);
        }
    }
    // Newest first; among equal steps, the one found first.
    candidates.sort_by_key(|m| std::cmp::Reverse(m.step));
    candidates.into_iter().find_map(|m| {
        let sources = m
            .files
            .iter()
            .map(|f| {
                held.iter().enumerate().find_map(|(p, hs)| {
                    hs.iter()
                        .find(|h| h.manifest == *m && h.present.contains(&f.name))
                        .map(|h| (p as u32, h.dir.join(&f.name)))
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Recovery {
            manifest: m.clone(),
            sources,
        })
    })
}

/// The error for a store `root` whose holds cover no checkpoint together.
pub fn incomplete(root: &Path) -> CheckpointError {
    invalid(
        root,
        "a buddy store whose holds cover no checkpoint together (a hold is missing)",
    )
}

/// The newest complete checkpoint in the store `root` as one process that
/// sees every node's holds reads it (e.g. `arts restart` on one machine),
/// or `None` when no checkpoint is complete.
pub fn open_store(root: &Path) -> Option<Checkpoint> {
    let r = plan(&[held(root, None)])?;
    let sources = r.manifest.files.iter().zip(&r.sources);
    let sources = sources
        .map(|(f, (_, path))| (f.name.clone(), Source::Path(path.clone())))
        .collect();
    Some(assembled(r, sources))
}

fn assembled(r: Recovery, sources: HashMap<String, Source>) -> Checkpoint {
    let dir = r.sources[0]
        .1
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    Checkpoint::assembled(dir, r.manifest, sources)
}

/// What [`recover`] needs of the processes of a job: collectives outside a
/// run (under MPI, the world communicator's).
pub trait Collectives {
    /// This process's number and the number of processes.
    fn process(&self) -> (u32, u32);
    /// Every process's `mine`, in process order, on every process.
    fn all_gather(&self, mine: Vec<u8>) -> Vec<Vec<u8>>;
    /// Process `root`'s `mine` on every process (the others' is ignored).
    fn broadcast(&self, root: u32, mine: Vec<u8>) -> Vec<u8>;
}

/// Collectively recovers the newest checkpoint that the holds of the
/// store `root` on the nodes of all processes cover together (this
/// process's node is `node`); `None` when none is complete (e.g. the job
/// died before its first checkpoint was in every hold). Files this
/// process's node lacks are broadcast by a process that has them, checked.
/// Every process returns alike.
pub fn recover(
    root: &Path,
    node: &str,
    c: &dyn Collectives,
) -> Result<Option<Checkpoint>, CheckpointError> {
    let (me, _) = c.process();
    let mine = held(root, Some(node));
    // JSON: a manifest's options are any JSON value.
    let lists = c.all_gather(serde_json::to_vec(&mine).expect("a list serializes"));
    let lists = lists
        .iter()
        .map(|b| serde_json::from_slice::<Vec<Held>>(b))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| invalid(root, format!("a process's list of held checkpoints: {e}")))?;
    let Some(r) = plan(&lists) else {
        return Ok(None);
    };
    let held_by = |p: usize, name: &str| {
        lists[p]
            .iter()
            .any(|h| h.manifest == r.manifest && h.present.iter().any(|n| n == name))
    };
    let mut sources = HashMap::new();
    for (f, (holder, path)) in r.manifest.files.iter().zip(&r.sources) {
        if (0..lists.len()).all(|p| held_by(p, &f.name)) {
            let local = lists[me as usize].iter().find(|h| h.manifest == r.manifest);
            let local = local.filter(|h| h.present.contains(&f.name));
            let path = local.map_or(path.clone(), |h| h.dir.join(&f.name));
            sources.insert(f.name.clone(), Source::Path(path));
            continue;
        }
        let mine = match me == *holder {
            true => {
                let read = super::read::read_checked(path, f).map_err(|e| e.to_string());
                crate::wire::encode(&read)
            }
            false => Vec::new(),
        };
        let got = c.broadcast(*holder, mine);
        let got: Result<Vec<u8>, String> = crate::wire::decode(&got)
            .map_err(|e| invalid(path, format!("as broadcast by process {holder}: {e}")))?;
        let bytes = got.map_err(|why| invalid(path, format!("on process {holder}: {why}")))?;
        sources.insert(f.name.clone(), Source::Bytes(bytes));
    }
    assembled(r, sources).sealed().map(Some)
}

//! Checkpoints of a run's ranks by their own state: the paper's second way
//! (a user pack/unpack), here serde. At `Mpi::checkpoint(step, &state)`
//! every rank serializes what it needs to continue; rank 0 gathers the
//! states and writes them as one checkpoint directory (the format of
//! `arts_core::checkpoint::disk`: checksummed, all or nothing, rotated). A
//! run started with [`Checkpoints::restored`] hands each rank its state back
//! through `Mpi::restored`, on any number of PEs; the rank count must be the
//! same (each state belongs to one rank).
//!
//! `Mpi::mem_checkpoint` keeps the same checkpoint in memory instead: in a
//! [`MemStore`], a directory local to each node (a tmpfs such as
//! `/dev/shm`, so that the copy outlives the process), rank 0 publishes it
//! in its process's *hold* (`hold-<node>.p<process>`, the layout of double
//! checkpoints in `arts_core::checkpoint::disk::held`), which a restart
//! reads like any store. With ranks on several processes, the process
//! keeping process 0's copies ([`MemStore::ward`]) publishes a second copy
//! in its own hold.
//!
//! With isomalloc, `Mpi::checkpoint_ranks` saves every rank *whole* instead
//! (stack, heap and MPI state: the images of its slot), as
//! the AMPI array's image in the same directory format; a restart
//! ([`Restored::whole`]) rebuilds the ranks from it, and each continues from
//! the return of that call.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arts_core::checkpoint::disk::{self, Checkpoint, Contents, held};
use arts_core::checkpoint::session::{self, Buddies};
use arts_core::{ArrayImage, Driver, RunError};
use serde::{Deserialize, Serialize};

use crate::error::AmpiError;

/// The app name checkpoints of AMPI runs record in their manifest.
pub const APP: &str = "ampi";

/// Where a run's checkpoints go and what it restarts from.
#[derive(Debug, Default)]
pub struct Checkpoints {
    /// The checkpoint root (`None`: `Mpi::checkpoint` fails).
    pub dir: Option<PathBuf>,
    /// Checkpoints kept in `dir`.
    pub keep: usize,
    /// The program's name, recorded in (and checked against) the manifest.
    pub program: String,
    /// The checkpoint the run continues from.
    pub restored: Option<Restored>,
    /// Where `Mpi::mem_checkpoint` keeps its copies (`None`: it fails).
    pub memory: Option<MemStore>,
}

/// A directory local to each node where `Mpi::mem_checkpoint` keeps its
/// checkpoints, in this process's hold.
#[derive(Clone, Debug)]
pub struct MemStore {
    /// The store (e.g. `/dev/shm/job`).
    pub dir: PathBuf,
    /// This node's name, in this process's hold's name.
    pub node: String,
    /// This process's index among the job's processes (its MPI rank).
    pub process: u32,
    /// The process that keeps a copy of this one's share of whole ranks
    /// (`Mpi::mem_checkpoint_ranks`; its own index with one process).
    pub buddy: u32,
    /// The process whose checkpoints this one keeps a copy of (its own
    /// index with one process): the process that has 0 here keeps a
    /// second copy of every `mem_checkpoint`.
    pub ward: u32,
}

impl MemStore {
    /// This process's hold in the store.
    pub fn hold(&self) -> PathBuf {
        held::hold_dir(&self.dir, &self.node, self.process)
    }

    /// The store's double-checkpoint pairing, for an array's shares.
    fn buddies(&self) -> Buddies {
        Buddies {
            node: self.node.clone(),
            buddy: self.buddy,
            ward: self.ward,
        }
    }
}

/// The ranks' states of one checkpoint.
#[derive(Debug)]
pub struct Restored {
    /// The step the program gave when it checkpointed.
    pub step: u64,
    /// Each rank's serialized state, in rank order (empty when whole).
    pub states: Vec<Vec<u8>>,
    /// The ranks saved whole (`Mpi::checkpoint_ranks`): the AMPI array's image.
    pub whole: Option<Arc<ArrayImage>>,
}

/// What the manifest's `options` record.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Options {
    program: String,
    ranks: u32,
    /// The ranks are saved whole (their slots), not their states.
    #[serde(default)]
    whole: bool,
    /// With `whole`: the build of the program that saved them
    /// (`iso::layout::build_id`), the only one that can resume them.
    #[serde(default)]
    build: u64,
}

/// Reads the checkpoint at `path` (a `ckpt-<step>` directory, a root
/// whose `latest` names one, or a store of `mem_checkpoint` holds that this
/// process sees whole) for `program` on `ranks` ranks; anything else is a
/// usage error naming the file.
pub fn open(path: &Path, program: &str, ranks: u32) -> Result<Restored, AmpiError> {
    let c = disk::open(path).map_err(|e| AmpiError::Usage(e.to_string()))?;
    read(&c, program, ranks)
}

/// The ranks' states in checkpoint `c`, if it is one of `program` on
/// `ranks` ranks; otherwise a usage error naming the file.
pub fn read(c: &Checkpoint, program: &str, ranks: u32) -> Result<Restored, AmpiError> {
    let manifest = c.dir.join(disk::MANIFEST);
    let bad = |why: String| AmpiError::Usage(format!("{}: {why}", manifest.display()));
    if c.manifest.app != APP {
        return Err(bad(format!(
            "written by app {:?}, not by an AMPI run",
            c.manifest.app
        )));
    }
    let options: Options = serde_json::from_value(c.manifest.options.clone())
        .map_err(|e| bad(format!("options: {e}")))?;
    if (options.program.as_str(), options.ranks) != (program, ranks) {
        return Err(bad(format!(
            "a checkpoint of {} on {} ranks, not of {program} on {ranks}",
            options.program, options.ranks
        )));
    }
    if options.whole {
        if options.build != crate::iso::layout::build_id() {
            return Err(bad(
                "ranks saved whole by another build of arts: they resume only in the \
                 program that saved them"
                    .into(),
            ));
        }
        let image = c.array(0).map_err(|e| AmpiError::Usage(e.to_string()))?;
        return Ok(Restored {
            step: c.manifest.step,
            states: Vec::new(),
            whole: Some(Arc::new(image)),
        });
    }
    let main = c
        .main_state()
        .map_err(|e| AmpiError::Usage(e.to_string()))?;
    let states = decode_states(&main).map_err(|e| bad(format!("the ranks' states: {e}")))?;
    if states.len() != ranks as usize {
        return Err(bad(format!("{} states for {ranks} ranks", states.len())));
    }
    Ok(Restored {
        step: c.manifest.step,
        states,
        whole: None,
    })
}

/// The checkpoint after `step` of the ranks' states `main_state` (as
/// [`main_state_for`] lays them out) of a run of `ranks` ranks.
fn contents<'a>(plan: &Checkpoints, ranks: u32, step: u64, main_state: &'a [u8]) -> Contents<'a> {
    contents_of(plan, ranks, step, main_state, false)
}

fn contents_of<'a>(
    plan: &Checkpoints,
    ranks: u32,
    step: u64,
    main_state: &'a [u8],
    whole: bool,
) -> Contents<'a> {
    let options = Options {
        program: plan.program.clone(),
        ranks,
        whole,
        build: if whole {
            crate::iso::layout::build_id()
        } else {
            0
        },
    };
    Contents {
        app: APP,
        options: serde_json::to_value(options).expect("options serialize"),
        step,
        main_state,
    }
}

/// Writes `image`, the AMPI array with every rank saved whole, as the
/// checkpoint after `step` of a run of `ranks` ranks into `named` (the
/// ranks named it), else `plan.dir`; returns its directory, or why it
/// could not be written.
pub(crate) fn write_ranks(
    plan: &Checkpoints,
    named: Option<&std::path::Path>,
    ranks: u32,
    step: u64,
    image: &ArrayImage,
) -> Result<PathBuf, String> {
    let Some(dir) = named.or(plan.dir.as_deref()) else {
        return Err(
            "the run has no checkpoint directory (in a process without ranks, \
             the directory the ranks named is not known)"
                .into(),
        );
    };
    let contents = contents_of(plan, ranks, step, &[], true);
    disk::write(dir, &contents, &[image], plan.keep).map_err(|e| e.to_string())
}

/// A hash of the directory a rank named for a checkpoint (`None`: 0),
/// that the ranks compare in a reduction.
pub(crate) fn dir_hash(dir: Option<&std::path::Path>) -> u64 {
    use std::hash::{Hash, Hasher};
    let Some(dir) = dir else {
        return 0;
    };
    let mut h = std::collections::hash_map::DefaultHasher::new();
    dir.hash(&mut h);
    h.finish() | 1
}

/// Keeps `local`, this process's share of the AMPI array with every rank
/// saved whole, as the checkpoint after `step` of a run of `ranks` ranks in
/// the node-local store: in this process's hold, and a copy in its buddy's
/// (Charm++'s double checkpoint, `arts_core::checkpoint::session::write`).
/// Collective; `Ok(Err(why))` when it could not be kept.
pub(crate) fn hold_ranks(
    d: &mut Driver,
    plan: &Checkpoints,
    ranks: u32,
    step: u64,
    local: &ArrayImage,
) -> Result<Result<(), String>, RunError> {
    let Some(store) = &plan.memory else {
        return Ok(Err(
            "the run has no checkpoint store (--checkpoint-dir)".into()
        ));
    };
    let contents = contents_of(plan, ranks, step, &[], true);
    let buddies = store.buddies();
    let target = (store.dir.as_path(), plan.keep, Some(&buddies));
    match session::write(d, &[local], target, &contents) {
        Ok(_) => Ok(Ok(())),
        Err(RunError::Checkpoint(why)) => Ok(Err(why)),
        Err(other) => Err(other),
    }
}

/// One rank's state, read back in one piece.
#[derive(Deserialize)]
struct State(#[serde(with = "arts_core::wire::bytes")] Vec<u8>);

/// One rank's entry in a checkpoint's main state: the length of its
/// serialized `state`, then the state (how bincode lays out a `Vec<u8>`).
pub(crate) fn state_entry<S: Serialize>(state: &S) -> Vec<u8> {
    let n = arts_core::wire::size(state);
    let mut entry = Vec::with_capacity(8 + n);
    entry.extend_from_slice(&(n as u64).to_le_bytes());
    arts_core::wire::encode_into(state, &mut entry);
    entry
}

/// A main state of `ranks` ranks, zeroed after its rank count: the ranks'
/// entries ([`state_entry`], `entries` bytes in all) go there in rank
/// order. Laid out as bincode lays out a `Vec<Vec<u8>>`.
pub(crate) fn main_state_for(ranks: usize, entries: usize) -> Vec<u8> {
    let mut main = vec![0u8; 8 + entries];
    main[..8].copy_from_slice(&(ranks as u64).to_le_bytes());
    main
}

/// The ranks' states in a checkpoint's main state.
fn decode_states(bytes: &[u8]) -> Result<Vec<Vec<u8>>, arts_core::wire::WireError> {
    let states: Vec<State> = arts_core::wire::decode(bytes)?;
    Ok(states.into_iter().map(|s| s.0).collect())
}

/// Writes `main_state`, the states of `ranks` ranks (see [`state_entry`]), as
/// the checkpoint after `step`; returns its directory, or why it could not
/// be written.
pub(crate) fn write(
    plan: &Checkpoints,
    dir: &Path,
    ranks: u32,
    step: u64,
    main_state: &[u8],
) -> Result<PathBuf, String> {
    let contents = contents(plan, ranks, step, main_state);
    disk::write(dir, &contents, &[], plan.keep).map_err(|e| e.to_string())
}

/// Publishes `main_state`, the states of `ranks` ranks, as the checkpoint
/// after `step` in this process's hold of `store`, keeping the newest
/// `plan.keep`.
pub(crate) fn write_hold(
    plan: &Checkpoints,
    store: &MemStore,
    ranks: u32,
    step: u64,
    main_state: &[u8],
) -> Result<PathBuf, String> {
    let contents = contents(plan, ranks, step, main_state);
    let manifest = disk::manifest_of(&contents, &[]);
    disk::publish_with(&store.hold(), main_state, &manifest, Vec::new(), plan.keep)
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_are_laid_out_as_a_vector_of_byte_vectors() {
        // Checkpoints written when the states went through serde element by
        // element read back, and the other way round.
        let ranks: Vec<Vec<f64>> = vec![vec![1.5, -2.0], Vec::new(), vec![0.25; 100]];
        let entries: Vec<u8> = ranks.iter().flat_map(state_entry).collect();
        let mut main = main_state_for(ranks.len(), entries.len());
        main[8..].copy_from_slice(&entries);
        let serialized: Vec<Vec<u8>> = ranks.iter().map(arts_core::wire::encode).collect();
        assert_eq!(main, arts_core::wire::encode(&serialized));
        assert_eq!(decode_states(&main).unwrap(), serialized);
        assert!(decode_states(&main[..main.len() - 1]).is_err());
    }
}

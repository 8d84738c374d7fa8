//! Checkpoint and restart of a distributed bias sweep. The consistent
//! point is the end of a bias point: the slabs have sent their solution and
//! wait, idle, for the next bias, and the main program holds every result
//! so far. After every `every`-th bias point (not after the last) every
//! process writes its own slabs' images, and process 0 publishes the
//! checkpoint with the results so far (`main.bin`: each point's bias, raw
//! slab result and time). A restart restores the slabs on any number of
//! PEs, decodes the saved results exactly as they were decoded the first
//! time, and goes on with the next bias point: the sweep ends bit-identical
//! to an uninterrupted one. With buddies, the checkpoints are double, in
//! node-local stores (see `arts_core::checkpoint::session`). In the background, the
//! next bias point starts as soon as the slabs are imaged
//! (`arts_core::checkpoint::writer`).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use arts_core::checkpoint::disk::{self, Checkpoint, CheckpointError};
use arts_core::{ArrayImage, ArrayProxy, Driver, RunError};
use serde::{Deserialize, Serialize};

use super::slab::Slab;
use arts_core::checkpoint::session::{self, Contents, invalid};
use arts_core::checkpoint::writer::Writer;

/// The app name a sweep's checkpoints carry in their manifest.
pub const APP: &str = "ddm";

/// Where and how often a sweep checkpoints.
#[derive(Clone, Debug)]
pub struct Checkpointing {
    /// Checkpoint after every `every` bias points (not after the last).
    pub every: usize,
    /// The checkpoint root directory.
    pub dir: PathBuf,
    /// How many checkpoints to keep.
    pub keep: usize,
    /// The options that re-create the sweep (recorded in the manifest).
    pub options: serde_json::Value,
    /// Keep double checkpoints in node-local stores instead of one in a
    /// directory every process sees.
    pub buddies: Option<session::Buddies>,
    /// Write each checkpoint in the background while the slabs go on
    /// (`arts_core::checkpoint::writer`).
    pub background: bool,
}

/// One bias point as the main program received it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedPoint {
    /// Volts on the driven contact.
    pub bias_v: f64,
    /// The slabs' result vector (status, solution, ...), bit patterns, laid
    /// out as their sum of zero-padded vectors once was (`gather.rs`; the
    /// gather changed, this format did not).
    pub result: Vec<u64>,
    /// Seconds it took.
    pub time_s: f64,
}

/// The main program's state in a checkpoint: the bias points done.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MainState {
    /// Every point done, in order.
    pub points: Vec<SavedPoint>,
}

/// What a sweep resumes from.
#[derive(Clone, Debug)]
pub struct Resume {
    /// The points done.
    pub state: MainState,
    /// The slabs.
    pub image: Arc<ArrayImage>,
}

/// Reads a sweep's checkpoint for a sweep of `biases` on `segments`
/// slabs; the error names the file that does not fit.
pub fn read_resume(
    c: &Checkpoint,
    biases: &[f64],
    segments: usize,
) -> Result<Resume, CheckpointError> {
    let manifest = c.dir.join(disk::MANIFEST);
    session::expect_app(c, APP)?;
    let main_path = c.dir.join(disk::MAIN_STATE);
    let state: MainState = session::main_state(c, APP)?;
    let done = state.points.len();
    let same_biases = state
        .points
        .iter()
        .zip(biases)
        .all(|(p, b)| p.bias_v.to_bits() == b.to_bits());
    if done as u64 != c.manifest.step || done == 0 || done >= biases.len() || !same_biases {
        return Err(invalid(
            main_path,
            format!(
                "{done} points done at step {} of a sweep of {} biases",
                c.manifest.step,
                biases.len()
            ),
        ));
    }
    let image = c.array_of::<super::slab::Slab>(0)?;
    if c.manifest.arrays() != 1 || image.len() != segments {
        return Err(invalid(
            manifest,
            format!("{} slabs, not {segments}", image.len()),
        ));
    }
    Ok(Resume {
        state,
        image: Arc::new(image),
    })
}

/// Takes the checkpoint after the points in `state`: every process writes
/// its own slabs' images, process 0 publishes them with `state`. The slabs
/// go on (`go_on`) after the write, or once imaged when `writer` writes in
/// the background. Collective.
pub(super) fn take(
    d: &mut Driver,
    slabs: &ArrayProxy<Slab>,
    plan: &Checkpointing,
    state: &MainState,
    writer: &mut Writer,
    go_on: impl FnOnce(&mut Driver),
) -> Result<(), RunError> {
    let began = Instant::now();
    let image = d.checkpoint_local(slabs)?;
    let contents = Contents {
        app: APP,
        options: plan.options.clone(),
        step: state.points.len() as u64,
        main_state: arts_core::wire::encode(state),
    };
    let target = (plan.dir.as_path(), plan.keep, plan.buddies.as_ref());
    writer.write(d, vec![image], target, contents, (began, go_on))
}

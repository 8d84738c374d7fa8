//! What the apps' checkpoint modules share: writing one checkpoint from
//! every process (each its own elements, process 0 publishing), and the
//! checks of reading one back that name the file which does not fit.

use std::path::{Path, PathBuf};

use arts_core::checkpoint::disk::{self, Checkpoint, CheckpointError};
use arts_core::{ArrayImage, Driver, RunError};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Whether an app checkpointing every `every` steps (0: never) has its
/// elements wait for the main program after `step` of `steps`: after every
/// `every`-th step but the last.
pub(crate) fn pauses_after(step: u32, every: u32, steps: u32) -> bool {
    every > 0 && step > 0 && step.is_multiple_of(every) && step < steps
}

/// A checkpoint file that does not fit, and why.
pub(crate) fn invalid(path: PathBuf, why: String) -> CheckpointError {
    CheckpointError::Invalid { path, why }
}

/// Refuses a checkpoint whose manifest was not written by `app`.
pub(crate) fn expect_app(c: &Checkpoint, app: &str) -> Result<(), CheckpointError> {
    match c.manifest.app == app {
        true => Ok(()),
        false => Err(invalid(
            c.dir.join(disk::MANIFEST),
            format!("written by {:?}, not {app}", c.manifest.app),
        )),
    }
}

/// The main program's state of a checkpoint of `app`, decoded.
pub(crate) fn main_state<T: DeserializeOwned>(
    c: &Checkpoint,
    app: &str,
) -> Result<T, CheckpointError> {
    let path = c.dir.join(disk::MAIN_STATE);
    arts_core::wire::decode(&c.main_state()?)
        .map_err(|e| invalid(path, format!("not a {app} main state: {e}")))
}

/// Refuses a checkpoint whose manifest's JSON options are not `params`
/// (the exact copy the main program's state keeps).
pub(crate) fn expect_options<P: Serialize>(
    c: &Checkpoint,
    params: &P,
) -> Result<(), CheckpointError> {
    let manifest = c.dir.join(disk::MANIFEST);
    let options =
        serde_json::to_value(params).map_err(|e| invalid(manifest.clone(), e.to_string()))?;
    match options == c.manifest.options {
        true => Ok(()),
        false => Err(invalid(
            manifest,
            format!(
                "options {} differ from the run's {options}",
                c.manifest.options
            ),
        )),
    }
}

/// Writes the checkpoint `contents` of `images` into the root `dir`,
/// keeping `keep`: every process writes its own elements' images (no
/// element state crosses processes), process 0 publishes the checkpoint
/// directory. Collective. Returns, on process 0, the bytes of element state.
pub(crate) fn write(
    d: &mut Driver,
    images: &[&ArrayImage],
    dir: &Path,
    keep: usize,
    contents: &disk::Contents<'_>,
) -> Result<Option<u64>, RunError> {
    let process = d.process().0;
    let shard = disk::write_shard(dir, contents.step, process, images).map_err(|e| e.to_string());
    let shards: Option<Vec<Result<disk::Shard, String>>> =
        d.gather(arts_core::wire::encode(&shard))?.map(|all| {
            all.iter()
                .map(|b| arts_core::wire::decode(b).map_err(|e| e.to_string())?)
                .collect()
        });
    let failed = |e: String| RunError::Checkpoint(e);
    shard.map_err(failed)?;
    let Some(shards) = shards else {
        return Ok(None);
    };
    let shards = shards
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .map_err(failed)?;
    let state_bytes = shards.iter().map(|s| s.state_bytes).sum();
    disk::publish(dir, contents, shards, keep).map_err(|e| failed(e.to_string()))?;
    Ok(Some(state_bytes))
}

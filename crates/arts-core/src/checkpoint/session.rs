//! What the apps' checkpoint modules share: where and how often an app
//! that checkpoints every N steps writes ([`EveryN`]), what a run resumes
//! from ([`Resume`]), writing one checkpoint from every process (each its
//! own elements, process 0 publishing), and the checks of reading one back
//! that name the file which does not fit.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arts_core::checkpoint::buffers;
use arts_core::checkpoint::disk::{self, Checkpoint, CheckpointError, held};
use arts_core::{ArrayImage, Driver, RunError, Shape};

use crate::checkpoint::hold::{Holder, OnDemand};
use crate::checkpoint::writer::Writer;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Where and how often a run checkpoints: after every `every`-th step,
/// every `every_seconds` and when asked ([`Session::on_demand`]).
#[derive(Clone, Debug)]
pub struct EveryN {
    /// Checkpoint after every `every` steps (not after the last); 0: only
    /// when asked or by `every_seconds` (apps that hold, [`crate::checkpoint::hold`]).
    pub every: u32,
    /// Also checkpoint at the first step boundary this many seconds after
    /// the last checkpoint (or the start), timed on process 0.
    pub every_seconds: Option<f64>,
    /// The checkpoint root directory.
    pub dir: PathBuf,
    /// How many checkpoints to keep.
    pub keep: usize,
    /// Keep double checkpoints in node-local stores instead of one in a
    /// directory every process sees.
    pub buddies: Option<Buddies>,
    /// Write each checkpoint in the background while the run goes on
    /// ([`crate::checkpoint::writer`]).
    pub background: bool,
}

impl EveryN {
    /// Checkpoints after every `every` steps into `dir`, keeping `keep`,
    /// one copy, written before the run goes on.
    pub fn new(dir: &Path, every: u32, keep: usize) -> Self {
        EveryN {
            every,
            every_seconds: None,
            dir: dir.to_path_buf(),
            keep,
            buddies: None,
            background: false,
        }
    }

    /// Where its checkpoints go.
    pub fn target(&self) -> Target<'_> {
        (&self.dir, self.keep, self.buddies.as_ref())
    }
}

/// Charm++'s double checkpoints in a store local to each node
/// ([`disk::held`]): this process's node, the process that keeps a copy of
/// this one's share (its buddy) and the one whose copy this one keeps (its
/// ward).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Buddies {
    /// This process's node (its hold's name).
    pub node: String,
    /// The process keeping a copy of this one's share.
    pub buddy: u32,
    /// The process whose share this one keeps a copy of.
    pub ward: u32,
}

impl Buddies {
    /// The buddies of process `me` of processes on the nodes `nodes` (by
    /// process). The processes are ordered by node, then number, and each
    /// one's buddy is the one `m` places further round, `m` the most
    /// processes on one node: on another node whenever the nodes hold as
    /// many processes each (the next process when all share one node).
    pub fn among(nodes: &[String], me: u32) -> Buddies {
        let n = nodes.len();
        let node = nodes.get(me as usize).cloned().unwrap_or_default();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| nodes[a].cmp(&nodes[b]).then(a.cmp(&b)));
        let most = order
            .chunk_by(|&a, &b| nodes[a] == nodes[b])
            .map(<[usize]>::len)
            .max()
            .unwrap_or(1);
        let shift = if most < n { most } else { 1 };
        let Some(at) = order.iter().position(|&p| p == me as usize) else {
            // Not among them: its own buddy.
            return Buddies {
                node,
                buddy: me,
                ward: me,
            };
        };
        Buddies {
            node,
            buddy: order[(at + shift) % n] as u32,
            ward: order[(at + n - shift % n) % n] as u32,
        }
    }
}

/// What a run resumes from: its main program's state `S` and its arrays.
#[derive(Clone, Debug)]
pub struct Resume<S> {
    /// Steps done.
    pub step: u32,
    /// The main program's state.
    pub state: S,
    /// The arrays' images, in the order the app writes them.
    pub images: Vec<Arc<ArrayImage>>,
}

/// What a run does besides computing: checkpoint, resume, both or neither.
#[derive(Clone, Debug)]
pub struct Session<S> {
    /// Checkpoint while running.
    pub save: Option<EveryN>,
    /// Start from a checkpoint instead of the beginning.
    pub resume: Option<Resume<S>>,
    /// Checkpoints asked for while the run goes on (e.g. by a signal);
    /// honoured when `save` says where to write them.
    pub on_demand: Option<Arc<OnDemand>>,
}

impl<S> Default for Session<S> {
    fn default() -> Self {
        Session {
            save: None,
            resume: None,
            on_demand: None,
        }
    }
}

/// The one array image of `r` (an app with one array).
pub fn one_image<S>(r: &Resume<S>) -> Result<&Arc<ArrayImage>, RunError> {
    match &r.images[..] {
        [image] => Ok(image),
        images => Err(RunError::Internal(format!(
            "{} array images to resume from, not 1",
            images.len()
        ))),
    }
}

impl<S> Session<S> {
    /// Checkpoints after every `every` steps into `dir`, keeping `keep`.
    pub fn saving(dir: &Path, every: u32, keep: usize) -> Self {
        Session {
            save: Some(EveryN::new(dir, every, keep)),
            ..Session::default()
        }
    }

    /// Resumes from `resume`, checkpointing no more.
    pub fn resuming(resume: Resume<S>) -> Self {
        Session {
            resume: Some(resume),
            ..Session::default()
        }
    }
}

impl<S> Session<S> {
    /// The main program's [`Holder`] of a run of `elements` elements: it
    /// takes this session's requests and timer while it saves. Collective.
    pub fn holder(&self, d: &mut Driver, name: &str, elements: u64) -> Holder {
        let requests = self.save.as_ref().and(self.on_demand.as_ref());
        let every_seconds = self.save.as_ref().and_then(|p| p.every_seconds);
        Holder::new(d, name, elements, requests, every_seconds)
    }

    /// The main program's checkpoint [`Writer`], writing in the background
    /// when the plan says so.
    pub fn writer(&self) -> Writer {
        Writer::new(self.save.as_ref().is_some_and(|p| p.background))
    }
}

/// Whether an app checkpointing every `every` steps (0: never) has its
/// elements wait for the main program after `step` of `steps`: after every
/// `every`-th step but the last.
pub fn pauses_after(step: u32, every: u32, steps: u32) -> bool {
    every > 0 && step > 0 && step.is_multiple_of(every) && step < steps
}

/// A checkpoint file that does not fit, and why.
pub fn invalid(path: PathBuf, why: String) -> CheckpointError {
    CheckpointError::Invalid { path, why }
}

/// Refuses a checkpoint whose manifest was not written by `app`.
pub fn expect_app(c: &Checkpoint, app: &str) -> Result<(), CheckpointError> {
    match c.manifest.app == app {
        true => Ok(()),
        false => Err(invalid(
            c.dir.join(disk::MANIFEST),
            format!("written by {:?}, not {app}", c.manifest.app),
        )),
    }
}

/// The main program's state of a checkpoint of `app`, decoded.
pub fn main_state<T: DeserializeOwned>(c: &Checkpoint, app: &str) -> Result<T, CheckpointError> {
    let path = c.dir.join(disk::MAIN_STATE);
    arts_core::wire::decode(&c.main_state()?)
        .map_err(|e| invalid(path, format!("not a {app} main state: {e}")))
}

/// The main program's state of a checkpoint written by `app`, whose
/// manifest's JSON options must be the parameters `params` finds in it
/// (the exact copy the state keeps).
pub fn read_state<S: DeserializeOwned, P: Serialize>(
    c: &Checkpoint,
    app: &str,
    params: impl Fn(&S) -> &P,
) -> Result<S, CheckpointError> {
    expect_app(c, app)?;
    let state: S = main_state(c, app)?;
    let manifest = c.dir.join(disk::MANIFEST);
    let options = serde_json::to_value(params(&state))
        .map_err(|e| invalid(manifest.clone(), e.to_string()))?;
    if options != c.manifest.options {
        return Err(invalid(
            manifest,
            format!(
                "options {} differ from the run's {options}",
                c.manifest.options
            ),
        ));
    }
    Ok(state)
}

/// Refuses a checkpoint of a run of `steps` steps (`step` names them:
/// "step", "round") unless it holds `arrays` arrays and `elements`
/// elements (`what` they are, for the error) and was taken strictly inside
/// the run; the error names the manifest.
pub fn expect_layout(
    c: &Checkpoint,
    arrays: usize,
    (step, steps): (&str, u64),
    elements: u64,
    what: &str,
) -> Result<(), CheckpointError> {
    let m = &c.manifest;
    if m.arrays() != arrays || m.step == 0 || m.step >= steps || m.elements != elements {
        return Err(invalid(
            c.dir.join(disk::MANIFEST),
            format!(
                "inconsistent: {} arrays, {step} {} of {steps}, {} elements for {what}",
                m.arrays(),
                m.step,
                m.elements
            ),
        ));
    }
    Ok(())
}

/// Array `i` of a checkpoint, which must hold elements of type `A` and
/// have the shape `want` (`what` its elements are called in the error,
/// which names its first file).
pub fn array_shaped<A: 'static>(
    c: &Checkpoint,
    i: usize,
    want: Shape,
    what: &str,
) -> Result<Arc<ArrayImage>, CheckpointError> {
    let image = c.array_of::<A>(i)?;
    if image.shape() != want {
        let file = c.manifest.array_files(i).next().map(|f| f.name.clone());
        return Err(invalid(
            c.dir.join(file.unwrap_or_default()),
            format!("{what} of shape {:?}, not {want:?}", image.shape()),
        ));
    }
    Ok(Arc::new(image))
}

/// Where a checkpoint goes: its root directory, how many checkpoints to
/// keep there, and the buddies of double checkpoints (the root is then a
/// node-local store).
pub type Target<'a> = (&'a Path, usize, Option<&'a Buddies>);

/// What one checkpoint holds besides its elements: the app's part of a
/// [`disk::Contents`], owned.
#[derive(Clone, Debug)]
pub struct Contents {
    /// The app's name.
    pub app: &'static str,
    /// The app's options.
    pub options: serde_json::Value,
    /// The step after which it is taken.
    pub step: u64,
    /// The main program's state, serialized.
    pub main_state: Vec<u8>,
}

impl Contents {
    /// The checkpoint of `app` after `step`: the main program's `state`
    /// and the manifest's options `params`.
    pub fn of<P: Serialize, S: Serialize>(
        (app, params): (&'static str, &P),
        step: u64,
        state: &S,
    ) -> Result<Self, RunError> {
        let options =
            serde_json::to_value(params).map_err(|e| RunError::Checkpoint(e.to_string()))?;
        Ok(Contents {
            app,
            options,
            step,
            main_state: arts_core::wire::encode(state),
        })
    }

    /// As the disk layer takes it.
    pub fn as_disk(&self) -> disk::Contents<'_> {
        disk::Contents {
            app: self.app,
            options: self.options.clone(),
            step: self.step,
            main_state: &self.main_state,
        }
    }
}

/// Writes the checkpoint `contents` of `images` into the root `dir`,
/// keeping `keep`: every process writes its own elements' images (no
/// element state crosses processes), process 0 publishes the checkpoint
/// directory, and every process returns once it is published (so no
/// process lets its elements go on before: a failure right after a
/// checkpoint cannot lose it). With `buddies`, `dir` is a node-local
/// store, each process also keeps its ward's copy and publishes its hold,
/// and the holds drop their older checkpoints only once every hold has the
/// new one. Collective. Returns, on process 0, the bytes of element state.
pub fn write(
    d: &mut Driver,
    images: &[&ArrayImage],
    (dir, keep, buddies): Target<'_>,
    contents: &disk::Contents<'_>,
) -> Result<Option<u64>, RunError> {
    let process = d.process().0;
    let shard = match buddies {
        None => disk::write_shard(dir, contents.step, process, images).map_err(|e| e.to_string()),
        Some(b) => write_buddy_shard(d, images, dir, b, contents.step)?,
    };
    publish(d, shard, (dir, keep, buddies), contents)
}

/// Publishes the checkpoint `contents` once every process has staged its
/// share (`shard`, this process's) for `target` ([`write()`] after the
/// staging). Collective. Returns, on process 0, the bytes of element state.
pub fn publish(
    d: &mut Driver,
    shard: Result<disk::Shard, String>,
    (dir, keep, buddies): Target<'_>,
    contents: &disk::Contents<'_>,
) -> Result<Option<u64>, RunError> {
    let process = d.process().0;
    let shards = gather_all(d, &shard)?;
    let published = match buddies {
        None => shards.map(|shards| -> Result<u64, String> {
            let shards = shards.into_iter().collect::<Result<Vec<_>, _>>()?;
            let state_bytes = shards.iter().map(|s| s.state_bytes).sum();
            disk::publish(dir, contents, shards, keep).map_err(|e| e.to_string())?;
            Ok(state_bytes)
        }),
        Some(b) => {
            let hold = held::hold_dir(dir, &b.node, process);
            publish_hold(d, &hold, contents, shard.clone(), shards)?
        }
    };
    // Process 0's outcome, on every process.
    let outcome = published.clone().map(|r| r.map(|_| ()));
    let shared: Option<Result<(), String>> = bcast_value(d, &outcome)?;
    let failed = |e: String| RunError::Checkpoint(e);
    shard.map_err(failed)?;
    if let Some(Err(e)) = shared {
        return Err(failed(e));
    }
    if let Some(b) = buddies {
        disk::rotate(&held::hold_dir(dir, &b.node, process), keep);
    }
    published.transpose().map_err(failed)
}

/// This process's share of a double checkpoint: its images, written into
/// its hold, and a copy of its ward's, received from the ward (its own go
/// to its buddy). Collective.
fn write_buddy_shard(
    d: &mut Driver,
    images: &[&ArrayImage],
    store: &Path,
    b: &Buddies,
    step: u64,
) -> Result<Result<disk::Shard, String>, RunError> {
    let process = d.process().0;
    let hold = held::hold_dir(store, &b.node, process);
    let serialized: Vec<Vec<u8>> = images.iter().map(|i| i.to_bytes()).collect();
    let shard = disk::write_shard_serialized(&hold, step, process, images, &serialized)
        .map_err(|e| e.to_string());
    if b.buddy == process {
        serialized.into_iter().for_each(buffers::keep);
        return Ok(shard);
    }
    let copy = pass_to_buddy(d, b, serialized)?;
    let shard = shard.and_then(|mut s| {
        s.add_copy(b.ward, &copy).map_err(|e| e.to_string())?;
        Ok(s)
    });
    copy.into_iter().for_each(buffers::keep);
    Ok(shard)
}

/// Passes this process's `serialized` images to its buddy and returns its
/// ward's (nothing, and nothing serialized, when it is its own buddy).
/// Collective.
pub fn pass_to_buddy(
    d: &mut Driver,
    b: &Buddies,
    serialized: impl IntoIterator<Item = Vec<u8>>,
) -> Result<Vec<Vec<u8>>, RunError> {
    if b.buddy == d.process().0 {
        return Ok(Vec::new());
    }
    // One pass per array, so that no image is copied into a bigger buffer.
    serialized
        .into_iter()
        .map(|bytes| d.pass(b.buddy, b.ward, bytes))
        .collect()
}

/// Publishes a double checkpoint: process 0 makes the manifest of every
/// process's `shards` and shares it with its main state; every process
/// then publishes its `hold` (keeping every older checkpoint: they are
/// rotated once all holds have this one), and process 0 learns whether all
/// did. Collective. Returns, on process 0, the bytes of element state.
fn publish_hold(
    d: &mut Driver,
    hold: &Path,
    contents: &disk::Contents<'_>,
    shard: Result<disk::Shard, String>,
    shards: Option<Vec<Result<disk::Shard, String>>>,
) -> Result<Option<Result<u64, String>>, RunError> {
    // The manifest as JSON: its options are any JSON value.
    type Made = Result<(Vec<u8>, Vec<u8>, u64), String>;
    let made = shards.map(|shards| -> Made {
        let shards = shards.into_iter().collect::<Result<Vec<_>, _>>()?;
        let state_bytes = shards.iter().map(|s| s.state_bytes).sum();
        let manifest = disk::manifest_of(contents, &shards);
        let json = serde_json::to_vec(&manifest).map_err(|e| e.to_string())?;
        Ok((json, contents.main_state.to_vec(), state_bytes))
    });
    let shared: Option<Made> = bcast_value(d, &made)?;
    let publish = |(json, main_state, _): (Vec<u8>, Vec<u8>, u64), shard| {
        let manifest: disk::Manifest = serde_json::from_slice(&json).map_err(|e| e.to_string())?;
        disk::publish_with(hold, &main_state, &manifest, vec![shard], usize::MAX)
            .map(drop)
            .map_err(|e| e.to_string())
    };
    let mine = match (shared, shard) {
        (Some(Ok(made)), Ok(shard)) => publish(made, shard),
        (Some(Err(e)), _) | (_, Err(e)) => Err(e),
        (None, _) => Err("process 0 sent no manifest".to_string()),
    };
    let all = gather_all(d, &mine)?;
    Ok(all.map(|all| {
        all.into_iter().collect::<Result<Vec<()>, _>>()?;
        made.expect("process 0 made the manifest")
            .map(|(_, _, bytes)| bytes)
    }))
}

/// Every process's `mine` on process 0 ([`Driver::gather`] of values).
fn gather_all<T: Serialize + DeserializeOwned>(
    d: &mut Driver,
    mine: &Result<T, String>,
) -> Result<Option<Vec<Result<T, String>>>, RunError> {
    Ok(d.gather(arts_core::wire::encode(mine))?.map(|all| {
        all.iter()
            .map(|b| arts_core::wire::decode(b).map_err(|e| e.to_string())?)
            .collect()
    }))
}

/// Process 0's `mine` on every process ([`Driver::bcast`] of a value).
fn bcast_value<T: Serialize + DeserializeOwned>(d: &mut Driver, mine: &T) -> Result<T, RunError> {
    let shared = d.bcast(arts_core::wire::encode(mine))?;
    arts_core::wire::decode(&shared)
        .map_err(|e| RunError::Internal(format!("a checkpoint's outcome from process 0: {e}")))
}

#[cfg(test)]
mod tests {
    use super::Buddies;

    fn pairs(nodes: &[&str]) -> Vec<(u32, u32)> {
        let nodes: Vec<String> = nodes.iter().map(|n| n.to_string()).collect();
        (0..nodes.len() as u32)
            .map(|p| {
                let b = Buddies::among(&nodes, p);
                assert_eq!(b.node, nodes[p as usize]);
                (b.buddy, b.ward)
            })
            .collect()
    }

    #[test]
    fn buddies_are_on_other_nodes_and_pair_every_process_once() {
        // Two nodes of two processes, numbered across them.
        let got = pairs(&["a", "b", "a", "b"]);
        for (p, &(buddy, ward)) in got.iter().enumerate() {
            assert_ne!(buddy as usize % 2, p % 2, "{p}'s buddy {buddy} on its node");
            assert_eq!(got[buddy as usize].1, p as u32, "{p} is its buddy's ward");
            assert_ne!(ward as usize % 2, p % 2);
        }
        // One node: the next process; one process: itself.
        assert_eq!(pairs(&["a", "a", "a"]), vec![(1, 2), (2, 0), (0, 1)]);
        assert_eq!(pairs(&["a"]), vec![(0, 0)]);
        // Three nodes of one process each.
        assert_eq!(pairs(&["x", "y", "z"]), vec![(1, 2), (2, 0), (0, 1)]);
    }
}

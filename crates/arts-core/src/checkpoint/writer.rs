//! An app's checkpoint writes: each one finished before the elements go
//! on, or written in the background while they go on.
//!
//! A background checkpoint is taken at the same consistent point as any
//! other (the elements' images at a step boundary), but the elements go on
//! as soon as their images are taken, and a thread writes this process's
//! share into its staging directory meanwhile (with double checkpoints,
//! after the copy has passed to the buddy: the pass is collective, so the
//! main program does it first). The main program then waits for the
//! thread — the elements keep computing; only the main program waits — and
//! publishes the checkpoint collectively, all or nothing, like any other.
//! A failure before then loses this checkpoint and restarts from the
//! previous one.

use std::thread::JoinHandle;
use std::time::Instant;

use arts_core::checkpoint::buffers;
use arts_core::checkpoint::disk::{self, held};
use arts_core::{ArrayImage, Driver, RunError};

use crate::checkpoint::session::{self, Contents, Target};

/// Time and size of the checkpoints a run took.
#[derive(Clone, Debug, Default)]
pub struct CheckpointStats {
    /// Per checkpoint: seconds from the step's result to this process's
    /// images (quiescence plus serializing its elements).
    pub gather_s: Vec<f64>,
    /// Per checkpoint: seconds spent writing it — every process its
    /// images, in parallel, then process 0 the rest — whether the run
    /// waited for it or not.
    pub write_s: Vec<f64>,
    /// Per checkpoint: seconds the elements were held for it, from the
    /// step's result until they went on (the gather, and the write unless
    /// it is in the background).
    pub pause_s: Vec<f64>,
    /// Bytes of element state in the last checkpoint (on process 0).
    pub state_bytes: u64,
}

/// Writes an app's checkpoints, in the background when asked, and keeps
/// what they cost. Collective: every process writes the same checkpoints.
pub struct Writer {
    background: bool,
    stats: CheckpointStats,
}

/// This process's share of a checkpoint being staged by a thread: the
/// share, and the seconds it took.
type Staging = JoinHandle<(Result<disk::Shard, String>, f64)>;

impl Writer {
    /// A writer that writes each checkpoint in the background when
    /// `background` is set.
    pub fn new(background: bool) -> Self {
        Writer {
            background,
            stats: CheckpointStats::default(),
        }
    }

    /// Checkpoints `images` (this process's elements, imaged since
    /// `began`) with `contents` into `target`, and lets the elements go on
    /// (`go_on`) once they may: after the write, or at once when it is in
    /// the background. Returns once the checkpoint is published.
    /// Collective.
    pub fn write(
        &mut self,
        d: &mut Driver,
        images: Vec<ArrayImage>,
        target: Target<'_>,
        contents: Contents,
        (began, go_on): (Instant, impl FnOnce(&mut Driver)),
    ) -> Result<(), RunError> {
        let imaged = Instant::now();
        self.stats.gather_s.push((imaged - began).as_secs_f64());
        let (bytes, write_s) = if self.background {
            let staging = self.start(d, images, target, contents.step)?;
            go_on(d);
            self.stats.pause_s.push(began.elapsed().as_secs_f64());
            let (shard, staged_s) = staging
                .join()
                .unwrap_or_else(|_| (Err("the checkpoint writer panicked".to_string()), 0.0));
            let published = Instant::now();
            let bytes = session::publish(d, shard, target, &contents.as_disk())?;
            (bytes, staged_s + published.elapsed().as_secs_f64())
        } else {
            let refs: Vec<&ArrayImage> = images.iter().collect();
            let bytes = session::write(d, &refs, target, &contents.as_disk())?;
            images.into_iter().for_each(ArrayImage::recycle);
            let write_s = imaged.elapsed().as_secs_f64();
            go_on(d);
            self.stats.pause_s.push(began.elapsed().as_secs_f64());
            (bytes, write_s)
        };
        if let Some(bytes) = bytes {
            self.stats.state_bytes = bytes;
        }
        self.stats.write_s.push(write_s);
        Ok(())
    }

    /// Starts staging `images` for the checkpoint after `step` in the
    /// background (after passing their copy to the buddy, with double
    /// checkpoints). Collective.
    fn start(
        &self,
        d: &mut Driver,
        images: Vec<ArrayImage>,
        (dir, _, buddies): Target<'_>,
        step: u64,
    ) -> Result<Staging, RunError> {
        let process = d.process().0;
        let (root, copy) = match buddies {
            None => (dir.to_path_buf(), None),
            Some(b) => {
                let serialized = images.iter().map(ArrayImage::to_bytes);
                let copy = session::pass_to_buddy(d, b, serialized)?;
                (held::hold_dir(dir, &b.node, process), Some((b.ward, copy)))
            }
        };
        let stage = move || {
            let began = Instant::now();
            let refs: Vec<&ArrayImage> = images.iter().collect();
            let shard = disk::write_shard(&root, step, process, &refs).and_then(|mut s| {
                if let Some((ward, copy)) = copy.filter(|(_, c)| !c.is_empty()) {
                    s.add_copy(ward, &copy)?;
                    copy.into_iter().for_each(buffers::keep);
                }
                Ok(s)
            });
            images.into_iter().for_each(ArrayImage::recycle);
            (
                shard.map_err(|e| e.to_string()),
                began.elapsed().as_secs_f64(),
            )
        };
        std::thread::Builder::new()
            .name("arts-checkpoint".into())
            .spawn(stage)
            .map_err(|e| RunError::Checkpoint(format!("cannot start a checkpoint writer: {e}")))
    }

    /// What the checkpoints it wrote cost.
    pub fn into_stats(self) -> CheckpointStats {
        self.stats
    }
}

//! The checkpoint option group every object-runtime app takes
//! (`--checkpoint-every`, `--checkpoint-dir`, `--checkpoint-every-seconds`,
//! `--checkpoint-on-term`, `--resume`, `--buddy-checkpoints`,
//! `--checkpoint-async`, `--keep`; `clap::Args` behind the `clap` feature)
//! and the [`Saving`] it asks for.

use std::path::PathBuf;

use super::Saving;

/// Where, when and how a run checkpoints, as given.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct CheckpointFlags {
    /// Checkpoint after every N steps into --checkpoint-dir (continue with
    /// `arts restart DIR`).
    #[cfg_attr(feature = "clap", arg(long, value_parser = clap::value_parser!(u32).range(1..), requires = "checkpoint_dir"))]
    pub checkpoint_every: Option<u32>,
    /// Directory of the checkpoints: `DIR/ckpt-<step>` and `DIR/latest`.
    /// With it, SIGUSR1 asks for a checkpoint at the next step boundary
    /// (under mpirun: SIGUSR1 to mpirun, or to the process of rank 0).
    #[cfg_attr(feature = "clap", arg(long))]
    pub checkpoint_dir: Option<PathBuf>,
    /// Also checkpoint at the first step boundary T seconds after the last
    /// checkpoint (timed on the process of rank 0).
    #[cfg_attr(feature = "clap", arg(long, requires = "checkpoint_dir", value_parser = positive_seconds))]
    pub checkpoint_every_seconds: Option<f64>,
    /// On SIGTERM, write a last checkpoint into --checkpoint-dir and stop
    /// (exit 0; the report has `stopped_at_step`). Under mpirun: SIGTERM to
    /// mpirun, or to the process of rank 0.
    #[cfg_attr(feature = "clap", arg(long, requires = "checkpoint_dir"))]
    pub checkpoint_on_term: bool,
    /// Continue from the newest checkpoint in --checkpoint-dir when there is
    /// one (it must be of this app with the same options); otherwise start
    /// afresh. The same command line then both starts and restarts a run
    /// (what `arts launch` relies on).
    #[cfg_attr(feature = "clap", arg(long, requires = "checkpoint_dir"))]
    pub resume: bool,
    /// Double checkpoints (Charm++'s scheme): --checkpoint-dir is local to
    /// each node (e.g. /dev/shm), and each process keeps its share of every
    /// checkpoint and a copy of its buddy's (a process on another node when
    /// there is one) in `DIR/hold-<node>.p<process>`. --resume and `arts
    /// restart` recover from the copies when a process or a node's store is
    /// lost. The node is the host name, or $ARTS_NODE when set.
    #[cfg_attr(feature = "clap", arg(long, requires = "checkpoint_dir"))]
    pub buddy_checkpoints: bool,
    /// Write each checkpoint in the background: the run goes on as soon as
    /// its state is imaged, and the checkpoint is published (all or
    /// nothing) at the next checkpoint or at the end. A failure before then
    /// loses it and restarts from the previous one.
    #[cfg_attr(feature = "clap", arg(long, requires = "checkpoint_dir"))]
    pub checkpoint_async: bool,
    /// Checkpoints to keep in --checkpoint-dir (older ones are removed; while
    /// the run goes on, the files of the last one removed are kept for the
    /// next checkpoint to overwrite, in `DIR/.arts-spare`).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..)))]
    pub keep: u32,
}

/// Parses a period in seconds: a finite number > 0.
pub fn positive_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 => Ok(t),
        _ => Err(format!("expected a number of seconds > 0, got '{s}'")),
    }
}

impl CheckpointFlags {
    /// The checkpointing these flags ask for (`None` without a directory).
    pub fn saving(&self) -> Option<Saving> {
        self.checkpoint_dir.clone().map(|dir| Saving {
            every: self.checkpoint_every.unwrap_or(0),
            dir,
            keep: self.keep as usize,
            on_term: self.checkpoint_on_term,
            resume: self.resume,
            every_seconds: self.checkpoint_every_seconds,
            buddies: self.buddy_checkpoints,
            background: self.checkpoint_async,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_makes_the_saving_asked_for_and_none_without_one() {
        assert!(CheckpointFlags::default().saving().is_none());
        let flags = CheckpointFlags {
            checkpoint_dir: Some(PathBuf::from("/tmp/c")),
            checkpoint_every_seconds: Some(1.5),
            buddy_checkpoints: true,
            keep: 3,
            ..CheckpointFlags::default()
        };
        let s = flags.saving().unwrap();
        assert_eq!((s.every, s.keep, s.every_seconds), (0, 3, Some(1.5)));
        assert!(s.buddies && !s.background && !s.resume && !s.on_term);
        assert_eq!(s.dir, PathBuf::from("/tmp/c"));
        assert!(positive_seconds("0").is_err() && positive_seconds("inf").is_err());
        assert_eq!(positive_seconds("0.25"), Ok(0.25));
    }
}

//! The flags of `arts ampi run` that concern its program (`clap::Args`
//! behind the `clap` feature): the registered programs' parameters
//! ([`ProgramFlags`], `--size` to `--zones`) and the checkpoints
//! ([`AmpiCheckpointFlags`], `--checkpoint-every` to `--restart`), with the
//! [`Params`] and the [`Checkpoints`] a run gets from them.

use std::path::PathBuf;
use std::sync::Arc;

use arts_ampi::AmpiError;
use arts_ampi::rank_state::{self, Checkpoints, MemStore};
use arts_core::checkpoint::recovery;
use arts_core::limits::MemoryBudget;
#[cfg(feature = "clap")]
use arts_core::limits::parse_bytes;
#[cfg(feature = "clap")]
use arts_util::{output_path::output_dir, text::finite_f64};

use super::Params;
use super::run::{check_checkpoints, checkpoint_name, is_c_program};
use crate::run::{Error, Job, checkpoints::claim_dir};

/// The registered programs' parameters, as given.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct ProgramFlags {
    /// Grid side (stencil3d: N^3 points).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=4096)))]
    pub size: u64,
    /// Iterations (stencil3d sweeps, default 10; ping-pong round trips, default 1000).
    #[cfg_attr(feature = "clap", arg(long, value_parser = clap::value_parser!(u32).range(1..)))]
    pub iters: Option<u32>,
    /// Time factor of the heavy ranks' sweeps (the first --heavy-fraction) in stencil3d; 1 = balanced.
    #[cfg_attr(feature = "clap", arg(long, default_value = "1", value_parser = finite_f64))]
    pub imbalance: f64,
    /// Call migrate() every N iterations (0: never).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 0))]
    pub migrate_every: u32,
    /// Ping-pong message size in bytes.
    #[cfg_attr(feature = "clap", arg(long, default_value = "8", value_parser = parse_bytes))]
    pub bytes: u64,
    /// Fraction of the ranks (the first ones) that are heavy in stencil3d.
    #[cfg_attr(feature = "clap", arg(long, default_value = "0.25", value_parser = finite_f64))]
    pub heavy_fraction: f64,
    /// Zones per side in bt-mz (zones^2 zones; --size is the smallest zone's side).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=64)))]
    pub zones: u32,
}

impl ProgramFlags {
    /// The parameters of a registered program, its checkpoints as
    /// `checkpoints` asks, built within `memory`.
    pub fn params(
        &self,
        checkpoints: &AmpiCheckpointFlags,
        memory: MemoryBudget,
    ) -> Result<Params, AmpiError> {
        Ok(Params {
            size: self.size as usize,
            iters: self.iters,
            imbalance: self.imbalance,
            migrate_every: self.migrate_every,
            bytes: usize::try_from(self.bytes)
                .map_err(|_| AmpiError::Usage("--bytes: too large".into()))?,
            heavy_fraction: self.heavy_fraction,
            zones: self.zones,
            checkpoint_every: checkpoints.checkpoint_every,
            mem_checkpoint: checkpoints.mem_checkpoints,
            whole_checkpoint: checkpoints.whole_checkpoints,
            memory,
        })
    }
}

/// Where and how the ranks checkpoint, and the checkpoint a run
/// continues from, as given.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct AmpiCheckpointFlags {
    /// stencil3d: call checkpoint() every N iterations (saves each rank's
    /// grid into --checkpoint-dir).
    #[cfg_attr(
        feature = "clap",
        arg(long, default_value_t = 0, requires = "checkpoint_dir")
    )]
    pub checkpoint_every: u32,
    /// Where checkpoint() writes: `DIR/ckpt-<step>` and `DIR/latest`; and
    /// the store, local to each node, where mem_checkpoint() keeps every
    /// process's copy (`DIR/hold-<node>.p<process>`).
    #[cfg_attr(feature = "clap", arg(long, value_parser = output_dir))]
    pub checkpoint_dir: Option<PathBuf>,
    /// stencil3d: call mem_checkpoint() instead of checkpoint(): every
    /// process keeps the checkpoint in its hold of --checkpoint-dir, a
    /// store local to each node (e.g. /dev/shm/job).
    #[cfg_attr(feature = "clap", arg(long, requires = "checkpoint_every"))]
    pub mem_checkpoints: bool,
    /// stencil3d: call checkpoint_ranks() instead of checkpoint(): every
    /// rank saved whole (stack, heap, MPI state; needs --isomalloc), and a
    /// run restarted from it (--restart, same build of arts) continues from
    /// that call. With --mem-checkpoints, mem_checkpoint_ranks(): the
    /// ranks kept whole in the node-local store, each process's share in
    /// its hold and a copy in its buddy's.
    #[cfg_attr(feature = "clap", arg(long, requires = "checkpoint_every"))]
    pub whole_checkpoints: bool,
    /// Checkpoints to keep in --checkpoint-dir.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..)))]
    pub keep: u64,
    /// Continue from a checkpoint of the same program on as many ranks
    /// (`DIR/ckpt-<step>`, a root whose `latest` names one, or a store of
    /// mem_checkpoint() copies), on any number of PEs and processes.
    #[cfg_attr(feature = "clap", arg(long))]
    pub restart: Option<PathBuf>,
}

/// An AMPI error as a run's: bad options stay bad input.
fn run_error(e: AmpiError) -> Error {
    match e {
        AmpiError::Usage(m) => Error::Usage(m),
        other => Error::failed(other),
    }
}

impl AmpiCheckpointFlags {
    /// The checkpoints of `program` on `vp` ranks in `job`: the one it
    /// continues from (the processes agree on it), its directory claimed
    /// for the job and each node's store; `None` when the run neither
    /// checkpoints nor restarts (a C program may always name its own
    /// directory, `AMPI_Checkpoint(dname)`). Collective under MPI.
    pub fn checkpoints(
        &self,
        program: &str,
        vp: u32,
        job: &Job,
    ) -> Result<Option<Arc<Checkpoints>>, Error> {
        check_checkpoints(program, self.checkpoint_every, self.restart.is_some())
            .map_err(run_error)?;
        let mut dir = self.checkpoint_dir.clone();
        let restored = match &self.restart {
            Some(path) => {
                let c = recovery::open_checkpoint(path, job.world).map_err(Error::usage)?;
                let restored =
                    rank_state::read(&c, &checkpoint_name(program), vp).map_err(run_error)?;
                // Ranks saved whole go on with their own options, checkpoints
                // included: into the root they came from unless told otherwise.
                if restored.whole.is_some() && dir.is_none() {
                    dir = c.dir.parent().map(PathBuf::from);
                }
                Some(restored)
            }
            None => None,
        };
        // One job per directory.
        let dir = dir.map(|d| claim_dir(d, job)).transpose()?;
        let memory = dir.as_ref().map(|dir| {
            // Every process's node is shared.
            let buddies = recovery::buddies(job.world);
            MemStore {
                dir: dir.clone(),
                node: buddies.node,
                process: job.world.map_or(0, |w| w.process().0),
                buddy: buddies.buddy,
                ward: buddies.ward,
            }
        });
        let wanted = dir.is_some() || restored.is_some() || is_c_program(program);
        Ok(wanted.then(|| {
            Arc::new(Checkpoints {
                dir,
                keep: self.keep as usize,
                program: checkpoint_name(program),
                restored,
                memory,
            })
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job() -> Job {
        Job {
            world: None,
            budget: MemoryBudget::new(None),
            requests: |_| unreachable!("no checkpoint requests here"),
        }
    }

    #[test]
    fn a_registered_program_without_checkpoint_flags_gets_no_checkpoints() {
        let flags = AmpiCheckpointFlags {
            keep: 2,
            ..AmpiCheckpointFlags::default()
        };
        assert!(flags.checkpoints("pingpong", 2, &job()).unwrap().is_none());
        // A C program may checkpoint into a directory of its choosing.
        let c = flags.checkpoints("./prog.so", 2, &job()).unwrap().unwrap();
        assert_eq!((c.program.as_str(), c.keep), ("prog.so", 2));
        assert!(c.dir.is_none() && c.memory.is_none());
    }

    #[test]
    fn a_checkpoint_directory_is_claimed_with_each_nodes_store() {
        let root = tempfile::tempdir().unwrap();
        let flags = AmpiCheckpointFlags {
            checkpoint_every: 2,
            checkpoint_dir: Some(root.path().join("ck")),
            keep: 3,
            ..AmpiCheckpointFlags::default()
        };
        let c = flags.checkpoints("stencil3d", 4, &job()).unwrap().unwrap();
        assert_eq!(c.dir.as_deref(), Some(root.path().join("ck").as_path()));
        let store = c.memory.as_ref().unwrap();
        assert_eq!((store.process, store.buddy, store.ward), (0, 0, 0));
    }

    #[test]
    fn checkpoints_of_a_program_that_cannot_are_bad_input() {
        let flags = AmpiCheckpointFlags {
            checkpoint_every: 2,
            checkpoint_dir: Some(PathBuf::from("/nonexistent")),
            ..AmpiCheckpointFlags::default()
        };
        let err = flags.checkpoints("pingpong", 2, &job()).unwrap_err();
        assert!(matches!(err, Error::Usage(m) if m.contains("only stencil3d")));
        let big = ProgramFlags {
            size: 8,
            iters: None,
            imbalance: 1.0,
            migrate_every: 0,
            bytes: 16,
            heavy_fraction: 0.25,
            zones: 4,
        };
        let p = big.params(&flags, MemoryBudget::new(None)).unwrap();
        assert_eq!((p.size, p.bytes, p.checkpoint_every), (8, 16, 2));
    }
}

//! Running an app as `arts run` and `arts restart` do: a [`Setup`] (the
//! runtime configuration, the placement, the files to write and the
//! checkpoints to take, built from the command line by the CLI), the
//! checkpoint session of the run ([`checkpoints`]), its sequential
//! reference kept beside the checkpoints, the run itself and its report
//! ([`summary`], [`stencil`], [`md`], [`storm`]).

pub mod checkpoint_flags;
pub mod checkpoints;
pub mod md;
pub mod outputs;
pub mod stencil;
pub mod storm;
pub mod summary;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arts_core::checkpoint::disk::held::Collectives;
use arts_core::checkpoint::hold::OnDemand;
use arts_core::limits::MemoryBudget;
use arts_core::{Config, Map};
use arts_grid::report::GridSummary;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::reference_file::{self, Key};
use crate::stencil2d::saved_state::Resume;
pub use checkpoints::Saving;
pub use outputs::Outputs;

/// Why a run did not report: bad input (its options, a checkpoint that
/// cannot be continued, an output that cannot be written, not enough
/// memory), or a failure once the input was accepted.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input, one line naming it.
    #[error("{0}")]
    Usage(String),
    /// The run failed after its input was accepted.
    #[error("{0}")]
    Failed(String),
}

impl Error {
    /// Bad input.
    pub fn usage(msg: impl std::fmt::Display) -> Self {
        Error::Usage(msg.to_string())
    }

    /// A failure once the input was accepted.
    pub fn failed(msg: impl std::fmt::Display) -> Self {
        Error::Failed(msg.to_string())
    }
}

impl From<arts_util::atomic_file::WriteError> for Error {
    fn from(e: arts_util::atomic_file::WriteError) -> Self {
        match e {
            arts_util::atomic_file::WriteError::Refused(m) => Error::Usage(m),
            arts_util::atomic_file::WriteError::Failed(m) => Error::Failed(m),
        }
    }
}

/// The job a run is part of: its processes' collectives (`None`: one
/// process alone), the memory it may use, and the checkpoint requests it
/// takes (signals), by whether SIGTERM stops the run.
#[derive(Clone, Copy)]
pub struct Job {
    /// The collectives of the job's processes (under MPI).
    pub world: Option<&'static dyn Collectives>,
    /// The memory a run may use.
    pub budget: MemoryBudget,
    /// The requests a checkpointing run takes, by whether SIGTERM stops it.
    pub requests: fn(bool) -> Arc<OnDemand>,
}

impl Job {
    /// Whether this process writes the run's files (process 0).
    pub fn is_root(&self) -> bool {
        self.world.is_none_or(|w| w.process().0 == 0)
    }

    /// Refuses, as bad input, a run whose estimated `need` (bytes) for
    /// `what` exceeds the budget.
    pub fn check_memory(&self, what: impl Into<String>, need: u64) -> Result<(), Error> {
        self.budget.check(what, need).map_err(Error::usage)
    }
}

/// A configured run: the runtime configuration, where its files go and the
/// checkpoints it takes or continues.
pub struct Setup {
    /// Runtime configuration.
    pub config: Config,
    /// Initial placement.
    pub map: Map,
    /// The load-balancing strategy's name (`none` without one).
    pub strategy: String,
    /// The grid the run emulates (`topology: None` without one).
    pub grid: GridSummary,
    /// Whether each PE thread is pinned to a CPU of its own (`--pin`).
    pub pinned: bool,
    /// The files the run writes besides its report.
    pub outputs: Outputs,
    /// Where and when to checkpoint.
    pub checkpoint: Option<Saving>,
    /// The checkpoint a stencil run continues from (`arts restart`).
    pub resume: Option<Resume>,
    /// The checkpoint root `arts restart` reads, where the sequential
    /// reference of the run may be kept.
    pub restart_root: Option<PathBuf>,
    /// The job the run is part of.
    pub job: Job,
}

impl Setup {
    /// The sequential reference of `key` for a run that keeps its
    /// checkpoints in `saving` (if it checkpoints) and is `resuming` or not:
    /// read back from the checkpoint root when resuming, if an earlier
    /// attempt kept it there, else computed and kept in `saving` for a later
    /// restart. Returns whether it was read back.
    pub fn reference<T: Serialize + DeserializeOwned, E>(
        &self,
        key: &Key,
        saving: Option<&Path>,
        resuming: bool,
        compute: impl FnOnce() -> Result<T, E>,
    ) -> Result<(T, bool), E> {
        let from = match resuming {
            true => self.restart_root.as_deref().or(saving),
            false => None,
        };
        reference_file::load_or_compute(from, saving, key, compute)
    }
}

/// The bytes of the per-step records a run of `steps` steps keeps, for
/// its memory estimate: the step times and the residuals or energies of
/// the sequential reference and of the parallel run, and the report's
/// copies of them (8 values of 8 bytes a step).
pub fn step_records_bytes(steps: u32) -> u64 {
    u64::from(steps).saturating_mul(64)
}

/// Called with the name of each stage of a run as it begins (a progress bar).
pub type Stages<'a> = &'a dyn Fn(&str);

/// The median of `v`, `None` when empty.
fn median_of(v: &[f64]) -> Option<f64> {
    (!v.is_empty()).then(|| arts_util::stats::median(v))
}

//! Where a command runs: in this process, or — when `arts` is built with
//! `--features mpi` and started by `mpirun` — as one process of an MPI job,
//! with PEs on every process. Only rank 0 prints results and writes files.

use std::path::Path;
use std::time::Duration;

use arts_core::Config;
use arts_core::checkpoint::disk::{Checkpoint, CheckpointError};
use arts_core::checkpoint::recovery;
use arts_core::checkpoint::session::Buddies;
use arts_util::launcher_env::started_by_launcher as under_mpirun;

use crate::output::CliError;

/// Under MPI: this process's job, held by `arts_mpi::job`.
#[cfg(feature = "mpi")]
mod imp {
    use super::*;

    pub use arts_mpi::job::{distribute, finish, from_root, host_names, rank_size, with, world};

    pub fn init(heartbeat: Duration) -> Result<(), CliError> {
        if !under_mpirun() {
            return Ok(());
        }
        arts_mpi::job::init(heartbeat).map_err(CliError::usage)
    }
}

#[cfg(not(feature = "mpi"))]
mod imp {
    use arts_core::checkpoint::disk::held::Collectives;

    use super::*;

    pub fn init(_heartbeat: Duration) -> Result<(), CliError> {
        if under_mpirun() {
            return Err(CliError::usage(
                "this arts was built without MPI support; build it with `--features mpi` to run under mpirun",
            ));
        }
        Ok(())
    }

    pub fn finish() {}

    pub fn rank_size() -> (u32, u32) {
        (0, 1)
    }

    pub fn distribute(_config: Config, _per: u32) -> Option<Config> {
        None
    }

    pub fn host_names() -> Option<Vec<String>> {
        None
    }

    pub fn from_root(mine: Vec<u8>) -> Vec<u8> {
        mine
    }

    pub fn world() -> Option<&'static dyn Collectives> {
        None
    }
}

#[cfg(feature = "mpi")]
pub(crate) use imp::with;
pub use imp::{finish, init};

/// Runs `f` with the MPI environment, or fails with a usage error naming
/// `what` when this process is not part of an MPI job.
#[cfg(feature = "mpi")]
pub fn require_mpi<R>(what: &str, f: impl FnOnce(&arts_mpi::Mpi) -> R) -> Result<R, CliError> {
    with(f).ok_or_else(|| CliError::usage(format!("{what} must be started by mpirun")))
}

/// This process's rank and the number of processes (0 and 1 without MPI).
pub fn rank_size() -> (u32, u32) {
    imp::rank_size()
}

/// The root process's `values` on every process (collective under MPI:
/// every process calls it), so that a choice made from measurements, such
/// as a cut by measured cost, is the same everywhere.
pub fn from_root(values: Vec<f64>) -> Vec<f64> {
    let bytes = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    imp::from_root(bytes)
        .chunks_exact(8)
        .map(|c| f64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect()
}

/// Whether this process prints results and writes output files.
pub fn is_root() -> bool {
    rank_size().0 == 0
}

/// The run configuration for `pes` PEs in this process, or, under MPI,
/// `pes_per_process` PEs on each process (`--pes` then, if given, must be
/// the total).
pub fn distribute(
    config: Config,
    pes: Option<u32>,
    pes_per_process: Option<u32>,
) -> Result<Config, CliError> {
    let (_, size) = rank_size();
    match (size > 1 || under_mpirun(), pes_per_process) {
        (false, Some(_)) => Err(CliError::usage(
            "--pes-per-process needs an MPI job: build arts with `--features mpi` and start it with mpirun",
        )),
        (false, None) => Ok(config),
        (true, per) => {
            let per = per.unwrap_or(1);
            if let Some(p) = pes.filter(|&p| p != per * size) {
                return Err(CliError::usage(format!(
                    "--pes {p} does not match {size} processes x --pes-per-process {per}; \
                     give --pes-per-process only"
                )));
            }
            imp::distribute(config, per)
                .ok_or_else(|| CliError::usage("MPI is not initialized in this process"))
        }
    }
}

/// `config` with, if `pin` (`--pin`), each PE of this process on a CPU of
/// its own (`arts_apps::background::pinned`; under MPI, by node-local rank).
pub fn pinned(config: Config, pin: bool, pes_per_process: Option<u32>) -> Config {
    if !pin {
        return config;
    }
    let in_job = rank_size().1 > 1 || under_mpirun();
    arts_apps::background::pinned(config, in_job, pes_per_process)
}

/// The run's number of PEs: `--pes` (default one per core) in one
/// process, `--pes-per-process` (default 1) times the processes under
/// MPI; the flag that applies is checked against the PE limit.
pub fn total_pes(pes: Option<u32>, pes_per_process: Option<u32>) -> Result<u32, CliError> {
    match rank_size().1 {
        1 => {
            let pes = pes.unwrap_or_else(crate::args::default_pes);
            crate::budget::check_pes("--pes", pes)?;
            Ok(pes)
        }
        n => {
            let per = pes_per_process.unwrap_or(1);
            crate::budget::check_pes("--pes-per-process", per)?;
            Ok(per.saturating_mul(n))
        }
    }
}

/// Whether `pes` PEs over `processes` processes put more PEs in a process
/// than this machine has cores (the OS then time-slices them).
pub fn oversubscribed(pes: u32, processes: u32) -> bool {
    arts_apps::run::summary::oversubscribed(pes, processes)
}

/// The job a run is part of: its collectives under MPI, `--max-memory`
/// and the signals' checkpoint requests.
pub fn job() -> arts_apps::run::Job {
    arts_apps::run::Job {
        world: imp::world(),
        budget: crate::budget::budget(),
        requests: crate::signals::checkpoint_requests,
    }
}

/// The host of every process, by rank (this machine's name alone without MPI).
pub fn host_names() -> Vec<String> {
    imp::host_names().unwrap_or_else(|| vec![recovery::host_name()])
}

/// This process's buddies for double checkpoints (collective under MPI).
pub fn buddies() -> Buddies {
    recovery::buddies(imp::world())
}

/// The checkpoint at `path` (for `arts restart`; collective under MPI).
pub fn open_checkpoint(path: &Path) -> Result<Checkpoint, CheckpointError> {
    recovery::open_checkpoint(path, imp::world())
}

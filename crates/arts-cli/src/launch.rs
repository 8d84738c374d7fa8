//! Where a command runs: in this process, or — when `arts` is built with
//! `--features mpi` and started by `mpirun` — as one process of an MPI job,
//! with PEs on every process. Only rank 0 prints results and writes files.

use std::path::Path;
use std::time::Duration;

use arts_core::Config;
use arts_core::checkpoint::disk::held::Collectives;
use arts_core::checkpoint::disk::{Checkpoint, CheckpointError};
use arts_core::checkpoint::recovery;
use arts_core::checkpoint::session::Buddies;

use crate::output::CliError;

/// Whether this process was started by an MPI launcher.
fn under_mpirun() -> bool {
    ["OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"]
        .iter()
        .any(|v| std::env::var_os(v).is_some())
}

#[cfg(feature = "mpi")]
mod imp {
    use std::io::Read;
    use std::sync::Mutex;

    use super::*;

    static MPI: Mutex<Option<arts_mpi::Mpi>> = Mutex::new(None);
    /// Stopped (collectively) before MPI is finalized.
    static HEARTBEAT: Mutex<Option<arts_mpi::Heartbeat>> = Mutex::new(None);
    /// Rank and size, readable while `MPI` is locked (e.g. by `with`).
    static RANK_SIZE: std::sync::OnceLock<(u32, u32)> = std::sync::OnceLock::new();

    /// A hash of this binary and its arguments: every rank must agree on it.
    /// CRC-32s (hardware-accelerated), the binary read a piece at a time:
    /// this runs at every start under `mpirun`, and reading a 60 MB binary
    /// whole into fresh memory and SipHashing it took ~90 ms.
    fn fingerprint() -> u64 {
        let mut binary = crc32fast::Hasher::new();
        if let Ok(mut exe) = std::fs::File::open("/proc/self/exe") {
            let mut piece = vec![0u8; 1 << 20];
            let mut len = 0u64;
            while let Ok(n @ 1..) = exe.read(&mut piece) {
                binary.update(&piece[..n]);
                len += n as u64;
            }
            binary.update(&len.to_le_bytes());
        }
        let mut args = crc32fast::Hasher::new();
        for a in std::env::args().skip(1) {
            args.update(a.as_bytes());
            args.update(&[0]);
        }
        (u64::from(binary.finalize()) << 32) | u64::from(args.finalize())
    }

    pub fn init(heartbeat: Duration) -> Result<(), CliError> {
        if !under_mpirun() {
            return Ok(());
        }
        let mpi = arts_mpi::Mpi::init().map_err(CliError::usage)?;
        let check = mpi.check_consistent(fingerprint());
        let _ = RANK_SIZE.set((mpi.rank(), mpi.size()));
        if check.is_ok() {
            *HEARTBEAT.lock().unwrap_or_else(|e| e.into_inner()) =
                Some(arts_mpi::Heartbeat::start(mpi.world(), heartbeat));
        }
        *MPI.lock().unwrap_or_else(|e| e.into_inner()) = Some(mpi);
        check.map_err(CliError::usage)
    }

    pub fn with<R>(f: impl FnOnce(&arts_mpi::Mpi) -> R) -> Option<R> {
        MPI.lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .map(f)
    }

    pub fn finish() {
        drop(HEARTBEAT.lock().unwrap_or_else(|e| e.into_inner()).take());
        drop(MPI.lock().unwrap_or_else(|e| e.into_inner()).take());
    }

    pub fn rank_size() -> (u32, u32) {
        RANK_SIZE.get().copied().unwrap_or((0, 1))
    }

    pub fn distribute(config: Config, per: u32) -> Option<Config> {
        with(|m| m.config(&config, per))
    }

    pub fn host_names() -> Option<Vec<String>> {
        with(|m| m.host_names())
    }

    pub fn from_root(mine: Vec<u8>) -> Vec<u8> {
        let mut mine = Some(mine);
        with(|m| m.broadcast_bytes(0, mine.take().unwrap_or_default()))
            .unwrap_or_else(|| mine.take().unwrap_or_default())
    }

    /// The job's collectives, taking the MPI environment for each call.
    struct Job;

    impl Collectives for Job {
        fn process(&self) -> (u32, u32) {
            rank_size()
        }

        fn all_gather(&self, mine: Vec<u8>) -> Vec<Vec<u8>> {
            with(|m| m.all_gather(mine)).unwrap_or_default()
        }

        fn broadcast(&self, root: u32, mine: Vec<u8>) -> Vec<u8> {
            with(|m| m.broadcast(root, mine)).unwrap_or_default()
        }
    }

    pub fn world() -> Option<&'static dyn Collectives> {
        with(|_| ()).map(|()| &Job as &dyn Collectives)
    }
}

#[cfg(not(feature = "mpi"))]
mod imp {
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
/// its own. In one process PE `p` takes the `p`-th CPU the process may run
/// on. Under an MPI launcher the processes of one host take consecutive
/// slots by their node-local rank (`OMPI_COMM_WORLD_LOCAL_RANK`, MPICH's
/// `MPI_LOCALRANKID`, Slurm's `SLURM_LOCALID`), so that processes the
/// launcher left unbound do not pin onto the same CPUs, and a process it
/// bound stays inside its binding (slots wrap around the allowed CPUs).
pub fn pinned(mut config: Config, pin: bool, pes_per_process: Option<u32>) -> Config {
    if !pin {
        return config;
    }
    let (first, per) = if rank_size().1 > 1 || under_mpirun() {
        let per = pes_per_process.unwrap_or(1);
        let local: usize = [
            "OMPI_COMM_WORLD_LOCAL_RANK",
            "MPI_LOCALRANKID",
            "SLURM_LOCALID",
        ]
        .iter()
        .find_map(|v| std::env::var(v).ok()?.parse().ok())
        .unwrap_or(0);
        (local * per as usize, per)
    } else {
        (0, config.pes)
    };
    config.start_handler = Some(arts_apps::background::pin_pes(move |pe| {
        first + (pe % per.max(1)) as usize
    }));
    config
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

//! This process's MPI job, held for the process's lifetime: started once
//! ([`init`], which checks that every rank runs the same binary with the
//! same arguments and starts the heartbeat), reached by any command
//! ([`with`], [`world`], [`distribute`], ...), and finished ([`finish`])
//! before the process exits.

use std::io::Read;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use arts_core::Config;
use arts_core::checkpoint::disk::held::Collectives;

use crate::{Heartbeat, Mpi};

static MPI: Mutex<Option<Mpi>> = Mutex::new(None);
/// Stopped (collectively) before MPI is finalized.
static HEARTBEAT: Mutex<Option<Heartbeat>> = Mutex::new(None);
/// Rank and size, readable while `MPI` is locked (e.g. by `with`).
static RANK_SIZE: OnceLock<(u32, u32)> = OnceLock::new();

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

/// Starts MPI for this process (under an MPI launcher), checks that every
/// rank runs the same binary with the same arguments, and starts the
/// heartbeat every `heartbeat`.
pub fn init(heartbeat: Duration) -> Result<(), String> {
    let mpi = Mpi::init()?;
    let check = mpi.check_consistent(fingerprint());
    let _ = RANK_SIZE.set((mpi.rank(), mpi.size()));
    if check.is_ok() {
        *HEARTBEAT.lock().unwrap_or_else(|e| e.into_inner()) =
            Some(Heartbeat::start(mpi.world(), heartbeat));
    }
    *MPI.lock().unwrap_or_else(|e| e.into_inner()) = Some(mpi);
    check
}

/// Runs `f` with the MPI environment (`None` when this process is not part
/// of an MPI job).
pub fn with<R>(f: impl FnOnce(&Mpi) -> R) -> Option<R> {
    MPI.lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .map(f)
}

/// Stops the heartbeat and finalizes MPI.
pub fn finish() {
    drop(HEARTBEAT.lock().unwrap_or_else(|e| e.into_inner()).take());
    drop(MPI.lock().unwrap_or_else(|e| e.into_inner()).take());
}

/// This process's rank and the number of processes (0 and 1 without MPI).
pub fn rank_size() -> (u32, u32) {
    RANK_SIZE.get().copied().unwrap_or((0, 1))
}

/// `config` spread over the job's processes, `per` PEs each.
pub fn distribute(config: Config, per: u32) -> Option<Config> {
    with(|m| m.config(&config, per))
}

/// The host of every process, by rank.
pub fn host_names() -> Option<Vec<String>> {
    with(|m| m.host_names())
}

/// Rank 0's `mine` on every process (collective); `mine` itself without MPI.
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

/// The job's collectives (`None` without MPI).
pub fn world() -> Option<&'static dyn Collectives> {
    with(|_| ()).map(|()| &Job as &dyn Collectives)
}

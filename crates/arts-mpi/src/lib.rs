//! arts across processes and machines on Open MPI (through the `mpi` crate,
//! "rsmpi").
//!
//! Every process runs the same program (SPMD). [`Mpi::init`] starts MPI,
//! [`Mpi::config`] turns a single-process [`arts_core::Config`] into one whose
//! PEs are spread over all processes (`pes_per_process` each) and connected
//! by [`transport::MpiTransport`]; any arts application then runs unchanged.
//! Messages between PEs of one process still move without serialization;
//! messages to other processes are serialized (serde/bincode) and sent with
//! non-blocking MPI sends. See `README.md` for the protocol.

mod direct;
mod heartbeat;
pub mod job;
mod link;
pub mod pdes;
pub mod rawbench;
pub mod transport;

use std::sync::Arc;

use arts_core::{Config, TransportFactory};
use mpi::Threading;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;

pub use heartbeat::Heartbeat;
use transport::{Comm, MpiTransport};

/// Raises glibc's mmap and trim thresholds so freed large buffers are reused.
fn keep_large_buffers_in_heap() {
    // SAFETY: mallopt only changes allocator tuning parameters; it is called
    // before any other thread of this process exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 1 << 30);
    }
}

/// hwloc plugins Open MPI would load into every process and arts never
/// needs: OpenGL and OpenCL device discovery (they map libX11, libxcb and
/// libOpenCL) and the libxml2 topology importer (libxml2, ICU, libstdc++;
/// hwloc's built-in importer reads the same XML). About 2.8 MB of resident
/// libraries a process (24.0 to 21.2 MB for a tiny PDES run).
pub const UNUSED_HWLOC_PLUGINS: &str = "hwloc_gl,hwloc_opencl,hwloc_xml_libxml";

/// Keeps hwloc from loading [`UNUSED_HWLOC_PLUGINS`], unless the user set
/// `HWLOC_PLUGINS_BLACKLIST` (even empty: then every plugin loads).
fn skip_unused_hwloc_plugins() {
    if std::env::var_os("HWLOC_PLUGINS_BLACKLIST").is_none() {
        // SAFETY: called before MPI starts, when no other thread of this
        // process exists to read the environment.
        unsafe { std::env::set_var("HWLOC_PLUGINS_BLACKLIST", UNUSED_HWLOC_PLUGINS) };
    }
}

/// An initialized MPI environment (MPI is finalized when it is dropped).
pub struct Mpi {
    _universe: mpi::environment::Universe,
    pub(crate) world: SimpleCommunicator,
    /// Processes on this machine (sharing its memory and cores).
    node_processes: u32,
}

// SAFETY: MPI is initialized with MPI_THREAD_MULTIPLE (checked in `init`),
// so its handles may be used from any thread; the universe (which finalizes
// MPI when dropped) is dropped by whoever owns the `Mpi`, after every run.
unsafe impl Send for Mpi {}
// SAFETY: as above.
unsafe impl Sync for Mpi {}

impl Mpi {
    /// Initializes MPI with full thread support (every PE thread calls MPI).
    ///
    /// Also keeps large buffers in the heap: messages between processes are
    /// serialized into fresh buffers, and glibc would otherwise map (and the
    /// kernel zero, page by page) a new region for every buffer above 128 KiB
    /// and unmap it when freed — for 1 MiB messages that costs more than the
    /// transfer itself. And it keeps hwloc from loading plugins arts never
    /// uses ([`UNUSED_HWLOC_PLUGINS`]; set `HWLOC_PLUGINS_BLACKLIST` to
    /// choose otherwise).
    pub fn init() -> Result<Mpi, String> {
        keep_large_buffers_in_heap();
        skip_unused_hwloc_plugins();
        let (universe, threading) = mpi::initialize_with_threading(Threading::Multiple)
            .ok_or("MPI was already initialized")?;
        if threading != Threading::Multiple {
            return Err(format!(
                "this MPI library provides thread level {threading:?}; arts needs MPI_THREAD_MULTIPLE"
            ));
        }
        let world = universe.world();
        let node_processes = world.split_shared(0).size() as u32;
        Ok(Mpi {
            _universe: universe,
            world,
            node_processes,
        })
    }

    /// This process's rank.
    pub fn rank(&self) -> u32 {
        self.world.rank() as u32
    }

    /// The world communicator (for programs written directly on MPI, such as
    /// the static baselines of `arts_apps::baselines`).
    pub fn world(&self) -> &SimpleCommunicator {
        &self.world
    }

    /// Number of processes.
    pub fn size(&self) -> u32 {
        self.world.size() as u32
    }

    /// Checks that every process runs the same program with the same
    /// options: each contributes a fingerprint (e.g. a hash of its binary and
    /// arguments); the error names the first rank that differs from rank 0.
    /// Every process reaches the same verdict.
    pub fn check_consistent(&self, fingerprint: u64) -> Result<(), String> {
        let mut all = vec![0u64; self.size() as usize];
        self.world.all_gather_into(&fingerprint, &mut all[..]);
        match all.iter().position(|f| *f != all[0]) {
            None => Ok(()),
            Some(r) => Err(format!(
                "rank {r} runs a different binary or different options than rank 0 \
                 (start every rank with the same command)"
            )),
        }
    }

    /// `config` with `pes_per_process` PEs on each process, connected by MPI.
    ///
    /// When this machine has a core for every PE of every process on it, an
    /// idle PE polls MPI without yielding its core (as a blocked `MPI_Recv`
    /// does) for ten poll intervals: a reply then finds it polling instead
    /// of descheduled. With more PEs than cores it yields between polls and
    /// parks after the idle policy's spin, as in-process PEs do (Open MPI's
    /// "degraded" mode when oversubscribed): polling there takes the core
    /// of a PE with work (zones on 2 processes × 2 PEs floating over 2
    /// cores: 15% faster, `BENCHMARKS.md`). For the same reason a rank
    /// blocked in a receive polls MPI itself (`Transport::offers`) only
    /// when every PE has a core (oversubscribed, it cost a two-process
    /// ping-pong with 2 PEs a process on 2 cores 30%).
    pub fn config(&self, config: &Config, pes_per_process: u32) -> Config {
        let world = Comm(self.world.duplicate());
        let oversubscribed = self.oversubscribed(pes_per_process);
        let factory = TransportFactory(Arc::new(move |pes: u32| {
            let (transport, rx) = MpiTransport::new(&world, pes, !oversubscribed)?;
            Ok((transport as Arc<dyn arts_core::transport::Transport>, rx))
        }));
        let mut idle = config.idle;
        if oversubscribed {
            idle.long_poll = false;
            idle.shares_cores = true;
        } else {
            idle.yield_after = u32::MAX;
        }
        Config {
            pes: pes_per_process * self.size(),
            transport: Some(factory),
            idle,
            ..config.clone()
        }
    }

    /// Whether `pes_per_process` PEs on each process of this machine are more
    /// than its cores: more than this process may run on (`mpirun` binds each
    /// process to its own cores when they suffice) or, over all its
    /// processes, more than the machine has.
    fn oversubscribed(&self, pes_per_process: u32) -> bool {
        let own = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
        // SAFETY: sysconf only reads a system setting.
        let machine = unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) }.max(1) as u32;
        pes_per_process > own || self.node_processes * pes_per_process > machine
    }

    /// The host name of every process, by rank (collective).
    pub fn host_names(&self) -> Vec<String> {
        const LEN: usize = 256;
        let mut mine = [0u8; LEN];
        let name = mpi::environment::processor_name().unwrap_or_default();
        let n = name.len().min(LEN);
        mine[..n].copy_from_slice(&name.as_bytes()[..n]);
        let mut all = vec![0u8; LEN * self.size() as usize];
        self.world.all_gather_into(&mine[..], &mut all[..]);
        all.chunks(LEN)
            .map(|c| {
                let end = c.iter().position(|&b| b == 0).unwrap_or(LEN);
                String::from_utf8_lossy(&c[..end]).into_owned()
            })
            .collect()
    }

    /// Every process's `mine`, in rank order, on every process. Collective;
    /// for small values (at most 2 GiB together).
    pub fn all_gather_bytes(&self, mine: &[u8]) -> Vec<Vec<u8>> {
        all_gather_bytes(&self.world, mine)
    }

    /// Rank `root`'s `mine` on every process (the others' `mine` is
    /// ignored). Collective; any size (sent in pieces of at most 1 GiB).
    pub fn broadcast_bytes(&self, root: u32, mine: Vec<u8>) -> Vec<u8> {
        let from = self.world.process_at_rank(root as i32);
        let mut len = mine.len() as u64;
        from.broadcast_into(&mut len);
        let mut bytes = match self.rank() == root {
            true => mine,
            false => vec![0u8; len as usize],
        };
        for piece in bytes.chunks_mut(1 << 30) {
            from.broadcast_into(piece);
        }
        bytes
    }

    /// Ends the whole job at once with `code` (all ranks), after this rank
    /// printed its error.
    pub fn abort(&self, code: i32) -> ! {
        self.world.abort(code)
    }
}

/// The world's collectives, for finding the checkpoint a job continues
/// from (`arts_core::checkpoint::recovery`).
impl arts_core::checkpoint::disk::held::Collectives for Mpi {
    fn process(&self) -> (u32, u32) {
        (self.rank(), self.size())
    }

    fn all_gather(&self, mine: Vec<u8>) -> Vec<Vec<u8>> {
        self.all_gather_bytes(&mine)
    }

    fn broadcast(&self, root: u32, mine: Vec<u8>) -> Vec<u8> {
        self.broadcast_bytes(root, mine)
    }
}

/// Every process's `mine` on `comm`, in rank order, on every process.
/// Collective; for small values (at most 2 GiB together).
pub(crate) fn all_gather_bytes(comm: &impl Communicator, mine: &[u8]) -> Vec<Vec<u8>> {
    let n = comm.size() as usize;
    let mut lens = vec![0 as mpi::Count; n];
    let len = mpi::Count::try_from(mine.len()).expect("at most 2 GiB gathered");
    let spare = [0u8; 1];
    let mine = send_buffer(mine, &spare);
    comm.all_gather_into(&len, &mut lens[..]);
    receive_parts(&lens, |parts| comm.all_gather_varcount_into(mine, parts))
}

/// `mine`, or when it is empty an empty slice at a real address: Open MPI
/// takes address 1, where Rust places an empty byte slice, for
/// `MPI_IN_PLACE`.
fn send_buffer<'a>(mine: &'a [u8], spare: &'a [u8; 1]) -> &'a [u8] {
    if mine.is_empty() { &spare[..0] } else { mine }
}

/// Parts of lengths `lens`, received end to end by `receive` into one
/// buffer, each as its own buffer. The buffer has a real address even when
/// it is empty: Open MPI refuses `MPI_IN_PLACE` (address 1, an empty
/// `Vec`'s) as a receive buffer (`MPI_ERR_ARG`), which every process
/// gathering only empty parts would otherwise pass.
fn receive_parts(
    lens: &[mpi::Count],
    receive: impl FnOnce(&mut mpi::datatype::PartitionMut<'_, [u8], &[mpi::Count], &[mpi::Count]>),
) -> Vec<Vec<u8>> {
    let mut at: mpi::Count = 0;
    let displs: Vec<mpi::Count> = lens
        .iter()
        .map(|&l| {
            let d = at;
            at = at.checked_add(l).expect("at most 2 GiB gathered in all");
            d
        })
        .collect();
    let mut all = Vec::with_capacity((at as usize).max(1));
    all.resize(at as usize, 0u8);
    receive(&mut mpi::datatype::PartitionMut::new(
        &mut all[..],
        lens,
        &displs[..],
    ));
    displs
        .iter()
        .zip(lens)
        .map(|(&d, &l)| all[d as usize..(d + l) as usize].to_vec())
        .collect()
}

/// Every process's `mine` on `comm`, in rank order, on process 0; the
/// others get an empty list. Collective; at most 2 GiB together.
pub(crate) fn gather_bytes(comm: &impl Communicator, mine: &[u8]) -> Vec<Vec<u8>> {
    let root = comm.process_at_rank(0);
    let len = mpi::Count::try_from(mine.len()).expect("at most 2 GiB gathered");
    let spare = [0u8; 1];
    let mine = send_buffer(mine, &spare);
    if comm.rank() != 0 {
        root.gather_into(&len);
        root.gather_varcount_into(mine);
        return Vec::new();
    }
    let mut lens = vec![0 as mpi::Count; comm.size() as usize];
    root.gather_into_root(&len, &mut lens[..]);
    receive_parts(&lens, |parts| root.gather_varcount_into_root(mine, parts))
}

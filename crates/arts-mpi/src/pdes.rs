//! [`MpiNet`]: the transport of PDES runs across processes
//! ([`arts_pdes::dist::Net`]) over MPI. Batches of events and
//! anti-messages go with `MPI_Isend` on a communicator of their own and are
//! taken with `MPI_Improbe` + `MPI_Mrecv`; the GVT reductions and the final
//! gather are `MPI_Allgather`(`v`) on a second one. The protocol is in
//! `crates/arts-pdes/src/dist/README.md`.

use std::mem::MaybeUninit;
use std::sync::{Arc, Mutex, PoisonError};

use arts_pdes::dist::{Net, Processes};
use mpi::Count;
use mpi::datatype::Equivalence;
use mpi::ffi;
use mpi::point_to_point::MatchedReceiveVec;
use mpi::raw::AsRaw;
use mpi::topology::Communicator;
use mpi::traits::*;

use crate::Mpi;
use crate::transport::Comm;

/// Tag of the event batches.
const TAG: i32 = 7;

/// A non-blocking send in progress and the buffer it reads from.
struct InFlight {
    request: ffi::MPI_Request,
    _bytes: Vec<u8>,
}

// SAFETY: the request is an MPI handle, usable from any thread under
// MPI_THREAD_MULTIPLE; the buffer is owned and untouched until completion.
unsafe impl Send for InFlight {}

/// PDES events between the processes of an MPI job.
pub struct MpiNet {
    p2p: Comm,
    coll: Comm,
    rank: u32,
    size: u32,
    in_flight: Mutex<Vec<InFlight>>,
}

impl MpiNet {
    /// A net over every process of `mpi`'s world (collective: every process
    /// creates one, in the same order as its other communicators).
    pub fn new(mpi: &Mpi) -> MpiNet {
        MpiNet {
            p2p: Comm(mpi.world.duplicate()),
            coll: Comm(mpi.world.duplicate()),
            rank: mpi.rank(),
            size: mpi.size(),
            in_flight: Mutex::new(Vec::new()),
        }
    }

    /// The processes of a PDES run over this net.
    pub fn processes(mpi: &Mpi) -> Processes {
        Processes(Arc::new(MpiNet::new(mpi)))
    }

    fn sends(&self) -> std::sync::MutexGuard<'_, Vec<InFlight>> {
        self.in_flight
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Drops the sends that completed.
    fn reap(sends: &mut Vec<InFlight>) {
        sends.retain_mut(|s| {
            let mut done = 0;
            // SAFETY: the request is live (not yet reported complete).
            unsafe { ffi::MPI_Test(&mut s.request, &mut done, ffi::RSMPI_STATUS_IGNORE) };
            done == 0
        });
    }
}

impl Drop for MpiNet {
    fn drop(&mut self) {
        let mut sends = self.sends();
        for s in sends.iter_mut() {
            // SAFETY: as in `reap`; every batch was received before the run
            // ended (its GVT rounds counted them), so this returns.
            unsafe { ffi::MPI_Wait(&mut s.request, ffi::RSMPI_STATUS_IGNORE) };
        }
        sends.clear();
    }
}

impl Net for MpiNet {
    fn rank(&self) -> u32 {
        self.rank
    }

    fn size(&self) -> u32 {
        self.size
    }

    fn send(&self, to: u32, bytes: Vec<u8>) {
        let mut request = MaybeUninit::uninit();
        let count = Count::try_from(bytes.len()).expect("a batch below 2 GiB");
        // SAFETY: the buffer stays alive and unchanged in `in_flight` until
        // the send completes; the handles are valid handles of this job.
        unsafe {
            ffi::MPI_Isend(
                bytes.as_ptr().cast(),
                count,
                u8::equivalent_datatype().as_raw(),
                to as i32,
                TAG,
                self.p2p.0.as_raw(),
                request.as_mut_ptr(),
            );
        }
        let mut sends = self.sends();
        if sends.len() >= 64 {
            Self::reap(&mut sends);
        }
        sends.push(InFlight {
            // SAFETY: MPI_Isend wrote the request.
            request: unsafe { request.assume_init() },
            _bytes: bytes,
        });
    }

    fn recv(&self) -> Option<Vec<u8>> {
        let probed = self
            .p2p
            .0
            .any_process()
            .immediate_matched_probe_with_tag(TAG)?;
        let (bytes, _status) = probed.matched_receive_vec::<u8>();
        Some(bytes)
    }

    fn all_gather_u64(&self, mine: &[u64]) -> Vec<u64> {
        let mut all = vec![0u64; mine.len() * self.size as usize];
        self.coll.0.all_gather_into(mine, &mut all[..]);
        all
    }

    fn all_gather_bytes(&self, mine: &[u8]) -> Vec<Vec<u8>> {
        crate::all_gather_bytes(&self.coll.0, mine)
    }

    fn gather_bytes(&self, mine: &[u8]) -> Vec<Vec<u8>> {
        crate::gather_bytes(&self.coll.0, mine)
    }
}

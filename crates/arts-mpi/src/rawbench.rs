//! Raw MPI measurements, the baselines of `arts bench mpi`: ping-pong
//! latency and bandwidth between ranks 0 and 1 with plain blocking
//! `MPI_Send`/`MPI_Recv` of byte buffers, and the ping-pong in the MPI
//! transport's own pattern of calls ([`pattern_pingpong_ns`]). Collective:
//! every rank calls them; ranks other than 0 and 1 only wait; every rank
//! gets rank 0's figure.

use std::ffi::c_int;
use std::time::Instant;

use mpi::ffi;
use mpi::raw::AsRaw;
use mpi::topology::Communicator;
use mpi::traits::*;

use crate::Mpi;
use crate::link::{EAGER_BYTES, POSTED_RECEIVES};

fn bounce(mpi: &Mpi, bytes: usize, round_trips: u32) -> f64 {
    let world = mpi.world.duplicate();
    let rank = world.rank();
    let mut buf = vec![7u8; bytes];
    world.barrier();
    let t = Instant::now();
    if rank < 2 && world.size() >= 2 {
        let peer = world.process_at_rank(1 - rank);
        for _ in 0..round_trips {
            if rank == 0 {
                peer.send(&buf[..]);
                peer.receive_into(&mut buf[..]);
            } else {
                peer.receive_into(&mut buf[..]);
                peer.send(&buf[..]);
            }
        }
    }
    let mut one_way = t.elapsed().as_secs_f64() / (2.0 * round_trips as f64);
    world.process_at_rank(0).broadcast_into(&mut one_way);
    one_way
}

/// One-way latency of an 8-byte message, ns.
pub fn pingpong_ns(mpi: &Mpi, round_trips: u32) -> f64 {
    bounce(mpi, 8, round_trips) * 1e9
}

/// One-way bandwidth of `bytes`-byte messages, bytes per second.
pub fn bandwidth_bytes_per_s(mpi: &Mpi, bytes: usize, round_trips: u32) -> f64 {
    bytes as f64 / bounce(mpi, bytes, round_trips)
}

/// One-way latency of an 8-byte message, ns, with the MPI calls the
/// transport makes (`link.rs`) and nothing of arts around them: receives of
/// `EAGER_BYTES` from any source posted ahead in a ring and polled with
/// `MPI_Test`, each reposted when its message is taken; sends with
/// `MPI_Isend`, tested when a poll finds nothing. What this costs above
/// [`pingpong_ns`] is MPI's, not arts'.
pub fn pattern_pingpong_ns(mpi: &Mpi, round_trips: u32) -> f64 {
    let world = mpi.world.duplicate();
    let rank = world.rank();
    world.barrier();
    let t = Instant::now();
    if rank < 2 && world.size() >= 2 {
        // SAFETY: every request is this function's own, and waited for or
        // completed before its buffer goes; MPI reads `out` and writes each
        // buffer of `posted` only while their requests are pending.
        unsafe { pattern(world.as_raw(), rank, round_trips) };
    }
    let mut one_way = t.elapsed().as_secs_f64() / (2.0 * round_trips as f64);
    world.process_at_rank(0).broadcast_into(&mut one_way);
    one_way * 1e9
}

/// The loop of [`pattern_pingpong_ns`] on ranks 0 and 1 of `comm`.
///
/// # Safety
/// `comm` is a valid communicator of at least two ranks and `rank` this
/// process's rank in it.
unsafe fn pattern(comm: ffi::MPI_Comm, rank: c_int, round_trips: u32) {
    let byte = u8::equivalent_datatype().as_raw();
    let null = unsafe { ffi::RSMPI_REQUEST_NULL };
    let mut buffers = vec![vec![0u8; EAGER_BYTES]; POSTED_RECEIVES];
    let mut posted = [null; POSTED_RECEIVES];
    let post = |buffer: &mut Vec<u8>, request: &mut ffi::MPI_Request| unsafe {
        ffi::MPI_Irecv(
            buffer.as_mut_ptr().cast(),
            EAGER_BYTES as c_int,
            byte,
            ffi::RSMPI_ANY_SOURCE,
            0,
            comm,
            request,
        );
    };
    for (buffer, request) in buffers.iter_mut().zip(posted.iter_mut()) {
        post(buffer, request);
    }
    let out = [7u8; 8];
    let mut sends: Vec<ffi::MPI_Request> = Vec::new();
    let mut next = 0;
    for hop in 0..2 * round_trips {
        if (hop % 2 == 0) == (rank == 0) {
            let mut request = null;
            unsafe {
                ffi::MPI_Isend(
                    out.as_ptr().cast_mut().cast(),
                    8,
                    byte,
                    1 - rank,
                    0,
                    comm,
                    &mut request,
                )
            };
            sends.push(request);
            continue;
        }
        loop {
            let mut done = 0;
            unsafe { ffi::MPI_Test(&mut posted[next], &mut done, ffi::RSMPI_STATUS_IGNORE) };
            if done != 0 {
                break;
            }
            sends.retain_mut(|request| {
                let mut sent = 0;
                unsafe { ffi::MPI_Test(request, &mut sent, ffi::RSMPI_STATUS_IGNORE) };
                sent == 0
            });
        }
        post(&mut buffers[next], &mut posted[next]);
        next = (next + 1) % POSTED_RECEIVES;
    }
    for request in sends.iter_mut() {
        unsafe { ffi::MPI_Wait(request, ffi::RSMPI_STATUS_IGNORE) };
    }
    for request in posted.iter_mut() {
        unsafe {
            ffi::MPI_Cancel(request);
            ffi::MPI_Wait(request, ffi::RSMPI_STATUS_IGNORE);
        }
    }
}

//! Raw MPI measurements, the baselines of `arts bench mpi`: ping-pong
//! latency and bandwidth between ranks 0 and 1 with plain blocking
//! `MPI_Send`/`MPI_Recv` of byte buffers. Collective: every rank calls them;
//! ranks other than 0 and 1 only wait; every rank gets rank 0's figure.

use std::time::Instant;

use mpi::topology::Communicator;
use mpi::traits::*;

use crate::Mpi;

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

//! The AMPI program `stencil3d` written on raw MPI (rsmpi): one block per
//! rank of the same rank grid, the same faces exchanged the same way
//! (non-blocking receives and sends, z faces in place), the same sweep.
//! The AMPI version with one rank per PE is measured against it (issue 19:
//! "with 1 VP per PE ≤ 1.10× the same stencil written on raw MPI").

use std::time::Instant;

use mpi::request::WaitGuard;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;

pub use crate::baseline_report::Stencil3dOutcome;
use crate::stencil3d::{Block, Face, block_of, faces, rank_dims, reference};

/// Exchanges the faces as the AMPI program does: every receive posted,
/// then every send, then all waited for; z faces straight from and into
/// the block, the others packed into `out` and unpacked from `into`.
fn exchange(
    world: &SimpleCommunicator,
    b: &mut Block,
    faces: &[Face],
    (out, into): (&mut [Vec<f64>], &mut [Vec<f64>]),
) {
    b.pack_faces(faces, out);
    let mut planes = b.z_planes();
    mpi::request::scope(|scope| {
        let mut reqs = Vec::with_capacity(2 * faces.len());
        for ((f, out), into) in faces.iter().zip(out.iter()).zip(into.iter_mut()) {
            let target = planes.receive_into(f, into, out.len());
            let from = world.process_at_rank(f.neighbour as i32);
            reqs.push(WaitGuard::from(
                from.immediate_receive_into_with_tag(scope, target, f.recv_tag),
            ));
        }
        for (f, out) in faces.iter().zip(out.iter()) {
            let to = world.process_at_rank(f.neighbour as i32);
            let data = planes.send_from(f, out);
            reqs.push(WaitGuard::from(
                to.immediate_send_with_tag(scope, data, f.send_tag),
            ));
        }
        drop(reqs); // waits for every one
    });
    b.unpack_faces(faces, into);
}

/// Sweeps an `n`³ grid `iters` times with one block per rank of `world`
/// (MPI must be initialized with it). Every rank must call it.
pub fn static_blocks(
    world: &SimpleCommunicator,
    n: usize,
    iters: u32,
) -> Result<Stencil3dOutcome, String> {
    let world = world.duplicate();
    let (rank, size) = (world.rank() as usize, world.size() as u32);
    let grid = rank_dims(size, n).ok_or_else(|| {
        format!(
            "{size} ranks do not split a grid of {n}^3 points into 3-D blocks of at least one point"
        )
    })?;
    let (origin, extent) = block_of(rank, grid, n);
    let faces = faces(rank, grid, extent);
    let mut b = Block::new(extent, origin);
    // Each packed face's buffers, out and in, reused every iteration.
    let (mut out, mut into) = (vec![Vec::new(); faces.len()], vec![Vec::new(); faces.len()]);
    let mut step_times = Vec::with_capacity(iters as usize);
    world.barrier();
    let start = Instant::now();
    let mut last = start;
    for _ in 0..iters {
        exchange(&world, &mut b, &faces, (&mut out, &mut into));
        b.sweep();
        b.flip();
        let now = Instant::now();
        step_times.push((now - last).as_secs_f64());
        last = now;
    }
    let total_time_s = start.elapsed().as_secs_f64();
    let (diff, same) = b.compare(&reference(n, iters), origin);
    let (max_diff, all_same) = super::agree(&world, diff, same);
    // Every rank reports rank 0's step times.
    world.process_at_rank(0).broadcast_into(&mut step_times[..]);
    Ok(Stencil3dOutcome {
        step_times,
        total_time_s,
        valid: all_same,
        max_diff,
        grid,
    })
}

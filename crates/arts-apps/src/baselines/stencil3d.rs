//! The AMPI program `stencil3d` written on raw MPI (rsmpi): one block per
//! rank of the same rank grid, the same faces sent with non-blocking sends
//! and received with blocking receives in the same order, the same sweep.
//! The AMPI version with one rank per PE is measured against it (issue 19:
//! "with 1 VP per PE ≤ 1.10× the same stencil written on raw MPI").

use std::time::Instant;

use mpi::collective::SystemOperation;
use mpi::request::WaitGuard;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;

use crate::stencil3d::{Block, block_of, faces, rank_grid, reference};

/// What a run produced (the same on every rank).
#[derive(Clone, Debug)]
pub struct Stencil3dOutcome {
    /// Rank 0's time of each step, seconds.
    pub step_times: Vec<f64>,
    /// Total time of the steps, seconds.
    pub total_time_s: f64,
    /// Every rank's block equals the sequential sweep bit for bit.
    pub valid: bool,
    /// Largest absolute difference to the sequential sweep.
    pub max_diff: f64,
    /// The rank grid (ranks per axis).
    pub grid: [usize; 3],
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
    let grid = rank_grid(size, n).ok_or_else(|| {
        format!(
            "{size} ranks do not split a grid of {n}^3 points into 3-D blocks of at least one point"
        )
    })?;
    let (origin, extent) = block_of(rank, grid, n);
    let faces = faces(rank, grid, extent);
    let mut b = Block::new(extent, origin);
    let mut out: Vec<Vec<f64>> = faces.iter().map(|_| Vec::new()).collect();
    let mut face = Vec::new();
    let mut step_times = Vec::with_capacity(iters as usize);
    world.barrier();
    let start = Instant::now();
    let mut last = start;
    for _ in 0..iters {
        for (f, buf) in faces.iter().zip(out.iter_mut()) {
            b.pack(f.axis, f.send_plane, buf);
        }
        mpi::request::scope(|scope| {
            let sends: Vec<_> = faces
                .iter()
                .zip(&out)
                .map(|(f, buf)| {
                    let to = world.process_at_rank(f.neighbour as i32);
                    WaitGuard::from(to.immediate_send_with_tag(scope, &buf[..], f.send_tag))
                })
                .collect();
            for (f, sent) in faces.iter().zip(&out) {
                face.resize(sent.len(), 0.0);
                let from = world.process_at_rank(f.neighbour as i32);
                from.receive_into_with_tag(&mut face[..], f.recv_tag);
                b.unpack(f.axis, f.ghost_plane, &face);
            }
            drop(sends); // waits for every face sent
        });
        b.sweep();
        b.flip();
        let now = Instant::now();
        step_times.push((now - last).as_secs_f64());
        last = now;
    }
    let total_time_s = start.elapsed().as_secs_f64();
    let (diff, same) = b.compare(&reference(n, iters), origin);
    let (mut max_diff, mut all_same) = (0.0f64, 0u8);
    world.all_reduce_into(&diff, &mut max_diff, SystemOperation::max());
    world.all_reduce_into(
        &u8::from(same),
        &mut all_same,
        SystemOperation::logical_and(),
    );
    // Every rank reports rank 0's step times.
    world.process_at_rank(0).broadcast_into(&mut step_times[..]);
    Ok(Stencil3dOutcome {
        step_times,
        total_time_s,
        valid: all_same == 1,
        max_diff,
        grid,
    })
}

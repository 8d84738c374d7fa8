//! The static-partition MPI baseline ("the MPI version" of the papers),
//! written directly on rsmpi: one band of block rows per rank, fixed for the
//! whole run, a non-blocking halo exchange of one grid row with each
//! neighbouring rank per step, and an allreduce of the residual. It runs any
//! stencil problem of `arts-apps` (Jacobi2D, zones, hotspot) with the same
//! kernels as the runtime version, so results are bit-identical and timings
//! compare like with like.

use std::time::Instant;

use arts_apps::stencil2d::{Kernel, Problem, Reference, initial_grid, split, step_band};
use mpi::collective::SystemOperation;
use mpi::topology::Communicator;
use mpi::traits::*;

use crate::Mpi;

/// What a baseline run produced (the same on every rank).
#[derive(Clone, Debug)]
pub struct BaselineOutcome {
    /// Wall time of each step on this rank, seconds.
    pub step_times: Vec<f64>,
    /// Global residual of each step.
    pub residuals: Vec<f64>,
    /// Total time of the steps, seconds.
    pub total_time_s: f64,
    /// Largest absolute difference to the reference over the whole grid.
    pub max_diff: f64,
}

/// Runs `p` with a fixed band of block rows per rank. Every rank must call it.
pub fn static_bands<K: Kernel>(
    mpi: &Mpi,
    p: &Problem<K>,
    reference: Option<&Reference>,
) -> Result<BaselineOutcome, String> {
    let world = mpi.world.duplicate();
    let (rank, size) = (world.rank() as u32, world.size() as u32);
    let (ox, _) = p.layout.objects();
    if ox < size {
        return Err(format!(
            "the static MPI baseline needs at least one block row per rank: {ox} block rows for {size} ranks"
        ));
    }
    let (b0, nb) = split(ox as usize, size as usize, rank as usize);
    let bands = b0 as u32..(b0 + nb) as u32;
    // Interior rows first..last (exclusive) live in array rows first+1..=last.
    let first = p.layout.block(bands.start, 0).0;
    let (l0, lrows, _, _) = p.layout.block(bands.end - 1, 0);
    let last = l0 + lrows;
    let stride = p.stride();
    let mut cur = initial_grid(p);
    let mut next = cur.clone();
    let mut step_times = Vec::with_capacity(p.iters as usize);
    let mut residuals = Vec::with_capacity(p.iters as usize);
    world.barrier();
    let start = Instant::now();
    for it in 0..p.iters {
        let t = Instant::now();
        exchange_halo(&world, &mut cur, stride, first, last);
        let local = step_band(p, &cur, &mut next, bands.clone(), it);
        let mut global = 0.0f64;
        world.all_reduce_into(&local, &mut global, SystemOperation::max());
        residuals.push(global);
        std::mem::swap(&mut cur, &mut next);
        step_times.push(t.elapsed().as_secs_f64());
    }
    let total_time_s = start.elapsed().as_secs_f64();
    let local_diff = reference.map_or(0.0, |r| {
        cur[(first + 1) * stride..(last + 1) * stride]
            .iter()
            .zip(&r.grid[(first + 1) * stride..(last + 1) * stride])
            .fold(0.0f64, |d, (a, b)| d.max((a - b).abs()))
    });
    let mut max_diff = 0.0f64;
    world.all_reduce_into(&local_diff, &mut max_diff, SystemOperation::max());
    Ok(BaselineOutcome {
        step_times,
        residuals,
        total_time_s,
        max_diff,
    })
}

/// Trades boundary rows with the ranks above and below (non-blocking): this
/// rank's interior rows are array rows `first + 1 ..= last`; the halo rows
/// `first` and `last + 1` receive the neighbours' rows.
fn exchange_halo(
    world: &mpi::topology::SimpleCommunicator,
    grid: &mut [f64],
    stride: usize,
    first: usize,
    last: usize,
) {
    let (rank, size) = (world.rank(), world.size());
    let (above, rest) = grid.split_at_mut((first + 1) * stride);
    let (mine, below) = rest.split_at_mut((last - first) * stride);
    let halo_up = &mut above[first * stride..];
    let halo_down = &mut below[..stride];
    let top = &mine[..stride];
    let bottom = &mine[(last - first - 1) * stride..];
    mpi::request::scope(|scope| {
        let mut guards = Vec::new();
        if rank > 0 {
            let up = world.process_at_rank(rank - 1);
            guards.push(mpi::request::WaitGuard::from(
                up.immediate_receive_into(scope, halo_up),
            ));
            guards.push(mpi::request::WaitGuard::from(up.immediate_send(scope, top)));
        }
        if rank + 1 < size {
            let down = world.process_at_rank(rank + 1);
            guards.push(mpi::request::WaitGuard::from(
                down.immediate_receive_into(scope, halo_down),
            ));
            guards.push(mpi::request::WaitGuard::from(
                down.immediate_send(scope, bottom),
            ));
        }
        drop(guards); // waits for all four
    });
}

//! Static-partition MPI baselines ("the MPI version" of the papers), written
//! directly on rsmpi (cargo feature `mpi`; needs Open MPI and libclang): one band of block rows per rank, fixed for the
//! whole run, a non-blocking halo exchange of one grid row with each
//! neighbouring rank per step, and an allreduce of the residual. It runs any
//! stencil problem of `arts-apps` (Jacobi2D, zones, hotspot) with the same
//! kernels as the runtime version, so results are bit-identical and timings
//! compare like with like. [`stencil3d`] is the AMPI program `stencil3d`
//! written the same way (one 3-D block per rank), [`ddm`] the drift-
//! diffusion solver's static MPI version and [`heat3d`] the H-Dispatch
//! paper's MPI heat solver (slabs with ghost planes).

use std::time::Instant;

use mpi::collective::SystemOperation;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;

use crate::stencil2d::{Kernel, Problem, Reference, initial_field, split, step_band};

pub mod ddm;
mod halo;
pub mod heat3d;
pub mod stencil3d;

use halo::exchange_halo;

pub use crate::baseline_report::BaselineOutcome;

/// Every rank's comparison with the sequential reference, combined: the
/// largest difference, and whether every rank was bit-identical.
fn agree(world: &SimpleCommunicator, diff: f64, same: bool) -> (f64, bool) {
    let (mut max_diff, mut all_same) = (0.0f64, 0u8);
    world.all_reduce_into(&diff, &mut max_diff, SystemOperation::max());
    world.all_reduce_into(
        &u8::from(same),
        &mut all_same,
        SystemOperation::logical_and(),
    );
    (max_diff, all_same == 1)
}

/// Runs `p` with a fixed band of block rows per rank of `world` (MPI must be
/// initialized with it). Every rank must call it.
pub fn static_bands<K: Kernel>(
    world: &SimpleCommunicator,
    p: &Problem<K>,
    reference: Option<&Reference>,
) -> Result<BaselineOutcome, String> {
    let world = world.duplicate();
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
    let mut cur = initial_field(p);
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

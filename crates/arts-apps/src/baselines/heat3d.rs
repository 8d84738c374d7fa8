//! The H-Dispatch paper's MPI baseline (its Fig. 11, an MPI.NET solver):
//! the `n`³ heat grid of `arts run heat3d` cut into slabs of z-planes, one
//! per rank, each with a ghost plane on either side that its neighbours
//! send every step. The update is `arts_dispatch::heat3d::update_run`, the
//! kernel of every heat3d mode, so the result is bit-identical.

use std::time::Instant;

use arts_dispatch::heat3d::{Field, run_reference, update_run};
use arts_util::stats::median_s;
use mpi::request::WaitGuard;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;

pub use crate::baseline_report::Heat3dOutcome;
use crate::stencil2d::split;

/// Tags of the planes sent down (to rank − 1) and up (to rank + 1).
const DOWN: i32 = 1;
const UP: i32 = 2;

/// Runs `steps` explicit Euler steps of the `n`³ heat problem with one
/// slab per rank of `world` (MPI initialized); every rank must call it.
pub fn slabs(
    world: &SimpleCommunicator,
    n: usize,
    steps: usize,
    alpha: f64,
) -> Result<Heat3dOutcome, String> {
    let world = world.duplicate();
    let (rank, size) = (world.rank() as usize, world.size() as usize);
    let interior = n.saturating_sub(2);
    if interior < size {
        return Err(format!(
            "{size} ranks need one interior z-plane each; n = {n} has {interior} (n >= ranks + 2 accepted)"
        ));
    }
    let (offset, count) = split(interior, size, rank);
    // Local planes 0..count+2 are global planes z0-1 ..= z0+count.
    let (z0, nn) = (1 + offset, n * n);
    let mut cur = Field::initial(n).data[(z0 - 1) * nn..(z0 + count + 1) * nn].to_vec();
    let mut next = cur.clone();
    let mut step_times = Vec::with_capacity(steps);
    world.barrier();
    let start = Instant::now();
    let mut last = start;
    for _ in 0..steps {
        exchange(&world, &mut cur, nn, count);
        update(&cur, &mut next, n, count, alpha);
        std::mem::swap(&mut cur, &mut next);
        let now = Instant::now();
        step_times.push((now - last).as_secs_f64());
        last = now;
    }
    let total_time_s = start.elapsed().as_secs_f64();
    let (reference, ref_times) = run_reference(n, steps, alpha);
    let mine = &cur[nn..(count + 1) * nn];
    let theirs = &reference.data[z0 * nn..(z0 + count) * nn];
    let same = mine
        .iter()
        .zip(theirs)
        .all(|(a, b)| a.to_bits() == b.to_bits());
    let diff = mine
        .iter()
        .zip(theirs)
        .fold(0.0f64, |d, (a, b)| d.max((a - b).abs()));
    let (max_diff, valid) = super::agree(&world, diff, same);
    let root = world.process_at_rank(0);
    root.broadcast_into(&mut step_times[..]);
    let mut timing = [total_time_s, median_s(&ref_times)];
    root.broadcast_into(&mut timing[..]);
    Ok(Heat3dOutcome {
        step_times,
        total_time_s: timing[0],
        sequential_step_time_median_s: timing[1],
        valid,
        max_diff,
        bytes_per_rank: (2 * (count + 2) * nn * std::mem::size_of::<f64>()) as u64,
    })
}

/// Sends the first and last owned planes to the ranks below and above and
/// receives their planes into the ghost planes (local 0 and `count + 1`);
/// the ranks at the ends keep their fixed boundary plane.
fn exchange(world: &SimpleCommunicator, grid: &mut [f64], nn: usize, count: usize) {
    let (rank, size) = (world.rank(), world.size());
    let (ghost_low, rest) = grid.split_at_mut(nn);
    let (owned, ghost_high) = rest.split_at_mut(count * nn);
    let (first, last) = (&owned[..nn], &owned[(count - 1) * nn..]);
    mpi::request::scope(|scope| {
        let mut reqs = Vec::with_capacity(4);
        if rank > 0 {
            let below = world.process_at_rank(rank - 1);
            reqs.push(WaitGuard::from(
                below.immediate_receive_into_with_tag(scope, ghost_low, UP),
            ));
            reqs.push(WaitGuard::from(
                below.immediate_send_with_tag(scope, first, DOWN),
            ));
        }
        if rank + 1 < size {
            let above = world.process_at_rank(rank + 1);
            reqs.push(WaitGuard::from(
                above.immediate_receive_into_with_tag(scope, ghost_high, DOWN),
            ));
            reqs.push(WaitGuard::from(
                above.immediate_send_with_tag(scope, last, UP),
            ));
        }
        drop(reqs); // waits for every one
    });
}

/// One step on the owned planes (local 1..=count), row by row with the
/// kernel every heat3d mode uses.
fn update(src: &[f64], dst: &mut [f64], n: usize, count: usize, alpha: f64) {
    for z in 1..=count {
        for y in 1..n - 1 {
            let base = (z * n + y) * n + 1;
            update_run(src, &mut dst[base..base + n - 2], base, n, alpha);
        }
    }
}

//! `stencil3d`: a 7-point Jacobi sweep on an N³ grid (zero boundary),
//! decomposed in 3-D blocks over the ranks (any rank count whose factors
//! fit the grid), exchanging faces with non-blocking receives and sends (z
//! faces in place, the others packed).
//! Heavy ranks (the first `heavy_fraction`, default a quarter) take `imbalance` times as long
//! per sweep: each sweep is timed and stretched by busy work, so the planted
//! factor is what the balancer measures (a repeated sweep would run from cache
//! and cost less than its count);
//! `migrate()` every `migrate_every` iterations lets the balancer move them;
//! `checkpoint()` every `checkpoint_every` iterations saves each rank's grid,
//! from which a restarted run continues (or, with `whole_checkpoint`,
//! `checkpoint_ranks()` saves every rank whole, and a restart continues
//! from that call).
//! The result must equal a sequential sweep bit for bit: every point is
//! computed by the same expression in the same order.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{Built, Params};
use crate::stencil3d::{self, Block, Face, block_of, faces, rank_dims, reference};

use arts_ampi::PerProcess;
use arts_ampi::datatype::bytes_of;
use arts_ampi::{AmpiError, MpiError};
use arts_ampi::{Mpi, WORLD};

/// Iterations when `--iters` is not given.
const DEFAULT_ITERS: u32 = 10;

/// Busy work for `d`: the extra cost of a heavy rank's sweep.
fn spin_for(d: Duration) {
    let until = Instant::now() + d;
    while Instant::now() < until {
        std::hint::spin_loop();
    }
}

/// Sends my plane next to each neighbour to it and fills my ghost plane
/// with its plane, as MPI codes do: every receive is posted, then every
/// send, then all are waited for. A z face is a whole plane of the block's
/// memory: it is received straight into the ghost plane and sent straight
/// from the block (large ones by rendezvous: the receiver copies it once).
/// The others are packed into `out` and unpacked from `into` (a buffer per
/// face, reused).
fn exchange(
    mpi: &mut Mpi<'_>,
    b: &mut Block,
    faces: &[Face],
    (out, into): (&mut [Vec<f64>], &mut [Vec<f64>]),
) -> Result<(), MpiError> {
    b.pack_faces(faces, out);
    {
        let mut planes = b.z_planes();
        let mut reqs = Vec::with_capacity(2 * faces.len());
        for ((f, out), into) in faces.iter().zip(out.iter()).zip(into.iter_mut()) {
            let target = planes.receive_into(f, into, out.len());
            reqs.push(mpi.irecv(target, f.neighbour as i32, f.recv_tag, WORLD)?);
        }
        let mut started = Ok(());
        for (f, out) in faces.iter().zip(out.iter()) {
            let data = bytes_of(planes.send_from(f, out));
            // SAFETY: neither the block's planes nor `out` is written or
            // freed before `waitall` below has completed every send, also
            // when starting one fails.
            match unsafe { mpi.isend_in_place(data, f.neighbour as i32, f.send_tag, WORLD) } {
                Ok(req) => reqs.extend(req),
                Err(e) => {
                    started = Err(e);
                    break;
                }
            }
        }
        let waited = mpi.waitall(reqs);
        started?;
        waited?;
    }
    b.unpack_faces(faces, into);
    Ok(())
}

pub(super) fn build(params: &Params, vp: u32) -> Result<Built, AmpiError> {
    let n = params.size;
    if n == 0 {
        return Err(AmpiError::Usage("--size must be at least 1".into()));
    }
    let grid = rank_dims(vp, n).ok_or_else(|| {
        AmpiError::Usage(format!(
            "{vp} ranks do not split a grid of {n}^3 points into 3-D blocks of at least one point \
             (a factor of {vp} exceeds {n}); use fewer ranks or a larger --size"
        ))
    })?;
    let iters = params.iters.unwrap_or(DEFAULT_ITERS);
    let memory_bytes = stencil3d::memory_bytes(n);
    super::check_memory(params, "stencil3d", vp, memory_bytes)?;
    let reference = PerProcess::new(reference(n, iters));
    let heavy = ((f64::from(vp) * params.heavy_fraction).floor() as usize)
        .max(usize::from(params.imbalance > 1.0)) as i32;
    let stretch = params.imbalance - 1.0;
    let migrate_every = params.migrate_every;
    let checkpoint_every = params.checkpoint_every;
    let mem_checkpoint = params.mem_checkpoint;
    let whole_checkpoint = params.whole_checkpoint;
    let program = move |mpi: &mut Mpi<'_>| -> Result<(), MpiError> {
        let r = mpi.rank() as usize;
        let (origin, size) = block_of(r, grid, n);
        let mut b = Block::new(size, origin);
        mpi.declare_heap(2 * b.cur.len() * 8);
        // A restarted run continues from the grid this rank checkpointed.
        let mut first = 0;
        if let Some((step, cur)) = mpi.restored::<Vec<f64>>()? {
            if cur.len() != b.cur.len() || step > u64::from(iters) {
                return Err(MpiError::Checkpoint {
                    call: "restored",
                    what: format!("rank {r}'s block does not fit this grid"),
                });
            }
            (first, b.cur) = (step as u32, cur);
        }
        let stretch = if (r as i32) < heavy { stretch } else { 0.0 };
        let mut last = mpi.wtime();
        let faces = faces(r, grid, size);
        // Each packed face's buffers, out and in, reused every iteration.
        let (mut out, mut into) = (vec![Vec::new(); faces.len()], vec![Vec::new(); faces.len()]);
        for it in first..iters {
            exchange(mpi, &mut b, &faces, (&mut out, &mut into))?;
            let started = (stretch > 0.0).then(Instant::now);
            b.sweep();
            if let Some(t) = started {
                spin_for(t.elapsed().mul_f64(stretch));
            }
            b.flip();
            if r == 0 {
                let now = mpi.wtime();
                mpi.record("step_time_s", now - last);
                last = now;
            }
            if migrate_every > 0 && (it + 1) % migrate_every == 0 && it + 1 < iters {
                mpi.migrate();
            }
            if checkpoint_every > 0 && (it + 1) % checkpoint_every == 0 && it + 1 < iters {
                let step = u64::from(it + 1);
                match (whole_checkpoint, mem_checkpoint) {
                    (true, true) => mpi.mem_checkpoint_ranks(step)?,
                    (true, false) => mpi.checkpoint_ranks(step)?,
                    (false, true) => mpi.mem_checkpoint(step, &b.cur)?,
                    (false, false) => mpi.checkpoint(step, &b.cur)?,
                }
            }
        }
        let (diff, same) = b.compare(reference.get(), origin);
        super::record_validity(mpi, same, diff)?;
        if r == 0 {
            // Ranks along x, y and z; `rank_dims` gives the three; `rank_grid` is the three in one
            // number (x·10⁴ + y·10² + z), kept for scripts.
            for (name, n) in ["rank_grid_x", "rank_grid_y", "rank_grid_z"]
                .iter()
                .zip(grid)
            {
                mpi.record(name, n as f64);
            }
            mpi.record(
                "rank_grid",
                (grid[0] * 10000 + grid[1] * 100 + grid[2]) as f64,
            );
        }
        Ok(())
    };
    Ok(Built {
        program: Arc::new(program),
        memory_bytes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spin_for_lasts_at_least_its_duration() {
        let d = Duration::from_micros(300);
        let t = Instant::now();
        spin_for(d);
        assert!(t.elapsed() >= d);
        spin_for(Duration::ZERO);
    }
}

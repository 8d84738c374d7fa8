//! `stencil3d`: a 7-point Jacobi sweep on an N³ grid (zero boundary),
//! decomposed in 3-D blocks over the ranks (any rank count whose factors
//! fit the grid), exchanging faces with buffered sends and blocking receives.
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
use crate::PerProcess;
use crate::error::{AmpiError, MpiError};
use crate::mpi::{Mpi, WORLD};

/// Iterations when `--iters` is not given.
const DEFAULT_ITERS: u32 = 10;

/// The new value of a point from itself and its six neighbours.
#[inline(always)]
fn point(c: f64, xm: f64, xp: f64, ym: f64, yp: f64, zm: f64, zp: f64) -> f64 {
    (c + xm + xp + ym + yp + zm + zp) * (1.0 / 7.0)
}

/// Busy work for `d`: the extra cost of a heavy rank's sweep.
fn spin_for(d: Duration) {
    let until = Instant::now() + d;
    while Instant::now() < until {
        std::hint::spin_loop();
    }
}

/// The initial value at global point `(i, j, k)`.
fn initial(i: usize, j: usize, k: usize) -> f64 {
    ((i * 7 + j * 13 + k * 29) % 17) as f64 / 17.0
}

/// A box of `n[0] x n[1] x n[2]` points with a one-point ghost layer.
struct Block {
    n: [usize; 3],
    cur: Vec<f64>,
    next: Vec<f64>,
}

impl Block {
    fn new(n: [usize; 3], origin: [usize; 3]) -> Block {
        let len = (n[0] + 2) * (n[1] + 2) * (n[2] + 2);
        let mut b = Block {
            n,
            cur: vec![0.0; len],
            next: vec![0.0; len],
        };
        for k in 0..n[2] {
            for j in 0..n[1] {
                for i in 0..n[0] {
                    let at = b.idx(i + 1, j + 1, k + 1);
                    b.cur[at] = initial(origin[0] + i, origin[1] + j, origin[2] + k);
                }
            }
        }
        b
    }

    #[inline(always)]
    fn idx(&self, i: usize, j: usize, k: usize) -> usize {
        (k * (self.n[1] + 2) + j) * (self.n[0] + 2) + i
    }

    /// One sweep of the interior from `cur` into `next`.
    fn sweep(&mut self) {
        let (sx, sy) = (1, self.n[0] + 2);
        let sz = sy * (self.n[1] + 2);
        for k in 1..=self.n[2] {
            for j in 1..=self.n[1] {
                for i in 1..=self.n[0] {
                    let c = self.idx(i, j, k);
                    let u = &self.cur;
                    self.next[c] = point(
                        u[c],
                        u[c - sx],
                        u[c + sx],
                        u[c - sy],
                        u[c + sy],
                        u[c - sz],
                        u[c + sz],
                    );
                }
            }
        }
    }

    /// Copies plane `at` (ghost-layer coordinates) across `axis` into
    /// `out` (cleared first).
    fn pack(&self, axis: usize, at: usize, out: &mut Vec<f64>) {
        out.clear();
        for_plane(self.n, axis, at, |i| out.push(self.cur[i]));
    }

    /// Writes `data` into plane `at` across `axis`, in [`Block::pack`]'s order.
    fn unpack(&mut self, axis: usize, at: usize, data: &[f64]) {
        let mut values = data.iter();
        let cur = &mut self.cur;
        for_plane(self.n, axis, at, |i| {
            if let Some(v) = values.next() {
                cur[i] = *v;
            }
        });
    }
}

/// Calls `f` with the index of every point of plane `at` (ghost-layer
/// coordinates) across `axis` of a block of `n` points, in a fixed order
/// (the lower of the other two axes innermost).
#[inline(always)]
fn for_plane(n: [usize; 3], axis: usize, at: usize, mut f: impl FnMut(usize)) {
    let stride = [1, n[0] + 2, (n[0] + 2) * (n[1] + 2)];
    let (a, b) = match axis {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    };
    for q in 1..=n[b] {
        let row = at * stride[axis] + q * stride[b];
        for p in 1..=n[a] {
            f(row + p * stride[a]);
        }
    }
}

/// Relative cost of a face point across each axis when packing and
/// unpacking it: an x face (fixed `i`) touches one cache line per point
/// (8 doubles per line), y and z faces are runs of contiguous points.
const FACE_COST: [usize; 3] = [8, 1, 1];

/// The rank grid for `vp` ranks on an `n`-point side: the factorization
/// whose largest block has the cheapest faces to exchange (only split axes
/// have neighbours; x faces cost more, see [`FACE_COST`]), every factor at
/// most `n`.
fn rank_grid(vp: u32, n: usize) -> Option<[usize; 3]> {
    let vp = vp as usize;
    let mut best: Option<([usize; 3], usize)> = None;
    for px in (1..=vp).filter(|p| vp.is_multiple_of(*p)) {
        for py in (1..=vp / px).filter(|p| (vp / px).is_multiple_of(*p)) {
            let p = [px, py, vp / px / py];
            if p.iter().any(|&f| f > n) {
                continue;
            }
            let b: Vec<usize> = p.iter().map(|&f| n.div_ceil(f)).collect();
            let area = [b[1] * b[2], b[0] * b[2], b[0] * b[1]];
            let cost: usize = (0..3)
                .filter(|&a| p[a] > 1)
                .map(|a| 2 * area[a] * FACE_COST[a])
                .sum();
            if best.is_none_or(|(_, c)| cost < c) {
                best = Some((p, cost));
            }
        }
    }
    best.map(|(p, _)| p)
}

/// The sequential sweep of the whole grid, `iters` times.
fn reference(n: usize, iters: u32) -> Block {
    let mut b = Block::new([n; 3], [0; 3]);
    for _ in 0..iters {
        b.sweep();
        std::mem::swap(&mut b.cur, &mut b.next);
    }
    b
}

pub(super) fn build(params: &Params, vp: u32) -> Result<Built, AmpiError> {
    let n = params.size;
    if n == 0 {
        return Err(AmpiError::Usage("--size must be at least 1".into()));
    }
    let grid = rank_grid(vp, n).ok_or_else(|| {
        AmpiError::Usage(format!(
            "{vp} ranks do not split a grid of {n}^3 points into 3-D blocks of at least one point \
             (a factor of {vp} exceeds {n}); use fewer ranks or a larger --size"
        ))
    })?;
    let iters = params.iters.unwrap_or(DEFAULT_ITERS);
    let points = (n + 2).pow(3) as u64;
    let memory_bytes = 4 * points * 8;
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
        let me = [r % grid[0], (r / grid[0]) % grid[1], r / grid[0] / grid[1]];
        let lo = |a: usize, c: usize| c * n / grid[a];
        let origin = [lo(0, me[0]), lo(1, me[1]), lo(2, me[2])];
        let size = [0, 1, 2].map(|a| lo(a, me[a] + 1) - origin[a]);
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
        let rank_of = |c: [usize; 3]| ((c[2] * grid[1] + c[1]) * grid[0] + c[0]) as i32;
        let stretch = if (r as i32) < heavy { stretch } else { 0.0 };
        let mut last = mpi.wtime();
        // Reused every iteration: the neighbours to hear from and a face buffer.
        let (mut incoming, mut face) = (Vec::with_capacity(6), Vec::new());
        for it in first..iters {
            // Faces: my plane next to each side goes to that neighbour, whose
            // ghost plane on the other side receives it (tag = axis*2 + side sent).
            incoming.clear();
            for axis in 0..3 {
                for side in 0..2 {
                    let mut c = me;
                    if side == 0 && me[axis] == 0 || side == 1 && me[axis] + 1 == grid[axis] {
                        continue;
                    }
                    c[axis] = if side == 0 {
                        me[axis] - 1
                    } else {
                        me[axis] + 1
                    };
                    let at = if side == 0 { 1 } else { size[axis] };
                    b.pack(axis, at, &mut face);
                    mpi.bsend(&face, rank_of(c), (axis * 2 + side) as i32, WORLD)?;
                    incoming.push((axis, side, rank_of(c), face.len()));
                }
            }
            for &(axis, side, from, len) in &incoming {
                face.resize(len, 0.0);
                mpi.recv(&mut face, from, (axis * 2 + 1 - side) as i32, WORLD)?;
                let ghost = if side == 0 { 0 } else { size[axis] + 1 };
                b.unpack(axis, ghost, &face);
            }
            let started = Instant::now();
            b.sweep();
            if stretch > 0.0 {
                spin_for(started.elapsed().mul_f64(stretch));
            }
            std::mem::swap(&mut b.cur, &mut b.next);
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
        let (mut diff, mut same) = (0.0f64, 1u8);
        let reference = reference.get();
        for k in 1..=size[2] {
            for j in 1..=size[1] {
                for i in 1..=size[0] {
                    let got = b.cur[b.idx(i, j, k)];
                    let want =
                        reference.cur[reference.idx(origin[0] + i, origin[1] + j, origin[2] + k)];
                    diff = diff.max((got - want).abs());
                    same &= u8::from(got.to_bits() == want.to_bits());
                }
            }
        }
        super::record_validity(mpi, same == 1, diff)?;
        if r == 0 {
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

    #[test]
    fn rank_grids_factor_any_count_that_fits() {
        assert_eq!(rank_grid(8, 10), Some([1, 2, 4]), "x faces are costly");
        assert_eq!(rank_grid(8, 240), Some([1, 2, 4]));
        assert_eq!(rank_grid(2, 240), Some([1, 1, 2]));
        assert_eq!(rank_grid(64, 16), Some([1, 8, 8]));
        assert_eq!(rank_grid(7, 10), Some([1, 1, 7]));
        let g = rank_grid(12, 10).unwrap();
        assert_eq!(g.iter().product::<usize>(), 12);
        assert_eq!(rank_grid(13, 10), None, "13 is prime and above the side");
        assert_eq!(rank_grid(1, 1), Some([1, 1, 1]));
    }

    #[test]
    fn the_reference_sweep_smooths_towards_zero() {
        let a = reference(6, 0);
        let b = reference(6, 5);
        let sum = |x: &Block| x.cur.iter().sum::<f64>();
        assert!(sum(&b) < sum(&a), "the zero boundary drains the grid");
    }
}

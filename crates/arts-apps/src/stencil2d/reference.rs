//! The sequential reference of a stencil problem: the same kernel on one
//! thread, without the runtime. [`step_band`] computes one step of a band of
//! block rows on a whole-grid array; the reference applies it to all of them,
//! and the static-partition MPI baseline to its own band.

use std::ops::Range;
use std::time::Instant;

use super::{Kernel, Problem, boundary};

/// The result of a sequential run.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Reference {
    /// The final grid, `(rows + 2) × (cols + 2)`, row-major, halo included.
    pub grid: Vec<f64>,
    /// Row stride of `grid`.
    pub stride: usize,
    /// Wall time of each step, seconds.
    pub step_times: Vec<f64>,
    /// Residual of each step.
    pub residuals: Vec<f64>,
}

/// The initial whole grid with its fixed boundary, `(rows + 2) × (cols + 2)`.
pub fn initial_field<K>(p: &Problem<K>) -> Vec<f64> {
    let stride = p.stride();
    let mut g = vec![0.0; (p.layout.rows() + 2) * stride];
    g[..stride].fill(boundary(0));
    g
}

/// One step (`iter`) of block rows `bands` of `p` from whole grid `cur` into
/// `next` (same layout; other rows untouched). With one sweep per step this
/// is the plain kernel over those grid rows; with several, each block is
/// swept on its own from its halo, exactly as the parallel blocks do.
/// Returns the largest change of the step's last sweep.
pub fn step_band<K: Kernel>(
    p: &Problem<K>,
    cur: &[f64],
    next: &mut [f64],
    bands: Range<u32>,
    iter: u32,
) -> f64 {
    let stride = p.stride();
    let (_, oy) = p.layout.objects();
    if p.sweeps == 1 {
        let first = p.layout.block(bands.start, 0).0;
        let (last0, last_rows, _, _) = p.layout.block(bands.end - 1, 0);
        let out = &mut next[(first + 1) * stride..(last0 + last_rows + 1) * stride];
        return p
            .kernel
            .sweep(cur, out, stride, first + 1, p.layout.cols(), (0, 0), iter);
    }
    let mut res = 0.0f64;
    for bi in bands {
        for bj in 0..oy {
            let (r0, nr, c0, nc) = p.layout.block(bi, bj);
            let s = nc + 2;
            // The block with its halo, as of the end of the previous step.
            let mut a: Vec<f64> = (0..nr + 2)
                .flat_map(|i| cur[(r0 + i) * stride + c0..][..s].iter().copied())
                .collect();
            let mut b = a.clone();
            let mut block_res = 0.0;
            for _ in 0..p.sweeps {
                let out = &mut b[s..(nr + 1) * s];
                block_res = p.kernel.sweep(&a, out, s, 1, nc, (r0, c0), iter);
                std::mem::swap(&mut a, &mut b);
            }
            res = res.max(block_res);
            for i in 1..=nr {
                next[(r0 + i) * stride + c0 + 1..][..nc].copy_from_slice(&a[i * s + 1..][..nc]);
            }
        }
    }
    res
}

/// Runs `p` sequentially.
pub fn sequential<K: Kernel>(p: &Problem<K>) -> Reference {
    let (ox, _) = p.layout.objects();
    let mut cur = initial_field(p);
    let mut next = cur.clone();
    let mut step_times = Vec::with_capacity(p.iters as usize);
    let mut residuals = Vec::with_capacity(p.iters as usize);
    for it in 0..p.iters {
        let t = Instant::now();
        residuals.push(step_band(p, &cur, &mut next, 0..ox, it));
        std::mem::swap(&mut cur, &mut next);
        step_times.push(t.elapsed().as_secs_f64());
    }
    Reference {
        grid: cur,
        stride: p.stride(),
        step_times,
        residuals,
    }
}

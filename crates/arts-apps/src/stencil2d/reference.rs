//! The sequential reference of a stencil problem: the same kernel on one
//! thread, without the runtime.

use std::time::Instant;

use super::{Kernel, Problem, boundary};

/// The result of a sequential run.
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

fn initial_grid<K>(p: &Problem<K>) -> Vec<f64> {
    let stride = p.stride();
    let mut g = vec![0.0; (p.layout.rows() + 2) * stride];
    g[..stride].fill(boundary(0));
    g
}

/// Runs `p` sequentially. With one sweep per step this is the plain loop
/// over the whole grid; with several, each block is swept on its own between
/// ghost exchanges, exactly as the parallel blocks do.
pub fn sequential<K: Kernel>(p: &Problem<K>) -> Reference {
    if p.sweeps == 1 {
        whole_grid(p)
    } else {
        blockwise(p)
    }
}

fn whole_grid<K: Kernel>(p: &Problem<K>) -> Reference {
    let (rows, cols, stride) = (p.layout.rows(), p.layout.cols(), p.stride());
    let mut cur = initial_grid(p);
    let mut next = cur.clone();
    let mut step_times = Vec::with_capacity(p.iters as usize);
    let mut residuals = Vec::with_capacity(p.iters as usize);
    for it in 0..p.iters {
        let t = Instant::now();
        let out = &mut next[stride..(rows + 1) * stride];
        residuals.push(p.kernel.sweep(&cur, out, stride, 1, cols, (0, 0), it));
        std::mem::swap(&mut cur, &mut next);
        step_times.push(t.elapsed().as_secs_f64());
    }
    Reference {
        grid: cur,
        stride,
        step_times,
        residuals,
    }
}

fn blockwise<K: Kernel>(p: &Problem<K>) -> Reference {
    let (rows, stride) = (p.layout.rows(), p.stride());
    let (ox, oy) = p.layout.objects();
    let mut grid = initial_grid(p);
    let mut step_times = Vec::with_capacity(p.iters as usize);
    let mut residuals = Vec::with_capacity(p.iters as usize);
    for it in 0..p.iters {
        let t = Instant::now();
        let mut new_grid = grid.clone();
        let mut res = 0.0f64;
        for bi in 0..ox {
            for bj in 0..oy {
                let (r0, nr, c0, nc) = p.layout.block(bi, bj);
                let s = nc + 2;
                // The block with its halo, as of the end of the previous step.
                let mut cur: Vec<f64> = (0..nr + 2)
                    .flat_map(|i| grid[(r0 + i) * stride + c0..][..s].iter().copied())
                    .collect();
                let mut next = cur.clone();
                let mut block_res = 0.0;
                for _ in 0..p.sweeps {
                    let out = &mut next[s..(nr + 1) * s];
                    block_res = p.kernel.sweep(&cur, out, s, 1, nc, (r0, c0), it);
                    std::mem::swap(&mut cur, &mut next);
                }
                res = res.max(block_res);
                for i in 1..=nr {
                    new_grid[(r0 + i) * stride + c0 + 1..][..nc]
                        .copy_from_slice(&cur[i * s + 1..i * s + 1 + nc]);
                }
            }
        }
        debug_assert_eq!(new_grid.len(), (rows + 2) * stride);
        grid = new_grid;
        residuals.push(res);
        step_times.push(t.elapsed().as_secs_f64());
    }
    Reference {
        grid,
        stride,
        step_times,
        residuals,
    }
}

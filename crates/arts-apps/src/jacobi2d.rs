//! Jacobi2D: the five-point stencil on a 2-D grid decomposed into a 2-D
//! array of blocks (objects) that exchange ghost rows and columns by
//! messages each step and reduce the residual.
//!
//! The grid has `rows × cols` interior points and a fixed boundary (the top
//! boundary row is 1.0, the others 0.0). One step replaces every interior
//! point by the average of its four neighbours; the residual of a step is
//! the largest absolute change. [`reference`] runs the same kernel on the
//! whole grid sequentially; [`run`] runs it on the runtime and checks the
//! final grid against the reference point by point.

use std::sync::Arc;
use std::time::Instant;

use arts_core::{
    Callback, Chare, Config, Ctx, Driver, Index, Map, RedValue, Reducer, RunError, RunReport, Shape,
};
use serde::{Deserialize, Serialize};

use crate::stats::{deltas, median};

/// Problem size and decomposition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Interior rows of the grid.
    pub rows: usize,
    /// Interior columns of the grid.
    pub cols: usize,
    /// Blocks along the rows (the object grid's first dimension).
    pub objs_x: u32,
    /// Blocks along the columns.
    pub objs_y: u32,
    /// Number of steps.
    pub iters: u32,
}

/// Why parameters were rejected.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ParamError {
    /// A size or count is zero.
    #[error("{0} must be at least 1")]
    Zero(&'static str),
    /// More blocks than grid points along a dimension.
    #[error(
        "{objs} blocks along {dim} do not fit {points} grid points (each block needs at least one)"
    )]
    TooManyBlocks {
        /// "rows" or "columns".
        dim: &'static str,
        /// Blocks asked for.
        objs: u32,
        /// Grid points available.
        points: usize,
    },
}

impl Params {
    /// Checks that every block gets at least one grid point. Grids that do
    /// not divide evenly are fine: block sizes then differ by one.
    pub fn validate(&self) -> Result<(), ParamError> {
        for (v, name) in [
            (self.rows, "grid rows"),
            (self.cols, "grid columns"),
            (self.objs_x as usize, "object rows"),
            (self.objs_y as usize, "object columns"),
            (self.iters as usize, "iterations"),
        ] {
            if v == 0 {
                return Err(ParamError::Zero(name));
            }
        }
        if self.objs_x as usize > self.rows {
            return Err(ParamError::TooManyBlocks {
                dim: "rows",
                objs: self.objs_x,
                points: self.rows,
            });
        }
        if self.objs_y as usize > self.cols {
            return Err(ParamError::TooManyBlocks {
                dim: "columns",
                objs: self.objs_y,
                points: self.cols,
            });
        }
        Ok(())
    }

    /// Number of blocks.
    pub fn objects(&self) -> u64 {
        self.objs_x as u64 * self.objs_y as u64
    }
}

/// The `i`-th of `parts` nearly equal pieces of `0..n`: (start, length).
pub fn split(n: usize, parts: usize, i: usize) -> (usize, usize) {
    let base = n / parts;
    let extra = n % parts;
    let start = i * base + i.min(extra);
    (start, base + usize::from(i < extra))
}

/// One Jacobi step on the interior `rows × cols` of a row-major array with
/// a one-point halo and row stride `stride`: writes `next`, returns the
/// largest absolute change.
pub fn sweep(cur: &[f64], next: &mut [f64], stride: usize, rows: usize, cols: usize) -> f64 {
    sweep_rows(cur, &mut next[stride..(rows + 1) * stride], stride, 1, cols)
}

/// The kernel: updates rows `row0..row0 + out.len() / stride` of `cur`
/// into `out` (which holds exactly those rows, halo columns included).
fn sweep_rows(cur: &[f64], out: &mut [f64], stride: usize, row0: usize, cols: usize) -> f64 {
    let mut res = [0.0f64; 4];
    for (k, o) in out.chunks_exact_mut(stride).enumerate() {
        let i = row0 + k;
        let up = &cur[(i - 1) * stride..(i - 1) * stride + cols + 2];
        let mid = &cur[i * stride..i * stride + cols + 2];
        let down = &cur[(i + 1) * stride..(i + 1) * stride + cols + 2];
        let o = &mut o[1..1 + cols];
        for j in 0..cols {
            let v = 0.25 * (up[j + 1] + down[j + 1] + mid[j] + mid[j + 2]);
            let d = (v - mid[j + 1]).abs();
            let r = &mut res[j & 3];
            *r = if d > *r { d } else { *r };
            o[j] = v;
        }
    }
    res.iter().copied().fold(0.0, f64::max)
}

/// Value of the fixed boundary at full-grid row `r` (row 0 is the top boundary).
fn boundary(r: usize) -> f64 {
    if r == 0 { 1.0 } else { 0.0 }
}

/// The sequential run: final grid (with halo) and per-step timings.
pub struct Reference {
    /// The final grid, `(rows + 2) × (cols + 2)`, row-major.
    pub grid: Vec<f64>,
    /// Row stride of `grid`.
    pub stride: usize,
    /// Wall time of each step, seconds.
    pub step_times: Vec<f64>,
    /// Residual of each step.
    pub residuals: Vec<f64>,
}

fn initial_grid(p: &Params) -> Vec<f64> {
    let stride = p.cols + 2;
    let mut g = vec![0.0; (p.rows + 2) * stride];
    g[..stride].fill(boundary(0));
    g
}

/// Runs the stencil sequentially on the whole grid (the plain loop).
pub fn reference(p: &Params) -> Reference {
    let stride = p.cols + 2;
    let mut cur = initial_grid(p);
    let mut next = cur.clone();
    let mut step_times = Vec::with_capacity(p.iters as usize);
    let mut residuals = Vec::with_capacity(p.iters as usize);
    for _ in 0..p.iters {
        let t = Instant::now();
        residuals.push(sweep(&cur, &mut next, stride, p.rows, p.cols));
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

/// The same stencil hand-parallelized with rayon over row bands on a pool
/// of `threads` threads: the shared-memory baseline. Returns step times.
pub fn threaded(p: &Params, threads: usize) -> Vec<f64> {
    use rayon::prelude::*;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("rayon pool");
    let stride = p.cols + 2;
    let mut cur = initial_grid(p);
    let mut next = cur.clone();
    let bands = threads.max(1) * 4;
    let mut step_times = Vec::with_capacity(p.iters as usize);
    pool.install(|| {
        for _ in 0..p.iters {
            let t = Instant::now();
            let cur_ref = &cur;
            // Each band writes its own rows of `next`; the halo rows stay fixed.
            let interior = &mut next[stride..(p.rows + 1) * stride];
            let mut chunks = Vec::with_capacity(bands);
            let mut rest = interior;
            let mut row0 = 1;
            for b in 0..bands.min(p.rows) {
                let (_, len) = split(p.rows, bands.min(p.rows), b);
                let (head, tail) = rest.split_at_mut(len * stride);
                chunks.push((row0, head));
                rest = tail;
                row0 += len;
            }
            let _res: f64 = chunks
                .into_par_iter()
                .map(|(row0, out)| sweep_rows(cur_ref, out, stride, row0, p.cols))
                .reduce(|| 0.0, f64::max);
            std::mem::swap(&mut cur, &mut next);
            step_times.push(t.elapsed().as_secs_f64());
        }
    });
    step_times
}

/// Which halo side of the receiving block a ghost fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    /// Row 0 of the halo (from the block above).
    North,
    /// Last halo row (from the block below).
    South,
    /// Column 0 (from the block to the left).
    West,
    /// Last halo column (from the block to the right).
    East,
}

/// Messages of a Jacobi block.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum JacobiMsg {
    /// Begin iterating.
    Start,
    /// A neighbour's boundary values for step `iter`.
    Ghost {
        /// The step the values belong to.
        iter: u32,
        /// Where they go in the receiver's halo.
        side: Side,
        /// The values.
        data: Vec<f64>,
    },
    /// All ghosts of the current step are in: compute it.
    Compute,
}

/// Read-only data shared by all blocks.
pub struct JacobiInit {
    /// The problem.
    pub params: Params,
    /// The sequential result to validate against (if any).
    pub reference: Option<Arc<Reference>>,
}

/// Tag of the validation reduction (max abs difference to the reference).
pub const VALIDATE_TAG: u32 = u32::MAX;

/// One block of the grid.
#[derive(Serialize, Deserialize)]
pub struct Block {
    rows: usize,
    cols: usize,
    row0: usize,
    col0: usize,
    cur: Vec<f64>,
    next: Vec<f64>,
    iter: u32,
    neighbours: u8,
    got: u8,
    early: Vec<(Side, Vec<f64>)>,
}

impl Block {
    fn stride(&self) -> usize {
        self.cols + 2
    }

    fn neighbours_of(index: Index, p: &Params) -> [(Side, Option<Index>); 4] {
        let (x, y) = (index.x(), index.y());
        [
            // my top row goes to the block above, into its South halo
            (Side::South, (x > 0).then(|| Index::from((x - 1, y)))),
            (
                Side::North,
                (x + 1 < p.objs_x).then(|| Index::from((x + 1, y))),
            ),
            (Side::East, (y > 0).then(|| Index::from((x, y - 1)))),
            (
                Side::West,
                (y + 1 < p.objs_y).then(|| Index::from((x, y + 1))),
            ),
        ]
    }

    fn send_ghosts(&self, ctx: &mut Ctx<'_, Self>) {
        let p = ctx.init().params;
        let me = ctx.this_proxy();
        let s = self.stride();
        for (side, to) in Self::neighbours_of(ctx.index(), &p) {
            let Some(to) = to else { continue };
            let data: Vec<f64> = match side {
                Side::South => self.cur[s + 1..s + 1 + self.cols].to_vec(),
                Side::North => self.cur[self.rows * s + 1..self.rows * s + 1 + self.cols].to_vec(),
                Side::East => (1..=self.rows).map(|i| self.cur[i * s + 1]).collect(),
                Side::West => (1..=self.rows)
                    .map(|i| self.cur[i * s + self.cols])
                    .collect(),
            };
            ctx.send(
                &me,
                to,
                JacobiMsg::Ghost {
                    iter: self.iter,
                    side,
                    data,
                },
            );
        }
    }

    fn apply_ghost(&mut self, side: Side, data: &[f64]) {
        let s = self.stride();
        match side {
            Side::North => self.cur[1..1 + self.cols].copy_from_slice(data),
            Side::South => {
                let r = (self.rows + 1) * s;
                self.cur[r + 1..r + 1 + self.cols].copy_from_slice(data)
            }
            Side::West => (1..=self.rows).for_each(|i| self.cur[i * s] = data[i - 1]),
            Side::East => {
                (1..=self.rows).for_each(|i| self.cur[i * s + self.cols + 1] = data[i - 1])
            }
        }
        self.got += 1;
    }

    fn ready(&mut self, ctx: &mut Ctx<'_, Self>) {
        if self.got == self.neighbours && self.iter < ctx.init().params.iters {
            let me = ctx.this_proxy();
            let i = ctx.index();
            ctx.send(&me, i, JacobiMsg::Compute);
        }
    }

    fn compute(&mut self, ctx: &mut Ctx<'_, Self>) {
        let (s, rows, cols) = (self.stride(), self.rows, self.cols);
        let res = sweep(&self.cur, &mut self.next, s, rows, cols);
        std::mem::swap(&mut self.cur, &mut self.next);
        ctx.contribute(res, Reducer::Max, Callback::Main(self.iter));
        self.iter += 1;
        self.got = 0;
        let init = ctx.init();
        if self.iter == init.params.iters {
            let diff = init.reference.as_ref().map_or(0.0, |r| self.max_diff(r));
            ctx.contribute(diff, Reducer::Max, Callback::Main(VALIDATE_TAG));
            return;
        }
        self.send_ghosts(ctx);
        for (side, data) in std::mem::take(&mut self.early) {
            self.apply_ghost(side, &data);
        }
        self.ready(ctx);
    }

    fn max_diff(&self, r: &Reference) -> f64 {
        let s = self.stride();
        let mut d = 0.0f64;
        for i in 1..=self.rows {
            let g = &r.grid[(self.row0 + i) * r.stride + self.col0 + 1..][..self.cols];
            for (a, b) in self.cur[i * s + 1..i * s + 1 + self.cols].iter().zip(g) {
                d = d.max((a - b).abs());
            }
        }
        d
    }
}

impl Chare for Block {
    type Msg = JacobiMsg;
    type Init = JacobiInit;

    fn new(index: Index, init: &JacobiInit) -> Self {
        let p = &init.params;
        let (row0, rows) = split(p.rows, p.objs_x as usize, index.x() as usize);
        let (col0, cols) = split(p.cols, p.objs_y as usize, index.y() as usize);
        let stride = cols + 2;
        let mut cur = vec![0.0; (rows + 2) * stride];
        if row0 == 0 {
            cur[..stride].fill(boundary(0));
        }
        let neighbours = Self::neighbours_of(index, p)
            .iter()
            .filter(|(_, n)| n.is_some())
            .count() as u8;
        Block {
            rows,
            cols,
            row0,
            col0,
            next: cur.clone(),
            cur,
            iter: 0,
            neighbours,
            got: 0,
            early: Vec::new(),
        }
    }

    fn receive(&mut self, msg: JacobiMsg, ctx: &mut Ctx<'_, Self>) {
        match msg {
            JacobiMsg::Start => {
                self.send_ghosts(ctx);
                self.ready(ctx);
            }
            JacobiMsg::Ghost { iter, side, data } => {
                if iter == self.iter {
                    self.apply_ghost(side, &data);
                    self.ready(ctx);
                } else {
                    self.early.push((side, data));
                }
            }
            JacobiMsg::Compute => self.compute(ctx),
        }
    }

    fn entry_name(msg: &JacobiMsg) -> &'static str {
        match msg {
            JacobiMsg::Start => "start",
            JacobiMsg::Ghost { .. } => "ghost",
            JacobiMsg::Compute => "compute",
        }
    }

    fn msg_bytes(msg: &JacobiMsg) -> usize {
        match msg {
            JacobiMsg::Ghost { data, .. } => 16 + 8 * data.len(),
            _ => 8,
        }
    }
}

/// What a parallel run produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Residual of each step.
    pub residuals: Vec<f64>,
    /// Time of each step as seen by the main program (between residuals), seconds.
    pub step_times: Vec<f64>,
    /// Time from start to the last residual, seconds.
    pub total_time_s: f64,
    /// Largest absolute difference to the reference (0 without one).
    pub max_diff: f64,
    /// The runtime's report (utilization, traces).
    pub report: RunReport,
}

impl Outcome {
    /// Median step time, seconds.
    pub fn step_time_median_s(&self) -> f64 {
        median(&self.step_times)
    }
}

/// Runs Jacobi2D on the runtime with `map` placing the blocks.
pub fn run(
    params: &Params,
    config: &Config,
    map: Map,
    reference: Option<Arc<Reference>>,
) -> Result<Outcome, RunError> {
    let init = JacobiInit {
        params: *params,
        reference,
    };
    let main = |d: &mut Driver| -> Result<(Vec<f64>, Vec<f64>, f64, f64), RunError> {
        let shape = Shape::d2(params.objs_x, params.objs_y);
        let blocks = d.create_array::<Block>("jacobi2d", shape, map, init);
        d.wait_quiescence()?; // creation done: time only the iterations
        let start = Instant::now();
        d.broadcast(&blocks, JacobiMsg::Start);
        let mut times = vec![0.0];
        let mut residuals = Vec::with_capacity(params.iters as usize);
        for it in 0..params.iters {
            let r = d.wait_callback(it)?;
            residuals.push(r.as_f64().unwrap_or(f64::NAN));
            times.push(start.elapsed().as_secs_f64());
        }
        let total = start.elapsed().as_secs_f64();
        let diff = match d.wait_callback(VALIDATE_TAG)? {
            RedValue::F64(v) => v,
            other => other.as_f64().unwrap_or(f64::NAN),
        };
        Ok((residuals, deltas(&times), total, diff))
    };
    let (result, report) = arts_core::run(config, main)?;
    let (residuals, step_times, total_time_s, max_diff) = result?;
    Ok(Outcome {
        residuals,
        step_times,
        total_time_s,
        max_diff,
        report,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(rows: usize, cols: usize, ox: u32, oy: u32, iters: u32) -> Params {
        Params {
            rows,
            cols,
            objs_x: ox,
            objs_y: oy,
            iters,
        }
    }

    #[test]
    fn split_covers_range_with_remainders() {
        let pieces: Vec<_> = (0..3).map(|i| split(10, 3, i)).collect();
        assert_eq!(pieces, vec![(0, 4), (4, 3), (7, 3)]);
    }

    #[test]
    fn validation_rejects_bad_sizes() {
        assert!(params(8, 8, 2, 2, 1).validate().is_ok());
        assert!(params(0, 8, 1, 1, 1).validate().is_err());
        assert!(params(8, 8, 9, 1, 1).validate().is_err());
        assert!(params(8, 8, 1, 1, 0).validate().is_err());
    }

    #[test]
    fn rayon_version_matches_reference_residuals() {
        let p = params(40, 30, 1, 1, 5);
        let r = reference(&p);
        assert_eq!(threaded(&p, 2).len(), 5);
        assert!(r.residuals[0] > 0.0 && r.residuals[4] < r.residuals[0]);
    }

    fn check(p: Params, pes: u32, map: Map) {
        let r = Arc::new(reference(&p));
        let cfg = Config {
            pes,
            ..Config::default()
        };
        let out = run(&p, &cfg, map, Some(r.clone())).unwrap();
        assert_eq!(out.max_diff, 0.0, "{p:?} on {pes} PEs");
        assert_eq!(out.residuals, r.residuals);
    }

    #[test]
    fn matches_reference_bit_for_bit() {
        check(params(37, 23, 4, 3, 12), 2, Map::Block);
        check(params(16, 16, 1, 1, 5), 1, Map::RoundRobin);
        check(params(20, 9, 5, 2, 7), 3, Map::RoundRobin);
    }
}

//! Jacobi2D: the plain five-point stencil on a grid cut into equal blocks,
//! plus the two baselines it is compared with — the plain sequential loop
//! (which is also its reference) and a rayon version over row bands.

use std::sync::Arc;
use std::time::Instant;

use arts_core::{Config, Map, RunError};

use crate::stencil2d::{
    self, Layout, LayoutError, Outcome, Plain, Problem, Reference, split, sweep_rows,
};

/// Problem size and decomposition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

impl Params {
    /// The stencil problem: equal blocks (sizes differ by at most one).
    pub fn problem(&self) -> Result<Problem<Plain>, LayoutError> {
        if self.iters == 0 {
            return Err(LayoutError::Zero("iterations"));
        }
        let layout = Layout::uniform(
            self.rows,
            self.cols,
            self.objs_x as usize,
            self.objs_y as usize,
        )?;
        Ok(Problem {
            layout,
            iters: self.iters,
            sweeps: 1,
            kernel: Plain,
        })
    }

    /// Number of blocks.
    pub fn objects(&self) -> u64 {
        self.objs_x as u64 * self.objs_y as u64
    }
}

/// The plain sequential loop over the whole grid (also the reference).
pub fn reference(p: &Problem<Plain>) -> Reference {
    stencil2d::sequential(p)
}

/// Runs Jacobi2D on the runtime with `map` placing the blocks.
pub fn run(
    p: &Problem<Plain>,
    config: &Config,
    map: Map,
    reference: Option<Arc<Reference>>,
) -> Result<Outcome, RunError> {
    stencil2d::run("jacobi2d", p, config, map, reference)
}

/// The same stencil hand-parallelized with rayon over row bands on a pool of
/// `threads` threads: the shared-memory baseline. Returns step times.
pub fn threaded(p: &Problem<Plain>, threads: usize) -> Vec<f64> {
    use rayon::prelude::*;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("rayon pool");
    let (rows, cols, stride) = (p.layout.rows(), p.layout.cols(), p.stride());
    let mut cur = vec![0.0; (rows + 2) * stride];
    cur[..stride].fill(stencil2d::boundary(0));
    let mut next = cur.clone();
    let bands = (threads.max(1) * 4).min(rows);
    let mut step_times = Vec::with_capacity(p.iters as usize);
    pool.install(|| {
        for _ in 0..p.iters {
            let t = Instant::now();
            let cur_ref = &cur;
            let mut rest = &mut next[stride..(rows + 1) * stride];
            let mut chunks = Vec::with_capacity(bands);
            let mut row0 = 1;
            for b in 0..bands {
                let (_, len) = split(rows, bands, b);
                let (head, tail) = rest.split_at_mut(len * stride);
                chunks.push((row0, head));
                rest = tail;
                row0 += len;
            }
            let _res: f64 = chunks
                .into_par_iter()
                .map(|(row0, out)| sweep_rows(cur_ref, out, stride, row0, cols))
                .reduce(|| 0.0, f64::max);
            std::mem::swap(&mut cur, &mut next);
            step_times.push(t.elapsed().as_secs_f64());
        }
    });
    step_times
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
    fn validation_rejects_bad_sizes() {
        assert!(params(8, 8, 2, 2, 1).problem().is_ok());
        assert!(params(0, 8, 1, 1, 1).problem().is_err());
        assert!(params(8, 8, 9, 1, 1).problem().is_err());
        assert!(params(8, 8, 1, 1, 0).problem().is_err());
    }

    #[test]
    fn rayon_version_runs_every_step() {
        let p = params(40, 30, 1, 1, 5).problem().unwrap();
        assert_eq!(threaded(&p, 2).len(), 5);
    }

    #[test]
    fn matches_reference_bit_for_bit() {
        for (p, pes, map) in [
            (params(37, 23, 4, 3, 12), 2, Map::Block),
            (params(16, 16, 1, 1, 5), 1, Map::RoundRobin),
            (params(20, 9, 5, 2, 7), 3, Map::RoundRobin),
        ] {
            let p = p.problem().unwrap();
            let r = Arc::new(reference(&p));
            let cfg = Config {
                pes,
                ..Config::default()
            };
            let out = run(&p, &cfg, map, Some(r.clone())).unwrap();
            assert_eq!(out.max_diff, 0.0);
            assert_eq!(out.residuals, r.residuals);
        }
    }
}

//! `hotspot`: a Jacobi-like grid whose cost per cell rises in a hot region
//! that moves across the domain over time (like the crack front of the
//! fracture simulation in the AMPI paper), so the best mapping of blocks to
//! PEs keeps changing and periodic load balancing pays off.
//!
//! Every cell gets the five-point update; cells inside the hot disc then run
//! `work` extra iterations of `v += 1e-7 sin(3v)` (real, value-changing
//! work). The disc moves along the grid's diagonal from 15% to 85% of the
//! way, and `work` grows linearly to `growth ×` by the last step.

use arts_core::{Config, Map, RunError};

use crate::stencil2d::{
    self, Kernel, Layout, LayoutError, Outcome, Problem, Reference, sweep_rows,
};

/// The hot-region kernel.
#[derive(Clone, Debug, PartialEq)]
pub struct Hotspot {
    /// Interior rows of the grid.
    pub rows: usize,
    /// Interior columns of the grid.
    pub cols: usize,
    /// Number of steps (the path is spread over them).
    pub iters: u32,
    /// Radius of the hot disc, as a fraction of the smaller grid side.
    pub radius: f64,
    /// Extra iterations per hot cell at the first step.
    pub work: u32,
    /// Multiplier of `work` at the last step.
    pub growth: f64,
}

impl Hotspot {
    /// Centre (row, column), radius and extra work of the hot disc at `iter`.
    pub fn region(&self, iter: u32) -> ((f64, f64), f64, u32) {
        let f = iter as f64 / (self.iters.max(2) - 1) as f64;
        let pos = 0.15 + 0.7 * f;
        let centre = (self.rows as f64 * pos, self.cols as f64 * pos);
        let r = self.radius * self.rows.min(self.cols) as f64;
        let work = (self.work as f64 * (1.0 + (self.growth - 1.0) * f)).round() as u32;
        (centre, r, work)
    }
}

impl Kernel for Hotspot {
    fn sweep(
        &self,
        cur: &[f64],
        out: &mut [f64],
        stride: usize,
        row0: usize,
        cols: usize,
        origin: (usize, usize),
        iter: u32,
    ) -> f64 {
        let res = sweep_rows(cur, out, stride, row0, cols);
        let ((cr, cc), r, work) = self.region(iter);
        for (k, row) in out.chunks_exact_mut(stride).enumerate() {
            let g = (origin.0 + row0 + k - 1) as f64;
            let dr = g - cr;
            if dr.abs() > r {
                continue;
            }
            let half = (r * r - dr * dr).sqrt();
            let lo = (cc - half).ceil().max(origin.1 as f64) as usize;
            let hi = ((cc + half).floor() as usize + 1).min(origin.1 + cols);
            for gc in lo..hi {
                let v = &mut row[gc - origin.1 + 1];
                let mut x = *v;
                for _ in 0..work {
                    x += 1e-7 * (3.0 * x).sin();
                }
                *v = x;
            }
        }
        res
    }
}

/// Problem size of a hotspot run.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Params {
    /// Interior rows.
    pub rows: usize,
    /// Interior columns.
    pub cols: usize,
    /// Blocks along rows.
    pub objs_x: u32,
    /// Blocks along columns.
    pub objs_y: u32,
    /// Steps.
    pub iters: u32,
    /// Hot disc radius (fraction of the smaller side), in (0, 1].
    pub radius: f64,
    /// Extra iterations per hot cell at the start.
    pub work: u32,
    /// Growth of `work` by the end (>= 1).
    pub growth: f64,
}

impl Params {
    /// The stencil problem, or what is wrong with the parameters.
    pub fn problem(&self) -> Result<Problem<Hotspot>, String> {
        if self.iters == 0 {
            return Err(LayoutError::Zero("iterations").to_string());
        }
        if !(self.radius > 0.0 && self.radius <= 1.0) {
            return Err(format!("radius {} must be in (0, 1]", self.radius));
        }
        if !(self.growth.is_finite() && self.growth >= 1.0) {
            return Err(format!("growth {} must be at least 1", self.growth));
        }
        let layout = Layout::uniform(
            self.rows,
            self.cols,
            self.objs_x as usize,
            self.objs_y as usize,
        )
        .map_err(|e| e.to_string())?;
        Ok(Problem {
            layout,
            iters: self.iters,
            sweeps: 1,
            kernel: Hotspot {
                rows: self.rows,
                cols: self.cols,
                iters: self.iters,
                radius: self.radius,
                work: self.work,
                growth: self.growth,
            },
        })
    }
}

/// The sequential reference.
pub fn reference(p: &Problem<Hotspot>) -> Reference {
    stencil2d::sequential(p)
}

/// Runs hotspot on the runtime.
pub fn run(
    p: &Problem<Hotspot>,
    config: &Config,
    map: Map,
    reference: Option<std::sync::Arc<Reference>>,
) -> Result<Outcome, RunError> {
    stencil2d::run("hotspot", p, config, map, reference)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params() -> Params {
        Params {
            rows: 40,
            cols: 30,
            objs_x: 4,
            objs_y: 3,
            iters: 8,
            radius: 0.3,
            work: 5,
            growth: 2.0,
        }
    }

    #[test]
    fn region_moves_and_work_grows() {
        let p = params().problem().unwrap();
        let (c0, r, w0) = p.kernel.region(0);
        let (c1, _, w1) = p.kernel.region(7);
        assert!(c1.0 > c0.0 && c1.1 > c0.1);
        assert_eq!((w0, w1), (5, 10));
        assert!((r - 9.0).abs() < 1e-12);
    }

    #[test]
    fn bad_parameters_are_rejected() {
        assert!(
            Params {
                radius: 0.0,
                ..params()
            }
            .problem()
            .is_err()
        );
        assert!(
            Params {
                growth: 0.5,
                ..params()
            }
            .problem()
            .is_err()
        );
        assert!(
            Params {
                objs_x: 50,
                ..params()
            }
            .problem()
            .is_err()
        );
    }

    #[test]
    fn parallel_equals_sequential() {
        let p = params().problem().unwrap();
        let r = std::sync::Arc::new(reference(&p));
        let cfg = Config {
            pes: 3,
            ..Config::default()
        };
        let out = run(&p, &cfg, Map::Block, Some(r.clone())).unwrap();
        assert_eq!(out.max_diff, 0.0);
        assert_eq!(out.residuals, r.residuals);
    }
}

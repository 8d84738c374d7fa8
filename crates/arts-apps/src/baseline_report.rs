//! What the static-partition MPI baselines report (`arts run
//! jacobi2d-mpi`, `zones-mpi`, `stencil3d-mpi`, `heat3d-mpi`): the JSON
//! objects, their validity rule and their human tables. The runs are
//! `crate::baselines`' (feature `mpi`); these reports need no MPI, so
//! unit tests reach them.

use arts_util::stats::{median, steady_mean};
use serde::Serialize;

use crate::report::is_valid;

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

/// What a run produced (the same on every rank).
#[derive(Clone, Debug)]
pub struct Stencil3dOutcome {
    /// Rank 0's time of each step, seconds.
    pub step_times: Vec<f64>,
    /// Total time of the steps, seconds.
    pub total_time_s: f64,
    /// Every rank's block equals the sequential sweep bit for bit.
    pub valid: bool,
    /// Largest absolute difference to the sequential sweep.
    pub max_diff: f64,
    /// The rank grid (ranks per axis).
    pub grid: [usize; 3],
}

/// What a run produced (the same on every rank).
#[derive(Clone, Debug)]
pub struct Heat3dOutcome {
    /// Rank 0's time of each step, seconds.
    pub step_times: Vec<f64>,
    /// Total time of the steps on rank 0, seconds.
    pub total_time_s: f64,
    /// Rank 0's median step time of the sequential reference, seconds.
    pub sequential_step_time_median_s: f64,
    /// Every rank's slab equals the sequential reference bit for bit.
    pub valid: bool,
    /// Largest absolute difference to the sequential reference.
    pub max_diff: f64,
    /// Bytes of grid each rank holds (its slab and ghost planes, twice).
    pub bytes_per_rank: u64,
}

/// A static-band stencil baseline (`jacobi2d-mpi`, `zones-mpi`).
#[derive(Clone, Debug, Serialize)]
pub struct BaselineReport {
    /// The app, e.g. `jacobi2d-mpi`.
    pub app: String,
    /// Within rounding of the sequential reference ([`is_valid`]).
    pub valid: bool,
    /// Largest absolute difference to the reference.
    pub max_abs_diff: f64,
    /// MPI processes (ranks).
    pub processes: u32,
    /// Median step time, s.
    pub step_time_median_s: f64,
    /// Wall time of the steps, s.
    pub total_time_s: f64,
}

impl BaselineReport {
    /// The report of `app` run on `processes` ranks as `o`.
    pub fn new(app: &str, processes: u32, o: &BaselineOutcome) -> BaselineReport {
        BaselineReport {
            app: app.to_string(),
            valid: is_valid(o.max_diff),
            max_abs_diff: o.max_diff,
            processes,
            step_time_median_s: median(&o.step_times),
            total_time_s: o.total_time_s,
        }
    }

    /// The report as a table.
    pub fn table(&self) -> String {
        let r = self;
        format!(
            "{} (static partition on MPI, {} ranks)\nvalid                {} (max |diff| {:.1e})\n\
             step time (median)   {:.3} ms\ntotal time           {:.3} s",
            r.app,
            r.processes,
            r.valid,
            r.max_abs_diff,
            r.step_time_median_s * 1e3,
            r.total_time_s
        )
    }

    /// Why the run failed (`None`: it is valid).
    pub fn failure(&self) -> Option<String> {
        (!self.valid).then(|| format!("{} differs from the sequential reference", self.app))
    }
}

/// `stencil3d-mpi`: one 3-D block per rank (keys as `arts ampi run
/// stencil3d`'s).
#[derive(Clone, Debug, Serialize)]
pub struct Stencil3dMpiReport {
    /// Always `stencil3d-mpi`.
    pub program: &'static str,
    /// MPI ranks.
    pub ranks: u32,
    /// Every block equals the sequential sweep bit for bit.
    pub valid: bool,
    /// Largest absolute difference to the sequential sweep.
    pub max_abs_diff: f64,
    /// Rank 0's time of each step, s.
    pub step_times_s: Vec<f64>,
    /// Median step time, s.
    pub step_time_median_s: f64,
    /// The mean of the last even number of steps, at most half of them,
    /// as `step_time_steady_s` of `arts ampi run`.
    pub step_time_steady_s: Option<f64>,
    /// Wall time of the steps, s.
    pub total_time_s: f64,
    /// Ranks per axis.
    pub rank_grid: [usize; 3],
}

impl Stencil3dMpiReport {
    /// The report of a run on `ranks` ranks that produced `o`.
    pub fn new(ranks: u32, o: Stencil3dOutcome) -> Stencil3dMpiReport {
        Stencil3dMpiReport {
            program: "stencil3d-mpi",
            ranks,
            valid: o.valid,
            max_abs_diff: o.max_diff,
            step_time_median_s: median(&o.step_times),
            step_time_steady_s: steady_mean(&o.step_times),
            step_times_s: o.step_times,
            total_time_s: o.total_time_s,
            rank_grid: o.grid,
        }
    }

    /// The report as a table.
    pub fn table(&self) -> String {
        let r = self;
        format!(
            "stencil3d-mpi (one block per rank on MPI, {} ranks, grid {:?})\n\
             valid                {} (max |diff| {:.1e})\n\
             step time (steady)   {:.3} ms\ntotal time           {:.3} s",
            r.ranks,
            r.rank_grid,
            r.valid,
            r.max_abs_diff,
            r.step_time_steady_s.unwrap_or(r.step_time_median_s) * 1e3,
            r.total_time_s
        )
    }

    /// Why the run failed (`None`: it is valid).
    pub fn failure(&self) -> Option<&'static str> {
        (!self.valid).then_some("stencil3d-mpi differs from the sequential reference")
    }
}

/// `heat3d-mpi`: the H-Dispatch paper's MPI heat solver, one slab per
/// process, beside the sequential reference.
#[derive(Clone, Debug, Serialize)]
pub struct Heat3dMpiReport {
    /// Always `heat3d-mpi`.
    pub app: &'static str,
    /// Always `mpi`.
    pub mode: &'static str,
    /// MPI processes.
    pub processes: u32,
    /// Cores used (one per process).
    pub cores: u32,
    /// Nodes per grid edge.
    pub n: u64,
    /// Time steps.
    pub steps: u64,
    /// Diffusion number.
    pub alpha: f64,
    /// Every slab equals the sequential reference bit for bit.
    pub valid: bool,
    /// Largest absolute difference to the reference.
    pub max_abs_diff: f64,
    /// Median step time, s.
    pub step_time_median_s: f64,
    /// Mean step time (total over steps), s.
    pub step_time_mean_s: f64,
    /// Wall time of the steps, s.
    pub total_time_s: f64,
    /// Median step time of the sequential reference, s.
    pub sequential_step_time_median_s: f64,
    /// Sequential median over this run's median.
    pub speedup_vs_sequential: f64,
    /// Bytes of grid each process holds.
    pub grid_bytes_per_process: u64,
}

/// The problem of a `heat3d-mpi` run: processes, grid edge, steps, alpha.
#[derive(Clone, Copy, Debug)]
pub struct Heat3dMpiProblem {
    /// MPI processes.
    pub processes: u32,
    /// Nodes per grid edge.
    pub n: u64,
    /// Time steps.
    pub steps: u64,
    /// Diffusion number.
    pub alpha: f64,
}

impl Heat3dMpiReport {
    /// The report of problem `p` run as `m`.
    pub fn new(p: Heat3dMpiProblem, m: &Heat3dOutcome) -> Heat3dMpiReport {
        let median = median(&m.step_times);
        Heat3dMpiReport {
            app: "heat3d-mpi",
            mode: "mpi",
            processes: p.processes,
            cores: p.processes,
            n: p.n,
            steps: p.steps,
            alpha: p.alpha,
            valid: m.valid,
            max_abs_diff: m.max_diff,
            step_time_median_s: median,
            step_time_mean_s: m.total_time_s / p.steps as f64,
            total_time_s: m.total_time_s,
            sequential_step_time_median_s: m.sequential_step_time_median_s,
            speedup_vs_sequential: m.sequential_step_time_median_s / median,
            grid_bytes_per_process: m.bytes_per_rank,
        }
    }

    /// The report as a table.
    pub fn table(&self) -> String {
        let r = self;
        format!(
            "heat3d-mpi {n}³, {steps} steps, one slab per process on {p} processes\n\
             step time median  {:>10.3} ms   (sequential {:.3} ms, speed-up {:.2})\n\
             valid             {} (max |diff| {:.1e})\n",
            r.step_time_median_s * 1e3,
            r.sequential_step_time_median_s * 1e3,
            r.speedup_vs_sequential,
            r.valid,
            r.max_abs_diff,
            n = r.n,
            steps = r.steps,
            p = r.processes,
        )
    }

    /// Why the run failed (`None`: it is valid).
    pub fn failure(&self) -> Option<&'static str> {
        (!self.valid).then_some("heat3d-mpi differs from the sequential reference")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_band_baseline_is_valid_within_rounding_only() {
        let outcome = |max_diff, step_times: &[f64]| BaselineOutcome {
            step_times: step_times.to_vec(),
            residuals: vec![],
            total_time_s: step_times.iter().sum(),
            max_diff,
        };
        let ok = BaselineReport::new("jacobi2d-mpi", 2, &outcome(1e-13, &[0.3, 0.1, 0.2]));
        assert!(ok.valid && ok.failure().is_none());
        assert_eq!(ok.step_time_median_s, 0.2);
        assert!(
            ok.table()
                .starts_with("jacobi2d-mpi (static partition on MPI, 2 ranks)\n")
        );
        let bad = BaselineReport::new("zones-mpi", 2, &outcome(1e-9, &[0.1]));
        assert_eq!(
            bad.failure().as_deref(),
            Some("zones-mpi differs from the sequential reference")
        );
    }

    #[test]
    fn stencil3d_reports_its_steady_step() {
        let o = Stencil3dOutcome {
            step_times: vec![9.0, 1.0, 1.0, 1.0],
            total_time_s: 12.0,
            valid: true,
            max_diff: 0.0,
            grid: [2, 2, 1],
        };
        let r = Stencil3dMpiReport::new(4, o);
        assert_eq!(r.step_time_steady_s, Some(1.0));
        assert!(
            r.table().contains("step time (steady)   1000.000 ms"),
            "{}",
            r.table()
        );
        assert!(r.failure().is_none());
    }

    #[test]
    fn heat3d_compares_with_the_sequential_median() {
        let p = Heat3dMpiProblem {
            processes: 2,
            n: 10,
            steps: 4,
            alpha: 0.1,
        };
        let m = Heat3dOutcome {
            step_times: vec![0.5, 0.5, 0.5, 0.5],
            total_time_s: 2.0,
            sequential_step_time_median_s: 1.0,
            valid: false,
            max_diff: 1.0,
            bytes_per_rank: 64,
        };
        let r = Heat3dMpiReport::new(p, &m);
        assert_eq!((r.speedup_vs_sequential, r.step_time_mean_s), (2.0, 0.5));
        assert!(
            r.table()
                .starts_with("heat3d-mpi 10³, 4 steps, one slab per process on 2 processes\n")
        );
        assert!(r.failure().is_some());
    }
}

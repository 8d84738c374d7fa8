//! `arts run jacobi2d-mpi`, `arts run zones-mpi`, `arts run stencil3d-mpi`,
//! `arts run heat3d-mpi` (the static-partition MPI baselines) and `arts bench mpi` (arts against
//! raw MPI, side by side).
//! All need `arts` built with `--features mpi` and started by `mpirun`.

use crate::args::dims2;
use crate::output::{CliError, CliResult, Output};

/// Arguments of `arts run jacobi2d-mpi`.
#[derive(clap::Args)]
pub struct Jacobi2dMpiArgs {
    /// Interior grid points, ROWSxCOLS (one band of rows per rank).
    #[arg(long, default_value = "4096x4096", value_parser = dims2)]
    grid: (usize, usize),
    /// Number of steps.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    iters: u32,
}

/// Arguments of `arts run zones-mpi`.
#[derive(clap::Args)]
pub struct ZonesMpiArgs {
    /// Zones, ROWSxCOLS (rows of zones are dealt to ranks in fixed bands).
    #[arg(long, default_value = "8x4", value_parser = dims2)]
    zones: (usize, usize),
    /// Side of the smallest zone, in points.
    #[arg(long, default_value_t = 64)]
    base: usize,
    /// Number of steps.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    iters: u32,
}

/// Arguments of `arts run heat3d-mpi`.
#[derive(clap::Args)]
pub struct Heat3dMpiArgs {
    /// Nodes per grid edge (n³ nodes; one slab of z-planes per rank; n >= ranks + 2).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(3..=512))]
    n: u64,
    /// Time steps.
    #[arg(long, visible_alias = "iters", default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    steps: u64,
    /// Diffusion number kΔt/Δx² (stable for 0 < alpha <= 1/6).
    #[arg(long, default_value_t = 0.1)]
    alpha: f64,
}

/// Arguments of `arts run stencil3d-mpi`.
#[derive(clap::Args)]
pub struct Stencil3dMpiArgs {
    /// Grid side: N^3 points, one 3-D block per rank (the rank grid of
    /// `arts ampi run stencil3d`).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=4096))]
    size: u64,
    /// Number of sweeps.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    iters: u32,
}

/// Arguments of `arts bench mpi`.
#[derive(clap::Args)]
pub struct BenchMpiArgs {
    /// Round trips of the latency measurement.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u32).range(1..))]
    round_trips: u32,
    /// Steps of the Jacobi2D and zones comparisons.
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(12..))]
    iters: u32,
    /// Repetitions of every measurement, interleaved (medians are reported;
    /// within one, step times are means over the steps).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    repeat: u32,
}

#[cfg(not(feature = "mpi"))]
fn no_mpi(what: &str) -> CliError {
    CliError::usage(format!(
        "{what} needs arts built with `--features mpi` and started by mpirun"
    ))
}

/// Runs `arts run jacobi2d-mpi`.
#[cfg(not(feature = "mpi"))]
pub fn run_jacobi2d_mpi(_args: &Jacobi2dMpiArgs, _out: Output) -> CliResult {
    Err(no_mpi("jacobi2d-mpi"))
}

/// Runs `arts run zones-mpi`.
#[cfg(not(feature = "mpi"))]
pub fn run_zones_mpi(_args: &ZonesMpiArgs, _out: Output) -> CliResult {
    Err(no_mpi("zones-mpi"))
}

/// Runs `arts run stencil3d-mpi`.
#[cfg(not(feature = "mpi"))]
pub fn run_stencil3d_mpi(_args: &Stencil3dMpiArgs, _out: Output) -> CliResult {
    Err(no_mpi("stencil3d-mpi"))
}

/// Runs `arts run heat3d-mpi`.
#[cfg(not(feature = "mpi"))]
pub fn run_heat3d_mpi(_args: &Heat3dMpiArgs, _out: Output) -> CliResult {
    Err(no_mpi("heat3d-mpi"))
}

/// Runs `arts bench mpi`.
#[cfg(not(feature = "mpi"))]
pub fn bench_mpi(_args: &BenchMpiArgs, _out: Output) -> CliResult {
    Err(no_mpi("bench mpi"))
}

#[cfg(feature = "mpi")]
mod imp {
    use arts_apps::baselines;
    use arts_apps::stencil2d::{Kernel, Plain, Problem, sequential};
    use arts_experiments::mpi_bench::{self, MpiBenchError};
    use arts_mpi::Mpi;
    use arts_util::stats::median;
    use serde::Serialize;

    use super::*;
    use crate::launch::require_mpi;

    #[derive(Serialize)]
    struct BaselineJson {
        app: String,
        valid: bool,
        max_abs_diff: f64,
        processes: u32,
        step_time_median_s: f64,
        total_time_s: f64,
    }

    fn baseline_run<K: Kernel>(
        mpi: &Mpi,
        app: &str,
        p: &Problem<K>,
    ) -> Result<BaselineJson, CliError> {
        let (rows, cols) = (p.layout.rows(), p.layout.cols());
        crate::budget::check_memory(
            format!("{app} on a {rows}x{cols} grid"),
            p.memory_bytes(true),
        )?;
        let reference = sequential(p);
        let o =
            baselines::static_bands(mpi.world(), p, Some(&reference)).map_err(CliError::usage)?;
        Ok(BaselineJson {
            app: app.to_string(),
            valid: o.max_diff <= 1e-12,
            max_abs_diff: o.max_diff,
            processes: mpi.size(),
            step_time_median_s: median(&o.step_times),
            total_time_s: o.total_time_s,
        })
    }

    fn print(r: &BaselineJson, out: Output) -> CliResult {
        out.emit(r, || {
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
        })?;
        if r.valid {
            Ok(())
        } else {
            Err(CliError::failed(format!(
                "{} differs from the sequential reference",
                r.app
            )))
        }
    }

    fn jacobi_problem(
        grid: (usize, usize),
        objs: u32,
        iters: u32,
    ) -> Result<Problem<Plain>, CliError> {
        mpi_bench::jacobi_problem(grid, objs, iters).map_err(bench_error)
    }

    fn zones_problem(
        zones: (usize, usize),
        base: usize,
        iters: u32,
    ) -> Result<Problem<Plain>, CliError> {
        mpi_bench::zones_problem(zones, base, iters).map_err(bench_error)
    }

    fn bench_error(e: MpiBenchError) -> CliError {
        match e {
            MpiBenchError::Usage(m) => CliError::usage(m),
            MpiBenchError::Failed(m) => CliError::failed(m),
        }
    }

    /// Runs `arts run jacobi2d-mpi`.
    pub fn run_jacobi2d_mpi(args: &Jacobi2dMpiArgs, out: Output) -> CliResult {
        require_mpi("jacobi2d-mpi", |mpi| {
            let p = jacobi_problem(args.grid, mpi.size(), args.iters)?;
            print(&baseline_run(mpi, "jacobi2d-mpi", &p)?, out)
        })?
    }

    /// Runs `arts run zones-mpi`.
    pub fn run_zones_mpi(args: &ZonesMpiArgs, out: Output) -> CliResult {
        require_mpi("zones-mpi", |mpi| {
            let p = zones_problem(args.zones, args.base, args.iters)?;
            print(&baseline_run(mpi, "zones-mpi", &p)?, out)
        })?
    }

    /// The result of `arts run stencil3d-mpi` (keys as `arts ampi run stencil3d`'s).
    #[derive(Serialize)]
    struct Stencil3dMpiJson {
        program: &'static str,
        ranks: u32,
        valid: bool,
        max_abs_diff: f64,
        step_times_s: Vec<f64>,
        step_time_median_s: f64,
        /// The mean of the last even number of steps, at most half of them,
        /// as `step_time_steady_s` of `arts ampi run`.
        step_time_steady_s: Option<f64>,
        total_time_s: f64,
        rank_grid: [usize; 3],
    }

    /// Runs `arts run stencil3d-mpi`.
    pub fn run_stencil3d_mpi(args: &Stencil3dMpiArgs, out: Output) -> CliResult {
        require_mpi("stencil3d-mpi", |mpi| {
            crate::budget::check_memory(
                "stencil3d-mpi (the reference and a block)",
                arts_apps::stencil3d::memory_bytes(args.size as usize),
            )?;
            let o =
                baselines::stencil3d::static_blocks(mpi.world(), args.size as usize, args.iters)
                    .map_err(|e| CliError::usage(format!("--size: {e}")))?;
            let r = Stencil3dMpiJson {
                program: "stencil3d-mpi",
                ranks: mpi.size(),
                valid: o.valid,
                max_abs_diff: o.max_diff,
                step_time_median_s: median(&o.step_times),
                step_time_steady_s: arts_util::stats::steady_mean(&o.step_times),
                step_times_s: o.step_times,
                total_time_s: o.total_time_s,
                rank_grid: o.grid,
            };
            out.emit(&r, || {
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
            })?;
            if r.valid {
                Ok(())
            } else {
                Err(CliError::failed(
                    "stencil3d-mpi differs from the sequential reference",
                ))
            }
        })?
    }

    #[derive(Serialize)]
    struct Heat3dMpiJson {
        app: &'static str,
        mode: &'static str,
        processes: u32,
        cores: u32,
        n: u64,
        steps: u64,
        alpha: f64,
        valid: bool,
        max_abs_diff: f64,
        step_time_median_s: f64,
        step_time_mean_s: f64,
        total_time_s: f64,
        sequential_step_time_median_s: f64,
        speedup_vs_sequential: f64,
        grid_bytes_per_process: u64,
    }

    /// Runs `arts run heat3d-mpi`.
    pub fn run_heat3d_mpi(args: &Heat3dMpiArgs, out: Output) -> CliResult {
        if !(args.alpha > 0.0 && args.alpha <= arts_dispatch::heat3d::MAX_STABLE_ALPHA) {
            return Err(CliError::usage(format!(
                "--alpha {} is not stable; 0 < alpha <= 1/6 accepted",
                args.alpha
            )));
        }
        require_mpi("heat3d-mpi", |mpi| {
            let n = args.n as usize;
            crate::budget::check_memory(
                "heat3d-mpi (the reference and a slab)",
                4 * (n * n * n * 8) as u64,
            )?;
            let o = baselines::heat3d::slabs(mpi.world(), n, args.steps as usize, args.alpha)
                .map_err(|e| CliError::usage(format!("--n: {e}")))?;
            let median = median(&o.step_times);
            let r = Heat3dMpiJson {
                app: "heat3d-mpi",
                mode: "mpi",
                processes: mpi.size(),
                cores: mpi.size(),
                n: args.n,
                steps: args.steps,
                alpha: args.alpha,
                valid: o.valid,
                max_abs_diff: o.max_diff,
                step_time_median_s: median,
                step_time_mean_s: o.total_time_s / args.steps as f64,
                total_time_s: o.total_time_s,
                sequential_step_time_median_s: o.sequential_step_time_median_s,
                speedup_vs_sequential: o.sequential_step_time_median_s / median,
                grid_bytes_per_process: o.bytes_per_rank,
            };
            out.emit(&r, || {
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
            })?;
            if r.valid {
                Ok(())
            } else {
                Err(CliError::failed(
                    "heat3d-mpi differs from the sequential reference",
                ))
            }
        })?
    }

    /// Runs `arts bench mpi`.
    pub fn bench_mpi(args: &BenchMpiArgs, out: Output) -> CliResult {
        require_mpi("bench mpi", |mpi| {
            let r = mpi_bench::bench(mpi, args.round_trips, args.iters, args.repeat)
                .map_err(bench_error)?;
            out.emit(&r, || r.table())
        })?
    }
}

#[cfg(feature = "mpi")]
pub use imp::{bench_mpi, run_heat3d_mpi, run_jacobi2d_mpi, run_stencil3d_mpi, run_zones_mpi};

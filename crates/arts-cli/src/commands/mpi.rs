//! `arts run jacobi2d-mpi`, `arts run zones-mpi`, `arts run stencil3d-mpi`
//! (the static-partition MPI baselines) and `arts bench mpi` (arts against
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

/// Runs `arts bench mpi`.
#[cfg(not(feature = "mpi"))]
pub fn bench_mpi(_args: &BenchMpiArgs, _out: Output) -> CliResult {
    Err(no_mpi("bench mpi"))
}

#[cfg(feature = "mpi")]
mod imp {
    use std::sync::Arc;

    use arts_apps::baselines;
    use arts_apps::stencil2d::{Kernel, Problem, sequential};
    use arts_apps::{jacobi2d, zones};
    use arts_core::{Config, LbConfig, LbPeriod, Map};
    use arts_experiments::microbench;
    use arts_mpi::{Mpi, rawbench};
    use arts_util::stats::{mean, median};
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

    #[derive(Serialize)]
    struct BenchMpiJson {
        processes: u32,
        repeat: u32,
        raw_pingpong_ns: f64,
        arts_pingpong_ns: f64,
        pingpong_latency_ratio: f64,
        raw_bandwidth_bytes_per_s: f64,
        /// With the buffer in an `arts_core::Bulk` (sent beside the frame).
        arts_bandwidth_bytes_per_s: f64,
        bandwidth_ratio: f64,
        /// With the buffer in a `Vec<u8>` field (serde copies it in and out).
        arts_copied_bandwidth_bytes_per_s: f64,
        bandwidth_copied_ratio: f64,
        static_mpi_jacobi_step_s: f64,
        arts_jacobi_step_s: f64,
        jacobi_vs_static_mpi_ratio: f64,
        static_mpi_zones_step_s: f64,
        arts_zones_greedy_step_s: f64,
        zones_vs_static_mpi_ratio: f64,
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
    ) -> Result<Problem<arts_apps::stencil2d::Plain>, CliError> {
        jacobi2d::Params {
            rows: grid.0,
            cols: grid.1,
            objs_x: objs,
            objs_y: 1,
            iters,
        }
        .problem()
        .map_err(|e| CliError::usage(format!("--grid: {e}")))
    }

    fn zones_problem(
        zones: (usize, usize),
        base: usize,
        iters: u32,
    ) -> Result<Problem<arts_apps::stencil2d::Plain>, CliError> {
        let count = |v: usize| {
            u32::try_from(v).map_err(|_| CliError::usage(format!("--zones: {v} is too large")))
        };
        zones::Params {
            zones_x: count(zones.0)?,
            zones_y: count(zones.1)?,
            base,
            iters,
            ..zones::Params::default()
        }
        .problem()
        .map_err(|e| CliError::usage(format!("zones: {e}")))
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

    /// Runs `arts bench mpi`.
    pub fn bench_mpi(args: &BenchMpiArgs, out: Output) -> CliResult {
        require_mpi("bench mpi", |mpi| bench(mpi, args, out))?
    }

    fn bench(mpi: &Mpi, args: &BenchMpiArgs, out: Output) -> CliResult {
        let size = mpi.size();
        if size < 2 {
            return Err(CliError::usage(
                "bench mpi needs at least 2 ranks (mpirun -np 2)",
            ));
        }
        let failed = |e: arts_core::RunError| CliError::failed(e);
        let one_pe = mpi.config(&Config::default(), 1);
        let greedy = LbConfig {
            strategy: Arc::from(arts_lb::by_name("greedy").map_err(CliError::failed)?),
            period: LbPeriod::Steps(10),
            record_inputs: false,
            speeds: None,
        };
        let lb_cfg = mpi.config(
            &Config {
                lb: Some(greedy),
                ..Config::default()
            },
            1,
        );
        let jp = jacobi_problem((4096, 4096), size, args.iters)?;
        let jref = Arc::new(sequential(&jp));
        let zp = zones_problem((8, 4), 64, args.iters)?;
        let zref = Arc::new(sequential(&zp));
        let mib = 1 << 20;
        // Every measurement once per repetition, interleaved, so that a burst
        // of load from elsewhere hits all of them alike; medians reported.
        let mut s: [Vec<f64>; 9] = Default::default();
        for _ in 0..args.repeat {
            s[0].push(rawbench::pingpong_ns(mpi, args.round_trips));
            s[1].push(microbench::pingpong_ns(&one_pe, false, args.round_trips).map_err(failed)?);
            s[2].push(rawbench::bandwidth_bytes_per_s(mpi, mib, 200));
            s[3].push(microbench::bandwidth_bytes_per_s(&one_pe, mib, 200, true).map_err(failed)?);
            s[8].push(microbench::bandwidth_bytes_per_s(&one_pe, mib, 200, false).map_err(failed)?);
            let static_j =
                baselines::static_bands(mpi.world(), &jp, Some(&jref)).map_err(CliError::usage)?;
            let arts_j =
                jacobi2d::run(&jp, &one_pe, Map::Block, Some(jref.clone())).map_err(failed)?;
            let static_z =
                baselines::static_bands(mpi.world(), &zp, Some(&zref)).map_err(CliError::usage)?;
            let arts_z =
                zones::run(&zp, &lb_cfg, Map::Block, Some(zref.clone())).map_err(failed)?;
            if [
                static_j.max_diff,
                arts_j.max_diff,
                static_z.max_diff,
                arts_z.max_diff,
            ]
            .iter()
            .any(|d| *d != 0.0)
            {
                return Err(CliError::failed(
                    "a result differs from the sequential reference",
                ));
            }
            // Steady state: mean step time over steps 10..iters-1 of both.
            // Means, because the driver sees the runtime's steps end in
            // bursts when its thread waits for the core (a median of those
            // intervals flatters the runtime); from step 10, after the
            // warm-up (first-touch page faults, the first balancing step);
            // without the last step, in which the runtime's app compares
            // its grid with the reference (the baseline does so untimed).
            // `--iters` is at least 12, so the window is never empty.
            let steady = |t: &[f64]| mean(&t[10..t.len() - 1]);
            s[4].push(steady(&static_j.step_times));
            s[5].push(steady(&arts_j.step_times));
            s[6].push(steady(&static_z.step_times));
            s[7].push(steady(&arts_z.step_times));
        }
        let [
            raw_ns,
            arts_ns,
            raw_bw,
            arts_bw,
            static_j_s,
            arts_j_s,
            static_z_s,
            arts_z_s,
            copied_bw,
        ] = s.map(|v| median(&v));
        let r = BenchMpiJson {
            processes: size,
            repeat: args.repeat,
            raw_pingpong_ns: raw_ns,
            arts_pingpong_ns: arts_ns,
            pingpong_latency_ratio: arts_ns / raw_ns,
            raw_bandwidth_bytes_per_s: raw_bw,
            arts_bandwidth_bytes_per_s: arts_bw,
            bandwidth_ratio: arts_bw / raw_bw,
            arts_copied_bandwidth_bytes_per_s: copied_bw,
            bandwidth_copied_ratio: copied_bw / raw_bw,
            static_mpi_jacobi_step_s: static_j_s,
            arts_jacobi_step_s: arts_j_s,
            jacobi_vs_static_mpi_ratio: arts_j_s / static_j_s,
            static_mpi_zones_step_s: static_z_s,
            arts_zones_greedy_step_s: arts_z_s,
            zones_vs_static_mpi_ratio: arts_z_s / static_z_s,
        };
        out.emit(&r, || {
            format!(
                "arts vs raw MPI, {} processes x 1 PE, medians of {} interleaved repetitions\n\
                 ping-pong one-way   arts {:.2} us   raw {:.2} us   ratio {:.2} (target <= 1.5)\n\
                 1 MiB bandwidth     arts {:.2} GB/s raw {:.2} GB/s ratio {:.2} (target >= 0.8)\n\
                 1 MiB, serde-copied arts {:.2} GB/s              ratio {:.2}\n\
                 jacobi2d 4096^2     arts {:.2} ms   static MPI {:.2} ms ratio {:.3} (target <= 1.10)\n\
                 zones (greedy)      arts {:.2} ms   static MPI {:.2} ms ratio {:.3} (target <= 0.8)",
                r.processes,
                r.repeat,
                r.arts_pingpong_ns / 1e3,
                r.raw_pingpong_ns / 1e3,
                r.pingpong_latency_ratio,
                r.arts_bandwidth_bytes_per_s / 1e9,
                r.raw_bandwidth_bytes_per_s / 1e9,
                r.bandwidth_ratio,
                r.arts_copied_bandwidth_bytes_per_s / 1e9,
                r.bandwidth_copied_ratio,
                r.arts_jacobi_step_s * 1e3,
                r.static_mpi_jacobi_step_s * 1e3,
                r.jacobi_vs_static_mpi_ratio,
                r.arts_zones_greedy_step_s * 1e3,
                r.static_mpi_zones_step_s * 1e3,
                r.zones_vs_static_mpi_ratio,
            )
        })
    }
}

#[cfg(feature = "mpi")]
pub use imp::{bench_mpi, run_jacobi2d_mpi, run_stencil3d_mpi, run_zones_mpi};

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
    use arts_apps::baseline_report::{
        BaselineReport, Heat3dMpiProblem, Heat3dMpiReport, Stencil3dMpiReport,
    };
    use arts_apps::baselines;
    use arts_apps::stencil2d::{Kernel, Problem, sequential};
    use arts_experiments::mpi_bench;
    use arts_mpi::Mpi;

    use super::*;
    use crate::world::require_mpi;

    fn baseline_run<K: Kernel>(mpi: &Mpi, app: &str, p: &Problem<K>, out: Output) -> CliResult {
        let (rows, cols) = (p.layout.rows(), p.layout.cols());
        crate::budget::check_memory(
            format!("{app} on a {rows}x{cols} grid"),
            p.memory_bytes(true),
        )?;
        let reference = sequential(p);
        let o =
            baselines::static_bands(mpi.world(), p, Some(&reference)).map_err(CliError::usage)?;
        let r = BaselineReport::new(app, mpi.size(), &o);
        out.emit(&r, || r.table())?;
        r.failure().map_or(Ok(()), |m| Err(CliError::failed(m)))
    }

    /// Runs `arts run jacobi2d-mpi`.
    pub fn run_jacobi2d_mpi(args: &Jacobi2dMpiArgs, out: Output) -> CliResult {
        require_mpi("jacobi2d-mpi", |mpi| {
            let p = mpi_bench::jacobi_problem(args.grid, mpi.size(), args.iters)?;
            baseline_run(mpi, "jacobi2d-mpi", &p, out)
        })?
    }

    /// Runs `arts run zones-mpi`.
    pub fn run_zones_mpi(args: &ZonesMpiArgs, out: Output) -> CliResult {
        require_mpi("zones-mpi", |mpi| {
            let p = mpi_bench::zones_problem(args.zones, args.base, args.iters)?;
            baseline_run(mpi, "zones-mpi", &p, out)
        })?
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
            let r = Stencil3dMpiReport::new(mpi.size(), o);
            out.emit(&r, || r.table())?;
            r.failure().map_or(Ok(()), |m| Err(CliError::failed(m)))
        })?
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
            let problem = Heat3dMpiProblem {
                processes: mpi.size(),
                n: args.n,
                steps: args.steps,
                alpha: args.alpha,
            };
            let r = Heat3dMpiReport::new(problem, &o);
            out.emit(&r, || r.table())?;
            r.failure().map_or(Ok(()), |m| Err(CliError::failed(m)))
        })?
    }

    /// Runs `arts bench mpi`.
    pub fn bench_mpi(args: &BenchMpiArgs, out: Output) -> CliResult {
        require_mpi("bench mpi", |mpi| {
            let r = mpi_bench::bench(mpi, args.round_trips, args.iters, args.repeat)?;
            out.emit(&r, || r.table())
        })?
    }
}

#[cfg(feature = "mpi")]
pub use imp::{bench_mpi, run_heat3d_mpi, run_jacobi2d_mpi, run_stencil3d_mpi, run_zones_mpi};

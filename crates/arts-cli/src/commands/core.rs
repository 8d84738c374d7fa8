//! `arts run jacobi2d` and `arts bench core`.

use arts_apps::jacobi2d::{self, Params};
use arts_apps::stencil2d::saved_state::StencilApp;
use arts_apps::stencil2d::{Plain, Problem};
use arts_experiments::core_bench::{self, CoreBenchOptions};

use super::stencil::{RunOpts, execute, finish};
use crate::args::dims2;
use crate::output::{CliError, CliResult, Output};

/// Arguments of `arts run jacobi2d`.
#[derive(clap::Args)]
pub struct Jacobi2dArgs {
    /// Interior grid points, ROWSxCOLS.
    #[arg(long, default_value = "4096x4096", value_parser = dims2)]
    grid: (usize, usize),
    /// Objects (blocks), ROWSxCOLS; need not divide the grid.
    #[arg(long, default_value = "16x16", value_parser = dims2)]
    objects: (usize, usize),
    /// Number of steps.
    #[arg(long, visible_alias = "steps", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    iters: u32,
    #[command(flatten)]
    opts: RunOpts,
}

fn params(grid: (usize, usize), objects: (usize, usize), iters: u32) -> Result<Params, CliError> {
    let count = |v: usize| {
        u32::try_from(v).map_err(|_| CliError::usage(format!("--objects: {v} is too large")))
    };
    Ok(Params {
        rows: grid.0,
        cols: grid.1,
        objs_x: count(objects.0)?,
        objs_y: count(objects.1)?,
        iters,
    })
}

fn problem(params: &Params) -> Result<Problem<Plain>, CliError> {
    params
        .problem()
        .map_err(|e| CliError::usage(format!("--grid/--objects: {e}")))
}

/// Runs `arts run jacobi2d`.
pub fn run_jacobi2d(args: &Jacobi2dArgs, out: Output) -> CliResult {
    let params = params(args.grid, args.objects, args.iters)?;
    let p = problem(&params)?;
    let prepared = args.opts.prepare(out)?;
    let report = execute(
        StencilApp::Jacobi2d(params),
        &p,
        prepared,
        out,
        jacobi2d::run,
        jacobi2d::reference,
    )?;
    finish(&report, out)
}

/// Arguments of `arts bench core`.
#[derive(clap::Args)]
pub struct BenchCoreArgs {
    /// Grid side for the Jacobi2D measurements (square grid).
    #[arg(long, default_value_t = 8192, value_parser = clap::value_parser!(u64).range(64..))]
    grid: u64,
    /// Steps per Jacobi2D measurement.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(3..))]
    iters: u32,
    /// Round trips per ping-pong measurement.
    #[arg(long, default_value_t = 200_000, value_parser = clap::value_parser!(u32).range(1..))]
    round_trips: u32,
    /// Repetitions of every measurement, interleaved (medians are reported).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    repeat: u32,
}

/// Runs `arts bench core`. Every measurement is repeated `--repeat` times,
/// interleaved with the others, so that a burst of load from elsewhere hits
/// all of them alike; medians are reported.
pub fn bench_core(args: &BenchCoreArgs, out: Output) -> CliResult {
    let opts = CoreBenchOptions {
        grid: args.grid,
        iters: args.iters,
        round_trips: args.round_trips,
        repeat: args.repeat,
    };
    let bar = out.progress(core_bench::measurements(&opts), "bench core");
    let r = core_bench::run(&opts, &crate::budget::budget(), || bar.inc(1))?;
    bar.finish_and_clear();
    out.emit(&r, || r.table())
}

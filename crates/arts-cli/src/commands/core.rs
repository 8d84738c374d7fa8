//! `arts run jacobi2d` and `arts bench core`.

use std::sync::Arc;

use arts_apps::jacobi2d::{self, Params};
use arts_apps::microbench;
use arts_apps::stats::median;
use arts_apps::stencil2d::{Plain, Problem};
use arts_core::{Config, Map};
use serde::Serialize;

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
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    iters: u32,
    #[command(flatten)]
    opts: RunOpts,
}

fn problem(
    grid: (usize, usize),
    objects: (usize, usize),
    iters: u32,
) -> Result<Problem<Plain>, CliError> {
    let count = |v: usize| {
        u32::try_from(v).map_err(|_| CliError::usage(format!("--objects: {v} is too large")))
    };
    Params {
        rows: grid.0,
        cols: grid.1,
        objs_x: count(objects.0)?,
        objs_y: count(objects.1)?,
        iters,
    }
    .problem()
    .map_err(|e| CliError::usage(format!("--grid/--objects: {e}")))
}

/// Runs `arts run jacobi2d`.
pub fn run_jacobi2d(args: &Jacobi2dArgs, out: Output) -> CliResult {
    let p = problem(args.grid, args.objects, args.iters)?;
    let prepared = args.opts.prepare()?;
    let report = execute(
        "jacobi2d",
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
    /// Repetitions of each latency measurement (the median is reported).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    repeat: u32,
}

#[derive(Serialize)]
struct BenchCoreResult {
    same_pe_send_dispatch_ns: f64,
    cross_pe_latency_ns: f64,
    reduction_1024_us: f64,
    grid: u64,
    iters: u32,
    sequential_step_s: f64,
    jacobi_1pe_64obj_step_s: f64,
    jacobi_vs_sequential_ratio: f64,
    rayon_2threads_step_s: f64,
    jacobi_2pe_64obj_step_s: f64,
    jacobi_vs_threads_ratio: f64,
    step_s_by_objects_per_pe: Vec<(u64, f64)>,
    overdecomposition_ratio: f64,
    jacobi_2pe_uninstrumented_step_s: f64,
    instrumentation_overhead_ratio: f64,
    jacobi_2pe_traced_step_s: f64,
    tracing_overhead_ratio: f64,
}

fn repeat_median(n: u32, mut f: impl FnMut() -> Result<f64, CliError>) -> Result<f64, CliError> {
    let v = (0..n).map(|_| f()).collect::<Result<Vec<_>, _>>()?;
    Ok(median(&v))
}

/// Objects grid (rows x cols) with `n` objects, as square as possible.
fn object_grid(n: u64) -> (usize, usize) {
    let mut r = (n as f64).sqrt() as u64;
    while !n.is_multiple_of(r) {
        r -= 1;
    }
    (r as usize, (n / r) as usize)
}

/// Runs `arts bench core`.
pub fn bench_core(args: &BenchCoreArgs, out: Output) -> CliResult {
    let g = args.grid as usize;
    let bar = out.progress(10, "bench core");
    let cfg = |pes: u32| Config {
        pes,
        ..Config::default()
    };
    let failed = |e: arts_core::RunError| CliError::failed(e);

    bar.set_message("ping-pong");
    let same = repeat_median(args.repeat, || {
        microbench::pingpong_ns(&cfg(1), true, args.round_trips).map_err(failed)
    })?;
    bar.inc(1);
    let cross = repeat_median(args.repeat, || {
        microbench::pingpong_ns(&cfg(2), false, args.round_trips).map_err(failed)
    })?;
    bar.inc(1);
    bar.set_message("reduction");
    let red = repeat_median(args.repeat, || {
        microbench::reduction_us(&cfg(2), 1024, 2000).map_err(failed)
    })?;
    bar.inc(1);

    bar.set_message("sequential");
    let p = |objs: (usize, usize)| problem((g, g), objs, args.iters);
    let base = p((1, 1))?;
    let reference = Arc::new(jacobi2d::reference(&base));
    let seq = median(&reference.step_times);
    bar.inc(1);
    let jacobi = |objs: (usize, usize), config: Config| -> Result<f64, CliError> {
        let o = jacobi2d::run(&p(objs)?, &config, Map::Block, Some(reference.clone()))
            .map_err(failed)?;
        if o.max_diff != 0.0 {
            return Err(CliError::failed(format!(
                "jacobi2d with {objs:?} objects is not valid (diff {:e})",
                o.max_diff
            )));
        }
        Ok(o.step_time_median_s())
    };
    bar.set_message("jacobi 1 PE");
    let one_pe = jacobi((8, 8), cfg(1))?;
    bar.inc(1);
    bar.set_message("rayon");
    let rayon = median(&jacobi2d::threaded(&base, 2));
    bar.inc(1);
    bar.set_message("jacobi 2 PEs");
    let two_pe = jacobi((8, 8), cfg(2))?;
    bar.inc(1);
    bar.set_message("overdecomposition");
    let mut by_objects = Vec::new();
    for per_pe in [4u64, 64, 1024] {
        by_objects.push((per_pe, jacobi(object_grid(2 * per_pe), cfg(2))?));
    }
    bar.inc(1);
    bar.set_message("instrumentation");
    let plain = jacobi(
        (8, 8),
        Config {
            instrument: false,
            ..cfg(2)
        },
    )?;
    bar.inc(1);
    let traced = jacobi(
        (8, 8),
        Config {
            trace: true,
            ..cfg(2)
        },
    )?;
    bar.finish_and_clear();

    let r = BenchCoreResult {
        same_pe_send_dispatch_ns: same,
        cross_pe_latency_ns: cross,
        reduction_1024_us: red,
        grid: args.grid,
        iters: args.iters,
        sequential_step_s: seq,
        jacobi_1pe_64obj_step_s: one_pe,
        jacobi_vs_sequential_ratio: one_pe / seq,
        rayon_2threads_step_s: rayon,
        jacobi_2pe_64obj_step_s: two_pe,
        jacobi_vs_threads_ratio: rayon / two_pe,
        overdecomposition_ratio: by_objects[2].1 / by_objects[0].1,
        step_s_by_objects_per_pe: by_objects,
        jacobi_2pe_uninstrumented_step_s: plain,
        instrumentation_overhead_ratio: two_pe / plain,
        jacobi_2pe_traced_step_s: traced,
        tracing_overhead_ratio: traced / two_pe,
    };
    out.emit(&r, || {
        let od: Vec<String> = r
            .step_s_by_objects_per_pe
            .iter()
            .map(|(n, s)| format!("{n}/PE {:.2} ms", s * 1e3))
            .collect();
        format!(
            "same-PE send+dispatch        {:.0} ns\n\
             cross-PE one-way latency     {:.0} ns\n\
             reduction+broadcast, 1024 el {:.1} us\n\
             jacobi2d {g}x{g}, {} steps (median step):\n\
             \x20 sequential loop           {:.2} ms\n\
             \x20 arts 1 PE, 64 objects     {:.2} ms  (ratio {:.3}, target <= 1.10)\n\
             \x20 rayon 2 threads           {:.2} ms\n\
             \x20 arts 2 PEs, 64 objects    {:.2} ms  (throughput ratio {:.3}, target >= 0.95)\n\
             \x20 overdecomposition (2 PEs) {}  (1024 vs 4: {:.3}, target <= 1.15)\n\
             \x20 instrumentation off       {:.2} ms  (on/off {:.3}, target <= 1.03)\n\
             \x20 tracing on                {:.2} ms  (on/off {:.3}, target <= 1.10)",
            r.same_pe_send_dispatch_ns,
            r.cross_pe_latency_ns,
            r.reduction_1024_us,
            r.iters,
            r.sequential_step_s * 1e3,
            r.jacobi_1pe_64obj_step_s * 1e3,
            r.jacobi_vs_sequential_ratio,
            r.rayon_2threads_step_s * 1e3,
            r.jacobi_2pe_64obj_step_s * 1e3,
            r.jacobi_vs_threads_ratio,
            od.join(", "),
            r.overdecomposition_ratio,
            r.jacobi_2pe_uninstrumented_step_s * 1e3,
            r.instrumentation_overhead_ratio,
            r.jacobi_2pe_traced_step_s * 1e3,
            r.tracing_overhead_ratio,
        )
    })
}

//! `arts run jacobi2d` and `arts bench core`.

use std::sync::Arc;

use arts_apps::jacobi2d::{self, Params};
use arts_apps::stencil2d::checkpoint::StencilApp;
use arts_apps::stencil2d::{Plain, Problem};
use arts_core::{Config, Map};
use arts_experiments::microbench;
use arts_util::stats::median;
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

#[derive(Serialize)]
struct BenchCoreResult {
    repeat: u32,
    same_pe_send_dispatch_ns: f64,
    cross_pe_latency_ns: f64,
    reduction_1024_us: f64,
    migration_1mib_ms: f64,
    migration_bytes_per_s: f64,
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

/// Objects grid (rows x cols) with `n` objects, as square as possible.
fn object_grid(n: u64) -> (usize, usize) {
    let mut r = (n as f64).sqrt() as u64;
    while !n.is_multiple_of(r) {
        r -= 1;
    }
    (r as usize, (n / r) as usize)
}

/// The measurements of `arts bench core`; each is run once per repetition.
#[derive(Clone, Copy, PartialEq)]
enum Measure {
    SamePe,
    CrossPe,
    Reduction,
    Migration,
    Sequential,
    OnePe,
    Rayon,
    TwoPe,
    PerPe(u64),
    Uninstrumented,
    Traced,
}

/// Runs `arts bench core`. Every measurement is repeated `--repeat` times,
/// interleaved with the others, so that a burst of load from elsewhere hits
/// all of them alike; medians are reported.
pub fn bench_core(args: &BenchCoreArgs, out: Output) -> CliResult {
    use Measure::*;
    let g = args.grid as usize;
    let cfg = |pes: u32| Config {
        pes,
        ..Config::default()
    };
    let failed = |e: arts_core::RunError| CliError::failed(e);
    let p = |objs: (usize, usize)| problem(&params((g, g), objs, args.iters)?);
    let base = p((1, 1))?;
    crate::budget::check_memory(
        format!("bench core on a {g}x{g} grid"),
        base.memory_bytes(true),
    )?;
    let reference = Arc::new(jacobi2d::reference(&base));
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
    let rotate = Config {
        lb: Some(arts_core::LbConfig {
            strategy: Arc::from(arts_lb::by_name("rotate").map_err(CliError::failed)?),
            period: arts_core::LbPeriod::EverySync,
            record_inputs: false,
            speeds: None,
        }),
        ..cfg(2)
    };
    let measures = [
        SamePe,
        CrossPe,
        Reduction,
        Migration,
        Sequential,
        OnePe,
        Rayon,
        TwoPe,
        PerPe(4),
        PerPe(64),
        PerPe(1024),
        Uninstrumented,
        Traced,
    ];
    let bar = out.progress((measures.len() as u32 * args.repeat) as u64, "bench core");
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); measures.len()];
    let mut migrated_bytes = 0;
    for _ in 0..args.repeat {
        for (i, m) in measures.iter().enumerate() {
            let v = match *m {
                SamePe => {
                    microbench::pingpong_ns(&cfg(1), true, args.round_trips).map_err(failed)?
                }
                CrossPe => {
                    microbench::pingpong_ns(&cfg(2), false, args.round_trips).map_err(failed)?
                }
                Reduction => microbench::reduction_us(&cfg(2), 1024, 2000).map_err(failed)?,
                Migration => {
                    let (t, bytes) =
                        microbench::migration_s(&rotate, 1 << 20, 20).map_err(failed)?;
                    migrated_bytes = bytes;
                    t
                }
                Sequential => median(&jacobi2d::reference(&base).step_times),
                OnePe => jacobi((8, 8), cfg(1))?,
                Rayon => median(&jacobi2d::threaded(&base, 2)),
                TwoPe => jacobi((8, 8), cfg(2))?,
                PerPe(n) => jacobi(object_grid(2 * n), cfg(2))?,
                Uninstrumented => jacobi(
                    (8, 8),
                    Config {
                        instrument: false,
                        ..cfg(2)
                    },
                )?,
                Traced => jacobi(
                    (8, 8),
                    Config {
                        trace: true,
                        ..cfg(2)
                    },
                )?,
            };
            samples[i].push(v);
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    let m = |which: Measure| {
        median(&samples[measures.iter().position(|x| *x == which).expect("listed")])
    };
    let (seq, one_pe, rayon, two_pe) = (m(Sequential), m(OnePe), m(Rayon), m(TwoPe));
    let by_objects: Vec<(u64, f64)> = [4, 64, 1024].iter().map(|&n| (n, m(PerPe(n)))).collect();
    let (plain, traced, migration) = (m(Uninstrumented), m(Traced), m(Migration));
    let r = BenchCoreResult {
        repeat: args.repeat,
        same_pe_send_dispatch_ns: m(SamePe),
        cross_pe_latency_ns: m(CrossPe),
        reduction_1024_us: m(Reduction),
        migration_1mib_ms: migration * 1e3,
        migration_bytes_per_s: migrated_bytes as f64 / migration,
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
            "medians of {} interleaved repetitions\n\
             same-PE send+dispatch        {:.0} ns (target <= 80)\n\
             cross-PE one-way latency     {:.0} ns (target <= 300)\n\
             reduction+broadcast, 1024 el {:.1} us\n\
             1 MiB migration              {:.3} ms, {:.2} GB/s (target <= 1 ms)\n\
             jacobi2d {g}x{g}, {} steps (median step):\n\
             \x20 sequential loop           {:.2} ms\n\
             \x20 arts 1 PE, 64 objects     {:.2} ms  (ratio {:.3}, target <= 1.10)\n\
             \x20 rayon 2 threads           {:.2} ms\n\
             \x20 arts 2 PEs, 64 objects    {:.2} ms  (throughput ratio {:.3}, target >= 0.95)\n\
             \x20 overdecomposition (2 PEs) {}  (1024 vs 4: {:.3}, target <= 1.15)\n\
             \x20 instrumentation off       {:.2} ms  (on/off {:.3}, target <= 1.03)\n\
             \x20 tracing on                {:.2} ms  (on/off {:.3}, target <= 1.10)",
            r.repeat,
            r.same_pe_send_dispatch_ns,
            r.cross_pe_latency_ns,
            r.reduction_1024_us,
            r.migration_1mib_ms,
            r.migration_bytes_per_s / 1e9,
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

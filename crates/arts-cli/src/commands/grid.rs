//! `arts grid`: the grid thesis' experiments on an emulated grid, each
//! writing a CSV and SVG plots with `--out DIR`.

use std::path::PathBuf;

use arts_experiments::grid_study::{self, GridRun, Setup, Variant};
use serde::Serialize;

use crate::args::output_dir;
use crate::output::{CliError, CliResult, Output, PendingDir};

/// The grid experiments.
#[derive(clap::Subcommand)]
pub enum GridCommand {
    /// Step time against cross-cluster latency for each mapping and balancer
    /// (thesis chapters 4–7).
    Sweep(SweepArgs),
    /// Two clusters, the second slower: each strategy against the ideal step time.
    Heterogeneity(HeterogeneityArgs),
    /// Strategy time and LB step time against object count.
    LbCost(LbCostArgs),
    /// Accuracy of the delay layer: cross-cluster one-way time against the
    /// configured latency, intra-cluster latency while cross traffic waits.
    Delay(DelayArgs),
}

/// Arguments of `arts grid delay`.
#[derive(clap::Args)]
pub struct DelayArgs {
    /// Configured one-way latencies, ms, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "1,8,32")]
    latencies: Vec<f64>,
    /// Cross-cluster one-way trips per latency.
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(2..=100_000))]
    trips: u32,
    /// Runs of the intra-cluster game with and without the layer,
    /// interleaved; the medians are reported.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=100))]
    intra_reps: u32,
    /// Runs of each side for the layer's cost at zero latency (Jacobi2D
    /// 2048x2048, 64 objects, 2 PEs); 0 skips it.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(0..=100))]
    cost_reps: u32,
}

#[derive(Serialize)]
struct DelayJson {
    experiment: &'static str,
    runs: Vec<arts_experiments::grid_delay::DelayAccuracy>,
    zero_latency_cost: Option<arts_experiments::grid_delay::LayerCost>,
}

/// Runs `arts grid delay`.
fn run_delay(a: &DelayArgs, out: Output) -> CliResult {
    check_list("--latencies", &a.latencies, |l| {
        l.is_finite() && (0.0..=1000.0).contains(l)
    })?;
    let runs = arts_experiments::grid_delay::delay_accuracy(&a.latencies, a.trips, a.intra_reps)
        .map_err(CliError::failed)?;
    let zero_latency_cost = match a.cost_reps {
        0 => None,
        reps => Some(
            arts_experiments::grid_delay::layer_cost(2048, 64, 2, 60, reps)
                .map_err(CliError::failed)?,
        ),
    };
    let json = DelayJson {
        experiment: "delay",
        runs,
        zero_latency_cost,
    };
    out.emit(&json, || {
        let mut t = format!(
            "{:>10} {:>14} {:>12} {:>16} {:>16} {:>12}\n",
            "latency ms", "cross ms", "excess ms", "intra us", "intra base us", "intra ratio"
        );
        for r in &json.runs {
            t += &format!(
                "{:>10} {:>14.4} {:>12.4} {:>16.3} {:>16.3} {:>12.3}\n",
                r.latency_ms,
                r.cross_one_way_ms,
                r.cross_excess_ms,
                r.intra_one_way_us,
                r.intra_baseline_us,
                r.intra_ratio
            );
        }
        if let Some(c) = &json.zero_latency_cost {
            t += &format!(
                "layer at 0 ms: step {:.3} ms vs {:.3} ms without (ratio {:.3}, {} runs each)\n",
                c.layer_step_time_s * 1e3,
                c.plain_step_time_s * 1e3,
                c.ratio,
                c.reps
            );
        }
        t
    })
}

/// What every experiment takes.
#[derive(clap::Args)]
pub struct StudyOpts {
    /// PEs, split into the clusters.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pes: u32,
    /// Clusters.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    clusters: u32,
    /// Steps per run.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(2..))]
    iters: u32,
    /// Balance every N steps (variants with a strategy).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    lb_every: u32,
    /// Runs of every cell, interleaved; the median is reported (sweep and
    /// heterogeneity).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    reps: u32,
    /// Write the CSV (and SVG plot) into this directory.
    #[arg(long, value_parser = output_dir)]
    out: Option<PathBuf>,
}

/// Arguments of `arts grid sweep`.
#[derive(clap::Args)]
pub struct SweepArgs {
    /// Mesh sizes (square), comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "2048")]
    grids: Vec<usize>,
    /// Objects per PE, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "1,4,16,64")]
    objects_per_pe: Vec<u32>,
    /// Cross-cluster one-way latencies in ms, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "0,1,2,4,8,16,32")]
    latencies: Vec<f64>,
    /// Variants: naive, block, block+prio, naive+STRATEGY, block+STRATEGY.
    #[arg(long, value_delimiter = ',', value_parser = Variant::parse,
          default_value = "naive,block,block+prio,naive+grid-comm,naive+grid-metis,naive+grid-hybrid")]
    variants: Vec<Variant>,
    #[command(flatten)]
    opts: StudyOpts,
}

/// Arguments of `arts grid heterogeneity`.
#[derive(clap::Args)]
pub struct HeterogeneityArgs {
    /// Mesh size (square).
    #[arg(long, default_value_t = 2048)]
    grid: usize,
    /// Objects per PE.
    #[arg(long, default_value_t = 32)]
    objects_per_pe: u32,
    /// Relative speed of each cluster, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "1,0.5")]
    cluster_speeds: Vec<f64>,
    /// Cross-cluster one-way latency, ms.
    #[arg(long, default_value_t = 0.0)]
    latency: f64,
    /// Variants (see `arts grid sweep --help`).
    #[arg(long, value_delimiter = ',', value_parser = Variant::parse,
          default_value = "block,block+greedy,block+refine,block+grid-comm,block+grid-metis,block+grid-hybrid")]
    variants: Vec<Variant>,
    #[command(flatten)]
    opts: StudyOpts,
}

/// Arguments of `arts grid lb-cost`.
#[derive(clap::Args)]
pub struct LbCostArgs {
    /// Mesh size (square).
    #[arg(long, default_value_t = 1024)]
    grid: usize,
    /// Object counts, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "256,1024,4096,16384")]
    objects: Vec<u32>,
    /// Strategies, comma-separated.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "grid-comm,grid-metis,grid-hybrid"
    )]
    strategies: Vec<String>,
    #[command(flatten)]
    opts: StudyOpts,
}

/// The JSON result of an experiment (keys are a contract: add, never rename).
#[derive(Serialize)]
struct StudyJson {
    experiment: &'static str,
    pes: u32,
    clusters: u32,
    cores: u32,
    oversubscribed: bool,
    runs: Vec<GridRun>,
    files: Vec<String>,
}

/// Runs an `arts grid` experiment.
pub fn run(command: GridCommand, out: Output) -> CliResult {
    let (name, opts) = match &command {
        GridCommand::Delay(a) => return run_delay(a, out),
        GridCommand::Sweep(a) => ("sweep", &a.opts),
        GridCommand::Heterogeneity(a) => ("heterogeneity", &a.opts),
        GridCommand::LbCost(a) => ("lb-cost", &a.opts),
    };
    if opts.clusters > opts.pes {
        return Err(CliError::usage(format!(
            "--clusters {}: give at most --pes ({})",
            opts.clusters, opts.pes
        )));
    }
    let mut setup = Setup {
        pes: opts.pes,
        clusters: opts.clusters,
        iters: opts.iters,
        lb_every: opts.lb_every,
        cluster_speeds: None,
        reps: opts.reps,
    };
    for (grid, objects) in problems(&command, opts.pes) {
        let p = grid_study::problem(grid, objects, opts.iters).map_err(CliError::usage)?;
        crate::budget::check_memory(
            format!("Jacobi2D {grid}x{grid} with {objects} objects"),
            p.memory_bytes(true),
        )?;
    }
    let bar = out.progress(runs_of(&command), name);
    let each = |r: &GridRun| {
        bar.set_message(format!("{} {} ms", r.variant, r.latency_ms));
        bar.inc(1);
    };
    let rows = match &command {
        GridCommand::Sweep(a) => {
            check_list("--latencies", &a.latencies, |l| {
                l.is_finite() && (0.0..=10_000.0).contains(l)
            })?;
            grid_study::latency_sweep(
                &setup,
                &a.grids,
                &a.objects_per_pe,
                &a.variants,
                &a.latencies,
                each,
            )
        }
        GridCommand::Heterogeneity(a) => {
            if a.cluster_speeds.len() != opts.clusters as usize {
                return Err(CliError::usage(format!(
                    "--cluster-speeds: give {} speeds (one per cluster)",
                    opts.clusters
                )));
            }
            check_list("--cluster-speeds", &a.cluster_speeds, |s| {
                s.is_finite() && *s > 0.0
            })?;
            setup.cluster_speeds = Some(a.cluster_speeds.clone());
            grid_study::heterogeneity(
                &setup,
                a.grid,
                a.objects_per_pe,
                &a.variants,
                a.latency,
                each,
            )
        }
        GridCommand::LbCost(a) => {
            for s in &a.strategies {
                arts_lb::by_name(s).map_err(|e| CliError::usage(format!("--strategies: {e}")))?;
            }
            grid_study::lb_cost(&setup, a.grid, &a.objects, &a.strategies, each)
        }
        GridCommand::Delay(_) => unreachable!("`arts grid delay` returned above"),
    }
    .map_err(|e| match e {
        arts_core::RunError::Config(m) => CliError::usage(m),
        e => CliError::failed(e),
    })?;
    bar.finish_and_clear();
    let mut files = Vec::new();
    if let Some(dir) = &opts.out {
        let mut pending = PendingDir::create(dir)?;
        let csv = format!("{name}.csv");
        pending.write(&csv, grid_study::to_csv(&rows).as_bytes())?;
        files.push(dir.join(csv).display().to_string());
        for (file, chart) in grid_study::charts(name, &rows) {
            let svg = chart
                .svg()
                .map_err(|e| CliError::failed(format!("cannot draw {file}: {e}")))?;
            pending.write(&file, svg.as_bytes())?;
            files.push(dir.join(file).display().to_string());
        }
        pending.commit()?;
    }
    let cores = crate::args::default_pes();
    let json = StudyJson {
        experiment: name,
        pes: opts.pes,
        clusters: opts.clusters,
        cores,
        oversubscribed: crate::launch::oversubscribed(opts.pes, 1),
        runs: rows,
        files,
    };
    out.emit(&json, || table(&json))?;
    match json.runs.iter().find(|r| !r.valid) {
        Some(r) => Err(CliError::failed(format!(
            "{} with {} objects at {} ms differs from the sequential reference",
            r.variant, r.objects, r.latency_ms
        ))),
        None => Ok(()),
    }
}

fn check_list(flag: &str, v: &[f64], ok: impl Fn(&f64) -> bool) -> CliResult {
    match v.iter().find(|x| !ok(x)) {
        Some(bad) => Err(CliError::usage(format!("{flag}: {bad} is out of range"))),
        None => Ok(()),
    }
}

/// Every (mesh size, object count) an experiment runs, checked before any run.
fn problems(c: &GridCommand, pes: u32) -> Vec<(usize, u32)> {
    let per_pe = |opp: u32| opp.saturating_mul(pes);
    match c {
        GridCommand::Sweep(a) => a
            .grids
            .iter()
            .flat_map(|&g| a.objects_per_pe.iter().map(move |&o| (g, per_pe(o))))
            .collect(),
        GridCommand::Heterogeneity(a) => vec![(a.grid, per_pe(a.objects_per_pe))],
        GridCommand::LbCost(a) => a.objects.iter().map(|&o| (a.grid, o)).collect(),
        GridCommand::Delay(_) => Vec::new(),
    }
}

fn runs_of(c: &GridCommand) -> u64 {
    let n = match c {
        GridCommand::Sweep(a) => {
            a.grids.len() * a.objects_per_pe.len() * a.variants.len() * a.latencies.len()
        }
        GridCommand::Heterogeneity(a) => a.variants.len(),
        GridCommand::LbCost(a) => a.objects.len() * a.strategies.len(),
        GridCommand::Delay(a) => a.latencies.len(),
    };
    n as u64
}

fn table(j: &StudyJson) -> String {
    let mut t = format!(
        "grid {}  {} PEs in {} clusters  ({} cores{})\n\
         {:>6} {:>8} {:>22} {:>8} {:>10} {:>10} {:>8} {:>11}\n",
        j.experiment,
        j.pes,
        j.clusters,
        j.cores,
        if j.oversubscribed {
            ", OVERSUBSCRIBED: the OS time-slices PEs"
        } else {
            ""
        },
        "grid",
        "objects",
        "variant",
        "lat ms",
        "step ms",
        "ideal ms",
        "valid",
        "strategy ms"
    );
    for r in &j.runs {
        t += &format!(
            "{:>6} {:>8} {:>22} {:>8} {:>10.3} {:>10.3} {:>8} {:>11}\n",
            r.grid,
            r.objects,
            r.variant.to_string(),
            r.latency_ms,
            r.step_time_s * 1e3,
            r.ideal_step_time_s * 1e3,
            r.valid,
            r.strategy_time_s
                .map_or("-".into(), |s| format!("{:.3}", s * 1e3)),
        );
    }
    for f in &j.files {
        t += &format!("written: {f}\n");
    }
    t
}

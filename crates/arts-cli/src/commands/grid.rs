//! `arts grid`: the grid thesis' experiments on an emulated grid, each
//! writing a CSV and SVG plots with `--out DIR`.

use std::path::PathBuf;
use std::time::Duration;

use arts_experiments::grid_delay;
use arts_experiments::grid_delay::link::LinkSetup;
use arts_experiments::grid_study::experiment::{self, Experiment, Study};
use arts_experiments::grid_study::{GridRun, Setup, Variant, schedule::ScheduleFlags};

use crate::args::output_dir;
use crate::lb_args::GridLbArgs;
use crate::output::{CliError, CliResult, Output, PendingDir};
use arts_grid::choice::{parse_bandwidth, parse_duration, parse_overhead};

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
    /// configured latency, intra-cluster latency while cross traffic waits,
    /// and a link's bandwidth and per-message overhead against the configured.
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
    /// Bandwidth of the link whose check sends one, then two large messages.
    #[arg(long, default_value = "1Gbit/s", value_parser = parse_bandwidth)]
    bandwidth: f64,
    /// Payload bytes of each large message of the link check.
    #[arg(long, default_value_t = 1 << 20,
          value_parser = clap::value_parser!(u64).range(1..=(64 << 20)))]
    message_bytes: u64,
    /// One-way latency of the link check's link (at most 1s).
    #[arg(long, default_value = "8ms", value_parser = parse_duration)]
    link_latency: Duration,
    /// Per-message overhead of the link whose check sends many empty messages.
    #[arg(long, default_value = "50us", value_parser = parse_overhead)]
    per_message_overhead: Duration,
    /// Empty messages sent together for the overhead check.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(2..=10_000))]
    overhead_messages: u32,
    /// Runs of each burst of the link check, interleaved; the medians are
    /// reported; 0 skips the check.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(0..=100))]
    link_reps: u32,
}

/// Runs `arts grid delay`.
fn run_delay(a: &DelayArgs, out: Output) -> CliResult {
    let link = (a.link_reps > 0).then_some(LinkSetup {
        latency: a.link_latency,
        bits_per_s: a.bandwidth,
        message_bytes: a.message_bytes,
        overhead: a.per_message_overhead,
        overhead_messages: a.overhead_messages,
        reps: a.link_reps,
    });
    let report = grid_delay::delay_report(
        &a.latencies,
        a.trips,
        a.intra_reps,
        a.cost_reps,
        link.as_ref(),
    )?;
    out.emit(&report, || report.table())
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
    #[command(flatten)]
    lb: ScheduleFlags,
    /// Runs of every cell, interleaved; the median is reported (sweep and
    /// heterogeneity).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    reps: u32,
    /// Bandwidth of every cross-cluster link, e.g. 1Gbit/s (default: unlimited).
    #[arg(long, value_parser = parse_bandwidth)]
    bandwidth: Option<f64>,
    /// Time every cross-cluster message occupies its link besides its bytes, e.g. 50us.
    #[arg(long, value_parser = parse_overhead)]
    per_message_overhead: Option<Duration>,
    /// Write the CSV (and SVG plot) into this directory.
    #[arg(long, value_parser = output_dir)]
    out: Option<PathBuf>,
    #[command(flatten)]
    grid_lb: GridLbArgs,
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
    /// Variants: naive, block, naive+prio, block+prio, naive+STRATEGY, block+STRATEGY.
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

/// Runs an `arts grid` experiment.
pub fn run(command: GridCommand, out: Output) -> CliResult {
    let (experiment, opts) = match command {
        GridCommand::Delay(a) => return run_delay(&a, out),
        GridCommand::Sweep(a) => (
            Experiment::Sweep {
                grids: a.grids,
                objects_per_pe: a.objects_per_pe,
                latencies_ms: a.latencies,
                variants: a.variants,
            },
            a.opts,
        ),
        GridCommand::Heterogeneity(a) => (
            Experiment::Heterogeneity {
                grid: a.grid,
                objects_per_pe: a.objects_per_pe,
                cluster_speeds: a.cluster_speeds,
                latency_ms: a.latency,
                variants: a.variants,
            },
            a.opts,
        ),
        GridCommand::LbCost(a) => (
            Experiment::LbCost {
                grid: a.grid,
                objects: a.objects,
                strategies: a.strategies,
            },
            a.opts,
        ),
    };
    let (names, flag) = experiment.strategies();
    let grid = opts
        .grid_lb
        .options_for_any(&names, flag)
        .map_err(CliError::usage)?;
    let study = Study {
        setup: Setup {
            pes: opts.pes,
            clusters: opts.clusters,
            iters: opts.iters,
            schedule: opts.lb.schedule(10),
            cluster_speeds: None,
            reps: opts.reps,
            bandwidth_bits_per_s: opts.bandwidth,
            per_message_overhead: opts.per_message_overhead,
            grid,
        },
        memory: crate::budget::budget(),
        experiment,
    };
    let bar = out.progress(study.experiment.runs(), study.experiment.name());
    let each = |r: &GridRun| {
        bar.set_message(format!("{} {} ms", r.variant, r.latency_ms));
        bar.inc(1);
    };
    let outcome = experiment::run(&study, opts.out.as_deref(), each)?;
    bar.finish_and_clear();
    if let Some(dir) = &opts.out {
        let mut pending = PendingDir::create(dir)?;
        for (name, text) in &outcome.files {
            pending.write(name, text.as_bytes())?;
        }
        pending.commit()?;
    }
    let report = outcome.report;
    out.emit(&report, || report.table())?;
    report
        .failure()
        .map_or(Ok(()), |m| Err(CliError::failed(m)))
}

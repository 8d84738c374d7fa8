//! `arts run heat3d` and `arts bench dispatch`: the 3-D heat solver on
//! H-Dispatch or a baseline (`arts_dispatch::heat3d::run_checked`), and the
//! H-Dispatch studies (`arts_experiments::dispatch::bench`).

use std::cell::RefCell;
use std::path::PathBuf;

use arts_dispatch::heat3d::{Block, HeatConfig, HeatError, MAX_N, Mode, Shape, run_checked};
use arts_experiments::dispatch::DispatchStudyError;
use arts_experiments::dispatch::bench::{BenchOptions, bench};

use super::heat_flags::StudyArg;
use crate::output::{CliError, CliResult, Output, PendingDir};

/// Arguments of `arts run heat3d`.
#[derive(clap::Args)]
pub struct Heat3dArgs {
    /// Nodes per grid edge (the grid has n³ nodes; 3..=512).
    #[arg(long, default_value_t = 100)]
    pub n: usize,
    /// Time steps.
    #[arg(long, visible_alias = "iters", default_value_t = 100)]
    pub steps: usize,
    /// Domain size per task: BXxBYxBZ (e.g. 13x13x13) or one edge (13).
    #[arg(long, default_value = "13x13x13")]
    pub block: String,
    /// Executor.
    #[arg(long, value_enum, default_value = "hdispatch")]
    pub mode: Mode,
    /// Worker threads (default: the number of CPUs).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Domain shape.
    #[arg(long, value_enum, default_value = "cube")]
    pub shape: Shape,
    /// Diffusion number kΔt/Δx² (stable for 0 < alpha <= 1/6).
    #[arg(long, default_value_t = 0.1)]
    pub alpha: f64,
    /// Pin worker w to CPU w (hdispatch and static).
    #[arg(long)]
    pub pin: bool,
}

/// Arguments of `arts bench dispatch`.
#[derive(clap::Args)]
pub struct BenchDispatchArgs {
    /// Which study to run.
    #[arg(long, value_enum, default_value = "quick")]
    pub study: StudyArg,
    /// Directory for CSV and SVG files (default for studies: ./bench-dispatch).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Parallel thread count.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Grid edge for the heat runs.
    #[arg(long, default_value_t = 100)]
    pub n: usize,
    /// Steps per heat run (default: 30 quick, 10 sweep, 300 interference).
    #[arg(long)]
    pub steps: Option<usize>,
    /// Repetitions per configuration; the best median is kept (default 3 quick, 1 sweep).
    #[arg(long)]
    pub reps: Option<usize>,
    /// Do not pin workers in the interference study (the busy thread is still pinned).
    #[arg(long)]
    pub no_pin: bool,
    /// Interference study: H-Dispatch workers step back (enter waiting and
    /// yield between two tasks) after this many µs on the CPU; 0 = never.
    #[arg(long, default_value_t = 0)]
    pub step_back_us: u32,
}

/// Bad input is a usage error naming the flag; a failed run exits 1.
fn usage_heat(e: HeatError) -> CliError {
    match e {
        HeatError::BadSize(_) | HeatError::BadSteps(_) | HeatError::Unstable(_) => {
            CliError::usage(format!("--{e}"))
        }
        HeatError::Dispatch(arts_dispatch::DispatchError::BadThreads { .. })
        | HeatError::BadBlock(_) => CliError::usage(e),
        other => CliError::failed(other),
    }
}

fn study_err(e: DispatchStudyError) -> CliError {
    match e {
        DispatchStudyError::Heat(h) => usage_heat(h),
        other => CliError::failed(other),
    }
}

fn check_n(n: usize) -> Result<(), CliError> {
    if (3..=MAX_N).contains(&n) {
        Ok(())
    } else {
        Err(usage_heat(HeatError::BadSize(n)))
    }
}

/// `--threads` against the executors' limit.
fn check_threads(t: usize) -> Result<(), CliError> {
    arts_dispatch::error::check_threads(t).map_err(|e| CliError::usage(format!("--{e}")))
}

/// Runs `arts run heat3d`.
pub fn run_heat3d(args: &Heat3dArgs, out: Output) -> CliResult {
    let block: Block = args.block.parse().map_err(CliError::usage)?;
    let threads = args
        .threads
        .unwrap_or_else(arts_util::affinity::available_cpus);
    check_threads(threads)?;
    let cfg = HeatConfig {
        n: args.n,
        steps: args.steps,
        alpha: args.alpha,
        block,
        shape: args.shape,
    };
    // Refuse bad input before any long work.
    cfg.validate().map_err(usage_heat)?;
    let bar = out.progress(2, "heat3d");
    let report =
        run_checked(&cfg, args.mode, threads, args.pin, &|| bar.inc(1)).map_err(usage_heat);
    bar.finish_and_clear();
    let report = report?;
    out.emit(&report, || report.table())?;
    if report.valid {
        Ok(())
    } else {
        Err(CliError::failed(
            "heat3d result differs from the sequential reference",
        ))
    }
}

/// Runs `arts bench dispatch`.
pub fn bench_dispatch(args: &BenchDispatchArgs, out: Output) -> CliResult {
    check_n(args.n)?;
    check_threads(args.threads)?;
    if args.steps == Some(0) || args.reps == Some(0) {
        return Err(CliError::usage("--steps and --reps must be at least 1"));
    }
    let studies = args.study.studies();
    let dir = match (&args.out, studies.iter().any(|s| s.writes_files())) {
        (Some(d), _) => Some(d.clone()),
        (None, true) => Some(PathBuf::from("bench-dispatch")),
        (None, false) => None,
    };
    let staged = dir.as_deref().map(PendingDir::create).transpose()?;
    let opts = BenchOptions {
        studies,
        threads: args.threads,
        n: args.n,
        steps: args.steps,
        reps: args.reps,
        pin_workers: !args.no_pin,
        step_back_us: args.step_back_us,
        out: dir,
    };
    // One progress bar per study, cleared whether it succeeds or not.
    let bar: RefCell<Option<(String, indicatif::ProgressBar)>> = RefCell::new(None);
    let result = bench(&opts, &|study, done, total| {
        let mut bar = bar.borrow_mut();
        if bar.as_ref().is_none_or(|(s, _)| s != study) {
            if let Some((_, old)) = bar.take() {
                old.finish_and_clear();
            }
            *bar = Some((study.to_string(), out.progress(1, study)));
        }
        if let Some((_, b)) = bar.as_ref() {
            b.set_length(total as u64);
            b.set_position(done as u64);
        }
    });
    if let Some((_, b)) = bar.take() {
        b.finish_and_clear();
    }
    let outcome = result.map_err(study_err)?;
    if let Some(mut d) = staged {
        for (name, text) in &outcome.files {
            d.write(name, text.as_bytes())?;
        }
        d.commit()?;
    }
    out.emit(&outcome.report, || outcome.table)
}

//! `arts run ddm` (drift-diffusion bias sweep), `arts ddm partition` (equal-work
//! cuts of a measured cost profile) and `arts ddm preset` (print a preset's
//! device file).

use std::path::PathBuf;

use arts_apps::ddm::partition;
use arts_apps::ddm::solver_flags::{RowFlags, SolverFlags, SweepSource};
use arts_apps::ddm::sweep::{BiasSweep, Progress, SweepError, SweepOptions};
use arts_core::checkpoint::disk::{self, Checkpoint};
use arts_ddm::presets;
use serde::Serialize;

use super::ddm_flags::PresetArg;
use super::ddm_parallel;
use super::stencil::RunOpts;
use crate::output::{CliError, CliResult, Output, PendingDir};
use arts_apps::ddm::parallel::ParallelStyle;

/// Arguments of `arts run ddm`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["device", "preset"])))]
pub struct RunDdmArgs {
    /// Device file, TOML or JSON (by extension, else by content; format in
    /// docs/ddm.md, examples: `arts ddm preset NAME`).
    #[arg(long)]
    pub device: Option<PathBuf>,
    /// Built-in device.
    #[arg(long, value_enum)]
    pub preset: Option<PresetArg>,
    /// Bias sweep in volts on the biased contact, e.g. `0,0.2,0.4` (default: the device file's).
    #[arg(long, value_delimiter = ',', allow_hyphen_values = true)]
    pub bias: Option<Vec<f64>>,
    /// Directory for the per-bias CSV files (profile, edges, cost per row, cost
    /// history) and summary.json. A bias point that does not converge (or
    /// diverges) stops the sweep with exit code 1; the points before it are
    /// still written (summary.json says `converged: false`), all files or none.
    #[arg(long, value_parser = crate::args::output_dir)]
    pub out: Option<PathBuf>,
    /// The physics and the solver.
    #[command(flatten)]
    pub solver: SolverFlags,
    /// Run the Gummel solver on the object runtime, one migratable object per
    /// segment (--segments or --segment-starts), in the relaxed order:
    /// distributed (rows to the neighbours) or centralized (through one
    /// master). The result equals the sequential relaxed solver bit for bit
    /// (the JSON's `parallel.matches_relaxed_solver`).
    #[arg(long, value_enum)]
    pub parallel: Option<ParallelStyle>,
    /// With --parallel: PEs (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub pes: Option<u32>,
    /// With --parallel under mpirun: PEs in each process (default 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub pes_per_process: Option<u32>,
    /// With --parallel: pin each PE thread to a CPU of its own (as
    /// Charm++'s +setcpuaffinity; under mpirun, processes of one host take
    /// consecutive CPUs).
    #[arg(long)]
    pub pin: bool,
    /// With --parallel: keep this process's CPUs busy this many
    /// milliseconds before the timed runs, 0 to 60000 (work that follows a
    /// pause runs slower for a while on shared hosts; 0: no warm-up)
    /// [default: 300].
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub warmup_ms: Option<u64>,
    /// With --parallel distributed, centralized or ampi: the grid to
    /// emulate (the slabs are mapped in contiguous blocks, so a run on K
    /// clusters has K − 1 cuts across them).
    #[command(flatten)]
    pub grid: super::grid_flags::GridOpts,
    /// With --parallel: load-balancing strategy for the segment objects
    /// (none, greedy, refine, rotate, ...), every 20 residual checks.
    #[arg(long, default_value = "none")]
    pub lb: String,
    /// With --parallel and --lb: sync (at the segments' sync points) or
    /// periodic (the runtime balances every --lb-period seconds, moving
    /// segments between their entry methods).
    #[arg(long, value_enum, default_value = "sync")]
    pub lb_mode: crate::lb_args::LbMode,
    /// With --lb-mode periodic: seconds between balancing steps, like
    /// 0.05s, or auto (0.5s).
    #[arg(long, default_value = "auto", value_parser = crate::lb_args::parse_period)]
    pub lb_period: arts_core::LbPeriod,
    /// The segments' sub-cycle order, application-level balancing and point updates.
    #[command(flatten)]
    pub rows: RowFlags,
    /// With --parallel distributed: checkpoint after every N bias points
    /// (not after the last) into --checkpoint-dir; `arts restart DIR`
    /// continues the sweep.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub checkpoint_every: Option<u64>,
    /// Where the checkpoints go (with --checkpoint-every).
    #[arg(long)]
    pub checkpoint_dir: Option<PathBuf>,
    /// Checkpoints kept (the newest).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub keep: u64,
    /// Double checkpoints: --checkpoint-dir is a store local to each node,
    /// where each process keeps its own checkpoint and a copy of its
    /// buddy's (a process on another node when the nodes run as many each).
    #[arg(long, requires = "checkpoint_dir")]
    pub buddy_checkpoints: bool,
    /// Write each checkpoint in the background: the slabs start the next
    /// bias point as soon as they are imaged, and the checkpoint is
    /// published (all or nothing) once written.
    #[arg(long, requires = "checkpoint_dir")]
    pub checkpoint_async: bool,
}

/// Arguments of `arts ddm partition`.
#[derive(clap::Args)]
pub struct PartitionArgs {
    /// Cost profile: a CSV with a header (the `cost_rows_*.csv` that `arts run ddm`
    /// writes, column `cost`) or one number per line; `#` lines are skipped.
    #[arg(long)]
    pub profile: PathBuf,
    /// Number of pieces.
    #[arg(long)]
    pub pieces: usize,
    /// Polynomial degree of the fit.
    #[arg(long, default_value_t = 5)]
    pub degree: usize,
    /// CSV column holding the cost (default: `cost`, or the only column).
    #[arg(long)]
    pub column: Option<String>,
}

/// Arguments of `arts ddm preset`.
#[derive(clap::Args)]
pub struct PresetArgs {
    /// Preset name.
    #[arg(value_enum)]
    pub name: PresetArg,
}

/// Subcommands of `arts ddm`.
#[derive(clap::Subcommand)]
pub enum DdmCommand {
    /// Cut a cost profile into equal-work pieces (polynomial fit + Simpson, and prefix sums).
    Partition(PartitionArgs),
    /// Print a preset's device file (a starting point for your own).
    Preset(PresetArgs),
    /// The paper's study on this machine: styles x segments x balancing,
    /// timed against the sequential solver, as CSV and SVG charts.
    Scaling(Box<super::ddm_scaling::ScalingArgs>),
}

/// Runs `arts ddm ...`.
pub fn run(command: DdmCommand, out: Output) -> CliResult {
    match command {
        DdmCommand::Partition(args) => run_partition(&args, out),
        DdmCommand::Scaling(args) => super::ddm_scaling::run(&args, out),
        DdmCommand::Preset(args) => {
            let text = presets::preset_text(args.name.name()).map_err(CliError::usage)?;
            #[derive(Serialize)]
            struct PresetOut<'a> {
                name: &'a str,
                device_toml: &'a str,
            }
            out.emit(
                &PresetOut {
                    name: args.name.name(),
                    device_toml: text,
                },
                || text.to_string(),
            )
        }
    }
}

// ---------------------------------------------------------------- run ddm

/// Runs `arts run ddm`.
pub fn run_ddm(args: &RunDdmArgs, out: Output) -> CliResult {
    let argv = std::env::args().skip(1).collect();
    run_sweep(args, argv, None, out)
}

/// `arts restart` of a sweep's checkpoint `c`: the sweep's own command
/// line (from the manifest) with the PEs, processes and checkpointing of
/// `opts` (none given: the defaults, not the first run's).
pub fn restart(c: &Checkpoint, opts: &RunOpts, out: Output) -> CliResult {
    let manifest = c.dir.join(disk::MANIFEST);
    let bad = |e: &dyn std::fmt::Display| {
        CliError::usage(format!("{}: options: {e}", manifest.display()))
    };
    let argv: Vec<String> =
        serde_json::from_value(c.manifest.options["argv"].clone()).map_err(|e| bad(&e))?;
    let mut args = crate::parse_run_ddm(&argv).map_err(|e| bad(&e))?;
    // The PEs and processes are the restart's, as for the stencil apps.
    let given = opts.for_sweep()?;
    (args.pes, args.pes_per_process) = (given.pes, given.pes_per_process);
    args.pin = given.pin;
    (args.checkpoint_every, args.checkpoint_dir) = match given.checkpoint {
        Some((every, dir, keep)) => {
            args.keep = keep as u64;
            (Some(every as u64), Some(dir))
        }
        None => (None, None),
    };
    args.buddy_checkpoints = given.buddy_checkpoints;
    args.checkpoint_async = given.checkpoint_async;
    run_sweep(&args, argv, Some(c), out)
}

/// A sweep's error as the CLI reports it: bad input exits 2, a failed run 1.
pub(super) fn sweep_error(e: SweepError) -> CliError {
    match e {
        SweepError::Usage(m) => CliError::usage(m),
        SweepError::Failed(m) => CliError::failed(m),
    }
}

/// The sweep options `args` give (`argv`: the command line, recorded in
/// the checkpoints; `resume`: the checkpoint a restart continues from).
fn options<'a>(
    args: &RunDdmArgs,
    argv: Vec<String>,
    resume: Option<&'a Checkpoint>,
    json: bool,
) -> Result<SweepOptions<'a>, CliError> {
    ddm_parallel::check_args(args)?;
    let parallel = match args.parallel {
        Some(style) => Some(ddm_parallel::parallel(args, style, argv, resume, json)?),
        None => None,
    };
    let source = SweepSource {
        device_file: args.device.clone(),
        preset: args.preset.map(PresetArg::name),
        bias: args.bias.clone(),
        point_update: args.rows.point_update,
        out: args.out.as_ref().map(|d| d.display().to_string()),
    };
    Ok(args.solver.sweep_options(source, parallel))
}

/// Runs the sweep `args` ask for, continuing from `resume` if given.
fn run_sweep(
    args: &RunDdmArgs,
    argv: Vec<String>,
    resume: Option<&Checkpoint>,
    out: Output,
) -> CliResult {
    let sweep = BiasSweep::new(options(args, argv, resume, out.json)?).map_err(sweep_error)?;
    let bar = out.progress(sweep.biases().len() as u64, "ddm");
    let swept = sweep
        .run(Progress {
            point: &mut |bias: f64| {
                bar.set_message(format!("{bias:+.3} V"));
                bar.inc(1);
            },
            iteration: &mut || bar.tick(),
        })
        .map_err(sweep_error)?;
    bar.finish_and_clear();
    if let Some(dir) = &args.out {
        let mut pending = PendingDir::create(dir)?;
        for (name, text) in &swept.files {
            pending.write(name, text.as_bytes())?;
        }
        pending.commit()?;
    }
    out.emit(&swept.report, || swept.report.table())?;
    swept.failure.map_or(Ok(()), |e| Err(sweep_error(e)))
}

// ---------------------------------------------------------------- partition

fn run_partition(args: &PartitionArgs, out: Output) -> CliResult {
    let result = partition::partition(
        &args.profile,
        args.column.as_deref(),
        args.pieces,
        args.degree,
    )
    .map_err(CliError::usage)?;
    out.emit(&result, || result.table())
}

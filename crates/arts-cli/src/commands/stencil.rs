//! The run options every object-runtime app takes ([`RunOpts`]: PEs,
//! placement, tracing, load balancing, grid, checkpoints), built into the
//! library's [`Prepared`] (`arts_apps::run::Setup`) in one place, and the
//! printing of a stencil run's report (the run is `arts_apps::run::stencil`).

use std::path::PathBuf;

use arts_apps::ddm::sweep_restart::SweepRestart;
pub use arts_apps::run::Setup as Prepared;
use arts_apps::run::checkpoint_flags::CheckpointFlags;
pub(crate) use arts_apps::run::outputs::write_comm_csv;
use arts_apps::run::stencil::StencilReport;
use arts_apps::run::summary::Verdict;
use arts_apps::run::{self, Outputs};
use arts_apps::stencil2d::saved_state::StencilApp;
use arts_apps::stencil2d::{Kernel, Problem, Reference};
use arts_core::{Config, Map};

use super::grid_flags::GridOpts;
use crate::args::output_file;
use crate::lb_args::LbArgs;
use crate::output::{CliError, CliResult, Output, PendingFile};
use crate::usage::quote;
use arts_grid::report::GridSummary;
use arts_trace::limits::TraceLimits;

/// Initial placement of objects on PEs.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum MapArg {
    /// Contiguous runs of objects per PE; on a grid (--clusters), the
    /// thesis' Block mapping: one slab per cluster, border objects spread
    /// evenly over the cluster's PEs.
    Block,
    /// Object i on PE i mod P, without regard to clusters (the thesis' Naive).
    #[value(alias = "naive")]
    RoundRobin,
}

impl MapArg {
    /// The placement on `emulation`'s grid (or without one).
    fn map(self, emulation: Option<&arts_grid::Emulation>) -> Map {
        match (self, emulation) {
            (MapArg::Block, Some(e)) => arts_grid::mapping::block(&e.topology),
            (MapArg::Block, None) => Map::Block,
            (MapArg::RoundRobin, _) => arts_grid::mapping::naive(),
        }
    }
}

/// Options every stencil app takes: PEs, placement, tracing, load balancing.
#[derive(clap::Args)]
pub struct RunOpts {
    /// Number of PEs (worker threads); default: one per core.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pes: Option<u32>,
    /// Under mpirun: PEs in each process (default 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pes_per_process: Option<u32>,
    /// Pin each PE thread to a CPU of its own (as Charm++'s +setcpuaffinity;
    /// under mpirun, processes of one host take consecutive CPUs).
    #[arg(long)]
    pin: bool,
    /// Initial placement of objects.
    #[arg(long, value_enum, default_value = "block")]
    map: MapArg,
    /// Write a Chrome trace-event JSON file (open in Perfetto or chrome://tracing).
    #[arg(long, value_parser = output_file)]
    trace: Option<PathBuf>,
    #[command(flatten)]
    trace_limits: TraceLimits,
    /// Turn off per-object measurement (load and communication).
    #[arg(long)]
    no_instrument: bool,
    /// Write every message between objects as CSV `time_s,source,destination,bytes`
    /// (replay it on the torus model: `arts pdes torus --workload trace:FILE`).
    #[arg(long, value_parser = output_file)]
    comm_trace: Option<PathBuf>,
    /// Write a causal recording of the run (every entry method with its
    /// duration and triggering message, every message with its size) for
    /// `arts predict`. Under mpirun, process 0 writes it. No load balancing.
    #[arg(long, value_parser = output_file)]
    record: Option<PathBuf>,
    #[command(flatten)]
    lb: LbArgs,
    /// Write every load-balancing step's input as JSON (replay with `arts lb simulate`).
    #[arg(long, value_parser = output_file)]
    lb_dump: Option<PathBuf>,
    /// Relative PE speeds, comma-separated (default: measured at start-up).
    #[arg(long, value_delimiter = ',')]
    pe_speeds: Option<Vec<f64>>,
    #[command(flatten)]
    grid: GridOpts,
    #[command(flatten)]
    checkpoint: CheckpointFlags,
}

impl RunOpts {
    /// The options a restarted drift-diffusion sweep takes (PEs and
    /// checkpoints; it keeps the rest of its own command line); any other
    /// is refused.
    pub fn for_sweep(&self) -> Result<SweepRestart, CliError> {
        let others = [
            ("--map", !matches!(self.map, MapArg::Block)),
            ("--trace", self.trace.is_some()),
            ("--no-instrument", self.no_instrument),
            ("--comm-trace", self.comm_trace.is_some()),
            ("--record", self.record.is_some()),
            ("--lb", self.lb.balances()),
            ("--lb-dump", self.lb_dump.is_some()),
            ("--pe-speeds", self.pe_speeds.is_some()),
            ("grid options", self.grid.given()),
        ];
        let (pes, per, pin) = (self.pes, self.pes_per_process, self.pin);
        SweepRestart::new(&others, pes, per, pin, &self.checkpoint).map_err(CliError::from)
    }

    /// Validates the options and opens output files (so that a bad path is
    /// reported before any work).
    pub fn prepare(&self, out: Output) -> Result<Prepared, CliError> {
        let pes = crate::world::total_pes(self.pes, self.pes_per_process)?;
        if let Some(s) = &self.pe_speeds
            && (s.len() != pes as usize || s.iter().any(|v| !(v.is_finite() && *v > 0.0)))
        {
            return Err(CliError::usage(format!(
                "--pe-speeds: give {pes} comma-separated speeds > 0 (one per PE), got {}",
                quote(&s.iter().map(f64::to_string).collect::<Vec<_>>().join(","))
            )));
        }
        if !self.lb.balances() && self.lb_dump.is_some() {
            return Err(CliError::usage(
                "--lb-dump needs a load-balancing strategy (--lb NAME other than none)",
            ));
        }
        let lb = self
            .lb
            .config(self.lb_dump.is_some(), self.pe_speeds.clone())
            .map_err(CliError::usage)?;
        let checkpoint = self.checkpoint.saving();
        if self.record.is_some() && lb.is_some() {
            return Err(CliError::usage(
                "--record: record a run without load balancing (--lb none); predict a balanced mapping with arts predict --mapping",
            ));
        }
        let open = |path: &Option<PathBuf>| path.as_deref().map(PendingFile::create).transpose();
        let outputs = Outputs {
            trace: open(&self.trace)?,
            trace_path: self.trace.clone(),
            trace_options: super::trace::run_options(&self.trace_limits, self.trace.is_some()),
            trace_per_process: self.trace_limits.trace_per_process,
            record: open(&self.record)?,
            comm_trace: open(&self.comm_trace)?,
            dump: self.lb_dump.clone(),
        };
        let config = Config {
            pes,
            instrument: !self.no_instrument,
            trace: outputs.trace.is_some(),
            trace_options: outputs.trace_options,
            comm_trace: outputs.comm_trace.is_some(),
            record: outputs.record.is_some(),
            // Half of --max-memory, as a trace (`budget::trace_share`).
            record_max_events: crate::budget::trace_share()
                .map(|b| b / arts_core::limits::RECORDING_BYTES_PER_NOTE),
            lb,
            ..Config::default()
        };
        let config = crate::world::distribute(config, self.pes, self.pes_per_process)?;
        let config = crate::world::pinned(config, self.pin, self.pes_per_process);
        let (config, emulation) = self.grid.configure(config, out.json)?;
        Ok(Prepared {
            config,
            map: self.map.map(emulation.as_ref()),
            grid: GridSummary::of(emulation.as_ref()),
            pinned: self.pin,
            outputs,
            strategy: self.lb.lb.clone(),
            checkpoint,
            resume: None,
            restart_root: None,
            job: crate::world::job(),
        })
    }
}

impl From<run::Error> for CliError {
    fn from(e: run::Error) -> Self {
        match e {
            run::Error::Usage(m) => CliError::Usage(m),
            run::Error::Failed(m) => CliError::Failed(m),
        }
    }
}

/// The stages of a run on `bar`, one unit each.
pub(crate) fn stages(bar: &indicatif::ProgressBar) -> impl Fn(&str) + '_ {
    let started = std::cell::Cell::new(false);
    move |stage| {
        if started.replace(true) {
            bar.inc(1);
        }
        bar.set_message(stage.to_string());
    }
}

/// Runs a validated problem of `app` as `prepared` says, writes its files
/// and builds the report.
pub fn execute<K: Kernel>(
    app: StencilApp,
    problem: &Problem<K>,
    prepared: Prepared,
    out: Output,
    run: run::stencil::ParallelRun<K>,
    reference: fn(&Problem<K>) -> Reference,
) -> Result<StencilReport, CliError> {
    let bar = out.progress(2, app.name());
    let report = run::stencil::execute(app, problem, prepared, &stages(&bar), run, reference)?;
    bar.finish_and_clear();
    Ok(report)
}

/// Prints the report; a run stopped after a checkpoint succeeds (saying how
/// to continue it), a result that is not valid fails the command.
pub fn finish(r: &(impl Verdict + serde::Serialize), out: Output) -> CliResult {
    out.emit(r, || r.table())?;
    if let Some(stopped) = super::checkpoint_summary::stopped_note(r.stopped()) {
        return stopped;
    }
    r.invalid().map_or(Ok(()), |why| Err(CliError::failed(why)))
}

//! `arts pdes ...` (PHOLD and the Blue Gene/L torus model on any engine) and
//! `arts bench pdes` (engines and PE counts side by side, ratios against the
//! sequential engine of the same run). The engines and models live in
//! `arts-pdes`; this file (and `pdes/torus.rs` for the torus) parses,
//! validates, runs and prints.

mod torus;

pub use torus::TorusArgs;

use std::sync::Mutex;

use arts_experiments::pdes_bench::{Bench, BenchOptions};
use arts_pdes::models::phold::{Phold, PholdParams};
use arts_pdes::{LpMapping, PdesError, Progress, Queue, RunConfig, SyncMode};

use crate::output::{CliError, CliResult, Output};
use crate::usage::quote;

/// Subcommands of `arts pdes`.
#[derive(clap::Subcommand)]
pub enum PdesCommand {
    /// PHOLD benchmark model (ROSS-compatible knobs) on any engine.
    Phold(PholdArgs),
    /// Blue Gene/L 3-D torus network model (one LP per node): LJS, random
    /// or trace workloads, ideal/random/file mappings, injection throttling.
    Torus(TorusArgs),
}

/// Engine flags shared by every `arts pdes` model (the end time, window and
/// LP-to-PE mapping flags are the model's, with its own units and defaults).
#[derive(clap::Args, Clone, Debug)]
pub struct SyncArgs {
    /// Synchronization engine.
    #[arg(long, value_enum, default_value = "optimistic")]
    pub sync: SyncMode,
    /// Number of PEs (threads); at most the number of LPs. Under mpirun:
    /// the total over all processes (or give --pes-per-process).
    #[arg(long, default_value_t = 1)]
    pub pes: usize,
    /// Under mpirun: PEs (threads) in each process (default 1); the run's
    /// LPs are spread over the PEs of every process.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub pes_per_process: Option<u32>,
    /// Seed of the per-LP random streams (and of the model's random choices).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Optimistic: a busy PE starts a GVT round every this many events.
    #[arg(long, default_value_t = 1024)]
    pub gvt_interval: u32,
    /// Pending-event set.
    #[arg(long, value_enum, default_value = "calendar")]
    pub queue: Queue,
    /// Also run the sequential engine and report whether the results match ("valid").
    #[arg(long)]
    pub validate: bool,
}

impl SyncArgs {
    /// The engine configuration these flags describe, with the model's LP
    /// to PE mapping, end time and optimism window.
    pub fn config(&self, mapping: LpMapping, end_time: f64, window: f64) -> RunConfig {
        let mut cfg = RunConfig::new(self.sync, self.pes, end_time, self.seed);
        cfg.mapping = mapping;
        cfg.window = window;
        cfg.gvt_interval = self.gvt_interval;
        cfg.queue = self.queue;
        cfg
    }

    /// Under mpirun (more than one process): `cfg` spread over the job's
    /// processes, `--pes-per-process` PEs each (`arts_pdes::dist::spread`).
    pub fn across(&self, cfg: &mut RunConfig) -> Result<(), CliError> {
        let (_, size) = crate::launch::rank_size();
        let per = self.pes_per_process.map(|p| p as usize);
        if arts_pdes::dist::spread(cfg, self.pes, per, size).map_err(CliError::usage)? {
            cfg.processes = Some(processes()?);
        }
        Ok(())
    }
}

/// The processes of this MPI job, for a PDES run across them.
#[cfg(feature = "mpi")]
fn processes() -> Result<arts_pdes::dist::Processes, CliError> {
    crate::launch::require_mpi(
        "a PDES run across processes",
        arts_mpi::pdes::MpiNet::processes,
    )
}

/// Without MPI there is only this process.
#[cfg(not(feature = "mpi"))]
fn processes() -> Result<arts_pdes::dist::Processes, CliError> {
    Err(CliError::usage(
        "a PDES run across processes needs arts built with `--features mpi`",
    ))
}

/// PHOLD's engine flags: the shared ones plus mapping, end time and window
/// in PHOLD time units.
#[derive(clap::Args, Clone, Debug)]
pub struct EngineArgs {
    #[command(flatten)]
    pub common: SyncArgs,
    /// LP to PE mapping.
    #[arg(long, value_enum, default_value = "block")]
    pub mapping: LpMapping,
    /// Simulation end time (finite): events at or after it are not executed.
    #[arg(long, default_value_t = 1000.0, value_parser = crate::args::finite_f64)]
    pub end_time: f64,
    /// Optimistic optimism window in simulation time (events only below
    /// GVT + window); bounds memory; "inf" = unbounded Time Warp.
    #[arg(long, default_value = "8", allow_negative_numbers = true)]
    pub window: String,
}

/// Arguments of `arts pdes phold`.
#[derive(clap::Args, Debug)]
pub struct PholdArgs {
    #[command(flatten)]
    model: PholdParams,
    #[command(flatten)]
    engine: EngineArgs,
}

/// Arguments of `arts bench pdes`.
#[derive(clap::Args, Debug)]
pub struct BenchPdesArgs {
    #[command(flatten)]
    model: PholdParams,
    /// Simulation end time of every run (finite).
    #[arg(long, default_value_t = 1000.0, value_parser = crate::args::finite_f64)]
    end_time: f64,
    /// Seed of every run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Engines to compare with the sequential baseline (comma separated).
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "conservative,optimistic"
    )]
    engines: Vec<SyncMode>,
    /// PE counts to run each parallel engine on (comma separated).
    #[arg(long, default_value = "2")]
    pes: String,
    /// LP to PE mapping.
    #[arg(long, value_enum, default_value = "block")]
    mapping: LpMapping,
    /// Optimistic optimism window; "inf" = unbounded.
    #[arg(long, default_value = "8", allow_negative_numbers = true)]
    window: String,
    /// Optimistic GVT interval (events per PE).
    #[arg(long, default_value_t = 1024)]
    gvt_interval: u32,
    /// Pending-event sets to compare (comma separated); the first one's
    /// sequential run is the baseline.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "calendar")]
    queue: Vec<Queue>,
    /// Repetitions of every configuration; the fastest is reported.
    #[arg(long, default_value_t = 3)]
    reps: u32,
}

/// Runs `arts pdes ...`.
pub fn run(command: PdesCommand, out: Output) -> CliResult {
    match command {
        PdesCommand::Phold(args) => run_phold(&args, out),
        PdesCommand::Torus(args) => torus::run_torus(&args, out),
    }
}

/// Parses `--window` ("inf" or a positive number).
pub fn parse_window(s: &str) -> Result<f64, CliError> {
    let w = match s {
        "inf" | "infinity" | "none" => f64::INFINITY,
        _ => s.parse::<f64>().map_err(|_| {
            CliError::usage(format!(
                "--window {}: not a number; accepted: a time > 0 or inf",
                quote(s)
            ))
        })?,
    };
    if w.is_nan() || w <= 0.0 {
        return Err(CliError::usage(format!(
            "--window {s}: must be > 0 (or inf for unbounded optimism)"
        )));
    }
    Ok(w)
}

impl EngineArgs {
    /// The engine configuration these flags describe.
    pub fn config(&self) -> Result<RunConfig, CliError> {
        let mut cfg = self
            .common
            .config(self.mapping, self.end_time, parse_window(&self.window)?);
        self.common.across(&mut cfg)?;
        Ok(cfg)
    }
}

/// The PHOLD model of `params`, or the usage error naming what is wrong.
fn phold(params: &PholdParams) -> Result<Phold, CliError> {
    Phold::new(params.clone()).map_err(|e| CliError::usage(format!("phold: {e}")))
}

/// Maps an engine error: bad configuration is bad input (exit 2); a model
/// error found while running is a failed run (exit 1).
pub fn engine_error(e: PdesError) -> CliError {
    match e {
        PdesError::Config(msg) => CliError::usage(msg),
        PdesError::Event(err) => CliError::failed(err),
    }
}

/// A progress bar on stderr for each run of a PDES library call.
pub struct Bar {
    out: Output,
    bar: Mutex<Option<indicatif::ProgressBar>>,
}

impl Bar {
    const STEPS: u64 = 1000;

    /// No bar yet; each run shows its own.
    pub fn new(out: Output) -> Bar {
        Bar {
            out,
            bar: Mutex::new(None),
        }
    }
}

impl Progress for Bar {
    fn start(&self, what: &str) {
        *self.bar.lock().expect("bar lock") = Some(self.out.progress(Self::STEPS, what));
    }

    fn advance(&self, fraction: f64) {
        if let Some(bar) = &*self.bar.lock().expect("bar lock") {
            bar.set_position((fraction * Self::STEPS as f64) as u64);
        }
    }

    fn finish(&self) {
        if let Some(bar) = self.bar.lock().expect("bar lock").take() {
            bar.finish_and_clear();
        }
    }
}

fn run_phold(args: &PholdArgs, out: Output) -> CliResult {
    let m = &args.model;
    let events = (m.lps as u64).saturating_mul(m.events_per_lp as u64);
    let need = m.memory_bytes();
    crate::budget::check_memory(format!("{events} PHOLD events"), need)?;
    let model = phold(&args.model)?;
    let cfg = args.engine.config()?;
    let validate = args.engine.common.validate;
    let result = arts_pdes::runs::phold::run(&model, &cfg, validate, &Bar::new(out))
        .map_err(engine_error)?;
    out.emit(&result, || result.table())
}

fn parse_list<T: std::str::FromStr>(flag: &str, s: &str) -> Result<Vec<T>, CliError> {
    let items: Result<Vec<T>, _> = s.split(',').map(|x| x.trim().parse::<T>()).collect();
    match items {
        Ok(v) if !v.is_empty() => Ok(v),
        _ => Err(CliError::usage(format!(
            "{flag} {s}: expected a comma-separated list"
        ))),
    }
}

impl BenchPdesArgs {
    /// The comparison these flags ask for.
    fn options(&self) -> Result<BenchOptions, CliError> {
        Ok(BenchOptions {
            end_time: self.end_time,
            seed: self.seed,
            window: parse_window(&self.window)?,
            engines: self.engines.clone(),
            pes: parse_list("--pes", &self.pes)?,
            mapping: self.mapping,
            gvt_interval: self.gvt_interval,
            queues: self.queue.clone(),
            reps: self.reps,
        })
    }
}

/// Runs `arts bench pdes`.
pub fn bench_pdes(args: &BenchPdesArgs, out: Output) -> CliResult {
    let bench = Bench::new(phold(&args.model)?, args.options()?).map_err(engine_error)?;
    let bar = out.progress(bench.runs(), "bench pdes");
    let result = bench.run(|| bar.inc(1)).map_err(engine_error)?;
    bar.finish_and_clear();
    out.emit(&result, || result.table())?;
    if result.rows.iter().any(|r| !r.valid) {
        return Err(CliError::failed(
            "an engine's committed results differ from the sequential engine's",
        ));
    }
    Ok(())
}

//! `arts pdes ...` (PHOLD and the Blue Gene/L torus model on any engine) and
//! `arts bench pdes` (engines and PE counts side by side, ratios against the
//! sequential engine of the same run). The engines and models live in
//! `arts-pdes`; this file (and `pdes/torus.rs` for the torus) parses,
//! validates, runs and prints.

mod torus;

pub use torus::TorusArgs;

use std::sync::Mutex;

use arts_experiments::pdes_bench::Bench;
use arts_experiments::pdes_bench_flags::BenchFlags;
use arts_pdes::flags::{EngineFlags, SyncFlags};
use arts_pdes::models::phold::{Phold, PholdParams};
use arts_pdes::{PdesError, Progress, RunConfig};

use crate::output::{CliError, CliResult, Output};

/// Subcommands of `arts pdes`.
#[derive(clap::Subcommand)]
pub enum PdesCommand {
    /// PHOLD benchmark model (ROSS-compatible knobs) on any engine.
    Phold(PholdArgs),
    /// Blue Gene/L 3-D torus network model (one LP per node): LJS, random
    /// or trace workloads, ideal/random/file mappings, injection throttling.
    Torus(TorusArgs),
}

/// Under mpirun (more than one process): `cfg` spread over the job's
/// processes, `--pes-per-process` PEs each (`arts_pdes::dist::spread`).
pub fn across(sync: &SyncFlags, cfg: &mut RunConfig) -> Result<(), CliError> {
    let (_, size) = crate::world::rank_size();
    let per = sync.pes_per_process.map(|p| p as usize);
    if arts_pdes::dist::spread(cfg, sync.pes, per, size).map_err(CliError::usage)? {
        cfg.processes = Some(processes()?);
    }
    Ok(())
}

/// The processes of this MPI job, for a PDES run across them.
#[cfg(feature = "mpi")]
fn processes() -> Result<arts_pdes::dist::Processes, CliError> {
    crate::world::require_mpi(
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

/// Arguments of `arts pdes phold`.
#[derive(clap::Args, Debug)]
pub struct PholdArgs {
    #[command(flatten)]
    model: PholdParams,
    #[command(flatten)]
    engine: EngineFlags,
}

/// Runs `arts pdes ...`.
pub fn run(command: PdesCommand, out: Output) -> CliResult {
    match command {
        PdesCommand::Phold(args) => run_phold(&args, out),
        PdesCommand::Torus(args) => torus::run_torus(&args, out),
    }
}

/// PHOLD's engine configuration, spread over the job's processes under mpirun.
fn engine_config(engine: &EngineFlags) -> Result<RunConfig, CliError> {
    let mut cfg = engine.config().map_err(engine_error)?;
    across(&engine.common, &mut cfg)?;
    Ok(cfg)
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
        PdesError::Io(msg) => CliError::failed(msg),
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
    let cfg = engine_config(&args.engine)?;
    let validate = args.engine.common.validate;
    let mut plan = args.engine.common.checkpoint.plan();
    plan.writer = crate::world::is_root();
    let result =
        arts_pdes::runs::phold::run_planned(&model, &cfg, Some(&plan), validate, &Bar::new(out))
            .map_err(engine_error)?;
    out.emit(&result, || result.table())
}

/// Runs `arts bench pdes`.
pub fn bench_pdes(args: &BenchFlags, out: Output) -> CliResult {
    let options = args.options().map_err(engine_error)?;
    let bench = Bench::new(phold(&args.model)?, options).map_err(engine_error)?;
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

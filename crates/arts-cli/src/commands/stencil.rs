//! What the stencil apps (`jacobi2d`, `zones`, `hotspot`) share on the
//! command line: load-balancing options, tracing, and the result report.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arts_apps::reference_file::{self, Key};
use arts_apps::report;
use arts_apps::stencil2d::checkpoint::{
    Checkpointing, Resume, Session, StencilApp, read_resume, restartable_app,
};
use arts_apps::stencil2d::{Kernel, Outcome, Problem, Reference, run_session};
use arts_core::checkpoint::hold::OnDemand;
use arts_core::checkpoint::session::EveryN;
use arts_core::{Config, Map};
use serde::Serialize;

use super::grid_flags::{GridOpts, GridSummary};
use super::run_summary::RunSummary;
use crate::args::output_file;
use crate::lb_args::LbArgs;
use crate::output::{CliError, CliResult, Output, PendingFile, write_atomic};
use crate::usage::quote;

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

/// What `arts restart` of a drift-diffusion sweep takes of [`RunOpts`].
pub struct SweepRestart {
    /// PEs (default: the sweep's own choice).
    pub pes: Option<u32>,
    /// Under mpirun: PEs in each process.
    pub pes_per_process: Option<u32>,
    /// Pin each PE thread to a CPU of its own.
    pub pin: bool,
    /// Go on checkpointing: every N bias points, into DIR, keeping K.
    pub checkpoint: Option<(u32, PathBuf, u32)>,
    /// ... as double checkpoints in node-local stores.
    pub buddy_checkpoints: bool,
    /// ... written in the background.
    pub checkpoint_async: bool,
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
    /// Checkpoint after every N steps into --checkpoint-dir (continue with
    /// `arts restart DIR`).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..), requires = "checkpoint_dir")]
    checkpoint_every: Option<u32>,
    /// Directory of the checkpoints: `DIR/ckpt-<step>` and `DIR/latest`.
    /// With it, SIGUSR1 asks for a checkpoint at the next step boundary
    /// (under mpirun: SIGUSR1 to mpirun, or to the process of rank 0).
    #[arg(long)]
    checkpoint_dir: Option<PathBuf>,
    /// Also checkpoint at the first step boundary T seconds after the last
    /// checkpoint (timed on the process of rank 0).
    #[arg(long, requires = "checkpoint_dir", value_parser = positive_seconds)]
    checkpoint_every_seconds: Option<f64>,
    /// On SIGTERM, write a last checkpoint into --checkpoint-dir and stop
    /// (exit 0; the report has `stopped_at_step`). Under mpirun: SIGTERM to
    /// mpirun, or to the process of rank 0.
    #[arg(long, requires = "checkpoint_dir")]
    checkpoint_on_term: bool,
    /// Continue from the newest checkpoint in --checkpoint-dir when there is
    /// one (it must be of this app with the same options); otherwise start
    /// afresh. The same command line then both starts and restarts a run
    /// (what `arts launch` relies on).
    #[arg(long, requires = "checkpoint_dir")]
    resume: bool,
    /// Double checkpoints (Charm++'s scheme): --checkpoint-dir is local to
    /// each node (e.g. /dev/shm), and each process keeps its share of every
    /// checkpoint and a copy of its buddy's (a process on another node when
    /// there is one) in `DIR/hold-<node>.p<process>`. --resume and `arts
    /// restart` recover from the copies when a process or a node's store is
    /// lost. The node is the host name, or $ARTS_NODE when set.
    #[arg(long, requires = "checkpoint_dir")]
    buddy_checkpoints: bool,
    /// Write each checkpoint in the background: the run goes on as soon as
    /// its state is imaged, and the checkpoint is published (all or
    /// nothing) at the next checkpoint or at the end. A failure before then
    /// loses it and restarts from the previous one.
    #[arg(long, requires = "checkpoint_dir")]
    checkpoint_async: bool,
    /// Checkpoints to keep in --checkpoint-dir (older ones are removed; while
    /// the run goes on, the files of the last one removed are kept for the
    /// next checkpoint to overwrite, in `DIR/.arts-spare`).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    keep: u32,
}

/// A clap value parser for a period in seconds: a finite number > 0.
fn positive_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 => Ok(t),
        _ => Err(format!("expected a number of seconds > 0, got '{s}'")),
    }
}

/// A configured run: the runtime configuration plus where its files go.
pub struct Prepared {
    /// Runtime configuration.
    pub config: Config,
    /// Initial placement.
    pub map: Map,
    trace: Option<PendingFile>,
    trace_path: Option<PathBuf>,
    comm_trace: Option<PendingFile>,
    record: Option<PendingFile>,
    dump: Option<PathBuf>,
    strategy: String,
    /// The grid the run emulates (`topology: None` without one).
    pub grid: GridSummary,
    /// Whether each PE thread is pinned to a CPU of its own (`--pin`).
    pub pinned: bool,
    /// Where and when to checkpoint.
    checkpoint: Option<Saving>,
    /// The checkpoint the run continues from (`arts restart`).
    pub resume: Option<Resume>,
    /// The checkpoint root `arts restart` reads, where the sequential
    /// reference of the run may be kept.
    pub restart_root: Option<PathBuf>,
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
            (
                "--checkpoint-every-seconds",
                self.checkpoint_every_seconds.is_some(),
            ),
            ("--checkpoint-on-term", self.checkpoint_on_term),
            ("--resume", self.resume),
        ];
        if let Some((flag, _)) = others.iter().find(|o| o.1) {
            return Err(CliError::usage(format!(
                "{flag}: a restarted ddm sweep keeps its own options; it takes --pes, --pes-per-process, --pin, --checkpoint-every, --checkpoint-dir, --keep, --buddy-checkpoints and --checkpoint-async"
            )));
        }
        let checkpoint = match (self.checkpoint_every, &self.checkpoint_dir) {
            (Some(n), Some(dir)) => Some((n, dir.clone(), self.keep)),
            (None, Some(_)) => {
                return Err(CliError::usage(
                    "--checkpoint-dir: a restarted ddm sweep checkpoints every --checkpoint-every N bias points",
                ));
            }
            _ => None,
        };
        Ok(SweepRestart {
            pes: self.pes,
            pes_per_process: self.pes_per_process,
            pin: self.pin,
            checkpoint,
            buddy_checkpoints: self.buddy_checkpoints,
            checkpoint_async: self.checkpoint_async,
        })
    }

    /// Validates the options and opens output files (so that a bad path is
    /// reported before any work).
    pub fn prepare(&self, out: Output) -> Result<Prepared, CliError> {
        let pes = crate::launch::total_pes(self.pes, self.pes_per_process)?;
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
            .config(self.lb_dump.is_some(), self.pe_speeds.clone())?;
        let checkpoint = self.checkpoint_dir.clone().map(|dir| Saving {
            every: self.checkpoint_every.unwrap_or(0),
            dir,
            keep: self.keep as usize,
            on_term: self.checkpoint_on_term,
            resume: self.resume,
            every_seconds: self.checkpoint_every_seconds,
            buddies: self.buddy_checkpoints,
            background: self.checkpoint_async,
        });
        if self.record.is_some() && lb.is_some() {
            return Err(CliError::usage(
                "--record: record a run without load balancing (--lb none); predict a balanced mapping with arts predict --mapping",
            ));
        }
        let trace = self.trace.as_deref().map(PendingFile::create).transpose()?;
        let record = self
            .record
            .as_deref()
            .map(PendingFile::create)
            .transpose()?;
        let comm_trace = self
            .comm_trace
            .as_deref()
            .map(PendingFile::create)
            .transpose()?;
        let config = Config {
            pes,
            instrument: !self.no_instrument,
            trace: trace.is_some(),
            comm_trace: comm_trace.is_some(),
            record: record.is_some(),
            lb,
            ..Config::default()
        };
        let config = crate::launch::distribute(config, self.pes, self.pes_per_process)?;
        let config = crate::launch::pinned(config, self.pin, self.pes_per_process);
        let (config, emulation) = self.grid.configure(config, out.json)?;
        Ok(Prepared {
            config,
            map: self.map.map(emulation.as_ref()),
            grid: GridSummary::of(emulation.as_ref()),
            pinned: self.pin,
            trace,
            trace_path: self.trace.clone(),
            comm_trace,
            record,
            dump: self.lb_dump.clone(),
            strategy: self.lb.lb.clone(),
            checkpoint,
            resume: None,
            restart_root: None,
        })
    }
}

impl Prepared {
    /// The sequential reference of `key` for a run that keeps its
    /// checkpoints in `saving` (if it checkpoints) and is `resuming` or not:
    /// read back from the checkpoint root when resuming, if an earlier
    /// attempt kept it there, else computed and kept in `saving` for a later
    /// restart. Returns whether it was read back.
    pub fn reference<T: Serialize + serde::de::DeserializeOwned, E>(
        &self,
        key: &Key,
        saving: Option<&Path>,
        resuming: bool,
        compute: impl FnOnce() -> Result<T, E>,
    ) -> Result<(T, bool), E> {
        let from = match resuming {
            true => self.restart_root.as_deref().or(saving),
            false => None,
        };
        reference_file::load_or_compute(from, saving, key, compute)
    }

    /// What the run of `app` does besides computing: checkpoint (also when
    /// a signal asks), resume, or neither.
    fn session(&mut self, app: StencilApp) -> Result<Session, CliError> {
        let Some(saving) = self.checkpoint.take() else {
            return Ok(Session {
                resume: self.resume.take(),
                ..Session::default()
            });
        };
        let requests = crate::signals::checkpoint_requests(saving.on_term);
        if saving.resume && self.resume.is_none() {
            self.resume = resume_if_present(&saving.dir, app)?;
        }
        Ok(Session {
            save: Some(Checkpointing {
                plan: saving.plan()?,
                app,
            }),
            resume: self.resume.take(),
            on_demand: Some(requests),
        })
    }

    /// Writes what the run was asked to record — the trace, the
    /// communication trace, the causal recording of its `steps` steps, which
    /// took `wall_s`, the LB dump — on the root process.
    pub fn write_outputs(
        &mut self,
        report: &arts_core::RunReport,
        steps: usize,
        wall_s: f64,
    ) -> Result<(), CliError> {
        let root = crate::launch::is_root();
        if let Some(mut file) = self.record.take().filter(|_| root) {
            let (app, options) = command_line();
            let info = arts_core::RecordingInfo {
                app,
                options,
                steps: steps as u64,
                wall_ns: (wall_s * 1e9) as u64,
            };
            let recording = report
                .recording(info)
                .ok_or_else(|| CliError::failed("the run left no recording"))?;
            recording
                .write(file.writer())
                .map_err(|e| CliError::failed(format!("cannot write the recording: {e}")))?;
            file.commit()?;
        }
        if let Some(mut file) = self.trace.take().filter(|_| root) {
            let spans = report.trace().unwrap_or_default();
            arts_trace::write_chrome(file.writer(), self.config.pes, &spans)
                .map_err(|e| CliError::failed(format!("cannot write trace: {e}")))?;
            file.commit()?;
        }
        if let Some(mut file) = self.comm_trace.take().filter(|_| root) {
            let records = report.comm_trace().unwrap_or_default();
            let rows = records
                .iter()
                .map(|r| [r.time_ns, r.source, r.destination, r.bytes]);
            write_comm_csv(file.writer(), rows)
                .map_err(|e| CliError::failed(format!("cannot write communication trace: {e}")))?;
            file.commit()?;
        }
        if let Some(path) = self.dump.as_ref().filter(|_| root) {
            write_atomic(path, &report::lb_dump(report.lb_steps()).to_json())?;
        }
        Ok(())
    }

    /// The checkpoints of an app that checkpoints every N steps and on
    /// demand (signals, a timer): the plan (its directory created and
    /// checked writable), whether to continue from the newest checkpoint
    /// there (`--resume`) and the requests it takes; `None` without
    /// `--checkpoint-dir`.
    pub fn every_n_checkpoints(&mut self) -> Result<Option<Plan>, CliError> {
        let Some(saving) = self.checkpoint.take() else {
            return Ok(None);
        };
        let on_demand = crate::signals::checkpoint_requests(saving.on_term);
        Ok(Some(Plan {
            resume: saving.resume,
            save: saving.plan()?,
            on_demand,
        }))
    }

    /// The load-balancing strategy's name (`none` without one).
    pub fn strategy(&self) -> &str {
        &self.strategy
    }

    /// Where the trace is written, if anywhere.
    pub fn trace_path(&self) -> Option<String> {
        self.trace_path.as_ref().map(|p| p.display().to_string())
    }

    /// Where the LB dump is written, if anywhere.
    pub fn dump_path(&self) -> Option<String> {
        self.dump.as_ref().map(|p| p.display().to_string())
    }
}

/// How an app that checkpoints every N steps checkpoints (see
/// [`Prepared::every_n_checkpoints`]).
pub struct Plan {
    /// Where and how often.
    pub save: EveryN,
    /// Continue from the newest checkpoint in the directory, if any.
    pub resume: bool,
    /// The requests (signals) it takes.
    pub on_demand: Arc<OnDemand>,
}

/// The checkpoint options of a run.
struct Saving {
    /// Checkpoint after every this many steps (0: only when a signal asks).
    every: u32,
    /// The checkpoint root.
    dir: PathBuf,
    /// Checkpoints kept.
    keep: usize,
    /// SIGTERM writes a last checkpoint and stops the run.
    on_term: bool,
    /// Continue from the newest checkpoint in `dir`, if any.
    resume: bool,
    /// Checkpoint T seconds after the last one.
    every_seconds: Option<f64>,
    /// Double checkpoints in node-local stores.
    buddies: bool,
    /// Write checkpoints in the background.
    background: bool,
}

impl Saving {
    /// Where and how often the run checkpoints, its directory created and
    /// checked writable. Collective under MPI with double checkpoints (the
    /// processes share their nodes' names to choose their buddies).
    fn plan(self) -> Result<EveryN, CliError> {
        Ok(EveryN {
            every: self.every,
            every_seconds: self.every_seconds,
            buddies: self.buddies.then(crate::launch::buddies),
            dir: writable_dir(self.dir)?,
            keep: self.keep,
            background: self.background,
        })
    }
}

/// The newest checkpoint in `dir` (for --resume), if there is one; one of
/// another app or with other options is bad input.
fn resume_if_present(dir: &Path, app: StencilApp) -> Result<Option<Resume>, CliError> {
    let Some(c) = crate::launch::newest_checkpoint(dir).map_err(CliError::usage)? else {
        return Ok(None);
    };
    let theirs = restartable_app(&c).map_err(CliError::usage)?;
    if theirs != app {
        return Err(CliError::usage(format!(
            "--resume: {} holds a checkpoint of {} {}, not of this run ({} {})",
            c.dir.display(),
            theirs.name(),
            theirs.options(),
            app.name(),
            app.options()
        )));
    }
    read_resume(&c, &app).map(Some).map_err(CliError::usage)
}

/// `dir` (for --checkpoint-dir), created and checked writable.
fn writable_dir(dir: PathBuf) -> Result<PathBuf, CliError> {
    let bad = |e: std::io::Error| {
        CliError::usage(format!(
            "--checkpoint-dir: cannot write {}: {e}",
            dir.display()
        ))
    };
    if dir.exists() && !dir.is_dir() {
        return Err(CliError::usage(format!(
            "--checkpoint-dir: {} exists and is not a directory",
            dir.display()
        )));
    }
    std::fs::create_dir_all(&dir).map_err(bad)?;
    tempfile::Builder::new()
        .prefix(&format!(".arts-tmp-{}-probe", std::process::id()))
        .tempfile_in(&dir)
        .map_err(bad)?;
    Ok(dir)
}

/// The app (the word after `run`) and the whole command line, for recordings.
fn command_line() -> (String, String) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let app = match args.iter().position(|a| a == "run") {
        Some(i) => args.get(i + 1).cloned().unwrap_or_default(),
        None => args.first().cloned().unwrap_or_default(),
    };
    (app, args.join(" "))
}

/// Writes messages `[time_ns, source, destination, bytes]` as CSV
/// `time_s,source,destination,bytes`: a communication trace, the workload
/// format of the torus model (`arts pdes torus --workload trace:FILE`).
pub(crate) fn write_comm_csv(
    out: &mut std::fs::File,
    records: impl IntoIterator<Item = [u64; 4]>,
) -> std::io::Result<()> {
    use std::io::Write;
    let mut w = std::io::BufWriter::new(out);
    writeln!(w, "time_s,source,destination,bytes")?;
    for [time_ns, source, destination, bytes] in records {
        writeln!(
            w,
            "{:.9},{source},{destination},{bytes}",
            time_ns as f64 * 1e-9
        )?;
    }
    w.flush()
}

/// The result of a stencil app (JSON keys are a contract: add, never rename).
#[derive(Serialize)]
pub struct StencilReport {
    app: String,
    valid: bool,
    max_abs_diff: f64,
    grid: [usize; 2],
    objects: u64,
    objects_grid: [u32; 2],
    iters: u32,
    residual_final: f64,
    /// The run itself: PEs, step times, utilization, load balancing, grid, files.
    #[serde(flatten)]
    run: RunSummary,
    /// Where the run wrote its checkpoints (`null`: it did not checkpoint).
    checkpoint_dir: Option<String>,
    /// The step a restarted run continued from (`null`: not a restart).
    resumed_from_step: Option<u32>,
    /// The sequential reference was read from the checkpoint root (kept
    /// there by an earlier attempt of this run), not computed again.
    reference_reused: bool,
    /// Checkpoints written.
    checkpoints: usize,
    /// Bytes of element state in a checkpoint.
    checkpoint_state_bytes: u64,
    /// Median seconds from a step's result to the images of each process's elements.
    checkpoint_gather_median_s: Option<f64>,
    /// Median seconds to write a checkpoint directory (in the background
    /// with --checkpoint-async).
    checkpoint_write_median_s: Option<f64>,
    /// Median seconds the elements were held for a checkpoint: the image,
    /// plus the write unless it is in the background.
    checkpoint_pause_median_s: Option<f64>,
    /// The run stopped after this step on SIGTERM, right after checkpointing
    /// it (`--checkpoint-on-term`); `null` when it ran to the end. A stopped
    /// run is not validated (`valid` is false).
    stopped_at_step: Option<u32>,
}

/// Runs a validated problem of `app`, writes trace and dump, and builds the report.
pub fn execute<K: Kernel>(
    stencil_app: StencilApp,
    problem: &Problem<K>,
    mut prepared: Prepared,
    out: Output,
    run: impl FnOnce(
        &Problem<K>,
        &Config,
        Map,
        Option<Arc<Reference>>,
    ) -> Result<Outcome, arts_core::RunError>,
    reference: impl FnOnce(&Problem<K>) -> Reference,
) -> Result<StencilReport, CliError> {
    let app = stencil_app.name();
    let (rows, cols) = (problem.layout.rows(), problem.layout.cols());
    // A checkpoint holds a copy of the blocks' state (each process's image
    // of its blocks, streamed to disk from there, kept for the next one);
    // a double checkpoint two more: the bytes passed to the buddy and the
    // buddy's copy received.
    let checkpoint = match &prepared.checkpoint {
        Some(s) if s.buddies => problem.memory_bytes(false).saturating_mul(3),
        Some(_) => problem.memory_bytes(false),
        None => 0,
    };
    crate::budget::check_memory(
        format!("{app} on a {rows}x{cols} grid"),
        problem.memory_bytes(true).saturating_add(checkpoint),
    )?;
    let session = prepared.session(stencil_app)?;
    let checkpoint_dir = session
        .save
        .as_ref()
        .map(|s| s.plan.dir.display().to_string());
    let resumed_from_step = session.resume.as_ref().map(|r| r.step);
    let bar = out.progress(2, app);
    bar.set_message("sequential reference");
    let key = Key {
        app: app.to_string(),
        options: stencil_app.options(),
    };
    let saving = session.save.as_ref().map(|s| s.plan.dir.as_path());
    let computed = || Ok::<_, std::convert::Infallible>(reference(problem));
    let Ok((reference, reference_reused)) =
        prepared.reference(&key, saving, session.resume.is_some(), computed);
    let reference = Arc::new(reference);
    bar.inc(1);
    bar.set_message("parallel run");
    let (config, map) = (&prepared.config, prepared.map.clone());
    let outcome = match (&session.save, &session.resume) {
        (None, None) => run(problem, config, map, Some(reference.clone())),
        _ => run_session(app, problem, config, map, Some(reference.clone()), session),
    }
    .map_err(CliError::failed)?;
    bar.finish_and_clear();
    let run = RunSummary::of(
        &mut prepared,
        &outcome.report,
        &outcome.step_times,
        outcome.total_time_s,
        &reference.step_times,
        Some(outcome.ideal_step_time_s()),
    )?;
    let (objs_x, objs_y) = problem.layout.objects();
    Ok(StencilReport {
        app: app.to_string(),
        valid: report::is_valid(outcome.max_diff),
        max_abs_diff: outcome.max_diff,
        grid: [problem.layout.rows(), problem.layout.cols()],
        objects: objs_x as u64 * objs_y as u64,
        objects_grid: [objs_x, objs_y],
        iters: problem.iters,
        residual_final: outcome.residuals.last().copied().unwrap_or(0.0),
        run,
        checkpoint_dir,
        resumed_from_step,
        reference_reused,
        checkpoints: outcome.checkpoints.write_s.len(),
        checkpoint_state_bytes: outcome.checkpoints.state_bytes,
        checkpoint_gather_median_s: median_of(&outcome.checkpoints.gather_s),
        checkpoint_write_median_s: median_of(&outcome.checkpoints.write_s),
        checkpoint_pause_median_s: median_of(&outcome.checkpoints.pause_s),
        stopped_at_step: outcome.stopped_at,
    })
}

/// The median of `v`, `None` when empty.
fn median_of(v: &[f64]) -> Option<f64> {
    (!v.is_empty()).then(|| arts_util::stats::median(v))
}

/// Prints the report and fails the command if the result is not valid.
pub fn finish(r: &StencilReport, out: Output) -> CliResult {
    out.emit(r, || {
        let mut t = format!(
            "{}  grid {}x{}  objects {}x{}  steps {}  PEs {}\n\
             valid                 {} (max |diff| vs sequential = {:.1e})\n",
            r.app,
            r.grid[0],
            r.grid[1],
            r.objects_grid[0],
            r.objects_grid[1],
            r.iters,
            r.run.pes,
            r.valid,
            r.max_abs_diff,
        );
        t += &r.run.table();
        if let (Some(p), Some(g), Some(w), Some(h)) = (
            &r.checkpoint_dir,
            r.checkpoint_gather_median_s,
            r.checkpoint_write_median_s,
            r.checkpoint_pause_median_s,
        ) {
            t += &format!(
                "checkpoints           {} in {p}: {} bytes of state, image {g:.3} s, write {w:.3} s, pause {h:.3} s (medians)\n",
                r.checkpoints, r.checkpoint_state_bytes,
            );
        }
        if let Some(s) = r.resumed_from_step {
            t += &format!("restarted after step  {s}\n");
        }
        if r.reference_reused {
            t += "reference             read from the checkpoint root, not recomputed\n";
        }
        if let Some(s) = r.stopped_at_step {
            t += &format!("stopped after step    {s} (SIGTERM), not validated\n");
        }
        t
    })?;
    let dir = r.checkpoint_dir.as_deref();
    if let Some(stopped) = super::checkpoint_summary::stopped_note(r.stopped_at_step, dir) {
        return stopped;
    }
    if r.valid {
        Ok(())
    } else {
        Err(CliError::failed(format!(
            "{} result differs from the sequential reference by {:.3e}",
            r.app, r.max_abs_diff
        )))
    }
}

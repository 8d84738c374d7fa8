//! `arts predict`: replay a run recorded with `--record` on another machine
//! (`arts predict --record FILE --pes N ...`), or extrapolate it to a Blue
//! Gene/L torus of thousands of PEs (`arts predict extrapolate`). The
//! simulation is `arts_predict`'s; this module parses and prints.

use std::path::{Path, PathBuf};

use arts_predict::machine::BGL_HOP_NS;
use arts_predict::spec::{EngineKind, MachineSpec, NetworkKind};
use arts_predict::study::{Extrapolation, StudyOptions};
use arts_predict::validation::ValidationReport;
use arts_predict::{CostModel, Machine, Placement, PredictError, ReplayOptions, Traffic};
use arts_trace::record::Recording;

use crate::output::{
    CliError, CliResult, Output, PendingDir, PendingFile, commit_files, run_counter,
};

/// `arts predict`: the replay flags, or a subcommand.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct PredictArgs {
    #[command(subcommand)]
    command: Option<PredictCommand>,
    #[command(flatten)]
    replay: ReplayArgs,
}

/// Subcommands of `arts predict`.
#[derive(clap::Subcommand)]
pub enum PredictCommand {
    /// Fit the Blue Gene/L paper's per-object cost model to a recording and
    /// predict the app's step at 64..65,536 PEs on the torus (CSV + SVG).
    Extrapolate(ExtrapolateArgs),
    /// Read predicted and measured times side by side (the CSV of
    /// `scripts/predict-validation.sh`), print each error and chart them.
    Validation(ValidationArgs),
}

/// Flags of `arts predict validation`.
#[derive(clap::Args)]
pub struct ValidationArgs {
    /// The CSV: a header naming app, target, measured_s and predicted_s,
    /// then one row per configuration.
    #[arg(long)]
    csv: PathBuf,
    /// Write the chart (predicted over measured, with the ±10% band) here as SVG.
    #[arg(long, value_parser = crate::args::output_file)]
    svg: Option<PathBuf>,
}

/// Flags of a replay.
#[derive(clap::Args)]
pub struct ReplayArgs {
    /// The recording (`arts run APP --record FILE`).
    #[arg(long, required = true)]
    record: Option<PathBuf>,
    /// PEs of the target machine.
    #[arg(long, required = true)]
    pes: Option<u32>,
    /// Processes (nodes) the PEs are split into, in equal blocks.
    #[arg(long, default_value_t = 1)]
    processes: u32,
    /// The network between processes.
    #[arg(long, value_enum, default_value = "latency-bandwidth")]
    network: NetworkKind,
    /// One-way latency between processes, µs (default: 0.3, shared-memory
    /// MPI on this machine; 3 on the torus; within a cluster on a grid).
    #[arg(long, value_parser = crate::args::finite_f64)]
    latency: Option<f64>,
    /// Bandwidth between processes, MB/s (default: 5000; 175 per torus link).
    #[arg(long, value_parser = crate::args::finite_f64)]
    bandwidth: Option<f64>,
    /// One-way latency between PEs of one process, µs.
    #[arg(long, default_value_t = 0.25, value_parser = crate::args::finite_f64)]
    local_latency: f64,
    /// Bandwidth between PEs of one process, MB/s.
    #[arg(long, default_value_t = 10_000.0, value_parser = crate::args::finite_f64)]
    local_bandwidth: f64,
    /// Torus shape XxYxZ (product = --processes; default: the most cubic).
    #[arg(long)]
    torus_dims: Option<String>,
    /// Torus per-hop latency, ns.
    #[arg(long, default_value_t = BGL_HOP_NS, value_parser = crate::args::finite_f64)]
    hop_ns: f64,
    /// Grid: clusters (processes in equal consecutive blocks).
    #[arg(long, default_value_t = 2)]
    clusters: u32,
    /// Grid: one-way latency between clusters, µs.
    #[arg(long, default_value_t = 1000.0, value_parser = crate::args::finite_f64)]
    wan_latency: f64,
    /// Grid: bandwidth between clusters, MB/s.
    #[arg(long, default_value_t = 100.0, value_parser = crate::args::finite_f64)]
    wan_bandwidth: f64,
    /// Object placement: block, round-robin, recorded (folded), or lb:STRATEGY.
    #[arg(long, default_value = "block")]
    mapping: String,
    /// Target compute speed relative to the recording machine.
    #[arg(long, default_value_t = 1.0, value_parser = crate::args::finite_f64)]
    cpu_speed: f64,
    /// Cores of the whole target (default: one per PE), split evenly among
    /// its processes; with fewer cores than PEs, the PEs of a process that
    /// want a core at a time share the process's (an oversubscribed
    /// machine; JSON `speed`).
    #[arg(long)]
    cores: Option<u32>,
    /// Scheduler cost per execution, ns (default: measured in the recording).
    #[arg(long, value_parser = crate::args::finite_f64)]
    overhead_ns: Option<f64>,
    /// The PDES engine.
    #[arg(long, value_enum, default_value = "sequential")]
    engine: EngineKind,
    /// Threads of the optimistic engine.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
    /// Write the predicted messages between processes as CSV
    /// `time_s,source,destination,bytes` (replay them with link contention:
    /// `arts pdes torus --workload trace:FILE`).
    #[arg(long, value_parser = crate::args::output_file)]
    traffic: Option<PathBuf>,
}

/// Flags of `arts predict extrapolate`.
#[derive(clap::Args)]
pub struct ExtrapolateArgs {
    /// The recording to fit (`arts run APP --record FILE`).
    #[arg(long)]
    record: PathBuf,
    #[command(flatten)]
    study: StudyOptions,
    /// Directory for `extrapolation.csv` and `extrapolation.svg`.
    #[arg(long, value_parser = crate::args::output_dir)]
    out: Option<PathBuf>,
    /// With one PE count and one mapping: write the predicted messages
    /// between torus nodes as CSV `time_s,source,destination,bytes` (replay
    /// them with link contention: `arts pdes torus --workload trace:FILE`).
    #[arg(long, value_parser = crate::args::output_file)]
    traffic: Option<PathBuf>,
}

/// Runs `arts predict ...`.
pub fn run(args: PredictArgs, out: Output) -> CliResult {
    match args.command {
        Some(PredictCommand::Extrapolate(e)) => run_extrapolate(&e, out),
        Some(PredictCommand::Validation(v)) => run_validation(&v, out),
        None => run_replay(&args.replay, out),
    }
}

/// A bad machine, placement or recording is the user's (exit 2).
fn predict_error(e: PredictError) -> CliError {
    match e {
        PredictError::Input(m) => CliError::usage(m),
        e => CliError::failed(e),
    }
}

/// The largest recording read (`--record` files).
const MAX_RECORDING_BYTES: u64 = 64 << 30;
/// The largest validation CSV read.
const MAX_CSV_BYTES: u64 = 16 << 20;

fn read_recording(path: &Path) -> Result<Recording, CliError> {
    let (f, _) = arts_util::input_file::open(path, MAX_RECORDING_BYTES)?;
    let f = std::io::Read::take(f, MAX_RECORDING_BYTES);
    arts_trace::record::read(std::io::BufReader::new(f))
        .map_err(|e| CliError::usage(format!("{}: {e}", path.display())))
}

fn run_validation(a: &ValidationArgs, out: Output) -> CliResult {
    let text = arts_util::input_file::read_text(&a.csv, MAX_CSV_BYTES)?;
    let rows = arts_predict::validation::parse(&text)
        .map_err(|e| CliError::usage(format!("{}: {e}", a.csv.display())))?;
    if let Some(path) = &a.svg {
        let svg = arts_predict::validation::chart(&rows)
            .svg()
            .map_err(|e| CliError::failed(format!("cannot draw {}: {e}", path.display())))?;
        crate::output::write_atomic(path, svg.as_bytes())?;
    }
    let svg = a.svg.as_ref().map(|p| p.display().to_string());
    let json = ValidationReport::new(rows, svg);
    out.emit(&json, || json.table())
}

/// Parses `XxYxZ`.
fn parse_torus(s: &str) -> Result<[u32; 3], CliError> {
    let dims: Vec<u32> = crate::args::parse_dims(s, 3)
        .map_err(|e| CliError::usage(format!("--torus-dims: {e}")))?
        .into_iter()
        .map(|d| u32::try_from(d).unwrap_or(u32::MAX))
        .collect();
    Ok([dims[0], dims[1], dims[2]])
}

fn machine(a: &ReplayArgs) -> Result<Machine, CliError> {
    let torus_dims = match (a.network, &a.torus_dims) {
        (NetworkKind::Torus, Some(s)) => Some(parse_torus(s)?),
        _ => None,
    };
    MachineSpec {
        pes: a.pes.unwrap_or(0),
        processes: a.processes,
        network: a.network,
        latency_us: a.latency,
        bandwidth_mbs: a.bandwidth,
        local_latency_us: a.local_latency,
        local_bandwidth_mbs: a.local_bandwidth,
        torus_dims,
        hop_ns: a.hop_ns,
        clusters: a.clusters,
        wan_latency_us: a.wan_latency,
        wan_bandwidth_mbs: a.wan_bandwidth,
        cpu_speed: a.cpu_speed,
        cores: a.cores,
    }
    .machine()
    .map_err(predict_error)
}

fn run_replay(a: &ReplayArgs, out: Output) -> CliResult {
    let path = a.record.as_deref().expect("clap requires --record");
    let m = machine(a)?;
    crate::budget::check_memory(format!("a replay on {} PEs", m.pes), m.memory_bytes())?;
    let placement =
        Placement::parse(&a.mapping).map_err(|e| CliError::usage(format!("--mapping: {e}")))?;
    let traffic = a.traffic.as_deref().map(PendingFile::create).transpose()?;
    let rec = read_recording(path)?;
    let opts = ReplayOptions {
        machine: m,
        placement,
        overhead_ns: a.overhead_ns,
        engine: a.engine.engine(a.threads),
        traffic: traffic.is_some(),
    };
    let r = arts_predict::replay(&rec, &opts, &a.mapping).map_err(predict_error)?;
    if let Some(file) = traffic {
        write_traffic(file, &r.traffic)?;
    }
    out.emit(&r, || r.table())
}

/// Writes predicted traffic in the torus model's trace format.
fn write_traffic(mut file: PendingFile, traffic: &[Traffic]) -> CliResult {
    let rows = traffic
        .iter()
        .map(|t| [t.time_ns, t.from as u64, t.to as u64, t.bytes]);
    super::stencil::write_comm_csv(file.writer(), rows)
        .map_err(|e| CliError::failed(format!("cannot write the traffic: {e}")))?;
    Ok(file.commit()?)
}

fn run_extrapolate(a: &ExtrapolateArgs, out: Output) -> CliResult {
    let study = StudyOptions {
        traffic: a.traffic.is_some(),
        ..a.study.clone()
    };
    let plan = study.plan().map_err(predict_error)?;
    let traffic = a.traffic.as_deref().map(PendingFile::create).transpose()?;
    let rec = read_recording(&a.record)?;
    let model = CostModel::fit(&rec)
        .map_err(|e| CliError::usage(format!("{}: {e}", a.record.display())))?;
    let bar = out.progress((plan.pes.len() * plan.layouts.len()) as u64, "extrapolate");
    let points =
        arts_predict::study(&model, &plan, &mut run_counter(&bar)).map_err(predict_error)?;
    bar.finish_and_clear();
    let mut files = Vec::new();
    if let (Some(file), Some(p)) = (traffic, points.first()) {
        write_traffic(file, &p.traffic)?;
        files.extend(a.traffic.as_ref().map(|t| t.display().to_string()));
    }
    if let Some(dir) = &a.out {
        let pending = PendingDir::create(dir)?;
        let written =
            arts_predict::extrapolate::files(&points, &rec.header.app).map_err(CliError::failed)?;
        files.extend(commit_files(pending, dir, written)?);
    }
    let json = Extrapolation {
        app: rec.header.app.clone(),
        recorded_pes: rec.header.pes,
        model,
        points,
        files,
    };
    out.emit(&json, || json.table())
}

//! `arts predict`: replay a run recorded with `--record` on another machine
//! (`arts predict --record FILE --pes N ...`), or extrapolate it to a Blue
//! Gene/L torus of thousands of PEs (`arts predict extrapolate`). The
//! simulation is `arts_predict`'s; this module parses and prints.

use std::path::{Path, PathBuf};

use arts_predict::replay_flags::ReplayFlags;
use arts_predict::study::{Extrapolation, StudyOptions};
use arts_predict::validation::ValidationReport;
use arts_predict::{CostModel, PredictError, Traffic};
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
    replay: ReplayFlags,
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

fn run_replay(a: &ReplayFlags, out: Output) -> CliResult {
    let path = a.record.as_deref().expect("clap requires --record");
    let m = a.machine().map_err(predict_error)?;
    crate::budget::check_memory(format!("a replay on {} PEs", m.pes), m.memory_bytes())?;
    let placement = a.placement().map_err(predict_error)?;
    let traffic = a.traffic.as_deref().map(PendingFile::create).transpose()?;
    let rec = read_recording(path)?;
    let opts = a.options(m, placement);
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

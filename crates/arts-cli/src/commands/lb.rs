//! `arts lb simulate` (replay a dumped LB step with a strategy, offline) and
//! `arts lb generate` (write synthetic LB dumps).

use std::io::Write;
use std::path::{Path, PathBuf};

use arts_lb::dump::LbDump;
use arts_lb::generate::{GenSpec, GenerateReport, Kind, generate, parse_speeds};
use arts_lb::simulate::{SimulateError, SimulateOptions, simulate};

use crate::output::{CliError, CliResult, Output, PendingFile};

/// Subcommands of `arts lb`.
#[derive(clap::Subcommand)]
pub enum LbCommand {
    /// Replay a dumped LB step with a strategy: predicted balance, migrations,
    /// communication cut and strategy time.
    Simulate(SimulateArgs),
    /// Write a synthetic LB dump (uniform, skewed, zones or mesh).
    Generate(GenerateArgs),
}

/// Arguments of `arts lb simulate`.
#[derive(clap::Args)]
pub struct SimulateArgs {
    /// LB dump file (written by `--lb-dump` or `arts lb generate`).
    #[arg(long)]
    pub input: PathBuf,
    /// Strategy: none, greedy, greedy-classic, refine, refine-comm, greedy-comm,
    /// metis, metis-messages, rotate, grid-comm, grid-metis, grid-hybrid (grid-* need PE clusters).
    #[arg(long)]
    pub strategy: String,
    /// The grid strategies' options.
    #[command(flatten)]
    pub grid: crate::lb_args::GridLbArgs,
    /// Re-target the dump to N PEs: objects on PEs >= N fold onto PE (pe mod N)
    /// with their work kept; added PEs have speed 1.0.
    #[arg(long)]
    pub pes: Option<usize>,
    /// LB step number to replay (default: the first step of the dump).
    #[arg(long)]
    pub step: Option<u64>,
    /// Run the strategy this many times (1..=1000); the median time is reported.
    #[arg(long, default_value_t = 1)]
    pub repeat: usize,
    /// Also write the new mapping as JSON (`{"pe_of": [...]}`).
    #[arg(long, value_parser = crate::args::output_file)]
    pub mapping_out: Option<PathBuf>,
    /// Also write a one-step dump of the input after the migrations (objects
    /// on their new PEs), to chain strategies offline.
    #[arg(long, value_parser = crate::args::output_file)]
    pub out_dump: Option<PathBuf>,
}

/// Arguments of `arts lb generate`.
#[derive(clap::Args)]
pub struct GenerateArgs {
    /// Number of objects (0..=20,000,000 in total over all steps).
    #[arg(long)]
    pub objects: usize,
    /// Number of PEs (1..=10,000,000).
    #[arg(long)]
    pub pes: usize,
    /// Kind of input.
    #[arg(long, value_enum)]
    pub kind: Kind,
    /// Output file.
    #[arg(long, value_parser = crate::args::output_file)]
    pub out: PathBuf,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Number of LB steps (1..=1000); loads are re-drawn each step.
    #[arg(long, default_value_t = 1)]
    pub steps: usize,
    /// PE speeds, comma separated, repeated over the PEs (e.g. "1,2").
    #[arg(long, default_value = "1")]
    pub speeds: String,
    /// Fraction of objects marked non-migratable (0..=1).
    #[arg(long, default_value_t = 0.0)]
    pub pinned_fraction: f64,
    /// Number of clusters for grid-aware strategies (0 = none, at most --pes).
    #[arg(long, default_value_t = 0)]
    pub clusters: usize,
}

/// Runs `arts lb ...`.
pub fn run(command: LbCommand, out: Output) -> CliResult {
    match command {
        LbCommand::Simulate(args) => simulate_cmd(&args, out),
        LbCommand::Generate(args) => generate_cmd(&args, out),
    }
}

impl SimulateArgs {
    /// The replay these flags ask for.
    fn options(&self) -> Result<SimulateOptions, CliError> {
        Ok(SimulateOptions {
            strategy: self.strategy.clone(),
            grid: self
                .grid
                .options_for_any(&[&self.strategy], "--strategy")
                .map_err(CliError::usage)?,
            pes: self.pes,
            step: self.step,
            repeat: self.repeat,
            dump_after: self.out_dump.is_some(),
        })
    }
}

fn simulate_error(e: SimulateError) -> CliError {
    match e {
        SimulateError::Usage(m) => CliError::usage(m),
        SimulateError::Failed(m) => CliError::failed(m),
    }
}

fn simulate_cmd(args: &SimulateArgs, out: Output) -> CliResult {
    let opts = args.options()?;
    let strategy = opts.strategy().map_err(simulate_error)?;
    if let Some(p) = args.pes {
        crate::budget::check_memory(format!("--pes {p}"), arts_lb::retarget_memory_bytes(p))?;
    }
    let mapping_file = args
        .mapping_out
        .as_deref()
        .map(PendingFile::create)
        .transpose()?;
    let dump_file = args
        .out_dump
        .as_deref()
        .map(PendingFile::create)
        .transpose()?;
    let name = args.input.display().to_string();
    let bytes = arts_util::input_file::read(&args.input, MAX_DUMP_BYTES)?;
    let sim = simulate(&opts, &*strategy, &name, bytes).map_err(simulate_error)?;
    if let Some(mut file) = mapping_file {
        serde_json::to_writer(std::io::BufWriter::new(file.writer()), &sim.mapping)
            .map_err(|e| CliError::failed(format!("cannot write the mapping: {e}")))?;
        file.commit()?;
    }
    if let (Some(mut file), Some(path), Some(after)) =
        (dump_file, args.out_dump.as_deref(), &sim.after)
    {
        write_dump(&mut file, after, path)?;
        file.commit()?;
    }
    let report = sim.report;
    out.emit(&report, || report.table())
}

/// The largest LB dump read (a dump of `MAX_TOTAL_OBJECTS` objects is ~1.2 GiB).
const MAX_DUMP_BYTES: u64 = 2 << 30;

fn generate_cmd(args: &GenerateArgs, out: Output) -> CliResult {
    let mut spec = GenSpec {
        objects: args.objects,
        pes: args.pes,
        kind: args.kind,
        seed: args.seed,
        steps: args.steps,
        speeds: Vec::new(),
        pinned_fraction: args.pinned_fraction,
        clusters: args.clusters,
    };
    spec.check().map_err(CliError::usage)?;
    crate::budget::check_memory(
        format!("{} {} objects", spec.kind.name(), spec.objects),
        spec.memory_bytes(),
    )?;
    spec.speeds = parse_speeds(&args.speeds).map_err(CliError::usage)?;
    let mut file = PendingFile::create(&args.out)?;
    let dump = generate(&spec);
    let bytes = write_dump(&mut file, &dump, &args.out)?;
    file.commit()?;
    let report = GenerateReport::new(&spec, &dump, args.out.display().to_string(), bytes);
    out.emit(&report, || report.table())
}

fn write_dump(file: &mut PendingFile, dump: &LbDump, path: &Path) -> Result<u64, CliError> {
    let fail = |e: &dyn std::fmt::Display| {
        CliError::failed(format!("cannot write {}: {e}", path.display()))
    };
    let mut w = std::io::BufWriter::with_capacity(1 << 20, file.writer());
    serde_json::to_writer(&mut w, dump).map_err(|e| fail(&e))?;
    w.flush().map_err(|e| fail(&e))?;
    drop(w);
    file.writer()
        .metadata()
        .map(|m| m.len())
        .map_err(|e| fail(&e))
}

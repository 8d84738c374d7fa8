//! `arts lb simulate` (replay a dumped LB step with a strategy, offline) and
//! `arts lb generate` (write synthetic LB dumps).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use arts_lb::dump::LbDump;
use arts_lb::generate::{GenSpec, Kind, generate};
use arts_lb::input::{MAX_SPEED, MIN_SPEED};
use arts_lb::{LbError, LbStats, by_name, evaluate, retarget};
use serde::Serialize;

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
    /// Strategy: none, greedy, greedy-classic, refine, greedy-comm, metis,
    /// metis-messages, rotate, grid-comm, grid-metis, grid-hybrid (grid-* need PE clusters).
    #[arg(long)]
    pub strategy: String,
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

/// `--kind` of `arts lb generate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum KindArg {
    /// Uniform-random loads, no communication.
    Uniform,
    /// Heavy-tailed loads, no communication.
    Skewed,
    /// A few huge zones among many small objects, chain communication.
    Zones,
    /// 2-D grid graph with neighbour communication.
    Mesh,
}

impl KindArg {
    /// The kind's name as reported.
    pub fn name(self) -> &'static str {
        match self {
            KindArg::Uniform => "uniform",
            KindArg::Skewed => "skewed",
            KindArg::Zones => "zones",
            KindArg::Mesh => "mesh",
        }
    }
}

impl From<KindArg> for Kind {
    fn from(k: KindArg) -> Kind {
        match k {
            KindArg::Uniform => Kind::Uniform,
            KindArg::Skewed => Kind::Skewed,
            KindArg::Zones => Kind::Zones,
            KindArg::Mesh => Kind::Mesh,
        }
    }
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
    pub kind: KindArg,
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
        LbCommand::Simulate(args) => simulate(&args, out),
        LbCommand::Generate(args) => generate_cmd(&args, out),
    }
}

/// Predicted figures of one mapping, as printed.
#[derive(Serialize)]
struct SimulateReport {
    input: String,
    step: u64,
    steps_in_dump: usize,
    strategy: String,
    objects: usize,
    pes: usize,
    input_pes: usize,
    retargeted: bool,
    #[serde(flatten)]
    after: LbStats,
    strategy_time_s: f64,
    strategy_time_min_s: f64,
    repeat: usize,
    before: LbStats,
}

fn lb_error(context: &str, err: LbError) -> CliError {
    match err {
        // A strategy breaking its contract or METIS failing is not the user's input.
        LbError::MovedPinned { .. }
        | LbError::MappingLength { .. }
        | LbError::MappingPeOutOfRange { .. }
        | LbError::Metis(_) => CliError::failed(format!("{context}: {err}")),
        _ => CliError::usage(format!("{context}: {err}")),
    }
}

fn simulate(args: &SimulateArgs, out: Output) -> CliResult {
    let strategy = by_name(&args.strategy).map_err(|e| lb_error("--strategy", e))?;
    if args.repeat == 0 || args.repeat > 1000 {
        return Err(CliError::usage(format!(
            "--repeat {} is invalid (1..=1000 accepted)",
            args.repeat
        )));
    }

    if args.pes == Some(0) {
        return Err(CliError::usage("--pes 0 is invalid (at least 1 accepted)"));
    }
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
    let bytes = read_capped(&args.input, MAX_DUMP_BYTES)
        .map_err(|e| CliError::usage(format!("cannot read {name}: {e}")))?;
    let dump = LbDump::from_slice(&bytes).map_err(|e| CliError::usage(format!("{name}: {e}")))?;
    drop(bytes);
    let step = dump
        .step(args.step)
        .map_err(|e| CliError::usage(format!("{name}: {e}")))?;
    let context = format!("{name} step {}", step.step);
    step.input.validate().map_err(|e| lb_error(&context, e))?;
    let input_pes = step.input.pes.len();
    let input = match args.pes {
        Some(p) if p != input_pes => retarget(&step.input, p).map_err(|e| lb_error(&context, e))?,
        _ => step.input.clone(),
    };

    let mut times = Vec::with_capacity(args.repeat);
    let mut mapping = None;
    for _ in 0..args.repeat {
        let start = Instant::now();
        let m = strategy.map(&input).map_err(|e| lb_error(&context, e))?;
        times.push(start.elapsed().as_secs_f64());
        mapping = Some(m);
    }
    let mapping = mapping.expect("repeat >= 1 ran the strategy");
    // Same checks as `balance`, outside the timed region.
    mapping
        .check(&input, strategy.name())
        .map_err(|e| lb_error(&context, e))?;
    times.sort_by(f64::total_cmp);

    if let Some(mut file) = mapping_file {
        serde_json::to_writer(std::io::BufWriter::new(file.writer()), &mapping)
            .map_err(|e| CliError::failed(format!("cannot write the mapping: {e}")))?;
        file.commit()?;
    }
    if let (Some(mut file), Some(path)) = (dump_file, args.out_dump.as_deref()) {
        let mut after = LbDump::new();
        after.push(step.step, mapping.apply(&input));
        write_dump(&mut file, &after, path)?;
        file.commit()?;
    }
    let report = SimulateReport {
        input: name,
        step: step.step,
        steps_in_dump: dump.steps.len(),
        strategy: strategy.name().to_string(),
        objects: input.objects.len(),
        pes: input.pes.len(),
        input_pes,
        retargeted: input.pes.len() != input_pes,
        after: evaluate(&input, &mapping),
        strategy_time_s: times[times.len() / 2],
        strategy_time_min_s: times[0],
        repeat: args.repeat,
        before: evaluate(&input, &input.current_mapping()),
    };
    out.emit(&report, || simulate_table(&report))
}

fn simulate_table(r: &SimulateReport) -> String {
    let pct = |part: u64, all: u64| {
        if all == 0 {
            0.0
        } else {
            100.0 * part as f64 / all as f64
        }
    };
    let retarget = if r.retargeted {
        format!(" (re-targeted from {})", r.input_pes)
    } else {
        String::new()
    };
    format!(
        "strategy        {} on {} step {}\n\
         objects / PEs   {} / {}{}\n\
         max/avg         {:.4} -> {:.4}\n\
         max load        {:.6} s -> {:.6} s (ideal {:.6} s)\n\
         migrations      {} objects, {} bytes\n\
         comm cut        {} B ({:.1}%) -> {} B ({:.1}%)\n\
         strategy time   {:.6} s (median of {})\n",
        r.strategy,
        r.input,
        r.step,
        r.objects,
        r.pes,
        retarget,
        r.before.max_avg_ratio,
        r.after.max_avg_ratio,
        r.before.max_load_s,
        r.after.max_load_s,
        r.after.avg_load_s,
        r.after.migrations,
        r.after.migrated_bytes,
        r.before.comm_cut_bytes,
        pct(r.before.comm_cut_bytes, r.before.comm_total_bytes),
        r.after.comm_cut_bytes,
        pct(r.after.comm_cut_bytes, r.after.comm_total_bytes),
        r.strategy_time_s,
        r.repeat,
    )
}

/// What `arts lb generate` wrote.
#[derive(Serialize)]
struct GenerateReport {
    out: String,
    kind: String,
    objects: usize,
    pes: usize,
    steps: usize,
    seed: u64,
    comm_edges: usize,
    pinned: usize,
    max_avg_ratio: f64,
    bytes: u64,
}

const MAX_TOTAL_OBJECTS: usize = 20_000_000;

/// The largest LB dump read (a dump of `MAX_TOTAL_OBJECTS` objects is ~1.2 GiB).
const MAX_DUMP_BYTES: u64 = 2 << 30;

/// Reads a whole file of at most `cap` bytes (a device such as /dev/zero
/// or an oversized file is refused instead of filling memory).
fn read_capped(path: &std::path::Path, cap: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let too_large = || {
        std::io::Error::other(format!(
            "it is larger than {} (the most accepted)",
            arts_core::limits::human_bytes(cap)
        ))
    };
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(std::io::Error::other("it is not a regular file"));
    }
    if meta.len() > cap {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(too_large());
    }
    Ok(bytes)
}
const MAX_PES: usize = 10_000_000;

fn parse_speeds(text: &str) -> Result<Vec<f64>, CliError> {
    text.split(',')
        .map(|s| {
            let v: f64 = s.trim().parse().map_err(|_| {
                CliError::usage(format!(
                    "--speeds: '{s}' is not a number (comma-separated numbers in 1e-6..=1e6 accepted)"
                ))
            })?;
            if (MIN_SPEED..=MAX_SPEED).contains(&v) {
                Ok(v)
            } else {
                Err(CliError::usage(format!(
                    "--speeds: {v} is invalid ({MIN_SPEED}..={MAX_SPEED} accepted)"
                )))
            }
        })
        .collect()
}

fn generate_cmd(args: &GenerateArgs, out: Output) -> CliResult {
    let kind: Kind = args.kind.into();
    if args.pes == 0 || args.pes > MAX_PES {
        return Err(CliError::usage(format!(
            "--pes {} is invalid (1..={MAX_PES} accepted)",
            args.pes
        )));
    }
    if args.steps == 0 || args.steps > 1000 {
        return Err(CliError::usage(format!(
            "--steps {} is invalid (1..=1000 accepted)",
            args.steps
        )));
    }
    if args.objects.saturating_mul(args.steps) > MAX_TOTAL_OBJECTS {
        return Err(CliError::usage(format!(
            "--objects {} × --steps {} is too large (at most {MAX_TOTAL_OBJECTS} objects in total)",
            args.objects, args.steps
        )));
    }
    if !(0.0..=1.0).contains(&args.pinned_fraction) {
        return Err(CliError::usage(format!(
            "--pinned-fraction {} is invalid (0..=1 accepted)",
            args.pinned_fraction
        )));
    }
    if args.clusters > args.pes {
        return Err(CliError::usage(format!(
            "--clusters {} is invalid (0..={} accepted, at most one per PE)",
            args.clusters, args.pes
        )));
    }
    let speeds = parse_speeds(&args.speeds)?;
    let mut file = PendingFile::create(&args.out)?;
    let spec = GenSpec {
        objects: args.objects,
        pes: args.pes,
        kind,
        seed: args.seed,
        steps: args.steps,
        speeds,
        pinned_fraction: args.pinned_fraction,
        clusters: args.clusters,
    };
    let dump = generate(&spec);
    let first = &dump.steps[0].input;
    let bytes = write_dump(&mut file, &dump, &args.out)?;
    file.commit()?;
    let report = GenerateReport {
        out: args.out.display().to_string(),
        kind: args.kind.name().to_string(),
        objects: args.objects,
        pes: args.pes,
        steps: args.steps,
        seed: args.seed,
        comm_edges: first.comm.len(),
        pinned: first.objects.iter().filter(|o| !o.migratable).count(),
        max_avg_ratio: evaluate(first, &first.current_mapping()).max_avg_ratio,
        bytes,
    };
    out.emit(&report, || {
        format!(
            "wrote {} ({} bytes): {} {} objects on {} PEs, {} step(s), {} comm edges, max/avg {:.4}\n",
            report.out,
            report.bytes,
            report.kind,
            report.objects,
            report.pes,
            report.steps,
            report.comm_edges,
            report.max_avg_ratio
        )
    })
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

//! `arts topology probe` (measure the latency between every pair of PEs and
//! print the clusters found, in the `--topology` file format) and
//! `arts topology show` (check a topology file and print it as a table).

use std::io::Write;
use std::path::PathBuf;

use arts_core::Config;
use arts_grid::measure;
use arts_grid::probe::{DEFAULT_GAP, MAX_PROBE_PES, ProbeReport};
use arts_grid::topology::Shown;

use crate::output::{CliError, CliResult, Output, PendingFile};

/// Subcommands of `arts topology`.
#[derive(clap::Subcommand)]
pub enum TopologyCommand {
    /// Measure the one-way latency between every pair of PEs, cluster them
    /// and print the topology found (TOML, the `--topology` file format).
    Probe(ProbeArgs),
    /// Check a topology file (TOML or JSON) and print it as a table.
    Show(ShowArgs),
}

/// Arguments of `arts topology probe`.
#[derive(clap::Args)]
pub struct ProbeArgs {
    /// Number of PEs to probe (default: one per core; at most 256).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub pes: Option<u32>,
    /// Under mpirun: PEs in each process (default 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub pes_per_process: Option<u32>,
    /// Round trips per pair of PEs (after one warm-up); half the median is kept.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub rounds: u32,
    /// Smallest jump (ratio) between the sorted pair latencies that
    /// separates clusters (> 1).
    #[arg(long, default_value_t = DEFAULT_GAP)]
    pub gap: f64,
    /// Also write the topology found to this file (TOML).
    #[arg(long, value_parser = crate::args::output_file)]
    pub out: Option<PathBuf>,
    /// Probe an emulated grid (`--clusters K --latency L`, `--topology FILE`):
    /// the probe must find it again.
    #[command(flatten)]
    pub grid: super::grid_flags::GridOpts,
}

/// Arguments of `arts topology show`.
#[derive(clap::Args)]
pub struct ShowArgs {
    /// The topology file (TOML, or JSON when it ends in .json or starts with `{`).
    #[arg(long)]
    pub topology: PathBuf,
    /// Check it for this many PEs (default: the PEs its clusters list).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub pes: Option<u32>,
}

/// Runs `arts topology ...`.
pub fn run(command: TopologyCommand, out: Output) -> CliResult {
    match command {
        TopologyCommand::Probe(args) => probe(&args, out),
        TopologyCommand::Show(args) => show(&args, out),
    }
}

/// The run configuration of the probe over `pes` PEs in this process.
fn probe_config(pes: u32) -> Config {
    Config {
        pes,
        instrument: false,
        ..Config::default()
    }
}

fn probe(args: &ProbeArgs, out: Output) -> CliResult {
    if !(args.gap.is_finite() && args.gap > 1.0) {
        return Err(CliError::usage(format!(
            "--gap {} is invalid (a finite ratio > 1 accepted)",
            args.gap
        )));
    }
    let (_, processes) = crate::world::rank_size();
    let pes = match processes {
        1 => args.pes.unwrap_or_else(crate::args::default_pes),
        n => args.pes_per_process.unwrap_or(1).saturating_mul(n),
    };
    if pes > MAX_PROBE_PES {
        return Err(CliError::usage(format!(
            "--pes {pes} is invalid (the probe measures 1..={MAX_PROBE_PES} PEs)"
        )));
    }
    let mut file = args.out.as_deref().map(PendingFile::create).transpose()?;
    let config = crate::world::distribute(probe_config(pes), args.pes, args.pes_per_process)?;
    let (config, _) = args.grid.configure(config, true)?;
    let matrix = measure(&config, args.rounds).map_err(CliError::failed)?;
    let report = ProbeReport::new(matrix, pes, args.rounds, args.gap);
    let toml = report.toml();
    if let (Some(f), Some(path)) = (file.as_mut(), args.out.as_deref()) {
        f.writer()
            .write_all(toml.as_bytes())
            .map_err(|e| CliError::failed(format!("cannot write {}: {e}", path.display())))?;
    }
    if let Some(f) = file {
        f.commit()?;
    }
    out.emit(&report, || toml)
}

fn show(args: &ShowArgs, out: Output) -> CliResult {
    let shown = Shown::read(&args.topology, args.pes).map_err(CliError::usage)?;
    out.emit(&shown, || shown.table())
}

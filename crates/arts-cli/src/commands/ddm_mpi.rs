//! `arts experiment ddm-mpi`: the drift-diffusion paper's MPI program in C
//! on Open MPI, MPICH and arts' AMPI beside the Rust solver, and its Fig. 11
//! (`arts_experiments::ddm_mpi`, `docs/ddm-mpi.md`).

use std::path::PathBuf;

use arts_experiments::ddm_mpi::{self, DdmMpiReport, Plan, programs::Tools};

use super::ddm_flags::PresetArg;
use crate::output::{CliError, CliResult, Output, PendingDir, commit_files};

/// Arguments of `arts experiment ddm-mpi`.
#[derive(clap::Args)]
pub struct DdmMpiArgs {
    /// Device file (TOML; the subset examples/ddm-mpi/README.md lists).
    #[arg(long, conflicts_with = "preset")]
    device: Option<PathBuf>,
    /// Built-in device (default apd-sam, the paper's).
    #[arg(long, value_enum)]
    preset: Option<PresetArg>,
    /// Bias points, V (default: the device file's).
    #[arg(long, value_delimiter = ',', allow_hyphen_values = true)]
    bias: Option<Vec<f64>>,
    /// P: MPI processes of the Open MPI, MPICH and Rust runs, PEs of the
    /// AMPI runs (S = P ranks, and S = 4P with AMPI_Migrate).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
    pes: u32,
    /// Residual reduction every K iterations (1: every step, the paper's).
    #[arg(long, default_value_t = 1)]
    check_every: usize,
    /// Convergence tolerance, V.
    #[arg(long, default_value_t = 1e-9)]
    tolerance: f64,
    /// S = 4P under AMPI: AMPI_Migrate every N iterations.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    migrate_every: u64,
    /// S = 4P under AMPI: the balancer at each AMPI_Migrate.
    #[arg(long, default_value = "refine")]
    lb: String,
    /// Runs of each system, alternating; the median is reported.
    #[arg(long, default_value_t = 3)]
    repeats: usize,
    /// Fig. 11: round trips per timed loop.
    #[arg(long, default_value_t = 20000)]
    pack_iterations: u64,
    /// Fig. 11: timed loops per mode.
    #[arg(long, default_value_t = 5)]
    pack_rounds: u64,
    /// The arts binary whose Rust solver and AMPI run (default: this one;
    /// give a release build with `--features mpi` for timings).
    #[arg(long)]
    arts: Option<PathBuf>,
    /// The C sources (default: examples/ddm-mpi of the tree arts was built from).
    #[arg(long)]
    source: Option<PathBuf>,
    /// Directory for ddm_mpi.csv, ddm_mpi_pack.csv, ddm_mpi.json and the SVG charts.
    #[arg(long, value_parser = crate::args::output_dir)]
    out: Option<PathBuf>,
}

/// Runs `arts experiment ddm-mpi`.
pub fn run(args: &DdmMpiArgs, out: Output) -> CliResult {
    let scratch = tempfile::tempdir().map_err(|e| CliError::failed(format!("scratch dir: {e}")))?;
    let preset = args.preset.unwrap_or(PresetArg::ApdSam).name();
    let device = ddm_mpi::device_file(args.device.as_deref(), preset, scratch.path())?;
    let arts = ddm_mpi::arts_binary(args.arts.as_deref())?;
    let mut tools = Tools::of_this_tree(arts);
    if let Some(src) = &args.source {
        tools.source = src.clone();
    }
    let plan = Plan {
        tools,
        scratch: scratch.path().join("build"),
        device: device.clone(),
        biases: args.bias.clone().unwrap_or_default(),
        pes: args.pes,
        check_every: args.check_every,
        tolerance_v: args.tolerance,
        migrate_every: args.migrate_every,
        lb: args.lb.clone(),
        repeats: args.repeats,
        pack_iterations: args.pack_iterations,
        pack_rounds: args.pack_rounds,
    };
    crate::lb_args::strategy(&args.lb)?;
    plan.check()?;
    let bar = out.progress(0, "ddm-mpi");
    let result = ddm_mpi::run(&plan, &mut |what| bar.set_message(what.to_string()))?;
    bar.finish_and_clear();
    let mut files = Vec::new();
    if let Some(dir) = &args.out {
        let pending = PendingDir::create(dir)?;
        let written = ddm_mpi::files(&result).map_err(CliError::failed)?;
        files = commit_files(pending, dir, written)?;
    }
    let report = DdmMpiReport {
        device: device.display().to_string(),
        pes: args.pes,
        check_every: args.check_every,
        result: &result,
        files,
    };
    out.emit(&report, || report.table())
}

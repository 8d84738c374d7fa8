//! `arts experiment ampi-vs-mpi`: the AMPI paper's comparisons with native
//! MPI — Figs 7-8 (`pingpong`), Tables 1-3 (`stencil`), Fig. 12
//! (`checkpoint`) — the C programs of examples/ampi-vs-mpi on Open MPI,
//! MPICH and arts' AMPI (`arts_experiments::ampi_vs_mpi`).

use std::path::PathBuf;

use arts_experiments::ampi_vs_mpi::{
    self, AmpiVsMpiReport, Outcome, Plan, checkpoint::CheckpointPlan, pingpong::PingPongPlan,
    stencil::StencilPlan,
};

use crate::output::{CliError, CliResult, Output, PendingDir, commit_files};

/// Flags every study takes.
#[derive(clap::Args)]
pub struct Common {
    /// Runs of each system, alternating; medians are reported.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    repeats: u32,
    /// Seconds one program run may take before it is stopped.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    /// The arts binary that runs AMPI (default: this one; a release build
    /// with `--features mpi` runs AMPI across processes too).
    #[arg(long)]
    arts: Option<PathBuf>,
    /// The C sources (default: examples/ampi-vs-mpi of the tree arts was built from).
    #[arg(long)]
    source: Option<PathBuf>,
    /// Directory for the CSV and the SVG chart.
    #[arg(long, value_parser = crate::args::output_dir)]
    out: Option<PathBuf>,
}

/// The studies.
#[derive(clap::Subcommand)]
pub enum AmpiVsMpiCommand {
    /// Figs 7-8: ping-pong one-way time over message sizes 8 B, 32 B, ...
    /// up to --max-bytes: Open MPI and MPICH (2 processes) against AMPI on
    /// one PE, two PEs, and two processes.
    Pingpong {
        /// The largest message, bytes.
        #[arg(long, default_value_t = 1 << 20)]
        max_bytes: u64,
        /// Round trips per size (fewer above 64 KiB).
        #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..))]
        iters: u32,
        #[command(flatten)]
        common: Common,
    },
    /// Tables 1-3: the 3-D stencil with --vp AMPI ranks on each of --pes,
    /// beside Open MPI and MPICH on --native processes.
    Stencil {
        /// K: the grid is K^3.
        #[arg(long, default_value_t = 120)]
        size: u32,
        /// Steps per run.
        #[arg(long, default_value_t = 10)]
        steps: u32,
        /// AMPI rank counts (comma-separated).
        #[arg(long, value_delimiter = ',', default_value = "27")]
        vp: Vec<u32>,
        /// AMPI PE counts (comma-separated).
        #[arg(long, value_delimiter = ',', default_value = "1,2")]
        pes: Vec<u32>,
        /// Open MPI and MPICH process counts (comma-separated).
        #[arg(long, value_delimiter = ',', default_value = "1,2")]
        native: Vec<u32>,
        #[command(flatten)]
        common: Common,
    },
    /// Fig. 12: time per checkpoint of the FT- and LU-like kernels under
    /// AMPI, to disk against in memory, on each of --pes (one rank each).
    Checkpoint {
        /// FT: N x N complex values (a power of 2).
        #[arg(long, default_value_t = 1024)]
        ft_size: u32,
        /// LU: N x N grid.
        #[arg(long, default_value_t = 2048)]
        lu_size: u32,
        /// Steps per run.
        #[arg(long, default_value_t = 8)]
        steps: u32,
        /// A checkpoint every this many steps.
        #[arg(long, default_value_t = 2)]
        every: u32,
        /// PE counts (comma-separated).
        #[arg(long, value_delimiter = ',', default_value = "1,2")]
        pes: Vec<u32>,
        /// The in-memory checkpoint store (a tmpfs).
        #[arg(long, default_value = "/dev/shm")]
        memory_dir: PathBuf,
        #[command(flatten)]
        common: Common,
    },
}

/// Runs `arts experiment ampi-vs-mpi STUDY`.
pub fn run(command: &AmpiVsMpiCommand, out: Output) -> CliResult {
    let common = match command {
        AmpiVsMpiCommand::Pingpong { common, .. }
        | AmpiVsMpiCommand::Stencil { common, .. }
        | AmpiVsMpiCommand::Checkpoint { common, .. } => common,
    };
    let scratch = tempfile::tempdir().map_err(|e| CliError::failed(format!("scratch dir: {e}")))?;
    let arts = arts_experiments::ddm_mpi::arts_binary(common.arts.as_deref())?;
    let mut tools = Plan::tools_of_this_tree(arts);
    if let Some(src) = &common.source {
        tools.source = src.clone();
    }
    let plan = Plan {
        tools,
        scratch: scratch.path().join("build"),
        repeats: common.repeats,
        limit_s: common.limit,
    };
    let pending = common.out.as_deref().map(PendingDir::create).transpose()?;
    let bar = out.progress(0, "ampi-vs-mpi");
    let mut tell = |what: &str| bar.set_message(what.to_string());
    let outcome = match command {
        AmpiVsMpiCommand::Pingpong {
            max_bytes, iters, ..
        } => Outcome::PingPong(ampi_vs_mpi::pingpong::run(
            &PingPongPlan {
                plan,
                max_bytes: *max_bytes,
                iters: *iters,
            },
            &mut tell,
        )?),
        AmpiVsMpiCommand::Stencil {
            size,
            steps,
            vp,
            pes,
            native,
            ..
        } => Outcome::Stencil(ampi_vs_mpi::stencil::run(
            &StencilPlan {
                plan,
                size: *size,
                steps: *steps,
                vp: vp.clone(),
                pes: pes.clone(),
                native: native.clone(),
            },
            &mut tell,
        )?),
        AmpiVsMpiCommand::Checkpoint {
            ft_size,
            lu_size,
            steps,
            every,
            pes,
            memory_dir,
            ..
        } => Outcome::Checkpoint(ampi_vs_mpi::checkpoint::run(
            &CheckpointPlan {
                plan,
                ft_size: *ft_size,
                lu_size: *lu_size,
                steps: *steps,
                every: *every,
                pes: pes.clone(),
                memory_dir: memory_dir.clone(),
            },
            &mut tell,
        )?),
    };
    bar.finish_and_clear();
    let mut files = Vec::new();
    if let (Some(pending), Some(dir)) = (pending, &common.out) {
        files = commit_files(pending, dir, outcome.files().map_err(CliError::failed)?)?;
    }
    let report = AmpiVsMpiReport::new(outcome, files);
    out.emit(&report, || report.table())
}

//! The flags of `arts experiment ampi-vs-mpi STUDY` as a command line gives
//! them (`clap` behind the `clap` feature) and the study they run.

use std::path::{Path, PathBuf};

use crate::StudyError;

use super::checkpoint_time::{self, CheckpointPlan};
use super::pingpong::{self, PingPongPlan};
use super::stencil::{self, StencilPlan};
use super::{Outcome, Plan};

/// Flags every study takes.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct Common {
    /// Runs of each system, alternating; medians are reported.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100)))]
    pub repeats: u32,
    /// Seconds one program run may take before it is stopped.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..)))]
    pub limit: u64,
    /// The arts binary that runs AMPI (default: this one; a release build
    /// with `--features mpi` runs AMPI across processes too).
    #[cfg_attr(feature = "clap", arg(long))]
    pub arts: Option<PathBuf>,
    /// The C sources (default: examples/ampi-vs-mpi of the tree arts was built from).
    #[cfg_attr(feature = "clap", arg(long))]
    pub source: Option<PathBuf>,
    /// Directory for the CSV and the SVG chart.
    #[cfg_attr(feature = "clap", arg(long, value_parser = arts_util::output_path::output_dir))]
    pub out: Option<PathBuf>,
}

impl Common {
    /// The plan these flags ask for, with `arts` running AMPI and the
    /// programs built under `scratch`.
    pub fn plan(&self, arts: PathBuf, scratch: &Path) -> Plan {
        let mut tools = Plan::tools_of_this_tree(arts);
        if let Some(src) = &self.source {
            tools.source = src.clone();
        }
        Plan {
            tools,
            scratch: scratch.join("build"),
            repeats: self.repeats,
            limit_s: self.limit,
        }
    }
}

/// The studies.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Subcommand))]
pub enum Study {
    /// Figs 7-8: ping-pong one-way time over message sizes 8 B, 32 B, ...
    /// up to --max-bytes: Open MPI and MPICH (2 processes) against AMPI on
    /// one PE, two PEs, and two processes.
    Pingpong {
        /// The largest message, bytes.
        #[cfg_attr(feature = "clap", arg(long, default_value_t = 1 << 20))]
        max_bytes: u64,
        /// Round trips per size (fewer above 64 KiB).
        #[cfg_attr(feature = "clap", arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..)))]
        iters: u32,
        /// Flags every study takes.
        #[cfg_attr(feature = "clap", command(flatten))]
        common: Common,
    },
    /// Tables 1-3: the 3-D stencil with --vp AMPI ranks on each of --pes,
    /// beside Open MPI and MPICH on --native processes.
    Stencil {
        /// K: the grid is K^3.
        #[cfg_attr(feature = "clap", arg(long, default_value_t = 120))]
        size: u32,
        /// Steps per run.
        #[cfg_attr(feature = "clap", arg(long, default_value_t = 10))]
        steps: u32,
        /// AMPI rank counts (comma-separated).
        #[cfg_attr(
            feature = "clap",
            arg(long, value_delimiter = ',', default_value = "27")
        )]
        vp: Vec<u32>,
        /// AMPI PE counts (comma-separated).
        #[cfg_attr(
            feature = "clap",
            arg(long, value_delimiter = ',', default_value = "1,2")
        )]
        pes: Vec<u32>,
        /// Open MPI and MPICH process counts (comma-separated).
        #[cfg_attr(
            feature = "clap",
            arg(long, value_delimiter = ',', default_value = "1,2")
        )]
        native: Vec<u32>,
        /// Flags every study takes.
        #[cfg_attr(feature = "clap", command(flatten))]
        common: Common,
    },
    /// Fig. 12: time per checkpoint of the FT- and LU-like kernels under
    /// AMPI, to disk against in memory, on each of --pes (one rank each).
    Checkpoint {
        /// FT: N x N complex values (a power of 2).
        #[cfg_attr(feature = "clap", arg(long, default_value_t = 1024))]
        ft_size: u32,
        /// LU: N x N grid.
        #[cfg_attr(feature = "clap", arg(long, default_value_t = 2048))]
        lu_size: u32,
        /// Steps per run.
        #[cfg_attr(feature = "clap", arg(long, default_value_t = 8))]
        steps: u32,
        /// A checkpoint every this many steps.
        #[cfg_attr(feature = "clap", arg(long, default_value_t = 2))]
        every: u32,
        /// PE counts (comma-separated).
        #[cfg_attr(
            feature = "clap",
            arg(long, value_delimiter = ',', default_value = "1,2")
        )]
        pes: Vec<u32>,
        /// The in-memory checkpoint store (a tmpfs).
        #[cfg_attr(feature = "clap", arg(long, default_value = "/dev/shm"))]
        memory_dir: PathBuf,
        /// Flags every study takes.
        #[cfg_attr(feature = "clap", command(flatten))]
        common: Common,
    },
}

impl Study {
    /// The flags every study takes.
    pub fn common(&self) -> &Common {
        match self {
            Study::Pingpong { common, .. }
            | Study::Stencil { common, .. }
            | Study::Checkpoint { common, .. } => common,
        }
    }

    /// Runs the study under `plan`, telling `progress` what runs.
    pub fn run(&self, plan: Plan, progress: &mut dyn FnMut(&str)) -> Result<Outcome, StudyError> {
        Ok(match self.clone() {
            Study::Pingpong {
                max_bytes, iters, ..
            } => Outcome::PingPong(pingpong::run(
                &PingPongPlan {
                    plan,
                    max_bytes,
                    iters,
                },
                progress,
            )?),
            Study::Stencil {
                size,
                steps,
                vp,
                pes,
                native,
                ..
            } => Outcome::Stencil(stencil::run(
                &StencilPlan {
                    plan,
                    size,
                    steps,
                    vp,
                    pes,
                    native,
                },
                progress,
            )?),
            Study::Checkpoint {
                ft_size,
                lu_size,
                steps,
                every,
                pes,
                memory_dir,
                ..
            } => Outcome::Checkpoint(checkpoint_time::run(
                &CheckpointPlan {
                    plan,
                    ft_size,
                    lu_size,
                    steps,
                    every,
                    pes,
                    memory_dir,
                },
                progress,
            )?),
        })
    }
}

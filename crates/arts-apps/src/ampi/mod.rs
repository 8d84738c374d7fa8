//! MPI programs on Adaptive MPI: the ones `arts ampi run` knows, by name
//! (each builds, from [`Params`], the function every rank runs, plus what
//! the run needs to know before it starts: its memory estimate), and the
//! drift-diffusion solver's static MPI structure on virtual processors
//! ([`ddm`]).

mod btmz;
mod carry;
pub mod ddm;
mod pingpong;
mod recurse;
pub mod run;
pub mod run_flags;
mod stencil3d;
mod storm;

use std::sync::Arc;

use arts_core::limits::MemoryBudget;

use arts_ampi::Op;
use arts_ampi::ProgramFn;
use arts_ampi::{AmpiError, MpiError};
use arts_ampi::{Mpi, WORLD};

/// Combines every rank's comparison with its reference on rank 0, which
/// records `valid` (all bit-identical: 1) and `max_abs_diff`.
fn record_validity(mpi: &mut Mpi<'_>, same: bool, diff: f64) -> Result<(), MpiError> {
    let (mut all_same, mut worst) = ([0u8], [0.0f64]);
    mpi.reduce(&[u8::from(same)], &mut all_same, &Op::Land, 0, WORLD)?;
    mpi.reduce(&[diff], &mut worst, &Op::Max, 0, WORLD)?;
    if mpi.rank() == 0 {
        mpi.record("valid", f64::from(all_same[0]));
        mpi.record("max_abs_diff", worst[0]);
    }
    Ok(())
}

/// Program parameters (each program reads the ones it uses).
#[derive(Clone, Debug)]
pub struct Params {
    /// Grid side (`stencil3d`: an N³ grid).
    pub size: usize,
    /// Iterations (`stencil3d`: sweeps; ping-pongs: round trips); `None`: the program's default.
    pub iters: Option<u32>,
    /// Time factor of the heavy ranks' sweeps (the first `heavy_fraction`) in `stencil3d`; 1 = balanced.
    pub imbalance: f64,
    /// Call `migrate()` every this many iterations (0: never).
    pub migrate_every: u32,
    /// Call `checkpoint()` every this many iterations in `stencil3d` (0: never).
    pub checkpoint_every: u32,
    /// ... `mem_checkpoint()` instead: the checkpoint is kept in a tmpfs store.
    pub mem_checkpoint: bool,
    /// ... `checkpoint_ranks()` instead: every rank saved whole (isomalloc).
    pub whole_checkpoint: bool,
    /// Message size of the ping-pongs.
    pub bytes: usize,
    /// Fraction of the ranks (the first ones) that are heavy in `stencil3d`.
    pub heavy_fraction: f64,
    /// Zones per side in `bt-mz` (zones² zones).
    pub zones: u32,
    /// The memory a program may allocate while it is built (its sequential
    /// reference): a build that would need more is refused before allocating.
    pub memory: MemoryBudget,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            size: 64,
            iters: None,
            imbalance: 1.0,
            migrate_every: 0,
            checkpoint_every: 0,
            mem_checkpoint: false,
            whole_checkpoint: false,
            bytes: 8,
            heavy_fraction: 0.25,
            zones: btmz::DEFAULT_ZONES,
            memory: MemoryBudget::new(None),
        }
    }
}

/// Refuses, as a usage error, a build of `program` on `vp` ranks whose
/// estimated `bytes` exceed `params.memory`.
fn check_memory(params: &Params, program: &str, vp: u32, bytes: u64) -> Result<(), AmpiError> {
    params
        .memory
        .check(format!("ampi {program} on {vp} ranks"), bytes)
        .map_err(|e| AmpiError::Usage(e.to_string()))
}

/// A registered program.
#[derive(Clone, Copy, Debug)]
pub struct ProgramInfo {
    /// Its name on the command line.
    pub name: &'static str,
    /// One line saying what it does.
    pub about: &'static str,
}

/// Every program, in listing order.
pub const PROGRAMS: &[ProgramInfo] = &[
    ProgramInfo {
        name: "pingpong",
        about: "one-way latency between ranks 0 and 1 (--bytes, --iters round trips)",
    },
    ProgramInfo {
        name: "pingpong-pairs",
        about: "every pair of ranks (2i, 2i+1) ping-pongs at once; mean one-way latency",
    },
    ProgramInfo {
        name: "multiping",
        about: "the AMPI paper's multi-ping: rank 0 sends bursts of 32 pings, rank 1 answers \
                each burst with one pong; time per ping beside the ping-pong's one-way time",
    },
    ProgramInfo {
        name: "stencil3d",
        about: "7-point Jacobi on a --size N^3 grid over the ranks in 3-D, checked bit for bit \
                against a sequential sweep (--imbalance, --migrate-every)",
    },
    ProgramInfo {
        name: "bt-mz",
        about: "multi-zone 2-D Jacobi after NAS BT-MZ: --zones^2 zones of very different sizes \
                (smallest side --size) on the ranks, checked bit for bit (--migrate-every)",
    },
    ProgramInfo {
        name: "carry",
        about: "rank 0 carries --bytes of heap to the next PE, --iters moves (default 20), \
                timing each and checking heap, pointers and stack after it (--isomalloc: \
                across processes too)",
    },
    ProgramInfo {
        name: "storm",
        about: "every rank sends 1-4 messages of --bytes to pseudo-random ranks and migrates \
                while they travel, --iters rounds (default 10); each must arrive exactly once",
    },
    ProgramInfo {
        name: "recurse",
        about: "every rank recurses --size levels with 1 KiB frames (checks --stack-size)",
    },
];

/// A program ready to run.
pub struct Built {
    /// What every rank runs.
    pub program: Arc<ProgramFn>,
    /// Bytes the run will allocate, estimated from the parameters.
    pub memory_bytes: u64,
}

/// Builds program `name` for `vp` ranks (checks its parameters).
pub fn build(name: &str, params: &Params, vp: u32) -> Result<Built, AmpiError> {
    if !(params.imbalance.is_finite() && params.imbalance >= 1.0) {
        return Err(AmpiError::Usage(format!(
            "--imbalance must be a number >= 1, got {}",
            params.imbalance
        )));
    }
    if !(params.heavy_fraction.is_finite() && (0.0..=1.0).contains(&params.heavy_fraction)) {
        return Err(AmpiError::Usage(format!(
            "--heavy-fraction must be between 0 and 1, got {}",
            params.heavy_fraction
        )));
    }
    match name {
        "pingpong" => pingpong::build(params, vp, false),
        "pingpong-pairs" => pingpong::build(params, vp, true),
        "multiping" => pingpong::build_multi(params, vp),
        "stencil3d" => stencil3d::build(params, vp),
        "bt-mz" => btmz::build(params, vp),
        "recurse" => recurse::build(params, vp),
        "carry" => carry::build(params, vp),
        "storm" => storm::build(params, vp),
        _ => {
            let names: Vec<&str> = PROGRAMS.iter().map(|p| p.name).collect();
            Err(AmpiError::Usage(format!(
                "unknown program '{name}'; programs: {}",
                names.join(", ")
            )))
        }
    }
}

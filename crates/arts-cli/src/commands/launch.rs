//! `arts launch`: a checkpointing `arts run` under `mpirun`, started again
//! on one process fewer when a process of the job fails, from the newest
//! checkpoint. The launcher and its recovery are `arts_apps::relaunch`'s.

use std::path::PathBuf;

use arts_apps::relaunch::{FaultTolerance, Launch};

use crate::output::{CliError, CliResult, Output};

/// Arguments of `arts launch`.
#[derive(clap::Args)]
pub struct LaunchArgs {
    /// MPI processes to start the job with.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    np: u32,
    /// Where checkpoints live between attempts.
    #[arg(long, value_enum, default_value = "memory")]
    fault_tolerance: FaultTolerance,
    /// The checkpoint directory (required with `--fault-tolerance disk`;
    /// with `memory` it defaults to /dev/shm/arts-launch-PID).
    #[arg(long)]
    checkpoint_dir: Option<PathBuf>,
    /// How many times a failed job is started again.
    #[arg(long, default_value_t = 1)]
    max_restarts: u32,
    /// The MPI launcher and its options, as one string (e.g. "mpirun
    /// --allow-run-as-root --oversubscribe").
    #[arg(long, default_value = "mpirun")]
    mpirun: String,
    /// The job, after `--`: `run APP [OPTIONS]` with APP one of jacobi2d,
    /// zones, hotspot, leanmd, fracture, storm; give it `--checkpoint-every N`
    /// (leanmd, fracture and storm need it) so that a restart loses at most
    /// N steps.
    #[arg(last = true, required = true)]
    command: Vec<String>,
}

/// Runs `arts launch`.
pub fn run_launch(args: &LaunchArgs, out: Output) -> CliResult {
    let arts = std::env::current_exe()
        .map_err(|e| CliError::failed(format!("cannot find the arts binary: {e}")))?;
    let launch = Launch {
        np: args.np,
        fault_tolerance: args.fault_tolerance,
        checkpoint_dir: args.checkpoint_dir.clone(),
        max_restarts: args.max_restarts,
        mpirun: args.mpirun.clone(),
        command: args.command.clone(),
        json: out.json,
    };
    Ok(launch.run(&arts, &mut |note| eprintln!("{note}"))?)
}

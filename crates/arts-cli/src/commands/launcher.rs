//! `arts launch`: runs a checkpointing `arts run` under `mpirun` and, when a
//! process of the job fails (killed, crashed, out of memory: Open MPI then
//! ends the whole job), starts the job again on one process fewer,
//! continuing from the newest checkpoint (`--resume`). With
//! `--fault-tolerance memory` the checkpoints are double (each process keeps
//! its share and a copy of its buddy's, `--buddy-checkpoints`) and live in
//! `/dev/shm` of each node, in memory outside the job, so they survive the
//! death of any one of its processes, or the loss of one node's store.

use std::path::PathBuf;
use std::process::Command;

use arts_apps::registry;
use arts_core::checkpoint::recovery;

use crate::output::{CliError, CliResult, Output};

/// Where the checkpoints of a launched job live.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FaultTolerance {
    /// In memory: double checkpoints (`--buddy-checkpoints`) in a directory
    /// of /dev/shm on every node (removed when the job succeeds).
    Memory,
    /// On disk: --checkpoint-dir (kept).
    Disk,
}

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
    check_command(&args.command)?;
    let dir = match (args.fault_tolerance, &args.checkpoint_dir) {
        (_, Some(dir)) => dir.clone(),
        (FaultTolerance::Memory, None) => {
            PathBuf::from(format!("/dev/shm/arts-launch-{}", std::process::id()))
        }
        (FaultTolerance::Disk, None) => {
            return Err(CliError::usage(
                "--fault-tolerance disk needs --checkpoint-dir DIR",
            ));
        }
    };
    let mut words = args.mpirun.split_whitespace();
    let Some(mpirun) = words.next() else {
        return Err(CliError::usage("--mpirun is empty; give e.g. \"mpirun\""));
    };
    let mpirun_options: Vec<&str> = words.collect();
    let arts = std::env::current_exe()
        .map_err(|e| CliError::failed(format!("cannot find the arts binary: {e}")))?;
    let mut np = args.np;
    for attempt in 0..=args.max_restarts {
        let mut job = Command::new(mpirun);
        job.args(&mpirun_options)
            .args(["-np", &np.to_string()])
            .arg(&arts);
        if out.json {
            job.arg("--json");
        }
        job.args(&args.command)
            .arg("--checkpoint-dir")
            .arg(&dir)
            .arg("--resume");
        if args.fault_tolerance == FaultTolerance::Memory {
            job.arg("--buddy-checkpoints");
        }
        let status = job
            .status()
            .map_err(|e| CliError::usage(format!("cannot start {mpirun}: {e}")))?;
        match status.code() {
            Some(0) => {
                if args.fault_tolerance == FaultTolerance::Memory && args.checkpoint_dir.is_none() {
                    let _ = std::fs::remove_dir_all(&dir);
                }
                return Ok(());
            }
            Some(2) => return Err(CliError::usage("the job refused its options (see above)")),
            _ if attempt == args.max_restarts => {
                return Err(CliError::failed(format!(
                    "the job failed ({status}) after {attempt} restart(s); its checkpoints stay in {}",
                    dir.display()
                )));
            }
            _ => {}
        }
        np = (np - 1).max(1);
        let from = match recovery::newest_step_here(&dir) {
            Some(step) => format!(
                "the newest checkpoint (after step {step} in {} on this node)",
                dir.display()
            ),
            None => "the start (no checkpoint yet)".into(),
        };
        eprintln!(
            "note: the job failed ({status}); starting it again on {np} process(es) from {from}"
        );
    }
    unreachable!("the last attempt returns")
}

/// Checks that `command` is a run of a checkpointing app whose checkpoint
/// options the launcher may add.
fn check_command(command: &[String]) -> CliResult {
    let accepted: Vec<_> = registry::launchable().collect();
    match command {
        [run, app, ..] if run == "run" && accepted.contains(&app.as_str()) => {}
        _ => {
            return Err(CliError::usage(format!(
                "the job after `--` must be `run APP ...` with APP one of {}, not {:?}",
                accepted.join(", "),
                command.join(" ")
            )));
        }
    }
    if command.iter().any(|a| a.split('=').next() == Some("--pes")) {
        return Err(CliError::usage(
            "--pes: a launched job changes its process count; give --pes-per-process K instead",
        ));
    }
    if let Some(owned) = command.iter().find(|a| {
        ["--checkpoint-dir", "--resume", "--buddy-checkpoints"]
            .contains(&a.split('=').next().unwrap_or(""))
    }) {
        return Err(CliError::usage(format!(
            "{owned}: `arts launch` sets the job's checkpoint directory, --resume and --buddy-checkpoints itself"
        )));
    }
    Ok(())
}

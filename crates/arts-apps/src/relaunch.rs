//! `arts launch`: a checkpointing app run under `mpirun`, started again on
//! one process fewer when a process of the job fails (Open MPI then ends
//! the whole job), continuing from the newest checkpoint (`--resume`).
//! With fault tolerance in memory the checkpoints are double (each process
//! keeps its share and a copy of its buddy's, `--buddy-checkpoints`) and
//! live in `/dev/shm` of each node, outside the job, so they survive the
//! death of any one of its processes, or the loss of one node's store.

use std::path::{Path, PathBuf};
use std::process::Command;

use arts_core::checkpoint::recovery;

use crate::registry;
use crate::run::Error;

/// Where the checkpoints of a launched job live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum FaultTolerance {
    /// In memory: double checkpoints (`--buddy-checkpoints`) in a directory
    /// of /dev/shm on every node (removed when the job succeeds).
    Memory,
    /// On disk: --checkpoint-dir (kept).
    Disk,
}

/// A job to launch.
#[derive(Clone, Debug)]
pub struct Launch {
    /// Processes to start the job with.
    pub np: u32,
    /// Where checkpoints live between attempts.
    pub fault_tolerance: FaultTolerance,
    /// The checkpoint directory (required on disk; in memory it defaults
    /// to /dev/shm/arts-launch-PID).
    pub checkpoint_dir: Option<PathBuf>,
    /// How many times a failed job is started again.
    pub max_restarts: u32,
    /// The MPI launcher and its options, as one string.
    pub mpirun: String,
    /// The job: `run APP [OPTIONS]`.
    pub command: Vec<String>,
    /// Give the job `--json`.
    pub json: bool,
}

/// Checks that `command` is a run of a checkpointing app whose checkpoint
/// options the launcher may add.
pub fn check_command(command: &[String]) -> Result<(), Error> {
    let accepted: Vec<_> = registry::launchable().collect();
    match command {
        [run, app, ..] if run == "run" && accepted.contains(&app.as_str()) => {}
        _ => {
            return Err(Error::Usage(format!(
                "the job after `--` must be `run APP ...` with APP one of {}, not {:?}",
                accepted.join(", "),
                command.join(" ")
            )));
        }
    }
    if command.iter().any(|a| a.split('=').next() == Some("--pes")) {
        return Err(Error::Usage(
            "--pes: a launched job changes its process count; give --pes-per-process K instead"
                .into(),
        ));
    }
    if let Some(owned) = command.iter().find(|a| {
        ["--checkpoint-dir", "--resume", "--buddy-checkpoints"]
            .contains(&a.split('=').next().unwrap_or(""))
    }) {
        return Err(Error::Usage(format!(
            "{owned}: `arts launch` sets the job's checkpoint directory, --resume and --buddy-checkpoints itself"
        )));
    }
    Ok(())
}

impl Launch {
    /// The checkpoint directory of the job.
    fn dir(&self) -> Result<PathBuf, Error> {
        match (self.fault_tolerance, &self.checkpoint_dir) {
            (_, Some(dir)) => Ok(dir.clone()),
            (FaultTolerance::Memory, None) => Ok(PathBuf::from(format!(
                "/dev/shm/arts-launch-{}",
                std::process::id()
            ))),
            (FaultTolerance::Disk, None) => Err(Error::Usage(
                "--fault-tolerance disk needs --checkpoint-dir DIR".into(),
            )),
        }
    }

    /// Runs the job with the `arts` binary under the launcher, again after
    /// each failure (up to `max_restarts` times, each on one process
    /// fewer), saying why on `note`.
    pub fn run(&self, arts: &Path, note: &mut dyn FnMut(&str)) -> Result<(), Error> {
        check_command(&self.command)?;
        let dir = self.dir()?;
        let mut words = self.mpirun.split_whitespace();
        let Some(mpirun) = words.next() else {
            return Err(Error::Usage(
                "--mpirun is empty; give e.g. \"mpirun\"".into(),
            ));
        };
        let mpirun_options: Vec<&str> = words.collect();
        let memory = self.fault_tolerance == FaultTolerance::Memory;
        let mut np = self.np;
        for attempt in 0..=self.max_restarts {
            let mut job = Command::new(mpirun);
            job.args(&mpirun_options)
                .args(["-np", &np.to_string()])
                .arg(arts);
            if self.json {
                job.arg("--json");
            }
            job.args(&self.command)
                .arg("--checkpoint-dir")
                .arg(&dir)
                .arg("--resume");
            if memory {
                job.arg("--buddy-checkpoints");
            }
            let status = job
                .status()
                .map_err(|e| Error::Usage(format!("cannot start {mpirun}: {e}")))?;
            match status.code() {
                Some(0) => {
                    if memory && self.checkpoint_dir.is_none() {
                        let _ = std::fs::remove_dir_all(&dir);
                    }
                    return Ok(());
                }
                Some(2) => {
                    return Err(Error::Usage(
                        "the job refused its options (see above)".into(),
                    ));
                }
                _ if attempt == self.max_restarts => {
                    return Err(Error::Failed(format!(
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
            note(&format!(
                "note: the job failed ({status}); starting it again on {np} process(es) from {from}"
            ));
        }
        unreachable!("the last attempt returns")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn only_checkpointing_runs_without_their_own_checkpoint_flags_launch() {
        assert!(check_command(&words("run jacobi2d --checkpoint-every 5")).is_ok());
        for (bad, expected) in [
            ("bench core", "the job after `--` must be `run APP ...`"),
            ("run jacobi2d --pes 4", "--pes: a launched job"),
            ("run jacobi2d --resume", "--resume: `arts launch` sets"),
            (
                "run jacobi2d --checkpoint-dir=x",
                "--checkpoint-dir=x: `arts launch`",
            ),
        ] {
            let e = check_command(&words(bad)).unwrap_err().to_string();
            assert!(e.starts_with(expected), "{bad}: {e}");
        }
    }

    #[test]
    fn a_failing_job_is_restarted_on_fewer_processes_then_reported() {
        let launch = Launch {
            np: 3,
            fault_tolerance: FaultTolerance::Disk,
            checkpoint_dir: Some(std::env::temp_dir().join("arts-launch-test-none")),
            max_restarts: 2,
            mpirun: "false".into(),
            command: words("run jacobi2d --checkpoint-every 1"),
            json: false,
        };
        let mut notes = Vec::new();
        let e = launch.run(Path::new("arts"), &mut |n| notes.push(n.to_string()));
        assert!(matches!(e, Err(Error::Failed(m)) if m.contains("after 2 restart(s)")));
        assert_eq!(notes.len(), 2);
        assert!(
            notes[0].contains("again on 2 process(es) from the start"),
            "{notes:?}"
        );
        assert!(notes[1].contains("again on 1 process(es)"), "{notes:?}");
        let no_dir = Launch {
            checkpoint_dir: None,
            ..launch.clone()
        };
        let e = no_dir.run(Path::new("arts"), &mut |_| {}).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--fault-tolerance disk needs --checkpoint-dir DIR"
        );
        let empty = Launch {
            mpirun: " ".into(),
            ..launch
        };
        let e = empty.run(Path::new("arts"), &mut |_| {}).unwrap_err();
        assert!(e.to_string().starts_with("--mpirun is empty"));
    }
}

//! The AMPI paper's comparisons with native MPI (`arts experiment
//! ampi-vs-mpi`, `docs/papers/ampi.md`): C programs of
//! `examples/ampi-vs-mpi` built with Open MPI's `mpicc`, MPICH's
//! `mpicc.mpich` and `arts-mpicc`, run alternately (every system once per
//! repeat), medians reported.
//!
//! - [`pingpong`]: Figs 7-8, ping-pong time against message size.
//! - [`stencil`]: Tables 1-3, the 3-D stencil on PE counts that are not
//!   cubes with a cube number of VPs, against native MPI.
//! - [`checkpoint_time`]: Fig. 12, checkpoint time of FT- and LU-like kernels
//!   to disk against in memory.
//!
//! A missing MPI (MPICH most often, or `mpirun`) skips its rows with one
//! note; the other systems still run.

pub mod checkpoint_time;
pub mod flags;
pub mod launch;
pub mod pingpong;
pub mod report;
pub mod stencil;

pub use report::{AmpiVsMpiReport, Outcome};

use std::path::PathBuf;

use crate::StudyError;
use crate::ddm_mpi::programs::{Mpi, Tools};

use launch::Start;

/// What every study needs.
#[derive(Clone, Debug)]
pub struct Plan {
    /// `arts`, `arts-mpicc` and the C sources (`examples/ampi-vs-mpi`).
    pub tools: Tools,
    /// Where the programs are built.
    pub scratch: PathBuf,
    /// Runs of each system, alternating; medians are reported.
    pub repeats: u32,
    /// Seconds one program run may take before it is stopped.
    pub limit_s: u64,
}

impl Plan {
    /// The tools of the tree this crate was built from (sources in
    /// `examples/ampi-vs-mpi`) with the `arts` binary given.
    pub fn tools_of_this_tree(arts: PathBuf) -> Tools {
        let mut tools = Tools::of_this_tree(arts);
        tools.source = tools.source.with_file_name("ampi-vs-mpi");
        tools
    }

    /// Checks the options before any work.
    pub fn check(&self, source: &str) -> Result<(), StudyError> {
        if self.repeats == 0 || self.limit_s == 0 {
            return Err(StudyError::Usage(
                "--repeats and --limit must be at least 1".into(),
            ));
        }
        if !self.tools.source.join(source).is_file() {
            return Err(StudyError::Usage(format!(
                "{source} is not in {} (give --source examples/ampi-vs-mpi)",
                self.tools.source.display()
            )));
        }
        Ok(())
    }
}

/// The program built for each MPI found, and the MPIs skipped.
#[derive(Clone, Debug, Default)]
pub struct Available {
    /// (MPI, the program built with it).
    pub programs: Vec<(Mpi, PathBuf)>,
    /// One line per system skipped.
    pub notes: Vec<String>,
}

impl Available {
    /// Builds `source` with every MPI found (only `mpis` when given).
    pub fn build_for(
        plan: &Plan,
        source: &str,
        mpis: &[Mpi],
        progress: &mut dyn FnMut(&str),
    ) -> Result<Available, StudyError> {
        plan.check(source)?;
        std::fs::create_dir_all(&plan.scratch)
            .map_err(|e| StudyError::Failed(format!("{}: {e}", plan.scratch.display())))?;
        let mut a = Available::default();
        for &mpi in mpis {
            if let Some(why) = mpi.missing(&plan.tools) {
                let hint = match mpi {
                    Mpi::Mpich => " (apt-get install mpich)",
                    Mpi::OpenMpi => " (apt-get install openmpi-bin libopenmpi-dev)",
                    Mpi::Ampi => "",
                };
                a.notes.push(format!("{} skipped: {why}{hint}", mpi.name()));
                continue;
            }
            progress(&format!("build {source} for {}", mpi.name()));
            let program = launch::build(&plan.tools, mpi, source, &plan.scratch)
                .map_err(StudyError::Failed)?;
            a.programs.push((mpi, program));
        }
        Ok(a)
    }

    /// Builds `source` with all three MPIs that are found.
    pub fn build(
        plan: &Plan,
        source: &str,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Available, StudyError> {
        Available::build_for(plan, source, &Mpi::ALL, progress)
    }

    /// Runs every system of `starts` whose MPI was built, `plan.repeats`
    /// times, alternating; each system's JSON outputs. A system that
    /// fails in its first run is skipped with a note (e.g. AMPI across
    /// processes with an arts built without `--features mpi`); a later
    /// failure, or an output with `"valid": false`, fails the study.
    pub fn alternate(
        &mut self,
        plan: &Plan,
        starts: &[Start],
        args: &[String],
        progress: &mut dyn FnMut(&str),
    ) -> Result<Vec<(Start, Vec<serde_json::Value>)>, StudyError> {
        let mut got: Vec<(Start, Vec<serde_json::Value>)> = starts
            .iter()
            .filter(|s| self.program(s.mpi).is_some())
            .map(|s| (s.clone(), Vec::new()))
            .collect();
        for rep in 0..plan.repeats {
            let mut keep = Vec::new();
            for (start, runs) in got.drain(..) {
                progress(&format!(
                    "{} (run {} of {})",
                    start.name,
                    rep + 1,
                    plan.repeats
                ));
                let program = self.program(start.mpi).expect("filtered above");
                match launch::run(&plan.tools, &start, program, args, plan.limit_s) {
                    Ok(v) if v["valid"] == serde_json::Value::Bool(false) => {
                        return Err(StudyError::Failed(format!(
                            "{}: the program's result is not valid",
                            start.name
                        )));
                    }
                    Ok(v) => {
                        let mut runs = runs;
                        runs.push(v);
                        keep.push((start, runs));
                    }
                    Err(e) if rep == 0 => self.notes.push(format!("{} skipped: {e}", start.name)),
                    Err(e) => return Err(StudyError::Failed(e)),
                }
            }
            got = keep;
        }
        Ok(got)
    }

    /// The program built with `mpi`.
    pub fn program(&self, mpi: Mpi) -> Option<&PathBuf> {
        self.programs
            .iter()
            .find(|(m, _)| *m == mpi)
            .map(|(_, p)| p)
    }
}

//! The PDES paper's LJS phase profiles (Upchurch et al., sec. 3.2.4-3.2.6):
//! a recorded LeanMD run (Lennard-Jones molecular dynamics with a cutoff,
//! the same physics as LJS) profiled per phase of an iteration — the
//! messages each phase carries (count, destinations and bytes per
//! message) and the time its entry methods take per step — at one or more
//! box sizes, so that the work per phase can be set against the volume
//! as in the paper's algorithm-scaling table.
//!
//! The paper read hardware counters (cycles, instructions, FPU ops) per
//! phase; [`counters`] says whether this machine has them (a VM without a
//! PMU does not), and the profile then stands on the measured CPU time of
//! each phase's entry methods.

pub mod flags;
pub mod phases;

use std::sync::Arc;

use arts_apps::leanmd::{self, Params, reference};
use arts_core::limits::MemoryBudget;
use arts_core::{Config, Map, RecordingInfo, RunError};
use serde::Serialize;

use crate::StudyError;
pub use phases::PhaseRow;

/// The most PEs a profile runs on.
pub const MAX_PES: u32 = 256;

/// The most steps a profile records.
pub const MAX_STEPS: u32 = 1000;

/// What the experiment runs.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Cell grids, one recorded run each.
    pub grids: Vec<[u32; 3]>,
    /// LeanMD's other parameters (`cells` is replaced by each grid).
    pub params: Params,
    /// PEs of every run.
    pub pes: u32,
    /// The memory a run may use.
    pub memory: MemoryBudget,
}

/// One recorded run.
#[derive(Clone, Debug, Serialize)]
pub struct GridRun {
    /// The cell grid, `XxYxZ`.
    pub cells: String,
    /// Atoms.
    pub atoms: u64,
    /// Cell objects.
    pub cell_objects: u32,
    /// Pair objects.
    pub pairs: u32,
    /// Median wall time of a step, s.
    pub step_time_median_s: f64,
    /// Time in entry methods per step (per force evaluation: steps + 1
    /// of them), summed over the PEs, s.
    pub busy_per_step_s: f64,
    /// Whether the atoms matched the sequential reference bit for bit.
    pub valid: bool,
}

/// Whether the phases could be counted in hardware.
#[derive(Clone, Debug, Serialize)]
pub struct Counters {
    /// Whether cycles and instructions can be counted here.
    pub available: bool,
    /// Why not (the kernel's answer), when they cannot.
    pub reason: Option<String>,
}

/// What `arts experiment ljs-profile` reports.
#[derive(Clone, Debug, Serialize)]
pub struct LjsProfileReport {
    /// Always `ljs-profile`.
    pub experiment: &'static str,
    /// PEs of every run.
    pub pes: u32,
    /// Atoms per cell.
    pub atoms_per_cell: u32,
    /// Steps recorded per run.
    pub steps: u32,
    /// Steps between atom migrations.
    pub migrate_every: u32,
    /// Seed.
    pub seed: u64,
    /// One entry per grid, in the order given.
    pub runs: Vec<GridRun>,
    /// One row per phase of every run.
    pub phases: Vec<PhaseRow>,
    /// Whether hardware counters were available.
    pub counters: Counters,
    /// Every run matched its reference.
    pub valid: bool,
}

/// Whether this machine counts cycles and instructions for a thread.
pub fn counters() -> Counters {
    let set = arts_trace::counters::parse_list("cycles,instructions")
        .expect("the names of two counters arts-trace knows");
    match arts_trace::counters::probe(set) {
        Ok(()) => Counters {
            available: true,
            reason: None,
        },
        Err(e) => Counters {
            available: false,
            reason: Some(e),
        },
    }
}

impl Plan {
    /// Checks the plan before any run: one line naming what is wrong.
    pub fn check(&self) -> Result<(), StudyError> {
        let usage = |m: String| Err(StudyError::Usage(m));
        if self.grids.is_empty() {
            return usage("--cells: give at least one grid XxYxZ".into());
        }
        if !(1..=MAX_PES).contains(&self.pes) {
            return usage(format!("--pes {}: give 1 to {MAX_PES}", self.pes));
        }
        if !(1..=MAX_STEPS).contains(&self.params.steps) {
            return usage(format!(
                "--steps {}: give 1 to {MAX_STEPS}",
                self.params.steps
            ));
        }
        for &cells in &self.grids {
            let p = Params {
                cells,
                ..self.params
            };
            let geom = p
                .geometry()
                .map_err(|e| StudyError::Usage(format!("leanmd: {e}")))?;
            // Per force evaluation a cell runs 28 entry methods (a resume,
            // 27 force shares) and sends 27 positions, a pair runs about
            // three and sends one or two forces: under 10 notes per pair.
            let events = u64::from(geom.pairs()) * 10 * (u64::from(p.steps) + 1);
            let need = p
                .memory_bytes(&geom)
                .saturating_add(arts_core::limits::mul(&[
                    events,
                    arts_core::limits::RECORDING_BYTES_PER_NOTE,
                ]));
            (self.memory.check(
                format!("LeanMD with {} cells, recorded", geom.cells()),
                need,
            ))
            .map_err(|e| StudyError::Usage(e.to_string()))?;
        }
        Ok(())
    }
}

/// `XxYxZ`.
fn show(c: [u32; 3]) -> String {
    format!("{}x{}x{}", c[0], c[1], c[2])
}

/// Runs one grid, recorded, and profiles it.
fn run_grid(plan: &Plan, cells: [u32; 3]) -> Result<(GridRun, Vec<PhaseRow>), StudyError> {
    let failed = |e: RunError| match e {
        RunError::Config(m) => StudyError::Usage(m),
        e => StudyError::Failed(e.to_string()),
    };
    let p = Params {
        cells,
        ..plan.params
    };
    let geom = p.geometry().map_err(StudyError::Usage)?;
    let reference = Arc::new(reference::simulate(&p).map_err(StudyError::Usage)?);
    let config = Config {
        pes: plan.pes,
        record: true,
        ..Config::default()
    };
    let out = leanmd::run(&p, &config, Map::Block, reference).map_err(failed)?;
    let info = RecordingInfo {
        app: "leanmd".into(),
        options: show(cells),
        steps: u64::from(p.steps),
        wall_ns: (out.total_time_s * 1e9) as u64,
    };
    let rec = (out.report.recording(info))
        .ok_or_else(|| StudyError::Failed("the run kept no recording of every PE".into()))?;
    let atoms = p.atoms(&geom);
    // Velocity Verlet evaluates the forces steps + 1 times (the first for
    // step 0): that many rounds of every phase.
    let rounds = p.steps + 1;
    let rows = phases::profile(&rec, &show(cells), atoms, rounds);
    let run = GridRun {
        cells: show(cells),
        atoms,
        cell_objects: geom.cells(),
        pairs: geom.pairs(),
        step_time_median_s: arts_util::stats::median(&out.step_times),
        busy_per_step_s: rec.busy_ns() as f64 * 1e-9 / f64::from(rounds),
        valid: out.stopped_at.is_none() && out.mismatched == 0 && out.strays == 0,
    };
    Ok((run, rows))
}

/// Runs every grid in turn; `each` hears which finished.
pub fn run(plan: &Plan, each: &mut dyn FnMut(&str)) -> Result<LjsProfileReport, StudyError> {
    plan.check()?;
    let mut runs = Vec::new();
    let mut rows = Vec::new();
    for &cells in &plan.grids {
        let (run, r) = run_grid(plan, cells)?;
        each(&run.cells);
        runs.push(run);
        rows.extend(r);
    }
    phases::relate(&mut rows);
    Ok(LjsProfileReport {
        experiment: "ljs-profile",
        pes: plan.pes,
        atoms_per_cell: plan.params.atoms_per_cell,
        steps: plan.params.steps,
        migrate_every: plan.params.migrate_every,
        seed: plan.params.seed,
        valid: runs.iter().all(|r| r.valid),
        runs,
        phases: rows,
        counters: counters(),
    })
}

impl LjsProfileReport {
    /// A short table: one line per phase of every run.
    pub fn table(&self) -> String {
        let mut t = format!(
            "ljs-profile  {} PEs  {} atoms/cell  {} steps  counters: {}\n",
            self.pes,
            self.atoms_per_cell,
            self.steps,
            match &self.counters.reason {
                None => "available (not read: the profile is timed)".to_string(),
                Some(r) => format!("none ({r})"),
            }
        );
        for run in &self.runs {
            t += &format!(
                "{}: {} atoms, step {:.3} ms (median), busy {:.3} ms/step, valid {}\n",
                run.cells,
                run.atoms,
                run.step_time_median_s * 1e3,
                run.busy_per_step_s * 1e3,
                run.valid
            );
            t += &format!(
                "  {:<40} {:>10} {:>6} {:>8} {:>9} {:>9} {:>9} {:>9}\n",
                "phase", "ms/step", "share", "msgs", "per send", "B mean", "B min", "B max"
            );
            for r in self.phases.iter().filter(|r| r.cells == run.cells) {
                t += &format!(
                    "  {:<40} {:>10.3} {:>6.3} {:>8.0} {:>9.1} {:>9.0} {:>9} {:>9}\n",
                    r.phase,
                    r.time_per_step_s * 1e3,
                    r.share_of_step,
                    r.messages_per_step,
                    r.messages_per_sender_per_step,
                    r.bytes_mean,
                    r.bytes_min,
                    r.bytes_max
                );
            }
        }
        t
    }

    /// Why the experiment failed, if a run did not match its reference.
    pub fn failure(&self) -> Option<String> {
        let bad: Vec<&str> = (self.runs.iter())
            .filter(|r| !r.valid)
            .map(|r| r.cells.as_str())
            .collect();
        (!bad.is_empty())
            .then(|| format!("leanmd on {} did not match its reference", bad.join(", ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(grids: Vec<[u32; 3]>) -> Plan {
        Plan {
            grids,
            params: Params {
                atoms_per_cell: 27,
                steps: 4,
                migrate_every: 2,
                ..Params::small()
            },
            pes: 2,
            memory: MemoryBudget::new(None),
        }
    }

    #[test]
    fn a_recorded_run_has_the_leanmd_message_pattern() {
        let r = run(&plan(vec![[3, 3, 3]]), &mut |_| {}).unwrap();
        assert!(r.valid, "{:?}", r.runs);
        let fwd = &r.phases[0];
        // Every cell sends its positions to its 27 pairs every step, one
        // message each, of 24 bytes per atom (plus the message's fields).
        assert_eq!(fwd.senders, 27);
        assert!(
            (fwd.messages_per_sender_per_step - 27.0).abs() < 1e-9,
            "{fwd:?}"
        );
        assert_eq!(fwd.destinations_per_sender, 27);
        assert!(fwd.bytes_min >= 24 * 20, "{fwd:?}");
        // Every pair answers each of its (one or two) cells: as many forces
        // as positions.
        let rev = &r.phases[1];
        assert_eq!(rev.messages_per_step, fwd.messages_per_step);
        assert_eq!(rev.senders, 378);
        // Atoms migrate at steps 2 and 4.
        assert!(r.phases[3].messages_per_step > 0.0);
        assert!(r.phases[1].time_per_step_s > 0.0);
    }

    #[test]
    fn the_force_phase_grows_with_the_volume() {
        let r = run(&plan(vec![[3, 3, 3], [6, 3, 3]]), &mut |_| {}).unwrap();
        let force: Vec<&PhaseRow> = (r.phases.iter())
            .filter(|p| p.phase.starts_with("compute force"))
            .collect();
        assert_eq!(force.len(), 2);
        assert_eq!(force[0].volume_fraction, 0.5);
        assert_eq!(force[1].work_vs_largest, 1.0);
        // Twice the pairs, twice the messages.
        assert_eq!(force[1].messages_per_step, 2.0 * force[0].messages_per_step);
    }

    #[test]
    fn bad_plans_are_refused_with_one_line() {
        for (p, what) in [
            (plan(vec![]), "--cells"),
            (
                Plan {
                    pes: 0,
                    ..plan(vec![[3, 3, 3]])
                },
                "--pes",
            ),
            (plan(vec![[2, 3, 3]]), "at least 3"),
        ] {
            match p.check() {
                Err(StudyError::Usage(m)) => assert!(m.contains(what) && !m.contains('\n'), "{m}"),
                other => panic!("{what}: {other:?}"),
            }
        }
    }
}

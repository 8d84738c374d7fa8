//! Runs of the grid thesis' chapter-8 case studies, `leanmd` (Lennard-Jones
//! molecular dynamics on cells and cell-pair objects) and `fracture` (a
//! moving crack of rising cost), each validated bit for bit against its
//! sequential reference, started afresh or from a checkpoint.

use std::sync::Arc;

use arts_core::checkpoint::disk::Checkpoint;
use arts_core::{Config, Map, RunError, RunReport};
use serde::Serialize;

use super::checkpoints::{Reader, reference_of, restart_session, run_session};
use super::summary::{CheckpointSummary, RunSummary, Verdict};
use super::{Error, Setup, Stages};
use crate::fracture;
use crate::leanmd::geometry::Geometry;
use crate::leanmd::{self, Params, reference, saved_state};
use crate::reference_file::Key;

/// The dense region as reported.
#[derive(Serialize)]
pub struct DenseJson {
    /// Fraction of the box's volume.
    pub fraction: f64,
    /// Atoms per cell there, over the rest.
    pub factor: f64,
}

/// The result of `arts run leanmd` (JSON keys are a contract: add, never rename).
#[derive(Serialize)]
pub struct LeanmdReport {
    /// `leanmd`.
    pub app: &'static str,
    /// The result is bit-identical to the reference, and the run went to its end.
    pub valid: bool,
    /// Atoms whose final position or velocity is not bit-identical to the reference.
    pub mismatched_atoms: u64,
    /// The largest difference from the reference.
    pub max_abs_diff: f64,
    /// Atoms that moved more than one cell between migrations.
    pub stray_atoms: u64,
    /// Seed of the initial jitter and velocities.
    pub seed: u64,
    /// Cells, XxYxZ.
    pub cells: [u32; 3],
    /// Cell objects.
    pub cell_objects: u32,
    /// Cell-pair objects.
    pub pairs: u32,
    /// Atoms.
    pub atoms: u64,
    /// Atoms per cell (outside the dense region).
    pub atoms_per_cell: u32,
    /// Number density.
    pub density: f64,
    /// Cutoff radius.
    pub cutoff: f64,
    /// Side of a cell.
    pub cell_side: f64,
    /// Time step.
    pub dt: f64,
    /// Steps.
    pub steps: u32,
    /// Steps between atom migrations.
    pub migrate_every: u32,
    /// Initial temperature.
    pub temperature: f64,
    /// The dense region, if any.
    pub dense_region: Option<DenseJson>,
    /// Total energy at the start.
    pub energy_initial: f64,
    /// ... and at the end.
    pub energy_final: f64,
    /// |E_last - E_first| / |E_first|, total energy.
    pub energy_drift: f64,
    /// The sequential reference's drift.
    pub sequential_energy_drift: f64,
    /// Seconds of one force evaluation by the per-pair kernel (best of --kernel-reps).
    pub kernel_time_s: Option<f64>,
    /// Seconds of one force evaluation by a plain cell-list loop.
    pub plain_loop_time_s: Option<f64>,
    /// kernel_time_s / plain_loop_time_s.
    pub kernel_vs_plain: Option<f64>,
    /// The run itself.
    #[serde(flatten)]
    pub run: RunSummary,
    /// Its checkpoints.
    #[serde(flatten)]
    pub checkpoint: CheckpointSummary,
}

/// The result of `arts run fracture` (JSON keys are a contract: add, never rename).
#[derive(Serialize)]
pub struct FractureReport {
    /// `fracture`.
    pub app: &'static str,
    /// The result is bit-identical to the reference, and the run went to its end.
    pub valid: bool,
    /// Values not bit-identical to the sequential reference.
    pub mismatched_values: u64,
    /// Objects.
    pub objects: u64,
    /// Objects, XxYxZ.
    pub objects_grid: [u32; 3],
    /// Values per object.
    pub points: u32,
    /// Steps.
    pub steps: u32,
    /// Iterations per value away from the crack.
    pub work: u32,
    /// Extra cost at the crack front by the last step, over `work`.
    pub growth: f64,
    /// Half-width of the crack band, in objects.
    pub width: f64,
    /// The run itself.
    #[serde(flatten)]
    pub run: RunSummary,
    /// Its checkpoints.
    #[serde(flatten)]
    pub checkpoint: CheckpointSummary,
}

/// A parallel run's timing, as [`RunSummary::of`] needs it.
trait Timed {
    /// The runtime's report, the step times and the total time in seconds.
    fn timing(&self) -> (&RunReport, &[f64], f64);
}

impl Timed for leanmd::Outcome {
    fn timing(&self) -> (&RunReport, &[f64], f64) {
        (&self.report, &self.step_times, self.total_time_s)
    }
}

impl Timed for fracture::Outcome {
    fn timing(&self) -> (&RunReport, &[f64], f64) {
        (&self.report, &self.step_times, self.total_time_s)
    }
}

/// Runs the parallel part (on the set-up configuration and placement),
/// writes its files and summarizes it.
fn parallel<O: Timed>(
    setup: &mut Setup,
    stages: Stages,
    sequential_step_times: &[f64],
    run: impl FnOnce(&Config, Map) -> Result<O, RunError>,
) -> Result<(O, RunSummary), Error> {
    stages("parallel run");
    let o = run(&setup.config, setup.map.clone()).map_err(Error::failed)?;
    let (report, step_times, total) = o.timing();
    let summary = RunSummary::of(
        setup,
        report,
        (step_times, total),
        sequential_step_times,
        None,
    )?;
    Ok((o, summary))
}

/// A leanmd run's parameters with its cell grid.
pub struct Leanmd {
    params: Params,
    geom: Geometry,
}

impl Leanmd {
    /// The run of `params`; parameters without a cell grid are bad input.
    pub fn new(params: Params) -> Result<Self, Error> {
        let geom = params
            .geometry()
            .map_err(|e| Error::usage(format!("leanmd: {e}")))?;
        Ok(Leanmd { params, geom })
    }

    /// The run a leanmd checkpoint `c` continues.
    pub fn restartable(c: &Checkpoint) -> Result<Self, Error> {
        Leanmd::new(saved_state::restartable(c).map_err(Error::usage)?)
    }

    /// `arts run leanmd`: runs as `setup` says, timing the force kernel
    /// `kernel_reps` times.
    pub fn run(
        &self,
        mut setup: Setup,
        kernel_reps: u32,
        stages: Stages,
    ) -> Result<LeanmdReport, Error> {
        let reader = Reader {
            app: saved_state::APP,
            restartable: saved_state::restartable,
            read_resume: saved_state::read_resume,
        };
        let p = &self.params;
        let session = run_session(&mut setup, reader, p, p.memory_bytes(&self.geom))?;
        self.execute(setup, session, kernel_reps, stages)
    }

    /// `arts restart` of the leanmd checkpoint `c`.
    pub fn restart(
        &self,
        c: &Checkpoint,
        mut setup: Setup,
        stages: Stages,
    ) -> Result<LeanmdReport, Error> {
        let p = &self.params;
        let session = restart_session(c, &mut setup, p.memory_bytes(&self.geom), |c| {
            saved_state::read_resume(c, p)
        })?;
        self.execute(setup, session, 0, stages)
    }

    fn execute(
        &self,
        mut setup: Setup,
        session: saved_state::Session,
        kernel_reps: u32,
        stages: Stages,
    ) -> Result<LeanmdReport, Error> {
        let (p, geom) = (&self.params, &self.geom);
        setup.job.check_memory(
            format!("leanmd with {} atoms over {} steps", p.atoms(geom), p.steps),
            (p.memory_bytes(geom))
                .saturating_add(super::step_records_bytes(p.steps))
                .saturating_add(arts_core::limits::runtime_bytes(
                    u64::from(geom.cells()) + u64::from(geom.pairs()),
                    u64::from(setup.config.pes),
                )),
        )?;
        let mut checkpoint = CheckpointSummary::of(&session);
        stages("sequential reference");
        let (seq, reused) = reference_of(&setup, &session, Key::new("leanmd", p), || {
            reference::simulate(p).map_err(Error::usage)
        })?;
        checkpoint.reference_reused = reused;
        let seq = Arc::new(seq);
        stages("kernel timing");
        let kernel = match kernel_reps {
            0 => None,
            reps => Some(reference::kernel_timing(p, reps).map_err(Error::usage)?),
        };
        let (o, run) = parallel(&mut setup, stages, &seq.step_times, |config, map| {
            leanmd::run_session(p, config, map, seq.clone(), session)
        })?;
        Ok(LeanmdReport {
            app: "leanmd",
            valid: o.stopped_at.is_none()
                && o.mismatched == 0
                && o.strays == 0
                && o.energy.iter().all(|e| e.is_finite()),
            mismatched_atoms: o.mismatched,
            max_abs_diff: o.max_diff,
            stray_atoms: o.strays,
            seed: p.seed,
            cells: p.cells,
            cell_objects: geom.cells(),
            pairs: geom.pairs(),
            atoms: o.atoms,
            atoms_per_cell: p.atoms_per_cell,
            density: p.density,
            cutoff: p.cutoff,
            cell_side: geom.side,
            dt: p.dt,
            steps: p.steps,
            migrate_every: p.migrate_every,
            temperature: p.temperature,
            dense_region: p.dense.map(|d| DenseJson {
                fraction: d.fraction,
                factor: d.factor,
            }),
            energy_initial: o.energy.first().copied().unwrap_or(0.0),
            energy_final: o.energy.last().copied().unwrap_or(0.0),
            energy_drift: o.energy_drift(),
            sequential_energy_drift: leanmd::relative_drift(&seq.energy),
            kernel_time_s: kernel.map(|k| k.pair_kernel_s),
            plain_loop_time_s: kernel.map(|k| k.plain_loop_s),
            kernel_vs_plain: kernel.map(|k| k.pair_kernel_s / k.plain_loop_s),
            run,
            checkpoint: checkpoint.after(o.checkpoints, o.stopped_at),
        })
    }
}

impl Verdict for LeanmdReport {
    fn table(&self) -> String {
        let (r, c) = (self, self.cells);
        let mut t = format!(
            "leanmd  cells {}x{}x{} ({} pairs)  atoms {}  steps {}  PEs {}\n\
             valid                 {} ({} atoms differ from the sequential reference, {} strays)\n\
             energy drift          {:.2e} relative (sequential {:.2e})\n",
            c[0],
            c[1],
            c[2],
            r.pairs,
            r.atoms,
            r.steps,
            r.run.pes,
            r.valid,
            r.mismatched_atoms,
            r.stray_atoms,
            r.energy_drift,
            r.sequential_energy_drift,
        );
        t += &r.run.table();
        t += &r.checkpoint.lines();
        if let (Some(k), Some(p), Some(x)) =
            (r.kernel_time_s, r.plain_loop_time_s, r.kernel_vs_plain)
        {
            t += &format!(
                "force kernel          {:.3} ms per evaluation vs plain loop {:.3} ms (ratio {x:.2})\n",
                k * 1e3,
                p * 1e3
            );
        }
        t
    }

    fn stopped(&self) -> Option<(u32, &str)> {
        self.checkpoint.stopped()
    }

    fn invalid(&self) -> Option<String> {
        (!self.valid).then(|| {
            format!(
                "leanmd: {} atoms differ from the sequential reference ({} strays)",
                self.mismatched_atoms, self.stray_atoms
            )
        })
    }
}

/// A fracture run's parameters.
pub struct Fracture {
    params: fracture::Params,
}

impl Fracture {
    /// The run of `params`; parameters that do not fit are bad input.
    pub fn new(params: fracture::Params) -> Result<Self, Error> {
        params
            .check()
            .map_err(|e| Error::usage(format!("fracture: {e}")))?;
        Ok(Fracture { params })
    }

    /// The run a fracture checkpoint `c` continues.
    pub fn restartable(c: &Checkpoint) -> Result<Self, Error> {
        let params = fracture::saved_state::restartable(c).map_err(Error::usage)?;
        Ok(Fracture { params })
    }

    /// `arts run fracture`: runs as `setup` says.
    pub fn run(&self, mut setup: Setup, stages: Stages) -> Result<FractureReport, Error> {
        let reader = Reader {
            app: fracture::saved_state::APP,
            restartable: fracture::saved_state::restartable,
            read_resume: fracture::saved_state::read_resume,
        };
        let p = &self.params;
        let session = run_session(&mut setup, reader, p, p.memory_bytes())?;
        self.execute(setup, session, stages)
    }

    /// `arts restart` of the fracture checkpoint `c`.
    pub fn restart(
        &self,
        c: &Checkpoint,
        mut setup: Setup,
        stages: Stages,
    ) -> Result<FractureReport, Error> {
        let p = &self.params;
        let session = restart_session(c, &mut setup, p.memory_bytes(), |c| {
            fracture::saved_state::read_resume(c, p)
        })?;
        self.execute(setup, session, stages)
    }

    fn execute(
        &self,
        mut setup: Setup,
        session: fracture::saved_state::Session,
        stages: Stages,
    ) -> Result<FractureReport, Error> {
        let p = &self.params;
        setup.job.check_memory(
            format!("fracture with {} objects over {} steps", p.count(), p.steps),
            (p.memory_bytes())
                .saturating_add(super::step_records_bytes(p.steps))
                .saturating_add(arts_core::limits::runtime_bytes(
                    p.count(),
                    u64::from(setup.config.pes),
                )),
        )?;
        let mut checkpoint = CheckpointSummary::of(&session);
        stages("sequential reference");
        let key = Key::new("fracture", p);
        let (seq, reused) = reference_of(&setup, &session, key, || {
            Ok::<_, Error>(fracture::reference(p))
        })?;
        checkpoint.reference_reused = reused;
        let seq = Arc::new(seq);
        let (o, run) = parallel(&mut setup, stages, &seq.step_times, |config, map| {
            fracture::run_session(p, config, map, seq.clone(), session)
        })?;
        Ok(FractureReport {
            app: "fracture",
            valid: o.stopped_at.is_none() && o.mismatched == 0,
            mismatched_values: o.mismatched,
            objects: p.count(),
            objects_grid: p.objects,
            points: p.points,
            steps: p.steps,
            work: p.work,
            growth: p.growth,
            width: p.width,
            run,
            checkpoint: checkpoint.after(o.checkpoints, o.stopped_at),
        })
    }
}

impl Verdict for FractureReport {
    fn table(&self) -> String {
        let (r, g) = (self, self.objects_grid);
        let mut t = format!(
            "fracture  objects {}x{}x{}  steps {}  PEs {}\n\
             valid                 {} ({} values differ from the sequential reference)\n{}",
            g[0],
            g[1],
            g[2],
            r.steps,
            r.run.pes,
            r.valid,
            r.mismatched_values,
            r.run.table()
        );
        t += &r.checkpoint.lines();
        t
    }

    fn stopped(&self) -> Option<(u32, &str)> {
        self.checkpoint.stopped()
    }

    fn invalid(&self) -> Option<String> {
        (!self.valid).then(|| {
            format!(
                "fracture: {} values differ from the sequential reference",
                self.mismatched_values
            )
        })
    }
}

//! A run of a stencil app (`jacobi2d`, `zones`, `hotspot`): its memory
//! checked, its checkpoint session, its sequential reference (kept beside
//! the checkpoints), the parallel run and the report.

use std::sync::Arc;

use arts_core::checkpoint::disk::{self, Checkpoint};
use arts_core::{Config, Map, RunError};
use serde::Serialize;

use super::summary::{RunSummary, Verdict, reference_and_stop_lines};
use super::{Error, Setup, Stages, median_of};
use crate::reference_file::Key;
use crate::stencil2d::saved_state::{StencilApp, read_resume};
use crate::stencil2d::{Kernel, Outcome, Problem, Reference, run_session};
use crate::{hotspot, jacobi2d, report, zones};

/// The result of a stencil app (JSON keys are a contract: add, never rename).
#[derive(Serialize)]
pub struct StencilReport {
    /// The app.
    pub app: String,
    /// The result is the sequential reference's.
    pub valid: bool,
    /// The largest difference from it.
    pub max_abs_diff: f64,
    /// Interior grid points, rows and columns.
    pub grid: [usize; 2],
    /// Objects (blocks).
    pub objects: u64,
    /// Objects, rows and columns.
    pub objects_grid: [u32; 2],
    /// Steps.
    pub iters: u32,
    /// The last step's residual.
    pub residual_final: f64,
    /// The run itself: PEs, step times, utilization, load balancing, grid, files.
    #[serde(flatten)]
    pub run: RunSummary,
    /// Where the run wrote its checkpoints (`null`: it did not checkpoint).
    pub checkpoint_dir: Option<String>,
    /// The step a restarted run continued from (`null`: not a restart).
    pub resumed_from_step: Option<u32>,
    /// The sequential reference was read from the checkpoint root (kept
    /// there by an earlier attempt of this run), not computed again.
    pub reference_reused: bool,
    /// Checkpoints written.
    pub checkpoints: usize,
    /// Bytes of element state in a checkpoint.
    pub checkpoint_state_bytes: u64,
    /// Median seconds from a step's result to the images of each process's elements.
    pub checkpoint_gather_median_s: Option<f64>,
    /// Median seconds to write a checkpoint directory (in the background
    /// with --checkpoint-async).
    pub checkpoint_write_median_s: Option<f64>,
    /// Median seconds the elements were held for a checkpoint: the image,
    /// plus the write unless it is in the background.
    pub checkpoint_pause_median_s: Option<f64>,
    /// The run stopped after this step on SIGTERM, right after checkpointing
    /// it (`--checkpoint-on-term`); `null` when it ran to the end. A stopped
    /// run is not validated (`valid` is false).
    pub stopped_at_step: Option<u32>,
}

/// How a stencil app runs in parallel (without a checkpoint session).
pub type ParallelRun<K> =
    fn(&Problem<K>, &Config, Map, Option<Arc<Reference>>) -> Result<Outcome, RunError>;

/// How a stencil app computes its sequential reference.
pub type SequentialRun<K> = fn(&Problem<K>) -> Reference;

/// Runs a validated problem of `app` (`run` in parallel, `reference`
/// sequentially) as `setup` says, writes its files and builds the report;
/// `stages` hears of the sequential reference and the parallel run.
pub fn execute<K: Kernel>(
    stencil_app: StencilApp,
    problem: &Problem<K>,
    mut setup: Setup,
    stages: Stages,
    run: ParallelRun<K>,
    reference: fn(&Problem<K>) -> Reference,
) -> Result<StencilReport, Error> {
    let app = stencil_app.name();
    let (rows, cols) = (problem.layout.rows(), problem.layout.cols());
    // A checkpoint holds a copy of the blocks' state (each process's image
    // of its blocks, streamed to disk from there, kept for the next one);
    // a double checkpoint two more: the bytes passed to the buddy and the
    // buddy's copy received.
    let checkpoint = match &setup.checkpoint {
        Some(s) if s.buddies => problem.memory_bytes(false).saturating_mul(3),
        Some(_) => problem.memory_bytes(false),
        None => 0,
    };
    let (ox, oy) = problem.layout.objects();
    let objects = ox as u64 * oy as u64;
    let mut runtime = arts_core::limits::runtime_bytes(objects, setup.config.pes as u64);
    if setup.outputs.record.is_some() || setup.outputs.trace.is_some() {
        // A step is an entry per block and one per halo message (four).
        let events = arts_core::limits::mul(&[u64::from(problem.iters), objects, 5]);
        runtime = runtime.saturating_add(arts_core::limits::recording_bytes(events));
    }
    setup.job.check_memory(
        format!("{app} on a {rows}x{cols} grid over {} steps", problem.iters),
        (problem.memory_bytes(true).saturating_add(checkpoint))
            .saturating_add(super::step_records_bytes(problem.iters))
            .saturating_add(runtime),
    )?;
    let session = setup.stencil_session(stencil_app)?;
    let checkpoint_dir = session
        .save
        .as_ref()
        .map(|s| s.plan.dir.display().to_string());
    let resumed_from_step = session.resume.as_ref().map(|r| r.step);
    stages("sequential reference");
    let key = Key {
        app: app.to_string(),
        options: stencil_app.options(),
    };
    let saving = session.save.as_ref().map(|s| s.plan.dir.as_path());
    let computed = || Ok::<_, std::convert::Infallible>(reference(problem));
    let Ok((reference, reference_reused)) =
        setup.reference(&key, saving, session.resume.is_some(), computed);
    let reference = Arc::new(reference);
    stages("parallel run");
    let (config, map) = (&setup.config, setup.map.clone());
    let outcome = match (&session.save, &session.resume) {
        (None, None) => run(problem, config, map, Some(reference.clone())),
        _ => run_session(app, problem, config, map, Some(reference.clone()), session),
    }
    .map_err(Error::failed)?;
    let run = RunSummary::of(
        &mut setup,
        &outcome.report,
        (&outcome.step_times, outcome.total_time_s),
        &reference.step_times,
        Some(outcome.ideal_step_time_s()),
    )?;
    let (objs_x, objs_y) = problem.layout.objects();
    Ok(StencilReport {
        app: app.to_string(),
        valid: report::is_valid(outcome.max_diff),
        max_abs_diff: outcome.max_diff,
        grid: [rows, cols],
        objects: objs_x as u64 * objs_y as u64,
        objects_grid: [objs_x, objs_y],
        iters: problem.iters,
        residual_final: outcome.residuals.last().copied().unwrap_or(0.0),
        run,
        checkpoint_dir,
        resumed_from_step,
        reference_reused,
        checkpoints: outcome.checkpoints.write_s.len(),
        checkpoint_state_bytes: outcome.checkpoints.state_bytes,
        checkpoint_gather_median_s: median_of(&outcome.checkpoints.gather_s),
        checkpoint_write_median_s: median_of(&outcome.checkpoints.write_s),
        checkpoint_pause_median_s: median_of(&outcome.checkpoints.pause_s),
        stopped_at_step: outcome.stopped_at,
    })
}

impl Verdict for StencilReport {
    fn table(&self) -> String {
        let r = self;
        let mut t = format!(
            "{}  grid {}x{}  objects {}x{}  steps {}  PEs {}\n\
             valid                 {} (max |diff| vs sequential = {:.1e})\n",
            r.app,
            r.grid[0],
            r.grid[1],
            r.objects_grid[0],
            r.objects_grid[1],
            r.iters,
            r.run.pes,
            r.valid,
            r.max_abs_diff,
        );
        t += &r.run.table();
        if let (Some(p), Some(g), Some(w), Some(h)) = (
            &r.checkpoint_dir,
            r.checkpoint_gather_median_s,
            r.checkpoint_write_median_s,
            r.checkpoint_pause_median_s,
        ) {
            t += &format!(
                "checkpoints           {} in {p}: {} bytes of state, image {g:.3} s, write {w:.3} s, pause {h:.3} s (medians)\n",
                r.checkpoints, r.checkpoint_state_bytes,
            );
        }
        if let Some(s) = r.resumed_from_step {
            t += &format!("restarted after step  {s}\n");
        }
        t + &reference_and_stop_lines(r.reference_reused, r.stopped_at_step)
    }

    fn stopped(&self) -> Option<(u32, &str)> {
        Some((self.stopped_at_step?, self.checkpoint_dir.as_deref()?))
    }

    fn invalid(&self) -> Option<String> {
        (!self.valid).then(|| {
            format!(
                "{} result differs from the sequential reference by {:.3e}",
                self.app, self.max_abs_diff
            )
        })
    }
}

/// `arts restart` of the stencil checkpoint `c` of `app` (as
/// `restartable_app` read it): the problem re-created from its options, the
/// memory checked, the blocks read back, then the run as [`execute`].
pub fn restart(
    c: &Checkpoint,
    app: StencilApp,
    setup: Setup,
    stages: Stages,
) -> Result<StencilReport, Error> {
    match app {
        StencilApp::Jacobi2d(params) => resume(
            c,
            (app, params.problem()),
            setup,
            stages,
            (jacobi2d::run, jacobi2d::reference),
        ),
        StencilApp::Zones(params) => resume(
            c,
            (app, params.problem()),
            setup,
            stages,
            (zones::run, zones::reference),
        ),
        StencilApp::Hotspot(params) => resume(
            c,
            (app, params.problem()),
            setup,
            stages,
            (hotspot::run, hotspot::reference),
        ),
    }
}

/// Restarts `app` from `c` with its `problem` (bad options name the manifest).
fn resume<K: Kernel, E: std::fmt::Display>(
    c: &Checkpoint,
    (app, problem): (StencilApp, Result<Problem<K>, E>),
    mut setup: Setup,
    stages: Stages,
    (run, reference): (ParallelRun<K>, SequentialRun<K>),
) -> Result<StencilReport, Error> {
    let manifest = c.dir.join(disk::MANIFEST);
    let p = problem.map_err(|e| Error::usage(format!("{}: options: {e}", manifest.display())))?;
    setup.check_restart_memory(c, p.memory_bytes(true))?;
    setup.resume = Some(read_resume(c, &app).map_err(Error::usage)?);
    execute(app, &p, setup, stages, run, reference)
}

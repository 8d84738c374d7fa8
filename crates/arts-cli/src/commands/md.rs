//! The grid thesis' chapter-8 case studies: `arts run leanmd`
//! (Lennard-Jones molecular dynamics on cells and cell-pair objects) and
//! `arts run fracture` (a moving crack of rising cost), each validated bit
//! for bit against its sequential reference.

use std::path::Path;
use std::sync::Arc;

use arts_apps::fracture;
use arts_apps::leanmd::checkpoint::{self, Session};
use arts_apps::leanmd::{self, Dense, Params, reference};
use arts_apps::reference_file::Key;
use arts_core::checkpoint::disk::Checkpoint;
use arts_core::{Config, Map, RunError, RunReport};
use serde::Serialize;

use super::checkpoint::{Reader, restart_session, run_session};
use super::checkpoint_summary::CheckpointSummary;
use super::run_summary::RunSummary;
use super::stencil::{Prepared, RunOpts};
use crate::output::{CliError, CliResult, Output};

/// Arguments of `arts run leanmd`.
#[derive(clap::Args)]
pub struct LeanmdArgs {
    /// Cells (one object each), XxYxZ, each at least 3.
    #[arg(long, default_value = "6x6x6", value_parser = dims3)]
    cells: [u32; 3],
    /// Atoms per cell (outside the dense region); the cell side is
    /// (atoms / density)^(1/3) and must be at least the cutoff.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    atoms_per_cell: u32,
    /// Number density (reduced units).
    #[arg(long, default_value_t = 0.8, value_parser = crate::args::finite_f64)]
    density: f64,
    /// Cutoff radius of the Lennard-Jones potential (reduced units).
    #[arg(long, default_value_t = 2.5, value_parser = crate::args::finite_f64)]
    cutoff: f64,
    /// Time step (reduced units, at most 0.01; 0.0005 is about 1 fs for argon).
    #[arg(long, default_value_t = 0.0005, value_parser = crate::args::finite_f64)]
    dt: f64,
    /// Number of steps.
    #[arg(long, visible_alias = "iters", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    steps: u32,
    /// Atoms move to the cell they lie in every this many steps.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    migrate_every: u32,
    /// Initial temperature (reduced units).
    #[arg(long, default_value_t = 1.0, value_parser = crate::args::finite_f64)]
    temperature: f64,
    /// A denser region, FRACTION:FACTOR: the corner block of cells holding
    /// FRACTION of the box's volume starts with FACTOR times the atoms per
    /// cell (e.g. 0.125:3), so the load is uneven and moves as it expands.
    #[arg(long, value_parser = dense_region)]
    dense_region: Option<Dense>,
    /// Seed of the initial lattice jitter and velocities.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Force evaluations timed to compare the per-pair kernel with a plain
    /// cell-list loop (0: skip).
    #[arg(long, default_value_t = 3)]
    kernel_reps: u32,
    #[command(flatten)]
    opts: RunOpts,
}

/// A clap value parser for three cell counts `XxYxZ`.
fn dims3(s: &str) -> Result<[u32; 3], String> {
    let v = crate::args::parse_dims(s, 3)?;
    let mut out = [0; 3];
    for (o, d) in out.iter_mut().zip(v) {
        *o = u32::try_from(d).map_err(|_| format!("{d} in '{s}' is too large"))?;
    }
    Ok(out)
}

/// A clap value parser for `--dense-region FRACTION:FACTOR`.
fn dense_region(s: &str) -> Result<Dense, String> {
    let (f, x) = s
        .split_once([':', '/'])
        .ok_or_else(|| format!("expected FRACTION:FACTOR (e.g. 0.125:3), got '{s}'"))?;
    let num = |v: &str| crate::args::finite_f64(v).map_err(|e| format!("'{s}': {e}"));
    Ok(Dense {
        fraction: num(f)?,
        factor: num(x)?,
    })
}

/// The dense region as reported.
#[derive(Serialize)]
struct DenseJson {
    fraction: f64,
    factor: f64,
}

/// The result of `arts run leanmd` (JSON keys are a contract: add, never rename).
#[derive(Serialize)]
struct LeanmdReport {
    app: &'static str,
    valid: bool,
    /// Atoms whose final position or velocity is not bit-identical to the reference.
    mismatched_atoms: u64,
    max_abs_diff: f64,
    /// Atoms that moved more than one cell between migrations.
    stray_atoms: u64,
    seed: u64,
    cells: [u32; 3],
    cell_objects: u32,
    pairs: u32,
    atoms: u64,
    atoms_per_cell: u32,
    density: f64,
    cutoff: f64,
    cell_side: f64,
    dt: f64,
    steps: u32,
    migrate_every: u32,
    temperature: f64,
    dense_region: Option<DenseJson>,
    energy_initial: f64,
    energy_final: f64,
    /// |E_last - E_first| / |E_first|, total energy.
    energy_drift: f64,
    /// The sequential reference's drift.
    sequential_energy_drift: f64,
    /// Seconds of one force evaluation by the per-pair kernel (best of --kernel-reps).
    kernel_time_s: Option<f64>,
    /// Seconds of one force evaluation by a plain cell-list loop.
    plain_loop_time_s: Option<f64>,
    /// kernel_time_s / plain_loop_time_s.
    kernel_vs_plain: Option<f64>,
    #[serde(flatten)]
    run: RunSummary,
    #[serde(flatten)]
    checkpoint: CheckpointSummary,
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

/// Runs the parallel part (on the prepared configuration and placement),
/// writes its files and summarizes it.
fn parallel<O: Timed>(
    prepared: &mut Prepared,
    bar: &indicatif::ProgressBar,
    sequential_step_times: &[f64],
    run: impl FnOnce(&Config, Map) -> Result<O, RunError>,
) -> Result<(O, RunSummary), CliError> {
    bar.set_message("parallel run");
    let o = run(&prepared.config, prepared.map.clone()).map_err(CliError::failed)?;
    bar.finish_and_clear();
    let (report, step_times, total) = o.timing();
    let summary = RunSummary::of(
        prepared,
        report,
        step_times,
        total,
        sequential_step_times,
        None,
    )?;
    Ok((o, summary))
}

impl LeanmdArgs {
    fn params(&self) -> Params {
        Params {
            cells: self.cells,
            atoms_per_cell: self.atoms_per_cell,
            density: self.density,
            cutoff: self.cutoff,
            dt: self.dt,
            steps: self.steps,
            migrate_every: self.migrate_every,
            temperature: self.temperature,
            dense: self.dense_region,
            seed: self.seed,
        }
    }
}

/// Runs `arts run leanmd`.
pub fn run_leanmd(args: &LeanmdArgs, out: Output) -> CliResult {
    let p = args.params();
    let geom = p
        .geometry()
        .map_err(|e| CliError::usage(format!("leanmd: {e}")))?;
    let mut prepared = args.opts.prepare(out)?;
    let reader = Reader {
        app: checkpoint::APP,
        restartable: checkpoint::restartable,
        read_resume: checkpoint::read_resume,
    };
    let session = run_session(&mut prepared, reader, &p, p.memory_bytes(&geom))?;
    execute_leanmd(&p, &geom, prepared, session, args.kernel_reps, out)
}

/// Runs `arts restart` of a leanmd checkpoint `c`: its parameters, the
/// PEs and other run options of `opts`.
pub fn restart_leanmd(c: &Checkpoint, root: &Path, opts: &RunOpts, out: Output) -> CliResult {
    let p = checkpoint::restartable(c).map_err(CliError::usage)?;
    let geom = p
        .geometry()
        .map_err(|e| CliError::usage(format!("leanmd: {e}")))?;
    let mut prepared = opts.prepare(out)?;
    prepared.restart_root = Some(root.to_path_buf());
    let session = restart_session(c, &mut prepared, p.memory_bytes(&geom), |c| {
        checkpoint::read_resume(c, &p)
    })?;
    execute_leanmd(&p, &geom, prepared, session, 0, out)
}

/// Runs leanmd with `p` (whose cell grid is `geom`) as `session` says,
/// timing the force kernel `kernel_reps` times, and prints the report.
fn execute_leanmd(
    p: &Params,
    geom: &leanmd::geometry::Geometry,
    mut prepared: Prepared,
    session: Session,
    kernel_reps: u32,
    out: Output,
) -> CliResult {
    crate::budget::check_memory(
        format!("leanmd with {} atoms", p.atoms(geom)),
        p.memory_bytes(geom),
    )?;
    let mut checkpoint = CheckpointSummary::of(&session);
    let bar = out.progress(3, "leanmd");
    bar.set_message("sequential reference");
    let (seq, reused) = reference_of(&prepared, &session, Key::new("leanmd", p), || {
        reference::simulate(p).map_err(CliError::usage)
    })?;
    checkpoint.reference_reused = reused;
    let seq = Arc::new(seq);
    bar.inc(1);
    bar.set_message("kernel timing");
    let kernel = match kernel_reps {
        0 => None,
        reps => Some(reference::kernel_timing(p, reps).map_err(CliError::usage)?),
    };
    bar.inc(1);
    let (o, run) = parallel(&mut prepared, &bar, &seq.step_times, |config, map| {
        leanmd::run_session(p, config, map, seq.clone(), session)
    })?;
    let r = LeanmdReport {
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
    };
    print(&r, out)
}

/// Prints the report; a result that differs from the reference fails.
fn print(r: &LeanmdReport, out: Output) -> CliResult {
    out.emit(r, || {
        let c = r.cells;
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
        if let (Some(k), Some(p), Some(x)) = (r.kernel_time_s, r.plain_loop_time_s, r.kernel_vs_plain) {
            t += &format!(
                "force kernel          {:.3} ms per evaluation vs plain loop {:.3} ms (ratio {x:.2})\n",
                k * 1e3,
                p * 1e3
            );
        }
        t
    })?;
    if let Some(stopped) = r.checkpoint.stopped() {
        return stopped;
    }
    if r.valid {
        Ok(())
    } else {
        Err(CliError::failed(format!(
            "leanmd: {} atoms differ from the sequential reference ({} strays)",
            r.mismatched_atoms, r.stray_atoms
        )))
    }
}

/// Arguments of `arts run fracture`.
#[derive(clap::Args)]
pub struct FractureArgs {
    /// Objects, XxYxZ; the crack front moves along x.
    #[arg(long, default_value = "8x8x8", value_parser = dims3)]
    objects: [u32; 3],
    /// Values per object.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..))]
    points: u32,
    /// Number of steps (the front crosses the domain once over them).
    #[arg(long, visible_alias = "iters", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    steps: u32,
    /// Iterations per value away from the crack.
    #[arg(long, default_value_t = 4)]
    work: u32,
    /// Extra cost at the crack front by the last step, as a multiple of --work.
    #[arg(long, default_value_t = 20.0, value_parser = crate::args::finite_f64)]
    growth: f64,
    /// Half-width of the crack band, in objects.
    #[arg(long, default_value_t = 1.0, value_parser = crate::args::finite_f64)]
    width: f64,
    #[command(flatten)]
    opts: RunOpts,
}

/// The result of `arts run fracture` (JSON keys are a contract: add, never rename).
#[derive(Serialize)]
struct FractureReport {
    app: &'static str,
    valid: bool,
    /// Values not bit-identical to the sequential reference.
    mismatched_values: u64,
    objects: u64,
    objects_grid: [u32; 3],
    points: u32,
    steps: u32,
    work: u32,
    growth: f64,
    width: f64,
    #[serde(flatten)]
    run: RunSummary,
    #[serde(flatten)]
    checkpoint: CheckpointSummary,
}

/// Runs `arts run fracture`.
pub fn run_fracture(args: &FractureArgs, out: Output) -> CliResult {
    let p = fracture::Params {
        objects: args.objects,
        points: args.points,
        steps: args.steps,
        work: args.work,
        growth: args.growth,
        width: args.width,
    };
    p.check()
        .map_err(|e| CliError::usage(format!("fracture: {e}")))?;
    let mut prepared = args.opts.prepare(out)?;
    let reader = Reader {
        app: fracture::checkpoint::APP,
        restartable: fracture::checkpoint::restartable,
        read_resume: fracture::checkpoint::read_resume,
    };
    let session = run_session(&mut prepared, reader, &p, p.memory_bytes())?;
    execute_fracture(&p, prepared, session, out)
}

/// Runs `arts restart` of a fracture checkpoint `c`: its parameters, the
/// PEs and other run options of `opts`.
pub fn restart_fracture(c: &Checkpoint, root: &Path, opts: &RunOpts, out: Output) -> CliResult {
    let p = fracture::checkpoint::restartable(c).map_err(CliError::usage)?;
    let mut prepared = opts.prepare(out)?;
    prepared.restart_root = Some(root.to_path_buf());
    let session = restart_session(c, &mut prepared, p.memory_bytes(), |c| {
        fracture::checkpoint::read_resume(c, &p)
    })?;
    execute_fracture(&p, prepared, session, out)
}

/// Runs fracture with `p` as `session` says and prints the report.
fn execute_fracture(
    p: &fracture::Params,
    mut prepared: Prepared,
    session: fracture::checkpoint::Session,
    out: Output,
) -> CliResult {
    crate::budget::check_memory(
        format!("fracture with {} objects", p.count()),
        p.memory_bytes(),
    )?;
    let mut checkpoint = CheckpointSummary::of(&session);
    let bar = out.progress(2, "fracture");
    bar.set_message("sequential reference");
    let key = Key::new("fracture", p);
    let (seq, reused) = reference_of(&prepared, &session, key, || {
        Ok::<_, CliError>(fracture::reference(p))
    })?;
    checkpoint.reference_reused = reused;
    let seq = Arc::new(seq);
    bar.inc(1);
    let (o, run) = parallel(&mut prepared, &bar, &seq.step_times, |config, map| {
        fracture::run_session(p, config, map, seq.clone(), session)
    })?;
    let r = FractureReport {
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
    };
    out.emit(&r, || {
        let g = r.objects_grid;
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
    })?;
    if let Some(stopped) = r.checkpoint.stopped() {
        return stopped;
    }
    if r.valid {
        Ok(())
    } else {
        Err(CliError::failed(format!(
            "fracture: {} values differ from the sequential reference",
            r.mismatched_values
        )))
    }
}

/// The table lines on checkpoints written and the step restarted from.
pub(crate) fn checkpoint_lines(
    dir: Option<&str>,
    checkpoints: usize,
    resumed: Option<u32>,
) -> String {
    let mut t = String::new();
    if let Some(dir) = dir {
        t += &format!("checkpoints           {checkpoints} in {dir}\n");
    }
    if let Some(s) = resumed {
        t += &format!("restarted after step  {s}\n");
    }
    t
}

/// The sequential reference of `key` for a run of `session`: read back
/// from the checkpoint root when it resumes (kept there by an earlier
/// attempt), else computed and kept beside its checkpoints.
fn reference_of<S, T: serde::Serialize + serde::de::DeserializeOwned>(
    prepared: &Prepared,
    session: &arts_core::checkpoint::session::Session<S>,
    key: Key,
    compute: impl FnOnce() -> Result<T, CliError>,
) -> Result<(T, bool), CliError> {
    let saving = session.save.as_ref().map(|s| s.dir.as_path());
    prepared.reference(&key, saving, session.resume.is_some(), compute)
}

//! `arts run ddm --parallel`: the bias sweep on slab objects of the runtime,
//! on AMPI ranks or on raw MPI ranks, checked bit for bit against the
//! sequential solver in the same (relaxed) order and timed against the
//! sequential solver in its own order.

use std::sync::Arc;
use std::time::{Duration, Instant};

use arts_core::checkpoint::disk::{self, Checkpoint};
use arts_core::{Config, LbConfig};
use arts_ddm::{BiasSolution, DdmError, Mesh, Side, Solver, SolverOptions, UpdateOrder};
use arts_grid::report::{GridReport, GridSummary};
use serde::Serialize;

use super::sweep::{Solved, SweepError};
use super::{Checkpointing, Link, LiveCut, Outcome, Point, Resume, Setup, Style};

/// How the solver is parallelized (`--parallel`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum ParallelStyle {
    /// The paper's Charm++ version: one migratable slab object per segment,
    /// halos sent straight to the neighbours, residuals reduced every
    /// `--check-every` iterations.
    Distributed,
    /// The paper's MOSIX version: the slabs report rows and residual sums to
    /// one master object every iteration, which relays them; the slabs are
    /// balanced by the system (`--lb`) without application knowledge.
    Centralized,
    /// The MPI code's structure on AMPI virtual processors: one rank per
    /// segment (`--segments V`, any number of ranks on `--pes P`), rows sent
    /// to the neighbours, `migrate()` every 20 checks with `--lb`.
    Ampi,
    /// The paper's MPI version: one fixed segment per MPI rank (`mpirun -np
    /// S`, `--segments S`), rows traded with the neighbours on raw MPI, no
    /// migration. Needs a build with `--features mpi`.
    Static,
}

impl ParallelStyle {
    fn name(self) -> &'static str {
        match self {
            ParallelStyle::Distributed => "distributed",
            ParallelStyle::Centralized => "centralized",
            ParallelStyle::Ampi => "ampi",
            ParallelStyle::Static => "static",
        }
    }
}

/// Application-level balancing of the segments' rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum AppLb {
    /// Segments as given.
    Off,
    /// Cut once for equal cost, measured by the sequential solver on the
    /// first bias point.
    Static,
    /// Re-measured and re-cut while it runs (distributed only).
    Live,
    /// The paper's: the absorption layer's first sub-cycle timed every
    /// `--fit-every` iterations of the sequential solver on the first bias
    /// point, a 5th-degree fit integrated by Simpson's rule, that layer's
    /// rows weighted by the ratio of the areas, cut once for equal weight
    /// (see [`super::paper_fit`]).
    PaperFit,
}

impl AppLb {
    fn name(self) -> &'static str {
        match self {
            AppLb::Off => "off",
            AppLb::Static => "static",
            AppLb::Live => "live",
            AppLb::PaperFit => "paper-fit",
        }
    }
}

/// One fixed segment per raw MPI rank: what the static version solves.
pub struct StaticSweep<'a> {
    /// The device's mesh.
    pub mesh: &'a Mesh,
    /// The driven contact.
    pub biased: Side,
    /// Bias points, V.
    pub biases: &'a [f64],
    /// Solver options.
    pub opts: &'a SolverOptions,
    /// The segments' rows, one per rank.
    pub ranges: &'a [(usize, usize)],
}

/// Runs a [`StaticSweep`] on the job's MPI ranks (every rank gets every point).
pub type OnMpiRanks<'a> = &'a dyn Fn(&StaticSweep<'_>) -> Result<Vec<Point>, SweepError>;

/// A parallel sweep: how, and where this process runs it.
pub struct Parallel<'a> {
    /// The style.
    pub style: ParallelStyle,
    /// The runtime's configuration: PEs in all (distributed over the
    /// processes, pinned and on the emulated grid, for the styles on the
    /// object runtime), without load balancing.
    pub config: Config,
    /// The emulated grid, if any.
    pub grid: GridSummary,
    /// Processes of the job.
    pub processes: u32,
    /// The load-balancing strategy's name (reported).
    pub lb_name: String,
    /// Load balancing of the slabs or ranks, if any.
    pub lb: Option<LbConfig>,
    /// Each PE thread on a CPU of its own (reported).
    pub pin: bool,
    /// Keep this process's CPUs busy this long before the timed runs.
    pub warmup_ms: u64,
    /// Application-level balancing.
    pub app_lb: AppLb,
    /// With [`AppLb::Live`]: how often and by how much.
    pub live: LiveCut,
    /// With [`AppLb::PaperFit`]: measure the cost every this many iterations.
    pub fit_every: usize,
    /// Which boundaries between slabs are linked.
    pub link: Link,
    /// Checkpoint between bias points (its `options` are the sweep's own).
    pub checkpoint: Option<Checkpointing>,
    /// The command line, recorded in the checkpoints.
    pub argv: Vec<String>,
    /// Continue from this checkpoint.
    pub resume: Option<&'a Checkpoint>,
    /// Every process's copy of the first process's values.
    pub agree: fn(Vec<f64>) -> Vec<f64>,
    /// Runs the static style.
    pub on_mpi_ranks: OnMpiRanks<'a>,
}

/// The `parallel` object of the JSON report.
#[derive(Serialize)]
pub struct ParallelOut {
    style: &'static str,
    pes: u32,
    processes: u32,
    segments: usize,
    check_every: usize,
    lb: String,
    /// Each PE thread on a CPU of its own (`--pin`).
    pinned: bool,
    /// Milliseconds the CPUs were kept busy before the timed runs (`--warmup-ms`).
    warmup_ms: u64,
    /// Application-level balancing: off, static, live or paper-fit.
    app_lb: &'static str,
    /// With paper-fit: the weighted layer, its weight per row and the
    /// samples fitted.
    #[serde(skip_serializing_if = "Option::is_none")]
    paper_fit: Option<PaperFitOut>,
    /// Cuts live balancing took.
    recuts: u32,
    /// Each segment's first row at the end (moved by live balancing).
    segment_starts: Vec<usize>,
    /// Where the sweep checkpointed, if it did.
    checkpoint_dir: Option<String>,
    /// Bias points a restart took from its checkpoint.
    resumed_from_point: Option<usize>,
    /// Every converged point equals the sequential solver in the relaxed
    /// order over the same segments, bit for bit (iterations included).
    /// Live balancing moves the segments, so it cannot.
    matches_relaxed_solver: bool,
    /// Largest difference of the potential to the sequential solver's, V,
    /// over every converged point.
    max_potential_diff_v: f64,
    /// Largest relative difference of the terminal current to the
    /// sequential solver's.
    max_current_rel_diff: f64,
    /// Seconds of the sequential solver in the relaxed order (same points).
    relaxed_solver_time_s: f64,
    /// Seconds of the sequential solver in its own (sequential) order.
    sequential_solver_time_s: f64,
    /// `sequential_solver_time_s / time_s`.
    speedup: f64,
    /// Objects moved by load balancing.
    migrations: u64,
    /// Times load balancing moved each slab (the paper's migrations per worker).
    moves_per_slab: Vec<u32>,
    /// Busy fraction of each PE.
    utilization: Vec<f64>,
    /// The emulated grid, as every object-runtime app reports it.
    #[serde(flatten)]
    pub(crate) grid: GridReport,
}

impl ParallelOut {
    /// Segments (objects) of the run.
    pub(crate) fn segments(&self) -> usize {
        self.segments
    }

    /// Whether the run is right: every point equalled the relaxed solver
    /// bit for bit, or (live balancing, whose segments move) the sequential
    /// solver's potential within [`LIVE_POTENTIAL_TOLERANCE`]. (The terminal
    /// current is reported, not checked: Gummel's current at a tolerance of
    /// 1e-9 V varies by ~1e-4 relative with the order of the updates alone.)
    pub(crate) fn matches(&self) -> bool {
        match self.app_lb {
            "live" => self.max_potential_diff_v <= LIVE_POTENTIAL_TOLERANCE,
            _ => self.matches_relaxed_solver,
        }
    }
}

/// What paper-fit balancing found (the `parallel.paper_fit` object).
#[derive(Clone, Debug, Serialize)]
pub struct PaperFitOut {
    /// The name of the layer whose cost varies most over the run (the
    /// weighted one when `weighted`).
    pub layer: String,
    /// The weight of each of its rows (every other row: 1); 1 when not
    /// `weighted`.
    pub factor: f64,
    /// Cost samples fitted.
    pub samples: usize,
    /// Iterations between samples (`--fit-every`).
    pub fit_every: usize,
    /// How much the layer's cost moves against the rest's over the run
    /// ([`super::paper_fit::spread`]).
    pub spread: f64,
    /// Whether the layer is weighted (its spread reaches
    /// [`super::paper_fit::FLAT_SPREAD`]); a flat profile is cut into equal rows.
    pub weighted: bool,
}

/// The parallel sweep: the points that converged (in order), the failure
/// that stopped it, and the parallel report.
pub(crate) type ParallelRun = (Vec<Solved>, Option<DdmError>, ParallelOut);

fn bits(v: &[f64]) -> impl Iterator<Item = u64> + '_ {
    v.iter().map(|x| x.to_bits())
}

/// Whether `a` equals `b` bit for bit, iterations included.
fn same(a: &BiasSolution, b: &BiasSolution) -> bool {
    a.iterations == b.iterations
        && [
            (&a.psi, &b.psi),
            (&a.u, &b.u),
            (&a.v, &b.v),
            (&a.jn, &b.jn),
            (&a.jp, &b.jp),
        ]
        .iter()
        .all(|(x, y)| bits(x).eq(bits(y)))
}

/// How far a live-balanced run's potential may be from the sequential
/// solver's, V: the relaxed order itself stays within ~1e-9 V of it (see
/// `docs/ddm.md`).
pub const LIVE_POTENTIAL_TOLERANCE: f64 = 1e-6;

/// How far `a` is from `b`: the largest potential difference, V (`vt`: the
/// thermal voltage), and the terminal current's difference relative to
/// the larger of `b`'s and 1e-6 A/cm² (near zero bias the current is at
/// the solver's resolution).
fn differences(a: &BiasSolution, b: &BiasSolution, vt: f64) -> (f64, f64) {
    let dp = a
        .psi
        .iter()
        .zip(&b.psi)
        .map(|(x, y)| (x - y).abs() * vt)
        .fold(0.0, f64::max);
    let (ja, jb) = (
        a.terminal_current_a_per_cm2(),
        b.terminal_current_a_per_cm2(),
    );
    let dj = (ja - jb).abs() / jb.abs().max(1e-6);
    (dp, dj)
}

/// `AppLb::Static`: the relaxed order over `segments` pieces of equal cost,
/// as `solver` measures it at `bias` with `opts` (under MPI every process
/// cuts by the first process's measurements).
pub(crate) fn cost_cut(
    p: &Parallel<'_>,
    mut solver: Solver,
    bias: f64,
    segments: usize,
    opts: &SolverOptions,
) -> Result<UpdateOrder, SweepError> {
    let profiled = solver
        .solve(bias, opts, &mut |_, _| {})
        .map_err(|e| SweepError::Failed(format!("--app-lb static: profiling {bias} V: {e}")))?;
    let cost = (p.agree)(profiled.cost.row_cost_ns());
    let usage = |e: &dyn std::fmt::Display| SweepError::Usage(format!("--app-lb static: {e}"));
    let cut = arts_lb::weighted::prefix_sum_cuts(&cost, segments).map_err(|e| usage(&e))?;
    UpdateOrder::relaxed_from_starts(solver.mesh().rows, &cut.starts).map_err(|e| usage(&e))
}

/// `AppLb::PaperFit`: the relaxed order over `segments` pieces of equal
/// weight, the weights fitted from `solver`'s cost history at `bias` with
/// `opts` (measured every `p.fit_every` iterations; layers named `names`).
pub(crate) fn paper_fit_cut(
    p: &Parallel<'_>,
    mut solver: Solver,
    bias: f64,
    segments: usize,
    opts: &SolverOptions,
    names: &[String],
) -> Result<(UpdateOrder, PaperFitOut), SweepError> {
    let opts = SolverOptions {
        instrument_every: p.fit_every,
        ..opts.clone()
    };
    let profiled = solver
        .solve(bias, &opts, &mut |_, _| {})
        .map_err(|e| SweepError::Failed(format!("--app-lb paper-fit: profiling {bias} V: {e}")))?;
    let usage = |e: &dyn std::fmt::Display| SweepError::Usage(format!("--app-lb paper-fit: {e}"));
    let fit = super::paper_fit::fit(&profiled.cost, solver.mesh(), names).map_err(|e| {
        usage(&format!(
            "{e} (the first bias point converged in {} iterations, sampled every {})",
            profiled.iterations, p.fit_every
        ))
    })?;
    let weights = (p.agree)(fit.weights.clone());
    let order = super::paper_fit::cut(&weights, segments).map_err(|e| usage(&e))?;
    let out = PaperFitOut {
        layer: fit.layer_name,
        factor: fit.factor,
        samples: fit.samples,
        fit_every: p.fit_every,
        spread: fit.spread,
        weighted: fit.weighted,
    };
    Ok((order, out))
}

/// The order `p.link` makes of the relaxed `order` ([`Link`]; the slabs are
/// block-mapped over every process's PEs). A restart keeps the links its
/// checkpoint was written with, whatever its own PE count, so that every
/// point is solved in one order.
pub(crate) fn linked(p: &Parallel<'_>, order: UpdateOrder) -> Result<UpdateOrder, SweepError> {
    let saved = p.resume.map(|c| (c, c.manifest.options["linked"].clone()));
    if let Some((c, saved)) = saved.filter(|(_, v)| !v.is_null()) {
        let linked: Vec<bool> = serde_json::from_value(saved)
            .ok()
            .filter(|l: &Vec<bool>| l.len() + 1 == order.segments().len())
            .ok_or_else(|| {
                SweepError::Usage(format!(
                    "{}: options.linked must be one flag per pair of neighbouring segments",
                    c.dir.join(disk::MANIFEST).display()
                ))
            })?;
        return Ok(order.staggered_at(|k| linked[k]));
    }
    Ok(p.link.order(order, p.config.pes))
}

/// PEs, migrations, utilization and grid of a run.
struct Ran {
    pes: u32,
    migrations: u64,
    utilization: Vec<f64>,
    grid: GridReport,
}

/// A fingerprint of the device as meshed: a restart refuses a checkpoint
/// whose device file has changed since.
fn mesh_crc32(mesh: &Mesh) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(&(mesh.rows as u64).to_le_bytes());
    for arr in [&mesh.psi_eq, &mesh.vn, &mesh.vp, &mesh.mu_n, &mesh.mu_p] {
        for x in arr.iter() {
            h.update(&x.to_bits().to_le_bytes());
        }
    }
    h.finalize()
}

/// The checkpointing and the resume of `p`'s sweep on `mesh`, checked.
fn saving(
    p: &Parallel<'_>,
    mesh: &Mesh,
    biases: &[f64],
    order: &UpdateOrder,
) -> Result<(Option<Checkpointing>, Option<Resume>), SweepError> {
    let fingerprint = mesh_crc32(mesh);
    let linked = match order {
        UpdateOrder::Staggered { linked, .. } => Some(linked),
        _ => None,
    };
    let save = p.checkpoint.clone().map(|c| Checkpointing {
        options: serde_json::json!({
            "argv": p.argv,
            "mesh_crc32": fingerprint,
            "linked": linked,
        }),
        ..c
    });
    let Some(c) = p.resume else {
        return Ok((save, None));
    };
    if c.manifest.options["mesh_crc32"].as_u64() != Some(fingerprint as u64) {
        return Err(SweepError::Usage(format!(
            "{}: the device has changed since this checkpoint was written",
            c.dir.join(disk::MANIFEST).display()
        )));
    }
    let resume = super::saved_state::read_resume(c, biases, order.segments().len())
        .map_err(|e| SweepError::Usage(e.to_string()))?;
    Ok((save, Some(resume)))
}

/// What every style's run is given.
struct Job<'a> {
    p: &'a Parallel<'a>,
    mesh: &'a Mesh,
    biased: Side,
    biases: &'a [f64],
    opts: &'a SolverOptions,
    ranges: &'a [(usize, usize)],
}

impl Job<'_> {
    /// What every slab or rank shares, in `style`.
    fn setup(&self, style: Style, live: Option<LiveCut>) -> Setup {
        Setup {
            mesh: Arc::new(self.mesh.clone()),
            biased: self.biased,
            opts: self.opts.clone(),
            ranges: self.ranges.to_vec(),
            sync: self.p.lb.as_ref().is_some_and(LbConfig::at_sync_points),
            style,
            live,
        }
    }

    /// The sweep on slab objects of the runtime.
    fn on_runtime(&self, style: Style) -> Result<(Vec<Point>, Ran), SweepError> {
        let p = self.p;
        let (save, resume) = saving(p, self.mesh, self.biases, &self.opts.order)?;
        let config = Config {
            lb: p.lb.clone(),
            ..p.config.clone()
        };
        let live = (p.app_lb == AppLb::Live).then_some(p.live);
        let setup = self.setup(style, live);
        let (points, report) = super::run_session(&config, setup, self.biases, save, resume)
            .map_err(|e| SweepError::Failed(format!("parallel run: {e}")))?;
        let ran = Ran {
            pes: config.pes,
            migrations: report.lb_steps().iter().map(|s| s.migrations).sum(),
            utilization: report.utilization(),
            grid: GridReport::of(p.grid.clone(), &report),
        };
        Ok((points, ran))
    }

    /// The sweep on AMPI ranks, one segment each (under MPI, spread over
    /// every process's PEs).
    fn on_ampi(&self) -> Result<(Vec<Point>, Ran), SweepError> {
        let p = self.p;
        let run_opts = arts_ampi::RunOptions {
            lb: p.lb.clone(),
            runtime: p.config.clone(),
            ..arts_ampi::RunOptions::new(self.ranges.len() as u32, p.config.pes)
        };
        let setup = self.setup(Style::Distributed, None);
        let (points, report) = crate::ampi::ddm::run(&run_opts, setup, self.biases)
            .map_err(|e| SweepError::Failed(format!("ampi run: {e}")))?;
        let ran = Ran {
            pes: report.pes,
            migrations: report.migrations(),
            utilization: report.runtime.utilization(),
            grid: GridReport::of(p.grid.clone(), &report.runtime),
        };
        Ok((points, ran))
    }

    /// The sweep on raw MPI ranks, one segment each.
    fn on_mpi_ranks(&self) -> Result<(Vec<Point>, Ran), SweepError> {
        let points = (self.p.on_mpi_ranks)(&StaticSweep {
            mesh: self.mesh,
            biased: self.biased,
            biases: self.biases,
            opts: self.opts,
            ranges: self.ranges,
        })?;
        let ran = Ran {
            pes: self.ranges.len() as u32,
            migrations: 0,
            utilization: Vec::new(),
            grid: GridReport::default(),
        };
        Ok((points, ran))
    }
}

/// Runs the sweep in `p.style`, then the two sequential references.
pub(crate) fn run(
    p: &Parallel<'_>,
    mesh: &Mesh,
    biased: Side,
    biases: &[f64],
    opts: SolverOptions,
    paper_fit: Option<PaperFitOut>,
) -> Result<ParallelRun, SweepError> {
    let ranges = opts.order.segments().to_vec();
    if ranges.is_empty() {
        return Err(SweepError::Usage(
            "--parallel needs segments (--segments or --segment-starts)".into(),
        ));
    }
    // Every style is timed warm, as the references after it are.
    let local_cpus = match p.style {
        ParallelStyle::Static => 1, // a raw MPI rank per process
        _ => p.config.pes.div_ceil(p.processes),
    };
    crate::background::warm_up(local_cpus as usize, Duration::from_millis(p.warmup_ms));
    let job = Job {
        p,
        mesh,
        biased,
        biases,
        opts: &opts,
        ranges: &ranges,
    };
    let (points, ran) = match p.style {
        ParallelStyle::Distributed => job.on_runtime(Style::Distributed)?,
        ParallelStyle::Centralized => job.on_runtime(Style::Centralized)?,
        ParallelStyle::Ampi => job.on_ampi()?,
        ParallelStyle::Static => job.on_mpi_ranks()?,
    };

    // The references: the same order on one thread, and the sequential order.
    let mut relaxed = Solver::new(mesh.clone(), biased);
    let mut sequential = Solver::new(mesh.clone(), biased);
    let seq_opts = SolverOptions {
        order: UpdateOrder::Sequential,
        check_every: 1,
        ..opts.clone()
    };
    let (mut relaxed_s, mut sequential_s, mut matches) = (0.0, 0.0, true);
    let (mut potential_diff, mut current_diff) = (0.0f64, 0.0f64);
    let mut solved = Vec::new();
    let mut failure = None;
    let last = points.last();
    let moves_per_slab = last.map(|p| p.moves.clone()).unwrap_or_default();
    let segment_starts = last.map(|p| p.starts.clone()).unwrap_or_default();
    let recuts = last.map_or(0, |p| p.recuts);
    for point in points {
        match point.outcome {
            Outcome::Converged(sol) => {
                let t = Instant::now();
                let want = relaxed.solve(point.bias_v, &opts, &mut |_, _| {});
                relaxed_s += t.elapsed().as_secs_f64();
                matches &= want.as_ref().is_ok_and(|w| same(&sol, w));
                let t = Instant::now();
                let want = sequential.solve(point.bias_v, &seq_opts, &mut |_, _| {});
                sequential_s += t.elapsed().as_secs_f64();
                let (dp, dj) = want.as_ref().map_or((f64::INFINITY, f64::INFINITY), |w| {
                    differences(&sol, w, mesh.vt)
                });
                potential_diff = potential_diff.max(dp);
                current_diff = current_diff.max(dj);
                solved.push(Solved::gummel(*sol));
            }
            Outcome::NotConverged {
                iterations,
                residual,
            } => {
                failure = Some(DdmError::NotConverged {
                    bias_v: point.bias_v,
                    iterations,
                    psi_v: residual.psi_v,
                    u_v: residual.u_v,
                    v_v: residual.v_v,
                    tolerance: opts.tolerance_v,
                });
            }
            Outcome::Diverged { iterations } => {
                failure = Some(DdmError::Diverged {
                    bias_v: point.bias_v,
                    iterations,
                    psi_v: f64::NAN,
                });
            }
        }
    }
    let time_s: f64 = solved.iter().map(|s| s.solution().time_s).sum();
    let out = ParallelOut {
        style: p.style.name(),
        pes: ran.pes,
        processes: p.processes,
        segments: ranges.len(),
        check_every: opts.check_every,
        lb: p.lb_name.clone(),
        pinned: p.pin,
        warmup_ms: p.warmup_ms,
        app_lb: p.app_lb.name(),
        paper_fit,
        recuts,
        segment_starts,
        checkpoint_dir: (p.checkpoint.as_ref()).map(|c| c.dir.display().to_string()),
        resumed_from_point: p.resume.map(|c| c.manifest.step as usize),
        matches_relaxed_solver: matches,
        max_potential_diff_v: potential_diff,
        max_current_rel_diff: current_diff,
        relaxed_solver_time_s: relaxed_s,
        sequential_solver_time_s: sequential_s,
        speedup: if time_s > 0.0 {
            sequential_s / time_s
        } else {
            0.0
        },
        migrations: ran.migrations,
        moves_per_slab,
        utilization: ran.utilization,
        grid: ran.grid,
    };
    Ok((solved, failure, out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use arts_ddm::{ConstantSet, presets};

    /// A solved bias point of a small device, and its mesh.
    fn solved() -> (BiasSolution, Mesh) {
        let d = presets::preset("si-pn")
            .unwrap()
            .with_spacing(10.0)
            .unwrap();
        let mesh = Mesh::new(&d, ConstantSet::Codata.constants()).unwrap();
        let opts = SolverOptions {
            tolerance_v: 1e-8,
            ..SolverOptions::default()
        };
        let mut solver = Solver::new(mesh.clone(), d.biased);
        (solver.solve(0.0, &opts, &mut |_, _| {}).unwrap(), mesh)
    }

    #[test]
    fn same_compares_bits_and_iterations_and_differences_are_in_volts() {
        let (a, mesh) = solved();
        assert!(same(&a, &a.clone()));
        let mut b = a.clone();
        b.iterations += 1;
        assert!(!same(&a, &b));
        let mut c = a.clone();
        c.psi[3] += 0.5;
        assert!(!same(&a, &c));
        let (dp, dj) = differences(&c, &a, mesh.vt);
        assert_eq!(dp, (c.psi[3] - a.psi[3]).abs() * mesh.vt);
        assert_eq!(dj, 0.0);
        assert_eq!(differences(&a, &a, mesh.vt), (0.0, 0.0));
    }
}

//! `arts run ddm --parallel distributed`: the bias sweep on slab objects of
//! the runtime (`arts_apps::ddm`), checked bit for bit against the
//! sequential solver in the same (relaxed) order and timed against the
//! sequential solver in its own order.

use std::sync::Arc;
use std::time::Instant;

use arts_apps::ddm::{Checkpointing, LiveCut, Outcome as SlabOutcome, Resume, Setup, Style};
use arts_core::checkpoint::disk::Checkpoint;
use arts_core::{Config, LbPeriod};
use arts_ddm::{BiasSolution, DdmError, Device, Mesh, Solver, SolverOptions, UpdateOrder};
use serde::Serialize;

use super::ddm::{RunDdmArgs, Solved};
use super::ddm_flags::{AppLbArg, Dependency};
use super::grid_flags::{GridReport, GridSummary};
use crate::output::{CliError, CliResult};

/// How the solver is parallelized (`--parallel`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ParallelArg {
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

impl ParallelArg {
    fn name(self) -> &'static str {
        match self {
            ParallelArg::Distributed => "distributed",
            ParallelArg::Centralized => "centralized",
            ParallelArg::Ampi => "ampi",
            ParallelArg::Static => "static",
        }
    }

    /// The style on slab objects (`None`: AMPI or raw MPI ranks).
    fn style(self) -> Option<Style> {
        match self {
            ParallelArg::Distributed => Some(Style::Distributed),
            ParallelArg::Centralized => Some(Style::Centralized),
            ParallelArg::Ampi | ParallelArg::Static => None,
        }
    }
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
    /// Application-level balancing: off, static or live.
    app_lb: &'static str,
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
    grid: GridReport,
}

impl ParallelOut {
    /// Segments (objects) of the run.
    pub(super) fn segments(&self) -> usize {
        self.segments
    }

    /// The text report's lines about the emulated grid (none without one).
    pub(super) fn grid_table(&self) -> String {
        self.grid.table()
    }

    /// Whether the run is right: every point equalled the relaxed solver
    /// bit for bit, or (live balancing, whose segments move) the sequential
    /// solver's potential within [`LIVE_POTENTIAL_TOLERANCE`]. (The terminal
    /// current is reported, not checked: Gummel's current at a tolerance of
    /// 1e-9 V varies by ~1e-4 relative with the order of the updates alone.)
    pub(super) fn matches(&self) -> bool {
        match self.app_lb {
            "live" => self.max_potential_diff_v <= LIVE_POTENTIAL_TOLERANCE,
            _ => self.matches_relaxed_solver,
        }
    }
}

/// The parallel sweep: the points that converged (in order), the failure
/// that stopped it, and the parallel report.
pub(super) type ParallelRun = (Vec<Solved>, Option<DdmError>, ParallelOut);

fn bits(v: &[f64]) -> impl Iterator<Item = u64> + '_ {
    v.iter().map(|x| x.to_bits())
}

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

/// Milliseconds the CPUs are kept busy before the timed runs, unless
/// `--warmup-ms` says otherwise: enough on the hosts we measure on
/// (`BENCHMARKS.md`, "A timed run after a pause").
const WARMUP_MS: u64 = 300;

/// The warm-up of this run, ms (`--warmup-ms`, else [`WARMUP_MS`]).
fn warmup_ms(args: &RunDdmArgs) -> u64 {
    args.warmup_ms.unwrap_or(WARMUP_MS)
}

/// Checks the options `--parallel` takes before any work.
pub(super) fn check_args(args: &RunDdmArgs) -> CliResult {
    if !(0.0..1.0).contains(&args.app_lb_threshold) {
        return Err(CliError::usage(format!(
            "--app-lb-threshold {} must be in [0, 1)",
            args.app_lb_threshold
        )));
    }
    if args.grid.given() && matches!(args.parallel, None | Some(ParallelArg::Static)) {
        return Err(CliError::usage(
            "grid options (--clusters, --topology, --latency, ...) apply to --parallel distributed, centralized and ampi, which run on the object runtime",
        ));
    }
    if args.parallel.is_none() {
        let flags = [
            ("--app-lb", args.app_lb != AppLbArg::Off),
            ("--checkpoint-every", args.checkpoint_every.is_some()),
            ("--checkpoint-dir", args.checkpoint_dir.is_some()),
            ("--pes", args.pes.is_some()),
            ("--pes-per-process", args.pes_per_process.is_some()),
            ("--pin", args.pin),
            ("--warmup-ms", args.warmup_ms.is_some()),
            ("--lb", args.lb != "none"),
            (
                "--subcycle-dependency",
                args.subcycle_dependency != Dependency::Off,
            ),
        ];
        if let Some((flag, _)) = flags.iter().find(|f| f.1) {
            return Err(CliError::usage(format!(
                "{flag} applies to --parallel runs only"
            )));
        }
        return Ok(());
    }
    if args.method != super::ddm_flags::MethodArg::Gummel {
        return Err(CliError::usage(
            "--parallel runs the Gummel solver (--method gummel); Newton solves all rows together",
        ));
    }
    if args.parallel == Some(ParallelArg::Static)
        && (args.lb != "none" || args.pes.is_some() || args.pin)
    {
        return Err(CliError::usage(
            "--parallel static runs one segment per MPI rank without migration: give mpirun -np S and --segments S, not --pes, --lb or --pin (mpirun --bind-to core pins its ranks)",
        ));
    }
    if args.subcycle_dependency != Dependency::Off
        && args.parallel != Some(ParallelArg::Distributed)
    {
        return Err(CliError::usage(
            "--subcycle-dependency on|local needs --parallel distributed (the staggered order passes rows after every sub-cycle, straight to the neighbours)",
        ));
    }
    if args.app_lb == AppLbArg::Live && args.parallel != Some(ParallelArg::Distributed) {
        return Err(CliError::usage(
            "--app-lb live needs --parallel distributed (the slabs hand rows to their neighbours)",
        ));
    }
    if args.app_lb == AppLbArg::Static && args.segment_starts.is_some() {
        return Err(CliError::usage(
            "--app-lb static cuts the segments itself: give --segments, not --segment-starts",
        ));
    }
    if args.checkpoint_every.is_some() != args.checkpoint_dir.is_some() {
        return Err(CliError::usage(
            "--checkpoint-every N and --checkpoint-dir DIR go together",
        ));
    }
    if args.checkpoint_every.is_some() && args.parallel != Some(ParallelArg::Distributed) {
        return Err(CliError::usage(
            "--checkpoint-every needs --parallel distributed (a sweep on slab objects checkpoints between bias points)",
        ));
    }
    if args.order != super::ddm_flags::OrderArg::Sequential {
        return Err(CliError::usage(
            "--parallel runs the relaxed order over --segments; --order applies to the sequential solver",
        ));
    }
    Ok(())
}

/// The order `--subcycle-dependency` makes of the relaxed `order`
/// ([`arts_apps::ddm::Link`]; the slabs are block-mapped over every
/// process's PEs). A restart keeps the links its checkpoint was written
/// with, whatever its own PE count, so that every point is solved in one
/// order.
pub(super) fn linked(
    args: &RunDdmArgs,
    order: UpdateOrder,
    resume: Option<&Checkpoint>,
) -> Result<UpdateOrder, CliError> {
    let saved = resume.map(|c| (c, c.manifest.options["linked"].clone()));
    if let Some((c, saved)) = saved.filter(|(_, v)| !v.is_null()) {
        let linked: Vec<bool> = serde_json::from_value(saved)
            .ok()
            .filter(|l: &Vec<bool>| l.len() + 1 == order.segments().len())
            .ok_or_else(|| {
                CliError::usage(format!(
                    "{}: options.linked must be one flag per pair of neighbouring segments",
                    c.dir.join(arts_core::checkpoint::disk::MANIFEST).display()
                ))
            })?;
        return Ok(order.staggered_at(|k| linked[k]));
    }
    let pes = crate::launch::total_pes(args.pes, args.pes_per_process)?;
    Ok(args.subcycle_dependency.link().order(order, pes))
}

/// What a run on the runtime gives: its points, and its PEs, migrations,
/// utilization and grid.
type RuntimeRun = (Vec<arts_apps::ddm::Point>, Ran);

/// PEs, migrations, utilization and grid of a run.
struct Ran {
    pes: u32,
    migrations: u64,
    utilization: Vec<f64>,
    grid: GridReport,
}

/// What a sweep does besides solving: its command line (recorded in its
/// checkpoints) and the checkpoint it continues from, if any.
pub(super) struct Session<'a> {
    /// The command line of the sweep (`arts restart` parses it again).
    pub argv: Vec<String>,
    /// Continue from this checkpoint.
    pub resume: Option<&'a Checkpoint>,
    /// The output is JSON (an emulated grid's table is not printed).
    pub json: bool,
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

/// The checkpointing and the resume of `session`'s sweep on `mesh`, checked.
fn saving(
    args: &RunDdmArgs,
    mesh: &Mesh,
    biases: &[f64],
    order: &UpdateOrder,
    session: &Session<'_>,
) -> Result<(Option<Checkpointing>, Option<Resume>), CliError> {
    let fingerprint = mesh_crc32(mesh);
    let segments = order.segments().len();
    let linked = match order {
        UpdateOrder::Staggered { linked, .. } => Some(linked),
        _ => None,
    };
    let save = match (args.checkpoint_every, &args.checkpoint_dir) {
        (Some(every), Some(dir)) => Some(Checkpointing {
            every: every as usize,
            dir: dir.clone(),
            keep: args.keep as usize,
            options: serde_json::json!({
                "argv": session.argv,
                "mesh_crc32": fingerprint,
                "linked": linked,
            }),
            buddies: args.buddy_checkpoints.then(crate::launch::buddies),
            background: args.checkpoint_async,
        }),
        _ => None,
    };
    let Some(c) = session.resume else {
        return Ok((save, None));
    };
    let manifest = c.dir.join(arts_core::checkpoint::disk::MANIFEST);
    if c.manifest.options["mesh_crc32"].as_u64() != Some(fingerprint as u64) {
        return Err(CliError::usage(format!(
            "{}: the device has changed since this checkpoint was written",
            manifest.display()
        )));
    }
    let resume =
        arts_apps::ddm::checkpoint::read_resume(c, biases, segments).map_err(CliError::usage)?;
    Ok((save, Some(resume)))
}

/// The sweep on slab objects of the runtime.
#[allow(clippy::too_many_arguments)]
fn on_runtime(
    args: &RunDdmArgs,
    style: Style,
    mesh: &Mesh,
    device: &Device,
    biases: &[f64],
    opts: &SolverOptions,
    ranges: &[(usize, usize)],
    session: &Session<'_>,
) -> Result<RuntimeRun, CliError> {
    let (save, resume) = saving(args, mesh, biases, &opts.order, session)?;
    let pes = args.pes.unwrap_or_else(crate::args::default_pes);
    let lb = crate::lb_args::lb_config(&args.lb, LbPeriod::Steps(1), false, None)?;
    let config = Config {
        pes,
        lb: lb.clone(),
        ..Config::default()
    };
    let config = crate::launch::distribute(config, args.pes, args.pes_per_process)?;
    let config = crate::launch::pinned(config, args.pin, args.pes_per_process);
    let (config, emulation) = args.grid.configure(config, session.json)?;
    let setup = Setup {
        mesh: Arc::new(mesh.clone()),
        biased: device.biased,
        opts: opts.clone(),
        ranges: ranges.to_vec(),
        sync: lb.is_some(),
        style,
        live: (args.app_lb == AppLbArg::Live).then_some(LiveCut {
            every: args.app_lb_every as usize,
            threshold: args.app_lb_threshold,
        }),
    };
    let (points, report) = arts_apps::ddm::run_session(&config, setup, biases, save, resume)
        .map_err(|e| CliError::failed(format!("parallel run: {e}")))?;
    let ran = Ran {
        pes: config.pes,
        migrations: report.lb_steps().iter().map(|s| s.migrations).sum(),
        utilization: report.utilization(),
        grid: GridReport::of(GridSummary::of(emulation.as_ref()), &report),
    };
    Ok((points, ran))
}

/// The sweep on AMPI ranks, one segment each (under mpirun, spread over
/// every process's PEs).
fn on_ampi(
    args: &RunDdmArgs,
    mesh: &Mesh,
    device: &Device,
    biases: &[f64],
    opts: &SolverOptions,
    ranges: &[(usize, usize)],
    json: bool,
) -> Result<RuntimeRun, CliError> {
    let here = arts_core::Config {
        pes: crate::launch::total_pes(args.pes, args.pes_per_process)?,
        ..arts_core::Config::default()
    };
    let runtime = crate::launch::distribute(here, args.pes, args.pes_per_process)?;
    let runtime = crate::launch::pinned(runtime, args.pin, args.pes_per_process);
    let (runtime, emulation) = args.grid.configure(runtime, json)?;
    let lb = crate::lb_args::lb_config(&args.lb, LbPeriod::Steps(1), false, None)?;
    let pes = runtime.pes;
    let run_opts = arts_ampi::RunOptions {
        lb: lb.clone(),
        runtime,
        ..arts_ampi::RunOptions::new(ranges.len() as u32, pes)
    };
    let setup = Setup {
        mesh: Arc::new(mesh.clone()),
        biased: device.biased,
        opts: opts.clone(),
        ranges: ranges.to_vec(),
        sync: lb.is_some(),
        style: Style::Distributed,
        live: None,
    };
    let (points, report) = arts_apps::ampi::ddm::run(&run_opts, setup, biases)
        .map_err(|e| CliError::failed(format!("ampi run: {e}")))?;
    let ran = Ran {
        pes: report.pes,
        migrations: report.migrations(),
        utilization: report.runtime.utilization(),
        grid: GridReport::of(GridSummary::of(emulation.as_ref()), &report.runtime),
    };
    Ok((points, ran))
}

/// `--app-lb static`: the relaxed order over `--segments` pieces of equal
/// cost, as the sequential solver measures it on the first bias point.
pub(super) fn cost_cut(
    args: &RunDdmArgs,
    mesh: &Mesh,
    device: &Device,
    biases: &[f64],
) -> Result<UpdateOrder, CliError> {
    let opts = SolverOptions {
        order: UpdateOrder::Sequential,
        check_every: 1,
        instrument_every: args.instrument_every.max(1),
        tolerance_v: args.tolerance,
        max_iterations: args.max_iterations,
        ..SolverOptions::default()
    };
    let bias = biases.first().copied().unwrap_or(0.0);
    let profiled = Solver::new(mesh.clone(), device.biased)
        .solve(bias, &opts, &mut |_, _| {})
        .map_err(|e| CliError::failed(format!("--app-lb static: profiling {bias} V: {e}")))?;
    // Under mpirun every process cuts by the root's measurements.
    let cost = crate::launch::from_root(profiled.cost.row_cost_ns());
    let cut = arts_lb::weighted::prefix_sum_cuts(&cost, args.segments)
        .map_err(|e| CliError::usage(format!("--app-lb static: {e}")))?;
    UpdateOrder::relaxed_from_starts(mesh.rows, &cut.starts)
        .map_err(|e| CliError::usage(format!("--app-lb static: {e}")))
}

/// The sweep on raw MPI ranks, one segment each.
#[cfg(feature = "mpi")]
fn static_mpi(
    mesh: &Mesh,
    device: &Device,
    biases: &[f64],
    opts: &SolverOptions,
    ranges: &[(usize, usize)],
) -> Result<Vec<arts_apps::ddm::Point>, CliError> {
    crate::launch::with(|m| {
        arts_apps::baselines::ddm::static_segments(
            m.world(),
            mesh,
            device.biased,
            biases,
            opts,
            ranges,
        )
    })
    .ok_or_else(|| {
        CliError::usage(
            "--parallel static runs under mpirun: mpirun -np S arts run ddm ... --segments S",
        )
    })?
    .map_err(CliError::usage)
}

/// Without MPI support there is no static version.
#[cfg(not(feature = "mpi"))]
fn static_mpi(
    _: &Mesh,
    _: &Device,
    _: &[f64],
    _: &SolverOptions,
    _: &[(usize, usize)],
) -> Result<Vec<arts_apps::ddm::Point>, CliError> {
    Err(CliError::usage(
        "--parallel static needs MPI support: build arts with `--features mpi` and start it with mpirun -np S",
    ))
}

/// Runs the sweep in `style`, then the two sequential references.
pub(super) fn run(
    args: &RunDdmArgs,
    style: ParallelArg,
    mesh: &Mesh,
    device: &Device,
    biases: &[f64],
    opts: SolverOptions,
    session: Session<'_>,
) -> Result<ParallelRun, CliError> {
    let ranges = opts.order.segments().to_vec();
    if ranges.is_empty() {
        return Err(CliError::usage(
            "--parallel needs segments (--segments or --segment-starts)",
        ));
    }
    // Every style is timed warm, as the references after it are.
    let local_cpus = match style {
        ParallelArg::Static => 1, // a raw MPI rank per process
        _ => crate::launch::total_pes(args.pes, args.pes_per_process)?
            .div_ceil(crate::launch::rank_size().1),
    };
    arts_apps::background::warm_up(
        local_cpus as usize,
        std::time::Duration::from_millis(warmup_ms(args)),
    );
    let (points, ran) = match (style, style.style()) {
        (_, Some(style)) => {
            on_runtime(args, style, mesh, device, biases, &opts, &ranges, &session)?
        }
        (ParallelArg::Ampi, None) => {
            on_ampi(args, mesh, device, biases, &opts, &ranges, session.json)?
        }
        (_, None) => {
            let points = static_mpi(mesh, device, biases, &opts, &ranges)?;
            let ran = Ran {
                pes: ranges.len() as u32,
                migrations: 0,
                utilization: Vec::new(),
                grid: GridReport::default(),
            };
            (points, ran)
        }
    };

    // The references: the same order on one thread, and the sequential order.
    let mut relaxed = Solver::new(mesh.clone(), device.biased);
    let mut sequential = Solver::new(mesh.clone(), device.biased);
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
    for p in points {
        match p.outcome {
            SlabOutcome::Converged(sol) => {
                let t = Instant::now();
                let want = relaxed.solve(p.bias_v, &opts, &mut |_, _| {});
                relaxed_s += t.elapsed().as_secs_f64();
                matches &= want.as_ref().is_ok_and(|w| same(&sol, w));
                let t = Instant::now();
                let want = sequential.solve(p.bias_v, &seq_opts, &mut |_, _| {});
                sequential_s += t.elapsed().as_secs_f64();
                let (dp, dj) = want.as_ref().map_or((f64::INFINITY, f64::INFINITY), |w| {
                    differences(&sol, w, mesh.vt)
                });
                potential_diff = potential_diff.max(dp);
                current_diff = current_diff.max(dj);
                solved.push(Solved::gummel(*sol));
            }
            SlabOutcome::NotConverged {
                iterations,
                residual,
            } => {
                failure = Some(DdmError::NotConverged {
                    bias_v: p.bias_v,
                    iterations,
                    psi_v: residual.psi_v,
                    u_v: residual.u_v,
                    v_v: residual.v_v,
                    tolerance: opts.tolerance_v,
                });
            }
            SlabOutcome::Diverged { iterations } => {
                failure = Some(DdmError::Diverged {
                    bias_v: p.bias_v,
                    iterations,
                    psi_v: f64::NAN,
                });
            }
        }
    }
    let time_s: f64 = solved.iter().map(|s| s.solution().time_s).sum();
    let out = ParallelOut {
        style: style.name(),
        pes: ran.pes,
        processes: crate::launch::rank_size().1,
        segments: ranges.len(),
        check_every: opts.check_every,
        lb: args.lb.clone(),
        pinned: args.pin,
        warmup_ms: warmup_ms(args),
        app_lb: args.app_lb.name(),
        recuts,
        segment_starts,
        checkpoint_dir: (args.checkpoint_dir.as_ref()).map(|d| d.display().to_string()),
        resumed_from_point: session.resume.map(|c| c.manifest.step as usize),
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

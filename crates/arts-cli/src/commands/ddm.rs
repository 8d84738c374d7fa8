//! `arts run ddm` (drift-diffusion bias sweep), `arts ddm partition` (equal-work
//! cuts of a measured cost profile) and `arts ddm preset` (print a preset's
//! device file).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use arts_ddm::{
    BiasSolution, ConstantOverrides, ConstantSet, DdmError, Device, FileFormat, Mesh,
    NewtonOptions, SolverOptions, Sweep, UpdateOrder, csv, newton, presets,
};
use arts_lb::weighted::{self, Partition};
use serde::Serialize;

use super::ddm_flags::{
    AppLbArg, ConstantsArg, EdgeAverageArg, MeshArg, MethodArg, OrderArg, PresetArg,
};
use super::ddm_parallel::{self, ParallelArg, ParallelOut};
use super::stencil::RunOpts;
use crate::output::{CliError, CliResult, Output, PendingDir};
use arts_core::checkpoint::disk::{self, Checkpoint};

/// Arguments of `arts run ddm`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["device", "preset"])))]
pub struct RunDdmArgs {
    /// Device file, TOML or JSON (by extension, else by content; format in
    /// docs/ddm.md, examples: `arts ddm preset NAME`).
    #[arg(long)]
    pub device: Option<PathBuf>,
    /// Built-in device.
    #[arg(long, value_enum)]
    pub preset: Option<PresetArg>,
    /// Bias sweep in volts on the biased contact, e.g. `0,0.2,0.4` (default: the device file's).
    #[arg(long, value_delimiter = ',', allow_hyphen_values = true)]
    pub bias: Option<Vec<f64>>,
    /// Directory for the per-bias CSV files (profile, edges, cost per row, cost
    /// history) and summary.json. A bias point that does not converge (or
    /// diverges) stops the sweep with exit code 1; the points before it are
    /// still written (summary.json says `converged: false`), all files or none.
    #[arg(long, value_parser = crate::args::output_dir)]
    pub out: Option<PathBuf>,
    /// Physical constants: codata or tcad (default: the device file's, else codata).
    #[arg(long, value_enum)]
    pub constants: Option<ConstantsArg>,
    /// Override the mesh spacing, nm (every layer must stay a whole number of rows).
    #[arg(long)]
    pub spacing_nm: Option<f64>,
    /// Elementary charge q, C, replacing the constant set's (and the file's).
    #[arg(long)]
    pub q_c: Option<f64>,
    /// Boltzmann constant k, J/K, replacing the constant set's (and the file's).
    #[arg(long)]
    pub k_j_per_k: Option<f64>,
    /// Vacuum permittivity ε0, F/cm, replacing the constant set's (and the file's).
    #[arg(long)]
    pub eps0_f_per_cm: Option<f64>,
    /// Lattice temperature, K (default: the device file's).
    #[arg(long)]
    pub temperature_k: Option<f64>,
    /// Edge averaging of permittivity and mobility (default: the device file's, else harmonic).
    #[arg(long, value_enum)]
    pub edge_average: Option<EdgeAverageArg>,
    /// Mesh points: cells (rows at (i + ½)h) or nodes (0 … L, contacts on the
    /// end nodes) (default: the device file's, else cells).
    #[arg(long, value_enum)]
    pub mesh: Option<MeshArg>,
    /// Solver: gummel (point updates, the load-balancing study's solver) or
    /// newton (coupled, block-tridiagonal direct solve; for single-device work).
    #[arg(long, value_enum, default_value = "gummel")]
    pub method: MethodArg,
    /// Newton iterations allowed per attempt at one bias step (--method newton).
    #[arg(long, default_value_t = 30)]
    pub newton_iterations: usize,
    /// How often Newton may halve the bias step toward one bias point (--method newton).
    #[arg(long, default_value_t = 12)]
    pub max_halvings: u32,
    /// Update order (--method gummel); both: solve twice, report both iteration counts.
    #[arg(long, value_enum, default_value = "sequential")]
    pub order: OrderArg,
    /// Segments of the relaxed order (equal row counts).
    #[arg(long, default_value_t = 7)]
    pub segments: usize,
    /// First rows of the relaxed order's segments instead, e.g. the `starts` that
    /// `arts ddm partition` prints (`0,256,512`); overrides --segments.
    #[arg(long, value_delimiter = ',')]
    pub segment_starts: Option<Vec<usize>>,
    /// Convergence tolerance: summed changes of potential and quasi-Fermi potentials, V.
    #[arg(long, default_value_t = 1e-9)]
    pub tolerance: f64,
    /// Gummel iteration limit per bias (--method gummel).
    #[arg(long, default_value_t = 400_000)]
    pub max_iterations: usize,
    /// Over-relaxation of the potential point update, in (0, 2).
    #[arg(long, default_value_t = 1.9)]
    pub omega_phi: f64,
    /// Over-relaxation of the continuity point updates, in (0, 2).
    #[arg(long, default_value_t = 1.9)]
    pub omega_carriers: f64,
    /// Measure per-row cost every N iterations (0: only never).
    #[arg(long, default_value_t = 200)]
    pub instrument_every: usize,
    /// Observe the residual (convergence, over-relaxation) every K
    /// iterations, a divisor of 100; a parallel run reduces it across the
    /// segments that often (default: 1, with --parallel 10).
    #[arg(long)]
    pub check_every: Option<usize>,
    /// Run the Gummel solver on the object runtime, one migratable object per
    /// segment (--segments or --segment-starts), in the relaxed order:
    /// distributed (rows to the neighbours) or centralized (through one
    /// master). The result equals the sequential relaxed solver bit for bit
    /// (the JSON's `parallel.matches_relaxed_solver`).
    #[arg(long, value_enum)]
    pub parallel: Option<ParallelArg>,
    /// With --parallel: PEs (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub pes: Option<u32>,
    /// With --parallel under mpirun: PEs in each process (default 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub pes_per_process: Option<u32>,
    /// With --parallel: pin each PE thread to a CPU of its own (as
    /// Charm++'s +setcpuaffinity; under mpirun, processes of one host take
    /// consecutive CPUs).
    #[arg(long)]
    pub pin: bool,
    /// With --parallel: keep this process's CPUs busy this many
    /// milliseconds before the timed runs, 0 to 60000 (work that follows a
    /// pause runs slower for a while on shared hosts; 0: no warm-up)
    /// [default: 300].
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub warmup_ms: Option<u64>,
    /// With --parallel distributed, centralized or ampi: the grid to
    /// emulate (the slabs are mapped in contiguous blocks, so a run on K
    /// clusters has K − 1 cuts across them).
    #[command(flatten)]
    pub grid: super::grid_flags::GridOpts,
    /// With --parallel: load-balancing strategy for the segment objects
    /// (none, greedy, refine, rotate, ...), every 20 residual checks.
    #[arg(long, default_value = "none")]
    pub lb: String,
    /// With --parallel distributed: `on` runs each sub-cycle of a segment on
    /// its left neighbour's fresh rows (the staggered order, which is the
    /// sequential order as a pipeline: fewer iterations, less
    /// parallelism); `off` (default) uses the neighbours' rows of the
    /// previous iteration (the relaxed order); `local` does the first
    /// between segments that start on the same PE and the second between
    /// PEs: a PE runs its segments in sequence anyway, so the iterations are
    /// those of one segment per PE, without the pipeline's waits.
    #[arg(long, value_enum, default_value = "off")]
    pub subcycle_dependency: super::ddm_flags::Dependency,
    /// With --parallel: application-level balancing of the segments' rows:
    /// off, static (cut once by the measured cost) or live (distributed:
    /// re-measured and re-cut while it runs).
    #[arg(long, value_enum, default_value = "off")]
    pub app_lb: super::ddm_flags::AppLbArg,
    /// With --app-lb live: iterations between two measurements.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub app_lb_every: u64,
    /// With --app-lb live: least relative improvement of the predicted
    /// max/avg that moves rows, in [0, 1).
    #[arg(long, default_value_t = 0.05)]
    pub app_lb_threshold: f64,
    /// With --parallel distributed: checkpoint after every N bias points
    /// (not after the last) into --checkpoint-dir; `arts restart DIR`
    /// continues the sweep.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub checkpoint_every: Option<u64>,
    /// Where the checkpoints go (with --checkpoint-every).
    #[arg(long)]
    pub checkpoint_dir: Option<PathBuf>,
    /// Checkpoints kept (the newest).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub keep: u64,
    /// Double checkpoints: --checkpoint-dir is a store local to each node,
    /// where each process keeps its own checkpoint and a copy of its
    /// buddy's (a process on another node when the nodes run as many each).
    #[arg(long, requires = "checkpoint_dir")]
    pub buddy_checkpoints: bool,
    /// Write each checkpoint in the background: the slabs start the next
    /// bias point as soon as they are imaged, and the checkpoint is
    /// published (all or nothing) once written.
    #[arg(long, requires = "checkpoint_dir")]
    pub checkpoint_async: bool,
}

/// Arguments of `arts ddm partition`.
#[derive(clap::Args)]
pub struct PartitionArgs {
    /// Cost profile: a CSV with a header (the `cost_rows_*.csv` that `arts run ddm`
    /// writes, column `cost`) or one number per line; `#` lines are skipped.
    #[arg(long)]
    pub profile: PathBuf,
    /// Number of pieces.
    #[arg(long)]
    pub pieces: usize,
    /// Polynomial degree of the fit.
    #[arg(long, default_value_t = 5)]
    pub degree: usize,
    /// CSV column holding the cost (default: `cost`, or the only column).
    #[arg(long)]
    pub column: Option<String>,
}

/// Arguments of `arts ddm preset`.
#[derive(clap::Args)]
pub struct PresetArgs {
    /// Preset name.
    #[arg(value_enum)]
    pub name: PresetArg,
}

/// Subcommands of `arts ddm`.
#[derive(clap::Subcommand)]
pub enum DdmCommand {
    /// Cut a cost profile into equal-work pieces (polynomial fit + Simpson, and prefix sums).
    Partition(PartitionArgs),
    /// Print a preset's device file (a starting point for your own).
    Preset(PresetArgs),
    /// The paper's study on this machine: styles x segments x balancing,
    /// timed against the sequential solver, as CSV and SVG charts.
    Scaling(super::ddm_scaling::ScalingArgs),
}

/// Runs `arts ddm ...`.
pub fn run(command: DdmCommand, out: Output) -> CliResult {
    match command {
        DdmCommand::Partition(args) => run_partition(&args, out),
        DdmCommand::Scaling(args) => super::ddm_scaling::run(&args, out),
        DdmCommand::Preset(args) => {
            let text = presets::preset_text(args.name.name()).map_err(CliError::usage)?;
            #[derive(Serialize)]
            struct PresetOut<'a> {
                name: &'a str,
                device_toml: &'a str,
            }
            out.emit(
                &PresetOut {
                    name: args.name.name(),
                    device_toml: text,
                },
                || text.to_string(),
            )
        }
    }
}

// ---------------------------------------------------------------- run ddm

#[derive(Serialize)]
struct HistoryOut {
    iteration: usize,
    potential_v: f64,
    electrons_v: f64,
    holes_v: f64,
}

#[derive(Serialize)]
struct OtherOrderOut {
    order: &'static str,
    segments: usize,
    iterations: usize,
    time_s: f64,
    terminal_current_a_per_cm2: f64,
}

#[derive(Serialize)]
struct BiasOut {
    bias_v: f64,
    converged: bool,
    iterations: usize,
    terminal_current_a_per_cm2: f64,
    current_resolution_a_per_cm2: f64,
    current_spread: f64,
    time_s: f64,
    ns_per_row_iteration: f64,
    residual_potential_v: f64,
    residual_electrons_v: f64,
    residual_holes_v: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    omega_phi: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    omega_carriers: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    omega_reductions: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    inner_newton_iterations: Option<u64>,
    measured_iterations: usize,
    interrupted_row_timings: u64,
    probe_overhead_ns: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    newton: Option<NewtonOut>,
    history: Vec<HistoryOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    relaxed: Option<OtherOrderOut>,
    files: Vec<String>,
}

/// The constants in use (after single-constant overrides).
#[derive(Serialize)]
struct ConstantValuesOut {
    q_c: f64,
    k_j_per_k: f64,
    eps0_f_per_cm: f64,
}

/// The Newton record of one bias point.
#[derive(Serialize, Clone, Copy)]
struct NewtonOut {
    bias_steps: usize,
    halvings: u32,
    damped_iterations: usize,
}

/// Why a sweep stopped early: the bias point and its last residuals.
#[derive(Serialize)]
struct FailureOut {
    bias_v: Option<f64>,
    message: String,
    residual_potential_v: Option<f64>,
    residual_electrons_v: Option<f64>,
    residual_holes_v: Option<f64>,
}

impl FailureOut {
    fn new(e: &DdmError) -> FailureOut {
        let r = e.last_residual();
        let finite = |x: f64| x.is_finite().then_some(x);
        FailureOut {
            bias_v: e.failed_bias_v(),
            message: e.to_string(),
            residual_potential_v: r.and_then(|r| finite(r.psi_v)),
            residual_electrons_v: r.and_then(|r| finite(r.u_v)),
            residual_holes_v: r.and_then(|r| finite(r.v_v)),
        }
    }
}

/// One solved bias point, whichever the method.
pub(super) struct Solved {
    solution: BiasSolution,
    relaxed: Option<BiasSolution>,
    newton: Option<NewtonOut>,
}

impl Solved {
    /// A point solved by one Gummel run.
    pub(super) fn gummel(solution: BiasSolution) -> Solved {
        Solved {
            solution,
            relaxed: None,
            newton: None,
        }
    }

    /// Its solution.
    pub(super) fn solution(&self) -> &BiasSolution {
        &self.solution
    }

    fn time_s(&self) -> f64 {
        self.solution.time_s + self.relaxed.as_ref().map_or(0.0, |r| r.time_s)
    }
}

#[derive(Serialize)]
struct RunOut {
    device: String,
    method: &'static str,
    rows: usize,
    spacing_nm: f64,
    temperature_k: f64,
    constants: &'static str,
    constants_replaced: Vec<&'static str>,
    constant_values: ConstantValuesOut,
    edge_average: &'static str,
    mesh: &'static str,
    builtin_potential_v: f64,
    order: &'static str,
    segments: usize,
    tolerance_v: f64,
    converged: bool,
    valid: bool,
    iterations: usize,
    time_s: f64,
    terminal_current_a_per_cm2: Vec<f64>,
    biases: Vec<BiasOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    failure: Option<FailureOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    out: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    parallel: Option<ParallelOut>,
}

fn load_device(args: &RunDdmArgs) -> Result<Device, CliError> {
    let device = read_device(args.device.as_deref(), args.preset)?;
    let mut device = match args.spacing_nm {
        Some(h) => device.with_spacing(h).map_err(CliError::usage)?,
        None => device,
    };
    if let Some(t) = args.temperature_k {
        device = device.with_temperature(t).map_err(CliError::usage)?;
    }
    let cli = ConstantOverrides {
        q: args.q_c,
        k: args.k_j_per_k,
        eps0: args.eps0_f_per_cm,
    };
    cli.validate()
        .map_err(|e| CliError::usage(format!("--{}", e.replace('_', "-"))))?;
    device.constant_overrides = cli.or(device.constant_overrides);
    if let Some(a) = args.edge_average {
        device.edge_average = a.into();
    }
    if let Some(k) = args.mesh {
        device.mesh = k.into();
    }
    Ok(device)
}

/// The device of `--device FILE` or `--preset NAME` (exactly one).
pub(super) fn read_device(
    path: Option<&Path>,
    preset: Option<PresetArg>,
) -> Result<Device, CliError> {
    match (path, preset) {
        (Some(path), None) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError::usage(format!("cannot read {}: {e}", path.display())))?;
            let fallback = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "device".into());
            let ext = path.extension().and_then(|e| e.to_str());
            let in_file = |e: DdmError| CliError::usage(format!("{}: {e}", path.display()));
            let mut d =
                Device::parse(&text, FileFormat::detect(ext, &text), &fallback).map_err(in_file)?;
            d.load_node_csv(path.parent().unwrap_or(Path::new(".")))
                .map_err(in_file)?;
            Ok(d)
        }
        (None, Some(name)) => presets::preset(name.name()).map_err(CliError::usage),
        _ => Err(CliError::usage(
            "give exactly one of --device FILE or --preset NAME",
        )),
    }
}

/// Bad device input is a usage error (exit 2); a bias point that did not
/// converge or diverged is a run that failed after its input was accepted
/// (exit 1).
fn ddm_error(e: DdmError) -> CliError {
    match e {
        DdmError::Input(_) => CliError::usage(e),
        DdmError::NotConverged { .. }
        | DdmError::Diverged { .. }
        | DdmError::NewtonFailed { .. } => CliError::failed(e),
    }
}

/// The Gummel sweep: (order name, segments, points, failure).
type Outcome = (&'static str, usize, Vec<Solved>, Option<DdmError>);

/// The Gummel options the flags give, in `order`.
fn solver_options(args: &RunDdmArgs, order: UpdateOrder) -> SolverOptions {
    let default_check = if args.parallel.is_some() { 10 } else { 1 };
    SolverOptions {
        tolerance_v: args.tolerance,
        max_iterations: args.max_iterations,
        omega_phi: args.omega_phi,
        omega_carriers: Some(args.omega_carriers),
        instrument_every: args.instrument_every,
        check_every: args.check_every.unwrap_or(default_check),
        order,
        ..SolverOptions::default()
    }
}

/// The relaxed order's segments from --segment-starts or --segments.
fn relaxed_order(args: &RunDdmArgs, rows: usize) -> Result<UpdateOrder, CliError> {
    match &args.segment_starts {
        Some(starts) => UpdateOrder::relaxed_from_starts(rows, starts).map_err(ddm_error),
        None => UpdateOrder::relaxed_equal(rows, args.segments).map_err(ddm_error),
    }
}

fn run_gummel(
    args: &RunDdmArgs,
    mesh: &Mesh,
    device: &Device,
    biases: Vec<f64>,
    on_point: &mut dyn FnMut(f64),
    on_iteration: &mut dyn FnMut(),
) -> Result<Outcome, CliError> {
    let relaxed = relaxed_order(args, mesh.rows)?;
    let segments = relaxed.segments().len().max(1);
    let sweep = Sweep {
        mesh: mesh.clone(),
        biased: device.biased,
        biases,
        order: args.order.into(),
        relaxed,
        options: solver_options(args, UpdateOrder::Sequential),
    };
    let (points, failure) = sweep
        .run_partial(on_point, on_iteration)
        .map_err(ddm_error)?;
    let solved = points
        .into_iter()
        .map(|p| Solved {
            solution: p.solution,
            relaxed: p.relaxed,
            newton: None,
        })
        .collect();
    Ok((sweep.order.name(), segments, solved, failure))
}

fn run_newton(
    args: &RunDdmArgs,
    mesh: &Mesh,
    device: &Device,
    biases: Vec<f64>,
    on_point: &mut dyn FnMut(f64),
) -> Result<Outcome, CliError> {
    if args.order != OrderArg::Sequential || args.segment_starts.is_some() {
        return Err(CliError::usage(
            "--order and --segment-starts apply to --method gummel only (Newton solves all rows together)",
        ));
    }
    let opts = NewtonOptions {
        tolerance_v: args.tolerance,
        max_iterations: args.newton_iterations,
        max_halvings: args.max_halvings,
    };
    let sweep =
        newton::sweep::run(mesh, device.biased, &biases, &opts, on_point).map_err(ddm_error)?;
    let solved = sweep
        .points
        .into_iter()
        .map(|p| Solved {
            newton: Some(NewtonOut {
                bias_steps: p.bias_steps,
                halvings: p.halvings,
                damped_iterations: p.damped_iterations,
            }),
            solution: p.solution,
            relaxed: None,
        })
        .collect();
    Ok(("coupled", 1, solved, sweep.failure))
}

/// Runs `arts run ddm`.
pub fn run_ddm(args: &RunDdmArgs, out: Output) -> CliResult {
    let argv = std::env::args().skip(1).collect();
    run_sweep(args, argv, None, out)
}

/// `arts restart` of a sweep's checkpoint `c`: the sweep's own command
/// line (from the manifest) with the PEs, processes and checkpointing of
/// `opts` (none given: the defaults, not the first run's).
pub fn restart(c: &Checkpoint, opts: &RunOpts, out: Output) -> CliResult {
    let manifest = c.dir.join(disk::MANIFEST);
    let bad = |e: &dyn std::fmt::Display| {
        CliError::usage(format!("{}: options: {e}", manifest.display()))
    };
    let argv: Vec<String> =
        serde_json::from_value(c.manifest.options["argv"].clone()).map_err(|e| bad(&e))?;
    let mut args = crate::parse_run_ddm(&argv).map_err(|e| bad(&e))?;
    // The PEs and processes are the restart's, as for the stencil apps.
    let given = opts.for_sweep()?;
    (args.pes, args.pes_per_process) = (given.pes, given.pes_per_process);
    args.pin = given.pin;
    (args.checkpoint_every, args.checkpoint_dir) = match given.checkpoint {
        Some((every, dir, keep)) => {
            args.keep = keep as u64;
            (Some(every as u64), Some(dir))
        }
        None => (None, None),
    };
    args.buddy_checkpoints = given.buddy_checkpoints;
    args.checkpoint_async = given.checkpoint_async;
    run_sweep(&args, argv, Some(c), out)
}

/// Runs the sweep `args` ask for (`argv`: its command line, recorded in
/// its checkpoints), continuing from `resume` if given.
fn run_sweep(
    args: &RunDdmArgs,
    argv: Vec<String>,
    resume: Option<&Checkpoint>,
    out: Output,
) -> CliResult {
    ddm_parallel::check_args(args)?;
    let device = load_device(args)?;
    let set = match (args.constants, device.constants) {
        (Some(s), _) => s.into(),
        (None, Some(c)) => c,
        (None, None) => ConstantSet::Codata,
    };
    let mesh = Mesh::new(&device, set.constants()).map_err(ddm_error)?;
    let rows = mesh.rows;
    let biases = args.bias.clone().unwrap_or_else(|| device.bias_v.clone());
    let bar = out.progress(biases.len() as u64, "ddm");
    let mut on_point = |bias: f64| {
        bar.set_message(format!("{bias:+.3} V"));
        bar.inc(1);
    };
    let mut parallel = None;
    let (order, segments, points, failure) = match (args.parallel, args.method) {
        (Some(style), _) => {
            let mut order = match args.app_lb {
                AppLbArg::Static => ddm_parallel::cost_cut(args, &mesh, &device, &biases)?,
                _ => relaxed_order(args, rows)?,
            };
            order = ddm_parallel::linked(args, order, resume)?;
            let name = order.name();
            let opts = solver_options(args, order);
            opts.validate(rows).map_err(ddm_error)?;
            let session = ddm_parallel::Session {
                argv,
                resume,
                json: out.json,
            };
            let (points, failure, report) =
                ddm_parallel::run(args, style, &mesh, &device, &biases, opts, session)?;
            let segments = report.segments();
            parallel = Some(report);
            (name, segments, points, failure)
        }
        (None, MethodArg::Gummel) => {
            run_gummel(args, &mesh, &device, biases, &mut on_point, &mut || {
                bar.tick()
            })?
        }
        (None, MethodArg::Newton) => run_newton(args, &mesh, &device, biases, &mut on_point)?,
    };
    bar.finish_and_clear();

    // The points that converged: build the files, then write them (all or none).
    let mut files: Vec<(String, String)> = Vec::new();
    let mut bias_out = Vec::new();
    for (k, p) in points.iter().enumerate() {
        let sol = &p.solution;
        let tag = format!("{k:02}_{:+.3}V", sol.bias_v);
        let mut names = Vec::new();
        if args.out.is_some() {
            let mut these = vec![(format!("profile_{tag}.csv"), csv::profile_csv(sol, &mesh))];
            if p.newton.is_none() {
                these.push((
                    format!("cost_rows_{tag}.csv"),
                    csv::cost_rows_csv(&sol.cost, &mesh),
                ));
                these.push((
                    format!("cost_history_{tag}.csv"),
                    csv::cost_history_csv(&sol.cost, &device),
                ));
            }
            these.push((format!("edges_{tag}.csv"), csv::edges_csv(sol, &mesh)));
            for (name, text) in these {
                names.push(name.clone());
                files.push((name, text));
            }
        }
        bias_out.push(bias_json(p, rows, segments, names));
    }
    let converged = failure.is_none();
    let result = RunOut {
        device: device.name.clone(),
        method: args.method.name(),
        rows,
        spacing_nm: device.spacing_nm,
        temperature_k: device.temperature_k,
        constants: set.name(),
        constants_replaced: device.constant_overrides.names(),
        constant_values: ConstantValuesOut {
            q_c: mesh.constants.q,
            k_j_per_k: mesh.constants.k,
            eps0_f_per_cm: mesh.constants.eps0,
        },
        edge_average: device.edge_average.name(),
        mesh: device.mesh.name(),
        builtin_potential_v: mesh.builtin_potential_v(),
        order,
        segments,
        tolerance_v: args.tolerance,
        converged,
        // A parallel run is valid when it equals the sequential solver in
        // the same order; a sequential one when its physics checks pass.
        valid: converged
            && match &parallel {
                Some(p) => p.matches(),
                None => points.iter().all(|p| p.solution.is_valid()),
            },
        iterations: points.iter().map(|p| p.solution.iterations).sum(),
        time_s: points.iter().map(Solved::time_s).sum(),
        terminal_current_a_per_cm2: points
            .iter()
            .map(|p| p.solution.terminal_current_a_per_cm2())
            .collect(),
        biases: bias_out,
        failure: failure.as_ref().map(FailureOut::new),
        out: args.out.as_ref().map(|d| d.display().to_string()),
        parallel,
    };
    if let Some(dir) = &args.out {
        let summary = serde_json::to_string_pretty(&result).map_err(CliError::failed)?;
        files.push(("summary.json".into(), summary));
        write_dir(dir, &files)?;
    }
    out.emit(&result, || table(&result))?;
    match failure {
        Some(e) => Err(ddm_error(e)),
        None => Ok(()),
    }
}

/// Writes every file into `dir`, all of them or none.
fn write_dir(dir: &Path, files: &[(String, String)]) -> CliResult {
    let mut out = PendingDir::create(dir)?;
    for (name, text) in files {
        out.write(name, text.as_bytes())?;
    }
    Ok(out.commit()?)
}

fn bias_json(p: &Solved, rows: usize, segments: usize, files: Vec<String>) -> BiasOut {
    let sol = &p.solution;
    let gummel = p.newton.is_none();
    BiasOut {
        bias_v: sol.bias_v,
        converged: true,
        iterations: sol.iterations,
        terminal_current_a_per_cm2: sol.terminal_current_a_per_cm2(),
        current_resolution_a_per_cm2: sol.terminal_current_resolution(),
        current_spread: sol.current_spread(),
        time_s: sol.time_s,
        ns_per_row_iteration: sol.ns_per_row_iteration(rows),
        residual_potential_v: sol.residual.psi_v,
        residual_electrons_v: sol.residual.u_v,
        residual_holes_v: sol.residual.v_v,
        omega_phi: gummel.then_some(sol.omega.0),
        omega_carriers: gummel.then_some(sol.omega.1),
        omega_reductions: gummel.then_some(sol.omega_reductions),
        inner_newton_iterations: gummel.then_some(sol.inner_iterations),
        measured_iterations: sol.cost.samples,
        interrupted_row_timings: sol.cost.interrupted,
        probe_overhead_ns: sol.cost.probe_overhead_ns,
        newton: p.newton,
        history: sol
            .cost
            .history
            .iter()
            .map(|h| HistoryOut {
                iteration: h.iteration,
                potential_v: h.residual.psi_v,
                electrons_v: h.residual.u_v,
                holes_v: h.residual.v_v,
            })
            .collect(),
        relaxed: p.relaxed.as_ref().map(|a| OtherOrderOut {
            order: "relaxed",
            segments,
            iterations: a.iterations,
            time_s: a.time_s,
            terminal_current_a_per_cm2: a.terminal_current_a_per_cm2(),
        }),
        files,
    }
}

fn table(r: &RunOut) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "device {}: {} rows at {} nm, {} K, constants {}, built-in potential {:.6} V, method {}, order {}",
        r.device,
        r.rows,
        r.spacing_nm,
        r.temperature_k,
        r.constants,
        r.builtin_potential_v,
        r.method,
        r.order
    );
    let _ = writeln!(
        s,
        "{:>9} {:>10} {:>15} {:>10} {:>9} {:>10}",
        "bias_V", "iterations", "J_A_per_cm2", "time_s", "ns/row/it", "relaxed_it"
    );
    for b in &r.biases {
        let _ = writeln!(
            s,
            "{:>9.3} {:>10} {:>15.6e} {:>10.3} {:>9.1} {:>10}",
            b.bias_v,
            b.iterations,
            b.terminal_current_a_per_cm2,
            b.time_s,
            b.ns_per_row_iteration,
            b.relaxed
                .as_ref()
                .map_or("-".to_string(), |a| a.iterations.to_string())
        );
    }
    for b in r.biases.iter().filter(|b| !b.history.is_empty()) {
        let _ = write!(s, "history {:+.3} V (iteration: residual V):", b.bias_v);
        let h = &b.history;
        let step = (h.len() / 8).max(1);
        for (i, e) in h.iter().enumerate() {
            if i % step == 0 || i + 1 == h.len() {
                let m = e.potential_v.max(e.electrons_v).max(e.holes_v);
                let _ = write!(s, " {}:{m:.2e}", e.iteration);
            }
        }
        s.push('\n');
    }
    if let Some(f) = &r.failure {
        let _ = writeln!(s, "converged: false ({})", f.message);
    }
    if let Some(p) = &r.parallel {
        s += &p.grid_table();
    }
    let _ = writeln!(s, "valid: {}", r.valid);
    if let Some(d) = &r.out {
        let _ = writeln!(s, "files in {d}");
    }
    s
}

// ---------------------------------------------------------------- partition

#[derive(Serialize)]
struct CutOut {
    starts: Vec<usize>,
    loads: Vec<f64>,
    max_over_avg: f64,
}

#[derive(Serialize)]
struct FittedOut {
    starts: Vec<usize>,
    positions: Vec<f64>,
    loads: Vec<f64>,
    max_over_avg: f64,
    predicted_loads: Vec<f64>,
    predicted_max_over_avg: f64,
    coefficients: Vec<f64>,
}

#[derive(Serialize)]
struct PartitionOut {
    profile: String,
    column: String,
    rows: usize,
    pieces: usize,
    degree: usize,
    total_work: f64,
    equal_rows: CutOut,
    prefix_sum: CutOut,
    fitted: FittedOut,
}

/// Reads the cost column of a profile file; errors name the file and line.
fn read_profile(path: &Path, column: Option<&str>) -> Result<(Vec<f64>, String), CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::usage(format!("cannot read {}: {e}", path.display())))?;
    csv::read_cost_profile(&text, column).map_err(|e| {
        let message = e.message.replace("a column name", "--column");
        CliError::usage(match e.line {
            Some(n) => format!("{} line {n}: {message}", path.display()),
            None => format!("{}: {message}", path.display()),
        })
    })
}

fn cut_out(profile: &[f64], p: &Partition) -> CutOut {
    let loads = weighted::piece_loads(profile, p);
    CutOut {
        starts: p.starts.clone(),
        max_over_avg: weighted::imbalance(&loads),
        loads,
    }
}

fn run_partition(args: &PartitionArgs, out: Output) -> CliResult {
    let (profile, column) = read_profile(&args.profile, args.column.as_deref())?;
    let rows = profile.len();
    if args.pieces == 0 || args.pieces > rows {
        return Err(CliError::usage(format!(
            "--pieces {} must be between 1 and the {rows} rows of the profile",
            args.pieces
        )));
    }
    if args.degree > 20 || args.degree >= rows {
        return Err(CliError::usage(format!(
            "--degree {} must be at most 20 and below the {rows} rows of the profile",
            args.degree
        )));
    }
    let usage = |e: weighted::WeightedError| CliError::usage(e);
    let eq = weighted::equal_rows(rows, args.pieces).map_err(usage)?;
    let ps = weighted::prefix_sum_cuts(&profile, args.pieces).map_err(usage)?;
    let fit = weighted::fitted_cuts(&profile, args.pieces, args.degree).map_err(usage)?;
    let fitted_loads = weighted::piece_loads(&profile, &fit.partition);
    let result = PartitionOut {
        profile: args.profile.display().to_string(),
        column,
        rows,
        pieces: args.pieces,
        degree: args.degree,
        total_work: profile.iter().sum(),
        equal_rows: cut_out(&profile, &eq),
        prefix_sum: cut_out(&profile, &ps),
        fitted: FittedOut {
            starts: fit.partition.starts.clone(),
            positions: fit.partition.positions.clone(),
            max_over_avg: weighted::imbalance(&fitted_loads),
            loads: fitted_loads,
            predicted_max_over_avg: weighted::imbalance(&fit.predicted_loads),
            predicted_loads: fit.predicted_loads.clone(),
            coefficients: fit.poly.coeffs.clone(),
        },
    };
    out.emit(&result, || {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} rows ({}), {} pieces, fit degree {}",
            result.rows, result.column, result.pieces, result.degree
        );
        let _ = writeln!(
            s,
            "{:<12} {:>12} {:>14}  starts",
            "cut", "max/avg", "predicted"
        );
        let line = |s: &mut String, name: &str, c: &[usize], m: f64, p: Option<f64>| {
            let _ = writeln!(
                s,
                "{name:<12} {m:>12.4} {:>14}  {c:?}",
                p.map_or("-".to_string(), |p| format!("{p:.4}"))
            );
        };
        line(
            &mut s,
            "equal-rows",
            &result.equal_rows.starts,
            result.equal_rows.max_over_avg,
            None,
        );
        line(
            &mut s,
            "prefix-sum",
            &result.prefix_sum.starts,
            result.prefix_sum.max_over_avg,
            None,
        );
        line(
            &mut s,
            "fitted",
            &result.fitted.starts,
            result.fitted.max_over_avg,
            Some(result.fitted.predicted_max_over_avg),
        );
        s
    })
}

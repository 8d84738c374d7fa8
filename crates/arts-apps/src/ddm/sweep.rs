//! `arts run ddm`: a bias sweep of one device, sequential (Gummel or
//! Newton) or parallel ([`super::parallel`]), its validity, its
//! report and the files it produces (per-bias CSVs and `summary.json`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use arts_ddm::{
    BiasSolution, ConstantOverrides, ConstantSet, DdmError, Device, EdgeAverage, FileFormat, Mesh,
    MeshKind, NewtonOptions, PointUpdate, Solver, SolverOptions, Sweep, SweepOrder, UpdateOrder,
    csv, newton, presets,
};
use serde::Serialize;

use super::parallel::{self, Parallel, ParallelOut};

/// Why a sweep did not run or stopped: bad input (the CLI's exit 2) or a
/// run that failed after its input was accepted (exit 1).
#[derive(Debug, thiserror::Error)]
pub enum SweepError {
    /// Bad input: one line naming the bad value.
    #[error("{0}")]
    Usage(String),
    /// The run failed.
    #[error("{0}")]
    Failed(String),
}

impl From<DdmError> for SweepError {
    /// Bad device input is a usage error; a bias point that did not
    /// converge or diverged is a failed run.
    fn from(e: DdmError) -> SweepError {
        match e {
            DdmError::Input(_) => SweepError::Usage(e.to_string()),
            DdmError::NotConverged { .. }
            | DdmError::Diverged { .. }
            | DdmError::NewtonFailed { .. } => SweepError::Failed(e.to_string()),
        }
    }
}

/// Which solver a sweep runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Method {
    /// Gummel's decoupled iteration with point updates.
    Gummel,
    /// Coupled Newton with a block-tridiagonal direct solve.
    Newton,
}

impl Method {
    /// The name reported in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Method::Gummel => "gummel",
            Method::Newton => "newton",
        }
    }
}

/// Everything a sweep is asked for (`arts run ddm`'s options).
pub struct SweepOptions<'a> {
    /// Device file (TOML or JSON); exactly one of it and `preset`.
    pub device_file: Option<PathBuf>,
    /// Built-in device name.
    pub preset: Option<&'static str>,
    /// Bias points, V (default: the device file's).
    pub bias: Option<Vec<f64>>,
    /// Constant set (default: the device file's, else CODATA).
    pub constants: Option<ConstantSet>,
    /// Single constants replacing the set's and the file's.
    pub constant_overrides: ConstantOverrides,
    /// Mesh spacing, nm, replacing the file's.
    pub spacing_nm: Option<f64>,
    /// Lattice temperature, K, replacing the file's.
    pub temperature_k: Option<f64>,
    /// Edge averaging, replacing the file's.
    pub edge_average: Option<EdgeAverage>,
    /// Mesh points, replacing the file's.
    pub mesh: Option<MeshKind>,
    /// The solver.
    pub method: Method,
    /// Newton iterations per attempt at one bias step.
    pub newton_iterations: usize,
    /// Halvings of Newton's bias step toward one bias point.
    pub max_halvings: u32,
    /// Update order of the sequential Gummel solver.
    pub order: SweepOrder,
    /// Segments of the relaxed order (equal row counts).
    pub segments: usize,
    /// First rows of the relaxed order's segments instead.
    pub segment_starts: Option<Vec<usize>>,
    /// Convergence tolerance, V.
    pub tolerance_v: f64,
    /// Gummel iteration limit per bias.
    pub max_iterations: usize,
    /// Over-relaxation of the potential update.
    pub omega_phi: f64,
    /// Over-relaxation of the continuity updates.
    pub omega_carriers: f64,
    /// The point updates (the paper's ignores both ω).
    pub point_update: PointUpdate,
    /// Measure per-row cost every N iterations.
    pub instrument_every: usize,
    /// Observe the residual every K iterations (default 1, parallel 10).
    pub check_every: Option<usize>,
    /// Where the files go (reported; files are produced only with it).
    pub out: Option<String>,
    /// Run on the object runtime, AMPI or raw MPI ranks instead.
    pub parallel: Option<Parallel<'a>>,
}

/// A sweep whose device is loaded and meshed, ready to run.
pub struct BiasSweep<'a> {
    options: SweepOptions<'a>,
    device: Device,
    set: ConstantSet,
    mesh: Mesh,
    biases: Vec<f64>,
}

/// Calls a sweep makes as it goes (for a progress bar).
pub struct Progress<'p> {
    /// A sequential sweep starts a bias point.
    pub point: &'p mut dyn FnMut(f64),
    /// A sequential Gummel sweep observed a residual.
    pub iteration: &'p mut dyn FnMut(),
}

/// A finished sweep: its report, the files to write (name, contents; none
/// without `out`) and the failure that stopped it early, if any.
pub struct Swept {
    /// The JSON report.
    pub report: RunOut,
    /// Files for the output directory, all or none.
    pub files: Vec<(String, String)>,
    /// Why the sweep stopped before its last bias point.
    pub failure: Option<SweepError>,
}

/// One solved bias point, whichever the method.
pub(crate) struct Solved {
    solution: BiasSolution,
    relaxed: Option<BiasSolution>,
    newton: Option<NewtonOut>,
}

impl Solved {
    /// A point solved by one Gummel run.
    pub(crate) fn gummel(solution: BiasSolution) -> Solved {
        Solved {
            solution,
            relaxed: None,
            newton: None,
        }
    }

    /// Its solution.
    pub(crate) fn solution(&self) -> &BiasSolution {
        &self.solution
    }

    fn time_s(&self) -> f64 {
        self.solution.time_s + self.relaxed.as_ref().map_or(0.0, |r| r.time_s)
    }
}

/// What a sweep ran.
struct Ran {
    /// The update order's name.
    order: &'static str,
    segments: usize,
    /// The points that converged, in order.
    points: Vec<Solved>,
    /// What stopped the sweep early.
    failure: Option<DdmError>,
    parallel: Option<ParallelOut>,
}

/// The largest device file read.
const MAX_DEVICE_BYTES: u64 = 16 << 20;

/// The device of `path` or the preset `preset` (exactly one).
pub fn read_device(path: Option<&Path>, preset: Option<&str>) -> Result<Device, SweepError> {
    let usage = |e: &dyn std::fmt::Display| SweepError::Usage(e.to_string());
    match (path, preset) {
        (Some(path), None) => {
            let text =
                arts_util::input_file::read_text(path, MAX_DEVICE_BYTES).map_err(|e| usage(&e))?;
            let fallback = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "device".into());
            let ext = path.extension().and_then(|e| e.to_str());
            let in_file = |e: DdmError| usage(&format!("{}: {e}", path.display()));
            let mut d =
                Device::parse(&text, FileFormat::detect(ext, &text), &fallback).map_err(in_file)?;
            d.load_node_csv(path.parent().unwrap_or(Path::new(".")))
                .map_err(in_file)?;
            Ok(d)
        }
        (None, Some(name)) => presets::preset(name).map_err(|e| usage(&e)),
        _ => Err(usage(&"give exactly one of --device FILE or --preset NAME")),
    }
}

/// The device `o` asks for, with its replacements applied.
fn load_device(o: &SweepOptions<'_>) -> Result<Device, SweepError> {
    let usage = |e: DdmError| SweepError::Usage(e.to_string());
    let device = read_device(o.device_file.as_deref(), o.preset)?;
    let mut device = match o.spacing_nm {
        Some(h) => device.with_spacing(h).map_err(usage)?,
        None => device,
    };
    if let Some(t) = o.temperature_k {
        device = device.with_temperature(t).map_err(usage)?;
    }
    o.constant_overrides
        .validate()
        .map_err(|e| SweepError::Usage(format!("--{}", e.replace('_', "-"))))?;
    device.constant_overrides = o.constant_overrides.or(device.constant_overrides);
    if let Some(a) = o.edge_average {
        device.edge_average = a;
    }
    if let Some(k) = o.mesh {
        device.mesh = k;
    }
    Ok(device)
}

impl<'a> BiasSweep<'a> {
    /// Loads and meshes the device of `options`.
    pub fn new(options: SweepOptions<'a>) -> Result<BiasSweep<'a>, SweepError> {
        let device = load_device(&options)?;
        let set = match (options.constants, device.constants) {
            (Some(s), _) => s,
            (None, Some(c)) => c,
            (None, None) => ConstantSet::Codata,
        };
        let mesh = Mesh::new(&device, set.constants())?;
        let biases = options
            .bias
            .clone()
            .unwrap_or_else(|| device.bias_v.clone());
        Ok(BiasSweep {
            options,
            device,
            set,
            mesh,
            biases,
        })
    }

    /// Its bias points, V.
    pub fn biases(&self) -> &[f64] {
        &self.biases
    }

    /// Runs the sweep: the report of the points that converged, and the
    /// failure that stopped it; `Err` when it could not start.
    pub fn run(self, progress: Progress<'_>) -> Result<Swept, SweepError> {
        let ran = match (&self.options.parallel, self.options.method) {
            (Some(p), _) => self.on_parallel(p)?,
            (None, Method::Gummel) => self.gummel(progress)?,
            (None, Method::Newton) => self.newton(progress.point)?,
        };
        Ok(self.report(ran))
    }

    /// The Gummel options of the sweep, in `order`.
    fn solver_options(&self, order: UpdateOrder) -> SolverOptions {
        let o = &self.options;
        let default_check = if o.parallel.is_some() { 10 } else { 1 };
        SolverOptions {
            tolerance_v: o.tolerance_v,
            max_iterations: o.max_iterations,
            omega_phi: o.omega_phi,
            omega_carriers: Some(o.omega_carriers),
            point_update: o.point_update,
            instrument_every: o.instrument_every,
            check_every: o.check_every.unwrap_or(default_check),
            order,
            ..SolverOptions::default()
        }
    }

    /// The relaxed order's segments from `segment_starts` or `segments`.
    fn relaxed_order(&self) -> Result<UpdateOrder, SweepError> {
        let rows = self.mesh.rows;
        Ok(match &self.options.segment_starts {
            Some(starts) => UpdateOrder::relaxed_from_starts(rows, starts)?,
            None => UpdateOrder::relaxed_equal(rows, self.options.segments)?,
        })
    }

    fn on_parallel(&self, p: &Parallel<'_>) -> Result<Ran, SweepError> {
        let o = &self.options;
        let (order, fit) = match p.app_lb {
            parallel::AppLb::Static => {
                let profiling = SolverOptions {
                    order: UpdateOrder::Sequential,
                    check_every: 1,
                    instrument_every: o.instrument_every.max(1),
                    tolerance_v: o.tolerance_v,
                    max_iterations: o.max_iterations,
                    ..SolverOptions::default()
                };
                let bias = self.biases.first().copied().unwrap_or(0.0);
                let solver = Solver::new(self.mesh.clone(), self.device.biased);
                (
                    parallel::cost_cut(p, solver, bias, o.segments, &profiling)?,
                    None,
                )
            }
            parallel::AppLb::PaperFit => {
                let profiling = SolverOptions {
                    order: UpdateOrder::Sequential,
                    check_every: 1,
                    ..self.solver_options(UpdateOrder::Sequential)
                };
                let bias = self.biases.first().copied().unwrap_or(0.0);
                let solver = Solver::new(self.mesh.clone(), self.device.biased);
                let names: Vec<String> =
                    self.device.layers.iter().map(|l| l.name.clone()).collect();
                let (order, fit) =
                    parallel::paper_fit_cut(p, solver, bias, o.segments, &profiling, &names)?;
                (order, Some(fit))
            }
            _ => (self.relaxed_order()?, None),
        };
        let order = parallel::linked(p, order)?;
        let name = order.name();
        let opts = self.solver_options(order);
        opts.validate(self.mesh.rows)?;
        let (points, failure, report) =
            parallel::run(p, &self.mesh, self.device.biased, &self.biases, opts, fit)?;
        Ok(Ran {
            order: name,
            segments: report.segments(),
            points,
            failure,
            parallel: Some(report),
        })
    }

    fn gummel(&self, progress: Progress<'_>) -> Result<Ran, SweepError> {
        let relaxed = self.relaxed_order()?;
        let segments = relaxed.segments().len().max(1);
        let sweep = Sweep {
            mesh: self.mesh.clone(),
            biased: self.device.biased,
            biases: self.biases.clone(),
            order: self.options.order,
            relaxed,
            options: self.solver_options(UpdateOrder::Sequential),
        };
        let (points, failure) = sweep.run_partial(progress.point, progress.iteration)?;
        let solved = points
            .into_iter()
            .map(|p| Solved {
                solution: p.solution,
                relaxed: p.relaxed,
                newton: None,
            })
            .collect();
        Ok(Ran {
            order: sweep.order.name(),
            segments,
            points: solved,
            failure,
            parallel: None,
        })
    }

    fn newton(&self, on_point: &mut dyn FnMut(f64)) -> Result<Ran, SweepError> {
        let o = &self.options;
        if o.order != SweepOrder::Sequential || o.segment_starts.is_some() {
            return Err(SweepError::Usage(
                "--order and --segment-starts apply to --method gummel only (Newton solves all rows together)".into(),
            ));
        }
        let opts = NewtonOptions {
            tolerance_v: o.tolerance_v,
            max_iterations: o.newton_iterations,
            max_halvings: o.max_halvings,
        };
        let sweep = newton::sweep::run(
            &self.mesh,
            self.device.biased,
            &self.biases,
            &opts,
            on_point,
        )?;
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
        Ok(Ran {
            order: "coupled",
            segments: 1,
            points: solved,
            failure: sweep.failure,
            parallel: None,
        })
    }

    /// The report of the points that converged and the files they give.
    fn report(self, ran: Ran) -> Swept {
        let Ran {
            order,
            segments,
            points,
            failure,
            parallel,
        } = ran;
        let (device, mesh, rows) = (&self.device, &self.mesh, self.mesh.rows);
        let mut files: Vec<(String, String)> = Vec::new();
        let mut bias_out = Vec::new();
        for (k, p) in points.iter().enumerate() {
            let sol = &p.solution;
            let tag = format!("{k:02}_{:+.3}V", sol.bias_v);
            let mut names = Vec::new();
            if self.options.out.is_some() {
                let mut these = vec![(format!("profile_{tag}.csv"), csv::profile_csv(sol, mesh))];
                if p.newton.is_none() {
                    these.push((
                        format!("cost_rows_{tag}.csv"),
                        csv::cost_rows_csv(&sol.cost, mesh),
                    ));
                    these.push((
                        format!("cost_history_{tag}.csv"),
                        csv::cost_history_csv(&sol.cost, device),
                    ));
                    let names: Vec<String> = device.layers.iter().map(|l| l.name.clone()).collect();
                    let title = format!("{} at {:+.3} V", device.name, sol.bias_v);
                    if let Some(svg) = super::paper_fit::fig14(&sol.cost, mesh, &names, &title)
                        .and_then(|c| c.svg().ok())
                    {
                        these.push((format!("cost_history_{tag}.svg"), svg));
                    }
                }
                these.push((format!("edges_{tag}.csv"), csv::edges_csv(sol, mesh)));
                for (name, text) in these {
                    names.push(name.clone());
                    files.push((name, text));
                }
            }
            let layers: Vec<&str> = device.layers.iter().map(|l| l.name.as_str()).collect();
            bias_out.push(BiasOut::new(p, rows, segments, names, &layers));
        }
        let converged = failure.is_none();
        let report = RunOut {
            device: device.name.clone(),
            method: self.options.method.name(),
            rows,
            spacing_nm: device.spacing_nm,
            temperature_k: device.temperature_k,
            constants: self.set.name(),
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
            tolerance_v: self.options.tolerance_v,
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
            out: self.options.out.clone(),
            parallel,
            point_update: (self.options.method == Method::Gummel)
                .then(|| self.options.point_update.name()),
        };
        if report.out.is_some() {
            let summary = serde_json::to_string_pretty(&report).expect("a report serializes");
            files.push(("summary.json".into(), summary));
        }
        Swept {
            report,
            files,
            failure: failure.map(SweepError::from),
        }
    }
}

/// A residual observation of one bias point.
#[derive(Serialize)]
pub struct HistoryOut {
    /// Iteration.
    iteration: usize,
    /// Potential residual, V.
    potential_v: f64,
    /// Electron quasi-Fermi residual, V.
    electrons_v: f64,
    /// Hole quasi-Fermi residual, V.
    holes_v: f64,
}

/// One layer's measured cost in one instrumented iteration (Fig. 14 of the
/// DDM paper: the sub-cycles' time per iteration over the run).
#[derive(Serialize)]
pub struct CostHistoryOut {
    /// Iteration.
    iteration: usize,
    /// Layer number.
    layer: usize,
    /// Layer name.
    layer_name: String,
    /// ns in the reset sub-cycle.
    reset_ns: u64,
    /// ns in the potential (phi) sub-cycle.
    phi_ns: u64,
    /// ns in the electron (u) sub-cycle.
    u_ns: u64,
    /// ns in the hole (v) sub-cycle.
    v_ns: u64,
    /// ns in the field sub-cycle.
    field_ns: u64,
    /// Inner Newton iterations of the potential update.
    phi_inner_iterations: u64,
}

impl CostHistoryOut {
    /// One row per layer of every instrumented iteration of `cost`.
    fn of(cost: &arts_ddm::CostProfile, layers: &[&str]) -> Vec<CostHistoryOut> {
        let mut out = Vec::new();
        for h in &cost.history {
            for (l, (ns, inner)) in h.layer_ns.iter().zip(&h.layer_inner).enumerate() {
                let [reset_ns, phi_ns, u_ns, v_ns, field_ns] = *ns;
                out.push(CostHistoryOut {
                    iteration: h.iteration,
                    layer: l,
                    layer_name: layers
                        .get(l)
                        .map_or_else(|| l.to_string(), |n| n.to_string()),
                    reset_ns,
                    phi_ns,
                    u_ns,
                    v_ns,
                    field_ns,
                    phi_inner_iterations: *inner,
                });
            }
        }
        out
    }
}

/// The same bias point in the other order (`order both`).
#[derive(Serialize)]
pub struct OtherOrderOut {
    order: &'static str,
    segments: usize,
    /// Its iterations.
    iterations: usize,
    time_s: f64,
    terminal_current_a_per_cm2: f64,
}

/// One converged bias point of the report.
#[derive(Serialize)]
pub struct BiasOut {
    /// Volts on the biased contact.
    bias_v: f64,
    converged: bool,
    /// Iterations.
    iterations: usize,
    /// Terminal current, A/cm².
    terminal_current_a_per_cm2: f64,
    current_resolution_a_per_cm2: f64,
    current_spread: f64,
    /// Solver time, s.
    time_s: f64,
    /// Time per row and iteration, ns.
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
    /// The residual history.
    history: Vec<HistoryOut>,
    /// The per-layer, per-sub-cycle cost of every instrumented iteration
    /// (the iterations `--instrument-every` measured).
    cost_history: Vec<CostHistoryOut>,
    /// The point in the relaxed order (`order both`).
    #[serde(skip_serializing_if = "Option::is_none")]
    relaxed: Option<OtherOrderOut>,
    files: Vec<String>,
}

impl BiasOut {
    /// The report of `p` on `rows` rows and `segments` segments.
    fn new(
        p: &Solved,
        rows: usize,
        segments: usize,
        files: Vec<String>,
        layers: &[&str],
    ) -> BiasOut {
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
            cost_history: CostHistoryOut::of(&sol.cost, layers),
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
pub struct FailureOut {
    bias_v: Option<f64>,
    /// The error.
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

/// The report of `arts run ddm` (JSON keys and their order are a contract).
#[derive(Serialize)]
pub struct RunOut {
    /// Device name.
    device: String,
    /// Solver name.
    method: &'static str,
    /// Mesh rows.
    rows: usize,
    /// Mesh spacing, nm.
    spacing_nm: f64,
    /// Lattice temperature, K.
    temperature_k: f64,
    /// Constant set name.
    constants: &'static str,
    constants_replaced: Vec<&'static str>,
    constant_values: ConstantValuesOut,
    edge_average: &'static str,
    mesh: &'static str,
    /// Built-in potential, V.
    builtin_potential_v: f64,
    /// Update order name.
    order: &'static str,
    segments: usize,
    tolerance_v: f64,
    converged: bool,
    /// Converged and equal to its reference (parallel) or physically
    /// consistent (sequential).
    valid: bool,
    iterations: usize,
    time_s: f64,
    terminal_current_a_per_cm2: Vec<f64>,
    /// The converged points.
    biases: Vec<BiasOut>,
    /// Why the sweep stopped early.
    #[serde(skip_serializing_if = "Option::is_none")]
    failure: Option<FailureOut>,
    /// The output directory.
    #[serde(skip_serializing_if = "Option::is_none")]
    out: Option<String>,
    /// The parallel run.
    #[serde(skip_serializing_if = "Option::is_none")]
    parallel: Option<ParallelOut>,
    /// The Gummel point updates: newton-sor or paper (absent for Newton).
    #[serde(skip_serializing_if = "Option::is_none")]
    point_update: Option<&'static str>,
}

impl RunOut {
    /// The text report.
    pub fn table(&self) -> String {
        let r = self;
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
            s += &p.grid.table();
        }
        let _ = writeln!(s, "valid: {}", r.valid);
        if let Some(d) = &r.out {
            let _ = writeln!(s, "files in {d}");
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ddm::Link;
    use crate::ddm::parallel::{AppLb, ParallelStyle};
    use arts_core::Config;

    /// `si-pn` at 10 nm, biases 0 and 0.1 V, the CLI's defaults otherwise.
    fn options(method: Method, out: Option<&str>) -> SweepOptions<'static> {
        SweepOptions {
            device_file: None,
            preset: Some("si-pn"),
            bias: Some(vec![0.0, 0.1]),
            constants: None,
            constant_overrides: ConstantOverrides::default(),
            spacing_nm: Some(10.0),
            temperature_k: None,
            edge_average: None,
            mesh: None,
            method,
            newton_iterations: 30,
            max_halvings: 12,
            order: SweepOrder::Sequential,
            segments: 4,
            segment_starts: None,
            tolerance_v: 1e-8,
            max_iterations: 400_000,
            omega_phi: 1.9,
            omega_carriers: 1.9,
            point_update: PointUpdate::NewtonSor,
            instrument_every: 200,
            check_every: None,
            out: out.map(str::to_string),
            parallel: None,
        }
    }

    fn run(o: SweepOptions<'_>) -> Result<Swept, SweepError> {
        BiasSweep::new(o)?.run(Progress {
            point: &mut |_| {},
            iteration: &mut || {},
        })
    }

    fn json(r: &RunOut) -> serde_json::Value {
        serde_json::to_value(r).unwrap()
    }

    #[test]
    fn a_sequential_sweep_is_valid_and_gives_four_files_a_point_and_a_summary() {
        let s = run(options(Method::Gummel, Some("out"))).unwrap();
        assert!(s.failure.is_none());
        // Fig. 14's chart of a point measured at two iterations or more.
        let svgs: Vec<&str> = (s.files.iter().map(|f| f.0.as_str()))
            .filter(|n| n.ends_with(".svg"))
            .collect();
        assert!(svgs.iter().all(|n| n.starts_with("cost_history_")));
        assert!(!svgs.is_empty());
        let names: Vec<&str> = (s.files.iter().map(|f| f.0.as_str()))
            .filter(|n| !n.ends_with(".svg"))
            .collect();
        assert_eq!(names.len(), 9);
        assert_eq!(names[0], "profile_00_+0.000V.csv");
        assert_eq!(names[8], "summary.json");
        let j = json(&s.report);
        assert_eq!(j["valid"], true);
        assert_eq!(j["order"], "sequential");
        let files = j["biases"][1]["files"].as_array().unwrap().len();
        assert!(files == 4 || files == 5, "{files}");
        // Fig. 14's history in the JSON too: one row per layer of every
        // measured iteration, the layers named.
        let history = j["biases"][0]["cost_history"].as_array().unwrap();
        let samples = j["biases"][0]["history"].as_array().unwrap().len();
        assert!(samples >= 2);
        assert!(history[0]["layer_name"].is_string() && history[0]["phi_ns"].is_u64());
        // Rows come from the measured iterations (the final one, added for
        // its residual, may have no layer timings).
        let measured: Vec<&serde_json::Value> = (j["biases"][0]["history"].as_array())
            .unwrap()
            .iter()
            .map(|h| &h["iteration"])
            .collect();
        assert!(history.iter().all(|r| measured.contains(&&r["iteration"])));
        assert!(s.report.table().ends_with("valid: true\nfiles in out\n"));
        // Without a directory no files, and Newton writes no cost files.
        let newton = run(options(Method::Newton, None)).unwrap();
        assert!(newton.files.is_empty());
        assert_eq!(json(&newton.report)["order"], "coupled");
    }

    #[test]
    fn newton_refuses_the_relaxed_order_and_a_bad_device_is_usage() {
        let mut o = options(Method::Newton, None);
        o.order = SweepOrder::Relaxed;
        let Err(SweepError::Usage(m)) = run(o) else {
            panic!("not a usage error")
        };
        assert!(m.starts_with("--order and --segment-starts apply to --method gummel only"));
        let mut o = options(Method::Gummel, None);
        o.preset = None;
        assert!(matches!(BiasSweep::new(o), Err(SweepError::Usage(_))));
    }

    #[test]
    fn a_distributed_sweep_is_valid_when_it_equals_the_relaxed_solver() {
        let mut o = options(Method::Gummel, None);
        o.parallel = Some(Parallel {
            style: ParallelStyle::Distributed,
            config: Config {
                pes: 2,
                ..Config::default()
            },
            grid: Default::default(),
            processes: 1,
            lb_name: "none".into(),
            lb: None,
            pin: false,
            warmup_ms: 0,
            app_lb: AppLb::Off,
            live: crate::ddm::LiveCut {
                every: 1000,
                threshold: 0.05,
            },
            fit_every: 20,
            link: Link::None,
            checkpoint: None,
            argv: Vec::new(),
            resume: None,
            agree: |v| v,
            on_mpi_ranks: &|_| Err(SweepError::Usage("no MPI".into())),
        });
        let s = run(o).unwrap();
        let j = json(&s.report);
        assert_eq!(j["valid"], true, "{j}");
        assert_eq!(j["parallel"]["matches_relaxed_solver"], true);
        assert_eq!(j["parallel"]["segments"], 4);
        assert_eq!(j["segments"], 4);
    }
}

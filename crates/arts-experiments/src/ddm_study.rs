//! The paper's comparison on this machine (`arts ddm scaling`): one device
//! and bias point solved in each style, over-decomposed into S segments on
//! P PEs, without and with application-level balancing (segments cut from
//! the measured per-row cost instead of equal rows) and system-level
//! balancing (a runtime load balancer moving the slab objects), each run
//! timed against the sequential solver measured in the same process; and
//! the C MPI program of `examples/ddm-mpi` on Open MPI, MPICH and arts'
//! AMPI at the same segment counts ([`c_program`]).

pub mod c_program;

use std::sync::Arc;
use std::time::Instant;

use arts_core::{Config, LbConfig, LbPeriod, RunError};
use arts_ddm::{Mesh, Side, Solver, SolverOptions, UpdateOrder};
use arts_lb::weighted;
use serde::Serialize;

use arts_apps::background::{BackgroundLoad, pin_pes};
use arts_apps::ddm::parallel::PaperFitOut;
use arts_apps::ddm::{Link, Outcome, Setup, Style, paper_fit};

/// Which balancing a run has (`--balancing`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Balancing {
    /// Equal rows per segment, no load balancer.
    None,
    /// Segments cut for equal measured cost (the paper's application-level
    /// balancing, static), no load balancer.
    App,
    /// Equal rows, the runtime's load balancer moving the slabs.
    System,
    /// Both.
    Both,
    /// Equal rows to start with, re-cut while it runs from the slabs'
    /// measured times (live application-level balancing, distributed only).
    Live,
    /// Live application-level balancing and the runtime's load balancer.
    LiveSystem,
    /// The paper's application-level balancing: the rows of the layer whose
    /// first sub-cycle's cost varies most over the run weighted by the
    /// ratio of the Simpson areas of 5th-degree fits to its cost history
    /// and the rest's (`--app-lb paper-fit`; equal rows on a flat profile),
    /// no load balancer.
    PaperFit,
    /// The paper's fit and the runtime's load balancer (the paper's
    /// best: "lb + rc").
    PaperFitSystem,
}

/// How a balancing cuts the strip into segments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cut {
    /// Equal rows.
    Equal,
    /// Equal measured per-row cost.
    Cost,
    /// Equal weight, the paper's fit.
    PaperFit,
}

impl Balancing {
    /// Its name in the CSV and the legends.
    pub fn name(self) -> &'static str {
        match self {
            Balancing::None => "none",
            Balancing::App => "app",
            Balancing::System => "system",
            Balancing::Both => "app+system",
            Balancing::Live => "live",
            Balancing::LiveSystem => "live+system",
            Balancing::PaperFit => "paper-fit",
            Balancing::PaperFitSystem => "paper-fit+system",
        }
    }

    fn cut(self) -> Cut {
        match self {
            Balancing::App | Balancing::Both => Cut::Cost,
            Balancing::PaperFit | Balancing::PaperFitSystem => Cut::PaperFit,
            _ => Cut::Equal,
        }
    }

    /// Whether the runtime's load balancer runs (system-level balancing).
    pub fn balances(self) -> bool {
        matches!(
            self,
            Balancing::System | Balancing::Both | Balancing::LiveSystem | Balancing::PaperFitSystem
        )
    }

    fn live(self) -> bool {
        matches!(self, Balancing::Live | Balancing::LiveSystem)
    }
}

/// What to sweep.
pub struct Plan {
    /// The device's mesh.
    pub mesh: Arc<Mesh>,
    /// The driven contact.
    pub biased: Side,
    /// The bias point, V.
    pub bias_v: f64,
    /// Solver options (tolerance, `check_every`, ...; the order is set per run).
    pub opts: SolverOptions,
    /// PEs (and emulated speeds, if any) of every parallel run.
    pub config: Config,
    /// Segment counts.
    pub segments: Vec<usize>,
    /// Styles.
    pub styles: Vec<Style>,
    /// Balancings.
    pub balancing: Vec<Balancing>,
    /// The distributed slabs' links, one sweep each (the paper's
    /// sub-cycle dependency off and on; the centralized style relays rows
    /// once per iteration: always relaxed, run once).
    pub links: Vec<Link>,
    /// The device's layer names (the paper's fit names the layer it weighs).
    pub layer_names: Vec<String>,
    /// Iterations between two cost samples of the paper's fit.
    pub fit_every: usize,
    /// The load balancer of system-level balancing.
    pub strategy: Arc<dyn arts_lb::Strategy>,
    /// When system-level balancing runs: `Steps(1)` at every sync point,
    /// or `Periodic(s)` (the paper's periodic `RefineCommLB`: the runtime
    /// migrates slabs between entry methods; the slabs never sync).
    pub lb_period: LbPeriod,
    /// A CPU kept busy by a competing thread during the parallel runs
    /// (each PE then pinned to its own CPU), or none.
    pub background_cpu: Option<usize>,
    /// Makes the measured per-row cost the same on every process before
    /// the application-level cuts are taken from it (under MPI: the root's;
    /// in one process: as it is).
    pub agree: fn(Vec<f64>) -> Vec<f64>,
    /// The C MPI program's rows, or none.
    pub c_program: Option<c_program::CPlan>,
}

/// Where a run's row comes from: a style on the object runtime, or —
/// the extension point for the C MPI program of `arts experiment ddm-mpi`
/// (Open MPI, MPICH, arts' AMPI) — another program, named by it; such rows
/// are added to [`Study::runs`] and drawn and written like the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum System {
    /// A style of the Rust solver on the object runtime.
    Runtime(Style),
    /// Rows measured by another program (its name in the CSV and legends).
    External(String),
}

impl System {
    /// Its name in the CSV and the legends.
    pub fn name(&self) -> &str {
        match self {
            System::Runtime(s) => s.name(),
            System::External(n) => n,
        }
    }
}

/// One run of the sweep.
#[derive(Clone, Debug)]
pub struct Run {
    /// Where the row comes from.
    pub system: System,
    /// Segments.
    pub segments: usize,
    /// Balancing.
    pub balancing: Balancing,
    /// The update order's name (relaxed, mixed, staggered).
    pub order: &'static str,
    /// Converged within the iteration limit.
    pub converged: bool,
    /// Iterations to convergence.
    pub iterations: usize,
    /// Seconds.
    pub time_s: f64,
    /// Sequential solver's seconds / these.
    pub speedup: f64,
    /// Slab moves by the load balancer.
    pub migrations: u64,
    /// PEs of the run (migrations per PE: the paper's Fig. 17).
    pub pes: u32,
    /// Wall-clock seconds the row cost the study, set-up and start-up
    /// included (`time_s` is the solve alone).
    pub wall_s: f64,
}

impl Run {
    /// Load-balancer moves per PE (the paper's Fig. 17).
    pub fn migrations_per_pe(&self) -> f64 {
        self.migrations as f64 / self.pes.max(1) as f64
    }
}

/// The sweep's result.
#[derive(Clone, Debug)]
pub struct Study {
    /// The sequential solver's seconds for the bias point.
    pub sequential_time_s: f64,
    /// Its iterations.
    pub sequential_iterations: usize,
    /// Every parallel run.
    pub runs: Vec<Run>,
    /// Systems skipped or cut short, one line each.
    pub notes: Vec<String>,
    /// Wall-clock seconds in no row: the sequential solver's profiled and
    /// timed runs, the C program's builds and its runs that failed or
    /// passed `--c-limit`.
    pub other_wall_s: f64,
    /// What the paper's fit found, where a balancing asked for it.
    pub paper_fit: Option<PaperFitOut>,
}

impl Plan {
    /// How many runs the study makes: the sequential reference, every
    /// style × link × balancing × segment count, and the C program's rows
    /// (each system at every segment count, and one build per MPI).
    pub fn run_count(&self) -> usize {
        let c_runs = (self.c_program.as_ref()).map_or(0, |c| {
            c.systems.len() * self.segments.len() + c_program::builds(&c.systems)
        });
        1 + self.styles.len() * self.links.len() * self.balancing.len() * self.segments.len()
            + c_runs
    }

    /// Checks the segment counts against the mesh and the emulated speeds
    /// against the PEs; the error names the option at fault.
    pub fn check(&self) -> Result<(), String> {
        let interior = self.mesh.rows - 2;
        if let Some(s) = self.segments.iter().find(|&&s| s == 0 || s > interior) {
            return Err(format!(
                "--segments {s} must be between 1 and the {interior} interior rows"
            ));
        }
        let pes = self.config.pes;
        if let Some(s) = &self.config.emulated_speeds
            && (s.0.len() != pes as usize
                || s.0
                    .iter()
                    .any(|v| !(v.is_finite() && *v > 0.0 && *v <= 1.0)))
        {
            return Err(format!(
                "--emulate-speeds: give {pes} comma-separated speeds in (0, 1], one per PE"
            ));
        }
        Ok(())
    }
}

/// Runs the plan; `on_run` is told each run before it starts.
pub fn run(plan: &Plan, on_run: &mut dyn FnMut(&str)) -> Result<Study, RunError> {
    let failed = |e: arts_ddm::DdmError| RunError::Internal(format!("sequential solver: {e}"));
    let rows = plan.mesh.rows;
    let other_start = Instant::now();
    on_run("sequential");
    let seq_opts = SolverOptions {
        order: UpdateOrder::Sequential,
        check_every: 1,
        instrument_every: plan.fit_every.max(1),
        ..plan.opts.clone()
    };
    // Once measuring the per-row cost (for the application-level cuts),
    // then timed without measuring.
    let profiled = Solver::new((*plan.mesh).clone(), plan.biased)
        .solve(plan.bias_v, &seq_opts, &mut |_, _| {})
        .map_err(failed)?;
    let cost = (plan.agree)(profiled.cost.row_cost_ns());
    let wants_fit = plan.balancing.iter().any(|b| b.cut() == Cut::PaperFit);
    let fit = if wants_fit {
        let fit = arts_apps::ddm::paper_fit::fit(&profiled.cost, &plan.mesh, &plan.layer_names)
            .map_err(|e| {
                RunError::Internal(format!(
                    "paper-fit: {e} (the sequential solver converged in {} iterations)",
                    profiled.iterations
                ))
            })?;
        let weights = (plan.agree)(fit.weights.clone());
        let found = PaperFitOut {
            layer: fit.layer_name,
            factor: fit.factor,
            samples: fit.samples,
            fit_every: plan.fit_every,
            spread: fit.spread,
            weighted: fit.weighted,
        };
        Some((weights, found))
    } else {
        None
    };
    let timed_opts = SolverOptions {
        instrument_every: 0,
        ..seq_opts
    };
    let mut sequential = Solver::new((*plan.mesh).clone(), plan.biased);
    let start = Instant::now();
    let reference = sequential
        .solve(plan.bias_v, &timed_opts, &mut |_, _| {})
        .map_err(failed)?;
    let sequential_time_s = start.elapsed().as_secs_f64();
    let mut other_wall_s = other_start.elapsed().as_secs_f64();
    let _load = plan.background_cpu.map(BackgroundLoad::start);
    let start_handler = plan.background_cpu.map(|_| pin_pes(|pe| pe as usize));
    let mut runs = Vec::new();
    for &style in &plan.styles {
        // The centralized master relays rows once per iteration: its order
        // is always relaxed, so it runs once whatever the links.
        let links: &[Link] = match style {
            Style::Distributed => &plan.links,
            Style::Centralized => &[Link::None],
        };
        for &link in links {
            for &balancing in &plan.balancing {
                for &s in &plan.segments {
                    if balancing.live() && style != Style::Distributed {
                        continue; // rows move between neighbouring slabs only
                    }
                    let row_start = Instant::now();
                    on_run(&format!("{style:?} S={s} {} {link:?}", balancing.name()));
                    let order = match (balancing.cut(), &fit) {
                        (Cut::Cost, _) => {
                            let cut = weighted::prefix_sum_cuts(&cost, s)
                                .map_err(|e| RunError::Internal(format!("cost cut: {e}")))?;
                            UpdateOrder::relaxed_from_starts(rows, &cut.starts).map_err(failed)?
                        }
                        // Equal rows where the profile is flat.
                        (Cut::PaperFit, Some((w, _))) => paper_fit::cut(w, s)
                            .map_err(|e| RunError::Internal(format!("paper-fit cut: {e}")))?,
                        _ => UpdateOrder::relaxed_equal(rows, s).map_err(failed)?,
                    };
                    let ranges = order.segments().to_vec();
                    let order = match style {
                        Style::Distributed => link.order(order, plan.config.pes),
                        Style::Centralized => order,
                    };
                    let order_name = order.name();
                    // System-level balancing: `--lb` at every sync point,
                    // or periodically (`--lb-mode periodic`).
                    let lb = balancing.balances().then(|| LbConfig {
                        strategy: plan.strategy.clone(),
                        period: plan.lb_period,
                        record_inputs: false,
                        speeds: None,
                    });
                    let config = Config {
                        lb: lb.clone(),
                        start_handler: start_handler.clone(),
                        ..plan.config.clone()
                    };
                    let setup = Setup {
                        mesh: plan.mesh.clone(),
                        biased: plan.biased,
                        opts: SolverOptions {
                            order,
                            ..plan.opts.clone()
                        },
                        ranges,
                        sync: lb.as_ref().is_some_and(LbConfig::at_sync_points),
                        style,
                        live: balancing.live().then(arts_apps::ddm::LiveCut::default),
                    };
                    let (points, report) = arts_apps::ddm::run(&config, setup, &[plan.bias_v])?;
                    let p = &points[0];
                    let (converged, iterations) = match &p.outcome {
                        Outcome::Converged(sol) => (true, sol.iterations),
                        Outcome::NotConverged { iterations, .. }
                        | Outcome::Diverged { iterations } => (false, *iterations),
                    };
                    runs.push(Run {
                        system: System::Runtime(style),
                        segments: s,
                        balancing,
                        order: order_name,
                        converged,
                        iterations,
                        time_s: p.time_s,
                        speedup: sequential_time_s / p.time_s,
                        migrations: report.lb_steps().iter().map(|s| s.migrations).sum(),
                        pes: config.pes,
                        wall_s: row_start.elapsed().as_secs_f64(),
                    });
                }
            }
        }
    }
    let mut notes = Vec::new();
    if let Some(c) = &plan.c_program {
        // The C program's `app` rows take the segments arts' `app` rows took.
        let cost_cut = |s: usize| -> Result<Vec<usize>, String> {
            let cut = weighted::prefix_sum_cuts(&cost, s).map_err(|e| format!("cost cut: {e}"))?;
            let order =
                UpdateOrder::relaxed_from_starts(rows, &cut.starts).map_err(|e| e.to_string())?;
            Ok(order.segments()[1..].iter().map(|seg| seg.0).collect())
        };
        let by_cost = plan.balancing.iter().any(|b| b.cut() == Cut::Cost);
        let mut segments = plan.segments.clone();
        segments.sort_unstable();
        segments.dedup();
        let args = c_program::Args {
            pes: plan.config.pes,
            segments: &segments,
            bias_v: plan.bias_v,
            check_every: plan.opts.check_every,
            tolerance_v: plan.opts.tolerance_v,
            max_iterations: plan.opts.max_iterations,
            equal: !by_cost || plan.balancing.iter().any(|b| b.cut() == Cut::Equal),
            cost_cut: by_cost.then_some(&cost_cut as &dyn Fn(usize) -> Result<Vec<usize>, String>),
        };
        let against = c_program::Reference {
            current: reference.terminal_current_a_per_cm2(),
            resolution: reference.terminal_current_resolution(),
            time_s: sequential_time_s,
        };
        other_wall_s += c_program::run(c, &args, &against, &mut runs, &mut notes, on_run);
    }
    Ok(Study {
        sequential_time_s,
        sequential_iterations: reference.iterations,
        runs,
        notes,
        other_wall_s,
        paper_fit: fit.map(|(_, found)| found),
    })
}

/// Where the study ran, as its report tells.
pub struct Host {
    /// Processes of the job.
    pub processes: u32,
    /// Cores of this machine.
    pub cores: u32,
    /// More PEs than cores.
    pub oversubscribed: bool,
}

/// One run in the report.
#[derive(Serialize)]
pub struct RunJson {
    style: String,
    segments: usize,
    balancing: &'static str,
    order: &'static str,
    converged: bool,
    iterations: usize,
    time_s: f64,
    speedup: f64,
    migrations: u64,
    /// Load-balancer moves per PE (the paper's Fig. 17).
    migrations_per_pe: f64,
    /// Wall-clock seconds of the row, set-up and start-up included.
    wall_s: f64,
}

/// The report of `arts ddm scaling` (JSON keys and their order are a contract).
#[derive(Serialize)]
pub struct ScalingJson {
    device: String,
    rows: usize,
    bias_v: f64,
    pes: u32,
    processes: u32,
    emulated_speeds: Option<Vec<f64>>,
    background_load_cpu: Option<usize>,
    cores: u32,
    oversubscribed: bool,
    check_every: usize,
    sequential_time_s: f64,
    sequential_iterations: usize,
    runs: Vec<RunJson>,
    files: Vec<String>,
    /// Systems skipped or cut short, one line each.
    notes: Vec<String>,
    /// Wall-clock seconds in no row (the sequential solver, the C
    /// program's builds and its runs stopped or failed).
    other_wall_s: f64,
    /// Wall-clock seconds of the whole study: the set-up and every row.
    wall_s: f64,
    /// What the paper's fit found (null where no balancing asked for it).
    paper_fit: Option<PaperFitOut>,
}

impl ScalingJson {
    /// The report of `study`, run by `plan` on `host` for `device`, which
    /// wrote `files`.
    pub fn new(device: &str, plan: &Plan, study: &Study, host: Host, files: Vec<String>) -> Self {
        ScalingJson {
            device: device.to_string(),
            rows: plan.mesh.rows,
            bias_v: plan.bias_v,
            pes: plan.config.pes,
            processes: host.processes,
            emulated_speeds: (plan.config.emulated_speeds.as_ref()).map(|s| s.0.to_vec()),
            background_load_cpu: plan.background_cpu,
            cores: host.cores,
            oversubscribed: host.oversubscribed,
            check_every: plan.opts.check_every,
            sequential_time_s: study.sequential_time_s,
            sequential_iterations: study.sequential_iterations,
            runs: study
                .runs
                .iter()
                .map(|r| RunJson {
                    style: r.system.name().to_string(),
                    segments: r.segments,
                    balancing: r.balancing.name(),
                    order: r.order,
                    converged: r.converged,
                    iterations: r.iterations,
                    time_s: r.time_s,
                    speedup: r.speedup,
                    migrations: r.migrations,
                    migrations_per_pe: r.migrations_per_pe(),
                    wall_s: r.wall_s,
                })
                .collect(),
            files,
            notes: study.notes.clone(),
            other_wall_s: study.other_wall_s,
            wall_s: study.other_wall_s + study.runs.iter().map(|r| r.wall_s).sum::<f64>(),
            paper_fit: study.paper_fit.clone(),
        }
    }

    /// The text report.
    pub fn table(&self) -> String {
        let mut t = format!(
            "{} ({} rows) at {} V on {} PEs: sequential {:.3} s, {} iterations\n",
            self.device,
            self.rows,
            self.bias_v,
            self.pes,
            self.sequential_time_s,
            self.sequential_iterations
        );
        t.push_str(
            "style        balancing   order       segments  iterations   time s  speed-up\n",
        );
        for r in &self.runs {
            t.push_str(&format!(
                "{:<12} {:<11} {:<11} {:>8} {:>11} {:>8.3} {:>9.2}{}\n",
                r.style,
                r.balancing,
                r.order,
                r.segments,
                r.iterations,
                r.time_s,
                r.speedup,
                if r.converged { "" } else { "  (not converged)" }
            ));
        }
        t.push_str(&format!(
            "wall time {:.1} s: {:.1} s in the rows (start-up included), {:.1} s besides (sequential solver, C builds, C runs stopped)\n",
            self.wall_s,
            self.wall_s - self.other_wall_s,
            self.other_wall_s
        ));
        for f in &self.files {
            t.push_str(&format!("wrote {f}\n"));
        }
        for n in &self.notes {
            t.push_str(&format!("note: {n}\n"));
        }
        t
    }
}

/// The study's files (name, contents): the CSV and the charts drawn for
/// `pes` PEs.
pub fn files(study: &Study, pes: u32) -> Result<Vec<(String, String)>, String> {
    let mut files = vec![("ddm_scaling.csv".to_string(), to_csv(study))];
    for (file, chart) in charts(study, pes) {
        let svg = chart
            .svg()
            .map_err(|e| format!("cannot draw {file}: {e}"))?;
        files.push((file, svg));
    }
    Ok(files)
}

/// The study as CSV: one line per run, the sequential solver first.
pub fn to_csv(study: &Study) -> String {
    let header = [
        "style",
        "segments",
        "balancing",
        "order",
        "converged",
        "iterations",
        "time_s",
        "speedup",
        "migrations",
        "migrations_per_pe",
    ];
    let mut rows = vec![vec![
        "sequential".to_string(),
        "1".into(),
        "none".into(),
        "sequential".into(),
        "true".into(),
        study.sequential_iterations.to_string(),
        study.sequential_time_s.to_string(),
        "1".into(),
        "0".into(),
        "0".into(),
    ]];
    rows.extend(study.runs.iter().map(|r| {
        vec![
            r.system.name().to_string(),
            r.segments.to_string(),
            r.balancing.name().to_string(),
            r.order.to_string(),
            r.converged.to_string(),
            r.iterations.to_string(),
            r.time_s.to_string(),
            r.speedup.to_string(),
            r.migrations.to_string(),
            r.migrations_per_pe().to_string(),
        ]
    }));
    arts_util::chart::csv_text(&header, &rows)
}

/// The run-time, speed-up, iteration and migration charts against the
/// segment count (the paper's figures 15–24 for this machine): one curve per
/// system, order and balancing.
pub fn charts(study: &Study, pes: u32) -> Vec<(String, arts_util::chart::Chart)> {
    use arts_util::chart::{Chart, Series};
    let mut curves: Vec<(String, Vec<&Run>)> = Vec::new();
    for r in &study.runs {
        let name = match r.order {
            "relaxed" => format!("{} {}", r.system.name(), r.balancing.name()),
            order => format!("{} ({order}) {}", r.system.name(), r.balancing.name()),
        };
        match curves.iter_mut().find(|c| c.0 == name) {
            Some(c) => c.1.push(r),
            None => curves.push((name, vec![r])),
        }
    }
    let series = |y: fn(&Run) -> f64| -> Vec<Series> {
        curves
            .iter()
            .map(|(name, runs)| Series {
                name: name.clone(),
                points: runs
                    .iter()
                    .filter(|r| r.converged)
                    .map(|r| (r.segments as f64, y(r)))
                    .collect(),
            })
            .collect()
    };
    vec![
        (
            "ddm_time.svg".into(),
            Chart {
                title: format!("Run time against segments, {pes} PEs"),
                x_label: "segments (virtual nodes)".into(),
                y_label: "seconds".into(),
                log_x: true,
                series: series(|r| r.time_s),
                ..Chart::default()
            },
        ),
        (
            "ddm_speedup.svg".into(),
            Chart {
                title: format!("Speed-up over the sequential solver, {pes} PEs"),
                x_label: "segments (virtual nodes)".into(),
                y_label: "speed-up".into(),
                log_x: true,
                series: series(|r| r.speedup),
                ..Chart::default()
            },
        ),
        (
            "ddm_iterations.svg".into(),
            Chart {
                title: format!("Iterations to convergence (Fig. 19), {pes} PEs"),
                x_label: "segments (virtual nodes)".into(),
                y_label: "iterations".into(),
                log_x: true,
                series: series(|r| r.iterations as f64),
                ..Chart::default()
            },
        ),
        (
            "ddm_migrations.svg".into(),
            Chart {
                title: format!("Load-balancer migrations per PE (Fig. 17), {pes} PEs"),
                x_label: "segments (virtual nodes)".into(),
                y_label: "migrations per PE".into(),
                log_x: true,
                series: series(Run::migrations_per_pe),
                ..Chart::default()
            },
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use arts_ddm::{ConstantSet, presets};

    /// A one-PE distributed study of `preset` at `bias_v`, refine every step.
    fn plan(preset: &str, bias_v: f64, segments: Vec<usize>, balancing: Vec<Balancing>) -> Plan {
        let d = presets::preset(preset).unwrap();
        let mesh = Mesh::new(&d, ConstantSet::Codata.constants()).unwrap();
        Plan {
            mesh: Arc::new(mesh),
            biased: d.biased,
            bias_v,
            opts: SolverOptions {
                check_every: 10,
                ..SolverOptions::default()
            },
            config: Config {
                pes: 1,
                ..Config::default()
            },
            segments,
            styles: vec![Style::Distributed],
            balancing,
            links: vec![Link::None],
            layer_names: d.layers.iter().map(|l| l.name.clone()).collect(),
            fit_every: 20,
            strategy: Arc::from(arts_lb::by_name("refine").unwrap()),
            lb_period: LbPeriod::Steps(1),
            background_cpu: None,
            agree: |c| c,
            c_program: None,
        }
    }

    #[test]
    fn every_row_and_the_set_up_report_their_wall_time() {
        let plan = plan("si-pn", 0.2, vec![1, 2], vec![Balancing::None]);
        let study = run(&plan, &mut |_| {}).unwrap();
        assert_eq!(study.runs.len(), 2);
        for r in &study.runs {
            assert!(r.converged);
            // The row's wall time holds its solve and the run's start-up.
            assert!(r.wall_s >= r.time_s && r.time_s > 0.0, "{r:?}");
        }
        // The set-up holds the sequential solver's timed run (and its
        // profiled one).
        assert!(study.other_wall_s >= study.sequential_time_s);
        let host = Host {
            processes: 1,
            cores: 1,
            oversubscribed: false,
        };
        let json =
            serde_json::to_value(ScalingJson::new("si-pn", &plan, &study, host, vec![])).unwrap();
        let rows: f64 = study.runs.iter().map(|r| r.wall_s).sum();
        assert_eq!(json["wall_s"].as_f64().unwrap(), study.other_wall_s + rows);
        assert_eq!(
            json["runs"][1]["wall_s"].as_f64(),
            Some(study.runs[1].wall_s)
        );
        assert!(json["paper_fit"].is_null(), "no paper-fit row asked");
    }

    #[test]
    fn on_a_flat_profile_the_paper_fit_rows_are_the_equal_row_ones() {
        // si-pin at 0.3 V: no layer's share of the time moves (spread
        // ≈ 0.09), so paper-fit cuts equal rows: the same iterations.
        let plan = plan(
            "si-pin",
            0.3,
            vec![3, 4],
            vec![Balancing::None, Balancing::PaperFit],
        );
        let study = run(&plan, &mut |_| {}).unwrap();
        let fit = study.paper_fit.as_ref().unwrap();
        assert!(!fit.weighted && fit.factor == 1.0, "{fit:?}");
        assert_eq!(study.runs.len(), 4);
        let (none, paper) = study.runs.split_at(2);
        for (n, p) in none.iter().zip(paper) {
            assert_eq!(n.segments, p.segments);
            assert!(n.converged && p.converged);
            assert_eq!(n.iterations, p.iterations, "S = {}", n.segments);
        }
    }
}

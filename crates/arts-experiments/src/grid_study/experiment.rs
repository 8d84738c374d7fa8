//! One `arts grid` experiment from its options ([`Study`]): the checks of
//! its input and of the memory its meshes need, the runs, the CSV and the
//! charts, and the report ([`StudyReport`]).

use std::path::Path;

use arts_core::RunError;
use arts_core::limits::MemoryBudget;
use serde::Serialize;

use crate::StudyError;
use crate::grid_study::schedule::ScheduleFields;

use super::{
    GridRun, Setup, Variant, charts, heterogeneity, latency_sweep, lb_cost, problem, to_csv,
};

/// An experiment and its own options.
#[derive(Clone, Debug)]
pub enum Experiment {
    /// Step time against cross-cluster latency ([`latency_sweep`]).
    Sweep {
        /// Mesh sizes (square).
        grids: Vec<usize>,
        /// Objects per PE.
        objects_per_pe: Vec<u32>,
        /// Cross-cluster one-way latencies, ms.
        latencies_ms: Vec<f64>,
        /// The variants.
        variants: Vec<Variant>,
    },
    /// Two clusters, the second slower ([`heterogeneity`]).
    Heterogeneity {
        /// Mesh size (square).
        grid: usize,
        /// Objects per PE.
        objects_per_pe: u32,
        /// Relative speed of each cluster.
        cluster_speeds: Vec<f64>,
        /// Cross-cluster one-way latency, ms.
        latency_ms: f64,
        /// The variants.
        variants: Vec<Variant>,
    },
    /// Strategy time and LB step time against object count ([`lb_cost`]).
    LbCost {
        /// Mesh size (square).
        grid: usize,
        /// Object counts.
        objects: Vec<u32>,
        /// Strategy names.
        strategies: Vec<String>,
    },
}

impl Experiment {
    /// Its name (`sweep`, `heterogeneity`, `lb-cost`): the report's and the CSV's.
    pub fn name(&self) -> &'static str {
        match self {
            Experiment::Sweep { .. } => "sweep",
            Experiment::Heterogeneity { .. } => "heterogeneity",
            Experiment::LbCost { .. } => "lb-cost",
        }
    }

    /// The balancing strategies it runs, and the flag that names them
    /// (`--variants` or `--strategies`), for checking the grid options.
    pub fn strategies(&self) -> (Vec<&str>, &'static str) {
        match self {
            Experiment::Sweep { variants, .. } | Experiment::Heterogeneity { variants, .. } => (
                variants.iter().filter_map(Variant::strategy).collect(),
                "--variants",
            ),
            Experiment::LbCost { strategies, .. } => (
                strategies.iter().map(String::as_str).collect(),
                "--strategies",
            ),
        }
    }

    /// The runs it reports.
    pub fn runs(&self) -> u64 {
        let n = match self {
            Experiment::Sweep {
                grids,
                objects_per_pe,
                latencies_ms,
                variants,
            } => grids.len() * objects_per_pe.len() * variants.len() * latencies_ms.len(),
            Experiment::Heterogeneity { variants, .. } => variants.len(),
            Experiment::LbCost {
                objects,
                strategies,
                ..
            } => objects.len() * strategies.len(),
        };
        n as u64
    }

    /// Every (mesh size, object count) it runs, checked before any run.
    fn problems(&self, pes: u32) -> Vec<(usize, u32)> {
        let per_pe = |opp: u32| opp.saturating_mul(pes);
        match self {
            Experiment::Sweep {
                grids,
                objects_per_pe,
                ..
            } => grids
                .iter()
                .flat_map(|&g| objects_per_pe.iter().map(move |&o| (g, per_pe(o))))
                .collect(),
            Experiment::Heterogeneity {
                grid,
                objects_per_pe,
                ..
            } => vec![(*grid, per_pe(*objects_per_pe))],
            Experiment::LbCost { grid, objects, .. } => {
                objects.iter().map(|&o| (*grid, o)).collect()
            }
        }
    }
}

/// An experiment on its setup (whose `cluster_speeds` the heterogeneity
/// experiment sets), with the memory it may use.
#[derive(Clone, Debug)]
pub struct Study {
    /// The experiment.
    pub experiment: Experiment,
    /// PEs, clusters, steps, LB period, repetitions.
    pub setup: Setup,
    /// The memory its meshes may use.
    pub memory: MemoryBudget,
}

/// The JSON result of an experiment (keys are a contract: add, never rename).
#[derive(Serialize)]
pub struct StudyReport {
    /// The experiment's name.
    pub experiment: &'static str,
    /// PEs.
    pub pes: u32,
    /// Clusters.
    pub clusters: u32,
    /// Cores of this machine.
    pub cores: u32,
    /// More PEs than cores (the OS time-slices them).
    pub oversubscribed: bool,
    /// Steps per run.
    pub iters: u32,
    /// When the variants with a strategy balanced (`lb_every`, `lb_at`).
    #[serde(flatten)]
    pub schedule: ScheduleFields,
    /// Every run.
    pub runs: Vec<GridRun>,
    /// The files written.
    pub files: Vec<String>,
}

/// A report and the files to write beside it: (name in the output
/// directory, contents).
pub struct StudyOutcome {
    /// The report.
    pub report: StudyReport,
    /// The CSV and the SVG charts (none without an output directory).
    pub files: Vec<(String, String)>,
}

/// Refuses a value of `flag` that is not `ok`.
pub(crate) fn check_list(
    flag: &str,
    v: &[f64],
    ok: impl Fn(&f64) -> bool,
) -> Result<(), StudyError> {
    match v.iter().find(|x| !ok(x)) {
        Some(bad) => Err(StudyError::Usage(format!("{flag}: {bad} is out of range"))),
        None => Ok(()),
    }
}

/// Runs `study`, reporting each run to `each` as it is chosen; with `out`,
/// its CSV and charts are the outcome's files, named in the report as
/// in that directory.
pub fn run(
    study: &Study,
    out: Option<&Path>,
    each: impl FnMut(&GridRun),
) -> Result<StudyOutcome, StudyError> {
    let mut setup = study.setup.clone();
    if setup.clusters > setup.pes {
        return Err(StudyError::Usage(format!(
            "--clusters {}: give at most --pes ({})",
            setup.clusters, setup.pes
        )));
    }
    setup
        .schedule
        .check(setup.iters)
        .map_err(StudyError::Usage)?;
    let usage = |e: RunError| StudyError::Usage(e.to_string());
    for (grid, objects) in study.experiment.problems(setup.pes) {
        let p = problem(grid, objects, setup.iters).map_err(usage)?;
        (study.memory)
            .check(
                format!("Jacobi2D {grid}x{grid} with {objects} objects"),
                p.memory_bytes(true),
            )
            .map_err(|e| StudyError::Usage(e.to_string()))?;
    }
    let rows = match &study.experiment {
        Experiment::Sweep {
            grids,
            objects_per_pe,
            latencies_ms,
            variants,
        } => {
            check_list("--latencies", latencies_ms, |l| {
                l.is_finite() && (0.0..=10_000.0).contains(l)
            })?;
            latency_sweep(&setup, grids, objects_per_pe, variants, latencies_ms, each)
        }
        Experiment::Heterogeneity {
            grid,
            objects_per_pe,
            cluster_speeds,
            latency_ms,
            variants,
        } => {
            if cluster_speeds.len() != setup.clusters as usize {
                return Err(StudyError::Usage(format!(
                    "--cluster-speeds: give {} speeds (one per cluster)",
                    setup.clusters
                )));
            }
            check_list("--cluster-speeds", cluster_speeds, |&s| {
                arts_grid::topology::speed_accepted(s)
            })
            .map_err(|e| {
                let (low, high) = (
                    arts_grid::topology::MIN_SPEED,
                    arts_grid::topology::MAX_SPEED,
                );
                StudyError::Usage(format!("{e}; {low} to {high} accepted"))
            })?;
            setup.cluster_speeds = Some(cluster_speeds.clone());
            heterogeneity(&setup, *grid, *objects_per_pe, variants, *latency_ms, each)
        }
        Experiment::LbCost {
            grid,
            objects,
            strategies,
        } => {
            for s in strategies {
                arts_lb::by_name(s).map_err(|e| StudyError::Usage(format!("--strategies: {e}")))?;
            }
            lb_cost(&setup, *grid, objects, strategies, each)
        }
    }
    .map_err(|e| match e {
        RunError::Config(m) => StudyError::Usage(m),
        e => StudyError::Failed(e.to_string()),
    })?;
    let name = study.experiment.name();
    let mut files = Vec::new();
    if out.is_some() {
        files.push((format!("{name}.csv"), to_csv(&rows)));
        for (file, chart) in charts(name, &rows) {
            let svg = chart
                .svg()
                .map_err(|e| StudyError::Failed(format!("cannot draw {file}: {e}")))?;
            files.push((file, svg));
        }
    }
    let report = StudyReport {
        experiment: name,
        pes: setup.pes,
        clusters: setup.clusters,
        cores: std::thread::available_parallelism().map_or(1, |n| n.get() as u32),
        oversubscribed: arts_apps::run::summary::oversubscribed(setup.pes, 1),
        iters: setup.iters,
        schedule: setup.schedule.fields(),
        runs: rows,
        files: (out.into_iter())
            .flat_map(|dir| files.iter().map(|(f, _)| dir.join(f).display().to_string()))
            .collect(),
    };
    Ok(StudyOutcome { report, files })
}

impl StudyReport {
    /// Why the experiment failed its check: the first run that differs
    /// from the sequential reference (`None`: all matched).
    pub fn failure(&self) -> Option<String> {
        self.runs.iter().find(|r| !r.valid).map(|r| {
            format!(
                "{} with {} objects at {} ms differs from the sequential reference",
                r.variant, r.objects, r.latency_ms
            )
        })
    }

    /// The human table of the report.
    pub fn table(&self) -> String {
        let mut t = format!(
            "grid {}  {} PEs in {} clusters  {} steps, balancing {}  ({} cores{})\n\
             {:>6} {:>8} {:>22} {:>8} {:>10} {:>10} {:>10} {:>8} {:>11}\n",
            self.experiment,
            self.pes,
            self.clusters,
            self.iters,
            self.schedule.label(),
            self.cores,
            if self.oversubscribed {
                ", OVERSUBSCRIBED: the OS time-slices PEs"
            } else {
                ""
            },
            "grid",
            "objects",
            "variant",
            "lat ms",
            "mean ms",
            "median ms",
            "ideal ms",
            "valid",
            "strategy ms"
        );
        for r in &self.runs {
            t += &format!(
                "{:>6} {:>8} {:>22} {:>8} {:>10.3} {:>10.3} {:>10.3} {:>8} {:>11}\n",
                r.grid,
                r.objects,
                r.variant.to_string(),
                r.latency_ms,
                r.step_time_mean_s * 1e3,
                r.step_time_s * 1e3,
                r.ideal_step_time_s * 1e3,
                r.valid,
                r.strategy_time_s
                    .map_or("-".into(), |s| format!("{:.3}", s * 1e3)),
            );
        }
        for f in &self.files {
            t += &format!("written: {f}\n");
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn study(experiment: Experiment, pes: u32, clusters: u32) -> Study {
        Study {
            experiment,
            setup: Setup {
                pes,
                clusters,
                iters: 4,
                schedule: crate::grid_study::Schedule::Every(2),
                cluster_speeds: None,
                reps: 1,
                bandwidth_bits_per_s: None,
                per_message_overhead: None,
                grid: arts_lb::GridOptions::default(),
            },
            memory: MemoryBudget::new(None),
        }
    }

    fn lb_cost(strategies: &[&str]) -> Experiment {
        Experiment::LbCost {
            grid: 64,
            objects: vec![4],
            strategies: strategies.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn bad_input_is_refused_before_any_run() {
        let usage = |s: &Study| matches!(run(s, None, |_| ()), Err(StudyError::Usage(_)));
        assert!(usage(&study(lb_cost(&["grid-comm"]), 2, 3)));
        assert!(usage(&study(lb_cost(&["no-such"]), 2, 2)));
        let speeds = Experiment::Heterogeneity {
            grid: 64,
            objects_per_pe: 2,
            cluster_speeds: vec![1.0],
            latency_ms: 0.0,
            variants: vec![],
        };
        assert!(usage(&study(speeds, 2, 2)));
    }

    #[test]
    fn runs_count_every_cell() {
        let sweep = Experiment::Sweep {
            grids: vec![64, 128],
            objects_per_pe: vec![1, 4],
            latencies_ms: vec![0.0, 1.0, 2.0],
            variants: vec![Variant::Naive],
        };
        assert_eq!((sweep.name(), sweep.runs()), ("sweep", 12));
        assert_eq!(sweep.problems(2), [(64, 2), (64, 8), (128, 2), (128, 8)]);
    }
}

//! The grid thesis' first chapter-8 case study (Koenig, §8.2, Fig. 8.1):
//! LeanMD split over two clusters, its mean step time against the
//! cross-cluster latency, one line per balancer, at each PE count.
//!
//! The machine here is far faster per step than the thesis' cluster, so the
//! latency is swept as multiples of the step time without latency, step(0)
//! (the thesis' 8–128 ms span about 0.01–0.6 of its 1000–200 ms steps):
//! first step(0) is measured (no balancer, a zero-latency grid), then every
//! balancer runs at every multiple of it, the runs interleaved
//! ([`run`]). The CSV, the charts and the findings set beside the thesis'
//! are in [`output`]; `docs/leanmd-grid.md` reads them.

pub mod output;

use std::sync::Arc;
use std::time::Duration;

use arts_apps::leanmd::reference::{self, Reference};
use arts_apps::leanmd::{self, Params};
use arts_apps::report::step_time_mean;
use arts_core::limits::MemoryBudget;
use arts_core::{Config, RunError};
use arts_grid::{Emulation, Topology, mapping};
use arts_lb::GridOptions;
use arts_util::stats::median;
use serde::Serialize;

use crate::StudyError;
use crate::grid_study::{Schedule, balancing};

pub use crate::grid_study::schedule::ScheduleFlags;
pub use output::{Findings, LeanmdGridReport};

/// The balancers of the thesis' Fig. 8.1 (`none`: no balancing).
pub const BALANCERS: [&str; 5] = ["none", "greedy", "grid-comm", "grid-metis", "grid-hybrid"];

/// The default latencies, as multiples of step(0).
pub const MULTIPLES: [f64; 9] = [0.0, 0.05, 0.1, 0.2, 0.3, 0.6, 1.0, 2.0, 4.0];

/// Clusters: the thesis splits the processors in two halves.
pub const CLUSTERS: u32 = 2;

/// The largest multiple of step(0) accepted.
pub const MAX_MULTIPLE: f64 = 100.0;

/// The largest PE count accepted.
pub const MAX_PES: u32 = 4096;

/// What the study runs.
#[derive(Clone, Debug)]
pub struct Plan {
    /// PE counts, each even (half in each cluster).
    pub pes: Vec<u32>,
    /// LeanMD's parameters (cells, atoms, steps, ...).
    pub params: Params,
    /// When the balancers other than `none` balance.
    pub schedule: Schedule,
    /// Latencies as multiples of step(0).
    pub multiples: Vec<f64>,
    /// Balancer names (`none` or an `arts-lb` strategy).
    pub balancers: Vec<String>,
    /// Runs of every cell, interleaved; the run with the median mean step
    /// time is reported (step(0): the median of the runs' means).
    pub reps: u32,
    /// The memory a run may use.
    pub memory: MemoryBudget,
    /// Serve the border objects' messages first (the thesis' chapter-6
    /// prioritization, `--grid-priority`), in every run.
    pub priority: bool,
}

/// One run of the sweep.
#[derive(Clone, Debug, Serialize)]
pub struct LeanmdGridRun {
    /// PEs (half in each cluster).
    pub pes: u32,
    /// The balancer (`none`: no balancing).
    pub balancer: String,
    /// The latency as a multiple of step(0).
    pub multiple: f64,
    /// Cross-cluster one-way latency, ms.
    pub latency_ms: f64,
    /// Mean step time over the timed window (LB steps included), s.
    pub step_time_mean_s: f64,
    /// Median step time, s.
    pub step_time_median_s: f64,
    /// Whether every atom matched the sequential reference bit for bit.
    pub valid: bool,
    /// Load-balancing steps taken.
    pub lb_steps: usize,
    /// Objects migrated in all.
    pub migrations: u64,
    /// What the LB steps cost the run beyond ordinary steps (the total
    /// time less the steps at the median step time), s.
    pub lb_overhead_s: f64,
}

/// step(0) at one PE count: no balancer, a two-cluster grid without latency.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Baseline {
    /// PEs.
    pub pes: u32,
    /// Median over the runs of the mean step time, s.
    pub step_time_mean_s: f64,
    /// Median over the runs of the median step time, s.
    pub step_time_median_s: f64,
}

impl Plan {
    /// Refuses bad input before any run: one line naming it.
    pub fn check(&self) -> Result<(), StudyError> {
        let usage = |m: String| Err(StudyError::Usage(m));
        if self.pes.is_empty() {
            return usage("--pes: give at least one PE count".into());
        }
        if let Some(p) = (self.pes.iter()).find(|&&p| p < 2 || p % 2 == 1 || p > MAX_PES) {
            return usage(format!(
                "--pes: {p} cannot be split over two clusters; give even counts from 2 to {MAX_PES}"
            ));
        }
        if self.multiples.is_empty() {
            return usage("--multiples: give at least one multiple of step(0)".into());
        }
        if let Some(m) =
            (self.multiples.iter()).find(|m| !(m.is_finite() && (0.0..=MAX_MULTIPLE).contains(*m)))
        {
            return usage(format!(
                "--multiples: {m} is out of range; give multiples of step(0) from 0 to {MAX_MULTIPLE}"
            ));
        }
        if self.balancers.is_empty() {
            return usage("--balancers: give at least one balancer".into());
        }
        for b in self.balancers.iter().filter(|b| *b != "none") {
            arts_lb::by_name(b).map_err(|e| StudyError::Usage(format!("--balancers: {e}")))?;
        }
        match self.schedule {
            Schedule::Every(n) if n == 0 || n >= self.params.steps => {
                return usage(format!(
                    "--lb-every {n}: give 1 to steps - 1 ({}), so that the runs balance",
                    self.params.steps.saturating_sub(1)
                ));
            }
            at => at.check(self.params.steps).map_err(StudyError::Usage)?,
        }
        let geom = self
            .params
            .geometry()
            .map_err(|e| StudyError::Usage(format!("leanmd: {e}")))?;
        self.memory
            .check(
                format!("LeanMD with {} cells", geom.cells()),
                self.params.memory_bytes(&geom),
            )
            .map_err(|e| StudyError::Usage(e.to_string()))
    }

    /// Runs in all: step(0)'s and the sweep's, at every PE count.
    pub fn runs(&self) -> u64 {
        let per = 1 + self.balancers.len() * self.multiples.len();
        (self.pes.len() * per) as u64 * u64::from(self.reps.max(1))
    }

    /// One validated LeanMD run on `pes` PEs in two clusters `latency_ms`
    /// apart, Block-mapped, balanced by `balancer`.
    fn run_one(
        &self,
        reference: &Arc<Reference>,
        pes: u32,
        balancer: &str,
        latency_ms: f64,
    ) -> Result<(leanmd::Outcome, usize, u64), RunError> {
        let latency = Duration::from_secs_f64(latency_ms * 1e-3);
        let topology = Topology::uniform(pes, CLUSTERS, latency)
            .map_err(|e| RunError::Config(e.to_string()))?;
        let strategy = (balancer != "none").then_some(balancer);
        let lb = balancing(strategy, self.schedule.period(), &GridOptions::default())?;
        let emulation = Emulation {
            priority: self.priority,
            ..Emulation::new(topology)
        };
        let config = emulation.apply(Config {
            pes,
            lb,
            ..Config::default()
        })?;
        let map = mapping::block(&emulation.topology);
        let out = leanmd::run(&self.params, &config, map, reference.clone())?;
        let steps = out.report.lb_steps();
        let (lb_steps, migrations) = (steps.len(), steps.iter().map(|s| s.migrations).sum());
        Ok((out, lb_steps, migrations))
    }
}

/// Whether a run matched its reference.
fn valid(o: &leanmd::Outcome) -> bool {
    o.stopped_at.is_none() && o.mismatched == 0 && o.strays == 0
}

/// Runs the study: at each PE count, step(0), then every balancer at every
/// multiple of it (the balancers side by side at each latency), `reps`
/// times interleaved; `each` hears what finished.
pub fn run(plan: &Plan, each: &mut dyn FnMut(&str)) -> Result<LeanmdGridReport, StudyError> {
    plan.check()?;
    let failed = |e: RunError| match e {
        RunError::Config(m) => StudyError::Usage(m),
        e => StudyError::Failed(e.to_string()),
    };
    let reference = Arc::new(reference::simulate(&plan.params).map_err(StudyError::Usage)?);
    let reps = plan.reps.max(1);
    let mut baselines = Vec::new();
    let mut rows = Vec::new();
    for &pes in &plan.pes {
        let mut means = Vec::new();
        let mut medians = Vec::new();
        for _ in 0..reps {
            let (o, _, _) = plan.run_one(&reference, pes, "none", 0.0).map_err(failed)?;
            if !valid(&o) {
                return Err(StudyError::Failed(format!(
                    "leanmd on {pes} PEs without latency: {} atoms differ from the sequential reference",
                    o.mismatched
                )));
            }
            means.push(step_time_mean(&o.step_times));
            medians.push(median(&o.step_times));
            each(&format!("{pes} PEs: step(0)"));
        }
        let base = Baseline {
            pes,
            step_time_mean_s: median(&means),
            step_time_median_s: median(&medians),
        };
        baselines.push(base);
        // Latency-major: the balancers at one latency run one after the
        // other, so that a drift of the machine's load over the sweep
        // moves them together rather than one balancer's whole line.
        let cells: Vec<(&str, f64)> = (plan.multiples.iter())
            .flat_map(|&m| plan.balancers.iter().map(move |b| (b.as_str(), m)))
            .collect();
        let mut runs: Vec<Vec<LeanmdGridRun>> = cells.iter().map(|_| Vec::new()).collect();
        for _ in 0..reps {
            for (&(balancer, multiple), out) in cells.iter().zip(&mut runs) {
                let latency_ms = multiple * base.step_time_mean_s * 1e3;
                let (o, lb_steps, migrations) = plan
                    .run_one(&reference, pes, balancer, latency_ms)
                    .map_err(failed)?;
                out.push(LeanmdGridRun {
                    pes,
                    balancer: balancer.to_string(),
                    multiple,
                    latency_ms,
                    step_time_mean_s: step_time_mean(&o.step_times),
                    step_time_median_s: median(&o.step_times),
                    valid: valid(&o),
                    lb_steps,
                    migrations,
                    lb_overhead_s: if lb_steps == 0 {
                        0.0
                    } else {
                        crate::grid_study::lb_overhead(&o.step_times)
                    },
                });
                each(&format!("{pes} PEs: {balancer} at {multiple} x step(0)"));
            }
        }
        for mut r in runs {
            r.sort_by(|a, b| a.step_time_mean_s.total_cmp(&b.step_time_mean_s));
            rows.push(r.swap_remove(r.len() / 2));
        }
    }
    Ok(LeanmdGridReport::new(plan, baselines, rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan() -> Plan {
        Plan {
            pes: vec![2],
            params: Params {
                steps: 6,
                migrate_every: 3,
                ..Params::small()
            },
            schedule: Schedule::Every(3),
            multiples: vec![0.0, 1.0],
            balancers: vec!["none".into(), "grid-hybrid".into()],
            reps: 1,
            memory: MemoryBudget::new(None),
            priority: false,
        }
    }

    #[test]
    fn bad_input_is_refused_with_what_is_accepted() {
        let refused = |p: Plan, needle: &str| match p.check() {
            Err(StudyError::Usage(m)) => assert!(m.contains(needle), "{m}"),
            other => panic!("{needle}: {other:?}"),
        };
        refused(
            Plan {
                pes: vec![3],
                ..plan()
            },
            "--pes: 3",
        );
        refused(
            Plan {
                pes: vec![],
                ..plan()
            },
            "--pes",
        );
        refused(
            Plan {
                multiples: vec![-1.0],
                ..plan()
            },
            "--multiples: -1",
        );
        refused(
            Plan {
                multiples: vec![f64::NAN],
                ..plan()
            },
            "--multiples",
        );
        refused(
            Plan {
                balancers: vec!["nope".into()],
                ..plan()
            },
            "--balancers",
        );
        refused(
            Plan {
                schedule: Schedule::Every(6),
                ..plan()
            },
            "--lb-every 6",
        );
        refused(
            Plan {
                schedule: Schedule::At(arts_core::LbSteps::new(&[2, 6]).unwrap()),
                ..plan()
            },
            "--lb-at: step 6 is past",
        );
        let once = Plan {
            schedule: Schedule::At(arts_core::LbSteps::new(&[2]).unwrap()),
            ..plan()
        };
        assert!(once.check().is_ok());
        let mut p = plan();
        p.params.cells = [2, 3, 3];
        refused(p, "leanmd:");
        assert!(plan().check().is_ok());
        assert_eq!(plan().runs(), 5);
    }

    #[test]
    fn every_balancer_is_valid_at_every_multiple() {
        let mut heard = 0;
        let r = run(&plan(), &mut |_| heard += 1).unwrap();
        // The border objects' messages served first: the same atoms.
        let first = Plan {
            priority: true,
            ..plan()
        };
        let p = run(&first, &mut |_| ()).unwrap();
        assert!(p.runs.iter().all(|row| row.valid), "{:?}", p.runs);
        assert_eq!(heard, 5);
        assert_eq!(r.baselines.len(), 1);
        let step0 = r.baselines[0].step_time_mean_s;
        assert!(step0 > 0.0);
        assert_eq!(r.runs.len(), 4);
        for row in &r.runs {
            assert!(row.valid, "{row:?}");
            assert!(row.step_time_mean_s > 0.0);
            assert!((row.latency_ms - row.multiple * step0 * 1e3).abs() < 1e-9);
        }
        let hybrid = r.runs.iter().find(|x| x.balancer == "grid-hybrid").unwrap();
        assert!(hybrid.lb_steps >= 1, "{hybrid:?}");
    }
}

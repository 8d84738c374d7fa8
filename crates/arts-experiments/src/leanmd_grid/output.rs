//! What the LeanMD grid study reports: the runs, the findings at each PE
//! count that the thesis' Fig. 8.1 is set beside (`docs/leanmd-grid.md`),
//! the CSV and one chart per PE count.

use arts_util::chart::{Chart, Series};
use serde::Serialize;

use super::{Baseline, LeanmdGridRun, Plan};
use crate::StudyError;
use crate::grid_study::schedule::ScheduleFields;

/// The largest latency, as a multiple of step(0), at which every balancer
/// should stay within [`MASKED_RATIO`] of its own zero-latency step.
pub const MASKED_UP_TO: f64 = 0.3;

/// step(L) / step(0) of a latency that is masked.
pub const MASKED_RATIO: f64 = 1.05;

/// The findings at one PE count (every value as measured; `null` where the
/// sweep lacks the points a finding needs).
#[derive(Clone, Debug, Serialize)]
pub struct Findings {
    /// PEs.
    pub pes: u32,
    /// step(0), ms (no balancer, no latency; mean step time).
    pub step0_ms: f64,
    /// Each balancer's gain at zero latency over no balancing:
    /// 1 − step_b(0) / step_none(0) (the thesis: ~10% at 16 processors).
    pub gain_at_zero: Vec<(String, f64)>,
    /// The largest step_b(L) / step_b(0) over every balancer b and every
    /// latency 0 < L ≤ 0.3 × step(0).
    pub worst_masked_ratio: Option<f64>,
    /// Whether that is at most 1.05: every balancer within 5% of its own
    /// zero-latency step time up to 0.3 × step(0).
    pub masked_within_5pct: Option<bool>,
    /// The knee: the smallest multiple of step(0) from which on (at it and
    /// at every larger multiple) every balancer's mean step exceeds 1.05 ×
    /// its own zero-latency one — where latency is no longer masked by any
    /// balancer (a single noisy point below it does not make a knee).
    pub knee_multiple: Option<f64>,
    /// The knee in ms.
    pub knee_ms: Option<f64>,
    /// grid-hybrid's mean step over greedy's at each multiple of step(0).
    pub hybrid_over_greedy: Vec<(f64, f64)>,
    /// Whether grid-hybrid's mean step is at most greedy's at every latency
    /// from the knee on.
    pub hybrid_le_greedy_past_knee: Option<bool>,
}

/// The JSON result of `arts experiment leanmd-grid` (keys are a contract).
#[derive(Serialize)]
pub struct LeanmdGridReport {
    /// `leanmd-grid`.
    pub experiment: &'static str,
    /// Clusters (2).
    pub clusters: u32,
    /// Cores of this machine.
    pub cores: u32,
    /// Cells, XxYxZ.
    pub cells: [u32; 3],
    /// Atoms per cell.
    pub atoms_per_cell: u32,
    /// Steps per run.
    pub steps: u32,
    /// When the balancers balanced (`lb_every`: every this many steps, 0
    /// with `lb_at`: at these steps only).
    #[serde(flatten)]
    pub schedule: ScheduleFields,
    /// Runs per cell.
    pub reps: u32,
    /// Whether the border objects' messages were served first.
    pub grid_priority: bool,
    /// step(0) at each PE count.
    pub baselines: Vec<Baseline>,
    /// Every cell's reported run.
    pub runs: Vec<LeanmdGridRun>,
    /// The findings at each PE count.
    pub findings: Vec<Findings>,
    /// The files written.
    pub files: Vec<String>,
}

/// The mean step time of `balancer` at `multiple` among `rows`.
fn step(rows: &[&LeanmdGridRun], balancer: &str, multiple: f64) -> Option<f64> {
    (rows.iter())
        .find(|r| r.balancer == balancer && r.multiple == multiple)
        .map(|r| r.step_time_mean_s)
}

/// The findings of the runs on `base.pes` PEs.
fn findings(base: &Baseline, all: &[LeanmdGridRun]) -> Findings {
    let rows: Vec<&LeanmdGridRun> = all.iter().filter(|r| r.pes == base.pes).collect();
    let mut balancers: Vec<&str> = Vec::new();
    for r in &rows {
        if !balancers.contains(&r.balancer.as_str()) {
            balancers.push(&r.balancer);
        }
    }
    let mut multiples: Vec<f64> = rows.iter().map(|r| r.multiple).collect();
    multiples.sort_by(f64::total_cmp);
    multiples.dedup();
    // Each row's step over its balancer's own zero-latency step.
    let ratio = |r: &&LeanmdGridRun| step(&rows, &r.balancer, 0.0).map(|z| r.step_time_mean_s / z);
    let masked: Vec<f64> = (rows.iter())
        .filter(|r| r.multiple > 0.0 && r.multiple <= MASKED_UP_TO)
        .filter_map(ratio)
        .collect();
    let worst = masked.iter().copied().reduce(f64::max);
    let unmasked = |m: f64| {
        let at: Vec<f64> = (rows.iter())
            .filter(|r| r.multiple == m)
            .filter_map(ratio)
            .collect();
        !at.is_empty() && at.iter().all(|&x| x > MASKED_RATIO)
    };
    let knee = (0..multiples.len())
        .find(|&i| multiples[i] > 0.0 && multiples[i..].iter().all(|&m| unmasked(m)))
        .map(|i| multiples[i]);
    let hybrid_over_greedy: Vec<(f64, f64)> = (multiples.iter())
        .filter_map(|&m| {
            Some((
                m,
                step(&rows, "grid-hybrid", m)? / step(&rows, "greedy", m)?,
            ))
        })
        .collect();
    let past: Vec<bool> = (hybrid_over_greedy.iter())
        .filter(|(m, _)| knee.is_some_and(|k| *m >= k))
        .map(|(_, x)| *x <= 1.0)
        .collect();
    let none0 = step(&rows, "none", 0.0);
    Findings {
        pes: base.pes,
        step0_ms: base.step_time_mean_s * 1e3,
        gain_at_zero: (balancers.iter())
            .filter(|b| **b != "none")
            .filter_map(|b| Some((b.to_string(), 1.0 - step(&rows, b, 0.0)? / none0?)))
            .collect(),
        worst_masked_ratio: worst,
        masked_within_5pct: worst.map(|w| w <= MASKED_RATIO),
        knee_multiple: knee,
        knee_ms: knee.map(|k| k * base.step_time_mean_s * 1e3),
        hybrid_over_greedy,
        hybrid_le_greedy_past_knee: (!past.is_empty()).then(|| past.iter().all(|&b| b)),
    }
}

impl LeanmdGridReport {
    /// The report of `plan`'s runs.
    pub(crate) fn new(plan: &Plan, baselines: Vec<Baseline>, runs: Vec<LeanmdGridRun>) -> Self {
        LeanmdGridReport {
            experiment: "leanmd-grid",
            clusters: super::CLUSTERS,
            cores: std::thread::available_parallelism().map_or(1, |n| n.get() as u32),
            cells: plan.params.cells,
            atoms_per_cell: plan.params.atoms_per_cell,
            steps: plan.params.steps,
            schedule: plan.schedule.fields(),
            reps: plan.reps.max(1),
            grid_priority: plan.priority,
            findings: baselines.iter().map(|b| findings(b, &runs)).collect(),
            baselines,
            runs,
            files: Vec::new(),
        }
    }

    /// The CSV and one SVG chart per PE count: (file name, contents).
    pub fn files(&self) -> Result<Vec<(String, String)>, StudyError> {
        let mut files = vec![("leanmd-grid.csv".to_string(), self.csv())];
        for (name, chart) in self.charts() {
            let svg = chart
                .svg()
                .map_err(|e| StudyError::Failed(format!("cannot draw {name}: {e}")))?;
            files.push((name, svg));
        }
        Ok(files)
    }

    /// The runs as CSV, one line each (a header first).
    pub fn csv(&self) -> String {
        let mut s = String::from(
            "pes,balancer,multiple,latency_ms,step0_ms,step_time_mean_s,step_time_median_s,\
             valid,lb_steps,migrations\n",
        );
        for r in &self.runs {
            let step0 = self.step0_ms(r.pes);
            s += &format!(
                "{},{},{},{:.4},{:.4},{:.6},{:.6},{},{},{}\n",
                r.pes,
                r.balancer,
                r.multiple,
                r.latency_ms,
                step0,
                r.step_time_mean_s,
                r.step_time_median_s,
                r.valid,
                r.lb_steps,
                r.migrations
            );
        }
        s
    }

    fn step0_ms(&self, pes: u32) -> f64 {
        (self.baselines.iter())
            .find(|b| b.pes == pes)
            .map_or(0.0, |b| b.step_time_mean_s * 1e3)
    }

    /// Mean step time against latency (ms), one line per balancer, one
    /// chart per PE count (`leanmd-grid-PES.svg`).
    pub fn charts(&self) -> Vec<(String, Chart)> {
        (self.baselines.iter())
            .map(|b| {
                let mut series: Vec<Series> = Vec::new();
                for r in self.runs.iter().filter(|r| r.pes == b.pes) {
                    let point = (r.latency_ms, r.step_time_mean_s * 1e3);
                    match series.iter_mut().find(|s| s.name == r.balancer) {
                        Some(s) => s.points.push(point),
                        None => series.push(Series {
                            name: r.balancer.clone(),
                            points: vec![point],
                        }),
                    }
                }
                let chart = Chart {
                    title: format!(
                        "LeanMD {}, {} PEs in two clusters, step(0) = {:.2} ms",
                        self.cells.map(|c| c.to_string()).join("x"),
                        b.pes,
                        b.step_time_mean_s * 1e3
                    ),
                    x_label: "cross-cluster latency (ms)".into(),
                    y_label: "mean step time (ms)".into(),
                    series,
                    ..Chart::default()
                };
                (format!("leanmd-grid-{}.svg", b.pes), chart)
            })
            .collect()
    }

    /// Why the study failed its check: the first run that differs from the
    /// sequential reference (`None`: all matched).
    pub fn failure(&self) -> Option<String> {
        self.runs.iter().find(|r| !r.valid).map(|r| {
            format!(
                "leanmd on {} PEs with {} at {:.3} ms differs from the sequential reference",
                r.pes, r.balancer, r.latency_ms
            )
        })
    }

    /// The human table: each PE count's step(0), its runs and findings.
    pub fn table(&self) -> String {
        let opt = |v: Option<f64>, f: &dyn Fn(f64) -> String| v.map_or("-".into(), f);
        let yes = |v: Option<bool>| v.map_or("-", |b| if b { "yes" } else { "no" });
        let mut t = format!(
            "leanmd-grid  cells {}  {} atoms/cell  {} steps, balancing {}  {} reps  ({} cores)\n",
            self.cells.map(|c| c.to_string()).join("x"),
            self.atoms_per_cell,
            self.steps,
            self.schedule.label(),
            self.reps,
            self.cores
        );
        for f in &self.findings {
            t += &format!(
                "\n{} PEs in two clusters: step(0) = {:.3} ms\n{:>12} {:>8} {:>10} {:>10} {:>10} {:>9} {:>6}\n",
                f.pes,
                f.step0_ms,
                "balancer",
                "x step0",
                "lat ms",
                "mean ms",
                "median ms",
                "vs own 0",
                "valid"
            );
            for r in self.runs.iter().filter(|r| r.pes == f.pes) {
                let own0 = (self.runs.iter())
                    .find(|x| x.pes == r.pes && x.balancer == r.balancer && x.multiple == 0.0)
                    .map(|x| x.step_time_mean_s);
                t += &format!(
                    "{:>12} {:>8} {:>10.3} {:>10.3} {:>10.3} {:>9} {:>6}\n",
                    r.balancer,
                    r.multiple,
                    r.latency_ms,
                    r.step_time_mean_s * 1e3,
                    r.step_time_median_s * 1e3,
                    opt(own0.map(|z| r.step_time_mean_s / z), &|x| format!("{x:.3}")),
                    r.valid
                );
            }
            let gains: Vec<String> = (f.gain_at_zero.iter())
                .map(|(b, g)| format!("{b} {:+.1}%", g * 100.0))
                .collect();
            t += &format!(
                "gain over none at 0 ms: {}\n\
                 every balancer within 5% of its own step(0) up to 0.3 x step(0): {} (worst {})\n\
                 knee: {} x step(0) ({} ms); grid-hybrid <= greedy from the knee on: {}\n",
                if gains.is_empty() {
                    "-".into()
                } else {
                    gains.join(", ")
                },
                yes(f.masked_within_5pct),
                opt(f.worst_masked_ratio, &|x| format!("{x:.3}")),
                opt(f.knee_multiple, &|x| x.to_string()),
                opt(f.knee_ms, &|x| format!("{x:.2}")),
                yes(f.hybrid_le_greedy_past_knee),
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

    fn row(balancer: &str, multiple: f64, mean_ms: f64) -> LeanmdGridRun {
        LeanmdGridRun {
            pes: 2,
            balancer: balancer.into(),
            multiple,
            latency_ms: multiple * 10.0,
            step_time_mean_s: mean_ms * 1e-3,
            step_time_median_s: mean_ms * 1e-3,
            valid: true,
            lb_steps: 1,
            migrations: 0,
            lb_overhead_s: 0.0,
        }
    }

    #[test]
    fn findings_name_the_knee_and_compare_hybrid_with_greedy() {
        let base = Baseline {
            pes: 2,
            step_time_mean_s: 0.010,
            step_time_median_s: 0.010,
        };
        let rows = vec![
            row("none", 0.0, 10.0),
            row("none", 0.3, 10.2),
            row("none", 1.0, 12.0),
            row("greedy", 0.0, 9.0),
            row("greedy", 0.3, 9.9), // 1.10: not masked
            row("greedy", 1.0, 13.0),
            row("greedy", 2.0, 20.0),
            row("grid-hybrid", 0.0, 9.0),
            row("grid-hybrid", 0.3, 9.0),
            row("grid-hybrid", 1.0, 12.0),
            row("grid-hybrid", 2.0, 21.0), // past the knee, above greedy
        ];
        let mut f = findings(&base, &rows);
        // The same rows latency-major (as the study runs them): the same findings.
        let mut by_latency = rows.clone();
        by_latency.sort_by(|a, b| a.multiple.total_cmp(&b.multiple));
        let g = findings(&base, &by_latency);
        assert_eq!(g.gain_at_zero, f.gain_at_zero);
        assert_eq!(g.knee_multiple, f.knee_multiple);
        f.gain_at_zero.sort_by(|a, b| a.0.cmp(&b.0));
        assert!((f.worst_masked_ratio.unwrap() - 1.1).abs() < 1e-9);
        assert_eq!(f.masked_within_5pct, Some(false));
        // At 0.3 only greedy is unmasked (a noisy point is no knee); from
        // 1 x step(0) on, every balancer is.
        assert_eq!(f.knee_multiple, Some(1.0));
        assert!((f.knee_ms.unwrap() - 10.0).abs() < 1e-9);
        assert_eq!(f.hybrid_le_greedy_past_knee, Some(false));
        assert_eq!(f.hybrid_over_greedy.len(), 4);
        assert_eq!(f.gain_at_zero.len(), 2);
        assert!((f.gain_at_zero[0].1 - 0.1).abs() < 1e-9);
        // Without a zero-latency point there is no ratio, no knee, no verdict.
        let f = findings(&base, &rows[1..3]);
        assert_eq!(f.gain_at_zero.len(), 0);
        assert_eq!((f.worst_masked_ratio, f.knee_multiple), (None, None));
        assert_eq!(f.hybrid_le_greedy_past_knee, None);
    }
}

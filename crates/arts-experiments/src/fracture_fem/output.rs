//! What `arts experiment fracture-fem` reports: the two utilization runs
//! (AMPI Figs 15–16), the grid sweep (thesis Figs 8.2–8.3), their CSV and
//! charts, and a table.

use arts_util::chart::{Chart, Series, csv_text};
use serde::Serialize;

use super::{Plan, Utilization};
use crate::StudyError;

/// One traced run of the utilization figures.
#[derive(Clone, Debug, Serialize)]
pub struct UtilizationRun {
    /// `none` or the balancer.
    pub lb: String,
    /// Mean step time, s (total ÷ steps, balancing steps included).
    pub run_mean_step_s: f64,
    /// The energy balance's largest relative error.
    pub energy_error: f64,
    /// The displacements' checksum line (equal in both runs: balancing
    /// moves chunks, never changes the result).
    pub checksum: String,
    /// heaviest ÷ median chunk cost at each report step.
    pub imbalance: Vec<(u32, f64)>,
    /// Per-PE utilization over time.
    pub utilization: Utilization,
    /// The least busy PE's busy fraction over the run (AMPI Fig. 16).
    pub least_busy_pe: f64,
    /// The busiest PE's busy fraction less the least busy one's.
    pub busy_spread: f64,
}

/// One time bin of a utilization run, the mean over the PEs (AMPI Fig. 15,
/// as rows a registry plot reads).
#[derive(Clone, Debug, Serialize)]
pub struct UtilizationBin {
    /// `none` or the balancer of the run.
    pub lb: String,
    /// The bin's number.
    pub bin: u32,
    /// The bin's middle, s since the run started.
    pub time_s: f64,
    /// The bin's middle as a fraction of the run (0..1).
    pub run_fraction: f64,
    /// Busy fraction of the bin, the mean over the PEs (0..1).
    pub utilization: f64,
}

impl UtilizationBin {
    /// The bins of `run`.
    pub fn of(run: &UtilizationRun) -> Vec<UtilizationBin> {
        let mean = run.utilization.mean_over_pes();
        let n = mean.len() as f64;
        (mean.iter().enumerate())
            .map(|(i, &u)| UtilizationBin {
                lb: run.lb.clone(),
                bin: i as u32,
                time_s: (i as f64 + 0.5) * run.utilization.bin_s,
                run_fraction: (i as f64 + 0.5) / n,
                utilization: u,
            })
            .collect()
    }
}

/// One cell of the grid sweep (the median of its runs).
#[derive(Clone, Debug, Serialize)]
pub struct GridRow {
    /// PEs (half in each cluster).
    pub pes: u32,
    /// Cross-cluster latency, ms.
    pub latency_ms: f64,
    /// The balancer.
    pub balancer: String,
    /// Mean step time over steps 600–700, ms (the thesis' measure).
    pub step_600_700_ms: f64,
    /// Mean step time over the whole run, ms.
    pub mean_step_ms: f64,
}

/// The JSON result of `arts experiment fracture-fem`.
#[derive(Clone, Debug, Serialize)]
pub struct FractureFemReport {
    /// `fracture-fem`.
    pub experiment: &'static str,
    /// Chunks (ranks).
    pub vp: u32,
    /// PEs.
    pub pes: u32,
    /// The program's mesh options.
    pub mesh_args: Vec<String>,
    /// Steps of the utilization runs.
    pub steps: u32,
    /// `AMPI_Migrate` every this many steps there.
    pub migrate: u32,
    /// The two utilization runs.
    pub utilization: Vec<UtilizationRun>,
    /// Their utilization over time, one row per bin of each run.
    pub utilization_time: Vec<UtilizationBin>,
    /// 1 − balanced ÷ unbalanced mean step time (the AMPI paper: 23%).
    pub lb_gain: f64,
    /// The grid sweep.
    pub grid: Vec<GridRow>,
    /// The files written.
    pub files: Vec<String>,
}

impl FractureFemReport {
    /// The report of finished runs.
    pub fn new(plan: &Plan, utilization: Vec<UtilizationRun>, grid: Vec<GridRow>) -> Self {
        let gain = match (utilization.first(), utilization.get(1)) {
            (Some(a), Some(b)) => 1.0 - b.run_mean_step_s / a.run_mean_step_s,
            _ => 0.0,
        };
        FractureFemReport {
            experiment: "fracture-fem",
            vp: plan.vp,
            pes: plan.pes,
            mesh_args: plan.mesh_args.clone(),
            steps: plan.steps,
            migrate: plan.migrate,
            utilization_time: utilization.iter().flat_map(UtilizationBin::of).collect(),
            utilization,
            lb_gain: gain,
            grid,
            files: Vec::new(),
        }
    }

    /// Whether a run's result is wrong: energy off by more than 1%, or the
    /// balanced run's displacements differ from the unbalanced one's.
    pub fn failure(&self) -> Option<String> {
        if let Some(r) = self.utilization.iter().find(|r| r.energy_error > 0.01) {
            return Some(format!(
                "the run with lb {} misses the energy balance by {:.3}",
                r.lb, r.energy_error
            ));
        }
        match self.utilization.as_slice() {
            [a, b] if a.checksum != b.checksum => Some(format!(
                "balancing changed the result: '{}' vs '{}'",
                a.checksum, b.checksum
            )),
            _ => None,
        }
    }

    /// The charts, by file name.
    fn charts(&self) -> Vec<(String, Chart)> {
        let over_time = self
            .utilization
            .iter()
            .map(|r| Series {
                name: format!("lb {}", r.lb),
                points: r
                    .utilization
                    .mean_over_pes()
                    .iter()
                    .enumerate()
                    .map(|(i, u)| ((i as f64 + 0.5) * r.utilization.bin_s, 100.0 * u))
                    .collect(),
            })
            .collect();
        let per_pe = self
            .utilization
            .iter()
            .map(|r| Series {
                name: format!("lb {}", r.lb),
                points: (r.utilization.overall.iter().enumerate())
                    .map(|(pe, u)| (pe as f64, 100.0 * u))
                    .collect(),
            })
            .collect();
        let mut balancers: Vec<&str> = self.grid.iter().map(|g| g.balancer.as_str()).collect();
        balancers.dedup();
        let grid = balancers
            .iter()
            .map(|b| Series {
                name: b.to_string(),
                points: (self.grid.iter().filter(|g| g.balancer == *b))
                    .map(|g| (g.latency_ms, g.step_600_700_ms))
                    .collect(),
            })
            .collect();
        let pct = Some((0.0, 105.0));
        vec![
            (
                "fracture-fem-utilization-time.svg".into(),
                Chart {
                    title: format!(
                        "fracture FEM, V={} on {} PEs: utilization over time (AMPI Fig. 15)",
                        self.vp, self.pes
                    ),
                    x_label: "time (s)".into(),
                    y_label: "mean PE utilization (%)".into(),
                    series: over_time,
                    y_range: pct,
                    ..Chart::default()
                },
            ),
            (
                "fracture-fem-utilization-pe.svg".into(),
                Chart {
                    title: "fracture FEM: utilization per PE over the run (AMPI Fig. 16)".into(),
                    x_label: "PE".into(),
                    y_label: "utilization (%)".into(),
                    series: per_pe,
                    y_range: pct,
                    ..Chart::default()
                },
            ),
            (
                "fracture-fem-grid.svg".into(),
                Chart {
                    title: format!(
                        "fracture FEM on 2 clusters, V={} on {} PEs (thesis Figs 8.2-8.3, scaled)",
                        self.vp, self.pes
                    ),
                    x_label: "cross-cluster latency (ms)".into(),
                    y_label: "mean step time, steps 600-700 (ms)".into(),
                    series: grid,
                    ..Chart::default()
                },
            ),
        ]
    }

    /// The CSV and SVG files, by name.
    pub fn files(&self) -> Result<Vec<(String, String)>, StudyError> {
        let mut util_rows = Vec::new();
        for r in &self.utilization {
            for (pe, bins) in r.utilization.per_pe.iter().enumerate() {
                for (b, u) in bins.iter().enumerate() {
                    util_rows.push(vec![
                        r.lb.clone(),
                        pe.to_string(),
                        b.to_string(),
                        format!("{:.6}", b as f64 * r.utilization.bin_s),
                        format!("{u:.4}"),
                    ]);
                }
            }
        }
        let grid_rows = self.grid.iter().map(|g| {
            vec![
                format!("{}", g.latency_ms),
                g.balancer.clone(),
                format!("{:.4}", g.step_600_700_ms),
                format!("{:.4}", g.mean_step_ms),
            ]
        });
        let mut files = vec![
            (
                "fracture-fem-utilization.csv".to_string(),
                csv_text(&["lb", "pe", "bin", "t_s", "utilization"], util_rows),
            ),
            (
                "fracture-fem-grid.csv".to_string(),
                csv_text(
                    &["latency_ms", "balancer", "step_600_700_ms", "mean_step_ms"],
                    grid_rows,
                ),
            ),
        ];
        for (name, chart) in self.charts() {
            let svg = chart
                .svg()
                .map_err(|e| StudyError::Failed(format!("{name}: {e}")))?;
            files.push((name, svg));
        }
        Ok(files)
    }

    /// A short human table.
    pub fn table(&self) -> String {
        let mut t = format!(
            "fracture-fem: V={} on {} PEs, {}\n",
            self.vp,
            self.pes,
            self.mesh_args.join(" ")
        );
        for r in &self.utilization {
            let u = &r.utilization.overall;
            let mean = u.iter().sum::<f64>() / u.len().max(1) as f64;
            let min = u.iter().copied().fold(f64::INFINITY, f64::min);
            let peak = r.imbalance.iter().map(|x| x.1).fold(0.0, f64::max);
            t += &format!(
                "  lb {:<8} mean step {:.3} ms  utilization mean {:.0}% min PE {:.0}%  chunk cost heaviest/median: peak {:.2}, last {:.2}\n",
                r.lb,
                r.run_mean_step_s * 1e3,
                100.0 * mean,
                100.0 * min,
                peak,
                r.imbalance.last().map_or(0.0, |x| x.1)
            );
        }
        t += &format!(
            "  balancing gain {:.1}% (AMPI paper: 23%)\n",
            100.0 * self.lb_gain
        );
        t += "  latency_ms balancer     step 600-700 (ms)  mean step (ms)\n";
        for g in &self.grid {
            t += &format!(
                "  {:>10} {:<12} {:>17.3} {:>15.3}\n",
                g.latency_ms, g.balancer, g.step_600_700_ms, g.mean_step_ms
            );
        }
        for f in &self.files {
            t += &format!("  wrote {f}\n");
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utilization_bins_are_the_mean_over_pes_at_the_bins_middles() {
        let run = UtilizationRun {
            lb: "greedy".into(),
            run_mean_step_s: 0.1,
            energy_error: 0.0,
            checksum: String::new(),
            imbalance: Vec::new(),
            utilization: Utilization {
                bin_s: 2.0,
                per_pe: vec![vec![1.0, 0.2], vec![0.5, 0.4]],
                overall: vec![0.6, 0.45],
            },
            least_busy_pe: 0.45,
            busy_spread: 0.15,
        };
        let bins = UtilizationBin::of(&run);
        assert_eq!(bins.len(), 2);
        assert_eq!((bins[0].time_s, bins[1].time_s), (1.0, 3.0));
        assert_eq!((bins[0].run_fraction, bins[1].run_fraction), (0.25, 0.75));
        assert!((bins[0].utilization - 0.75).abs() < 1e-12);
        assert!((bins[1].utilization - 0.3).abs() < 1e-12);
        assert!(bins.iter().all(|b| b.lb == "greedy"));
    }
}

//! What every object-runtime app's report says about the run itself
//! ([`RunSummary`]), shared by the stencil apps and the MD apps.

use arts_apps::report::{self, LbStepSummary};
use arts_core::RunReport;
use arts_util::stats::{mean, median};
use serde::Serialize;

use super::grid_flags::GridReport;
use super::stencil::Prepared;
use crate::output::CliError;

/// What every object-runtime app reports about the run itself: PEs, step
/// times against the sequential reference, utilization, load balancing,
/// the grid emulation and the files written (JSON keys are a contract).
#[derive(Serialize)]
pub(crate) struct RunSummary {
    pub(crate) pes: u32,
    pub(crate) processes: u32,
    /// After the first LB step when there is one (the balanced steady state).
    pub(crate) step_time_median_s: f64,
    pub(crate) total_time_s: f64,
    pub(crate) sequential_step_time_median_s: f64,
    pub(crate) ideal_step_time_s: f64,
    /// Sequential step time / (PEs × parallel step time).
    pub(crate) parallel_efficiency: f64,
    pub(crate) utilization: Vec<f64>,
    pub(crate) utilization_mean: f64,
    pub(crate) lb: String,
    pub(crate) lb_steps: usize,
    pub(crate) migrations: u64,
    pub(crate) migrated_bytes: u64,
    pub(crate) step_time_before_lb_s: Option<f64>,
    pub(crate) step_time_after_lb_s: Option<f64>,
    pub(crate) lb_history: Vec<LbStepSummary>,
    pub(crate) step_times_s: Vec<f64>,
    pub(crate) trace: Option<String>,
    pub(crate) lb_dump: Option<String>,
    #[serde(flatten)]
    pub(crate) grid: GridReport,
    pub(crate) oversubscribed: bool,
    /// Each PE thread on a CPU of its own (`--pin`).
    pub(crate) pinned: bool,
}

impl RunSummary {
    /// Writes the run's files and summarizes it. `ideal_step_time_s`: the
    /// step time of a perfect balance without overhead (default: the
    /// sequential step time over the PEs).
    pub(crate) fn of(
        prepared: &mut Prepared,
        report: &RunReport,
        step_times: &[f64],
        total_time_s: f64,
        sequential_step_times: &[f64],
        ideal_step_time_s: Option<f64>,
    ) -> Result<RunSummary, CliError> {
        prepared.write_outputs(report, step_times.len(), total_time_s)?;
        let pes = prepared.config.pes;
        let steps = report.lb_steps();
        let period = prepared.config.lb.as_ref().map(|l| l.period);
        let split = report::lb_split(step_times, period, steps.len());
        let step_time = split.after.unwrap_or_else(|| median(step_times));
        let seq_step = median(sequential_step_times);
        let utilization = report.utilization();
        Ok(RunSummary {
            pes,
            processes: report.processes,
            step_time_median_s: step_time,
            total_time_s,
            sequential_step_time_median_s: seq_step,
            ideal_step_time_s: ideal_step_time_s.unwrap_or(seq_step / pes as f64),
            parallel_efficiency: seq_step / (pes as f64 * step_time),
            utilization_mean: mean(&utilization),
            utilization,
            lb: prepared.strategy().to_string(),
            lb_steps: steps.len(),
            migrations: steps.iter().map(|s| s.migrations).sum(),
            migrated_bytes: steps.iter().map(|s| s.migrated_bytes).sum(),
            step_time_before_lb_s: split.before,
            step_time_after_lb_s: split.after,
            lb_history: steps.iter().map(LbStepSummary::from).collect(),
            step_times_s: step_times.to_vec(),
            trace: prepared.trace_path(),
            lb_dump: prepared.dump_path(),
            oversubscribed: crate::launch::oversubscribed(pes, report.processes),
            pinned: prepared.pinned,
            grid: GridReport::of(std::mem::take(&mut prepared.grid), report),
        })
    }

    /// The table lines every app prints about the run.
    pub(crate) fn table(&self) -> String {
        let util: Vec<String> = self
            .utilization
            .iter()
            .map(|u| format!("{:.0}%", u * 100.0))
            .collect();
        let mut t = format!(
            "step time (median)    {:.3} ms   (ideal {:.3} ms, ratio {:.3}; sequential {:.3} ms, efficiency {:.2})\n\
             total time            {:.3} s\n\
             PE utilization        {} (mean {:.1}%)\n",
            self.step_time_median_s * 1e3,
            self.ideal_step_time_s * 1e3,
            self.step_time_median_s / self.ideal_step_time_s,
            self.sequential_step_time_median_s * 1e3,
            self.parallel_efficiency,
            self.total_time_s,
            util.join(" "),
            self.utilization_mean * 100.0,
        );
        if self.lb != "none" {
            t += &format!(
                "load balancing        {}: {} steps, {} migrations, {} bytes moved\n",
                self.lb, self.lb_steps, self.migrations, self.migrated_bytes
            );
            if let (Some(b), Some(a)) = (self.step_time_before_lb_s, self.step_time_after_lb_s) {
                t += &format!(
                    "step time before/after first LB  {:.3} / {:.3} ms\n",
                    b * 1e3,
                    a * 1e3
                );
            }
        }
        t += &self.grid.table();
        if self.oversubscribed {
            t += "oversubscribed        more PEs than cores: the OS time-slices them\n";
        }
        if let Some(p) = &self.trace {
            t += &format!("trace written to      {p}\n");
        }
        if let Some(p) = &self.lb_dump {
            t += &format!("LB dump written to    {p}\n");
        }
        t
    }
}

//! What every object-runtime app's report says about the run itself
//! ([`RunSummary`]) and about its checkpoints ([`CheckpointSummary`]).

use arts_core::RunReport;
use arts_core::checkpoint::session::Session;
use arts_grid::report::GridReport;
use arts_util::stats::{mean, median};
use serde::Serialize;

use super::{Error, Setup};
use crate::report::{self, LbStepSummary};

/// What every object-runtime app reports about the run itself: PEs, step
/// times against the sequential reference, utilization, load balancing,
/// the grid emulation and the files written (JSON keys are a contract).
#[derive(Serialize)]
pub struct RunSummary {
    /// PEs of the whole run.
    pub pes: u32,
    /// Processes.
    pub processes: u32,
    /// After the first LB step when there is one (the balanced steady state).
    pub step_time_median_s: f64,
    /// The mean step time over the timed window: the window (every step,
    /// the load-balancing steps included) over the steps, s.
    pub step_time_mean_s: f64,
    /// Seconds of the parallel run.
    pub total_time_s: f64,
    /// The sequential reference's median step time.
    pub sequential_step_time_median_s: f64,
    /// The step time of a perfect balance without overhead.
    pub ideal_step_time_s: f64,
    /// Sequential step time / (PEs × parallel step time).
    pub parallel_efficiency: f64,
    /// Busy fraction of each PE.
    pub utilization: Vec<f64>,
    /// Their mean.
    pub utilization_mean: f64,
    /// The load-balancing strategy (`none`).
    pub lb: String,
    /// LB steps taken.
    pub lb_steps: usize,
    /// Elements migrated.
    pub migrations: u64,
    /// Bytes migrated.
    pub migrated_bytes: u64,
    /// Median step time before the first LB step.
    pub step_time_before_lb_s: Option<f64>,
    /// ... and after it.
    pub step_time_after_lb_s: Option<f64>,
    /// One summary per LB step.
    pub lb_history: Vec<LbStepSummary>,
    /// Every step's time.
    pub step_times_s: Vec<f64>,
    /// Where the trace was written.
    pub trace: Option<String>,
    /// Where the LB dump was written.
    pub lb_dump: Option<String>,
    /// The grid part.
    #[serde(flatten)]
    pub grid: GridReport,
    /// More PEs in a process than the machine has cores.
    pub oversubscribed: bool,
    /// Each PE thread on a CPU of its own (`--pin`).
    pub pinned: bool,
}

/// Whether `pes` PEs over `processes` processes put more PEs in a process
/// than this machine has cores (the OS then time-slices them).
pub fn oversubscribed(pes: u32, processes: u32) -> bool {
    let per_process = pes.div_ceil(processes.max(1));
    per_process > std::thread::available_parallelism().map_or(1, |n| n.get() as u32)
}

impl RunSummary {
    /// Writes the run's files and summarizes it. `ideal_step_time_s`: the
    /// step time of a perfect balance without overhead (default: the
    /// sequential step time over the PEs).
    pub fn of(
        setup: &mut Setup,
        report: &RunReport,
        (step_times, total_time_s): (&[f64], f64),
        sequential_step_times: &[f64],
        ideal_step_time_s: Option<f64>,
    ) -> Result<RunSummary, Error> {
        let pes = setup.config.pes;
        let root = setup.job.is_root();
        let timing = (step_times.len(), total_time_s);
        setup.outputs.write(report, pes, timing, root)?;
        let steps = report.lb_steps();
        let period = setup.config.lb.as_ref().map(|l| l.period);
        let split = report::lb_split(step_times, period, steps.len());
        let step_time = split.after.unwrap_or_else(|| median(step_times));
        let seq_step = median(sequential_step_times);
        let utilization = report.utilization();
        Ok(RunSummary {
            pes,
            processes: report.processes,
            step_time_median_s: step_time,
            step_time_mean_s: report::step_time_mean(step_times),
            total_time_s,
            sequential_step_time_median_s: seq_step,
            ideal_step_time_s: ideal_step_time_s.unwrap_or(seq_step / pes as f64),
            parallel_efficiency: seq_step / (pes as f64 * step_time),
            utilization_mean: mean(&utilization),
            utilization,
            lb: setup.strategy.clone(),
            lb_steps: steps.len(),
            migrations: steps.iter().map(|s| s.migrations).sum(),
            migrated_bytes: steps.iter().map(|s| s.migrated_bytes).sum(),
            step_time_before_lb_s: split.before,
            step_time_after_lb_s: split.after,
            lb_history: steps.iter().map(LbStepSummary::from).collect(),
            step_times_s: step_times.to_vec(),
            trace: setup.outputs.trace_path(),
            lb_dump: setup.outputs.dump_path(),
            oversubscribed: oversubscribed(pes, report.processes),
            pinned: setup.pinned,
            grid: GridReport::of(std::mem::take(&mut setup.grid), report),
        })
    }

    /// The table lines every app prints about the run.
    pub fn table(&self) -> String {
        let util: Vec<String> = self
            .utilization
            .iter()
            .map(|u| format!("{:.0}%", u * 100.0))
            .collect();
        let mut t = format!(
            "step time (median)    {:.3} ms   (ideal {:.3} ms, ratio {:.3}; sequential {:.3} ms, efficiency {:.2})\n\
             step time (mean)      {:.3} ms   (the timed window over the steps, LB steps included)\n\
             total time            {:.3} s\n\
             PE utilization        {} (mean {:.1}%)\n",
            self.step_time_median_s * 1e3,
            self.ideal_step_time_s * 1e3,
            self.step_time_median_s / self.ideal_step_time_s,
            self.sequential_step_time_median_s * 1e3,
            self.parallel_efficiency,
            self.step_time_mean_s * 1e3,
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

/// The checkpoints of a run (flattened into its JSON report).
#[derive(Serialize)]
pub struct CheckpointSummary {
    /// Where the run wrote its checkpoints (`null`: it did not checkpoint).
    pub checkpoint_dir: Option<String>,
    /// Checkpoints written.
    pub checkpoints: usize,
    /// The step a restarted run continued from (`null`: not a restart).
    pub resumed_from_step: Option<u32>,
    /// The run stopped after this step on SIGTERM, right after checkpointing
    /// it (`--checkpoint-on-term`); `null` when it ran to the end. A stopped
    /// run is not validated (`valid` is false).
    pub stopped_at_step: Option<u32>,
    /// The sequential reference was read from the checkpoint root (kept
    /// there by an earlier attempt of this run), not computed again.
    pub reference_reused: bool,
}

impl CheckpointSummary {
    /// The summary of a run of `session` before it ran.
    pub fn of<S>(session: &Session<S>) -> Self {
        CheckpointSummary {
            checkpoint_dir: session.save.as_ref().map(|s| s.dir.display().to_string()),
            checkpoints: 0,
            resumed_from_step: session.resume.as_ref().map(|r| r.step),
            stopped_at_step: None,
            reference_reused: false,
        }
    }

    /// The summary once the run wrote `checkpoints` and stopped after
    /// `stopped_at_step`, if it did.
    pub fn after(self, checkpoints: usize, stopped_at_step: Option<u32>) -> Self {
        CheckpointSummary {
            checkpoints,
            stopped_at_step,
            ..self
        }
    }

    /// The table lines: checkpoints, the step restarted from, the stop.
    pub fn lines(&self) -> String {
        let mut t = String::new();
        if let Some(dir) = &self.checkpoint_dir {
            t += &format!("checkpoints           {} in {dir}\n", self.checkpoints);
        }
        if let Some(s) = self.resumed_from_step {
            t += &format!("restarted after step  {s}\n");
        }
        t + &reference_and_stop_lines(self.reference_reused, self.stopped_at_step)
    }

    /// The step after which the run stopped with its checkpoints in the
    /// directory, if it did.
    pub fn stopped(&self) -> Option<(u32, &str)> {
        Some((self.stopped_at_step?, self.checkpoint_dir.as_deref()?))
    }
}

/// The table lines on a reference read back and a run stopped on SIGTERM.
pub(super) fn reference_and_stop_lines(reused: bool, stopped: Option<u32>) -> String {
    let mut t = String::new();
    if reused {
        t += "reference             read from the checkpoint root, not recomputed\n";
    }
    if let Some(s) = stopped {
        t += &format!("stopped after step    {s} (SIGTERM), not validated\n");
    }
    t
}

/// A report that the CLI prints and that may fail the command.
pub trait Verdict {
    /// The human-readable table.
    fn table(&self) -> String;
    /// The step after which the run stopped with its checkpoints in the
    /// directory, if it did: it succeeds unvalidated.
    fn stopped(&self) -> Option<(u32, &str)>;
    /// Why the result is not valid, if it is not.
    fn invalid(&self) -> Option<String>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoint_lines_say_what_the_run_did() {
        let s = CheckpointSummary {
            checkpoint_dir: Some("ck".into()),
            checkpoints: 2,
            resumed_from_step: Some(4),
            stopped_at_step: Some(6),
            reference_reused: true,
        };
        assert_eq!(
            s.lines(),
            "checkpoints           2 in ck\nrestarted after step  4\n\
             reference             read from the checkpoint root, not recomputed\n\
             stopped after step    6 (SIGTERM), not validated\n"
        );
        assert_eq!(s.stopped(), Some((6, "ck")));
        let none = CheckpointSummary {
            checkpoint_dir: None,
            ..s
        };
        assert_eq!(none.stopped(), None);
    }

    #[test]
    fn more_pes_than_cores_in_a_process_is_oversubscribed() {
        assert!(!oversubscribed(1, 1));
        assert!(oversubscribed(u32::MAX, 1));
        assert!(!oversubscribed(4, 4));
    }
}

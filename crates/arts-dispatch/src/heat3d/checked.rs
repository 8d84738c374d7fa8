//! `arts run heat3d` as one call: a run on an executor checked bit for bit
//! against the sequential reference, and its report.

use serde::Serialize;

use super::{HeatConfig, HeatError, Mode, run_mode, run_reference};
use arts_util::stats::{mean_s, median_s};

/// A checked heat3d run (the JSON of `arts run heat3d`; the keys are a
/// contract: add, never rename).
#[derive(Clone, Debug, Serialize)]
pub struct Heat3dReport {
    app: &'static str,
    mode: String,
    /// Worker threads.
    pub threads: usize,
    /// Cores used (= threads; `run heat3d-mpi` reports its processes here).
    pub cores: usize,
    /// Nodes per grid edge.
    pub n: usize,
    /// Time steps.
    pub steps: usize,
    alpha: f64,
    block: String,
    shape: String,
    points_per_task: usize,
    /// Tasks (domains) per step.
    pub tasks_per_step: usize,
    tasks_per_worker: Vec<u64>,
    /// Median wall time of a step, s.
    pub step_time_median_s: f64,
    step_time_mean_s: f64,
    total_time_s: f64,
    /// Median wall time of a sequential step, s.
    pub sequential_step_time_median_s: f64,
    /// Sequential over parallel median step time.
    pub speedup_vs_sequential: f64,
    checksum: f64,
    /// Whether the grid equals the sequential reference's bit for bit.
    pub valid: bool,
    load_average: Option<f64>,
}

/// Runs `cfg` with `mode` on `threads` workers (pinned with `pin`), then
/// the sequential reference, and compares them; `step` is called after
/// each of the two runs.
pub fn run_checked(
    cfg: &HeatConfig,
    mode: Mode,
    threads: usize,
    pin: bool,
    step: &dyn Fn(),
) -> Result<Heat3dReport, HeatError> {
    cfg.validate()?;
    let run = run_mode(cfg, mode, threads, pin)?;
    step();
    let (reference, ref_times) = run_reference(cfg.n, cfg.steps, cfg.alpha);
    step();
    let median = median_s(&run.step_times);
    let seq_median = median_s(&ref_times);
    Ok(Heat3dReport {
        app: "heat3d",
        mode: mode.to_string(),
        threads,
        cores: threads,
        n: cfg.n,
        steps: cfg.steps,
        alpha: cfg.alpha,
        block: cfg.block.to_string(),
        shape: cfg.shape.to_string(),
        points_per_task: cfg.block.volume(),
        tasks_per_step: run.tasks_per_step,
        tasks_per_worker: run.tasks_per_worker,
        step_time_median_s: median,
        step_time_mean_s: mean_s(&run.step_times),
        total_time_s: run.step_times.iter().map(|d| d.as_secs_f64()).sum::<f64>(),
        sequential_step_time_median_s: seq_median,
        speedup_vs_sequential: seq_median / median,
        checksum: run.field.checksum(),
        valid: run.field.bits_equal(&reference),
        load_average: arts_util::host::load_average(),
    })
}

impl Heat3dReport {
    /// The short table `arts run heat3d` prints without `--json`.
    pub fn table(&self) -> String {
        format!(
            "heat3d {n}³, {steps} steps, {mode} on {threads} threads, {shape} {block} ({tasks} tasks/step)\n\
             step time median  {:>10.3} ms   (sequential {:.3} ms, speed-up {:.2})\n\
             valid             {valid}\n",
            self.step_time_median_s * 1e3,
            self.sequential_step_time_median_s * 1e3,
            self.speedup_vs_sequential,
            n = self.n,
            steps = self.steps,
            mode = self.mode,
            threads = self.threads,
            shape = self.shape,
            block = self.block,
            tasks = self.tasks_per_step,
            valid = self.valid,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heat3d::{Block, Shape};

    #[test]
    fn a_checked_run_is_valid_and_reports_its_configuration() {
        let cfg = HeatConfig {
            n: 12,
            steps: 3,
            alpha: 0.1,
            block: Block::cube(4),
            shape: Shape::Cube,
        };
        let steps = std::cell::Cell::new(0);
        let r = run_checked(&cfg, Mode::HDispatch, 2, false, &|| {
            steps.set(steps.get() + 1)
        })
        .unwrap();
        assert_eq!(steps.get(), 2);
        assert!(r.valid);
        assert_eq!((r.n, r.steps, r.threads, r.tasks_per_step), (12, 3, 2, 27));
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["app"], "heat3d");
        assert_eq!(json["points_per_task"], 64);
        assert!(r.table().contains("valid             true"));
        let bad = HeatConfig { n: 1, ..cfg };
        assert!(run_checked(&bad, Mode::Static, 2, false, &|| {}).is_err());
    }
}

//! Interference study: a busy thread monopolizes one CPU for part of the run;
//! per-step times of H-Dispatch and of the static partition are recorded.
//! Static partition waits at its barrier for the worker that shares the busy
//! CPU; H-Dispatch hands the remaining domains to the worker that is running.

use std::sync::atomic::Ordering::Relaxed;

use super::busy::BusyThread;
use super::{DispatchStudyError, reference_field};
use arts_dispatch::heat3d::{HeatConfig, run_executor_with_hook};
use arts_dispatch::{Dispatcher, StaticPartition};
use arts_util::chart::{Band, Chart, Series};
use arts_util::stats::{mean_s, median_s};

/// What to run.
#[derive(Clone, Debug)]
pub struct InterferenceConfig {
    /// The heat problem (its `steps` is ignored; see the three step counts).
    pub heat: HeatConfig,
    /// Worker threads.
    pub threads: usize,
    /// Steps before the busy thread starts.
    pub steps_before: usize,
    /// Steps with the busy thread spinning.
    pub steps_busy: usize,
    /// Steps after it stops.
    pub steps_after: usize,
    /// CPU the busy thread is pinned to.
    pub busy_cpu: usize,
    /// Pin worker `w` to CPU `w` (so exactly one worker shares the busy CPU).
    pub pin_workers: bool,
    /// Idle policy of the H-Dispatch workers.
    pub policy: arts_dispatch::WaitPolicy,
    /// Alternating repetitions (H-Dispatch, static, H-Dispatch, ...); the
    /// per-step rows come from the first, the summaries from all.
    pub reps: usize,
}

/// Per-step times and their summary.
#[derive(Clone, Debug)]
pub struct InterferenceResult {
    /// `(step, hdispatch_s, static_s, busy)` for every step.
    pub rows: Vec<(usize, f64, f64, bool)>,
    /// Mean step time while busy (busy-window time / steps): H-Dispatch.
    pub hdispatch_busy_s: f64,
    /// Mean step time while busy: static partition.
    pub static_busy_s: f64,
    /// Median step time while busy: H-Dispatch.
    pub hdispatch_busy_median_s: f64,
    /// Median step time while busy: static partition.
    pub static_busy_median_s: f64,
    /// Median step time without the busy thread: H-Dispatch (NaN if none).
    pub hdispatch_free_s: f64,
    /// Median step time without the busy thread: static partition (NaN if none).
    pub static_free_s: f64,
    /// `hdispatch_busy_s / static_busy_s` (means: stalls count in full).
    pub ratio: f64,
    /// The same ratio of medians.
    pub median_ratio: f64,
    /// Tasks per worker over the run, H-Dispatch.
    pub hdispatch_tasks_per_worker: Vec<u64>,
    /// Tasks per worker over the run, static partition.
    pub static_tasks_per_worker: Vec<u64>,
    /// Whether the busy thread could be pinned.
    pub busy_pinned: bool,
    /// Both results equal the sequential reference.
    pub valid: bool,
}

/// Runs the study: H-Dispatch first, then static partition, same busy window.
pub fn interference(cfg: &InterferenceConfig) -> Result<InterferenceResult, DispatchStudyError> {
    let steps = cfg.steps_before + cfg.steps_busy + cfg.steps_after;
    let heat = HeatConfig { steps, ..cfg.heat };
    let reference = reference_field(&heat);
    let busy = BusyThread::start(cfg.busy_cpu);
    let window = cfg.steps_before..cfg.steps_before + cfg.steps_busy;
    let run = |which: &str| {
        let flag = busy.flag();
        let w = window.clone();
        let hook = move |step: usize| flag.store(w.contains(&step), Relaxed);
        let r = if which == "hdispatch" {
            let ex = Dispatcher::new(cfg.threads)?
                .with_pinning(cfg.pin_workers)
                .with_idle_policy(cfg.policy);
            run_executor_with_hook(&heat, &ex, hook)
        } else {
            let ex = StaticPartition::new(cfg.threads)?.with_pinning(cfg.pin_workers);
            run_executor_with_hook(&heat, &ex, hook)
        };
        busy.set_active(false);
        r.map_err(DispatchStudyError::from)
    };
    let mut hd_runs = Vec::new();
    let mut st_runs = Vec::new();
    for _ in 0..cfg.reps.max(1) {
        hd_runs.push(run("hdispatch")?);
        st_runs.push(run("static")?);
    }
    let valid = hd_runs
        .iter()
        .chain(&st_runs)
        .all(|r| r.field.bits_equal(&reference));
    if !valid {
        return Err(DispatchStudyError::Invalid("interference run".into()));
    }
    let pick =
        |runs: &[arts_dispatch::heat3d::HeatRun], inside: bool| -> Vec<std::time::Duration> {
            runs.iter()
                .flat_map(|r| r.step_times.iter().enumerate())
                .filter(|(i, _)| window.contains(i) == inside)
                .map(|(_, t)| *t)
                .collect()
        };
    let med = |v: Vec<std::time::Duration>| if v.is_empty() { f64::NAN } else { median_s(&v) };
    let (hd, st) = (&hd_runs[0], &st_runs[0]);
    let rows = (0..steps)
        .map(|i| {
            (
                i,
                hd.step_times[i].as_secs_f64(),
                st.step_times[i].as_secs_f64(),
                window.contains(&i),
            )
        })
        .collect();
    let (hb, sb) = (mean_s(&pick(&hd_runs, true)), mean_s(&pick(&st_runs, true)));
    let (hm, sm) = (med(pick(&hd_runs, true)), med(pick(&st_runs, true)));
    let sum = |runs: &[arts_dispatch::heat3d::HeatRun]| {
        let mut v = vec![0u64; cfg.threads];
        for r in runs {
            for (a, b) in v.iter_mut().zip(&r.tasks_per_worker) {
                *a += b;
            }
        }
        v
    };
    Ok(InterferenceResult {
        rows,
        hdispatch_busy_s: hb,
        static_busy_s: sb,
        hdispatch_busy_median_s: hm,
        static_busy_median_s: sm,
        hdispatch_free_s: med(pick(&hd_runs, false)),
        static_free_s: med(pick(&st_runs, false)),
        ratio: hb / sb,
        median_ratio: hm / sm,
        hdispatch_tasks_per_worker: sum(&hd_runs),
        static_tasks_per_worker: sum(&st_runs),
        busy_pinned: busy.pinned,
        valid,
    })
}

impl InterferenceResult {
    /// One CSV line per step.
    pub fn csv(&self) -> String {
        arts_util::chart::csv_text(
            &[
                "step",
                "hdispatch_step_s",
                "static_step_s",
                "core_monopolized",
            ],
            self.rows.iter().map(|(i, h, s, b)| {
                vec![
                    i.to_string(),
                    format!("{h:.9}"),
                    format!("{s:.9}"),
                    u8::from(*b).to_string(),
                ]
            }),
        )
    }

    /// Step time against step, with the busy window shaded.
    pub fn svg(&self) -> std::io::Result<String> {
        let first = self.rows.iter().find(|r| r.3).map_or(0.0, |r| r.0 as f64);
        let last = self
            .rows
            .iter()
            .rev()
            .find(|r| r.3)
            .map_or(0.0, |r| r.0 as f64 + 1.0);
        let ms = |f: fn(&(usize, f64, f64, bool)) -> f64| {
            self.rows.iter().map(|r| (r.0 as f64, f(r) * 1e3)).collect()
        };
        let top = self
            .rows
            .iter()
            .map(|r| r.1.max(r.2) * 1e3)
            .fold(0.0, f64::max);
        Chart {
            title: format!(
                "Step time with one core monopolized (H-Dispatch / static = {:.2})",
                self.ratio
            ),
            x_label: "step".into(),
            y_label: "step time (ms)".into(),
            log_x: false,
            reference: Vec::new(),
            series: vec![
                Series {
                    name: "H-Dispatch".into(),
                    points: ms(|r| r.1),
                },
                Series {
                    name: "static partition".into(),
                    points: ms(|r| r.2),
                },
            ],
            band: Some(Band {
                from: first,
                to: last,
                label: "busy thread on one core".into(),
            }),
            y_range: Some((
                0.0,
                top.min(20.0 * self.static_busy_s.max(self.hdispatch_busy_s) * 1e3)
                    .max(1e-3),
            )),
        }
        .svg()
    }
}

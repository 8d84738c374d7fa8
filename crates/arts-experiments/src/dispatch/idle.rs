//! Idle-policy study: what spinning, yielding and parking cost. Three cases:
//! more workers than CPUs (heat3d step time), idle CPU burn (one long task per
//! step: CPU time of the process / wall time) and step turnaround (one empty
//! task per step: time per step, dominated by waking the workers).

use std::time::Instant;

use super::{DispatchStudyError, reference_field};
use arts_dispatch::Executor;
use arts_dispatch::heat3d::{HeatConfig, run_executor};
use arts_dispatch::{Dispatcher, WaitPolicy};
use arts_util::stats::median_s;

/// The policies compared.
pub const POLICIES: [(&str, WaitPolicy); 3] = [
    ("default", WaitPolicy::DEFAULT),
    ("spin", WaitPolicy::SPIN),
    ("park", WaitPolicy::PARK_AT_ONCE),
];

/// One policy's measurements.
#[derive(Clone, Debug, PartialEq)]
pub struct IdleRow {
    /// Policy name.
    pub policy: &'static str,
    /// heat3d median step time with `oversub_threads` workers (s).
    pub oversubscribed_step_s: f64,
    /// Process CPU seconds per wall second with one 1 ms task per step on 2 workers.
    pub cpu_per_wall: f64,
    /// Median step time with one empty task per step on 2 workers (s).
    pub turnaround_s: f64,
}

/// CPU time of this process, seconds.
pub fn process_cpu_s() -> f64 {
    // SAFETY: `ts` is a plain struct written by the call.
    unsafe {
        let mut ts: libc::timespec = std::mem::zeroed();
        libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts);
        ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
    }
}

/// Runs the three cases for every policy. `heat` is the oversubscription
/// problem, run with `oversub_threads` workers.
pub fn idle_study(
    heat: &HeatConfig,
    oversub_threads: usize,
) -> Result<Vec<IdleRow>, DispatchStudyError> {
    let reference = reference_field(heat);
    let mut rows = Vec::new();
    for (name, policy) in POLICIES {
        let d = Dispatcher::new(oversub_threads)?.with_idle_policy(policy);
        let run = run_executor(heat, &d)?;
        if !run.field.bits_equal(&reference) {
            return Err(DispatchStudyError::Invalid(format!("idle study ({name})")));
        }
        let oversub = median_s(&run.step_times);

        let d2 = Dispatcher::new(2)?.with_idle_policy(policy);
        let (c0, t0) = (process_cpu_s(), Instant::now());
        d2.run(
            40,
            |_| (),
            |feed| feed.push(()),
            |_, _, _| {
                let t = Instant::now();
                while t.elapsed().as_micros() < 1000 {
                    std::hint::spin_loop();
                }
            },
        )?;
        let cpu_per_wall = (process_cpu_s() - c0) / t0.elapsed().as_secs_f64();

        let rep = d2.run(2000, |_| (), |feed| feed.push(()), |_, _, _| {})?;
        rows.push(IdleRow {
            policy: name,
            oversubscribed_step_s: oversub,
            cpu_per_wall,
            turnaround_s: median_s(&rep.step_times[1..]),
        });
    }
    Ok(rows)
}

/// CSV of the idle study.
pub fn idle_csv(rows: &[IdleRow], oversub_threads: usize) -> String {
    arts_util::chart::csv_text(
        &[
            "policy",
            "oversubscribed_threads",
            "oversubscribed_step_s",
            "cpu_per_wall_one_task",
            "turnaround_step_s",
        ],
        rows.iter().map(|r| {
            vec![
                r.policy.to_string(),
                oversub_threads.to_string(),
                format!("{:.9}", r.oversubscribed_step_s),
                format!("{:.3}", r.cpu_per_wall),
                format!("{:.9}", r.turnaround_s),
            ]
        }),
    )
}

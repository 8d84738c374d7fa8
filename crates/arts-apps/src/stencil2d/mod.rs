//! The 2-D stencil engine behind Jacobi2D, `hotspot` and `zones`: a grid
//! with a fixed boundary, cut by a [`Layout`] into a 2-D array of blocks
//! (objects) that exchange ghost rows and columns by messages every step,
//! apply a [`Kernel`] `sweeps` times, and reduce the residual.
//!
//! [`sequential`] runs the same problem on one thread without the runtime;
//! [`run`] runs it on the runtime (optionally joining load balancing every
//! step with `at_sync`) and checks the final grid against the reference.

mod block;
mod kernel;
mod layout;
mod reference;
pub mod saved_state;

use std::sync::Arc;
use std::time::Instant;

use arts_core::{Config, Driver, Map, RunError, RunReport, Shape};
use saved_state::{MainState, Session};

use arts_core::checkpoint::hold::{self, Holder};
pub use arts_core::checkpoint::writer::CheckpointStats;
use arts_core::checkpoint::writer::Writer;

pub use block::{Block, StencilMsg, StencilTag};
pub use kernel::{Kernel, Plain, sweep_rows};
pub use layout::{Layout, LayoutError, split};
pub use reference::{Reference, initial_field, sequential, step_band};

use arts_util::stats::median;

/// A complete stencil problem.
#[derive(Clone, Debug)]
pub struct Problem<K> {
    /// How the grid is cut into blocks.
    pub layout: Layout,
    /// Number of steps.
    pub iters: u32,
    /// Kernel applications per step (ghosts are exchanged once per step).
    pub sweeps: u32,
    /// The update rule.
    pub kernel: K,
}

impl<K> Problem<K> {
    /// Row stride of the full grid (interior columns plus the halo).
    pub fn stride(&self) -> usize {
        self.layout.cols() + 2
    }

    /// The bytes a run allocates, estimated before allocating: every block
    /// keeps two halo-padded copies of its values, and the sequential
    /// reference (when validating) two of the whole grid. Saturates instead
    /// of overflowing.
    pub fn memory_bytes(&self, with_reference: bool) -> u64 {
        use arts_core::limits::mul;
        let (ox, oy) = self.layout.objects();
        let (rows, cols) = (self.layout.rows() as u64, self.layout.cols() as u64);
        // Sum over blocks of (r + 2)(c + 2) = grid + halo rows and columns.
        let padded = mul(&[rows, cols])
            .saturating_add(mul(&[2, oy as u64, rows]))
            .saturating_add(mul(&[2, ox as u64, cols]))
            .saturating_add(mul(&[4, ox as u64, oy as u64]));
        let blocks = mul(&[2, 8, padded]);
        let reference = if with_reference {
            mul(&[2, 8, rows.saturating_add(2), cols.saturating_add(2)])
        } else {
            0
        };
        blocks.saturating_add(reference)
    }
}

/// Value of the fixed boundary at full-grid row `r` (row 0 is the top boundary).
pub fn boundary(r: usize) -> f64 {
    if r == 0 { 1.0 } else { 0.0 }
}

/// Read-only data shared by all blocks of a run.
pub struct StencilInit<K> {
    /// The problem.
    pub problem: Problem<K>,
    /// The sequential result to validate against (if any).
    pub reference: Option<Arc<Reference>>,
    /// Call `at_sync` after every step (load balancing decides what happens).
    pub sync_every_step: bool,
    /// Pause after every this many steps for a checkpoint (0: never).
    pub checkpoint_every: u32,
}

/// What a parallel run produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Residual of each step.
    pub residuals: Vec<f64>,
    /// Time of each step, seconds: from the end of the previous step (the
    /// first: from the start) to the moment the last block finished it.
    pub step_times: Vec<f64>,
    /// Time from start to the last residual, seconds.
    pub total_time_s: f64,
    /// Largest absolute difference to the reference (0 without one).
    pub max_diff: f64,
    /// The runtime's report (utilization, load balancing, traces).
    pub report: RunReport,
    /// What checkpointing cost (empty without checkpoints).
    pub checkpoints: CheckpointStats,
    /// The run stopped after this many steps, right after an on-demand
    /// checkpoint asked to stop ([`arts_core::checkpoint::hold::OnDemand::checkpoint_and_stop`]);
    /// `max_diff` is then NaN (nothing was validated).
    pub stopped_at: Option<u32>,
}

impl Outcome {
    /// Median step time, seconds.
    pub fn step_time_median_s(&self) -> f64 {
        median(&self.step_times)
    }

    /// Total time spent in entry methods on all PEs, divided by the number of
    /// PEs and steps: the step time of a perfect balance with no overhead.
    pub fn ideal_step_time_s(&self) -> f64 {
        let entry: u64 = self.report.pes.iter().map(|p| p.counters.entry_ns).sum();
        let steps = self.step_times.len().max(1);
        entry as f64 * 1e-9 / self.report.pes.len() as f64 / steps as f64
    }

    /// Mean over PEs of the fraction of time spent in entry methods.
    pub fn utilization_mean(&self) -> f64 {
        let u = self.report.utilization();
        u.iter().sum::<f64>() / u.len().max(1) as f64
    }
}

/// Runs `problem` on the runtime, its blocks named `name` and placed by `map`.
pub fn run<K: Kernel>(
    name: &str,
    problem: &Problem<K>,
    config: &Config,
    map: Map,
    reference: Option<Arc<Reference>>,
) -> Result<Outcome, RunError> {
    run_session(name, problem, config, map, reference, Session::default())
}

/// What the main program of a stencil run returns.
struct MainResult {
    /// Residuals and step times of the steps done.
    state: MainState,
    /// Seconds from the start to the last step's result.
    total_time_s: f64,
    /// Largest difference to the reference (NaN when stopped early).
    max_diff: f64,
    /// What checkpointing cost.
    checkpoints: CheckpointStats,
    /// The step the run stopped at when asked to.
    stopped_at: Option<u32>,
}

/// [`run`], checkpointing and/or resuming from a checkpoint as `session` says.
pub fn run_session<K: Kernel>(
    name: &str,
    problem: &Problem<K>,
    config: &Config,
    map: Map,
    reference: Option<Arc<Reference>>,
    session: Session,
) -> Result<Outcome, RunError> {
    let init = StencilInit {
        problem: problem.clone(),
        reference,
        sync_every_step: config
            .lb
            .as_ref()
            .is_some_and(arts_core::LbConfig::at_sync_points),
        checkpoint_every: session.save.as_ref().map_or(0, |c| c.plan.every),
    };
    let (objs_x, objs_y) = problem.layout.objects();
    let main = |d: &mut Driver| -> Result<MainResult, RunError> {
        let shape = Shape::d2(objs_x, objs_y);
        let (blocks, first, mut state) = match &session.resume {
            Some(r) => {
                let blocks = d.restore_array::<Block<K>>(name, &r.image, map, init)?;
                (blocks, r.step, r.state.clone())
            }
            None => {
                let blocks = d.create_array::<Block<K>>(name, shape, map, init);
                (blocks, 0, MainState::default())
            }
        };
        d.wait_quiescence()?; // creation done: time only the steps
        let start = Instant::now();
        let first_msg = match session.resume {
            Some(_) => StencilMsg::Resume,
            None => StencilMsg::Start,
        };
        d.broadcast(&blocks, first_msg);
        let mut last_end = None;
        let background = session.save.as_ref().is_some_and(|c| c.plan.background);
        let mut writer = Writer::new(background);
        let every_seconds = session.save.as_ref().and_then(|c| c.plan.every_seconds);
        let elements = objs_x as u64 * objs_y as u64;
        let on_demand = session.on_demand.as_ref();
        let requests = session.save.as_ref().and(on_demand);
        let mut holder = Holder::new(d, "stencil-hold", elements, requests, every_seconds);
        let mut stopped_at = None;
        let mut progress =
            arts_util::progress::Steps::begin("steps", problem.iters.saturating_sub(first).into());
        for it in first..problem.iters {
            let step: Vec<f64> = d.wait_callback(StencilTag::Step(it))?;
            progress.step();
            let began = Instant::now();
            let [residual, end, minus_start] = step[..] else {
                return Err(RunError::Internal("a step result has 3 values".into()));
            };
            state.residuals.push(residual);
            state
                .step_times
                .push(end - last_end.unwrap_or(-minus_start));
            last_end = Some(end);
            let done = it + 1;
            let Some(plan) = session.save.as_ref() else {
                continue;
            };
            let on_demand = holder.after_step(d, done, (0, problem.iters), |d, m| {
                hold::each(d, &blocks, StencilMsg::Hold(m))
            })?;
            if (on_demand.is_some() || done.is_multiple_of(plan.plan.every)) && done < problem.iters
            {
                let stop = on_demand == Some(true);
                let go_on = |d: &mut Driver| {
                    if !stop {
                        d.broadcast(&blocks, StencilMsg::Resume);
                    }
                };
                saved_state::take(
                    d,
                    &mut writer,
                    &blocks,
                    plan,
                    (done, &state),
                    (began, go_on),
                )?;
                holder.checkpointed();
                if stop {
                    stopped_at = Some(done);
                    break;
                }
            }
        }
        let total_time_s = start.elapsed().as_secs_f64();
        let max_diff = match stopped_at {
            Some(_) => f64::NAN,
            None => d.wait_callback(StencilTag::Validate)?,
        };
        Ok(MainResult {
            state,
            total_time_s,
            max_diff,
            checkpoints: writer.into_stats(),
            stopped_at,
        })
    };
    let (result, report) = arts_core::run(config, main)?;
    let m = result?;
    Ok(Outcome {
        residuals: m.state.residuals,
        step_times: m.state.step_times,
        total_time_s: m.total_time_s,
        max_diff: m.max_diff,
        report,
        checkpoints: m.checkpoints,
        stopped_at: m.stopped_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(problem: Problem<Plain>, pes: u32, map: Map) {
        let r = Arc::new(sequential(&problem));
        let cfg = Config {
            pes,
            ..Config::default()
        };
        let out = run("t", &problem, &cfg, map, Some(r.clone())).unwrap();
        assert_eq!(out.max_diff, 0.0);
        assert_eq!(out.residuals, r.residuals);
    }

    /// The plain kernel, plus a fixed sleep per sweep.
    #[derive(Clone)]
    struct Slow(std::time::Duration);

    impl Kernel for Slow {
        fn sweep(
            &self,
            cur: &[f64],
            out: &mut [f64],
            stride: usize,
            row0: usize,
            cols: usize,
            origin: (usize, usize),
            iter: u32,
        ) -> f64 {
            std::thread::sleep(self.0);
            Plain.sweep(cur, out, stride, row0, cols, origin, iter)
        }
    }

    #[test]
    fn step_times_are_the_time_each_step_takes() {
        // One PE, two blocks, 3 ms per block and step: every step takes
        // >= 6 ms, however the results reach the main program.
        let layout = Layout::uniform(16, 16, 2, 1).unwrap();
        let sleep = std::time::Duration::from_millis(3);
        let p = Problem {
            layout,
            iters: 8,
            sweeps: 1,
            kernel: Slow(sleep),
        };
        let cfg = Config {
            pes: 1,
            ..Config::default()
        };
        let out = run("slow", &p, &cfg, Map::Block, None).unwrap();
        assert_eq!(out.step_times.len(), 8);
        for (i, t) in out.step_times.iter().enumerate() {
            assert!(*t >= 0.006 && *t < 0.5, "step {i} took {t} s");
        }
        let sum: f64 = out.step_times.iter().sum();
        assert!(
            sum <= out.total_time_s + 1e-3,
            "{sum} > {}",
            out.total_time_s
        );
    }

    #[test]
    fn memory_estimates_count_blocks_halos_and_the_reference() {
        let p = Problem {
            layout: Layout::uniform(100, 50, 2, 5).unwrap(),
            iters: 1,
            sweeps: 1,
            kernel: Plain,
        };
        // 10 blocks of 50x10 interior points, each padded to 52x12, twice.
        assert_eq!(p.memory_bytes(false), 10 * 52 * 12 * 2 * 8);
        assert_eq!(
            p.memory_bytes(true),
            10 * 52 * 12 * 2 * 8 + 102 * 52 * 2 * 8
        );
        let huge = Problem {
            layout: Layout::uniform(1 << 40, 1 << 40, 1, 1).unwrap(),
            ..p
        };
        assert_eq!(huge.memory_bytes(true), u64::MAX);
    }

    #[test]
    fn uniform_and_uneven_layouts_match_reference() {
        let layout = Layout::uniform(37, 23, 4, 3).unwrap();
        let p = Problem {
            layout,
            iters: 9,
            sweeps: 1,
            kernel: Plain,
        };
        check(p, 2, Map::Block);
        let layout = Layout::new(vec![0, 3, 10, 30], vec![0, 5, 6, 20]).unwrap();
        let p = Problem {
            layout,
            iters: 7,
            sweeps: 3,
            kernel: Plain,
        };
        check(p, 3, Map::RoundRobin);
    }
}

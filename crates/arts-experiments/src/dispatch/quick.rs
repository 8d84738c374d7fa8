//! The quick headline run of `arts bench dispatch`: efficiency on 2 threads at
//! the best block, the ratio to rayon, dispatch overhead, allocations per task
//! and the interference ratio, all measured in one run.

use super::interference::{InterferenceConfig, interference};
use super::overhead::{allocations_per_task, dispatch_overhead, spawn_overhead};
use super::{DispatchStudyError, reference_field, timed_heat};
use arts_dispatch::heat3d::{Block, HeatConfig, Mode, Shape};
use arts_dispatch::{Dispatcher, ScatterGather};

/// Settings of the quick run.
#[derive(Clone, Debug)]
pub struct QuickConfig {
    /// Grid edge.
    pub n: usize,
    /// Steps per heat run.
    pub steps: usize,
    /// Repetitions of each heat configuration (interleaved; best median kept).
    pub reps: usize,
    /// Parallel thread count (the "2" of `efficiency_2_threads`).
    pub threads: usize,
    /// Candidate domains for "best block".
    pub candidates: Vec<(Shape, Block)>,
    /// Empty tasks per step for the overhead measurement.
    pub overhead_tasks: u32,
    /// Steps of the interference run while the core is monopolized.
    pub interference_steps: usize,
}

impl QuickConfig {
    /// Defaults that finish well under a minute on the 2-core test machine.
    pub fn default_for(threads: usize) -> QuickConfig {
        let n = 100;
        QuickConfig {
            n,
            steps: 30,
            reps: 3,
            threads,
            candidates: vec![
                (Shape::Cube, Block::cube(13)),
                (Shape::Cube, Block::cube(25)),
                (
                    Shape::Cube,
                    Block {
                        x: 100,
                        y: 10,
                        z: 10,
                    },
                ),
                (
                    Shape::Rows,
                    Block {
                        x: 100,
                        y: 10,
                        z: 1,
                    },
                ),
                (
                    Shape::Rows,
                    Block {
                        x: 100,
                        y: 100,
                        z: 1,
                    },
                ),
            ],
            overhead_tasks: 100_000,
            interference_steps: 150,
        }
    }
}

/// The headline figures.
#[derive(Clone, Debug)]
pub struct QuickResult {
    /// Best candidate domain shape.
    pub best_shape: Shape,
    /// Best candidate block.
    pub best_block: Block,
    /// H-Dispatch median step time, 1 thread, best block (s).
    pub step_time_1_thread_s: f64,
    /// H-Dispatch median step time, `threads` threads, best block (s).
    pub step_time_threads_s: f64,
    /// rayon median step time on `threads` threads (s).
    pub rayon_step_time_s: f64,
    /// Sequential reference median step time (s).
    pub sequential_step_time_s: f64,
    /// Static partition, `threads` threads, best block (s).
    pub static_step_time_s: f64,
    /// Scatter-gather, `threads` threads, best block (s).
    pub scatter_step_time_s: f64,
    /// `t1 / (threads · tT)`.
    pub efficiency: f64,
    /// `tT / rayon`.
    pub vs_rayon_ratio: f64,
    /// Empty-task dispatch: worker CPU ns per task on `threads` threads.
    pub dispatch_overhead_ns: f64,
    /// Empty-task dispatch: wall ns per task on `threads` threads.
    pub dispatch_overhead_wall_ns: f64,
    /// Empty tasks through the dynamic (spawn) queue: worker CPU ns per task.
    pub spawn_overhead_ns: f64,
    /// Empty-task dispatch on 1 thread, ns per task.
    pub dispatch_overhead_1_thread_ns: f64,
    /// H-Dispatch heap allocations per task in steady state (None: not counted).
    pub allocations_per_task: Option<f64>,
    /// Scatter-gather heap allocations per task (None: not counted).
    pub scatter_allocations_per_task: Option<f64>,
    /// H-Dispatch / static median step time with one core monopolized.
    pub interference_ratio: f64,
    /// Ratio of the interference medians instead of means.
    pub interference_median_ratio: f64,
    /// The interference mean step times (hdispatch, static), s.
    pub interference_step_times_s: (f64, f64),
    /// Whether the busy thread was pinned.
    pub busy_pinned: bool,
    /// Every heat result matched the sequential reference bit for bit.
    pub valid: bool,
}

/// Runs the quick study; `progress(done, total)` after each measurement.
pub fn quick(
    cfg: &QuickConfig,
    mut progress: impl FnMut(usize, usize),
) -> Result<QuickResult, DispatchStudyError> {
    let t = cfg.threads;
    let base = HeatConfig {
        n: cfg.n,
        steps: cfg.steps,
        alpha: 0.1,
        block: Block::cube(13),
        shape: Shape::Cube,
    };
    let reference = reference_field(&base);
    let k = cfg.candidates.len();
    let reps = cfg.reps.max(1);
    let total = reps * (2 * k + 2) + 4 + 1;
    let mut done = 0;
    let mut tick = |p: &mut dyn FnMut(usize, usize)| {
        done += 1;
        p(done, total);
    };
    // Per candidate: [hdispatch T, hdispatch 1]; plus rayon T and sequential.
    let mut hd_t = vec![f64::INFINITY; k];
    let mut hd_1 = vec![f64::INFINITY; k];
    let mut rayon = f64::INFINITY;
    let mut seq = f64::INFINITY;
    for _ in 0..reps {
        for (i, &(shape, block)) in cfg.candidates.iter().enumerate() {
            let c = HeatConfig {
                shape,
                block,
                ..base
            };
            hd_t[i] = hd_t[i].min(timed_heat(&c, Mode::HDispatch, t, false, &reference)?);
            tick(&mut progress);
            hd_1[i] = hd_1[i].min(timed_heat(&c, Mode::HDispatch, 1, false, &reference)?);
            tick(&mut progress);
        }
        rayon = rayon.min(timed_heat(&base, Mode::Rayon, t, false, &reference)?);
        tick(&mut progress);
        seq = seq.min(timed_heat(&base, Mode::Sequential, 1, false, &reference)?);
        tick(&mut progress);
    }
    let best = (0..k)
        .min_by(|&a, &b| hd_t[a].total_cmp(&hd_t[b]))
        .unwrap_or(0);
    let (best_shape, best_block) = cfg.candidates[best];
    let best_cfg = HeatConfig {
        shape: best_shape,
        block: best_block,
        ..base
    };
    let static_t = timed_heat(&best_cfg, Mode::Static, t, false, &reference)?;
    tick(&mut progress);
    let scatter_t = timed_heat(&best_cfg, Mode::Scatter, t, false, &reference)?;
    tick(&mut progress);

    let over_t = dispatch_overhead(&Dispatcher::new(t)?, cfg.overhead_tasks, 20)?;
    let over_1 = dispatch_overhead(&Dispatcher::new(1)?, cfg.overhead_tasks, 20)?;
    let spawned = spawn_overhead(&Dispatcher::new(t)?, cfg.overhead_tasks, 20)?;
    tick(&mut progress);
    let allocs = allocations_per_task(&Dispatcher::new(t)?, 1000, 40, 5, 4096)?;
    let scatter_allocs = allocations_per_task(&ScatterGather::new(t)?, 1000, 12, 3, 4096)?;
    tick(&mut progress);

    let inter = interference(&InterferenceConfig {
        heat: best_cfg,
        threads: t,
        steps_before: 0,
        steps_busy: cfg.interference_steps,
        steps_after: 0,
        busy_cpu: 1 % arts_util::affinity::available_cpus(),
        pin_workers: true,
        reps: 3,
        policy: arts_dispatch::WaitPolicy::DEFAULT,
    })?;
    tick(&mut progress);

    Ok(QuickResult {
        best_shape,
        best_block,
        step_time_1_thread_s: hd_1[best],
        step_time_threads_s: hd_t[best],
        rayon_step_time_s: rayon,
        sequential_step_time_s: seq,
        static_step_time_s: static_t,
        scatter_step_time_s: scatter_t,
        efficiency: hd_1[best] / (t as f64 * hd_t[best]),
        vs_rayon_ratio: hd_t[best] / rayon,
        dispatch_overhead_ns: over_t.cpu_ns,
        dispatch_overhead_wall_ns: over_t.wall_ns,
        dispatch_overhead_1_thread_ns: over_1.wall_ns,
        spawn_overhead_ns: spawned.cpu_ns,
        allocations_per_task: allocs,
        scatter_allocations_per_task: scatter_allocs,
        interference_ratio: inter.ratio,
        interference_median_ratio: inter.median_ratio,
        interference_step_times_s: (inter.hdispatch_busy_s, inter.static_busy_s),
        busy_pinned: inter.busy_pinned,
        valid: inter.valid,
    })
}

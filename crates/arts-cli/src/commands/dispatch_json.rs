//! The JSON of `arts run heat3d` and `arts bench dispatch` as typed structs
//! (the keys are a contract: add, never rename).

use std::collections::BTreeMap;

use arts_experiments::dispatch::idle::IdleRow;
use arts_experiments::dispatch::interference::InterferenceResult;
use arts_experiments::dispatch::memory::MemoryRow;
use arts_experiments::dispatch::quick::QuickResult;
use serde::Serialize;

/// `arts run heat3d`.
#[derive(Serialize)]
pub struct Heat3dOut {
    pub(super) app: &'static str,
    pub(super) mode: String,
    pub(super) threads: usize,
    pub(super) n: usize,
    pub(super) steps: usize,
    pub(super) alpha: f64,
    pub(super) block: String,
    pub(super) shape: String,
    pub(super) points_per_task: usize,
    pub(super) tasks_per_step: usize,
    pub(super) tasks_per_worker: Vec<u64>,
    pub(super) step_time_median_s: f64,
    pub(super) step_time_mean_s: f64,
    pub(super) total_time_s: f64,
    pub(super) sequential_step_time_median_s: f64,
    pub(super) speedup_vs_sequential: f64,
    pub(super) checksum: f64,
    pub(super) valid: bool,
    pub(super) load_average: Option<f64>,
}

/// `arts bench dispatch`: the keys of every study that ran.
#[derive(Clone, Default, Serialize)]
pub struct BenchDispatchOut {
    pub(super) threads: usize,
    pub(super) n: usize,
    pub(super) load_average_start: Option<f64>,
    #[serde(flatten)]
    pub(super) quick: Option<QuickOut>,
    /// The quick study's ratio, else the interference study's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) interference_ratio: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) sweep_best: Option<BTreeMap<String, SweepBestOut>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) memory: Option<Vec<MemoryOut>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) peak_rss_resettable: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) interference: Option<InterferenceOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) idle: Option<Vec<IdleOut>>,
    pub(super) load_average_end: Option<f64>,
    pub(super) files: Vec<String>,
}

/// The quick study's headline figures.
#[derive(Clone, Serialize)]
pub struct QuickOut {
    pub(super) efficiency_2_threads: f64,
    pub(super) vs_rayon_ratio: f64,
    pub(super) dispatch_overhead_ns: f64,
    pub(super) dispatch_overhead_wall_ns: f64,
    pub(super) dispatch_overhead_1_thread_ns: f64,
    pub(super) spawn_overhead_ns: f64,
    pub(super) allocations_per_task: Option<f64>,
    pub(super) scatter_allocations_per_task: Option<f64>,
    pub(super) interference_median_ratio: f64,
    pub(super) interference_hdispatch_step_s: f64,
    pub(super) interference_static_step_s: f64,
    pub(super) busy_thread_pinned: bool,
    pub(super) best_block: String,
    pub(super) best_shape: String,
    pub(super) step_time_1_thread_s: f64,
    pub(super) step_time_2_threads_s: f64,
    pub(super) rayon_step_time_s: f64,
    pub(super) static_step_time_s: f64,
    pub(super) scatter_step_time_s: f64,
    pub(super) sequential_step_time_s: f64,
    pub(super) heat_steps: usize,
    pub(super) reps: usize,
    pub(super) valid: bool,
}

impl QuickOut {
    /// The figures of `r`, measured with `steps` steps and `reps` repetitions.
    pub fn new(r: &QuickResult, steps: usize, reps: usize) -> Self {
        QuickOut {
            efficiency_2_threads: r.efficiency,
            vs_rayon_ratio: r.vs_rayon_ratio,
            dispatch_overhead_ns: r.dispatch_overhead_ns,
            dispatch_overhead_wall_ns: r.dispatch_overhead_wall_ns,
            dispatch_overhead_1_thread_ns: r.dispatch_overhead_1_thread_ns,
            spawn_overhead_ns: r.spawn_overhead_ns,
            allocations_per_task: r.allocations_per_task,
            scatter_allocations_per_task: r.scatter_allocations_per_task,
            interference_median_ratio: r.interference_median_ratio,
            interference_hdispatch_step_s: r.interference_step_times_s.0,
            interference_static_step_s: r.interference_step_times_s.1,
            busy_thread_pinned: r.busy_pinned,
            best_block: r.best_block.to_string(),
            best_shape: r.best_shape.to_string(),
            step_time_1_thread_s: r.step_time_1_thread_s,
            step_time_2_threads_s: r.step_time_threads_s,
            rayon_step_time_s: r.rayon_step_time_s,
            static_step_time_s: r.static_step_time_s,
            scatter_step_time_s: r.scatter_step_time_s,
            sequential_step_time_s: r.sequential_step_time_s,
            heat_steps: steps,
            reps,
            valid: r.valid,
        }
    }
}

/// The best H-Dispatch configuration of one domain shape in the sweep.
#[derive(Clone, Serialize)]
pub struct SweepBestOut {
    pub(super) points_per_task: usize,
    pub(super) step_time_s: f64,
    pub(super) efficiency: f64,
    pub(super) speedup: f64,
}

/// One executor of the memory study.
#[derive(Clone, Serialize)]
pub struct MemoryOut {
    pub(super) mode: &'static str,
    pub(super) scratch_bytes: usize,
    pub(super) time_s: f64,
    pub(super) base_rss_bytes: u64,
    pub(super) peak_rss_bytes: u64,
    pub(super) expected_rss_bytes: u64,
    pub(super) peak_heap_bytes: u64,
}

impl From<&MemoryRow> for MemoryOut {
    fn from(r: &MemoryRow) -> Self {
        MemoryOut {
            mode: r.mode,
            scratch_bytes: r.scratch_bytes,
            time_s: r.time_s,
            base_rss_bytes: r.base_rss,
            peak_rss_bytes: r.peak_rss,
            expected_rss_bytes: r.expected_rss,
            peak_heap_bytes: r.peak_heap,
        }
    }
}

/// The interference study.
#[derive(Clone, Serialize)]
pub struct InterferenceOut {
    pub(super) ratio: f64,
    pub(super) median_ratio: f64,
    pub(super) hdispatch_busy_median_step_s: f64,
    pub(super) static_busy_median_step_s: f64,
    pub(super) hdispatch_busy_step_s: f64,
    pub(super) static_busy_step_s: f64,
    pub(super) hdispatch_free_step_s: f64,
    pub(super) static_free_step_s: f64,
    pub(super) hdispatch_tasks_per_worker: Vec<u64>,
    pub(super) static_tasks_per_worker: Vec<u64>,
    pub(super) busy_thread_pinned: bool,
    pub(super) workers_pinned: bool,
    pub(super) step_back_us: u32,
    pub(super) valid: bool,
}

impl InterferenceOut {
    /// The result `r`, with the workers pinned or not and the step-back setting.
    pub fn new(r: &InterferenceResult, workers_pinned: bool, step_back_us: u32) -> Self {
        InterferenceOut {
            ratio: r.ratio,
            median_ratio: r.median_ratio,
            hdispatch_busy_median_step_s: r.hdispatch_busy_median_s,
            static_busy_median_step_s: r.static_busy_median_s,
            hdispatch_busy_step_s: r.hdispatch_busy_s,
            static_busy_step_s: r.static_busy_s,
            hdispatch_free_step_s: r.hdispatch_free_s,
            static_free_step_s: r.static_free_s,
            hdispatch_tasks_per_worker: r.hdispatch_tasks_per_worker.clone(),
            static_tasks_per_worker: r.static_tasks_per_worker.clone(),
            busy_thread_pinned: r.busy_pinned,
            workers_pinned,
            step_back_us,
            valid: r.valid,
        }
    }
}

/// One idle policy.
#[derive(Clone, Serialize)]
pub struct IdleOut {
    pub(super) policy: &'static str,
    pub(super) oversubscribed_threads: usize,
    pub(super) oversubscribed_step_s: f64,
    pub(super) cpu_per_wall: f64,
    pub(super) turnaround_step_s: f64,
}

impl IdleOut {
    /// The row `r`, measured with `oversub` workers.
    pub fn new(r: &IdleRow, oversub: usize) -> Self {
        IdleOut {
            policy: r.policy,
            oversubscribed_threads: oversub,
            oversubscribed_step_s: r.oversubscribed_step_s,
            cpu_per_wall: r.cpu_per_wall,
            turnaround_step_s: r.turnaround_s,
        }
    }
}

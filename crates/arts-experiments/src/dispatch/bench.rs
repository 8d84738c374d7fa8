//! `arts bench dispatch` as one call: the chosen studies run in order,
//! their figures gathered into one report (the command's JSON: the keys
//! are a contract, add, never rename), their CSV and SVG files returned for
//! the caller to write together, and a short text summary.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use arts_dispatch::heat3d::{Block, HeatConfig, Mode, Shape};
use arts_util::affinity::available_cpus;
use arts_util::host::load_average;
use serde::Serialize;

use super::idle::{IdleRow, idle_csv, idle_study};
use super::interference::{InterferenceConfig, InterferenceResult, interference};
use super::memory::{MemoryConfig, MemoryPlot, MemoryRow, memory, memory_csv, memory_svg};
use super::quick::{QuickConfig, QuickResult, quick};
use super::sweep::{SweepConfig, sweep, sweep_csv, sweep_svg};
use super::{DispatchStudyError, rss};

/// One study of `arts bench dispatch`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Study {
    /// Headline figures (< 1 min).
    Quick,
    /// Efficiency over block sizes and thread counts.
    Sweep,
    /// Memory use of H-Dispatch against the baselines.
    Memory,
    /// A busy thread sharing the workers' CPUs.
    Interference,
    /// Idle-policy costs.
    Idle,
}

impl Study {
    /// Whether the study writes CSV and SVG files.
    pub fn writes_files(self) -> bool {
        self != Study::Quick
    }
}

/// What `arts bench dispatch` runs.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// The studies, in order.
    pub studies: Vec<Study>,
    /// Parallel thread count.
    pub threads: usize,
    /// Grid edge of the heat runs.
    pub n: usize,
    /// Steps per heat run (`None`: each study's default).
    pub steps: Option<usize>,
    /// Repetitions per configuration (`None`: each study's default).
    pub reps: Option<usize>,
    /// Pin the workers in the interference study.
    pub pin_workers: bool,
    /// Interference study: H-Dispatch workers step back after this many µs on the CPU (0: never).
    pub step_back_us: u32,
    /// Where the files go (named in the report and the summary).
    pub out: Option<PathBuf>,
}

/// A finished `arts bench dispatch`.
pub struct BenchOutcome {
    /// The command's JSON.
    pub report: BenchDispatchOut,
    /// The files to write into [`BenchOptions::out`], by name, all or none.
    pub files: Vec<(String, String)>,
    /// The short table printed without `--json`.
    pub table: String,
}

/// Collects a run's files and the summary text.
struct Outputs<'a> {
    dir: &'a Path,
    files: Vec<(String, String)>,
    paths: Vec<String>,
    table: String,
}

impl Outputs<'_> {
    fn file(&mut self, name: &str, text: String) {
        self.paths.push(self.dir.join(name).display().to_string());
        self.files.push((name.to_string(), text));
    }
}

/// Runs the studies of `opts`, reporting each one's progress as
/// `(study, done, total)`.
pub fn bench(
    opts: &BenchOptions,
    progress: &dyn Fn(&str, usize, usize),
) -> Result<BenchOutcome, DispatchStudyError> {
    let dir = opts.out.clone().unwrap_or_default();
    let mut o = Outputs {
        dir: &dir,
        files: Vec::new(),
        paths: Vec::new(),
        table: String::new(),
    };
    let mut report = BenchDispatchOut {
        threads: opts.threads,
        n: opts.n,
        load_average_start: load_average(),
        ..BenchDispatchOut::default()
    };
    for study in &opts.studies {
        match study {
            Study::Quick => bench_quick(opts, progress, &mut report, &mut o)?,
            Study::Sweep => bench_sweep(opts, progress, &mut report, &mut o)?,
            Study::Memory => bench_memory(opts, progress, &mut report, &mut o)?,
            Study::Idle => bench_idle(opts, &mut report, &mut o)?,
            Study::Interference => bench_interference(opts, &mut report, &mut o)?,
        }
    }
    report.load_average_end = load_average();
    report.files = o.paths.clone();
    if opts.out.is_some() && opts.studies == [Study::Quick] {
        let text = serde_json::to_string_pretty(&report).expect("a report serializes");
        o.file("quick.json", text);
        report.files = o.paths;
    }
    Ok(BenchOutcome {
        report,
        files: o.files,
        table: o.table,
    })
}

/// An SVG chart, or the study's failure to draw it.
fn svg(chart: std::io::Result<String>) -> Result<String, DispatchStudyError> {
    chart.map_err(|e| DispatchStudyError::Chart(e.to_string()))
}

fn bench_quick(
    opts: &BenchOptions,
    progress: &dyn Fn(&str, usize, usize),
    result: &mut BenchDispatchOut,
    o: &mut Outputs<'_>,
) -> Result<(), DispatchStudyError> {
    let mut cfg = QuickConfig::default_for(opts.threads);
    cfg.n = opts.n;
    cfg.candidates
        .retain(|(_, b)| b.x <= opts.n && b.y <= opts.n && b.z <= opts.n);
    if cfg.candidates.is_empty() {
        cfg.candidates
            .push((Shape::Cube, Block::cube(opts.n.min(8))));
    }
    if let Some(s) = opts.steps {
        cfg.steps = s;
    }
    if let Some(r) = opts.reps {
        cfg.reps = r;
    }
    let r = quick(&cfg, &|done, total| progress("quick", done, total))?;
    result.quick = Some(QuickOut::new(&r, cfg.steps, cfg.reps));
    result.interference_ratio = Some(r.interference_ratio);
    let allocs = r
        .allocations_per_task
        .map_or("not counted".to_string(), |a| format!("{a:.4}"));
    o.table.push_str(&format!(
        "H-Dispatch quick figures ({} threads, heat3d {}³, best block {} {})\n\
         efficiency_2_threads   {:>8.3}   (1 thread {:.3} ms, {} threads {:.3} ms)\n\
         vs_rayon_ratio         {:>8.3}   (rayon {:.3} ms)\n\
         static / scatter       {:>8.3} / {:.3} ms\n\
         dispatch_overhead_ns   {:>8.1}   (wall {:.1} ns, 1 thread {:.1} ns, spawned tasks {:.1} ns)\n\
         allocations_per_task   {:>8}   (scatter-gather {})\n\
         interference_ratio     {:>8.3}   (hdispatch {:.3} ms, static {:.3} ms)\n",
        opts.threads,
        opts.n,
        r.best_shape,
        r.best_block,
        r.efficiency,
        r.step_time_1_thread_s * 1e3,
        opts.threads,
        r.step_time_threads_s * 1e3,
        r.vs_rayon_ratio,
        r.rayon_step_time_s * 1e3,
        r.static_step_time_s * 1e3,
        r.scatter_step_time_s * 1e3,
        r.dispatch_overhead_ns,
        r.dispatch_overhead_wall_ns,
        r.dispatch_overhead_1_thread_ns,
        r.spawn_overhead_ns,
        allocs,
        r.scatter_allocations_per_task.map_or("not counted".to_string(), |a| format!("{a:.2}")),
        r.interference_ratio,
        r.interference_step_times_s.0 * 1e3,
        r.interference_step_times_s.1 * 1e3,
    ));
    Ok(())
}

fn bench_sweep(
    opts: &BenchOptions,
    progress: &dyn Fn(&str, usize, usize),
    result: &mut BenchDispatchOut,
    o: &mut Outputs<'_>,
) -> Result<(), DispatchStudyError> {
    let mut cfg = SweepConfig::standard(opts.n, opts.steps.unwrap_or(10));
    cfg.threads = if opts.threads == 1 {
        vec![1]
    } else {
        vec![1, opts.threads]
    };
    cfg.reps = opts.reps.unwrap_or(1);
    let rows = sweep(&cfg, &|done, total| progress("sweep", done, total))?;
    o.file("sweep.csv", sweep_csv(&rows));
    o.file("sweep_efficiency.svg", svg(sweep_svg(&rows, false))?);
    o.file("sweep_speedup.svg", svg(sweep_svg(&rows, true))?);
    let tmax = cfg.threads.iter().copied().max().unwrap_or(1);
    let best = |shape: Shape| {
        rows.iter()
            .filter(|r| r.shape == shape && r.mode == Mode::HDispatch && r.threads == tmax)
            .min_by(|a, b| a.step_time_s.total_cmp(&b.step_time_s))
    };
    let mut summary = BTreeMap::new();
    o.table.push_str(&format!(
        "task-size sweep ({} configurations) -> {}\n",
        rows.len(),
        o.dir.display()
    ));
    for shape in [Shape::Cube, Shape::Rows] {
        if let Some(b) = best(shape) {
            summary.insert(
                shape.to_string(),
                SweepBestOut {
                    points_per_task: b.edge.pow(3),
                    step_time_s: b.step_time_s,
                    efficiency: b.efficiency,
                    speedup: b.speedup,
                },
            );
            o.table.push_str(&format!(
                "  best {shape:<4}: {:>7} points/task, efficiency {:.3}, speed-up {:.2}\n",
                b.edge.pow(3),
                b.efficiency,
                b.speedup
            ));
        }
    }
    result.sweep_best = Some(summary);
    Ok(())
}

fn bench_memory(
    opts: &BenchOptions,
    progress: &dyn Fn(&str, usize, usize),
    result: &mut BenchDispatchOut,
    o: &mut Outputs<'_>,
) -> Result<(), DispatchStudyError> {
    let mut cfg = MemoryConfig::paper(opts.threads);
    if let Some(s) = opts.steps {
        cfg.steps = s;
    }
    let rows = memory(&cfg, &|done, total| progress("memory", done, total))?;
    o.file("memory.csv", memory_csv(&rows));
    o.file("memory_time.svg", svg(memory_svg(&rows, MemoryPlot::Time))?);
    o.file("memory_rss.svg", svg(memory_svg(&rows, MemoryPlot::Rss))?);
    o.file("memory_heap.svg", svg(memory_svg(&rows, MemoryPlot::Heap))?);
    o.table.push_str(&format!(
        "memory study ({} tasks x {} steps) -> {}\n",
        cfg.tasks,
        cfg.steps,
        o.dir.display()
    ));
    o.table.push_str(
        "  mode       scratch B    time s   peak-base MB   threads×size MB   peak heap MB\n",
    );
    let mut list = Vec::new();
    for r in &rows {
        let above = r.peak_rss.saturating_sub(r.base_rss) as f64 / 1e6;
        let expect = r.expected_rss.saturating_sub(r.base_rss) as f64 / 1e6;
        o.table.push_str(&format!(
            "  {:<9} {:>10} {:>9.3} {:>14.2} {:>17.2} {:>14.2}\n",
            r.mode,
            r.scratch_bytes,
            r.time_s,
            above,
            expect,
            r.peak_heap as f64 / 1e6
        ));
        list.push(MemoryOut::from(r));
    }
    result.memory = Some(list);
    result.peak_rss_resettable = Some(rss::reset_peak());
    Ok(())
}

fn bench_interference(
    opts: &BenchOptions,
    result: &mut BenchDispatchOut,
    o: &mut Outputs<'_>,
) -> Result<(), DispatchStudyError> {
    let steps = opts.steps.unwrap_or(300).max(3);
    let third = steps / 3;
    let cfg = InterferenceConfig {
        heat: HeatConfig {
            n: opts.n,
            steps,
            alpha: 0.1,
            block: Block::cube(13.min(opts.n)),
            shape: Shape::Cube,
        },
        threads: opts.threads,
        steps_before: third,
        steps_busy: third,
        steps_after: steps - 2 * third,
        busy_cpu: 1 % available_cpus(),
        pin_workers: opts.pin_workers,
        reps: opts.reps.unwrap_or(3),
        policy: arts_dispatch::WaitPolicy {
            step_back_us: opts.step_back_us,
            ..arts_dispatch::WaitPolicy::DEFAULT
        },
    };
    let r = interference(&cfg)?;
    o.file("interference.csv", r.csv());
    o.file("interference.svg", svg(r.svg())?);
    result.interference = Some(InterferenceOut::new(
        &r,
        cfg.pin_workers,
        cfg.policy.step_back_us,
    ));
    result.interference_ratio.get_or_insert(r.ratio);
    o.table.push_str(&format!(
        "interference ({} steps, busy thread on CPU {} for steps {}..{}) -> {}\n\
         \x20 busy (mean): hdispatch {:.3} ms, static {:.3} ms, ratio {:.3} (of medians {:.3})\n\
         \x20 free: hdispatch {:.3} ms, static {:.3} ms\n",
        steps,
        cfg.busy_cpu,
        third,
        2 * third,
        o.dir.display(),
        r.hdispatch_busy_s * 1e3,
        r.static_busy_s * 1e3,
        r.ratio,
        r.median_ratio,
        r.hdispatch_free_s * 1e3,
        r.static_free_s * 1e3,
    ));
    Ok(())
}

fn bench_idle(
    opts: &BenchOptions,
    result: &mut BenchDispatchOut,
    o: &mut Outputs<'_>,
) -> Result<(), DispatchStudyError> {
    let oversub = 2 * available_cpus();
    let heat = HeatConfig {
        n: opts.n,
        steps: opts.steps.unwrap_or(60),
        alpha: 0.1,
        block: Block {
            x: opts.n,
            y: 10.min(opts.n),
            z: 1,
        },
        shape: Shape::Cube,
    };
    let rows = idle_study(&heat, oversub)?;
    o.file("idle.csv", idle_csv(&rows, oversub));
    o.table.push_str(&format!(
        "idle policy ({oversub} workers on {} CPUs for heat3d; 2 workers otherwise) -> {}\n\
         \x20 policy    heat3d step ms   CPU/wall (1 task/step)   empty-step turnaround us\n",
        available_cpus(),
        o.dir.display()
    ));
    let mut list = Vec::new();
    for r in &rows {
        o.table.push_str(&format!(
            "  {:<8} {:>15.3} {:>24.2} {:>27.2}\n",
            r.policy,
            r.oversubscribed_step_s * 1e3,
            r.cpu_per_wall,
            r.turnaround_s * 1e6
        ));
        list.push(IdleOut::new(r, oversub));
    }
    result.idle = Some(list);
    Ok(())
}

/// `arts bench dispatch`: the keys of every study that ran.
#[derive(Clone, Default, Serialize)]
pub struct BenchDispatchOut {
    pub(crate) threads: usize,
    pub(crate) n: usize,
    pub(crate) load_average_start: Option<f64>,
    #[serde(flatten)]
    pub(crate) quick: Option<QuickOut>,
    /// The quick study's ratio, else the interference study's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) interference_ratio: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) sweep_best: Option<BTreeMap<String, SweepBestOut>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) memory: Option<Vec<MemoryOut>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) peak_rss_resettable: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) interference: Option<InterferenceOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) idle: Option<Vec<IdleOut>>,
    pub(crate) load_average_end: Option<f64>,
    pub(crate) files: Vec<String>,
}

/// The quick study's headline figures.
#[derive(Clone, Serialize)]
pub struct QuickOut {
    pub(crate) efficiency_2_threads: f64,
    pub(crate) vs_rayon_ratio: f64,
    pub(crate) dispatch_overhead_ns: f64,
    pub(crate) dispatch_overhead_wall_ns: f64,
    pub(crate) dispatch_overhead_1_thread_ns: f64,
    pub(crate) spawn_overhead_ns: f64,
    pub(crate) allocations_per_task: Option<f64>,
    pub(crate) scatter_allocations_per_task: Option<f64>,
    pub(crate) interference_median_ratio: f64,
    pub(crate) interference_hdispatch_step_s: f64,
    pub(crate) interference_static_step_s: f64,
    pub(crate) busy_thread_pinned: bool,
    pub(crate) best_block: String,
    pub(crate) best_shape: String,
    pub(crate) step_time_1_thread_s: f64,
    pub(crate) step_time_2_threads_s: f64,
    pub(crate) rayon_step_time_s: f64,
    pub(crate) static_step_time_s: f64,
    pub(crate) scatter_step_time_s: f64,
    pub(crate) sequential_step_time_s: f64,
    pub(crate) heat_steps: usize,
    pub(crate) reps: usize,
    pub(crate) valid: bool,
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
    pub(crate) points_per_task: usize,
    pub(crate) step_time_s: f64,
    pub(crate) efficiency: f64,
    pub(crate) speedup: f64,
}

/// One executor of the memory study.
#[derive(Clone, Serialize)]
pub struct MemoryOut {
    pub(crate) mode: &'static str,
    pub(crate) scratch_bytes: usize,
    pub(crate) time_s: f64,
    pub(crate) base_rss_bytes: u64,
    pub(crate) peak_rss_bytes: u64,
    pub(crate) expected_rss_bytes: u64,
    pub(crate) peak_heap_bytes: u64,
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
    pub(crate) ratio: f64,
    pub(crate) median_ratio: f64,
    pub(crate) hdispatch_busy_median_step_s: f64,
    pub(crate) static_busy_median_step_s: f64,
    pub(crate) hdispatch_busy_step_s: f64,
    pub(crate) static_busy_step_s: f64,
    pub(crate) hdispatch_free_step_s: f64,
    pub(crate) static_free_step_s: f64,
    pub(crate) hdispatch_tasks_per_worker: Vec<u64>,
    pub(crate) static_tasks_per_worker: Vec<u64>,
    pub(crate) busy_thread_pinned: bool,
    pub(crate) workers_pinned: bool,
    pub(crate) step_back_us: u32,
    pub(crate) valid: bool,
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
    pub(crate) policy: &'static str,
    pub(crate) oversubscribed_threads: usize,
    pub(crate) oversubscribed_step_s: f64,
    pub(crate) cpu_per_wall: f64,
    pub(crate) turnaround_step_s: f64,
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

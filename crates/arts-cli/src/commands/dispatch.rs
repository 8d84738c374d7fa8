//! `arts run heat3d` and `arts bench dispatch`: the 3-D heat solver on
//! H-Dispatch or a baseline, and the H-Dispatch studies.

use std::path::PathBuf;

use arts_dispatch::heat3d::{
    Block, HeatConfig, HeatError, MAX_N, Mode, Shape, run_mode, run_reference,
};
use arts_experiments::dispatch::idle::{idle_csv, idle_study};
use arts_experiments::dispatch::interference::{InterferenceConfig, interference};
use arts_experiments::dispatch::memory::{
    MemoryConfig, MemoryPlot, memory, memory_csv, memory_svg,
};
use arts_experiments::dispatch::quick::{QuickConfig, quick};
use arts_experiments::dispatch::sweep::{SweepConfig, sweep, sweep_csv, sweep_svg};
use arts_experiments::dispatch::{StudyError, rss};
use arts_util::stats::{mean_s, median_s};
use std::collections::BTreeMap;

use super::dispatch_json::{
    BenchDispatchOut, Heat3dOut, IdleOut, InterferenceOut, MemoryOut, QuickOut, SweepBestOut,
};
use super::heat_flags::{ModeArg, ShapeArg, StudyArg};
use crate::host::load_average;
use crate::output::{CliError, CliResult, Output, PendingDir};

/// Arguments of `arts run heat3d`.
#[derive(clap::Args)]
pub struct Heat3dArgs {
    /// Nodes per grid edge (the grid has n³ nodes; 3..=512).
    #[arg(long, default_value_t = 100)]
    pub n: usize,
    /// Time steps.
    #[arg(long, visible_alias = "iters", default_value_t = 100)]
    pub steps: usize,
    /// Domain size per task: BXxBYxBZ (e.g. 13x13x13) or one edge (13).
    #[arg(long, default_value = "13x13x13")]
    pub block: String,
    /// Executor.
    #[arg(long, value_enum, default_value = "hdispatch")]
    pub mode: ModeArg,
    /// Worker threads (default: the number of CPUs).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Domain shape.
    #[arg(long, value_enum, default_value = "cube")]
    pub shape: ShapeArg,
    /// Diffusion number kΔt/Δx² (stable for 0 < alpha <= 1/6).
    #[arg(long, default_value_t = 0.1)]
    pub alpha: f64,
    /// Pin worker w to CPU w (hdispatch and static).
    #[arg(long)]
    pub pin: bool,
}

/// Arguments of `arts bench dispatch`.
#[derive(clap::Args)]
pub struct BenchDispatchArgs {
    /// Which study to run.
    #[arg(long, value_enum, default_value = "quick")]
    pub study: StudyArg,
    /// Directory for CSV and SVG files (default for studies: ./bench-dispatch).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Parallel thread count.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Grid edge for the heat runs.
    #[arg(long, default_value_t = 100)]
    pub n: usize,
    /// Steps per heat run (default: 30 quick, 10 sweep, 300 interference).
    #[arg(long)]
    pub steps: Option<usize>,
    /// Repetitions per configuration; the best median is kept (default 3 quick, 1 sweep).
    #[arg(long)]
    pub reps: Option<usize>,
    /// Do not pin workers in the interference study (the busy thread is still pinned).
    #[arg(long)]
    pub no_pin: bool,
    /// Interference study: H-Dispatch workers step back (enter waiting and
    /// yield between two tasks) after this many µs on the CPU; 0 = never.
    #[arg(long, default_value_t = 0)]
    pub step_back_us: u32,
}

/// Bad input is a usage error naming the flag; a failed run exits 1.
fn usage_heat(e: HeatError) -> CliError {
    match e {
        HeatError::BadGrid(_) | HeatError::BadSteps(_) | HeatError::Unstable(_) => {
            CliError::usage(format!("--{e}"))
        }
        HeatError::Dispatch(arts_dispatch::DispatchError::BadThreads { .. })
        | HeatError::BadBlock(_) => CliError::usage(e),
        other => CliError::failed(other),
    }
}

fn study_err(e: StudyError) -> CliError {
    match e {
        StudyError::Heat(h) => usage_heat(h),
        other => CliError::failed(other),
    }
}

fn check_n(n: usize) -> Result<(), CliError> {
    if (3..=MAX_N).contains(&n) {
        Ok(())
    } else {
        Err(usage_heat(HeatError::BadGrid(n)))
    }
}

/// `--threads` against the executors' limit.
fn check_threads(t: usize) -> Result<(), CliError> {
    arts_dispatch::error::check_threads(t).map_err(|e| CliError::usage(format!("--{e}")))
}

/// Runs `arts run heat3d`.
pub fn run_heat3d(args: &Heat3dArgs, out: Output) -> CliResult {
    let block: Block = args.block.parse().map_err(CliError::usage)?;
    let shape: Shape = args.shape.into();
    let mode: Mode = args.mode.into();
    let threads = args
        .threads
        .unwrap_or_else(arts_util::affinity::available_cpus);
    check_threads(threads)?;
    let cfg = HeatConfig {
        n: args.n,
        steps: args.steps,
        alpha: args.alpha,
        block,
        shape,
    };
    // Refuse bad input before any long work.
    cfg.validate().map_err(usage_heat)?;
    let bar = out.progress(2, "heat3d");
    let run = run_mode(&cfg, mode, threads, args.pin).map_err(usage_heat)?;
    bar.inc(1);
    let (reference, ref_times) = run_reference(cfg.n, cfg.steps, cfg.alpha);
    bar.finish_and_clear();
    let valid = run.grid.bits_equal(&reference);
    let median = median_s(&run.step_times);
    let seq_median = median_s(&ref_times);
    let value = Heat3dOut {
        app: "heat3d",
        mode: mode.to_string(),
        threads,
        n: cfg.n,
        steps: cfg.steps,
        alpha: cfg.alpha,
        block: block.to_string(),
        shape: shape.to_string(),
        points_per_task: block.volume(),
        tasks_per_step: run.tasks_per_step,
        tasks_per_worker: run.tasks_per_worker.clone(),
        step_time_median_s: median,
        step_time_mean_s: mean_s(&run.step_times),
        total_time_s: run.step_times.iter().map(|d| d.as_secs_f64()).sum::<f64>(),
        sequential_step_time_median_s: seq_median,
        speedup_vs_sequential: seq_median / median,
        checksum: run.grid.checksum(),
        valid,
        load_average: load_average(),
    };
    out.emit(&value, || {
        format!(
            "heat3d {n}³, {steps} steps, {mode} on {threads} threads, {shape} {block} ({tasks} tasks/step)\n\
             step time median  {:>10.3} ms   (sequential {:.3} ms, speed-up {:.2})\n\
             valid             {valid}\n",
            median * 1e3,
            seq_median * 1e3,
            seq_median / median,
            n = cfg.n,
            steps = cfg.steps,
            tasks = run.tasks_per_step,
        )
    })?;
    if valid {
        Ok(())
    } else {
        Err(CliError::failed(
            "heat3d result differs from the sequential reference",
        ))
    }
}

/// Stages study file `name` (they appear in `--out` together when the
/// command succeeds) and lists its final path.
fn write(dir: &mut PendingDir, name: &str, text: &str, files: &mut Vec<String>) -> CliResult {
    dir.write(name, text.as_bytes())?;
    files.push(dir.path().join(name).display().to_string());
    Ok(())
}

/// Runs `arts bench dispatch`.
pub fn bench_dispatch(args: &BenchDispatchArgs, out: Output) -> CliResult {
    let studies = args.study.studies();
    check_n(args.n)?;
    check_threads(args.threads)?;
    if args.steps == Some(0) || args.reps == Some(0) {
        return Err(CliError::usage("--steps and --reps must be at least 1"));
    }
    let needs_files = studies.iter().any(|s| *s != StudyArg::Quick);
    let dir = match (&args.out, needs_files) {
        (Some(d), _) => Some(d.clone()),
        (None, true) => Some(PathBuf::from("bench-dispatch")),
        (None, false) => None,
    };
    let mut staged = dir.as_deref().map(PendingDir::create).transpose()?;
    let mut result = BenchDispatchOut {
        threads: args.threads,
        n: args.n,
        load_average_start: load_average(),
        ..BenchDispatchOut::default()
    };
    let mut files = Vec::new();
    let mut table = String::new();
    for study in studies {
        match *study {
            StudyArg::Quick => bench_quick(args, out, &mut result, &mut table)?,
            StudyArg::Sweep => bench_sweep(
                args,
                out,
                staged.as_mut().expect("studies with files have --out"),
                &mut result,
                &mut files,
                &mut table,
            )?,
            StudyArg::Memory => bench_memory(
                args,
                out,
                staged.as_mut().expect("studies with files have --out"),
                &mut result,
                &mut files,
                &mut table,
            )?,
            StudyArg::Idle => bench_idle(
                args,
                staged.as_mut().expect("studies with files have --out"),
                &mut result,
                &mut files,
                &mut table,
            )?,
            StudyArg::Interference | StudyArg::All => bench_interference(
                args,
                staged.as_mut().expect("studies with files have --out"),
                &mut result,
                &mut files,
                &mut table,
            )?,
        }
    }
    result.load_average_end = load_average();
    result.files = files.clone();
    if let Some(d) = staged.as_mut()
        && studies == [StudyArg::Quick]
    {
        let text = serde_json::to_string_pretty(&result).map_err(CliError::failed)?;
        write(d, "quick.json", &text, &mut files)?;
        result.files = files;
    }
    if let Some(d) = staged {
        d.commit()?;
    }
    out.emit(&result, || table)
}

fn bench_quick(
    args: &BenchDispatchArgs,
    out: Output,
    result: &mut BenchDispatchOut,
    table: &mut String,
) -> CliResult {
    let mut cfg = QuickConfig::default_for(args.threads);
    cfg.n = args.n;
    cfg.candidates
        .retain(|(_, b)| b.x <= args.n && b.y <= args.n && b.z <= args.n);
    if cfg.candidates.is_empty() {
        cfg.candidates
            .push((Shape::Cube, Block::cube(args.n.min(8))));
    }
    if let Some(s) = args.steps {
        cfg.steps = s;
    }
    if let Some(r) = args.reps {
        cfg.reps = r;
    }
    let r = with_progress(out, "quick", |p| quick(&cfg, p)).map_err(study_err)?;
    result.quick = Some(QuickOut::new(&r, cfg.steps, cfg.reps));
    result.interference_ratio = Some(r.interference_ratio);
    let allocs = r
        .allocations_per_task
        .map_or("not counted".to_string(), |a| format!("{a:.4}"));
    table.push_str(&format!(
        "H-Dispatch quick figures ({} threads, heat3d {}³, best block {} {})\n\
         efficiency_2_threads   {:>8.3}   (1 thread {:.3} ms, {} threads {:.3} ms)\n\
         vs_rayon_ratio         {:>8.3}   (rayon {:.3} ms)\n\
         static / scatter       {:>8.3} / {:.3} ms\n\
         dispatch_overhead_ns   {:>8.1}   (wall {:.1} ns, 1 thread {:.1} ns, spawned tasks {:.1} ns)\n\
         allocations_per_task   {:>8}   (scatter-gather {})\n\
         interference_ratio     {:>8.3}   (hdispatch {:.3} ms, static {:.3} ms)\n",
        args.threads,
        args.n,
        r.best_shape,
        r.best_block,
        r.efficiency,
        r.step_time_1_thread_s * 1e3,
        args.threads,
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
    args: &BenchDispatchArgs,
    out: Output,
    dir: &mut PendingDir,
    result: &mut BenchDispatchOut,
    files: &mut Vec<String>,
    table: &mut String,
) -> CliResult {
    let mut cfg = SweepConfig::standard(args.n, args.steps.unwrap_or(10));
    cfg.threads = if args.threads == 1 {
        vec![1]
    } else {
        vec![1, args.threads]
    };
    cfg.reps = args.reps.unwrap_or(1);
    let rows = with_progress(out, "sweep", |p| sweep(&cfg, p)).map_err(study_err)?;
    write(dir, "sweep.csv", &sweep_csv(&rows), files)?;
    write(
        dir,
        "sweep_efficiency.svg",
        &sweep_svg(&rows, false).map_err(CliError::failed)?,
        files,
    )?;
    write(
        dir,
        "sweep_speedup.svg",
        &sweep_svg(&rows, true).map_err(CliError::failed)?,
        files,
    )?;
    let tmax = cfg.threads.iter().copied().max().unwrap_or(1);
    let best = |shape: Shape| {
        rows.iter()
            .filter(|r| r.shape == shape && r.mode == Mode::HDispatch && r.threads == tmax)
            .min_by(|a, b| a.step_time_s.total_cmp(&b.step_time_s))
    };
    let mut summary = BTreeMap::new();
    table.push_str(&format!(
        "task-size sweep ({} configurations) -> {}\n",
        rows.len(),
        dir.path().display()
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
            table.push_str(&format!(
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
    args: &BenchDispatchArgs,
    out: Output,
    dir: &mut PendingDir,
    result: &mut BenchDispatchOut,
    files: &mut Vec<String>,
    table: &mut String,
) -> CliResult {
    let mut cfg = MemoryConfig::paper(args.threads);
    if let Some(s) = args.steps {
        cfg.steps = s;
    }
    let rows = with_progress(out, "memory", |p| memory(&cfg, p)).map_err(study_err)?;
    write(dir, "memory.csv", &memory_csv(&rows), files)?;
    write(
        dir,
        "memory_time.svg",
        &memory_svg(&rows, MemoryPlot::Time).map_err(CliError::failed)?,
        files,
    )?;
    write(
        dir,
        "memory_rss.svg",
        &memory_svg(&rows, MemoryPlot::Rss).map_err(CliError::failed)?,
        files,
    )?;
    write(
        dir,
        "memory_heap.svg",
        &memory_svg(&rows, MemoryPlot::Heap).map_err(CliError::failed)?,
        files,
    )?;
    table.push_str(&format!(
        "memory study ({} tasks x {} steps) -> {}\n",
        cfg.tasks,
        cfg.steps,
        dir.path().display()
    ));
    table.push_str(
        "  mode       scratch B    time s   peak-base MB   threads×size MB   peak heap MB\n",
    );
    let mut list = Vec::new();
    for r in &rows {
        let above = r.peak_rss.saturating_sub(r.base_rss) as f64 / 1e6;
        let expect = r.expected_rss.saturating_sub(r.base_rss) as f64 / 1e6;
        table.push_str(&format!(
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
    args: &BenchDispatchArgs,
    dir: &mut PendingDir,
    result: &mut BenchDispatchOut,
    files: &mut Vec<String>,
    table: &mut String,
) -> CliResult {
    let steps = args.steps.unwrap_or(300).max(3);
    let third = steps / 3;
    let cfg = InterferenceConfig {
        heat: HeatConfig {
            n: args.n,
            steps,
            alpha: 0.1,
            block: Block::cube(13.min(args.n)),
            shape: Shape::Cube,
        },
        threads: args.threads,
        steps_before: third,
        steps_busy: third,
        steps_after: steps - 2 * third,
        busy_cpu: 1 % arts_util::affinity::available_cpus(),
        pin_workers: !args.no_pin,
        reps: args.reps.unwrap_or(3),
        policy: arts_dispatch::WaitPolicy {
            step_back_us: args.step_back_us,
            ..arts_dispatch::WaitPolicy::DEFAULT
        },
    };
    let r = interference(&cfg).map_err(study_err)?;
    write(dir, "interference.csv", &r.csv(), files)?;
    write(
        dir,
        "interference.svg",
        &r.svg().map_err(CliError::failed)?,
        files,
    )?;
    result.interference = Some(InterferenceOut::new(
        &r,
        cfg.pin_workers,
        cfg.policy.step_back_us,
    ));
    result.interference_ratio.get_or_insert(r.ratio);
    table.push_str(&format!(
        "interference ({} steps, busy thread on CPU {} for steps {}..{}) -> {}\n\
         \x20 busy (mean): hdispatch {:.3} ms, static {:.3} ms, ratio {:.3} (of medians {:.3})\n\
         \x20 free: hdispatch {:.3} ms, static {:.3} ms\n",
        steps,
        cfg.busy_cpu,
        third,
        2 * third,
        dir.path().display(),
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
    args: &BenchDispatchArgs,
    dir: &mut PendingDir,
    result: &mut BenchDispatchOut,
    files: &mut Vec<String>,
    table: &mut String,
) -> CliResult {
    let oversub = 2 * arts_util::affinity::available_cpus();
    let heat = HeatConfig {
        n: args.n,
        steps: args.steps.unwrap_or(60),
        alpha: 0.1,
        block: Block {
            x: args.n,
            y: 10.min(args.n),
            z: 1,
        },
        shape: Shape::Cube,
    };
    let rows = idle_study(&heat, oversub).map_err(study_err)?;
    write(dir, "idle.csv", &idle_csv(&rows, oversub), files)?;
    table.push_str(&format!(
        "idle policy ({oversub} workers on {} CPUs for heat3d; 2 workers otherwise) -> {}\n\
         \x20 policy    heat3d step ms   CPU/wall (1 task/step)   empty-step turnaround us\n",
        arts_util::affinity::available_cpus(),
        dir.path().display()
    ));
    let mut list = Vec::new();
    for r in &rows {
        table.push_str(&format!(
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

/// Runs a study with a progress bar fed by its `(done, total)` callback; the
/// bar is cleared whether the study succeeds or not.
fn with_progress<R>(out: Output, what: &str, study: impl FnOnce(&dyn Fn(usize, usize)) -> R) -> R {
    let bar = out.progress(1, what);
    let r = study(&|done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    r
}

//! Task-size sweep (paper Fig. 10): points per task from 1 to the whole grid,
//! cubic and row-wise domains, H-Dispatch on 1 and 2 threads, plus the static
//! and scatter-gather baselines at the largest thread count (cubic domains).

use super::{DispatchStudyError, reference_field, timed_heat};
use arts_dispatch::heat3d::{Block, HeatConfig, Mode, Shape};
use arts_util::chart::{Chart, Series};

/// What to sweep.
#[derive(Clone, Debug)]
pub struct SweepConfig {
    /// Grid edge.
    pub n: usize,
    /// Steps per run.
    pub steps: usize,
    /// Cube edges; a task holds `edge³` nodes (row-wise: the same count in a run).
    pub edges: Vec<usize>,
    /// Thread counts for H-Dispatch (the largest is also used for baselines).
    pub threads: Vec<usize>,
    /// Repetitions (best median kept).
    pub reps: usize,
}

impl SweepConfig {
    /// Edges 1..n spaced roughly geometrically, threads 1 and 2.
    pub fn standard(n: usize, steps: usize) -> SweepConfig {
        let mut edges: Vec<usize> = [1, 2, 3, 4, 5, 7, 10, 13, 17, 25, 34, 50, 100]
            .into_iter()
            .filter(|e| *e <= n)
            .collect();
        if edges.last() != Some(&n) {
            edges.push(n);
        }
        SweepConfig {
            n,
            steps,
            edges,
            threads: vec![1, 2],
            reps: 1,
        }
    }
}

/// One measured configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepRow {
    /// Domain shape.
    pub shape: Shape,
    /// Cube edge (task size = edge³ nodes).
    pub edge: usize,
    /// Tasks per step.
    pub tasks_per_step: usize,
    /// Executor.
    pub mode: Mode,
    /// Threads.
    pub threads: usize,
    /// Best median step time (s).
    pub step_time_s: f64,
    /// H-Dispatch 1-thread time of the same domains / this time.
    pub speedup: f64,
    /// Sequential reference time / this time.
    pub speedup_vs_sequential: f64,
    /// `speedup / threads`.
    pub efficiency: f64,
}

/// Runs the sweep; `progress(done, total)` is called after each configuration.
pub fn sweep(
    cfg: &SweepConfig,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<SweepRow>, DispatchStudyError> {
    let base = HeatConfig {
        n: cfg.n,
        steps: cfg.steps,
        alpha: 0.1,
        block: Block::cube(1),
        shape: Shape::Cube,
    };
    let reference = reference_field(&base);
    let seq = (0..cfg.reps.max(1))
        .map(|_| {
            arts_util::stats::median_s(
                &arts_dispatch::heat3d::run_reference(cfg.n, cfg.steps, 0.1).1,
            )
        })
        .fold(f64::INFINITY, f64::min);
    let tmax = cfg.threads.iter().copied().max().unwrap_or(1);
    let mut plan: Vec<(Shape, usize, Mode, usize)> = Vec::new();
    for &edge in &cfg.edges {
        for shape in [Shape::Cube, Shape::Rows] {
            for &t in &cfg.threads {
                plan.push((shape, edge, Mode::HDispatch, t));
            }
        }
        if tmax > 1 {
            plan.push((Shape::Cube, edge, Mode::Static, tmax));
            plan.push((Shape::Cube, edge, Mode::Scatter, tmax));
        }
    }
    let mut best = vec![f64::INFINITY; plan.len()];
    let total = plan.len() * cfg.reps.max(1);
    let mut done = 0;
    for _ in 0..cfg.reps.max(1) {
        for (k, &(shape, edge, mode, t)) in plan.iter().enumerate() {
            let c = HeatConfig {
                block: Block::cube(edge),
                shape,
                ..base
            };
            best[k] = best[k].min(timed_heat(&c, mode, t, false, &reference)?);
            done += 1;
            progress(done, total);
        }
    }
    let one_thread = |shape: Shape, edge: usize| {
        plan.iter()
            .position(|p| *p == (shape, edge, Mode::HDispatch, 1))
            .map_or(f64::NAN, |k| best[k])
    };
    Ok(plan
        .iter()
        .zip(&best)
        .map(|(&(shape, edge, mode, threads), &t)| {
            let speedup = one_thread(shape, edge) / t;
            SweepRow {
                shape,
                edge,
                tasks_per_step: arts_dispatch::heat3d::partition(cfg.n, Block::cube(edge), shape)
                    .map_or(0, |d| d.len()),
                mode,
                threads,
                step_time_s: t,
                speedup,
                speedup_vs_sequential: seq / t,
                efficiency: speedup / threads as f64,
            }
        })
        .collect())
}

/// CSV of the sweep.
pub fn sweep_csv(rows: &[SweepRow]) -> String {
    arts_util::chart::csv_text(
        &[
            "shape",
            "edge",
            "points_per_task",
            "tasks_per_step",
            "mode",
            "threads",
            "step_time_median_s",
            "speedup",
            "speedup_vs_sequential",
            "efficiency",
        ],
        rows.iter().map(|r| {
            vec![
                r.shape.to_string(),
                r.edge.to_string(),
                r.edge.pow(3).to_string(),
                r.tasks_per_step.to_string(),
                r.mode.to_string(),
                r.threads.to_string(),
                format!("{:.9}", r.step_time_s),
                format!("{:.4}", r.speedup),
                format!("{:.4}", r.speedup_vs_sequential),
                format!("{:.4}", r.efficiency),
            ]
        }),
    )
}

/// Efficiency (or speed-up) against points per task, one line per shape/mode.
pub fn sweep_svg(rows: &[SweepRow], speedup: bool) -> std::io::Result<String> {
    let tmax = rows.iter().map(|r| r.threads).max().unwrap_or(1);
    let mut series = Vec::new();
    let lines = [
        (Shape::Cube, Mode::HDispatch, "H-Dispatch, cubic"),
        (Shape::Rows, Mode::HDispatch, "H-Dispatch, row-wise"),
        (Shape::Cube, Mode::Static, "static, cubic"),
        (Shape::Cube, Mode::Scatter, "scatter-gather, cubic"),
    ];
    for (shape, mode, name) in lines {
        let pts: Vec<(f64, f64)> = rows
            .iter()
            .filter(|r| r.shape == shape && r.mode == mode && r.threads == tmax)
            .map(|r| {
                (
                    (r.edge.pow(3)) as f64,
                    if speedup { r.speedup } else { r.efficiency },
                )
            })
            .collect();
        if !pts.is_empty() {
            series.push(Series {
                name: name.into(),
                points: pts,
            });
        }
    }
    Chart {
        title: format!(
            "heat3d task-size sweep, {tmax} threads: {}",
            if speedup {
                "speed-up vs 1 thread"
            } else {
                "efficiency"
            }
        ),
        x_label: "grid points per task".into(),
        y_label: if speedup {
            "speed-up".into()
        } else {
            "efficiency".into()
        },
        log_x: true,
        series,
        y_range: Some((0.0, if speedup { tmax as f64 * 1.1 } else { 1.1 })),
        ..Chart::default()
    }
    .svg()
}

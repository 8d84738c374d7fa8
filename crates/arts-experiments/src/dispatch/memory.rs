//! Memory study (paper Fig. 7): 1000 tasks × 100 steps, each task filling a
//! scratch array of a given size. H-Dispatch and static partition reuse one
//! array per worker; scatter-gather allocates one per task. Records run time
//! and peak RSS per mode; the H-Dispatch expectation is base + threads × size.

use std::time::Instant;

use super::DispatchStudyError;
use super::rss::{current_rss, peak_rss, reset_peak};
use arts_dispatch::Executor;
use arts_dispatch::alloc_count;
use arts_dispatch::{Dispatcher, ScatterGather, StaticPartition};
use arts_util::chart::{Chart, Series};

/// What to measure.
#[derive(Clone, Debug)]
pub struct MemoryConfig {
    /// Scratch sizes in bytes.
    pub sizes: Vec<usize>,
    /// Tasks per step.
    pub tasks: u32,
    /// Steps.
    pub steps: usize,
    /// Worker threads.
    pub threads: usize,
}

impl MemoryConfig {
    /// The paper's setting: sizes 0 to 1 MB, 1000 tasks × 100 steps.
    pub fn paper(threads: usize) -> MemoryConfig {
        MemoryConfig {
            sizes: vec![
                0, 1_000, 10_000, 30_000, 80_000, 100_000, 300_000, 1_000_000,
            ],
            tasks: 1000,
            steps: 100,
            threads,
        }
    }
}

/// One measured (mode, size).
#[derive(Clone, Debug, PartialEq)]
pub struct MemoryRow {
    /// `hdispatch`, `static` or `scatter`.
    pub mode: &'static str,
    /// Scratch bytes per task.
    pub scratch_bytes: usize,
    /// Wall time of the whole run (s).
    pub time_s: f64,
    /// RSS just before the run (bytes).
    pub base_rss: u64,
    /// Peak RSS during the run (bytes).
    pub peak_rss: u64,
    /// `base_rss + threads × scratch_bytes`.
    pub expected_rss: u64,
    /// Peak heap bytes live during the run (counting allocator; 0 if not installed).
    pub peak_heap: u64,
}

fn measure<E: Executor>(
    ex: &E,
    size: usize,
    cfg: &MemoryConfig,
) -> Result<MemoryRow, DispatchStudyError> {
    arts_util::host::release_free_memory();
    reset_peak();
    let base = current_rss().unwrap_or(0);
    let counting = alloc_count::is_installed();
    if counting {
        alloc_count::start();
    }
    let t0 = Instant::now();
    ex.run(
        cfg.steps,
        |_| vec![0u8; size],
        |feed| feed.extend(0..cfg.tasks),
        |_, _t, scratch: &mut Vec<u8>| {
            for (i, b) in scratch.iter_mut().enumerate() {
                *b = i as u8;
            }
            std::hint::black_box(&scratch);
        },
    )?;
    let time_s = t0.elapsed().as_secs_f64();
    let peak_heap = if counting {
        alloc_count::stop();
        alloc_count::peak_live_bytes()
    } else {
        0
    };
    Ok(MemoryRow {
        mode: ex.name(),
        scratch_bytes: size,
        time_s,
        base_rss: base,
        peak_rss: peak_rss().unwrap_or(0),
        expected_rss: base + (ex.threads() * size) as u64,
        peak_heap,
    })
}

/// Runs every mode at every size; `progress(done, total)` after each.
pub fn memory(
    cfg: &MemoryConfig,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<MemoryRow>, DispatchStudyError> {
    let hd = Dispatcher::new(cfg.threads)?;
    let st = StaticPartition::new(cfg.threads)?;
    let sg = ScatterGather::new(cfg.threads)?;
    let mut rows = Vec::new();
    let total = cfg.sizes.len() * 3;
    for &size in &cfg.sizes {
        rows.push(measure(&hd, size, cfg)?);
        progress(rows.len(), total);
        rows.push(measure(&st, size, cfg)?);
        progress(rows.len(), total);
        rows.push(measure(&sg, size, cfg)?);
        progress(rows.len(), total);
    }
    Ok(rows)
}

/// CSV of the memory study.
pub fn memory_csv(rows: &[MemoryRow]) -> String {
    arts_util::chart::csv_text(
        &[
            "mode",
            "scratch_bytes",
            "time_s",
            "base_rss_bytes",
            "peak_rss_bytes",
            "expected_rss_bytes",
            "peak_heap_bytes",
        ],
        rows.iter().map(|r| {
            vec![
                r.mode.to_string(),
                r.scratch_bytes.to_string(),
                format!("{:.6}", r.time_s),
                r.base_rss.to_string(),
                r.peak_rss.to_string(),
                r.expected_rss.to_string(),
                r.peak_heap.to_string(),
            ]
        }),
    )
}

/// What a memory plot shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryPlot {
    /// Run time.
    Time,
    /// Peak RSS above the base.
    Rss,
    /// Peak heap bytes live (counting allocator).
    Heap,
}

/// Time, peak RSS above base or peak live heap (MB) against scratch size, per mode.
pub fn memory_svg(rows: &[MemoryRow], what: MemoryPlot) -> std::io::Result<String> {
    let mb = |b: u64| b as f64 / 1e6;
    let mut series = Vec::new();
    for mode in ["hdispatch", "static", "scatter"] {
        let pts = rows
            .iter()
            .filter(|r| r.mode == mode)
            .map(|r| {
                let y = match what {
                    MemoryPlot::Time => r.time_s,
                    MemoryPlot::Rss => mb(r.peak_rss.saturating_sub(r.base_rss)),
                    MemoryPlot::Heap => mb(r.peak_heap),
                };
                (r.scratch_bytes as f64 / 1e6, y)
            })
            .collect();
        series.push(Series {
            name: mode.into(),
            points: pts,
        });
    }
    if what != MemoryPlot::Time {
        let pts = rows
            .iter()
            .filter(|r| r.mode == "hdispatch")
            .map(|r| {
                (
                    r.scratch_bytes as f64 / 1e6,
                    mb(r.expected_rss.saturating_sub(r.base_rss)),
                )
            })
            .collect();
        series.push(Series {
            name: "threads × size".into(),
            points: pts,
        });
    }
    let (title, y_label) = match what {
        MemoryPlot::Time => (
            "Run time vs task memory (1000 tasks x 100 steps)",
            "time (s)",
        ),
        MemoryPlot::Rss => ("Peak RSS above base vs task memory", "peak RSS - base (MB)"),
        MemoryPlot::Heap => ("Peak live heap vs task memory", "peak live heap (MB)"),
    };
    Chart {
        title: title.into(),
        x_label: "scratch per task (MB)".into(),
        y_label: y_label.into(),
        log_x: false,
        series,
        ..Chart::default()
    }
    .svg()
}

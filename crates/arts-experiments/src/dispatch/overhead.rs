//! Per-task dispatch overhead (empty tasks) and heap allocations per task.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use arts_dispatch::Executor;
use arts_dispatch::alloc_count;
use arts_dispatch::error::DispatchError;
use arts_util::stats::median_duration as median;

/// Cost of dispatching empty tasks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Overhead {
    /// Median over steps of step wall time / tasks, in ns.
    pub wall_ns: f64,
    /// `wall_ns × threads`: worker CPU time per task, in ns.
    pub cpu_ns: f64,
}

/// Runs `steps` steps of `tasks` empty tasks on `ex` and measures per task.
pub fn dispatch_overhead<E: Executor>(
    ex: &E,
    tasks: u32,
    steps: usize,
) -> Result<Overhead, DispatchError> {
    let report = ex.run(
        steps,
        |_| (),
        |feed| feed.extend(0..tasks),
        |_, t, _| {
            std::hint::black_box(t);
        },
    )?;
    // Drop the first step (thread start-up).
    let times = &report.step_times[1.min(report.step_times.len())..];
    let wall_ns = median(times).as_nanos() as f64 / f64::from(tasks.max(1));
    Ok(Overhead {
        wall_ns,
        cpu_ns: wall_ns * ex.threads() as f64,
    })
}

/// Like [`dispatch_overhead`] but every task goes through the dynamic queue:
/// `tasks / 2` seeded tasks each spawn one child while the step runs.
pub fn spawn_overhead<E: Executor>(
    ex: &E,
    tasks: u32,
    steps: usize,
) -> Result<Overhead, DispatchError> {
    let roots = (tasks / 2).max(1);
    let report = ex.run(
        steps,
        |_| (),
        |feed| feed.extend((0..roots).map(|t| t << 1)),
        |ctx, t, _| {
            if t & 1 == 0 {
                ctx.spawn(t | 1);
            }
        },
    )?;
    let times = &report.step_times[1.min(report.step_times.len())..];
    let wall_ns = median(times).as_nanos() as f64 / f64::from(2 * roots);
    Ok(Overhead {
        wall_ns,
        cpu_ns: wall_ns * ex.threads() as f64,
    })
}

/// Heap allocations per task in steady state, counted between the seed of
/// step `warmup` and the seed of the last step. Each seeded task also spawns
/// one child task, so the dynamic queue is counted too; step 0 instead seeds a
/// single task that spawns `tasks` children at once, so the queue reaches its
/// high-water mark (and its final capacity) during the warm-up, and no step
/// runs before every worker thread has started. `None` when
/// the counting allocator is not this program's global allocator.
pub fn allocations_per_task<E: Executor>(
    ex: &E,
    tasks: u32,
    steps: usize,
    warmup: usize,
    scratch_bytes: usize,
) -> Result<Option<f64>, DispatchError> {
    if !alloc_count::is_installed() || steps < warmup + 2 {
        return Ok(None);
    }
    let counted = AtomicU64::new(0);
    let ran = AtomicU64::new(0);
    // Every worker thread must have started (thread start-up allocates)
    // before counting: the seed of step `warmup` waits (up to 5 s) until
    // `threads` scratch initializers ran.
    let started = AtomicU64::new(0);
    let threads = ex.threads() as u64;
    ex.run(
        steps,
        |_| {
            // Counted as started once its allocation is done.
            let scratch = vec![0u8; scratch_bytes];
            started.fetch_add(1, Relaxed);
            scratch
        },
        |feed| {
            let s = feed.step();
            if s == warmup {
                let t0 = std::time::Instant::now();
                while started.load(Relaxed) < threads && t0.elapsed().as_secs() < 5 {
                    std::thread::yield_now();
                }
                alloc_count::start();
            } else if s == steps - 1 {
                counted.store(alloc_count::stop(), Relaxed);
            }
            if s == 0 {
                feed.push(u32::MAX - 1);
            } else {
                feed.extend((0..tasks).map(|t| t << 1));
            }
        },
        |ctx, t, scratch: &mut Vec<u8>| {
            if let Some(b) = scratch.first_mut() {
                *b = t as u8;
            }
            if t == u32::MAX - 1 {
                for c in 0..tasks {
                    ctx.spawn((c << 1) | 1);
                }
            } else if t & 1 == 0 {
                ctx.spawn(t | 1);
            }
            if ctx.step() >= warmup && ctx.step() < steps - 1 {
                ran.fetch_add(1, Relaxed);
            }
        },
    )?;
    alloc_count::stop();
    let n = ran.load(Relaxed).max(1);
    Ok(Some(counted.load(Relaxed) as f64 / n as f64))
}

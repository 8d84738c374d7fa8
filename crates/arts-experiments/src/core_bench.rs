//! `arts bench core`: the runtime's basic costs (send and dispatch, latency
//! between PEs, a reduction, a migration) and Jacobi2D's step time against a
//! sequential loop, rayon threads, overdecomposition, instrumentation and
//! tracing. Every measurement is repeated, interleaved with the others, so
//! that a burst of load from elsewhere hits all of them alike; medians are
//! reported.

use std::sync::Arc;

use arts_apps::jacobi2d::{self, Params};
use arts_apps::stencil2d::{Plain, Problem, Reference};
use arts_core::limits::MemoryBudget;
use arts_core::{Config, Map};
use arts_util::stats::median;
use serde::Serialize;

use crate::{StudyError, microbench};

/// What `arts bench core` measures with.
#[derive(Clone, Copy, Debug)]
pub struct CoreBenchOptions {
    /// Grid side for the Jacobi2D measurements (square grid).
    pub grid: u64,
    /// Steps per Jacobi2D measurement.
    pub iters: u32,
    /// Round trips per ping-pong measurement.
    pub round_trips: u32,
    /// Repetitions of every measurement, interleaved.
    pub repeat: u32,
}

/// The suite's medians (JSON keys are a contract: add, never rename).
#[derive(Serialize)]
pub struct CoreBench {
    /// Repetitions of every measurement.
    pub repeat: u32,
    /// Send and dispatch of a message on one PE, ns.
    pub same_pe_send_dispatch_ns: f64,
    /// One-way latency between two PEs, ns.
    pub cross_pe_latency_ns: f64,
    /// A reduction and broadcast over 1024 elements, µs.
    pub reduction_1024_us: f64,
    /// Migrating an element of 1 MiB, ms.
    pub migration_1mib_ms: f64,
    /// Bytes migrated per second.
    pub migration_bytes_per_s: f64,
    /// Grid side.
    pub grid: u64,
    /// Steps per Jacobi2D measurement.
    pub iters: u32,
    /// The sequential loop's step time, s.
    pub sequential_step_s: f64,
    /// arts on 1 PE with 64 objects, s per step.
    pub jacobi_1pe_64obj_step_s: f64,
    /// ... over the sequential loop.
    pub jacobi_vs_sequential_ratio: f64,
    /// rayon on 2 threads, s per step.
    pub rayon_2threads_step_s: f64,
    /// arts on 2 PEs with 64 objects, s per step.
    pub jacobi_2pe_64obj_step_s: f64,
    /// rayon's step time over arts'.
    pub jacobi_vs_threads_ratio: f64,
    /// Step time on 2 PEs by objects per PE.
    pub step_s_by_objects_per_pe: Vec<(u64, f64)>,
    /// 1024 objects per PE over 4.
    pub overdecomposition_ratio: f64,
    /// arts on 2 PEs without instrumentation, s per step.
    pub jacobi_2pe_uninstrumented_step_s: f64,
    /// Instrumented over not.
    pub instrumentation_overhead_ratio: f64,
    /// arts on 2 PEs with tracing, s per step.
    pub jacobi_2pe_traced_step_s: f64,
    /// Traced over not.
    pub tracing_overhead_ratio: f64,
}

/// The measurements of the suite; each is run once per repetition.
#[derive(Clone, Copy, PartialEq)]
enum Measure {
    SamePe,
    CrossPe,
    Reduction,
    Migration,
    Sequential,
    OnePe,
    Rayon,
    TwoPe,
    PerPe(u64),
    Uninstrumented,
    Traced,
}

/// The measurements in the order they are taken.
const MEASURES: [Measure; 13] = [
    Measure::SamePe,
    Measure::CrossPe,
    Measure::Reduction,
    Measure::Migration,
    Measure::Sequential,
    Measure::OnePe,
    Measure::Rayon,
    Measure::TwoPe,
    Measure::PerPe(4),
    Measure::PerPe(64),
    Measure::PerPe(1024),
    Measure::Uninstrumented,
    Measure::Traced,
];

/// How many measurements the suite takes with `opts` (for a progress bar).
pub fn measurements(opts: &CoreBenchOptions) -> u64 {
    MEASURES.len() as u64 * opts.repeat as u64
}

/// Objects grid (rows x cols) with `n` objects, as square as possible.
fn object_layout(n: u64) -> (usize, usize) {
    let mut r = (n as f64).sqrt() as u64;
    while !n.is_multiple_of(r) {
        r -= 1;
    }
    (r as usize, (n / r) as usize)
}

/// A configuration of `pes` PEs.
fn pes(pes: u32) -> Config {
    Config {
        pes,
        ..Config::default()
    }
}

fn failed(e: impl std::fmt::Display) -> StudyError {
    StudyError::Failed(e.to_string())
}

/// Jacobi2D on the suite's grid, cut into `objects` blocks.
struct Jacobi {
    opts: CoreBenchOptions,
    reference: Arc<Reference>,
}

impl Jacobi {
    fn problem(
        opts: &CoreBenchOptions,
        objects: (usize, usize),
    ) -> Result<Problem<Plain>, StudyError> {
        let g = opts.grid as usize;
        let params = Params {
            rows: g,
            cols: g,
            objs_x: objects.0 as u32,
            objs_y: objects.1 as u32,
            iters: opts.iters,
        };
        params
            .problem()
            .map_err(|e| StudyError::Usage(format!("--grid/--objects: {e}")))
    }

    /// The median step time of a valid run on `config`.
    fn step_s(&self, objects: (usize, usize), config: Config) -> Result<f64, StudyError> {
        let p = Self::problem(&self.opts, objects)?;
        let o =
            jacobi2d::run(&p, &config, Map::Block, Some(self.reference.clone())).map_err(failed)?;
        if o.max_diff != 0.0 {
            return Err(failed(format!(
                "jacobi2d with {objects:?} objects is not valid (diff {:e})",
                o.max_diff
            )));
        }
        Ok(o.step_time_median_s())
    }
}

/// Runs the suite (refused when its grid does not fit in `budget`),
/// calling `each` after every measurement.
pub fn run(
    opts: &CoreBenchOptions,
    budget: &MemoryBudget,
    mut each: impl FnMut(),
) -> Result<CoreBench, StudyError> {
    use Measure::*;
    let g = opts.grid;
    let base = Jacobi::problem(opts, (1, 1))?;
    budget
        .check(
            format!("bench core on a {g}x{g} grid"),
            base.memory_bytes(true),
        )
        .map_err(|e| StudyError::Usage(e.to_string()))?;
    let jacobi = Jacobi {
        opts: *opts,
        reference: Arc::new(jacobi2d::reference(&base)),
    };
    let rotate = Config {
        lb: Some(
            arts_core::LbConfig::new("rotate", arts_core::LbPeriod::EverySync).map_err(failed)?,
        ),
        ..pes(2)
    };
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); MEASURES.len()];
    let mut migrated_bytes = 0;
    for _ in 0..opts.repeat {
        for (i, m) in MEASURES.iter().enumerate() {
            let v = match *m {
                SamePe => {
                    microbench::pingpong_ns(&pes(1), true, opts.round_trips).map_err(failed)?
                }
                CrossPe => {
                    microbench::pingpong_ns(&pes(2), false, opts.round_trips).map_err(failed)?
                }
                Reduction => microbench::reduction_us(&pes(2), 1024, 2000).map_err(failed)?,
                Migration => {
                    let (t, bytes) =
                        microbench::migration_s(&rotate, 1 << 20, 20).map_err(failed)?;
                    migrated_bytes = bytes;
                    t
                }
                Sequential => median(&jacobi2d::reference(&base).step_times),
                OnePe => jacobi.step_s((8, 8), pes(1))?,
                Rayon => median(&jacobi2d::threaded(&base, 2)),
                TwoPe => jacobi.step_s((8, 8), pes(2))?,
                PerPe(n) => jacobi.step_s(object_layout(2 * n), pes(2))?,
                Uninstrumented => jacobi.step_s(
                    (8, 8),
                    Config {
                        instrument: false,
                        ..pes(2)
                    },
                )?,
                Traced => jacobi.step_s(
                    (8, 8),
                    Config {
                        trace: true,
                        ..pes(2)
                    },
                )?,
            };
            samples[i].push(v);
            each();
        }
    }
    let m = |which: Measure| {
        median(&samples[MEASURES.iter().position(|x| *x == which).expect("listed")])
    };
    let (seq, one_pe, rayon, two_pe) = (m(Sequential), m(OnePe), m(Rayon), m(TwoPe));
    let by_objects: Vec<(u64, f64)> = [4, 64, 1024].iter().map(|&n| (n, m(PerPe(n)))).collect();
    let (plain, traced, migration) = (m(Uninstrumented), m(Traced), m(Migration));
    Ok(CoreBench {
        repeat: opts.repeat,
        same_pe_send_dispatch_ns: m(SamePe),
        cross_pe_latency_ns: m(CrossPe),
        reduction_1024_us: m(Reduction),
        migration_1mib_ms: migration * 1e3,
        migration_bytes_per_s: migrated_bytes as f64 / migration,
        grid: opts.grid,
        iters: opts.iters,
        sequential_step_s: seq,
        jacobi_1pe_64obj_step_s: one_pe,
        jacobi_vs_sequential_ratio: one_pe / seq,
        rayon_2threads_step_s: rayon,
        jacobi_2pe_64obj_step_s: two_pe,
        jacobi_vs_threads_ratio: rayon / two_pe,
        overdecomposition_ratio: by_objects[2].1 / by_objects[0].1,
        step_s_by_objects_per_pe: by_objects,
        jacobi_2pe_uninstrumented_step_s: plain,
        instrumentation_overhead_ratio: two_pe / plain,
        jacobi_2pe_traced_step_s: traced,
        tracing_overhead_ratio: traced / two_pe,
    })
}

impl CoreBench {
    /// The human-readable table.
    pub fn table(&self) -> String {
        let g = self.grid;
        let od: Vec<String> = self
            .step_s_by_objects_per_pe
            .iter()
            .map(|(n, s)| format!("{n}/PE {:.2} ms", s * 1e3))
            .collect();
        format!(
            "medians of {} interleaved repetitions\n\
             same-PE send+dispatch        {:.0} ns (target <= 80)\n\
             cross-PE one-way latency     {:.0} ns (target <= 300)\n\
             reduction+broadcast, 1024 el {:.1} us\n\
             1 MiB migration              {:.3} ms, {:.2} GB/s (target <= 1 ms)\n\
             jacobi2d {g}x{g}, {} steps (median step):\n\
             \x20 sequential loop           {:.2} ms\n\
             \x20 arts 1 PE, 64 objects     {:.2} ms  (ratio {:.3}, target <= 1.10)\n\
             \x20 rayon 2 threads           {:.2} ms\n\
             \x20 arts 2 PEs, 64 objects    {:.2} ms  (throughput ratio {:.3}, target >= 0.95)\n\
             \x20 overdecomposition (2 PEs) {}  (1024 vs 4: {:.3}, target <= 1.15)\n\
             \x20 instrumentation off       {:.2} ms  (on/off {:.3}, target <= 1.03)\n\
             \x20 tracing on                {:.2} ms  (on/off {:.3}, target <= 1.10)",
            self.repeat,
            self.same_pe_send_dispatch_ns,
            self.cross_pe_latency_ns,
            self.reduction_1024_us,
            self.migration_1mib_ms,
            self.migration_bytes_per_s / 1e9,
            self.iters,
            self.sequential_step_s * 1e3,
            self.jacobi_1pe_64obj_step_s * 1e3,
            self.jacobi_vs_sequential_ratio,
            self.rayon_2threads_step_s * 1e3,
            self.jacobi_2pe_64obj_step_s * 1e3,
            self.jacobi_vs_threads_ratio,
            od.join(", "),
            self.overdecomposition_ratio,
            self.jacobi_2pe_uninstrumented_step_s * 1e3,
            self.instrumentation_overhead_ratio,
            self.jacobi_2pe_traced_step_s * 1e3,
            self.tracing_overhead_ratio,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn object_layouts_are_as_square_as_possible() {
        assert_eq!(object_layout(8), (2, 4));
        assert_eq!(object_layout(128), (8, 16));
        assert_eq!(object_layout(2048), (32, 64));
        assert_eq!(object_layout(7), (1, 7));
    }

    #[test]
    fn a_grid_over_the_budget_is_refused_before_any_measurement() {
        let opts = CoreBenchOptions {
            grid: 4096,
            iters: 3,
            round_trips: 1,
            repeat: 1,
        };
        let mut measured = 0;
        let e = run(&opts, &MemoryBudget::new(Some(1 << 20)), || measured += 1).err();
        assert!(matches!(e, Some(StudyError::Usage(_))), "{e:?}");
        assert_eq!(measured, 0);
    }
}

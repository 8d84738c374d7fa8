//! The 3-D heat equation `∂u/∂t = k∇²u` by explicit Euler with the 7-point
//! stencil (paper eq. 2–6) on an `n³` grid with fixed boundary values, run on
//! H-Dispatch, either baseline, rayon, or the sequential reference. Each task
//! updates one fine-grained domain (a cubic block or a row-wise run); the two
//! buffers alternate by step parity, so no serial work is needed between steps.

mod checked;
mod domains;
mod field;
mod kernel;
mod reference;

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

pub use checked::{Heat3dReport, run_checked};
pub use domains::{Block, Domain, Shape, partition};
pub use field::Field;
pub use kernel::{Buffers, update_run};
pub use reference::run_reference;

use crate::error::DispatchError;
use crate::task::Executor;
use crate::{Dispatcher, ScatterGather, StaticPartition};

/// Why a heat run was refused or failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum HeatError {
    /// The grid is too small to have interior nodes, or larger than [`MAX_N`].
    #[error("n {0} is out of range (accepted: 3..={MAX_N})")]
    BadSize(usize),
    /// No time step to run.
    #[error("steps {0} is out of range (accepted: 1 or more)")]
    BadSteps(usize),
    /// The diffusion number is outside the explicit scheme's stability range.
    #[error("alpha {0} is out of range (accepted: 0 < alpha <= 1/6 for a stable explicit scheme)")]
    Unstable(f64),
    /// The block has a zero extent or is larger than the grid.
    #[error("{0}")]
    BadBlock(String),
    /// The executor refused the configuration or a task failed.
    #[error(transparent)]
    Dispatch(#[from] DispatchError),
}

/// Which executor runs the steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Mode {
    /// H-Dispatch: persistent workers pulling domains.
    #[cfg_attr(feature = "clap", value(name = "hdispatch"))]
    HDispatch,
    /// Scatter-gather: one task object per domain per step, gathered by count.
    Scatter,
    /// Static partition: fixed contiguous domain blocks per thread, barrier per step.
    Static,
    /// rayon `par_chunks_mut` over z-planes (the comparison point).
    Rayon,
    /// The sequential reference (ignores threads and blocks).
    #[cfg_attr(feature = "clap", value(alias = "seq"))]
    Sequential,
}

impl FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "hdispatch" => Ok(Mode::HDispatch),
            "scatter" => Ok(Mode::Scatter),
            "static" => Ok(Mode::Static),
            "rayon" => Ok(Mode::Rayon),
            "sequential" | "seq" => Ok(Mode::Sequential),
            _ => Err(format!(
                "unknown mode '{s}' (accepted: hdispatch, scatter, static, rayon, sequential)"
            )),
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::HDispatch => "hdispatch",
            Mode::Scatter => "scatter",
            Mode::Static => "static",
            Mode::Rayon => "rayon",
            Mode::Sequential => "sequential",
        })
    }
}

/// Largest grid edge accepted (two f64 grids of n³ nodes: 2 GiB at 512).
pub const MAX_N: usize = 512;

/// Largest stable diffusion number of the explicit 7-point scheme in 3-D.
pub const MAX_STABLE_ALPHA: f64 = 1.0 / 6.0;

/// One heat problem.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeatConfig {
    /// Nodes per edge.
    pub n: usize,
    /// Time steps.
    pub steps: usize,
    /// `kΔt/Δx²`; stable for `alpha <= 1/6`.
    pub alpha: f64,
    /// Domain extents.
    pub block: Block,
    /// Cubic or row-wise domains.
    pub shape: Shape,
}

impl HeatConfig {
    /// The paper's problem: `n = 100` (1M nodes), 13³ cubic blocks, α = 0.1.
    pub fn paper(steps: usize) -> HeatConfig {
        HeatConfig {
            n: 100,
            steps,
            alpha: 0.1,
            block: Block::cube(13),
            shape: Shape::Cube,
        }
    }

    /// Checks the problem before any work: `3 <= n <= MAX_N`, at least one
    /// step, a stable diffusion number (`0 < alpha <= 1/6`) and a block
    /// that fits the grid.
    pub fn validate(&self) -> Result<(), HeatError> {
        if !(3..=MAX_N).contains(&self.n) {
            return Err(HeatError::BadSize(self.n));
        }
        if self.steps == 0 {
            return Err(HeatError::BadSteps(self.steps));
        }
        if !(self.alpha > 0.0 && self.alpha <= MAX_STABLE_ALPHA) {
            return Err(HeatError::Unstable(self.alpha));
        }
        partition(self.n, self.block, self.shape).map(drop)
    }
}

/// The outcome of one run.
#[derive(Clone, Debug)]
pub struct HeatRun {
    /// The field after the last step.
    pub field: Field,
    /// Wall time of each step.
    pub step_times: Vec<Duration>,
    /// Tasks (domains) per step; 1 for the sequential reference, planes for rayon.
    pub tasks_per_step: usize,
    /// Tasks run by each worker (empty for rayon and the reference).
    pub tasks_per_worker: Vec<u64>,
}

/// Runs the problem on any [`Executor`]: each step's tasks are the domain indices.
pub fn run_executor<E: Executor>(cfg: &HeatConfig, ex: &E) -> Result<HeatRun, HeatError> {
    run_executor_with_hook(cfg, ex, |_| {})
}

/// Like [`run_executor`], calling `hook(step)` in the serial section before
/// each step's tasks are seeded (the interference study toggles its busy
/// thread there).
pub fn run_executor_with_hook<E: Executor>(
    cfg: &HeatConfig,
    ex: &E,
    mut hook: impl FnMut(usize) + Send,
) -> Result<HeatRun, HeatError> {
    let domains = partition(cfg.n, cfg.block, cfg.shape)?;
    let mut a = Field::initial(cfg.n);
    let mut b = a.clone();
    let bufs = Buffers::new(&mut a.data, &mut b.data);
    let (n, alpha) = (cfg.n, cfg.alpha);
    let count = u32::try_from(domains.len())
        .map_err(|_| HeatError::BadBlock(format!("{} domains is too many", domains.len())))?;
    let report = ex.run(
        cfg.steps,
        |_| (),
        |feed| {
            hook(feed.step());
            feed.extend(0..count)
        },
        |ctx, d: u32, _| {
            let step = ctx.step();
            // SAFETY: during step `step` only the other buffer is written, and
            // each domain (a task) is handed to exactly one worker; domains are
            // disjoint, so the run slices never overlap. Steps are ordered by
            // the executor's completion (happens-before).
            let src = unsafe { bufs.src(step) };
            domains[d as usize].for_each_run(n, |base, len| {
                let dst = unsafe { bufs.dst_run(step, base, len) };
                update_run(src, dst, base, n, alpha);
            });
        },
    )?;
    let grid = if cfg.steps.is_multiple_of(2) { a } else { b };
    Ok(HeatRun {
        field: grid,
        step_times: report.step_times,
        tasks_per_step: domains.len(),
        tasks_per_worker: report.tasks_per_worker,
    })
}

/// Runs the problem with rayon: `par_chunks_mut` over z-planes of the output
/// buffer, on a pool of `threads` threads, the time loop inside the pool.
pub fn run_rayon(cfg: &HeatConfig, threads: usize) -> Result<HeatRun, HeatError> {
    use rayon::prelude::*;
    crate::error::check_threads(threads)?;
    if cfg.n < 3 {
        return Err(HeatError::BadSize(cfg.n));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| DispatchError::Spawn(e.to_string()))?;
    let (n, alpha) = (cfg.n, cfg.alpha);
    let mut cur = Field::initial(n);
    let mut next = cur.clone();
    let mut times = Vec::with_capacity(cfg.steps);
    pool.install(|| {
        for _ in 0..cfg.steps {
            let t0 = Instant::now();
            let src = &cur.data;
            next.data
                .par_chunks_mut(n * n)
                .enumerate()
                .for_each(|(z, plane)| {
                    if z == 0 || z == n - 1 {
                        return;
                    }
                    for y in 1..n - 1 {
                        let base = (z * n + y) * n + 1;
                        let off = y * n + 1;
                        update_run(src, &mut plane[off..off + n - 2], base, n, alpha);
                    }
                });
            std::mem::swap(&mut cur, &mut next);
            times.push(t0.elapsed());
        }
    });
    Ok(HeatRun {
        field: cur,
        step_times: times,
        tasks_per_step: n,
        tasks_per_worker: Vec::new(),
    })
}

/// Runs the problem in `mode` on `threads` threads; `pin` pins workers to CPUs.
pub fn run_mode(
    cfg: &HeatConfig,
    mode: Mode,
    threads: usize,
    pin: bool,
) -> Result<HeatRun, HeatError> {
    cfg.validate()?;
    match mode {
        Mode::HDispatch => run_executor(cfg, &Dispatcher::new(threads)?.with_pinning(pin)),
        Mode::Static => run_executor(cfg, &StaticPartition::new(threads)?.with_pinning(pin)),
        Mode::Scatter => run_executor(cfg, &ScatterGather::new(threads)?),
        Mode::Rayon => run_rayon(cfg, threads),
        Mode::Sequential => {
            let (grid, step_times) = run_reference(cfg.n, cfg.steps, cfg.alpha);
            Ok(HeatRun {
                field: grid,
                step_times,
                tasks_per_step: 1,
                tasks_per_worker: Vec::new(),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_library_enforces_the_stability_rule() {
        let mut c = HeatConfig::paper(1);
        assert_eq!(c.validate(), Ok(()));
        c.alpha = 0.2;
        assert_eq!(c.validate(), Err(HeatError::Unstable(0.2)));
        assert!(matches!(
            run_mode(&c, Mode::Sequential, 1, false),
            Err(HeatError::Unstable(_))
        ));
        c.alpha = 0.1;
        c.steps = 0;
        assert_eq!(c.validate(), Err(HeatError::BadSteps(0)));
        c.steps = 1;
        c.n = MAX_N + 1;
        assert_eq!(c.validate(), Err(HeatError::BadSize(MAX_N + 1)));
    }

    #[test]
    fn heat_flows_in_from_the_hot_face_and_stays_bounded() {
        let (g, _) = run_reference(12, 40, 0.1);
        let i = g.idx(6, 6, 1);
        assert!(g.data[i] > 0.0 && g.data[i] < 1.0);
        assert!(g.data.iter().all(|v| (0.0..=1.0).contains(v)));
        // Boundary stays fixed.
        assert_eq!(g.data[g.idx(3, 4, 0)], 1.0);
        assert_eq!(g.data[g.idx(11, 4, 5)], 0.0);
    }

    #[test]
    fn every_mode_equals_the_reference_bit_for_bit() {
        for (n, steps) in [(10, 7), (23, 6)] {
            let (want, _) = run_reference(n, steps, 0.1);
            for shape in [Shape::Cube, Shape::Rows] {
                for block in [Block::cube(1), Block::cube(4), Block { x: n, y: 3, z: 2 }] {
                    let cfg = HeatConfig {
                        n,
                        steps,
                        alpha: 0.1,
                        block,
                        shape,
                    };
                    for mode in [
                        Mode::HDispatch,
                        Mode::Scatter,
                        Mode::Static,
                        Mode::Rayon,
                        Mode::Sequential,
                    ] {
                        for threads in [1, 3] {
                            let got = run_mode(&cfg, mode, threads, false).unwrap();
                            assert!(
                                got.field.bits_equal(&want),
                                "{mode} {shape} {block} t={threads} n={n}"
                            );
                            assert_eq!(got.step_times.len(), steps);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn bad_inputs_are_errors() {
        let mut cfg = HeatConfig::paper(2);
        cfg.block = Block::cube(101);
        assert!(matches!(
            run_mode(&cfg, Mode::HDispatch, 2, false),
            Err(HeatError::BadBlock(_))
        ));
        cfg.block = Block::cube(13);
        assert!(matches!(
            run_mode(&cfg, Mode::Static, 0, false),
            Err(HeatError::Dispatch(DispatchError::BadThreads { .. }))
        ));
        cfg.n = 2;
        assert!(matches!(
            run_mode(&cfg, Mode::Rayon, 1, false),
            Err(HeatError::BadSize(2))
        ));
    }
}

//! The benchmark studies behind `arts bench dispatch`: a quick headline run,
//! the task-size sweep (paper Fig. 10), the memory study (Fig. 7) and the
//! interference study (a core monopolized by an external busy thread). Each
//! returns plain rows; `csv()` and `svg()` helpers render them
//! (`arts_util::chart`). Timings are
//! medians of per-step wall times; repeated configurations are interleaved and
//! the best (lowest) median of the repetitions is kept for every configuration
//! alike, which filters out bursts of load from other processes.

pub mod bench;
pub mod busy;
pub mod idle;
pub mod interference;
pub mod memory;
pub mod overhead;
pub mod quick;
pub mod rss;
pub mod sweep;

use arts_dispatch::heat3d::{Field, HeatConfig, HeatError, Mode, run_mode, run_reference};
use arts_util::stats::median_s;

/// Why an H-Dispatch study stopped (a heat run's own error kept whole).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DispatchStudyError {
    /// A heat run failed or was refused.
    #[error(transparent)]
    Heat(#[from] HeatError),
    /// A parallel result differed from the sequential reference.
    #[error("{0} result differs from the sequential reference; not reported")]
    Invalid(String),
    /// A dispatcher run failed.
    #[error(transparent)]
    Dispatch(#[from] arts_dispatch::DispatchError),
    /// A chart of the results could not be drawn.
    #[error("{0}")]
    Chart(String),
}

/// Runs `cfg` once in `mode` on `threads` threads, checks the result against
/// `reference` bit for bit, and returns the median step time (s).
pub fn timed_heat(
    cfg: &HeatConfig,
    mode: Mode,
    threads: usize,
    pin: bool,
    reference: &Field,
) -> Result<f64, DispatchStudyError> {
    let run = run_mode(cfg, mode, threads, pin)?;
    if !run.field.bits_equal(reference) {
        return Err(DispatchStudyError::Invalid(format!(
            "{mode} ({} {}, {threads} threads)",
            cfg.shape, cfg.block
        )));
    }
    Ok(median_s(&run.step_times))
}

/// The sequential reference result for `cfg` (grid only).
pub fn reference_field(cfg: &HeatConfig) -> Field {
    run_reference(cfg.n, cfg.steps, cfg.alpha).0
}

//! The engines and the one entry point that validates a configuration and
//! dispatches to them.

mod conservative;
pub(crate) mod optimistic;
mod sequential;

use crate::config::{RunConfig, SimReport, SyncMode};
use crate::error::{EventError, PdesError};
use crate::key::{Key, MAX_LPS, Time};
use crate::model::Model;
use crate::partition::MAX_PES;

/// The first model error in event order (the smallest key: the one the
/// sequential engine would have hit), kept by every PE of an engine.
#[derive(Debug, Default)]
pub(crate) struct FirstError(parking_lot::Mutex<Option<(Key, EventError)>>);

impl FirstError {
    /// Keeps `err` at `key` if it comes before the one kept so far.
    pub(crate) fn offer(&self, key: Key, err: EventError) {
        let mut slot = self.0.lock();
        if slot.as_ref().is_none_or(|(k, _)| key < *k) {
            *slot = Some((key, err));
        }
    }

    /// Whether an error was kept.
    pub(crate) fn is_set(&self) -> bool {
        self.0.lock().is_some()
    }

    /// The error kept, left in place.
    pub(crate) fn get(&self) -> Option<(Key, EventError)> {
        self.0.lock().clone()
    }

    /// The error kept, taken out.
    pub(crate) fn take(&self) -> Option<(Key, EventError)> {
        self.0.lock().take()
    }
}

/// Called now and then with the simulation time reached (GVT for the optimistic
/// engine); meant for progress bars.
pub type ProgressFn<'a> = &'a (dyn Fn(Time) + Sync);

/// Checks `cfg` against `model` (one error line naming the bad value).
pub fn validate<M: Model>(model: &M, cfg: &RunConfig) -> Result<(), PdesError> {
    let bad = |msg: String| Err(PdesError::Config(msg));
    let name = model.name();
    let lps = model.lp_count();
    if lps == 0 {
        return bad(format!("model {name} has no LPs"));
    }
    if lps > MAX_LPS {
        return bad(format!(
            "model {name} has {lps} LPs; at most {MAX_LPS} are supported"
        ));
    }
    if cfg.pes == 0 {
        return bad("--pes 0: at least 1 PE is needed".into());
    }
    if cfg.pes as u64 > lps as u64 {
        return bad(format!(
            "--pes {} is larger than the {lps} LPs of model {name}",
            cfg.pes
        ));
    }
    if cfg.pes > MAX_PES {
        return bad(format!("--pes {}: at most {MAX_PES} PEs", cfg.pes));
    }
    if cfg.end_time.is_nan() || cfg.end_time <= 0.0 {
        return bad(format!(
            "end time {} must be a positive number",
            cfg.end_time
        ));
    }
    let la = model.lookahead();
    if !la.is_finite() || la < 0.0 {
        return bad(format!(
            "model {name} declares lookahead {la}; it must be finite and >= 0"
        ));
    }
    if cfg.sync == SyncMode::Conservative && la <= 0.0 {
        return bad(format!(
            "conservative sync needs a lookahead > 0; model {name} declares {la}"
        ));
    }
    if cfg.window.is_nan() || cfg.window <= 0.0 {
        return bad(format!(
            "--window {} must be > 0 (or inf for unbounded optimism)",
            cfg.window
        ));
    }
    if cfg.gvt_interval == 0 {
        return bad("--gvt-interval 0: must be at least 1".into());
    }
    if let Some(procs) = &cfg.processes {
        validate_across(model, cfg, procs.size())?;
    }
    Ok(())
}

/// The checks of a run across `size` processes.
fn validate_across<M: Model>(model: &M, cfg: &RunConfig, size: u32) -> Result<(), PdesError> {
    let bad = |msg: String| Err(PdesError::Config(msg));
    let name = model.name();
    if cfg.sync == SyncMode::Sequential {
        return bad(
            "--sync sequential does not run across processes; accepted there: optimistic, conservative"
                .into(),
        );
    }
    if model.codec().is_none() {
        return bad(format!(
            "model {name} cannot run across processes (its events cannot cross them)"
        ));
    }
    if !cfg.pes.is_multiple_of(size as usize) || cfg.pes < size as usize {
        return bad(format!(
            "{} PEs cannot be spread evenly over {size} processes",
            cfg.pes
        ));
    }
    Ok(())
}

/// Runs `model` under `cfg` and reports the committed results.
pub fn run<M: Model>(
    model: &M,
    cfg: &RunConfig,
    progress: Option<ProgressFn<'_>>,
) -> Result<SimReport, PdesError>
where
    M::State: Send,
{
    validate(model, cfg)?;
    if cfg.processes.is_some() {
        crate::mem::map_large_buffers();
    }
    match cfg.sync {
        SyncMode::Sequential => sequential::run(model, cfg, progress),
        SyncMode::Conservative => conservative::run(model, cfg, progress),
        SyncMode::Optimistic => match &cfg.processes {
            Some(procs) => optimistic::run_across(model, cfg, procs, progress),
            None => optimistic::run(model, cfg, progress),
        },
    }
}

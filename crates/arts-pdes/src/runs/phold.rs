//! A PHOLD run on one engine, as `arts pdes phold` reports it.

use serde::Serialize;

use super::{RunReport, agrees_with_oracle};
use crate::checkpoint::{self, Plan};
use crate::config::RunConfig;
use crate::error::PdesError;
use crate::models::phold::Phold;
use crate::progress::{Progress, run_watched};

/// The PHOLD model as every report states it (`model` and its parameters).
#[derive(Clone, Debug, Serialize)]
pub struct PholdModel {
    /// `"phold"`.
    pub model: &'static str,
    /// Number of LPs.
    pub lps: u32,
    /// Initial events per LP.
    pub events_per_lp: u32,
    /// Mean of the exponential part of every delay.
    pub mean_delay: f64,
    /// Fixed part of every delay.
    pub lookahead: f64,
    /// Probability of a remote destination.
    pub remote: f64,
}

impl PholdModel {
    /// The parameters of `model`.
    pub fn of(model: &Phold) -> PholdModel {
        let p = model.params();
        PholdModel {
            model: "phold",
            lps: p.lps,
            events_per_lp: p.events_per_lp,
            mean_delay: p.mean_delay,
            lookahead: p.lookahead,
            remote: p.remote,
        }
    }
}

/// A PHOLD run as reported: the model's parameters, the run, and whether it
/// matched the sequential engine (when checked).
#[derive(Clone, Debug, Serialize)]
pub struct PholdReport {
    /// The model.
    #[serde(flatten)]
    pub model: PholdModel,
    /// The engine run.
    #[serde(flatten)]
    pub run: RunReport,
    /// Whether the committed results match the sequential engine's.
    pub valid: Option<bool>,
}

/// Runs `model` under `cfg` (progress as run `"phold"`, to the end time)
/// and, with `validate`, also on the sequential engine to compare.
pub fn run(
    model: &Phold,
    cfg: &RunConfig,
    validate: bool,
    progress: &dyn Progress,
) -> Result<PholdReport, PdesError> {
    run_planned(model, cfg, None, validate, progress)
}

/// [`run`] with checkpoints or a restart (`plan`; the sequential check,
/// with `validate`, runs from time 0 uninterrupted).
pub fn run_planned(
    model: &Phold,
    cfg: &RunConfig,
    plan: Option<&Plan>,
    validate: bool,
    progress: &dyn Progress,
) -> Result<PholdReport, PdesError> {
    let report = match plan.filter(|p| p.active()) {
        Some(plan) => {
            let described = serde_json::to_value(PholdModel::of(model))
                .map_err(|e| PdesError::Config(e.to_string()))?;
            checkpoint::run(model, cfg, plan, described, progress, "phold")?
        }
        None => run_watched(model, cfg, progress, "phold", cfg.end_time)?,
    };
    let valid = if validate {
        Some(agrees_with_oracle(model, cfg.clone(), &report)?)
    } else {
        None
    };
    Ok(PholdReport {
        model: PholdModel::of(model),
        run: RunReport::new(&report, cfg),
        valid,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SyncMode;
    use crate::models::phold::PholdParams;

    #[test]
    fn an_optimistic_run_agrees_with_the_sequential_engine() {
        let model = Phold::new(PholdParams {
            lps: 32,
            ..PholdParams::default()
        })
        .unwrap();
        let cfg = RunConfig::new(SyncMode::Optimistic, 2, 20.0, 3);
        let r = run(&model, &cfg, true, &()).unwrap();
        assert_eq!(r.valid, Some(true));
        assert_eq!(r.model.lps, 32);
        assert_eq!(r.run.sync, "optimistic");
        assert_eq!(r.run.checksum.len(), 16);
        assert_eq!(r.run.window, None);
    }
}

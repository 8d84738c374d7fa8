//! What a stencil run reports beyond its outcome: the validity threshold
//! against the sequential reference, the step statistics around the first
//! load-balancing step, one summary per LB step, and the LB dump (every
//! step's strategy input, replayable with `arts lb simulate`).

use arts_core::{LbPeriod, LbStepRecord};
use arts_lb::dump::LbDump;
use serde::Serialize;

use arts_util::stats::median;

/// Largest difference to the sequential reference of a valid result (the
/// kernels are the same, so results agree to rounding).
pub const VALID_MAX_DIFF: f64 = 1e-12;

/// Whether a result that differs from the reference by `max_diff` is valid.
pub fn is_valid(max_diff: f64) -> bool {
    max_diff <= VALID_MAX_DIFF
}

/// The mean step time over the timed window: the steps' times summed (one
/// step ends where the next begins, so the sum is the window, the
/// load-balancing steps included) over their count; 0 without steps. It is
/// what the thesis reports, and what a median hides when steps arrive in
/// bursts (a long step, then several short ones).
pub fn step_time_mean(step_times: &[f64]) -> f64 {
    arts_util::stats::mean(step_times)
}

/// Median step time before and after the first load-balancing step, seconds
/// (both `None` without a balancing step inside the run).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LbSplit {
    /// Median of the steps before the first LB step.
    pub before: Option<f64>,
    /// Median of the steps from the first LB step on.
    pub after: Option<f64>,
}

/// Splits `step_times` at the first LB step of a run balanced every
/// `period` that recorded `lb_steps` steps.
pub fn lb_split(step_times: &[f64], period: Option<LbPeriod>, lb_steps: usize) -> LbSplit {
    let first = match period {
        _ if lb_steps == 0 => None,
        Some(LbPeriod::Steps(n)) => Some(n as usize),
        Some(LbPeriod::Auto) => Some(arts_core::lb_manager::AUTO_FIRST_SYNC as usize),
        Some(LbPeriod::At(at)) => at.as_slice().first().map(|&s| s as usize),
        Some(_) => Some(1),
        None => None,
    };
    match first {
        Some(k) if k < step_times.len() => LbSplit {
            before: Some(median(&step_times[..k])),
            after: Some(median(&step_times[k..])),
        },
        _ => LbSplit {
            before: None,
            after: None,
        },
    }
}

/// One load-balancing step as reported (JSON keys are a contract).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LbStepSummary {
    /// Step number.
    pub step: u64,
    /// Predicted max/avg load before the step (1 when unknown).
    pub max_avg_before: f64,
    /// Predicted max/avg load after the step (1 when unknown).
    pub max_avg_after: f64,
    /// Objects that moved.
    pub migrations: u64,
    /// Serialized bytes moved.
    pub migrated_bytes: u64,
    /// Time the strategy took, seconds.
    pub strategy_time_s: f64,
    /// Time from the decision to the last arrival, seconds.
    pub migration_time_s: f64,
    /// The strategy's mapping was refused as not worth its cost.
    pub restrained: bool,
    /// The placement applied: the strategy's name, `refine` (restraint
    /// took the incremental refinement instead) or `current` (kept).
    pub placement: String,
    /// Steps until the next balancing step (`--lb-period auto`).
    pub next_period_steps: Option<u32>,
}

impl From<&LbStepRecord> for LbStepSummary {
    fn from(s: &LbStepRecord) -> Self {
        LbStepSummary {
            step: s.step,
            max_avg_before: s.before.as_ref().map_or(1.0, |b| b.max_avg_ratio),
            max_avg_after: s.after.as_ref().map_or(1.0, |a| a.max_avg_ratio),
            migrations: s.migrations,
            migrated_bytes: s.migrated_bytes,
            strategy_time_s: s.strategy_time_s,
            migration_time_s: s.migration_time_s,
            restrained: s.restrained,
            placement: s.placement.to_string(),
            next_period_steps: s.next_period_steps,
        }
    }
}

/// The dump of every step that recorded its strategy input.
pub fn lb_dump(steps: &[LbStepRecord]) -> LbDump {
    let mut dump = LbDump::new();
    for s in steps {
        if let Some(input) = &s.input {
            dump.push(s.step, input.clone());
        }
    }
    dump
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validity_threshold() {
        assert!(is_valid(0.0) && is_valid(VALID_MAX_DIFF));
        assert!(!is_valid(1e-9));
    }

    #[test]
    fn the_mean_counts_a_burst_the_median_hides() {
        // One long step, then four short ones: the median is a short step,
        // the mean is the window over the steps.
        let t = [0.015, 0.0003, 0.0003, 0.0003, 0.0003];
        assert_eq!(median(&t), 0.0003);
        assert!((step_time_mean(&t) - 0.0162 / 5.0).abs() < 1e-12);
        assert_eq!(step_time_mean(&[]), 0.0);
    }

    #[test]
    fn split_at_the_first_lb_step() {
        let t = [4.0, 4.0, 2.0, 1.0, 1.0];
        let s = lb_split(&t, Some(LbPeriod::Steps(2)), 1);
        assert_eq!(s.before, Some(4.0));
        assert_eq!(s.after, Some(1.0));
        assert_eq!(
            lb_split(&t, Some(LbPeriod::Seconds(0.5)), 1).before,
            Some(4.0)
        );
        assert_eq!(lb_split(&t, Some(LbPeriod::Steps(2)), 0).after, None);
        assert_eq!(lb_split(&t, None, 3).after, None);
        assert_eq!(lb_split(&t, Some(LbPeriod::Steps(9)), 1).before, None);
        let at = arts_core::LbSteps::new(&[3, 4]).unwrap();
        let s = lb_split(&t, Some(LbPeriod::At(at)), 2);
        assert_eq!((s.before, s.after), (Some(4.0), Some(1.0)));
    }
}

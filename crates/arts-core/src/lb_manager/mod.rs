//! Measurement-based load balancing inside the runtime: the LB manager.
//!
//! Elements call `Ctx::at_sync()`; when every element of the array has, the
//! manager on PE 0 gathers what each PE measured since the last step (the
//! "LB database": per-element CPU time and messages, per-PE idle and
//! background time, PE speeds), asks a strategy from `arts-lb` for a new
//! mapping, has the PEs migrate elements (serialized with serde), and finally
//! calls `resume_from_sync` on every element. See `README.md` for the
//! protocol and why it is safe while messages are in flight.

mod calibrate;
mod forecast;
mod pe_side;
mod periodic;
mod resident;
mod restraint;
mod root;

use std::sync::Arc;

use arts_lb::{LbInput, LbStats, Strategy};

pub(crate) use calibrate::calibrate_speed;
pub(crate) use pe_side::LbLocal;
pub(crate) use periodic::PeriodicClock;
pub(crate) use root::LbRoot;

pub(crate) use crate::control::ObjStats;
pub use crate::control::{LbMsg, PeStats};

use crate::run_error::RunError;

/// When an `at_sync` call really balances.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LbPeriod {
    /// At every `at_sync`.
    EverySync,
    /// At every `n`-th `at_sync` of each element; the others resume at once
    /// without any global synchronization.
    Steps(u32),
    /// At the first `at_sync` after at least this many seconds since the
    /// last balancing step; every `at_sync` is a global barrier.
    Seconds(f64),
    /// Chosen from measurements (the default of `arts run`): first at the
    /// second `at_sync`, then, after every balancing step, after as many
    /// steps as it takes the imbalance measured in the last period to cost
    /// as much as the balancing step did (1 to [`AUTO_MAX_STEPS`]). The
    /// other `at_sync`s resume at once, as with `Steps`.
    Auto,
    /// Periodic, asynchronous balancing (`--lb-mode periodic`): every this
    /// many seconds the manager balances each array that never called
    /// `at_sync`, migrating elements between their entry methods
    /// (`periodic.rs`, `README.md`). An array that calls `at_sync`
    /// balances there, as with `Seconds`.
    Periodic(f64),
    /// At these `at_sync`s only (1-based numbers of each element's syncs,
    /// ascending), the others resuming at once as with `Steps`: a schedule
    /// such as the grid thesis' one balancing step early in a long run
    /// (Charm++: `AtSync` where the program chooses, `+LBOff` with
    /// `TurnManualLBOn`).
    At(LbSteps),
}

/// The most steps an [`LbPeriod::At`] schedule holds.
pub const LB_AT_MAX: usize = 16;

/// The `at_sync` numbers an [`LbPeriod::At`] schedule balances at: 1 to
/// [`LB_AT_MAX`] numbers, each at least 1, strictly ascending (a fixed
/// array, so that a period stays `Copy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LbSteps {
    steps: [u32; LB_AT_MAX],
    len: u8,
}

impl LbSteps {
    /// The schedule of `steps`, or a one-line error saying what is wrong
    /// with them (empty, a 0, not ascending, more than [`LB_AT_MAX`]).
    pub fn new(steps: &[u32]) -> Result<LbSteps, String> {
        if steps.is_empty() || steps.len() > LB_AT_MAX {
            return Err(format!(
                "give 1 to {LB_AT_MAX} steps to balance at, got {}",
                steps.len()
            ));
        }
        if steps[0] == 0 {
            return Err("step 0 is before the first step; steps count from 1".into());
        }
        if let Some(w) = steps.windows(2).find(|w| w[1] <= w[0]) {
            return Err(format!(
                "steps must be ascending without repeats: {} then {}",
                w[0], w[1]
            ));
        }
        let mut out = LbSteps {
            steps: [0; LB_AT_MAX],
            len: steps.len() as u8,
        };
        out.steps[..steps.len()].copy_from_slice(steps);
        Ok(out)
    }

    /// The steps, ascending.
    pub fn as_slice(&self) -> &[u32] {
        &self.steps[..self.len as usize]
    }

    /// Whether the `sync`-th `at_sync` balances.
    pub fn contains(&self, sync: u32) -> bool {
        self.as_slice().binary_search(&sync).is_ok()
    }

    /// Steps in the period that ends at the `k`-th balancing step
    /// (1-based): from the one before it, or from the start.
    pub fn period_of(&self, k: u64) -> u32 {
        let s = self.as_slice();
        let i = (k.max(1) as usize - 1).min(s.len() - 1);
        s[i] - if i == 0 { 0 } else { s[i - 1] }
    }
}

/// The period of `--lb-mode periodic` when none is given in seconds
/// (Charm++'s default `+LBPeriod`).
pub const DEFAULT_PERIODIC_S: f64 = 0.5;

/// The first `at_sync` at which an `Auto` period balances.
pub const AUTO_FIRST_SYNC: u32 = 2;

/// The longest `Auto` period, in steps.
pub const AUTO_MAX_STEPS: u32 = 64;

/// Load-balancing configuration of a run.
#[derive(Clone)]
pub struct LbConfig {
    /// The strategy (from `arts_lb::by_name`).
    pub strategy: Arc<dyn Strategy>,
    /// When to balance.
    pub period: LbPeriod,
    /// Keep every step's input (for `--lb-dump`).
    pub record_inputs: bool,
    /// Relative PE speeds; `None` measures them at start-up.
    pub speeds: Option<Vec<f64>>,
}

impl LbConfig {
    /// Balancing with the strategy called `name` (one of
    /// [`arts_lb::STRATEGY_NAMES`], default parameters) every `period`,
    /// PE speeds measured at start-up:
    /// `LbConfig::new("greedy", LbPeriod::Steps(10))?`. An unknown name is
    /// a [`RunError::Config`] listing the names accepted; so is a period
    /// of zero steps or of negative or non-finite seconds.
    pub fn new(name: &str, period: LbPeriod) -> Result<LbConfig, RunError> {
        match period {
            LbPeriod::Steps(0) => {
                return Err(RunError::Config(
                    "an LB period of 0 steps; give at least 1 (or LbPeriod::EverySync)".into(),
                ));
            }
            LbPeriod::Seconds(t) if !(t.is_finite() && t >= 0.0) => {
                return Err(RunError::Config(format!(
                    "an LB period of {t} seconds; give a finite number of seconds, 0 or more"
                )));
            }
            LbPeriod::Periodic(t) if !(t.is_finite() && t > 0.0) => {
                return Err(RunError::Config(format!(
                    "a periodic LB period of {t} seconds; give a finite number of seconds above 0"
                )));
            }
            _ => {}
        }
        let strategy = arts_lb::by_name(name).map_err(|e| RunError::Config(e.to_string()))?;
        Ok(LbConfig {
            strategy: Arc::from(strategy),
            period,
            record_inputs: false,
            speeds: None,
        })
    }

    /// The same, with these relative PE speeds instead of measured ones.
    pub fn with_speeds(self, speeds: Vec<f64>) -> LbConfig {
        LbConfig {
            speeds: Some(speeds),
            ..self
        }
    }

    /// The same, keeping every step's strategy input (for `--lb-dump`).
    pub fn recording_inputs(self) -> LbConfig {
        LbConfig {
            record_inputs: true,
            ..self
        }
    }

    /// Whether applications should join balancing steps with `at_sync`
    /// (false under [`LbPeriod::Periodic`]: the runtime balances their
    /// arrays by itself, between entry methods).
    pub fn at_sync_points(&self) -> bool {
        !matches!(self.period, LbPeriod::Periodic(_))
    }
}

impl std::fmt::Debug for LbConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LbConfig")
            .field("strategy", &self.strategy.name())
            .field("period", &self.period)
            .field("record_inputs", &self.record_inputs)
            .field("speeds", &self.speeds)
            .finish()
    }
}

/// What happened in one load-balancing step.
#[derive(Clone, Debug)]
pub struct LbStepRecord {
    /// The balanced array's name.
    pub array: String,
    /// Step number (1-based, per array).
    pub step: u64,
    /// Whether the strategy ran (false: a `Seconds` period skipped it).
    pub balanced: bool,
    /// Prediction before the step (current mapping).
    pub before: Option<LbStats>,
    /// Prediction after the step (new mapping).
    pub after: Option<LbStats>,
    /// Objects that moved.
    pub migrations: u64,
    /// Serialized bytes actually moved.
    pub migrated_bytes: u64,
    /// Time from every element at sync to every PE's measurements at the
    /// manager, seconds: only bookkeeping (well under a millisecond) when
    /// they all came with the PEs' `Ready` reports (the usual case), else
    /// one `Collect`/`Stats` round.
    pub gather_time_s: f64,
    /// Time the strategy took, seconds.
    pub strategy_time_s: f64,
    /// Time from the decision to the last arrival, seconds.
    pub migration_time_s: f64,
    /// Time from the last `at_sync` to `resume_from_sync`, seconds.
    pub step_time_s: f64,
    /// The strategy's mapping was not applied: its predicted gain did not
    /// exceed the measured noise plus the migration cost (see `restraint`).
    pub restrained: bool,
    /// The placement applied: the strategy's name; `refine` when restraint
    /// took the incremental refinement instead (it paid more); `current`
    /// when the placement was kept as it was.
    pub placement: &'static str,
    /// Steps until the next balancing step (`Auto` periods), if chosen.
    pub next_period_steps: Option<u32>,
    /// The strategy's input, when `LbConfig::record_inputs` is set.
    pub input: Option<LbInput>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_config_by_name_checks_the_name_and_the_period() {
        let lb = LbConfig::new("greedy", LbPeriod::Steps(10)).unwrap();
        assert_eq!(
            (lb.strategy.name(), lb.period),
            ("greedy", LbPeriod::Steps(10))
        );
        assert!(!lb.record_inputs && lb.speeds.is_none());
        let lb = lb.with_speeds(vec![1.0, 2.0]).recording_inputs();
        assert!(lb.record_inputs && lb.speeds == Some(vec![1.0, 2.0]));
        let unknown = LbConfig::new("gredy", LbPeriod::EverySync).unwrap_err();
        assert!(
            matches!(&unknown, RunError::Config(m) if m.contains("gredy") && m.contains("refine")),
            "{unknown}"
        );
        for bad in [
            LbPeriod::Steps(0),
            LbPeriod::Seconds(f64::NAN),
            LbPeriod::Seconds(-1.0),
        ] {
            assert!(matches!(
                LbConfig::new("greedy", bad),
                Err(RunError::Config(_))
            ));
        }
    }

    #[test]
    fn a_schedule_is_ascending_steps_from_1() {
        let at = LbSteps::new(&[10, 20, 50]).unwrap();
        assert_eq!(at.as_slice(), &[10, 20, 50]);
        assert!(at.contains(10) && at.contains(50));
        assert!(!at.contains(0) && !at.contains(11) && !at.contains(60));
        assert_eq!(
            (at.period_of(1), at.period_of(2), at.period_of(3)),
            (10, 10, 30)
        );
        for bad in [&[][..], &[0], &[5, 5], &[7, 3], &[1; LB_AT_MAX + 1]] {
            assert!(LbSteps::new(bad).is_err(), "{bad:?}");
        }
        assert!(LbSteps::new(&(1..=LB_AT_MAX as u32).collect::<Vec<_>>()).is_ok());
    }
}

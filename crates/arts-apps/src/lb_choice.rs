//! Load balancing as a command line chooses it: a strategy by name
//! (`none`: no balancing), its period (`--lb-period`), when it runs
//! (`--lb-mode`), and the grid strategies' options, accepted only with a
//! strategy that uses them. Every error is one line naming the bad value
//! and what is accepted.

use std::sync::Arc;

use arts_core::{LbConfig, LbPeriod};
use arts_lb::strategy::{GRID_OPTION_USERS, GridOptions, MetisWeights, Phase2};
use arts_lb::{LbError, Strategy};

/// When balancing happens (`--lb-mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum LbMode {
    /// At the application's sync points (`at_sync`).
    #[default]
    Sync,
    /// Every period, asynchronously, between entry methods.
    Periodic,
}

impl LbMode {
    /// The runtime's period for `--lb-mode self --lb-period period`, or the
    /// error naming what periodic mode accepts.
    pub fn period(self, period: LbPeriod) -> Result<LbPeriod, String> {
        match (self, period) {
            (LbMode::Sync, p) => Ok(p),
            (LbMode::Periodic, LbPeriod::Seconds(s) | LbPeriod::Periodic(s)) if s > 0.0 => {
                Ok(LbPeriod::Periodic(s))
            }
            (LbMode::Periodic, LbPeriod::Auto) => Ok(LbPeriod::Periodic(
                arts_core::lb_manager::DEFAULT_PERIODIC_S,
            )),
            (LbMode::Periodic, _) => Err("--lb-mode periodic balances every T seconds: give \
                 --lb-period in seconds above 0 (e.g. 0.5s) or auto (0.5s)"
                .into()),
        }
    }
}

/// Parses `--lb-period`: `auto`, a number of steps ≥ 1, or seconds like `0.5s`.
pub fn parse_period(s: &str) -> Result<LbPeriod, String> {
    if s == "auto" {
        return Ok(LbPeriod::Auto);
    }
    if let Some(secs) = s.strip_suffix('s') {
        match secs.parse::<f64>() {
            Ok(t) if t.is_finite() && t >= 0.0 => Ok(LbPeriod::Seconds(t)),
            _ => Err(format!("'{s}' is not a number of seconds like 0.5s")),
        }
    } else {
        match s.parse::<u32>() {
            Ok(n) if n >= 1 => Ok(LbPeriod::Steps(n)),
            _ => Err(format!(
                "'{s}' is neither auto, a number of steps >= 1, nor seconds like 0.5s"
            )),
        }
    }
}

/// Parses `--grid-tolerance`: a fraction in (0, 1].
pub fn parse_tolerance(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t > 0.0 && t <= 1.0 => Ok(t),
        _ => Err(format!("'{s}' is not a fraction in (0, 1] such as 0.10")),
    }
}

/// The grid strategies' options as given (`None`: not given).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GridChoices {
    /// `--grid-tolerance`.
    pub tolerance: Option<f64>,
    /// `--grid-phase2`.
    pub phase2: Option<Phase2>,
    /// `--grid-metis-weights`.
    pub metis_weights: Option<MetisWeights>,
}

impl GridChoices {
    /// The options for a run of each of `strategies` (named by `flag`):
    /// defaults for what was not given; an error for an option none of
    /// them uses.
    pub fn options_for_any(&self, strategies: &[&str], flag: &str) -> Result<GridOptions, String> {
        let given = [
            ("--grid-tolerance", self.tolerance.is_some()),
            ("--grid-phase2", self.phase2.is_some()),
            ("--grid-metis-weights", self.metis_weights.is_some()),
        ];
        for (option, users) in GRID_OPTION_USERS {
            let named = given.iter().any(|&(name, is)| is && name == *option);
            if named && !strategies.iter().any(|s| users.contains(s)) {
                return Err(format!(
                    "{option} is an option of {} only; {flag} {} does not use it",
                    users.join(" and "),
                    strategies.join(",")
                ));
            }
        }
        let d = GridOptions::default();
        Ok(GridOptions {
            tolerance: self.tolerance.unwrap_or(d.tolerance),
            phase2: self.phase2.unwrap_or(d.phase2),
            metis_weights: self.metis_weights.unwrap_or(d.metis_weights),
        })
    }
}

/// The strategy called `name`, the grid ones built with `grid`.
pub fn strategy(name: &str, grid: &GridOptions) -> Result<Arc<dyn Strategy>, LbError> {
    arts_lb::strategy::by_name_with(name, grid).map(Arc::from)
}

/// The balancing configuration of strategy `name` at `period` (`None` for
/// `none`), keeping every step's input when `record_inputs`.
pub fn lb_config(
    name: &str,
    grid: &GridOptions,
    period: LbPeriod,
    record_inputs: bool,
    speeds: Option<Vec<f64>>,
) -> Result<Option<LbConfig>, LbError> {
    if name == "none" {
        return Ok(None);
    }
    Ok(Some(LbConfig {
        strategy: strategy(name, grid)?,
        period,
        record_inputs,
        speeds,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_are_auto_steps_or_seconds() {
        assert_eq!(parse_period("auto"), Ok(LbPeriod::Auto));
        assert_eq!(parse_period("7"), Ok(LbPeriod::Steps(7)));
        assert_eq!(parse_period("0.5s"), Ok(LbPeriod::Seconds(0.5)));
        for bad in ["0", "-1s", "x", "nans", "infs"] {
            assert!(parse_period(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn periodic_mode_takes_seconds_or_auto() {
        assert_eq!(
            LbMode::Sync.period(LbPeriod::Steps(3)),
            Ok(LbPeriod::Steps(3))
        );
        assert_eq!(
            LbMode::Periodic.period(LbPeriod::Auto),
            Ok(LbPeriod::Periodic(0.5))
        );
        assert_eq!(
            LbMode::Periodic.period(LbPeriod::Seconds(0.02)),
            Ok(LbPeriod::Periodic(0.02))
        );
        for bad in [LbPeriod::Steps(5), LbPeriod::Seconds(0.0)] {
            let e = LbMode::Periodic.period(bad).unwrap_err();
            assert!(e.contains("--lb-period in seconds"), "{e}");
        }
    }

    #[test]
    fn grid_options_reach_grid_strategies_and_only_them() {
        let all = GridChoices {
            tolerance: Some(0.2),
            phase2: Some(Phase2::Greedy),
            metis_weights: Some(MetisWeights::Load),
        };
        assert_eq!(
            all.options_for_any(&["grid-hybrid"], "--lb"),
            Ok(GridOptions {
                tolerance: 0.2,
                phase2: Phase2::Greedy,
                metis_weights: MetisWeights::Load,
            })
        );
        let tolerance = GridChoices {
            tolerance: Some(0.2),
            ..GridChoices::default()
        };
        let e = tolerance.options_for_any(&["greedy"], "--lb").unwrap_err();
        assert_eq!(
            e,
            "--grid-tolerance is an option of grid-comm and grid-hybrid only; --lb greedy does not use it"
        );
        assert!(
            tolerance
                .options_for_any(&["greedy", "grid-comm"], "--lbs")
                .is_ok()
        );
        assert_eq!(
            GridChoices::default().options_for_any(&["grid-comm"], "--lb"),
            Ok(GridOptions::default())
        );
        for bad in ["0", "-0.1", "1.01", "x", "nan", "inf"] {
            assert!(parse_tolerance(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_tolerance("1"), Ok(1.0));
    }

    #[test]
    fn none_is_no_balancing_and_a_name_is_a_strategy() {
        let grid = GridOptions::default();
        assert!(
            lb_config("none", &grid, LbPeriod::Auto, false, None)
                .unwrap()
                .is_none()
        );
        let c = lb_config("refine", &grid, LbPeriod::Steps(2), true, Some(vec![1.0]))
            .unwrap()
            .unwrap();
        assert_eq!(c.strategy.name(), "refine");
        assert!(c.record_inputs && c.speeds == Some(vec![1.0]));
        let e = lb_config("bogus", &grid, LbPeriod::Auto, false, None)
            .err()
            .unwrap();
        assert!(e.to_string().contains("refine"), "{e}");
    }
}

//! Load balancing as a command line chooses it: a strategy by name
//! (`none`: no balancing), its period (`--lb-period`), when it runs
//! (`--lb-mode`), and the grid strategies' options, accepted only with a
//! strategy that uses them. Every error is one line naming the bad value
//! and what is accepted.

use std::sync::Arc;

use arts_core::{LbConfig, LbPeriod, LbSteps};
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

/// Parses `--lb-at`: steps to balance at, comma-separated, each at least 1,
/// ascending (e.g. `20` or `10,200`).
pub fn parse_lb_at(s: &str) -> Result<LbSteps, String> {
    let steps = s
        .split(',')
        .map(|t| {
            t.trim()
                .parse::<u32>()
                .map_err(|_| format!("'{t}' in '{s}' is not a step number"))
        })
        .collect::<Result<Vec<u32>, String>>()?;
    LbSteps::new(&steps).map_err(|e| format!("'{s}': {e}"))
}

/// Checks an `--lb-at` schedule against a run of `steps` steps: the steps
/// sync (`at_sync`) after steps 1 to `steps` - 1, so a step from the last
/// one on could never balance.
pub fn check_lb_at(at: &LbSteps, steps: u64) -> Result<(), String> {
    match at.as_slice().last() {
        Some(&last) if u64::from(last) >= steps => Err(format!(
            "--lb-at: step {last} is past the run's last balancing point; give 1 to steps - 1 ({})",
            steps.saturating_sub(1)
        )),
        _ => Ok(()),
    }
}

/// Parses `--grid-tolerance`: a fraction in (0, 1].
pub fn parse_tolerance(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t > 0.0 && t <= 1.0 => Ok(t),
        _ => Err(format!("'{s}' is not a fraction in (0, 1] such as 0.10")),
    }
}

/// The grid strategies' options as given (`None`: not given; thesis ch.
/// 7), given only with a strategy that uses them; also the command line's
/// option group (`clap::Args` behind the `clap` feature).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
// Not `GridChoices`: arts-grid's grid options flatten beside it.
#[cfg_attr(feature = "clap", group(id = "GridLbArgs"))]
pub struct GridChoices {
    /// Load tolerance of grid-comm and grid-hybrid: a fraction in (0, 1]
    /// [default: 0.10, the thesis' 10%].
    #[cfg_attr(
        feature = "clap",
        arg(id = "grid_tolerance", long = "grid-tolerance", value_name = "F", value_parser = parse_tolerance)
    )]
    pub tolerance: Option<f64>,
    /// grid-hybrid's second phase: seed (the thesis' seed technique: each PE
    /// grows from its objects, border objects first) or greedy (grid-comm's
    /// greedy) [default: seed].
    #[cfg_attr(
        feature = "clap",
        arg(
            id = "grid_phase2",
            long = "grid-phase2",
            value_enum,
            value_name = "PHASE"
        )
    )]
    pub phase2: Option<Phase2>,
    /// Phase 1 of grid-metis and grid-hybrid: messages (as the thesis: METIS
    /// cuts messages, every object weighs the same, clusters get objects by
    /// integer speed multipliers) or load (objects weigh their work, clusters
    /// get work by capacity) [default: messages].
    #[cfg_attr(
        feature = "clap",
        arg(
            id = "grid_metis_weights",
            long = "grid-metis-weights",
            value_enum,
            value_name = "WEIGHTS"
        )
    )]
    pub metis_weights: Option<MetisWeights>,
}

/// `--lb`, `--lb-period` and `--lb-mode` with the grid strategies'
/// options: the option group every command that balances at its sync
/// points flattens (steps of the apps, `migrate()` calls of AMPI ranks),
/// parsed into the runtime's [`LbConfig`] in one place ([`LbArgs::config`]).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct LbArgs {
    /// Load-balancing strategy (none, greedy, refine, refine-comm, greedy-comm, metis, rotate,
    /// grid-comm, grid-metis, grid-hybrid, ...).
    #[cfg_attr(feature = "clap", arg(long, default_value = "none"))]
    pub lb: String,
    /// Balance every N steps (AMPI: every Nth `migrate()`), every T seconds
    /// with a trailing `s` (e.g. 0.5s), or `auto`: a period chosen from the
    /// measured step time and LB cost.
    #[cfg_attr(feature = "clap", arg(long, default_value = "auto", value_parser = parse_period))]
    pub lb_period: LbPeriod,
    /// Balance at these steps only (AMPI: these `migrate()` calls),
    /// comma-separated, ascending, e.g. 20 (the grid thesis balanced once,
    /// early in a long run); instead of --lb-period.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "STEP[,STEP...]", value_parser = parse_lb_at, conflicts_with = "lb_period")
    )]
    pub lb_at: Option<LbSteps>,
    /// sync: balance where the application joins a step (`at_sync`: app
    /// steps, AMPI `migrate()`); periodic: the runtime balances every
    /// --lb-period seconds (auto: 0.5s) by itself, moving elements between
    /// their entry methods (arrays that call `at_sync` still balance there).
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value = "sync"))]
    pub lb_mode: LbMode,
    /// The grid strategies' options.
    #[cfg_attr(feature = "clap", command(flatten))]
    pub grid: GridChoices,
}

impl LbArgs {
    /// Whether a strategy other than `none` was named.
    pub fn balances(&self) -> bool {
        self.lb != "none"
    }

    /// The runtime's balancing configuration (`None` for `--lb none`),
    /// keeping every step's input when `record_inputs`; an error is one
    /// line naming the bad flag and what it accepts.
    pub fn config(
        &self,
        record_inputs: bool,
        speeds: Option<Vec<f64>>,
    ) -> Result<Option<LbConfig>, String> {
        let grid = self.grid.options_for_any(&[&self.lb], "--lb")?;
        let period = match (self.lb_at, self.lb_mode) {
            (Some(at), LbMode::Sync) => LbPeriod::At(at),
            (Some(_), LbMode::Periodic) => {
                return Err("--lb-at balances at sync points: give it with --lb-mode sync".into());
            }
            (None, mode) => mode.period(self.lb_period)?,
        };
        lb_config(&self.lb, &grid, period, record_inputs, speeds).map_err(|e| format!("--lb: {e}"))
    }
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

#[cfg(all(test, feature = "clap"))]
mod args_tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Cmd {
        #[command(flatten)]
        lb: LbArgs,
    }

    fn parse(args: &[&str]) -> Result<Cmd, clap::Error> {
        Cmd::try_parse_from(std::iter::once("cmd").chain(args.iter().copied()))
    }

    #[test]
    fn the_group_keeps_its_flags_defaults_and_errors() {
        let none = parse(&[]).unwrap().lb;
        assert_eq!((none.lb.as_str(), none.lb_period), ("none", LbPeriod::Auto));
        assert!(!none.balances());
        assert!(none.config(false, None).unwrap().is_none());
        let lb = parse(&["--lb", "refine", "--lb-period", "0.5s"])
            .unwrap()
            .lb;
        let config = lb.config(true, Some(vec![1.0, 0.5])).unwrap().unwrap();
        assert_eq!(config.strategy.name(), "refine");
        assert_eq!(config.period, LbPeriod::Seconds(0.5));
        assert!(config.record_inputs);
        assert_eq!(config.speeds, Some(vec![1.0, 0.5]));
        assert_eq!(
            parse(&["--lb-period", "7"]).unwrap().lb.lb_period,
            LbPeriod::Steps(7)
        );
        let bad = parse(&["--lb", "bogus"]).unwrap().lb.config(false, None);
        let e = bad.unwrap_err();
        assert!(e.starts_with("--lb: "), "{e}");
        assert!(e.contains("refine"), "names what is accepted: {e}");
        for period in ["0", "-1s", "x", "nans"] {
            assert!(parse(&["--lb-period", period]).is_err(), "{period}");
        }
    }

    #[test]
    fn lb_at_is_a_schedule_instead_of_a_period() {
        let lb = parse(&["--lb", "greedy", "--lb-at", "10,200"]).unwrap().lb;
        let at = LbSteps::new(&[10, 200]).unwrap();
        assert_eq!(lb.lb_at, Some(at));
        let config = lb.config(false, None).unwrap().unwrap();
        assert_eq!(config.period, LbPeriod::At(at));
        assert!(check_lb_at(&at, 201).is_ok());
        let e = check_lb_at(&at, 200).unwrap_err();
        assert_eq!(
            e,
            "--lb-at: step 200 is past the run's last balancing point; give 1 to steps - 1 (199)"
        );
        for bad in ["0", "20,10", "5,5", "x", "1,,2", "-3", ""] {
            assert!(parse(&["--lb-at", bad]).is_err(), "{bad}");
        }
        assert!(parse(&["--lb-at", "5", "--lb-period", "5"]).is_err());
        let periodic = parse(&["--lb", "greedy", "--lb-at", "5", "--lb-mode", "periodic"]);
        let e = periodic.unwrap().lb.config(false, None).unwrap_err();
        assert!(e.contains("--lb-mode sync"), "{e}");
    }

    #[test]
    fn the_mode_and_grid_options_reach_the_config_as_usage_errors() {
        let config = |args: &[&str]| parse(args).unwrap().lb.config(false, None);
        let periodic = config(&["--lb", "refine-comm", "--lb-mode", "periodic"]);
        assert_eq!(periodic.unwrap().unwrap().period, LbPeriod::Periodic(0.5));
        let e = config(&[
            "--lb",
            "refine",
            "--lb-mode",
            "periodic",
            "--lb-period",
            "5",
        ]);
        let e = e.unwrap_err();
        assert!(e.contains("--lb-period in seconds"), "{e}");
        let bad = parse(&["--lb-mode", "async"]).err().unwrap().to_string();
        assert!(bad.contains("sync") && bad.contains("periodic"), "{bad}");
        let hybrid = config(&["--lb", "grid-hybrid", "--grid-phase2", "greedy"]);
        assert_eq!(hybrid.unwrap().unwrap().strategy.name(), "grid-hybrid");
        let e = config(&["--lb", "greedy", "--grid-tolerance", "0.2"]).unwrap_err();
        assert!(
            e.starts_with("--grid-tolerance") && e.contains("only"),
            "{e}"
        );
        for bad in [
            &["--grid-tolerance", "1.01"][..],
            &["--grid-phase2", "bogus"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}

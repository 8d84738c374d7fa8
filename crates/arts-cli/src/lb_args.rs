//! `--lb`: the one place a load-balancing strategy named on the command
//! line is parsed (`none`: no balancing), the option group `--lb`
//! `--lb-period` `--lb-mode` (with the grid strategies' options) that the commands
//! balancing at their sync points flatten, and [`GridLbArgs`], the grid
//! strategies' options (`arts lb simulate` flattens them too).

use std::sync::Arc;

use arts_core::{LbConfig, LbPeriod};
use arts_lb::Strategy;
use arts_lb::strategy::{GRID_OPTION_USERS, GridOptions, MetisWeights, Phase2};

use crate::output::CliError;

/// `--lb` and `--lb-period`, flattened into every command that balances at
/// its sync points (steps of the apps, `migrate()` calls of AMPI ranks).
#[derive(clap::Args, Clone, Debug)]
pub struct LbArgs {
    /// Load-balancing strategy (none, greedy, refine, refine-comm, greedy-comm, metis, rotate,
    /// grid-comm, grid-metis, grid-hybrid, ...).
    #[arg(long, default_value = "none")]
    pub lb: String,
    /// Balance every N steps (AMPI: every Nth `migrate()`), every T seconds
    /// with a trailing `s` (e.g. 0.5s), or `auto`: a period chosen from the
    /// measured step time and LB cost.
    #[arg(long, default_value = "auto", value_parser = parse_period)]
    pub lb_period: LbPeriod,
    /// sync: balance where the application joins a step (`at_sync`: app
    /// steps, AMPI `migrate()`); periodic: the runtime balances every
    /// --lb-period seconds (auto: 0.5s) by itself, moving elements between
    /// their entry methods (arrays that call `at_sync` still balance there).
    #[arg(long, value_enum, default_value = "sync")]
    pub lb_mode: LbMode,
    /// The grid strategies' options.
    #[command(flatten)]
    pub grid: GridLbArgs,
}

/// `--lb-mode`: when balancing happens.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LbMode {
    /// At the application's sync points (`at_sync`).
    #[default]
    Sync,
    /// Every period, asynchronously, between entry methods.
    Periodic,
}

impl LbMode {
    /// The runtime's period for `--lb-mode self --lb-period period`, or the
    /// usage error naming what periodic mode accepts.
    pub fn period(self, period: LbPeriod) -> Result<LbPeriod, CliError> {
        match (self, period) {
            (LbMode::Sync, p) => Ok(p),
            (LbMode::Periodic, LbPeriod::Seconds(s) | LbPeriod::Periodic(s)) if s > 0.0 => {
                Ok(LbPeriod::Periodic(s))
            }
            (LbMode::Periodic, LbPeriod::Auto) => Ok(LbPeriod::Periodic(
                arts_core::lb_manager::DEFAULT_PERIODIC_S,
            )),
            (LbMode::Periodic, _) => Err(CliError::usage(
                "--lb-mode periodic balances every T seconds: give --lb-period in seconds \
                 above 0 (e.g. 0.5s) or auto (0.5s)",
            )),
        }
    }
}

impl LbArgs {
    /// Whether a strategy other than `none` was named.
    pub fn balances(&self) -> bool {
        self.lb != "none"
    }

    /// The runtime's balancing configuration (`None` for `--lb none`),
    /// keeping every step's input when `record_inputs`.
    pub fn config(
        &self,
        record_inputs: bool,
        speeds: Option<Vec<f64>>,
    ) -> Result<Option<LbConfig>, CliError> {
        let grid = self.grid.options_for(&self.lb, "--lb")?;
        let period = self.lb_mode.period(self.lb_period)?;
        lb_config_with(&self.lb, &grid, period, record_inputs, speeds)
    }
}

/// The grid strategies' options (thesis ch. 7), given only with a strategy
/// that uses them.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct GridLbArgs {
    /// Load tolerance of grid-comm and grid-hybrid: a fraction in (0, 1]
    /// [default: 0.10, the thesis' 10%].
    #[arg(long, value_name = "F", value_parser = parse_tolerance)]
    pub grid_tolerance: Option<f64>,
    /// grid-hybrid's second phase: seed (the thesis' seed technique: each PE
    /// grows from its objects, border objects first) or greedy (grid-comm's
    /// greedy) [default: seed].
    #[arg(long, value_enum, value_name = "PHASE")]
    pub grid_phase2: Option<Phase2>,
    /// Phase 1 of grid-metis and grid-hybrid: messages (as the thesis: METIS
    /// cuts messages, every object weighs the same, clusters get objects by
    /// integer speed multipliers) or load (objects weigh their work, clusters
    /// get work by capacity) [default: messages].
    #[arg(long, value_enum, value_name = "WEIGHTS")]
    pub grid_metis_weights: Option<MetisWeights>,
}

impl GridLbArgs {
    /// The options for `strategy` (named by `flag`): defaults for what was
    /// not given; a usage error for an option `strategy` does not use.
    pub fn options_for(&self, strategy: &str, flag: &str) -> Result<GridOptions, CliError> {
        self.options_for_any(&[strategy], flag)
    }

    /// The options for a study that runs each of `strategies` (named by
    /// `flag`): defaults for what was not given; a usage error for an
    /// option none of them uses.
    pub fn options_for_any(
        &self,
        strategies: &[&str],
        flag: &str,
    ) -> Result<GridOptions, CliError> {
        let given = [
            ("--grid-tolerance", self.grid_tolerance.is_some()),
            ("--grid-phase2", self.grid_phase2.is_some()),
            ("--grid-metis-weights", self.grid_metis_weights.is_some()),
        ];
        for (option, users) in GRID_OPTION_USERS {
            let named = given.iter().any(|&(name, is)| is && name == *option);
            if named && !strategies.iter().any(|s| users.contains(s)) {
                return Err(CliError::usage(format!(
                    "{option} is an option of {} only; {flag} {} does not use it",
                    users.join(" and "),
                    strategies.join(",")
                )));
            }
        }
        let d = GridOptions::default();
        Ok(GridOptions {
            tolerance: self.grid_tolerance.unwrap_or(d.tolerance),
            phase2: self.grid_phase2.unwrap_or(d.phase2),
            metis_weights: self.grid_metis_weights.unwrap_or(d.metis_weights),
        })
    }
}

/// Parses `--grid-tolerance`: a fraction in (0, 1].
pub fn parse_tolerance(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t > 0.0 && t <= 1.0 => Ok(t),
        _ => Err(format!("'{s}' is not a fraction in (0, 1] such as 0.10")),
    }
}

/// The strategy `--lb NAME` names (`none` included), or the usage error
/// `--lb: ...` listing the strategies accepted.
pub fn strategy(name: &str) -> Result<Arc<dyn Strategy>, CliError> {
    strategy_with(name, &GridOptions::default())
}

/// [`strategy`] with the grid strategies built with `grid`.
pub fn strategy_with(name: &str, grid: &GridOptions) -> Result<Arc<dyn Strategy>, CliError> {
    arts_lb::strategy::by_name_with(name, grid)
        .map(Arc::from)
        .map_err(|e| CliError::usage(format!("--lb: {e}")))
}

/// The balancing configuration of `--lb NAME` at `period` (`None` for
/// `none`), with defaults for the rest.
pub fn lb_config(
    name: &str,
    period: LbPeriod,
    record_inputs: bool,
    speeds: Option<Vec<f64>>,
) -> Result<Option<LbConfig>, CliError> {
    lb_config_with(name, &GridOptions::default(), period, record_inputs, speeds)
}

/// [`lb_config`] with the grid strategies built with `grid`.
pub fn lb_config_with(
    name: &str,
    grid: &GridOptions,
    period: LbPeriod,
    record_inputs: bool,
    speeds: Option<Vec<f64>>,
) -> Result<Option<LbConfig>, CliError> {
    if name == "none" {
        return Ok(None);
    }
    Ok(Some(LbConfig {
        strategy: strategy_with(name, grid)?,
        period,
        record_inputs,
        speeds,
    }))
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

#[cfg(test)]
mod tests {
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
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().starts_with("--lb: "), "{e}");
        assert!(
            e.to_string().contains("refine"),
            "names what is accepted: {e}"
        );
        for period in ["0", "-1s", "x", "nans"] {
            assert!(parse(&["--lb-period", period]).is_err(), "{period}");
        }
    }

    #[test]
    fn lb_mode_periodic_takes_seconds_or_auto() {
        let sync = parse(&["--lb", "refine-comm"]).unwrap().lb;
        assert_eq!(sync.lb_mode, LbMode::Sync);
        assert!(sync.config(false, None).unwrap().unwrap().at_sync_points());
        let config = |args: &[&str]| parse(args).unwrap().lb.config(false, None);
        let periodic = config(&["--lb", "refine-comm", "--lb-mode", "periodic"]);
        let periodic = periodic.unwrap().unwrap();
        assert_eq!(periodic.period, LbPeriod::Periodic(0.5));
        assert!(!periodic.at_sync_points());
        let every = config(&[
            "--lb",
            "refine",
            "--lb-mode",
            "periodic",
            "--lb-period",
            "0.02s",
        ]);
        assert_eq!(every.unwrap().unwrap().period, LbPeriod::Periodic(0.02));
        for period in ["5", "0s"] {
            let e = config(&[
                "--lb",
                "refine",
                "--lb-mode",
                "periodic",
                "--lb-period",
                period,
            ]);
            let e = e.unwrap_err();
            assert_eq!(e.exit_code(), 2);
            assert!(e.to_string().contains("--lb-period in seconds"), "{e}");
        }
        let bad = parse(&["--lb-mode", "async"]).err().unwrap().to_string();
        assert!(bad.contains("sync") && bad.contains("periodic"), "{bad}");
    }

    #[test]
    fn grid_options_reach_grid_strategies_and_only_them() {
        let lb = parse(&[
            "--lb",
            "grid-hybrid",
            "--grid-tolerance",
            "0.2",
            "--grid-phase2",
            "greedy",
            "--grid-metis-weights",
            "load",
        ])
        .unwrap()
        .lb;
        assert_eq!(
            lb.grid.options_for(&lb.lb, "--lb").unwrap(),
            GridOptions {
                tolerance: 0.2,
                phase2: Phase2::Greedy,
                metis_weights: MetisWeights::Load,
            }
        );
        assert_eq!(
            lb.config(false, None).unwrap().unwrap().strategy.name(),
            "grid-hybrid"
        );
        let plain = parse(&["--lb", "grid-comm"]).unwrap().lb;
        assert_eq!(
            plain.grid.options_for("grid-comm", "--lb").unwrap(),
            GridOptions::default()
        );
        for (args, option) in [
            (
                &["--lb", "greedy", "--grid-tolerance", "0.2"][..],
                "--grid-tolerance",
            ),
            (
                &["--lb", "grid-metis", "--grid-tolerance", "0.2"][..],
                "--grid-tolerance",
            ),
            (
                &["--lb", "grid-comm", "--grid-phase2", "seed"][..],
                "--grid-phase2",
            ),
            (
                &["--grid-metis-weights", "load"][..],
                "--grid-metis-weights",
            ),
        ] {
            let e = parse(args).unwrap().lb.config(false, None).unwrap_err();
            assert_eq!(e.exit_code(), 2);
            let e = e.to_string();
            assert!(e.starts_with(option) && e.contains("only"), "{e}");
        }
        for bad in ["0", "-0.1", "1.01", "x", "nan", "inf"] {
            assert!(parse(&["--grid-tolerance", bad]).is_err(), "{bad}");
        }
        assert!(parse(&["--grid-phase2", "bogus"]).is_err());
        assert_eq!(parse_tolerance("1"), Ok(1.0));
    }
}

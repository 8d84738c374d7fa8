//! `--lb`: the one place a load-balancing strategy named on the command
//! line is parsed (`none`: no balancing), the option group `--lb`
//! `--lb-period` `--lb-mode` (with the grid strategies' options) that the commands
//! balancing at their sync points flatten, and [`GridLbArgs`], the grid
//! strategies' options (`arts lb simulate` flattens them too).

use std::sync::Arc;

use arts_apps::lb_choice::{self, GridChoices, parse_tolerance};
pub use arts_apps::lb_choice::{LbMode, parse_period};
use arts_core::{LbConfig, LbPeriod};
use arts_lb::strategy::{GridOptions, MetisWeights, Phase2};
use arts_lb::{LbError, Strategy};

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
        let period = self
            .lb_mode
            .period(self.lb_period)
            .map_err(CliError::usage)?;
        lb_choice::lb_config(&self.lb, &grid, period, record_inputs, speeds).map_err(lb_error)
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
        let given = GridChoices {
            tolerance: self.grid_tolerance,
            phase2: self.grid_phase2,
            metis_weights: self.grid_metis_weights,
        };
        given
            .options_for_any(strategies, flag)
            .map_err(CliError::usage)
    }
}

/// `--lb: ` and the strategy error (exit 2).
fn lb_error(e: LbError) -> CliError {
    CliError::usage(format!("--lb: {e}"))
}

/// The strategy `--lb NAME` names (`none` included), or the usage error
/// `--lb: ...` listing the strategies accepted.
pub fn strategy(name: &str) -> Result<Arc<dyn Strategy>, CliError> {
    lb_choice::strategy(name, &GridOptions::default()).map_err(lb_error)
}

/// The balancing configuration of `--lb NAME` at `period` (`None` for
/// `none`), with defaults for the rest.
pub fn lb_config(
    name: &str,
    period: LbPeriod,
    record_inputs: bool,
    speeds: Option<Vec<f64>>,
) -> Result<Option<LbConfig>, CliError> {
    let grid = GridOptions::default();
    lb_choice::lb_config(name, &grid, period, record_inputs, speeds).map_err(lb_error)
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
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("--lb-period in seconds"), "{e}");
        let bad = parse(&["--lb-mode", "async"]).err().unwrap().to_string();
        assert!(bad.contains("sync") && bad.contains("periodic"), "{bad}");
        let hybrid = config(&["--lb", "grid-hybrid", "--grid-phase2", "greedy"]);
        assert_eq!(hybrid.unwrap().unwrap().strategy.name(), "grid-hybrid");
        let e = config(&["--lb", "greedy", "--grid-tolerance", "0.2"]).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().starts_with("--grid-tolerance") && e.to_string().contains("only"));
        for bad in [
            &["--grid-tolerance", "1.01"][..],
            &["--grid-phase2", "bogus"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}

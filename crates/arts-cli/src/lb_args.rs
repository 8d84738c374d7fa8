//! `--lb`: the one place a load-balancing strategy named on the command
//! line is parsed (`none`: no balancing), and the option group `--lb`
//! `--lb-period` that the commands balancing at their sync points flatten.

use std::sync::Arc;

use arts_core::{LbConfig, LbPeriod};
use arts_lb::Strategy;

use crate::output::CliError;

/// `--lb` and `--lb-period`, flattened into every command that balances at
/// its sync points (steps of the apps, `migrate()` calls of AMPI ranks).
#[derive(clap::Args, Clone, Debug)]
pub struct LbArgs {
    /// Load-balancing strategy (none, greedy, refine, greedy-comm, metis, rotate, ...).
    #[arg(long, default_value = "none")]
    pub lb: String,
    /// Balance every N steps (AMPI: every Nth `migrate()`), every T seconds
    /// with a trailing `s` (e.g. 0.5s), or `auto`: a period chosen from the
    /// measured step time and LB cost.
    #[arg(long, default_value = "auto", value_parser = parse_period)]
    pub lb_period: LbPeriod,
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
        lb_config(&self.lb, self.lb_period, record_inputs, speeds)
    }
}

/// The strategy `--lb NAME` names (`none` included), or the usage error
/// `--lb: ...` listing the strategies accepted.
pub fn strategy(name: &str) -> Result<Arc<dyn Strategy>, CliError> {
    arts_lb::by_name(name)
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
    if name == "none" {
        return Ok(None);
    }
    Ok(Some(LbConfig {
        strategy: strategy(name)?,
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
}

//! `--lb`: the option group `--lb` `--lb-period` `--lb-mode` (with the
//! grid strategies' options) is the library's ([`LbArgs`],
//! `arts_apps::lb_choice`, parsed once into an `LbConfig`); here the
//! strategy named alone, as a usage error (exit 2) when it is bad.

use std::sync::Arc;

use arts_apps::lb_choice;
pub use arts_apps::lb_choice::{GridChoices as GridLbArgs, LbArgs, LbMode, parse_period};
use arts_core::{LbConfig, LbPeriod};
use arts_lb::strategy::GridOptions;
use arts_lb::{LbError, Strategy};

use crate::output::CliError;

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

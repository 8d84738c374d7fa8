//! `arts lb simulate|generate`. PLACEHOLDER: owned by the load-balancing work.

use crate::output::{CliError, CliResult, Output};

/// Subcommands of `arts lb`.
#[derive(clap::Subcommand)]
pub enum LbCommand {
    /// Replay a dumped LB step with a strategy.
    Simulate,
}

/// Runs `arts lb ...`.
pub fn run(_command: LbCommand, _out: Output) -> CliResult {
    Err(CliError::failed("lb is not built yet"))
}

//! `arts trace summary`.

use crate::output::{CliError, CliResult, Output};

/// Subcommands of `arts trace`.
#[derive(clap::Subcommand)]
pub enum TraceCommand {
    /// Per-PE utilization and top entry methods of a trace file.
    Summary,
}

/// Runs `arts trace ...`.
pub fn run(_command: TraceCommand, _out: Output) -> CliResult {
    Err(CliError::failed("trace is not built yet"))
}

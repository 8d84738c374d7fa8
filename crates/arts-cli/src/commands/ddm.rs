//! `arts run ddm` and `arts ddm partition`. PLACEHOLDER: owned by the drift-diffusion work.

use crate::output::{CliError, CliResult, Output};

/// Arguments of `arts run ddm`.
#[derive(clap::Args)]
pub struct RunDdmArgs {}

/// Subcommands of `arts ddm`.
#[derive(clap::Subcommand)]
pub enum DdmCommand {
    /// Cut a cost profile into equal-work pieces.
    Partition,
}

/// Runs `arts run ddm`.
pub fn run_ddm(_args: &RunDdmArgs, _out: Output) -> CliResult {
    Err(CliError::failed("ddm is not built yet"))
}

/// Runs `arts ddm ...`.
pub fn run(_command: DdmCommand, _out: Output) -> CliResult {
    Err(CliError::failed("ddm is not built yet"))
}

//! `arts pdes ...` and `arts bench pdes`. PLACEHOLDER: owned by the PDES work.

use crate::output::{CliError, CliResult, Output};

/// Subcommands of `arts pdes`.
#[derive(clap::Subcommand)]
pub enum PdesCommand {
    /// PHOLD benchmark model.
    Phold,
}

/// Arguments of `arts bench pdes`.
#[derive(clap::Args)]
pub struct BenchPdesArgs {}

/// Runs `arts pdes ...`.
pub fn run(_command: PdesCommand, _out: Output) -> CliResult {
    Err(CliError::failed("pdes is not built yet"))
}

/// Runs `arts bench pdes`.
pub fn bench_pdes(_args: &BenchPdesArgs, _out: Output) -> CliResult {
    Err(CliError::failed("bench pdes is not built yet"))
}

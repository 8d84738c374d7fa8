//! `arts run heat3d` and `arts bench dispatch`. PLACEHOLDER: owned by the H-Dispatch work.

use crate::output::{CliError, CliResult, Output};

/// Arguments of `arts run heat3d`.
#[derive(clap::Args)]
pub struct Heat3dArgs {}

/// Arguments of `arts bench dispatch`.
#[derive(clap::Args)]
pub struct BenchDispatchArgs {}

/// Runs `arts run heat3d`.
pub fn run_heat3d(_args: &Heat3dArgs, _out: Output) -> CliResult {
    Err(CliError::failed("heat3d is not built yet"))
}

/// Runs `arts bench dispatch`.
pub fn bench_dispatch(_args: &BenchDispatchArgs, _out: Output) -> CliResult {
    Err(CliError::failed("bench dispatch is not built yet"))
}

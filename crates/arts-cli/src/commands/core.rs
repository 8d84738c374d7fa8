//! `arts run jacobi2d` and `arts bench core`.

use crate::output::{CliError, CliResult, Output};

/// Arguments of `arts run jacobi2d`.
#[derive(clap::Args)]
pub struct Jacobi2dArgs {}

/// Arguments of `arts bench core`.
#[derive(clap::Args)]
pub struct BenchCoreArgs {}

/// Runs `arts run jacobi2d`.
pub fn run_jacobi2d(_args: &Jacobi2dArgs, _out: Output) -> CliResult {
    Err(CliError::failed("jacobi2d is not built yet"))
}

/// Runs `arts bench core`.
pub fn bench_core(_args: &BenchCoreArgs, _out: Output) -> CliResult {
    Err(CliError::failed("bench core is not built yet"))
}

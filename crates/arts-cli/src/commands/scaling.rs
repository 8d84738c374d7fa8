//! `arts experiment scaling`: the scaling campaign of issue 57
//! (`arts_experiments::scaling`, `docs/scaling.md`).

use std::path::PathBuf;

use arts_experiments::scaling::{self, Options, Study};

use crate::output::{CliError, CliResult, Output, run_counter};

/// Arguments of `arts experiment scaling`.
#[derive(clap::Args)]
pub struct ScalingArgs {
    /// Directory for rows.csv, the SVG charts and summary.json (written
    /// all at once at the end, or not at all).
    #[arg(long, value_parser = crate::args::output_dir)]
    out: PathBuf,
    /// Seconds the whole campaign may take; each study's size is chosen to
    /// fit, and runs that would pass its end are skipped.
    #[arg(long, default_value_t = scaling::DEFAULT_BUDGET_S, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    budget: u64,
    /// PE counts, comma-separated (default: 1, 2, 4, … up to the cores);
    /// counts above the cores run, flagged `oversubscribed`.
    #[arg(long, value_delimiter = ',', value_parser = clap::value_parser!(u32).range(1..=4096))]
    pes: Option<Vec<u32>>,
    /// Studies to run, comma-separated (default: all).
    #[arg(long, value_enum, value_delimiter = ',')]
    studies: Vec<Study>,
    /// Every study at its tiny size, whatever the budget (a check that all runs).
    #[arg(long)]
    quick: bool,
    /// The mpirun of the multi-process rows (default: the one on PATH).
    #[arg(long)]
    mpirun: Option<PathBuf>,
    /// arts-mpicc, for the AMPI study's C program (default: the one on PATH).
    #[arg(long)]
    mpicc: Option<PathBuf>,
    /// The AMPI study's C program (crates/arts-ampi-c/tests/c/stencil2d.c);
    /// without it those rows are skipped with a note.
    #[arg(long)]
    c_source: Option<PathBuf>,
}

/// Runs `arts experiment scaling`.
pub fn run(args: &ScalingArgs, out: Output) -> CliResult {
    let exe = std::env::current_exe()
        .map_err(|e| CliError::failed(format!("cannot find the arts binary: {e}")))?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let opts = Options {
        out: args.out.clone(),
        budget_s: args.budget,
        pes: args
            .pes
            .clone()
            .unwrap_or_else(|| scaling::default_pes(cores)),
        studies: args.studies.clone(),
        quick: args.quick,
        exe,
        mpi_build: cfg!(feature = "mpi"),
        mpirun: args.mpirun.clone(),
        mpicc: args.mpicc.clone(),
        c_source: args.c_source.clone(),
        cores,
    };
    let bar = out.progress(0, "scaling");
    let summary = scaling::run(&opts, &mut run_counter(&bar))?;
    bar.finish_and_clear();
    out.emit(&summary, || summary.table())
}

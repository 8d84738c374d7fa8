//! `arts experiment ljs-profile`: the PDES paper's LJS phase profiles
//! (sec. 3.2.4-3.2.6) on a recorded LeanMD run: per phase of a step, the
//! messages (count, destinations, bytes), the time and its share, at one
//! or more box sizes (`docs/ljs-profile.md`).

use arts_apps::leanmd::Params;
use arts_experiments::ljs_profile::{self, Plan};

use crate::output::{CliError, CliResult, Output, run_counter};

/// Arguments of `arts experiment ljs-profile`.
#[derive(clap::Args)]
pub struct LjsProfileArgs {
    /// Cell grids, comma-separated XxYxZ (each at least 3), one recorded
    /// run each; the work of every phase is set against the largest.
    #[arg(long, value_delimiter = ',', value_parser = cells, default_value = "3x3x3,6x6x6")]
    cells: Vec<[u32; 3]>,
    /// Atoms per cell.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    atoms_per_cell: u32,
    /// Steps recorded per run.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1000))]
    steps: u32,
    /// Atoms move to the cell they lie in every this many steps (LJS
    /// re-bins every 20).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    migrate_every: u32,
    /// PEs of every run.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=256))]
    pes: u32,
    /// Seed of the initial lattice jitter and velocities.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// A clap value parser for three cell counts `XxYxZ`.
fn cells(s: &str) -> Result<[u32; 3], String> {
    let v = crate::args::parse_dims(s, 3)?;
    let mut out = [0; 3];
    for (o, d) in out.iter_mut().zip(v) {
        *o = u32::try_from(d).map_err(|_| format!("{d} in '{s}' is too large"))?;
    }
    Ok(out)
}

/// Runs `arts experiment ljs-profile`.
pub fn run(args: &LjsProfileArgs, out: Output) -> CliResult {
    let plan = Plan {
        grids: args.cells.clone(),
        params: Params {
            atoms_per_cell: args.atoms_per_cell,
            steps: args.steps,
            migrate_every: args.migrate_every,
            seed: args.seed,
            ..Params::small()
        },
        pes: args.pes,
        memory: crate::budget::budget(),
    };
    plan.check()?;
    let bar = out.progress(plan.grids.len() as u64, "ljs-profile");
    let report = ljs_profile::run(&plan, &mut run_counter(&bar))?;
    bar.finish_and_clear();
    out.emit(&report, || report.table())?;
    report
        .failure()
        .map_or(Ok(()), |m| Err(CliError::failed(m)))
}

//! `arts experiment ljs-profile`: the PDES paper's LJS phase profiles
//! (sec. 3.2.4-3.2.6) on a recorded LeanMD run (`docs/ljs-profile.md`).

use arts_experiments::ljs_profile::{self, flags::LjsProfileFlags};

use crate::output::{CliError, CliResult, Output, run_counter};

/// Runs `arts experiment ljs-profile`.
pub fn run(args: &LjsProfileFlags, out: Output) -> CliResult {
    let plan = args.plan(crate::budget::budget());
    plan.check()?;
    let bar = out.progress(plan.grids.len() as u64, "ljs-profile");
    let report = ljs_profile::run(&plan, &mut run_counter(&bar))?;
    bar.finish_and_clear();
    out.emit(&report, || report.table())?;
    (report.failure()).map_or(Ok(()), |m| Err(CliError::failed(m)))
}

//! `arts restart DIR`: continues a checkpointed run (jacobi2d, zones, hotspot,
//! leanmd, fracture, storm or a distributed ddm sweep) from its checkpoint directory, on any number
//! of PEs, and reports like the run.

use std::path::PathBuf;

use arts_apps::registry::{self, Restart};
use arts_apps::run::checkpoints::restart_root;

use super::stencil::{Prepared, RunOpts, finish, stages};
use crate::output::{CliError, CliResult, Output};

/// Arguments of `arts restart`.
#[derive(clap::Args)]
pub struct RestartArgs {
    /// A checkpoint (`DIR/ckpt-<step>`) or a checkpoint root, whose `latest`
    /// names the newest.
    dir: PathBuf,
    #[command(flatten)]
    opts: RunOpts,
}

/// Runs `arts restart`: a checkpoint that cannot be read (missing,
/// truncated, modified, of another app or version) is bad input naming the file.
pub fn run_restart(args: &RestartArgs, out: Output) -> CliResult {
    let c = crate::world::open_checkpoint(&args.dir).map_err(CliError::usage)?;
    let app = registry::of_checkpoint(&c).map_err(CliError::usage)?;
    let Restart::Run { stages: steps } = app.can().restart else {
        return super::ddm::restart(&c, &args.opts, out);
    };
    let restart = app.restart(&c)?;
    let setup = Prepared {
        restart_root: Some(restart_root(&args.dir)),
        ..args.opts.prepare(out)?
    };
    let bar = (steps > 0).then(|| out.progress(steps, app.name()));
    let report = match &bar {
        Some(bar) => restart(&c, setup, &stages(bar))?,
        None => restart(&c, setup, &|_| ())?,
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    finish(&report, out)
}

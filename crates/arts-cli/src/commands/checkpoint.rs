//! `arts restart DIR`: continues a checkpointed run (jacobi2d) from its
//! checkpoint directory, on any number of PEs, and reports like the run.

use std::path::PathBuf;

use arts_apps::jacobi2d::{self, Params};
use arts_apps::stencil2d::checkpoint::{RESTARTABLE_APP, read_resume, restartable_options};
use arts_core::checkpoint::disk;

use super::stencil::{RunOpts, execute, finish};
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
    let c = disk::open(&args.dir).map_err(CliError::usage)?;
    let o = restartable_options(&c).map_err(CliError::usage)?;
    let manifest = c.dir.join(disk::MANIFEST);
    let p = Params {
        rows: o.rows,
        cols: o.cols,
        objs_x: o.objs_x,
        objs_y: o.objs_y,
        iters: o.iters,
    }
    .problem()
    .map_err(|e| CliError::usage(format!("{}: options: {e}", manifest.display())))?;
    crate::budget::check_memory(
        format!("restarting from {}", c.dir.display()),
        p.memory_bytes(true).saturating_add(c.manifest.data_bytes()),
    )?;
    let resume = read_resume(&c, &o).map_err(CliError::usage)?;
    let mut prepared = args.opts.prepare(out)?;
    prepared.resume = Some(resume);
    let (run, reference) = (jacobi2d::run, jacobi2d::reference);
    let report = execute(RESTARTABLE_APP, &p, prepared, out, run, reference)?;
    finish(&report, out)
}

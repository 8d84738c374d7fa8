//! `arts restart DIR`: continues a checkpointed run (jacobi2d, zones, hotspot,
//! leanmd, fracture, storm or a distributed ddm sweep) from its checkpoint directory, on any number
//! of PEs, and reports like the run.

use std::path::PathBuf;

use arts_apps::stencil2d::checkpoint::{StencilApp, read_resume, restartable_app};
use arts_apps::{hotspot, jacobi2d, zones};
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
    if c.manifest.app == arts_apps::ddm::checkpoint::APP {
        return super::ddm::restart(&c, &args.opts, out);
    }
    if c.manifest.app == arts_apps::leanmd::checkpoint::APP {
        return super::md::restart_leanmd(&c, &args.opts, out);
    }
    if c.manifest.app == arts_apps::fracture::checkpoint::APP {
        return super::md::restart_fracture(&c, &args.opts, out);
    }
    if c.manifest.app == arts_apps::storm::checkpoint::APP {
        return super::imbalance::restart_storm(&c, &args.opts, out);
    }
    let app = restartable_app(&c).map_err(CliError::usage)?;
    let manifest = c.dir.join(disk::MANIFEST);
    let bad_options = |e: &dyn std::fmt::Display| {
        CliError::usage(format!("{}: options: {e}", manifest.display()))
    };
    // Checks the memory a restart needs, then reads the blocks back.
    let resume = |problem_bytes: u64| {
        crate::budget::check_memory(
            format!("restarting from {}", c.dir.display()),
            problem_bytes.saturating_add(c.manifest.data_bytes()),
        )?;
        read_resume(&c, &app).map_err(CliError::usage)
    };
    let mut prepared = args.opts.prepare(out)?;
    let report = match app {
        StencilApp::Jacobi2d(params) => {
            let p = params.problem().map_err(|e| bad_options(&e))?;
            prepared.resume = Some(resume(p.memory_bytes(true))?);
            execute(app, &p, prepared, out, jacobi2d::run, jacobi2d::reference)?
        }
        StencilApp::Zones(params) => {
            let p = params.problem().map_err(|e| bad_options(&e))?;
            prepared.resume = Some(resume(p.memory_bytes(true))?);
            execute(app, &p, prepared, out, zones::run, zones::reference)?
        }
        StencilApp::Hotspot(params) => {
            let p = params.problem().map_err(|e| bad_options(&e))?;
            prepared.resume = Some(resume(p.memory_bytes(true))?);
            execute(app, &p, prepared, out, hotspot::run, hotspot::reference)?
        }
    };
    finish(&report, out)
}

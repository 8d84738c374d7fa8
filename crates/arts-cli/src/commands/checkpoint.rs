//! `arts restart DIR`: continues a checkpointed run (jacobi2d, zones, hotspot,
//! leanmd, fracture, storm or a distributed ddm sweep) from its checkpoint directory, on any number
//! of PEs, and reports like the run.

use std::path::PathBuf;

use arts_apps::run::md::{Fracture, Leanmd};
use arts_apps::stencil2d::checkpoint::{StencilApp, read_resume, restartable_app};
use arts_apps::{hotspot, jacobi2d, zones};
use arts_core::checkpoint::disk;

pub(crate) use arts_apps::run::checkpoints::{Reader, restart_session, run_session};

use super::stencil::{RunOpts, execute, finish, stages};
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
    let c = crate::launch::open_checkpoint(&args.dir).map_err(CliError::usage)?;
    if c.manifest.app == arts_apps::ddm::checkpoint::APP {
        return super::ddm::restart(&c, &args.opts, out);
    }
    if c.manifest.app == arts_apps::storm::checkpoint::APP {
        return super::imbalance::restart_storm(&c, &args.opts, out);
    }
    // Where the run's sequential reference may be kept: the root given, or
    // the parent of a `ckpt-<step>`.
    let is_checkpoint = args.dir.join(disk::MANIFEST).is_file();
    let root = args.dir.parent().filter(|_| is_checkpoint);
    let root = Some(root.unwrap_or(&args.dir).to_path_buf());
    if c.manifest.app == arts_apps::leanmd::checkpoint::APP {
        let app = Leanmd::restartable(&c)?;
        let prepared = super::stencil::Prepared {
            restart_root: root,
            ..args.opts.prepare(out)?
        };
        let bar = out.progress(3, "leanmd");
        let report = app.restart(&c, prepared, &stages(&bar))?;
        bar.finish_and_clear();
        return finish(&report, out);
    }
    if c.manifest.app == arts_apps::fracture::checkpoint::APP {
        let app = Fracture::restartable(&c)?;
        let prepared = super::stencil::Prepared {
            restart_root: root,
            ..args.opts.prepare(out)?
        };
        let bar = out.progress(2, "fracture");
        let report = app.restart(&c, prepared, &stages(&bar))?;
        bar.finish_and_clear();
        return finish(&report, out);
    }
    let app = restartable_app(&c).map_err(CliError::usage)?;
    let manifest = c.dir.join(disk::MANIFEST);
    let bad_options = |e: &dyn std::fmt::Display| {
        CliError::usage(format!("{}: options: {e}", manifest.display()))
    };
    let mut prepared = args.opts.prepare(out)?;
    prepared.restart_root = root;
    // Checks the memory a restart needs, then reads the blocks back.
    let mut resume = |problem_bytes: u64| -> CliResult {
        prepared.check_restart_memory(&c, problem_bytes)?;
        prepared.resume = Some(read_resume(&c, &app).map_err(CliError::usage)?);
        Ok(())
    };
    let report = match app {
        StencilApp::Jacobi2d(params) => {
            let p = params.problem().map_err(|e| bad_options(&e))?;
            resume(p.memory_bytes(true))?;
            execute(app, &p, prepared, out, jacobi2d::run, jacobi2d::reference)?
        }
        StencilApp::Zones(params) => {
            let p = params.problem().map_err(|e| bad_options(&e))?;
            resume(p.memory_bytes(true))?;
            execute(app, &p, prepared, out, zones::run, zones::reference)?
        }
        StencilApp::Hotspot(params) => {
            let p = params.problem().map_err(|e| bad_options(&e))?;
            resume(p.memory_bytes(true))?;
            execute(app, &p, prepared, out, hotspot::run, hotspot::reference)?
        }
    };
    finish(&report, out)
}

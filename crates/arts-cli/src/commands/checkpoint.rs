//! `arts restart DIR`: continues a checkpointed run (jacobi2d, zones, hotspot,
//! leanmd, fracture, storm or a distributed ddm sweep) from its checkpoint directory, on any number
//! of PEs, and reports like the run.

use std::path::PathBuf;

use arts_apps::stencil2d::checkpoint::{StencilApp, read_resume, restartable_app};
use arts_apps::{hotspot, jacobi2d, zones};
use arts_core::checkpoint::disk::{self, Checkpoint, CheckpointError};
use arts_core::checkpoint::session::{Resume, Session};

use super::stencil::{Prepared, RunOpts, execute, finish};
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
    // Where the run's sequential reference may be kept: the root given, or
    // the parent of a `ckpt-<step>`.
    let is_checkpoint = args.dir.join(disk::MANIFEST).is_file();
    let root = args
        .dir
        .parent()
        .filter(|_| is_checkpoint)
        .unwrap_or(&args.dir);
    if c.manifest.app == arts_apps::leanmd::checkpoint::APP {
        return super::md::restart_leanmd(&c, root, &args.opts, out);
    }
    if c.manifest.app == arts_apps::fracture::checkpoint::APP {
        return super::md::restart_fracture(&c, root, &args.opts, out);
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
        check_restart_memory(&c, problem_bytes)?;
        read_resume(&c, &app).map_err(CliError::usage)
    };
    let mut prepared = args.opts.prepare(out)?;
    prepared.restart_root = Some(root.to_path_buf());
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

/// Refuses a restart from `c` that does not fit in memory: the run's own
/// `run_bytes` and the checkpoint read back.
fn check_restart_memory(c: &Checkpoint, run_bytes: u64) -> CliResult {
    crate::budget::check_memory(
        format!("restarting from {}", c.dir.display()),
        run_bytes.saturating_add(c.manifest.data_bytes()),
    )
}

/// The session of a restart from `c` of an app that checkpoints every N
/// steps: going on checkpointing as `prepared` asks, resuming from what
/// `read` reads of `c` once the memory (the run's `run_bytes` and the
/// checkpoint) is known to fit. A file that does not fit is bad input.
pub(crate) fn restart_session<S>(
    c: &Checkpoint,
    prepared: &mut Prepared,
    run_bytes: u64,
    read: impl FnOnce(&Checkpoint) -> Result<Resume<S>, CheckpointError>,
) -> Result<Session<S>, CliError> {
    let plan = prepared.every_n_checkpoints()?;
    if plan.as_ref().is_some_and(|p| p.resume) {
        return Err(CliError::usage(
            "--resume: arts restart continues its checkpoint already",
        ));
    }
    check_restart_memory(c, run_bytes)?;
    let resume = read(c).map_err(CliError::usage)?;
    let (save, on_demand) = plan.map_or((None, None), |p| (Some(p.save), Some(p.on_demand)));
    Ok(Session {
        save,
        resume: Some(resume),
        on_demand,
    })
}

/// How an app that checkpoints every N steps reads its checkpoints: its
/// name, its parameters' check and its resume.
pub(crate) struct Reader<P, S> {
    /// The app (as `arts run` spells it).
    pub app: &'static str,
    /// The parameters of a checkpoint it can continue.
    pub restartable: fn(&Checkpoint) -> Result<P, CheckpointError>,
    /// What a run with those parameters resumes from.
    pub read_resume: fn(&Checkpoint, &P) -> Result<Resume<S>, CheckpointError>,
}

/// The session of `arts run` of `reader`'s app with `params` (its run
/// needing `run_bytes`): checkpointing as `prepared` asks and, with
/// `--resume`, continuing from the newest checkpoint in the directory when
/// there is one, which must be of this app with these parameters.
pub(crate) fn run_session<P: PartialEq + serde::Serialize, S>(
    prepared: &mut Prepared,
    reader: Reader<P, S>,
    params: &P,
    run_bytes: u64,
) -> Result<Session<S>, CliError> {
    let Some(plan) = prepared.every_n_checkpoints()? else {
        return Ok(Session::default());
    };
    let mut session = Session {
        save: Some(plan.save),
        resume: None,
        on_demand: Some(plan.on_demand),
    };
    let dir = session
        .save
        .as_ref()
        .map(|s| s.dir.clone())
        .unwrap_or_default();
    if !plan.resume {
        return Ok(session);
    }
    let Some(c) = crate::launch::newest_checkpoint(&dir).map_err(CliError::usage)? else {
        return Ok(session);
    };
    let show = |p: &P| serde_json::to_string(p).unwrap_or_default();
    let theirs = (reader.restartable)(&c).map_err(|e| CliError::usage(format!("--resume: {e}")))?;
    if theirs != *params {
        return Err(CliError::usage(format!(
            "--resume: {} holds a checkpoint of {} {}, not of this run ({})",
            c.dir.display(),
            reader.app,
            show(&theirs),
            show(params)
        )));
    }
    check_restart_memory(&c, run_bytes)?;
    session.resume = Some((reader.read_resume)(&c, params).map_err(CliError::usage)?);
    Ok(session)
}

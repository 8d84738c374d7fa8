//! The checkpoint session of a run: where and when it checkpoints (its
//! directory created and checked writable), and the checkpoint it continues
//! from — the newest in its directory with `--resume`, which must be of the
//! same app with the same options, or the one `arts restart` names.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arts_core::checkpoint::disk::{self, Checkpoint, CheckpointError};
use arts_core::checkpoint::hold::OnDemand;
use arts_core::checkpoint::recovery;
use arts_core::checkpoint::session::{EveryN, Resume, Session};

use super::{Error, Job, Setup};
use crate::stencil2d::saved_state::{self as stencil, StencilApp};

/// The checkpoint options of a run.
#[derive(Clone, Debug)]
pub struct Saving {
    /// Checkpoint after every this many steps (0: only when asked).
    pub every: u32,
    /// The checkpoint root.
    pub dir: PathBuf,
    /// Checkpoints kept.
    pub keep: usize,
    /// SIGTERM writes a last checkpoint and stops the run.
    pub on_term: bool,
    /// Continue from the newest checkpoint in `dir`, if any.
    pub resume: bool,
    /// Checkpoint T seconds after the last one.
    pub every_seconds: Option<f64>,
    /// Double checkpoints in node-local stores.
    pub buddies: bool,
    /// Write checkpoints in the background.
    pub background: bool,
}

impl Saving {
    /// Where and how often the run checkpoints, its directory created and
    /// checked writable. Collective under MPI with double checkpoints (the
    /// processes share their nodes' names to choose their buddies).
    fn plan(self, job: &Job) -> Result<EveryN, Error> {
        let dir = claim_dir(self.dir, job)?;
        Ok(EveryN {
            every: self.every,
            every_seconds: self.every_seconds,
            buddies: self.buddies.then(|| recovery::buddies(job.world)),
            dir,
            keep: self.keep,
            background: self.background,
        })
    }
}

/// How an app that checkpoints every N steps checkpoints.
struct Plan {
    /// Where and how often.
    save: EveryN,
    /// Continue from the newest checkpoint in the directory, if any.
    resume: bool,
    /// The requests (signals) it takes.
    on_demand: Arc<OnDemand>,
}

impl Setup {
    /// The checkpoints of an app that checkpoints every N steps and on
    /// demand (signals, a timer): the plan (its directory created and
    /// checked writable), whether to continue from the newest checkpoint
    /// there (`--resume`) and the requests it takes; `None` without a
    /// checkpoint directory.
    fn every_n_checkpoints(&mut self) -> Result<Option<Plan>, Error> {
        let Some(saving) = self.checkpoint.take() else {
            return Ok(None);
        };
        let on_demand = (self.job.requests)(saving.on_term);
        Ok(Some(Plan {
            resume: saving.resume,
            save: saving.plan(&self.job)?,
            on_demand,
        }))
    }

    /// What the run of the stencil `app` does besides computing:
    /// checkpoint (also when a signal asks), resume, or neither.
    pub(super) fn stencil_session(&mut self, app: StencilApp) -> Result<stencil::Session, Error> {
        let Some(saving) = self.checkpoint.take() else {
            return Ok(stencil::Session {
                resume: self.resume.take(),
                ..stencil::Session::default()
            });
        };
        let requests = (self.job.requests)(saving.on_term);
        if saving.resume && self.resume.is_none() {
            self.resume = stencil_resume(&saving.dir, app, &self.job)?;
        }
        Ok(stencil::Session {
            save: Some(stencil::Checkpointing {
                plan: saving.plan(&self.job)?,
                app,
            }),
            resume: self.resume.take(),
            on_demand: Some(requests),
        })
    }

    /// Refuses a restart from `c` that does not fit in memory: the run's
    /// own `run_bytes` and the checkpoint read back.
    pub fn check_restart_memory(&self, c: &Checkpoint, run_bytes: u64) -> Result<(), Error> {
        self.job.check_memory(
            format!("restarting from {}", c.dir.display()),
            run_bytes.saturating_add(c.manifest.data_bytes()),
        )
    }
}

/// The newest checkpoint in `dir` (for --resume), if there is one; one of
/// another app or with other options is bad input.
fn stencil_resume(
    dir: &Path,
    app: StencilApp,
    job: &Job,
) -> Result<Option<stencil::Resume>, Error> {
    let Some(c) = recovery::newest_checkpoint(dir, job.world).map_err(Error::usage)? else {
        return Ok(None);
    };
    let theirs = stencil::restartable_app(&c).map_err(Error::usage)?;
    if theirs != app {
        return Err(Error::usage(format!(
            "--resume: {} holds a checkpoint of {} {}, not of this run ({} {})",
            c.dir.display(),
            theirs.name(),
            theirs.options(),
            app.name(),
            app.options()
        )));
    }
    stencil::read_resume(&c, &app)
        .map(Some)
        .map_err(Error::usage)
}

/// Where the sequential reference of a run restarted from `dir` (a
/// checkpoint or a checkpoint root) may be kept: the root given, or the
/// parent of a `ckpt-<step>`.
pub fn restart_root(dir: &Path) -> PathBuf {
    let is_checkpoint = dir.join(disk::MANIFEST).is_file();
    let root = dir.parent().filter(|_| is_checkpoint);
    root.unwrap_or(dir).to_path_buf()
}

/// `dir` (for --checkpoint-dir), created, checked writable and locked for
/// this job (`lock_for_job`). Collective under MPI.
pub fn claim_dir(dir: PathBuf, job: &Job) -> Result<PathBuf, Error> {
    let dir = writable_dir(dir)?;
    lock_for_job(&dir, job)?;
    Ok(dir)
}

/// Takes `dir`'s lock for this job (by process 0 under MPI, the verdict
/// shared), so that a second job given the same `--checkpoint-dir` is
/// refused naming the first one's process instead of deleting its files.
/// Collective under MPI.
fn lock_for_job(dir: &Path, job: &Job) -> Result<(), Error> {
    let mine = match job.is_root() {
        true => arts_util::dir_lock::hold_for_process(dir)
            .err()
            .map(|e| e.to_string()),
        false => None,
    };
    let verdict = match job.world {
        Some(w) => {
            let said = w.broadcast(0, mine.unwrap_or_default().into_bytes());
            Some(String::from_utf8_lossy(&said).into_owned()).filter(|s| !s.is_empty())
        }
        None => mine,
    };
    match verdict {
        Some(why) => Err(Error::usage(format!("--checkpoint-dir: {why}"))),
        None => Ok(()),
    }
}

/// `dir` (for --checkpoint-dir), created and checked writable.
fn writable_dir(dir: PathBuf) -> Result<PathBuf, Error> {
    let bad = |e: std::io::Error| {
        Error::usage(format!(
            "--checkpoint-dir: cannot write {}: {e}",
            dir.display()
        ))
    };
    if dir.exists() && !dir.is_dir() {
        return Err(Error::usage(format!(
            "--checkpoint-dir: {} exists and is not a directory",
            dir.display()
        )));
    }
    std::fs::create_dir_all(&dir).map_err(bad)?;
    tempfile::Builder::new()
        .prefix(&format!(".arts-tmp-{}-probe", std::process::id()))
        .tempfile_in(&dir)
        .map_err(bad)?;
    Ok(dir)
}

/// How an app that checkpoints every N steps reads its checkpoints: its
/// name, its parameters' check and its resume.
pub struct Reader<P, S> {
    /// The app (as `arts run` spells it).
    pub app: &'static str,
    /// The parameters of a checkpoint it can continue.
    pub restartable: fn(&Checkpoint) -> Result<P, CheckpointError>,
    /// What a run with those parameters resumes from.
    pub read_resume: fn(&Checkpoint, &P) -> Result<Resume<S>, CheckpointError>,
}

/// The session of a restart from `c` of an app that checkpoints every N
/// steps: going on checkpointing as `setup` asks, resuming from what
/// `read` reads of `c` once the memory (the run's `run_bytes` and the
/// checkpoint) is known to fit. A file that does not fit is bad input.
pub fn restart_session<S>(
    c: &Checkpoint,
    setup: &mut Setup,
    run_bytes: u64,
    read: impl FnOnce(&Checkpoint) -> Result<Resume<S>, CheckpointError>,
) -> Result<Session<S>, Error> {
    let plan = setup.every_n_checkpoints()?;
    if plan.as_ref().is_some_and(|p| p.resume) {
        return Err(Error::usage(
            "--resume: arts restart continues its checkpoint already",
        ));
    }
    setup.check_restart_memory(c, run_bytes)?;
    let resume = read(c).map_err(Error::usage)?;
    let (save, on_demand) = plan.map_or((None, None), |p| (Some(p.save), Some(p.on_demand)));
    Ok(Session {
        save,
        resume: Some(resume),
        on_demand,
    })
}

/// The session of `arts run` of `reader`'s app with `params` (its run
/// needing `run_bytes`): checkpointing as `setup` asks and, with
/// `--resume`, continuing from the newest checkpoint in the directory when
/// there is one, which must be of this app with these parameters.
pub fn run_session<P: PartialEq + serde::Serialize, S>(
    setup: &mut Setup,
    reader: Reader<P, S>,
    params: &P,
    run_bytes: u64,
) -> Result<Session<S>, Error> {
    let Some(plan) = setup.every_n_checkpoints()? else {
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
    let Some(c) = recovery::newest_checkpoint(&dir, setup.job.world).map_err(Error::usage)? else {
        return Ok(session);
    };
    let show = |p: &P| serde_json::to_string(p).unwrap_or_default();
    let theirs = (reader.restartable)(&c).map_err(|e| Error::usage(format!("--resume: {e}")))?;
    if theirs != *params {
        return Err(Error::usage(format!(
            "--resume: {} holds a checkpoint of {} {}, not of this run ({})",
            c.dir.display(),
            reader.app,
            show(&theirs),
            show(params)
        )));
    }
    setup.check_restart_memory(&c, run_bytes)?;
    session.resume = Some((reader.read_resume)(&c, params).map_err(Error::usage)?);
    Ok(session)
}

/// The sequential reference of `key` for a run of `session`: read back
/// from the checkpoint root when it resumes (kept there by an earlier
/// attempt), else computed and kept beside its checkpoints.
pub(super) fn reference_of<S, T: serde::Serialize + serde::de::DeserializeOwned>(
    setup: &Setup,
    session: &Session<S>,
    key: crate::reference_file::Key,
    compute: impl FnOnce() -> Result<T, Error>,
) -> Result<(T, bool), Error> {
    let saving = session.save.as_ref().map(|s| s.dir.as_path());
    setup.reference(&key, saving, session.resume.is_some(), compute)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_dir_that_is_a_file_is_bad_input() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f");
        std::fs::write(&file, "x").unwrap();
        let e = writable_dir(file).unwrap_err().to_string();
        assert!(e.contains("exists and is not a directory"), "{e}");
        let made = writable_dir(dir.path().join("a/b")).unwrap();
        assert!(made.is_dir());
        assert_eq!(std::fs::read_dir(&made).unwrap().count(), 0);
    }
}

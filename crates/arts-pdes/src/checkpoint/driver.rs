//! A run in segments that end at a GVT: with `--checkpoint-every T` the
//! engine runs to `T`, `2T`, ... (each segment ends when GVT reaches its
//! end, so every event before it is committed and none after it was
//! executed), the LP states and pending events are written as a checkpoint,
//! and the next segment starts from them; with `--restart DIR` the first
//! segment starts from a checkpoint, on any process and PE count. The
//! results equal an uninterrupted run's: events execute in the same key
//! order, and the committed counters add up.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use super::files::{self, Counters, FORMAT, Manifest};
use super::snapshot::{Resume, Snapshot};
use crate::config::{RunConfig, SimReport};
use crate::dist::Processes;
use crate::error::PdesError;
use crate::model::Model;
use crate::progress::{Progress, run_watched};

/// Checkpoint and restart options of a run.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Simulated time between checkpoints (`None`: no checkpoints).
    pub every: Option<f64>,
    /// Where checkpoints go (each replaces the previous one).
    pub dir: PathBuf,
    /// The checkpoint to start from.
    pub restart: Option<PathBuf>,
    /// Whether this process writes checkpoints: false on every process of
    /// an MPI job but 0 when each runs the whole model alone (the
    /// sequential engine under mpirun).
    pub writer: bool,
}

impl Plan {
    /// Whether the run checkpoints or restarts.
    pub fn active(&self) -> bool {
        self.every.is_some() || self.restart.is_some()
    }
}

/// Runs `model` under `cfg` following `plan`; `described` is the model and
/// its parameters as the report states them (a restart must match it).
pub fn run<M: Model>(
    model: &M,
    cfg: &RunConfig,
    plan: &Plan,
    described: serde_json::Value,
    progress: &dyn Progress,
    what: &str,
) -> Result<SimReport, PdesError>
where
    M::State: Send,
{
    run_to(model, cfg, plan, described, progress, what, cfg.end_time)
}

/// [`run`] with progress shown against `horizon` (the simulated time the
/// run is expected to reach: the end time, or for a run without one, such
/// as the torus model's, an estimate). The run ends at its end time, or
/// earlier at the first checkpoint time where no event is pending in any
/// process (nothing can happen after it; no checkpoint is written then):
/// this is how a run without an end time, the torus model's default, ends.
pub fn run_to<M: Model>(
    model: &M,
    cfg: &RunConfig,
    plan: &Plan,
    described: serde_json::Value,
    progress: &dyn Progress,
    what: &str,
    horizon: f64,
) -> Result<SimReport, PdesError>
where
    M::State: Send,
{
    let bad = |m: String| PdesError::Config(m);
    crate::engine::validate(model, cfg)?;
    if model.state_codec().is_none() || model.codec().is_none() {
        return Err(bad(format!(
            "model {} cannot be checkpointed or restarted (its LP states cannot be saved)",
            model.name()
        )));
    }
    if let Some(e) = plan.every
        && (!e.is_finite() || e <= 0.0)
    {
        return Err(bad(format!(
            "--checkpoint-every {e}: must be a finite simulated time > 0"
        )));
    }
    if plan.every.is_some() {
        check_writable(&plan.dir)?;
    }
    let start = Instant::now();
    let (mut time, mut total, mut resume) = match &plan.restart {
        None => (0.0, Counters::default(), None),
        Some(dir) => {
            let (m, snap) = load(model, cfg, dir, &described)?;
            (
                m.time,
                m.counters,
                Some(Arc::new(Resume::new(snap, model.lp_count()))),
            )
        }
    };
    let mut gvt_s: Option<f64> = None;
    loop {
        let stop = next_stop(time, plan.every, cfg.end_time);
        let mut seg = cfg.clone();
        seg.end_time = stop;
        seg.resume = resume.take();
        seg.keep = stop < cfg.end_time;
        let mut r = run_watched(model, &seg, progress, what, horizon)?;
        add(&mut total, &r);
        if let Some(g) = r.gvt_s {
            *gvt_s.get_or_insert(0.0) += g;
        }
        let drained = stop < cfg.end_time && {
            let mine = r.end_state.as_ref().map_or(0, |s| s.event_count()) as u64;
            let all = match cfg.processes.as_ref() {
                None => mine,
                Some(p) => p.0.all_gather_u64(&[mine]).iter().sum(),
            };
            all == 0
        };
        if stop >= cfg.end_time || drained {
            r.end_state = None;
            r.committed_events = total.committed_events;
            r.processed_events = total.processed_events;
            r.rolled_back_events = total.rolled_back_events;
            r.anti_messages = total.anti_messages;
            r.cross_pe_events = total.cross_pe_events;
            r.gvt_rounds = total.gvt_rounds;
            r.final_time = total.final_time;
            r.gvt_s = gvt_s;
            r.wall_s = start.elapsed().as_secs_f64();
            return Ok(r);
        }
        let mine = r
            .end_state
            .take()
            .expect("a kept segment returns its state");
        let manifest = Manifest {
            format: FORMAT.into(),
            model: described.clone(),
            seed: cfg.seed,
            time: stop,
            counters: total,
            lps: 0,
            pending_events: 0,
            processes: r.processes,
            pes: cfg.pes,
            state_hash: String::new(),
        };
        save(cfg.processes.as_ref(), plan, manifest, &mine)?;
        // The next segment keeps this process's LPs where they are.
        resume = Some(Arc::new(Resume::new(
            Arc::unwrap_or_clone(mine),
            model.lp_count(),
        )));
        time = stop;
    }
}

/// The end of the segment that starts at `time`: the next multiple of
/// `every` after it, or the end time.
fn next_stop(time: f64, every: Option<f64>, end: f64) -> f64 {
    let Some(e) = every else { return end };
    let mut k = (time / e).floor() + 1.0;
    while k * e <= time {
        k += 1.0;
    }
    (k * e).min(end)
}

/// Adds a segment's committed counters to `total`.
fn add(total: &mut Counters, r: &SimReport) {
    total.committed_events += r.committed_events;
    total.processed_events += r.processed_events;
    total.rolled_back_events += r.rolled_back_events;
    total.anti_messages += r.anti_messages;
    total.cross_pe_events += r.cross_pe_events;
    total.gvt_rounds += r.gvt_rounds;
    if r.committed_events > 0 {
        total.final_time = total.final_time.max(r.final_time);
    }
}

/// Refuses a checkpoint directory that cannot be written, before any work.
fn check_writable(dir: &std::path::Path) -> Result<(), PdesError> {
    if dir.exists() && !dir.is_dir() {
        return Err(PdesError::Config(format!(
            "--checkpoint-dir {}: exists and is not a directory",
            dir.display()
        )));
    }
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    if !parent.is_dir() {
        return Err(PdesError::Config(format!(
            "--checkpoint-dir {}: its parent directory does not exist",
            dir.display()
        )));
    }
    Ok(())
}

/// Reads and checks the checkpoint in `dir` against the run.
fn load<M: Model>(
    model: &M,
    cfg: &RunConfig,
    dir: &std::path::Path,
    described: &serde_json::Value,
) -> Result<(Manifest, Snapshot), PdesError> {
    let bad = |m: String| PdesError::Config(format!("--restart {}: {m}", dir.display()));
    let (m, snap) = files::read(dir).map_err(bad)?;
    if &m.model != described {
        return Err(bad(format!(
            "the checkpoint is of model {}; this run is of model {described}",
            m.model
        )));
    }
    if m.seed != cfg.seed {
        return Err(bad(format!(
            "the checkpoint was made with --seed {}; this run has --seed {}",
            m.seed, cfg.seed
        )));
    }
    if !(m.time.is_finite() && m.time < cfg.end_time) {
        return Err(bad(format!(
            "the checkpoint is at time {}; --end-time {} must be later",
            m.time, cfg.end_time
        )));
    }
    snap.check(model, m.time)
        .map_err(|e| bad(format!("the checkpoint does not fit the model: {e}")))?;
    Ok((m, snap))
}

/// Most bytes of parts one checkpoint across processes gathers (an MPI
/// count is an `int`).
const GATHER_MAX: u64 = i32::MAX as u64;

/// Writes the checkpoint: in one process directly; across processes every
/// process's part goes to process 0 (a gather: the others receive nothing),
/// which writes the whole, and every process learns whether it succeeded
/// (they all fail alike). The parts may come to at most [`GATHER_MAX`]
/// bytes; a larger checkpoint is refused on every process.
fn save(
    procs: Option<&Processes>,
    plan: &Plan,
    manifest: Manifest,
    mine: &Snapshot,
) -> Result<(), PdesError> {
    let dir = &plan.dir;
    let failed = |e: String| PdesError::Io(format!("checkpoint {}: {e}", dir.display()));
    let Some(p) = procs else {
        if !plan.writer {
            return Ok(());
        }
        let mut all = mine.clone();
        all.sort();
        return files::write(dir, manifest, &all).map_err(failed);
    };
    let mine = mine.to_bytes();
    let total: u64 = p.0.all_gather_u64(&[mine.len() as u64]).iter().sum();
    if total > GATHER_MAX {
        return Err(failed(format!(
            "its processes' parts come to {total} bytes; process 0 gathers at most {GATHER_MAX}"
        )));
    }
    let parts = p.0.gather_bytes(&mine);
    drop(mine);
    let mut result = Ok(());
    if p.rank() == 0 {
        let mut all = Snapshot::default();
        for b in &parts {
            all.merge(Snapshot::from_bytes(b).expect("a part this run encoded"));
        }
        all.sort();
        result = files::write(dir, manifest, &all);
    }
    let ok = p.0.all_gather_u64(&[result.is_ok() as u64]);
    match result {
        Err(e) => Err(failed(e)),
        Ok(()) if ok[0] == 0 => Err(failed("process 0 could not write it".into())),
        Ok(()) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_end_at_multiples_of_the_interval_then_at_the_end() {
        assert_eq!(next_stop(0.0, Some(10.0), 25.0), 10.0);
        assert_eq!(next_stop(10.0, Some(10.0), 25.0), 20.0);
        assert_eq!(next_stop(20.0, Some(10.0), 25.0), 25.0);
        assert_eq!(next_stop(3.0 * 0.1, Some(0.1), 1.0), 4.0 * 0.1);
        assert_eq!(next_stop(5.0, None, 25.0), 25.0);
    }
}

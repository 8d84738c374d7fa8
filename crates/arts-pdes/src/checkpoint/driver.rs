//! A run in segments that end at a GVT: with `--checkpoint-every T` the
//! engine runs to `T`, `2T`, ... (each segment ends when GVT reaches its
//! end, so every event before it is committed and none after it was
//! executed), the LP states and pending events are written as a checkpoint,
//! and the next segment starts from them; with `--restart DIR` the first
//! segment starts from a checkpoint, on any process and PE count. The
//! results equal an uninterrupted run's: events execute in the same key
//! order, and the committed counters add up.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use super::files::{self, Counters, FORMAT, Manifest};
use super::snapshot::{Resume, Snapshot};
use crate::config::{RunConfig, SimReport};
use crate::dist::Processes;
use crate::error::PdesError;
use crate::key::LpId;
use crate::model::Model;
use crate::partition::Partition;
use crate::progress::{Progress, run_watched};
use arts_util::atomic_file::{PendingDir, dir_of};

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
            let loaded = load(model, cfg, dir, &described);
            let (m, snap) = agree(cfg.processes.as_ref(), loaded)
                .map_err(|e| PdesError::Config(format!("--restart {}: {e}", dir.display())))?;
            (m.time, m.counters, Some(Arc::new(Resume::new(snap))))
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
        let mut mine = Arc::unwrap_or_clone(
            r.end_state
                .take()
                .expect("a kept segment returns its state"),
        );
        mine.sort();
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
            parts: Vec::new(),
        };
        save(cfg.processes.as_ref(), plan, manifest, &mine)?;
        // The next segment keeps this process's LPs where they are.
        resume = Some(Arc::new(Resume::new(mine)));
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
fn check_writable(dir: &Path) -> Result<(), PdesError> {
    if dir.exists() && !dir.is_dir() {
        return Err(PdesError::Config(format!(
            "--checkpoint-dir {}: exists and is not a directory",
            dir.display()
        )));
    }
    if !dir_of(dir).is_dir() {
        return Err(PdesError::Config(format!(
            "--checkpoint-dir {}: its parent directory does not exist",
            dir.display()
        )));
    }
    Ok(())
}

/// Reads and checks the checkpoint in `dir` against the run: the LPs this
/// process holds in the run, and their pending events.
fn load<M: Model>(
    model: &M,
    cfg: &RunConfig,
    dir: &Path,
    described: &serde_json::Value,
) -> Result<(Manifest, Snapshot), String> {
    let m = files::read_manifest(dir)?;
    if &m.model != described {
        return Err(format!(
            "the checkpoint is of model {}; this run is of model {described}",
            m.model
        ));
    }
    if m.seed != cfg.seed {
        return Err(format!(
            "the checkpoint was made with --seed {}; this run has --seed {}",
            m.seed, cfg.seed
        ));
    }
    if !(m.time.is_finite() && m.time < cfg.end_time) {
        return Err(format!(
            "the checkpoint is at time {}; --end-time {} must be later",
            m.time, cfg.end_time
        ));
    }
    let (owner, owned) = ownership(model.lp_count(), cfg);
    let mut snap = files::read_parts(dir, &m, owner)?;
    snap.check(model, m.time, owned).map_err(|e| {
        let whose = match &cfg.processes {
            Some(p) => format!(" (process {}'s LPs)", p.rank()),
            None => String::new(),
        };
        format!("the checkpoint does not fit the model{whose}: {e}")
    })?;
    Ok((m, snap))
}

/// Which LPs of a model of `lps` this process holds in `cfg`'s run, and
/// how many: all of them in one process; across processes, those of its
/// PEs (process `r` of `n` holds PEs `r*K .. (r+1)*K`, `K = pes / n`).
fn ownership(lps: u32, cfg: &RunConfig) -> (Box<dyn Fn(LpId) -> bool>, u64) {
    let Some(p) = &cfg.processes else {
        return (Box::new(|_| true), lps as u64);
    };
    let part = Partition::new(lps, cfg.pes, cfg.mapping);
    let k = cfg.pes / p.size() as usize;
    let mine = p.rank() as usize * k..(p.rank() as usize + 1) * k;
    let owned = mine.clone().map(|pe| part.count_of(pe) as u64).sum();
    (Box::new(move |lp| mine.contains(&part.pe_of(lp))), owned)
}

/// Makes every process of a run fail alike: the first process's error (in
/// rank order) becomes every process's. In one process, `loaded` as it is.
fn agree<T>(procs: Option<&Processes>, loaded: Result<T, String>) -> Result<T, String> {
    let Some(p) = procs else {
        return loaded;
    };
    let mine = loaded.as_ref().err().map_or(&[][..], |e| e.as_bytes());
    let errors = p.0.all_gather_bytes(mine);
    match errors.into_iter().find(|e| !e.is_empty()) {
        None => loaded,
        Some(e) => Err(String::from_utf8_lossy(&e).into_owned()),
    }
}

/// Writes the checkpoint of this process's LPs, `mine` (sorted). In one
/// process the writer writes it whole. Across processes every process
/// streams its own part into a staging directory that process 0 opened
/// beside `plan.dir` (so the directory must be on a file system they all
/// share, as MPI-IO's and Charm++'s checkpoints need); process 0 then
/// checks every part is there, writes the manifest and puts the checkpoint
/// in place. Every process learns whether it succeeded (they all fail
/// alike). No process holds more than its own part.
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
        return files::write(dir, manifest, mine).map_err(failed);
    };
    let rank = p.rank();
    // Process 0 opens the staging directory and names it to the others.
    let staged = (rank == 0).then(|| files::stage(dir));
    let name = match &staged {
        // Ours, so plain ASCII (`.arts-tmp-<pid>-XXXXXX`).
        Some(Ok(s)) => s.staging().file_name().and_then(|n| n.to_str()),
        _ => None,
    };
    let names = p.0.all_gather_bytes(name.unwrap_or_default().as_bytes());
    let name = std::str::from_utf8(&names[0]).expect("process 0 sends a UTF-8 name");
    if name.is_empty() {
        return Err(failed(match staged {
            Some(Err(e)) => e,
            _ => "process 0 could not open a staging directory beside it".into(),
        }));
    }
    // The staging directory beside `dir`, as this process sees it.
    let staging = dir_of(dir).join(name);
    let written = files::write_part(&staging, rank, mine);
    // Whether each process wrote its part, and what it wrote.
    let words = match &written {
        Ok(part) => [&[1][..], &part.to_words()].concat(),
        Err(_) => vec![0; 5],
    };
    let all = p.0.all_gather_u64(&words);
    let parts: Vec<Option<[u64; 4]>> = all
        .chunks(5)
        .map(|w| (w[0] == 1).then(|| [w[1], w[2], w[3], w[4]]))
        .collect();
    let mut result = match (&written, parts.iter().position(Option::is_none)) {
        (Err(e), _) => Err(e.clone()),
        (Ok(_), Some(k)) => Err(format!("process {k} could not write its part")),
        (Ok(_), None) => Ok(()),
    };
    if let (Some(Ok(pending)), Ok(())) = (staged, &result) {
        result = finish(pending, manifest, parts.into_iter().flatten());
    }
    let ok = p.0.all_gather_u64(&[result.is_ok() as u64]);
    match result {
        Err(e) => Err(failed(e)),
        Ok(()) if ok[0] == 0 => Err(failed("process 0 could not write it".into())),
        Ok(()) => Ok(()),
    }
}

/// Process 0's end of a checkpoint across processes: every process's part
/// (`parts`, in rank order, as [`files::Part::to_words`] gave them) is in
/// the staging directory with the length its process wrote; then the
/// manifest, and the rename.
fn finish(
    pending: PendingDir,
    mut manifest: Manifest,
    parts: impl Iterator<Item = [u64; 4]>,
) -> Result<(), String> {
    for (rank, words) in parts.enumerate() {
        let part = files::Part::from_words(rank as u32, words);
        let seen = std::fs::metadata(pending.staging().join(&part.file)).map(|m| m.len());
        if seen.ok() != Some(part.bytes) {
            return Err(format!(
                "process {rank}'s part is not in the directory process 0 sees; \
                 the checkpoint directory must be on a file system every process shares"
            ));
        }
        manifest.parts.push(part);
    }
    files::commit(pending, manifest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{LpMapping, SyncMode};
    use crate::dist::{mesh, on_each};
    use crate::models::phold::{Phold, PholdParams};

    fn phold() -> Phold {
        Phold::new(PholdParams {
            lps: 61,
            events_per_lp: 2,
            mean_delay: 1.0,
            lookahead: 0.1,
            remote: 0.5,
        })
        .unwrap()
    }

    fn described() -> serde_json::Value {
        serde_json::json!({ "model": "phold", "lps": 61 })
    }

    fn plan(dir: &Path, every: Option<f64>, restart: bool) -> Plan {
        Plan {
            every,
            dir: dir.to_path_buf(),
            restart: restart.then(|| dir.to_path_buf()),
            writer: true,
        }
    }

    /// `cfg` on `n` simulated processes under `plan`: every process's result.
    fn on_processes(
        n: u32,
        cfg: &RunConfig,
        plan: &Plan,
    ) -> Vec<Result<crate::SimReport, PdesError>> {
        let m = phold();
        on_each(mesh(n, 5, 3), cfg, |_, c| {
            run(&m, &c, plan, described(), &(), "phold")
        })
    }

    #[test]
    fn each_process_writes_its_own_part_and_reads_back_only_its_own_lps() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("ckpt");
        let mut cfg = RunConfig::new(SyncMode::Optimistic, 4, 9.0, 3);
        cfg.mapping = LpMapping::RoundRobin;
        for r in on_processes(4, &cfg, &plan(&dir, Some(4.0), false)) {
            r.unwrap();
        }
        let m = files::read_manifest(&dir).unwrap();
        assert_eq!(m.time, 8.0);
        let lps: Vec<u64> = m.parts.iter().map(|p| p.lps).collect();
        assert_eq!(lps, [16, 15, 15, 15], "round robin: one part per process");
        assert_eq!(m.lps, 61);
        // A restart on 2 processes (block mapping): each reads only the LPs
        // of its half, from every part.
        let mut cfg = RunConfig::new(SyncMode::Optimistic, 2, 20.0, 3);
        for (rank, p) in mesh(2, 5, 3).into_iter().enumerate() {
            cfg.processes = Some(p);
            let (_, snap) = load(&phold(), &cfg, &dir, &described()).unwrap();
            let held: Vec<LpId> = snap.lps.iter().map(|r| r.lp).collect();
            let want: Vec<LpId> = if rank == 0 {
                (0..31).collect()
            } else {
                (31..61).collect()
            };
            assert_eq!(held, want, "process {rank}");
            assert!(snap.events.iter().all(|e| want.contains(&e.dst)));
        }
    }

    #[test]
    fn an_lp_missing_from_one_process_s_share_is_refused_on_every_process_alike() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("ckpt");
        let cfg = RunConfig::new(SyncMode::Sequential, 1, 9.0, 3);
        run(
            &phold(),
            &cfg,
            &plan(&dir, Some(4.0), false),
            described(),
            &(),
            "phold",
        )
        .unwrap();
        let mut m = files::read_manifest(&dir).unwrap();
        let mut snap = files::read_parts(&dir, &m, |_| true).unwrap();
        snap.lps.retain(|r| r.lp != 50);
        m.parts.clear();
        files::write(&dir, m, &snap).unwrap();
        let cfg = RunConfig::new(SyncMode::Optimistic, 2, 20.0, 3);
        let errors: Vec<String> = on_processes(2, &cfg, &plan(&dir, None, true))
            .into_iter()
            .map(|r| match r {
                Err(PdesError::Config(e)) => e,
                other => panic!("not refused: {other:?}"),
            })
            .collect();
        assert_eq!(errors[0], errors[1]);
        assert!(errors[0].contains("process 1's LPs"), "{}", errors[0]);
        assert!(
            errors[0].contains("it holds 29 LPs; 30 were expected"),
            "{}",
            errors[0]
        );
    }

    #[test]
    fn a_part_process_0_cannot_see_is_refused_naming_the_shared_file_system() {
        let root = tempfile::tempdir().unwrap();
        let pending = files::stage(&root.path().join("ckpt")).unwrap();
        let m = Manifest {
            format: FORMAT.into(),
            model: described(),
            seed: 3,
            time: 1.0,
            counters: Counters::default(),
            lps: 0,
            pending_events: 0,
            processes: 1,
            pes: 1,
            parts: Vec::new(),
        };
        let e = finish(pending, m, [[61, 7, 900, 0]].into_iter()).unwrap_err();
        assert!(
            e.contains("process 0's part is not in the directory"),
            "{e}"
        );
        assert!(e.contains("a file system every process shares"), "{e}");
        assert!(!root.path().join("ckpt").exists());
    }

    #[test]
    fn segments_end_at_multiples_of_the_interval_then_at_the_end() {
        assert_eq!(next_stop(0.0, Some(10.0), 25.0), 10.0);
        assert_eq!(next_stop(10.0, Some(10.0), 25.0), 20.0);
        assert_eq!(next_stop(20.0, Some(10.0), 25.0), 25.0);
        assert_eq!(next_stop(3.0 * 0.1, Some(0.1), 1.0), 4.0 * 0.1);
        assert_eq!(next_stop(5.0, None, 25.0), 25.0);
    }
}

//! The conservative engine: PEs advance in lock-step time windows, in one
//! process or across processes (one engine over a [`Net`]; a run in one
//! process uses [`Solo`], the net of one process).
//!
//! Each window starts at `T`, the smallest pending timestamp anywhere. No
//! event can be created below `T + lookahead` (every delay is at least the
//! lookahead), so every PE safely executes all its events in
//! `[T, T + lookahead)` in key order. Then it hands its new events out (to
//! the inboxes of the PEs of its process, in one batch per other process),
//! publishes the smallest of its pending times and of the times it handed
//! out (those events are in no pending set yet), and meets the others at a
//! barrier. Local PE 0 (the leader) then exchanges ([`exchange`]): one
//! all-gather over the processes of each process's smallest time, whether a
//! PE hit a model error, and how many events it sent to each process; the
//! leader receives exactly the events the others say they sent here and
//! places them in the inboxes. A second barrier releases the PEs: each takes
//! its inbox and executes the window. (Each batch names its window: a
//! process that is already one window ahead may send the next window's
//! batches while a slower leader still receives.)
//!
//! Nothing can be missed: every event of the window was pending at a PE or
//! counted among the times handed out, and every event a window creates is
//! at least one lookahead later than `T`. Two barriers per window, in one
//! process as across processes.

mod exchange;
mod outbox;

use crate::checkpoint::Snapshot;
use std::sync::Barrier;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::SeqCst};
use std::time::Instant;

use crossbeam_utils::CachePadded;
use parking_lot::Mutex;

use crate::config::{RunConfig, SimReport, SyncMode};
use crate::dist::{End, Net, Solo, Totals, gather_report};
use crate::engine::{FirstError, ProgressFn};
use crate::error::PdesError;
use crate::event::{Event, PendingSet};
use crate::exec::{Exec, LpCore};
use crate::key::{Key, LpId, Time};
use crate::model::{Model, MsgCodec};
use crate::partition::Partition;
use crate::summary::summarize_parts;
use exchange::exchange;
use outbox::Outbox;

/// What the PEs of one process share.
struct Shared<M> {
    /// PEs in this process.
    k: usize,
    /// The global index of this process's first PE.
    first: usize,
    /// Processes in the run.
    size: usize,
    inboxes: Vec<CachePadded<Mutex<Vec<Event<M>>>>>,
    /// Per local PE: the smallest time (bits) it holds or handed out.
    mins: Vec<CachePadded<AtomicU64>>,
    /// Per local PE: it hit a model error. Written only before the barrier
    /// that precedes an exchange and read only in it.
    failed: Vec<CachePadded<AtomicBool>>,
    /// Events sent to each process in this window.
    sent_to: Vec<AtomicU64>,
    /// The window's start (bits; `u64::MAX`: stop), set by the leader.
    start: AtomicU64,
    /// Exchanges done: the batches sent in between carry it, so that the
    /// leader takes in each exchange only the batches of the last window
    /// (a faster process may already send the next window's).
    epoch: AtomicU64,
    /// Batches of a later window that arrived early (leader only).
    early: Mutex<Vec<Vec<u8>>>,
    error: FirstError,
    barrier: Barrier,
}

struct PeResult<S> {
    lps: Vec<(LpId, LpCore<S>)>,
    processed: u64,
    cross: u64,
    windows: u64,
    final_time: Time,
    /// With `cfg.keep`: the PE's LPs and pending events at the end.
    kept: Option<Snapshot>,
}

/// Runs `model` under `cfg`: across `cfg.processes` if set (every process
/// calls it), otherwise in this process.
pub(crate) fn run<M: Model>(
    model: &M,
    cfg: &RunConfig,
    progress: Option<ProgressFn<'_>>,
) -> Result<SimReport, PdesError> {
    let start = Instant::now();
    let net: &dyn Net = match &cfg.processes {
        Some(procs) => &*procs.0,
        None => &Solo,
    };
    let size = net.size() as usize;
    let k = cfg.pes / size;
    let part = Partition::new(model.lp_count(), cfg.pes, cfg.mapping);
    let sh: Shared<M::Msg> = Shared {
        k,
        first: net.rank() as usize * k,
        size,
        inboxes: (0..k)
            .map(|_| CachePadded::new(Mutex::new(Vec::new())))
            .collect(),
        mins: (0..k)
            .map(|_| CachePadded::new(AtomicU64::new(u64::MAX)))
            .collect(),
        failed: (0..k)
            .map(|_| CachePadded::new(AtomicBool::new(false)))
            .collect(),
        sent_to: (0..size).map(|_| AtomicU64::new(0)).collect(),
        start: AtomicU64::new(0),
        epoch: AtomicU64::new(0),
        early: Mutex::new(Vec::new()),
        error: FirstError::default(),
        barrier: Barrier::new(k),
    };
    let codec = model.codec();
    let results: Vec<PeResult<M::State>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..k)
            .map(|i| {
                let (sh, part) = (&sh, &part);
                s.spawn(move || pe_main(model, cfg, i, (part, sh, net, codec), progress))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("conservative PE thread panicked"))
            .collect()
    });
    let windows = results.first().map_or(0, |r| r.windows);
    let mut results = results;
    let end_state = cfg.keep.then(|| {
        let mut snap = Snapshot::default();
        for r in &mut results {
            snap.merge(r.kept.take().unwrap_or_default());
        }
        std::sync::Arc::new(snap)
    });
    if cfg.processes.is_some() {
        let mut report = report_across(model, cfg, net, results, sh.error.take(), windows, start)?;
        report.end_state = end_state;
        return Ok(report);
    }
    if let Some((_, err)) = sh.error.take() {
        return Err(err.into());
    }
    let processed = results.iter().map(|r| r.processed).sum();
    let cross = results.iter().map(|r| r.cross).sum();
    let final_time = results.iter().map(|r| r.final_time).fold(0.0, f64::max);
    let (checksum, stats) = summarize_parts(model, results.into_iter().map(|r| r.lps).collect());
    Ok(SimReport {
        sync: SyncMode::Conservative,
        pes: cfg.pes,
        committed_events: processed,
        processed_events: processed,
        rolled_back_events: 0,
        anti_messages: 0,
        cross_pe_events: cross,
        gvt_rounds: windows,
        peak_uncommitted_events: 0,
        checksum,
        stats,
        final_time,
        wall_s: start.elapsed().as_secs_f64(),
        processes: 1,
        gvt_s: None,
        end_state,
        peak_rss_per_process: Vec::new(),
    })
}

/// The report of a run across processes: this process's PEs folded into
/// its [`End`], gathered with every other process's (collective).
fn report_across<M: Model>(
    model: &M,
    cfg: &RunConfig,
    net: &dyn Net,
    results: Vec<PeResult<M::State>>,
    error: Option<(Key, crate::error::EventError)>,
    windows: u64,
    start: Instant,
) -> Result<SimReport, PdesError> {
    let mut totals = Totals::default();
    let mut lps = Vec::new();
    for r in results {
        totals.processed += r.processed;
        totals.committed += r.processed;
        totals.cross += r.cross;
        totals.final_time_bits = totals.final_time_bits.max(r.final_time.to_bits());
        lps.extend(r.lps);
    }
    let end = End {
        sync: SyncMode::Conservative,
        totals,
        lps,
        error,
        rounds: windows,
        start,
    };
    gather_report(model, cfg, net, end)
}

/// What a PE thread works with besides the model: the partition, what its
/// process's PEs share, the net and the model's codec (if it has one).
type Ctx<'a, M> = (
    &'a Partition,
    &'a Shared<M>,
    &'a dyn Net,
    Option<&'a dyn MsgCodec<M>>,
);

fn pe_main<M: Model>(
    model: &M,
    cfg: &RunConfig,
    i: usize,
    (part, sh, net, codec): Ctx<'_, M::Msg>,
    progress: Option<ProgressFn<'_>>,
) -> PeResult<M::State> {
    let me = sh.first + i;
    let ids = part.lps_of(me);
    let mut exec = Exec::new(model);
    let mut pending = PendingSet::new(cfg.queue);
    let mut out = Outbox::new(sh);
    let mut fresh = Vec::new();
    let mut lps = Vec::with_capacity(ids.len());
    let mut failed = false;
    for &lp in &ids {
        match exec.start(lp, cfg, &mut fresh) {
            Ok(core) => lps.push(core),
            Err(err) => {
                sh.error.offer(Key::new(0.0, lp, 0), err);
                failed = true;
                break;
            }
        }
        out.route((sh, part, me), codec, &mut fresh, &mut pending);
    }

    let (lookahead, end) = (model.lookahead(), cfg.end_time);
    let mut undo = M::Undo::default();
    let (mut processed, mut cross, mut windows) = (0u64, 0u64, 0u64);
    let mut final_time: Time = 0.0;
    loop {
        // Hand out, publish, and agree on the next window's start.
        out.flush(sh, net);
        let min = pending.min_key().time_bits.min(out.take_min());
        sh.mins[i].store(min, SeqCst);
        sh.failed[i].store(failed, SeqCst);
        sh.barrier.wait();
        if i == 0 {
            exchange(sh, net, codec, part);
        }
        sh.barrier.wait();
        let t_bits = sh.start.load(SeqCst);
        if t_bits == u64::MAX {
            break;
        }
        let t = f64::from_bits(t_bits);
        if t >= end {
            // Every event left is pending here or was just delivered.
            pending.extend_from(&mut sh.inboxes[i].lock());
            break;
        }
        pending.extend_from(&mut sh.inboxes[i].lock());
        let wend = (t + lookahead).min(end);
        while let Some(&ev) = pending.peek() {
            let now = ev.key.time();
            // Events exactly at T are always safe, so a window always progresses.
            if now >= wend && now != t {
                break;
            }
            pending.pop();
            let li = part.local_of(ev.dst);
            if let Err(err) = exec.handle(&mut lps[li], &ev, &mut undo, &mut fresh) {
                sh.error.offer(ev.key, err);
                failed = true;
                break;
            }
            processed += 1;
            final_time = now;
            if part.pe_of(ev.key.src()) != me {
                cross += 1;
            }
            out.route((sh, part, me), codec, &mut fresh, &mut pending);
        }
        windows += 1;
        if i == 0
            && let Some(p) = progress
        {
            p(t);
        }
    }
    let kept = cfg.keep.then(|| {
        let mut snap = Snapshot::default();
        for (&lp, core) in ids.iter().zip(&lps) {
            snap.add_lp(model, lp, core);
        }
        while let Some(ev) = pending.pop() {
            snap.add_event(model, &ev);
        }
        snap
    });
    PeResult {
        kept,
        lps: ids.into_iter().zip(lps).collect(),
        processed,
        cross,
        windows,
        final_time,
    }
}

//! The conservative engine: PEs advance in lock-step time windows.
//!
//! Each window starts at `T`, the smallest pending timestamp on any PE. No event
//! can be created below `T + lookahead` (every delay is at least the lookahead),
//! so every PE safely executes all its events in `[T, T + lookahead)` in key
//! order, then hands events for other PEs over and waits at a barrier. Two
//! barriers per window: one after the local minima are published, one after the
//! window's messages are delivered.

use std::sync::Barrier;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use crossbeam_utils::CachePadded;
use parking_lot::Mutex;

use crate::config::{RunConfig, SimReport, SyncMode};
use crate::engine::{FirstError, ProgressFn};
use crate::error::PdesError;
use crate::event::{Event, PendingSet};
use crate::exec::{Exec, LpCore};
use crate::key::{Key, LpId, Time};
use crate::model::Model;
use crate::partition::Partition;
use crate::summary::summarize_parts;

struct Shared<M> {
    inboxes: Vec<CachePadded<Mutex<Vec<Event<M>>>>>,
    mins: Vec<CachePadded<AtomicU64>>,
    /// Per PE: it hit a model error. Written only before the first barrier of
    /// a window and read only after it, so every PE sees the same flags.
    failed: Vec<CachePadded<AtomicBool>>,
    error: FirstError,
    barrier: Barrier,
}

struct PeResult<S> {
    lps: Vec<(LpId, LpCore<S>)>,
    processed: u64,
    cross: u64,
    windows: u64,
    final_time: Time,
}

pub(crate) fn run<M: Model>(
    model: &M,
    cfg: &RunConfig,
    progress: Option<ProgressFn<'_>>,
) -> Result<SimReport, PdesError> {
    let start = Instant::now();
    let part = Partition::new(model.lp_count(), cfg.pes, cfg.mapping);
    let shared: Shared<M::Msg> = Shared {
        inboxes: (0..cfg.pes)
            .map(|_| CachePadded::new(Mutex::new(Vec::new())))
            .collect(),
        mins: (0..cfg.pes)
            .map(|_| CachePadded::new(AtomicU64::new(u64::MAX)))
            .collect(),
        failed: (0..cfg.pes)
            .map(|_| CachePadded::new(AtomicBool::new(false)))
            .collect(),
        error: FirstError::default(),
        barrier: Barrier::new(cfg.pes),
    };
    let results: Vec<PeResult<M::State>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..cfg.pes)
            .map(|me| {
                let (shared, part) = (&shared, &part);
                s.spawn(move || pe_main(model, cfg, me, part, shared, progress))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("conservative PE thread panicked"))
            .collect()
    });
    if let Some((_, err)) = shared.error.take() {
        return Err(err.into());
    }
    let processed = results.iter().map(|r| r.processed).sum();
    let cross = results.iter().map(|r| r.cross).sum();
    let windows = results.first().map_or(0, |r| r.windows);
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
        peak_rss_per_process: Vec::new(),
    })
}

fn pe_main<M: Model>(
    model: &M,
    cfg: &RunConfig,
    me: usize,
    part: &Partition,
    shared: &Shared<M::Msg>,
    progress: Option<ProgressFn<'_>>,
) -> PeResult<M::State> {
    let ids = part.lps_of(me);
    let mut exec = Exec::new(model);
    let mut pending = PendingSet::new(cfg.queue);
    let mut out: Vec<Vec<Event<M::Msg>>> = (0..cfg.pes).map(|_| Vec::new()).collect();
    let mut fresh = Vec::new();
    let mut lps = Vec::with_capacity(ids.len());
    let mut failed = false;
    for &lp in &ids {
        match exec.init(lp, cfg.seed, &mut fresh) {
            Ok(core) => lps.push(core),
            Err(err) => {
                shared.error.offer(Key::new(0.0, lp, 0), err);
                failed = true;
                break;
            }
        }
        route(part, me, &mut fresh, &mut pending, &mut out);
    }
    flush(shared, &mut out);
    shared.barrier.wait();

    let (lookahead, end) = (model.lookahead(), cfg.end_time);
    let mut undo = M::Undo::default();
    let (mut processed, mut cross, mut windows) = (0u64, 0u64, 0u64);
    let mut final_time: Time = 0.0;
    loop {
        pending.extend_from(&mut shared.inboxes[me].lock());
        shared.mins[me].store(pending.min_key().time_bits, Ordering::SeqCst);
        shared.failed[me].store(failed, Ordering::SeqCst);
        shared.barrier.wait();
        if shared.failed.iter().any(|f| f.load(Ordering::SeqCst)) {
            break;
        }
        let t_bits = shared
            .mins
            .iter()
            .map(|m| m.load(Ordering::SeqCst))
            .min()
            .unwrap_or(u64::MAX);
        let t = Key {
            time_bits: t_bits,
            tie: 0,
        }
        .time();
        if t >= end {
            break;
        }
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
                shared.error.offer(ev.key, err);
                failed = true;
                break;
            }
            processed += 1;
            final_time = now;
            if part.pe_of(ev.key.src()) != me {
                cross += 1;
            }
            route(part, me, &mut fresh, &mut pending, &mut out);
        }
        flush(shared, &mut out);
        windows += 1;
        if me == 0
            && let Some(p) = progress
        {
            p(t);
        }
        shared.barrier.wait();
    }
    PeResult {
        lps: ids.into_iter().zip(lps).collect(),
        processed,
        cross,
        windows,
        final_time,
    }
}

fn route<M: Copy>(
    part: &Partition,
    me: usize,
    fresh: &mut Vec<Event<M>>,
    pending: &mut PendingSet<M>,
    out: &mut [Vec<Event<M>>],
) {
    for ev in fresh.drain(..) {
        let pe = part.pe_of(ev.dst);
        if pe == me {
            pending.push(ev);
        } else {
            out[pe].push(ev);
        }
    }
}

fn flush<M: Copy>(shared: &Shared<M>, out: &mut [Vec<Event<M>>]) {
    for (pe, buf) in out.iter_mut().enumerate() {
        if !buf.is_empty() {
            shared.inboxes[pe].lock().append(buf);
        }
    }
}

//! The conservative engine across processes: the same lock-step time
//! windows of one lookahead as in one process (`conservative.rs`), with the
//! window's start agreed by one all-gather per window over the processes.
//!
//! Per window, every PE of a process drains its inbox, publishes its
//! smallest pending time and meets the others at a barrier. Local PE 0 (the
//! leader) then all-gathers, per process: the smallest of those times and of
//! the events it sent to other processes in the last window (still in
//! flight: their times count too), whether a PE hit a model error, and how
//! many events it sent to each process. The window starts at the smallest
//! time `T`; the leader receives exactly the events the others say they sent
//! it, places them in its PEs' inboxes, and a second barrier lets every PE
//! take them and execute its events in `[T, T + lookahead)`. (Each batch
//! names its window: a process that is already one window ahead may send
//! the next window's batches while a slower leader still receives.)
//! Nothing can be
//! missed: every event of the window was pending at a PE or counted in
//! flight, and every event a window creates is at least one lookahead later
//! than `T`.

use std::sync::Barrier;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::SeqCst};
use std::time::Instant;

use crossbeam_utils::CachePadded;
use parking_lot::Mutex;

use crate::config::{RunConfig, SimReport, SyncMode};
use crate::dist::{End, Net, Processes, Totals, decode_batch, encode_wire, gather_report};
use crate::engine::optimistic::control::Wire;
use crate::engine::{FirstError, ProgressFn};
use crate::error::PdesError;
use crate::event::{Event, PendingSet};
use crate::exec::{Exec, LpCore};
use crate::key::{Key, LpId, Time};
use crate::model::{Model, MsgCodec};
use crate::partition::Partition;

struct Shared<M> {
    k: usize,
    first: usize,
    size: usize,
    inboxes: Vec<CachePadded<Mutex<Vec<Event<M>>>>>,
    mins: Vec<CachePadded<AtomicU64>>,
    failed: Vec<CachePadded<AtomicBool>>,
    /// Events sent to each process in this window, and the smallest time
    /// among them (bits).
    sent_to: Vec<AtomicU64>,
    sent_min: AtomicU64,
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
}

/// Runs `model` under `cfg` over `procs`; every process calls it.
pub(crate) fn run<M: Model>(
    model: &M,
    cfg: &RunConfig,
    procs: &Processes,
    progress: Option<ProgressFn<'_>>,
) -> Result<SimReport, PdesError> {
    let start = Instant::now();
    let net: &dyn Net = &*procs.0;
    let size = net.size() as usize;
    let k = cfg.pes / size;
    let first = net.rank() as usize * k;
    let part = Partition::new(model.lp_count(), cfg.pes, cfg.mapping);
    let codec = model
        .codec()
        .expect("validate() refuses models without a codec across processes");
    let sh: Shared<M::Msg> = Shared {
        k,
        first,
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
        sent_min: AtomicU64::new(u64::MAX),
        start: AtomicU64::new(0),
        epoch: AtomicU64::new(0),
        early: Mutex::new(Vec::new()),
        error: FirstError::default(),
        barrier: Barrier::new(k),
    };
    let results: Vec<PeResult<M::State>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..k)
            .map(|i| {
                let (sh, part) = (&sh, &part);
                s.spawn(move || pe_main(model, cfg, i, part, sh, net, codec, progress))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("conservative PE thread panicked"))
            .collect()
    });
    let mut totals = Totals::default();
    let mut lps = Vec::new();
    let mut windows = 0;
    for r in results {
        totals.processed += r.processed;
        totals.committed += r.processed;
        totals.cross += r.cross;
        totals.final_time_bits = totals.final_time_bits.max(r.final_time.to_bits());
        windows = r.windows;
        lps.extend(r.lps);
    }
    let end = End {
        sync: SyncMode::Conservative,
        totals,
        lps,
        error: sh.error.take(),
        rounds: windows,
        start,
    };
    gather_report(model, cfg, net, end)
}

/// A PE's events on their way out: to the other PEs of this process, and
/// in one batch per other process (counted, with the earliest time).
struct Outbox<M> {
    local: Vec<Vec<Event<M>>>,
    remote: Vec<Vec<u8>>,
    counts: Vec<u64>,
    /// The earliest event time (bits) in the remote batches.
    min: u64,
}

impl<M: Copy> Outbox<M> {
    fn new(sh: &Shared<M>) -> Self {
        Outbox {
            local: (0..sh.k).map(|_| Vec::new()).collect(),
            remote: vec![Vec::new(); sh.size],
            counts: vec![0; sh.size],
            min: u64::MAX,
        }
    }

    /// Hands `fresh` to their PEs: PE `me`'s pending set, a local PE's
    /// outbox, or the batch for another process.
    fn route(
        &mut self,
        (sh, part, me): (&Shared<M>, &Partition, usize),
        codec: &dyn MsgCodec<M>,
        fresh: &mut Vec<Event<M>>,
        pending: &mut PendingSet<M>,
    ) {
        for ev in fresh.drain(..) {
            let pe = part.pe_of(ev.dst);
            if pe == me {
                pending.push(ev);
            } else if let Some(local) = pe.checked_sub(sh.first).filter(|&l| l < sh.k) {
                self.local[local].push(ev);
            } else {
                let p = pe / sh.k;
                if self.remote[p].is_empty() {
                    self.remote[p].extend_from_slice(&sh.epoch.load(SeqCst).to_le_bytes());
                }
                encode_wire(&mut self.remote[p], &Wire::Event(ev), codec);
                self.counts[p] += 1;
                self.min = self.min.min(ev.key.time_bits);
            }
        }
    }

    /// Places the local outboxes and sends the remote batches, counting them.
    fn flush(&mut self, sh: &Shared<M>, net: &dyn Net) {
        for (pe, buf) in self.local.iter_mut().enumerate() {
            if !buf.is_empty() {
                sh.inboxes[pe].lock().append(buf);
            }
        }
        for p in 0..sh.size {
            if self.counts[p] > 0 {
                sh.sent_to[p].fetch_add(self.counts[p], SeqCst);
                self.counts[p] = 0;
                net.send(p as u32, std::mem::take(&mut self.remote[p]));
            }
        }
        sh.sent_min.fetch_min(self.min, SeqCst);
        self.min = u64::MAX;
    }
}

/// The leader's part of a window: agree on its start with every process
/// and receive the events sent here in the last window.
fn exchange<M: Copy>(sh: &Shared<M>, net: &dyn Net, codec: &dyn MsgCodec<M>, part: &Partition) {
    let mut min = sh.sent_min.swap(u64::MAX, SeqCst);
    let mut failed = false;
    for i in 0..sh.k {
        min = min.min(sh.mins[i].load(SeqCst));
        failed |= sh.failed[i].load(SeqCst);
    }
    let mut mine = vec![min, failed as u64];
    mine.extend(sh.sent_to.iter().map(|c| c.swap(0, SeqCst)));
    let all = net.all_gather_u64(&mine);
    let rank = sh.first / sh.k;
    let (mut start, mut stop, mut expected) = (u64::MAX, false, 0u64);
    for c in all.chunks_exact(mine.len()) {
        start = start.min(c[0]);
        stop |= c[1] != 0;
        expected += c[2 + rank];
    }
    let epoch = sh.epoch.load(SeqCst);
    let mut early = std::mem::take(&mut *sh.early.lock());
    let mut got = 0u64;
    while got < expected {
        let bytes = match early.iter().position(|b| batch_epoch(b) == epoch) {
            Some(i) => early.swap_remove(i),
            None => match net.recv() {
                Some(b) if batch_epoch(&b) == epoch => b,
                Some(b) => {
                    early.push(b);
                    continue;
                }
                None => {
                    std::hint::spin_loop();
                    continue;
                }
            },
        };
        decode_batch(&bytes[8..], codec, |w| {
            if let Wire::Event(ev) = w {
                let local = part.pe_of(ev.dst) - sh.first;
                sh.inboxes[local].lock().push(ev);
            }
            got += 1;
        })
        .unwrap_or_else(|e| panic!("a batch from another process cannot be read: {e}"));
    }
    *sh.early.lock() = early;
    sh.epoch.store(epoch + 1, SeqCst);
    sh.start.store(if stop { u64::MAX } else { start }, SeqCst);
}

/// The exchange a batch belongs to (its first 8 bytes).
fn batch_epoch(b: &[u8]) -> u64 {
    u64::from_le_bytes(b[..8].try_into().expect("a batch starts with its epoch"))
}

#[allow(clippy::too_many_arguments)]
fn pe_main<M: Model>(
    model: &M,
    cfg: &RunConfig,
    i: usize,
    part: &Partition,
    sh: &Shared<M::Msg>,
    net: &dyn Net,
    codec: &dyn MsgCodec<M::Msg>,
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
        match exec.init(lp, cfg.seed, &mut fresh) {
            Ok(core) => lps.push(core),
            Err(err) => {
                sh.error.offer(Key::new(0.0, lp, 0), err);
                failed = true;
                break;
            }
        }
        out.route((sh, part, me), codec, &mut fresh, &mut pending);
    }
    out.flush(sh, net);
    sh.barrier.wait();

    let (lookahead, end) = (model.lookahead(), cfg.end_time);
    let mut undo = M::Undo::default();
    let (mut processed, mut cross, mut windows) = (0u64, 0u64, 0u64);
    let mut final_time: Time = 0.0;
    loop {
        pending.extend_from(&mut sh.inboxes[i].lock());
        sh.mins[i].store(pending.min_key().time_bits, SeqCst);
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
        out.flush(sh, net);
        windows += 1;
        if i == 0
            && let Some(p) = progress
        {
            p(t);
        }
        // The next loop top drains the inboxes only after every PE flushed.
        sh.barrier.wait();
    }
    PeResult {
        lps: ids.into_iter().zip(lps).collect(),
        processed,
        cross,
        windows,
        final_time,
    }
}

//! The optimistic engine across processes: each process runs its own PEs as
//! threads (the same [`TwPe`] as in one process); events and anti-messages
//! for PEs of other processes leave through a [`Net`], and GVT is a
//! synchronous reduction over the processes, as ROSS computes it. The
//! protocol, the race it prevents and why it cannot deadlock are in
//! `crates/arts-pdes/src/dist/README.md`.
//!
//! Local PE 0 of each process is its *leader*: it receives what arrives from
//! other processes and runs the GVT rounds; the other PEs only execute,
//! send, and hold still while a round runs.

use crate::checkpoint::Snapshot;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::time::Instant;

use crossbeam_utils::CachePadded;
use parking_lot::Mutex;

use crate::config::{RunConfig, SimReport, SyncMode};
use crate::dist::{End, Net, Processes, Totals, decode_batch, encode_wire, gather_report};
use crate::engine::{FirstError, ProgressFn};
use crate::error::PdesError;
use crate::key::Key;
use crate::model::{Model, MsgCodec};
use crate::partition::Partition;

use super::control::{Inbox, Wire};
use super::pe::TwPe;

/// Idle loop turns spent spinning before yielding the core.
const SPINS: u32 = 256;

/// What the threads of one process share.
struct Shared<M> {
    /// PEs of this process and the global index of the first.
    k: usize,
    first: usize,
    size: u32,
    inboxes: Vec<CachePadded<Inbox<M>>>,
    /// Odd while a GVT round runs: every PE holds (executes nothing).
    hold: CachePadded<AtomicU64>,
    /// Non-leader PEs holding in the current round.
    acks: AtomicUsize,
    /// A non-leader PE asks the leader for a round (its interval is up, or
    /// it is idle).
    want: AtomicBool,
    /// Wires placed into this process's inboxes, and wires taken from them
    /// and fully handled (what they caused placed or sent first).
    placed: CachePadded<AtomicU64>,
    done: CachePadded<AtomicU64>,
    /// Wires sent to, and received from, other processes.
    sent: CachePadded<AtomicU64>,
    recvd: AtomicU64,
    /// Per local PE: smallest key it may still execute, and its blocked
    /// (erroneous) event's key, as (time bits, tie) x 2.
    mins: Vec<CachePadded<[AtomicU64; 4]>>,
    gvt: Mutex<Key>,
    rounds: AtomicU64,
    gvt_ns: AtomicU64,
    /// Start-up: local PEs created, and the leader's all-clear.
    ready: AtomicUsize,
    started: AtomicBool,
    /// Every process leaves its loop (decided in a round, so everywhere at once).
    end: AtomicBool,
    /// Something local went wrong (a PE panicked): told to the others at
    /// the next round.
    stop: AtomicBool,
    error: FirstError,
}

impl<M> Shared<M> {
    fn new(k: usize, first: usize, size: u32) -> Self {
        let zero = || CachePadded::new([0u64; 4].map(AtomicU64::new));
        Shared {
            k,
            first,
            size,
            inboxes: (0..k).map(|_| CachePadded::new(Inbox::new())).collect(),
            hold: CachePadded::new(AtomicU64::new(0)),
            acks: AtomicUsize::new(0),
            want: AtomicBool::new(false),
            placed: CachePadded::new(AtomicU64::new(0)),
            done: CachePadded::new(AtomicU64::new(0)),
            sent: CachePadded::new(AtomicU64::new(0)),
            recvd: AtomicU64::new(0),
            mins: (0..k).map(|_| zero()).collect(),
            gvt: Mutex::new(Key::MIN),
            rounds: AtomicU64::new(0),
            gvt_ns: AtomicU64::new(0),
            ready: AtomicUsize::new(0),
            started: AtomicBool::new(false),
            end: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            error: FirstError::default(),
        }
    }
}

/// Sets the local stop flag if the thread holding it unwinds.
struct StopOnPanic<'a, M>(&'a Shared<M>);

impl<M> Drop for StopOnPanic<'_, M> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop.store(true, SeqCst);
        }
    }
}

/// Wires being encoded for one other process.
#[derive(Clone, Default)]
struct Batch {
    bytes: Vec<u8>,
    wires: u64,
}

/// A busy PE sends a batch to another process once it holds this many
/// wires ...
const BATCH_WIRES: u64 = 64;
/// ... or once the PE executed this many events since the batch's first
/// wire (whichever comes first). A batch is one MPI message: sending one
/// per 16 events (as wires go to PEs of the same process) made the messages,
/// not the events, the cost of a run across processes. Idle and holding
/// PEs send at once.
const BATCH_AGE: u32 = 256;

/// The batches a PE is filling, one per process, and the events it
/// executed since the oldest unsent wire.
struct Outbox {
    batches: Vec<Batch>,
    /// Wires encoded and not yet sent, over all batches.
    unsent: u64,
    age: u32,
}

impl Outbox {
    fn new(processes: usize) -> Self {
        Outbox {
            batches: vec![Batch::default(); processes],
            unsent: 0,
            age: 0,
        }
    }
}

/// What every PE thread of the process needs besides its PE.
struct Ctx<'a, M: Model> {
    sh: &'a Shared<M::Msg>,
    net: &'a dyn Net,
    codec: &'a dyn MsgCodec<M::Msg>,
    part: &'a Partition,
    end_time: f64,
    window: f64,
    gvt_interval: u32,
    /// A PE whose log holds more bytes than this is throttled.
    log_budget: usize,
    progress: Option<ProgressFn<'a>>,
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
    let (rank, size) = (net.rank(), net.size());
    let k = cfg.pes / size as usize;
    let first = rank as usize * k;
    let part = Partition::new(model.lp_count(), cfg.pes, cfg.mapping);
    let codec = model
        .codec()
        .expect("validate() refuses models without a codec across processes");
    let sh: Shared<M::Msg> = Shared::new(k, first, size);
    let ctx = Ctx::<M> {
        sh: &sh,
        net,
        codec,
        part: &part,
        end_time: cfg.end_time,
        window: cfg.window,
        gvt_interval: cfg.gvt_interval,
        log_budget: cfg.log_budget,
        progress,
    };
    let kept = parking_lot::Mutex::new(Snapshot::default());
    let results: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..k)
            .map(|i| {
                let (ctx, kept) = (&ctx, &kept);
                s.spawn(move || {
                    let _guard = StopOnPanic(ctx.sh);
                    let pe = match TwPe::new(
                        model,
                        first + i,
                        ctx.part,
                        cfg.seed,
                        cfg.queue,
                        cfg.resume.as_deref(),
                    ) {
                        Ok(pe) => Some(pe),
                        Err((lp, err)) => {
                            ctx.sh.error.offer(Key::new(0.0, lp, 0), err);
                            None
                        }
                    };
                    ctx.sh.ready.fetch_add(1, SeqCst);
                    if i == 0 {
                        start_up(ctx);
                    }
                    while !ctx.sh.started.load(SeqCst) && !ctx.sh.stop.load(SeqCst) {
                        std::thread::yield_now();
                    }
                    let mut pe = pe?;
                    if !ctx.sh.end.load(SeqCst) {
                        run_pe(&mut pe, ctx, i);
                    }
                    if cfg.keep {
                        // The last round left nothing in flight (README).
                        let mut snap = Snapshot::default();
                        pe.snapshot(&mut snap);
                        kept.lock().merge(snap);
                    }
                    Some((pe.stats, pe.into_lps()))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("optimistic PE thread panicked"))
            .collect()
    });
    let mut report = finish(model, cfg, net, &sh, results, start)?;
    if cfg.keep {
        report.end_state = Some(std::sync::Arc::new(kept.into_inner()));
    }
    Ok(report)
}

/// The leader's start-up: waits for the local PEs, then learns whether
/// every process created its LPs (a failed `init` ends the run everywhere).
fn start_up<M: Model>(ctx: &Ctx<'_, M>) {
    let sh = ctx.sh;
    while sh.ready.load(SeqCst) < sh.k {
        std::thread::yield_now();
    }
    let failed = sh.error.is_set() as u64;
    let all = ctx.net.all_gather_u64(&[failed]);
    if all.iter().any(|&f| f != 0) {
        sh.end.store(true, SeqCst);
    }
    sh.started.store(true, SeqCst);
}

/// The loop of local PE `i` (the leader when `i == 0`).
fn run_pe<M: Model>(pe: &mut TwPe<'_, M>, ctx: &Ctx<'_, M>, i: usize) {
    let sh = ctx.sh;
    let leader = i == 0;
    let mut out = Outbox::new(sh.size as usize);
    let mut inbuf: Vec<Wire<M::Msg>> = Vec::new();
    let mut sorted: Vec<Vec<Wire<M::Msg>>> = (0..sh.k).map(|_| Vec::new()).collect();
    let mut gvt = Key::MIN;
    let mut seen_hold = 0u64;
    let (mut since_round, mut since_flush, mut idle) = (0u32, 0u32, 0u32);
    loop {
        // ---- rounds: the leader runs them, the others hold while they run.
        let mut round = false;
        if leader {
            pump(ctx, &mut sorted);
            // An idle leader with other local PEs waits for them to ask
            // (when their interval is up or they are idle too): holding a
            // busy PE at every idle turn of the leader would stall it.
            // A throttled leader needs a round to free its log.
            let asked = sh.want.load(SeqCst) || sh.stop.load(SeqCst);
            let stuck = idle > 0 && (sh.k == 1 || pe.log_bytes() > ctx.log_budget);
            if asked || round_due(pe, ctx, since_round) || stuck {
                leader_round(pe, ctx, &mut out, &mut inbuf, &mut sorted);
                since_round = 0;
                round = true;
            }
        } else {
            let h = sh.hold.load(SeqCst);
            if h != seen_hold {
                if h & 1 == 1 {
                    hold(pe, ctx, i, h, &mut out, &mut inbuf);
                    seen_hold = h + 1;
                } else {
                    seen_hold = h;
                }
                round = true;
            }
            if sh.stop.load(SeqCst) {
                break;
            }
        }
        if round {
            if let Some(g) = after_round(pe, ctx, &mut gvt, leader) {
                gvt = g;
            }
            if sh.end.load(SeqCst) {
                break;
            }
        }

        // ---- receive.
        if sh.inboxes[i].has_items() {
            let n = receive(pe, ctx, i, &mut inbuf);
            flush(pe, ctx, &mut out, false);
            sh.done.fetch_add(n, SeqCst);
            idle = 0;
        }

        // ---- execute up to 16 events inside the window; a PE whose log is
        // over its budget (throttled) only GVT's own event (keys, not times:
        // a burst shares one time), which the PE holding it can always
        // execute (so the run goes on).
        let throttled = pe.log_bytes() > ctx.log_budget;
        let limit = ctx.end_time.min(gvt.time() + ctx.window);
        let mut done = 0u32;
        while done < 16 {
            let next = pe.next_event().filter(|ev| {
                let inside = if throttled {
                    ev.key <= gvt && ev.key.time() < ctx.end_time
                } else {
                    ev.key.time() < limit
                };
                inside && pe.blocked.as_ref().is_none_or(|(k, _)| ev.key < *k)
            });
            let Some(ev) = next else { break };
            pe.process(ev);
            done += 1;
            if pe.out_count >= 64 {
                break;
            }
        }
        if done > 0 {
            idle = 0;
            since_round += done;
            since_flush += done;
            if out.unsent > 0 {
                out.age = out.age.saturating_add(done);
            }
            if pe.out_count >= 64 || (since_flush >= 16 && (pe.out_count > 0 || out.unsent > 0)) {
                flush(pe, ctx, &mut out, false);
                since_flush = 0;
            }
            if !leader && round_due(pe, ctx, since_round) {
                sh.want.store(true, SeqCst);
                since_round = 0;
            }
        } else {
            flush(pe, ctx, &mut out, true);
            if !leader {
                sh.want.store(true, SeqCst);
            }
            idle += 1;
            if idle <= SPINS {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }
    // GVT >= end time (or the run stopped): everything executed is committed.
    pe.fossil_collect(Key::MAX);
}

/// Whether a busy PE that executed `since` events since the last round
/// wants the next one. Rounds across processes are collective and cost
/// more than in one process, so they come by log memory: after
/// `gvt_interval` events only once the log holds a quarter of its budget
/// (what a round would free), and at the latest after 64 intervals.
fn round_due<M: Model>(pe: &TwPe<'_, M>, ctx: &Ctx<'_, M>, since: u32) -> bool {
    since >= ctx.gvt_interval
        && (pe.log_bytes() >= ctx.log_budget / 4 || since / 64 >= ctx.gvt_interval)
}

/// After a round: commit below the new GVT, and record a model error that
/// the round committed. Returns the new GVT if it moved.
fn after_round<M: Model>(
    pe: &mut TwPe<'_, M>,
    ctx: &Ctx<'_, M>,
    gvt: &mut Key,
    leader: bool,
) -> Option<Key> {
    let g = *ctx.sh.gvt.lock();
    if let Some((k, err)) = &pe.blocked
        && g >= *k
    {
        ctx.sh.error.offer(*k, err.clone());
    }
    if g <= *gvt {
        return None;
    }
    pe.fossil_collect(g);
    if leader && let Some(p) = ctx.progress {
        p(g.time().min(ctx.end_time));
    }
    *gvt = g;
    Some(g)
}

/// Moves local PE `i`'s inbox into it; the number of wires handled.
fn receive<M: Model>(
    pe: &mut TwPe<'_, M>,
    ctx: &Ctx<'_, M>,
    i: usize,
    inbuf: &mut Vec<Wire<M::Msg>>,
) -> u64 {
    ctx.sh.inboxes[i].take(inbuf);
    let n = inbuf.len() as u64;
    for w in inbuf.drain(..) {
        pe.receive(w);
    }
    n
}

/// Places the PE's buffered wires: into the inboxes of this process's PEs
/// at once, and into one batch per other process, which goes through the
/// net when `force`d (idle, holding, in a round), when it holds
/// [`BATCH_WIRES`] wires, or after [`BATCH_AGE`] events. Counted before
/// they go (`placed`, `sent`), so a count never trails what it counts; a
/// wire waiting in a batch is in no count and no minimum, so every round
/// forces the batches out before the PE reports.
fn flush<M: Model>(pe: &mut TwPe<'_, M>, ctx: &Ctx<'_, M>, out: &mut Outbox, force: bool) {
    let sh = ctx.sh;
    if pe.out_count > 0 {
        for dst in 0..pe.out.len() {
            let buf = &mut pe.out[dst];
            if buf.is_empty() {
                continue;
            }
            if let Some(local) = dst.checked_sub(sh.first).filter(|&l| l < sh.k) {
                sh.placed.fetch_add(buf.len() as u64, SeqCst);
                sh.inboxes[local].put(buf);
            } else {
                let batch = &mut out.batches[dst / sh.k];
                batch.wires += buf.len() as u64;
                out.unsent += buf.len() as u64;
                for w in buf.drain(..) {
                    encode_wire(&mut batch.bytes, &w, ctx.codec);
                }
            }
        }
        pe.out_count = 0;
    }
    if out.unsent == 0
        || !(force || out.age >= BATCH_AGE || out.batches.iter().any(|b| b.wires >= BATCH_WIRES))
    {
        return;
    }
    sh.sent.fetch_add(out.unsent, SeqCst);
    for (p, batch) in out.batches.iter_mut().enumerate() {
        if batch.wires > 0 {
            batch.wires = 0;
            // The next batch starts at this one's size (no regrowth).
            let next = Vec::with_capacity(batch.bytes.capacity());
            ctx.net
                .send(p as u32, std::mem::replace(&mut batch.bytes, next));
        }
    }
    out.unsent = 0;
    out.age = 0;
}

/// The leader takes what arrived from other processes and places it into
/// its PEs' inboxes. True if anything arrived.
fn pump<M: Model>(ctx: &Ctx<'_, M>, sorted: &mut [Vec<Wire<M::Msg>>]) -> bool {
    let sh = ctx.sh;
    let mut any = false;
    while let Some(bytes) = ctx.net.recv() {
        any = true;
        let mut n = 0u64;
        decode_batch(&bytes, ctx.codec, |w| {
            let local = ctx.part.pe_of(w.dst()) - sh.first;
            sorted[local].push(w);
            n += 1;
        })
        .unwrap_or_else(|e| panic!("a batch from another process cannot be read: {e}"));
        sh.placed.fetch_add(n, SeqCst);
        for (i, v) in sorted.iter_mut().enumerate() {
            if !v.is_empty() {
                sh.inboxes[i].put(v);
            }
        }
        sh.recvd.fetch_add(n, SeqCst);
    }
    any
}

/// Publishes local PE `i`'s smallest key and blocked key for the round.
fn publish<M: Model>(pe: &mut TwPe<'_, M>, sh: &Shared<M::Msg>, i: usize) {
    let m = pe.local_min();
    let b = pe.blocked.as_ref().map_or(Key::MAX, |(k, _)| *k);
    let slot = &sh.mins[i];
    slot[0].store(m.time_bits, SeqCst);
    slot[1].store(m.tie, SeqCst);
    slot[2].store(b.time_bits, SeqCst);
    slot[3].store(b.tie, SeqCst);
}

/// A non-leader PE during round `h`: executes nothing; handles what
/// arrives (rollbacks, anti-messages), publishing its minimum each time
/// before counting the wires done.
fn hold<M: Model>(
    pe: &mut TwPe<'_, M>,
    ctx: &Ctx<'_, M>,
    i: usize,
    h: u64,
    out: &mut Outbox,
    inbuf: &mut Vec<Wire<M::Msg>>,
) {
    let sh = ctx.sh;
    flush(pe, ctx, out, true);
    publish(pe, sh, i);
    sh.acks.fetch_add(1, SeqCst);
    let mut idle = 0u32;
    loop {
        if sh.inboxes[i].has_items() {
            let n = receive(pe, ctx, i, inbuf);
            flush(pe, ctx, out, true);
            publish(pe, sh, i);
            sh.done.fetch_add(n, SeqCst);
            idle = 0;
        }
        if sh.hold.load(SeqCst) != h || sh.stop.load(SeqCst) {
            return;
        }
        idle += 1;
        if idle <= SPINS {
            std::hint::spin_loop();
        } else {
            std::thread::yield_now();
        }
    }
}

/// How a round ended.
enum Outcome {
    Gvt { gvt: Key, blocked: Key },
    Stop,
}

/// One GVT round, run by the leader of every process (collectively).
///
/// Holds the local PEs; then waves: reach local quiescence (every PE
/// holding, every placed wire handled), contribute the counts of wires
/// sent to and received from other processes and the local minima, and
/// gather. Two consecutive waves with equal totals and as many wires
/// received as sent prove that nothing was in flight or unhandled between
/// them; the second wave's minima are then GVT.
fn leader_round<M: Model>(
    pe: &mut TwPe<'_, M>,
    ctx: &Ctx<'_, M>,
    out: &mut Outbox,
    inbuf: &mut Vec<Wire<M::Msg>>,
    sorted: &mut [Vec<Wire<M::Msg>>],
) {
    let sh = ctx.sh;
    let t0 = Instant::now();
    let h = sh.hold.load(SeqCst);
    sh.hold.store(h + 1, SeqCst);
    flush(pe, ctx, out, true);
    let mut prev: Option<(u64, u64)> = None;
    let outcome = loop {
        let mut idle = 0u32;
        loop {
            pump(ctx, sorted);
            if sh.inboxes[0].has_items() {
                let n = receive(pe, ctx, 0, inbuf);
                flush(pe, ctx, out, true);
                sh.done.fetch_add(n, SeqCst);
                idle = 0;
            }
            if sh.stop.load(SeqCst) {
                break;
            }
            let done = sh.done.load(SeqCst);
            let placed = sh.placed.load(SeqCst);
            if sh.acks.load(SeqCst) == sh.k - 1 && done == placed {
                break;
            }
            idle += 1;
            if idle <= SPINS {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        publish(pe, sh, 0);
        let key = |a: &AtomicU64, b: &AtomicU64| Key {
            time_bits: a.load(SeqCst),
            tie: b.load(SeqCst),
        };
        let (mut min, mut blocked) = (Key::MAX, Key::MAX);
        for m in &sh.mins {
            min = min.min(key(&m[0], &m[1]));
            blocked = blocked.min(key(&m[2], &m[3]));
        }
        let mine = [
            sh.sent.load(SeqCst),
            sh.recvd.load(SeqCst),
            min.time_bits,
            min.tie,
            blocked.time_bits,
            blocked.tie,
            sh.stop.load(SeqCst) as u64,
        ];
        let all = ctx.net.all_gather_u64(&mine);
        let (mut s, mut r, mut stop) = (0u64, 0u64, false);
        let (mut gmin, mut gblocked) = (Key::MAX, Key::MAX);
        for c in all.chunks_exact(mine.len()) {
            s += c[0];
            r += c[1];
            gmin = gmin.min(Key {
                time_bits: c[2],
                tie: c[3],
            });
            gblocked = gblocked.min(Key {
                time_bits: c[4],
                tie: c[5],
            });
            stop |= c[6] != 0;
        }
        if stop {
            break Outcome::Stop;
        }
        if s == r && prev == Some((s, r)) {
            break Outcome::Gvt {
                gvt: gmin,
                blocked: gblocked,
            };
        }
        prev = Some((s, r));
    };
    match outcome {
        Outcome::Gvt { gvt, blocked } => {
            let mut g = sh.gvt.lock();
            debug_assert!(gvt >= *g, "GVT went backwards");
            *g = (*g).max(gvt);
            if blocked <= gvt || gvt.time() >= ctx.end_time {
                sh.end.store(true, SeqCst);
            }
        }
        Outcome::Stop => sh.end.store(true, SeqCst),
    }
    sh.rounds.fetch_add(1, SeqCst);
    sh.gvt_ns.fetch_add(t0.elapsed().as_nanos() as u64, SeqCst);
    sh.acks.store(0, SeqCst);
    sh.want.store(false, SeqCst);
    sh.hold.store(h + 2, SeqCst);
}

type PeResult<S> = Option<(
    super::pe::PeStats,
    Vec<(crate::key::LpId, crate::exec::LpCore<S>)>,
)>;

/// Sums this process's PEs and hands the run to the final gather.
fn finish<M: Model>(
    model: &M,
    cfg: &RunConfig,
    net: &dyn Net,
    sh: &Shared<M::Msg>,
    results: Vec<PeResult<M::State>>,
    start: Instant,
) -> Result<SimReport, PdesError> {
    let mut t = Totals::default();
    let mut lps = Vec::new();
    for (st, mine) in results.into_iter().flatten() {
        t.processed += st.processed;
        t.rolled_back += st.rolled_back;
        t.anti_sent += st.anti_sent;
        t.committed += st.committed;
        t.cross += st.cross;
        t.peak_live += st.peak_live;
        t.final_time_bits = t.final_time_bits.max(st.final_time.to_bits());
        lps.extend(mine);
    }
    t.gvt_ns = sh.gvt_ns.load(SeqCst);
    let err = sh.error.get();
    let end = End {
        sync: SyncMode::Optimistic,
        totals: t,
        lps,
        error: err,
        rounds: sh.rounds.load(SeqCst),
        start,
    };
    gather_report(model, cfg, net, end)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering::SeqCst};

    use crate::dist::{Processes, Tap, Tapped, decode_batch, mesh};
    use crate::model::Model;
    use crate::models::phold::{Phold, PholdParams};
    use crate::{RunConfig, SyncMode, run};

    #[test]
    fn busy_pes_send_batches_of_many_wires_not_one_message_per_flush() {
        let params = PholdParams {
            lps: 2048,
            events_per_lp: 1,
            mean_delay: 1.0,
            lookahead: 1.0,
            remote: 0.1,
        };
        let model = Phold::new(params.clone()).unwrap();
        let mut cfg = RunConfig::new(SyncMode::Sequential, 1, 200.0, 3);
        let oracle = run(&model, &cfg, None).unwrap();
        cfg.sync = SyncMode::Optimistic;
        cfg.pes = 2;
        // Messages and wires sent to the other process.
        let (messages, wires) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
        let nets: Vec<Processes> = mesh(2, 0, 1)
            .into_iter()
            .map(|p| {
                let (m, w) = (Arc::clone(&messages), Arc::clone(&wires));
                let codec_of = Phold::new(params.clone()).unwrap();
                Processes(Arc::new(Tap {
                    inner: p.0,
                    seen: Box::new(move |t| {
                        if let Tapped::Sent(bytes) = t {
                            let mut n = 0;
                            decode_batch(bytes, codec_of.codec().unwrap(), |_| n += 1).unwrap();
                            m.fetch_add(1, SeqCst);
                            w.fetch_add(n, SeqCst);
                        }
                    }),
                }))
            })
            .collect();
        let reports: Vec<_> = std::thread::scope(|s| {
            let handles: Vec<_> = nets
                .iter()
                .map(|n| {
                    let mut c = cfg.clone();
                    c.processes = Some(n.clone());
                    let model = &model;
                    s.spawn(move || run(model, &c, None).unwrap())
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for r in &reports {
            assert_eq!(r.committed_events, oracle.committed_events);
            assert_eq!(r.checksum, oracle.checksum);
        }
        let (messages, wires) = (messages.load(SeqCst), wires.load(SeqCst));
        // About 5% of the events cross (remote 0.1, half of it to the other
        // process): one message per 16-event flush carried one or two wires.
        assert!(wires > 5_000, "{wires} wires");
        assert!(
            wires >= 6 * messages,
            "{wires} wires in {messages} messages"
        );
    }
}
